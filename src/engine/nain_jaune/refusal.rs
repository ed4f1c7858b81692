//! Why the rules refuse a move (RULES.md §2), as data: `Display` gives the referee's and the
//! records' English sentence.

use std::fmt;

use crate::engine::cards::{Card, Rank};
use crate::engine::game::Seat;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    GameOver,
    NotYourTurn { to_move: Seat, seat: Seat },
    NotHeld { seat: Seat, card: Card },
    /// The sequence goes on with the next rank, which the seat holds.
    MustFollow { seat: Seat, wanted: Rank },
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::GameOver => f.write_str("the game is over"),
            Refusal::NotYourTurn { to_move, seat } => write!(f, "it is seat {to_move}'s turn, not seat {seat}'s"),
            Refusal::NotHeld { seat, card } => write!(f, "seat {seat} does not hold {card}"),
            Refusal::MustFollow { seat, wanted } => {
                write!(f, "the sequence wants a {}; seat {seat} must play one", wanted.label())
            }
        }
    }
}
