//! What Nain Jaune is, as the page tells it ([`GameInfo`]): its name and line for the game chooser,
//! its titles, how a result reads, its house rules on the new-game form, its daily table and what
//! its computer levels do. Registered in `app::games`.

use crate::ai::Level;
use crate::app::features::option_specs::OptionSpec;
use crate::app::game_info::GameInfo;
use crate::engine::game::GameId;
use crate::engine::nain_jaune::options;

pub const INFO: GameInfo = GameInfo {
    id: GameId::NainJaune,
    name: ("Nain Jaune", "Nain Jaune"),
    name_after_to: ("Nain Jaune", "au Nain Jaune"),
    blurb: (
        "Climb the ranks, catch the five board cards, empty your hand first. 3 to 8 players (2 as a variant).",
        "Montez les rangs, attrapez les cinq cartes du tableau, videz votre main le premier. De 3 à 8 joueurs (2 en variante).",
    ),
    page_title: ("Tapis — Nain Jaune card game", "Tapis — le jeu du Nain Jaune"),
    rules_title: ("How to play Nain Jaune", "Comment jouer au Nain Jaune"),
    chips: true,
    unit: ("chip", "jeton"),
    average: ("Chips per deal", "Jetons par donne"),
    verdict_unit: ("chips", "jetons"),
    options: OPTIONS,
    first_dealer: None,
    daily: (4, Level::Medium),
    medium: (
        "Medium: tries each card on dozens of guesses at the hidden hands.",
        "Moyen\u{a0}: essaie chaque carte sur des dizaines de suppositions des mains cachées.",
    ),
    hard: (
        "Hard: plays out thousands of possible deals before each card.",
        "Fort\u{a0}: joue des milliers de donnes possibles avant chaque carte.",
    ),
};

/// The house rules, in the order the form shows them.
const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        decl: &options::DIRECTION,
        label: ("Direction of play", "Sens du jeu"),
        hint: None,
        choices: &[
            ("Clockwise", "Sens des aiguilles d'une montre"),
            ("Anticlockwise (the French custom)", "Sens inverse (l'usage français)"),
        ],
    },
    OptionSpec {
        decl: &options::STAKE_MULTIPLIER,
        label: ("Stake multiplier", "Multiplicateur de mise"),
        hint: Some((
            "Each player stakes 15 chips a round, multiplied by this number.",
            "Chaque joueur mise 15 jetons par donne, multipliés par ce nombre.",
        )),
        choices: &[],
    },
    OptionSpec {
        decl: &options::POINTS,
        label: ("Cards left in a loser's hand cost", "Les cartes restées en main coûtent"),
        hint: None,
        choices: &[("their value (ace 1, court cards 10)", "leur valeur (as 1, figures 10)"), ("one chip each", "un jeton chacune")],
    },
    OptionSpec {
        decl: &options::ROUNDS,
        label: ("Rounds", "Donnes"),
        hint: Some(("0 = until someone cannot stake", "0 = jusqu'à ce qu'un joueur ne puisse plus miser")),
        choices: &[],
    },
];
