//! The app is built in a few short tasks rather than one long one. Building the whole first
//! screen at once held a phone's main thread for well over 50 ms (docs/measurements.md, "First
//! visit"), and a tap meanwhile waited. So the new-game screen's later parts (what a phone shows
//! below its first screenful) are built in the tasks that follow, one stage a task, the browser
//! free to handle input between them. On the site's own page the app stays out of sight until the
//! last stage (`<html data-mounting>`, set by src/main.rs; style/main.css), then shows whole, in
//! the same task that takes away the loading screen or the first screen's static copy: no frame
//! shows half a form, both screens or neither.

use gloo_timers::callback::Timeout;
use leptos::prelude::*;

/// The stages after the first task: the top bar (1), the new-game form's offers (2), its seats
/// (3), its house rules (4), its seed and start button (5), then the dialogs' hosts and the
/// footer (6). docs/measurements.md ("First visit") has the tasks' lengths.
pub const LAST: usize = 6;

/// How far the app's first build has gone (a context of the app).
#[derive(Clone, Copy)]
pub struct MountStages(RwSignal<usize>);

impl MountStages {
    /// Starts the stages: stage 1 in the next task, each stage in a task of its own, and `done`
    /// in the task of the last stage, after its parts are built. Unless `staged` is false (no first
    /// screen shows, or the app opens on a table): then everything is built at once and `done` runs
    /// now, so that the table is in sight when its first effects run (the focus goes to a card: a
    /// hidden element takes no focus).
    pub fn start(staged: bool, done: impl FnOnce() + 'static) -> MountStages {
        if !staged {
            done();
            return MountStages(RwSignal::new(LAST));
        }
        let stage = RwSignal::new(0usize);
        next(stage, Box::new(done));
        MountStages(stage)
    }

    /// Whether the parts of `stage` are to be built (once true, it stays true).
    pub fn reached(self, stage: usize) -> bool {
        self.0.get() >= stage
    }
}

fn next(stage: RwSignal<usize>, done: Box<dyn FnOnce()>) {
    Timeout::new(0, move || {
        stage.update(|s| *s += 1);
        if stage.get_untracked() >= LAST {
            // The stage's parts are built in the effects the update scheduled (microtasks, still
            // in this task); `done` comes after them.
            leptos::task::spawn_local(async move { done() });
        } else {
            next(stage, done);
        }
    })
    .forget();
}

/// The parts of `stage`, built when it comes: `{later(2, move || view! { … })}`; at once where the
/// app runs without stages (a component test). Built once: the memo changes once, not at each
/// later stage. (One type for every part: each `<Show>` or closure type of its own adds code to
/// the first load.)
pub fn later(stage: usize, parts: impl Fn() -> AnyView + Send + Sync + 'static) -> impl Fn() -> Option<AnyView> + Send + Sync + 'static {
    let stages = use_context::<MountStages>();
    let reached = Memo::new(move |_| stages.is_none_or(|s| s.reached(stage)));
    move || reached.get().then(&parts)
}

/// Whether index.html's first screen shows (web/boot-check.js marks `<html data-first>`): only
/// then is the app built in stages; elsewhere (a frame, a returning player, a saved game) it is
/// built in one task, as no copy stands in for it meanwhile.
pub fn first_screen_shown() -> bool {
    web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()).is_some_and(|root| root.has_attribute("data-first"))
}

/// On the site's own page, after the last stage: the app shows, in place of the loading screen and
/// of the first screen's copy (index.html).
pub fn show_site_page() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    for id in ["tapis-boot", "tapis-first"] {
        if let Some(element) = document.get_element_by_id(id) {
            element.remove();
        }
    }
    if let Some(root) = document.document_element() {
        let _ = root.remove_attribute("data-first");
        let _ = root.remove_attribute("data-mounting");
    }
}
