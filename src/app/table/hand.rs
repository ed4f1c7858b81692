//! The hand of the player at the screen, sorted by rank. Playable cards (exactly the engine's
//! legal moves) stand out; they are played by click, tap, or keyboard: the focus lands on the
//! first playable card when the turn comes, ←/→ (and Home/End) move among the playable cards,
//! Enter or Space plays the focused one.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::engine::cards::{Card, CardSet};

use crate::app::services::i18n::{card_label, pass_device_to, tr, use_lang, Lang, Names, T};
use crate::app::table::card_svg::CardFace;
use crate::app::AppState;
use crate::engine::game::Seat;
use crate::model::session::Session;

/// Why the engine refuses a card of the hand to the seat to move, in words, if it does (each
/// game's view asks its engine and words the refusal).
pub type WhyNot = fn(Lang, &Session, Card) -> Option<String>;

fn play_hint(lang: Lang, playable: bool, active: bool) -> &'static str {
    match (lang, active, playable) {
        (Lang::En, true, true) => "playable",
        (Lang::En, true, false) => "cannot be played now",
        (Lang::Fr, true, true) => "jouable",
        (Lang::Fr, true, false) => "injouable pour l'instant",
        (_, false, _) => "",
    }
}

/// The playable card buttons of a hand, in screen order.
fn playable_buttons(hand: &web_sys::HtmlElement) -> Vec<web_sys::HtmlElement> {
    let Ok(list) = hand.query_selector_all("button[data-playable='true']") else { return Vec::new() };
    (0..list.length()).filter_map(|i| list.item(i)).filter_map(|n| n.dyn_into::<web_sys::HtmlElement>().ok()).collect()
}

/// Focuses a card of the hand (or another control of the table, e.g. the one a hint marks) and
/// scrolls the page as little as shows its whole area: the hand for a card (the browser's own
/// focus scroll would centre the card, pushing the table off a phone's screen), and in Programmes
/// the moves with the hand, whose selected cards a hint's button plays.
pub fn focus_in_area(button: &web_sys::HtmlElement) {
    if !crate::app::may_take_focus() {
        return;
    }
    let area = button.closest(".prog-play, .hand-area").ok().flatten();
    focus_showing(button, area.as_ref().unwrap_or(button));
}

/// Calls `target.method({options})` (the web-sys bindings lack the options of `focus` and
/// `scrollIntoView`); false if the browser has no such method.
fn call_with(target: &wasm_bindgen::JsValue, method: &str, options: &[(&str, wasm_bindgen::JsValue)]) -> bool {
    use js_sys::{Function, Object, Reflect};
    let object = Object::new();
    for (key, value) in options {
        let _ = Reflect::set(&object, &(*key).into(), value);
    }
    Reflect::get(target, &method.into())
        .ok()
        .and_then(|f| f.dyn_into::<Function>().ok())
        .map(|f| f.call1(target, &object).is_ok())
        .unwrap_or(false)
}

/// Focuses `el` and leaves the page where it is; true if the browser took `preventScroll`
/// (else `el` is focused the plain way, scrolled into view).
pub fn focus_without_scroll(el: &web_sys::HtmlElement) -> bool {
    if call_with(el, "focus", &[("preventScroll", true.into())]) {
        return true;
    }
    let _ = el.focus();
    false
}

/// Focuses `el` without the browser's own scroll, then scrolls the page as little as shows `shown`
/// (`el` or an area holding it).
pub fn focus_showing(el: &web_sys::HtmlElement, shown: &web_sys::Element) {
    if !focus_without_scroll(el) {
        return;
    }
    // (Nothing lies over the table: the play dock is below it, never over it, style/main.css.)
    call_with(shown, "scrollIntoView", &[("block", "nearest".into()), ("inline", "nearest".into())]);
}

/// A hand this long lies in two rows on a narrow screen (style/main.css, `.hand[data-rows]`): in
/// one row its cards would offer a finger less than 28 px each.
pub const LONG_HAND: usize = 9;

/// The position where the second row of a hand of `cards` begins (none for a short hand).
pub fn second_row_from(cards: usize) -> usize {
    if cards >= LONG_HAND {
        cards.div_ceil(2)
    } else {
        usize::MAX
    }
}

/// The longest a hand has been (a Memo of `cards`' length): a hand that was long keeps the room of
/// two rows (`data-long`) as it shrinks, so that it does not move under the player's thumb.
pub fn longest(cards: Signal<usize>) -> Memo<usize> {
    Memo::new(move |most: Option<&usize>| cards.get().max(most.copied().unwrap_or(0)))
}

/// Puts the focus on the first playable card (after the DOM has caught up).
pub fn focus_first_playable(hand: NodeRef<leptos::html::Div>) {
    set_timeout(
        move || {
            // The hand may be gone by then (the table replaced): `try_`, a disposed one is no error.
            if let Some(hand) = hand.try_get_untracked().flatten() {
                if let Some(first) = playable_buttons(&hand).into_iter().next() {
                    focus_in_area(&first);
                }
            }
        },
        std::time::Duration::ZERO,
    );
}

#[component]
pub fn Hand(
    /// The cards, in display order.
    #[prop(into)]
    cards: Signal<Vec<Card>>,
    /// The cards the engine allows now.
    #[prop(into)]
    playable: Signal<CardSet>,
    /// Whether the hand's owner may play now (their turn, no dialog open).
    #[prop(into)]
    active: Signal<bool>,
    /// Called with the card to play.
    on_play: Callback<Card>,
    /// The heading ("Your hand").
    #[prop(into)]
    title: Signal<String>,
    /// The card a guided game waits for (`data-tutorial-target`).
    #[prop(optional, into)]
    target: Option<Signal<Option<Card>>>,
    /// Why the engine refuses a card now, in words (the game's view asks the engine).
    #[prop(optional)]
    why_not: Option<WhyNot>,
) -> impl IntoView {
    let lang = use_lang();
    let state = use_context::<AppState>();
    let hand_ref = NodeRef::<leptos::html::Div>::new();
    let most = longest(Signal::derive(move || cards.with(Vec::len)));
    // A refused click shakes the card for a moment.
    let shaking = RwSignal::new(None::<Card>);
    // The refused card last tapped: its reason stays over it until the hand or the turn changes.
    let explained = RwSignal::new(None::<Card>);

    focus_on_turn(active, playable, cards, explained, hand_ref);

    let try_play = Callback::new(move |card: Card| {
        if active.get_untracked() && playable.with_untracked(|p| p.contains(card)) {
            on_play.run(card);
        } else if active.get_untracked() {
            explained.set(Some(card));
            shaking.set(Some(card));
            set_timeout(move || shaking.set(None), std::time::Duration::from_millis(400));
        }
    });
    let parts = HandParts { cards, playable, active, shaking, explained, target, why_not, state, lang, try_play };

    let on_keydown = move |ev: web_sys::KeyboardEvent| {
        let Some(hand) = hand_ref.get_untracked() else { return };
        if let Some(card) = hand_key(&ev, &hand) {
            try_play.run(card);
        }
    };

    view! {
        <section class="hand-area" aria-label=move || title.get() tabindex="-1" data-focus-home="">
            <h2 class="hand-title">{move || title.get()}</h2>
            <div
                class="hand"
                class:hand-active=move || active.get()
                data-testid="hand"
                data-active=move || active.get().to_string()
                node_ref=hand_ref
                role="group"
                aria-label=move || title.get()
                on:keydown=on_keydown
                prop:style=move || format!("--cards:{}", cards.with(|c| c.len()))
                data-rows=move || (cards.with(Vec::len) >= LONG_HAND).then_some("2")
                data-long=move || (most.get() >= LONG_HAND).then_some("")
            >
                <For each=move || cards.get() key=|c| c.index() let:card>
                    {hand_card(card, parts)}
                </For>
            </div>
        </section>
    }
}

/// The turn comes (or the hand changes during it): the first playable card takes the focus, and a
/// reason said before is gone.
fn focus_on_turn(
    active: Signal<bool>,
    playable: Signal<CardSet>,
    cards: Signal<Vec<Card>>,
    explained: RwSignal<Option<Card>>,
    hand_ref: NodeRef<leptos::html::Div>,
) {
    Effect::new(move |_| {
        let is_active = active.get();
        let can_play = playable.with(|p| !p.is_empty());
        cards.track();
        explained.set(None);
        if is_active && can_play {
            focus_first_playable(hand_ref);
        }
    });
}

/// What each card of a [`Hand`] reads: the hand's signals and its play.
#[derive(Clone, Copy)]
struct HandParts {
    cards: Signal<Vec<Card>>,
    playable: Signal<CardSet>,
    active: Signal<bool>,
    shaking: RwSignal<Option<Card>>,
    explained: RwSignal<Option<Card>>,
    target: Option<Signal<Option<Card>>>,
    why_not: Option<WhyNot>,
    state: Option<AppState>,
    lang: Signal<Lang>,
    try_play: Callback<Card>,
}

/// A card of the hand: a button, playable or greyed with the engine's reason.
fn hand_card(card: Card, parts: HandParts) -> impl IntoView {
    let HandParts { cards, playable, active, shaking, explained, target, why_not, state, lang, try_play } = parts;
    let is_playable = move || playable.with(|p| p.contains(card));
    let usable = move || active.get() && is_playable();
    // The engine's reason, on a greyed card of the player's turn.
    let why = move || {
        let words = why_not.filter(|_| active.get() && !is_playable())?;
        state?.session.with(|s| words(lang.get(), s.as_ref()?, card))
    };
    let second_row = move || cards.with(|c| c.iter().position(|&x| x == card).is_some_and(|i| i >= second_row_from(c.len())));
    view! {
        <button
            type="button"
            class="hand-card"
            class:row-2=second_row
            class:playable=usable
            class:shake=move || shaking.get() == Some(card)
            class:explained=move || explained.get() == Some(card)
            class:why-end=move || cards.with(|c| c.iter().position(|&x| x == card).is_some_and(|i| 2 * i >= c.len()))
            // Shown over the card on hover, and after a tap (style/main.css).
            data-why=why
            data-testid=format!("card-{card}")
            data-card=card.to_string()
            data-playable=move || is_playable().to_string()
            data-tutorial-target=move || target.and_then(|t| t.get()).filter(|&t| t == card).map(|_| "true")
            aria-disabled=move || (!usable()).to_string()
            tabindex=move || if usable() { "0" } else { "-1" }
            on:click=move |_| try_play.run(card)
        >
            // The name comes from this text, not from an aria-label: the card's
            // drawing repeats its index ("7", "7"), which an aria-label would
            // have to contain word for word (WCAG 2.5.3, label in name).
            <span class="sr-only">
                {move || card_name(lang.get(), card, is_playable(), active.get(), why())}
            </span>
            <CardFace card=card decorative=true />
            // Its words come from the stylesheet, on the card a hint marks
            // (`app::hint`; the hint's sentence, read aloud, names the card).
            <span class="hint-badge" aria-hidden="true"></span>
        </button>
    }
}

/// The hand's keys: the arrows, Home and End move the focus among the playable cards; Enter or
/// Space give the focused card, to play.
fn hand_key(ev: &web_sys::KeyboardEvent, hand: &web_sys::HtmlDivElement) -> Option<Card> {
    let buttons = playable_buttons(hand);
    let focused = web_sys::window().and_then(|w| w.document()).and_then(|d| d.active_element());
    let index = focused.as_ref().and_then(|f| buttons.iter().position(|b| b.unchecked_ref::<web_sys::Element>() == f));
    let count = buttons.len().max(1);
    let target = match ev.key().as_str() {
        "ArrowRight" | "ArrowDown" => index.map_or(0, |i| (i + 1) % count),
        "ArrowLeft" | "ArrowUp" => index.map_or(0, |i| (i + count - 1) % count),
        "Home" => 0,
        "End" => buttons.len().saturating_sub(1),
        "Enter" | " " | "Spacebar" => {
            ev.prevent_default();
            return focused.and_then(|f| f.get_attribute("data-card")).and_then(|c| c.parse::<Card>().ok());
        }
        _ => return None,
    };
    ev.prevent_default();
    if let Some(button) = buttons.get(target) {
        let _ = button.focus();
    }
    None
}

/// A hand card's name for a screen reader: the card, whether it can be played, and why not.
fn card_name(l: Lang, card: Card, playable: bool, active: bool, why: Option<String>) -> String {
    let hint = play_hint(l, playable, active);
    match why {
        Some(reason) => format!("{} ({hint}{}{reason})", card_label(l, card), l.pick(": ", "\u{a0}: ")),
        None if hint.is_empty() => card_label(l, card),
        None => format!("{} ({hint})", card_label(l, card)),
    }
}

/// The hand's place in Nain Jaune and Bonanza: a note when nobody plays at this screen
/// (`nobody`), the cover between two people's turns at a shared screen (`covered`), else
/// `children` (the hand).
#[component]
pub fn HandPlace(
    #[prop(into)] nobody: Signal<bool>,
    #[prop(into)] covered: Signal<bool>,
    next: Memo<Option<Seat>>,
    names: Memo<Names>,
    shown_to: RwSignal<Option<Seat>>,
    cover_button: NodeRef<leptos::html::Button>,
    children: ChildrenFn,
) -> impl IntoView {
    let hand_or_cover = move || {
        let children = children.clone();
        view! {
            <Show
                when=move || !covered.get()
                fallback=move || view! { <HandCover next=next names=names shown_to=shown_to button=cover_button /> }
            >
                {children()}
            </Show>
        }
    };
    view! {
        <Show when=move || !nobody.get() fallback=|| view! { <NoHand /> }>
            {hand_or_cover()}
        </Show>
    }
}

/// In the hand's place when nobody plays at this screen.
#[component]
pub fn NoHand() -> impl IntoView {
    view! {
        <section class="hand-area" tabindex="-1" data-focus-home="">
            <div class="hand hand-empty" data-testid="hand">{tr(T::NoHumanHand)}</div>
        </section>
    }
}

/// In the hand's place when two people share the screen, between their turns: whose turn it is
/// (`next`) and the button that shows that player's cards (it sets `shown_to`).
#[component]
pub fn HandCover(
    next: Memo<Option<Seat>>,
    names: Memo<Names>,
    shown_to: RwSignal<Option<Seat>>,
    #[prop(optional)] button: NodeRef<leptos::html::Button>,
) -> impl IntoView {
    let lang = use_lang();
    let sentence = move || next.get().map(|m| names.with(|n| pass_device_to(lang.get(), &n.of(m)))).unwrap_or_default();
    view! {
        <section class="hand-area hand-cover">
            <div class="hand hand-empty" data-testid="hand">
                <p>{sentence}</p>
                <button type="button" class="btn btn-primary" node_ref=button on:click=move |_| shown_to.set(next.get_untracked())>
                    {tr(T::ShowMyCards)}
                </button>
            </div>
        </section>
    }
}
