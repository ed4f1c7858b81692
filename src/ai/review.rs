//! The hard level's verdict on one decision, for reviewing a game (issue 32): the move it would
//! have played and, when that is not the move played, what its search expects from each of the
//! two, measured side by side in the same sampled deals (chips won or lost by the deal's end in
//! Nain Jaune and Bonanza; in Programmes, the standing the searches play for: programs completed
//! and the winner's bonus).

use serde::{Deserialize, Serialize};

use super::search::{self, Budget, Clock};
use super::{decide_within, observation_to_move, GameBots, Level};
use crate::engine::rng::{seeded, GameRng};

/// The hard level's verdict on a move.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Verdict {
    /// The move played, as its record string.
    pub played: String,
    /// The hard level's own move.
    pub best: String,
    /// When the two differ and a search could weigh them: what it expects from each.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub values: Option<Values>,
}

/// Expected results of the move played and of the hard level's move, from the same sampled deals.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Values {
    pub played: f64,
    pub best: f64,
    /// The standard error of `best - played` (how sure the difference is).
    pub error: f64,
    /// The deals sampled.
    pub samples: u32,
}

impl Values {
    /// How much the move played loses against the hard level's, when the search is sure of it
    /// (the difference is more than twice its standard error); 0 otherwise.
    pub fn clear_loss(&self) -> f64 {
        let loss = self.best - self.played;
        if loss > 2.0 * self.error {
            loss
        } else {
            0.0
        }
    }
}

/// The verdict on `played`, the move of the seat that `observation` belongs to. The hard level
/// decides within `budget`; the comparison then samples deals within the same budget.
pub fn verdict<G: GameBots>(
    observation: &G::Observation,
    played: &G::Action,
    budget: Budget,
    clock: &dyn Clock,
    rng: &mut GameRng,
) -> Verdict {
    let (best, _) = decide_within::<G>(observation, Level::Hard, budget, clock, rng);
    let values = (best != *played).then(|| compare::<G>(observation, &best, played, budget, clock, rng)).flatten();
    Verdict { played: played.to_string(), best: best.to_string(), values }
}

fn compare<G: GameBots>(
    observation: &G::Observation,
    best: &G::Action,
    played: &G::Action,
    budget: Budget,
    clock: &dyn Clock,
    rng: &mut GameRng,
) -> Option<Values> {
    let (seat, _) = G::check_observation(observation).ok()?;
    let ([best, played], error, samples) =
        search::pimc_pair::<G>(&search::Ask { observation, seat, budget, clock }, &[best.clone(), played.clone()], rng);
    (samples > 0).then_some(Values { played, best, error, samples })
}

/// [`verdict`] from JSON, as the workers and the referee ask for it: a seat's observation of game
/// `G` and the record string of the move it played, or why the request makes no sense.
pub fn verdict_json<G: GameBots>(
    observation: &serde_json::Value,
    played: &str,
    budget: Budget,
    clock: &dyn Clock,
    seed: u64,
) -> Result<Verdict, String> {
    let obs = observation_to_move::<G>(observation)?;
    let action: G::Action = played.parse().map_err(|e| format!("'{played}': {e}"))?;
    // The seat's legal moves depend only on what it sees: any world consistent with it will do.
    if !G::determinize(&obs, &mut seeded(seed)).legal_actions().contains(&action) {
        return Err(format!("'{played}' is not a legal move here"));
    }
    Ok(verdict::<G>(&obs, &action, budget, clock, &mut seeded(seed)))
}
