//! The house rules each game offers on the new-game form, as data: the record key (RECORD.md
//! "Options"), its label in both languages and the kind of value. The form draws every game's
//! options from this table and writes them into the record; the engine then checks them.

use crate::engine::game::GameId;

use super::i18n::Lang;

/// Text in English and French.
pub type Bi = (&'static str, &'static str);

pub fn pick(lang: Lang, (en, fr): Bi) -> &'static str {
    lang.pick(en, fr)
}

/// A choice's record value and its label.
pub type ChoiceValue = (&'static str, Bi);

#[derive(Clone, Copy, Debug)]
pub enum OptionKind {
    /// One of a list of record strings; the first is the default.
    Choice(&'static [ChoiceValue]),
    /// A whole number in `min..=max`.
    Whole { default: i64, min: i64, max: i64 },
    /// A yes/no option, written as a JSON boolean.
    Flag { default: bool },
}

#[derive(Clone, Copy, Debug)]
pub struct OptionSpec {
    /// The record's option key.
    pub key: &'static str,
    pub label: Bi,
    pub hint: Option<Bi>,
    pub kind: OptionKind,
}

impl OptionSpec {
    /// The form field's test id: `opt-` and the key with dashes (`opt-stake-multiplier`).
    pub fn test_id(&self) -> String {
        format!("opt-{}", self.key.replace('_', "-"))
    }

    /// The default value as the form holds it (a string).
    pub fn default_text(&self) -> String {
        match self.kind {
            OptionKind::Choice(values) => values[0].0.to_string(),
            OptionKind::Whole { default, .. } => default.to_string(),
            OptionKind::Flag { default } => default.to_string(),
        }
    }

    /// The record value for what the form holds, or `None` when it is not acceptable.
    pub fn value(&self, text: &str) -> Option<serde_json::Value> {
        let text = text.trim();
        match self.kind {
            OptionKind::Choice(values) => values.iter().find(|(v, _)| *v == text).map(|(v, _)| (*v).into()),
            OptionKind::Whole { min, max, .. } => {
                text.parse::<i64>().ok().filter(|n| (min..=max).contains(n)).map(Into::into)
            }
            OptionKind::Flag { .. } => text.parse::<bool>().ok().map(Into::into),
        }
    }

    /// Why the form's value was refused.
    pub fn error(&self, lang: Lang) -> String {
        match (self.kind, lang) {
            (OptionKind::Whole { min, max, .. }, Lang::En) => format!("Enter a whole number from {min} to {max}."),
            (OptionKind::Whole { min, max, .. }, Lang::Fr) => format!("Indiquez un nombre entier de {min} à {max}."),
            (_, Lang::En) => "Choose one of the values offered.".into(),
            (_, Lang::Fr) => "Choisissez l'une des valeurs proposées.".into(),
        }
    }
}

const NAIN_JAUNE: &[OptionSpec] = &[
    OptionSpec {
        key: "direction",
        label: ("Direction of play", "Sens du jeu"),
        hint: None,
        kind: OptionKind::Choice(&[
            ("clockwise", ("Clockwise", "Sens des aiguilles d'une montre")),
            ("anticlockwise", ("Anticlockwise (the French custom)", "Sens inverse (l'usage français)")),
        ]),
    },
    OptionSpec {
        key: "stake_multiplier",
        label: ("Stake multiplier", "Multiplicateur de mise"),
        hint: Some((
            "Each player stakes 15 chips a round, multiplied by this number.",
            "Chaque joueur mise 15 jetons par donne, multipliés par ce nombre.",
        )),
        kind: OptionKind::Whole { default: 1, min: 1, max: 1_000_000 },
    },
    OptionSpec {
        key: "points",
        label: ("Cards left in a loser's hand cost", "Les cartes restées en main coûtent"),
        hint: None,
        kind: OptionKind::Choice(&[
            ("pips", ("their value (ace 1, court cards 10)", "leur valeur (as 1, figures 10)")),
            ("cards", ("one chip each", "un jeton chacune")),
        ]),
    },
    OptionSpec {
        key: "rounds",
        label: ("Rounds", "Donnes"),
        hint: Some(("0 = until someone cannot stake", "0 = jusqu'à ce qu'un joueur ne puisse plus miser")),
        kind: OptionKind::Whole { default: 0, min: 0, max: 1000 },
    },
];

const BONANZA: &[OptionSpec] = &[
    OptionSpec {
        key: "widow_price_to",
        label: ("The price of a sold widow goes", "Le prix de la veuve vendue va"),
        hint: None,
        kind: OptionKind::Choice(&[
            ("dealer", ("to the dealer (1936 rules)", "au donneur (règle de 1936)")),
            ("pot", ("to the Bonanza pot, as the French edition has it", "au pot du Bonanza, comme dans l'édition française")),
        ]),
    },
    OptionSpec {
        key: "poker",
        label: ("Poker space on the wheel", "Case Poker sur la roue"),
        hint: Some(("No: nine spaces, no Poker call.", "Non : neuf cases, pas d'annonce Poker.")),
        kind: OptionKind::Flag { default: true },
    },
    OptionSpec {
        key: "poker_limit",
        label: ("Largest poker bet or raise", "Mise ou relance maximale au poker"),
        hint: Some(("A bet or a raise is 1 chip up to this.", "Une mise ou une relance va de 1 jeton à ce nombre.")),
        kind: OptionKind::Whole { default: 5, min: 1, max: 1000 },
    },
    OptionSpec {
        key: "poker_max_raises",
        label: ("Raises allowed after the bet", "Relances permises après la mise"),
        hint: None,
        kind: OptionKind::Whole { default: 3, min: 1, max: 100 },
    },
    OptionSpec {
        key: "unused_joker",
        label: ("A joker nobody showed", "Un joker que personne n'a montré"),
        hint: None,
        kind: OptionKind::Choice(&[
            ("set_aside", ("is set aside before the race", "est mis de côté avant la course")),
            (
                "dead_card",
                ("stays in hand, unplayable, and counts at the end", "reste en main, injouable, et compte à la fin"),
            ),
        ]),
    },
    OptionSpec {
        key: "deals",
        label: ("Deals", "Donnes"),
        hint: Some(("0 = twice the number of players", "0 = deux fois le nombre de joueurs")),
        kind: OptionKind::Whole { default: 0, min: 0, max: 1000 },
    },
    OptionSpec {
        key: "leftovers",
        label: ("Chips left on the wheel at the end", "Jetons restés sur la roue à la fin"),
        hint: None,
        kind: OptionKind::Choice(&[
            (
                "split",
                (
                    "are shared equally by the players still in (any remainder stays on the wheel)",
                    "sont partagés à parts égales entre les joueurs restants (le reste éventuel demeure sur la roue)",
                ),
            ),
            ("chip_leader", ("go to the chip leader", "vont au joueur le plus riche")),
        ]),
    },
];

const PROGRAMMES: &[OptionSpec] = &[
    OptionSpec {
        key: "target",
        label: ("Programs to complete to win", "Programmes à réussir pour gagner"),
        hint: Some(("The first player to complete this many wins at once.", "Le premier à en réussir autant gagne aussitôt.")),
        kind: OptionKind::Whole { default: 5, min: 1, max: 1000 },
    },
    OptionSpec {
        key: "exchange_after",
        label: ("Exchange a program after failed rounds", "Échanger son programme après des donnes ratées"),
        hint: Some((
            "0 = never; otherwise, after this many rounds in a row without success, a player may swap his program card on his first turn of a round, before drawing.",
            "0 = jamais ; sinon, après autant de donnes ratées d'affilée, un joueur peut changer de carte programme à son premier tour d'une donne, avant de piocher.",
        )),
        kind: OptionKind::Whole { default: 0, min: 0, max: 1000 },
    },
    OptionSpec {
        key: "strict_constraints",
        label: ("Program constraints stay on the melds", "Les contraintes du programme restent sur les combinaisons"),
        hint: Some((
            "Yes: the suits, values or ban on wilds of a program keep applying to the melds it made.",
            "Oui : les couleurs, valeurs ou l'interdiction des frimes d'un programme valent encore pour ses combinaisons.",
        )),
        kind: OptionKind::Flag { default: false },
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
