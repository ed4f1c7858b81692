//! The guided first game of Bonanza (issue 32): one short deal (`guided_deal.json`, laid out so
//! that every key rule of docs/rules/bonanza.md happens once, `tests/bonanza_rules.rs` checks it). The
//! player deals and makes every teaching move; the computers play the script's. The panel and its
//! pacing are the three games' own (`app/features/guide/`); here are the steps and the words.

use crate::engine::bonanza::Action;

use super::text::action_label;
use crate::app::features::guide::script::{awaited, Book, Step, Wait};
use crate::app::services::i18n::Lang;
use crate::app::AppState;

/// Bonanza's guide.
pub static BOOK: Book = Book { steps: &STEPS, off_script };

/// The guided deal the book follows, as its file has it.
pub const DEAL: &str = include_str!("guided_deal.json");

const STEPS: [Step; 14] = [
    Step {
        at: 0,
        wait: Wait::Move,
        en: "Welcome to Bonanza. Everyone has put a chip on each of the wheel's ten spaces. This deal is laid out to show every rule in a few moves, so the hands are uneven: you hold 6 cards, Bob 23 (a real deal gives everyone as many, give or take one). You deal: the extra hand face down is the widow, which you may swap for your hand unseen, or sell. Choose “Sell the widow”.",
        fr: "Bienvenue au Bonanza. Chacun a posé un jeton sur chacune des dix cases de la roue. Cette donne est préparée pour montrer toutes les règles en quelques coups, d'où des mains inégales\u{a0}: vous avez 6 cartes, Bob 23 (dans une vraie donne, chacun reçoit autant de cartes, à une près). Vous donnez\u{a0}: la main en trop, face cachée, est la veuve, que vous pouvez prendre à la place de votre main sans la voir, ou vendre. Choisissez «\u{a0}Vendre la veuve\u{a0}».",
    },
    Step {
        at: 1,
        wait: Wait::Next,
        en: "Ada and Bob now bid for it in turn, each offer at least a chip higher; a pass is final. The buyer pays you and takes the widow, and his old hand becomes the dead hand, face down to the end.",
        fr: "Ada et Bob la mettent maintenant aux enchères, chacun son tour, chaque offre d'au moins un jeton de plus\u{a0}; qui passe ne revient pas. L'acheteur vous paie et prend la veuve, et son ancienne main devient la main morte, face cachée jusqu'au bout.",
    },
    Step {
        at: 4,
        wait: Wait::Move,
        en: "Bob bought the widow for 2 chips: he now plays with the widow's 14 cards, and his 23 make the dead hand. Now you call the upper spaces one by one, the Joker first. You hold it: show it to take its space, or keep silent and keep it wild for a later call. Nobody learns that you could have shown: choose “Pass”.",
        fr: "Bob a acheté la veuve 2 jetons\u{a0}: il joue désormais avec les 14 cartes de la veuve, et ses 23 cartes forment la main morte. Vous annoncez maintenant les cases du haut une à une, le Joker d'abord. Vous l'avez\u{a0}: montrez-le pour prendre sa case, ou taisez-vous et gardez-le pour remplacer une carte plus tard. Personne ne saura que vous auriez pu montrer\u{a0}: choisissez «\u{a0}Passer\u{a0}».",
    },
    Step {
        at: 5,
        wait: Wait::Move,
        en: "Queen-Jack wants the Q♠ and the J♦. You hold the Q♠, and your joker stands in for the J♦: show them. A joker once shown leaves the game.",
        fr: "Dame-Valet demande la D♠ et le V♦. Vous avez la D♠, et votre joker remplace le V♦\u{a0}: montrez-les. Un joker montré quitte la partie.",
    },
    Step {
        at: 6,
        wait: Wait::Next,
        en: "The Queen-Jack space is yours. Next come Sequence, three cards in a row in one suit (the highest wins), and Ten-Two, the 10♦ with the 2♠. You have neither, so you are not asked: watch.",
        fr: "La case Dame-Valet est à vous. Viennent la Séquence, trois cartes qui se suivent dans une couleur (la plus haute gagne), et Dix-Deux, le 10♦ avec le 2♠. Vous n'avez ni l'une ni l'autre, on ne vous demande rien\u{a0}: regardez.",
    },
    Step {
        at: 8,
        wait: Wait::Move,
        en: "Ada took the Sequence with 7-8-9♥, Bob the Ten-Two. Last, Poker: each player with five cards or more plays his best five, after one round of betting that you open. With a pair of kings, bet 1 chip.",
        fr: "Ada a pris la Séquence avec 7-8-9♥, Bob le Dix-Deux. Enfin, le Poker\u{a0}: chacun, s'il a au moins cinq cartes, joue ses cinq meilleures, après un tour de mises que vous ouvrez. Avec une paire de rois, misez 1 jeton.",
    },
    Step {
        at: 11,
        wait: Wait::Next,
        en: "Each in turn may call your bet, raise it or fold: Ada called, Bob folded. Your pair of kings beats Ada's hand, so the Poker space is yours; only the winner's five cards are shown.",
        fr: "Chacun à son tour peut suivre votre mise, relancer ou se coucher\u{a0}: Ada a suivi, Bob s'est couché. Votre paire de rois bat la main d'Ada, la case Poker est donc à vous\u{a0}; seules les cinq cartes du gagnant sont montrées.",
    },
    Step {
        at: 11,
        wait: Wait::Move,
        en: "Now the race. You lead the lowest card you hold in a suit of your choice, and whoever holds the next card up in that suit must play it. Lead your spades: play the Q♠.",
        fr: "Place à la course. Vous ouvrez avec votre plus petite carte dans la couleur de votre choix, et qui a la carte suivante de cette couleur doit la jouer. Ouvrez à pique\u{a0}: jouez la D♠.",
    },
    Step {
        at: 12,
        wait: Wait::Move,
        en: "The next card, the K♠, is yours: you must play it.",
        fr: "La carte suivante, le R♠, est à vous\u{a0}: vous devez la jouer.",
    },
    Step {
        at: 13,
        wait: Wait::Move,
        en: "Nobody holds the A♠: it lies in Bob's dead hand. Your K♠ is a stop, so you lead again, in the other colour: red. Play the K♥, which takes the King of Hearts space.",
        fr: "Personne n'a l'A♠\u{a0}: il dort dans la main morte de Bob. Votre R♠ est un arrêt, vous ouvrez donc de nouveau, dans l'autre teinte\u{a0}: le rouge. Jouez le R♥, qui prend la case Roi de cœur.",
    },
    Step {
        at: 14,
        wait: Wait::Move,
        en: "The next card, the A♥, is yours too: play it.",
        fr: "La carte suivante, l'A♥, est à vous aussi\u{a0}: jouez-le.",
    },
    Step {
        at: 15,
        wait: Wait::Move,
        en: "An ace always ends the run: another stop, and the colour changes back to black. Your last card is the 5♣: play it.",
        fr: "Un as arrête toujours la suite\u{a0}: nouvel arrêt, et l'on revient au noir. Votre dernière carte est le 5♣\u{a0}: jouez-la.",
    },
    Step {
        at: 16,
        wait: Wait::Next,
        en: "Bonanza! You emptied your hand first: you take the Bonanza pot in the middle, and Ada and Bob each pay you a chip for every card they still hold.",
        fr: "Bonanza\u{a0}! Vous avez vidé votre main le premier\u{a0}: vous prenez le pot du Bonanza, au centre, et Ada et Bob vous paient chacun un jeton par carte qui leur reste.",
    },
    Step {
        at: 16,
        wait: Wait::Done,
        en: "In a real game a space nobody won keeps its chips for the next deal, and the deal passes to the left; after the last deal, what is left on the wheel is shared out, and the most chips wins. You know the game now. Have fun!",
        fr: "Dans une vraie partie, une case que personne n'a gagnée garde ses jetons pour la donne suivante, et la donne passe à gauche\u{a0}; après la dernière donne, ce qui reste sur la roue est partagé, et le plus riche gagne. Vous connaissez le jeu, maintenant. Bonne partie\u{a0}!",
    },
];

/// A move off the script: the rules allow it, the deal was laid out for the scripted one.
fn off_script(lang: Lang, action: &str) -> String {
    let label = action.parse::<Action>().map(|a| action_label(lang, &a, 0)).unwrap_or_default();
    match lang {
        Lang::En => format!("The rules allow that move, but this deal is laid out to show them with another. Take it back and choose “{label}”."),
        Lang::Fr => format!("Les règles permettent ce coup, mais cette donne est préparée pour les montrer avec un autre. Reprenez-le et choisissez «\u{a0}{label}\u{a0}»."),
    }
}

/// The move the guide waits for now, if any: its card is marked in the hand, any other move on
/// its button (`data-tutorial-target`).
pub fn target(state: &AppState) -> Option<Action> {
    awaited(state)?.parse().ok()
}
