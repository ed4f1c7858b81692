//! Messages between the page and the AI worker. Both sides are Rust, so messages travel as JSON
//! strings; the version is checked when the worker says it is ready, so a stale cached worker is
//! detected instead of misunderstood.

use serde::{Deserialize, Serialize};

use crate::ai::search::NoClock;
use crate::ai::{Clock, Level, RuleBotsOnly, Searching, Thinking};
use crate::engine::game::GameId;

/// Bumped whenever a message changes shape.
pub const PROTOCOL_VERSION: u32 = 2;

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
        /// Also explain the move in a few words (hints); the explanation is structured, so the
        /// page can say it in the player's language.
        #[serde(default)]
        explain: bool,
    },
    /// Measure engine and search speed in this worker (`seconds` for each measurement).
    Bench { id: u64, game: GameId, players: usize, seconds: f64 },
}

/// From the worker to the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum FromWorker {
    /// Sent once, when the worker's wasm has loaded; requests sent before are queued by the page.
    Ready { version: u32 },
    /// The chosen move, as a record action string, and why (when asked to explain).
    Move {
        id: u64,
        action: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        explanation: Option<serde_json::Value>,
    },
    /// Speed measured in the worker.
    Bench { id: u64, report: crate::ai::bench::BenchReport },
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

/// What the worker does with one message, with iteration budgets only (no clock): the same
/// answers as [`answer_with`] for reproducible requests.
pub fn answer(message: &str) -> FromWorker {
    answer_with(message, &NoClock)
}

/// What the worker does with one message. `clock` enforces time budgets.
pub fn answer_with(message: &str, clock: &dyn Clock) -> FromWorker {
    answer_using(message, clock, |game, level, budget_ms, iterations| Searching {
        budget: crate::ai::request_budget(game, level, budget_ms, iterations, clock),
        clock,
    })
}

/// Warms the worker up before its first request: the searches of every game
/// ([`warm_up_all`](crate::ai::warm_up::warm_up_all)), then the way in and out, with a request
/// whose observation is not one: a browser compiles a wasm function at its first call, and before
/// this a worker's first request took 10-20 ms more than the next ones. Returns the searches run.
pub fn warm_up() -> u32 {
    let searches = crate::ai::warm_up::warm_up_all();
    let _ = answer(WARM_UP_REQUEST).to_json();
    searches
}

const WARM_UP_REQUEST: &str =
    r#"{"kind":"think","id":0,"game":"nain-jaune","level":"hard","seed":1,"budget_ms":0,"iterations":1,"observation":{}}"#;

/// What the page answers itself when no worker can run: the same requests, decided by the rule
/// bots (every level plays as `easy`), so that the page's wasm carries no search; speed is only
/// measured in the worker.
pub fn answer_by_rules(message: &str) -> FromWorker {
    answer_using(message, &NoClock, |_, _, _, _| RuleBotsOnly)
}

fn answer_using<T: Thinking>(
    message: &str,
    clock: &dyn Clock,
    thinking: impl Fn(GameId, Level, u32, Option<u32>) -> T,
) -> FromWorker {
    let request: ToWorker = match serde_json::from_str(message) {
        Ok(r) => r,
        Err(e) => return FromWorker::Failed { id: None, message: format!("unreadable request: {e}") },
    };
    match request {
        ToWorker::Think { id, game, level, seed, budget_ms, iterations, observation, explain } => {
            let thinking = thinking(game, level, budget_ms, iterations);
            match crate::ai::choose_from_json(game, &observation, level, seed, &thinking, explain) {
                Ok(decision) => FromWorker::Move { id, action: decision.action, explanation: decision.explanation },
                Err(message) => FromWorker::Failed { id: Some(id), message },
            }
        }
        ToWorker::Bench { id, .. } if !T::BENCH => {
            FromWorker::Failed { id: Some(id), message: "speed is measured in the AI worker only".into() }
        }
        ToWorker::Bench { id, game, players, seconds } => match crate::ai::bench_game(game, players, seconds, clock) {
            Ok(report) => FromWorker::Bench { id, report },
            Err(message) => FromWorker::Failed { id: Some(id), message },
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The request that warms the way in and out is read whole, as a request, and refused only
    /// at its observation (so the worker does not think).
    #[test]
    fn the_warm_up_request_is_refused_at_its_observation() {
        match answer(WARM_UP_REQUEST) {
            FromWorker::Failed { id: Some(0), message } => {
                assert!(message.starts_with("not a Nain Jaune observation"), "{message}")
            }
            other => panic!("{other:?}"),
        }
    }
}
