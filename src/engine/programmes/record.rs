//! Programmes's state as the referee prints it (docs/record.md §5.2), apart from the rules.

use super::options::{EXCHANGE_AFTER, OPTIONS, STRICT_CONSTRAINTS, TARGET};
use super::*;
use crate::engine::game::{events_json, LayoutFault, LayoutWhy, Place, RefereeState};
use crate::engine::setup::{check_option_keys, FromSetup};

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

impl FromSetup for Programmes {
    /// Reads the record's `options` object; keys left out take their defaults.
    fn read_options(map: &serde_json::Map<String, serde_json::Value>) -> Result<Options, SetupError> {
        check_option_keys(map, &OPTIONS, GameId::Programmes)?;
        let target = TARGET.count(map)?;
        let exchange_after = EXCHANGE_AFTER.count(map)?;
        let strict_constraints = STRICT_CONSTRAINTS.flag(map)?;
        Ok(Options { target, exchange_after, strict_constraints })
    }

    /// Reads `deals[index]`, checking that it is the 108 cards exactly (and, when program cards
    /// are given, that they are the deck's cards at most once each, the whole deck if both lists
    /// are given).
    fn read_layout(value: &serde_json::Value, players: usize, index: usize) -> Result<Layout, SetupError> {
        let err = |why: LayoutWhy| SetupError::Layout(LayoutFault { deal: index, why });
        let obj = value.as_object().ok_or_else(|| err(LayoutWhy::NotAnObject { fields: "'hands' and 'stock'" }))?;
        for key in obj.keys() {
            if !["hands", "stock", "discard", "programs", "program_deck"].contains(&key.as_str()) {
                let fields = "'hands', 'stock', 'discard', 'programs' and 'program_deck'";
                return Err(err(LayoutWhy::UnknownField { key: key.clone(), game: GameId::Programmes, fields }));
            }
        }
        let hands_json = obj.get("hands").and_then(|h| h.as_array()).ok_or_else(|| err(LayoutWhy::HandsNotAList))?;
        if hands_json.len() != players {
            return Err(err(LayoutWhy::HandCount { hands: hands_json.len(), players }));
        }
        let mut seen = CardMultiset::EMPTY;
        let mut read = |list: &serde_json::Value, place: Place| -> Result<Vec<Card>, SetupError> {
            let items = list.as_array().ok_or_else(|| err(LayoutWhy::NotAListOfCards(place)))?;
            let mut cards = Vec::with_capacity(items.len());
            for item in items {
                let text = item.as_str().ok_or_else(|| err(LayoutWhy::NotACard { place, item: item.to_string() }))?;
                let card: Card = text.parse().map_err(|error| err(LayoutWhy::BadCard { place, error }))?;
                let limit = if card.is_joker() { 4 } else { 2 };
                if seen.count(card) >= limit || !seen.insert(card) {
                    return Err(err(LayoutWhy::TooMany { card, limit }));
                }
                cards.push(card);
            }
            Ok(cards)
        };
        let mut hands = Vec::with_capacity(players);
        for (seat, hand) in hands_json.iter().enumerate() {
            let cards = read(hand, Place::Hand(seat))?;
            if cards.is_empty() {
                return Err(err(LayoutWhy::EmptyHand { seat, because: "every seat is dealt cards" }));
            }
            hands.push(cards.into_iter().collect::<CardMultiset>());
        }
        let stock = match obj.get("stock") {
            Some(s) => read(s, Place::Pile("stock"))?,
            None => return Err(err(LayoutWhy::StockRequired)),
        };
        let discard = match obj.get("discard") {
            Some(d) => Some(read(d, Place::Pile("discard"))?),
            None => None,
        };
        if discard.is_none() && stock.is_empty() {
            return Err(err(LayoutWhy::EmptyStock));
        }
        let missing = CardMultiset::PACK_108.checked_sub(seen).expect("counts were checked");
        if !missing.is_empty() {
            return Err(err(LayoutWhy::NotFullPack { size: 108, missing: missing.iter().collect() }));
        }
        let read_ids = |key: &'static str| -> Result<Option<Vec<ProgramId>>, SetupError> {
            match obj.get(key) {
                None => Ok(None),
                Some(list) => {
                    let items = list.as_array().ok_or_else(|| err(LayoutWhy::NotAListOfPrograms(key)))?;
                    items
                        .iter()
                        .map(|v| {
                            v.as_str()
                                .ok_or_else(|| err(LayoutWhy::NotAProgram { key, item: v.to_string() }))?
                                .parse::<ProgramId>()
                                .map_err(|error| err(LayoutWhy::BadProgram { key, id: error.0 }))
                        })
                        .collect::<Result<Vec<_>, _>>()
                        .map(Some)
                }
            }
        };
        let programs = read_ids("programs")?;
        let program_deck = read_ids("program_deck")?;
        if programs.as_ref().is_some_and(|p| p.len() != players) {
            return Err(err(LayoutWhy::ProgramsPerSeat { players }));
        }
        let mut used = vec![false; deck().len()];
        for id in programs.iter().flatten().chain(program_deck.iter().flatten()) {
            if std::mem::replace(&mut used[id.index()], true) {
                return Err(err(LayoutWhy::ProgramTwice(id.to_string())));
            }
        }
        if program_deck.is_some() && used.iter().any(|u| !u) {
            return Err(err(LayoutWhy::ProgramsMissing(deck().ids().filter(|id| !used[id.index()]).map(|id| id.to_string()).collect())));
        }
        Ok(Layout { hands, stock, discard, programs, program_deck })
    }
}

impl Options {
    /// The record's `options` object for these options (every key written out).
    pub fn to_record(&self) -> serde_json::Map<String, serde_json::Value> {
        let mut map = serde_json::Map::new();
        map.insert("target".into(), self.target.into());
        map.insert("exchange_after".into(), self.exchange_after.into());
        map.insert("strict_constraints".into(), self.strict_constraints.into());
        map
    }
}

impl Layout {
    /// The record's form of this layout.
    pub fn to_record(&self) -> serde_json::Value {
        let mut v = json!({
            "hands": self.hands.iter().map(|h| h.to_strings()).collect::<Vec<_>>(),
            "stock": self.stock.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
        });
        if let Some(d) = &self.discard {
            v["discard"] = json!(d.iter().map(|c| c.to_string()).collect::<Vec<_>>());
        }
        if let Some(p) = &self.programs {
            v["programs"] = json!(p.iter().map(|c| c.to_string()).collect::<Vec<_>>());
        }
        if let Some(p) = &self.program_deck {
            v["program_deck"] = json!(p.iter().map(|c| c.to_string()).collect::<Vec<_>>());
        }
        v
    }
}
