//! Nain Jaune's state as the referee prints it (docs/record.md §5.2), apart from the rules.

use super::options::{DIRECTION, OPTIONS, POINTS, ROUNDS, STAKE_MULTIPLIER};
use super::*;
use crate::engine::game::{events_json, RefereeState};
use crate::engine::pack_deal::{self, PackDealForm};
use crate::engine::setup::{check_option_keys, FromSetup};

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

impl FromSetup for NainJaune {
    /// Reads the record's `options` object; keys left out take their defaults.
    fn read_options(map: &serde_json::Map<String, serde_json::Value>) -> Result<Options, SetupError> {
        check_option_keys(map, &OPTIONS, GameId::NainJaune)?;
        let direction = match DIRECTION.choice(map)? {
            "clockwise" => Direction::Clockwise,
            _ => Direction::Anticlockwise,
        };
        let points = match POINTS.choice(map)? {
            "pips" => Points::Pips,
            _ => Points::Cards,
        };
        let stake_multiplier = STAKE_MULTIPLIER.whole(map)?;
        let rounds = ROUNDS.count(map)?;
        Ok(Options { direction, stake_multiplier, points, rounds })
    }

    /// Reads a record's `deals[i]` entry (`{"hands": [[…], …], "talon": […]}`), checking that it
    /// is exactly the 52 cards once each.
    fn read_layout(value: &serde_json::Value, players: usize, index: usize) -> Result<Layout, SetupError> {
        let form = PackDealForm {
            game: GameId::NainJaune,
            pile: "talon",
            fields: "'hands' and 'talon'",
            pile_optional: true,
            pack: CardSet::PACK_52,
        };
        let (hands, talon) = pack_deal::read(value, players, index, &form)?;
        if let Some(seat) = hands.iter().position(|h| h.is_empty()) {
            let why = LayoutWhy::EmptyHand { seat, because: "every seat plays every round" };
            return Err(LayoutFault { deal: index, why }.into());
        }
        Ok(Layout { hands, talon })
    }
}

impl Options {
    /// The record's `options` object for these options (every key written out).
    pub fn to_record(&self) -> serde_json::Map<String, serde_json::Value> {
        let mut map = serde_json::Map::new();
        let direction = match self.direction {
            Direction::Clockwise => "clockwise",
            Direction::Anticlockwise => "anticlockwise",
        };
        let points = match self.points {
            Points::Pips => "pips",
            Points::Cards => "cards",
        };
        map.insert("direction".into(), direction.into());
        map.insert("stake_multiplier".into(), self.stake_multiplier.into());
        map.insert("points".into(), points.into());
        map.insert("rounds".into(), self.rounds.into());
        map
    }
}

impl Layout {
    /// The record's form of this layout.
    pub fn to_record(&self) -> serde_json::Value {
        json!({
            "hands": self.hands.iter().map(|h| h.to_strings()).collect::<Vec<_>>(),
            "talon": self.talon.to_strings(),
        })
    }
}
