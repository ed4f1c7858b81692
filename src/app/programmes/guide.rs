//! The guided first deal of Programmes (issue 32): one short deal (`guided_deal.json`, laid out so
//! that every key rule of docs/rules/programmes.md happens once, `tests/programmes_rules.rs` checks it). Bob
//! reveals first; then in one turn the player takes the discard that completes the program,
//! reveals it with a wild, lays a new set, adds to Bob's run and goes out. The panel and its pacing
//! are the three games' own (`app/features/guide/`); here are the steps, the words, and which control a
//! move of several clicks waits for next.

use leptos::prelude::{Signal, With};

use crate::engine::cards::Card;
use crate::engine::programmes::Action;

use super::actions::positions_of;
use crate::app::features::guide::script::{Book, Step, Wait};
use crate::app::services::i18n::{card_short, Lang};

/// Programmes' guide.
pub static BOOK: Book = Book { steps: &STEPS, off_script };

/// The guided deal the book follows, as its file has it.
pub const DEAL: &str = include_str!("guided_deal.json");

const STEPS: [Step; 7] = [
    Step {
        at: 0,
        wait: Wait::Next,
        en: "Welcome to Programmes. Your secret program card asks for three runs of three (three cards in a row, in one suit): lay it all down at once to complete it, and the first to complete five programs wins. Bob plays first: watch.",
        fr: "Bienvenue aux Programmes. Votre carte programme, secrète, demande trois suites de trois (trois cartes qui se suivent, d'une même couleur)\u{a0}: posez-la tout entière d'un coup pour la réussir, et le premier à réussir cinq programmes gagne. Bob joue le premier\u{a0}: regardez.",
    },
    Step {
        at: 3,
        wait: Wait::Move,
        en: "Bob drew, laid down his program, a run of four spades, and discarded the J♣. You hold 9♣ 10♣: the J♣ completes that run, while the stock is a gamble. Click the discard pile to take it.",
        fr: "Bob a pioché, posé son programme, une suite de quatre piques, puis défaussé le V♣. Vous avez 9♣ 10♣\u{a0}: le V♣ complète cette suite, alors que la pioche est un pari. Cliquez sur la défausse pour le prendre.",
    },
    Step {
        at: 4,
        wait: Wait::Move,
        en: "Your hand now holds the whole program. The 5♥ is missing between your 4♥ and 6♥, but twos and jokers are wild: your 2♠ stands for it. Click Reveal to lay the three runs down together.",
        fr: "Votre main contient maintenant tout le programme. Il manque le 5♥ entre vos 4♥ et 6♥, mais les 2 et les jokers sont des frimes, des cartes à tout faire\u{a0}: votre 2♠ le remplace. Cliquez sur Dévoiler pour poser les trois suites ensemble.",
    },
    Step {
        at: 5,
        wait: Wait::Move,
        en: "One program completed! Once revealed, you may lay down new sets, three or more cards of one rank, but never a new run. Select your three kings, then click New set.",
        fr: "Un programme réussi\u{202f}! Une fois dévoilé, vous pouvez poser de nouveaux groupes, trois cartes ou plus d'un même rang, mais jamais de nouvelle suite. Sélectionnez vos trois rois, puis cliquez sur Nouveau groupe.",
    },
    Step {
        at: 6,
        wait: Wait::Move,
        en: "You may also add to any meld on the table, yours or another player's. Select the 9♠, then click Add 9♠ on Bob's spade run.",
        fr: "Vous pouvez aussi compléter toute combinaison sur la table, la vôtre ou celle d'un autre. Sélectionnez le 9♠, puis cliquez sur Ajouter 9♠, dans la suite de piques de Bob.",
    },
    Step {
        at: 7,
        wait: Wait::Move,
        en: "A turn ends with a discard. Your last card is the 3♠: select it and click Discard, and with your hand empty you go out.",
        fr: "Un tour se termine par une défausse. Votre dernière carte est le 3♠\u{a0}: sélectionnez-la et cliquez sur Défausser\u{202f}; votre main vide, vous sortez.",
    },
    Step {
        at: 8,
        wait: Wait::Done,
        en: "You went out: the round is over (it also ends once everyone has revealed). You and Bob completed your programs and each draw a new one; Ada keeps hers. Rounds follow until someone completes five programs. Have fun!",
        fr: "Vous êtes sorti\u{a0}: la donne est finie (elle finit aussi quand tout le monde a dévoilé). Bob et vous avez réussi votre programme et en tirez chacun un nouveau\u{202f}; Ada garde le sien. Les donnes s'enchaînent jusqu'à ce qu'un joueur réussisse cinq programmes. Bonne partie\u{202f}!",
    },
];

/// A move off the script: the rules allow it, the deal was laid out for the scripted one.
fn off_script(lang: Lang, action: &str) -> String {
    let action = action.parse::<Action>().ok();
    let cards = || {
        let cards = action.as_ref().map(Action::cards_played).unwrap_or_default();
        cards.iter().map(|&c| card_short(lang, c)).collect::<Vec<_>>().join(" ")
    };
    let what = match (lang, &action) {
        (Lang::En, Some(Action::DrawStock | Action::DrawDiscard)) => "take the discard pile's card".to_string(),
        (Lang::Fr, Some(Action::DrawStock | Action::DrawDiscard)) => "prenez la carte de la défausse".to_string(),
        (Lang::En, Some(Action::Reveal(_))) => "reveal your program".to_string(),
        (Lang::Fr, Some(Action::Reveal(_))) => "dévoilez votre programme".to_string(),
        (Lang::En, Some(Action::Meld(_))) => format!("lay down {} as a new set", cards()),
        (Lang::Fr, Some(Action::Meld(_))) => format!("posez {} en nouveau groupe", cards()),
        (Lang::En, Some(Action::Extend { .. })) => format!("add the {} to Bob's run", cards()),
        (Lang::Fr, Some(Action::Extend { .. })) => format!("ajoutez le {} à la suite de Bob", cards()),
        (Lang::En, _) => format!("discard the {}", cards()),
        (Lang::Fr, _) => format!("défaussez le {}", cards()),
    };
    match lang {
        Lang::En => format!("The rules allow that move, but this deal is laid out to show them another way. Take it back, then {what}."),
        Lang::Fr => {
            format!("Les règles permettent ce coup, mais cette donne est préparée pour les montrer autrement. Reprenez-le, puis {what}.")
        }
    }
}

/// The control the guide waits for the player to use now (its `data-testid`, or for an extension
/// the `data-action` of its button), given the awaited action, the hand in display order and the
/// cards selected (a mask over it). A move of several clicks moves it along: each card to select in
/// turn (or *Clear* if a stray card is selected), then the button that plays them. (The deal's
/// reveal is the one way its hand allows, the one proposed.)
pub fn target(awaited: &str, hand: &[Card], selected: u64) -> Option<String> {
    let action = awaited.parse::<Action>().ok()?;
    let button = match &action {
        Action::DrawStock => return Some("stock".to_string()),
        Action::DrawDiscard => return Some("discard".to_string()),
        Action::Reveal(_) => return Some("action-reveal".to_string()),
        Action::Meld(_) => "action-meld".to_string(),
        Action::Discard(_) => "action-discard".to_string(),
        Action::ExchangeProgram => "action-exchange".to_string(),
        Action::Extend { .. } => awaited.to_string(),
    };
    let needed = positions_of(hand, action.cards_played());
    Some(if selected & !needed != 0 {
        "selection-clear".to_string()
    } else if selected != needed {
        format!("hand-card-{}", (needed & !selected).trailing_zeros())
    } else {
        button
    })
}

/// `data-tutorial-target` for the control `id` when the guide waits for it.
pub fn mark(target: Signal<Option<String>>, id: String) -> impl Fn() -> Option<&'static str> + Send + Sync + 'static {
    move || target.with(|t| t.as_deref() == Some(id.as_str())).then_some("true")
}
