//! The guided first games (issue 32), shared by the three games: a short deal laid out so that
//! every key rule happens once (`<game>/guided_deal.json`, a record whose actions are the script)
//! is played on the real table while a panel above it says what happens and why.
//!
//! A game brings its [`Book`] (`<game>/guide.rs`): the steps, and the sentence for a move off the
//! script. A step either waits for the player's scripted move (the game's view marks the control
//! that makes it with `data-tutorial-target`, from [`awaited`]), or for the guide's *Next*, while
//! the computers wait too. The computers play the script's moves (see `computer_turns.rs`, with
//! [`scripted`]). Another legal move is allowed by the rules but leaves the script: the panel says
//! so and offers to take it back.
//!
//! The panel and the books are a wasm chunk of their own ([`GuideCode`], cut in `src/main.rs`),
//! fetched when a guided game starts: a player who never asks for one does not download them. The
//! rest (the script, what the computers play, what the views mark) is here, in the page.

pub mod script;

use leptos::prelude::*;

use crate::engine::game::GameId;

use crate::app::services::i18n::{use_lang, Lang};
pub use script::{awaited, guided_deal, scripted, words_now, Book, GuideCode, Step, Wait, CHUNK};

use crate::app::{leave_guide, start_guide, AppState, Screen};

/// Where the guide's panel goes, above a game's table (each game's view places it): the panel of
/// the guided game under way.
#[component]
pub fn GuideSlot() -> impl IntoView {
    let state = expect_context::<AppState>();
    let guided = Memo::new(move |_| state.guide.with(Option::is_some));
    // A guided deal ends on the guide's own words, without a deal summary's dialog over the
    // panel: its *Next* stays in reach of mouse and keyboard.
    Effect::new(move |_| {
        if guided.get() && state.session.with(|s| s.as_ref().and_then(|s| s.pending_summary())).is_some() {
            state.session.update(|s| {
                if let Some(s) = s.as_mut() {
                    s.close_summary();
                }
            });
        }
    });
    move || guided.get().then(|| CHUNK.loaded()).flatten().map(|c| (c.panel)())
}

/// A copy of the words of the step that waits for the player's move, beside the controls, on
/// narrow screens only (`.guide-echo`): a phone's panel is far above them by then. Hidden from
/// screen readers, which read the panel.
#[component]
pub fn GuideEcho() -> impl IntoView {
    let state = expect_context::<AppState>();
    let lang = use_lang();
    move || words_now(&state, lang.get()).map(|text| view! { <p class="guide-echo" aria-hidden="true">{text}</p> })
}

/// Each game's guided deal, as its file has it (in the guide's chunk: nobody else downloads it).
pub fn deal_text(game: GameId) -> &'static str {
    crate::app::games::guide(game).1
}

/// The book of `game`'s guide.
fn book(game: GameId) -> &'static Book {
    crate::app::games::guide(game).0
}

/// The words of the step that waits for the player's move now, if any.
pub fn step_words(state: &AppState, lang: Lang) -> Option<&'static str> {
    let guide = state.guide.with(|g| *g)?;
    guide.awaits?;
    let step = book(guide.game).steps.get(guide.step)?;
    Some(lang.pick(step.en, step.fr))
}

/// The guide's panel, above the table, for the guided game under way.
#[component]
pub fn GuidePanel() -> impl IntoView {
    let state = expect_context::<AppState>();
    let lang = use_lang();
    let Some(book) = state.guide.with_untracked(|g| g.map(|g| book(g.game))) else { return ().into_any() };
    let steps = book.steps;
    let script = script::script(&state);
    let played = Memo::new(move |_| script::played_actions(&state));
    let script_for_check = script.clone();
    // Whether the moves so far are the deal's own.
    let on_script = Memo::new(move |_| played.with(|p| script::on_script(&script_for_check, p)));
    let step = Memo::new(move |_| state.guide.with(|g| g.map_or(0, |g| g.step)));

    follow_script(state, steps, played, on_script, step);
    let text = move || {
        let l = lang.get();
        if !on_script.get() {
            let at = steps.get(step.get()).map_or(0, |s| s.at);
            return script.get(at).map(|(_, a)| (book.off_script)(l, a)).unwrap_or_default();
        }
        steps.get(step.get()).map(|s| l.pick(s.en, s.fr).to_string()).unwrap_or_default()
    };
    let wait = move || steps.get(step.get()).map_or(Wait::Done, |s| s.wait);
    // A step that waits for no move is read here, above the table: it comes into view.
    let panel = NodeRef::<leptos::html::Section>::new();
    Effect::new(move |_| {
        if wait() != Wait::Move {
            if let Some(panel) = panel.get() {
                panel.scroll_into_view();
            }
        }
    });
    view! {
        <section class="guide panel" data-testid="tutorial" node_ref=panel aria-labelledby="guide-title" data-step=move || step.get().to_string()
            data-off-script=move || (!on_script.get()).to_string()>
            <div class="guide-head">
                <h2 id="guide-title" class="guide-title">{move || lang.get().pick("Your first game, guided", "Votre première partie, guidée")}</h2>
                <span class="guide-count">{move || format!("{} / {}", (step.get() + 1).min(steps.len()), steps.len())}</span>
            </div>
            <p class="guide-text" role="status" aria-live="polite" data-testid="tutorial-text">{text}</p>
            {guide_actions(state, on_script, wait)}
        </section>
    }
    .into_any()
}

/// A move step is passed once its move is played (on the script); the computers wait on a
/// *Next* step until it is read.
fn follow_script(state: AppState, steps: &'static [Step], played: Memo<Vec<String>>, on_script: Memo<bool>, step: Memo<usize>) {
    Effect::new(move |_| {
        let (n, ok, i) = (played.with(Vec::len), on_script.get(), step.get());
        let Some(s) = steps.get(i) else { return };
        if ok && s.wait == Wait::Move && n > s.at {
            state.guide.update(|g| {
                if let Some(g) = g.as_mut() {
                    g.step += 1;
                }
            });
            return;
        }
        // Set ahead of the move that reaches it, so that no computer slips in first.
        let hold_at = steps[i..].iter().find(|s| s.wait == Wait::Next).map(|s| s.at);
        let awaits = (ok && s.wait == Wait::Move && n == s.at).then_some(s.at);
        if state.guide.with_untracked(|g| g.is_some_and(|g| (g.hold_at, g.awaits) != (hold_at, awaits))) {
            state.guide.update(|g| {
                if let Some(g) = g.as_mut() {
                    g.hold_at = hold_at;
                    g.awaits = awaits;
                }
            });
        }
    });
}

/// The guide's buttons: take the move back (off the script), *Next*, the real game at the end,
/// start again, leave.
fn guide_actions(state: AppState, on_script: Memo<bool>, wait: impl Fn() -> Wait + Copy + Send + Sync + 'static) -> impl IntoView {
    let lang = use_lang();
    let next = move |_| {
        state.guide.update(|g| {
            if let Some(g) = g.as_mut() {
                g.step += 1;
            }
        })
    };
    let game = state.guide.with_untracked(|g| g.map(|g| g.game));
    let restart = move |_| {
        if let Some(game) = game {
            start_guide(&state, game);
        }
    };
    view! {
        <div class="guide-actions">
            {move || (!on_script.get()).then(|| view! {
                <button type="button" class="btn btn-primary" data-testid="tutorial-undo" on:click=move |_| state.undo()>
                    {move || lang.get().pick("Take it back", "Reprendre le coup")}
                </button>
            })}
            {move || (on_script.get() && wait() == Wait::Next).then(|| view! {
                <button type="button" class="btn btn-primary" data-testid="tutorial-next" on:click=next>
                    {move || lang.get().pick("Next", "Suivant")}
                </button>
            })}
            {move || (wait() == Wait::Done).then(|| view! {
                <button type="button" class="btn btn-primary" data-testid="tutorial-done"
                    on:click=move |_| {
                        leave_guide(&state);
                        state.screen.set(Screen::NewGame);
                    }>
                    {move || lang.get().pick("Play a real game", "Jouer une vraie partie")}
                </button>
            })}
            <button type="button" class="btn" data-testid="tutorial-restart" on:click=restart>
                {move || lang.get().pick("Start again", "Recommencer")}
            </button>
            <button type="button" class="btn" data-testid="tutorial-leave" on:click=move |_| leave_guide(&state)>
                {move || lang.get().pick("Leave the guide", "Quitter le guide")}
            </button>
        </div>
    }
}
