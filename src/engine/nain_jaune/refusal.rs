//! Why the rules refuse a move (docs/rules/nain-jaune.md), as data: `Display` gives the referee's
//! and the records' English sentence.

use std::fmt;

use crate::engine::cards::Rank;
use crate::engine::game::{Seat, TurnRefusal};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Not this seat's move, or not its card.
    Turn(TurnRefusal),
    /// The sequence goes on with the next rank, which the seat holds.
    MustFollow { seat: Seat, wanted: Rank },
}

impl crate::engine::game::GameRefusal for Refusal {
    fn turn(&self) -> Option<TurnRefusal> {
        match self {
            Refusal::Turn(t) => Some(*t),
            _ => None,
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Turn(turn) => turn.fmt(f),
            Refusal::MustFollow { seat, wanted } => {
                write!(f, "the sequence wants a {}; seat {seat} must play one", wanted.label())
            }
        }
    }
}
