//! The focus of a modal dialog: on opening it moves to the dialog's first button and comes back
//! to where it was on closing ([`keep_focus`]); the Tab key goes round the dialog's stops (its
//! buttons, and the parts that scroll, which take the focus so that the arrow keys can scroll
//! them), never out to the page behind ([`cycle_tab`]).

use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// When `open` turns true: remembers the element that has the focus, runs `on_open` (the dialog's
/// own setting up) and gives the focus to `first` once the dialog is drawn. When it turns false:
/// gives the focus back to the element remembered.
pub fn keep_focus(open: RwSignal<bool>, first: NodeRef<leptos::html::Button>, on_open: impl Fn() + 'static) {
    let opener = StoredValue::new_local(None::<web_sys::HtmlElement>);
    Effect::new(move |_| {
        if open.get() {
            let active = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.active_element())
                .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
            opener.set_value(active);
            on_open();
            set_timeout(
                move || {
                    if let Some(button) = first.try_get_untracked().flatten() {
                        let _ = button.focus();
                    }
                },
                std::time::Duration::ZERO,
            );
        } else if let Some(el) = opener.get_value() {
            let _ = el.focus();
            opener.set_value(None);
        }
    });
}

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
