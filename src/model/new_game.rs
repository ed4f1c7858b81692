//! The new-game form as plain data: what it holds when "Start" is pressed, what it starts, and
//! why a field is refused. Pure Rust, tested natively (tests/model_new_game.rs); `app::new_game`
//! draws the form, remembers it and puts the game on the table.

use serde_json::{Map, Value};

use crate::engine::game::{Chips, GameId};
use crate::record::Record;

use super::people::Lang;
use super::session::{default_names, SeatKind, Session};

/// The longest name accepted (it must fit a seat plate).
pub const NAME_MAX: usize = 16;
/// The option every game has besides its form's house rules (docs/record.md §4, `start_chips`).
pub const START_CHIPS: &str = "start_chips";

/// A field of the form that holds a wrong value, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FieldError {
    /// A house rule (by record key).
    Option(&'static str),
    StartChips,
    /// Nobody can pay the first stakes with these chips (the stake each, when the game says).
    TooFewChips {
        chips: Chips,
        stake: Option<Chips>,
    },
    Seed,
}

impl FieldError {
    /// The field in error: a house rule's record key, `start_chips` or `seed`.
    pub fn field(&self) -> &'static str {
        match self {
            FieldError::Option(key) => key,
            FieldError::StartChips | FieldError::TooFewChips { .. } => START_CHIPS,
            FieldError::Seed => "seed",
        }
    }
}

/// What the form holds when "Start" is pressed.
#[derive(Clone, Debug, PartialEq)]
pub struct Form {
    pub game: GameId,
    /// Whether the game is played with chips (else the starting chips' field is hidden, unused).
    pub chips: bool,
    /// Who plays each seat, one a player.
    pub seats: Vec<SeatKind>,
    /// The names as typed, one a seat (at least one a player).
    pub names: Vec<String>,
    /// Each house rule's record key, with the record value of what its field holds (`None`: a
    /// value the engine would refuse).
    pub options: Vec<(&'static str, Option<Value>)>,
    pub start_chips: String,
    /// Empty for a fresh seed.
    pub seed: String,
}

/// What a form without wrong fields starts with.
#[derive(Clone, Debug, PartialEq)]
pub struct Checked {
    pub options: Map<String, Value>,
    pub chips: Chips,
    pub seed: u64,
}

impl Form {
    /// The house rules, starting chips and seed, or every field in error. `fresh_seed` draws the
    /// seed when the field is empty.
    pub fn check(&self, fresh_seed: impl FnOnce() -> u64) -> Result<Checked, Vec<FieldError>> {
        let mut problems = Vec::new();
        let mut options = Map::new();
        for (key, value) in &self.options {
            match value {
                Some(v) => {
                    options.insert((*key).into(), v.clone());
                }
                None => problems.push(FieldError::Option(key)),
            }
        }
        let mut chips = self.start_chips.trim().parse::<Chips>().ok().filter(|c| *c >= 1);
        if !self.chips {
            // The field is hidden and unused: whatever it holds is no error.
            chips = chips.or(Some(1));
        }
        if chips.is_none() {
            problems.push(FieldError::StartChips);
        }
        let seed_text = self.seed.trim();
        let seed = if seed_text.is_empty() { Some(fresh_seed()) } else { seed_text.parse::<u64>().ok() };
        if seed.is_none() {
            problems.push(FieldError::Seed);
        }
        match (chips, seed, problems.is_empty()) {
            (Some(chips), Some(seed), true) => Ok(Checked { options, chips, seed }),
            _ => Err(problems),
        }
    }

    /// The seats' names: what was typed (trimmed, at most [`NAME_MAX`] characters), else the
    /// seat's default name in `lang`.
    pub fn names(&self, lang: Lang) -> Vec<String> {
        let defaults = default_names(&self.seats, lang);
        defaults
            .into_iter()
            .zip(&self.names)
            .map(|(default, typed)| {
                let typed: String = typed.trim().chars().take(NAME_MAX).collect();
                if typed.is_empty() {
                    default
                } else {
                    typed
                }
            })
            .collect()
    }

    /// Writes the checked form into a new game's `record`: its house rules, starting chips (a
    /// game without chips carries no stack), who plays each seat and the names.
    pub fn fill(&self, record: &mut Record, checked: Checked, lang: Lang) {
        record.options = checked.options;
        if self.chips {
            record.options.insert(START_CHIPS.into(), checked.chips.into());
        }
        record.seats = Some(self.seats.iter().map(|k| k.key().to_string()).collect());
        record.names = Some(self.names(lang));
    }
}

/// A chip game where nobody can pay the first stakes ends before it begins: the error the form
/// shows for `trial` (the game the form would start with `chips` each), if so.
pub fn unpaid_stakes(trial: &Session, chips: Chips) -> Option<FieldError> {
    let stake = trial.nain_jaune().map(|g| g.stake_each()).or(trial.bonanza().map(|g| g.options().ante()));
    trial.table.is_finished().then_some(FieldError::TooFewChips { chips, stake })
}
