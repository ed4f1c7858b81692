//! The one trait every game implements, in the spirit of OpenSpiel's game API: who is to move,
//! the legal actions, applying one (refused with a reason, never half-applied), what one seat may
//! observe, and rebuilding a full state from an observation with the hidden cards dealt again.
//!
//! Notation (action strings) lives in each game's `notation` module, a record's setup in
//! [`setup`](super::setup) and each game's `record.rs`; records and the referee only see the
//! [`Game`] methods plus `Display`/`FromStr` on actions.

use std::fmt;
use std::str::FromStr;

use serde::{de::DeserializeOwned, Serialize};

pub use super::bad_action::{BadAction, NotationWhy};
pub use super::layout_fault::{LayoutFault, LayoutWhy, Place};
use super::rng::GameRng;

/// Seats are numbered 0..players in clockwise order: seat `(i+1) % n` sits at seat `i`'s left.
pub type Seat = usize;

/// Chips are signed so a bug that would overdraw shows up as a negative count, not a wrap-around.
pub type Chips = i64;

/// "1 chip", "3 chips": a number and its noun, for the events' English sentences.
pub fn count(n: impl fmt::Display, noun: &str) -> String {
    let n = n.to_string();
    let s = if n == "1" { "" } else { "s" };
    format!("{n} {noun}{s}")
}

/// Which game a record, an observation or a worker request is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
pub enum GameId {
    #[serde(rename = "bonanza")]
    Bonanza,
    #[serde(rename = "nain-jaune")]
    NainJaune,
    #[serde(rename = "programmes")]
    Programmes,
}

impl GameId {
    /// Every game, in the order the page's game chooser lists them.
    pub const ALL: [GameId; 3] = [GameId::NainJaune, GameId::Bonanza, GameId::Programmes];

    /// The record's name for the game.
    pub fn key(self) -> &'static str {
        match self {
            GameId::Bonanza => "bonanza",
            GameId::NainJaune => "nain-jaune",
            GameId::Programmes => "programmes",
        }
    }

    /// The game's name, the same in English and French (the referee's messages, the dialogs' tabs,
    /// a shared result).
    pub const fn name(self) -> &'static str {
        match self {
            GameId::Bonanza => "Bonanza",
            GameId::NainJaune => "Nain Jaune",
            GameId::Programmes => "Programmes",
        }
    }

    /// How many players the game seats (docs/rules/*.md §1: Bonanza 2–9, Nain Jaune 2–8,
    /// Programmes 2–6, or 7 by option).
    pub fn player_range(self) -> (usize, usize) {
        match self {
            GameId::Bonanza => (2, 9),
            GameId::NainJaune => (2, 8),
            GameId::Programmes => (2, 7),
        }
    }

    /// The largest table the game seats without an option (Programmes: six; seven by option).
    pub fn usual_max(self) -> usize {
        match self {
            GameId::Programmes => 6,
            _ => self.player_range().1,
        }
    }

    pub fn from_key(key: &str) -> Option<GameId> {
        GameId::ALL.into_iter().find(|g| g.key() == key)
    }
}

/// The accessors alike in every game's own `impl`, written once: its options, dealer, event log
/// and seed (the state keeps `options`, `dealer`, `events` and `seed`).
#[macro_export]
macro_rules! state_fields {
    () => {
        pub fn options(&self) -> &Options {
            &self.options
        }

        pub fn dealer(&self) -> Seat {
            self.dealer
        }

        pub fn events(&self) -> &[Event] {
            &self.events
        }

        pub fn seed(&self) -> u64 {
            self.seed
        }
    };
}

/// The [`Game`] methods alike in every game, written once inside each game's `impl Game`: those
/// that only read or set a field (the state keeps `players`, `to_move`, `deals_dealt`, `winner`,
/// `chips`, an array of at least `players` stacks, and `single_deal`), and observing and
/// determinizing, which the game's `Observation` does (`Observation::of`, `determinize`).
#[macro_export]
macro_rules! game_fields {
    () => {
        fn players(&self) -> usize {
            self.players
        }

        fn to_move(&self) -> Option<Seat> {
            self.to_move
        }

        fn deal_number(&self) -> u32 {
            self.deals_dealt
        }

        fn winner_seat(&self) -> Option<Seat> {
            self.winner
        }

        fn chip_counts(&self) -> &[Chips] {
            &self.chips[..self.players]
        }

        fn set_single_deal(&mut self, on: bool) {
            self.single_deal = on;
        }

        fn observe(&self, seat: Seat) -> Observation {
            Observation::of(self, seat)
        }

        fn determinize(observation: &Observation, rng: &mut GameRng) -> Self {
            observation.determinize(rng)
        }
    };
}

/// An action that a game refuses, and why (`R`: a game's [`Why`], or across games the table's
/// `engine::games::Reason`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalAction<R> {
    pub action: String,
    pub reason: R,
}

/// Why a game refuses an action: its own rules (its `Refusal`), an action string that is no move
/// of the game, or the record's layout of the next deal. `Display` gives the referee's English
/// sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why<R> {
    Rules(R),
    Notation(BadAction),
    /// The move is fine but ends a deal, and the record's layout of the next deal does not fit
    /// the game as played (Bonanza: cards for a seat that is out), which shows only when the move
    /// reaches it.
    Layout(LayoutFault),
}

impl<R: fmt::Display> fmt::Display for Why<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Why::Rules(r) => r.fmt(f),
            Why::Notation(e) => e.fmt(f),
            Why::Layout(e) => e.fmt(f),
        }
    }
}

/// A game's own refusals, which hold the ones every game shares ([`TurnRefusal`]) as one kind.
pub trait GameRefusal: Clone + PartialEq + fmt::Debug + fmt::Display {
    /// The shared refusal, when it is one.
    fn turn(&self) -> Option<TurnRefusal>;
}

impl<R: GameRefusal> Why<R> {
    /// The refusal every game shares, when it is that one: the game is over, it is another
    /// seat's turn, the seat does not hold the card.
    pub fn turn(&self) -> Option<TurnRefusal> {
        match self {
            Why::Rules(r) => r.turn(),
            _ => None,
        }
    }
}

/// The refusals every game shares, before its own rules: whose turn it is and what the seat
/// holds. Each game's `Refusal` carries these as its `Turn` variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnRefusal {
    GameOver,
    NotYourTurn { to_move: Seat, seat: Seat },
    NotHeld { seat: Seat, card: crate::engine::cards::Card },
}

impl TurnRefusal {
    /// Why `seat` may not move now: the game is over or it is another seat's turn.
    pub fn check(to_move: Option<Seat>, seat: Seat) -> Result<(), TurnRefusal> {
        match to_move {
            None => Err(TurnRefusal::GameOver),
            Some(to_move) if to_move != seat => Err(TurnRefusal::NotYourTurn { to_move, seat }),
            Some(_) => Ok(()),
        }
    }
}

impl fmt::Display for TurnRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TurnRefusal::GameOver => f.write_str("the game is over"),
            TurnRefusal::NotYourTurn { to_move, seat } => write!(f, "it is seat {to_move}'s turn, not seat {seat}'s"),
            TurnRefusal::NotHeld { seat, card } => write!(f, "seat {seat} does not hold {card}"),
        }
    }
}

/// A game's state as the referee prints it (docs/record.md §5.2: phase, to_move, legal, chips,
/// board, hands, deal_number, finished, winner, events, and the game's own fields): the record
/// format's view of a game, kept apart from its rules ([`Game`]); each game implements it in its
/// `record.rs`.
pub trait RefereeState {
    fn referee_state(&self) -> serde_json::Value;
}

/// A game's events as the referee lists them: each event's fields and its sentence (`text`).
pub fn events_json<E: Serialize + fmt::Display>(events: &[E]) -> Vec<serde_json::Value> {
    events
        .iter()
        .map(|e| {
            let mut v = serde_json::to_value(e).expect("events serialize");
            v["text"] = e.to_string().into();
            v
        })
        .collect()
}

impl<R: fmt::Display> fmt::Display for IllegalAction<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is illegal: {}", self.action, self.reason)
    }
}

impl<R: fmt::Display + fmt::Debug> std::error::Error for IllegalAction<R> {}

impl<R> IllegalAction<R> {
    /// `action` refused for `reason`.
    pub fn refused(action: &impl fmt::Display, reason: R) -> IllegalAction<R> {
        IllegalAction { action: action.to_string(), reason }
    }

    /// The same refusal, its reason turned into another kind (a game's into the table's).
    pub fn into_reason<T: From<R>>(self) -> IllegalAction<T> {
        IllegalAction { action: self.action, reason: self.reason.into() }
    }
}

impl<R> IllegalAction<Why<R>> {
    /// `action` refused by the game's own rules.
    pub fn by_rules(action: &impl fmt::Display, refusal: R) -> IllegalAction<Why<R>> {
        IllegalAction::refused(action, Why::Rules(refusal))
    }
}

/// A setup that cannot start a game (bad player count, option, starting chips, or deal layout).
/// `Display` gives the referee's English sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// A table size outside the game's range.
    Players {
        game: GameId,
        players: usize,
    },
    FirstDealer {
        first_dealer: Seat,
        players: usize,
    },
    UnknownOption {
        key: String,
        game: GameId,
        known: Vec<&'static str>,
    },
    /// An option's value of the wrong kind (`given` as the record wrote it).
    OptionValue {
        key: &'static str,
        wanted: Wanted,
        given: String,
    },
    OptionTooLarge {
        key: &'static str,
        max: i64,
    },
    /// A `chips` stack above [`MAX_STACK`].
    ChipsTooLarge,
    ChipsCount {
        stacks: usize,
        players: usize,
    },
    ChipsNegative,
    /// A record's layout of one deal that cannot be dealt.
    Layout(LayoutFault),
}

/// What an option takes, as its error says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wanted {
    Integer { min: i64 },
    OneOf(&'static [&'static str]),
    Flag,
}

impl From<LayoutFault> for SetupError {
    fn from(fault: LayoutFault) -> SetupError {
        SetupError::Layout(fault)
    }
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Players { game, players } => {
                let (min, max) = game.player_range();
                let name = game.name();
                match game.usual_max() {
                    usual if usual < max => write!(f, "{name} is for {min} to {usual} players ({max} as an option), not {players}"),
                    _ => write!(f, "{name} is for {min} to {max} players, not {players}"),
                }
            }
            SetupError::FirstDealer { first_dealer, players } => {
                write!(f, "first_dealer {first_dealer} is not a seat (0 to {})", players - 1)
            }
            SetupError::UnknownOption { key, game, known } => {
                write!(f, "unknown option '{key}' for {} (known: {}, start_chips)", game.key(), known.join(", "))
            }
            SetupError::OptionValue { key, wanted: Wanted::Integer { min }, given } => {
                write!(f, "option '{key}' must be an integer ≥ {min}, not {given}")
            }
            SetupError::OptionValue { key, wanted: Wanted::OneOf(allowed), given } => {
                write!(f, "option '{key}' must be one of {}, not {given}", allowed.join(", "))
            }
            SetupError::OptionValue { key, wanted: Wanted::Flag, given } => {
                write!(f, "option '{key}' must be true or false, not {given}")
            }
            SetupError::OptionTooLarge { key, max } => write!(f, "option '{key}' is too large (at most {max})"),
            SetupError::ChipsTooLarge => write!(f, "'chips' holds a stack above the limit of {MAX_STACK}"),
            SetupError::ChipsCount { stacks, players } => write!(f, "'chips' has {stacks} stacks for {players} players"),
            SetupError::ChipsNegative => f.write_str("'chips' may not be negative"),
            SetupError::Layout(fault) => fault.fmt(f),
        }
    }
}

impl std::error::Error for SetupError {}

/// A game's start, read and checked: the table size (within the game's range), the seed of every
/// shuffle, the first dealer (a seat), every seat's starting stack, the house rules, and the deals
/// a record lays out (those after them are shuffled from the seed).
#[derive(Clone, Debug)]
pub struct Start<O, L> {
    pub players: usize,
    pub seed: u64,
    pub first_dealer: Seat,
    pub chips: Vec<Chips>,
    pub options: O,
    pub layouts: Vec<L>,
}

/// A chip-and-card game: the complete state of one game in progress, hidden cards included.
pub trait Game: Clone + Sized {
    /// One move. `Display` and `FromStr` give the record's action strings.
    type Action: Clone + PartialEq + fmt::Debug + fmt::Display + FromStr<Err = BadAction>;
    /// What one seat may know: its own cards, everything public, and public inferences.
    type Observation: Clone + fmt::Debug + Serialize + DeserializeOwned;

    /// Why the game's own rules refuse a move (its `refusal.rs`).
    type Refusal: GameRefusal;

    /// The game's house rules (docs/record.md §4), typed.
    type Options: Clone + fmt::Debug;
    /// One deal laid out: where each card goes, as a record may fix it (docs/record.md §2.3).
    type Layout: Clone + fmt::Debug;

    const ID: GameId;

    /// Starts a game (antes or stakes paid, first hand dealt), or says why the layouts do not fit
    /// it. Records reach it through [`FromSetup`](super::setup::FromSetup), which reads and checks
    /// their fields first.
    fn start(start: Start<Self::Options, Self::Layout>) -> Result<Self, SetupError>;

    fn players(&self) -> usize;

    /// The seat whose decision it is, or `None` when the game is over.
    fn to_move(&self) -> Option<Seat>;

    /// Appends the legal actions of the seat to move to `out`, in the stable order the record and
    /// the referee use. Reusing `out` keeps playouts free of allocation.
    fn legal_actions_into(&self, out: &mut Vec<Self::Action>);

    fn legal_actions(&self) -> Vec<Self::Action> {
        let mut out = Vec::new();
        self.legal_actions_into(&mut out);
        out
    }

    /// Plays `action` for `seat`. On error the state is unchanged.
    fn play(&mut self, seat: Seat, action: &Self::Action) -> Result<(), IllegalAction<Why<Self::Refusal>>>;

    /// Plays a uniformly random legal move for the seat to move, if there is one (the move
    /// policy of random playouts). Games override it with a faster path than the default.
    fn play_random(&mut self, rng: &mut GameRng) -> bool {
        let Some(seat) = self.to_move() else { return false };
        let legal = self.legal_actions();
        let action = &legal[super::rng::index_below(legal.len(), rng)];
        self.play_legal(seat, action);
        true
    }

    /// Plays a move chosen among the legal ones (searches, playouts, arenas): a refusal there is a
    /// bug. It panics naming the move but not formatting the reason, which would link every
    /// game's refusals into each game's AI worker.
    fn play_legal(&mut self, seat: Seat, action: &Self::Action) {
        if self.play(seat, action).is_err() {
            panic!("seat {seat}'s legal move {action} was refused");
        }
    }

    /// Every seat's chips (the stacks in front of the players, not what lies on the board).
    fn chip_counts(&self) -> &[Chips];

    /// The current deal (round), counting from 1.
    fn deal_number(&self) -> u32;

    fn is_finished(&self) -> bool {
        self.to_move().is_none()
    }

    /// The winner once the game is over (`None` while playing, or when nobody won outright).
    fn winner_seat(&self) -> Option<Seat>;

    /// What `seat` may observe now.
    fn observe(&self, seat: Seat) -> Self::Observation;

    /// A full state consistent with `observation`: the cards the observer cannot see are dealt
    /// again at random, respecting every count and public inference. Events are not logged in it.
    fn determinize(observation: &Self::Observation, rng: &mut GameRng) -> Self;

    /// Turns event logging off (playouts and searches never read the log).
    fn set_logging(&mut self, on: bool);

    /// With `on`, the game stops (no seat to move) when the current deal is over and settled,
    /// instead of starting the next deal: playouts evaluate one deal at a time.
    fn set_single_deal(&mut self, on: bool);

    /// Replaces the cards of the current deal with a fresh shuffle from `rng`, as if the deal had
    /// just been made (stakes already paid). For playouts and benchmarks; never in a recorded game.
    fn redeal(&mut self, rng: &mut GameRng);
}

/// A house rule as a record holds it (docs/record.md §4): its key, the values it takes and its
/// default. Each game declares its options once (`<game>::options::OPTIONS`, in the order the
/// new-game form shows them) and reads the record through these declarations; the form adds only
/// the labels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionDecl {
    pub key: &'static str,
    pub kind: OptionKind,
}

/// The values an option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// One of these record strings; the first is the default.
    Choice(&'static [&'static str]),
    /// A whole number in `min..=max`.
    Whole { default: i64, min: i64, max: i64 },
    /// `true` or `false`.
    Flag { default: bool },
}

/// The largest value of a count option (rounds, deals, programs…): as large as a `u32` holds; a
/// count of four thousand million rounds or deals is no game anybody plays out.
pub const MAX_COUNT: i64 = u32::MAX as i64;

/// The largest table of the games (Bonanza's nine): per-seat arrays that serve every game
/// (`engine::games` checks that each game fits).
pub const MAX_SEATS: usize = 9;

/// A per-seat list in a fixed array of a game's table size (seats beyond the list hold the default).
pub fn seat_array<T: Copy + Default, const N: usize>(values: &[T]) -> [T; N] {
    let mut array = [T::default(); N];
    array[..values.len()].copy_from_slice(values);
    array
}

/// The largest stack a game may start with (a million million chips): every sum of stacks and
/// boxes then stays far inside 64-bit integers, so chip arithmetic can never overflow.
pub const MAX_STACK: Chips = 1_000_000_000_000;
