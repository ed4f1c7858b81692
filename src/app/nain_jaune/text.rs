//! Every Nain Jaune sentence on screen, in French and English: the boxes' names, the prompts, the
//! round and game titles, each engine event as a sentence, and the hint. The words every game
//! shares (languages, names, cards, chips) are in `app::i18n`.

use crate::ai::nain_jaune_bot::Hint;
use crate::engine::cards::{Card, Rank};
use crate::engine::game::Chips;
use crate::engine::nain_jaune::{Event, GameEnd, NainJauneBox, Points, Refusal};
use crate::model::nain_jaune::Prompt;

use crate::app::services::i18n::{
    capitalize, card_definite, card_pronoun, card_short, cards_text, chips_owed, chips_text, rank_word, verb, Lang, Names, Person, T,
};

/// The box's name: "Yellow Dwarf", "10♦" …
pub fn box_name(lang: Lang, b: NainJauneBox) -> String {
    match b {
        NainJauneBox::NainJaune => lang.pick("Yellow Dwarf", "Nain Jaune").into(),
        other => card_short(lang, other.card()),
    }
}

/// "the 10♦ box" / "la case du 10♦".
fn the_box(lang: Lang, b: NainJauneBox) -> String {
    match (lang, b) {
        (Lang::En, NainJauneBox::NainJaune) => "the Yellow Dwarf".into(),
        (Lang::En, other) => format!("the {} box", card_short(lang, other.card())),
        (Lang::Fr, NainJauneBox::NainJaune) => "le Nain Jaune".into(),
        (Lang::Fr, other) => format!("la case du {}", card_short(lang, other.card())),
    }
}

/// The turn prompt in words ("Your turn: play a 9." / "Ada to lead…"), empty when silent.
pub fn prompt_words(lang: Lang, prompt: Prompt, names: &Names) -> String {
    match prompt {
        Prompt::Silent => String::new(),
        Prompt::Mine { wanted: Some(rank) } => your_turn_follow(lang, rank),
        Prompt::Mine { wanted: None } => T::YourTurnLead.text(lang).to_string(),
        Prompt::Waiting { seat, wanted } => waiting_for(lang, &names.of(seat), wanted),
    }
}

pub fn your_turn_follow(lang: Lang, rank: Rank) -> String {
    match lang {
        Lang::En => format!("Your turn: play {}.", rank_with_article(lang, rank)),
        Lang::Fr => format!("À vous : jouez {}.", rank_with_article(lang, rank)),
    }
}

pub fn waiting_for(lang: Lang, p: &Person, wanted: Option<Rank>) -> String {
    match (lang, wanted) {
        (Lang::En, None) => format!("{} to lead…", p.display(lang)),
        (Lang::En, Some(r)) => format!("{} to play {}…", p.display(lang), rank_with_article(lang, r)),
        (Lang::Fr, None) => format!("{} {}…", p.display(lang), verb(p, "ouvrez", "ouvre")),
        (Lang::Fr, Some(r)) => format!("{} {} jouer {}…", p.display(lang), verb(p, "devez", "doit"), rank_with_article(lang, r)),
    }
}

pub fn round_won_title(lang: Lang, deal_number: u32, p: &Person, grand_opera: bool) -> String {
    let opera = if grand_opera { lang.pick(" by Grand Opéra!", " par Grand Opéra !") } else { "" };
    match lang {
        Lang::En => format!("Round {deal_number}: {} {}{opera}", p.display(lang), verb(p, "win", "wins")),
        Lang::Fr => format!("Donne {deal_number} : {} {}{opera}", p.display(lang), verb(p, "gagnez", "gagne")),
    }
}

/// Why the engine refuses a card of the hand on the player's turn, in words (none for a refusal
/// the hand never meets: another seat's turn, a card not held).
pub fn refusal_words(lang: Lang, refusal: &Refusal) -> Option<String> {
    match refusal {
        Refusal::MustFollow { wanted, .. } => {
            let some = rank_with_article(lang, *wanted);
            let (one, it) = if *wanted == Rank::QUEEN { ("une", "la") } else { ("un", "le") };
            Some(match lang {
                Lang::En => format!("The sequence wants {some}, and you hold one: play it."),
                Lang::Fr => format!("La séquence attend {some}, et vous en avez {one}\u{a0}: jouez-{it}."),
            })
        }
        Refusal::Turn(_) => None,
    }
}

/// The header's badge: the round, and how long the game lasts: out of how many rounds when the
/// game has a set number (it may end sooner, when a player cannot stake), else until then.
pub fn round_badge(lang: Lang, deal_number: u32, rounds: u32) -> String {
    match (lang, rounds) {
        (Lang::En, 0) => format!("Round {deal_number} · until someone cannot stake"),
        (Lang::Fr, 0) => format!("Donne {deal_number} · tant que chacun peut miser"),
        (Lang::En, n) => format!("Round {deal_number} of {n}"),
        (Lang::Fr, n) => format!("Donne {deal_number} sur {n}"),
    }
}

pub fn rounds_played(lang: Lang, n: u32) -> String {
    match lang {
        Lang::En if n == 1 => "1 round played".into(),
        Lang::En => format!("{n} rounds played"),
        Lang::Fr if n <= 1 => format!("{n} donne jouée"),
        Lang::Fr => format!("{n} donnes jouées"),
    }
}

/// Why the game ended, as a sentence.
pub fn game_end_sentence(lang: Lang, end: &GameEnd, names: &Names) -> String {
    match end {
        GameEnd::CannotStake { seat } => {
            let p = names.of(*seat);
            match lang {
                Lang::En => format!("{} cannot make the full stake: the game is over.", p.display(lang)),
                Lang::Fr => {
                    format!("{} ne {} plus miser : la partie est finie.", p.display(lang), verb(&p, "pouvez", "peut"))
                }
            }
        }
        GameEnd::RoundsPlayed { rounds: 1 } => match lang {
            Lang::En => "The only round has been played.".into(),
            Lang::Fr => "L'unique donne prévue est jouée.".into(),
        },
        GameEnd::RoundsPlayed { rounds } => match lang {
            Lang::En => format!("All {rounds} rounds have been played."),
            Lang::Fr => format!("Les {rounds} donnes prévues sont jouées."),
        },
        GameEnd::RoundLimit { rounds } => match lang {
            Lang::En => format!("The safety limit of {rounds} rounds is reached."),
            Lang::Fr => format!("La limite de sécurité de {rounds} donnes est atteinte."),
        },
    }
}

/// One engine event as a sentence of the chosen language.
pub fn event_sentence(lang: Lang, event: &Event, names: &Names) -> String {
    let s = match event {
        Event::Staked { deal_number, each } => match lang {
            Lang::En => format!("Round {deal_number}: everyone stakes {} on the board.", chips_text(lang, *each)),
            Lang::Fr => format!("Donne {deal_number} : chacun mise {} sur le tableau.", chips_text(lang, *each)),
        },
        Event::Dealt { dealer, leader, .. } => dealt(lang, &names.of(*dealer), &names.of(*leader)),
        Event::Played { seat, card } => {
            let p = names.of(*seat);
            match lang {
                Lang::En => format!("{} {} {}.", p.display(lang), verb(&p, "play", "plays"), card_short(lang, *card)),
                Lang::Fr => format!("{} {} {}.", p.display(lang), verb(&p, "jouez", "joue"), card_short(lang, *card)),
            }
        }
        Event::BoxWon { seat, board_box, chips } => box_won(lang, &names.of(*seat), *board_box, *chips),
        Event::Without { played, missing, next, .. } => without(lang, *played, *missing, &names.of(*next)),
        Event::Stop { seat, played, missing } => stop(lang, &names.of(*seat), *played, *missing),
        Event::Penalty { seat, card, chips, owed } => penalty(lang, &names.of(*seat), *card, *chips, *owed),
        Event::GrandOpera { seat, chips } => grand_opera(lang, &names.of(*seat), *chips),
        Event::Paid { from, to, chips, owed, cards } => paid(lang, &names.of(*from), &names.of(*to), *chips, *owed, cards.len()),
        Event::RoundWon { seat, deal_number, grand_opera } => round_won(lang, &names.of(*seat), *deal_number, *grand_opera),
        Event::GameOver { end, winner, chips } => {
            game_over(lang, end, winner.map(|w| (names.of(w), chips.get(w).copied().unwrap_or(0))), names)
        }
    };
    capitalize(s)
}

// ---- The deal and the play: who deals, the cards played, the boxes they win, the calls. ----

/// "Ada deals; Bob leads."
fn dealt(lang: Lang, d: &Person, l: &Person) -> String {
    match lang {
        Lang::En => format!("{} {}; {} {}.", d.display(lang), verb(d, "deal", "deals"), l.inner(lang), verb(l, "lead", "leads")),
        Lang::Fr => {
            format!("{} {} ; {} {}.", d.display(lang), verb(d, "distribuez", "distribue"), l.inner(lang), verb(l, "ouvrez", "ouvre"))
        }
    }
}

/// "Ada takes the 10♦ box: 3 chips!", or reaches it empty.
fn box_won(lang: Lang, p: &Person, board_box: NainJauneBox, chips: Chips) -> String {
    match (lang, chips) {
        (Lang::En, 0) => format!("{} {} {}, which is empty.", p.display(lang), verb(p, "reach", "reaches"), the_box(lang, board_box)),
        (Lang::En, n) => {
            format!("{} {} {}: {}!", p.display(lang), verb(p, "take", "takes"), the_box(lang, board_box), chips_text(lang, n))
        }
        (Lang::Fr, 0) => format!(
            "{} {} {}, mais {} vide.",
            p.display(lang),
            verb(p, "atteignez", "atteint"),
            the_box(lang, board_box),
            if board_box == NainJauneBox::NainJaune { "il est" } else { "elle est" }
        ),
        (Lang::Fr, n) => {
            format!("{} {} {} : {} !", p.display(lang), verb(p, "raflez", "rafle"), the_box(lang, board_box), chips_text(lang, n))
        }
    }
}

/// "Eight without nine: Bob goes on."
fn without(lang: Lang, played: Rank, missing: Rank, n: &Person) -> String {
    let (played, missing) = (capitalize(rank_word(lang, played).into()), rank_word(lang, missing));
    match lang {
        Lang::En => format!("{played} without {missing}: {} {} on.", n.inner(lang), verb(n, "go", "goes")),
        Lang::Fr => format!("{played} sans {missing} : {} {}.", n.inner(lang), verb(n, "continuez", "continue")),
    }
}

/// "Stop: nobody has a 9 after the 8. Ada leads again." (or a king ends the climb).
fn stop(lang: Lang, p: &Person, played: Rank, missing: Option<Rank>) -> String {
    match (lang, missing) {
        (Lang::En, Some(m)) => format!(
            "Stop: nobody has {} after {}. {} {} again.",
            rank_with_article(lang, m),
            rank_with_definite(lang, played),
            p.display(lang),
            verb(p, "lead", "leads")
        ),
        (Lang::En, None) => format!("A king ends the climb. {} {} again.", p.display(lang), verb(p, "lead", "leads")),
        (Lang::Fr, Some(m)) => format!(
            "Arrêt : personne n'a {} après {}. {} {} la main.",
            fr_partitive(m),
            rank_with_definite(lang, played),
            p.display(lang),
            verb(p, "reprenez", "reprend")
        ),
        (Lang::Fr, None) => format!("Le roi arrête la montée. {} {} la main.", p.display(lang), verb(p, "reprenez", "reprend")),
    }
}

// ---- The settlement: penalties, Grand Opéra, payments, the round's and the game's end. ----

/// " (12 chips owed, all that was left)" when a player paid less than owed, else nothing.
fn short_of(lang: Lang, chips: Chips, owed: Chips) -> String {
    match lang {
        _ if chips >= owed => String::new(),
        Lang::En => format!(" ({}, all that was left)", chips_owed(lang, owed)),
        Lang::Fr => format!(" ({}, tout ce qui restait)", chips_owed(lang, owed)),
    }
}

/// "Ada still holds the 10♦ and pays 3 chips into the 10♦ box."
fn penalty(lang: Lang, p: &Person, card: Card, chips: Chips, owed: Chips) -> String {
    let boxed = NainJauneBox::of_card(card).map(|b| the_box(lang, b)).unwrap_or_default();
    let short = short_of(lang, chips, owed);
    match lang {
        Lang::En => format!(
            "{} still {} {} and {} {} into {boxed}{short}.",
            p.display(lang),
            verb(p, "hold", "holds"),
            card_short(lang, card),
            verb(p, "pay", "pays"),
            chips_text(lang, chips)
        ),
        Lang::Fr => format!(
            "{} {} encore {} et {} {} dans {}{short}.",
            p.display(lang),
            verb(p, "avez", "a"),
            card_short(lang, card),
            verb(p, "versez", "verse"),
            chips_text(lang, chips),
            boxed.replace("le Nain Jaune", "la case du Nain Jaune")
        ),
    }
}

/// "Grand Opéra! Ada sweeps all five boxes: 75 chips."
fn grand_opera(lang: Lang, p: &Person, chips: Chips) -> String {
    match lang {
        Lang::En => format!("Grand Opéra! {} {} all five boxes: {}.", p.display(lang), verb(p, "sweep", "sweeps"), chips_text(lang, chips)),
        Lang::Fr => {
            format!("Grand Opéra ! {} {} les cinq cases : {}.", p.display(lang), verb(p, "raflez", "rafle"), chips_text(lang, chips))
        }
    }
}

/// "Bob pays Ada 12 chips for 3 cards left in hand."
fn paid(lang: Lang, f: &Person, t: &Person, chips: Chips, owed: Chips, cards: usize) -> String {
    let (left, short) = (cards_text(lang, cards), short_of(lang, chips, owed));
    let left_fr = if cards <= 1 { "restée" } else { "restées" };
    match lang {
        Lang::En => format!(
            "{} {} {} {} for {left} left in hand{short}.",
            f.display(lang),
            verb(f, "pay", "pays"),
            t.inner(lang),
            chips_text(lang, chips)
        ),
        Lang::Fr if t.you => format!("{} vous paie {} pour {left} {left_fr} en main{short}.", f.display(lang), chips_text(lang, chips)),
        Lang::Fr => format!(
            "{} {} {} à {} pour {left} {left_fr} en main{short}.",
            f.display(lang),
            verb(f, "payez", "paie"),
            chips_text(lang, chips),
            t.inner(lang)
        ),
    }
}

/// "Ada wins round 2 (by Grand Opéra)."
fn round_won(lang: Lang, p: &Person, deal_number: u32, grand_opera: bool) -> String {
    let opera = if grand_opera { lang.pick(" by Grand Opéra", " par Grand Opéra") } else { "" };
    match lang {
        Lang::En => format!("{} {} round {deal_number}{opera}.", p.display(lang), verb(p, "win", "wins")),
        Lang::Fr => format!("{} {} la donne {deal_number}{opera}.", p.display(lang), verb(p, "remportez", "remporte")),
    }
}

/// Why the game ended, then who won with how many chips (`winner`), or that it is a tie.
fn game_over(lang: Lang, end: &GameEnd, winner: Option<(Person, Chips)>, names: &Names) -> String {
    let mut s = game_end_sentence(lang, end, names);
    s.push(' ');
    match winner {
        Some((p, n)) => s.push_str(&match lang {
            Lang::En => format!("{} {} with {}.", p.display(lang), verb(&p, "win", "wins"), chips_text(lang, n)),
            Lang::Fr => format!("{} {} avec {}.", p.display(lang), verb(&p, "gagnez", "gagne"), chips_text(lang, n)),
        }),
        None => s.push_str(T::Tie.text(lang)),
    }
    s
}

/// The card a hint suggests.
pub fn hint_card(hint: &Hint) -> Card {
    match *hint {
        Hint::Forced { card }
        | Hint::GoesOut { card, .. }
        | Hint::TakesBox { card, .. }
        | Hint::KeepsLead { card, .. }
        | Hint::Sheds { card, .. }
        | Hint::Follows { card } => card,
    }
}

/// A hint as one sentence: the card to play and why ("Play the 7♦ now: it takes the Yellow
/// Dwarf (14 chips)."), when the cards left in a loser's hand cost `points` (the game's option):
/// a run that sheds cards is worth their values (`Points::Pips`) or their number (`Points::Cards`).
pub fn hint_sentence(lang: Lang, hint: &Hint, points: Points) -> String {
    let card = hint_card(hint);
    let (why, now) = hint_reason(lang, hint, points);
    let the = card_definite(lang, card);
    let now = if now { lang.pick(" now", " maintenant") } else { "" };
    match lang {
        Lang::En => format!("Play {the}{now}: {why}."),
        Lang::Fr => format!("Jouez {the}{now} : {why}."),
    }
}

/// Why a hint's card is the one to play, and whether to say "now" (the card takes its own box,
/// rather than leading a run to one).
fn hint_reason(lang: Lang, hint: &Hint, points: Points) -> (String, bool) {
    let card = hint_card(hint);
    let en = lang == Lang::En;
    // The card as a subject: "it" / "il", "elle"; a run: "your run of 3 cards" / "votre suite…".
    let it = card_pronoun(lang, card);
    let subject = |run: usize| match run {
        1 => it.to_string(),
        n if en => format!("your run of {n} cards"),
        n => format!("votre suite de {n} cartes"),
    };
    let mut now = false;
    let why = match *hint {
        Hint::Forced { .. } => lang.pick("it is the only card you can play", "c'est la seule carte que vous pouvez jouer").to_string(),
        Hint::GoesOut { run, .. } => {
            let cards = cards_text(lang, run);
            match lang {
                Lang::En => format!("your hand goes out ({cards}) and you win the round"),
                Lang::Fr => format!("vous videz votre main ({cards}) et gagnez la donne"),
            }
        }
        Hint::TakesBox { board_box, chips: 0, .. } => {
            let board_card = card_short(lang, board_box.card());
            match lang {
                Lang::En => format!("a {board_card} still in your hand at the end of the round would cost you a penalty"),
                Lang::Fr if board_box == NainJauneBox::QueenSpades => {
                    format!("une {board_card} restée en main à la fin de la donne vous vaudrait une pénalité")
                }
                Lang::Fr => format!("un {board_card} resté en main à la fin de la donne vous vaudrait une pénalité"),
            }
        }
        Hint::TakesBox { board_box, chips, .. } => {
            now = board_box.card() == card;
            let who = if now { it } else { lang.pick("your run", "votre suite") };
            let (chips, the_box) = (chips_text(lang, chips), the_box(lang, board_box));
            match lang {
                Lang::En => format!("{who} takes {the_box} ({chips})"),
                Lang::Fr => format!("{who} rafle {the_box} ({chips})"),
            }
        }
        Hint::KeepsLead { run, .. } => {
            let who = subject(run);
            match lang {
                Lang::En => format!("nobody can follow after {who}, so you lead again"),
                Lang::Fr if run == 1 => "personne ne pourra suivre, vous reprendrez la main".to_string(),
                Lang::Fr => format!("après {who} personne ne pourra suivre, vous reprendrez la main"),
            }
        }
        // The card values shed (computed by the bot whatever the option), or, at one chip a card,
        // the number of cards.
        Hint::Sheds { run, points: value, .. } if points == Points::Pips => {
            let who = subject(run);
            let unit = if value == 1 || (value == 0 && !en) { "point" } else { "points" };
            match lang {
                Lang::En => format!("{who} gets {value} {unit} out of your hand"),
                Lang::Fr => format!("{who} retire {value} {unit} de votre main"),
            }
        }
        Hint::Sheds { run: 1, .. } => lang.pick("your hand is one card lighter", "votre main compte une carte de moins").to_string(),
        Hint::Sheds { run, .. } => {
            let cards = cards_text(lang, run);
            match lang {
                Lang::En => format!("your run gets {cards} out of your hand"),
                Lang::Fr => format!("votre suite retire {cards} de votre main"),
            }
        }
        Hint::Follows { .. } => match lang {
            Lang::En => "it continues the sequence".to_string(),
            Lang::Fr => format!("{it} continue la séquence"),
        },
    };
    (why, now)
}

/// "a 9", "an ace", "a queen" / "un 9", "un as", "une dame".
fn rank_with_article(lang: Lang, rank: Rank) -> String {
    match lang {
        Lang::En if rank == Rank::ACE || rank.index() == 7 => format!("an {}", rank_word(lang, rank)),
        Lang::En => format!("a {}", rank_word(lang, rank)),
        Lang::Fr if rank == Rank::QUEEN => "une dame".into(),
        Lang::Fr => format!("un {}", rank_word(lang, rank)),
    }
}

/// "the 8", "the ace" / "le 8", "l'as", "la dame".
fn rank_with_definite(lang: Lang, rank: Rank) -> String {
    match lang {
        Lang::En => format!("the {}", rank_word(lang, rank)),
        Lang::Fr if rank == Rank::ACE => "l'as".into(),
        Lang::Fr if rank == Rank::QUEEN => "la dame".into(),
        Lang::Fr => format!("le {}", rank_word(lang, rank)),
    }
}

/// "personne n'a de 9" / "d'as".
fn fr_partitive(rank: Rank) -> String {
    if rank == Rank::ACE {
        "d'as".into()
    } else {
        format!("de {}", rank_word(Lang::Fr, rank))
    }
}

/// A move in words ("play 7♣" / "jouer 7♣"), from its record string; the string itself when it is
/// no Nain Jaune move.
pub fn move_words(lang: Lang, action: &str) -> String {
    match action.parse::<crate::engine::nain_jaune::Action>() {
        Ok(crate::engine::nain_jaune::Action::Play(card)) => {
            let card = crate::app::services::i18n::card_short(lang, card);
            if lang == Lang::En {
                format!("play {card}")
            } else {
                format!("jouer {card}")
            }
        }
        Err(_) => action.to_string(),
    }
}
