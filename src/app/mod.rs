//! The browser UI (Leptos, client-side rendering).
//!
//! [`App`] holds what every screen shares ([`AppState`] in context: language, settings, the game
//! on the table, the message banner, the AI client) and switches between the screens: the
//! new-game form and the game (whose last state is the game-over standings).
//!
//! The game on the table is a [`Record`] plus the engine state replayed from it
//! ([`Session`](crate::model::session::Session)); every move goes through the engine, is appended to the
//! record and saved in localStorage, so a reload resumes exactly where the game was.

pub mod bonanza;
pub mod features;
pub mod game_code;
pub mod game_info;
pub mod games;
pub mod nain_jaune;
pub mod programmes;
pub mod services;
pub mod shell;
pub mod table;
use services::{i18n, settings, storage, url_params};
use shell::mount_stages::{self, later, MountStages};
use shell::{crash, focus_home, notices, offline};
use table::{ai_client, card_svg, flights};

use features::{daily, embed, guide, new_game, review, rules_text, stats};

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::engine::game::GameId;
use crate::model::session::{LoadError, Session, UndoRefused};
use crate::record::Record;
use ai_client::{AiClient, AiStatus};
use card_svg::FourColour;
use i18n::{ai_fallback, tr, Lang, T};
use notices::{Msg, NoticeAction, Notices};
use settings::{browser_lang, Settings, Speed};
use url_params::UrlParams;

/// The screens of the site.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    NewGame,
    Game,
}

/// What the screens share, provided as context by [`App`].
#[derive(Clone, Copy)]
pub struct AppState {
    pub lang: RwSignal<Lang>,
    pub settings: RwSignal<Settings>,
    pub screen: RwSignal<Screen>,
    /// The game on the table, if any (kept while the new-game form is open).
    pub session: RwSignal<Option<Session>>,
    pub notices: Notices,
    /// The address's parameters, read once at start (they prefill the new-game form).
    pub url: StoredValue<UrlParams>,
    pub rules_open: RwSignal<bool>,
    /// The statistics view is open (`stats::StatsHost`).
    pub stats_open: RwSignal<bool>,
    /// Bumped whenever this page changes the stored statistics (views that show them follow).
    pub stats_rev: RwSignal<u32>,
    /// Bumped by "Try again" after a computer seat failed to move.
    pub ai_retry: RwSignal<u64>,
    /// The review under way, if any (the table then shows its step, read-only).
    pub review: RwSignal<Option<review::ReviewState>>,
    /// The guided first game under way, if any (it is never saved).
    pub guide: RwSignal<Option<Guide>>,
    /// The site's own page, a frame, or a host page's element (`embed`).
    pub host: embed::Host,
    next_session_id: StoredValue<u64>,
    ai: StoredValue<AiClient, LocalStorage>,
}

impl AppState {
    pub fn ai(&self) -> AiClient {
        self.ai.get_value()
    }

    /// A fresh id for the next game put on the table.
    pub(crate) fn session_id(&self) -> u64 {
        let id = self.next_session_id.get_value();
        self.next_session_id.set_value(id + 1);
        id
    }

    /// Replays `record` and puts the game on the table (saved at once); on error nothing changes.
    pub fn put_on_table(&self, record: Record) -> Result<(), LoadError> {
        self.show_on_table(record, false)
    }

    /// The same, or with `read_only` a position that nobody moves in (and that is not saved).
    pub fn show_on_table(&self, record: Record, read_only: bool) -> Result<(), LoadError> {
        // Another game on the table ends a review or a guided game.
        self.guide.set(None);
        self.replace_table(record, read_only)?;
        self.review.set(None);
        // The table from its top (the new-game form is long: its start button is far down).
        self.scroll_to_page_top();
        Ok(())
    }

    /// Scrolls the page to its top, unless a host page holds the game (its scroll is its own).
    pub(crate) fn scroll_to_page_top(&self) {
        if let (Some(window), false) = (web_sys::window(), self.host.is_mounted()) {
            window.scroll_to_with_x_and_y(0.0, 0.0);
        }
    }

    pub(crate) fn replace_table(&self, record: Record, read_only: bool) -> Result<(), LoadError> {
        let mut session = Session::from_record(self.session_id(), record)?;
        session.read_only = read_only;
        if !read_only {
            self.save(&session.record);
            self.ai().start(session.table.game_id());
        }
        self.notices.clear_ai();
        self.session.set(Some(session));
        self.screen.set(Screen::Game);
        Ok(())
    }

    /// Whether a dialog of the top bar (rules, statistics) is open: play waits meanwhile (tracked).
    pub fn dialog_open(&self) -> bool {
        self.rules_open.get() || self.stats_open.get()
    }

    /// Whether "undo" is offered: on the table of a game against the computer, once the player
    /// has moved (reactive).
    pub fn can_undo(&self) -> bool {
        self.screen.get() == Screen::Game && self.session.with(|s| s.as_ref().is_some_and(|s| s.undo_point().is_some()))
    }

    /// Takes back the lone human's last move and the computer moves after it (see
    /// [`Session::taken_back`]); the game is then a new one on the table, so that no computer
    /// answer asked before lands in it.
    pub fn undo(&self) {
        let Some(taken_back) = self.session.with_untracked(|s| s.as_ref().map(Session::taken_back)) else { return };
        match taken_back {
            Ok(record) => {
                // A replay of a prefix of a record that replays: it cannot fail.
                if let Err(e) = self.replace_table(record, false) {
                    self.notices.push(Msg::StartFailed { reason: e.message });
                }
            }
            Err(UndoRefused::EarlierDeal) => self.notices.push(Msg::UndoEarlierDeal),
            Err(UndoRefused::Nothing) => {}
        }
    }

    /// Saves the record in localStorage (only on the site's own page: an embedded game never
    /// writes over the player's saved game; and never once the app has stopped on an error, see
    /// crash.rs); a refusal is reported once.
    pub fn save(&self, record: &Record) {
        // A guided game never takes the place of the saved one.
        if !self.host.persists() || crash::crashed() || self.guide.with_untracked(Option::is_some) {
            return;
        }
        match storage::save_current(record) {
            Ok(true) => self.notices.push(Msg::SetAside),
            Ok(false) => {}
            Err(reason) => self.notices.push(Msg::SaveFailed { reason }),
        }
    }

    pub fn set_lang(&self, lang: Lang) {
        self.lang.set(lang);
        self.settings.update(|s| s.lang = Some(lang));
        self.settings.get_untracked().save();
        url_params::spend_setting_param(self, "lang");
    }

    pub fn set_speed(&self, speed: Speed) {
        self.settings.update(|s| s.speed = speed);
        self.settings.get_untracked().save();
        url_params::spend_setting_param(self, "speed");
    }

    pub fn set_four_colour(&self, on: bool) {
        self.settings.update(|s| s.four_colour = on);
        self.settings.get_untracked().save();
    }

    pub fn set_play_forced(&self, on: bool) {
        self.settings.update(|s| s.choose_forced = !on);
        self.settings.get_untracked().save();
    }

    pub fn set_letter_keys(&self, on: bool) {
        self.settings.update(|s| s.letter_keys_off = !on);
        self.settings.get_untracked().save();
    }

    /// Whether the single-letter shortcuts are on (tracked).
    pub fn letter_keys(&self) -> bool {
        self.settings.with(|s| !s.letter_keys_off)
    }

    /// Whether a key press may be taken as a single-letter shortcut: they are on, no field has
    /// the keys, and no modifier is held (Ctrl+H and the like are the browser's).
    pub fn letter_shortcut(&self, ev: &web_sys::KeyboardEvent) -> bool {
        untrack(|| self.letter_keys()) && !typing_in_field(ev) && !ev.ctrl_key() && !ev.meta_key() && !ev.alt_key()
    }
}

/// The `aria-keyshortcuts` of a control with the single-letter shortcut `key` ("H"): none while
/// they are off (on, outside the app: a view drawn alone by a test). One closure type for every
/// control: each type is code of its own.
pub fn shortcut_attr(key: &'static str) -> impl Fn() -> Option<String> + Copy + Send + Sync + 'static {
    let state = use_context::<AppState>();
    move || state.is_none_or(|s| s.letter_keys()).then(|| key.to_lowercase())
}

/// Reads the saved game, if any. A save that cannot be replayed is kept (copied aside) and
/// reported; it is never deleted.
/// A guided first game under way (`guide.rs`; the game's book, e.g. `nain_jaune/guide.rs`, says
/// what happens at each step): its step, and when the computers wait for the guide's *Next*.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Guide {
    pub game: GameId,
    pub step: usize,
    /// The computers do not move while the game has this many moves (the guide explains).
    pub hold_at: Option<usize>,
    /// The index in the script of the player's move the guide waits for now, if any (set by the
    /// guide's panel; [`guide::awaited`] reads it for the views' `data-tutorial-target`).
    pub awaits: Option<usize>,
}

/// Starts `game`'s guided first game (the saved game stays as it is), once the guide's chunk,
/// which holds the deal, has arrived; if it cannot be downloaded, says so.
pub fn start_guide(state: &AppState, game: GameId) {
    let state = *state;
    leptos::task::spawn_local(async move {
        let Some(mut record) = guide::CHUNK.load().await.ok().and_then(|_| guide::guided_deal(game)) else {
            state.notices.push(Msg::GuideUnavailable);
            return;
        };
        record.actions.clear();
        state.review.set(None);
        // The computers wait until the guide's panel has said when they may move: a computer that
        // opens the deal would otherwise play before its first step is read.
        state.guide.set(Some(Guide { game, step: 0, hold_at: Some(0), awaits: None }));
        if let Err(e) = state.replace_table(record, false) {
            state.guide.set(None);
            state.notices.push(Msg::StartFailed { reason: e.message });
        }
    });
}

/// Ends the guided game: the saved game comes back (else the new-game form).
pub fn leave_guide(state: &AppState) {
    state.guide.set(None);
    state.session.set(None);
    state.screen.set(Screen::NewGame);
    resume(state);
}

fn resume(state: &AppState) {
    let Some(text) = storage::get(storage::CURRENT_KEY) else { return };
    storage::know_save(&text);
    let loaded = Record::from_json(&text).map_err(LoadError::from).and_then(|record| Session::from_record(state.session_id(), record));
    match loaded {
        Ok(session) => {
            state.session.set(Some(session));
            state.screen.set(Screen::Game);
            // A game that ended before the page closed, and was not counted then (counted once).
            if state.session.with_untracked(|s| s.as_ref().is_some_and(|s| s.table.is_finished())) {
                stats::count_soon(*state);
            }
        }
        Err(e) => {
            storage::keep_damaged(&text);
            state.notices.push(Msg::DamagedSave { reason: e.message, at: e.at });
        }
    }
}

/// The root component: mounts everything.
#[component]
pub fn App() -> impl IntoView {
    let (host, url) = embed::startup();
    let state = app_state(host, url);
    provide_context(state);
    provide_context(state.lang);
    provide_context(FourColour(Signal::derive(move || state.settings.with(|s| s.four_colour))));
    // The address (or the host) may start a game, today's daily deal or show a position; else the
    // saved game resumes.
    let url = state.url.get_value();
    if url.daily && host.persists() && !host.compact && url.position.is_none() {
        daily::start_from_link(&state, url.start_game());
    } else if !embed::start_from_params(&state, &url, false) && host.persists() {
        resume(&state);
    }
    // A game counts in the statistics when it ends here (once: see stats.rs).
    Effect::new(move |_| {
        if state.session.with(|s| s.as_ref().is_some_and(|s| s.table.is_finished() && !s.arrived_with.1)) {
            stats::count_soon(state);
        }
    });
    start_page_services(state);
    follow_lang_and_title(state);
    // The first build, in a few tasks under the first screen; on the site's own page the app then
    // shows (index.html's loading screen or first screen gives way).
    let staged = state.screen.get_untracked() == Screen::NewGame && mount_stages::first_screen_shown();
    provide_context(MountStages::start(staged, move || {
        if !host.is_mounted() {
            mount_stages::show_site_page();
        }
    }));

    // A compact page (embed=1) has no site header or footer.
    let full = !host.compact;
    view! {
        <a class="skip-link" href="#main">{tr(T::SkipLink)}</a>
        {later(1, move || full.then(|| view! { <TopBar /> }).into_any())}
        <NoticeBanner />
        <AiStatusBar />
        <embed::EmbedBar />
        // `at-table`: the game's screen fills the window below the bar (style/main.css, the stage).
        <main id="main" class="main" class:letter-keys-off=move || !state.letter_keys()
            class:at-table=move || state.screen.get() == Screen::Game tabindex="-1">
            // Without the site's header (whose title is the page's heading) a compact page still
            // has one, for screen readers.
            {(!full).then(|| view! { <h1 class="sr-only">"Tapis"</h1> })}
            {move || match state.screen.get() {
                Screen::NewGame => view! { <new_game::NewGameScreen /> }.into_any(),
                Screen::Game => view! { <GameScreen /> }.into_any(),
            }}
        </main>
        {later(mount_stages::LAST, move || {
            view! {
                <rules_text::RulesDialog />
                {full.then(|| view! { <stats::StatsHost /> })}
                {full.then(|| view! {
                    <footer class="footer">
                        <span>{tr(T::Tagline)}</span>
                    </footer>
                })}
            }
            .into_any()
        })}
    }
}

/// The app's state at its start: the preferences, the address's and the notices of its problems.
fn app_state(host: embed::Host, url: UrlParams) -> AppState {
    let mut settings = Settings::load();
    if let Some(speed) = url.speed {
        settings.speed = speed;
    }
    let lang = url.lang.or(settings.lang).unwrap_or_else(browser_lang);
    let notices = Notices::new();
    for problem in &url.problems {
        notices.push(Msg::Url(problem.clone()));
    }
    AppState {
        lang: RwSignal::new(lang),
        settings: RwSignal::new(settings),
        screen: RwSignal::new(Screen::NewGame),
        session: RwSignal::new(None),
        notices,
        url: StoredValue::new(url),
        rules_open: RwSignal::new(false),
        stats_open: RwSignal::new(false),
        stats_rev: RwSignal::new(0),
        ai_retry: RwSignal::new(0),
        review: RwSignal::new(None),
        guide: RwSignal::new(None),
        host,
        next_session_id: StoredValue::new(1),
        ai: StoredValue::new_local(AiClient::new()),
    }
}

/// What the page starts besides the views: the host's messages, the focus and the flights
/// watched, the offline copy and the crash marks (on the site's own page).
fn start_page_services(state: AppState) {
    let host = state.host;
    embed::connect(state);
    let focus_root = host.element().map(web_sys::Element::from).or_else(|| web_sys::window()?.document()?.body().map(Into::into));
    if let Some(root) = focus_root {
        focus_home::keep_focus_home(&root);
        flights::watch(&root);
    }
    Effect::new(move |_| flights::set_duration(state.settings.with(|s| s.speed.flight_ms())));
    // The offline copy is for the site's own page: a frame would fetch the whole build again for
    // a reader of someone else's page (and, framed by another site, into that site's partition).
    if host.persists() {
        offline::register_service_worker();
        crash::mark_saves();
    }
}

/// `<html lang>` and the title follow the language and the game on the table (a host page keeps
/// its own title).
fn follow_lang_and_title(state: AppState) {
    let host = state.host;
    Effect::new(move |_| {
        let lang = state.lang.get();
        let game = state.session.with(|s| s.as_ref().map(|s| s.table.game_id()));
        if let Some(element) = host.element() {
            let _ = element.set_attribute("lang", lang.code());
            return;
        }
        if let Some(document) = web_sys::window().and_then(|w| w.document()) {
            if let Some(root) = document.document_element() {
                let _ = root.set_attribute("lang", lang.code());
            }
            let (en, fr) = game.map_or(games::GAMES[0], games::info).page_title;
            document.set_title(lang.pick(en, fr));
        }
    });
}

/// The session as one game's table reads it: its own game, or none once another has been put on
/// the table. The old table's memos may run once more before its view goes, and they must not
/// read a game of another size with the old one's seats (a panic opening a record of fewer
/// players used to freeze the page).
#[derive(Clone, Copy)]
pub struct TableSession {
    signal: RwSignal<Option<Session>>,
    id: u64,
}

impl TableSession {
    /// The table of the session on the table now.
    pub fn current(signal: RwSignal<Option<Session>>) -> TableSession {
        let id = signal.with_untracked(|s| s.as_ref().map_or(0, |s| s.id));
        TableSession { signal, id }
    }

    fn mine<'a>(&self, s: &'a Option<Session>) -> &'a Option<Session> {
        const NONE: &Option<Session> = &None;
        if s.as_ref().is_some_and(|s| s.id == self.id) {
            s
        } else {
            NONE
        }
    }

    pub fn with<R>(&self, f: impl FnOnce(&Option<Session>) -> R) -> R {
        self.signal.with(|s| f(self.mine(s)))
    }

    pub fn with_untracked<R>(&self, f: impl FnOnce(&Option<Session>) -> R) -> R {
        self.signal.with_untracked(|s| f(self.mine(s)))
    }

    /// Changes this table's session (nothing once another game is on the table).
    pub fn update(&self, f: impl FnOnce(&mut Session)) {
        self.signal.update(|s| {
            if let Some(s) = s.as_mut().filter(|s| s.id == self.id) {
                f(s)
            }
        });
    }
}

/// The game on the table, drawn by its game's view (afresh for every game put on the table).
///
/// Each game's view is in a wasm chunk of its own ([`game_code`]), fetched the first time a game
/// of it is put on the table (or earlier, while the new-game form shows it chosen): until then the
/// table says it is loading or, if the download failed, offers to try again. Once a game's code is
/// there, its view is drawn at once: the old table goes in the same step as the new one comes.
#[component]
fn GameScreen() -> impl IntoView {
    let state = expect_context::<AppState>();
    let on_table = Memo::new(move |_| state.session.with(|s| s.as_ref().map(|s| (s.id, s.table.game_id()))));
    // Bumped when a game's code has arrived; the game whose download failed last.
    let arrived = RwSignal::new(0u32);
    let failed = RwSignal::new(None::<GameId>);
    // Bumped by "Try again" after a game's code failed to download.
    let retry = RwSignal::new(0u32);
    Effect::new(move |_| {
        retry.track();
        let Some((_, game)) = on_table.get() else { return };
        if game_code::loaded(game).is_some() {
            return;
        }
        failed.set(None);
        leptos::task::spawn_local(async move {
            match game_code::load(game).await {
                Ok(_) => arrived.try_update(|n| *n += 1),
                Err(game_code::LoadFailed) => failed.try_set(Some(game)).map(|_| ()),
            };
        });
    });
    let shown = Memo::new(move |_| {
        arrived.track();
        on_table.get().map(|(id, game)| (id, game, game_code::loaded(game).is_some(), failed.get() == Some(game)))
    });
    move || match shown.get() {
        Some((_, game, true, _)) => game_code::loaded(game).map_or_else(
            || ().into_any(),
            // A review's panel comes with its step's table (both are drawn afresh at each step).
            |code| {
                let panel = state.review.with_untracked(Option::is_some).then(|| game_code::REVIEW.loaded()).flatten();
                view! { {panel.map(|review| (review.panel)())} {(code.view)()} }.into_any()
            },
        ),
        Some((_, _, false, true)) => view! {
            <div class="notice game-load" role="alert" data-testid="game-load-failed">
                <p class="notice-text">{tr(T::GameLoadFailed)}</p>
                <button type="button" class="btn btn-primary" data-testid="game-load-retry" on:click=move |_| retry.update(|n| *n += 1)>
                    {tr(T::TryAgain)}
                </button>
            </div>
        }
        .into_any(),
        Some(_) => view! {
            <p class="game-load" role="status" data-testid="game-loading">{tr(T::GameLoading)}</p>
        }
        .into_any(),
        None => {
            // Nothing on the table: back to the new-game form.
            state.screen.set(Screen::NewGame);
            ().into_any()
        }
    }
}

/// Whether a key press is meant for a text field or a list (so it is no shortcut); radio buttons
/// and check boxes leave the letters to the shortcuts.
pub fn typing_in_field(ev: &web_sys::KeyboardEvent) -> bool {
    ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()).is_some_and(|el| match el.tag_name().as_str() {
        "INPUT" => !matches!(el.get_attribute("type").as_deref(), Some("radio" | "checkbox")),
        tag => matches!(tag, "SELECT" | "TEXTAREA"),
    })
}

/// Whether the app may move the keyboard focus on its own (a turn begins, a dialog opens). Not in
/// a frame the reader is not using: the focus would leave the host page, and the browser would
/// scroll the host page to the frame (a rules page with several games would jump from one to the
/// next as they start).
pub fn may_take_focus() -> bool {
    let Some(window) = web_sys::window() else { return false };
    let framed = window.parent().ok().flatten().is_some_and(|parent| parent != window);
    !framed || window.document().and_then(|d| d.has_focus().ok()).unwrap_or(true)
}

/// Calls `on_change` with the mutation records after each batch of elements added to or removed
/// from `root`'s tree, for the rest of the page's life (focus_home.rs, flights.rs).
pub fn watch_tree(root: &web_sys::Element, on_change: Box<dyn FnMut(js_sys::Array)>) {
    let on_change = wasm_bindgen::closure::Closure::wrap(on_change);
    let Ok(observer) = web_sys::MutationObserver::new(on_change.as_ref().unchecked_ref()) else { return };
    let options = web_sys::MutationObserverInit::new();
    options.set_child_list(true);
    options.set_subtree(true);
    let _ = observer.observe_with_options(root, &options);
    on_change.forget();
}

/// The largest record file "Open a record…" reads, in bytes.
const MAX_RECORD_FILE: u64 = 5_000_000;

/// The bar at the top: title, new game, rules, record download and upload, preferences.
#[component]
fn TopBar() -> impl IntoView {
    let state = expect_context::<AppState>();
    let lang = state.lang;
    let has_game = move || state.session.with(|s| s.is_some());
    // The game-over panel has its own "New game" button with this test id; only one at a time.
    let game_over_shown =
        move || state.screen.get() == Screen::Game && state.session.with(|s| s.as_ref().is_some_and(|s| s.game_over_shown()));
    // U (or Ctrl+Z, ⌘Z) takes the move back, unless a field or a dialog has the keys (the
    // button is by the hint's, see `hint::HintRow`).
    let undo_key = window_event_listener(leptos::ev::keydown, move |ev: web_sys::KeyboardEvent| {
        // A key pressed outside a field: a keyboard is at hand, and the letters of the shortcuts
        // show from now on even where the only pointer is a finger (style/main.css, `.kbd`).
        if !typing_in_field(&ev) {
            if let Some(main) = document().get_element_by_id("main") {
                let _ = main.class_list().add_1("keys-used");
            }
        }
        let key = ev.key();
        let chord = (ev.ctrl_key() || ev.meta_key()) && key.eq_ignore_ascii_case("z");
        let plain = key.eq_ignore_ascii_case("u") && state.letter_shortcut(&ev);
        let dialog_open = state.rules_open.get_untracked() || state.stats_open.get_untracked();
        if !(chord || plain) || typing_in_field(&ev) || dialog_open || !untrack(|| state.can_undo()) {
            return;
        }
        ev.prevent_default();
        state.undo();
    });
    on_cleanup(move || undo_key.remove());
    // On a phone (and a short small screen) the record buttons and the preferences fold behind
    // "More" (CSS shows the toggle there only): unfolded, the bar took four rows, a quarter of a
    // 390×844 screen.
    let more_open = RwSignal::new(false);
    view! {
        <header class="topbar" class:more-open=move || more_open.get()>
            <div class="brand">
                <span class="brand-mark" aria-hidden="true">"♦"</span>
                <h1 class="brand-name">"Tapis"</h1>
                <span class="brand-tag">{tr(T::Tagline)}</span>
            </div>
            <nav class="topbar-actions" aria-label=move || T::Settings.text(lang.get())>
                <button
                    type="button"
                    class="btn btn-primary"
                    data-testid=move || if game_over_shown() { "menu-new-game" } else { "new-game-button" }
                    on:click=move |_| state.screen.set(Screen::NewGame)
                >
                    {tr(T::NewGame)}
                </button>
                <button type="button" class="btn" on:click=move |_| state.rules_open.set(true)>
                    {tr(T::Rules)}
                </button>
                <button type="button" id="stats-open" class="btn folds" data-testid="stats-open" on:click=move |_| state.stats_open.set(true)>
                    {tr(T::Statistics)}
                </button>
                <button
                    type="button"
                    class="btn more-toggle"
                    data-testid="more-settings"
                    aria-controls="stats-open export-record import-picker prefs"
                    aria-expanded=move || more_open.get().to_string()
                    on:click=move |_| more_open.update(|open| *open = !*open)
                >
                    {tr(T::MoreSettings)}
                    <span class="more-chevron" aria-hidden="true">"▾"</span>
                </button>
                <RecordButtons has_game />
            </nav>
            <Prefs />
        </header>
    }
}

/// The record's two buttons: download the game's record, open one (they fold behind "More" on a
/// phone, with the preferences).
#[component]
fn RecordButtons(has_game: impl Fn() -> bool + Copy + Send + Sync + 'static) -> impl IntoView {
    let state = expect_context::<AppState>();
    let export = move |_| {
        let Some(record) = state.session.with_untracked(|s| s.as_ref().map(|s| s.record.clone())) else { return };
        if let Err(reason) = storage::download(&storage::record_file_name(&record), &record.to_json(), "application/json") {
            state.notices.push(Msg::DownloadFailed { reason });
        }
    };
    let import = move |ev: leptos::ev::Event| {
        let Some(input) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) else { return };
        let Some(file) = input.files().and_then(|files| files.get(0)) else { return };
        // Let the same file be chosen again after a fix.
        input.set_value("");
        let name = file.name();
        // A game record is a few hundred kilobytes at most: a larger file is refused before it is
        // read (reading and checking 20 MB froze the page for seconds).
        if file.size() > MAX_RECORD_FILE as f64 {
            // (In tenths of a megabyte by hand: formatting a float would add its code to the page.)
            let tenths = (file.size() / 1e5) as u64;
            let reason =
                format!("the file is {}.{} MB; a game record is at most {} MB", tenths / 10, tenths % 10, MAX_RECORD_FILE / 1_000_000);
            state.notices.push(Msg::ImportFailed { file: name, reason, at: None });
            return;
        }
        leptos::task::spawn_local(async move {
            let loaded = match storage::read_text(file).await {
                Err(reason) => Err(LoadError { message: reason, at: None }),
                Ok(text) => Record::from_json(&text).map_err(LoadError::from).and_then(|record| state.put_on_table(record)),
            };
            if loaded.is_ok() {
                stats::opened_finished(state);
            }
            if let Err(e) = loaded {
                state.notices.push(Msg::ImportFailed { file: name, reason: e.message, at: e.at });
            }
        });
    };
    view! {
        <button
            type="button"
            id="export-record"
            class="btn folds"
            data-testid="export-record"
            disabled=move || !has_game()
            on:click=export
        >
            {tr(T::DownloadRecord)}
        </button>
        <span id="import-picker" class="file-picker folds">
            <input
                id="import-record"
                class="file-input"
                type="file"
                accept=".json,application/json"
                data-testid="import-record"
                on:change=import
            />
            <label for="import-record" class="btn">{tr(T::OpenRecord)}</label>
        </span>
    }
}

/// The preferences of the bar: the speed, the check boxes, the language.
#[component]
fn Prefs() -> impl IntoView {
    let state = expect_context::<AppState>();
    let lang = state.lang;
    view! {
        <div id="prefs" class="prefs folds">
            <label class="pref pref-speed">
                <span class="pref-label">{tr(T::SpeedShort)}</span>
                <select
                    data-testid="speed"
                    aria-label=move || T::Speed.text(lang.get())
                    prop:value=move || state.settings.with(|s| s.speed.key())
                    on:change=move |ev| {
                        if let Some(speed) = Speed::from_key(&event_target_value(&ev)) {
                            state.set_speed(speed);
                        }
                    }
                >
                    {Speed::ALL
                        .into_iter()
                        .map(|speed| {
                            view! {
                                <option value=speed.key() selected=move || state.settings.with(|s| s.speed == speed)>
                                    {move || speed.label(lang.get())}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </label>
            // The two check boxes one above the other on a wide screen: the bar keeps one row.
            <div class="pref-checks">
                <label class="pref pref-check">
                    <input
                        type="checkbox"
                        data-testid="four-colour"
                        prop:checked=move || state.settings.with(|s| s.four_colour)
                        on:change=move |ev| state.set_four_colour(event_target_checked(&ev))
                    />
                    <span>{tr(T::FourColour)}</span>
                </label>
                <label class="pref pref-check" title=move || T::LetterKeysTitle.text(lang.get())>
                    <input
                        type="checkbox"
                        data-testid="letter-keys"
                        prop:checked=move || state.letter_keys()
                        on:change=move |ev| state.set_letter_keys(event_target_checked(&ev))
                    />
                    <span>{tr(T::LetterKeys)}</span>
                </label>
                <label class="pref pref-check" title=move || T::PlayForcedTitle.text(lang.get())>
                    <input
                        type="checkbox"
                        data-testid="play-forced"
                        prop:checked=move || state.settings.with(|s| !s.choose_forced)
                        on:change=move |ev| state.set_play_forced(event_target_checked(&ev))
                    />
                    <span>{tr(T::PlayForced)}</span>
                </label>
            </div>
            <LangSwitch />
        </div>
    }
}

/// The two languages, the one in use pressed.
#[component]
fn LangSwitch() -> impl IntoView {
    let state = expect_context::<AppState>();
    let lang = state.lang;
    view! {
        <div class="lang-switch" role="group" aria-label=move || T::Language.text(lang.get())>
            {Lang::ALL
                .into_iter()
                .map(|l| {
                    view! {
                        <button
                            type="button"
                            class="btn btn-lang"
                            data-testid=format!("lang-{}", l.code())
                            lang=l.code()
                            aria-pressed=move || (lang.get() == l).to_string()
                            title=l.own_name()
                            on:click=move |_| state.set_lang(l)
                        >
                            {l.code().to_uppercase()}
                        </button>
                    }
                })
                .collect_view()}
        </div>
    }
}

/// Errors and notices, each dismissible (one region: `data-testid="error"`).
#[component]
fn NoticeBanner() -> impl IntoView {
    let state = expect_context::<AppState>();
    let lang = state.lang;
    let list = state.notices.list();
    let run_action = move |action: NoticeAction, id: u64| match action {
        NoticeAction::DownloadDamaged => {
            if let Some(text) = storage::damaged() {
                if let Err(reason) = storage::download("tapis-damaged-save.json", &text, "application/json") {
                    state.notices.push(Msg::DownloadFailed { reason });
                }
            }
        }
        NoticeAction::RetryAi => {
            state.notices.dismiss(id);
            state.ai_retry.update(|n| *n += 1);
        }
        NoticeAction::ResumeSetAside => {
            state.notices.dismiss(id);
            let Some(aside) = storage::get(storage::SET_ASIDE_KEY) else { return };
            let current = state.session.with_untracked(|s| s.as_ref().map(|s| s.record.to_json()));
            // The game on the table goes aside in its turn: going back and forth loses neither,
            // and a game put aside that cannot be replayed stays where it is.
            let _ = current.map(|current| storage::set(storage::SET_ASIDE_KEY, &current));
            if let Err(e) = Record::from_json(&aside).map_err(LoadError::from).and_then(|record| state.put_on_table(record)) {
                let _ = storage::set(storage::SET_ASIDE_KEY, &aside);
                storage::keep_damaged(&aside);
                state.notices.push(Msg::DamagedSave { reason: e.message, at: e.at });
            }
        }
    };
    view! {
        <Show when=move || list.with(|l| !l.is_empty())>
            <section class="notices" data-testid="error" role="alert" aria-label=move || T::Notices.text(lang.get())>
                <For each=move || list.get() key=|n| n.id let:notice>
                    {
                        let id = notice.id;
                        let msg = notice.msg.clone();
                        let action = msg.action();
                        view! {
                            <div class="notice">
                                <p class="notice-text">{move || msg.text(lang.get())}</p>
                                <div class="notice-buttons">
                                    {action.map(|a| view! {
                                        <button type="button" class="btn btn-small" on:click=move |_| run_action(a, id)>
                                            {tr(a.label())}
                                        </button>
                                    })}
                                    <button type="button" class="btn btn-small btn-quiet" on:click=move |_| state.notices.dismiss(id)>
                                        {tr(T::Dismiss)}
                                    </button>
                                </div>
                            </div>
                        }
                    }
                </For>
            </section>
        </Show>
    }
}

/// Where the computer players think: quiet while all is well, a visible notice when the worker
/// could not start and moves are computed on the page.
#[component]
fn AiStatusBar() -> impl IntoView {
    let state = expect_context::<AppState>();
    let status = state.ai().status();
    let lang = state.lang;
    view! {
        <div
            class="ai-status"
            class:ai-fallback=move || matches!(status.get(), AiStatus::Fallback(_))
            data-testid="ai-status"
            data-status=move || match status.get() {
                AiStatus::Idle => "idle",
                AiStatus::Loading => "loading",
                AiStatus::Ready => "ready",
                AiStatus::Fallback(_) => "fallback",
            }
            role="status"
        >
            {move || match status.get() {
                AiStatus::Idle => String::new(),
                AiStatus::Loading => T::AiLoading.text(lang.get()).to_string(),
                AiStatus::Ready => T::AiReady.text(lang.get()).to_string(),
                AiStatus::Fallback(reason) => ai_fallback(lang.get(), &reason),
            }}
        </div>
    }
}
