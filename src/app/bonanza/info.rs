//! What Bonanza is, as the page tells it ([`GameInfo`]): its name and line for the game chooser,
//! its titles, how a result reads, its house rules on the new-game form, its daily table and what
//! its computer levels do. Registered in `app::games`.

use crate::ai::Level;
use crate::app::features::option_specs::OptionSpec;
use crate::app::game_info::GameInfo;
use crate::engine::bonanza::options;
use crate::engine::game::GameId;

pub const INFO: GameInfo = GameInfo {
    id: GameId::Bonanza,
    name: ("Bonanza", "Bonanza"),
    name_after_to: ("Bonanza", "au Bonanza"),
    blurb: (
        "The 1936 wheel: buy the widow, show your combinations, bet at poker, then race to empty your hand. 2 to 9 players.",
        "La roue de 1936\u{a0}: achetez la veuve, montrez vos combinaisons, misez au poker, puis videz votre main le premier. De 2 à 9 joueurs.",
    ),
    page_title: ("Tapis — Bonanza card game", "Tapis — le jeu de Bonanza"),
    rules_title: ("How to play Bonanza", "Comment jouer au Bonanza"),
    chips: true,
    unit: ("chip", "jeton"),
    average: ("Chips per deal", "Jetons par donne"),
    verdict_unit: ("chips", "jetons"),
    options: OPTIONS,
    first_dealer: None,
    daily: (5, Level::Medium),
    medium: (
        "Medium: the same rules without slips, and it reads the others' bets at the poker.",
        "Moyen\u{a0}: les mêmes règles sans erreur, et il lit les mises des autres au poker.",
    ),
    hard: (
        "Hard: reads the bets too, and plays out thousands of possible deals for its calls and its race.",
        "Fort\u{a0}: lit aussi les mises, et joue des milliers de donnes possibles pour ses annonces et sa course.",
    ),
};

/// The house rules, in the order the form shows them.
const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        decl: &options::WIDOW_PRICE_TO,
        label: ("The price of a sold widow goes", "Le prix de la veuve vendue va"),
        hint: None,
        choices: &[
            ("to the dealer (1936 rules)", "au donneur (règle de 1936)"),
            ("to the Bonanza pot, as the French edition has it", "au pot du Bonanza, comme dans l'édition française"),
        ],
    },
    OptionSpec {
        decl: &options::POKER,
        label: ("Poker space on the wheel", "Case Poker sur la roue"),
        hint: Some(("No: nine spaces, no Poker call.", "Non : neuf cases, pas d'annonce Poker.")),
        choices: &[],
    },
    OptionSpec {
        decl: &options::POKER_LIMIT,
        label: ("Largest poker bet or raise", "Mise ou relance maximale au poker"),
        hint: Some(("A bet or a raise is 1 chip up to this.", "Une mise ou une relance va de 1 jeton à ce nombre.")),
        choices: &[],
    },
    OptionSpec {
        decl: &options::POKER_MAX_RAISES,
        label: ("Raises allowed after the bet", "Relances permises après la mise"),
        hint: None,
        choices: &[],
    },
    OptionSpec {
        decl: &options::UNUSED_JOKER,
        label: ("A joker nobody showed", "Un joker que personne n'a montré"),
        hint: None,
        choices: &[
            ("is set aside before the race", "est mis de côté avant la course"),
            ("stays in hand, unplayable, and counts at the end", "reste en main, injouable, et compte à la fin"),
        ],
    },
    OptionSpec {
        decl: &options::DEALS,
        label: ("Deals", "Donnes"),
        hint: Some(("0 = twice the number of players", "0 = deux fois le nombre de joueurs")),
        choices: &[],
    },
    OptionSpec {
        decl: &options::LEFTOVERS,
        label: ("Chips left on the wheel at the end", "Jetons restés sur la roue à la fin"),
        hint: None,
        choices: &[
            (
                "are shared equally by the players still in (any remainder stays on the wheel)",
                "sont partagés à parts égales entre les joueurs restants (le reste éventuel demeure sur la roue)",
            ),
            ("go to the chip leader", "vont au joueur le plus riche"),
        ],
    },
];
