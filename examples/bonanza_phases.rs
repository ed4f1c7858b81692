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
//! With `SEEN=all`, `SEEN=dead` or `SEEN=none`, the tested seat's leads in a searched race are
//! chosen by PIMC seeing every card, the dead hand, or what its seat sees (an experiment: what
//! the hidden cards are worth there).
//! PHASES `hard` is the hard level itself, as `referee arena` plays it; letters after it change
//! some phases: in lower case searched (ITERATIONS), in upper case by the rules the hard level plays
//! where it does not search (`hardC`: its calls by those rules). `j` or `J` names the joker's call
//! apart from the other calls (`hardJ`: the joker's call by the rules, the others searched).
//!
//! Besides the paired difference it prints where the chips moved: the tested seat's chips won or
//! lost in each phase (the bets and the space at the poker, the spaces and the Bonanza in the
//! race…), minus the same in the control deals (the mean over their seats).

use std::env;
use std::process::ExitCode;

use tapis::ai::search::{ismcts, pimc, Ask, NoClock};
use tapis::ai::{arena, bonanza_bot, choose, Budget, GameBots, Level};
use tapis::engine::bonanza::{Action, Bonanza, Call, Observation, Phase};
use tapis::engine::game::{Game, SetupError};
use tapis::engine::rng::GameRng;
use tapis::engine::setup::{starting_chips, FromSetup, Setup};

const PLAYERS: usize = 5;

/// How the tested seat plays in `phase`: by the search, by the rules without slips, or as easy.
enum Play {
    Search,
    Rules,
    Easy,
    /// The hard level as it plays (its rules where it settles a phase by them).
    Hard,
    /// The rules the hard level plays where it settles a phase by them (reading the bets).
    HardRules,
}

/// The phases the chips are counted in, as printed.
const PHASE_NAMES: [&str; 4] = ["widow and auction", "calls", "poker", "race"];

/// `phase`'s index in [`PHASE_NAMES`] (the end of the game counts with the race).
fn phase_index(phase: Phase) -> usize {
    match phase {
        Phase::Widow | Phase::Auction => 0,
        Phase::Call(_) => 1,
        Phase::Poker => 2,
        Phase::Lead | Phase::Follow(_) | Phase::GameOver => 3,
    }
}

fn play_in(phases: &str, phase: Phase) -> Play {
    let key = match phase {
        Phase::Widow | Phase::Auction => 'w',
        // The joker's call has a key of its own where one is given (`j`, `J`).
        Phase::Call(Call::Joker) if phases.contains(['j', 'J']) => 'j',
        Phase::Call(_) => 'c',
        Phase::Poker => 'p',
        Phase::Lead | Phase::Follow(_) => 'r',
        Phase::GameOver => return Play::Easy,
    };
    // `hard`, then changes: the hard level except where a letter says otherwise.
    if let Some(changes) = phases.strip_prefix("hard") {
        return if changes.contains(key) {
            Play::Search
        } else if changes.contains(key.to_ascii_uppercase()) {
            Play::HardRules
        } else {
            Play::Hard
        };
    }
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
    let ask = Ask { observation, seat, budget: Budget::iterations(iterations), clock: &NoClock };
    if env::var("SEARCH").as_deref() == Ok("pimc") {
        return pimc::<Bonanza>(&ask, &candidates, rng).best;
    }
    ismcts::<Bonanza>(&ask, &candidates, rng).best
}

/// A lead chosen by PIMC (ITERATIONS playouts shared among the moves) that sees more than its
/// seat: `SEEN=all` every card (the true deal), `SEEN=dead` the dead hand (the others' hands
/// sampled), `SEEN=none` only what the seat sees. How much the hidden cards are worth in the race.
fn seeing(game: &Bonanza, seen: &str, iterations: u32, rng: &mut GameRng) -> Action {
    let seat = game.to_move().expect("a seat to lead");
    let legal = game.legal_actions();
    let mut observation = game.observe(seat);
    if seen == "dead" {
        observation.dead_hand = Some(game.dead_hand());
    }
    let per_move = (iterations as usize / legal.len()).max(1);
    let mut best = (f64::NEG_INFINITY, legal[0]);
    for &action in &legal {
        let mut total = 0.0;
        for _ in 0..per_move {
            let mut world = if seen == "all" { game.clone() } else { Bonanza::determinize(&observation, rng) };
            world.set_logging(false);
            world.set_single_deal(true);
            let before = world.chip_counts()[seat];
            world.play(seat, &action).expect("a legal lead");
            Bonanza::play_out(&mut world, rng);
            total += (world.chip_counts()[seat] - before) as f64;
        }
        if total / per_move as f64 > best.0 {
            best = (total / per_move as f64, action);
        }
    }
    best.1
}

/// Chips won or lost by each seat over one deal, in all and phase by phase (`by_phase[seat]`);
/// the tested seat, if any, searches in `phases`.
fn play_deal(
    setup: &Setup,
    tested: Option<usize>,
    phases: &str,
    iterations: u32,
    by_phase: &mut [[f64; 4]],
    rng: &mut GameRng,
) -> Vec<f64> {
    let seen = env::var("SEEN").ok();
    let seen = seen.as_deref();
    let start = starting_chips(setup).expect("default options");
    let mut game = Bonanza::from_setup(setup).expect("a valid setup");
    game.set_logging(false);
    game.set_single_deal(true);
    while let Some(seat) = game.to_move() {
        let observation = game.observe(seat);
        let play = if Some(seat) == tested { play_in(phases, observation.phase) } else { Play::Easy };
        let action = match play {
            Play::Search if matches!(observation.phase, Phase::Lead) && seen.is_some() => {
                seeing(&game, seen.unwrap_or_default(), iterations, rng)
            }
            Play::Search => search(&observation, iterations, rng),
            Play::Rules => bonanza_bot::decide(&observation, &game.legal_actions(), rng).action,
            Play::Easy => choose::<Bonanza>(&observation, Level::Easy, rng),
            Play::Hard => choose::<Bonanza>(&observation, Level::Hard, rng),
            Play::HardRules => bonanza_bot::decide_reading_bets(&observation, &game.legal_actions(), rng).action,
        };
        let before = game.chip_counts().to_vec();
        game.play(seat, &action).expect("legal moves");
        for (s, (after, before)) in game.chip_counts().iter().zip(before).enumerate() {
            by_phase[s][phase_index(observation.phase)] += (after - before) as f64;
        }
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
        eprintln!("usage: bonanza_phases PHASES DEALS SEED [ITERATIONS]   (PHASES: any of w c p r, or W C P R; j J for the joker's call; or hard, then any of those)");
        return ExitCode::from(2);
    };
    let options = serde_json::Map::new();
    // Per phase: the tested seats' chips, and the control deals' mean over their seats.
    let (mut tested_phases, mut control_phases) = ([0.0; 4], [0.0; 4]);
    let paired = arena::duplicate_deals(PLAYERS, deals, seed, &options, |setup, tested, rng| {
        let mut by_phase = [[0.0; 4]; PLAYERS];
        let result = play_deal(setup, tested, &phases, iterations, &mut by_phase, rng);
        for (s, seat_phases) in by_phase.iter().enumerate() {
            let into = match tested {
                Some(t) if t == s => &mut tested_phases,
                Some(_) => continue,
                None => &mut control_phases,
            };
            for (total, chips) in into.iter_mut().zip(seat_phases) {
                *total += chips;
            }
        }
        Ok::<_, SetupError>(result)
    })
    .expect("default options");
    println!(
        "search in '{phases}': {:+.2} chips per deal [{:+.2}, {:+.2}] over {deals} deals",
        paired.mean_difference, paired.ci95_low, paired.ci95_high
    );
    // Both sums hold PLAYERS seat-deals per deal.
    let per_deal = f64::from(deals) * PLAYERS as f64;
    for (i, name) in PHASE_NAMES.iter().enumerate() {
        let (tested, control) = (tested_phases[i] / per_deal, control_phases[i] / per_deal);
        println!("  {name}: {:+.2} ({tested:+.2} against {control:+.2})", tested - control);
    }
    ExitCode::SUCCESS
}
