//! Why the rules refuse a move (docs/rules/programmes.md), as data: the views decide on the
//! variant, and `Display` gives the referee's and the records' English sentence.

use std::fmt;

use crate::engine::cards::Card;
use crate::engine::game::{Seat, TurnRefusal};

use super::melds::{ExtensionFault, ShapeError};
use super::reveal::{HandFault, RevealFault};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Not this seat's move, or not its card.
    Turn(TurnRefusal),
    DiscardEmpty,
    /// A player with one card in hand draws from the stock.
    OneCardDrawsStock,
    /// The `exchange_after` option is 0.
    ExchangeOff,
    /// An exchange comes before the seat's first draw of the round.
    ExchangeAfterDraw,
    ExchangeTooSoon {
        seat: Seat,
        failed: u32,
        needed: u32,
    },
    NoProgram(Seat),
    /// A turn starts with a draw.
    DrawFirst,
    AlreadyDrew(Seat),
    /// The card was taken from the discard pile this turn.
    TakenFromDiscard(Card),
    AlreadyRevealed(Seat),
    /// Laying down would leave only copies of the card taken from the discard pile this turn,
    /// which may not be discarded.
    Strands(Card),
    MeldBeforeReveal(Seat),
    ExtendBeforeReveal(Seat),
    /// After revealing, new melds are sets.
    NewRun,
    NoMeld {
        meld: usize,
        melds: usize,
    },
    /// The new meld is no combination.
    Shape(ShapeError),
    /// The reveal does not fulfil the program.
    Reveal(RevealFault),
    /// The hand does not hold the cards to lay.
    Hand(HandFault),
    /// The card does not extend that meld.
    Extension(ExtensionFault),
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
            Refusal::DiscardEmpty => f.write_str("the discard pile is empty"),
            Refusal::OneCardDrawsStock => f.write_str("with one card in hand a player must draw from the stock"),
            Refusal::ExchangeOff => f.write_str("program cards may not be exchanged (the 'exchange_after' option is off)"),
            Refusal::ExchangeAfterDraw => f.write_str("a program card may be exchanged only before the first draw of a round"),
            Refusal::ExchangeTooSoon { seat, failed, needed } => {
                write!(f, "seat {seat} has failed {failed} round(s) in a row; exchanging needs {needed}")
            }
            Refusal::NoProgram(seat) => write!(f, "seat {seat} has no program card"),
            Refusal::DrawFirst => f.write_str("the turn starts with a draw ('draw stock' or 'draw discard')"),
            Refusal::AlreadyDrew(seat) => write!(f, "seat {seat} has already drawn this turn"),
            Refusal::TakenFromDiscard(card) => {
                write!(f, "{card} was taken from the discard pile this turn and may not be discarded until a later turn")
            }
            Refusal::AlreadyRevealed(seat) => write!(f, "seat {seat} has already revealed its program this round"),
            Refusal::Strands(card) => write!(
                f,
                "it would leave only {card} in the hand, and a card taken from the discard pile may not be discarded in the same turn"
            ),
            Refusal::MeldBeforeReveal(seat) => {
                write!(f, "seat {seat} must reveal its program before laying down other melds")
            }
            Refusal::ExtendBeforeReveal(seat) => {
                write!(f, "seat {seat} must reveal its program before touching the melds on the table")
            }
            Refusal::NewRun => f.write_str("a new run may never be started: after revealing, new melds are sets of one rank"),
            Refusal::NoMeld { meld, melds } => {
                write!(f, "there is no meld {meld} (the table has {melds} meld(s), numbered from 0)")
            }
            Refusal::Shape(e) => e.fmt(f),
            Refusal::Reveal(fault) => fault.fmt(f),
            Refusal::Hand(fault) => fault.fmt(f),
            Refusal::Extension(fault) => fault.fmt(f),
        }
    }
}
