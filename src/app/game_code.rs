//! Each game's code (its views, and the engine code only they reach) is a wasm chunk of its own,
//! fetched when it is first needed, so that a first visit loads only the new-game form and what
//! every screen shares (docs/measurements.md, "Sizes").
//!
//! The split points are in the app's binary (`src/main.rs`, which hands them over with
//! [`set_loader`]), not in this library: the AI workers link the library too, and would export, so
//! keep, every view. `scripts/wasm-split/wasm-bindgen` cuts the chunks; a chunk that cannot be
//! downloaded is an error the table shows with a retry ([`LoadFailed`]), never a trap.

use std::cell::RefCell;
use std::future::Future;
use std::pin::Pin;
use std::sync::OnceLock;

use leptos::prelude::*;

use crate::engine::game::GameId;

/// Draws a game's table; its code is in the game's chunk.
pub type GameView = fn() -> AnyView;

/// A game's code (its wasm chunk) could not be downloaded. The loader keeps no failure, so the next
/// [`load`] fetches it again.
#[derive(Clone, Copy, Debug)]
pub struct LoadFailed;

impl From<leptos::wasm_split::SplitLoaderError> for LoadFailed {
    fn from(_: leptos::wasm_split::SplitLoaderError) -> Self {
        LoadFailed
    }
}

/// Loads a game's chunk (once) and gives its view.
pub type Loader = fn(GameId) -> Pin<Box<dyn Future<Output = Result<GameView, LoadFailed>>>>;

static LOADER: OnceLock<Loader> = OnceLock::new();

thread_local! {
    /// The views of the games whose code has arrived.
    static LOADED: RefCell<Vec<(GameId, GameView)>> = const { RefCell::new(Vec::new()) };
}

/// Called once by the app's binary before mounting.
pub fn set_loader(loader: Loader) {
    let _ = LOADER.set(loader);
}

/// `game`'s view, if its code has arrived.
pub fn loaded(game: GameId) -> Option<GameView> {
    LOADED.with_borrow(|l| l.iter().find(|(g, _)| *g == game).map(|(_, view)| *view))
}

/// Fetches `game`'s code (at most one download at a time per game: the loader shares it) and
/// gives its view.
pub async fn load(game: GameId) -> Result<GameView, LoadFailed> {
    if let Some(view) = loaded(game) {
        return Ok(view);
    }
    let view = LOADER.get().ok_or(LoadFailed)?(game).await?;
    LOADED.with_borrow_mut(|l| {
        if !l.iter().any(|(g, _)| *g == game) {
            l.push((game, view));
        }
    });
    Ok(view)
}

/// Fetches `game`'s code ahead of its first table (the new-game form shows it chosen), so that the
/// table is then drawn at once. A failure is left to the table, which fetches again and says so.
pub fn preload(game: GameId) {
    leptos::task::spawn_local(async move {
        let _ = load(game).await;
    });
}
