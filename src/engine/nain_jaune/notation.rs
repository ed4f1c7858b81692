//! Nain Jaune's action strings (docs/record.md §3): `play 7D`.

use std::fmt;
use std::str::FromStr;

use crate::engine::bad_action::{BadAction, NotationWhy};
use crate::engine::cards::Card;
use crate::engine::game::GameId;

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
    type Err = BadAction;

    fn from_str(s: &str) -> Result<Action, BadAction> {
        let bad = |why| BadAction::new(s, why);
        let grammar = "the only one is 'play CARD', e.g. 'play 7D'";
        let card = s.strip_prefix("play ").ok_or_else(|| bad(NotationWhy::NotAnAction { game: GameId::NainJaune, grammar }))?;
        let card: Card = card.parse().map_err(|e| bad(NotationWhy::Card(e)))?;
        if card.is_joker() {
            return Err(bad(NotationWhy::NoJoker { game: GameId::NainJaune }));
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
