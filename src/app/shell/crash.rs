//! The app's side of the page's guard (web/boot-check.js), which covers the page with a message
//! when the wasm traps or an error escapes after start.
//!
//! The guard marks `<html data-tapis-crashed>`; from then on nothing is saved ([`crashed`], read
//! by `AppState::save`): what the app holds after a trap may be half a move, and the saved game
//! must stay the last good one. The app marks `<html data-tapis-saves>` on the site's own page
//! ([`mark_saves`]), where the guard may say that the game is saved and offer it for download.
//!
//! The crash drill ([`drill`]) exists only in a build made with `TAPIS_CRASH_DRILL=1` in the
//! environment (scripts/test.sh builds one into dist-drill/ for tests/e2e/crash.test.mjs): the
//! shipped build has no way to trap on purpose.

fn root() -> Option<web_sys::Element> {
    web_sys::window()?.document()?.document_element()
}

/// Whether the page's guard has seen the app stop.
pub fn crashed() -> bool {
    root().is_some_and(|r| r.has_attribute("data-tapis-crashed"))
}

/// Tells the guard that this page keeps the game in progress (`tapis.current`).
pub fn mark_saves() {
    if let Some(root) = root() {
        let _ = root.set_attribute("data-tapis-saves", "");
    }
}

/// In a drill build, while `localStorage["tapis.crash-drill"]` is `"move"`: traps as a panic
/// would, in the middle of a human's move, after the engine took it and before it is saved.
/// Elsewhere: nothing (the check is a constant, and the code is not in the build).
pub fn drill() {
    if option_env!("TAPIS_CRASH_DRILL").is_some_and(|v| v == "1")
        && crate::app::services::storage::get("tapis.crash-drill").as_deref() == Some("move")
    {
        core::arch::wasm32::unreachable();
    }
}
