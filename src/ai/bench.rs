//! Engine and search speed, measured by the same code natively (`referee bench`) and in the
//! browser (the worker's bench request), so the two figures compare like for like.

use serde::{Deserialize, Serialize};

use super::search::{ismcts, Ask, Budget, Clock, NoClock};
use super::GameBots;
use crate::engine::game::SetupError;
use crate::engine::rng::seeded;
use crate::engine::setup::Setup;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BenchReport {
    pub players: usize,
    /// Full-deal playouts: a fresh shuffle and deal, then the game's playout policy (the moves the
    /// searches simulate: nearly random for Nain Jaune, greedy for Programmes) until the deal is
    /// settled.
    pub playouts: u64,
    pub playouts_per_second: f64,
    pub moves_per_second: f64,
    /// ISMCTS iterations (a sampled world, a tree descent, a playout, a backup) on the opening
    /// position of fresh deals.
    pub search_iterations: u64,
    pub search_iterations_per_second: f64,
}

/// Runs both measurements, `seconds` each, reading time from `clock`.
pub fn run<G: GameBots>(players: usize, seed: u64, seconds: f64, clock: &dyn Clock) -> Result<BenchReport, SetupError> {
    let mut base = G::from_setup(&Setup { players, seed, ..Setup::default() })?;
    base.set_logging(false);
    base.set_single_deal(true);
    let mut rng = seeded(seed);
    let millis = seconds * 1000.0;

    let (mut playouts, mut moves) = (0u64, 0u64);
    let start = clock.now_ms();
    loop {
        // Batches keep the clock out of the measured loop.
        for _ in 0..1000 {
            let mut game = base.clone();
            game.redeal(&mut rng);
            moves += G::play_out(&mut game, &mut rng);
            playouts += 1;
        }
        if clock.now_ms() - start >= millis {
            break;
        }
    }
    let playout_ms = clock.now_ms() - start;

    let mut iterations = 0u64;
    let start = clock.now_ms();
    while clock.now_ms() - start < millis {
        let mut game = base.clone();
        game.redeal(&mut rng);
        let seat = game.to_move().expect("a fresh deal has a leader");
        let legal = game.legal_actions();
        let ask = Ask { observation: &game.observe(seat), seat, budget: Budget::iterations(1000), clock: &NoClock };
        let result = ismcts::<G>(&ask, &legal, &mut rng);
        iterations += u64::from(result.iterations);
    }
    let search_ms = clock.now_ms() - start;

    Ok(BenchReport {
        players,
        playouts,
        playouts_per_second: (playouts as f64 / playout_ms * 1000.0).round(),
        moves_per_second: (moves as f64 / playout_ms * 1000.0).round(),
        search_iterations: iterations,
        search_iterations_per_second: (iterations as f64 / search_ms * 1000.0).round(),
    })
}
