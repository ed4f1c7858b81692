//! Nain Jaune's action strings (RECORD.md "Action grammar"): `play 7D`.

use std::fmt;
use std::str::FromStr;

use crate::engine::cards::Card;

/// The only Nain Jaune move: play one card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    Play(Card),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Action::Play(card) = self;
        write!(f, "play {card}")
    }
}

impl FromStr for Action {
    type Err = String;

    fn from_str(s: &str) -> Result<Action, String> {
        let card = s
            .strip_prefix("play ")
            .ok_or_else(|| format!("'{s}' is not a Nain Jaune action (the only one is 'play CARD', e.g. 'play 7D')"))?;
        let card: Card = card.parse().map_err(|e: crate::engine::cards::BadCard| format!("'{s}': {e}"))?;
        if card.is_joker() {
            return Err(format!("'{s}': Nain Jaune is played without the joker"));
        }
        Ok(Action::Play(card))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_round_trip() {
        let a: Action = "play 10D".parse().unwrap();
        assert_eq!(a.to_string(), "play 10D");
        assert!("play".parse::<Action>().is_err());
        assert!("play JK".parse::<Action>().is_err());
        assert!("bid 3".parse::<Action>().is_err());
        assert!("play 7D ".parse::<Action>().is_err());
    }
}
