//! Every Bonanza word on screen, in French and English: the wheel's spaces, the phases, the
//! decision buttons, the prompts, the seat notes, and each engine event as a sentence.

use crate::ai::bonanza_bot::Hint;
use crate::engine::bonanza::poker::Category;
use crate::engine::bonanza::{Action, Call, Event, GameEnd, LeadPassReason, Phase, Refusal, Space};
use crate::engine::cards::{Card, Rank};
use crate::engine::game::Chips;
use crate::model::bonanza::Note;

use crate::app::services::i18n::{
    capitalize, card_definite, card_short, cards_text, chips_agreeing, chips_owed, chips_text, is_feminine, Lang, Names, Person,
};

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
    Dead,
    KnownDead,
    Decisions,
    Amount,
    ColAnte,
    ColWidow,
    ColSpaces,
    ColBets,
    ColBonanza,
    NextDeal,
    Spaces,
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
            Dead => ("dead", "morte"),
            KnownDead => ("Known to be dead", "Cartes mortes connues"),
            Decisions => ("Your choices", "Vos choix"),
            Amount => ("Chips", "Jetons"),
            ColAnte => ("Ante", "Mise"),
            ColWidow => ("Widow", "Veuve"),
            ColSpaces => ("Spaces", "Cases"),
            ColBets => ("Poker bets", "Mises poker"),
            ColBonanza => ("Bonanza", "Bonanza"),
            NextDeal => ("Next deal", "Donne suivante"),
            Spaces => ("The spaces", "Les cases"),
            NobodyShows => ("Nothing shown yet.", "Rien de montré pour l'instant."),
            ShowsAtCall => ("Shown at this call", "Montré à cette annonce"),
            SequenceCards => ("3 in a row, one suit", "3 à la suite, même couleur"),
            Out => ("out of the game", "hors jeu"),
        };
        lang.pick(en, fr)
    }
}

/// A reactive label: follows the language (one closure type for every label).
pub fn lt(label: L) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
    let lang = crate::app::services::i18n::use_lang();
    move || label.text(leptos::prelude::Get::get(&lang))
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
        Phase::Poker => lang.pick("Poker call: betting", "Annonce Poker : les mises").into(),
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

/// Fills a sentence template: `{0}` … `{9}` take the arguments in turn, `[a|b]` reads `a` when
/// the subject is the player at the screen ("you") and `b` otherwise. One small function instead
/// of a formatting call per sentence and language.
pub fn fill(template: &str, you: bool, args: &[String]) -> String {
    let mut out = String::with_capacity(template.len() + 24);
    let mut rest = template;
    while let Some(i) = rest.find(['{', '[']) {
        out.push_str(&rest[..i]);
        let close = if rest.as_bytes()[i] == b'{' { '}' } else { ']' };
        let Some(j) = rest[i..].find(close).map(|j| i + j) else { break };
        let inner = &rest[i + 1..j];
        if close == '}' {
            let k = inner.bytes().next().map_or(0, |d| d.wrapping_sub(b'0') as usize);
            out.push_str(args.get(k).map_or("", String::as_str));
        } else {
            let (mine, other) = inner.split_once('|').unwrap_or((inner, ""));
            out.push_str(&fill(if you { mine } else { other }, you, args));
        }
        rest = &rest[j + 1..];
    }
    out.push_str(rest);
    out
}

/// A sentence about `p` (its `{0}`), with more arguments from `{1}` on.
fn about(lang: Lang, (en, fr): (&'static str, &'static str), p: &Person, more: &[String]) -> String {
    let mut args = Vec::with_capacity(more.len() + 1);
    args.push(p.display(lang));
    args.extend_from_slice(more);
    fill(lang.pick(en, fr), p.you, &args)
}

fn amounts(legal: &[Action]) -> (Chips, Chips) {
    legal.iter().fold((Chips::MAX, 0), |(lo, hi), a| match a {
        Action::Bid(n) | Action::Bet(n) | Action::Raise(n) => (lo.min(*n), hi.max(*n)),
        _ => (lo, hi),
    })
}

/// The prompt on the human's turn: `legal` is what the engine allows, `to_call` what a call
/// costs, `pot` the chips on the Poker space (said at the poker: on a phone the poker's box may be
/// out of sight while the player bets).
pub fn my_turn(lang: Lang, phase: Phase, legal: &[Action], to_call: Chips, pot: Chips) -> String {
    let (low, high) = amounts(legal);
    let facing = legal.contains(&Action::Call);
    let (en, fr) = match phase {
        Phase::Widow => (
            "You deal. Take the widow unseen in exchange for your hand, or keep your hand and sell the widow.",
            "Vous donnez. Échangez votre main contre la veuve sans la voir, ou gardez votre main et vendez la veuve.",
        ),
        Phase::Auction if high > 0 => (
            "The widow is for sale: bid {0} or more, or pass (for good).",
            "La veuve est à vendre : offrez {0} ou plus, ou passez (pour de bon).",
        ),
        Phase::Auction => ("You cannot outbid: pass.", "Vous ne pouvez pas surenchérir : passez."),
        Phase::Call(Call::Sequence) => (
            "Sequence: show three cards in a row of one suit, or keep quiet. The best sequence shown takes the space.",
            "Séquence : montrez trois cartes consécutives d'une même couleur, ou taisez-vous. La meilleure séquence montrée prend la case.",
        ),
        Phase::Call(_) => ("{2}: show to take the space, or keep quiet.", "{2} : montrez pour prendre la case, ou taisez-vous."),
        Phase::Poker if facing => (
            "Poker, {6} in the pot: {3} to call. Call, raise or fold.",
            "Poker, {6} au pot : {3} pour suivre. Suivez, relancez ou couchez-vous.",
        ),
        Phase::Poker if high > 0 => {
            ("Poker, {6} in the pot: check, or bet {0} to {1}.", "Poker, {6} au pot : parole, ou misez de {0} à {1}.")
        }
        Phase::Poker => ("Poker, {6} in the pot: check.", "Poker, {6} au pot : parole."),
        Phase::Lead => (
            "Your lead: play the lowest card of a suit you choose.",
            "À vous d'ouvrir : jouez la plus petite carte d'une couleur de votre choix.",
        ),
        Phase::Follow(_) => ("You hold {4}: play it.", "Vous avez {4} : à vous de {5} poser."),
        Phase::GameOver => ("", ""),
    };
    let call = match phase {
        Phase::Call(c) => call_name(lang, c).to_string(),
        _ => String::new(),
    };
    let (card, it) = match phase {
        // "la D♥ … la poser", "le 9♥ … le poser", "l'A♥ … le poser".
        Phase::Follow(c) => (card_definite(lang, c), if is_feminine(c) { "la" } else { "le" }),
        _ => (String::new(), ""),
    };
    let args = [low.to_string(), high.to_string(), call, chips_text(lang, to_call), card, it.into(), chips_text(lang, pot)];
    fill(lang.pick(en, fr), true, &args)
}

/// Why the engine refuses a card of the hand in the race, on the player's turn, in words (none for
/// a refusal the hand never meets).
pub fn refusal_words(lang: Lang, refusal: &Refusal) -> Option<String> {
    let (en, fr, card) = match *refusal {
        Refusal::MustFollow { wanted, .. } => {
            ("You hold {0}, the next card: play it.", "Vous avez {0}, la carte suivante\u{a0}: jouez-{1}.", wanted)
        }
        Refusal::ChangeColour { red: true, .. } => {
            return Some(
                lang.pick(
                    "After a stop the lead changes colour: lead a black card.",
                    "Après un arrêt, on ouvre dans l'autre teinte\u{a0}: jouez une carte noire.",
                )
                .into(),
            )
        }
        Refusal::ChangeColour { red: false, .. } => {
            return Some(
                lang.pick(
                    "After a stop the lead changes colour: lead a red card.",
                    "Après un arrêt, on ouvre dans l'autre teinte\u{a0}: jouez une carte rouge.",
                )
                .into(),
            )
        }
        Refusal::LowestLead { lowest, .. } => {
            ("A lead is the lowest card of its suit: here {0}.", "On ouvre avec la plus petite carte de sa couleur\u{a0}: ici {0}.", lowest)
        }
        Refusal::DeadJoker => {
            return Some(
                lang.pick(
                    "The joker is dead in the race: it can never be played.",
                    "Le joker est mort pendant la course\u{a0}: il ne se joue jamais.",
                )
                .into(),
            )
        }
        _ => return None,
    };
    Some(fill(lang.pick(en, fr), false, &[card_definite(lang, card), if is_feminine(card) { "la" } else { "le" }.into()]))
}

/// The prompt while someone else decides. At a call nobody is named: the table does not learn
/// who has something to show.
pub fn waiting(lang: Lang, p: &Person, phase: Phase) -> String {
    let words = match phase {
        Phase::Widow => ("{0} [decide|decides] about the widow…", "{0} [décidez|décide] pour la veuve…"),
        Phase::Auction => ("{0} to bid or pass…", "{0} [enchérissez|enchérit] ou [passez|passe]…"),
        Phase::Call(_) => ("{1} call: the players may show…", "Annonce {1} : chacun peut montrer…"),
        Phase::Poker => ("{0} to bet…", "À {0} de parler…"),
        Phase::Lead => ("{0} [lead|leads]…", "{0} [ouvrez|ouvre]…"),
        Phase::Follow(_) => ("{0} must play {1}…", "{0} [devez|doit] jouer {1}…"),
        Phase::GameOver => ("", ""),
    };
    let more = match phase {
        Phase::Call(c) => call_name(lang, c).to_string(),
        Phase::Follow(c) => card_definite(lang, c),
        _ => String::new(),
    };
    let mut s = about(lang, words, p, &[more]);
    // "À Vous de parler" reads "À vous".
    if p.you && lang == Lang::Fr {
        s = s.replace("À Vous", "À vous");
    }
    s
}

/// A seat plate's line: its notes (the model's), in words.
pub fn note_words(lang: Lang, notes: &[Note]) -> Option<String> {
    let word = |note: &Note| match *note {
        Note::Out => L::Out.text(lang).into(),
        Note::Passed => lang.pick("passed", "a passé").into(),
        Note::Offers(n) => format!("{} {n}", lang.pick("offers", "offre")),
        Note::NoPoker => lang.pick("no poker", "hors poker").into(),
        Note::Folded => lang.pick("folded", "couché").into(),
        Note::InFor(n) => format!("{} {n}", lang.pick("in for", "mise")),
        Note::HasWidow => lang.pick("has the widow", "a la veuve").into(),
    };
    (!notes.is_empty()).then(|| notes.iter().map(word).collect::<Vec<String>>().join(" · "))
}

/// The deal summary's title: "Deal 2: Ada calls Bonanza!".
pub fn bonanza_title(lang: Lang, deal: u32, p: &Person) -> String {
    about(lang, ("Deal {1}: {0} [call|calls] Bonanza!", "Donne {1} : {0} [criez|crie] Bonanza !"), p, &[deal.to_string()])
}

/// Why the game ended.
pub fn game_end_sentence(lang: Lang, end: &GameEnd) -> String {
    match end {
        GameEnd::DealsPlayed { deals: 1 } => {
            lang.pick("The only deal is played: the game is over.", "L'unique donne est jouée : la partie est finie.").into()
        }
        GameEnd::DealsPlayed { deals } => {
            fill(lang.pick("{0} deals played: the game is over.", "{0} donnes jouées : la partie est finie."), false, &[deals.to_string()])
        }
        GameEnd::TooFewPlayers { .. } => {
            lang.pick("Only one player can still ante: the game is over.", "Un seul joueur peut encore miser : la partie est finie.").into()
        }
    }
}

/// What a sentence says: its subject (`{0}`), its words in English and French, the other arguments.
type Said = (Person, (&'static str, &'static str), Vec<String>);

/// One event as a sentence, its words found by the event's family (each family's function
/// answers for its own events). `missing_played`: for a stop, whether the missing card was played
/// earlier in the deal (rather than lying in the dead hand).
pub fn event_sentence(lang: Lang, event: &Event, names: &Names, missing_played: bool) -> String {
    let said = match event {
        Event::Out { .. }
        | Event::Anted { .. }
        | Event::Dealt { .. }
        | Event::WidowTaken { .. }
        | Event::WidowForSale { .. }
        | Event::Bid { .. }
        | Event::AuctionPass { .. }
        | Event::WidowSold { .. }
        | Event::WidowUnsold => deal_said(lang, event, names),
        Event::CallOpened { .. } | Event::Shown { .. } | Event::JokerLeaves { .. } | Event::SpaceWon { .. } | Event::SpaceStays { .. } => {
            call_said(lang, event, names)
        }
        Event::PokerOpened { .. }
        | Event::Checked { .. }
        | Event::Bet { .. }
        | Event::Called { .. }
        | Event::Raised { .. }
        | Event::Folded { .. }
        | Event::Showdown { .. }
        | Event::JokerSetAside { .. } => poker_said(lang, event, names),
        Event::Played { .. } | Event::Stop { .. } | Event::LeadPassed { .. } | Event::Bonanza { .. } => {
            race_said(lang, event, names, missing_played)
        }
        Event::Paid { .. } | Event::Leftovers { .. } | Event::GameOver { .. } => end_said(lang, event, names),
    };
    let Some((p, words, more)) = said else { return String::new() };
    capitalize(about(lang, words, &p, &more))
}

/// The deal's start and the widow: the ante, the deal, the widow taken or sold, the auction.
fn deal_said(lang: Lang, event: &Event, names: &Names) -> Option<Said> {
    let chips = |n: Chips| chips_text(lang, n);
    let person = |s| names.of(s);
    let nobody = Person::named("");
    Some(match event {
        Event::Out { seat, chips: c } => (
            person(*seat),
            ("{0} cannot ante ({1}): out of the game.", "{0} ne [pouvez|peut] plus miser ({1}) : hors jeu."),
            vec![chips(*c)],
        ),
        Event::Anted { deal_number, each, .. } => (
            nobody,
            ("Deal {1}: everyone puts one chip on each space ({2} each).", "Donne {1} : chacun met un jeton sur chaque case ({2} chacun)."),
            vec![deal_number.to_string(), each.to_string()],
        ),
        Event::Dealt { dealer, .. } => (person(*dealer), ("{0} [deal|deals].", "{0} [donnez|donne]."), vec![]),
        Event::WidowTaken { dealer } => (
            person(*dealer),
            ("{0} [take|takes] the widow: the old hand is dead.", "{0} [prenez|prend] la veuve : l'ancienne main est morte."),
            vec![],
        ),
        Event::WidowForSale { dealer } => (
            person(*dealer),
            (
                "{0} [keep|keeps] the hand and [put|puts] the widow up for sale.",
                "{0} [gardez votre|garde sa] main et [mettez|met] la veuve en vente.",
            ),
            vec![],
        ),
        Event::Bid { seat, chips: c } => {
            (person(*seat), ("{0} [bid|bids] {1}.", "{0} [offrez|offre] {2}."), vec![c.to_string(), chips(*c)])
        }
        Event::AuctionPass { seat } => (person(*seat), ("{0} [pass|passes].", "{0} [passez|passe]."), vec![]),
        Event::WidowSold { seat, price, to } => {
            let d = to.map(|d| names.of(d));
            let one = *price <= 1;
            let words = match &d {
                Some(d) if d.you && one => {
                    ("{0} [buy|buys] the widow for {1}, paid to you.", "{0} [achetez|achète] la veuve {1}, qui vous revient.")
                }
                Some(d) if d.you => {
                    ("{0} [buy|buys] the widow for {1}, paid to you.", "{0} [achetez|achète] la veuve {1}, qui vous reviennent.")
                }
                Some(_) if one => ("{0} [buy|buys] the widow for {1}, paid to {2}.", "{0} [achetez|achète] la veuve {1}, payé à {2}."),
                Some(_) => ("{0} [buy|buys] the widow for {1}, paid to {2}.", "{0} [achetez|achète] la veuve {1}, payés à {2}."),
                None if one => (
                    "{0} [buy|buys] the widow for {1}, paid into the Bonanza pot.",
                    "{0} [achetez|achète] la veuve {1}, versé au pot du Bonanza.",
                ),
                None => (
                    "{0} [buy|buys] the widow for {1}, paid into the Bonanza pot.",
                    "{0} [achetez|achète] la veuve {1}, versés au pot du Bonanza.",
                ),
            };
            (person(*seat), words, vec![chips(*price), d.map(|d| d.inner(lang)).unwrap_or_default()])
        }
        Event::WidowUnsold => (
            nobody,
            ("No bids: the widow stays face down as the dead hand.", "Aucune offre : la veuve reste face cachée, c'est la main morte."),
            vec![],
        ),
        _ => return None,
    })
}

/// The calls of the upper half: a call, what is shown at it, a space taken or left.
fn call_said(lang: Lang, event: &Event, names: &Names) -> Option<Said> {
    let chips = |n: Chips| chips_text(lang, n);
    let person = |s| names.of(s);
    let nobody = Person::named("");
    Some(match event {
        Event::CallOpened { call } => (nobody, ("The dealer calls {1}.", "Le donneur annonce {1}."), vec![call_name(lang, *call).into()]),
        Event::Shown { seat, cards, .. } => {
            (person(*seat), ("{0} [show|shows] {1}.", "{0} [montrez|montre] {1}."), vec![cards_list(lang, cards)])
        }
        Event::JokerLeaves { seat } => (
            person(*seat),
            ("[Your|{1}'s] joker leaves the game.", "[Votre joker|Le joker montré par {1}] quitte le jeu."),
            vec![names.of(*seat).name],
        ),
        Event::SpaceWon { seat, space, chips: 0 } => (
            person(*seat),
            ("{0} [take|takes] the {1} space, which is empty.", "{0} [prenez|prend] la case {1}, qui est vide."),
            vec![space_name(lang, *space).into()],
        ),
        Event::SpaceWon { seat, space, chips: c } => (
            person(*seat),
            ("{0} [take|takes] the {1} space: {2}!", "{0} [raflez|rafle] la case {1} : {2} !"),
            vec![space_name(lang, *space).into(), chips(*c)],
        ),
        Event::SpaceStays { space, chips: 1 } => (
            nobody,
            ("Nobody takes {1}: its one chip stays.", "Personne ne prend la case {1} : son jeton reste."),
            vec![space_name(lang, *space).into()],
        ),
        Event::SpaceStays { space, chips: c } => (
            nobody,
            ("Nobody takes {1}: its {2} stay.", "Personne ne prend la case {1} : ses {2} restent."),
            vec![space_name(lang, *space).into(), chips(*c)],
        ),
        _ => return None,
    })
}

/// The Poker call: its betting and its showdown.
fn poker_said(lang: Lang, event: &Event, names: &Names) -> Option<Said> {
    let chips = |n: Chips| chips_text(lang, n);
    let person = |s| names.of(s);
    let nobody = Person::named("");
    Some(match event {
        Event::PokerOpened { participants, cap } => {
            let words = match participants.len() {
                0 => (
                    "The dealer calls Poker: nobody has five cards or more.",
                    "Le donneur annonce Poker : personne n'a cinq cartes ou plus.",
                ),
                1 => (
                    "The dealer calls Poker: only one player has five cards or more.",
                    "Le donneur annonce Poker : un seul joueur a au moins cinq cartes.",
                ),
                _ => (
                    "The dealer calls Poker: {1} players, at most {2} each.",
                    "Le donneur annonce Poker : {1} joueurs, {2} au plus chacun.",
                ),
            };
            (nobody, words, vec![participants.len().to_string(), chips(*cap)])
        }
        Event::Checked { seat } => (person(*seat), ("{0} [check|checks].", "{0} [dites|dit] parole."), vec![]),
        Event::Bet { seat, chips: c } => (person(*seat), ("{0} [bet|bets] {1}.", "{0} [misez|mise] {1}."), vec![chips(*c)]),
        Event::Called { seat, chips: c } => (person(*seat), ("{0} [call|calls] ({1}).", "{0} [suivez|suit] ({1})."), vec![chips(*c)]),
        Event::Raised { seat, by, total } => (
            person(*seat),
            ("{0} [raise|raises] by {1}, to {2}.", "{0} [relancez|relance] de {1}, à {2}."),
            vec![by.to_string(), total.to_string()],
        ),
        Event::Folded { seat } => (person(*seat), ("{0} [fold|folds].", "{0} [vous couchez|se couche]."), vec![]),
        Event::Showdown { seat, cards, hand } => (
            person(*seat),
            ("{0} [show|shows] {1}: {2}.", "{0} [montrez|montre] {1} : {2}."),
            vec![category_name(lang, *hand).into(), cards_list(lang, cards)],
        ),
        Event::JokerSetAside { seat } => {
            (person(*seat), ("{0} [set|sets] the unused joker aside.", "{0} [mettez|met] de côté le joker inutilisé."), vec![])
        }
        _ => return None,
    })
}

/// The race: the plays, the stops, the lead passed on, the Bonanza. `missing_played`: for a stop,
/// whether the missing card was played earlier in the deal.
fn race_said(lang: Lang, event: &Event, names: &Names, missing_played: bool) -> Option<Said> {
    let chips = |n: Chips| chips_text(lang, n);
    let person = |s| names.of(s);
    let nobody = Person::named("");
    Some(match event {
        Event::Played { seat, card } => (person(*seat), ("{0} [play|plays] {1}.", "{0} [jouez|joue] {1}."), vec![card_short(lang, *card)]),
        Event::Stop { card, missing, .. } => {
            let queen = missing.is_some_and(|m| m.rank() == Some(Rank::QUEEN));
            let words = match missing {
                None => ("Stop: {1} ends the suit.", "Arrêt : {1} clôt la couleur."),
                Some(_) if missing_played && queen => ("Stop: {2} has been played.", "Arrêt : {2} est déjà jouée."),
                Some(_) if missing_played => ("Stop: {2} has been played.", "Arrêt : {2} est déjà joué."),
                Some(_) if queen => ("Stop: {2} is dead.", "Arrêt : {2} est morte."),
                Some(_) => ("Stop: {2} is dead.", "Arrêt : {2} est mort."),
            };
            (nobody, words, vec![card_definite(lang, *card), missing.map(|m| card_definite(lang, m)).unwrap_or_default()])
        }
        Event::LeadPassed { from, to, reason } => {
            let words = match reason {
                LeadPassReason::NoCardOfOtherColour => {
                    ("{0} [have|has] no card of the other colour: {1} {2}.", "{0} [n'avez|n'a] aucune carte de l'autre teinte : {1} {2}.")
                }
                LeadPassReason::OnlyDeadJoker => {
                    ("{0} only [hold|holds] the dead joker: {1} {2}.", "{0} [n'avez|n'a] plus que le joker mort : {1} {2}.")
                }
            };
            let t = names.of(*to);
            let leads = lang.pick(if t.you { "lead" } else { "leads" }, if t.you { "ouvrez" } else { "ouvre" });
            (person(*from), words, vec![t.inner(lang), leads.into()])
        }
        Event::Bonanza { seat, chips: c } => (
            person(*seat),
            (
                "Bonanza! {0} [play|plays] the last card and [take|takes] the pot: {1}.",
                "Bonanza ! {0} [posez votre|pose sa] dernière carte et [raflez|rafle] le pot : {1}.",
            ),
            vec![chips(*c)],
        ),
        _ => return None,
    })
}

/// The deal's and the game's end: the payments, the chips left on the wheel, the result.
fn end_said(lang: Lang, event: &Event, names: &Names) -> Option<Said> {
    let chips = |n: Chips| chips_text(lang, n);
    let person = |s| names.of(s);
    let nobody = Person::named("");
    Some(match event {
        Event::Paid { from, to, chips: c, owed } => {
            let t = names.of(*to);
            let words = match (t.you, c < owed) {
                (true, false) => ("{0} [pay|pays] you {2} for {3} left in hand.", "{0} vous paie {2} pour {3} en main."),
                (false, false) => ("{0} [pay|pays] {1} {2} for {3} left in hand.", "{0} [payez|paie] {2} à {1} pour {3} en main."),
                (true, true) => (
                    "{0} [pay|pays] you {2} for {3} left in hand ({4}, all that was left).",
                    "{0} vous paie {2} pour {3} en main ({4}, tout ce qui restait).",
                ),
                (false, true) => (
                    "{0} [pay|pays] {1} {2} for {3} left in hand ({4}, all that was left).",
                    "{0} [payez|paie] {2} à {1} pour {3} en main ({4}, tout ce qui restait).",
                ),
            };
            (person(*from), words, vec![t.inner(lang), chips(*c), cards_text(lang, *owed as usize), chips_owed(lang, *owed)])
        }
        Event::Leftovers { seat, chips: c } => (
            person(*seat),
            ("{0} [get|gets] {1} on the wheel.", "{0} [recevez|reçoit] {1} sur la roue."),
            vec![chips_agreeing(lang, *c, ("left", "resté", "restés"))],
        ),
        Event::GameOver { end, winner, chips: c } => {
            let end = game_end_sentence(lang, end);
            match winner {
                Some(w) => (
                    person(*w),
                    ("{1} {0} [win|wins] with {2}.", "{1} {0} [gagnez|gagne] avec {2}."),
                    vec![end, chips(c.get(*w).copied().unwrap_or(0))],
                ),
                None => (nobody, ("{1} A tie for the most chips!", "{1} Égalité en tête !"), vec![end]),
            }
        }
        _ => return None,
    })
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

/// A hint as one sentence: the move the hard level chose, in the words of its button, and why
/// (its bot's reason, [`Hint`]). A reason that does not fit the move (the search may overrule the
/// rules of thumb) is left unsaid: the move is then the hard level's choice. `to_call`: what a
/// call costs.
pub fn hint_sentence(lang: Lang, action: &Action, why: &Hint, to_call: Chips) -> String {
    let action = *action;
    let chips = |n: i64| chips_text(lang, n);
    let fr = lang == Lang::Fr;
    let reason: Option<String> = match (why, action) {
        (Hint::Forced, _) => Some(lang.pick("it is your only choice", "c'est votre seul choix").into()),
        (Hint::TakeWidow { .. } | Hint::SellWidow { .. } | Hint::Bid { .. } | Hint::PassAuction { .. }, _) => {
            widow_reason(lang, why, action)
        }
        (&Hint::Show { call, chips: won }, Action::Show(_)) => {
            let words = if call == Call::Sequence {
                ("the best sequence shown takes the {0} space ({1})", "la meilleure séquence montrée prend la case {0} ({1})")
            } else {
                ("you take the {0} space ({1})", "vous prenez la case {0} ({1})")
            };
            Some(fill(lang.pick(words.0, words.1), true, &[space_name(lang, call.space()).into(), chips(won)]))
        }
        (&Hint::KeepJoker { later, chips: won }, Action::Pass) => Some(fill(
            lang.pick("your joker should win more at the {0} space ({1})", "votre joker devrait rapporter plus à la case {0} ({1})"),
            true,
            &[space_name(lang, later).into(), chips(won)],
        )),
        (&Hint::Silent { call }, Action::Pass) => Some(
            match call {
                Call::Sequence => {
                    lang.pick("your sequence cannot beat the one shown", "votre séquence ne peut pas battre celle déjà montrée")
                }
                _ => lang.pick("showing would win nothing here", "montrer ne rapporterait rien ici"),
            }
            .into(),
        ),
        (&Hint::Poker { win_percent }, Action::Check | Action::Bet(_) | Action::Call | Action::Raise(_) | Action::Fold) => Some(fill(
            lang.pick(
                "you should hold the best hand about {0}% of the time",
                "vous devriez avoir la meilleure main environ {0} % du temps",
            ),
            true,
            &[win_percent.to_string()],
        )),
        (&Hint::Lead { card: hinted, run, spaces, keeps_lead }, Action::Play(card)) if hinted == card => {
            let words = match (spaces > 0, keeps_lead) {
                (true, true) => ("you take {0} from the wheel and lead again", "vous raflez {0} sur la roue et reprenez la main"),
                (true, false) => ("you take {0} from the wheel", "vous raflez {0} sur la roue"),
                (false, true) => ("nobody can follow, so you lead again", "personne ne pourra suivre, vous reprendrez la main"),
                (false, false) if run > 1 => ("you get rid of {1} in a row", "vous vous débarrassez de {1} d'affilée"),
                (false, false) => ("no other lead does better", "aucune autre ouverture ne fait mieux"),
            };
            Some(fill(lang.pick(words.0, words.1), true, &[chips_text(lang, spaces), cards_text(lang, run)]))
        }
        _ => None,
    };
    let reason = reason.unwrap_or_else(|| lang.pick("it is the hard level's choice", "c'est le choix du niveau difficile").into());
    let mv = match action {
        Action::Play(card) => format!("{} {}", lang.pick("Play", "Jouer"), card_definite(lang, card)),
        _ => action_label(lang, &action, to_call),
    };
    format!("{mv}{}{reason}.", if fr { " : " } else { ": " })
}

/// Why the hint takes, sells or bids for the widow, or passes the auction (see [`hint_sentence`]).
fn widow_reason(lang: Lang, why: &Hint, action: Action) -> Option<String> {
    let chips = |n: i64| chips_text(lang, n);
    match (why, action) {
        (&Hint::TakeWidow { hand, widow }, Action::TakeWidow) => Some(fill(
            lang.pick(
                "the widow should be worth about {0}, your hand about {1}",
                "la veuve devrait valoir environ {0}, votre main environ {1}",
            ),
            true,
            &[chips(widow), chips(hand)],
        )),
        (&Hint::SellWidow { hand, widow }, Action::SellWidow) => {
            let words = if widow <= hand {
                (
                    "your hand should be worth about {1}, the widow only about {0}",
                    "votre main devrait valoir environ {1}, la veuve seulement environ {0}",
                )
            } else {
                (
                    "the widow should be worth only about {0}, barely more than your hand ({1})",
                    "la veuve ne devrait valoir qu'environ {0}, à peine plus que votre main ({1})",
                )
            };
            Some(fill(lang.pick(words.0, words.1), true, &[chips(widow), chips(hand)]))
        }
        (&Hint::Bid { gain, .. }, Action::Bid(_)) => Some(fill(
            lang.pick(
                "the widow should be worth about {0} more than your hand",
                "la veuve devrait valoir environ {0} de plus que votre main",
            ),
            true,
            &[chips(gain)],
        )),
        (&Hint::PassAuction { gain }, Action::Pass) => Some(match gain {
            n if n <= 0 => {
                lang.pick("the widow should not be worth more than your hand", "la veuve ne devrait pas valoir plus que votre main").into()
            }
            _ => fill(
                lang.pick(
                    "the widow should gain you only about {0}, less than a bid costs",
                    "la veuve ne devrait rapporter qu'environ {0}, moins qu'une offre ne coûte",
                ),
                true,
                &[chips(gain)],
            ),
        }),
        _ => None,
    }
}

/// A move in words ("bid 3" / "enchérir à 3"), from its record string; the string itself when it is
/// no Bonanza move.
pub fn move_words(lang: Lang, action: &str) -> String {
    let Ok(action) = action.parse::<Action>() else { return action.to_string() };
    let card = |c: Card| crate::app::services::i18n::card_short(lang, c);
    let en_fr = |en: String, fr: String| if lang == Lang::En { en } else { fr };
    match action {
        Action::TakeWidow => lang.pick("take the widow", "prendre la veuve").into(),
        Action::SellWidow => lang.pick("sell the widow", "vendre la veuve").into(),
        Action::Pass => lang.pick("pass", "passer").into(),
        Action::Check => lang.pick("check", "parole").into(),
        Action::Call => lang.pick("call", "suivre").into(),
        Action::Fold => lang.pick("fold", "se coucher").into(),
        Action::Bid(n) => en_fr(format!("bid {n}"), format!("enchérir à {n}")),
        Action::Bet(n) => en_fr(format!("bet {n}"), format!("miser {n}")),
        Action::Raise(n) => en_fr(format!("raise by {n}"), format!("relancer de {n}")),
        Action::Play(c) => en_fr(format!("play {}", card(c)), format!("jouer {}", card(c))),
        Action::Show(claim) => {
            let cards = claim.cards().iter().map(|&c| card(c)).collect::<Vec<_>>().join(" ");
            en_fr(format!("show {cards}"), format!("montrer {cards}"))
        }
    }
}
