//! Bonanza's action strings (docs/record.md §3):
//! `take widow`, `sell widow`; `bid 3`, `pass`; `show JK`, `show QS JD`, `show 5D JK 7D`, …;
//! `check`, `bet 2`, `call`, `raise 3`, `fold`; `play 8H`.
//!
//! Parsing checks the spelling only; whether a move is allowed is the engine's question.

use std::fmt;
use std::str::FromStr;

use super::calls::Claim;
use crate::engine::bad_action::{BadAction, NotationWhy};
use crate::engine::cards::{parse_cards, Card};
use crate::engine::game::{Chips, GameId};

/// One Bonanza move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// The dealer swaps his hand for the widow.
    TakeWidow,
    /// The dealer keeps his hand and offers the widow for sale.
    SellWidow,
    /// An offer for the widow: the total price.
    Bid(Chips),
    /// No bid in the auction, or nothing shown at a call.
    Pass,
    /// Cards shown at a call.
    Show(Claim),
    Check,
    /// The first bet of the Poker round: this many chips.
    Bet(Chips),
    Call,
    /// A raise: this many chips above the current bet.
    Raise(Chips),
    Fold,
    /// A card played in the race.
    Play(Card),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::TakeWidow => f.write_str("take widow"),
            Action::SellWidow => f.write_str("sell widow"),
            Action::Bid(n) => write!(f, "bid {n}"),
            Action::Pass => f.write_str("pass"),
            Action::Show(claim) => write!(f, "show {claim}"),
            Action::Check => f.write_str("check"),
            Action::Bet(n) => write!(f, "bet {n}"),
            Action::Call => f.write_str("call"),
            Action::Raise(n) => write!(f, "raise {n}"),
            Action::Fold => f.write_str("fold"),
            Action::Play(card) => write!(f, "play {card}"),
        }
    }
}

const GRAMMAR: &str = "the actions are: take widow, sell widow, bid N, pass, show CARDS, check, bet N, call, raise N, fold, play CARD";

/// A chip amount written as plain decimal digits (so the text reads back the same).
fn amount(s: &str, text: &str) -> Result<Chips, BadAction> {
    match s.parse::<Chips>() {
        Ok(n) if n >= 0 && n.to_string() == s => Ok(n),
        _ => Err(BadAction::new(text, NotationWhy::NotChips(s.to_string()))),
    }
}

impl FromStr for Action {
    type Err = BadAction;

    fn from_str(s: &str) -> Result<Action, BadAction> {
        let bad = |why| BadAction::new(s, why);
        let not_an_action = || bad(NotationWhy::NotAnAction { game: GameId::Bonanza, grammar: GRAMMAR });
        match s {
            "take widow" => return Ok(Action::TakeWidow),
            "sell widow" => return Ok(Action::SellWidow),
            "pass" => return Ok(Action::Pass),
            "check" => return Ok(Action::Check),
            "call" => return Ok(Action::Call),
            "fold" => return Ok(Action::Fold),
            _ => {}
        }
        let (verb, rest) = s.split_once(' ').ok_or_else(not_an_action)?;
        match verb {
            "bid" => Ok(Action::Bid(amount(rest, s)?)),
            "bet" => Ok(Action::Bet(amount(rest, s)?)),
            "raise" => Ok(Action::Raise(amount(rest, s)?)),
            "play" => {
                let card: Card = rest.parse().map_err(|e| bad(NotationWhy::Card(e)))?;
                Ok(Action::Play(card))
            }
            "show" => {
                let cards = parse_cards(rest).map_err(|e| bad(NotationWhy::Card(e)))?;
                if cards.is_empty() || cards.len() > 3 {
                    return Err(bad(NotationWhy::ShowSize));
                }
                let claim = Claim::new(&cards);
                // Single spaces only, so the action reads back exactly as written.
                if format!("show {claim}") != s {
                    return Err(bad(NotationWhy::ShowSpacing));
                }
                Ok(Action::Show(claim))
            }
            _ => Err(not_an_action()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_round_trip() {
        for text in [
            "take widow",
            "sell widow",
            "bid 3",
            "pass",
            "show JK",
            "show QS JD",
            "show JK JD",
            "show 5D 6D 7D",
            "show 5D JK 7D",
            "show 10D 2S",
            "check",
            "bet 2",
            "call",
            "raise 3",
            "fold",
            "play 8H",
            "play 10C",
        ] {
            let action: Action = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(action.to_string(), text);
        }
    }

    #[test]
    fn malformed_actions_are_refused() {
        for text in [
            "",
            "take",
            "bid",
            "bid x",
            "bid -1",
            "bid 03",
            "bid +3",
            "show",
            "show 5D 6D 7D 8D",
            "show 5D  6D",
            "play",
            "play 1H",
            "raise",
            "bet 2 3",
            "Pass",
            "play 8H ",
        ] {
            assert!(text.parse::<Action>().is_err(), "'{text}' should be refused");
        }
    }
}
