//! A record's laid-out deal (`deals[i]`) for the games played with one pack: the hands in seat
//! order and one more pile (Nain Jaune's talon, Bonanza's widow), each card of the pack exactly
//! once. Each game then checks what is its own (empty hands, seats that are out).

use crate::engine::cards::{Card, CardSet};
use crate::engine::game::{GameId, LayoutFault, LayoutWhy, Place, SetupError};

/// What a deal entry must hold.
pub struct PackDealForm {
    /// The game's name, for the messages.
    pub game: GameId,
    /// The name of the pile beside the hands.
    pub pile: &'static str,
    /// What an entry holds, for the messages: `'hands' and '<pile>'`.
    pub fields: &'static str,
    /// Whether the entry may leave the pile out (it is then empty).
    pub pile_optional: bool,
    /// Every card of the pack (a card outside it is refused).
    pub pack: CardSet,
}

/// Reads `value` as deal `index` for `players` seats: the hands, and the pile.
pub fn read(value: &serde_json::Value, players: usize, index: usize, form: &PackDealForm) -> Result<(Vec<CardSet>, CardSet), SetupError> {
    let PackDealForm { game, pile, fields, pile_optional, pack } = *form;
    let err = |why: LayoutWhy| SetupError::Layout(LayoutFault { deal: index, why });
    let obj = value.as_object().ok_or_else(|| err(LayoutWhy::NotAnObject { fields }))?;
    for key in obj.keys() {
        if key != "hands" && key != pile {
            return Err(err(LayoutWhy::UnknownField { key: key.clone(), game, fields }));
        }
    }
    let hands_json = obj.get("hands").and_then(|h| h.as_array()).ok_or_else(|| err(LayoutWhy::HandsNotAList))?;
    if hands_json.len() != players {
        return Err(err(LayoutWhy::HandCount { hands: hands_json.len(), players }));
    }
    let mut seen = CardSet::EMPTY;
    let mut read_cards = |list: &serde_json::Value, place: Place| -> Result<CardSet, SetupError> {
        let items = list.as_array().ok_or_else(|| err(LayoutWhy::NotAListOfCards(place)))?;
        let mut set = CardSet::EMPTY;
        for item in items {
            let text = item.as_str().ok_or_else(|| err(LayoutWhy::NotACard { place, item: item.to_string() }))?;
            let card: Card = text.parse().map_err(|error| err(LayoutWhy::BadCard { place, error }))?;
            if !pack.contains(card) {
                return Err(err(LayoutWhy::NoJoker { place, game }));
            }
            if seen.contains(card) {
                return Err(err(LayoutWhy::Twice(card)));
            }
            seen.insert(card);
            set.insert(card);
        }
        Ok(set)
    };
    let mut hands = Vec::with_capacity(players);
    for (seat, hand) in hands_json.iter().enumerate() {
        hands.push(read_cards(hand, Place::Hand(seat))?);
    }
    let rest = match obj.get(pile) {
        Some(p) => read_cards(p, Place::Pile(pile))?,
        None if pile_optional => CardSet::EMPTY,
        None => return Err(err(LayoutWhy::MissingPile(pile))),
    };
    let missing = pack - seen;
    if !missing.is_empty() {
        return Err(err(LayoutWhy::NotFullPack { size: pack.len(), missing: missing.iter().collect() }));
    }
    Ok((hands, rest))
}
