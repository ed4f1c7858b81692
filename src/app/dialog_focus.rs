//! The Tab key inside a modal dialog: it goes round the dialog's stops (its buttons, and the
//! parts that scroll, which take the focus so that the arrow keys can scroll them), never out to
//! the page behind.

use wasm_bindgen::JsCast;

/// What takes the focus in a dialog, in document order.
const STOPS: &str = "button:not([disabled]), [tabindex=\"0\"]";

/// Call from the dialog's `keydown` handler: on Tab (Shift+Tab backwards) moves the focus to the
/// next stop of `dialog`, the first one when the focus is elsewhere. Other keys are left alone.
pub fn cycle_tab(dialog: &web_sys::Element, ev: &web_sys::KeyboardEvent) {
    if ev.key() != "Tab" {
        return;
    }
    ev.prevent_default();
    let Ok(list) = dialog.query_selector_all(STOPS) else { return };
    let stops: Vec<web_sys::HtmlElement> =
        (0..list.length()).filter_map(|i| list.item(i)).filter_map(|n| n.dyn_into::<web_sys::HtmlElement>().ok()).collect();
    let n = stops.len();
    if n == 0 {
        return;
    }
    let focused = web_sys::window().and_then(|w| w.document()).and_then(|d| d.active_element());
    let at = focused.and_then(|f| stops.iter().position(|s| s.unchecked_ref::<web_sys::Element>() == &f));
    let next = match at {
        Some(i) if ev.shift_key() => (i + n - 1) % n,
        Some(i) => (i + 1) % n,
        None => 0,
    };
    let _ = stops[next].focus();
}
