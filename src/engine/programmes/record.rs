//! Programmes's state as the referee prints it (RECORD.md), apart from the rules.

use super::*;
use crate::engine::game::{events_json, RefereeState};

impl RefereeState for Programmes {
    fn referee_state(&self) -> serde_json::Value {
        let events = events_json(&self.events);
        let seats = 0..self.players;
        json!({
            "game": GameId::Programmes.key(),
            "phase": self.phase.name(),
            "to_move": self.to_move,
            "legal": self.legal_actions().iter().map(|a| a.to_string()).collect::<Vec<_>>(),
            "chips": self.chips(),
            "board": {},
            "hands": seats.clone().map(|s| self.hands[s].to_strings()).collect::<Vec<_>>(),
            "deal_number": self.deals_dealt,
            "finished": self.is_finished(),
            "winner": self.winner,
            "events": events,
            "dealer": self.dealer,
            "options": self.options.to_record(),
            "melds": self.melds.iter().enumerate().map(|(i, m)| Self::meld_json(i, m)).collect::<Vec<_>>(),
            "discard": self.discard().iter().map(|c| c.to_string()).collect::<Vec<_>>(),
            "stock": self.stock().iter().map(|c| c.to_string()).collect::<Vec<_>>(),
            "stock_size": self.stock.len(),
            "taken_from_discard": self.taken_from_discard.map(|c| c.to_string()),
            "programs": seats.clone().map(|s| self.programs[s].map(|p| p.to_string())).collect::<Vec<_>>(),
            "program_deck": self.program_deck().iter().map(|p| p.to_string()).collect::<Vec<_>>(),
            "programs_done": &self.done[..self.players],
            "completed": seats.clone().map(|s| self.completed(s).iter().map(|p| p.to_string()).collect::<Vec<_>>()).collect::<Vec<_>>(),
            "revealed": seats.clone().map(|s| self.has_revealed(s)).collect::<Vec<_>>(),
            "failed_rounds": &self.failed_rounds[..self.players],
            "turns": self.turns,
            "known": seats.clone().map(|s| self.known[s].to_strings()).collect::<Vec<_>>(),
        })
    }
}

impl Programmes {
    /// A meld's referee form.
    pub(super) fn meld_json(number: usize, meld: &Meld) -> serde_json::Value {
        let mut v = json!({
            "number": number,
            "owner": meld.owner,
            "kind": meld.shape.kind_name(),
            "cards": meld.cards().iter().map(|p| p.to_string()).collect::<Vec<_>>(),
        });
        match meld.shape {
            Shape::Run { suit, low, high } => {
                v["suit"] = suit.letter().to_string().into();
                v["from"] = program_deck::rank_at(low).label().into();
                v["to"] = program_deck::rank_at(high).label().into();
            }
            Shape::Set { rank } => v["rank"] = rank.label().into(),
        }
        if let Some(lasting) = meld.lasting {
            v["constraints"] = serde_json::to_value(lasting).expect("constraints serialize");
        }
        v
    }
}
