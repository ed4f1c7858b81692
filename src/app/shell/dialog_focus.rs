//! The focus of a modal dialog: on opening it moves to the dialog's first button and comes back
//! to where it was on closing ([`keep_focus`]); the Tab key goes round the dialog's stops (its
//! buttons, and the parts that scroll, which take the focus so that the arrow keys can scroll
//! them), never out to the page behind ([`cycle_tab`]). Also the frame of the dialogs with a tab
//! for each game ([`GameTabsDialog`]).

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::engine::game::GameId;

use crate::app::services::i18n::{tr, T};

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

/// A dialog from the top bar with a tab for each game (the rules, the statistics), shown while
/// `open`: Escape, a click beside it or the close button closes it, and Tab goes round its stops.
/// `name` makes its class (`{name}-dialog`), its test id, its title's id (`{name}-title`), its tabs'
/// test ids (`{name}-<game>`) and its body's class (`{name}-body`); the body scrolls.
///
/// Generic rather than boxed: each dialog gets its own copy, so the statistics' stays in their
/// chunk and the first visit's wasm holds the rules' alone, as when each wrote its own.
#[component]
pub fn GameTabsDialog<F, G, C>(
    open: RwSignal<bool>,
    name: &'static str,
    /// The game of the pressed tab (its key is the dialog's `data-game`).
    game: RwSignal<GameId>,
    title: F,
    /// The close button, which [`keep_focus`] focuses on opening.
    close_button: NodeRef<leptos::html::Button>,
    #[prop(optional)] close_test_id: Option<&'static str>,
    /// What a tab does when pressed.
    on_tab: G,
    children: TypedChildrenFn<C>,
) -> impl IntoView
where
    F: Fn() -> &'static str + Copy + Send + Sync + 'static,
    G: Fn(GameId) + Copy + Send + Sync + 'static,
    C: IntoView + 'static,
{
    let children = children.into_inner();
    let lang = crate::app::services::i18n::use_lang();
    let dialog = NodeRef::<leptos::html::Div>::new();
    let close = move || open.set(false);
    view! {
        <Show when=move || open.get()>
            <div class="dialog-backdrop" on:click=move |_| close()>
                <div
                    class=format!("dialog {name}-dialog")
                    role="dialog"
                    aria-modal="true"
                    aria-labelledby=format!("{name}-title")
                    data-testid=name
                    data-game=move || game.get().key()
                    node_ref=dialog
                    on:click=|ev| ev.stop_propagation()
                    on:keydown=move |ev| match ev.key().as_str() {
                        "Escape" => {
                            ev.prevent_default();
                            close();
                        }
                        // Tab goes round the game tabs, the close button and the body, never out.
                        "Tab" => {
                            if let Some(d) = dialog.get_untracked() {
                                cycle_tab(&d, &ev);
                            }
                        }
                        _ => {}
                    }
                >
                    <div class="dialog-head">
                        <h2 id=format!("{name}-title")>{title}</h2>
                        <button type="button" class="btn" data-testid=close_test_id node_ref=close_button on:click=move |_| close()>
                            {tr(T::Close)}
                        </button>
                    </div>
                    <div class="rules-tabs" role="group" aria-label=move || T::ChooseGame.text(lang.get())>
                        {crate::app::games::GAMES
                            .iter()
                            .map(|info| info.id)
                            .map(|g| view! {
                                <button
                                    type="button"
                                    class="btn btn-small rules-tab"
                                    data-testid=format!("{name}-{}", g.key())
                                    aria-pressed=move || (game.get() == g).to_string()
                                    on:click=move |_| on_tab(g)
                                >
                                    {g.name()}
                                </button>
                            })
                            .collect_view()}
                    </div>
                    <div class=format!("dialog-body {name}-body") tabindex="0">
                        {children()}
                    </div>
                </div>
            </div>
        </Show>
    }
}
