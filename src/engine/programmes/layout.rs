//! Explicit deals in a record (RECORD.md `deals[i]`): `hands` in seat order, `stock` top-first,
//! optionally `discard` (top-first; without it the top of the stock is turned up), and the
//! program cards of that deal: `programs` (one id per seat) and `program_deck` (top-first).

use serde_json::json;

use super::program_deck::{deck, ProgramId};
use crate::engine::card_multiset::CardMultiset;
use crate::engine::cards::Card;
use crate::engine::game::{LayoutFault, LayoutWhy, Place, SetupError};

/// The cards of one deal, as the record gives them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub hands: Vec<CardMultiset>,
    /// Top first.
    pub stock: Vec<Card>,
    /// Top first; `None`: the top card of the stock is turned up.
    pub discard: Option<Vec<Card>>,
    /// Each seat's program card in this deal.
    pub programs: Option<Vec<ProgramId>>,
    /// The program deck, top first, once the programs given are out of it.
    pub program_deck: Option<Vec<ProgramId>>,
}

impl Layout {
    /// Reads `deals[index]`, checking that it is the 108 cards exactly (and, when program cards
    /// are given, that they are the deck's cards at most once each, the whole deck if both lists
    /// are given).
    pub fn from_record(value: &serde_json::Value, players: usize, index: usize) -> Result<Layout, SetupError> {
        let err = |why: LayoutWhy| SetupError::Layout(LayoutFault { deal: index, why });
        let obj = value.as_object().ok_or_else(|| err(LayoutWhy::NotAnObject { fields: "'hands' and 'stock'" }))?;
        for key in obj.keys() {
            if !["hands", "stock", "discard", "programs", "program_deck"].contains(&key.as_str()) {
                let fields = "'hands', 'stock', 'discard', 'programs' and 'program_deck'";
                return Err(err(LayoutWhy::UnknownField { key: key.clone(), game: "Programmes", fields }));
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
                                .map_err(|error| err(LayoutWhy::BadProgram { key, error }))
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
                return Err(err(LayoutWhy::ProgramTwice(*id)));
            }
        }
        if program_deck.is_some() && used.iter().any(|u| !u) {
            return Err(err(LayoutWhy::ProgramsMissing(deck().ids().filter(|id| !used[id.index()]).collect())));
        }
        Ok(Layout { hands, stock, discard, programs, program_deck })
    }

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
