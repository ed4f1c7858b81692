//! Where Bonanza's hard search gains or loses chips: a duplicate-deal arena (as `referee arena`,
//! 5 players against easy bots) where the tested seat searches only in the phases named, and
//! plays as the easy level everywhere else.
//!
//! ```sh
//! cargo run --release --example bonanza_phases -- PHASES DEALS SEED [ITERATIONS]
//! cargo run --release --example bonanza_phases -- r 400 2026         # search in the race only
//! ```
//!
//! PHASES is any of `w` (widow and auction), `c` (the calls), `p` (the poker), `r` (the race);
//! in upper case, the tested seat plays that phase by the easy level's rules without its random
//! slips (`WCPR`: the rules everywhere). With `SEARCH=pimc` in the environment the search is PIMC
//! (ITERATIONS sampled worlds) instead of ISMCTS.
//! The search is the hard level's ISMCTS, run even where the hard level itself now leaves the
//! move to the rules (`GameBots::settled_by_rules`): this is how that choice was measured.

use std::env;
use std::process::ExitCode;

use tapis::ai::search::{ismcts, pimc, NoClock};
use tapis::ai::{arena, bonanza_bot, choose, Budget, GameBots, Level};
use tapis::engine::bonanza::{Action, Bonanza, Observation, Phase};
use tapis::engine::game::{starting_chips, Game, Setup, SetupError};
use tapis::engine::rng::GameRng;

const PLAYERS: usize = 5;

/// How the tested seat plays in `phase`: by the search, by the rules without slips, or as easy.
enum Play {
    Search,
    Rules,
    Easy,
}

fn play_in(phases: &str, phase: Phase) -> Play {
    let key = match phase {
        Phase::Widow | Phase::Auction => 'w',
        Phase::Call(_) => 'c',
        Phase::Poker => 'p',
        Phase::Lead | Phase::Follow(_) => 'r',
        Phase::GameOver => return Play::Easy,
    };
    if phases.contains(key) {
        Play::Search
    } else if phases.contains(key.to_ascii_uppercase()) {
        Play::Rules
    } else {
        Play::Easy
    }
}

/// The hard level's search, as `choose_within` runs it, in every phase (or PIMC).
fn search(observation: &Observation, iterations: u32, rng: &mut GameRng) -> Action {
    let world = Bonanza::determinize(observation, rng);
    let seat = world.to_move().expect("a seat to move");
    let mut searched = Vec::new();
    Bonanza::search_actions_into(&world, &mut searched);
    let candidates = Bonanza::search_candidates(observation, &searched);
    if candidates.len() == 1 {
        return candidates[0];
    }
    let budget = Budget::iterations(iterations);
    if env::var("SEARCH").as_deref() == Ok("pimc") {
        return pimc::<Bonanza>(observation, seat, &candidates, budget, &NoClock, rng).best;
    }
    ismcts::<Bonanza>(observation, seat, &candidates, budget, &NoClock, rng).best
}

/// Chips won or lost by each seat over one deal; the tested seat, if any, searches in `phases`.
fn play_deal(setup: &Setup, tested: Option<usize>, phases: &str, iterations: u32, rng: &mut GameRng) -> Vec<f64> {
    let start = starting_chips(setup).expect("default options");
    let mut game = Bonanza::new(setup).expect("a valid setup");
    game.set_logging(false);
    game.set_single_deal(true);
    while let Some(seat) = game.to_move() {
        let observation = game.observe(seat);
        let play = if Some(seat) == tested { play_in(phases, observation.phase) } else { Play::Easy };
        let action = match play {
            Play::Search => search(&observation, iterations, rng),
            Play::Rules => bonanza_bot::decide(&observation, &game.legal_actions(), rng).action,
            Play::Easy => choose::<Bonanza>(&observation, Level::Easy, rng),
        };
        game.play(seat, &action).expect("legal moves");
    }
    game.chip_counts().iter().zip(&start).map(|(after, before)| (after - before) as f64).collect()
}

fn main() -> ExitCode {
    let args: Vec<String> = env::args().skip(1).collect();
    let parsed = match args.as_slice() {
        [phases, deals, seed, rest @ ..] if rest.len() <= 1 => (|| {
            let iterations = match rest.first() {
                Some(n) => n.parse().ok()?,
                None => 10_000,
            };
            Some((phases.clone(), deals.parse::<u32>().ok()?, seed.parse::<u64>().ok()?, iterations))
        })(),
        _ => None,
    };
    let Some((phases, deals, seed, iterations)) = parsed else {
        eprintln!("usage: bonanza_phases PHASES DEALS SEED [ITERATIONS]   (PHASES: any of w c p r, or W C P R)");
        return ExitCode::from(2);
    };
    let options = serde_json::Map::new();
    let paired = arena::duplicate_deals(PLAYERS, deals, seed, &options, |setup, tested, rng| {
        Ok::<_, SetupError>(play_deal(setup, tested, &phases, iterations, rng))
    })
    .expect("default options");
    println!(
        "search in '{phases}': {:+.2} chips per deal [{:+.2}, {:+.2}] over {deals} deals",
        paired.mean_difference, paired.ci95_low, paired.ci95_high
    );
    ExitCode::SUCCESS
}
