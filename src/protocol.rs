//! Messages between the page and the AI worker. Both sides are Rust, so messages travel as JSON
//! strings; the version is checked when the worker says it is ready, so a stale cached worker is
//! detected instead of misunderstood.

use serde::{Deserialize, Serialize};

use std::marker::PhantomData;

use crate::ai::bench::BenchReport;
use crate::ai::review::{verdict_json, Verdict};
use crate::ai::search::NoClock;
use crate::ai::{Clock, Decision, GameBots, Level, RuleBotsOnly, Searching, Thinking};
use crate::engine::game::GameId;

/// Bumped whenever a message changes shape.
pub const PROTOCOL_VERSION: u32 = 3;

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
    /// The hard level's verdict on `played`, the move of the seat whose observation this is
    /// (reviewing a game: [`crate::ai::review`]).
    Review {
        id: u64,
        game: GameId,
        seed: u64,
        /// Thinking time for each of the two searches, in milliseconds.
        budget_ms: u32,
        iterations: Option<u32>,
        observation: serde_json::Value,
        played: String,
    },
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
    Bench { id: u64, report: BenchReport },
    /// The hard level's verdict on a move.
    Verdict { id: u64, verdict: Verdict },
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

/// What a worker that plays every game does with one message. `clock` enforces time budgets.
pub fn answer_with(message: &str, clock: &dyn Clock) -> FromWorker {
    searching::<EveryGame>(message, clock)
}

/// What the worker of game `G` does with one message: the same answers as [`answer_with`] for
/// `G`'s requests, and it links only `G`'s searches (a request for another game is refused).
pub fn answer_game_with<G: GameBots>(message: &str, clock: &dyn Clock) -> FromWorker {
    searching::<OnlyGame<G>>(message, clock)
}

fn searching<S: Serves>(message: &str, clock: &dyn Clock) -> FromWorker {
    answer_using::<S, _>(message, clock, |game, level, budget_ms, iterations| Searching {
        budget: crate::ai::request_budget(game, level, budget_ms, iterations, clock),
        clock,
    })
}

/// Warms the worker of game `G` up before its first request: its searches
/// ([`warm_up`](crate::ai::warm_up::warm_up)), then the way in and out, with a request whose
/// observation is not one: a browser compiles a wasm function at its first call, and before this
/// a worker's first request took 10-20 ms more than the next ones. Returns the searches run.
pub fn warm_up_game<G: GameBots>() -> u32 {
    let searches = crate::ai::warm_up::warm_up::<G>(G::WARM_UP_PLAYERS);
    let _ = answer_game_with::<G>(&warm_up_request(G::ID), &NoClock).to_json();
    searches
}

fn warm_up_request(game: GameId) -> String {
    format!(r#"{{"kind":"think","id":0,"game":"{}","level":"hard","seed":1,"budget_ms":0,"iterations":1,"observation":{{}}}}"#, game.key())
}

/// The requests of any game decided by the rule bots (every level plays as `easy`; speed is only
/// measured in a worker): what the page answers when no worker can run, through each game's own
/// [`answer_game_by_rules`], and the reference the tests compare it with.
pub fn answer_by_rules(message: &str) -> FromWorker {
    answer_using::<EveryGame, _>(message, &NoClock, |_, _, _, _| RuleBotsOnly)
}

/// [`answer_by_rules`] for game `G` only: the page's fallback links it into `G`'s own code (its
/// wasm chunk), so no game's rule bots weigh on the first load.
pub fn answer_game_by_rules<G: GameBots>(message: &str) -> FromWorker {
    answer_using::<OnlyGame<G>, _>(message, &NoClock, |_, _, _, _| RuleBotsOnly)
}

/// The games a side answers for: every one, or a single game (whose worker then links no other
/// game's code: the dispatch on [`GameId`] is resolved when it is compiled).
trait Serves {
    fn choose<T: Thinking>(game: GameId, think: Think, thinking: &T) -> Result<Decision, String>;
    fn bench(game: GameId, players: usize, seconds: f64, clock: &dyn Clock) -> Result<BenchReport, String>;
    fn review(game: GameId, q: Review, clock: &dyn Clock) -> Result<Verdict, String>;
}

/// A review request's question: the seat's observation, the move it played, the budget, the seed.
struct Review<'a> {
    observation: &'a serde_json::Value,
    played: &'a str,
    budget: crate::ai::Budget,
    seed: u64,
}

/// A move request's question: the seat's observation, the level, the seed and whether to explain.
struct Think<'a> {
    observation: &'a serde_json::Value,
    level: Level,
    seed: u64,
    explain: bool,
}

struct EveryGame;

impl Serves for EveryGame {
    fn choose<T: Thinking>(game: GameId, q: Think, thinking: &T) -> Result<Decision, String> {
        crate::with_game_type!(game, G => crate::ai::choose_json::<G>(q.observation, q.level, q.seed, thinking, q.explain))
    }

    fn bench(game: GameId, players: usize, seconds: f64, clock: &dyn Clock) -> Result<BenchReport, String> {
        crate::with_game_type!(game, G => crate::ai::bench_one::<G>(players, seconds, clock))
    }

    fn review(game: GameId, q: Review, clock: &dyn Clock) -> Result<Verdict, String> {
        crate::with_game_type!(game, G => verdict_json::<G>(q.observation, q.played, q.budget, clock, q.seed))
    }
}

struct OnlyGame<G>(PhantomData<G>);

impl<G: GameBots> OnlyGame<G> {
    fn serves(game: GameId) -> Result<(), String> {
        if game == G::ID {
            Ok(())
        } else {
            Err(format!("this worker plays {} only, not {}", G::ID.name(), game.key()))
        }
    }
}

impl<G: GameBots> Serves for OnlyGame<G> {
    fn choose<T: Thinking>(game: GameId, q: Think, thinking: &T) -> Result<Decision, String> {
        Self::serves(game)?;
        crate::ai::choose_json::<G>(q.observation, q.level, q.seed, thinking, q.explain)
    }

    fn bench(game: GameId, players: usize, seconds: f64, clock: &dyn Clock) -> Result<BenchReport, String> {
        Self::serves(game)?;
        crate::ai::bench_one::<G>(players, seconds, clock)
    }

    fn review(game: GameId, q: Review, clock: &dyn Clock) -> Result<Verdict, String> {
        Self::serves(game)?;
        verdict_json::<G>(q.observation, q.played, q.budget, clock, q.seed)
    }
}

fn answer_using<S: Serves, T: Thinking>(
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
            match S::choose(game, Think { observation: &observation, level, seed, explain }, &thinking) {
                Ok(decision) => FromWorker::Move { id, action: decision.action, explanation: decision.explanation },
                Err(message) => FromWorker::Failed { id: Some(id), message },
            }
        }
        ToWorker::Bench { id, .. } if !T::BENCH => {
            FromWorker::Failed { id: Some(id), message: "speed is measured in the AI worker only".into() }
        }
        ToWorker::Review { id, .. } if !T::BENCH => {
            FromWorker::Failed { id: Some(id), message: "a review needs the AI worker's searches".into() }
        }
        ToWorker::Review { id, game, seed, budget_ms, iterations, observation, played } => {
            let budget = crate::ai::request_budget(game, Level::Hard, budget_ms, iterations, clock);
            match S::review(game, Review { observation: &observation, played: &played, budget, seed }, clock) {
                Ok(verdict) => FromWorker::Verdict { id, verdict },
                Err(message) => FromWorker::Failed { id: Some(id), message },
            }
        }
        ToWorker::Bench { id, game, players, seconds } => match S::bench(game, players, seconds, clock) {
            Ok(report) => FromWorker::Bench { id, report },
            Err(message) => FromWorker::Failed { id: Some(id), message },
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::bonanza::Bonanza;
    use crate::engine::nain_jaune::NainJaune;
    use crate::engine::programmes::Programmes;

    /// The request that warms the way in and out is read whole, as a request, and refused only
    /// at its observation (so the worker does not think), for each game's worker.
    #[test]
    fn the_warm_up_request_is_refused_at_its_observation() {
        fn refused<G: GameBots>() {
            match answer_game_with::<G>(&warm_up_request(G::ID), &NoClock) {
                FromWorker::Failed { id: Some(0), message } => {
                    assert!(message.starts_with(&format!("not a {} observation", G::ID.name())), "{message}")
                }
                other => panic!("{other:?}"),
            }
        }
        refused::<NainJaune>();
        refused::<Bonanza>();
        refused::<Programmes>();
    }

    /// The page's fallback for one game answers as the fallback for every game does.
    #[test]
    fn a_games_rule_bots_answer_as_every_games() {
        use crate::engine::setup::Setup;
        fn same<G: GameBots>(players: usize) {
            let game = G::from_setup(&Setup { players, seed: 7, ..Setup::default() }).unwrap();
            let seat = game.to_move().unwrap();
            let observation = serde_json::to_value(game.observe(seat)).unwrap();
            for level in [Level::Easy, Level::Hard] {
                let request = ToWorker::Think {
                    id: 3,
                    game: G::ID,
                    level,
                    seed: 11,
                    budget_ms: 0,
                    iterations: Some(10),
                    observation: observation.clone(),
                    explain: true,
                }
                .to_json();
                let answer = answer_game_by_rules::<G>(&request);
                assert!(matches!(answer, FromWorker::Move { id: 3, .. }), "{answer:?}");
                assert_eq!(answer, answer_by_rules(&request));
            }
        }
        same::<NainJaune>(4);
        same::<Bonanza>(5);
        same::<Programmes>(4);
    }

    /// A game's worker answers its own game's requests and refuses another game's, saying so.
    #[test]
    fn a_game_worker_refuses_other_games() {
        match answer_game_with::<Bonanza>(&warm_up_request(GameId::NainJaune), &NoClock) {
            FromWorker::Failed { id: Some(0), message } => assert_eq!(message, "this worker plays Bonanza only, not nain-jaune"),
            other => panic!("{other:?}"),
        }
    }
}
