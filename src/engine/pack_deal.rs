//! A record's laid-out deal (`deals[i]`) for the games played with one pack: the hands in seat
//! order and one more pile (Nain Jaune's talon, Bonanza's widow), each card of the pack exactly
//! once. Each game then checks what is its own (empty hands, seats that are out).

use crate::engine::cards::{Card, CardSet};
use crate::engine::game::{LayoutFault, SetupError};

/// What a deal entry must hold.
pub struct PackDealForm<'a> {
    /// The game's name, for the messages.
    pub game: &'a str,
    /// The name of the pile beside the hands.
    pub pile: &'a str,
    /// Whether the entry may leave the pile out (it is then empty).
    pub pile_optional: bool,
    /// Every card of the pack (a card outside it is refused).
    pub pack: CardSet,
}

/// Reads `value` as deal `index` for `players` seats: the hands, and the pile.
pub fn read(value: &serde_json::Value, players: usize, index: usize, form: &PackDealForm) -> Result<(Vec<CardSet>, CardSet), SetupError> {
    let PackDealForm { game, pile, pile_optional, pack } = *form;
    let err = |why: String| SetupError::Layout(LayoutFault { deal: index, why });
    let obj = value.as_object().ok_or_else(|| err(format!("must be an object with 'hands' and '{pile}'")))?;
    for key in obj.keys() {
        if key != "hands" && key != pile {
            return Err(err(format!("unknown field '{key}' ({game} deals have 'hands' and '{pile}')")));
        }
    }
    let hands_json = obj.get("hands").and_then(|h| h.as_array()).ok_or_else(|| err("'hands' must be a list of hands".into()))?;
    if hands_json.len() != players {
        return Err(err(format!("'hands' has {} hands for {players} players", hands_json.len())));
    }
    let mut seen = CardSet::EMPTY;
    let mut read_cards = |list: &serde_json::Value, what: &str| -> Result<CardSet, SetupError> {
        let items = list.as_array().ok_or_else(|| err(format!("{what} must be a list of cards")))?;
        let mut set = CardSet::EMPTY;
        for item in items {
            let text = item.as_str().ok_or_else(|| err(format!("{what} holds {item}, not a card")))?;
            let card: Card = text.parse().map_err(|e| err(format!("{what}: {e}")))?;
            if !pack.contains(card) {
                return Err(err(format!("{what}: {game} is played without the joker")));
            }
            if seen.contains(card) {
                return Err(err(format!("{card} appears twice")));
            }
            seen.insert(card);
            set.insert(card);
        }
        Ok(set)
    };
    let mut hands = Vec::with_capacity(players);
    for (seat, hand) in hands_json.iter().enumerate() {
        hands.push(read_cards(hand, &format!("hand {seat}"))?);
    }
    let rest = match obj.get(pile) {
        Some(p) => read_cards(p, pile)?,
        None if pile_optional => CardSet::EMPTY,
        None => return Err(err(format!("'{pile}' is missing (the extra hand)"))),
    };
    let missing = pack - seen;
    if !missing.is_empty() {
        return Err(err(format!(
            "not a full pack of {} cards: {} missing ({})",
            pack.len(),
            missing.len(),
            missing.to_strings().join(" ")
        )));
    }
    Ok((hands, rest))
}
