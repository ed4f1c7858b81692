//! Each game's code (its views, its rule bots for the page's fallback when no AI worker runs, and
//! the engine code only they reach) is a wasm chunk of its own, fetched when it is first needed,
//! so that a first visit loads only the new-game form and what every screen shares
//! (docs/measurements.md, "Sizes").
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

use super::AppState;
use crate::engine::game::{GameId, Seat};
use crate::model::session::{LoadError, Session};
use crate::protocol::FromWorker;
use crate::record::{Decision, OnTable, Record, ReplayError, Table};

/// Draws a game's table; its code is in the game's chunk.
pub type GameView = fn() -> AnyView;

/// Opens the review of a record at a step, with the game to return to.
pub type OpenReview = fn(&AppState, Record, Option<usize>, Option<Session>) -> Result<(), LoadError>;

/// What a game's chunk gives the page.
#[derive(Clone, Copy)]
pub struct GameCode {
    pub view: GameView,
    /// The page's fallback when no AI worker runs: the game's requests answered by its rule bots
    /// ([`crate::protocol::answer_game_by_rules`]).
    pub answer_by_rules: fn(&str) -> FromWorker,
    /// A record's decisions to review ([`crate::record::decisions`] for the game).
    pub decisions: fn(&Record, &[Seat]) -> Result<Vec<Decision>, ReplayError>,
    /// A move in words, from its record string (the game's `text::move_words`, which reads it as
    /// the game's engine does).
    pub move_words: MoveWords,
    /// The legal moves on a table of the game, as record strings.
    pub legal: fn(&Table) -> Vec<String>,
    /// The engine's refusal of a move in the player's words, where the game has them.
    pub refusal_words: RefusalWords,
}

impl GameCode {
    /// The code of the game `G`: its table, its words for a move, and what the engine and the rule
    /// bots answer for it.
    pub fn of<G: crate::ai::GameBots + OnTable>(view: GameView, move_words: MoveWords) -> GameCode {
        GameCode {
            view,
            answer_by_rules: crate::protocol::answer_game_by_rules::<G>,
            decisions: crate::record::decisions::<G>,
            move_words,
            legal: crate::record::legal_of::<G>,
            refusal_words: |_, _| None,
        }
    }

    /// The same, with the game's own words for the engine's refusals.
    pub fn with_refusal_words(self, refusal_words: RefusalWords) -> GameCode {
        GameCode { refusal_words, ..self }
    }
}

/// A refusal in a language, when the game words it (none: the engine's own sentence is shown).
pub type RefusalWords = fn(crate::app::services::i18n::Lang, &crate::engine::games::Reason) -> Option<String>;

/// A move in words, in a language, from its record string.
pub type MoveWords = fn(crate::app::services::i18n::Lang, &str) -> String;

/// The review's code ([`crate::app::features::review`]): a chunk of its own, fetched when a review first
/// opens, so that neither a first visit nor a game downloads it.
#[derive(Clone, Copy)]
pub struct ReviewCode {
    pub panel: GameView,
    pub open: OpenReview,
}

/// A game's code (its wasm chunk) could not be downloaded. The loader keeps no failure, so the next
/// [`load`] fetches it again.
#[derive(Clone, Copy, Debug)]
pub struct LoadFailed;

impl From<leptos::wasm_split::SplitLoaderError> for LoadFailed {
    fn from(_: leptos::wasm_split::SplitLoaderError) -> Self {
        LoadFailed
    }
}

/// Loads a game's chunk (once) and gives its code.
pub type Loader = fn(GameId) -> Pin<Box<dyn Future<Output = Result<GameCode, LoadFailed>>>>;

static LOADER: OnceLock<Loader> = OnceLock::new();

thread_local! {
    /// The games whose code has arrived.
    static LOADED: RefCell<Vec<(GameId, GameCode)>> = const { RefCell::new(Vec::new()) };
}

/// Called once by the app's binary before mounting.
pub fn set_loader(loader: Loader) {
    let _ = LOADER.set(loader);
}

/// Fetches a [`Chunk`]'s code (set by the app's binary, `src/main.rs`).
pub type ChunkLoader<C> = fn() -> Pin<Box<dyn Future<Output = Result<C, LoadFailed>>>>;

/// A chunk that holds one piece of code (the review, the guide, the statistics): fetched on first
/// use, then kept. A failed download is not kept: the next [`Chunk::load`] fetches it again.
pub struct Chunk<C: 'static> {
    loader: OnceLock<ChunkLoader<C>>,
    code: OnceLock<C>,
}

impl<C: Copy> Default for Chunk<C> {
    fn default() -> Self {
        Self::new()
    }
}

impl<C: Copy> Chunk<C> {
    pub const fn new() -> Self {
        Chunk { loader: OnceLock::new(), code: OnceLock::new() }
    }

    /// Called once by the app's binary before mounting.
    pub fn set_loader(&self, loader: ChunkLoader<C>) {
        let _ = self.loader.set(loader);
    }

    /// The code, if it has arrived.
    pub fn loaded(&self) -> Option<C> {
        self.code.get().copied()
    }

    /// Fetches the code (once).
    pub async fn load(&self) -> Result<C, LoadFailed> {
        if let Some(code) = self.loaded() {
            return Ok(code);
        }
        let code = self.loader.get().ok_or(LoadFailed)?().await?;
        Ok(*self.code.get_or_init(|| code))
    }
}

/// The review's chunk.
pub static REVIEW: Chunk<ReviewCode> = Chunk::new();

/// `game`'s code, if it has arrived.
pub fn loaded(game: GameId) -> Option<GameCode> {
    LOADED.with_borrow(|l| l.iter().find(|(g, _)| *g == game).map(|(_, code)| *code))
}

/// Fetches `game`'s code (at most one download at a time per game: the loader shares it).
pub async fn load(game: GameId) -> Result<GameCode, LoadFailed> {
    if let Some(code) = loaded(game) {
        return Ok(code);
    }
    let code = LOADER.get().ok_or(LoadFailed)?(game).await?;
    LOADED.with_borrow_mut(|l| {
        if !l.iter().any(|(g, _)| *g == game) {
            l.push((game, code));
        }
    });
    Ok(code)
}

/// Fetches `game`'s code ahead of its first table (the new-game form shows it chosen), so that the
/// table is then drawn at once. A failure is left to the table, which fetches again and says so.
pub fn preload(game: GameId) {
    leptos::task::spawn_local(async move {
        let _ = load(game).await;
    });
}
