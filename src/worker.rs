//! The AI Web Workers, one per game: module workers with no Leptos in them, each linking only
//! its own game's searches, so each stays small and loads fast when its game starts (the page
//! loads none of them before a game is on the table).
//!
//! Each speaks [`crate::protocol`]: once its wasm has loaded it posts `Ready { version }` (the page
//! queues requests until then, because messages posted before the wasm loads are lost), warms its
//! game's searches up ([`crate::protocol::warm_up_game`]), then answers each request — a JSON
//! string — with [`crate::protocol::answer_game_with`] and the wall clock for time budgets: for its
//! game, the very answers the page's fallback and the referee give.
//!
//! The binaries (`src/bin/worker-<game>.rs`) call [`run`]. Trunk builds each with
//! `data-type="worker" data-bindgen-target="web" data-loader-shim` and names its files
//! `worker-<game>.js`, `worker-<game>_bg.wasm` and `worker-<game>_loader.js` (no content hash: the
//! page adds `?v=<crate version>` to the URL and checks the protocol version in `Ready`).
//!
//! Our own glue rather than a worker library (gloo-worker): the page's side needs restarts, a
//! fallback and time-outs of its own (`app::ai_client`), and this side is one message handler.

use wasm_bindgen::prelude::*;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

use crate::ai::{Clock, GameBots};
use crate::protocol::{answer_game_with, FromWorker, PROTOCOL_VERSION};

/// Time budgets: `Date.now()`, available in a worker without extra web-sys features.
struct WallClock;

impl Clock for WallClock {
    fn now_ms(&self) -> f64 {
        js_sys::Date::now()
    }
}

/// The worker of game `G`: answers the page's requests for `G` until the page terminates it.
pub fn run<G: GameBots>() {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();

    let reply_scope = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let reply = match event.data().as_string() {
            Some(text) => answer_game_with::<G>(&text, &WallClock),
            None => FromWorker::Failed { id: None, message: "the worker expects JSON text messages".into() },
        };
        if let Err(e) = reply_scope.post_message(&JsValue::from_str(&reply.to_json())) {
            web_sys::console::error_2(&"tapis worker: cannot post the answer".into(), &e);
        }
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The handler lives as long as the worker does.
    on_message.forget();

    let ready = FromWorker::Ready { version: PROTOCOL_VERSION }.to_json();
    if let Err(e) = scope.post_message(&JsValue::from_str(&ready)) {
        web_sys::console::error_2(&"tapis worker: cannot say it is ready".into(), &e);
    }
    // Then the searches are run a little, so that the first real move finds them optimised;
    // requests posted meanwhile wait in the worker's queue.
    crate::protocol::warm_up_game::<G>();
}
