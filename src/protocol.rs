//! Messages between the page and the AI worker. Both sides are Rust, so messages travel as JSON
//! strings; the version is checked when the worker says it is ready, so a stale cached worker is
//! detected instead of misunderstood.

use serde::{Deserialize, Serialize};

use crate::ai::Level;
use crate::engine::game::GameId;

/// Bumped whenever a message changes shape.
pub const PROTOCOL_VERSION: u32 = 1;

/// From the page to the worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ToWorker {
    /// Choose a move for the seat whose observation this is.
    Think {
        id: u64,
        game: GameId,
        level: Level,
        /// Seeds the AI's own randomness, so a request always gets the same answer.
        seed: u64,
        /// Thinking time for the search levels, in milliseconds (rule-based levels ignore it).
        budget_ms: u32,
        /// A fixed number of search iterations instead of a time budget (reproducible runs).
        iterations: Option<u32>,
        observation: serde_json::Value,
    },
}

/// From the worker to the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum FromWorker {
    /// Sent once, when the worker's wasm has loaded; requests sent before are queued by the page.
    Ready { version: u32 },
    /// The chosen move, as a record action string.
    Move { id: u64, action: String },
    /// The request could not be answered (malformed, or no move to make).
    Failed { id: Option<u64>, message: String },
}

impl ToWorker {
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("messages serialize")
    }
}

impl FromWorker {
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("messages serialize")
    }
}

/// What the worker does with one message: the same function runs on the page when the worker
/// is unavailable, so both give the same move.
pub fn answer(message: &str) -> FromWorker {
    let request: ToWorker = match serde_json::from_str(message) {
        Ok(r) => r,
        Err(e) => return FromWorker::Failed { id: None, message: format!("unreadable request: {e}") },
    };
    match request {
        ToWorker::Think { id, game, level, seed, observation, .. } => {
            match crate::ai::choose_from_json(game, &observation, level, seed) {
                Ok(decision) => FromWorker::Move { id, action: decision.action },
                Err(message) => FromWorker::Failed { id: Some(id), message },
            }
        }
    }
}
