//! Computer players. A player reads only its seat's observation (never the full state): the
//! legal actions come from a state rebuilt from that observation, which has the same legal actions
//! as the real one because they depend only on the mover's hand and public facts.
//!
//! Levels: `random` (uniform legal moves, for tests and benches), `easy` (the game's rule-based
//! bot with a little randomness), `medium` (PIMC) and `hard` (ISMCTS by default; PIMC over the
//! rule of thumb's ranked candidates for Programmes, see `GameBots::HARD_SEARCH`). The protocol
//! carries a level and a time budget.

pub mod arena;
pub mod bench;
pub mod bonanza_bot;
pub mod bonanza_playout;
pub mod nain_jaune_bot;
pub mod nain_jaune_playout;
pub mod program_difficulty;
pub mod programmes_bot;
pub mod review;
pub mod search;
pub mod warm_up;

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::engine::bonanza::{self, Bonanza};
use crate::engine::game::{Game, GameId, Seat, MAX_SEATS};
use crate::engine::nain_jaune::NainJaune;
use crate::engine::programmes::{Action, Observation, Programmes};
use crate::engine::rng::{index_below, seeded, GameRng};
use crate::engine::setup::FromSetup;
pub use search::{Budget, Clock};

/// Each seat's standing (see [`GameBots::standing`]), in a fixed array that fits every game's table.
pub type Standing = [f64; MAX_SEATS];

/// How strongly a computer seat plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// A uniformly random legal move.
    Random,
    /// The rule-based bot, with a little randomness.
    Easy,
    /// PIMC: sampled worlds, every move tried with playouts.
    Medium,
    /// ISMCTS: a search tree over what the seat knows, anytime.
    Hard,
}

impl Level {
    pub const ALL: [Level; 4] = [Level::Random, Level::Easy, Level::Medium, Level::Hard];

    pub fn key(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

impl FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Level, String> {
        Level::ALL.into_iter().find(|l| l.key() == s).ok_or_else(|| {
            let known: Vec<&str> = Level::ALL.iter().map(|l| l.key()).collect();
            format!("unknown computer level '{s}' (known: {})", known.join(", "))
        })
    }
}

/// A computer player for one game: picks one of `legal` from what `observation` shows.
pub trait Bot<G: Game> {
    fn choose(&self, observation: &G::Observation, legal: &[G::Action], rng: &mut GameRng) -> G::Action;
}

/// The move `level` chooses for the seat that `observation` belongs to, with the default
/// iteration budget of the search levels (reproducible; see [`choose_within`] for time limits).
pub fn choose<G: GameBots>(observation: &G::Observation, level: Level, rng: &mut GameRng) -> G::Action {
    choose_within::<G>(observation, level, G::default_budget(level), &search::NoClock, rng)
}

/// The iteration budget a level uses when none is given (Nain Jaune's; see
/// [`GameBots::default_budget`] and [`default_budget_for`]).
pub fn default_budget(level: Level) -> Budget {
    match level {
        Level::Medium => Budget::iterations(search::MEDIUM_ITERATIONS),
        _ => Budget::iterations(search::HARD_ITERATIONS),
    }
}

/// The iteration budget a level uses in `game` when none is given.
pub fn default_budget_for(game: GameId, level: Level) -> Budget {
    crate::with_game_type!(game, G => G::default_budget(level))
}

/// The move `level` chooses within `budget` (ignored by the rule-based levels).
pub fn choose_within<G: GameBots>(
    observation: &G::Observation,
    level: Level,
    budget: Budget,
    clock: &dyn Clock,
    rng: &mut GameRng,
) -> G::Action {
    decide_within::<G>(observation, level, budget, clock, rng).0
}

/// The move `level` chooses within `budget`, with the iterations its search ran (0 when the rules
/// or a single candidate settled it).
pub fn decide_within<G: GameBots>(
    observation: &G::Observation,
    level: Level,
    budget: Budget,
    clock: &dyn Clock,
    rng: &mut GameRng,
) -> (G::Action, u32) {
    match level {
        Level::Random | Level::Easy => (choose_by_rules::<G>(observation, level, rng), 0),
        Level::Medium | Level::Hard => {
            let world = G::determinize(observation, rng);
            let seat = world.to_move().expect("choose() is only asked when a seat has a move");
            if let Some(action) = G::settled_by_rules(observation, &world, level, rng) {
                return (action, 0);
            }
            let mut searched = Vec::new();
            G::search_actions_into(&world, &mut searched);
            assert!(!searched.is_empty(), "the seat to move has a legal move");
            let candidates = G::search_candidates(observation, &searched);
            let kind = if level == Level::Medium { SearchKind::Pimc } else { G::HARD_SEARCH };
            let ask = search::Ask { observation, seat, budget, clock };
            let result = match (kind, candidates.len()) {
                (_, 1) => return (candidates[0].clone(), 0),
                (SearchKind::Pimc, _) if G::CANDIDATES_RANKED && level == Level::Hard => {
                    search::pimc_ranked::<G>(&ask, &candidates, rng, RANKED_Z)
                }
                (SearchKind::Pimc, _) => search::pimc::<G>(&ask, &candidates, rng),
                (SearchKind::Ismcts, _) => search::ismcts::<G>(&ask, &candidates, rng),
            };
            (result.best, result.iterations)
        }
    }
}

/// The move of a rule-based level: `random`, or the `easy` rule bot for every other level. This is
/// all the page links in when no worker can run (the searches then stay out of its wasm).
pub fn choose_by_rules<G: GameBots>(observation: &G::Observation, level: Level, rng: &mut GameRng) -> G::Action {
    let world = G::determinize(observation, rng);
    let legal = world.legal_actions();
    assert!(!legal.is_empty(), "the seat to move has a legal move");
    match level {
        Level::Random => legal[index_below(legal.len(), rng)].clone(),
        _ => G::rule_bot().choose(observation, &legal, rng),
    }
}

/// How clearly (in standard errors) a searched move must beat the rule of thumb's first choice.
pub const RANKED_Z: f64 = 1.5;

/// The two searches (see [`search`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchKind {
    /// Every candidate move tried in each sampled world, side by side.
    Pimc,
    /// One tree over what the seat knows, a fresh world per iteration.
    Ismcts,
}

/// What each game gives the computer players: its rule-based bot and its playout policy.
pub trait GameBots: Game + FromSetup {
    /// How many players the warm-up's deals seat ([`warm_up`](mod@warm_up)).
    const WARM_UP_PLAYERS: usize;

    /// Checks an observation that arrived as JSON: whether a table could show it; if so, the
    /// observing seat and the seat to move.
    fn check_observation(observation: &Self::Observation) -> Result<(Seat, Option<Seat>), String>;

    /// Why the computer would play `action` (a hint), as the game's structured reason in JSON;
    /// `seed` seeds whatever the explanation samples.
    fn explain(observation: &Self::Observation, action: &Self::Action, seed: u64) -> serde_json::Value;

    /// The search of the hard level (the medium level always runs PIMC).
    const HARD_SEARCH: SearchKind = SearchKind::Ismcts;

    /// Whether [`GameBots::search_candidates`] lists the moves best first by a rule of thumb: the
    /// hard level's PIMC then keeps the first unless another is clearly better
    /// ([`search::pimc_ranked`]); the medium level takes the best mean.
    const CANDIDATES_RANKED: bool = false;

    /// The searched decisions of a warm-up ([`warm_up`](mod@warm_up)), each with a fifth of the default
    /// budget: in a fresh worker in Chromium, six of Nain Jaune's or Bonanza's leave the next
    /// searches as fast as any later one.
    const WARM_UP_SEARCHES: u32 = 6;

    fn rule_bot() -> Box<dyn Bot<Self>>;

    /// One move of a search playout for the seat to move (false when nobody is to move).
    /// Uniformly random unless the game knows better at the same speed.
    fn playout_move(state: &mut Self, rng: &mut GameRng) -> bool {
        state.play_random(rng)
    }

    /// Plays by the playout policy until nobody is to move (the end of the deal, in the searches'
    /// worlds); returns the number of moves. The same as repeating [`GameBots::playout_move`]; a
    /// game may do it faster.
    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    fn play_out(state: &mut Self, rng: &mut GameRng) -> u64 {
        let mut moves = 0;
        while Self::playout_move(state, rng) {
            moves += 1;
        }
        moves
    }

    /// Each seat's standing, the quantity the searches maximise the change of over a playout:
    /// the chips by default. A fixed array (seats beyond the table hold 0): the searches take it
    /// twice an iteration, without allocating.
    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    fn standing(&self) -> Standing {
        let mut standing = [0.0; MAX_SEATS];
        for (s, &c) in standing.iter_mut().zip(self.chip_counts()) {
            *s = c as f64;
        }
        standing
    }

    /// The iteration budget of the search levels when none is given.
    fn default_budget(level: Level) -> Budget {
        default_budget(level)
    }

    /// The decisions the search level `level` leaves to the game's rules of thumb (without the
    /// easy level's slips), in `world`, a deal consistent with `observation`; `None` (the
    /// default) lets it search.
    fn settled_by_rules(_observation: &Self::Observation, _world: &Self, _level: Level, _rng: &mut GameRng) -> Option<Self::Action> {
        None
    }

    /// The moves the search levels weigh at the root, among `legal` (a non-empty subset; one
    /// move means no search). All of them unless the game's rules of thumb settle some choices
    /// and narrow the others.
    fn search_candidates(_observation: &Self::Observation, legal: &[Self::Action]) -> Vec<Self::Action> {
        legal.to_vec()
    }

    /// The exploration constant of the hard search's UCB1, in units of the largest reward swing
    /// seen so far.
    fn exploration() -> f64 {
        search::EXPLORATION
    }

    /// Whether the hard search lets the other seats move by the playout policy inside its tree,
    /// instead of by tree statistics shared across the sampled worlds. With the policy, each
    /// opponent acts on its own cards of the world at hand (which the deciding seat cannot see,
    /// so it learns to expect sensible play, not clairvoyant play); the tree then holds only the
    /// deciding seat's moves.
    fn opponents_by_policy() -> bool {
        false
    }

    /// The moves a search considers in `state`: a non-empty subset of the legal moves, in their
    /// stable order, depending only on public facts and the mover's hand. All of them unless the
    /// game thins out long lists of near-identical moves (amounts of chips).
    fn search_actions_into(state: &Self, out: &mut Vec<Self::Action>) {
        state.legal_actions_into(out);
    }
}

impl GameBots for Bonanza {
    const WARM_UP_PLAYERS: usize = 5;

    fn check_observation(obs: &bonanza::Observation) -> Result<(Seat, Option<Seat>), String> {
        obs.check().map(|()| (obs.seat, obs.to_move))
    }

    fn explain(obs: &bonanza::Observation, action: &bonanza::Action, seed: u64) -> serde_json::Value {
        let legal = Bonanza::determinize(obs, &mut seeded(seed)).legal_actions();
        serde_json::to_value(bonanza_bot::explain(obs, &legal, *action, &mut seeded(seed))).expect("hints serialize")
    }

    fn rule_bot() -> Box<dyn Bot<Bonanza>> {
        Box::new(bonanza_bot::RuleBot { randomness: 0.1 })
    }

    fn playout_move(state: &mut Bonanza, rng: &mut GameRng) -> bool {
        bonanza_playout::playout_move(state, rng)
    }

    fn search_actions_into(state: &Bonanza, out: &mut Vec<<Bonanza as Game>::Action>) {
        bonanza_bot::search_actions_into(state, out);
    }

    fn opponents_by_policy() -> bool {
        true
    }

    /// The widow, the auction and the poker: there the searches sample the hidden cards without
    /// regard to how the others bid and bet (a raise does not make the raiser's hand stronger in
    /// the sampled worlds), and the duplicate-deal arena measured the rule bot ahead of them
    /// (hard in those phases only, 400 deals: −0.29 and −0.17 chips per deal against the easy
    /// level; hard everywhere +0.53, hard at the calls and in the race only +0.86). At the poker
    /// the rules here read the bets, which the easy level does not (see `bonanza_bot`).
    ///
    /// The medium level plays every phase by these rules and searches nothing: with its PIMC at
    /// the calls and in the race it came within +0.10 [−0.18, +0.38] chips per deal of the hard
    /// level (600 deals), a ladder with no middle step. By the rules it stands between easy and
    /// hard (docs/measurements.md, "AI strength").
    fn settled_by_rules(observation: &bonanza::Observation, world: &Bonanza, level: Level, rng: &mut GameRng) -> Option<bonanza::Action> {
        let by_rules =
            level == Level::Medium || matches!(observation.phase, bonanza::Phase::Widow | bonanza::Phase::Auction | bonanza::Phase::Poker);
        by_rules.then(|| bonanza_bot::decide_reading_bets(observation, &world.legal_actions(), rng).action)
    }

    /// One deal swings by dozens of chips (a Bonanza with its payments) while the choices differ
    /// by one or two: less exploration keeps the visits on the better moves (arena, 200 deals:
    /// +1.7 over easy at 0.25, +1.5 at 0.7, +0.1 at 0.1; 600 deals of seed 2026: +1.95 at 0.25,
    /// +1.87 at 0.4, +1.64 at 0.18).
    fn exploration() -> f64 {
        0.25
    }
}

impl GameBots for NainJaune {
    const WARM_UP_PLAYERS: usize = 4;

    fn check_observation(obs: &<NainJaune as Game>::Observation) -> Result<(Seat, Option<Seat>), String> {
        obs.check().map(|()| (obs.seat, obs.to_move))
    }

    fn explain(obs: &<NainJaune as Game>::Observation, action: &<NainJaune as Game>::Action, _seed: u64) -> serde_json::Value {
        serde_json::to_value(nain_jaune_bot::explain(obs, *action)).expect("hints serialize")
    }

    fn rule_bot() -> Box<dyn Bot<NainJaune>> {
        Box::new(nain_jaune_bot::RuleBot { randomness: 0.1 })
    }

    fn playout_move(state: &mut NainJaune, rng: &mut GameRng) -> bool {
        nain_jaune_playout::playout_move(state, rng)
    }

    fn play_out(state: &mut NainJaune, rng: &mut GameRng) -> u64 {
        nain_jaune_playout::play_out(state, rng)
    }
}

/// Programmes' search levels (PIMC: an iteration is one sampled world, where each of the (at most
/// three) candidate moves is played out to the end of the round).
pub const PROGRAMMES_HARD_ITERATIONS: u32 = 200;
pub const PROGRAMMES_MEDIUM_ITERATIONS: u32 = 40;

/// The value of winning the game, in programs, for the searches.
const PROGRAMMES_WIN_BONUS: f64 = 3.0;

impl GameBots for Programmes {
    const WARM_UP_PLAYERS: usize = 4;

    fn check_observation(obs: &Observation) -> Result<(Seat, Option<Seat>), String> {
        obs.check().map(|()| (obs.seat, obs.to_move))
    }

    fn explain(obs: &Observation, action: &Action, _seed: u64) -> serde_json::Value {
        serde_json::to_value(programmes_bot::explain(obs, action)).expect("hints serialize")
    }

    /// A greedy playout is deterministic once the world is dealt, so PIMC compares the candidate
    /// moves on the very same worlds (common random numbers); measured stronger here than ISMCTS,
    /// whose fresh world per iteration drowns the small differences between good discards.
    const HARD_SEARCH: SearchKind = SearchKind::Pimc;
    const CANDIDATES_RANKED: bool = true;
    /// Its decisions search few worlds (40 at a fifth of the budget): six of them left the next
    /// searches up to twice as slow as the later ones.
    const WARM_UP_SEARCHES: u32 = 18;

    /// The `easy` level: the simpler rules of thumb, and a slip (a random draw or discard) one
    /// move in seven.
    fn rule_bot() -> Box<dyn Bot<Programmes>> {
        Box::new(programmes_bot::RuleBot { randomness: 0.15, skill: programmes_bot::Skill::EASY })
    }

    fn playout_move(state: &mut Programmes, rng: &mut GameRng) -> bool {
        programmes_bot::playout_move(state, rng)
    }

    /// Programmes has no chips: a seat's standing is its completed programs (plus a bonus for
    /// the win) minus the mean of the other seats', so denying the others counts too.
    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    fn standing(&self) -> Standing {
        let n = self.players();
        let mut score = [0.0; MAX_SEATS];
        for (s, x) in score.iter_mut().enumerate().take(n) {
            *x = self.programs_done(s) as f64 + if self.winner() == Some(s) { PROGRAMMES_WIN_BONUS } else { 0.0 };
        }
        let total: f64 = score.iter().sum();
        let mut standing = [0.0; MAX_SEATS];
        for (x, &own) in standing.iter_mut().zip(&score).take(n) {
            *x = own - (total - own) / (n - 1) as f64;
        }
        standing
    }

    fn default_budget(level: Level) -> Budget {
        match level {
            Level::Medium => Budget::iterations(PROGRAMMES_MEDIUM_ITERATIONS),
            _ => Budget::iterations(PROGRAMMES_HARD_ITERATIONS),
        }
    }

    /// Revealing and laying off are never worth delaying (the rule bot's choice is played);
    /// the search weighs the draws and the rule bot's three best discards.
    fn search_candidates(observation: &Observation, legal: &[Action]) -> Vec<Action> {
        programmes_bot::candidates(observation, legal, 3)
    }
}

/// What a computer decided, as the worker sends it back.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Decision {
    pub action: String,
    /// Why, when asked: a game-specific structured reason (see e.g. `nain_jaune_bot::Hint`).
    pub explanation: Option<serde_json::Value>,
}

/// The most iterations any request may run, whatever its time budget: a broken clock can then
/// never hang the worker.
pub const MAX_ITERATIONS: u32 = 200_000;

/// The budget of one request: its iterations if given (reproducible), else its time budget;
/// without a working clock, the level's default iterations.
pub fn request_budget(game: GameId, level: Level, budget_ms: u32, iterations: Option<u32>, clock: &dyn Clock) -> Budget {
    match iterations {
        Some(n) => Budget::iterations(n.clamp(1, MAX_ITERATIONS)),
        None if !clock.is_real() => default_budget_for(game, level),
        None => Budget { iterations: Some(MAX_ITERATIONS), time_ms: Some(f64::from(budget_ms.max(1))) },
    }
}

/// How a request is decided: at the level's full strength (the worker), or by the rule bots alone
/// (the page when no worker can run: generic, so that the page's wasm links no search).
pub trait Thinking {
    /// Whether the searches run here: speed is measured and reviews are computed only then.
    const BENCH: bool;
    fn choose<G: GameBots>(&self, observation: &G::Observation, level: Level, rng: &mut GameRng) -> G::Action;
}

/// Every level as itself, the searches within `budget`.
pub struct Searching<'a> {
    pub budget: Budget,
    pub clock: &'a dyn Clock,
}

impl Thinking for Searching<'_> {
    const BENCH: bool = true;
    fn choose<G: GameBots>(&self, observation: &G::Observation, level: Level, rng: &mut GameRng) -> G::Action {
        choose_within::<G>(observation, level, self.budget, self.clock, rng)
    }
}

/// The rule bots only: `medium` and `hard` play as `easy` (see [`choose_by_rules`]).
pub struct RuleBotsOnly;

impl Thinking for RuleBotsOnly {
    const BENCH: bool = false;
    fn choose<G: GameBots>(&self, observation: &G::Observation, level: Level, rng: &mut GameRng) -> G::Action {
        choose_by_rules::<G>(observation, level, rng)
    }
}

/// The workers' entry point: a seat's observation of game `G` as JSON, a level and a seed in; the
/// chosen action as its record string out (and why, if `explain`), or why the request made no
/// sense. Generic, so a game's own worker links only its game's copy.
pub fn choose_json<G: GameBots>(
    observation: &serde_json::Value,
    level: Level,
    seed: u64,
    thinking: &impl Thinking,
    explain: bool,
) -> Result<Decision, String> {
    let obs = observation_to_move::<G>(observation)?;
    let action = thinking.choose::<G>(&obs, level, &mut seeded(seed));
    let explanation = explain.then(|| G::explain(&obs, &action, seed));
    Ok(Decision { action: action.to_string(), explanation })
}

/// A seat's observation of game `G` read from JSON, checked, with that seat to move.
pub fn observation_to_move<G: GameBots>(observation: &serde_json::Value) -> Result<G::Observation, String> {
    let obs: G::Observation =
        serde_json::from_value(observation.clone()).map_err(|e| format!("not a {} observation: {e}", G::ID.name()))?;
    let (seat, to_move) = G::check_observation(&obs).map_err(|e| format!("not a possible {} table: {e}", G::ID.name()))?;
    if to_move != Some(seat) {
        return Err(format!("seat {seat} has no move to make"));
    }
    Ok(obs)
}

/// Engine and search speed for game `G`, in whatever runs this code.
pub fn bench_one<G: GameBots>(players: usize, seconds: f64, clock: &dyn Clock) -> Result<bench::BenchReport, String> {
    bench::run::<G>(players, 1, seconds.clamp(0.05, 30.0), clock).map_err(|e| e.to_string())
}
