//! Where the keyboard focus goes when the control holding it disappears. A card played, a
//! decision taken, a form or a summary closed: the button is removed from the page, and the
//! browser leaves the focus on `<body>`. A keyboard user would start again from the top of the
//! page, and a screen reader would lose its place, while the computers play. The focus goes
//! instead to the table's home, the hand (`data-focus-home`), until the next turn gives it a card
//! or a decision.

use std::cell::RefCell;

use wasm_bindgen::{closure::Closure, JsCast};

thread_local! {
    /// The element that last took the focus in the app.
    static LAST_FOCUSED: RefCell<Option<web_sys::Element>> = const { RefCell::new(None) };
}

/// Watches `root` (the page's body, or the host's element the app is mounted in) for the rest of
/// the page's life.
pub fn keep_focus_home(root: &web_sys::Element) {
    let on_focus = Closure::<dyn FnMut(web_sys::Event)>::new(|ev: web_sys::Event| {
        let element = ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok());
        LAST_FOCUSED.with(|last| *last.borrow_mut() = element);
    });
    let _ = root.add_event_listener_with_callback("focusin", on_focus.as_ref().unchecked_ref());
    on_focus.forget();

    // Removing the focused element fires no event: the page's changes are watched instead. The
    // check is one property read per batch of changes.
    let home_root = root.clone();
    crate::app::watch_tree(
        root,
        Box::new(move |_| {
            let lost = LAST_FOCUSED.with(|last| last.borrow().as_ref().is_some_and(|e| !e.is_connected()));
            if !lost {
                return;
            }
            LAST_FOCUSED.with(|last| *last.borrow_mut() = None);
            let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
            // Only when nothing holds the focus now (the code that removed the control may have
            // placed it already).
            let nowhere = document.active_element().is_none_or(|a| document.body().is_some_and(|b| a == *b));
            if !nowhere || !crate::app::may_take_focus() {
                return;
            }
            if let Some(home) = home_root.query_selector("[data-focus-home]").ok().flatten() {
                if let Ok(home) = home.dyn_into::<web_sys::HtmlElement>() {
                    crate::app::table::hand::focus_without_scroll(&home);
                }
            }
        }),
    );
}
