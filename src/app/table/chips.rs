//! Chip counts and piles, shared by every game's board: a count that shows how much it just
//! gained or lost, and a pile whose height grows with the amount.

use leptos::prelude::*;

use crate::engine::game::Chips;

/// A chip count that pulses (green up, red down) and shows the change each time it moves.
/// `value` should be a memo: every change of the number restarts the animation.
#[component]
pub fn ChipCount(#[prop(into)] value: Signal<Chips>) -> impl IntoView {
    let previous = std::cell::Cell::new(value.get_untracked());
    move || {
        let now = value.get();
        let delta = now - previous.replace(now);
        let class = match delta.signum() {
            1 => "chip-count gain",
            -1 => "chip-count loss",
            _ => "chip-count",
        };
        view! {
            <span class=class>
                <span class="chip-number">{now}</span>
                {(delta != 0).then(|| view! { <span class="chip-delta" aria-hidden="true">{format!("{delta:+}")}</span> })}
            </span>
        }
    }
}

/// A little stack of chips whose height grows with the amount (logarithmically).
#[component]
pub fn ChipPile(#[prop(into)] value: Signal<Chips>, #[prop(optional)] colour: &'static str) -> impl IntoView {
    // One disc per doubling: the bit length of the amount, at most 9.
    let discs = move || (64 - value.get().max(0).leading_zeros() as usize).min(9);
    view! {
        <span class="chip-pile" data-colour=colour aria-hidden="true">
            {move || (0..discs()).map(|i| view! { <span class="chip-disc" prop:style=format!("--i:{i}")></span> }).collect_view()}
        </span>
    }
}
