//! The game inside someone else's page (docs/embedding.md):
//!
//! - **iframe**: `embed=1` gives a compact page (no site header, sized by its content, a link to
//!   open the same game in a new tab); game parameters start the game directly; `position=` shows
//!   a moment of a game, read-only or playable. The frame tells its parent window what happens
//!   (`ready`, `resize`, `move`, `game_over`) and takes a few commands from it (`new_game`,
//!   `show_position`, `set_lang`), all as `{ "source": "tapis", "version": 1, "type": … }`.
//! - **same-origin mounting**: `mount_tapis(element, params, base)` (exported by the app binary,
//!   src/main.rs) mounts the whole app into an element of the host page, with the same parameters;
//!   messages then travel as DOM events on that element (`tapis` out, `tapis-command` in).
//!
//! The rest of the app asks [`Host`] whether it may save (an embedded game never writes over the
//! site's saved game); where its own files are is `address::base_url`.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use leptos::prelude::*;
use serde_json::{json, Value};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::record::{codec, Record};

use crate::app::services::i18n::Lang;
use crate::app::services::url_params::{
    query_pairs, random_seed, scalar, spend_start_params, PositionMode, UrlParams, UrlProblem, DEFAULT_PLAYERS, OPTION_PREFIX,
};
use crate::app::shell::notices::Msg;
use crate::app::AppState;
use crate::model::session::{default_names, SeatKind};

/// Every message carries `"source": "tapis"` and this version.
pub const MESSAGE_VERSION: u64 = 1;
const SOURCE: &str = "tapis";
/// The DOM events of a mounted game: what happens (out), and the host's commands (in).
pub const EVENT_OUT: &str = "tapis";
pub const EVENT_IN: &str = "tapis-command";
/// Where the app lives.
#[derive(Clone, Copy)]
pub struct Host {
    /// `embed=1`: the compact page (no site header or footer).
    pub compact: bool,
    /// The host page's element the app is mounted in (`mount_tapis`).
    mounted: StoredValue<Option<web_sys::HtmlElement>, LocalStorage>,
    /// In an iframe: the parent window is told what happens and listened to.
    framed: bool,
    /// A text shown above the table (`caption=`, or a host's `show_position`).
    pub caption: RwSignal<Option<String>>,
}

impl Host {
    /// The host page's element, when mounted.
    pub fn element(&self) -> Option<web_sys::HtmlElement> {
        self.mounted.get_value()
    }

    pub fn is_mounted(&self) -> bool {
        self.mounted.with_value(Option::is_some)
    }

    /// Whether the game is saved in localStorage and resumed: only on the site's own page (a
    /// frame or a mounted game never writes over the player's saved game).
    pub fn persists(&self) -> bool {
        !self.compact && !self.framed && !self.is_mounted()
    }

    /// Whether someone is told what happens (a parent window, or the page the game is mounted in).
    fn has_listener(&self) -> bool {
        self.framed || self.is_mounted()
    }
}

struct PendingMount {
    element: web_sys::HtmlElement,
    params: String,
}

thread_local! {
    /// Set by [`mount`] for the `App` it is about to mount.
    static PENDING_MOUNT: RefCell<Option<PendingMount>> = const { RefCell::new(None) };
}

/// Mounts the app into `element` of a host page with `params` (the same query string as the
/// address: `game=nain-jaune&seats=human,easy,easy&embed=1`); `base` is the URL of the directory
/// of the build (absolute, or relative to the host page), needed when the host page lives
/// elsewhere than the build.
pub fn mount(element: web_sys::HtmlElement, params: String, base: Option<String>) -> Result<(), JsValue> {
    if let Some(base) = base {
        let page = crate::app::services::address::base_url().ok_or_else(|| JsValue::from_str("tapis: the page has no base URI"))?;
        let mut resolved = web_sys::Url::new_with_base(&base, &page)?.href();
        if !resolved.ends_with('/') {
            resolved.push('/');
        }
        crate::app::services::address::set_base(resolved);
    }
    PENDING_MOUNT.with(|p| *p.borrow_mut() = Some(PendingMount { element: element.clone(), params }));
    leptos::mount::mount_to(element, crate::app::App).forget();
    Ok(())
}

/// Where the app starts and with which parameters: a pending mount's, or the address's.
pub fn startup() -> (Host, UrlParams) {
    let pending = PENDING_MOUNT.with(|p| p.borrow_mut().take());
    let (pairs, element) = match pending {
        Some(m) => (query_pairs(&m.params), Some(m.element)),
        None => (UrlParams::location_pairs(), None),
    };
    let params = UrlParams::parse(&pairs);
    let framed = element.is_none() && parent_window().is_some();
    let host = Host { compact: params.embed, mounted: StoredValue::new_local(element.clone()), framed, caption: RwSignal::new(None) };
    let class = if params.embed { "tapis-embed" } else { "tapis-full" };
    match element {
        Some(el) => {
            let _ = el.class_list().add_2("tapis-mounted", class);
        }
        None => {
            if let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) {
                let _ = root.class_list().add_1(class);
            }
        }
    }
    (host, params)
}

/// The parent window, when the page is in a frame.
fn parent_window() -> Option<web_sys::Window> {
    let window = web_sys::window()?;
    let parent = window.parent().ok().flatten()?;
    (!js_sys::Object::is(&parent, &window)).then_some(parent)
}

/// Starts what `params` ask for: a position (`position=`), or a new game when the address says
/// so (`autostart=1`, `embed=1` with `game=`) or a host asks (`from_host`). Returns whether
/// something was put on the table; what goes wrong is shown in the banner.
pub fn start_from_params(state: &AppState, params: &UrlParams, from_host: bool) -> bool {
    let lang = state.lang.get_untracked();
    if let Some(game) = params.tutorial {
        // On its way (the guide's chunk first); a download that fails is said in the banner.
        crate::app::start_guide(state, game);
        return true;
    }
    if let Some(record) = &params.review {
        // The whole game at once, read-only; the review comes with the game's code.
        if let Err(e) = state.replace_table(record.clone(), true) {
            state.notices.push(Msg::Url(UrlProblem::Review(e.message)));
            return false;
        }
        let (state, record, at) = (*state, record.clone(), params.review_at);
        let game = state.session.with_untracked(|s| s.as_ref().map(|s| s.table.game_id()));
        leptos::task::spawn_local(async move {
            // The game's code first (the table and the decisions need it); if it cannot come,
            // the table says so and offers to try again.
            let Some(Ok(_)) = (match game {
                Some(game) => Some(crate::app::game_code::load(game).await),
                None => None,
            }) else {
                return;
            };
            crate::app::features::review::start(state, record, at, None).await;
        });
        return true;
    }
    let (result, read_only) = if let Some(record) = &params.position {
        let mut record = record.clone();
        if let Some(seats) = &params.seats {
            if seats.len() == record.players {
                record.seats = Some(seats.iter().map(|k| k.key().to_string()).collect());
            } else {
                state.notices.push(Msg::Url(UrlProblem::SeatCount(seats.len(), record.players)));
            }
        }
        let read_only = params.position_mode == PositionMode::View;
        let shown = state.show_on_table(record, read_only).map_err(|e| Msg::Url(UrlProblem::Position { reason: e.message, at: e.at }));
        (shown, read_only)
    } else if from_host || params.starts_directly() {
        let shown = state.put_on_table(new_record(params, lang)).map_err(|e| Msg::StartFailed { reason: e.message });
        (shown, false)
    } else {
        return false;
    };
    match result {
        Ok(()) => {
            state.host.caption.set(params.caption.clone());
            if !from_host && !read_only {
                spend_start_params(state);
            }
            true
        }
        Err(msg) => {
            state.notices.push(msg);
            false
        }
    }
}

/// The record of a new game as `params` describe it (defaults: the first game, 4 players, you
/// against easy computers, a fresh seed).
fn new_record(params: &UrlParams, lang: Lang) -> Record {
    let game = params.start_game();
    let (lo, hi) = game.player_range();
    let players = params.players.unwrap_or(DEFAULT_PLAYERS).clamp(lo, hi);
    let mut seats: Vec<SeatKind> = params.seats.clone().unwrap_or_else(|| {
        (0..players).map(|s| if s == 0 { SeatKind::Human } else { SeatKind::Computer(crate::ai::Level::Easy) }).collect()
    });
    seats.resize(players, SeatKind::Computer(crate::ai::Level::Easy));
    let mut record = crate::app::games::new_record(game, players, params.seed.unwrap_or_else(random_seed));
    record.options = params.options.clone();
    record.seats = Some(seats.iter().map(|k| k.key().to_string()).collect());
    record.names = Some(default_names(&seats, lang));
    record
}

// ------------------------------------------------------------------ messages to the host

/// Sends `{source, version, type, …fields}` to the parent window (any origin: nothing secret
/// travels) or, when mounted, as a `tapis` event on the element.
fn post(host: Host, kind: &str, mut fields: Value) {
    fields["source"] = SOURCE.into();
    fields["version"] = MESSAGE_VERSION.into();
    fields["type"] = kind.into();
    let Ok(data) = js_sys::JSON::parse(&fields.to_string()) else { return };
    if let Some(element) = host.mounted.get_value() {
        let init = web_sys::CustomEventInit::new();
        init.set_detail(&data);
        if let Ok(event) = web_sys::CustomEvent::new_with_event_init_dict(EVENT_OUT, &init) {
            let _ = element.dispatch_event(&event);
        }
    } else if let Some(parent) = parent_window() {
        let _ = parent.post_message(&data, "*");
    }
}

/// What the host is told when the frame starts: which game is shown, and how.
fn ready_fields(state: &AppState) -> Value {
    state.session.with_untracked(|s| {
        let (game, mode) = match s {
            Some(s) => (Value::from(s.table.game_id().key()), if s.read_only { "view" } else { "play" }),
            None => (Value::Null, "setup"),
        };
        json!({ "game": game, "mode": mode, "lang": state.lang.get_untracked().code() })
    })
}

/// Connects the app to its host, if it has one: the commands it sends, and the messages it gets
/// (ready now; resize, move and game_over as they happen).
pub fn connect(state: AppState) {
    let host = state.host;
    if !host.has_listener() {
        return;
    }
    listen_for_commands(state);
    report_moves(state);
    if host.framed {
        report_height(host);
    }
    post(host, "ready", ready_fields(&state));
}

/// Every move and the end of the game, once each (the moves a position arrives with are not
/// news; nor is the end of a position shown already finished). Counted from what the game arrived
/// with, not from what this effect first saw: moves played before it first runs are news too.
fn report_moves(state: AppState) {
    let host = state.host;
    // (session id, actions already reported, game over already reported)
    let seen = std::cell::Cell::new((0u64, 0usize, false));
    Effect::new(move |_| {
        let mut out = Vec::new();
        state.session.with(|s| {
            let Some(s) = s else { return };
            let (mut id, mut reported, mut over) = seen.get();
            if s.id != id {
                (id, (reported, over)) = (s.id, s.arrived_with);
            }
            let len = s.record.actions.len();
            for (index, a) in s.record.actions.iter().enumerate().skip(reported) {
                out.push(("move", json!({ "seat": a.seat, "action": a.action, "index": index, "game": s.record.game })));
            }
            let finished = s.table.is_finished();
            if finished && !over {
                out.push((
                    "game_over",
                    json!({
                        "game": s.record.game,
                        "result": { "winner": s.table.winner(), "chips": s.table.chip_counts() },
                        "names": s.names,
                    }),
                ));
            }
            seen.set((id, len, over || finished));
        });
        // Sent once the session is no longer borrowed: a host may answer at once.
        for (kind, fields) in out {
            post(host, kind, fields);
        }
    });
}

/// `resize` with the content's height (CSS pixels, rounded up) whenever it changes, so the host
/// can size the frame: the compact page never stretches to its frame, so the height is the
/// content's own.
fn report_height(host: Host) {
    let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) else { return };
    let last = Rc::new(Cell::new(-1i64));
    let measured = root.clone();
    let on_resize = Closure::<dyn FnMut()>::new(move || {
        let height = measured.get_bounding_client_rect().height().ceil() as i64;
        if height != last.get() {
            last.set(height);
            post(host, "resize", json!({ "height": height }));
        }
    });
    if let Ok(observer) = web_sys::ResizeObserver::new(on_resize.as_ref().unchecked_ref()) {
        observer.observe(&root);
        // Both live as long as the page.
        std::mem::forget(observer);
        on_resize.forget();
    }
}

/// In a frame, the part of it the host page shows: a frame as tall as its content is often
/// taller than the host's window, and a dialog centred in the frame could then open out of view.
/// The host says which part it shows (`viewport`, sent by web/embed.js as the page scrolls);
/// `--band-top` and `--band-height` on the root element then place the dialogs there
/// (style/embed.css). Set through the CSSOM, which the strict Content-Security-Policy allows.
fn set_visible_band(top: f64, height: f64) {
    let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    else {
        return;
    };
    let _ = root.class_list().add_1("tapis-framed");
    let style = root.style();
    let _ = style.set_property("--band-top", &format!("{}px", top.round()));
    let _ = style.set_property("--band-height", &format!("{}px", height.round()));
}

// ------------------------------------------------------------------ commands from the host

/// A command from the host page.
#[derive(Debug, PartialEq)]
enum Command {
    /// `new_game` with its parameters, as `(name, value)` pairs.
    NewGame(Vec<(String, String)>),
    /// `show_position`: the record (or why it cannot be read), the mode and the caption.
    ShowPosition {
        record: Result<Record, String>,
        mode: Vec<(String, String)>,
    },
    SetLang(Lang),
    /// `viewport`: the part of the frame the host page shows (CSS pixels from the frame's top).
    Viewport {
        top: f64,
        height: f64,
    },
}

fn warn(text: &str) {
    web_sys::console::warn_1(&JsValue::from_str(&format!("tapis: {text}")));
}

fn listen_for_commands(state: AppState) {
    let on_data = move |data: JsValue| {
        let text = js_sys::JSON::stringify(&data).ok().and_then(|t| t.as_string());
        let value = text.as_deref().and_then(|t| serde_json::from_str::<Value>(t).ok());
        match value.ok_or_else(|| "it is not JSON data".to_string()).and_then(|v| read_command(&v)) {
            Ok(command) => run(state, command),
            Err(why) => warn(&format!("ignored a message from the host page: {why}")),
        }
    };
    if let Some(element) = state.host.mounted.get_value() {
        let listener = Closure::<dyn FnMut(web_sys::CustomEvent)>::new(move |event: web_sys::CustomEvent| on_data(event.detail()));
        let _ = element.add_event_listener_with_callback(EVENT_IN, listener.as_ref().unchecked_ref());
        listener.forget();
    } else {
        // Only the parent window is listened to; the page's own workers talk on their own channel.
        let handle = window_event_listener(leptos::ev::message, move |event: web_sys::MessageEvent| {
            let from_parent = match (event.source(), parent_window()) {
                (Some(source), Some(parent)) => js_sys::Object::is(&source, &parent),
                _ => false,
            };
            if from_parent {
                on_data(event.data());
            }
        });
        // The app lives as long as the page.
        std::mem::forget(handle);
    }
}

/// Reads a command: `{source: "tapis", version: 1, type, …}`, or why it is refused.
fn read_command(value: &Value) -> Result<Command, String> {
    let obj = value.as_object().ok_or("it is not an object")?;
    if obj.get("source").and_then(Value::as_str) != Some(SOURCE) {
        return Err(format!("its \"source\" is not \"{SOURCE}\""));
    }
    match obj.get("version").and_then(Value::as_u64) {
        Some(MESSAGE_VERSION) => {}
        Some(v) => return Err(format!("version {v} is not supported (this page speaks version {MESSAGE_VERSION})")),
        None => return Err("it has no \"version\"".into()),
    }
    let kind = obj.get("type").and_then(Value::as_str).ok_or("it has no \"type\"")?;
    match kind {
        "new_game" => Ok(Command::NewGame(param_pairs(obj.get("params"))?)),
        "show_position" => {
            let record = match obj.get("record").or_else(|| obj.get("position")) {
                Some(Value::String(text)) => codec::decode(text).map_err(|e| e.0),
                Some(v @ Value::Object(_)) => Record::from_json(&v.to_string()).map_err(|e| e.0),
                _ => return Err("show_position needs a \"record\" (a record object, or its position text)".into()),
            };
            let mut mode = Vec::new();
            for key in ["mode", "caption", "seats"] {
                if let Some(v) = obj.get(key).and_then(scalar) {
                    mode.push((if key == "mode" { "position_mode".to_string() } else { key.to_string() }, v));
                }
            }
            Ok(Command::ShowPosition { record, mode })
        }
        "set_lang" => {
            let code = obj.get("lang").and_then(Value::as_str).unwrap_or_default();
            Lang::from_code(code).map(Command::SetLang).ok_or_else(|| format!("set_lang: unknown language \"{code}\" (fr or en)"))
        }
        "viewport" => {
            let number = |key: &str| obj.get(key).and_then(Value::as_f64).filter(|v| v.is_finite() && *v >= 0.0);
            match (number("top"), number("height")) {
                (Some(top), Some(height)) if height >= 1.0 => Ok(Command::Viewport { top, height }),
                _ => Err("viewport needs \"top\" and \"height\" (CSS pixels, height at least 1)".into()),
            }
        }
        other => Err(format!("unknown type \"{other}\" (new_game, show_position, set_lang, viewport)")),
    }
}

/// `params` of `new_game`: a query string, or an object of the same names (house rules as
/// `"opt.direction"`, or inside `"options": {"direction": …}`).
fn param_pairs(params: Option<&Value>) -> Result<Vec<(String, String)>, String> {
    match params {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::String(query)) => Ok(query_pairs(query)),
        Some(Value::Object(map)) => {
            let mut pairs = Vec::new();
            for (name, value) in map {
                match (name.as_str(), value) {
                    ("options", Value::Object(options)) => {
                        for (key, v) in options {
                            if let Some(v) = scalar(v) {
                                pairs.push((format!("{OPTION_PREFIX}{key}"), v));
                            }
                        }
                    }
                    _ => {
                        if let Some(v) = scalar(value) {
                            pairs.push((name.clone(), v));
                        }
                    }
                }
            }
            Ok(pairs)
        }
        Some(_) => Err("\"params\" must be a query string or an object".into()),
    }
}

fn run(state: AppState, command: Command) {
    match command {
        Command::NewGame(pairs) => {
            let params = UrlParams::parse(&pairs);
            apply_preferences(&state, &params);
            start_from_params(&state, &params, true);
        }
        Command::ShowPosition { record, mode } => {
            let mut params = UrlParams::parse(&mode);
            apply_preferences(&state, &params);
            match record {
                Ok(record) => {
                    params.position = Some(record);
                    start_from_params(&state, &params, true);
                }
                Err(reason) => {
                    warn(&format!("show_position: {reason}"));
                    state.notices.push(Msg::Url(UrlProblem::Position { reason, at: None }));
                }
            }
        }
        Command::SetLang(lang) => state.lang.set(lang),
        Command::Viewport { top, height } => set_visible_band(top, height),
    }
}

/// A host's parameters: problems to the banner; language and speed for this page only (the
/// player's saved preferences are not changed).
fn apply_preferences(state: &AppState, params: &UrlParams) {
    for problem in &params.problems {
        state.notices.push(Msg::Url(problem.clone()));
    }
    if let Some(lang) = params.lang {
        state.lang.set(lang);
    }
    if let Some(speed) = params.speed {
        state.settings.update(|s| s.speed = speed);
    }
}

// ------------------------------------------------------------------ the compact page's bar

/// The address of the full site with the game on the table as a playable position, in the page's
/// language (kept up to date as the game goes on).
fn full_game_href(state: AppState) -> RwSignal<String> {
    let href = RwSignal::new(String::new());
    let latest = StoredValue::new(0u64);
    Effect::new(move |_| {
        let lang = state.lang.get();
        let record = state.session.with(|s| s.as_ref().map(|s| s.record.clone()));
        let request = latest.get_value() + 1;
        latest.set_value(request);
        leptos::task::spawn_local(async move {
            let mut address = crate::app::services::address::base_url().unwrap_or_default();
            address.push_str("?lang=");
            address.push_str(lang.code());
            if let Some(record) = record {
                address.push_str("&position=");
                address.push_str(&crate::app::services::address::position_text(&record).await);
                address.push_str("&position_mode=play");
            }
            // Only the newest answer counts (compressions may finish out of order).
            if latest.try_get_value() == Some(request) {
                href.set(address);
            }
        });
    });
    href
}

/// Above the table: the caption, if any; in a compact page, a read-only badge and the link that
/// opens the same game on the full site in a new tab.
#[component]
pub fn EmbedBar() -> impl IntoView {
    let state = expect_context::<AppState>();
    let host = state.host;
    let lang = state.lang;
    let mode = move || {
        state.session.with(|s| match s {
            Some(s) if s.read_only => "view",
            Some(_) => "play",
            None => "setup",
        })
    };
    let href = if host.compact { Some(full_game_href(state)) } else { None };
    let link = href.map(|href| {
        view! {
            <a class="embed-full" data-testid="open-full-game" href=move || href.get() target="_blank" rel="noopener">
                {move || lang.get().pick("Open the full game ↗", "Ouvrir le jeu complet ↗")}
            </a>
        }
    });
    let caption = move || host.caption.get().map(|text| view! { <p class="embed-caption" data-testid="caption">{text}</p> });
    let badge =
        move || (mode() == "view").then(|| lang.get().pick("Position to study: nobody plays", "Position à étudier : personne ne joue"));
    view! {
        // A landmark of its own: everything on the page sits in one (the rest is in <main>).
        <section
            class="embed-bar"
            data-testid="embed-bar"
            data-mode=mode
            aria-label=move || lang.get().pick("About this game", "À propos de cette partie")
            hidden=move || !host.compact && host.caption.with(Option::is_none)
        >
            {caption}
            <span class="embed-badge" hidden=move || badge().is_none()>{badge}</span>
            {link}
        </section>
    }
}
