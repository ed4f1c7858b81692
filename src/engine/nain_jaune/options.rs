//! Nain Jaune's house rules (docs/rules/nain-jaune.md) and their record keys (docs/record.md §4).

use serde::{Deserialize, Serialize};

use crate::engine::game::{OptionDecl, OptionKind, MAX_COUNT, MAX_STACK};

/// Which way play (and the deal) goes round the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    /// Seat i, then i+1 (to the left): the default.
    Clockwise,
    /// Seat i, then i-1: the French tradition.
    Anticlockwise,
}

/// How the losers pay the winner for the cards left in hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Points {
    /// Ace 1, 2 to 10 their value, J Q K 10 each: the default.
    Pips,
    /// One chip per card.
    Cards,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    pub direction: Direction,
    /// The stake on each box is 1, 2, 3, 4, 5 times this.
    pub stake_multiplier: i64,
    pub points: Points,
    /// 0: play until a player cannot stake; otherwise the game also ends after this many rounds.
    pub rounds: u32,
}

impl Default for Options {
    fn default() -> Options {
        Options { direction: Direction::Clockwise, stake_multiplier: 1, points: Points::Pips, rounds: 0 }
    }
}

pub const DIRECTION: OptionDecl = OptionDecl { key: "direction", kind: OptionKind::Choice(&["clockwise", "anticlockwise"]) };
/// A stake above every stack ends the game before it starts; the bound keeps the boxes' sums
/// inside 64-bit integers, as for the stacks themselves.
pub const STAKE_MULTIPLIER: OptionDecl =
    OptionDecl { key: "stake_multiplier", kind: OptionKind::Whole { default: 1, min: 1, max: MAX_STACK } };
pub const POINTS: OptionDecl = OptionDecl { key: "points", kind: OptionKind::Choice(&["pips", "cards"]) };
pub const ROUNDS: OptionDecl = OptionDecl { key: "rounds", kind: OptionKind::Whole { default: 0, min: 0, max: MAX_COUNT } };

/// Every option, in the order the new-game form shows them.
pub const OPTIONS: [OptionDecl; 4] = [DIRECTION, STAKE_MULTIPLIER, POINTS, ROUNDS];
