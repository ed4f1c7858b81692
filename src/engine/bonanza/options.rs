//! Bonanza's house rules (docs/rules/bonanza.md) and their record keys (docs/record.md §4).

use serde::{Deserialize, Serialize};

use crate::engine::game::{Chips, OptionDecl, OptionKind, MAX_COUNT};

/// Where the price of a sold widow goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WidowPriceTo {
    /// To the dealer (the 1936 text): the default.
    Dealer,
    /// Into the Bonanza pot (the French edition).
    Pot,
}

/// What becomes of a joker nobody showed during the upper half.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UnusedJoker {
    /// Set aside after the Poker call: it takes no part in the race. The default.
    SetAside,
    /// Kept in hand as a card that can never be played and counts in the Bonanza payment.
    DeadCard,
}

/// Who gets the chips left on the cloth when the game ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Leftovers {
    /// Split equally among the players still in; the remainder stays unawarded. The default.
    Split,
    /// All to the chip leader (split among tied leaders, the remainder staying).
    ChipLeader,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    pub widow_price_to: WidowPriceTo,
    /// False: the Poker space is left out (no ante on it, no Poker call).
    pub poker: bool,
    /// A bet or a raise is 1 to this many chips.
    pub poker_limit: Chips,
    /// At most this many raises after the bet.
    pub poker_max_raises: Chips,
    pub unused_joker: UnusedJoker,
    /// Deals in a game; 0 means twice the number of players.
    pub deals: u32,
    pub leftovers: Leftovers,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            widow_price_to: WidowPriceTo::Dealer,
            poker: true,
            poker_limit: 5,
            poker_max_raises: 3,
            unused_joker: UnusedJoker::SetAside,
            deals: 0,
            leftovers: Leftovers::Split,
        }
    }
}

pub const WIDOW_PRICE_TO: OptionDecl = OptionDecl { key: "widow_price_to", kind: OptionKind::Choice(&["dealer", "pot"]) };
pub const POKER: OptionDecl = OptionDecl { key: "poker", kind: OptionKind::Flag { default: true } };
// Any limit is taken (docs/record.md §4, docs/rules/bonanza.md §5.5): a bet is also limited by the
// poorest stack and by MAX_BID, and raises by the chips they take.
pub const POKER_LIMIT: OptionDecl = OptionDecl { key: "poker_limit", kind: OptionKind::Whole { default: 5, min: 1, max: i64::MAX } };
pub const POKER_MAX_RAISES: OptionDecl =
    OptionDecl { key: "poker_max_raises", kind: OptionKind::Whole { default: 3, min: 1, max: i64::MAX } };
pub const UNUSED_JOKER: OptionDecl = OptionDecl { key: "unused_joker", kind: OptionKind::Choice(&["set_aside", "dead_card"]) };
pub const DEALS: OptionDecl = OptionDecl { key: "deals", kind: OptionKind::Whole { default: 0, min: 0, max: MAX_COUNT } };
pub const LEFTOVERS: OptionDecl = OptionDecl { key: "leftovers", kind: OptionKind::Choice(&["split", "chip_leader"]) };

/// Every option, in the order the new-game form shows them.
pub const OPTIONS: [OptionDecl; 7] = [WIDOW_PRICE_TO, POKER, POKER_LIMIT, POKER_MAX_RAISES, UNUSED_JOKER, DEALS, LEFTOVERS];

impl Options {
    /// The number of deals a game with `players` lasts.
    pub fn game_deals(&self, players: usize) -> u32 {
        if self.deals == 0 {
            2 * players as u32
        } else {
            self.deals
        }
    }

    /// Chips each player puts on the cloth before a deal: one per space in play.
    pub fn ante(&self) -> Chips {
        if self.poker {
            10
        } else {
            9
        }
    }
}
