//! The AI Web Worker: a module worker with no Leptos in it, so it stays small and loads fast.
//!
//! It speaks [`tapis::protocol`]: once its wasm has loaded it posts `Ready { version }` (the page
//! queues requests until then, because messages posted before the wasm loads are lost), warms the
//! searches up ([`tapis::protocol::warm_up`]), then answers each request — a JSON string — with
//! [`tapis::protocol::answer_with`] and the wall clock
//! for time budgets: the very function the page falls back to when no worker runs, so both give the
//! same move.
//!
//! Trunk builds it with `data-type="worker" data-bindgen-target="web" data-loader-shim` and names
//! the files `worker.js`, `worker_bg.wasm` and `worker_loader.js` (no content hash: the page adds
//! `?v=<crate version>` to the URL and checks the protocol version in `Ready`).

#[cfg(target_arch = "wasm32")]
fn main() {
    use tapis::ai::Clock;
    use tapis::protocol::{answer_with, FromWorker, PROTOCOL_VERSION};
    use wasm_bindgen::prelude::*;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    /// Time budgets: `Date.now()`, available in a worker without extra web-sys features.
    struct WallClock;
    impl Clock for WallClock {
        fn now_ms(&self) -> f64 {
            js_sys::Date::now()
        }
    }

    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();

    let reply_scope = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let reply = match event.data().as_string() {
            Some(text) => answer_with(&text, &WallClock),
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
    tapis::protocol::warm_up();
}

/// The package is also built natively (the referee, the tests): there the worker is a no-op.
#[cfg(not(target_arch = "wasm32"))]
fn main() {}
