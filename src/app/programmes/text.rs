//! Programmes' words in French and English: fixed labels ([`L`]), and the sentences that carry
//! names, cards or numbers (the move log, the turn prompt, why an action is not possible now).

use leptos::prelude::Get;

use crate::ai::programmes_bot::Hint;
use crate::engine::cards::Card;
use crate::engine::game::Seat;
use crate::engine::programmes::{is_wild, Action, Event, GameEnd, Placed, ProgramId, RoundEnd};

use crate::app::bonanza::text::fill;
use crate::app::services::i18n::{
    capitalize, card_definite, card_label, card_pronoun, card_short, cards_text, is_feminine, people_list, round_title, use_lang, verb,
    verb_for_all, Lang, Names, Person,
};
pub use crate::model::programmes::Prompt;

/// Fixed labels of the Programmes table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum L {
    Programmes,
    Stock,
    DiscardPile,
    Empty,
    OnTheTable,
    NoMelds,
    YourProgram,
    Revealed,
    FaceDown,
    CanReveal,
    ChooseReveal,
    Reveal,
    NewSet,
    Discard,
    Exchange,
    Clear,
    JustDrawn,
    BySuit,
    ByRank,
    Sun,
    Run,
    Set,
    // Summary and game over
    ColProgram,
    ColThisRound,
    ColTotal,
    Completed,
    NotCompleted,
    NextRound,
    SeeResult,
    FinalStandings,
    Tie,
}

impl L {
    pub fn text(self, lang: Lang) -> &'static str {
        use L::*;
        let (en, fr) = match self {
            Programmes => ("Programmes", "Programmes"),
            Stock => ("Stock", "Pioche"),
            DiscardPile => ("Discard pile", "Défausse"),
            Empty => ("empty", "vide"),
            OnTheTable => ("Melds on the table", "Combinaisons sur la table"),
            NoMelds => ("No meld yet", "Rien de posé"),
            YourProgram => ("Your program", "Votre programme"),
            Revealed => ("revealed", "dévoilé"),
            FaceDown => ("program card, face down", "carte programme, face cachée"),
            CanReveal => ("You can reveal your program now!", "Vous pouvez dévoiler votre programme !"),
            ChooseReveal => ("Choose how to lay it down:", "Choisissez comment le poser :"),
            Reveal => ("Reveal", "Dévoiler"),
            NewSet => ("New set", "Nouveau groupe"),
            Discard => ("Discard", "Défausser"),
            Exchange => ("Exchange my program card", "Changer de carte programme"),
            Clear => ("Clear", "Tout désélectionner"),
            JustDrawn => ("New", "Nouvelle"),
            BySuit => ("Sort by suit", "Trier par couleur"),
            ByRank => ("Sort by rank", "Trier par rang"),
            Sun => ("Sun", "Soleil"),
            Run => ("run", "suite"),
            Set => ("set", "groupe"),
            ColProgram => ("Program", "Programme"),
            ColThisRound => ("This round", "Cette donne"),
            ColTotal => ("Completed", "Réussis"),
            Completed => ("completed", "réussi"),
            NotCompleted => ("not this time", "pas cette fois"),
            NextRound => ("Next round", "Donne suivante"),
            SeeResult => ("See the result", "Voir le résultat"),
            FinalStandings => ("Programs completed", "Programmes réussis"),
            Tie => ("A tie for the most programs!", "Égalité en tête !"),
        };
        lang.pick(en, fr)
    }
}

/// A reactive label: one closure type for every label of the table, so each label costs no view
/// code of its own.
pub fn lt(label: L) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
    let lang = use_lang();
    move || label.text(lang.get())
}

/// "The subject verb" with the verb agreeing ("You draw" / "Ada draws").
fn says(lang: Lang, p: &Person, (en_you, en): (&'static str, &'static str), (fr_you, fr): (&'static str, &'static str)) -> String {
    match lang {
        Lang::En => format!("{} {}", p.display(lang), verb(p, en_you, en)),
        Lang::Fr => format!("{} {}", p.display(lang), verb(p, fr_you, fr)),
    }
}

/// A card as laid: "7♦", or a wild with what it stands for, "Joker=7♦".
pub fn placed_short(lang: Lang, p: Placed) -> String {
    match p.stands_for {
        Some(v) => format!("{}={}", card_short(lang, p.card), card_short(lang, v)),
        None => card_short(lang, p.card),
    }
}

pub fn placed_list(lang: Lang, cards: &[Placed]) -> String {
    cards.iter().map(|p| placed_short(lang, *p)).collect::<Vec<_>>().join(" ")
}

/// Cards as laid, in words for a screen reader (the cards of the hand are named so too): "nine of
/// spades, joker as nine of diamonds".
pub fn placed_words(lang: Lang, cards: &[Placed]) -> String {
    let word = |p: &Placed| match p.stands_for {
        Some(v) => format!("{} {} {}", card_label(lang, p.card), lang.pick("as", "valant"), card_label(lang, v)),
        None => card_label(lang, p.card),
    };
    cards.iter().map(word).collect::<Vec<_>>().join(", ")
}

/// A program card's name in `lang`.
pub fn program_name(lang: Lang, id: ProgramId) -> &'static str {
    let names = &id.card().name;
    lang.pick(&names.en, &names.fr)
}

/// What a program card asks for ("a set of 3 and a run of 4").
pub fn program_what(lang: Lang, id: ProgramId) -> String {
    match lang {
        Lang::En => id.card().describe_en(),
        Lang::Fr => id.card().describe_fr(),
    }
}

/// "Run of four: a run of 4" — the card's name and what it asks for.
pub fn program_label(lang: Lang, id: ProgramId) -> String {
    format!("{}{}{}", program_name(lang, id), lang.pick(": ", " : "), program_what(lang, id))
}

/// "2/5 programs" on a seat plate, and whether the player revealed this round.
pub fn seat_note(lang: Lang, done: u32, target: u32, revealed: bool) -> String {
    let mut s = match lang {
        Lang::En => format!("{done}/{target} programs"),
        Lang::Fr => format!("{done}/{target} programmes"),
    };
    if revealed {
        // The mark for "revealed this round" (the owner's corner of the table says it in words).
        s.push_str(" ✓");
    }
    s
}

pub fn stock_label(lang: Lang, n: usize) -> String {
    format!("{}, {}", L::Stock.text(lang), cards_text(lang, n))
}

/// The discard pile's label: what is on top and whether it can be taken.
pub fn discard_label(lang: Lang, top: Option<Card>) -> String {
    match top {
        Some(c) => format!("{}: {}", L::DiscardPile.text(lang), card_short(lang, c)),
        None => format!("{}: {}", L::DiscardPile.text(lang), L::Empty.text(lang)),
    }
}

/// "Add 8♥" / "Ajouter 8♥", "Add as 8♥" for a wild.
pub fn add_label(lang: Lang, p: Placed) -> String {
    match (lang, p.stands_for) {
        (Lang::En, None) => format!("Add {}", card_short(lang, p.card)),
        (Lang::En, Some(v)) => format!("Add as {}", card_short(lang, v)),
        (Lang::Fr, None) => format!("Ajouter {}", card_short(lang, p.card)),
        (Lang::Fr, Some(v)) => format!("Ajouter en {}", card_short(lang, v)),
    }
}

/// A meld's number as a player reads it: from 1 (the record's `extend N` counts from 0).
pub fn meld_shown(number: usize) -> usize {
    number + 1
}

pub fn meld_title(lang: Lang, number: usize, run: bool) -> String {
    let kind = if run { L::Run } else { L::Set }.text(lang);
    let number = meld_shown(number);
    match lang {
        Lang::En => format!("Meld {number} ({kind})"),
        Lang::Fr => format!("Combinaison {number} ({kind})"),
    }
}

pub fn reveal_option_label(lang: Lang, k: usize, combos: &[Vec<Placed>]) -> String {
    let parts: Vec<String> = combos.iter().map(|c| placed_words(lang, c)).collect();
    match lang {
        Lang::En => format!("Way {}: {}", k + 1, parts.join("; ")),
        Lang::Fr => format!("Façon {} : {}", k + 1, parts.join(" ; ")),
    }
}

/// The French feminine ending for a participle about `card` ("la D♠ … prise", "défaussée").
fn fr_feminine(card: Card) -> &'static str {
    if is_feminine(card) {
        "e"
    } else {
        ""
    }
}

pub fn taken_from_discard(lang: Lang, card: Card) -> String {
    let (the, it, e) = (card_definite(lang, card), card_pronoun(lang, card), fr_feminine(card));
    match lang {
        Lang::En => format!("You took {the} from the discard pile this turn: {it} cannot be discarded before your next turn."),
        Lang::Fr => {
            format!("Vous avez pris {the} dans la défausse à ce tour : {it} ne peut pas être défaussé{e} avant votre prochain tour.")
        }
    }
}

pub fn would_strand(lang: Lang, card: Card) -> String {
    let (the, e) = (card_definite(lang, card), fr_feminine(card));
    match lang {
        Lang::En => format!("That would leave you only {the} you took from the discard pile, and you could not discard it this turn."),
        Lang::Fr => format!("Il ne vous resterait que {the} pris{e} dans la défausse, que vous ne pourriez pas défausser à ce tour."),
    }
}

pub fn only_stock(lang: Lang) -> &'static str {
    lang.pick("Holding a single card, you may only draw from the stock.", "Avec une seule carte en main, vous ne pouvez que piocher.")
}

pub fn more_ways(lang: Lang, n: usize) -> String {
    match lang {
        Lang::En => format!("Show {n} more ways"),
        Lang::Fr => format!("Voir {n} autres façons"),
    }
}

pub fn prompt_text(lang: Lang, prompt: &Prompt) -> String {
    match (prompt, lang) {
        (Prompt::Draw { discard, can_reveal }, _) => {
            let mut s = match (discard, lang) {
                (Some(c), Lang::En) => {
                    format!("Your turn: draw from the stock (S) or take {} from the discard pile (D).", card_definite(lang, *c))
                }
                (Some(c), Lang::Fr) => format!("À vous : piochez (S) ou prenez {} de la défausse (D).", card_definite(lang, *c)),
                (None, Lang::En) => "Your turn: draw from the stock (S).".to_string(),
                (None, Lang::Fr) => "À vous : piochez (S).".to_string(),
            };
            if *can_reveal {
                s.push(' ');
                s.push_str(lang.pick("Then you can reveal your program.", "Ensuite, vous pourrez dévoiler votre programme."));
            }
            s
        }
        (Prompt::Reveal, Lang::En) => "Your hand fulfils your program: reveal it (R), or keep it secret and discard (X).".into(),
        (Prompt::Reveal, Lang::Fr) => "Votre main remplit votre programme : dévoilez-le (R), ou gardez-le secret et défaussez (X).".into(),
        (Prompt::DiscardToEnd, Lang::En) => "Select a card and discard it (X) to end your turn.".into(),
        (Prompt::DiscardToEnd, Lang::Fr) => "Sélectionnez une carte et défaussez-la (X) pour finir votre tour.".into(),
        (Prompt::LayOrDiscard, Lang::En) => "Lay down new sets (N), add cards to melds (A), then discard (X).".into(),
        (Prompt::LayOrDiscard, Lang::Fr) => "Posez de nouveaux groupes (N), complétez les combinaisons (A), puis défaussez (X).".into(),
        (Prompt::LayOut, Lang::En) => "The card you took from the discard pile cannot go back: add it to a meld (A) to go out.".into(),
        (Prompt::LayOut, Lang::Fr) => {
            "La carte prise à la défausse ne peut pas y retourner : ajoutez-la à une combinaison (A) pour sortir.".into()
        }
        (Prompt::Waiting(p), Lang::En) => format!("{} to play…", p.display(lang)),
        (Prompt::Waiting(p), Lang::Fr) => format!("{} {}…", p.display(lang), verb(p, "jouez", "joue")),
    }
}

/// How a round ended, as the summary's title.
pub fn round_end_title(lang: Lang, deal: u32, end: Option<RoundEnd>, game_end: Option<GameEnd>, names: &Names) -> String {
    let what = match (end, game_end) {
        (_, Some(GameEnd::Target { seat })) if end.is_none() => {
            says(lang, &names.of(seat), ("complete", "completes"), ("réussissez", "réussit"))
                + lang.pick(" the last program needed", " le dernier programme nécessaire")
        }
        (Some(RoundEnd::WentOut { seat }), _) => says(lang, &names.of(seat), ("go out", "goes out"), ("sortez", "sort")),
        (Some(RoundEnd::AllRevealed), _) => lang.pick("every player revealed", "tout le monde a dévoilé").into(),
        (Some(RoundEnd::StockEmpty), _) => lang.pick("no card left to draw", "plus de carte à piocher").into(),
        _ => lang.pick("the round is over", "la donne est finie").into(),
    };
    format!("{}{}{what}", round_title(lang, deal), lang.pick(": ", " : "))
}

pub fn game_winner_title(lang: Lang, p: &Person, done: u32) -> String {
    let done = programs_count(lang, done);
    match lang {
        Lang::En if p.you => format!("You win with {done}!"),
        Lang::En => format!("{} wins with {done}!", p.name),
        Lang::Fr if p.you => format!("Vous gagnez avec {done} !"),
        Lang::Fr => format!("{} gagne avec {done} !", p.name),
    }
}

/// "The first to complete 5 programs wins."
pub fn target_line(lang: Lang, target: u32) -> String {
    match lang {
        Lang::En => format!("The first to complete {} wins.", programs_count(lang, target)),
        Lang::Fr => format!("Le premier à réussir {} gagne.", programs_count(lang, target)),
    }
}

pub fn game_end_sentence(lang: Lang, end: &GameEnd, target: u32) -> String {
    match (end, lang) {
        (GameEnd::Target { .. }, _) => target_line(lang, target),
        (GameEnd::RoundLimit { rounds }, Lang::En) => format!("The safety limit of {rounds} rounds is reached."),
        (GameEnd::RoundLimit { rounds }, Lang::Fr) => format!("La limite de sécurité de {rounds} donnes est atteinte."),
    }
}

pub fn programs_count(lang: Lang, n: u32) -> String {
    match lang {
        Lang::En if n == 1 => "1 program".into(),
        Lang::En => format!("{n} programs"),
        Lang::Fr if n <= 1 => format!("{n} programme"),
        Lang::Fr => format!("{n} programmes"),
    }
}

/// "Ada and Bob draw a new program card; the others keep theirs." ("Ada and you draw…",
/// "Ada et vous recevez…").
pub fn new_programs_line(lang: Lang, seats: &[Seat], names: &Names, players: usize) -> String {
    let people: Vec<Person> = seats.iter().map(|&s| names.of(s)).collect();
    let who = capitalize(people_list(lang, &people));
    let others = seats.len() < players;
    match (lang, seats.len()) {
        (Lang::En, 0) => "Nobody completed a program: everyone keeps theirs.".into(),
        (Lang::Fr, 0) => "Personne n'a réussi : chacun garde son programme.".into(),
        (Lang::En, _) => format!(
            "{who} {} a new program card{}.",
            verb_for_all(&people, "draw", "draws", "draw"),
            if others { "; the others keep theirs" } else { "" }
        ),
        (Lang::Fr, _) => format!(
            "{who} {} une nouvelle carte programme{}.",
            verb_for_all(&people, "recevez", "reçoit", "reçoivent"),
            if others { " ; les autres gardent la leur" } else { "" }
        ),
    }
}

/// One engine event as a sentence.
pub fn event_sentence(lang: Lang, event: &Event, names: &Names) -> String {
    match event {
        Event::Dealt { .. } | Event::Sun { .. } | Event::ProgramDeckRebuilt { .. } | Event::Exchanged { .. } => {
            deal_sentence(lang, event, names)
        }
        Event::DrewStock { .. } | Event::DrewDiscard { .. } | Event::StockRebuilt { .. } | Event::Discarded { .. } => {
            pile_sentence(lang, event, names)
        }
        Event::Revealed { .. } | Event::Melded { .. } | Event::Extended { .. } => table_sentence(lang, event, names),
        Event::RoundOver { .. } | Event::GameOver { .. } => end_sentence(lang, event, names),
    }
}

/// A round's start and the program cards: the deal, a sun, the program deck made again, an
/// exchange.
fn deal_sentence(lang: Lang, event: &Event, names: &Names) -> String {
    match event {
        Event::Dealt { deal_number, dealer, first, .. } => {
            let (d, f) = (names.of(*dealer), names.of(*first));
            format!(
                "{}{}{}{}{}.",
                round_title(lang, *deal_number),
                lang.pick(": ", " : "),
                says(lang, &d, ("deal", "deals"), ("distribuez", "distribue")),
                lang.pick("; ", " ; "),
                says(lang, &f, ("play first", "plays first"), ("commencez", "commence")),
            )
        }
        Event::Sun { seat, programs_done, .. } => {
            let p = names.of(*seat);
            format!(
                "{} {}{}",
                says(lang, &p, ("receive", "receives"), ("recevez", "reçoit")),
                lang.pick("a sun: a free program", "un soleil : un programme offert"),
                format_args!(" ({}).", programs_count(lang, *programs_done)),
            )
        }
        Event::ProgramDeckRebuilt { cards } => match lang {
            Lang::En => format!("The program deck is made again from {} completed.", cards_text(lang, *cards)),
            Lang::Fr if *cards <= 1 => format!("Le paquet de programmes est reformé avec {} réussie.", cards_text(lang, *cards)),
            Lang::Fr => format!("Le paquet de programmes est reformé avec {} réussies.", cards_text(lang, *cards)),
        },
        Event::Exchanged { seat } => {
            says(lang, &names.of(*seat), ("exchange", "exchanges"), ("échangez", "échange"))
                + lang.pick(" a program card.", " sa carte programme.")
        }
        // (`event_sentence` sends only the events above here.)
        _ => unreachable!(),
    }
}

/// A move at the piles: a draw, a discard, the stock made again.
fn pile_sentence(lang: Lang, event: &Event, names: &Names) -> String {
    match event {
        Event::DrewStock { seat } => {
            says(lang, &names.of(*seat), ("draw", "draws"), ("piochez", "pioche")) + lang.pick(" from the stock.", ".")
        }
        Event::DrewDiscard { seat, card } => format!(
            "{} {} {}.",
            says(lang, &names.of(*seat), ("take", "takes"), ("prenez", "prend")),
            card_short(lang, *card),
            lang.pick("from the discard pile", "dans la défausse")
        ),
        Event::StockRebuilt { cards: 1 } => match lang {
            Lang::En => "The stock is empty: the one card of the discard pile under its top card becomes the new stock.".into(),
            Lang::Fr => "La pioche est vide : la seule carte de la défausse sous celle du dessus devient la nouvelle pioche.".into(),
        },
        Event::StockRebuilt { cards } => match lang {
            Lang::En => format!("The stock is empty: {cards} cards of the discard pile are shuffled into a new one."),
            Lang::Fr => format!("La pioche est vide : {cards} cartes de la défausse sont mélangées pour la refaire."),
        },
        Event::Discarded { seat, card } => {
            format!("{} {}.", says(lang, &names.of(*seat), ("discard", "discards"), ("défaussez", "défausse")), card_short(lang, *card))
        }
        // (`event_sentence` sends only the events above here.)
        _ => unreachable!(),
    }
}

/// A move on the table: a program revealed, a new set, a meld extended.
fn table_sentence(lang: Lang, event: &Event, names: &Names) -> String {
    match event {
        Event::Revealed { seat, program, programs_done, .. } => {
            let who = says(lang, &names.of(*seat), ("reveal", "reveals"), ("dévoilez", "dévoile"));
            let (name, done) = (program_name(lang, *program), programs_count(lang, *programs_done));
            match lang {
                Lang::En => format!("{who} “{name}”: {done} completed."),
                Lang::Fr => format!("{who} « {name} » : {done} réussi{}.", if *programs_done > 1 { "s" } else { "" }),
            }
        }
        Event::Melded { seat, meld, cards } => format!(
            "{}{} {}{}{}.",
            says(lang, &names.of(*seat), ("lay down", "lays down"), ("posez", "pose")),
            lang.pick(" a new set, meld", " un nouveau groupe, la combinaison"),
            meld_shown(*meld),
            lang.pick(": ", " : "),
            placed_list(lang, cards)
        ),
        Event::Extended { seat, meld, card } => format!(
            "{} {} {} {}.",
            says(lang, &names.of(*seat), ("add", "adds"), ("ajoutez", "ajoute")),
            placed_short(lang, *card),
            lang.pick("to meld", "à la combinaison"),
            meld_shown(*meld)
        ),
        // (`event_sentence` sends only the events above here.)
        _ => unreachable!(),
    }
}

/// The end of a round or of the game.
fn end_sentence(lang: Lang, event: &Event, names: &Names) -> String {
    match event {
        Event::RoundOver { deal_number, end, completed } => {
            let mut s = round_end_title(lang, *deal_number, Some(*end), None, names);
            s.push_str(lang.pick(". ", ". "));
            if completed.is_empty() {
                s.push_str(lang.pick("Nobody completed a program.", "Personne n'a réussi son programme."));
            } else {
                let people: Vec<Person> = completed.iter().map(|&c| names.of(c)).collect();
                let who = people_list(lang, &people);
                s.push_str(&match lang {
                    Lang::En => format!("Completed: {who}."),
                    Lang::Fr => format!("Réussi par : {who}."),
                });
            }
            s
        }
        Event::GameOver { winner, programs_done, .. } => match winner {
            Some(w) => {
                let p = names.of(*w);
                game_winner_title(lang, &p, programs_done.get(*w).copied().unwrap_or(0))
            }
            None => L::Tie.text(lang).to_string(),
        },
        // (`event_sentence` sends only the events above here.)
        _ => unreachable!(),
    }
}

/// The event's type, for styling and tests (`data-event`), and its emphasis in the log.
pub fn event_kind(event: &Event) -> (&'static str, &'static str) {
    match event {
        Event::Dealt { .. } => ("dealt", "log-item log-round"),
        Event::Sun { .. } => ("sun", "log-item log-highlight"),
        Event::ProgramDeckRebuilt { .. } => ("program_deck_rebuilt", "log-item log-call"),
        Event::Exchanged { .. } => ("exchanged", "log-item log-call"),
        Event::DrewStock { .. } => ("drew_stock", "log-item"),
        Event::DrewDiscard { .. } => ("drew_discard", "log-item"),
        Event::StockRebuilt { .. } => ("stock_rebuilt", "log-item log-call"),
        Event::Revealed { .. } => ("revealed", "log-item log-highlight"),
        Event::Melded { .. } => ("melded", "log-item log-box"),
        Event::Extended { .. } => ("extended", "log-item log-box"),
        Event::Discarded { .. } => ("discarded", "log-item"),
        Event::RoundOver { .. } => ("round_over", "log-item log-highlight"),
        Event::GameOver { .. } => ("game_over", "log-item log-highlight"),
    }
}

/// A card as a meld shows it: the wild with the card it stands for (`2♣=9♠`).
fn placed_text(lang: Lang, p: Placed) -> String {
    match p.stands_for {
        Some(value) => format!("{}={}", card_short(lang, p.card), card_short(lang, value)),
        None => card_short(lang, p.card),
    }
}

/// A hint as one sentence: the move the hard level chose and why (its bot's reason, [`Hint`]).
/// `top`: the discard pile's top card; `revealed`: the player has revealed this round. `None`: a
/// reason that does not fit the move.
pub fn hint_sentence(lang: Lang, action: &Action, why: &Hint, top: Option<Card>, revealed: bool) -> Option<String> {
    let none = String::new;
    // English and French, with the cards, numbers or pronoun in {0} and {1}.
    let (words, args) = match (why, action) {
        (Hint::Reveal, Action::Reveal(_)) => {
            (("Reveal your program: your hand fulfils it.", "Dévoilez votre programme : votre main le remplit."), [none(), none()])
        }
        (&Hint::TakeDiscard { card: c }, Action::DrawDiscard) => {
            let words = match (is_wild(c), revealed) {
                (true, _) => ("Take {0} from the discard pile: it is wild.", "Prenez {0} de la défausse : c'est une frime."),
                (false, true) => (
                    "Take {0} from the discard pile: you can lay it down at once.",
                    "Prenez {0} de la défausse : {1} ira aussitôt sur la table.",
                ),
                (false, false) => {
                    ("Take {0} from the discard pile: it helps your program.", "Prenez {0} de la défausse : {1} sert votre programme.")
                }
            };
            (words, [card_definite(lang, c), card_pronoun(lang, c).into()])
        }
        (Hint::DrawStock, Action::DrawStock) => match top {
            Some(c) => (
                ("Draw from the stock: {0} on the discard pile does not help you.", "Piochez : {0} de la défausse ne vous sert pas."),
                [card_definite(lang, c), none()],
            ),
            None => (
                ("Draw from the stock: the discard pile has nothing for you.", "Piochez : la défausse ne vous offre rien."),
                [none(), none()],
            ),
        },
        (&Hint::Exchange { distance }, Action::ExchangeProgram) => (
            (
                "Exchange your program card: your program is still {0} away.",
                "Changez de carte programme : il manque encore {0} à votre main pour remplir votre programme.",
            ),
            [cards_text(lang, distance as usize), none()],
        ),
        (Hint::LayOff, Action::Meld(cards)) => (
            (
                "Lay down {0}: the fewer cards you hold, the sooner you go out.",
                "Posez {0} : moins vous gardez de cartes, plus tôt vous sortez.",
            ),
            [cards.iter().map(|&p| placed_text(lang, p)).collect::<Vec<_>>().join(" "), none()],
        ),
        (Hint::LayOff, &Action::Extend { meld, card }) => (
            (
                "Add {0} to meld {1}: the fewer cards you hold, the sooner you go out.",
                "Ajoutez {0} à la combinaison {1} : moins vous gardez de cartes, plus tôt vous sortez.",
            ),
            [placed_text(lang, card), meld_shown(meld).to_string()],
        ),
        (Hint::Discard { .. }, &Action::Discard(c)) => {
            let words = if revealed {
                ("Discard {0}: it is the card you can use least.", "Défaussez {0} : c'est la carte qui vous sert le moins.")
            } else {
                ("Discard {0}: your program needs it least.", "Défaussez {0} : c'est la carte dont votre programme a le moins besoin.")
            };
            (words, [card_definite(lang, c), none()])
        }
        _ => return None,
    };
    Some(fill(lang.pick(words.0, words.1), true, &args))
}

/// A move in words ("lay down 7♠ 7♥ 7♣" / "poser 7♠ 7♥ 7♣"), from its record string; the string
/// itself when it is no Programmes move. A wild is named as the card it is, not the one it stands
/// for.
pub fn move_words(lang: Lang, action: &str) -> String {
    let Ok(action) = action.parse::<Action>() else { return action.to_string() };
    let card = |p: &Placed| crate::app::services::i18n::card_short(lang, p.card);
    let cards = |ps: &[Placed]| ps.iter().map(card).collect::<Vec<_>>().join(" ");
    let en_fr = |en: String, fr: String| if lang == Lang::En { en } else { fr };
    match &action {
        Action::DrawStock => lang.pick("draw from the stock", "piocher au talon").into(),
        Action::DrawDiscard => lang.pick("take the discard", "prendre la défausse").into(),
        Action::ExchangeProgram => lang.pick("exchange the program", "échanger le programme").into(),
        Action::Discard(c) => {
            let c = crate::app::services::i18n::card_short(lang, *c);
            en_fr(format!("discard {c}"), format!("défausser {c}"))
        }
        Action::Meld(ps) => en_fr(format!("lay down {}", cards(ps)), format!("poser {}", cards(ps))),
        Action::Reveal(combos) => {
            let all = combos.iter().map(|c| cards(c)).collect::<Vec<_>>().join(" ");
            en_fr(format!("reveal: {all}"), format!("dévoiler\u{a0}: {all}"))
        }
        Action::Extend { meld, card: p } => {
            let (n, c) = (meld + 1, card(p));
            en_fr(format!("add {c} to meld {n}"), format!("ajouter {c} à la combinaison {n}"))
        }
    }
}
