//! Bonanza's state as the referee prints it (RECORD.md), apart from the rules.

use super::*;
use crate::engine::game::{events_json, RefereeState};

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
