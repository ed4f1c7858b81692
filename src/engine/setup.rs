//! A record's setup (docs/record.md §2.1: `players`, `seed`, `first_dealer`, `chips`, `options`,
//! `deals`) and how it becomes a game: the record format's side of starting one, kept apart from
//! the rules ([`Game::start`] takes typed options and layouts), as shakmaty keeps its `Setup` apart
//! from its positions. Each game implements [`FromSetup`] in its `record.rs`.

use super::game::{Chips, Game, GameId, OptionDecl, OptionKind, Seat, SetupError, Start, Wanted, MAX_STACK};

/// How a game is started: the record's fields, already parsed. Each game turns the options and
/// layouts into its own types ([`FromSetup`]).
#[derive(Clone, Debug, Default)]
pub struct Setup {
    pub players: usize,
    pub seed: u64,
    pub first_dealer: Seat,
    /// Starting stacks; `None` means every seat gets the `start_chips` option.
    pub chips: Option<Vec<Chips>>,
    /// The record's `options` object (keys left out take their defaults).
    pub options: serde_json::Map<String, serde_json::Value>,
    /// The record's explicit `deals`, in order.
    pub deals: Vec<serde_json::Value>,
}

/// A game started from a record's setup: each game reads its options and its laid-out deals;
/// [`FromSetup::from_setup`] checks the rest, in this order: the seats against the game's range,
/// the options, every seat's starting stack, the layouts.
pub trait FromSetup: Game {
    /// The record's `options` object (keys left out take their defaults).
    fn read_options(options: &serde_json::Map<String, serde_json::Value>) -> Result<Self::Options, SetupError>;

    /// The record's `deals[index]` for `players` seats.
    fn read_layout(deal: &serde_json::Value, players: usize, index: usize) -> Result<Self::Layout, SetupError>;

    fn from_setup(setup: &Setup) -> Result<Self, SetupError> {
        check_seats(setup, Self::ID)?;
        let options = Self::read_options(&setup.options)?;
        let chips = starting_chips(setup)?;
        let layouts = setup.deals.iter().enumerate().map(|(i, d)| Self::read_layout(d, setup.players, i)).collect::<Result<_, _>>()?;
        let Setup { players, seed, first_dealer, .. } = *setup;
        Self::start(Start { players, seed, first_dealer, chips, options, layouts })
    }
}

/// Refuses a table size outside `game`'s range ([`GameId::player_range`]) and a first dealer who
/// is not a seat.
pub fn check_seats(setup: &Setup, game: GameId) -> Result<(), SetupError> {
    let (players, (min, max)) = (setup.players, game.player_range());
    if !(min..=max).contains(&players) {
        return Err(SetupError::Players { game, players });
    }
    if setup.first_dealer >= players {
        return Err(SetupError::FirstDealer { first_dealer: setup.first_dealer, players });
    }
    Ok(())
}

/// An option's value as the record gives it; `null`, like a key left out, takes the default (as
/// the record's own optional fields do).
fn given<'a>(options: &'a serde_json::Map<String, serde_json::Value>, key: &str) -> Option<&'a serde_json::Value> {
    options.get(key).filter(|v| !v.is_null())
}

/// Reads an integer option, or its default; refuses other types and values below `min`.
pub fn int_option(
    options: &serde_json::Map<String, serde_json::Value>,
    key: &'static str,
    default: i64,
    min: i64,
) -> Result<i64, SetupError> {
    match given(options, key) {
        None => Ok(default),
        Some(v) => match v.as_i64() {
            Some(n) if n >= min => Ok(n),
            _ => Err(SetupError::OptionValue { key, wanted: Wanted::Integer { min }, given: v.to_string() }),
        },
    }
}

/// Reads a string option from a list of allowed values (the first is the default).
pub fn choice_option(
    options: &serde_json::Map<String, serde_json::Value>,
    key: &'static str,
    allowed: &'static [&'static str],
) -> Result<&'static str, SetupError> {
    match given(options, key) {
        None => Ok(allowed[0]),
        Some(v) => {
            let s = v.as_str().unwrap_or("");
            allowed.iter().copied().find(|a| *a == s).ok_or_else(|| SetupError::OptionValue {
                key,
                wanted: Wanted::OneOf(allowed),
                given: v.to_string(),
            })
        }
    }
}

/// Reads a boolean option, or its default.
pub fn bool_option(options: &serde_json::Map<String, serde_json::Value>, key: &'static str, default: bool) -> Result<bool, SetupError> {
    match given(options, key) {
        None => Ok(default),
        Some(v) => v.as_bool().ok_or_else(|| SetupError::OptionValue { key, wanted: Wanted::Flag, given: v.to_string() }),
    }
}

/// Refuses option keys the game does not know (its `declared` options), naming them.
pub fn check_option_keys(
    options: &serde_json::Map<String, serde_json::Value>,
    declared: &[OptionDecl],
    game: GameId,
) -> Result<(), SetupError> {
    for key in options.keys() {
        if key != "start_chips" && !declared.iter().any(|d| d.key == key) {
            let known = declared.iter().map(|d| d.key).collect();
            return Err(SetupError::UnknownOption { key: key.clone(), game, known });
        }
    }
    Ok(())
}

impl OptionDecl {
    /// A choice option's value in `options`, or its default.
    pub fn choice(&self, options: &serde_json::Map<String, serde_json::Value>) -> Result<&'static str, SetupError> {
        match self.kind {
            OptionKind::Choice(values) => choice_option(options, self.key, values),
            _ => unreachable!("option '{}' is not a choice", self.key),
        }
    }

    /// A whole-number option's value in `options`, or its default.
    pub fn whole(&self, options: &serde_json::Map<String, serde_json::Value>) -> Result<i64, SetupError> {
        let OptionKind::Whole { default, min, max } = self.kind else { unreachable!("option '{}' is not a number", self.key) };
        let n = int_option(options, self.key, default, min)?;
        if n > max {
            return Err(SetupError::OptionTooLarge { key: self.key, max });
        }
        Ok(n)
    }

    /// A count option (declared with `max` [`MAX_COUNT`]) as a `u32`.
    pub fn count(&self, options: &serde_json::Map<String, serde_json::Value>) -> Result<u32, SetupError> {
        let n = self.whole(options)?;
        Ok(u32::try_from(n).expect("a count option is declared within u32"))
    }

    /// A yes/no option's value in `options`, or its default.
    pub fn flag(&self, options: &serde_json::Map<String, serde_json::Value>) -> Result<bool, SetupError> {
        match self.kind {
            OptionKind::Flag { default } => bool_option(options, self.key, default),
            _ => unreachable!("option '{}' is not a flag", self.key),
        }
    }
}

/// The starting stacks: the record's `chips`, or `start_chips` (default 100) for every seat.
pub fn starting_chips(setup: &Setup) -> Result<Vec<Chips>, SetupError> {
    let start = int_option(&setup.options, "start_chips", 100, 1)?;
    if start > MAX_STACK {
        return Err(SetupError::OptionTooLarge { key: "start_chips", max: MAX_STACK });
    }
    if setup.chips.as_ref().is_some_and(|c| c.iter().any(|&c| c > MAX_STACK)) {
        return Err(SetupError::ChipsTooLarge);
    }
    match &setup.chips {
        None => Ok(vec![start; setup.players]),
        Some(chips) if chips.len() != setup.players => Err(SetupError::ChipsCount { stacks: chips.len(), players: setup.players }),
        Some(chips) if chips.iter().any(|&c| c < 0) => Err(SetupError::ChipsNegative),
        Some(chips) => Ok(chips.clone()),
    }
}
