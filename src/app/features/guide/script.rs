//! Where a guided game stands (`guide` says what a guided game is): the types of a game's
//! [`Book`], the script (the guided deal's actions, which travel in the guide's chunk), the move
//! the guide waits for ([`awaited`]) and the computers' scripted moves ([`scripted`]). Each
//! game's `guide.rs` writes its book with these; `guide` registers the books.

use leptos::prelude::*;

use crate::engine::game::{GameId, Seat};
use crate::record::Record;

use crate::app::game_code::{Chunk, GameView};
use crate::app::services::i18n::Lang;
use crate::app::AppState;

/// What a step waits for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Wait {
    /// The player's move (the deal's action at this step).
    Move,
    /// The guide's *Next* (the computers wait too).
    Next,
    /// Nothing: the guide is over.
    Done,
}

/// A step: from how many moves of the deal on it shows, what it waits for, its words.
pub struct Step {
    pub at: usize,
    pub wait: Wait,
    pub en: &'static str,
    pub fr: &'static str,
}

/// One game's guide.
pub struct Book {
    pub steps: &'static [Step],
    /// What the panel says when the player's move left the script, given the scripted action
    /// (e.g. "… Take it back and play the 5♣.").
    pub off_script: fn(Lang, &str) -> String,
}

/// The script: the guided deal's actions of the game in the guide.
pub fn script(state: &AppState) -> Vec<(Seat, String)> {
    state
        .guide
        .with(|g| g.and_then(|g| guided_deal(g.game)))
        .map(|r| r.actions.into_iter().map(|a| (a.seat, a.action)).collect())
        .unwrap_or_default()
}

/// The actions played so far in the game on the table.
pub fn played_actions(state: &AppState) -> Vec<String> {
    state.session.with(|s| s.as_ref().map(|s| s.record.actions.iter().map(|a| a.action.clone()).collect())).unwrap_or_default()
}

/// Whether the moves played so far are the script's first moves.
pub fn on_script(script: &[(Seat, String)], played: &[String]) -> bool {
    played.len() <= script.len() && played.iter().zip(script).all(|(p, (_, s))| p == s)
}

/// The action the guide waits for the player to make now, if any: the game's view marks the
/// control that makes it (`data-tutorial-target`).
pub fn awaited(state: &AppState) -> Option<String> {
    let at = state.guide.with(|g| g.and_then(|g| g.awaits))?;
    script(state).get(at).map(|(_, a)| a.clone())
}

/// The scripted move of `seat` as the `index`-th action, when a guided game is on its script:
/// the computers play it instead of thinking.
pub fn scripted(state: &AppState, index: usize, seat: Seat) -> Option<String> {
    let (script, played) = (script(state), played_actions(state));
    (played.len() == index && on_script(&script, &played)).then_some(())?;
    script.into_iter().nth(index).filter(|(s, _)| *s == seat).map(|(_, a)| a)
}

// ------------------------------------------------------------------ the guide's chunk

/// What the guide's chunk gives the page.
#[derive(Clone, Copy)]
pub struct GuideCode {
    /// The panel of the guided game on the table (`guide::GuidePanel`).
    pub panel: GameView,
    /// `guide::step_words`.
    pub words: fn(&AppState, Lang) -> Option<&'static str>,
    /// `guide::deal_text`.
    pub deal: fn(GameId) -> &'static str,
}

/// The guide's chunk.
pub static CHUNK: Chunk<GuideCode> = Chunk::new();

/// The words of the step that waits for the player's move, for a copy beside the controls (a
/// phone's panel is far above them by then); `None` until the chunk has arrived.
pub fn words_now(state: &AppState, lang: Lang) -> Option<&'static str> {
    (CHUNK.loaded()?.words)(state, lang)
}

/// The guided first game of `game`: its deal, a record whose actions are the guide's script
/// (`None` until the guide's chunk has arrived: [`start_guide`] fetches it first).
pub fn guided_deal(game: GameId) -> Option<Record> {
    Record::from_json((CHUNK.loaded()?.deal)(game)).ok()
}
