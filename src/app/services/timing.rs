//! The page's own timings, in the browser's User Timing buffer: every computer move and hint
//! request leaves a `performance.measure` entry (`tapis-ai:<level>`, `tapis-ai:hint`) spanning the
//! request and its answer, which tools read with `performance.getEntriesByType("measure")`.
//! Reached through `js_sys::Reflect`, so no extra web-sys feature is needed; any failure is
//! ignored (timings are never worth an error).

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::{Function, Object, Reflect};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

fn performance() -> Option<Object> {
    let perf = Reflect::get(&js_sys::global(), &JsValue::from_str("performance")).ok()?;
    // Unchecked: an object or undefined (then `method` finds nothing), no `instanceof` needed.
    (!perf.is_undefined()).then(|| perf.unchecked_into::<Object>())
}

fn method(target: &Object, name: &str) -> Option<Function> {
    Reflect::get(target, &JsValue::from_str(name)).ok()?.dyn_into::<Function>().ok()
}

/// `performance.now()`: milliseconds since the page started, sub-millisecond where allowed
/// (`Date.now()` if the page has no `performance`).
pub fn now() -> f64 {
    performance().and_then(|p| method(&p, "now")?.call0(&p).ok()?.as_f64()).unwrap_or_else(js_sys::Date::now)
}

/// Records `name` from `start` (a [`now`] value) to now.
pub fn measure(name: &str, start: f64) {
    let Some(perf) = performance() else { return };
    let Some(measure) = method(&perf, "measure") else { return };
    let options = Object::new();
    let end = now();
    if Reflect::set(&options, &"start".into(), &start.into()).is_err()
        || Reflect::set(&options, &"end".into(), &end.max(start).into()).is_err()
    {
        return;
    }
    let _ = measure.call2(&perf, &JsValue::from_str(name), &options);
}

/// A call that runs at most once, from whichever of two callbacks comes first.
type OnceSlot = Rc<RefCell<Option<Box<dyn FnOnce()>>>>;

/// The longest wait for a paint: a hidden page paints nothing, and must not stop the game.
const PAINT_WAIT_MS: i32 = 100;

/// Runs `f` once the page has drawn its next frame (a task queued from `requestAnimationFrame`
/// runs after that frame's paint), or after [`PAINT_WAIT_MS`] if no frame comes (a hidden tab),
/// whichever is first.
pub fn after_next_paint(f: impl FnOnce() + 'static) {
    let slot: OnceSlot = Rc::new(RefCell::new(Some(Box::new(f))));
    let run = {
        let slot = slot.clone();
        move || {
            let f = slot.borrow_mut().take();
            if let Some(f) = f {
                f();
            }
        }
    };
    let Some(window) = web_sys::window() else { return run() };
    let fallback = run.clone();
    let timeout = Closure::once_into_js(fallback);
    let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(timeout.unchecked_ref(), PAINT_WAIT_MS);
    let after_frame = Closure::once_into_js(move || {
        if let Some(window) = web_sys::window() {
            let task = Closure::once_into_js(run);
            let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(task.unchecked_ref(), 0);
        }
    });
    let _ = window.request_animation_frame(after_frame.unchecked_ref());
}
