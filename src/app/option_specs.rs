//! The house rules each game offers on the new-game form: the engine declares each option (its
//! record key, values, default and bounds: `engine::<game>::options`), and this table adds what a
//! player reads, its label in both languages and the labels of its choices. The form draws every
//! game's options from here and writes them into the record; the engine then checks them.

use crate::engine::bonanza::options as bonanza;
use crate::engine::game::{GameId, OptionDecl, OptionKind};
use crate::engine::nain_jaune::options as nain_jaune;
use crate::engine::programmes::options as programmes;

use super::i18n::Lang;

/// Text in English and French.
pub type Bi = (&'static str, &'static str);

pub fn pick(lang: Lang, (en, fr): Bi) -> &'static str {
    lang.pick(en, fr)
}

/// Yes and No, the choices of a flag.
const YES_NO: [Bi; 2] = [("Yes", "Oui"), ("No", "Non")];

#[derive(Clone, Copy, Debug)]
pub struct OptionSpec {
    /// The engine's declaration: key, values, default, bounds.
    pub decl: &'static OptionDecl,
    pub label: Bi,
    pub hint: Option<Bi>,
    /// The labels of a choice's values, in the declaration's order (none for other kinds).
    pub choices: &'static [Bi],
}

impl OptionSpec {
    /// The record's option key.
    pub fn key(&self) -> &'static str {
        self.decl.key
    }

    /// The form field's test id: `opt-` and the key with dashes (`opt-stake-multiplier`).
    pub fn test_id(&self) -> String {
        format!("opt-{}", self.key().replace('_', "-"))
    }

    /// The values a select offers, each with its label: a choice's, or yes and no for a flag.
    pub fn options(&self) -> Vec<(&'static str, Bi)> {
        match self.decl.kind {
            OptionKind::Choice(values) => values.iter().copied().zip(self.choices.iter().copied()).collect(),
            _ => vec![("true", YES_NO[0]), ("false", YES_NO[1])],
        }
    }

    /// The default value as the form holds it (a string).
    pub fn default_text(&self) -> String {
        match self.decl.kind {
            OptionKind::Choice(values) => values[0].to_string(),
            OptionKind::Whole { default, .. } => default.to_string(),
            OptionKind::Flag { default } => default.to_string(),
        }
    }

    /// The record value for what the form holds, or `None` when the engine would refuse it.
    pub fn value(&self, text: &str) -> Option<serde_json::Value> {
        let text = text.trim();
        match self.decl.kind {
            OptionKind::Choice(values) => values.iter().find(|v| **v == text).map(|v| (*v).into()),
            OptionKind::Whole { min, max, .. } => {
                text.parse::<i64>().ok().filter(|n| (min..=max).contains(n)).map(Into::into)
            }
            OptionKind::Flag { .. } => text.parse::<bool>().ok().map(Into::into),
        }
    }

    /// Why the form's value was refused.
    pub fn error(&self, lang: Lang) -> String {
        match (self.decl.kind, lang) {
            // No upper bound worth saying (the largest 64-bit number).
            (OptionKind::Whole { min, max: i64::MAX, .. }, Lang::En) => format!("Enter a whole number of at least {min}."),
            (OptionKind::Whole { min, max: i64::MAX, .. }, Lang::Fr) => format!("Indiquez un nombre entier d'au moins {min}."),
            (OptionKind::Whole { min, max, .. }, Lang::En) => format!("Enter a whole number from {min} to {max}."),
            (OptionKind::Whole { min, max, .. }, Lang::Fr) => format!("Indiquez un nombre entier de {min} à {max}."),
            (_, Lang::En) => "Choose one of the values offered.".into(),
            (_, Lang::Fr) => "Choisissez l'une des valeurs proposées.".into(),
        }
    }
}

const NAIN_JAUNE: &[OptionSpec] = &[
    OptionSpec {
        decl: &nain_jaune::DIRECTION,
        label: ("Direction of play", "Sens du jeu"),
        hint: None,
        choices: &[
            ("Clockwise", "Sens des aiguilles d'une montre"),
            ("Anticlockwise (the French custom)", "Sens inverse (l'usage français)"),
        ],
    },
    OptionSpec {
        decl: &nain_jaune::STAKE_MULTIPLIER,
        label: ("Stake multiplier", "Multiplicateur de mise"),
        hint: Some((
            "Each player stakes 15 chips a round, multiplied by this number.",
            "Chaque joueur mise 15 jetons par donne, multipliés par ce nombre.",
        )),
        choices: &[],
    },
    OptionSpec {
        decl: &nain_jaune::POINTS,
        label: ("Cards left in a loser's hand cost", "Les cartes restées en main coûtent"),
        hint: None,
        choices: &[
            ("their value (ace 1, court cards 10)", "leur valeur (as 1, figures 10)"),
            ("one chip each", "un jeton chacune"),
        ],
    },
    OptionSpec {
        decl: &nain_jaune::ROUNDS,
        label: ("Rounds", "Donnes"),
        hint: Some(("0 = until someone cannot stake", "0 = jusqu'à ce qu'un joueur ne puisse plus miser")),
        choices: &[],
    },
];

const BONANZA: &[OptionSpec] = &[
    OptionSpec {
        decl: &bonanza::WIDOW_PRICE_TO,
        label: ("The price of a sold widow goes", "Le prix de la veuve vendue va"),
        hint: None,
        choices: &[
            ("to the dealer (1936 rules)", "au donneur (règle de 1936)"),
            ("to the Bonanza pot, as the French edition has it", "au pot du Bonanza, comme dans l'édition française"),
        ],
    },
    OptionSpec {
        decl: &bonanza::POKER,
        label: ("Poker space on the wheel", "Case Poker sur la roue"),
        hint: Some(("No: nine spaces, no Poker call.", "Non : neuf cases, pas d'annonce Poker.")),
        choices: &[],
    },
    OptionSpec {
        decl: &bonanza::POKER_LIMIT,
        label: ("Largest poker bet or raise", "Mise ou relance maximale au poker"),
        hint: Some(("A bet or a raise is 1 chip up to this.", "Une mise ou une relance va de 1 jeton à ce nombre.")),
        choices: &[],
    },
    OptionSpec {
        decl: &bonanza::POKER_MAX_RAISES,
        label: ("Raises allowed after the bet", "Relances permises après la mise"),
        hint: None,
        choices: &[],
    },
    OptionSpec {
        decl: &bonanza::UNUSED_JOKER,
        label: ("A joker nobody showed", "Un joker que personne n'a montré"),
        hint: None,
        choices: &[
            ("is set aside before the race", "est mis de côté avant la course"),
            ("stays in hand, unplayable, and counts at the end", "reste en main, injouable, et compte à la fin"),
        ],
    },
    OptionSpec {
        decl: &bonanza::DEALS,
        label: ("Deals", "Donnes"),
        hint: Some(("0 = twice the number of players", "0 = deux fois le nombre de joueurs")),
        choices: &[],
    },
    OptionSpec {
        decl: &bonanza::LEFTOVERS,
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

const PROGRAMMES: &[OptionSpec] = &[
    OptionSpec {
        decl: &programmes::TARGET,
        label: ("Programs to complete to win", "Programmes à réussir pour gagner"),
        hint: Some(("The first player to complete this many wins at once.", "Le premier à en réussir autant gagne aussitôt.")),
        choices: &[],
    },
    OptionSpec {
        decl: &programmes::EXCHANGE_AFTER,
        label: ("Exchange a program after failed rounds", "Échanger son programme après des donnes ratées"),
        hint: Some((
            "0 = never; otherwise, after this many rounds in a row without success, a player may swap his program card on his first turn of a round, before drawing.",
            "0 = jamais ; sinon, après autant de donnes ratées d'affilée, un joueur peut changer de carte programme à son premier tour d'une donne, avant de piocher.",
        )),
        choices: &[],
    },
    OptionSpec {
        decl: &programmes::STRICT_CONSTRAINTS,
        label: ("Program constraints stay on the melds", "Les contraintes du programme restent sur les combinaisons"),
        hint: Some((
            "Yes: the suits, values or ban on wilds of a program keep applying to the melds it made.",
            "Oui : les couleurs, valeurs ou l'interdiction des frimes d'un programme valent encore pour ses combinaisons.",
        )),
        choices: &[],
    },
];

/// The house rules of `game`, in the order the form shows them.
pub fn option_specs(game: GameId) -> &'static [OptionSpec] {
    match game {
        GameId::NainJaune => NAIN_JAUNE,
        GameId::Bonanza => BONANZA,
        GameId::Programmes => PROGRAMMES,
    }
}

/// The game's name and a one-line description for the game chooser.
pub fn game_title(game: GameId) -> (Bi, Bi) {
    match game {
        GameId::NainJaune => (
            ("Nain Jaune", "Nain Jaune"),
            (
                "Climb the ranks, catch the five board cards, empty your hand first. 3 to 8 players (2 as a variant).",
                "Montez les rangs, attrapez les cinq cartes du tableau, videz votre main le premier. De 3 à 8 joueurs (2 en variante).",
            ),
        ),
        GameId::Bonanza => (
            ("Bonanza", "Bonanza"),
            (
                "The 1936 wheel: buy the widow, show your combinations, bet at poker, then race to empty your hand. 2 to 9 players.",
                "La roue de 1936 : achetez la veuve, montrez vos combinaisons, misez au poker, puis videz votre main le premier. De 2 à 9 joueurs.",
            ),
        ),
        GameId::Programmes => (
            ("Programmes", "Programmes"),
            (
                "Rummy with a secret program card: lay down exactly what it asks, first to five wins. 2 to 6 players (7 as a variant).",
                "Un rami avec une carte programme secrète : posez exactement ce qu'elle demande, le premier à cinq gagne. De 2 à 6 joueurs (7 en variante).",
            ),
        ),
    }
}
