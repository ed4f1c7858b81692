//! The page's side of the AI worker: spawns it, queues requests until it is ready, routes the
//! answers, survives a worker that fails to load or dies, and answers on the page when no worker
//! can run, so a computer seat always gets its move.
//!
//! Each game has its own worker (`crate::worker`), which links only that game's searches; one runs
//! at a time, the one of the game on the table.
//!
//! Life of a worker:
//! 1. `worker-<game>_loader.js?v=<crate version>` (Trunk's loader shim, resolved against
//!    `document.baseURI` so the site works under any sub-path) is started as a module worker
//!    when a game that may need a computer player is put on the table (not the new-game form,
//!    not a read-only position): a first visit loads no worker. Another game on the table
//!    replaces it with that game's worker.
//!    The shim imports `worker-<game>.js`, which fetches `worker-<game>_bg.wasm`: Trunk gives
//!    worker files no content hash, so those two may come from a stale cache. A restart therefore
//!    starts the worker from a tiny module of our own that loads both with a cache-busting query.
//! 2. Requests wait in `pending` until the worker posts `Ready` with our [`PROTOCOL_VERSION`]
//!    (messages posted before its wasm has loaded would be lost).
//! 3. If it fails to load (an error event, no `Ready` within 10 s, or a stale version) or dies
//!    later (an error event, or no word for 15 s while a move is awaited), it is restarted once
//!    and every pending request is sent again; if that fails too, [`AiStatus::Fallback`] says why
//!    and requests are answered on the page by the rule bots of the request's game,
//!    [`answer_game_by_rules`](crate::protocol::answer_game_by_rules), which come with the game's
//!    code (every level plays as `easy`: the searches stay out of the page's wasm), each after a
//!    zero-delay wait so the page keeps painting between moves.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::{Rc, Weak};

use gloo_timers::callback::Timeout;
use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Event, MessageEvent, Worker, WorkerOptions, WorkerType};

use crate::app::game_code;
use crate::engine::game::GameId;
use crate::protocol::{FromWorker, ToWorker, PROTOCOL_VERSION};

/// A file of `game`'s worker, named by Trunk after the binary `worker-<game>`: its loader shim
/// (`_loader.js`, from `data-loader-shim`), its wasm-bindgen glue (`.js`) and its wasm (`_bg.wasm`).
pub fn worker_file(game: GameId, suffix: &str) -> String {
    format!("worker-{}{suffix}", game.key())
}
/// How long a starting worker may take to say it is ready.
const READY_TIMEOUT_MS: u32 = 10_000;
/// Worker starts before falling back to the page: the first one and one restart.
const MAX_STARTS: u32 = 2;
/// How long a ready worker may stay silent while a move is awaited (a search thinks for 200 ms):
/// a worker the browser stopped, or one stuck in a loop, sends no error event.
const ANSWER_TIMEOUT_MS: u32 = 15_000;

/// Where the computer players think.
#[derive(Clone, Debug, PartialEq)]
pub enum AiStatus {
    /// Not started: nothing on the page has needed a computer player yet (the new-game form, a
    /// read-only position).
    Idle,
    /// The worker is starting (or restarting); requests are queued meanwhile.
    Loading,
    /// The worker answers.
    Ready,
    /// No worker could run (the reason says why): the page itself answers.
    Fallback(String),
}

/// A handle on the AI worker; clones share the one worker. Keep one alive as long as the page
/// needs computer players (e.g. `StoredValue::new_local`): dropping the last clone terminates the
/// worker, and requests still pending then are never answered.
#[derive(Clone)]
pub struct AiClient {
    inner: Rc<RefCell<Inner>>,
    status: ReadSignal<AiStatus>,
}

/// Gets the worker's answer (`Move`, `Bench`), or why there is none (`Failed`'s message).
type OnDone = Box<dyn FnOnce(Result<FromWorker, String>)>;

struct Pending {
    /// The request as sent, with the client's own id.
    json: String,
    on_done: OnDone,
    /// A move (not a benchmark, which runs for seconds): the worker must answer it soon.
    watched: bool,
}

/// One started worker and its handlers; dropping it terminates the worker.
struct Running {
    worker: Worker,
    /// The object URL of the restart module, revoked with the worker.
    module_url: Option<String>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(Event)>,
    ready_timeout: Option<Timeout>,
    /// Armed while a move is awaited (see [`watch_answers`]).
    answer_timeout: Option<Timeout>,
}

struct Inner {
    set_status: WriteSignal<AiStatus>,
    /// The game whose worker runs (or is wanted): each game has its own.
    game: Option<GameId>,
    running: Option<Running>,
    /// Bumped at each start: events from a replaced worker are ignored.
    generation: u32,
    starts: u32,
    ready: bool,
    fallback: Option<String>,
    next_id: u64,
    /// Requests not answered yet, by id; sent to the worker once it is ready.
    pending: BTreeMap<u64, Pending>,
}

impl Drop for Running {
    fn drop(&mut self) {
        self.worker.terminate();
        if let Some(url) = self.module_url.take() {
            let _ = web_sys::Url::revoke_object_url(&url);
        }
    }
}

impl Default for AiClient {
    fn default() -> Self {
        AiClient::new()
    }
}

impl AiClient {
    /// A client whose worker starts at the first [`start`](Self::start) or request (a page that
    /// only shows a read-only position never loads it). Requests may be made at once: they wait
    /// until it is ready.
    pub fn new() -> AiClient {
        let (status, set_status) = signal(AiStatus::Idle);
        let inner = Rc::new(RefCell::new(Inner {
            set_status,
            game: None,
            running: None,
            generation: 0,
            starts: 0,
            ready: false,
            fallback: None,
            next_id: 1,
            pending: BTreeMap::new(),
        }));
        AiClient { inner, status }
    }

    /// Starts `game`'s worker unless it has been started already: as soon as a computer player
    /// or a hint of that game may be needed, so that it has loaded and warmed up by the first
    /// request. Another game's worker is stopped; what it still owed (requests of a game that has
    /// left the table, whose answers nobody reads) is answered on the page.
    pub fn start(&self, game: GameId) {
        let mut inner = self.inner.borrow_mut();
        if inner.game == Some(game) && inner.starts > 0 {
            return;
        }
        inner.game = Some(game);
        inner.starts = 0;
        inner.fallback = None;
        let owed = std::mem::take(&mut inner.pending);
        drop(inner);
        for (_, p) in owed {
            answer_on_page(p.json, p.on_done);
        }
        start(&self.inner);
    }

    /// Idle, Loading, Ready, or Fallback with the reason.
    pub fn status(&self) -> ReadSignal<AiStatus> {
        self.status
    }

    /// Asks for a move; `on_done` gets the action's record string, or why there is none. It is
    /// always called exactly once, later (never from within `think`).
    pub fn think(&self, request: ToWorker, on_done: impl FnOnce(Result<String, String>) + 'static) {
        self.request(request, move |answer| {
            on_done(answer.and_then(|a| match a {
                FromWorker::Move { action, .. } => Ok(action),
                other => Err(format!("the AI answered {} instead of a move", other.to_json())),
            }))
        });
    }

    /// [`request`](Self::request) through one non-generic door: callers share a single copy of
    /// its code instead of one per closure type (the page's size budget counts every copy).
    #[inline(never)]
    pub fn request_boxed(&self, request: ToWorker, on_done: Box<dyn FnOnce(Result<FromWorker, String>)>) {
        self.request(request, on_done)
    }

    /// Any request (a move with its explanation, a benchmark): `on_done` gets the worker's
    /// answer (`Move`, `Bench`), or a `Failed` answer's message. Called exactly once, later.
    pub fn request(&self, mut request: ToWorker, on_done: impl FnOnce(Result<FromWorker, String>) + 'static) {
        match &request {
            ToWorker::Think { game, .. } | ToWorker::Bench { game, .. } | ToWorker::Review { game, .. } => self.start(*game),
        }
        let mut inner = self.inner.borrow_mut();
        // Our own ids: answers are routed by them, whatever ids callers use.
        let id = inner.next_id;
        inner.next_id += 1;
        match &mut request {
            ToWorker::Think { id: request_id, .. } | ToWorker::Bench { id: request_id, .. } | ToWorker::Review { id: request_id, .. } => {
                *request_id = id
            }
        }
        let json = request.to_json();
        let watched = matches!(request, ToWorker::Think { .. } | ToWorker::Review { .. });
        if inner.fallback.is_some() {
            drop(inner);
            answer_on_page(json, Box::new(on_done));
            return;
        }
        let send_now = inner.ready;
        inner.pending.insert(id, Pending { json: json.clone(), on_done: Box::new(on_done), watched });
        if send_now {
            let posted = inner.running.as_ref().map(|r| r.worker.post_message(&JsValue::from_str(&json)));
            let generation = inner.generation;
            drop(inner);
            if !matches!(posted, Some(Ok(()))) {
                fail_later(&self.inner, generation, "the worker refused a message".into());
            } else {
                watch_answers(&self.inner);
            }
        }
    }
}

/// Starts (or restarts) the worker; any failure ends in `fail_later`.
fn start(inner_rc: &Rc<RefCell<Inner>>) {
    let mut inner = inner_rc.borrow_mut();
    inner.running = None; // terminates the previous worker
    inner.generation += 1;
    inner.starts += 1;
    inner.ready = false;
    inner.set_status.try_set(AiStatus::Loading);
    let generation = inner.generation;
    let starts = inner.starts;
    drop(inner);

    let Some(game) = inner_rc.borrow().game else { return };
    let mut module_url = None;
    let worker = match worker_url(game, starts, &mut module_url).and_then(|url| {
        let options = WorkerOptions::new();
        options.set_type(WorkerType::Module);
        Worker::new_with_options(&url, &options).map_err(|e| format!("cannot start the worker: {}", describe(&e)))
    }) {
        Ok(worker) => worker,
        Err(reason) => {
            if let Some(url) = module_url {
                let _ = web_sys::Url::revoke_object_url(&url);
            }
            return fail_later(inner_rc, generation, reason);
        }
    };

    let weak = Rc::downgrade(inner_rc);
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        on_worker_message(&weak, generation, event);
    });
    let weak = Rc::downgrade(inner_rc);
    let on_error = Closure::<dyn FnMut(Event)>::new(move |event: Event| {
        // Keep the page's console quiet about it: we recover (restart, then fall back).
        event.prevent_default();
        let reason = match event.dyn_ref::<web_sys::ErrorEvent>() {
            Some(e) if !e.message().is_empty() => format!("the worker failed: {}", e.message()),
            _ => "the worker failed to load or stopped".to_string(),
        };
        if let Some(inner) = weak.upgrade() {
            fail_later(&inner, generation, reason);
        }
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    worker.set_onmessageerror(Some(on_error.as_ref().unchecked_ref()));

    let weak = Rc::downgrade(inner_rc);
    let ready_timeout = Timeout::new(READY_TIMEOUT_MS, move || {
        if let Some(inner) = weak.upgrade() {
            let late = {
                let i = inner.borrow();
                i.generation == generation && !i.ready
            };
            if late {
                fail_later(&inner, generation, format!("the worker did not start within {} s", READY_TIMEOUT_MS / 1000));
            }
        }
    });

    inner_rc.borrow_mut().running = Some(Running {
        worker,
        module_url,
        _on_message: on_message,
        _on_error: on_error,
        ready_timeout: Some(ready_timeout),
        answer_timeout: None,
    });
}

/// The first start: `worker-<game>_loader.js?v=<version>` resolved against the build's directory
/// (the document's base URI, or where a host page said the build is: never the origin, the site
/// may live under a sub-path). A restart: a module of our own (an object URL, kept in `module_url`
/// to be revoked) that loads `worker-<game>.js` and `worker-<game>_bg.wasm` with a cache-busting
/// query, in case a stale cached copy was the trouble.
fn worker_url(game: GameId, starts: u32, module_url: &mut Option<String>) -> Result<String, String> {
    let base = crate::app::services::address::base_url().ok_or("the document has no base URI")?;
    let resolve = |relative: &str| {
        web_sys::Url::new_with_base(relative, &base)
            .map(|u| u.href())
            .map_err(|e| format!("cannot resolve the worker's address: {}", describe(&e)))
    };
    let version = env!("CARGO_PKG_VERSION");
    if starts <= 1 {
        return resolve(&format!("{}?v={version}", worker_file(game, "_loader.js")));
    }
    let query = format!("?v={version}&restart={}", js_sys::Date::now() as u64);
    let js = resolve(&format!("{}{query}", worker_file(game, ".js")))?;
    let wasm = resolve(&format!("{}{query}", worker_file(game, "_bg.wasm")))?;
    // serde_json quotes the URLs as JavaScript string literals.
    let source = format!(
        "import init from {};\nawait init({{ module_or_path: {} }});\n",
        serde_json::Value::from(js),
        serde_json::Value::from(wasm)
    );
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("text/javascript");
    let url = web_sys::Blob::new_with_str_sequence_and_options(&js_sys::Array::of1(&source.into()), &options)
        .and_then(|blob| web_sys::Url::create_object_url_with_blob(&blob))
        .map_err(|e| format!("cannot build the worker's restart module: {}", describe(&e)))?;
    *module_url = Some(url.clone());
    Ok(url)
}

fn on_worker_message(weak: &Weak<RefCell<Inner>>, generation: u32, event: MessageEvent) {
    let Some(inner_rc) = weak.upgrade() else { return };
    if inner_rc.borrow().generation != generation {
        return;
    }
    let Some(text) = event.data().as_string() else {
        return fail_later(&inner_rc, generation, "the worker sent something that is not text".into());
    };
    let message: FromWorker = match read_message(&text) {
        Ok(m) => m,
        Err(e) => return fail_later(&inner_rc, generation, format!("unreadable message from the worker: {e}")),
    };
    match message {
        FromWorker::Ready { version } if version != PROTOCOL_VERSION => {
            fail_later(&inner_rc, generation, format!("the worker speaks protocol {version}, the page {PROTOCOL_VERSION} (stale cache?)"))
        }
        FromWorker::Ready { .. } => {
            let mut inner = inner_rc.borrow_mut();
            inner.ready = true;
            if let Some(running) = inner.running.as_mut() {
                running.ready_timeout = None;
            }
            inner.set_status.try_set(AiStatus::Ready);
            // Everything queued while loading (or sent to a worker that died) goes now.
            let queued: Vec<String> = inner.pending.values().map(|p| p.json.clone()).collect();
            let all_sent =
                inner.running.as_ref().is_some_and(|r| queued.iter().all(|json| r.worker.post_message(&JsValue::from_str(json)).is_ok()));
            drop(inner);
            if !all_sent {
                fail_later(&inner_rc, generation, "the worker refused a message".into());
            } else {
                watch_answers(&inner_rc);
            }
        }
        answer @ (FromWorker::Move { id, .. } | FromWorker::Bench { id, .. } | FromWorker::Verdict { id, .. }) => {
            deliver(&inner_rc, id, Ok(answer))
        }
        FromWorker::Failed { id: Some(id), message } => deliver(&inner_rc, id, Err(message)),
        FromWorker::Failed { id: None, message } => {
            web_sys::console::warn_1(&format!("AI worker: a request was not understood: {message}").into());
        }
    }
}

/// Reads a worker's message: the JSON of [`FromWorker`], read through a `serde_json::Value`
/// field by field. (The derived reader of this internally tagged enum is some 12 KB of page code;
/// `tests/components.rs` checks that both read every kind of message alike.)
pub fn read_message(text: &str) -> Result<FromWorker, String> {
    let v: serde_json::Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let id = v.get("id").and_then(|i| i.as_u64());
    let field = |key: &str| v.get(key).and_then(|s| s.as_str()).map(str::to_string);
    let missing = |key: &str| format!("no '{key}' in {text}");
    Ok(match v.get("kind").and_then(|k| k.as_str()) {
        Some("ready") => FromWorker::Ready {
            version: v.get("version").and_then(|n| n.as_u64()).and_then(|n| u32::try_from(n).ok()).ok_or_else(|| missing("version"))?,
        },
        Some("move") => FromWorker::Move {
            id: id.ok_or_else(|| missing("id"))?,
            action: field("action").ok_or_else(|| missing("action"))?,
            explanation: v.get("explanation").filter(|e| !e.is_null()).cloned(),
        },
        Some("bench") => FromWorker::Bench {
            id: id.ok_or_else(|| missing("id"))?,
            report: serde_json::from_value(v.get("report").cloned().unwrap_or_default()).map_err(|e| e.to_string())?,
        },
        Some("verdict") => {
            FromWorker::Verdict { id: id.ok_or_else(|| missing("id"))?, verdict: read_verdict(&v).ok_or_else(|| missing("verdict"))? }
        }
        Some("failed") => FromWorker::Failed { id, message: field("message").ok_or_else(|| missing("message"))? },
        _ => return Err(missing("kind")),
    })
}

/// A verdict read field by field, as the rest of the message (no derived `Deserialize` here).
fn read_verdict(message: &serde_json::Value) -> Option<crate::ai::review::Verdict> {
    let v = message.get("verdict")?;
    let text = |key: &str| Some(v.get(key)?.as_str()?.to_string());
    let values = match v.get("values") {
        None | Some(serde_json::Value::Null) => None,
        Some(values) => {
            let number = |key: &str| values.get(key)?.as_f64();
            Some(crate::ai::review::Values {
                played: number("played")?,
                best: number("best")?,
                error: number("error")?,
                samples: u32::try_from(values.get("samples")?.as_u64()?).ok()?,
            })
        }
    };
    Some(crate::ai::review::Verdict { played: text("played")?, best: text("best")?, values })
}

/// Hands an answer to whoever asked (not while `inner` is borrowed: the callback may ask again).
fn deliver(inner_rc: &Rc<RefCell<Inner>>, id: u64, result: Result<FromWorker, String>) {
    let pending = inner_rc.borrow_mut().pending.remove(&id);
    watch_answers(inner_rc);
    if let Some(pending) = pending {
        (pending.on_done)(result);
    }
}

/// While a ready worker owes a move, gives it [`ANSWER_TIMEOUT_MS`] from now to say something;
/// silence counts as a failure (restart, then the page's rules). Called at each request sent and
/// each answer.
fn watch_answers(inner_rc: &Rc<RefCell<Inner>>) {
    let mut inner = inner_rc.borrow_mut();
    let owed = inner.ready && inner.pending.values().any(|p| p.watched);
    let generation = inner.generation;
    let weak = Rc::downgrade(inner_rc);
    let Some(running) = inner.running.as_mut() else { return };
    running.answer_timeout = owed.then(|| {
        Timeout::new(ANSWER_TIMEOUT_MS, move || {
            if let Some(inner) = weak.upgrade() {
                let secs = ANSWER_TIMEOUT_MS / 1000;
                fail_later(&inner, generation, format!("the worker stopped answering (no move within {secs} s)"));
            }
        })
    });
}

/// The worker `generation` failed: restart it once or fall back, after the current event (so no
/// handler is dropped while it runs, and no borrow is held).
fn fail_later(inner_rc: &Rc<RefCell<Inner>>, generation: u32, reason: String) {
    let weak = Rc::downgrade(inner_rc);
    Timeout::new(0, move || {
        let Some(inner_rc) = weak.upgrade() else { return };
        let mut inner = inner_rc.borrow_mut();
        if inner.generation != generation || inner.fallback.is_some() {
            return; // already handled
        }
        web_sys::console::warn_1(&format!("AI worker: {reason}").into());
        if inner.starts < MAX_STARTS {
            drop(inner);
            start(&inner_rc); // pending requests are resent when the new worker is ready
            return;
        }
        inner.running = None; // terminates the worker
        inner.ready = false;
        inner.fallback = Some(reason.clone());
        inner.set_status.try_set(AiStatus::Fallback(reason));
        let pending = std::mem::take(&mut inner.pending);
        drop(inner);
        for (_, p) in pending {
            answer_on_page(p.json, p.on_done);
        }
    })
    .forget();
}

/// The fallback: the worker's requests answered on the page by the rule bots of the request's
/// game, which come with its code (`game_code`: loaded already, its table is up), after a
/// zero-delay wait so that the page paints between moves.
fn answer_on_page(json: String, on_done: OnDone) {
    leptos::task::spawn_local(async move {
        gloo_timers::future::TimeoutFuture::new(0).await;
        let game = serde_json::from_str::<serde_json::Value>(&json).ok().and_then(|v| GameId::from_key(v.get("game")?.as_str()?));
        let answer = match game {
            Some(game) => match game_code::load(game).await {
                Ok(code) => (code.answer_by_rules)(&json),
                Err(game_code::LoadFailed) => FromWorker::Failed { id: None, message: "the game's code could not be downloaded".into() },
            },
            None => FromWorker::Failed { id: None, message: "a request for no game".into() },
        };
        on_done(match answer {
            FromWorker::Failed { message, .. } => Err(message),
            answer => Ok(answer),
        });
    });
}

fn describe(value: &JsValue) -> String {
    value
        .dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| value.as_string())
        .unwrap_or_else(|| format!("{value:?}"))
}
