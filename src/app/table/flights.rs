//! What moved, shown moving: a card played or laid comes from its player's seat plate (from the
//! hand, for the player at the screen), a card drawn goes there, and chips fly from whoever paid
//! to whoever received. The views only mark what arrived; this module watches the page for those
//! marks and animates them, so no view holds animation code and no rule is read here.
//!
//! The marks:
//! - `data-fly-key` names the move that brought an element (the game event's index, `e17`): each
//!   key travels once. A table drawn afresh (a game put on the table, a reload, an undo) travels
//!   nothing: every key on it counts as seen.
//! - `data-fly-from="SEAT"`: the element itself travels from that seat to where it lies.
//! - `data-fly-at="TESTID"` with `data-fly-to="SEAT"`, on a hidden element: a copy of its content
//!   travels from the element `[data-testid=TESTID]` to that seat (a card drawn from a pile).
//! - Chip counts (chips.rs) that show a change in the same frame: a chip flies from each count
//!   that went down to each one that went up (an ante, a box taken, a payment, a bet).
//!
//! Nothing travels with the system's "reduce motion", at speed *instant* or in a hidden page.
//! Travelling copies are `aria-hidden` and let clicks through.

use std::cell::{Cell, RefCell};

use js_sys::{Array, Function, Object, Reflect};
use wasm_bindgen::{closure::Closure, JsCast, JsValue};
use web_sys::Element;

thread_local! {
    static FLIGHTS: RefCell<Flights> = RefCell::new(Flights::default());
    /// How long one flight lasts (the speed setting's; 0: none).
    static DURATION_MS: Cell<u32> = const { Cell::new(420) };
}

#[derive(Default)]
struct Flights {
    root: Option<Element>,
    /// Keys that have travelled, or were on the table when it was drawn.
    seen: Vec<String>,
    /// Elements added to the page since the last frame.
    added: Vec<Element>,
    /// When the first of them came (`timing::now`), if a frame is awaited.
    scheduled: Option<f64>,
}

/// A frame awaited longer than this came after the page was hidden (no frames are drawn then):
/// what was added meanwhile is taken as seen, not flown all at once.
const STALE_MS: f64 = 1000.0;

/// At most this many chips fly in one frame (an ante of eight players into nine spaces would be
/// 72): each is a layer the browser composes at every frame of the flight, while a computer may be
/// thinking on the other core.
const MAX_CHIPS: usize = 12;
/// The delay from one flight to the next of the same frame, in milliseconds.
const STAGGER_MS: u32 = 45;

/// The duration of one flight, from the speed setting (0 turns them off).
pub fn set_duration(ms: u32) {
    DURATION_MS.with(|d| d.set(ms));
}

/// Watches `root` (the page's body, or the host's element the app is mounted in) for the rest of
/// the page's life.
pub fn watch(root: &Element) {
    FLIGHTS.with(|f| f.borrow_mut().root = Some(root.clone()));
    crate::app::watch_tree(
        root,
        Box::new(|records: Array| {
            let mut added = Vec::new();
            for record in records.iter() {
                let Ok(nodes) = Reflect::get(&record, &JsValue::from_str("addedNodes")) else { continue };
                let nodes: web_sys::NodeList = nodes.unchecked_into();
                added.extend((0..nodes.length()).filter_map(|i| nodes.item(i)?.dyn_into::<Element>().ok()));
            }
            if added.is_empty() {
                return;
            }
            let first = FLIGHTS.with(|f| {
                let mut f = f.borrow_mut();
                f.added.extend(added);
                let first = f.scheduled.is_none();
                if first {
                    f.scheduled = Some(crate::app::services::timing::now());
                }
                first
            });
            if !first {
                return;
            }
            // A frame gathers every change of one move (the plates, the board, the cards) before
            // anything flies; a hidden page draws no frame, and shows nothing moving either.
            match web_sys::window() {
                Some(window) if !page_hidden() => {
                    let run = Closure::once_into_js(|| take_off(true));
                    let _ = window.request_animation_frame(run.unchecked_ref());
                }
                _ => take_off(false),
            }
        }),
    );
}

fn page_hidden() -> bool {
    web_sys::window().and_then(|w| w.document()).is_some_and(|d| d.hidden())
}

fn reduced_motion() -> bool {
    let Some(window) = web_sys::window() else { return true };
    let matches = || {
        let query = Reflect::get(&window, &"matchMedia".into()).ok()?.dyn_into::<Function>().ok()?;
        let list = query.call1(&window, &"(prefers-reduced-motion: reduce)".into()).ok()?;
        Reflect::get(&list, &"matches".into()).ok()?.as_bool()
    };
    matches().unwrap_or(false)
}

/// `element` itself if it matches `selector`, then its descendants that do.
fn matching(element: &Element, selector: &str, out: &mut Vec<Element>) {
    if element.matches(selector).unwrap_or(false) {
        out.push(element.clone());
    }
    if let Ok(list) = element.query_selector_all(selector) {
        out.extend((0..list.length()).filter_map(|i| list.item(i)?.dyn_into::<Element>().ok()));
    }
}

/// Looks at what was added since the last frame, and starts its flights (`animate`: false when
/// the page is hidden; a frame that came late starts none either, see [`STALE_MS`]).
fn take_off(animate: bool) {
    let (root, added, since) = FLIGHTS.with(|f| {
        let mut f = f.borrow_mut();
        (f.root.clone(), std::mem::take(&mut f.added), f.scheduled.take())
    });
    let animate = animate && since.is_some_and(|t| crate::app::services::timing::now() - t < STALE_MS);
    let Some(root) = root else { return };
    let added: Vec<Element> = added.into_iter().filter(|e| e.is_connected()).collect();
    let mut marked = Vec::new();
    let table_drawn = added
        .iter()
        .any(|e| e.matches("[data-testid=game]").unwrap_or(false) || e.query_selector("[data-testid=game]").ok().flatten().is_some());
    if table_drawn {
        matching(&root, "[data-fly-key]", &mut marked);
        let seen = marked.iter().filter_map(|e| e.get_attribute("data-fly-key")).collect();
        FLIGHTS.with(|f| f.borrow_mut().seen = seen);
        return;
    }
    for element in &added {
        matching(element, "[data-fly-key]", &mut marked);
    }
    let fresh: Vec<Element> = FLIGHTS.with(|f| {
        let seen = &mut f.borrow_mut().seen;
        let mut fresh = Vec::new();
        for element in marked {
            match element.get_attribute("data-fly-key") {
                Some(key) if !seen.contains(&key) => {
                    seen.push(key);
                    fresh.push(element);
                }
                _ => {}
            }
        }
        fresh
    });
    let duration = DURATION_MS.with(Cell::get);
    if !animate || duration == 0 || reduced_motion() {
        return;
    }
    // One after the other, all started within half a flight (a meld of seven cards).
    let stagger = STAGGER_MS.min(duration / 2 / fresh.len().max(1) as u32);
    let mut order = 0;
    for element in &fresh {
        if fly(&root, element, duration, order * stagger) {
            order += 1;
        }
    }
    fly_chips(&root, &added, duration);
}

/// A point on the page, in the viewport's pixels.
#[derive(Clone, Copy)]
struct Point {
    x: f64,
    y: f64,
}

fn centre(element: &Element) -> Option<Point> {
    let r = element.get_bounding_client_rect();
    (r.width() > 0.0 || r.height() > 0.0).then(|| Point { x: r.left() + r.width() / 2.0, y: r.top() + r.height() / 2.0 })
}

/// Where a seat's cards come from and go to: its plate, or for the player at the screen the top of
/// the hand (the plate is out of the way there).
fn seat_point(root: &Element, seat: &str) -> Option<Point> {
    let plate = root.query_selector(&format!("[data-testid=\"seat-{seat}\"]")).ok()??;
    if plate.class_list().contains("seat-viewer") {
        if let Some(hand) = root.query_selector("[data-testid=hand]").ok().flatten() {
            let r = hand.get_bounding_client_rect();
            if r.width() > 0.0 {
                return Some(Point { x: r.left() + r.width() / 2.0, y: r.top() + r.height().min(120.0) / 2.0 });
            }
        }
    }
    centre(&plate)
}

fn keyframe(transform: &str, opacity: f64) -> Object {
    let frame = Object::new();
    let _ = Reflect::set(&frame, &"transform".into(), &transform.into());
    let _ = Reflect::set(&frame, &"opacity".into(), &opacity.into());
    frame
}

/// How an animation holds its ends: an element that arrives shows its first frame while it waits
/// for its turn, and is itself again after; a travelling copy keeps its last frame until removed.
#[derive(Clone, Copy)]
enum Fill {
    Backwards,
    Both,
}

/// Plays a two-frame animation on `element` (the Web Animations API: no style attribute, which
/// the site's content policy would refuse), after `delay`.
fn animate(element: &Element, (from, to): (Object, Object), duration: u32, delay: u32, fill: Fill) {
    let Some(play) = Reflect::get(element, &"animate".into()).ok().and_then(|f| f.dyn_into::<Function>().ok()) else { return };
    let options = Object::new();
    for (key, value) in [
        ("duration", JsValue::from(duration)),
        ("delay", JsValue::from(delay)),
        ("easing", JsValue::from_str("cubic-bezier(0.25, 0.8, 0.3, 1)")),
        (
            "fill",
            JsValue::from_str(match fill {
                Fill::Backwards => "backwards",
                Fill::Both => "both",
            }),
        ),
    ] {
        let _ = Reflect::set(&options, &key.into(), &value);
    }
    let _ = play.call2(element, &Array::of2(&from, &to), &options);
}

/// The move from `to` back to `from`, then `scale` as written in CSS ("0.6"). Whole pixels:
/// formatting a float would bring its code into the page's wasm, for no visible difference.
fn translate(from: Point, to: Point, scale: &str) -> String {
    format!("translate({}px, {}px) scale({scale})", (from.x - to.x).round() as i32, (from.y - to.y).round() as i32)
}

fn px(value: f64) -> String {
    format!("{}px", value.round() as i32)
}

/// One marked element's flight; false when it had nowhere to come from or go to.
fn fly(root: &Element, element: &Element, duration: u32, delay: u32) -> bool {
    if let Some(seat) = element.get_attribute("data-fly-from") {
        // The flight takes the place of the element's own entrance (a card's drop): measured
        // without it, it starts from the seat exactly.
        cancel_animations(element);
        let (Some(from), Some(to)) = (seat_point(root, &seat), centre(element)) else { return false };
        if (from.x - to.x).abs() + (from.y - to.y).abs() < 8.0 {
            return false;
        }
        animate(element, (keyframe(&translate(from, to, "1"), 0.5), keyframe("none", 1.0)), duration, delay, Fill::Backwards);
        return true;
    }
    let (Some(at), Some(seat)) = (element.get_attribute("data-fly-at"), element.get_attribute("data-fly-to")) else { return false };
    let Some(source) = root.query_selector(&format!("[data-testid=\"{at}\"]")).ok().flatten() else { return false };
    // The pile's card, not the whole button with its caption.
    let source = source.query_selector(".card").ok().flatten().unwrap_or(source);
    let r = source.get_bounding_client_rect();
    let (Some(to), Some(from)) = (seat_point(root, &seat), centre(&source)) else { return false };
    let Some(ghost) = ghost("flight-card", Point { x: r.left(), y: r.top() }, Some(r.width())) else { return false };
    ghost.set_inner_html(&element.inner_html());
    if root.append_child(&ghost).is_err() {
        return false;
    }
    animate(&ghost, (keyframe("none", 1.0), keyframe(&translate(to, from, "0.5"), 0.3)), duration, delay, Fill::Both);
    land(ghost, duration + delay);
    true
}

fn cancel_animations(element: &Element) {
    let method = |target: &JsValue, name: &str| Reflect::get(target, &name.into()).ok()?.dyn_into::<Function>().ok();
    let Some(running) = method(element, "getAnimations").and_then(|f| f.call0(element).ok()) else { return };
    for animation in Array::from(&running).iter() {
        if let Some(cancel) = method(&animation, "cancel") {
            let _ = cancel.call0(&animation);
        }
    }
}

/// A copy that travels on its own: fixed on the page at `at` (its top left corner), over the table
/// and under the dialogs, out of reach of clicks and screen readers.
fn ghost(class: &str, at: Point, width: Option<f64>) -> Option<Element> {
    let element = web_sys::window()?.document()?.create_element("div").ok()?;
    element.set_class_name(class);
    let _ = element.set_attribute("aria-hidden", "true");
    let style = element.dyn_ref::<web_sys::HtmlElement>()?.style();
    let _ = style.set_property("left", &px(at.x));
    let _ = style.set_property("top", &px(at.y));
    if let Some(w) = width {
        let _ = style.set_property("width", &px(w));
    }
    Some(element)
}

/// Removes a travelling copy once its flight is over.
fn land(ghost: Element, after_ms: u32) {
    gloo_timers::callback::Timeout::new(after_ms + 40, move || ghost.remove()).forget();
}

/// Chips from every count that went down to every count that went up in this frame.
fn fly_chips(root: &Element, added: &[Element], duration: u32) {
    let mut deltas = Vec::new();
    for element in added {
        matching(element, ".chip-delta", &mut deltas);
    }
    let (mut paid, mut received, mut amount) = (Vec::new(), Vec::new(), 0);
    for delta in &deltas {
        let change: i64 = delta.text_content().and_then(|t| t.trim().trim_start_matches('+').parse().ok()).unwrap_or(0);
        let Some(at) = delta.parent_element().as_ref().and_then(centre) else { continue };
        match change.signum() {
            -1 => paid.push(at),
            1 => received.push(at),
            _ => {}
        }
        amount = amount.max(change.unsigned_abs() as usize);
    }
    // Round the receivers, each time from another payer: past the limit every receiver and every
    // payer still has its chip. A single payment (a space taken) sends a few chips, up to four.
    let (r, p) = (received.len(), paid.len());
    let chips = if r * p == 1 { amount.clamp(1, 4) } else { (r * p).min(MAX_CHIPS) };
    for k in 0..chips {
        let (from, to) = (paid[(k + k / r) % p], received[k % r]);
        let Some(chip) = ghost("flight-chip", from, None) else { return };
        if root.append_child(&chip).is_err() {
            return;
        }
        let delay = k as u32 * STAGGER_MS / 2;
        animate(&chip, (keyframe("none", 1.0), keyframe(&translate(to, from, "0.8"), 0.5)), duration, delay, Fill::Both);
        land(chip, duration + delay);
    }
}
