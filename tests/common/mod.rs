//! The test harness the three games share (`mod common;` in each test file).
//!
//! - [`Subject`]: what the shared tests need of a game beyond the engine's `Game` trait, with its
//!   implementation for each game (the only per-game code here).
//! - [`conformance`]: one suite over any game, in the spirit of OpenSpiel's `RandomSimTest`:
//!   random games from seeds played to the end with the invariants checked after every action,
//!   illegal actions refused with the state unchanged, records that replay to the same state,
//!   determinizations consistent with the observation. Each game's `*_properties.rs` calls it with
//!   its cases (player counts from 2 to the maximum, every option) and its own model of the rules.
//! - [`honesty`]: the computer players decide from the observation alone (`tests/ai_honesty.rs`).
//! - [`tables`]: records and tables for the rules tests (`*_rules.rs`).
//!
//! A test file uses only part of it, hence `dead_code` allowed here.
#![allow(dead_code)]

pub mod conformance;
pub mod honesty;
pub mod tables;

use std::collections::BTreeMap;
use std::fmt;

use tapis::ai::GameBots;
use tapis::engine::bonanza::{self, Bonanza};
use tapis::engine::game::{Chips, Game, RefereeState, Seat, MAX_SEATS};
use tapis::engine::nain_jaune::{self, NainJaune};
use tapis::engine::programmes::{self, Programmes};
use tapis::engine::setup::{FromSetup, Setup};
use tapis::record::Table;

/// A game under test: the engine's [`Game`] (with its computer players) and the little the shared
/// tests need beyond it.
pub trait Subject: GameBots + RefereeState + fmt::Debug {
    /// The game inside a table (records replay into a [`Table`]); panics on another game's table.
    fn on(table: &Table) -> &Self;

    /// Every chip of the game: the stacks and whatever lies on the board. No action changes it.
    fn chips_in_play(&self) -> Chips;

    /// Whether the event log ends with the game's end.
    fn log_ends_with_game_over(&self) -> bool;

    /// Whether two observations are the same (the trait does not ask observations for `PartialEq`).
    fn same_observation(a: &Self::Observation, b: &Self::Observation) -> bool;

    /// Whether `other` deals the cards `seat` cannot see otherwise than `real` does.
    fn hidden_differs(real: &Self, other: &Self, seat: Seat) -> bool;

    /// A few words on the position and `seat`'s cards, for failure messages.
    fn describe(&self, seat: Seat) -> String;
}

/// Implements [`Subject`] for `$game`, whose module is `$module`, whose [`Table`] variant is
/// `$variant` and whose name is `$name`: all is alike in the three games but where the chips lie
/// and which cards are hidden, given as closures.
macro_rules! subject {
    (
        $game:ident in $module:ident as $variant:ident, $name:literal,
        chips_in_play: |$g:ident| $chips:expr,
        hidden_differs: |$real:ident, $other:ident, $seat:ident| $differs:expr $(,)?
    ) => {
        impl Subject for $game {
            fn on(table: &Table) -> &$game {
                match table {
                    Table::$variant(g) => g,
                    _ => panic!(concat!("not a ", $name, " table")),
                }
            }

            fn chips_in_play(&self) -> Chips {
                let $g = self;
                $chips
            }

            fn log_ends_with_game_over(&self) -> bool {
                matches!(self.events().last(), Some($module::Event::GameOver { .. }))
            }

            fn same_observation(a: &$module::Observation, b: &$module::Observation) -> bool {
                a == b
            }

            fn hidden_differs($real: &$game, $other: &$game, $seat: Seat) -> bool {
                $differs
            }

            fn describe(&self, seat: Seat) -> String {
                format!("{:?}, seat {seat}'s hand {:?}", self.phase(), self.hand(seat).to_strings())
            }
        }
    };
}

subject!(
    NainJaune in nain_jaune as NainJaune, "Nain Jaune",
    // The stacks and the five boxes.
    chips_in_play: |g| g.chips().iter().sum::<Chips>() + g.boxes().iter().sum::<Chips>(),
    // The other hands (and so the talon).
    hidden_differs: |real, other, seat| (0..real.players()).any(|s| s != seat && real.hand(s) != other.hand(s)),
);

subject!(
    Bonanza in bonanza as Bonanza, "Bonanza",
    // The stacks and the ten spaces of the cloth.
    chips_in_play: |g| g.chips().iter().sum::<Chips>() + g.board().iter().sum::<Chips>(),
    // The other hands and the dead hand (and so the widow).
    hidden_differs: |real, other, seat| {
        (0..real.players()).any(|s| s != seat && real.hand(s) != other.hand(s)) || real.dead_hand() != other.dead_hand()
    },
);

subject!(
    Programmes in programmes as Programmes, "Programmes",
    // The stacks only: nothing is staked.
    chips_in_play: |g| g.chips().iter().sum(),
    // The other hands and their secret programs (and so the stock).
    hidden_differs: |real, other, seat| {
        (0..real.players()).any(|s| s != seat && (real.hand(s) != other.hand(s) || real.program(s) != other.program(s)))
    },
);

/// Coverage counts of a test run, by name ("kings", "stops"…), summed over games and threads; a
/// name never counted reads 0, so a misspelt name fails its coverage assertion.
#[derive(Clone, Default)]
pub struct Counts {
    /// Games by table size.
    pub by_players: [u64; MAX_SEATS + 1],
    counts: BTreeMap<&'static str, u64>,
    maxima: BTreeMap<&'static str, u64>,
    /// Games worth naming in the report.
    pub notes: Vec<String>,
}

impl Counts {
    pub fn bump(&mut self, name: &'static str) {
        self.add(name, 1);
    }

    pub fn add(&mut self, name: &'static str, n: u64) {
        *self.counts.entry(name).or_default() += n;
    }

    /// Keeps the largest value seen under `name`.
    pub fn max(&mut self, name: &'static str, n: u64) {
        let m = self.maxima.entry(name).or_default();
        *m = (*m).max(n);
    }

    pub fn largest(&self, name: &str) -> u64 {
        self.maxima.get(name).copied().unwrap_or(0)
    }

    /// Every name was counted: the run reached every part of the rules it names.
    pub fn assert_reached(&self, names: &[&str]) {
        for name in names {
            assert!(self[name] > 0, "no {name} in the run: the test does not cover it");
        }
    }

    pub fn merge(&mut self, other: &Counts) {
        for (total, n) in self.by_players.iter_mut().zip(other.by_players) {
            *total += n;
        }
        for (&name, &n) in &other.counts {
            self.add(name, n);
        }
        for (&name, &n) in &other.maxima {
            self.max(name, n);
        }
        self.notes.extend(other.notes.iter().cloned());
    }
}

impl std::ops::Index<&str> for Counts {
    type Output = u64;

    fn index(&self, name: &str) -> &u64 {
        self.counts.get(name).unwrap_or(&0)
    }
}

impl fmt::Debug for Counts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sizes: Vec<String> =
            (2..self.by_players.len()).filter(|&n| self.by_players[n] > 0).map(|n| format!("{n}: {}", self.by_players[n])).collect();
        writeln!(f, "games by table size: {}", sizes.join(", "))?;
        for (name, n) in &self.counts {
            writeln!(f, "{name}: {n}")?;
        }
        for (name, n) in &self.maxima {
            writeln!(f, "most {name}: {n}")?;
        }
        for note in &self.notes {
            writeln!(f, "{note}")?;
        }
        Ok(())
    }
}

/// One move of a random game: the number of events logged after it, and everyone's chips.
pub struct AfterMove {
    pub logged: usize,
    pub chips: Vec<Chips>,
}

/// Plays `games` random games of `G` to their end (2 to `max_players` seats, seeds `0..games`,
/// `start` chips each so that games end), with random legal moves, and hands each finished game
/// to `check` with the chips after its start (index 0) and after every move. `logged` says how
/// many events a game has logged.
pub fn random_finished_games<G: Game + FromSetup>(
    games: u64,
    max_players: usize,
    start: Chips,
    logged: impl Fn(&G) -> usize,
    mut check: impl FnMut(&G, &[AfterMove]),
) {
    for seed in 0..games {
        let players = 2 + (seed as usize) % (max_players - 1);
        let setup = Setup { players, seed, chips: Some(vec![start; players]), ..Default::default() };
        let mut game = G::from_setup(&setup).expect("a valid setup");
        let mut rng = tapis::engine::rng::seeded(seed);
        let mut moves = vec![AfterMove { logged: logged(&game), chips: game.chip_counts().to_vec() }];
        while game.play_random(&mut rng) {
            moves.push(AfterMove { logged: logged(&game), chips: game.chip_counts().to_vec() });
        }
        check(&game, &moves);
    }
}

/// Everyone's chips after each event of `changes` (what each event moved), from the chips before
/// the first event; checked against the chips after every move.
pub fn chips_after_each_event(changes: &[Vec<Chips>], moves: &[AfterMove]) -> Vec<Vec<Chips>> {
    let mut ledger = moves[0].chips.clone();
    for d in &changes[..moves[0].logged] {
        ledger.iter_mut().zip(d).for_each(|(c, d)| *c -= d);
    }
    let mut after = Vec::with_capacity(changes.len());
    for d in changes {
        ledger.iter_mut().zip(d).for_each(|(c, d)| *c += d);
        after.push(ledger.clone());
    }
    for m in moves {
        assert_eq!(after[m.logged - 1], m.chips, "the events' chip changes add up to the chips after event {}", m.logged);
    }
    after
}
