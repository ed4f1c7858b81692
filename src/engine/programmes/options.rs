//! Programmes' house rules (docs/rules/programmes.md) and their record keys (docs/record.md §4).

use serde::{Deserialize, Serialize};

use crate::engine::game::{OptionDecl, OptionKind, MAX_COUNT};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    /// Completed programs that win the game (the first to reach it wins at once).
    pub target: u32,
    /// Rounds without success after which a player may exchange his program card (0: never).
    pub exchange_after: u32,
    /// Whether the melds a program made keep its constraints for the rest of the round.
    pub strict_constraints: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options { target: 5, exchange_after: 0, strict_constraints: false }
    }
}

// A target or an exchange delay beyond the game's round limit (docs/rules/programmes.md §7.3) is
// never reached: the game then plays to that limit, as docs/record.md §4 allows any integer.
pub const TARGET: OptionDecl = OptionDecl { key: "target", kind: OptionKind::Whole { default: 5, min: 1, max: MAX_COUNT } };
pub const EXCHANGE_AFTER: OptionDecl = OptionDecl { key: "exchange_after", kind: OptionKind::Whole { default: 0, min: 0, max: MAX_COUNT } };
pub const STRICT_CONSTRAINTS: OptionDecl = OptionDecl { key: "strict_constraints", kind: OptionKind::Flag { default: false } };

/// Every option, in the order the new-game form shows them.
pub const OPTIONS: [OptionDecl; 3] = [TARGET, EXCHANGE_AFTER, STRICT_CONSTRAINTS];
