//! Hints, in every game: on the human's own turn the hint button (or the `h` key) asks the hard
//! level for the move it would play, with its reason. The game reads the answer: one sentence in
//! the player's language, and where the move is played (a CSS selector). Those controls are marked
//! `data-hinted="true"` and the first gets the focus, so Enter plays the suggestion.
//!
//! A hint belongs to the position it was asked for (the number of actions in the record): once a
//! move is played it is no longer shown, and an answer arriving for an older position is dropped.
//! Never in a read-only position, never for someone else's turn: the game's `mover` says when.
//!
//! The marks are set on the page's elements directly, by one function for every game, rather
//! than by a reactive attribute on each kind of control: the page's code stays smaller.

use std::sync::Arc;

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::ai::Level;
use crate::engine::game::Seat;
use crate::protocol::{FromWorker, ToWorker};

use crate::app::services::i18n::{tr, T};
use crate::app::{services::timing, table::hand, AppState};
use crate::model::session::ai_seed;

/// Thinking time of a hint (the hard level, with its reason).
const HINT_BUDGET_MS: u32 = 300;
/// Mixed into a hint's seed, so a hint is not the very search a computer seat would make.
const HINT_SEED: u64 = 0x4849_4E54; // "HINT"

/// The hard level's move, as a record action string, and why: the game's structured reason (its
/// bot's `Hint` as JSON; each game reads it field by field, a derived `Deserialize` would cost far
/// more code).
pub struct Suggestion {
    pub action: String,
    pub why: serde_json::Value,
}

/// A hint for the human to move (a ready one is shared, not copied, each time it is read).
#[derive(Clone)]
enum HintState {
    /// Asked, no answer yet.
    Thinking,
    Ready(Arc<Suggestion>),
    /// No hint could be had (the reason goes to the console).
    Failed,
}

/// Marks the elements `controls` selects (`data-hinted="true"`), and only those; with `focus`,
/// the first of them gets the focus.
pub fn mark(controls: Option<&str>, focus: bool) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let each = |selector: &str, f: &dyn Fn(web_sys::Element)| {
        if let Ok(list) = document.query_selector_all(selector) {
            (0..list.length()).filter_map(|i| list.item(i)?.dyn_into::<web_sys::Element>().ok()).for_each(f);
        }
    };
    each("[data-hinted]", &|el| {
        let _ = el.remove_attribute("data-hinted");
    });
    let Some(controls) = controls else { return };
    each(controls, &|el| {
        let _ = el.set_attribute("data-hinted", "true");
    });
    if focus {
        focus_marked();
    }
}

/// Puts the focus on the first marked control.
fn focus_marked() {
    if let Some(el) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector("[data-hinted]").ok().flatten())
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    {
        hand::focus_in_area(&el);
    }
}

/// What a game makes of a suggestion: the sentence in the page's language, and the CSS selector
/// of the controls that play the move (`None`: the suggestion cannot be read, no hint is shown).
pub type Read = Callback<Arc<Suggestion>, Option<(String, String)>>;

/// The hints of one game screen: create them with [`Hints::new`] in the screen's component (they
/// are then in its context) and show the [`HintRow`].
#[derive(Clone, Copy)]
pub struct Hints {
    app: AppState,
    state: RwSignal<Option<(usize, HintState)>>,
    actions: Memo<usize>,
    mover: Memo<Option<Seat>>,
    read: Read,
    thinking: T,
}

impl Hints {
    /// `mover`: the human at the screen while they may move (their own turn, in a position that
    /// is played, no dialog open), else `None`. `thinking` is the line shown while the search
    /// runs. Also listens to the `h` key and keeps the marks while the screen lives.
    pub fn new(state: AppState, mover: Memo<Option<Seat>>, read: Read, thinking: T) -> Hints {
        let session = crate::app::TableSession::current(state.session);
        let actions = Memo::new(move |_| session.with(|s| s.as_ref().map_or(0, |s| s.record.actions.len())));
        let hints = Hints { app: state, state: RwSignal::new(None), actions, mover, read, thinking };
        // The `h` key asks on the human's turn (not while typing in a field, nor with a modifier:
        // Ctrl+H is the browser's).
        let key = window_event_listener(leptos::ev::keydown, move |ev: web_sys::KeyboardEvent| {
            if !matches!(ev.key().as_str(), "h" | "H") || !state.letter_shortcut(&ev) || mover.get_untracked().is_none() {
                return;
            }
            ev.prevent_default();
            hints.ask();
        });
        on_cleanup(move || key.remove());
        // The marks follow the hint (once the page has drawn what changed with it); a new one
        // takes the focus.
        Effect::new(move |before: Option<Option<String>>| {
            let controls = hints.ready().and_then(|s| read.run(s)).map(|(_, c)| c);
            let fresh = controls.is_some() && before.as_ref() != Some(&controls);
            let marks = controls.clone();
            set_timeout(move || mark(marks.as_deref(), fresh), std::time::Duration::ZERO);
            controls
        });
        provide_context(hints);
        hints
    }

    /// The hint for the position on the table, if one was asked.
    fn current(self) -> Option<HintState> {
        let count = self.actions.get();
        self.state.with(|h| h.as_ref().filter(|(i, _)| *i == count).map(|(_, h)| h.clone()))
    }

    /// The suggested move, while the human may play it.
    pub fn ready(self) -> Option<Arc<Suggestion>> {
        match self.current() {
            Some(HintState::Ready(s)) if self.mover.get().is_some() => Some(s),
            _ => None,
        }
    }

    /// Asks the worker for a hint (one search at a time for a position; a hint already there
    /// only brings the focus back to its control).
    fn ask(self) {
        let state = self.app;
        let Some(seat) = self.mover.get_untracked() else { return };
        let index = self.actions.get_untracked();
        match untrack(move || self.current()) {
            Some(HintState::Thinking) => return,
            Some(HintState::Ready(_)) => return focus_marked(),
            _ => {}
        }
        let Some((game, observation, record_seed)) = state.session.with_untracked(|s| {
            let s = s.as_ref()?;
            Some((s.table.game_id(), s.table.observation_json(seat), s.record.seed))
        }) else {
            return;
        };
        self.state.set(Some((index, HintState::Thinking)));
        let asked = timing::now();
        let request = ToWorker::Think {
            id: 0,
            game,
            level: Level::Hard,
            seed: ai_seed(record_seed, index) ^ HINT_SEED,
            budget_ms: HINT_BUDGET_MS,
            iterations: None,
            observation,
            explain: true,
        };
        let Hints { state: hint, actions, read, .. } = self;
        state.ai().request_boxed(
            request,
            Box::new(move |answer| {
                timing::measure("tapis-ai:hint", asked);
                // The game moved on (or left the table) meanwhile: this hint is for nothing.
                if actions.try_get_untracked() != Some(index) {
                    return;
                }
                // The action is the very move the search chose; the explanation says why.
                let shown = match answer {
                    Ok(FromWorker::Move { action, explanation: Some(why), .. }) => {
                        let s = Arc::new(Suggestion { action, why });
                        untrack(|| read.try_run(s.clone()).flatten()).map(|_| HintState::Ready(s))
                    }
                    Err(reason) => {
                        web_sys::console::warn_1(&format!("no hint: {reason}").into());
                        None
                    }
                    _ => None,
                };
                hint.try_set(Some((index, shown.unwrap_or(HintState::Failed))));
            }),
        );
    }
}

/// The hint button and the hint's sentence (read aloud when it comes), shown on the human's turn,
/// with the undo button beside them (against the computer, once the player has moved).
#[component]
pub fn HintRow(hints: Hints) -> impl IntoView {
    let app = hints.app;
    let lang = app.lang;
    let text = move || {
        Some(match hints.current()? {
            HintState::Thinking => hints.thinking.text(lang.get()).to_string(),
            HintState::Ready(s) => hints.read.run(s).map(|(sentence, _)| sentence).unwrap_or_default(),
            HintState::Failed => T::HintFailed.text(lang.get()).to_string(),
        })
    };
    let data_state = move || match hints.current() {
        Some(HintState::Thinking) => "thinking",
        Some(HintState::Ready(_)) => "ready",
        Some(HintState::Failed) => "failed",
        None => "none",
    };
    view! {
        <div class="hint-row" hidden=move || hints.mover.get().is_none()>
            <button
                type="button"
                class="btn btn-small btn-hint"
                data-testid="hint"
                aria-keyshortcuts=crate::app::shortcut_attr("H")
                on:click=move |_| hints.ask()
            >
                {tr(T::HintButton)}
                <kbd class="kbd" aria-hidden="true">"H"</kbd>
            </button>
            <button
                type="button"
                class="btn btn-small btn-undo"
                data-testid="undo"
                hidden=move || !app.can_undo()
                title=move || T::UndoTitle.text(lang.get())
                aria-keyshortcuts=crate::app::shortcut_attr("U")
                on:click=move |_| app.undo()
            >
                {tr(T::Undo)}
                <kbd class="kbd" aria-hidden="true">"U"</kbd>
            </button>
            <p class="hint-text" data-testid="hint-text" data-state=data_state aria-live="polite">
                {text}
            </p>
        </div>
    }
}
