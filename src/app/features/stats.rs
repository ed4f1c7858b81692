//! The player's statistics: each finished game against the computer, kept in localStorage
//! (`tapis.stats`, with a format version), counted once whatever reloads, undos or tabs happen.
//!
//! This module holds what the page needs on every screen: the stored format (read, migrated,
//! merged, written), the count at a game's end, and the note under the final standings. The
//! statistics view itself (figures, chart, export, import, reset) is `stats_view.rs`, a wasm chunk
//! of its own fetched when the view first opens (`src/main.rs`), so that a first visit does not
//! download it.
//!
//! A game is known by its start ([`game_key`]: the record without its moves nor names), so the same
//! game seen again (a reload at the game-over screen, a second tab, the record opened again) is
//! never counted twice. Only games with exactly one person at the screen count (docs/playing.md).
//! A store that cannot be read is never written over: it is moved to `tapis.stats.damaged` and
//! offered for download; one written by a newer version is left alone and nothing is counted.

use leptos::prelude::*;
use serde_json::Value;

use crate::engine::game::{Chips, GameId, Seat};
use crate::record::Record;

use crate::app::features::daily::deal;
use crate::app::game_code::{Chunk, GameView};
use crate::app::services::i18n::Lang;
use crate::app::{services::storage, AppState};
use crate::model::session::Session;
/// One counted game (the type is the statistics model's, `model::stats`).
pub use crate::model::stats::Entry;

/// The statistics.
pub const STATS_KEY: &str = "tapis.stats";
/// A copy of statistics that could not be read.
pub const DAMAGED_KEY: &str = "tapis.stats.damaged";
/// The format written by this version. An older one is migrated when read ([`Store::from_json`]).
pub const VERSION: u32 = 1;
/// Keys remembered for games that must not count (a repeated daily deal, games erased by a reset):
/// only the latest are kept, enough for any game a page could still resume.
const SPENT_KEPT: usize = 200;
/// Daily attempts remembered (one per game and day).
const DAILY_KEPT: usize = 100;

/// The stored statistics (format version 1). Read and written by hand through `serde_json::Value`
/// (which the page has anyway): derived deserializers for these types weighed 4 KB of gzip on the
/// first visit.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Store {
    pub version: u32,
    /// Every counted game, oldest first.
    pub games: Vec<Entry>,
    /// Keys of games that will not count (see [`SPENT_KEPT`]).
    pub spent: Vec<String>,
    /// The daily deals started, one per game and day: a later start of the same one does not count.
    pub daily: Vec<DailyAttempt>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct DailyAttempt {
    pub game: String,
    pub date: String,
}

/// Why stored statistics cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoreError {
    /// Not statistics of any version: why.
    Unreadable(String),
    /// Written by a newer version of Tapis (its format version).
    Newer(u32),
}

impl StoreError {
    pub fn text(&self, lang: Lang) -> String {
        match (self, lang) {
            (StoreError::Unreadable(why), Lang::En) => format!("they cannot be read ({why})"),
            (StoreError::Unreadable(why), Lang::Fr) => format!("elles sont illisibles ({why})"),
            (StoreError::Newer(v), Lang::En) => format!("a newer version of Tapis wrote them (format {v})"),
            (StoreError::Newer(v), Lang::Fr) => format!("une version plus récente de Tapis les a écrites (format {v})"),
        }
    }
}

impl Entry {
    fn from_value(v: &Value) -> Option<Entry> {
        let text = |name: &str| v.get(name)?.as_str().map(str::to_string);
        let whole = |name: &str| v.get(name)?.as_i64();
        Some(Entry {
            key: text("key")?,
            game: text("game")?,
            players: usize::try_from(whole("players")?).ok()?,
            level: text("level")?,
            at: v.get("at")?.as_f64()?,
            won: v.get("won")?.as_bool()?,
            rank: usize::try_from(whole("rank")?).ok()?,
            result: whole("result")?,
            deals: u32::try_from(whole("deals")?).ok()?,
            daily: match v.get("daily") {
                None | Some(Value::Null) => None,
                Some(d) => Some(d.as_str()?.to_string()),
            },
        })
    }

    fn to_value(&self) -> Value {
        let mut v = serde_json::Map::new();
        let mut put = |name: &str, value: Value| {
            v.insert(name.into(), value);
        };
        put("key", self.key.as_str().into());
        put("game", self.game.as_str().into());
        put("players", self.players.into());
        put("level", self.level.as_str().into());
        put("at", self.at.into());
        put("won", self.won.into());
        put("rank", self.rank.into());
        put("result", self.result.into());
        put("deals", self.deals.into());
        if let Some(date) = &self.daily {
            put("daily", date.as_str().into());
        }
        Value::Object(v)
    }
}

/// The list `name` of a stored object, each item read by `read` (a missing list is empty); the
/// index of the first item that cannot be read.
fn list<T>(v: &Value, name: &str, read: impl Fn(&Value) -> Option<T>) -> Result<Vec<T>, StoreError> {
    let Some(items) = v.get(name) else { return Ok(Vec::new()) };
    let items = items.as_array().ok_or_else(|| StoreError::Unreadable(format!("“{name}” is not a list")))?;
    items
        .iter()
        .enumerate()
        .map(|(i, item)| read(item).ok_or_else(|| StoreError::Unreadable(format!("{name}[{i}] is not understood"))))
        .collect()
}

impl Store {
    /// Reads statistics of this format or an earlier one (migrated to this one).
    pub fn from_json(text: &str) -> Result<Store, StoreError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let value: Value = serde_json::from_str(text).map_err(|e| StoreError::Unreadable(format!("JSON: {e}")))?;
        let version = value.get("version").and_then(Value::as_u64).ok_or_else(|| StoreError::Unreadable("no format version".into()))?;
        match version {
            // Version 1 is the first format: a later one adds a step here that turns the one
            // before into its own, so that nothing stored by an earlier version is lost.
            1 => Ok(Store {
                version: VERSION,
                games: list(&value, "games", Entry::from_value)?,
                spent: list(&value, "spent", |k| k.as_str().map(str::to_string))?,
                daily: list(&value, "daily", |d| {
                    Some(DailyAttempt { game: d.get("game")?.as_str()?.to_string(), date: d.get("date")?.as_str()?.to_string() })
                })?,
            }),
            v if v > u64::from(VERSION) => Err(StoreError::Newer(v.min(u64::from(u32::MAX)) as u32)),
            v => Err(StoreError::Unreadable(format!("unknown format {v}"))),
        }
    }

    pub fn new() -> Store {
        Store { version: VERSION, ..Store::default() }
    }

    pub fn to_json(&self) -> String {
        let mut store = serde_json::Map::new();
        store.insert("version".into(), VERSION.into());
        store.insert("games".into(), self.games.iter().map(Entry::to_value).collect());
        store.insert("spent".into(), self.spent.iter().map(|k| Value::from(k.as_str())).collect());
        let daily = self.daily.iter().map(|d| {
            let mut attempt = serde_json::Map::new();
            attempt.insert("game".into(), d.game.as_str().into());
            attempt.insert("date".into(), d.date.as_str().into());
            Value::Object(attempt)
        });
        store.insert("daily".into(), daily.collect());
        Value::Object(store).to_string()
    }

    /// Whether the game with this key is counted, or will never be.
    pub fn knows(&self, key: &str) -> bool {
        self.games.iter().any(|g| g.key == key) || self.spent.iter().any(|k| k == key)
    }

    /// Marks a game as one that will not count.
    pub fn spend(&mut self, key: &str) {
        if !self.knows(key) {
            self.spent.push(key.to_string());
            let extra = self.spent.len().saturating_sub(SPENT_KEPT);
            self.spent.drain(..extra);
        }
    }

    /// Adds what `other` has and this store lacks (games by key, oldest first); the number of
    /// games added.
    pub fn merge(&mut self, other: Store) -> usize {
        let before = self.games.len();
        for entry in other.games {
            if !self.games.iter().any(|g| g.key == entry.key) {
                self.spent.retain(|k| *k != entry.key);
                self.games.push(entry);
            }
        }
        self.games.sort_by(|a, b| a.at.total_cmp(&b.at));
        for key in other.spent {
            self.spend(&key);
        }
        for attempt in other.daily {
            self.note_daily(attempt);
        }
        self.games.len() - before
    }

    /// Remembers a daily deal started; false if it had been started before.
    pub fn note_daily(&mut self, attempt: DailyAttempt) -> bool {
        if self.daily.contains(&attempt) {
            return false;
        }
        self.daily.push(attempt);
        let extra = self.daily.len().saturating_sub(DAILY_KEPT);
        self.daily.drain(..extra);
        true
    }

    /// Forgets every game, but not that they were counted: none of them counts again.
    pub fn reset(&mut self) {
        let keys: Vec<String> = self.games.drain(..).map(|g| g.key).collect();
        for key in keys {
            self.spend(&key);
        }
    }
}

/// The key of a game: its start (game, players, seats, options, seed, dealer, stacks, deals
/// given), without the moves or the names. Undos, reloads and other tabs keep it; a new game
/// (a fresh seed) has another.
pub fn game_key(record: &Record) -> String {
    let mut start = record.clone();
    start.actions.clear();
    start.names = None;
    start.unreadable_action = None;
    // FNV-1a, 64 bits: stable from one version to the next (std's hasher is not).
    let hash = start.to_json().bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));
    format!("{hash:016x}")
}

/// The stored statistics, or why they cannot be used (none stored: empty ones).
pub fn load() -> Result<Store, StoreError> {
    match storage::get(STATS_KEY) {
        None => Ok(Store::new()),
        Some(text) => Store::from_json(&text),
    }
}

/// Changes the stored statistics with `change` and writes them. Unreadable ones are first moved
/// to [`DAMAGED_KEY`] (after the copy it may hold already); a newer version's are left alone.
/// `Err` says why nothing was written.
pub fn update<R>(change: impl FnOnce(&mut Store) -> R) -> Result<R, String> {
    let mut store = match load() {
        Ok(store) => store,
        Err(StoreError::Newer(v)) => return Err(StoreError::Newer(v).text(Lang::En)),
        Err(StoreError::Unreadable(_)) => {
            let text = storage::get(STATS_KEY).unwrap_or_default();
            // A copy kept before stays: this one follows it.
            let kept = match storage::get(DAMAGED_KEY) {
                Some(kept) if kept != text && !kept.ends_with(&format!("\n\n{text}")) => format!("{kept}\n\n{text}"),
                _ => text,
            };
            storage::set(DAMAGED_KEY, &kept)?;
            Store::new()
        }
    };
    let result = change(&mut store);
    store.version = VERSION;
    storage::set(STATS_KEY, &store.to_json())?;
    Ok(result)
}

/// The chips a seat started with (the record's stacks, or its `start_chips`, or 100).
fn start_chips(record: &Record, seat: Seat) -> Chips {
    record
        .chips
        .as_ref()
        .and_then(|c| c.get(seat).copied())
        .or_else(|| record.options.get("start_chips").and_then(serde_json::Value::as_i64))
        .unwrap_or(100)
}

/// What a finished game counts as, from the one person at the screen; `None` for a game not
/// finished, shown read-only, or with no or several people at the screen.
pub fn outcome(session: &Session) -> Option<Entry> {
    let humans = session.humans();
    if humans.len() != 1 || session.read_only || !session.table.is_finished() {
        return None;
    }
    let me = humans[0];
    let table = &session.table;
    let winner = table.winner();
    let (scores, result): (Vec<i64>, i64) = match session.programmes() {
        Some(g) => {
            let done: Vec<i64> = (0..session.seats.len()).map(|s| i64::from(g.programs_done(s))).collect();
            let mine = done[me];
            (done, mine)
        }
        None => {
            let chips = table.chip_counts().to_vec();
            let mine = chips[me] - start_chips(&session.record, me);
            (chips, mine)
        }
    };
    // Equal scores share a place, except that the winner named by the rules is above his equals.
    let mut rank = 1 + scores.iter().filter(|&&s| s > scores[me]).count();
    if winner.is_some_and(|w| w != me && scores[w] == scores[me]) {
        rank += 1;
    }
    let mut levels = session.seats.iter().filter_map(|k| match k {
        crate::model::session::SeatKind::Computer(level) => Some(level.key()),
        crate::model::session::SeatKind::Human => None,
    });
    let first = levels.next().unwrap_or("mixed");
    let level = if levels.all(|l| l == first) { first } else { "mixed" };
    Some(Entry {
        key: game_key(&session.record),
        game: session.record.game.clone(),
        players: session.seats.len(),
        level: level.to_string(),
        at: js_sys::Date::now(),
        won: winner == Some(me),
        rank,
        result,
        deals: session.rounds_finished() as u32,
        daily: deal::date_of(&session.record),
    })
}

/// Counts the game on the table once the statistics' code is there (see [`count_finished`]).
pub fn count_soon(state: AppState) {
    if !state.host.persists() {
        return;
    }
    leptos::task::spawn_local(async move {
        if let Some(code) = stats_code().await {
            (code.count)(&state);
        }
    });
}

/// A record opened already finished was not played here: it never counts, not even when it
/// resumes after a reload.
pub fn opened_finished(state: AppState) {
    let Some(key) = state.session.with_untracked(|s| s.as_ref().filter(|s| s.table.is_finished()).map(|s| game_key(&s.record))) else {
        return;
    };
    leptos::task::spawn_local(async move {
        if let Some(code) = stats_code().await {
            (code.spend)(&key);
            state.stats_rev.try_update(|n| *n += 1);
        }
    });
}

/// Marks a game as one that will not count (if it is not counted already).
pub fn spend(key: &str) {
    let _ = update(|store| store.spend(key));
}

/// Notes that today's daily deal `game` (its `date` and [`game_key`]) has been put on the table,
/// once the statistics' code is there (see [`note_daily_start`]).
pub fn daily_started_soon(state: AppState, game: GameId, date: String, key: String) {
    leptos::task::spawn_local(async move {
        if let Some(code) = stats_code().await {
            (code.daily_started)(&state, game, &date, &key);
        }
    });
}

/// The first start of a game's daily deal on a day is the attempt that counts: a later one is
/// marked as not counting (unless that deal is counted already), and the player is told.
pub fn note_daily_start(state: &AppState, game: GameId, date: &str, key: &str) {
    let first = update(|store| {
        let first = store.note_daily(DailyAttempt { game: game.key().to_string(), date: date.to_string() });
        if !first {
            store.spend(key);
        }
        first
    });
    if first == Ok(false) {
        state.notices.push(crate::app::shell::notices::Msg::DailyRepeat);
    }
    state.stats_rev.update(|n| *n += 1);
}

/// Whether today's daily deal of `game` has been started on this browser (read without the
/// statistics' code: the new-game screen says so).
pub fn daily_tried(game: GameId, date: &str) -> bool {
    let Some(store) = storage::get(STATS_KEY).and_then(|t| serde_json::from_str::<Value>(&t).ok()) else { return false };
    store.get("daily").and_then(Value::as_array).is_some_and(|list| {
        list.iter()
            .any(|d| d.get("game").and_then(Value::as_str) == Some(game.key()) && d.get("date").and_then(Value::as_str) == Some(date))
    })
}

/// Counts the game on the table if it is finished and counts (once: a game already counted, or
/// one that must not count, is left as it is). Only on the site's own page.
pub fn count_finished(state: &AppState) {
    // A guided game is a lesson, not a game of the player's own.
    if !state.host.persists() || crate::app::shell::crash::crashed() || state.guide.with_untracked(Option::is_some) {
        return;
    }
    let Some(entry) = state.session.with_untracked(|s| s.as_ref().and_then(outcome)) else { return };
    if load().is_ok_and(|store| store.knows(&entry.key)) {
        return;
    }
    let counted = update(|store| {
        if store.knows(&entry.key) {
            return false;
        }
        store.games.push(entry);
        true
    });
    if counted == Ok(true) {
        state.stats_rev.update(|n| *n += 1);
    }
}

// ------------------------------------------------------------------ the view's chunk

/// What the statistics chunk gives the page: the dialog, the note under a game's final standings,
/// and the changes to the stored statistics (reading and writing them is in the chunk too: the
/// page needs them only once a game ends or a daily deal starts).
#[derive(Clone, Copy)]
pub struct StatsCode {
    pub dialog: GameView,
    pub note: GameView,
    /// [`count_finished`].
    pub count: fn(&AppState),
    /// [`note_daily_start`].
    pub daily_started: fn(&AppState, GameId, &str, &str),
    /// [`spend`].
    pub spend: fn(&str),
}

/// The statistics chunk.
pub static CHUNK: Chunk<StatsCode> = Chunk::new();

/// The statistics chunk's code, fetched once and shared; `None` when it cannot be downloaded.
async fn stats_code() -> Option<StatsCode> {
    CHUNK.load().await.ok()
}

/// The statistics dialog, once its code has arrived: fetched the first time it opens. A failed
/// download is said, and the next opening tries again.
#[component]
pub fn StatsHost() -> impl IntoView {
    let state = expect_context::<AppState>();
    // (A flag, not the code itself, in the signal: a signal of another type is more code on the
    // first visit.)
    let arrived = RwSignal::new(false);
    Effect::new(move |_| {
        if !state.stats_open.get() || arrived.get_untracked() {
            return;
        }
        leptos::task::spawn_local(async move {
            if stats_code().await.is_some() {
                arrived.try_set(true);
            } else {
                state.stats_open.set(false);
                state.notices.push(crate::app::shell::notices::Msg::StatsUnavailable);
            }
        });
    });
    // (`arrived` read first, so that it is tracked even before the code is there.)
    move || arrived.get().then(|| CHUNK.loaded()).flatten().map(|c| (c.dialog)())
}

/// Under a game's final standings (each game's view places it): the statistics chunk's note, which
/// says whether the game counted and, after a daily deal, gives the result to share. Nothing on a
/// host's page, in a position shown read-only, or while the chunk cannot be downloaded.
#[component]
pub fn GameOverSlot() -> impl IntoView {
    let state = expect_context::<AppState>();
    let arrived = RwSignal::new(false);
    if state.host.persists() && state.session.with_untracked(|s| s.as_ref().is_some_and(|s| !s.read_only)) {
        leptos::task::spawn_local(async move {
            if stats_code().await.is_some() {
                arrived.try_set(true);
            }
        });
    }
    move || arrived.get().then(|| CHUNK.loaded()).flatten().map(|c| (c.note)())
}
