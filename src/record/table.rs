//! A game of any kind behind one string-level interface, and replaying a record into it.
//!
//! The referee, the app and the tests meet the games here: actions go in as record strings, the
//! state comes out as the referee's JSON. Each game keeps its typed API for the AI and the views.

use super::format::{BadRecord, Record, RecordedAction};
use crate::engine::bonanza::Bonanza;
use crate::engine::game::{BadAction, Game, GameId, IllegalAction, RefereeState, Seat, SetupError};
use crate::engine::games::Reason;
use crate::engine::nain_jaune::NainJaune;
use crate::engine::programmes::Programmes;
use crate::engine::setup::FromSetup;

/// One game in progress, whichever it is. (The games are fixed-size arrays of a few hundred bytes
/// on purpose: a table is one value per game, and boxing it would only add an indirection.)
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)]
pub enum Table {
    Bonanza(Bonanza),
    NainJaune(NainJaune),
    Programmes(Programmes),
}

/// A game a [`Table`] can hold, read back from it.
pub trait OnTable: Game {
    /// The game inside `table`, if the table plays this game.
    fn on(table: &Table) -> Option<&Self>;
}

macro_rules! on_table {
    ($($game:ident),*) => {
        $(impl OnTable for $game {
            fn on(table: &Table) -> Option<&Self> {
                match table {
                    Table::$game(g) => Some(g),
                    _ => None,
                }
            }
        })*
    };
}

on_table!(Bonanza, NainJaune, Programmes);

/// The legal actions of game `G` on `table`, as record strings (none on another game's table).
/// Generic, so that a game's code links only its own game's rules (the page's chunks).
pub fn legal_of<G: OnTable>(table: &Table) -> Vec<String> {
    G::on(table).map(|g| g.legal_actions().iter().map(ToString::to_string).collect()).unwrap_or_default()
}

/// Runs `$body` with `$g` bound to the game inside a [`Table`], whatever its kind.
macro_rules! with_game {
    ($table:expr, $g:ident => $body:expr) => {
        match $table {
            Table::Bonanza($g) => $body,
            Table::NainJaune($g) => $body,
            Table::Programmes($g) => $body,
        }
    };
}

/// Why a replay stopped: a malformed record or setup, or the first action refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    Record(BadRecord),
    Setup(SetupError),
    /// `names` does not give one name per seat.
    Names {
        names: usize,
        players: usize,
    },
    /// `actions[index]` is refused.
    Refused {
        index: usize,
        seat: Seat,
        error: IllegalAction<Reason>,
    },
    /// `actions[index]` ends a deal, and the record's layout of the next deal does not fit.
    NextLayout {
        index: usize,
        seat: Seat,
        error: IllegalAction<Reason>,
    },
    /// `actions[index]` is not `{"seat": SEAT, "do": "ACTION"}` (the record's words for it).
    Unreadable {
        index: usize,
        why: String,
    },
}

impl ReplayError {
    /// The index in `actions` of the action to blame, when the record's actions are at fault
    /// (not its setup, nor the layout of a deal).
    pub fn at(&self) -> Option<usize> {
        match self {
            ReplayError::Refused { index, .. } | ReplayError::Unreadable { index, .. } => Some(*index),
            _ => None,
        }
    }

    /// What went wrong, without the position ([`ReplayError::at`] says it).
    pub fn message(&self) -> String {
        match self {
            ReplayError::Record(e) => e.0.clone(),
            ReplayError::Setup(e) => e.to_string(),
            ReplayError::Names { names, players } => format!("'names' has {names} names for {players} players"),
            ReplayError::Refused { seat, error, .. } => format!("seat {seat} cannot '{}': {}", error.action, error.reason),
            ReplayError::NextLayout { index, seat, error } => {
                format!("{} (found when actions[{index}], seat {seat} '{}', ended the deal before)", error.reason, error.action)
            }
            ReplayError::Unreadable { why, .. } => why.clone(),
        }
    }
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.at() {
            Some(i) => write!(f, "action {i}: {}", self.message()),
            None => f.write_str(&self.message()),
        }
    }
}

impl std::error::Error for ReplayError {}

impl From<BadRecord> for ReplayError {
    fn from(e: BadRecord) -> ReplayError {
        ReplayError::Record(e)
    }
}

impl From<SetupError> for ReplayError {
    fn from(e: SetupError) -> ReplayError {
        ReplayError::Setup(e)
    }
}

impl Table {
    /// Starts the game a record describes (before its actions).
    pub fn start(record: &Record) -> Result<Table, ReplayError> {
        let setup = record.setup();
        if let Some(names) = &record.names {
            if names.len() != record.players {
                return Err(ReplayError::Names { names: names.len(), players: record.players });
            }
        }
        Ok(match record.game_id()? {
            GameId::Bonanza => Table::Bonanza(Bonanza::from_setup(&setup)?),
            GameId::NainJaune => Table::NainJaune(NainJaune::from_setup(&setup)?),
            GameId::Programmes => Table::Programmes(Programmes::from_setup(&setup)?),
        })
    }

    /// Starts the game and applies every recorded action; stops at the first illegal one.
    pub fn replay(record: &Record) -> Result<Table, ReplayError> {
        let mut table = Table::start(record)?;
        for (i, RecordedAction { seat, action }) in record.actions.iter().enumerate() {
            table.play_str(*seat, action).map_err(|error| {
                let seat = *seat;
                if error.is_layout_fault() {
                    ReplayError::NextLayout { index: i, seat, error }
                } else {
                    ReplayError::Refused { index: i, seat, error }
                }
            })?;
        }
        if let Some((index, why)) = &record.unreadable_action {
            return Err(ReplayError::Unreadable { index: *index, why: why.clone() });
        }
        Ok(table)
    }

    pub fn game_id(&self) -> GameId {
        match self {
            Table::Bonanza(_) => GameId::Bonanza,
            Table::NainJaune(_) => GameId::NainJaune,
            Table::Programmes(_) => GameId::Programmes,
        }
    }

    pub fn players(&self) -> usize {
        with_game!(self, g => g.players())
    }

    pub fn to_move(&self) -> Option<Seat> {
        with_game!(self, g => g.to_move())
    }

    pub fn is_finished(&self) -> bool {
        with_game!(self, g => g.is_finished())
    }

    /// The current deal (round), counting from 1.
    pub fn deal_number(&self) -> u32 {
        with_game!(self, g => g.deal_number())
    }

    /// The legal actions of the seat to move, as record strings, in the stable order.
    pub fn legal(&self) -> Vec<String> {
        with_game!(self, g => g.legal_actions().iter().map(ToString::to_string).collect())
    }

    /// Plays one action written as in the record.
    pub fn play_str(&mut self, seat: Seat, action: &str) -> Result<(), IllegalAction<Reason>> {
        with_game!(self, g => {
            let parsed = action.parse().map_err(|e: BadAction| IllegalAction::refused(&action, Reason::Notation(e)))?;
            g.play(seat, &parsed).map_err(IllegalAction::into_reason)
        })
    }

    /// Whether the game stops at the end of the deal in progress instead of dealing the next one
    /// (a deal's end as the table shows it: `stage::deal_end`).
    pub fn set_single_deal(&mut self, on: bool) {
        with_game!(self, g => g.set_single_deal(on))
    }

    /// How many events the game has logged.
    pub fn event_count(&self) -> usize {
        match self {
            Table::Bonanza(g) => g.events().len(),
            Table::NainJaune(g) => g.events().len(),
            Table::Programmes(g) => g.events().len(),
        }
    }

    /// Every seat's chips (the stacks in front of the players).
    pub fn chip_counts(&self) -> &[crate::engine::game::Chips] {
        with_game!(self, g => g.chip_counts())
    }

    /// The winner once the game is over (`None` while playing, or on a tie).
    pub fn winner(&self) -> Option<Seat> {
        with_game!(self, g => g.winner())
    }

    /// The referee's JSON view of the whole state.
    /// Every seat's hand, face up (a review shows them all), each in the game's own order.
    pub fn hands(&self) -> Vec<Vec<crate::engine::cards::Card>> {
        match self {
            Table::NainJaune(g) => (0..g.players()).map(|s| g.hand(s).iter().collect()).collect(),
            Table::Bonanza(g) => (0..g.players()).map(|s| g.hand(s).iter().collect()).collect(),
            Table::Programmes(g) => (0..g.players()).map(|s| g.hand(s).iter().collect()).collect(),
        }
    }

    pub fn referee_state(&self) -> serde_json::Value {
        with_game!(self, g => g.referee_state())
    }

    /// What `seat` may observe, as JSON (what the AI worker receives).
    pub fn observation_json(&self, seat: Seat) -> serde_json::Value {
        with_game!(self, g => serde_json::to_value(g.observe(seat)).expect("observations serialize"))
    }
}

/// A seat's decision in a record (see [`decisions`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    /// Its index among the record's actions.
    pub at: usize,
    pub seat: Seat,
    /// The deal it belongs to (from 1).
    pub deal: u32,
    /// What the seat could see before it moved (as the AI workers receive it).
    pub observation: serde_json::Value,
    /// The move, as the record writes it.
    pub action: String,
}

/// The decisions of `seats` in a record of game `G` that replays (a review asks for a verdict on
/// each): where each stands among the actions, who made it, what that seat saw then, and the move.
/// Generic, so that a game's code links only its own game's observations.
pub fn decisions<G: Game + FromSetup>(record: &Record, seats: &[Seat]) -> Result<Vec<Decision>, ReplayError> {
    Table::replay(record)?;
    let mut game = G::from_setup(&record.setup())?;
    let mut decisions = Vec::new();
    for (at, RecordedAction { seat, action }) in record.actions.iter().enumerate() {
        if seats.contains(seat) {
            let observation = serde_json::to_value(game.observe(*seat)).expect("observations serialize");
            decisions.push(Decision { at, seat: *seat, deal: game.deal_number(), observation, action: action.clone() });
        }
        let parsed = action.parse::<G::Action>().expect("the record replays");
        game.play(*seat, &parsed).expect("the record replays");
    }
    Ok(decisions)
}
