//! The pacing loop every game screen shares: when a computer seat is to move, its observation
//! goes to the AI client; the answer is shown no sooner than the chosen speed allows, and only
//! after the engine has accepted it (a refused or failed move is reported, the game is kept).
//!
//! Written against [`Table`](crate::record::Table)'s string interface, so it knows no rule of any
//! game: the engine builds the observation, the worker answers with a record string, and the
//! engine checks it.

use gloo_timers::future::TimeoutFuture;
use leptos::prelude::*;

use crate::app::services::i18n::Lang;
use crate::engine::game::Seat;
use crate::protocol::{FromWorker, ToWorker};

use crate::app::services::timing;
use crate::app::shell::notices::Msg;
use crate::app::table::stage::Stage;
use crate::app::AppState;
use crate::model::session::{ai_seed, SeatKind, Session};

/// Thinking time given to the search levels, in milliseconds.
pub const AI_BUDGET_MS: u32 = 200;

/// Starts the loop for the game on the table; `thinking` names the seat whose move is awaited.
/// Moves wait until the table has shown the last one (`stage`). Unless the player chooses them,
/// the lone player's forced moves (their only legal one) are played here too, at the computers'
/// pace. Call it once from the game screen's component (it lives as long as that component).
pub fn drive_computer_turns(state: AppState, thinking: RwSignal<Option<Seat>>, stage: Stage) {
    let session = crate::app::TableSession::current(state.session);
    // What undo takes back, from the game's own rules (its code has arrived: its table is drawn).
    if let Some(code) = session.with_untracked(|s| s.as_ref().and_then(|s| crate::app::game_code::loaded(s.table.game_id()))) {
        session.update(|s| s.learn_choices(code.legal));
    }
    // Read and written by this effect alone.
    let requested = std::cell::Cell::new(None::<(u64, usize)>);
    let retries_seen = std::cell::Cell::new(state.ai_retry.get_untracked());
    Effect::new(move |_| {
        let retries = state.ai_retry.get();
        if retries != retries_seen.get() {
            retries_seen.set(retries);
            requested.set(None);
        }
        // A guided game's computers wait while the guide explains (its *Next*).
        let hold_at = state.guide.with(|g| g.and_then(|g| g.hold_at));
        let forced = session.with(|s| s.as_ref().and_then(|s| forced_move(&state, s)));
        let turn = session.with(|s| {
            let s = s.as_ref()?;
            if s.pending_summary().is_some() || hold_at == Some(s.record.actions.len()) || !stage.caught_up(s) {
                return None;
            }
            match s.mover()? {
                (seat, SeatKind::Computer(level)) => Some((s.id, s.record.actions.len(), seat, Ok(level), s.record.seed)),
                (seat, SeatKind::Human) => Some((s.id, s.record.actions.len(), seat, Err(forced.clone()?), s.record.seed)),
            }
        });
        let Some((id, index, seat, level, record_seed)) = turn else { return };
        if requested.get() == Some((id, index)) {
            return;
        }
        requested.set(Some((id, index)));
        let level = match level {
            Ok(level) => level,
            Err(action) => {
                // The player's only move, shown at the table's pace like a computer's.
                play_at_pace(state, id, index, seat, action);
                return;
            }
        };
        // A guided game's computers play the script's moves, at the table's pace.
        if let Some(action) = crate::app::features::guide::scripted(&state, index, seat) {
            play_at_pace(state, id, index, seat, action);
            return;
        }
        let Some((game, observation)) = session.with_untracked(|s| s.as_ref().map(|s| (s.table.game_id(), s.table.observation_json(seat))))
        else {
            return;
        };
        ask_worker(state, thinking, seat, (id, index), level, record_seed, (game, observation));
    });
}

/// A move played for a seat at the table's pace, as a computer's would be.
fn play_at_pace(state: AppState, id: u64, index: usize, seat: Seat, action: String) {
    let delay = state.settings.with_untracked(|s| s.speed.delay_ms());
    leptos::task::spawn_local(async move {
        TimeoutFuture::new(delay).await;
        apply_move(state, id, index, seat, Ok(action));
    });
}

/// Asks the AI worker for `seat`'s move at `level` (`at`: the game's id and its number of moves
/// so far), and plays its answer no sooner than the table's pace.
fn ask_worker(
    state: AppState,
    thinking: RwSignal<Option<Seat>>,
    seat: Seat,
    (id, index): (u64, usize),
    level: crate::ai::Level,
    record_seed: u64,
    (game, observation): (crate::engine::game::GameId, serde_json::Value),
) {
    thinking.set(Some(seat));
    let started = js_sys::Date::now();
    let request = ToWorker::Think {
        id: index as u64,
        game,
        level,
        seed: ai_seed(record_seed, index),
        budget_ms: AI_BUDGET_MS,
        iterations: None,
        observation,
        explain: false,
    };
    // The question goes once the page has drawn the last move: the search then does not
    // compete for the processor with that (busiest) frame.
    timing::after_next_paint(move || {
        if !is_current(state, id, index) {
            thinking.try_set(None);
            return;
        }
        let asked = timing::now();
        state.ai().request_boxed(
            request,
            Box::new(move |answer| {
                timing::measure(&format!("tapis-ai:{}", level.key()), asked);
                let result = answer.and_then(|a| match a {
                    FromWorker::Move { action, .. } => Ok(action),
                    _ => Err("the AI did not answer with a move".to_string()),
                });
                leptos::task::spawn_local(async move {
                    let delay = state.settings.with_untracked(|s| s.speed.delay_ms()) as f64;
                    let wait = delay - (js_sys::Date::now() - started);
                    if wait >= 1.0 {
                        TimeoutFuture::new(wait as u32).await;
                    }
                    thinking.try_set(None);
                    apply_move(state, id, index, seat, result);
                });
            }),
        );
    });
}

/// The lone player's only legal move, when the table plays it for them: not when the player
/// chooses such moves (the settings), in a guided game (the guide waits for the player's own
/// move), at a shared device, or in a position shown read-only (tracked).
pub fn forced_move(state: &AppState, s: &Session) -> Option<String> {
    if state.settings.with(|s| s.choose_forced) || state.guide.with(Option::is_some) || s.humans().len() != 1 {
        return None;
    }
    let (_, SeatKind::Human) = s.mover()? else { return None };
    let mut legal = legal_now(s);
    (legal.len() == 1).then(|| legal.remove(0))
}

/// The legal moves on the table, from the game's code (none before it has arrived).
fn legal_now(s: &Session) -> Vec<String> {
    crate::app::game_code::loaded(s.table.game_id()).map(|code| (code.legal)(&s.table)).unwrap_or_default()
}

/// Whether the game on the table is still game `id` with `index` actions played.
fn is_current(state: AppState, id: u64, index: usize) -> bool {
    state.session.with_untracked(|s| s.as_ref().is_some_and(|s| s.id == id && s.record.actions.len() == index))
}

/// Applies a computer seat's answer (or a player's only move, played by the table), if the game
/// is still where it was when the move was asked.
fn apply_move(state: AppState, id: u64, index: usize, seat: Seat, result: Result<String, String>) {
    if !is_current(state, id, index) {
        return;
    }
    let name =
        state.session.with_untracked(|s| s.as_ref().map(|s| s.people().of(seat).display(state.lang.get_untracked())).unwrap_or_default());
    let action = match result {
        Ok(text) => text,
        Err(reason) => {
            state.notices.push(Msg::AiFailed { name, reason });
            return;
        }
    };
    let mut refused = None;
    state.session.maybe_update(|s| {
        let Some(s) = s.as_mut() else { return false };
        match s.play(seat, &action, false) {
            Ok(()) => {
                state.save(&s.record);
                true
            }
            Err(e) => {
                refused = Some(e.reason);
                false
            }
        }
    });
    if let Some(reason) = refused {
        state.notices.push(Msg::AiIllegal { name, action, reason: reason.to_string() });
    }
}

/// Plays a human's move for the seat to move (if a human is to move), saving it; a refusal is
/// reported in plain words and nothing changes.
pub fn play_human_move(state: AppState, action: String) {
    let mut refused = None;
    state.session.maybe_update(|s| {
        let Some(s) = s.as_mut() else { return false };
        let Some((seat, SeatKind::Human)) = s.mover() else { return false };
        let chosen = legal_now(s).len() > 1;
        match s.play(seat, &action, chosen) {
            Ok(()) => {
                crate::app::shell::crash::drill();
                state.save(&s.record);
                true
            }
            Err(e) => {
                // The game's own words for the refusal, where it has them.
                let words = crate::app::game_code::loaded(s.table.game_id()).map(|code| code.refusal_words);
                let why = words.and_then(|f| Some((f(Lang::En, &e.reason)?, f(Lang::Fr, &e.reason)?)));
                refused = Some((e.action, e.reason, why));
                false
            }
        }
    });
    if let Some((action, reason, why)) = refused {
        state.notices.push(Msg::MoveRefused { action, reason: reason.to_string(), why });
    } else {
        state.notices.clear_ai();
    }
}
