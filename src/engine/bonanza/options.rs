//! Bonanza's house rules (RULES.md §1) and their record keys (RECORD.md "Options").

use serde::{Deserialize, Serialize};

use crate::engine::game::{bool_option, check_option_keys, choice_option, count_option, int_option, Chips, GameId, SetupError};

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

pub const OPTION_KEYS: [&str; 7] =
    ["widow_price_to", "poker", "poker_limit", "poker_max_raises", "unused_joker", "deals", "leftovers"];

impl Options {
    /// Reads the record's `options` object; keys left out take their defaults.
    pub fn from_record(map: &serde_json::Map<String, serde_json::Value>) -> Result<Options, SetupError> {
        check_option_keys(map, &OPTION_KEYS, GameId::Bonanza)?;
        let widow_price_to = match choice_option(map, "widow_price_to", &["dealer", "pot"])? {
            "dealer" => WidowPriceTo::Dealer,
            _ => WidowPriceTo::Pot,
        };
        let unused_joker = match choice_option(map, "unused_joker", &["set_aside", "dead_card"])? {
            "set_aside" => UnusedJoker::SetAside,
            _ => UnusedJoker::DeadCard,
        };
        let leftovers = match choice_option(map, "leftovers", &["split", "chip_leader"])? {
            "split" => Leftovers::Split,
            _ => Leftovers::ChipLeader,
        };
        let poker = bool_option(map, "poker", true)?;
        // Any limit is taken (RECORD.md): a bet is also limited by the poorest stack and by
        // MAX_BID, and raises by the chips they take.
        let poker_limit = int_option(map, "poker_limit", 5, 1)?;
        let poker_max_raises = int_option(map, "poker_max_raises", 3, 1)?;
        let deals = count_option(map, "deals", 0, 0)?;
        Ok(Options {
            widow_price_to,
            poker,
            poker_limit,
            poker_max_raises,
            unused_joker,
            deals,
            leftovers,
        })
    }

    /// The record's `options` object for these options (every key written out).
    pub fn to_record(&self) -> serde_json::Map<String, serde_json::Value> {
        let mut map = serde_json::Map::new();
        // The enums serialize as their record spelling (snake_case).
        let json = |v: serde_json::Result<serde_json::Value>| v.expect("options serialize");
        map.insert("widow_price_to".into(), json(serde_json::to_value(self.widow_price_to)));
        map.insert("poker".into(), self.poker.into());
        map.insert("poker_limit".into(), self.poker_limit.into());
        map.insert("poker_max_raises".into(), self.poker_max_raises.into());
        map.insert("unused_joker".into(), json(serde_json::to_value(self.unused_joker)));
        map.insert("deals".into(), self.deals.into());
        map.insert("leftovers".into(), json(serde_json::to_value(self.leftovers)));
        map
    }

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
