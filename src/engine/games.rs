//! The games the engine knows, above the games themselves (as shakmaty's `variant.rs` stands
//! above its positions): what runs a generic function for the game a [`GameId`] names
//! ([`with_game_type!`]), and why a table of any game refuses a move ([`Reason`]). The shared
//! engine files below (`game.rs`, `setup.rs`, …) know no particular game; each game knows only
//! them. A new game adds its module and one line to each list here.

use std::fmt;

use super::game::{BadAction, GameRefusal, IllegalAction, LayoutFault, TurnRefusal, Why, MAX_SEATS};
use super::{bonanza, nain_jaune, programmes};

/// Runs `$body` with `$G` the game type of `$game` (a [`GameId`](super::game::GameId)): one copy
/// of a generic function per game, chosen at run time.
#[macro_export]
macro_rules! with_game_type {
    ($game:expr, $G:ident => $body:expr) => {
        match $game {
            $crate::engine::game::GameId::NainJaune => {
                type $G = $crate::engine::nain_jaune::NainJaune;
                $body
            }
            $crate::engine::game::GameId::Bonanza => {
                type $G = $crate::engine::bonanza::Bonanza;
                $body
            }
            $crate::engine::game::GameId::Programmes => {
                type $G = $crate::engine::programmes::Programmes;
                $body
            }
        }
    };
}

// Every game's table fits the per-seat arrays that serve them all.
const _: () = assert!(bonanza::MAX_PLAYERS <= MAX_SEATS && nain_jaune::MAX_PLAYERS <= MAX_SEATS && programmes::MAX_PLAYERS <= MAX_SEATS);

/// Why a table refuses an action, whatever its game: the game's own refusal, an action string
/// that is no move of the game, or the record's layout of the next deal. `Display` gives the
/// referee's English sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    NainJaune(nain_jaune::Refusal),
    Bonanza(bonanza::Refusal),
    Programmes(programmes::Refusal),
    Notation(BadAction),
    /// The move ends a deal, and the record's layout of the next deal does not fit the game.
    Layout(LayoutFault),
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::NainJaune(r) => r.fmt(f),
            Reason::Bonanza(r) => r.fmt(f),
            Reason::Programmes(r) => r.fmt(f),
            Reason::Notation(e) => e.fmt(f),
            Reason::Layout(e) => e.fmt(f),
        }
    }
}

impl Reason {
    /// The refusal every game shares, when it is that one: the game is over, it is another
    /// seat's turn, the seat does not hold the card.
    pub fn turn(&self) -> Option<TurnRefusal> {
        match self {
            Reason::NainJaune(r) => r.turn(),
            Reason::Bonanza(r) => r.turn(),
            Reason::Programmes(r) => r.turn(),
            _ => None,
        }
    }
}

impl IllegalAction<Reason> {
    /// Whether the record's layout is at fault rather than the move.
    pub fn is_layout_fault(&self) -> bool {
        matches!(self.reason, Reason::Layout(_))
    }
}

/// A game's reason, as the table's: each game's own refusals under its name.
macro_rules! reason_from {
    ($($module:ident => $variant:ident),* $(,)?) => {
        $(impl From<Why<$module::Refusal>> for Reason {
            fn from(why: Why<$module::Refusal>) -> Reason {
                match why {
                    Why::Rules(r) => Reason::$variant(r),
                    Why::Notation(e) => Reason::Notation(e),
                    Why::Layout(e) => Reason::Layout(e),
                }
            }
        })*
    };
}

reason_from! {
    nain_jaune => NainJaune,
    bonanza => Bonanza,
    programmes => Programmes,
}
