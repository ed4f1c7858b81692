//! The daily deal: for each game, one deal a day, the same for everyone, with no server. Its seed
//! comes from the date in UTC (the page's clock) and the game, and its table is fixed: you against
//! computers at the medium level, with the game's usual rules. It is a normal record (the seed is
//! in it), so it replays, resumes and downloads like any game; a record is known as a daily by its
//! seed and table ([`date_of`]).
//!
//! Started by `?daily=1&game=…` or the new-game screen's button. The first start of a game's
//! daily on a day is the attempt that counts in the statistics; a later start plays the same cards
//! but is marked as not counting (`stats::note_daily_start`), and says so.

pub mod deal;

use leptos::prelude::GetUntracked;

use crate::engine::game::GameId;
use crate::record::Record;

use crate::app::features::stats;
use crate::app::shell::notices::Msg;
use crate::app::AppState;
pub use deal::{date_of, record, seed, table, today};

/// Puts today's daily deal of `game` on the table. The first start of the day is the attempt that
/// counts; a later one is marked as not counting, and the player is told.
pub fn start(state: &AppState, game: GameId) {
    let date = today();
    let record = record(game, &date, state.lang.get_untracked());
    let key = stats::game_key(&record);
    match state.put_on_table(record) {
        Ok(()) => {
            crate::app::services::url_params::spend_start_params(state);
            stats::daily_started_soon(*state, game, date, key);
        }
        Err(e) => state.notices.push(Msg::StartFailed { reason: e.message }),
    }
}

/// `?daily=1&game=…` on the site's own page: today's deal of that game (the first game without
/// `game=`). When the saved game is that very deal, still being played, it resumes instead (a
/// reload of the link, or the link opened again, is no new attempt). Always handled.
pub fn start_from_link(state: &AppState, game: GameId) {
    let record = record(game, &today(), state.lang.get_untracked());
    let key = stats::game_key(&record);
    let saved =
        crate::app::services::storage::get(crate::app::services::storage::CURRENT_KEY).and_then(|text| Record::from_json(&text).ok());
    let in_progress = saved.filter(|saved| stats::game_key(saved) == key).and_then(|saved| {
        crate::app::services::storage::know_save(&saved.to_json());
        let session = crate::model::session::Session::from_record(0, saved.clone()).ok()?;
        (!session.table.is_finished()).then_some(saved)
    });
    match in_progress {
        Some(saved) => {
            if let Err(e) = state.put_on_table(saved) {
                state.notices.push(Msg::StartFailed { reason: e.message });
            }
            crate::app::services::url_params::spend_start_params(state);
        }
        None => start(state, game),
    }
}
