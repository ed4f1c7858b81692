//! What Nain Jaune's table shows, as plain data built from the session and the few things the
//! page knows besides (the seat whose cards a shared device shows, the event the stage holds, how
//! much of the game the table has told): whose turn it is and who may act, the plates, the boxes,
//! the hand and its playable cards, the running sequence with who played each card, the
//! announcement and the log's events, a round's summary and how the game ended. The words are the
//! view's (`app::nain_jaune::text`); every function reads the table as shown
//! ([`Session::shown`]) and gives nothing (or the empty value) when the table plays another game.

use std::collections::HashMap;

use crate::engine::cards::{Card, CardSet, Rank};
use crate::engine::game::{Chips, Game, Seat};
use crate::engine::nain_jaune::{Action, Event, GameEnd, NainJaune, Phase, RoundSettlement};

use super::people::Lang;
use super::plate::SeatView;
use super::session::{Humans, Session};

/// Whose turn the table marks, whose cards the screen shows, and whether the person at it may act
/// now.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Turn {
    /// The seat marked to move (nobody while the table holds a moment).
    pub to_move: Option<Seat>,
    /// Whose cards the screen shows (see [`Humans::viewer`]).
    pub viewer: Option<Seat>,
    /// A shared device hides the hand until its owner asks to see it (see [`Humans::covered`]).
    pub covered: bool,
    /// The person at the screen may play now.
    pub mine: bool,
}

/// The turn on `s`'s table: the seat to move is marked unless the table holds a moment
/// (`holding`); a person to move at this screen sees their own cards, except on a position shown
/// read-only, where nobody moves. `revealed`: the seat whose cards a shared device shows;
/// `ready`: nothing else waits (asked last: the table has caught up, no dialog is open, the move
/// is not played for the person).
pub fn turn(s: &Session, humans: Humans, holding: bool, revealed: Option<Seat>, ready: impl FnOnce() -> bool) -> Turn {
    let to_move = s.shown().to_move().filter(|_| !holding);
    let person = to_move.filter(|&m| !s.read_only && humans.plays(m));
    let summary = s.pending_summary().is_some();
    let viewer = humans.viewer(person, revealed);
    let covered = humans.covered(person, revealed, summary);
    let mine = !s.read_only && viewer.is_some() && to_move == viewer && !summary && !covered && ready();
    Turn { to_move, viewer, covered, mine }
}

/// What the turn prompt says (the words are the view's).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Prompt {
    /// Nothing: the game is over, the position is shown read-only, or nobody is marked.
    #[default]
    Silent,
    /// The person at the screen plays: leads when `wanted` is none, else plays that rank.
    Mine { wanted: Option<Rank> },
    /// Someone else plays.
    Waiting { seat: Seat, wanted: Option<Rank> },
}

/// The turn prompt on `s`'s table for `turn`.
pub fn prompt(s: &Session, turn: &Turn) -> Prompt {
    let wanted = wanted(phase(s));
    match turn.to_move {
        _ if s.table.is_finished() || s.read_only => Prompt::Silent,
        None => Prompt::Silent,
        Some(_) if turn.mine => Prompt::Mine { wanted },
        Some(seat) => Prompt::Waiting { seat, wanted },
    }
}

/// The phase of the game as shown (the game is over when the table plays another game).
pub fn phase(s: &Session) -> Phase {
    s.nain_jaune().map_or(Phase::GameOver, NainJaune::phase)
}

/// The rank the sequence wants next (none when a card is to be led).
pub fn wanted(phase: Phase) -> Option<Rank> {
    match phase {
        Phase::Follow(rank) => Some(rank),
        _ => None,
    }
}

/// The hand the screen shows: the viewer's, by rank (none without a viewer).
pub fn hand(s: &Session, viewer: Option<Seat>) -> Vec<Card> {
    match (s.nain_jaune(), viewer) {
        (Some(g), Some(v)) => g.hand(v).by_rank(),
        _ => Vec::new(),
    }
}

/// The viewer's cards the engine allows now (none unless the viewer is to move).
pub fn playable(s: &Session, viewer: Option<Seat>) -> CardSet {
    match s.nain_jaune() {
        Some(g) if viewer.is_some() && g.to_move() == viewer => g.legal_actions().into_iter().map(|Action::Play(card)| card).collect(),
        _ => CardSet::EMPTY,
    }
}

/// The seat plates, as `viewer` sees the table (`thinking`: the computer seat being worked out).
pub fn plates(s: &Session, viewer: Option<Seat>, thinking: Option<Seat>) -> Vec<SeatView> {
    let Some(g) = s.nain_jaune() else { return Vec::new() };
    let people = s.people();
    (0..s.seats.len())
        .map(|seat| SeatView {
            seat,
            person: people.of(seat),
            kind: s.seats[seat],
            chips: Some(g.chips()[seat]),
            cards: g.hand(seat).len(),
            note: None,
            shown: Vec::new(),
            dealer: g.dealer() == seat,
            to_move: g.to_move() == Some(seat),
            thinking: thinking == Some(seat),
            viewer: viewer == Some(seat),
        })
        .collect()
}

/// The chips in each box, in board order (10♦, J♣, Q♠, K♥, 7♦).
pub fn boxes(s: &Session) -> [Chips; 5] {
    s.nain_jaune().map_or([0; 5], NainJaune::boxes)
}

/// The stake each player puts on the board this round, and the talon's size.
pub fn stake(s: &Session) -> (Chips, usize) {
    s.nain_jaune().map_or((0, 0), |g| (g.stake_each(), g.talon().len()))
}

/// A card of the running sequence: who played it, and the move that did (their seat and the game
/// event's index: the card travels from that seat to the sequence, see flights.rs).
#[derive(Clone, Debug, PartialEq)]
pub struct SequenceCard {
    pub card: Card,
    pub who: String,
    pub played_by: Option<(Seat, usize)>,
}

/// The climb on the table, lowest first, with who played each card (read back from this round's
/// plays), named in `lang`.
pub fn running_sequence(s: &Session, lang: Lang) -> Vec<SequenceCard> {
    let Some(g) = s.nain_jaune() else { return Vec::new() };
    let run = g.run();
    let people = s.people();
    let mut who = HashMap::new();
    for (i, e) in g.events().iter().enumerate().rev() {
        match e {
            Event::Played { seat, card } if run.contains(*card) => {
                who.entry(*card).or_insert((*seat, i));
            }
            Event::Staked { .. } => break,
            _ => {}
        }
    }
    run.by_rank()
        .into_iter()
        .map(|card| {
            let played_by = who.get(&card).copied();
            SequenceCard { card, who: played_by.map(|(seat, _)| people.of(seat).display(lang)).unwrap_or_default(), played_by }
        })
        .collect()
}

/// Whether an event is a table announcement (shown large and read aloud), not a mere move.
pub fn is_announcement(event: &Event) -> bool {
    matches!(
        event,
        Event::Without { .. }
            | Event::Stop { .. }
            | Event::BoxWon { .. }
            | Event::GrandOpera { .. }
            | Event::RoundWon { .. }
            | Event::Dealt { .. }
            | Event::GameOver { .. }
    )
}

/// The table's announcement and its index in the log: the moment the stage holds (`held`), else
/// the latest announcement the last move brought (its events start at `since`: an announcement
/// leaves once another card is played, its situation is over).
pub fn announcement(s: &Session, held: Option<usize>, since: usize) -> Option<(usize, Event)> {
    let events = s.nain_jaune()?.events();
    let i = held.filter(|&i| i < events.len()).or_else(|| (since..events.len()).rev().find(|&i| is_announcement(&events[i])))?;
    Some((i, events[i].clone()))
}

/// The log's window: the last `length` of the events the table has told (`told` gives how many of
/// the log's events that is), each with its index in the game's log.
pub fn log_window(s: &Session, told: impl FnOnce(usize) -> usize, length: usize) -> Vec<(usize, Event)> {
    let Some(g) = s.nain_jaune() else { return Vec::new() };
    let events = &g.events()[..told(g.events().len()).min(g.events().len())];
    let from = events.len().saturating_sub(length);
    events[from..].iter().cloned().enumerate().map(|(i, e)| (i + from, e)).collect()
}

/// Round `deal`'s summary: who paid whom and why, and whether it is the game's last round (its
/// summary leads to the standings).
pub fn round_summary(s: &Session, deal: u32) -> Option<(RoundSettlement, bool)> {
    let g = s.nain_jaune()?;
    let report = RoundSettlement::of(g.events(), deal, g.chips())?;
    Some((report, s.table.is_finished() && s.rounds_finished() as u32 == deal))
}

/// How the game ended, for the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct Ending {
    pub end: GameEnd,
    pub winner: Option<Seat>,
    pub chips: Vec<Chips>,
    pub rounds: u32,
}

/// How the game on `s`'s table ended, once it has.
pub fn ending(s: &Session) -> Option<Ending> {
    s.nain_jaune()?.events().iter().rev().find_map(|e| match e {
        Event::GameOver { end, winner, chips } => {
            Some(Ending { end: end.clone(), winner: *winner, chips: chips.clone(), rounds: s.rounds_finished() as u32 })
        }
        _ => None,
    })
}
