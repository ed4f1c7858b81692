//! Nain Jaune's state as the referee prints it (RECORD.md), apart from the rules.

use super::*;
use crate::engine::game::{events_json, RefereeState};

impl RefereeState for NainJaune {
    fn referee_state(&self) -> serde_json::Value {
        let board: serde_json::Map<String, serde_json::Value> =
            NainJauneBox::ALL.iter().map(|b| (b.key().to_string(), self.boxes[b.index()].into())).collect();
        let events = events_json(&self.events);
        json!({
            "game": GameId::NainJaune.key(),
            "phase": self.phase().name(),
            "to_move": self.to_move,
            "legal": self.legal_actions().iter().map(|a| a.to_string()).collect::<Vec<_>>(),
            "chips": self.chips(),
            "board": board,
            "hands": self.hands[..self.players].iter().map(|h| h.to_strings()).collect::<Vec<_>>(),
            "deal_number": self.deals_dealt,
            "finished": self.is_finished(),
            "winner": self.winner,
            "events": events,
            "dealer": self.dealer,
            "talon": self.talon.to_strings(),
            "played": self.played.to_strings(),
            "sequence": self.run.to_strings_by_rank(),
            "wanted": match self.phase() { Phase::Follow(r) => Some(r.label()), _ => None },
            "options": self.options.to_record(),
        })
    }
}
