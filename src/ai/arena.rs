//! Duplicate-deal arena: how many chips per deal a level wins over a baseline.
//!
//! Every deal is played `players + 1` times from the same cards: once with the tested level at each
//! seat (the baseline level at the others), and once as a control with the baseline everywhere.
//! For one deal the paired difference is the tested level's mean result over the seats minus the
//! control's mean result over the same seats, so the luck of the cards cancels out. The report
//! gives the mean of those differences over the deals with a 95% confidence interval (normal
//! approximation, the deals being independent).

use serde::Serialize;

use super::search::{Budget, NoClock};
use super::{choose_within, GameBots, Level};
use crate::engine::game::{Seat, SetupError};
use crate::engine::rng::{seeded, GameRng};
use crate::engine::setup::{starting_chips, Setup};

/// Who an arena opposes: the game, the table size, the tested level and the baseline.
#[derive(Clone, Debug, Serialize)]
pub struct Contestants {
    pub game: &'static str,
    pub players: usize,
    pub tested: String,
    pub baseline: String,
    /// The tested level's search iterations per decision, when not its default.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tested_iterations: Option<u32>,
}

impl Contestants {
    fn of<G: GameBots>(players: usize, tested: &Side, baseline: Level) -> Contestants {
        Contestants {
            game: G::ID.key(),
            players,
            tested: tested.level.key().to_string(),
            baseline: baseline.key().to_string(),
            tested_iterations: tested.iterations,
        }
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct ArenaReport {
    #[serde(flatten)]
    pub who: Contestants,
    pub deals: u32,
    #[serde(flatten)]
    pub paired: Paired,
}

/// One side of the arena: a level, and the iterations its searches run per decision (the level's
/// default budget unless given: the browser's time budget buys more, see docs/measurements.md).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Side {
    pub level: Level,
    pub iterations: Option<u32>,
}

impl Side {
    pub fn new(level: Level) -> Side {
        Side { level, iterations: None }
    }

    /// This side's move for the seat `observation` belongs to.
    fn choose<G: GameBots>(&self, observation: &G::Observation, rng: &mut GameRng) -> G::Action {
        let budget = self.iterations.map_or_else(|| G::default_budget(self.level), Budget::iterations);
        choose_within::<G>(observation, self.level, budget, &NoClock, rng)
    }
}

/// Plays one deal of a fresh game seeded `seed` with `levels` per seat; returns each seat's
/// chips won or lost (negative) over that deal, stakes included.
pub fn play_deal<G: GameBots>(setup: &Setup, levels: &[Side], rng: &mut GameRng) -> Result<Vec<f64>, SetupError> {
    let mut game = G::from_setup(setup)?;
    game.set_logging(false);
    game.set_single_deal(true);
    let start = starting_chips(setup)?;
    while let Some(seat) = game.to_move() {
        let action = levels[seat].choose::<G>(&game.observe(seat), rng);
        game.play_legal(seat, &action); // computer players choose legal moves
    }
    Ok(game.chip_counts().iter().zip(&start).map(|(a, b)| (a - b) as f64).collect())
}

/// Runs the arena: `deals` deals, each from its own seed derived from `seed`.
pub fn run<G: GameBots>(
    players: usize,
    tested: Side,
    baseline: Level,
    deals: u32,
    seed: u64,
    options: &serde_json::Map<String, serde_json::Value>,
) -> Result<ArenaReport, SetupError> {
    let paired = duplicate_deals(players, deals, seed, options, |setup, tested_seat, rng| {
        play_deal::<G>(setup, &seat_levels(players, tested_seat, tested, baseline), rng)
    })?;
    Ok(ArenaReport { who: Contestants::of::<G>(players, &tested, baseline), deals, paired })
}

/// What [`duplicate_deals`] measured (chips per deal).
#[derive(Clone, Debug, Serialize)]
pub struct Paired {
    /// Mean chips per deal won by the tested side, minus the control's in the same seats.
    pub mean_difference: f64,
    pub ci95_low: f64,
    pub ci95_high: f64,
    /// The tested side's own mean result per deal (chips, stakes included).
    pub tested_mean: f64,
    pub control_mean: f64,
}

/// Deal (or match) number `index` of a run seeded `seed`: its own seed, derived the same way by
/// every arena.
fn derived_setup(players: usize, seed: u64, index: u32, options: &serde_json::Map<String, serde_json::Value>) -> Setup {
    Setup {
        players,
        seed: seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(u64::from(index)),
        options: options.clone(),
        ..Setup::default()
    }
}

/// Each seat's level: `tested` at `tested_seat` (if any), `baseline` everywhere else.
fn seat_levels(players: usize, tested_seat: Option<Seat>, tested: Side, baseline: Level) -> Vec<Side> {
    (0..players).map(|s| if Some(s) == tested_seat { tested } else { Side::new(baseline) }).collect()
}

/// The duplicate-deal method of [`run`] for any way of playing: for each of `deals` deals (each
/// from its own seed derived from `seed`), `play(setup, None, rng)` plays the control and
/// `play(setup, Some(seat), rng)` the deal with the tested side at `seat`, each returning every
/// seat's chips won or lost.
pub fn duplicate_deals<E>(
    players: usize,
    deals: u32,
    seed: u64,
    options: &serde_json::Map<String, serde_json::Value>,
    mut play: impl FnMut(&Setup, Option<Seat>, &mut GameRng) -> Result<Vec<f64>, E>,
) -> Result<Paired, E> {
    let mut rng = seeded(seed);
    let mut differences = Vec::with_capacity(deals as usize);
    let (mut tested_total, mut control_total) = (0.0, 0.0);
    for deal in 0..deals {
        let setup = derived_setup(players, seed, deal, options);
        let control = play(&setup, None, &mut rng)?;
        let mut tested_sum = 0.0;
        for seat in 0..players {
            tested_sum += play(&setup, Some(seat), &mut rng)?[seat];
        }
        let tested_mean = tested_sum / players as f64;
        let control_mean = control.iter().sum::<f64>() / players as f64;
        tested_total += tested_mean;
        control_total += control_mean;
        differences.push(tested_mean - control_mean);
    }
    let n = differences.len().max(1) as f64;
    let mean = differences.iter().sum::<f64>() / n;
    let variance = differences.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    let half_width = 1.96 * (variance / n).sqrt();
    Ok(Paired {
        mean_difference: mean,
        ci95_low: mean - half_width,
        ci95_high: mean + half_width,
        tested_mean: tested_total / n,
        control_mean: control_total / n,
    })
}

/// Match arena (for games won by reaching a target, such as Programmes): whole games, the tested
/// level at one seat (each seat in turn) and the baseline at the others; the report gives the
/// share of matches the tested level wins, against the `1 / players` of an equal player.
#[derive(Clone, Debug, Serialize)]
pub struct MatchReport {
    #[serde(flatten)]
    pub who: Contestants,
    pub matches: u32,
    pub tested_wins: u32,
    /// Matches that ended without a winner (the safety limit on rounds, on a tie).
    pub no_winner: u32,
    pub win_rate: f64,
    pub ci95_low: f64,
    pub ci95_high: f64,
    /// What an equal player would win: 1 / players.
    pub expected: f64,
    pub mean_rounds: f64,
}

/// Plays one whole game with `levels` per seat; returns the winner (if any) and the rounds dealt.
pub fn play_match<G: GameBots>(setup: &Setup, levels: &[Side], rng: &mut GameRng) -> Result<(Option<Seat>, u32), SetupError> {
    let mut game = G::from_setup(setup)?;
    game.set_logging(false);
    while let Some(seat) = game.to_move() {
        let action = levels[seat].choose::<G>(&game.observe(seat), rng);
        game.play_legal(seat, &action); // computer players choose legal moves
    }
    Ok((game.winner_seat(), game.deal_number()))
}

/// Runs `matches` matches, match `m` from its own seed derived from `seed`, the tested level at
/// seat `m % players`. `on_match` is called after each match (progress).
#[allow(clippy::too_many_arguments)]
pub fn run_matches<G: GameBots>(
    players: usize,
    tested: Side,
    baseline: Level,
    matches: u32,
    seed: u64,
    options: &serde_json::Map<String, serde_json::Value>,
    mut on_match: impl FnMut(u32, Option<Seat>, Seat),
) -> Result<MatchReport, SetupError> {
    let mut rng = seeded(seed);
    let (mut wins, mut none, mut rounds) = (0u32, 0u32, 0u64);
    for m in 0..matches {
        let setup = derived_setup(players, seed, m, options);
        let seat = m as usize % players;
        let (winner, dealt) = play_match::<G>(&setup, &seat_levels(players, Some(seat), tested, baseline), &mut rng)?;
        rounds += u64::from(dealt);
        match winner {
            Some(w) if w == seat => wins += 1,
            None => none += 1,
            _ => {}
        }
        on_match(m, winner, seat);
    }
    let n = f64::from(matches.max(1));
    let p = f64::from(wins) / n;
    let half_width = 1.96 * (p * (1.0 - p) / n).sqrt();
    Ok(MatchReport {
        who: Contestants::of::<G>(players, &tested, baseline),
        matches,
        tested_wins: wins,
        no_winner: none,
        win_rate: p,
        ci95_low: (p - half_width).max(0.0),
        ci95_high: (p + half_width).min(1.0),
        expected: 1.0 / players as f64,
        mean_rounds: rounds as f64 / n,
    })
}
