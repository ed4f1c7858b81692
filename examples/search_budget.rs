//! How many search iterations the hard level runs within a time budget, decision by decision:
//! the browser gives it a time (200 ms) where `referee arena` gives it a number of iterations, and
//! this says which number the time buys. The hard level plays seat 0 against easy bots; every
//! decision it searches (not those its rules settle) runs on a wall clock.
//!
//! ```sh
//! cargo run --release --example search_budget -- GAME PLAYERS MILLISECONDS GAMES
//! cargo run --release --example search_budget -- programmes 4 94 4
//! ```
//!
//! The worker runs the searches at about half the native speed (docs/measurements.md, "In the
//! browser's worker"), so 200 ms in the browser is about 94 ms here for Programmes (0.47), 126 ms
//! for Bonanza (0.63) and 104 ms for Nain Jaune (0.52).

use std::env;
use std::process::ExitCode;
use std::time::Instant;

use tapis::ai::{choose, decide_within, Budget, Clock, GameBots, Level, MAX_ITERATIONS};
use tapis::engine::bonanza::Bonanza;
use tapis::engine::game::GameId;
use tapis::engine::nain_jaune::NainJaune;
use tapis::engine::programmes::Programmes;
use tapis::engine::rng::seeded;
use tapis::engine::setup::Setup;

struct WallClock(Instant);

impl Clock for WallClock {
    fn now_ms(&self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1000.0
    }
}

/// The iterations of each searched decision of the hard seat, over `games` games (whole matches
/// for Programmes, single deals otherwise).
fn measure<G: GameBots>(players: usize, ms: f64, games: u64) -> Vec<u32> {
    let mut iterations = Vec::new();
    let mut rng = seeded(7);
    let budget = Budget { iterations: Some(MAX_ITERATIONS), time_ms: Some(ms) };
    for g in 0..games {
        let mut game = G::from_setup(&Setup { players, seed: 100 + g, ..Setup::default() }).expect("a valid table");
        game.set_logging(false);
        game.set_single_deal(G::ID != GameId::Programmes);
        while let Some(seat) = game.to_move() {
            let observation = game.observe(seat);
            let action = if seat == 0 {
                let (action, n) = decide_within::<G>(&observation, Level::Hard, budget, &WallClock(Instant::now()), &mut rng);
                if n > 0 {
                    iterations.push(n);
                }
                action
            } else {
                choose::<G>(&observation, Level::Easy, &mut rng)
            };
            game.play(seat, &action).expect("computer players choose legal moves");
        }
    }
    iterations
}

fn main() -> ExitCode {
    let args: Vec<String> = env::args().skip(1).collect();
    let parsed = (|| -> Option<(GameId, usize, f64, u64)> {
        Some((GameId::from_key(args.first()?)?, args.get(1)?.parse().ok()?, args.get(2)?.parse().ok()?, args.get(3)?.parse().ok()?))
    })();
    let Some((game, players, ms, games)) = parsed else {
        eprintln!("usage: search_budget GAME PLAYERS MILLISECONDS GAMES");
        return ExitCode::FAILURE;
    };
    let mut n = match game {
        GameId::NainJaune => measure::<NainJaune>(players, ms, games),
        GameId::Bonanza => measure::<Bonanza>(players, ms, games),
        GameId::Programmes => measure::<Programmes>(players, ms, games),
    };
    if n.is_empty() {
        eprintln!("no decision was searched");
        return ExitCode::FAILURE;
    }
    n.sort_unstable();
    let at = |q: f64| n[((n.len() - 1) as f64 * q).round() as usize];
    let mean = n.iter().map(|&x| f64::from(x)).sum::<f64>() / n.len() as f64;
    println!(
        "{} searched decisions in {ms} ms each: iterations min {}, 10% {}, median {}, 90% {}, max {}, mean {mean:.0}",
        n.len(),
        n[0],
        at(0.1),
        at(0.5),
        at(0.9),
        n[n.len() - 1]
    );
    ExitCode::SUCCESS
}
