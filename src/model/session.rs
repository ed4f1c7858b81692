//! One game at the table, whichever it is: its [`Record`] (the source of truth, saved after every
//! move) and the engine's state rebuilt from it ([`Table`]), with who plays each seat and their
//! names. Each game's screen reads its own typed state through the `Table` accessors.

use crate::ai::Level;
use crate::engine::bonanza::{self, Bonanza};
use crate::engine::game::{Game, IllegalAction, Seat};
use crate::engine::games::Reason;
use crate::engine::nain_jaune::{Event, NainJaune};
use crate::engine::programmes::{self, Programmes};
use crate::record::{BadRecord, Record, RecordedAction, ReplayError, Table};

use super::people::{Lang, Names, Person};

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatKind {
    Human,
    Computer(Level),
}

impl SeatKind {
    /// The record's `seats` entry: `human` or a level key.
    pub fn key(self) -> &'static str {
        match self {
            SeatKind::Human => "human",
            SeatKind::Computer(level) => level.key(),
        }
    }

    pub fn from_key(key: &str) -> Result<SeatKind, String> {
        if key == "human" {
            return Ok(SeatKind::Human);
        }
        key.parse::<Level>().map(SeatKind::Computer).map_err(|e| format!("{e} (or human)"))
    }

    pub fn is_human(self) -> bool {
        self == SeatKind::Human
    }
}

/// Names of the computer players, in seat order; humans at a shared table get the other list.
const COMPUTER_NAMES: [&str; 8] = ["Ada", "Bob", "Cyd", "Dora", "Eli", "Fay", "Gus", "Hana"];
const HUMAN_NAMES: [&str; 8] = ["Léa", "Max", "Noé", "Inès", "Paul", "Rose", "Tom", "Zoé"];
/// The one human of a solo table, in each language (any of them reads as "you" in either).
pub const YOU: &str = "You";
pub const VOUS: &str = "Vous";

/// "You" / "Vous": the lone human's default name in `lang`.
pub fn you_name(lang: Lang) -> &'static str {
    match lang {
        Lang::En => YOU,
        Lang::Fr => VOUS,
    }
}

/// The longest name a table shows whole (the form allows 16 characters; a record file, any).
const SHOWN_NAME_MAX: usize = 24;

/// A record's name as the table shows it: a longer one is cut short (the record keeps it whole),
/// so a name of a million characters neither floods the page nor freezes it.
fn shown_name(name: &str) -> String {
    match name.char_indices().nth(SHOWN_NAME_MAX) {
        Some((end, _)) => format!("{}…", &name[..end]),
        None => name.to_string(),
    }
}

/// Default names for a table: "You" ("Vous" in French) for a lone human, then Ada, Bob… for the
/// computers.
pub fn default_names(seats: &[SeatKind], lang: Lang) -> Vec<String> {
    let humans = seats.iter().filter(|s| s.is_human()).count();
    let (mut h, mut c) = (0, 0);
    seats
        .iter()
        .map(|kind| match kind {
            SeatKind::Human if humans == 1 => you_name(lang).to_string(),
            SeatKind::Human => {
                h += 1;
                HUMAN_NAMES[(h - 1) % HUMAN_NAMES.len()].to_string()
            }
            SeatKind::Computer(_) => {
                c += 1;
                COMPUTER_NAMES[(c - 1) % COMPUTER_NAMES.len()].to_string()
            }
        })
        .collect()
}

/// Why a record could not become a game at this table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    pub message: String,
    /// The index of the refused action in `actions`, when an action was refused.
    pub at: Option<usize>,
}

impl From<ReplayError> for LoadError {
    fn from(e: ReplayError) -> LoadError {
        LoadError { message: e.message(), at: e.at() }
    }
}

impl From<BadRecord> for LoadError {
    fn from(e: BadRecord) -> LoadError {
        LoadError { message: e.0, at: None }
    }
}

/// Why no move can be taken back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UndoRefused {
    /// No move of the lone human to take back (or not a game against the computer).
    Nothing,
    /// The human's last move was in a deal that is over.
    EarlierDeal,
}

/// The people at a table, fixed for its game. Two or more share the device: each one's cards stay
/// covered until their owner asks to see them. One alone always sees their own.
#[derive(Clone, Copy, Debug)]
pub struct Humans {
    /// The first person's seat (`None` at a computers' table).
    first: Option<Seat>,
    /// More than one person: they share the device.
    shared_device: bool,
    /// Their seats, one bit each.
    seats: u16,
}

impl Humans {
    pub fn new(humans: &[Seat]) -> Humans {
        Humans { first: humans.first().copied(), shared_device: humans.len() > 1, seats: humans.iter().map(|&s| 1u16 << s).sum() }
    }

    /// The seat drawn at the bottom of the table: the first person's (or seat 0 at a computers' table).
    pub fn anchor(self) -> Seat {
        self.first.unwrap_or(0)
    }

    pub fn plays(self, seat: Seat) -> bool {
        self.seats & (1 << seat) != 0
    }

    /// Whose cards show when the game starts: the one person's; at a shared device, nobody's yet.
    pub fn first_shown(self) -> Option<Seat> {
        if self.shared_device {
            None
        } else {
            self.first
        }
    }

    /// Whose cards the view shows: the one person's; at a shared device, those of the person to
    /// move, else the last shown, else the first person's.
    pub fn viewer(self, human_to_move: Option<Seat>, shown: Option<Seat>) -> Option<Seat> {
        if self.shared_device {
            human_to_move.or(shown).or(self.first)
        } else {
            self.first
        }
    }

    /// Whether a shared device hides the hand: a person is to move whose cards are not the ones
    /// shown, and no summary is open.
    pub fn covered(self, human_to_move: Option<Seat>, shown: Option<Seat>, summary: bool) -> bool {
        self.shared_device && !summary && human_to_move.is_some_and(|h| shown != Some(h))
    }
}

#[derive(Clone, Debug)]
pub struct Session {
    /// Changes whenever another game is put on the table (new, imported, resumed): pending
    /// computer moves of the previous game are then dropped.
    pub id: u64,
    pub record: Record,
    pub table: Table,
    pub seats: Vec<SeatKind>,
    pub names: Vec<String>,
    /// Round summaries the player has closed (those finished before a resume count as seen).
    pub rounds_seen: usize,
    /// A position shown read-only (`position_mode=view`): nobody moves, human or computer.
    pub read_only: bool,
    /// The actions the game came with (a resumed game, a shown position; none for a new game),
    /// and whether it was already over: not news for a host (`embed::report_moves`).
    pub arrived_with: (usize, bool),
    /// The table as the deal whose summary waits ended, when the engine has dealt the next one
    /// since (`stage::deal_end`): the views show it until the summary is closed.
    deal_end: Option<Table>,
    /// The index of the lone human's last move that was a choice (not their only legal move):
    /// what "undo" takes back. `None` until worked out ([`Session::learn_choices`]).
    last_choice: Option<Option<usize>>,
}

impl Session {
    /// Replays `record` into a game (every action checked by the engine).
    pub fn from_record(id: u64, record: Record) -> Result<Session, LoadError> {
        let err = |message: String| LoadError { message, at: None };
        let seats = match &record.seats {
            Some(keys) if keys.len() != record.players => {
                return Err(err(format!("'seats' has {} entries for {} players", keys.len(), record.players)))
            }
            Some(keys) => keys
                .iter()
                .enumerate()
                .map(|(i, k)| SeatKind::from_key(k).map_err(|e| err(format!("seats[{i}]: {e}"))))
                .collect::<Result<Vec<_>, _>>()?,
            // A record from elsewhere: the first seat is yours, the computer plays the others.
            None => (0..record.players).map(|s| if s == 0 { SeatKind::Human } else { SeatKind::Computer(Level::Easy) }).collect(),
        };
        let table = Table::replay(&record)?;
        let names = match &record.names {
            Some(names) => names.iter().map(|n| shown_name(n)).collect(),
            // The lone human's name reads as "you" in either language (see `people`).
            None => default_names(&seats, Lang::En),
        };
        let arrived_with = (record.actions.len(), table.is_finished());
        let mut session =
            Session { id, record, table, seats, names, rounds_seen: 0, read_only: false, arrived_with, deal_end: None, last_choice: None };
        session.rounds_seen = session.rounds_finished();
        Ok(session)
    }

    /// The same game as a new one on the table (its pending computer moves dropped).
    pub fn renumbered(self, id: u64) -> Session {
        Session { id, ..self }
    }

    /// Plays `action` (written as in the record) for `seat` if the engine allows it, and writes
    /// it in the record.
    /// `chosen`: the move was the seat's choice, not its only legal one.
    pub fn play(&mut self, seat: Seat, action: &str, chosen: bool) -> Result<(), IllegalAction<Reason>> {
        let before = self.table.clone();
        self.table.play_str(seat, action)?;
        if chosen && self.is_lone_human(seat) {
            self.last_choice = Some(Some(self.record.actions.len()));
        }
        self.record.actions.push(RecordedAction { seat, action: action.to_string() });
        // A deal ended and the next one is dealt: the table keeps the finished deal in view.
        if self.pending_summary().is_some() && !self.table.is_finished() {
            self.deal_end = crate::stage::deal_end(&before, seat, action).ok();
        }
        Ok(())
    }

    /// The table as the views show it: the deal just ended while its summary waits, else the game
    /// as it is.
    pub fn shown(&self) -> &Table {
        self.deal_end.as_ref().unwrap_or(&self.table)
    }

    /// Closes the summary of the round that waits: the table moves on to the next deal.
    pub fn close_summary(&mut self) {
        self.rounds_seen += 1;
        if self.pending_summary().is_none() {
            self.deal_end = None;
        }
    }

    /// The Nain Jaune game on the table as shown, if the table plays Nain Jaune.
    pub fn nain_jaune(&self) -> Option<&NainJaune> {
        match self.shown() {
            Table::NainJaune(g) => Some(g),
            _ => None,
        }
    }

    /// The Bonanza game on the table as shown, if the table plays Bonanza.
    pub fn bonanza(&self) -> Option<&Bonanza> {
        match self.shown() {
            Table::Bonanza(g) => Some(g),
            _ => None,
        }
    }

    /// The Programmes game on the table as shown, if the table plays Programmes.
    pub fn programmes(&self) -> Option<&Programmes> {
        match self.shown() {
            Table::Programmes(g) => Some(g),
            _ => None,
        }
    }

    /// Whether `seat` is the one person at a table against the computer.
    fn is_lone_human(&self, seat: Seat) -> bool {
        self.seats[seat].is_human() && self.seats.iter().filter(|s| s.is_human()).count() == 1
    }

    pub fn humans(&self) -> Vec<Seat> {
        (0..self.seats.len()).filter(|&s| self.seats[s].is_human()).collect()
    }

    /// The seat to move and who plays it (nobody in a read-only position: every human move and
    /// every computer turn goes through here).
    pub fn mover(&self) -> Option<(Seat, SeatKind)> {
        if self.read_only {
            return None;
        }
        self.table.to_move().map(|s| (s, self.seats[s]))
    }

    /// The names as sentences use them ("You" for the lone human).
    pub fn people(&self) -> Names {
        let lone_human = {
            let humans = self.humans();
            (humans.len() == 1).then(|| humans[0])
        };
        Names(
            self.names
                .iter()
                .enumerate()
                .map(|(seat, name)| {
                    if Some(seat) == lone_human && matches!(name.as_str(), YOU | VOUS | "you" | "vous") {
                        Person::you()
                    } else {
                        Person::named(name.clone())
                    }
                })
                .collect(),
        )
    }

    /// The move "undo" would take back: the lone human's last choice (a move played because it
    /// was the only one is played again at once: taking it back alone would change nothing), in
    /// a game against the computer still being played (None otherwise, e.g. with two humans at
    /// the table, one may not take back the other's moves). [`Session::taken_back`] checks the
    /// rest.
    pub fn undo_point(&self) -> Option<usize> {
        if self.humans().len() != 1 || self.read_only || self.table.is_finished() || self.pending_summary().is_some() {
            return None;
        }
        match self.last_choice {
            Some(known) => known,
            None => self.record.actions.iter().rposition(|a| self.is_lone_human(a.seat)),
        }
    }

    /// Works out the lone human's last choice (see [`Session::undo_point`]) by replaying the
    /// record, with `legal` the game's legal moves (given by the game's code, so that the page's
    /// first load carries no rules).
    pub fn learn_choices(&mut self, legal: fn(&Table) -> Vec<String>) {
        if self.last_choice.is_some() || self.humans().len() != 1 {
            return;
        }
        let Ok(mut table) = Table::start(&self.record) else { return };
        let mut last = None;
        for (i, a) in self.record.actions.iter().enumerate() {
            if self.is_lone_human(a.seat) && legal(&table).len() > 1 {
                last = Some(i);
            }
            if table.play_str(a.seat, &a.action).is_err() {
                return;
            }
        }
        self.last_choice = Some(last);
    }

    /// The record with the lone human's last move, and every computer move after it, taken back;
    /// refused when that move belongs to an earlier deal (the new deal's cards have been seen:
    /// taking it back would not be fair).
    pub fn taken_back(&self) -> Result<Record, UndoRefused> {
        let index = self.undo_point().ok_or(UndoRefused::Nothing)?;
        let mut record = self.record.clone();
        record.actions.truncate(index);
        let before = Session::from_record(self.id, record.clone()).map_err(|_| UndoRefused::Nothing)?;
        if before.rounds_finished() != self.rounds_finished() {
            return Err(UndoRefused::EarlierDeal);
        }
        Ok(record)
    }

    /// The round whose summary is waiting to be read (1-based), if any: play pauses meanwhile.
    pub fn pending_summary(&self) -> Option<u32> {
        (self.rounds_finished() > self.rounds_seen).then(|| self.rounds_seen as u32 + 1)
    }

    /// Whether the game-over standings are on screen (the game is over and its last round
    /// summary has been read).
    pub fn game_over_shown(&self) -> bool {
        self.table.is_finished() && self.pending_summary().is_none()
    }

    /// Rounds (deals) finished so far: each has a summary to read.
    pub fn rounds_finished(&self) -> usize {
        match &self.table {
            Table::NainJaune(g) => g.events().iter().filter(|e| matches!(e, Event::RoundWon { .. })).count(),
            // A deal ends when someone calls Bonanza.
            Table::Bonanza(g) => g.events().iter().filter(|e| matches!(e, bonanza::Event::Bonanza { .. })).count(),
            // A game can end in the middle of a round (a program reaches the target): once it is
            // over, every round dealt is finished.
            Table::Programmes(g) => {
                let count = |f: fn(&programmes::Event) -> bool| g.events().iter().filter(|e| f(e)).count();
                if g.is_finished() {
                    count(|e| matches!(e, programmes::Event::Dealt { .. }))
                } else {
                    count(|e| matches!(e, programmes::Event::RoundOver { .. }))
                }
            }
        }
    }
}

/// A deterministic seed for the computer's own randomness at one point of the game: the same
/// record always gets the same computer moves.
pub fn ai_seed(record_seed: u64, action_index: usize) -> u64 {
    // splitmix64 of the pair: well spread even for neighbouring indices.
    let mut z = record_seed ^ (action_index as u64).wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
