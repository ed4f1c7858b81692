//! The Programmes hand: several cards are selected at once (for a new set), and since two decks
//! are in play a card may be held twice, so cards are known by their position in the hand, never
//! by their name. Click or tap toggles a card; with the keyboard, ←/→ (Home/End) move along the
//! hand, Space or Enter toggles, Escape clears the selection.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::engine::cards::Card;

use super::guide::mark;
use super::text::{lt, L};
use crate::app::services::i18n::{card_label, use_lang, Lang};
use crate::app::table::card_svg::CardFace;
use crate::app::table::hand::{longest, second_row_from, LONG_HAND};

/// What a focus move brings into view, besides the focused element.
#[derive(Clone, Copy, Debug)]
pub enum InView {
    /// The focused element alone.
    Itself,
    /// The element this selector finds around it (a panel, with its buttons).
    Around(&'static str),
    /// The window scrolled back to this height first, where it was before a panel took the focus.
    Back(f64),
}

/// Focuses the element `selector` finds (after the DOM has caught up), scrolling as little as
/// shows it.
pub fn focus_soon(selector: String) {
    focus_soon_showing(Some(selector), InView::Itself);
}

/// Focuses the element `selector` finds, if any (after the DOM has caught up), scrolling as
/// little as shows it and what `view` asks.
pub fn focus_soon_showing(selector: Option<String>, view: InView) {
    set_timeout(
        move || {
            if !crate::app::may_take_focus() {
                return;
            }
            let Some(window) = web_sys::window() else { return };
            let find = |selector: &str| {
                window
                    .document()
                    .and_then(|d| d.query_selector(selector).ok().flatten())
                    .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
            };
            if let InView::Back(y) = view {
                window.scroll_to_with_x_and_y(window.scroll_x().unwrap_or(0.0), y);
            }
            let Some(el) = selector.as_deref().and_then(find) else { return };
            let around = match view {
                InView::Around(around) => find(around),
                _ => None,
            };
            crate::app::table::hand::focus_showing(&el, around.as_ref().unwrap_or(&el));
        },
        std::time::Duration::from_millis(10),
    );
}

fn card_aria(lang: Lang, card: Card, selected: bool, marked: bool, drawn: bool) -> String {
    let mut s = card_label(lang, card);
    if drawn {
        s.push_str(lang.pick(", just taken", ", que vous venez de prendre"));
    }
    if selected {
        s.push_str(lang.pick(", selected", ", sélectionnée"));
    }
    if marked {
        s.push_str(lang.pick(", used by the chosen reveal", ", utilisée par le dévoilement choisi"));
    }
    s
}

/// What the hand's parts read: its props, and where the card just drawn lies and which card is
/// in the tab order.
#[derive(Clone, Copy)]
struct Parts {
    cards: Signal<Vec<Card>>,
    selected: RwSignal<u64>,
    marked: Signal<u64>,
    selectable: Signal<bool>,
    target: Signal<Option<String>>,
    /// Where the card just drawn lies (the first of two copies: they look the same).
    drawn_at: Memo<Option<usize>>,
    /// Roving focus: one card of the hand is in the tab order (the first, or the focused one).
    focus_pos: RwSignal<usize>,
    lang: Signal<Lang>,
}

impl Parts {
    fn toggle(self, i: usize) {
        if self.selectable.get_untracked() {
            self.selected.update(|s| *s ^= 1 << i);
        }
    }

    /// ←/→ (Home/End) move along the hand, Space or Enter toggles, Escape clears the selection.
    fn on_keydown(self, hand: &web_sys::HtmlElement, ev: web_sys::KeyboardEvent) {
        let Ok(list) = hand.query_selector_all("button.hand-card") else { return };
        let n = list.length();
        if n == 0 {
            return;
        }
        let focused = web_sys::window().and_then(|w| w.document()).and_then(|d| d.active_element());
        let index = focused.as_ref().and_then(|f| f.get_attribute("data-pos")).and_then(|p| p.parse::<u32>().ok());
        let target = match ev.key().as_str() {
            "ArrowRight" | "ArrowDown" => Some(index.map_or(0, |i| (i + 1) % n)),
            "ArrowLeft" | "ArrowUp" => Some(index.map_or(0, |i| (i + n - 1) % n)),
            "Home" => Some(0),
            "End" => Some(n - 1),
            "Enter" | " " | "Spacebar" => {
                ev.prevent_default();
                if let Some(i) = index {
                    self.toggle(i as usize);
                }
                None
            }
            "Escape" => {
                self.selected.set(0);
                None
            }
            _ => None,
        };
        if let Some(i) = target {
            ev.prevent_default();
            if let Some(b) = list.item(i).and_then(|b| b.dyn_into::<web_sys::HtmlElement>().ok()) {
                let _ = b.focus();
            }
        }
    }

    /// The card at position `i` of the hand (`row_2`: where the second row starts).
    fn card(self, i: usize, card: Card, row_2: usize) -> impl IntoView {
        let Parts { cards, selected, marked, selectable, target, drawn_at, focus_pos, lang } = self;
        let is_selected = move || selected.get() & (1 << i) != 0;
        let is_marked = move || marked.get() & (1 << i) != 0;
        let is_drawn = move || drawn_at.get() == Some(i);
        view! {
            <button
                type="button"
                class=move || {
                    let mut c = String::from("hand-card prog-card");
                    for (on, name) in [(i >= row_2, " row-2"), (selectable.get(), " playable"), (is_selected(), " selected"), (is_marked(), " marked"), (is_drawn(), " drawn")] {
                        if on {
                            c.push_str(name);
                        }
                    }
                    c
                }
                data-testid=format!("hand-card-{i}")
                data-tutorial-target=mark(target, format!("hand-card-{i}"))
                data-pos=i
                data-card=card.to_string()
                aria-pressed=move || is_selected().to_string()
                aria-disabled=move || (!selectable.get()).to_string()
                tabindex=move || {
                    let f = focus_pos.get();
                    let aimed = target.with(|t| t.as_deref() == Some(format!("hand-card-{i}").as_str()));
                    if f == i || aimed || (i == 0 && f >= cards.with(|c| c.len())) { "0" } else { "-1" }
                }
                on:focus=move |_| focus_pos.set(i)
                on:click=move |_| self.toggle(i)
            >
                // Named by its text, as in the main hand (label in name).
                <span class="sr-only">{move || card_aria(lang.get(), card, is_selected(), is_marked(), is_drawn())}</span>
                <CardFace card=card decorative=true />
                {move || is_drawn().then(|| view! { <span class="drawn-tag" aria-hidden="true">{lt(L::JustDrawn)}</span> })}
                // The tag's words come from the stylesheet (see the main hand).
                <span class="hint-badge" aria-hidden="true"></span>
            </button>
        }
    }
}

#[component]
pub fn ProgrammesHand(
    /// The cards in display order.
    #[prop(into)]
    cards: Signal<Vec<Card>>,
    /// Selected positions (bit i: position i).
    selected: RwSignal<u64>,
    /// Positions the chosen reveal would lay down.
    #[prop(into)]
    marked: Signal<u64>,
    /// Whether cards can be selected now.
    #[prop(into)]
    selectable: Signal<bool>,
    /// Sort by rank (else by suit).
    by_rank: RwSignal<bool>,
    #[prop(into)] title: Signal<String>,
    /// The control a guided game waits for (`data-tutorial-target`): a card to select is also in
    /// the tab order.
    #[prop(optional)]
    target: Signal<Option<String>>,
    /// The card just drawn (from the stock or the discard pile), marked until the next move.
    #[prop(optional, into)]
    drawn: Signal<Option<Card>>,
) -> impl IntoView {
    let lang = use_lang();
    let drawn_at = Memo::new(move |_| drawn.get().and_then(|d| cards.with(|c| c.iter().position(|&x| x == d))));
    let parts = Parts { cards, selected, marked, selectable, target, drawn_at, focus_pos: RwSignal::new(0usize), lang };
    let hand_ref = NodeRef::<leptos::html::Div>::new();
    let on_keydown = move |ev: web_sys::KeyboardEvent| {
        if let Some(hand) = hand_ref.get_untracked() {
            parts.on_keydown(&hand, ev);
        }
    };
    let most = longest(Signal::derive(move || cards.with(Vec::len)));
    view! {
        <section class="hand-area prog-hand-area" aria-label=move || title.get() tabindex="-1" data-focus-home="">
            <div class="prog-hand-head">
                <h2 class="hand-title">{move || title.get()}</h2>
                <button
                    type="button"
                    class="btn btn-small prog-sort"
                    data-testid="hand-sort"
                    // (The selection follows its cards into the new order: programmes/mod.rs.)
                    on:click=move |_| by_rank.update(|b| *b = !*b)
                >
                    {move || if by_rank.get() { L::BySuit } else { L::ByRank }.text(lang.get())}
                </button>
                <button
                    type="button"
                    class="btn btn-small prog-clear"
                    data-testid="selection-clear"
                    data-tutorial-target=mark(target, "selection-clear".into())
                    hidden=move || selected.get() == 0
                    on:click=move |_| selected.set(0)
                >
                    {lt(L::Clear)}
                </button>
            </div>
            <div
                class="hand prog-hand"
                class:hand-active=move || selectable.get()
                data-testid="hand"
                data-active=move || selectable.get().to_string()
                data-selected=move || selected.get().count_ones().to_string()
                node_ref=hand_ref
                role="group"
                aria-label=move || title.get()
                on:keydown=on_keydown
                prop:style=move || format!("--cards:{}", cards.with(|c| c.len()))
                data-rows=move || (cards.with(Vec::len) >= LONG_HAND).then_some("2")
                data-long=move || (most.get() >= LONG_HAND).then_some("")
            >
                {move || {
                    let list = cards.get();
                    let row_2 = second_row_from(list.len());
                    list.into_iter().enumerate().map(|(i, card)| parts.card(i, card, row_2)).collect_view()
                }}
            </div>
        </section>
    }
}
