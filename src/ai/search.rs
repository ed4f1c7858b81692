//! The search levels, written once against the [`Game`] trait.
//!
//! Both searches see only the deciding seat's observation: every iteration rebuilds a full state
//! with `Game::determinize` (the hidden cards dealt again, consistently with all the seat knows),
//! then plays to the end of the current deal with the game's playout policy. A deal's value for a
//! seat is how much its standing changes until that deal is settled: the chips it wins or loses
//! (Nain Jaune), or its completed programs against the others' (Programmes; see
//! [`GameBots::standing`]).
//!
//! - **PIMC** (perfect-information Monte Carlo, the medium level): for each sampled world, every
//!   legal move is tried and followed by one playout; the move with the best mean wins.
//! - **ISMCTS** (single-observer information-set MCTS, the hard level): one tree over the seat's
//!   information sets, a fresh world per iteration, UCB among the moves available in that world
//!   (counted by availability), max-n backups (each node keeps the reward of the seat that moved
//!   into it). The most visited root move is played. A game may instead let the other seats play
//!   by its playout policy inside the tree (`GameBots::opponents_by_policy`): the tree then holds
//!   only the deciding seat's moves, and the others act on their own cards of each sampled world.
//!
//! Budgets are either a number of iterations (reproducible: tests, the arena) or a time limit read
//! from an injected [`Clock`], so this module needs no platform clock.

use super::{GameBots, Standing};
use crate::engine::game::{Game, Seat};
use crate::engine::rng::{index_below, GameRng};

/// Milliseconds since some fixed moment: `std::time::Instant` natively, `performance.now()` in the
/// browser. Injected so the AI stays free of platform code.
pub trait Clock {
    fn now_ms(&self) -> f64;

    /// False for [`NoClock`]: time budgets then fall back to iteration budgets.
    fn is_real(&self) -> bool {
        true
    }
}

/// A clock that never advances: with it only the iteration budget stops a search.
pub struct NoClock;

impl Clock for NoClock {
    fn now_ms(&self) -> f64 {
        0.0
    }

    fn is_real(&self) -> bool {
        false
    }
}

/// How long a search may run: whichever limit comes first (at least one iteration is always done).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    pub iterations: Option<u32>,
    pub time_ms: Option<f64>,
}

impl Budget {
    pub fn iterations(n: u32) -> Budget {
        Budget { iterations: Some(n), time_ms: None }
    }
}

/// Iteration budgets for reproducible runs (arena, tests): roughly what the time budgets give in
/// the browser.
pub const MEDIUM_ITERATIONS: u32 = 60;
pub const HARD_ITERATIONS: u32 = 10_000;

/// Plays the current deal to its end with the game's playout policy and returns what each seat
/// gained from `before` (its standing then: see [`GameBots::standing`]).
#[cfg_attr(feature = "fast-ai", optimize(speed))]
fn playout<G: GameBots>(mut state: G, before: &Standing, rng: &mut GameRng) -> Standing {
    G::play_out(&mut state, rng);
    let mut gains = state.standing();
    for (gain, before) in gains.iter_mut().zip(before) {
        *gain -= before;
    }
    gains
}

/// A world for one iteration: the hidden cards dealt again, logging off, stopping at the deal's end.
#[cfg_attr(feature = "fast-ai", optimize(speed))]
fn sample_world<G: Game>(observation: &G::Observation, rng: &mut GameRng) -> G {
    let mut world = G::determinize(observation, rng);
    world.set_logging(false);
    world.set_single_deal(true);
    world
}

/// Per-move statistics of a finished search, best first (for hints and tests).
#[derive(Clone, Debug, PartialEq)]
pub struct MoveStats<A> {
    pub action: A,
    pub visits: u32,
    pub mean: f64,
}

/// What every search is asked: the deciding seat, what it sees, and how long it may think.
pub struct Ask<'a, G: Game> {
    pub observation: &'a G::Observation,
    pub seat: Seat,
    pub budget: Budget,
    pub clock: &'a dyn Clock,
}

impl<G: Game> Ask<'_, G> {
    /// Whether a search begun at `start` has used its budget after `done` iterations.
    fn out_of_budget(&self, done: u32, start: f64) -> bool {
        if done == 0 {
            return false;
        }
        self.budget.iterations.is_some_and(|n| done >= n) || self.budget.time_ms.is_some_and(|t| self.clock.now_ms() - start >= t)
    }
}

/// What a search found: the chosen move and the statistics behind it.
#[derive(Clone, Debug)]
pub struct SearchResult<A> {
    pub best: A,
    pub moves: Vec<MoveStats<A>>,
    pub iterations: u32,
}

/// PIMC: each iteration samples one world and tries every legal move in it with one playout.
pub fn pimc<G: GameBots>(ask: &Ask<G>, legal: &[G::Action], rng: &mut GameRng) -> SearchResult<G::Action> {
    let samples = pimc_samples::<G>(ask, legal, rng);
    let mut moves = samples.stats(legal);
    moves.sort_by(|a, b| b.mean.total_cmp(&a.mean));
    SearchResult { best: moves[0].action.clone(), moves, iterations: samples.iterations }
}

/// PIMC over moves ranked by a rule of thumb, best first: the search keeps the first move unless
/// another beats it clearly — its mean gain over the first, paired world by world, above `z`
/// standard errors. With few iterations a plain argmax picks among near-equal moves by noise;
/// this keeps the rule of thumb's choice then.
pub fn pimc_ranked<G: GameBots>(ask: &Ask<G>, ranked: &[G::Action], rng: &mut GameRng, z: f64) -> SearchResult<G::Action> {
    let samples = pimc_samples::<G>(ask, ranked, rng);
    let mut moves = samples.stats(ranked);
    let mut best = 0;
    let mut best_gain = 0.0;
    for k in 1..ranked.len() {
        let (mean, standard_error) = samples.gain_of(k);
        if mean > best_gain && mean > z * standard_error {
            best = k;
            best_gain = mean;
        }
    }
    let chosen = ranked[best].clone();
    moves.sort_by(|a, b| b.mean.total_cmp(&a.mean));
    SearchResult { best: chosen, moves, iterations: samples.iterations }
}

/// Two moves weighed side by side in the same sampled worlds: each one's mean result for `seat`,
/// the standard error of the second's gain over the first, and the worlds sampled.
pub fn pimc_pair<G: GameBots>(ask: &Ask<G>, pair: &[G::Action; 2], rng: &mut GameRng) -> ([f64; 2], f64, u32) {
    let samples = pimc_samples::<G>(ask, pair, rng);
    let n = samples.iterations.max(1) as f64;
    ([samples.sums[0] / n, samples.sums[1] / n], samples.gain_of(1).1, samples.iterations)
}

/// What PIMC's playouts gave: each move's total, and its gain over the first move, paired world
/// by world (sum and sum of squares).
struct PimcSamples {
    sums: Vec<f64>,
    gain: Vec<f64>,
    gain_squares: Vec<f64>,
    iterations: u32,
}

impl PimcSamples {
    /// Move `k`'s mean gain over the first move, and that mean's standard error.
    fn gain_of(&self, k: usize) -> (f64, f64) {
        let n = self.iterations.max(1) as f64;
        let mean = self.gain[k] / n;
        let variance = (self.gain_squares[k] / n - mean * mean).max(0.0) * n / (n - 1.0).max(1.0);
        (mean, (variance / n).sqrt())
    }

    fn stats<A: Clone>(&self, moves: &[A]) -> Vec<MoveStats<A>> {
        let n = self.iterations.max(1) as f64;
        moves.iter().zip(&self.sums).map(|(a, s)| MoveStats { action: a.clone(), visits: self.iterations, mean: s / n }).collect()
    }
}

#[cfg_attr(feature = "fast-ai", optimize(speed))]
fn pimc_samples<G: GameBots>(ask: &Ask<G>, legal: &[G::Action], rng: &mut GameRng) -> PimcSamples {
    let Ask { observation, seat, clock, .. } = *ask;
    let start = clock.now_ms();
    let mut samples =
        PimcSamples { sums: vec![0.0; legal.len()], gain: vec![0.0; legal.len()], gain_squares: vec![0.0; legal.len()], iterations: 0 };
    let mut values = vec![0.0; legal.len()];
    if legal.len() > 1 {
        while !ask.out_of_budget(samples.iterations, start) {
            let world: G = sample_world(observation, rng);
            let before = world.standing();
            for (i, action) in legal.iter().enumerate() {
                let mut next = world.clone();
                next.play_legal(seat, action); // legal in the observation, legal in every world
                values[i] = playout(next, &before, rng)[seat];
                samples.sums[i] += values[i];
            }
            for i in 0..legal.len() {
                let d = values[i] - values[0];
                samples.gain[i] += d;
                samples.gain_squares[i] += d * d;
            }
            samples.iterations += 1;
        }
    }
    samples
}

/// A node of the information-set tree: reached by `action`, played by `mover`.
struct Node<A> {
    action: Option<A>,
    mover: Seat,
    children: Vec<usize>,
    visits: u32,
    /// How often this node's move was available when its parent was visited.
    available: u32,
    /// Sum of the chips won by `mover` in the playouts through this node.
    reward: f64,
}

/// Exploration constant of UCB1, in units of the rewards' observed spread (the default of
/// `GameBots::exploration`).
pub const EXPLORATION: f64 = 0.7;

/// ISMCTS: one tree over the observer's information sets, a fresh world each iteration.
#[cfg_attr(feature = "fast-ai", optimize(speed))]
pub fn ismcts<G: GameBots>(ask: &Ask<G>, legal: &[G::Action], rng: &mut GameRng) -> SearchResult<G::Action> {
    let Ask { observation, seat, clock, .. } = *ask;
    let start = clock.now_ms();
    let mut nodes: Vec<Node<G::Action>> =
        vec![Node { action: None, mover: seat, children: Vec::new(), visits: 0, available: 0, reward: 0.0 }];
    // Rewards are chips or programs: their scale differs by game and table, so exploration
    // follows the largest swing seen so far.
    let mut scale: f64 = 1.0;
    let mut iterations = 0;
    let mut path: Vec<usize> = Vec::with_capacity(64);
    let mut options: Vec<G::Action> = Vec::with_capacity(64);
    // Which of the node's children are among the options, by the children's order.
    let mut available: Vec<bool> = Vec::with_capacity(64);
    // Which options have a child, by the options' order.
    let mut has_child: Vec<bool> = Vec::with_capacity(64);
    // ln(n) for every count of availability reached so far, one logarithm per iteration: UCB1
    // took one per child at every node selected, and in wasm `ln` is software (libm), 1–2.5% of
    // a search. The same function fills the table, so the values, and the moves, are unchanged.
    let mut ln_of: Vec<f64> = vec![0.0];
    if legal.len() > 1 {
        while !ask.out_of_budget(iterations, start) {
            // A node's `available` grows by at most one per iteration (a path visits a node once).
            while ln_of.len() < iterations as usize + 2 {
                ln_of.push((ln_of.len() as f64).ln());
            }
            let mut world: G = sample_world(observation, rng);
            let before = world.standing();
            path.clear();
            path.push(0);
            let mut node = 0;
            // Selection and expansion.
            while let Some(mover) = world.to_move() {
                if mover != seat && G::opponents_by_policy() {
                    G::playout_move(&mut world, rng);
                    continue;
                }
                options.clear();
                G::search_actions_into(&world, &mut options);
                // Count the children available here; the options without a child are untried.
                // (Each child's move is looked up once, for the counts and for the choice below:
                // comparing moves is not free when they hold cards in a Vec, as Programmes' do.
                // `*o == *a` compares the moves themselves: comparing the references goes through
                // one more call that the worker's size-optimised build keeps out of line.)
                let mut tried = 0;
                available.clear();
                has_child.clear();
                has_child.resize(options.len(), false);
                for k in 0..nodes[node].children.len() {
                    let c = nodes[node].children[k];
                    let at = nodes[c].action.as_ref().and_then(|a| options.iter().position(|o| *o == *a));
                    if let Some(i) = at {
                        nodes[c].available += 1;
                        has_child[i] = true;
                        tried += 1;
                    }
                    available.push(at.is_some());
                }
                if tried < options.len() {
                    let pick = index_below(options.len() - tried, rng);
                    let untried = (0..options.len()).filter(|&i| !has_child[i]).nth(pick).expect("an untried option");
                    let action = options[untried].clone();
                    world.play_legal(mover, &action);
                    let child = nodes.len();
                    nodes.push(Node { action: Some(action), mover, children: Vec::new(), visits: 0, available: 1, reward: 0.0 });
                    nodes[node].children.push(child);
                    path.push(child);
                    break;
                }
                let mut best = None;
                let mut best_value = f64::NEG_INFINITY;
                for (&c, _) in nodes[node].children.iter().zip(&available).filter(|(_, &here)| here) {
                    let child = &nodes[c];
                    let mean = child.reward / child.visits.max(1) as f64;
                    let n = child.available.max(1) as usize;
                    let ln_available = ln_of.get(n).copied().unwrap_or_else(|| (n as f64).ln());
                    let explore = G::exploration() * scale * (ln_available / child.visits.max(1) as f64).sqrt();
                    let value = mean + explore;
                    if value > best_value {
                        best_value = value;
                        best = Some(c);
                    }
                }
                let chosen = best.expect("every legal move has a child once none is untried");
                world.play_legal(mover, nodes[chosen].action.as_ref().expect("children have actions"));
                node = chosen;
                path.push(node);
            }
            // Simulation and backup.
            let rewards = playout(world, &before, rng);
            for r in &rewards {
                scale = scale.max(r.abs());
            }
            for &n in &path {
                nodes[n].visits += 1;
                nodes[n].reward += rewards[nodes[n].mover];
            }
            iterations += 1;
        }
    }
    let mut moves: Vec<MoveStats<G::Action>> = legal
        .iter()
        .map(|a| {
            let child = nodes[0].children.iter().map(|&c| &nodes[c]).find(|c| c.action.as_ref() == Some(a));
            match child {
                Some(c) => MoveStats { action: a.clone(), visits: c.visits, mean: c.reward / c.visits.max(1) as f64 },
                None => MoveStats { action: a.clone(), visits: 0, mean: 0.0 },
            }
        })
        .collect();
    moves.sort_by(|a, b| b.visits.cmp(&a.visits).then(b.mean.total_cmp(&a.mean)));
    SearchResult { best: moves[0].action.clone(), moves, iterations }
}
