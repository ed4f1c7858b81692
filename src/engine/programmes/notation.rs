//! Programmes' action strings (docs/record.md §3):
//! `draw stock`, `draw discard`, `reveal 7H 7S 2S=7D JK=7C | 4S 5S JK=6S 7S`,
//! `meld 9C 9D JK=9H`, `extend 2 8H`, `extend 2 JK=8H`, `discard 9C`, and this project's
//! extension for the `exchange_after` option: `exchange program`.

use std::fmt;
use std::str::FromStr;

use super::melds::{cards_text, Placed};
use crate::engine::bad_action::{BadAction, NotationWhy};
use crate::engine::cards::Card;
use crate::engine::game::GameId;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Take the top card of the stock.
    DrawStock,
    /// Take the top card of the discard pile.
    DrawDiscard,
    /// Before the first draw of a round, after `exchange_after` rounds without success: give the
    /// program card back (under the program deck) and take the top one.
    ExchangeProgram,
    /// Lay down everything the program asks for, one combination per directive and multiplier.
    Reveal(Vec<Vec<Placed>>),
    /// After revealing: a new set of three or more cards of one rank.
    Meld(Vec<Placed>),
    /// After revealing: one card added to meld number `meld` (its index in `state.melds`).
    Extend { meld: usize, card: Placed },
    /// End the turn with this card on the discard pile.
    Discard(Card),
}

impl Action {
    /// The cards a move of the play phase takes from the hand, each as it is (a wild as itself,
    /// not the card it stands for): a new set's, an extension's card, the discard. None for a
    /// draw, an exchange or a reveal.
    pub fn cards_played(&self) -> Vec<Card> {
        match self {
            Action::Meld(placed) => placed.iter().map(|p| p.card).collect(),
            Action::Extend { card, .. } => vec![card.card],
            Action::Discard(card) => vec![*card],
            Action::DrawStock | Action::DrawDiscard | Action::ExchangeProgram | Action::Reveal(_) => Vec::new(),
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::DrawStock => f.write_str("draw stock"),
            Action::DrawDiscard => f.write_str("draw discard"),
            Action::ExchangeProgram => f.write_str("exchange program"),
            Action::Reveal(combos) => {
                let parts: Vec<String> = combos.iter().map(|c| cards_text(c)).collect();
                write!(f, "reveal {}", parts.join(" | "))
            }
            Action::Meld(cards) => write!(f, "meld {}", cards_text(cards)),
            Action::Extend { meld, card } => write!(f, "extend {meld} {card}"),
            Action::Discard(card) => write!(f, "discard {card}"),
        }
    }
}

const GRAMMAR: &str = "the Programmes actions are 'draw stock', 'draw discard', 'reveal CARDS | CARDS …', 'meld CARDS', 'extend N CARD', 'discard CARD' and 'exchange program'";

/// Cards separated by single spaces, a wild written with the card it stands for (`JK=7C`).
fn parse_placed_list(s: &str, whole: &str) -> Result<Vec<Placed>, BadAction> {
    if s.is_empty() {
        return Err(BadAction::new(whole, NotationWhy::EmptyCombination));
    }
    s.split(' ')
        .map(|t| {
            if t.is_empty() {
                Err(BadAction::new(whole, NotationWhy::CardSpacing))
            } else {
                t.parse::<Placed>().map_err(|e| BadAction::new(whole, NotationWhy::Card(e)))
            }
        })
        .collect()
}

impl FromStr for Action {
    type Err = BadAction;

    fn from_str(s: &str) -> Result<Action, BadAction> {
        let bad = |why| BadAction::new(s, why);
        match s {
            "draw stock" => return Ok(Action::DrawStock),
            "draw discard" => return Ok(Action::DrawDiscard),
            "exchange program" => return Ok(Action::ExchangeProgram),
            _ => {}
        }
        if let Some(rest) = s.strip_prefix("reveal ") {
            let combos = rest.split(" | ").map(|part| parse_placed_list(part, s)).collect::<Result<Vec<_>, _>>()?;
            return Ok(Action::Reveal(combos));
        }
        if let Some(rest) = s.strip_prefix("meld ") {
            return Ok(Action::Meld(parse_placed_list(rest, s)?));
        }
        if let Some(rest) = s.strip_prefix("extend ") {
            let (number, card) = rest.split_once(' ').ok_or_else(|| bad(NotationWhy::ExtendForm))?;
            let meld = number
                .parse::<usize>()
                .ok()
                .filter(|_| !number.starts_with('+') && (number == "0" || !number.starts_with('0')))
                .ok_or_else(|| bad(NotationWhy::NotAMeld(number.to_string())))?;
            let card = card.parse::<Placed>().map_err(|e| bad(NotationWhy::Card(e)))?;
            return Ok(Action::Extend { meld, card });
        }
        if let Some(card) = s.strip_prefix("discard ") {
            let card: Card = card.parse().map_err(|e| bad(NotationWhy::Card(e)))?;
            return Ok(Action::Discard(card));
        }
        Err(bad(NotationWhy::NotAnAction { game: GameId::Programmes, grammar: GRAMMAR }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_round_trip() {
        for text in [
            "draw stock",
            "draw discard",
            "exchange program",
            "reveal 7H 7S 2S=7D JK=7C | 4S 5S JK=6S 7S",
            "reveal AS 2H=2S 3S",
            "meld 9C 9D JK=9H",
            "extend 2 8H",
            "extend 0 JK=8H",
            "discard 9C",
        ] {
            let action: Action = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(action.to_string(), text);
        }
        for bad in [
            "draw",
            "draw  stock",
            "reveal ",
            "reveal 7H  7S 7D",
            "reveal 7H 7S 7D |",
            "reveal 7H 7S 7D | ",
            "meld 9C 9D JK=9X",
            "extend two 8H",
            "extend 02 8H",
            "extend 2",
            "discard 9C ",
            "play 9C",
        ] {
            assert!(bad.parse::<Action>().is_err(), "{bad}");
        }
    }
}
