//! The stage's pacing on the page (src/stage.rs says what the table holds and for how many
//! ticks): after each move, the table holds its moments one after the other, at the speed
//! setting's pace, and meanwhile nobody moves and no summary opens. The views read the moment
//! held ([`Stage::holding`]) to show it; the computer players and the player's own turn wait for
//! [`Stage::caught_up`]. A table of computers alone goes on past a deal's summary after a pause
//! (longer while someone reads it; the game's last summary waits for a click).
//!
//! With the system's "reduce motion" nothing flies (flights.rs), but the moments are still held:
//! a pause is no motion.

use gloo_timers::future::TimeoutFuture;
use leptos::prelude::*;

use crate::app::{AppState, TableSession};
use crate::model::session::Session;

/// How many ticks a deal's summary stays open at a table of computers alone.
const SUMMARY_TICKS: u32 = 10;

/// The stage of one game's table (made by its view, once).
#[derive(Clone, Copy)]
pub struct Stage {
    /// The event the table holds now (its index in the shown game's log), during a beat.
    holding: RwSignal<Option<usize>>,
    /// The session and the number of its actions the table has shown in full.
    shown: RwSignal<(u64, usize)>,
    /// Where the last move's events start in the shown game's log (0 on a table just drawn).
    last_move_from: RwSignal<usize>,
}

impl Stage {
    /// Starts the stage of the game on the table (for as long as the calling view lives).
    pub fn new(state: AppState) -> Stage {
        let session = TableSession::current(state.session);
        let now = session.with_untracked(|s| s.as_ref().map_or((0, 0), |s| (s.id, s.record.actions.len())));
        let stage = Stage { holding: RwSignal::new(None), shown: RwSignal::new(now), last_move_from: RwSignal::new(0) };
        let tick = move || state.settings.with_untracked(|s| s.speed.tick_ms());
        // Each move's moments, in turn. (The session, its actions, and the shown game's events.)
        Effect::new(move |before: Option<Option<(u64, usize, usize)>>| {
            let now = session.with(|s| s.as_ref().map(|s| (s.id, s.record.actions.len(), s.shown().event_count())))?;
            let (id, actions, events) = now;
            let beats = match before.flatten() {
                // Nothing new (the moments of the last move may still be held).
                Some((was, done, _)) if was == id && done == actions => return Some(now),
                Some((was, done, logged)) if was == id && actions == done + 1 && events >= logged => {
                    stage.last_move_from.set(logged);
                    session.with_untracked(|s| s.as_ref().map(|s| crate::stage::beats(s.shown(), logged)).unwrap_or_default())
                }
                // A game put on the table, a move taken back: nothing to hold.
                _ => {
                    stage.last_move_from.set(0);
                    Vec::new()
                }
            };
            let ms = tick();
            if beats.is_empty() || ms == 0 {
                stage.holding.set(None);
                stage.shown.set((id, actions));
                return Some(now);
            }
            leptos::task::spawn_local(async move {
                for beat in beats {
                    if !current(session, id, actions) {
                        return;
                    }
                    stage.holding.set(Some(beat.event));
                    TimeoutFuture::new(beat.ticks * ms).await;
                }
                if current(session, id, actions) {
                    stage.holding.try_set(None);
                    stage.shown.try_set((id, actions));
                }
            });
            Some(now)
        });
        // Nobody at this screen to close a deal's summary: the table goes on after a pause (the
        // last one, over the game's end, waits: nothing goes on after it).
        Effect::new(move |_| {
            let waiting = session.with(|s| {
                let alone = |s: &&Session| !s.read_only && s.humans().is_empty() && !s.table.is_finished();
                s.as_ref().filter(|s| alone(s) && stage.caught_up(s)).and_then(|s| s.pending_summary().map(|round| (s.id, round)))
            });
            let Some((id, round)) = waiting else { return };
            leptos::task::spawn_local(async move {
                TimeoutFuture::new(SUMMARY_TICKS * tick()).await;
                // Not while someone reads it, the pointer on it or the keys in it.
                while summary_in_use() {
                    TimeoutFuture::new(SUMMARY_TICKS * tick().max(100)).await;
                }
                session.update(|s| {
                    if s.id == id && s.pending_summary() == Some(round) {
                        s.close_summary();
                    }
                });
            });
        });
        stage
    }

    /// The event the table holds now, if a moment is being held (tracked).
    pub fn holding(&self) -> Option<usize> {
        self.holding.get()
    }

    /// Where the last move's events start in the shown game's log (tracked): what it brought
    /// (an announcement leaves once another move is made).
    pub fn last_move_from(&self) -> usize {
        self.last_move_from.get()
    }

    /// How many of `events` (a game's log) the table has shown (tracked): all of them, except
    /// during a beat, up to the moment held (what follows it is not told yet).
    pub fn told(&self, events: usize) -> usize {
        self.holding.get().map_or(events, |h| (h + 1).min(events))
    }

    /// Whether the table has shown everything the game has done (tracked): the moves of the
    /// computers and of the player, and a deal's summary, wait until then.
    pub fn caught_up(&self, s: &Session) -> bool {
        self.holding.with(Option::is_none) && self.shown.get() == (s.id, s.record.actions.len())
    }
}

/// Whether a summary is being read: the pointer over it, or the focus moved inside it (its
/// button has the focus when it opens).
fn summary_in_use() -> bool {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return false };
    let Ok(Some(dialog)) = document.query_selector(".round-summary") else { return false };
    let focused = document
        .active_element()
        .filter(|e| dialog.contains(Some(e)) && e.get_attribute("data-testid").as_deref() != Some("summary-continue"));
    dialog.matches(":hover").unwrap_or(false) || focused.is_some()
}

/// Whether the game on the table is still session `id` with `actions` actions.
fn current(session: TableSession, id: u64, actions: usize) -> bool {
    session.with_untracked(|s| s.as_ref().is_some_and(|s| s.id == id && s.record.actions.len() == actions))
}
