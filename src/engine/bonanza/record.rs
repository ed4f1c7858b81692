//! Bonanza's state as the referee prints it (docs/record.md §5.2), apart from the rules.

use super::options::{DEALS, LEFTOVERS, OPTIONS, POKER, POKER_LIMIT, POKER_MAX_RAISES, UNUSED_JOKER, WIDOW_PRICE_TO};
use super::*;
use crate::engine::game::{events_json, RefereeState};
use crate::engine::pack_deal::{self, PackDealForm};
use crate::engine::setup::{check_option_keys, FromSetup};

impl RefereeState for Bonanza {
    fn referee_state(&self) -> serde_json::Value {
        let board: serde_json::Map<String, serde_json::Value> = Space::ALL
            .iter()
            .filter(|s| **s != Space::Poker || self.options.poker)
            .map(|s| (s.key().to_string(), self.board[s.index()].into()))
            .collect();
        let events = events_json(&self.events);
        let per_seat = |f: &dyn Fn(Seat) -> CardSet| -> Vec<Vec<String>> { (0..self.players).map(|s| f(s).to_strings()).collect() };
        json!({
            "game": GameId::Bonanza.key(),
            "phase": self.phase.name(),
            "to_move": self.to_move,
            "legal": self.legal_actions().iter().map(|a| a.to_string()).collect::<Vec<_>>(),
            "chips": self.chips(),
            "board": board,
            "hands": per_seat(&|s| self.hands[s]),
            "deal_number": self.deals_dealt,
            "finished": self.is_finished(),
            "winner": self.winner,
            "events": events,
            "dealer": self.dealer,
            "out": (0..self.players).filter(|&s| self.is_out(s)).collect::<Vec<_>>(),
            "call": match self.phase { Phase::Call(c) => Some(c.key()), _ => None },
            "widow": self.widow.to_strings(),
            "dead_hand": self.dead.to_strings(),
            "widow_holder": self.widow_holder,
            "auction": {
                "high_bid": self.auction.high_bid,
                "high_bidder": self.auction.high_bidder,
                "passed": (0..self.players).filter(|&s| self.auction.passed & (1 << s) != 0).collect::<Vec<_>>(),
            },
            "sequences": (0..self.players).map(|s| self.sequences[s].map(|c| c.to_string())).collect::<Vec<_>>(),
            "shown": per_seat(&|s| self.known[s]),
            "known_not_held": per_seat(&|s| self.excluded[s]),
            "known_dead": self.known_dead.to_strings(),
            "gone": self.gone.to_strings(),
            "poker": self.betting.to_json(self.players),
            "played": self.played.to_strings(),
            "run": race::by_race_order(self.run).iter().map(|c| c.to_string()).collect::<Vec<_>>(),
            "wanted": match self.phase { Phase::Follow(c) => Some(c.to_string()), _ => None },
            "options": self.options.to_record(),
        })
    }
}

impl FromSetup for Bonanza {
    /// Reads the record's `options` object; keys left out take their defaults.
    fn read_options(map: &serde_json::Map<String, serde_json::Value>) -> Result<Options, SetupError> {
        check_option_keys(map, &OPTIONS, GameId::Bonanza)?;
        let widow_price_to = match WIDOW_PRICE_TO.choice(map)? {
            "dealer" => WidowPriceTo::Dealer,
            _ => WidowPriceTo::Pot,
        };
        let unused_joker = match UNUSED_JOKER.choice(map)? {
            "set_aside" => UnusedJoker::SetAside,
            _ => UnusedJoker::DeadCard,
        };
        let leftovers = match LEFTOVERS.choice(map)? {
            "split" => Leftovers::Split,
            _ => Leftovers::ChipLeader,
        };
        let poker = POKER.flag(map)?;
        let poker_limit = POKER_LIMIT.whole(map)?;
        let poker_max_raises = POKER_MAX_RAISES.whole(map)?;
        let deals = DEALS.count(map)?;
        Ok(Options { widow_price_to, poker, poker_limit, poker_max_raises, unused_joker, deals, leftovers })
    }

    /// Reads a record's `deals[i]` entry (`{"hands": [[…], …], "widow": […]}`), checking that it
    /// is exactly the 53 cards once each.
    fn read_layout(value: &serde_json::Value, players: usize, index: usize) -> Result<Layout, SetupError> {
        let form = PackDealForm {
            game: GameId::Bonanza,
            pile: "widow",
            fields: "'hands' and 'widow'",
            pile_optional: false,
            pack: CardSet::PACK_53,
        };
        let (hands, widow) = pack_deal::read(value, players, index, &form)?;
        Ok(Layout { hands, widow })
    }
}

impl Options {
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
}

impl Layout {
    /// The record's form of this layout.
    pub fn to_record(&self) -> serde_json::Value {
        json!({
            "hands": self.hands.iter().map(|h| h.to_strings()).collect::<Vec<_>>(),
            "widow": self.widow.to_strings(),
        })
    }
}
