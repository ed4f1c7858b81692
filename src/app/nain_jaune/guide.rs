//! The guided first game of Nain Jaune (issue 32): one short deal (`guided_deal.json`, laid out so
//! that every key rule of docs/rules/nain-jaune.md happens once, `tests/nain_jaune_rules.rs` checks it). Every
//! one of the computers' moves is forced. The panel and its pacing are the three games' own
//! (`app/features/guide/`); here are the steps and the words.

use crate::engine::cards::Card;

use crate::app::features::guide::script::{Book, Step, Wait};
use crate::app::services::i18n::{card_short, Lang};

/// Nain Jaune's guide.
pub static BOOK: Book = Book { steps: &STEPS, off_script };

/// The guided deal the book follows, as its file has it.
pub const DEAL: &str = include_str!("guided_deal.json");

const STEPS: [Step; 9] = [
    Step {
        at: 0,
        wait: Wait::Move,
        en: "Welcome to Nain Jaune. The five boxes on the board hold everyone's stake: 10♦, J♣, Q♠, K♥ and the Yellow Dwarf, 7♦. Whoever plays one of those cards takes its box. You sit after the dealer, so you lead, with any card you like. Play the 5♣.",
        fr: "Bienvenue au Nain Jaune. Les cinq cases du tableau gardent les mises de tous\u{a0}: 10♦, V♣, D♠, R♥ et le Nain Jaune, 7♦. Qui joue l'une de ces cartes rafle sa case. Vous êtes placé après le donneur, vous entamez donc, avec la carte de votre choix. Jouez le 5♣.",
    },
    Step {
        at: 1,
        wait: Wait::Move,
        en: "Now climb one rank at a time, in any suit, as long as you can. You hold a 6: play the 6♠.",
        fr: "Montez maintenant d'un rang à la fois, dans n'importe quelle couleur, tant que vous le pouvez. Vous avez un 6\u{a0}: jouez le 6♠.",
    },
    Step {
        at: 2,
        wait: Wait::Move,
        en: "Your 7 is the 7♦, the Yellow Dwarf itself: playing it takes everything in its box. Play it.",
        fr: "Votre 7 est le 7♦, le Nain Jaune en personne\u{a0}: le jouer rafle toute sa case. Jouez-le.",
    },
    Step {
        at: 3,
        wait: Wait::Next,
        en: "You took the Yellow Dwarf's 15 chips. You have no 8, so the table calls “7 without 8”: the next player who holds an 8 goes on from there. Watch Ada and Bob.",
        fr: "Vous avez raflé les 15 jetons du Nain Jaune. Vous n'avez pas de 8\u{a0}: on annonce «\u{a0}7 sans 8\u{a0}», et le joueur suivant qui a un 8 continue. Regardez Ada et Bob.",
    },
    Step {
        at: 6,
        wait: Wait::Move,
        en: "Ada went on with the 8 and the 9, then came “9 without 10”: Bob played the 10♦ and took its box. Now it is “10 without J”, and you hold a jack: play the J♠.",
        fr: "Ada a continué avec le 8 et le 9, puis est venu «\u{a0}9 sans 10\u{a0}»\u{a0}: Bob a joué le 10♦ et raflé sa case. On en est à «\u{a0}10 sans valet\u{a0}», et vous avez un valet\u{a0}: jouez le V♠.",
    },
    Step {
        at: 7,
        wait: Wait::Move,
        en: "Keep climbing: play the Q♥.",
        fr: "Continuez de monter\u{a0}: jouez la D♥.",
    },
    Step {
        at: 8,
        wait: Wait::Move,
        en: "Nobody holds a king: they are all in the talon, the cards nobody plays. That is a stop, and as you played last you lead again, with any card. Only the 2♦ is left: play it, and your hand is empty.",
        fr: "Personne n'a de roi\u{a0}: ils sont tous au talon, les cartes que personne ne joue. C'est un arrêt, et comme vous avez joué en dernier, vous entamez de nouveau, avec la carte de votre choix. Il ne vous reste que le 2♦\u{a0}: jouez-le, et votre main est vide.",
    },
    Step {
        at: 9,
        wait: Wait::Next,
        en: "You emptied your hand first: you win the round. Bob still held the Q♠, a board card, so he pays its box as much as it holds. Then Ada and Bob pay you the points left in their hands: a card's value, 10 for a jack, a queen or a king, 1 for an ace.",
        fr: "Vous avez vidé votre main le premier\u{a0}: vous gagnez la donne. Bob avait encore la D♠, une carte du tableau\u{a0}: il paie donc à sa case autant qu'elle contient. Puis Ada et Bob vous paient les points restés dans leur main\u{a0}: la valeur de la carte, 10 pour un valet, une dame ou un roi, 1 pour un as.",
    },
    Step {
        at: 9,
        wait: Wait::Done,
        en: "One last rule: empty your hand before anyone else has played a single card, and that is a Grand Opéra: you sweep all five boxes. A game goes on round after round until someone cannot pay the stake, and the most chips wins. You know the game now. Have fun!",
        fr: "Une dernière règle\u{a0}: videz votre main avant que quiconque ait joué une seule carte, c'est un Grand Opéra, et vous raflez les cinq cases. Une partie continue donne après donne jusqu'à ce qu'un joueur ne puisse plus miser, et le plus riche gagne. Vous connaissez le jeu, maintenant. Bonne partie\u{a0}!",
    },
];

/// A card off the script: the rules allow it, the deal was laid out for the scripted one.
fn off_script(lang: Lang, action: &str) -> String {
    let card = scripted_card(action).map(|c| card_short(lang, c)).unwrap_or_default();
    match lang {
        Lang::En => format!("The rules allow that card, but this deal is laid out to show them with the {card}. Take it back and play the {card}."),
        Lang::Fr => format!("Les règles permettent cette carte, mais cette donne est préparée pour les montrer avec le {card}. Reprenez-la et jouez le {card}."),
    }
}

/// The card of a scripted `play` action.
fn scripted_card(action: &str) -> Option<Card> {
    let Ok(crate::engine::nain_jaune::Action::Play(card)) = action.parse() else { return None };
    Some(card)
}

/// The card the guide waits for now, if any (for the hand's `data-tutorial-target`).
pub fn target(state: &crate::app::AppState) -> Option<Card> {
    scripted_card(&crate::app::features::guide::script::awaited(state)?)
}
