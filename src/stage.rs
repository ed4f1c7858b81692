//! The stage: what the table shows of a game, and for how long, between the engine's events and
//! the views. The engine plays a move in one step (a last card, the settlement and the next deal
//! all at once); a player needs to see it happen. Two things come of that:
//!
//! - **A deal's end** ([`deal_end`]): the table as it stood when the deal ended, settled, before
//!   the next deal was dealt. The views show it until the player has read the deal's summary.
//! - **Beats** ([`beats`]): after a move, the moments of its events that the table holds for a
//!   while, in order: a call resolved, a showdown, a box taken, a program revealed, the deal's end.
//!   Each lasts a number of ticks; the app's pacing (`app::stage`) turns ticks into time with the
//!   speed setting (none at speed *instant*) and lets nobody move, and no summary open, meanwhile.
//!
//! The stage only shows: it never decides a move, and a record, an undo, a reload or a review
//! never sees it. Pure Rust, like the engine, so that its choices are tested natively.

use crate::engine::game::{IllegalAction, Seat};
use crate::engine::games::Reason;
use crate::engine::{bonanza, nain_jaune, programmes};
use crate::record::Table;

/// One moment the table holds: the event (its index in the game's log) and for how many ticks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Beat {
    pub event: usize,
    pub ticks: u32,
}

/// Ticks for a moment the eye should catch (a space or a box taken, the widow gone).
const SHORT: u32 = 3;
/// Ticks for a moment to read (a showdown, a program revealed, a deal's end and its payments).
const LONG: u32 = 5;

/// The moments among the events from `from` on (those a move brought), in order.
pub fn beats(table: &Table, from: usize) -> Vec<Beat> {
    let held = |events: usize, ticks: &dyn Fn(usize) -> Option<u32>| -> Vec<Beat> {
        (from..events).filter_map(|event| ticks(event).map(|ticks| Beat { event, ticks })).collect()
    };
    match table {
        Table::NainJaune(g) => {
            let events = g.events();
            held(events.len(), &|i| nain_jaune_ticks(&events[i]))
        }
        Table::Bonanza(g) => {
            let events = g.events();
            held(events.len(), &|i| bonanza_ticks(events, i))
        }
        Table::Programmes(g) => {
            let events = g.events();
            held(events.len(), &|i| programmes_ticks(&events[i]))
        }
    }
}

fn nain_jaune_ticks(event: &nain_jaune::Event) -> Option<u32> {
    use nain_jaune::Event::*;
    match event {
        BoxWon { .. } => Some(SHORT),
        // The settlement is the round's end: its payments fly before the summary opens.
        RoundWon { .. } => Some(LONG),
        _ => None,
    }
}

fn bonanza_ticks(events: &[bonanza::Event], i: usize) -> Option<u32> {
    use bonanza::Event::*;
    match &events[i] {
        WidowTaken { .. } | WidowSold { .. } | WidowUnsold => Some(SHORT),
        // Each call's outcome, shown with what was shown at it; the Poker space after a
        // showdown, with the winning hand laid on the table.
        SpaceWon { space, .. } if *space == bonanza::Space::Poker && showdown_before(events, i) => Some(LONG),
        SpaceWon { .. } | SpaceStays { .. } => Some(SHORT),
        Bonanza { .. } => Some(LONG),
        _ => None,
    }
}

/// Whether the Poker call's outcome at `i` came from a showdown (not from folds, or a lone player).
fn showdown_before(events: &[bonanza::Event], i: usize) -> bool {
    events[..i]
        .iter()
        .rev()
        .take_while(|e| !matches!(e, bonanza::Event::PokerOpened { .. }))
        .any(|e| matches!(e, bonanza::Event::Showdown { .. }))
}

fn programmes_ticks(event: &programmes::Event) -> Option<u32> {
    use programmes::Event::*;
    match event {
        Sun { .. } => Some(SHORT),
        Revealed { .. } | RoundOver { .. } => Some(LONG),
        // A game won in the middle of a round ends it too.
        GameOver { end: programmes::GameEnd::Target { .. }, .. } => Some(LONG),
        _ => None,
    }
}

/// The table at the end of the deal that `action` (by `seat`) ends, from the table `before` it:
/// the deal settled, and nothing of the next one. Refused as the engine refuses the move.
pub fn deal_end(before: &Table, seat: Seat, action: &str) -> Result<Table, IllegalAction<Reason>> {
    let mut table = before.clone();
    table.set_single_deal(true);
    table.play_str(seat, action)?;
    Ok(table)
}
