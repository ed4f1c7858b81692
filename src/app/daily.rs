//! The daily deal: for each game, one deal a day, the same for everyone, with no server. Its seed
//! comes from the date in UTC (the page's clock) and the game, and its table is fixed: you against
//! computers at the medium level, with the game's usual rules. It is a normal record (the seed is
//! in it), so it replays, resumes and downloads like any game; a record is known as a daily by its
//! seed and table ([`date_of`]).
//!
//! Started by `?daily=1&game=…` or the new-game screen's button. The first start of a game's
//! daily on a day is the attempt that counts in the statistics; a later start plays the same cards
//! but is marked as not counting (`stats::note_daily_start`), and says so.

use leptos::prelude::GetUntracked;

use crate::ai::Level;
use crate::engine::game::GameId;
use crate::record::Record;

use super::i18n::Lang;
use super::notices::Msg;
use super::session::{default_names, SeatKind};
use super::stats;
use super::AppState;

/// How many days back a record is still recognised as a daily deal (one finished days later still
/// counts for its own day).
const DAYS_RECOGNISED: u32 = 7;
const DAY_MS: f64 = 86_400_000.0;

/// The daily table of a game: the number of players (you in seat 0, computers in the others) and
/// the computers' level.
pub fn table(game: GameId) -> (usize, Level) {
    super::games::info(game).daily
}

/// `YYYY-MM-DD` of a moment (milliseconds since 1970) in UTC.
fn date_at(ms: f64) -> String {
    let d = js_sys::Date::new(&ms.into());
    format!("{:04}-{:02}-{:02}", d.get_utc_full_year(), d.get_utc_month() + 1, d.get_utc_date())
}

/// Today's date in UTC, by the page's clock.
pub fn today() -> String {
    date_at(js_sys::Date::now())
}

/// The seed of a game's daily deal on a date: FNV-1a of `tapis-daily-<game>-<date>`, below 2^53
/// (JSON tools read it back exactly).
pub fn seed(game: GameId, date: &str) -> u64 {
    let text = format!("tapis-daily-{}-{date}", game.key());
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));
    hash & ((1 << 53) - 1)
}

/// The record of a game's daily deal on a date, with no moves yet.
pub fn record(game: GameId, date: &str, lang: Lang) -> Record {
    let (players, level) = table(game);
    let seats: Vec<SeatKind> = (0..players).map(|s| if s == 0 { SeatKind::Human } else { SeatKind::Computer(level) }).collect();
    let mut record = Record::new(game, players, seed(game, date));
    record.seats = Some(seats.iter().map(|k| k.key().to_string()).collect());
    record.names = Some(default_names(&seats, lang));
    record
}

/// The date of the daily deal a record is (today's or one of the days before), if it is one: its
/// seed, table and rules are that day's.
pub fn date_of(record: &Record) -> Option<String> {
    let game = GameId::from_key(&record.game)?;
    let now = js_sys::Date::now();
    (0..DAYS_RECOGNISED).map(|back| date_at(now - f64::from(back) * DAY_MS)).find(|date| {
        let daily = self::record(game, date, Lang::En);
        record.seed == daily.seed
            && record.players == daily.players
            && record.seats == daily.seats
            && record.options.is_empty()
            && record.chips.is_none()
            && record.deals.is_empty()
            && record.first_dealer.is_none()
    })
}

/// Puts today's daily deal of `game` on the table. The first start of the day is the attempt that
/// counts; a later one is marked as not counting, and the player is told.
pub fn start(state: &AppState, game: GameId) {
    let date = today();
    let record = record(game, &date, state.lang.get_untracked());
    let key = stats::game_key(&record);
    match state.put_on_table(record) {
        Ok(()) => {
            super::url_params::spend_start_params(state);
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
    let saved = super::storage::get(super::storage::CURRENT_KEY).and_then(|text| Record::from_json(&text).ok());
    let in_progress = saved.filter(|saved| stats::game_key(saved) == key).and_then(|saved| {
        super::storage::know_save(&saved.to_json());
        let session = super::session::Session::from_record(0, saved.clone()).ok()?;
        (!session.table.is_finished()).then_some(saved)
    });
    match in_progress {
        Some(saved) => {
            if let Err(e) = state.put_on_table(saved) {
                state.notices.push(Msg::StartFailed { reason: e.message });
            }
            super::url_params::spend_start_params(state);
        }
        None => start(state, game),
    }
}
