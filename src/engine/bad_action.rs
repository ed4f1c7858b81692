//! An action string that is not a move of the game (docs/record.md §3), and why: one kind
//! per fault, shared by the three games' notations. `Display` gives the referee's English sentence.

use std::fmt;

use crate::engine::cards::BadCard;
use crate::engine::game::GameId;

/// `text` cannot be read as an action, for `why`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadAction {
    pub text: String,
    pub why: NotationWhy,
}

impl BadAction {
    pub fn new(text: &str, why: NotationWhy) -> BadAction {
        BadAction { text: text.to_string(), why }
    }
}

/// Why an action string is not a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationWhy {
    /// No verb of the game; `grammar` lists the game's actions, as its error says them.
    NotAnAction {
        game: GameId,
        grammar: &'static str,
    },
    Card(BadCard),
    /// The joker named in a game played without it.
    NoJoker {
        game: GameId,
    },
    /// An amount that is not plain decimal digits.
    NotChips(String),
    /// Bonanza's show: one to three cards.
    ShowSize,
    /// Bonanza's show: cards apart by more than one space.
    ShowSpacing,
    /// Programmes: a combination with no cards.
    EmptyCombination,
    /// Programmes: cards apart by more than one space.
    CardSpacing,
    /// Programmes: `extend` without its two parts.
    ExtendForm,
    /// Programmes: `extend` with a meld number that is not one.
    NotAMeld(String),
}

impl fmt::Display for BadAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = &self.text;
        match &self.why {
            NotationWhy::NotAnAction { game, grammar } => write!(f, "'{text}' is not a {} action ({grammar})", game.name()),
            NotationWhy::Card(e) => write!(f, "'{text}': {e}"),
            NotationWhy::NoJoker { game } => write!(f, "'{text}': {} is played without the joker", game.name()),
            NotationWhy::NotChips(amount) => write!(f, "'{text}': '{amount}' is not a number of chips"),
            NotationWhy::ShowSize => write!(f, "'{text}': a show has one to three cards"),
            NotationWhy::ShowSpacing => write!(f, "'{text}': separate the cards with single spaces"),
            NotationWhy::EmptyCombination => write!(f, "'{text}': a combination lists its cards"),
            NotationWhy::CardSpacing => write!(f, "'{text}': cards are separated by single spaces"),
            NotationWhy::ExtendForm => write!(f, "'{text}': write 'extend N CARD', e.g. 'extend 2 8H'"),
            NotationWhy::NotAMeld(number) => write!(f, "'{text}': '{number}' is not a meld number"),
        }
    }
}

impl std::error::Error for BadAction {}
