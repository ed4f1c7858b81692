//! What a round did, read from the events (docs/rules/programmes.md §6): how it
//! ended, who completed a program and which, the suns that came with the new program cards, who
//! draws a new card, and the game's end if it came. The views render this; they never redo it.

use super::events::{Event, GameEnd, RoundEnd};
use super::program_deck::ProgramId;
use super::Programmes;
use crate::engine::game::{Game, Seat};

/// One seat's line of a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundRow {
    /// The program card as the viewer may see it: the one revealed this round, or the viewer's
    /// own (a seat holds its card until it completes it).
    pub program: Option<ProgramId>,
    /// Whether the seat completed its program this round.
    pub completed: bool,
    /// The seat's completed programs, suns included.
    pub done: u32,
}

/// What one round did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundSettlement {
    pub deal_number: u32,
    /// How the round ended (`None` when the game ended during it: the target reached at once).
    pub end: Option<RoundEnd>,
    pub game_end: Option<GameEnd>,
    pub rows: Vec<RoundRow>,
    /// The suns and the program deck's rebuilds after the round (before the next deal).
    pub after: Vec<Event>,
    /// Seats that draw a new program card (those who completed), when the game goes on.
    pub new_programs: Vec<Seat>,
}

impl RoundSettlement {
    /// Round `deal` of `game`, as `viewer` (if any) may see it: from its deal to the next one.
    pub fn of(game: &Programmes, deal: u32, viewer: Option<Seat>) -> Option<RoundSettlement> {
        let events = game.events();
        let start = events.iter().position(|e| matches!(e, Event::Dealt { deal_number, .. } if *deal_number == deal))?;
        let stop = events[start + 1..].iter().position(|e| matches!(e, Event::Dealt { .. })).map_or(events.len(), |i| start + 1 + i);
        let mut rows: Vec<RoundRow> =
            (0..game.players()).map(|s| RoundRow { program: None, completed: false, done: game.programs_done(s) }).collect();
        let (mut end, mut game_end, mut after) = (None, None, Vec::new());
        for e in &events[start..stop] {
            match e {
                Event::Revealed { seat, program, .. } => {
                    rows[*seat].program = Some(*program);
                    rows[*seat].completed = true;
                }
                Event::RoundOver { end: how, .. } => end = Some(*how),
                Event::GameOver { end: how, .. } => game_end = Some(*how),
                Event::Sun { .. } | Event::ProgramDeckRebuilt { .. } => after.push(e.clone()),
                _ => {}
            }
        }
        // The viewer still holds the card he did not complete (it is his to see).
        if let Some(v) = viewer {
            if !rows[v].completed {
                rows[v].program = game.program(v);
            }
        }
        let new_programs = if game_end.is_some() { Vec::new() } else { (0..rows.len()).filter(|&s| rows[s].completed).collect() };
        Some(RoundSettlement { deal_number: deal, end, game_end, rows, after, new_programs })
    }
}
