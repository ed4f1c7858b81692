//! The game record (docs/record.md): one JSON format for saves, replays and test scenarios.

use serde::{Deserialize, Serialize};

use crate::engine::game::{Chips, GameId, Seat};
use crate::engine::setup::Setup;

pub const FORMAT_VERSION: u32 = 1;

/// One move as the record writes it: `{"seat": 1, "do": "play 7D"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedAction {
    pub seat: Seat,
    #[serde(rename = "do")]
    pub action: String,
}

/// A game record. Fields this version does not know are ignored when reading (the format only
/// grows by adding fields).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    pub format: u32,
    pub game: String,
    pub players: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub names: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "serde_json::Map::is_empty", deserialize_with = "null_as_default")]
    pub options: serde_json::Map<String, serde_json::Value>,
    pub seed: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_dealer: Option<Seat>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chips: Option<Vec<Chips>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty", deserialize_with = "null_as_default")]
    pub deals: Vec<serde_json::Value>,
    #[serde(default, deserialize_with = "null_as_default")]
    pub actions: Vec<RecordedAction>,
    /// Added by this project: who plays each seat (`"human"` or a computer level such as
    /// `"easy"`). Outside tools may leave it out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seats: Option<Vec<String>>,
    /// An entry of `actions` that is not an action at all (`{"seat": "2", …}`): its index and
    /// why. `actions` then stops before it, so that replaying reports the first offence in order:
    /// an illegal action before it, else this entry (docs/record.md §5.1).
    #[serde(skip)]
    pub unreadable_action: Option<(usize, String)>,
}

/// An optional field given as null reads as left out (docs/record.md §2.1: optional), for the
/// fields that are not an `Option`.
fn null_as_default<'de, D: serde::Deserializer<'de>, T: Default + Deserialize<'de>>(d: D) -> Result<T, D::Error> {
    Ok(Option::<T>::deserialize(d)?.unwrap_or_default())
}

/// Why a record could not be read (before any action is applied).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadRecord(pub String);

impl std::fmt::Display for BadRecord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl Record {
    /// A new record with no actions yet.
    pub fn new(game: GameId, players: usize, seed: u64) -> Record {
        Record {
            format: FORMAT_VERSION,
            game: game.key().to_string(),
            players,
            names: None,
            options: serde_json::Map::new(),
            seed,
            first_dealer: None,
            chips: None,
            deals: Vec::new(),
            actions: Vec::new(),
            seats: None,
            unreadable_action: None,
        }
    }

    /// Reads a record from JSON text, with a message a person can act on when it is not one.
    pub fn from_json(text: &str) -> Result<Record, BadRecord> {
        // A byte-order mark, as some Windows editors save, is not part of the JSON.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut value: serde_json::Value = serde_json::from_str(text).map_err(|e| BadRecord(format!("this is not valid JSON ({e})")))?;
        if !value.is_object() {
            return Err(BadRecord("a game record is a JSON object; this is not one".into()));
        }
        let mut unreadable_action = None;
        if let Some(serde_json::Value::Array(actions)) = value.get_mut("actions") {
            // Checked by hand: a deserializer for one more type would weigh on the page's download.
            let is_action = |entry: &serde_json::Value| {
                entry.get("seat").is_some_and(|s| s.as_u64().is_some_and(|s| s <= u32::MAX.into()))
                    && entry.get("do").is_some_and(serde_json::Value::is_string)
            };
            if let Some(i) = actions.iter().position(|entry| !is_action(entry)) {
                let entry = serde_json::to_string(&actions[i]).unwrap_or_default();
                unreadable_action = Some((i, format!("action {i} is not {{\"seat\": SEAT, \"do\": \"ACTION\"}}: {entry}")));
                actions.truncate(i);
            }
        }
        let mut record: Record = read_fields(value)?;
        record.unreadable_action = unreadable_action;
        if record.format != FORMAT_VERSION {
            return Err(BadRecord(format!(
                "record format {} is not supported (this version reads format {FORMAT_VERSION})",
                record.format
            )));
        }
        record.game_id()?;
        Ok(record)
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("records always serialize")
    }

    pub fn game_id(&self) -> Result<GameId, BadRecord> {
        GameId::from_key(&self.game)
            .ok_or_else(|| BadRecord(format!("unknown game '{}' (expected bonanza, nain-jaune or programmes)", self.game)))
    }

    /// The engine's setup for this record.
    pub fn setup(&self) -> Setup {
        Setup {
            players: self.players,
            seed: self.seed,
            first_dealer: self.first_dealer.unwrap_or(0),
            chips: self.chips.clone(),
            options: self.options.clone(),
            deals: self.deals.clone(),
        }
    }
}

/// The record's fields from its JSON object; natively (the referee) a wrong one is named, with
/// its place ("chips[3]: …").
#[cfg(not(target_arch = "wasm32"))]
fn read_fields(value: serde_json::Value) -> Result<Record, BadRecord> {
    serde_path_to_error::deserialize(value).map_err(|e| {
        let field = e.path().to_string();
        // Serde names Rust's types; a record's author thinks in numbers.
        let mut why = e.into_inner().to_string();
        for rust in ["usize", "u64", "u32", "i64"] {
            why = why.replace(&format!("expected {rust}"), "expected a whole number");
        }
        match field.as_str() {
            "." => BadRecord(format!("this is not a game record: {why}")),
            _ => BadRecord(format!("this is not a game record: {field}: {why}")),
        }
    })
}

#[cfg(target_arch = "wasm32")]
fn read_fields(value: serde_json::Value) -> Result<Record, BadRecord> {
    serde_json::from_value(value).map_err(|e| BadRecord(format!("this is not a game record: {e}")))
}
