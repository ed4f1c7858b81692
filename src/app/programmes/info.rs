//! What Programmes is, as the page tells it ([`GameInfo`]): its name and line for the game chooser,
//! its titles, how a result reads, its house rules on the new-game form, its daily table and what
//! its computer levels do. Registered in `app::games`.

use crate::ai::Level;
use crate::app::features::option_specs::OptionSpec;
use crate::app::game_info::GameInfo;
use crate::engine::game::GameId;
use crate::engine::programmes::options;

pub const INFO: GameInfo = GameInfo {
    id: GameId::Programmes,
    name: ("Programmes", "Programmes"),
    name_after_to: ("Programmes", "aux Programmes"),
    blurb: (
        "Rummy with a secret program card: lay down exactly what it asks, first to five wins. 2 to 6 players (7 as a variant).",
        "Un rami avec une carte programme secrète\u{a0}: posez exactement ce qu'elle demande, le premier à cinq gagne. De 2 à 6 joueurs (7 en variante).",
    ),
    page_title: ("Tapis — Programmes card game", "Tapis — le jeu des Programmes"),
    rules_title: ("How to play Programmes", "Comment jouer aux Programmes"),
    chips: false,
    unit: ("program", "programme"),
    average: ("Programs per match", "Programmes par partie"),
    verdict_unit: ("points", "points"),
    options: OPTIONS,
    first_dealer: Some(|seed, players| crate::engine::programmes::draw_first_dealer(seed, players).0),
    daily: (4, Level::Medium),
    medium: (
        "Medium: tries its draws and discards on dozens of guesses at the hidden hands.",
        "Moyen\u{a0}: essaie ses pioches et ses défausses sur des dizaines de suppositions des mains cachées.",
    ),
    hard: (
        "Hard: tries its draws and discards on hundreds of guesses, and leaves its rules only for a clearly better move.",
        "Fort\u{a0}: essaie ses pioches et ses défausses sur des centaines de suppositions, et ne quitte ses règles que pour un coup nettement meilleur.",
    ),
};

/// The house rules, in the order the form shows them.
const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        decl: &options::TARGET,
        label: ("Programs to complete to win", "Programmes à réussir pour gagner"),
        hint: Some(("The first player to complete this many wins at once.", "Le premier à en réussir autant gagne aussitôt.")),
        choices: &[],
    },
    OptionSpec {
        decl: &options::EXCHANGE_AFTER,
        label: ("Exchange a program after failed rounds", "Échanger son programme après des donnes ratées"),
        hint: Some((
            "0 = never; otherwise, after this many rounds in a row without success, a player may swap his program card on his first turn of a round, before drawing.",
            "0 = jamais ; sinon, après autant de donnes ratées d'affilée, un joueur peut changer de carte programme à son premier tour d'une donne, avant de piocher.",
        )),
        choices: &[],
    },
    OptionSpec {
        decl: &options::STRICT_CONSTRAINTS,
        label: ("Program constraints stay on the melds", "Les contraintes du programme restent sur les combinaisons"),
        hint: Some((
            "Yes: the suits, values or ban on wilds of a program keep applying to the melds it made.",
            "Oui : les couleurs, valeurs ou l'interdiction des frimes d'un programme valent encore pour ses combinaisons.",
        )),
        choices: &[],
    },
];
