//! What a seat plate shows (each game's table fills it; `app::seats` draws it).

use crate::engine::cards::Card;
use crate::engine::game::{Chips, Seat};

use super::people::Person;
use super::session::SeatKind;

/// What a seat plate shows.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatView {
    pub seat: Seat,
    pub person: Person,
    pub kind: SeatKind,
    /// The stack in front of the player (`None` in a game without chips).
    pub chips: Option<Chips>,
    pub cards: usize,
    /// A game's own line on the plate (e.g. programs completed, "out of the game").
    pub note: Option<String>,
    /// Cards of this hand the whole table has seen (shown at a call), drawn small on the plate.
    pub shown: Vec<Card>,
    pub dealer: bool,
    pub to_move: bool,
    /// A computer seat whose move is being computed.
    pub thinking: bool,
    pub viewer: bool,
}
