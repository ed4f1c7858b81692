//! Every Bonanza word on screen, in French and English: the wheel's spaces, the phases, the
//! decision buttons, the prompts, the seat notes, and each engine event as a sentence.

use crate::engine::bonanza::poker::Category;
use crate::engine::bonanza::{Action, Call, Event, GameEnd, LeadPassReason, Phase, Space};
use crate::engine::cards::{Card, Rank};
use crate::engine::game::Chips;

use crate::app::i18n::{capitalize, card_definite, card_short, cards_text, chips_text, verb, Lang, Names, Person};

/// Fixed labels of the Bonanza screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum L {
    Title,
    Wheel,
    Widow,
    DeadHand,
    HighBid,
    NoBid,
    Pot,
    ToMatch,
    Raises,
    CapEach,
    ThisDeal,
    Stays,
    Taken,
    Sold,
    Dead,
    KnownDead,
    Decisions,
    Less,
    More,
    Amount,
    ColAnte,
    ColWidow,
    ColSpaces,
    ColBets,
    ColBonanza,
    NextDeal,
    Spaces,
    CardsLeft,
    NobodyShows,
    ShowsAtCall,
    SequenceCards,
    Out,
}

impl L {
    pub fn text(self, lang: Lang) -> &'static str {
        use L::*;
        let (en, fr) = match self {
            Title => ("Bonanza", "Bonanza"),
            Wheel => ("The Bonanza wheel", "La roue du Bonanza"),
            Widow => ("Widow", "Veuve"),
            DeadHand => ("Dead hand", "Main morte"),
            HighBid => ("High bid", "Meilleure offre"),
            NoBid => ("No bid yet", "Aucune offre"),
            Pot => ("Pot", "Pot"),
            ToMatch => ("Bet to match", "Mise à égaler"),
            Raises => ("Raises", "Relances"),
            CapEach => ("At most each", "Plafond par joueur"),
            ThisDeal => ("This deal", "Cette donne"),
            Stays => ("stays", "reste"),
            Taken => ("taken by the dealer", "prise par le donneur"),
            Sold => ("sold", "vendue"),
            Dead => ("dead", "morte"),
            KnownDead => ("Known to be dead", "Cartes mortes connues"),
            Decisions => ("Your choices", "Vos choix"),
            Less => ("One chip less", "Un jeton de moins"),
            More => ("One chip more", "Un jeton de plus"),
            Amount => ("Chips", "Jetons"),
            ColAnte => ("Ante", "Mise"),
            ColWidow => ("Widow", "Veuve"),
            ColSpaces => ("Spaces", "Cases"),
            ColBets => ("Poker bets", "Mises poker"),
            ColBonanza => ("Bonanza", "Bonanza"),
            NextDeal => ("Next deal", "Donne suivante"),
            Spaces => ("The spaces", "Les cases"),
            CardsLeft => ("Cards left in hand", "Cartes restées en main"),
            NobodyShows => ("Nothing shown yet.", "Rien de montré pour l'instant."),
            ShowsAtCall => ("Shown at this call", "Montré à cette annonce"),
            SequenceCards => ("3 in a row, one suit", "3 à la suite, même couleur"),
            Out => ("out of the game", "hors jeu"),
        };
        lang.pick(en, fr)
    }
}

/// The space's name as the wheel prints it.
pub fn space_name(lang: Lang, space: Space) -> &'static str {
    let (en, fr) = match space {
        Space::Joker => ("Joker", "Joker"),
        Space::QueenJack => ("Queen-Jack", "Dame-Valet"),
        Space::Sequence => ("Sequence", "Séquence"),
        Space::TenTwo => ("Ten-Two", "Dix-Deux"),
        Space::Poker => ("Poker", "Poker"),
        Space::AceSpades => ("Ace of Spades", "As de pique"),
        Space::KingHearts => ("King of Hearts", "Roi de cœur"),
        Space::QueenDiamonds => ("Queen of Diamonds", "Dame de carreau"),
        Space::JackClubs => ("Jack of Clubs", "Valet de trèfle"),
        Space::Bonanza => ("Bonanza", "Bonanza"),
    };
    lang.pick(en, fr)
}

pub fn call_name(lang: Lang, call: Call) -> &'static str {
    space_name(lang, call.space())
}

/// What the status bar says the deal is at.
pub fn phase_label(lang: Lang, phase: Phase) -> String {
    match phase {
        Phase::Widow => lang.pick("The widow", "La veuve").into(),
        Phase::Auction => lang.pick("Auction for the widow", "Enchères pour la veuve").into(),
        Phase::Call(call) => match lang {
            Lang::En => format!("{} call", call_name(lang, call)),
            Lang::Fr => format!("Annonce {}", call_name(lang, call)),
        },
        Phase::Poker => lang.pick("Poker call: betting", "Annonce Poker : les mises").into(),
        Phase::Lead | Phase::Follow(_) => lang.pick("The race", "La course").into(),
        Phase::GameOver => lang.pick("Game over", "Partie terminée").into(),
    }
}

/// "Deal 2 of 10".
pub fn deal_title(lang: Lang, deal: u32, deals: u32) -> String {
    match lang {
        Lang::En => format!("Deal {deal} of {deals}"),
        Lang::Fr => format!("Donne {deal} sur {deals}"),
    }
}

fn cards_list(lang: Lang, cards: &[Card]) -> String {
    cards.iter().map(|&c| card_short(lang, c)).collect::<Vec<_>>().join(" ")
}

/// A poker hand's kind, with its article: "a flush" / "une couleur".
pub fn category_name(lang: Lang, category: Category) -> &'static str {
    let (en, fr) = match category {
        Category::HighCard => ("a high card", "une carte haute"),
        Category::Pair => ("one pair", "une paire"),
        Category::TwoPairs => ("two pairs", "deux paires"),
        Category::ThreeOfAKind => ("three of a kind", "un brelan"),
        Category::Straight => ("a straight", "une quinte"),
        Category::Flush => ("a flush", "une couleur"),
        Category::FullHouse => ("a full house", "un full"),
        Category::FourOfAKind => ("four of a kind", "un carré"),
        Category::StraightFlush => ("a straight flush", "une quinte flush"),
        Category::FiveOfAKind => ("five of a kind", "cinq cartes de même valeur"),
    };
    lang.pick(en, fr)
}

/// The words on a decision button. `to_call` is what a call costs the player.
pub fn action_label(lang: Lang, action: &Action, to_call: Chips) -> String {
    match (action, lang) {
        (Action::TakeWidow, _) => lang.pick("Take the widow", "Prendre la veuve").into(),
        (Action::SellWidow, _) => lang.pick("Sell the widow", "Vendre la veuve").into(),
        (Action::Pass, _) => lang.pick("Pass", "Passer").into(),
        (Action::Bid(n), Lang::En) => format!("Bid {n}"),
        (Action::Bid(n), Lang::Fr) => format!("Offrir {n}"),
        (Action::Show(claim), _) => format!("{} {}", lang.pick("Show", "Montrer"), cards_list(lang, claim.cards())),
        (Action::Check, _) => lang.pick("Check", "Parole").into(),
        (Action::Bet(n), Lang::En) => format!("Bet {n}"),
        (Action::Bet(n), Lang::Fr) => format!("Miser {n}"),
        (Action::Call, Lang::En) => format!("Call {to_call}"),
        (Action::Call, Lang::Fr) => format!("Suivre ({to_call})"),
        (Action::Raise(n), Lang::En) => format!("Raise {n}"),
        (Action::Raise(n), Lang::Fr) => format!("Relancer de {n}"),
        (Action::Fold, _) => lang.pick("Fold", "Se coucher").into(),
        (Action::Play(card), Lang::En) => format!("Play {}", card_short(lang, *card)),
        (Action::Play(card), Lang::Fr) => format!("Jouer {}", card_short(lang, *card)),
    }
}

/// The decision button's test id: `action-` and the record string in lower case with dashes
/// (`action-take-widow`, `action-show-qs-jd`, `action-bet-2`).
pub fn action_slug(action: &Action) -> String {
    format!("action-{}", action.to_string().to_lowercase().replace(' ', "-"))
}

/// The prompt on the human's turn. `legal` is what the engine allows; `to_call` the cost of a
/// call; `first_bid` the lowest bid.
pub fn my_turn(lang: Lang, phase: Phase, legal: &[Action], to_call: Chips) -> String {
    let bids = legal.iter().filter_map(|a| if let Action::Bid(n) | Action::Bet(n) | Action::Raise(n) = a { Some(*n) } else { None });
    let (low, high) = bids.fold((Chips::MAX, 0), |(lo, hi), n| (lo.min(n), hi.max(n)));
    let can_raise = high > 0;
    match (phase, lang) {
        (Phase::Widow, Lang::En) => "You deal. Take the widow unseen in exchange for your hand, or keep your hand and sell the widow.".into(),
        (Phase::Widow, Lang::Fr) => "Vous donnez. Échangez votre main contre la veuve sans la voir, ou gardez votre main et vendez la veuve.".into(),
        (Phase::Auction, Lang::En) if can_raise => format!("The widow is for sale: bid {low} or more, or pass (for good)."),
        (Phase::Auction, Lang::Fr) if can_raise => format!("La veuve est à vendre : offrez {low} ou plus, ou passez (pour de bon)."),
        (Phase::Auction, Lang::En) => "You cannot outbid: pass.".into(),
        (Phase::Auction, Lang::Fr) => "Vous ne pouvez pas surenchérir : passez.".into(),
        (Phase::Call(Call::Sequence), Lang::En) => "Sequence: show three cards in a row of one suit, or keep quiet. The best sequence shown takes the space.".into(),
        (Phase::Call(Call::Sequence), Lang::Fr) => "Séquence : montrez trois cartes qui se suivent dans une couleur, ou taisez-vous. La meilleure séquence montrée prend la case.".into(),
        (Phase::Call(call), Lang::En) => format!("{}: show to take the space, or keep quiet.", call_name(lang, call)),
        (Phase::Call(call), Lang::Fr) => format!("{} : montrez pour prendre la case, ou taisez-vous.", call_name(lang, call)),
        (Phase::Poker, Lang::En) if to_call > 0 => format!("Poker: {} to call. Call, raise or fold.", chips_text(lang, to_call)),
        (Phase::Poker, Lang::Fr) if to_call > 0 => format!("Poker : {} pour suivre. Suivez, relancez ou couchez-vous.", chips_text(lang, to_call)),
        (Phase::Poker, Lang::En) if legal.iter().any(|a| matches!(a, Action::Call)) => "Poker: call, raise or fold.".into(),
        (Phase::Poker, Lang::Fr) if legal.iter().any(|a| matches!(a, Action::Call)) => "Poker : suivez, relancez ou couchez-vous.".into(),
        (Phase::Poker, Lang::En) if can_raise => format!("Poker: check, or bet {low} to {high}."),
        (Phase::Poker, Lang::Fr) if can_raise => format!("Poker : parole, ou misez de {low} à {high}."),
        (Phase::Poker, _) => lang.pick("Poker: check.", "Poker : parole.").into(),
        (Phase::Lead, Lang::En) => "Your lead: play the lowest card of a suit you choose.".into(),
        (Phase::Lead, Lang::Fr) => "À vous d'ouvrir : jouez la plus petite carte d'une couleur de votre choix.".into(),
        (Phase::Follow(card), Lang::En) => format!("You hold {}: play it.", card_definite(lang, card)),
        (Phase::Follow(card), Lang::Fr) => format!("Vous avez {} : à vous de le poser.", card_definite(lang, card)),
        (Phase::GameOver, _) => String::new(),
    }
}

/// The prompt while someone else decides. At a call nobody is named: the table does not learn
/// who has something to show.
pub fn waiting(lang: Lang, p: &Person, phase: Phase) -> String {
    let who = p.display(lang);
    match (phase, lang) {
        (Phase::Widow, Lang::En) => format!("{who} {} about the widow…", verb(p, "decide", "decides")),
        (Phase::Widow, Lang::Fr) => format!("{who} {} pour la veuve…", verb(p, "décidez", "décide")),
        (Phase::Auction, Lang::En) => format!("{who} to bid or pass…"),
        (Phase::Auction, Lang::Fr) => format!("{who} {} ou {}…", verb(p, "enchérissez", "enchérit"), verb(p, "passez", "passe")),
        (Phase::Call(call), Lang::En) => format!("{} call: the players may show…", call_name(lang, call)),
        (Phase::Call(call), Lang::Fr) => format!("Annonce {} : chacun peut montrer…", call_name(lang, call)),
        (Phase::Poker, Lang::En) => format!("{who} to bet…"),
        (Phase::Poker, Lang::Fr) => format!("À {} de parler…", p.inner(lang)),
        (Phase::Lead, Lang::En) => format!("{who} {}…", verb(p, "lead", "leads")),
        (Phase::Lead, Lang::Fr) => format!("{who} {}…", verb(p, "ouvrez", "ouvre")),
        (Phase::Follow(card), Lang::En) => format!("{who} must play {}…", card_definite(lang, card)),
        (Phase::Follow(card), Lang::Fr) => format!("{who} {} jouer {}…", verb(p, "devez", "doit"), card_definite(lang, card)),
        (Phase::GameOver, _) => String::new(),
    }
}

/// The deal summary's title: "Deal 2: Ada calls Bonanza!".
pub fn bonanza_title(lang: Lang, deal: u32, p: &Person) -> String {
    match lang {
        Lang::En => format!("Deal {deal}: {} {} Bonanza!", p.display(lang), verb(p, "call", "calls")),
        Lang::Fr => format!("Donne {deal} : {} {} Bonanza !", p.display(lang), verb(p, "criez", "crie")),
    }
}

/// "The 9♥ is dead" / "la D♥ est morte": whether the missing card of a stop was already played.
fn stop_sentence(lang: Lang, card: Card, missing: Option<Card>, played: bool) -> String {
    let queen = |c: Card| c.rank() == Some(Rank::QUEEN);
    match (missing, lang) {
        (None, Lang::En) => format!("Stop: {} ends the suit.", card_definite(lang, card)),
        (None, Lang::Fr) => format!("Arrêt : {} clôt la couleur.", card_definite(lang, card)),
        (Some(m), Lang::En) if played => format!("Stop: {} has been played.", card_definite(lang, m)),
        (Some(m), Lang::Fr) if played => {
            format!("Arrêt : {} est déjà {}.", card_definite(lang, m), if queen(m) { "jouée" } else { "joué" })
        }
        (Some(m), Lang::En) => format!("Stop: {} is dead.", card_definite(lang, m)),
        (Some(m), Lang::Fr) => format!("Arrêt : {} est {}.", card_definite(lang, m), if queen(m) { "morte" } else { "mort" }),
    }
}

/// Why the game ended.
pub fn game_end_sentence(lang: Lang, end: &GameEnd) -> String {
    match (end, lang) {
        (GameEnd::DealsPlayed { deals }, Lang::En) => format!("All {deals} deals have been played."),
        (GameEnd::DealsPlayed { deals }, Lang::Fr) => format!("Les {deals} donnes prévues sont jouées."),
        (GameEnd::TooFewPlayers { .. }, Lang::En) => "Only one player can still ante: the game is over.".into(),
        (GameEnd::TooFewPlayers { .. }, Lang::Fr) => "Un seul joueur peut encore miser : la partie est finie.".into(),
    }
}

/// One event as a sentence. `missing_played`: for a stop, whether the missing card was played
/// earlier in the deal (rather than lying in the dead hand).
pub fn event_sentence(lang: Lang, event: &Event, names: &Names, missing_played: bool) -> String {
    let en = lang == Lang::En;
    let s = match event {
        Event::Out { seat, chips } => {
            let p = names.of(*seat);
            match lang {
                Lang::En => format!("{} cannot ante ({}): out of the game.", p.display(lang), chips_text(lang, *chips)),
                Lang::Fr => format!(
                    "{} ne {} plus miser ({}) : hors jeu.",
                    p.display(lang),
                    verb(&p, "pouvez", "peut"),
                    chips_text(lang, *chips)
                ),
            }
        }
        Event::Anted { deal_number, each, .. } => match lang {
            Lang::En => format!("Deal {deal_number}: everyone puts one chip on each space ({} each).", each),
            Lang::Fr => format!("Donne {deal_number} : chacun met un jeton sur chaque case ({} chacun).", each),
        },
        Event::Dealt { dealer, .. } => {
            let p = names.of(*dealer);
            format!("{} {}.", p.display(lang), if en { verb(&p, "deal", "deals") } else { verb(&p, "donnez", "donne") })
        }
        Event::WidowTaken { dealer } => {
            let p = names.of(*dealer);
            match lang {
                Lang::En => format!("{} {} the widow: the old hand is dead.", p.display(lang), verb(&p, "take", "takes")),
                Lang::Fr => format!("{} {} la veuve : l'ancienne main est morte.", p.display(lang), verb(&p, "prenez", "prend")),
            }
        }
        Event::WidowForSale { dealer } => {
            let p = names.of(*dealer);
            match lang {
                Lang::En => format!("{} {} the hand and {} the widow up for sale.", p.display(lang), verb(&p, "keep", "keeps"), verb(&p, "put", "puts")),
                Lang::Fr => format!("{} {} sa main et {} la veuve en vente.", p.display(lang), verb(&p, "gardez", "garde"), verb(&p, "mettez", "met")),
            }
        }
        Event::Bid { seat, chips } => {
            let p = names.of(*seat);
            match lang {
                Lang::En => format!("{} {} {chips}.", p.display(lang), verb(&p, "bid", "bids")),
                Lang::Fr => format!("{} {} {}.", p.display(lang), verb(&p, "offrez", "offre"), chips_text(lang, *chips)),
            }
        }
        Event::AuctionPass { seat } => {
            let p = names.of(*seat);
            format!("{} {}.", p.display(lang), if en { verb(&p, "pass", "passes") } else { verb(&p, "passez", "passe") })
        }
        Event::WidowSold { seat, price, to } => {
            let p = names.of(*seat);
            let price = chips_text(lang, *price);
            let head = match lang {
                Lang::En => format!("{} {} the widow for {price}", p.display(lang), verb(&p, "buy", "buys")),
                Lang::Fr => format!("{} {} la veuve {price}", p.display(lang), verb(&p, "achetez", "achète")),
            };
            match to.map(|d| names.of(d)) {
                Some(d) if d.you => format!("{head}{}", lang.pick(", paid to you.", ", qui vous reviennent.")),
                Some(d) => format!("{head}{} {}.", lang.pick(", paid to", ", payés à"), d.inner(lang)),
                None => format!("{head}{}", lang.pick(", paid into the Bonanza pot.", ", versés au pot du Bonanza.")),
            }
        }
        Event::WidowUnsold => lang.pick("Nobody bids: the widow is dead.", "Personne n'enchérit : la veuve est morte.").into(),
        Event::CallOpened { call } => match lang {
            Lang::En => format!("The dealer calls {}.", call_name(lang, *call)),
            Lang::Fr => format!("Le donneur annonce {}.", call_name(lang, *call)),
        },
        Event::Shown { seat, cards, .. } => {
            let p = names.of(*seat);
            let cards = cards_list(lang, cards);
            format!("{} {} {cards}.", p.display(lang), if en { verb(&p, "show", "shows") } else { verb(&p, "montrez", "montre") })
        }
        Event::JokerLeaves { seat } => {
            let p = names.of(*seat);
            match (lang, p.you) {
                (Lang::En, true) => "Your joker leaves the game.".into(),
                (Lang::En, false) => format!("{}'s joker leaves the game.", p.name),
                (Lang::Fr, true) => "Votre joker quitte le jeu.".into(),
                (Lang::Fr, false) => format!("Le joker montré par {} quitte le jeu.", p.name),
            }
        }
        Event::SpaceWon { seat, space, chips } => {
            let p = names.of(*seat);
            let name = space_name(lang, *space);
            match (lang, *chips) {
                (Lang::En, 0) => format!("{} {} the {name} space, which is empty.", p.display(lang), verb(&p, "take", "takes")),
                (Lang::En, n) => format!("{} {} the {name} space: {}!", p.display(lang), verb(&p, "take", "takes"), chips_text(lang, n)),
                (Lang::Fr, 0) => format!("{} {} la case {name}, qui est vide.", p.display(lang), verb(&p, "prenez", "prend")),
                (Lang::Fr, n) => format!("{} {} la case {name} : {} !", p.display(lang), verb(&p, "raflez", "rafle"), chips_text(lang, n)),
            }
        }
        Event::SpaceStays { space, chips } => match lang {
            Lang::En => format!("Nobody takes {}: its {} stay.", space_name(lang, *space), chips_text(lang, *chips)),
            Lang::Fr => format!("Personne ne prend la case {} : ses {} restent.", space_name(lang, *space), chips_text(lang, *chips)),
        },
        Event::PokerOpened { participants, cap } => match (lang, participants.len()) {
            (Lang::En, 0) => "The dealer calls Poker: nobody has five cards.".into(),
            (Lang::Fr, 0) => "Le donneur annonce Poker : personne n'a cinq cartes.".into(),
            (Lang::En, 1) => "The dealer calls Poker: one player only has five cards.".into(),
            (Lang::Fr, 1) => "Le donneur annonce Poker : un seul joueur a cinq cartes.".into(),
            (Lang::En, n) => format!("The dealer calls Poker: {n} players, at most {} each.", chips_text(lang, *cap)),
            (Lang::Fr, n) => format!("Le donneur annonce Poker : {n} joueurs, {} au plus chacun.", chips_text(lang, *cap)),
        },
        Event::Checked { seat } => {
            let p = names.of(*seat);
            match lang {
                Lang::En => format!("{} {}.", p.display(lang), verb(&p, "check", "checks")),
                Lang::Fr => format!("{} {} parole.", p.display(lang), verb(&p, "dites", "dit")),
            }
        }
        Event::Bet { seat, chips } => {
            let p = names.of(*seat);
            match lang {
                Lang::En => format!("{} {} {}.", p.display(lang), verb(&p, "bet", "bets"), chips_text(lang, *chips)),
                Lang::Fr => format!("{} {} {}.", p.display(lang), verb(&p, "misez", "mise"), chips_text(lang, *chips)),
            }
        }
        Event::Called { seat, chips } => {
            let p = names.of(*seat);
            match lang {
                Lang::En => format!("{} {} ({}).", p.display(lang), verb(&p, "call", "calls"), chips_text(lang, *chips)),
                Lang::Fr => format!("{} {} ({}).", p.display(lang), verb(&p, "suivez", "suit"), chips_text(lang, *chips)),
            }
        }
        Event::Raised { seat, by, total } => {
            let p = names.of(*seat);
            match lang {
                Lang::En => format!("{} {} by {by}, to {total}.", p.display(lang), verb(&p, "raise", "raises")),
                Lang::Fr => format!("{} {} de {by}, à {total}.", p.display(lang), verb(&p, "relancez", "relance")),
            }
        }
        Event::Folded { seat } => {
            let p = names.of(*seat);
            match lang {
                Lang::En => format!("{} {}.", p.display(lang), verb(&p, "fold", "folds")),
                Lang::Fr => format!("{} {}.", p.display(lang), verb(&p, "vous couchez", "se couche")),
            }
        }
        Event::Showdown { seat, cards, hand } => {
            let p = names.of(*seat);
            let what = category_name(lang, *hand);
            match lang {
                Lang::En => format!("{} {} {what}: {}.", p.display(lang), verb(&p, "show", "shows"), cards_list(lang, cards)),
                Lang::Fr => format!("{} {} {what} : {}.", p.display(lang), verb(&p, "montrez", "montre"), cards_list(lang, cards)),
            }
        }
        Event::JokerSetAside { seat } => {
            let p = names.of(*seat);
            match lang {
                Lang::En => format!("{} {} the unused joker aside.", p.display(lang), verb(&p, "set", "sets")),
                Lang::Fr => format!("{} {} de côté le joker inutilisé.", p.display(lang), verb(&p, "mettez", "met")),
            }
        }
        Event::Played { seat, card } => {
            let p = names.of(*seat);
            let c = card_short(lang, *card);
            format!("{} {} {c}.", p.display(lang), if en { verb(&p, "play", "plays") } else { verb(&p, "jouez", "joue") })
        }
        Event::Stop { card, missing, .. } => stop_sentence(lang, *card, *missing, missing_played),
        Event::LeadPassed { from, to, reason } => {
            let (f, t) = (names.of(*from), names.of(*to));
            let leads = if en { verb(&t, "lead", "leads") } else { verb(&t, "ouvrez", "ouvre") };
            match (reason, lang) {
                (LeadPassReason::NoCardOfOtherColour, Lang::En) => format!(
                    "{} {} no card of the other colour: {} {leads}.",
                    f.display(lang),
                    verb(&f, "have", "has"),
                    t.inner(lang)
                ),
                (LeadPassReason::NoCardOfOtherColour, Lang::Fr) => format!(
                    "{} {} aucune carte de l'autre couleur : {} {leads}.",
                    f.display(lang),
                    verb(&f, "n'avez", "n'a"),
                    t.inner(lang)
                ),
                (LeadPassReason::OnlyDeadJoker, Lang::En) => {
                    format!("{} only {} the dead joker: {} {leads}.", f.display(lang), verb(&f, "hold", "holds"), t.inner(lang))
                }
                (LeadPassReason::OnlyDeadJoker, Lang::Fr) => format!(
                    "{} n'{} plus que le joker mort : {} {leads}.",
                    f.display(lang),
                    verb(&f, "avez", "a"),
                    t.inner(lang)
                ),
            }
        }
        Event::Bonanza { seat, chips } => {
            let p = names.of(*seat);
            match lang {
                Lang::En => format!(
                    "Bonanza! {} {} the last card and {} the pot: {}.",
                    p.display(lang),
                    verb(&p, "play", "plays"),
                    verb(&p, "take", "takes"),
                    chips_text(lang, *chips)
                ),
                Lang::Fr => format!(
                    "Bonanza ! {} {} sa dernière carte et {} le pot : {}.",
                    p.display(lang),
                    verb(&p, "posez", "pose"),
                    verb(&p, "raflez", "rafle"),
                    chips_text(lang, *chips)
                ),
            }
        }
        Event::Paid { from, to, chips, owed } => {
            let (f, t) = (names.of(*from), names.of(*to));
            let left = cards_text(lang, *owed as usize);
            let mut s = match lang {
                Lang::En => format!(
                    "{} {} {} {} for {left} left in hand",
                    f.display(lang),
                    verb(&f, "pay", "pays"),
                    t.inner(lang),
                    chips_text(lang, *chips)
                ),
                Lang::Fr if t.you => format!("{} vous paie {} pour {left} en main", f.display(lang), chips_text(lang, *chips)),
                Lang::Fr => format!(
                    "{} {} {} à {} pour {left} en main",
                    f.display(lang),
                    verb(&f, "payez", "paie"),
                    chips_text(lang, *chips),
                    t.inner(lang)
                ),
            };
            if chips < owed {
                s.push_str(&match lang {
                    Lang::En => format!(" ({owed} owed, all that was left)"),
                    Lang::Fr => format!(" ({owed} dus, tout ce qui restait)"),
                });
            }
            s.push('.');
            s
        }
        Event::Leftovers { seat, chips } => {
            let p = names.of(*seat);
            match lang {
                Lang::En => format!("{} {} {} left on the wheel.", p.display(lang), verb(&p, "get", "gets"), chips_text(lang, *chips)),
                Lang::Fr => format!(
                    "{} {} {} restés sur la roue.",
                    p.display(lang),
                    verb(&p, "recevez", "reçoit"),
                    chips_text(lang, *chips)
                ),
            }
        }
        Event::GameOver { end, winner, chips } => {
            let mut s = game_end_sentence(lang, end);
            s.push(' ');
            match winner {
                Some(w) => {
                    let p = names.of(*w);
                    let n = chips_text(lang, chips.get(*w).copied().unwrap_or(0));
                    s.push_str(&match lang {
                        Lang::En => format!("{} {} with {n}.", p.display(lang), verb(&p, "win", "wins")),
                        Lang::Fr => format!("{} {} avec {n}.", p.display(lang), verb(&p, "gagnez", "gagne")),
                    });
                }
                None => s.push_str(lang.pick("A tie for the most chips!", "Égalité en tête !")),
            }
            s
        }
    };
    capitalize(s)
}

/// The event's type, for styling and tests (`data-event`).
pub fn event_kind(event: &Event) -> &'static str {
    match event {
        Event::Out { .. } => "out",
        Event::Anted { .. } => "anted",
        Event::Dealt { .. } => "dealt",
        Event::WidowTaken { .. } => "widow_taken",
        Event::WidowForSale { .. } => "widow_for_sale",
        Event::Bid { .. } => "bid",
        Event::AuctionPass { .. } => "auction_pass",
        Event::WidowSold { .. } => "widow_sold",
        Event::WidowUnsold => "widow_unsold",
        Event::CallOpened { .. } => "call_opened",
        Event::Shown { .. } => "shown",
        Event::JokerLeaves { .. } => "joker_leaves",
        Event::SpaceWon { .. } => "space_won",
        Event::SpaceStays { .. } => "space_stays",
        Event::PokerOpened { .. } => "poker_opened",
        Event::Checked { .. } => "checked",
        Event::Bet { .. } => "bet",
        Event::Called { .. } => "called",
        Event::Raised { .. } => "raised",
        Event::Folded { .. } => "folded",
        Event::Showdown { .. } => "showdown",
        Event::JokerSetAside { .. } => "joker_set_aside",
        Event::Played { .. } => "played",
        Event::Stop { .. } => "stop",
        Event::LeadPassed { .. } => "lead_passed",
        Event::Bonanza { .. } => "bonanza",
        Event::Paid { .. } => "paid",
        Event::Leftovers { .. } => "leftovers",
        Event::GameOver { .. } => "game_over",
    }
}

/// The log's emphasis for an event.
pub fn log_class(event: &Event) -> &'static str {
    match event {
        Event::Anted { .. } => "log-item log-round",
        Event::Bonanza { .. } | Event::GameOver { .. } | Event::Out { .. } => "log-item log-highlight",
        Event::CallOpened { .. } | Event::PokerOpened { .. } | Event::Stop { .. } | Event::LeadPassed { .. } => "log-item log-call",
        Event::SpaceWon { .. } | Event::Leftovers { .. } => "log-item log-box",
        Event::Paid { .. } | Event::WidowSold { .. } => "log-item log-pay",
        _ => "log-item",
    }
}

/// Whether an event is announced to the table (shown large and read aloud), not a mere move.
pub fn is_announcement(event: &Event) -> bool {
    !matches!(
        event,
        Event::Anted { .. }
            | Event::Dealt { .. }
            | Event::Bid { .. }
            | Event::AuctionPass { .. }
            | Event::Checked { .. }
            | Event::Bet { .. }
            | Event::Called { .. }
            | Event::Raised { .. }
            | Event::Folded { .. }
            | Event::Played { .. }
            | Event::Paid { .. }
            | Event::Leftovers { .. }
    )
}
