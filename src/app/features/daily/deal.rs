//! What a daily deal is: for each game and day, a seed from the date in UTC (the page's clock) and
//! the game, and a fixed table; and whether a record is one ([`date_of`]). The statistics read it
//! to mark a game as a daily; `daily` (above) puts one on the table.

use crate::ai::Level;
use crate::engine::game::GameId;
use crate::record::Record;

use crate::app::services::i18n::Lang;
use crate::model::session::{default_names, SeatKind};

/// How many days back a record is still recognised as a daily deal (one finished days later still
/// counts for its own day).
const DAYS_RECOGNISED: u32 = 7;
const DAY_MS: f64 = 86_400_000.0;

/// The daily table of a game: the number of players (you in seat 0, computers in the others) and
/// the computers' level.
pub fn table(game: GameId) -> (usize, Level) {
    crate::app::games::info(game).daily
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
    let mut record = crate::app::games::new_record(game, players, seed(game, date));
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
            && record.first_dealer == daily.first_dealer
    })
}
