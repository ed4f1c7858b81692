//! One conformance suite over any game, in the spirit of OpenSpiel's `RandomSimTest`.
//!
//! Random games, each fixed by its index (a seeded loop: the run is deterministic), are played to
//! the end. Before the first action and after EVERY action the suite checks what holds in every
//! game: chips conserved (stacks and board), no negative stack, a seat to move has a legal action
//! and a finished game none, short lists of legal actions read back from their strings and hold
//! no action twice. At positions drawn at random it also checks that illegal actions, and a legal
//! one by the wrong seat, are refused with the state unchanged; that every seat's observation is
//! possible and the mover cannot tell its re-dealt table from the real one; that a listed action
//! drawn at random is accepted. The players are uniform random, the engine's playout move
//! (`play_random`, which must play one of the listed actions and leave the same state as `play`),
//! the computer players of `tapis::ai::choose` (which must choose a listed action), or the game's
//! own policy. At the end the record of the game, replayed by `Table::replay`, gives the same
//! state; a record with the whole event log goes through its JSON text and back first.
//!
//! Each game brings a [`Model`]: its rules written again independently of the engine, checked
//! against every transition, and its own invariants. Each game's `*_properties.rs` builds its
//! [`Case`]s (player counts from 2 to the maximum, every option) into a [`Suite`], declares
//! [`conformance_tests!`] for it, and calls [`random_games`] and [`single_deal_playouts`] (and
//! [`determinize_before_the_first_deal`] where a game can end before its first deal) with its own
//! coverage counts.

use std::fmt;
use std::thread;
use std::time::Instant;

use rand::Rng;
use serde_json::Value;
use tapis::ai::{self, GameBots, Level};
use tapis::engine::game::{Chips, Game, RefereeState, Seat, TurnRefusal};
use tapis::engine::rng::{index_below, seeded, GameRng};
use tapis::engine::setup::{FromSetup, Setup};
use tapis::record::{Record, RecordedAction, Table};

use super::{Counts, Subject};

/// A model's action type.
pub type Act<M> = <<M as Model>::G as Game>::Action;

/// The games of [`random_games`] run on this many threads.
const THREADS: u64 = 2;

/// Who plays a seat in a random game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Player {
    /// Uniform over the legal actions, drawn here.
    Uniform,
    /// The engine's own random-playout move, `Game::play_random`.
    EngineRandom,
    /// `tapis::ai::choose` at this level, from the seat's observation.
    Bot(Level),
    /// The game's own policy, [`Model::own_move`].
    Own,
}

/// One random game: its record (the setup; the actions are written as the game is played), the
/// game's model of its rules, who plays each seat.
#[derive(Debug)]
pub struct Case<M> {
    pub index: u64,
    pub record: Record,
    pub model: M,
    pub players: Vec<Player>,
    /// Whether the engine logs events (the record is then replayed through its JSON text, and the
    /// whole referee state compared, event log included).
    pub logging: bool,
    /// One deal only (`Game::set_single_deal`): no record can ask for that, so no replay.
    pub single_deal: bool,
    /// The seed of the players' and the probes' draws.
    pub seed: u64,
    /// No game may take more actions than this.
    pub move_cap: usize,
}

/// Where a check runs: what to say when it fails, and whether the game stops after one deal.
pub struct At<'a> {
    pub ctx: &'a dyn Fn() -> String,
    pub single_deal: bool,
}

/// One action and the states on either side of it.
pub struct Step<'a, M: Model> {
    pub pre: &'a M::Snap,
    pub post: &'a M::Snap,
    /// The game after the action.
    pub after: &'a M::G,
    pub seat: Seat,
    pub action: &'a Act<M>,
}

/// A game's own part of the suite: its rules written again independently of the engine. One value
/// per game played, so it may follow the game from action to action.
pub trait Model: Sized + fmt::Debug {
    type G: Subject;
    /// Everything the typed getters show: equal before and after a refused action.
    type Snap: PartialEq + fmt::Debug;

    fn snap(g: &Self::G) -> Self::Snap;

    /// The game's own invariants, in every state (the suite's are checked first).
    fn check_state(&mut self, g: &Self::G, legal: &[Act<Self>], at: &At, counts: &mut Counts);

    /// What the rules make of one action.
    fn check_move(&mut self, step: &Step<Self>, at: &At, counts: &mut Counts);

    /// The start of the game: `starting` are the stacks the record gives.
    fn check_start(&mut self, _record: &Record, _starting: &[Chips], _g: &Self::G, _at: &At, _counts: &mut Counts) {}

    /// The end of the game (before the replay).
    fn check_end(&mut self, _g: &Self::G, _at: &At, _counts: &mut Counts) {}

    /// Whether to try refused actions at this position (`moves` actions into the game), and which
    /// (seat and action pairs; one that is legal for the mover is skipped). At every probe a
    /// listed action by another seat is tried too. None by default.
    fn probe(&mut self, _g: &Self::G, _seat: Seat, _moves: usize, _rng: &mut GameRng) -> Option<Vec<(Seat, Act<Self>)>> {
        None
    }

    /// The move of a seat that [`Player::Own`] plays.
    fn own_move(
        &mut self,
        _g: &Self::G,
        _seat: Seat,
        _legal: &[Act<Self>],
        _rng: &mut GameRng,
        _at: &At,
        _counts: &mut Counts,
    ) -> Act<Self> {
        panic!("this game has no policy of its own")
    }

    /// The listed action `play_random` played from `before` (snapped as `pre`) to `after`: by
    /// default the first that leads to the same state.
    fn random_move(&self, before: &Self::G, _pre: &Self::Snap, after: &Self::G, seat: Seat, legal: &[Act<Self>], at: &At) -> Act<Self> {
        let target = Self::snap(after);
        let found = legal.iter().find(|a| {
            let mut g = before.clone();
            g.play(seat, a).is_ok() && Self::snap(&g) == target
        });
        found.unwrap_or_else(|| panic!("{}: play_random made no legal move", (at.ctx)())).clone()
    }

    /// The move in [`visit_positions`]: uniform over the legal actions by default.
    fn visit_move(&mut self, _g: &Self::G, _seat: Seat, legal: &[Act<Self>], rng: &mut GameRng) -> Act<Self> {
        legal[index_below(legal.len(), rng)].clone()
    }

    /// Whether a table re-dealt from `seat`'s observation must show `seat` the very same
    /// observation, turn and stacks (always, unless the game hides whose turn it is).
    fn observation_kept(_g: &Self::G, _seat: Seat) -> bool {
        true
    }

    /// The game's own checks of a table `sampled` from `seat`'s observation of `g`.
    fn check_determinized(&mut self, _g: &Self::G, _sampled: &Self::G, _seat: Seat, _at: &At) {}

    /// The game's own checks of `redealt`, `base` with its current deal dealt again.
    fn check_redeal(&mut self, _base: &Self::G, _redealt: &Self::G, _at: &At) {}
}

/// The suite's own probes, by how often they run.
#[derive(Clone, Copy, Debug)]
pub struct Probes {
    /// Lists of legal actions up to this long are read back in full after every action.
    pub read_back_up_to: usize,
    /// One position in this many: a listed action drawn at random reads back and is accepted (on
    /// a copy). 0: never.
    pub accept_one_in: u32,
    /// One position in this many: every seat's observation passes its check, and the mover's,
    /// dealt again, shows it the same and lists the same actions. 0: never.
    pub observe_one_in: u32,
}

impl Probes {
    /// No probe (for tables that are not played by [`random_games`]).
    pub const NONE: Probes = Probes { read_back_up_to: 0, accept_one_in: 0, observe_one_in: 0 };
}

/// A game's part in the suite: its random games (which, how many, how closely watched, what they
/// must reach), the positions of its determinization tests and its single-deal playouts. The
/// cases must include computer players and the engine's playout move, and some logged games.
pub struct Suite<M> {
    pub case: fn(u64) -> Case<M>,
    pub games: u64,
    /// Every table size, 2 and the largest included, must be played more often than this.
    pub per_table_size: u64,
    /// At least this many records must replay through their JSON text with the whole log.
    pub full_replays: u64,
    pub probes: Probes,
    /// The games [`same_game_twice`] plays twice.
    pub replayed: &'static [u64],
    /// The positions of the determinization tests.
    pub visits: Visits,
    pub playouts: Playouts,
}

/// The single-deal playouts of [`single_deal_playouts`]: the deals of the first `games` cases,
/// played by `policy`; more than `at_least` deals must be played out, each counted once under
/// `settled` by the model (its settlement).
#[derive(Clone, Copy, Debug)]
pub struct Playouts {
    pub games: u64,
    pub policy: Player,
    pub at_least: u64,
    pub settled: &'static str,
}

/// Positions for the determinization tests: those of [`visit_positions`] in `games` games, about
/// one in `one_in`; one table in `play_on_one_in` plays on to the end of its deal; at least
/// `at_least` positions (times observers) must be seen.
#[derive(Clone, Copy, Debug)]
pub struct Visits {
    pub games: u64,
    pub one_in: u32,
    pub play_on_one_in: u64,
    pub at_least: u64,
}

/// The suite's tests that need nothing of a game but its [`Suite`] (a `const`):
/// `the_games_are_deterministic` ([`same_game_twice`]),
/// `determinized_states_agree_with_the_observation` ([`determinized_states_agree`]),
/// `determinized_states_give_the_seat_to_move_a_legal_move` ([`determinized_movers_have_a_move`])
/// and `single_deal_playouts_settle_one_deal_and_stop` ([`single_deal_playouts`]).
#[macro_export]
macro_rules! conformance_tests {
    ($suite:expr) => {
        $crate::conformance_tests!(@each $suite;
            the_games_are_deterministic => same_game_twice,
            determinized_states_agree_with_the_observation => determinized_states_agree,
            determinized_states_give_the_seat_to_move_a_legal_move => determinized_movers_have_a_move,
            single_deal_playouts_settle_one_deal_and_stop => single_deal_playouts
        );
    };
    (@each $suite:expr; $($test:ident => $check:ident),*) => {
        $(
            #[test]
            fn $test() {
                $crate::common::conformance::$check(&$suite);
            }
        )*
    };
}

/// Who plays the seats of a game: a mix of the computer players (random and easy) and `otherwise`
/// in the games where `index % bots.0 == bots.1`, the engine's playout move where
/// `index % engine.0 == engine.1`, `otherwise` elsewhere.
#[derive(Clone, Copy, Debug)]
pub struct Seating {
    pub bots: (u64, u64),
    pub engine: (u64, u64),
    pub otherwise: Player,
}

impl Seating {
    /// The players of game `index` at a table of `players` (a mix is drawn from `rng`).
    pub fn seats(&self, index: u64, players: usize, rng: &mut GameRng) -> Vec<Player> {
        if index % self.bots.0 == self.bots.1 {
            (0..players)
                .map(|_| match rng.random_range(0..3u32) {
                    0 => self.otherwise,
                    1 => Player::Bot(Level::Random),
                    _ => Player::Bot(Level::Easy),
                })
                .collect()
        } else if index % self.engine.0 == self.engine.1 {
            vec![Player::EngineRandom; players]
        } else {
            vec![self.otherwise; players]
        }
    }
}

/// What holds in every state of every game, then the game's own invariants. `total` is the chips
/// of the game.
pub fn check_state<M: Model>(model: &mut M, g: &M::G, total: Chips, legal: &[Act<M>], probes: &Probes, at: &At, counts: &mut Counts) {
    let ctx = at.ctx;
    assert_eq!(g.chips_in_play(), total, "{}: chips not conserved", ctx());
    let chips = g.chip_counts();
    assert!(chips.iter().all(|&c| c >= 0), "{}: negative stack {chips:?}", ctx());
    match g.to_move() {
        Some(seat) => assert!(!legal.is_empty(), "{}: seat {seat} to move has no legal action", ctx()),
        None => assert!(legal.is_empty(), "{}: legal actions after the game", ctx()),
    }
    // Every listed action reads back, once (long lists: one drawn at random, see `Probes`).
    if !legal.is_empty() && legal.len() <= probes.read_back_up_to {
        let texts: Vec<String> = legal.iter().map(|a| a.to_string()).collect();
        for (a, t) in legal.iter().zip(&texts) {
            assert_eq!(t.parse::<Act<M>>().as_ref(), Ok(a), "{}: '{t}' does not read back", ctx());
        }
        let mut sorted = texts.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), texts.len(), "{}: duplicate legal actions {texts:?}", ctx());
    }
    model.check_state(g, legal, at, counts);
}

/// The stacks a record starts with: its `chips`, or `start_chips` (default 100) for every seat.
fn starting_stacks(record: &Record) -> Vec<Chips> {
    record.chips.clone().unwrap_or_else(|| {
        let start = record.options.get("start_chips").and_then(Value::as_i64).unwrap_or(100);
        vec![start; record.players]
    })
}

/// Plays one whole random game, checking every action; returns its final referee state.
pub fn play_case<M: Model>(case: &mut Case<M>, probes: &Probes, counts: &mut Counts) -> Value {
    let Case { index, record, model, players, logging, single_deal, seed, move_cap } = case;
    let (index, logging, single_deal, move_cap) = (*index, *logging, *single_deal, *move_cap);
    let record: &Record = record;
    let n = record.players;
    let ctx_base = || {
        format!(
            "game {index} ({n} players, options {:?}, chips {:?}, first_dealer {:?})",
            record.options, record.chips, record.first_dealer
        )
    };
    let mut game = M::G::from_setup(&record.setup()).unwrap_or_else(|e| panic!("{}: {e}", ctx_base()));
    game.set_logging(logging);
    game.set_single_deal(single_deal);
    let starting = starting_stacks(record);
    let total: Chips = starting.iter().sum();

    // The start.
    let at = At { ctx: &ctx_base, single_deal };
    let mut legal = Vec::with_capacity(128);
    game.legal_actions_into(&mut legal);
    check_state(model, &game, total, &legal, probes, &at, counts);
    model.check_start(record, &starting, &game, &at, counts);

    let mut rng: GameRng = seeded(*seed);
    let mut actions: Vec<RecordedAction> = Vec::new();
    let mut pre = M::snap(&game);
    while let Some(seat) = game.to_move() {
        let moves = actions.len();
        let deal = game.deal_number();
        let ctx = || format!("{}, move {moves} (deal {deal})", ctx_base());
        let at = At { ctx: &ctx, single_deal };
        assert!(moves < move_cap, "{}: the game does not end", ctx());

        // Now and then: illegal actions, and a legal one by the wrong seat, are refused unchanged.
        if let Some(attempts) = model.probe(&game, seat, moves, &mut rng) {
            for (who, attempt) in attempts {
                if who == seat && legal.contains(&attempt) {
                    continue;
                }
                assert!(game.play(who, &attempt).is_err(), "{}: seat {who} '{attempt}' was accepted", ctx());
                assert_eq!(M::snap(&game), pre, "{}: a refused '{attempt}' changed the state", ctx());
                counts.bump("illegal actions refused");
            }
            let other = (seat + 1 + index_below(n - 1, &mut rng)) % n;
            let err = game.play(other, &legal[0]).expect_err("a move by the wrong seat");
            assert!(matches!(err.reason.turn(), Some(TurnRefusal::NotYourTurn { .. })), "{}: {err}", ctx());
            assert!(err.reason.to_string().contains("turn"), "{}: {err}", ctx());
            assert_eq!(M::snap(&game), pre, "{}", ctx());
            counts.bump("wrong seats refused");
        }
        // Now and then: every seat's observation is possible, and the seat to move cannot tell
        // its re-dealt table from the real one.
        if probes.observe_one_in > 0 && rng.random_range(0..probes.observe_one_in) == 0 {
            for s in 0..n {
                let obs = game.observe(s);
                M::G::check_observation(&obs).unwrap_or_else(|e| panic!("{}: seat {s}'s observation: {e}", ctx()));
                if s == seat {
                    let world = M::G::determinize(&obs, &mut rng);
                    let seen = world.observe(s);
                    assert!(
                        M::G::same_observation(&seen, &obs),
                        "{}: the re-dealt table shows seat {s} something else:\n{seen:?}\n{obs:?}",
                        ctx()
                    );
                    assert_eq!(world.legal_actions(), legal, "{}: other legal actions in the re-dealt table", ctx());
                }
            }
            counts.bump("observations checked");
        }
        // Now and then: a listed action drawn at random reads back and is accepted (on a copy).
        if probes.accept_one_in > 0 && rng.random_range(0..probes.accept_one_in) == 0 {
            let a = &legal[index_below(legal.len(), &mut rng)];
            let mut copy = game.clone();
            copy.set_logging(false);
            copy.play(seat, a).unwrap_or_else(|e| panic!("{}: listed '{a}' refused: {e}", ctx()));
            assert_eq!(a.to_string().parse::<Act<M>>().as_ref(), Ok(a), "{}", ctx());
        }

        let mut random_after: Option<M::G> = None;
        let action = match players[seat] {
            Player::Uniform => legal[index_below(legal.len(), &mut rng)].clone(),
            Player::EngineRandom => {
                // The playout fast path picks and plays in one go: it must be one of the legal
                // actions, recognised by the state it leads to.
                let mut after = game.clone();
                assert!(after.play_random(&mut rng), "{}: play_random found no move", ctx());
                let action = model.random_move(&game, &pre, &after, seat, &legal, &at);
                assert!(legal.contains(&action), "{}: play_random played '{action}', not one of the legal actions", ctx());
                counts.bump("engine random moves");
                random_after = Some(after);
                action
            }
            Player::Bot(level) => {
                let chosen = ai::choose::<M::G>(&game.observe(seat), level, &mut rng);
                assert!(legal.contains(&chosen), "{}: the {level} bot chose '{chosen}', not one of the legal actions", ctx());
                counts.bump("bot moves");
                chosen
            }
            Player::Own => model.own_move(&game, seat, &legal, &mut rng, &at, counts),
        };
        game.play(seat, &action).unwrap_or_else(|e| panic!("{}: a legal action was refused: {e}", ctx()));
        let post = M::snap(&game);
        let ctx = || format!("{}, move {moves} (deal {deal}, seat {seat} '{action}')", ctx_base());
        let at = At { ctx: &ctx, single_deal };
        if let Some(after) = random_after {
            assert_eq!(M::snap(&after), post, "{}: play_random and play differ", ctx());
        }
        model.check_move(&Step { pre: &pre, post: &post, after: &game, seat, action: &action }, &at, counts);
        actions.push(RecordedAction { seat, action: action.to_string() });
        legal.clear();
        game.legal_actions_into(&mut legal);
        check_state(model, &game, total, &legal, probes, &at, counts);
        pre = post;
    }

    counts.bump("games");
    counts.add("moves", actions.len() as u64);
    counts.by_players[n] += 1;
    counts.max("moves in a game", actions.len() as u64);
    model.check_end(&game, &at, counts);

    // The record replays to the same state.
    if !single_deal {
        let mut record = record.clone();
        record.actions = actions;
        if logging {
            // Through the JSON text, as the referee reads it, and with the whole event log.
            let text = record.to_json();
            let parsed = Record::from_json(&text).unwrap_or_else(|e| panic!("{}: the record does not read back: {e}", ctx_base()));
            assert_eq!(parsed.to_json(), text, "{}: the record's JSON does not round-trip", ctx_base());
            let table = Table::replay(&parsed).unwrap_or_else(|e| panic!("{}: replay failed: {e}", ctx_base()));
            assert_eq!(table.referee_state(), game.referee_state(), "{}: the replay differs", ctx_base());
            assert!(game.log_ends_with_game_over(), "{}: the log ends with the game's end", ctx_base());
            counts.bump("full replays");
        } else {
            // The typed state, and the JSON state but for the event log (not kept).
            let table = Table::replay(&record).unwrap_or_else(|e| panic!("{}: replay failed: {e}", ctx_base()));
            assert_eq!(M::snap(M::G::on(&table)), M::snap(&game), "{}: the replay differs", ctx_base());
            assert_eq!(without_events(table.referee_state()), without_events(game.referee_state()), "{}: the replay differs", ctx_base());
        }
    }
    game.referee_state()
}

fn without_events(mut state: Value) -> Value {
    state.as_object_mut().unwrap().remove("events");
    state
}

/// Plays the suite's games on two threads; returns the counts, printed with `--nocapture`. Every
/// table size, 2 and the largest included, must have been played, and the probes must have run.
pub fn random_games<M: Model>(suite: &Suite<M>) -> Counts {
    let start = Instant::now();
    let totals = thread::scope(|scope| {
        let workers: Vec<_> = (0..THREADS)
            .map(|t| {
                scope.spawn(move || {
                    let mut counts = Counts::default();
                    let mut index = t;
                    while index < suite.games {
                        play_case(&mut (suite.case)(index), &suite.probes, &mut counts);
                        index += THREADS;
                    }
                    counts
                })
            })
            .collect();
        let mut totals = Counts::default();
        for w in workers {
            totals.merge(&w.join().expect("a worker thread failed (see its panic above)"));
        }
        totals
    });
    println!("{} games, {} moves in {:.1?}\n{totals:?}", totals["games"], totals["moves"], start.elapsed());

    assert_eq!(totals["games"], suite.games);
    let (min, max) = M::G::ID.player_range();
    for players in min..=max {
        assert!(totals.by_players[players] > suite.per_table_size, "{players} players: {}", totals.by_players[players]);
    }
    totals.assert_reached(&["illegal actions refused", "wrong seats refused", "bot moves", "engine random moves", "full replays"]);
    assert!(suite.probes.observe_one_in == 0 || totals["observations checked"] > 0);
    assert!(totals["full replays"] >= suite.full_replays, "{} records replayed through their JSON text", totals["full replays"]);
    totals
}

/// The same index plays the same game twice (seeded shuffles, seeded players): the suite's
/// `replayed` games.
pub fn same_game_twice<M: Model>(suite: &Suite<M>) {
    assert!(!suite.replayed.is_empty());
    for &index in suite.replayed {
        let state = || play_case(&mut (suite.case)(index), &suite.probes, &mut Counts::default());
        assert_eq!(state(), state(), "game {index}");
    }
}

/// Plays the games of `case(index * 7 + 1)` for `index` in `0..games`, with the stacks left to
/// the options, by [`Model::visit_move`]; calls `visit` on about one position in `one_in`, and on
/// the last.
pub fn visit_positions<M: Model>(case: fn(u64) -> Case<M>, games: u64, one_in: u32, mut visit: impl FnMut(&mut M, &M::G, &mut GameRng)) {
    for index in 0..games {
        let mut c = case(index * 7 + 1);
        c.record.chips = None;
        let mut game = M::G::from_setup(&c.record.setup()).unwrap();
        game.set_logging(false);
        game.set_single_deal(c.single_deal);
        let mut rng = seeded(index);
        let mut legal = Vec::new();
        while let Some(seat) = game.to_move() {
            if rng.random_range(0..one_in) == 0 {
                visit(&mut c.model, &game, &mut rng);
            }
            legal.clear();
            game.legal_actions_into(&mut legal);
            let action = c.model.visit_move(&game, seat, &legal, &mut rng);
            game.play(seat, &action).unwrap();
        }
        visit(&mut c.model, &game, &mut rng);
    }
}

/// At the suite's positions (its `visits`), for every observer: the observation passes its check,
/// a table dealt again from it shows the observer the same (see [`Model::observation_kept`]), the
/// game's own checks hold, the seat to move has the same legal actions, and (one position in
/// `play_on_one_in`) the sampled table plays on by the rules to the end of its deal.
pub fn determinized_states_agree<M: Model>(suite: &Suite<M>) {
    let Visits { games, one_in, play_on_one_in, at_least } = suite.visits;
    let mut positions = 0u64;
    visit_positions(suite.case, games, one_in, |model, game, rng| {
        if game.deal_number() == 0 {
            // A game over before its first deal: see `determinize_before_the_first_deal`.
            return;
        }
        for seat in 0..game.players() {
            let obs = game.observe(seat);
            let ctx = || format!("position {positions}, observer {seat}, {}", game.describe(seat));
            let at = At { ctx: &ctx, single_deal: false };
            M::G::check_observation(&obs).unwrap_or_else(|e| panic!("{}: {e}", ctx()));
            let d = M::G::determinize(&obs, rng);
            // Same own cards and same public information: the observer cannot tell them apart.
            if M::observation_kept(game, seat) {
                let seen = d.observe(seat);
                assert!(M::G::same_observation(&seen, &obs), "{}: the sampled table shows something else:\n{seen:?}\n{obs:?}", ctx());
                assert_eq!((d.to_move(), d.deal_number()), (game.to_move(), game.deal_number()), "{}", ctx());
                assert_eq!(d.chip_counts(), game.chip_counts(), "{}", ctx());
            }
            model.check_determinized(game, &d, seat, &at);
            // The observer's own legal actions are the same, and the sampled world plays on.
            if game.to_move() == Some(seat) {
                assert_eq!(d.legal_actions(), game.legal_actions(), "{}: legal actions", ctx());
            }
            if positions.is_multiple_of(play_on_one_in) {
                let mut d = d;
                let total = d.chips_in_play();
                let deal = d.deal_number();
                let mut legal = Vec::new();
                while let Some(mover) = d.to_move() {
                    legal.clear();
                    d.legal_actions_into(&mut legal);
                    check_state(model, &d, total, &legal, &Probes::NONE, &at, &mut Counts::default());
                    if d.deal_number() != deal {
                        break;
                    }
                    let action = legal[index_below(legal.len(), rng)].clone();
                    d.play(mover, &action).unwrap();
                }
            }
            positions += 1;
        }
    });
    println!("{positions} determinized positions");
    assert!(positions > at_least, "{positions} determinized positions");
}

/// At the suite's positions, a table dealt again from the observation of a seat that is not to move
/// still gives the seat to move a legal action: the search AIs play every seat in sampled worlds.
/// (Nain Jaune, docs/rules/nain-jaune.md §4.2: the next player in turn holding rank Y carries on —
/// when seat X is to follow, the whole table knows X holds a card of the wanted rank, a public
/// inference like the voids that a determinization for another observer must keep.)
pub fn determinized_movers_have_a_move<M: Model>(suite: &Suite<M>) {
    let mut checked = 0u64;
    let mut failed = 0u64;
    let mut failures = Vec::new();
    visit_positions(suite.case, suite.visits.games, suite.visits.one_in, |_, game, rng| {
        let Some(mover) = game.to_move() else { return };
        for seat in (0..game.players()).filter(|&s| s != mover) {
            let d = M::G::determinize(&game.observe(seat), rng);
            checked += 1;
            if d.legal_actions().is_empty() {
                failed += 1;
                if failures.len() < 5 {
                    failures.push(format!("observer {seat}: sampled {}; real {}", d.describe(mover), game.describe(mover)));
                }
            }
        }
    });
    assert!(checked > 0);
    assert!(failures.is_empty(), "{failed} of {checked} sampled worlds have no legal move, e.g.\n{}", failures.join("\n"));
}

/// A game over before its first deal (`setup` leaves too few stacks for the first stake) can still
/// be observed (the app shows it, the worker may receive it) and dealt again: `Game::determinize`
/// promises a state consistent with any observation.
pub fn determinize_before_the_first_deal<G: Subject>(setup: &Setup) {
    let game = G::from_setup(setup).unwrap();
    assert!(game.is_finished());
    assert_eq!(game.deal_number(), 0);
    for seat in 0..setup.players {
        let obs = game.observe(seat);
        G::check_observation(&obs).unwrap();
        let d = G::determinize(&obs, &mut seeded(seat as u64));
        assert!(G::same_observation(&d.observe(seat), &obs), "seat {seat}");
        assert!(d.is_finished());
    }
}

/// The engine's playout mode (`set_single_deal`, `redeal`, `play_random`): one deal of the game
/// of each index (dealt afresh, its stakes already paid, for even indices), played by the suite's
/// playout `policy` (uniform, or the engine's playout move) with every action checked and settled
/// by the model's rules, and then no seat to move.
pub fn single_deal_playouts<M: Model>(suite: &Suite<M>) {
    let Playouts { games, policy, at_least, settled } = suite.playouts;
    let mut counts = Counts::default();
    let mut playouts = 0;
    for index in 0..games {
        let mut c = (suite.case)(index);
        let mut base = M::G::from_setup(&c.record.setup()).unwrap();
        if base.is_finished() {
            continue;
        }
        base.set_logging(false);
        base.set_single_deal(true);
        let mut rng = seeded(index);
        let mut game = base.clone();
        let ctx = || format!("single deal {index}");
        let at = At { ctx: &ctx, single_deal: true };
        if index % 2 == 0 {
            game.redeal(&mut rng);
            c.model.check_redeal(&base, &game, &at);
        }
        let total = game.chips_in_play();
        let mut legal = Vec::new();
        loop {
            legal.clear();
            game.legal_actions_into(&mut legal);
            check_state(&mut c.model, &game, total, &legal, &Probes::NONE, &at, &mut counts);
            let pre = M::snap(&game);
            let Some(seat) = game.to_move() else { break };
            let action = match policy {
                Player::EngineRandom => {
                    let mut after = game.clone();
                    assert!(after.play_random(&mut rng), "{}", ctx());
                    let action = c.model.random_move(&game, &pre, &after, seat, &legal, &at);
                    assert!(legal.contains(&action), "{}: play_random played '{action}'", ctx());
                    game = after;
                    action
                }
                Player::Uniform => {
                    let action = legal[index_below(legal.len(), &mut rng)].clone();
                    game.play(seat, &action).unwrap();
                    action
                }
                _ => panic!("playouts are uniform or the engine's"),
            };
            let post = M::snap(&game);
            c.model.check_move(&Step { pre: &pre, post: &post, after: &game, seat, action: &action }, &at, &mut counts);
        }
        assert!(!game.play_random(&mut rng), "no move once the deal is over");
        assert_eq!(game.deal_number(), base.deal_number());
        assert_eq!(game.chips_in_play(), total);
        playouts += 1;
    }
    assert!(playouts > at_least && counts[settled] == playouts, "{playouts} playouts, {} {settled}", counts[settled]);
}
