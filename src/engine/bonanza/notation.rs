//! Bonanza's action strings (RECORD.md "Action grammar"):
//! `take widow`, `sell widow`; `bid 3`, `pass`; `show JK`, `show QS JD`, `show 5D JK 7D`, …;
//! `check`, `bet 2`, `call`, `raise 3`, `fold`; `play 8H`.
//!
//! Parsing checks the spelling only; whether a move is allowed is the engine's question.

use std::fmt;
use std::str::FromStr;

use super::calls::Claim;
use crate::engine::cards::{parse_cards, Card};
use crate::engine::game::Chips;

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

const GRAMMAR: &str = "take widow, sell widow, bid N, pass, show CARDS, check, bet N, call, raise N, fold, play CARD";

/// A chip amount written as plain decimal digits (so the text reads back the same).
fn amount(s: &str, text: &str) -> Result<Chips, String> {
    match s.parse::<Chips>() {
        Ok(n) if n >= 0 && n.to_string() == s => Ok(n),
        _ => Err(format!("'{text}': '{s}' is not a number of chips")),
    }
}

impl FromStr for Action {
    type Err = String;

    fn from_str(s: &str) -> Result<Action, String> {
        match s {
            "take widow" => return Ok(Action::TakeWidow),
            "sell widow" => return Ok(Action::SellWidow),
            "pass" => return Ok(Action::Pass),
            "check" => return Ok(Action::Check),
            "call" => return Ok(Action::Call),
            "fold" => return Ok(Action::Fold),
            _ => {}
        }
        let (verb, rest) = s
            .split_once(' ')
            .ok_or_else(|| format!("'{s}' is not a Bonanza action (the actions are: {GRAMMAR})"))?;
        match verb {
            "bid" => Ok(Action::Bid(amount(rest, s)?)),
            "bet" => Ok(Action::Bet(amount(rest, s)?)),
            "raise" => Ok(Action::Raise(amount(rest, s)?)),
            "play" => {
                let card: Card = rest.parse().map_err(|e| format!("'{s}': {e}"))?;
                Ok(Action::Play(card))
            }
            "show" => {
                let cards = parse_cards(rest).map_err(|e| format!("'{s}': {e}"))?;
                if cards.is_empty() || cards.len() > 3 {
                    return Err(format!("'{s}': a show has one to three cards"));
                }
                let claim = Claim::new(&cards);
                // Single spaces only, so the action reads back exactly as written.
                if format!("show {claim}") != s {
                    return Err(format!("'{s}': separate the cards with single spaces"));
                }
                Ok(Action::Show(claim))
            }
            _ => Err(format!("'{s}' is not a Bonanza action (the actions are: {GRAMMAR})")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_round_trip() {
        for text in [
            "take widow", "sell widow", "bid 3", "pass", "show JK", "show QS JD", "show JK JD", "show 5D 6D 7D",
            "show 5D JK 7D", "show 10D 2S", "check", "bet 2", "call", "raise 3", "fold", "play 8H", "play 10C",
        ] {
            let action: Action = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(action.to_string(), text);
        }
    }

    #[test]
    fn malformed_actions_are_refused() {
        for text in [
            "", "take", "bid", "bid x", "bid -1", "bid 03", "bid +3", "show", "show 5D 6D 7D 8D", "show 5D  6D",
            "play", "play 1H", "raise", "bet 2 3", "Pass", "play 8H ",
        ] {
            assert!(text.parse::<Action>().is_err(), "'{text}' should be refused");
        }
    }
}
