//! The human's decisions outside the race, as buttons: exactly the engine's legal actions, in the
//! engine's order. A show is drawn as the cards it shows. A long run of amounts (a bid up to the
//! bidder's chips, a large betting limit) becomes one number field limited to the legal amounts
//! (↑/↓ step it) and its button.
//!
//! Keyboard: the first choice gets the focus when the decision comes; ←/→ move between the
//! buttons; Enter or Space presses one (they are plain buttons).

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::engine::bonanza::Action;
use crate::engine::game::Chips;
use crate::model::bonanza::{choices, Choice, Verb};

use super::mini_cards;
use super::text::{action_label, action_slug, lt, L};
use crate::app::services::i18n::{use_lang, Lang};
use crate::app::table::hint::Hints;

/// The bar's buttons, in screen order.
fn buttons(bar: &web_sys::HtmlElement) -> Vec<web_sys::HtmlElement> {
    let Ok(list) = bar.query_selector_all("button") else { return Vec::new() };
    (0..list.length()).filter_map(|i| list.item(i)).filter_map(|n| n.dyn_into::<web_sys::HtmlElement>().ok()).collect()
}

/// A new decision: the focus goes to its first choice (in a guided game, to the one the guide
/// waits for).
fn focus_first_choice(bar: NodeRef<leptos::html::Div>) {
    set_timeout(
        move || {
            if !crate::app::may_take_focus() {
                return;
            }
            // The bar may be gone by then (an undo replaced the table): `try_`, as in the hand.
            let Some(all) = bar.try_get_untracked().flatten().map(|b| buttons(&b)) else { return };
            let guided = all.iter().find(|b| b.has_attribute("data-tutorial-target"));
            if let Some(first) = guided.or_else(|| all.iter().find(|b| b.class_name().contains("decision"))) {
                let _ = first.focus();
            }
        },
        std::time::Duration::ZERO,
    );
}

/// ←/→ move the focus between the bar's buttons, round from one end to the other.
fn step_focus(bar: NodeRef<leptos::html::Div>, ev: web_sys::KeyboardEvent) {
    let step: isize = match ev.key().as_str() {
        "ArrowRight" => 1,
        "ArrowLeft" => -1,
        _ => return,
    };
    let Some(bar) = bar.get_untracked() else { return };
    let all = buttons(&bar);
    let focused = web_sys::window().and_then(|w| w.document()).and_then(|d| d.active_element());
    let Some(i) = focused.and_then(|f| all.iter().position(|b| b.unchecked_ref::<web_sys::Element>() == &f)) else {
        return;
    };
    ev.prevent_default();
    let n = all.len() as isize;
    let _ = all[((i as isize + step + n) % n) as usize].focus();
}

#[component]
pub fn Decisions(
    /// The engine's legal actions for the human to move (empty: nothing to decide here).
    #[prop(into)]
    legal: Signal<Vec<Action>>,
    /// What a call costs, for its label.
    #[prop(into)]
    to_call: Signal<Chips>,
    on_act: Callback<Action>,
    /// The move a guided game waits for (`data-tutorial-target` on its button).
    #[prop(optional, into)]
    target: Option<Signal<Option<Action>>>,
) -> impl IntoView {
    let bar = NodeRef::<leptos::html::Div>::new();
    let list = Memo::new(move |_| legal.with(|l| choices(l)));
    Effect::new(move |_| {
        if list.with(|l| !l.is_empty()) {
            focus_first_choice(bar);
        }
    });
    view! {
        <div
            class="decisions"
            data-testid="decisions"
            role="group"
            aria-label=lt(L::Decisions)
            node_ref=bar
            on:keydown=move |ev| step_focus(bar, ev)
        >
            {move || {
                list.get()
                    .into_iter()
                    .map(|c| match c {
                        Choice::One(action) => view! { <DecisionButton action to_call on_act target /> }.into_any(),
                        Choice::Amounts { verb, low, high } => view! { <Stepper verb low high to_call on_act /> }.into_any(),
                    })
                    .collect_view()
            }}
        </div>
    }
}

/// One legal action's button; a show is drawn as the cards it shows.
#[component]
fn DecisionButton(
    action: Action,
    to_call: Signal<Chips>,
    on_act: Callback<Action>,
    target: Option<Signal<Option<Action>>>,
) -> impl IntoView {
    let lang = use_lang();
    let show = matches!(action, Action::Show(_));
    let cards = match action {
        Action::Show(claim) => Some(mini_cards(claim.cards())),
        _ => None,
    };
    let label = move || action_label(lang.get(), &action, to_call.get());
    view! {
        <button
            type="button"
            class="btn decision"
            class:decision-show=show
            data-testid=action_slug(&action)
            data-action=action.to_string()
            data-tutorial-target=move || target.and_then(|t| t.get()).filter(|&t| t == action).map(|_| "true")
            aria-label=label
            on:click=move |_| on_act.run(action)
        >
            {if show { view! { <span aria-hidden="true">{move || lang.get().pick("Show", "Montrer")}</span> }.into_any() } else { view! { <span>{label}</span> }.into_any() }}
            {cards}
        </button>
    }
}

/// A hint for an amount of `verb`'s kind between `low` and `high` sets `amount` (`app::hint` then
/// marks the button).
fn follow_hints(verb: Verb, low: Chips, high: Chips, amount: RwSignal<Chips>) {
    let hints = use_context::<Hints>();
    Effect::new(move |_| {
        let hinted = hints.and_then(Hints::ready).and_then(|s| {
            let (kind, n) = Verb::of(&s.action.parse().ok()?)?;
            (kind == verb && (low..=high).contains(&n)).then_some(n)
        });
        if let Some(n) = hinted {
            amount.set(n);
        }
    });
}

/// A run of legal amounts of one kind, from `low` to `high`: a number field limited to them
/// (↑/↓ step it) and its button.
#[component]
fn Stepper(verb: Verb, low: Chips, high: Chips, to_call: Signal<Chips>, on_act: Callback<Action>) -> impl IntoView {
    let lang = use_lang();
    let amount = RwSignal::new(low);
    // The field shows a number outside the limits, or none (`Some` of what it shows): Enter or
    // the button bring it within them and play nothing, until the field and the button say
    // the same amount again.
    let out_of_range = RwSignal::new(None::<Option<Chips>>);
    let typed = move |ev: &web_sys::Event| event_target_value(ev).trim().parse::<Chips>().ok();
    let action = move || verb.make(amount.get());
    let act = move || {
        if let Some(typed) = out_of_range.get_untracked() {
            // The nearest bound to a number typed beyond it; the last legal amount for no number.
            amount.set(typed.map_or(amount.get_untracked(), |n| n.clamp(low, high)));
            out_of_range.set(None);
        } else {
            on_act.run(action());
        }
    };
    follow_hints(verb, low, high, amount);
    let range = move || match lang.get() {
        Lang::En => format!("from {low} to {high}"),
        Lang::Fr => format!("de {low} à {high}"),
    };
    view! {
        <span class="stepper" role="group" aria-label=lt(L::Amount)>
            <input
                class="step-amount"
                type="number"
                inputmode="numeric"
                min=low.to_string()
                max=high.to_string()
                step="1"
                data-testid="amount"
                aria-label=lt(L::Amount)
                prop:value=move || amount.get().to_string()
                // A legal amount counts as it is typed; leaving the field brings any other
                // back within the limits.
                aria-invalid=move || out_of_range.get().is_some().to_string()
                on:input=move |ev| {
                    let n = typed(&ev);
                    match n.filter(|n| (low..=high).contains(n)) {
                        Some(n) => {
                            amount.set(n);
                            out_of_range.set(None);
                        }
                        None => out_of_range.set(Some(n)),
                    }
                }
                on:change=move |ev| {
                    out_of_range.set(None);
                    amount.set(typed(&ev).unwrap_or(low).clamp(low, high));
                }
                on:keydown=move |ev: web_sys::KeyboardEvent| {
                    if ev.key() == "Enter" {
                        ev.prevent_default();
                        act();
                    }
                }
            />
            <button
                type="button"
                class="btn decision"
                data-testid=move || action_slug(&action())
                data-action=move || action().to_string()
                on:click=move |_| act()
            >
                {move || action_label(lang.get(), &action(), to_call.get())}
            </button>
            <span class="step-range" role="status">{move || out_of_range.get().map(|_| range())}</span>
        </span>
    }
}
