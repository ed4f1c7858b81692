//! Revealing: the player's own program card, and — when the hand fulfils it — the ways to lay it
//! down that the engine finds, each shown as its combinations (a wild with the card it stands
//! for). The player picks one (arrow keys move among them) and reveals.

use leptos::prelude::*;

use crate::engine::programmes::{Action, Combinations, ProgramId};

use super::guide::mark;
use super::melds::placed_card;
use super::program_card::ProgramCard;
use super::text::{lt, more_ways, program_name, program_what, reveal_option_label, L};
use crate::app::services::i18n::use_lang;

/// How many ways are shown before "show more".
const SHOWN: usize = 6;

/// The player's program card, named and described.
#[component]
pub fn OwnProgram(#[prop(into)] program: Signal<Option<ProgramId>>, #[prop(into)] revealed: Signal<bool>) -> impl IntoView {
    let lang = use_lang();
    view! {
        <div class="own-program" class:own-revealed=move || revealed.get()>
            <div class="own-program-card" data-testid="program-card" data-program=move || program.get().map(|p| p.to_string())>
                {move || program.get().map(|p| view! { <ProgramCard program=Some(p) /> })}
            </div>
            <div class="own-program-text">
                <p class="own-program-kicker">
                    {lt(L::YourProgram)}
                    {move || revealed.get().then(|| format!(" · {}", L::Revealed.text(lang.get())))}
                </p>
                <p class="own-program-name">{move || program.get().map(|p| program_name(lang.get(), p))}</p>
                <p class="own-program-what">
                    {move || program.get().map(|p| program_what(lang.get(), p))}
                </p>
            </div>
        </div>
    }
}

/// The ways to reveal, and the button that reveals the chosen one.
#[component]
pub fn RevealChoice(
    #[prop(into)] options: Signal<Vec<Combinations>>,
    chosen: RwSignal<usize>,
    on_reveal: Callback<()>,
    /// The control a guided game waits for (`data-tutorial-target`).
    #[prop(optional)]
    target: Signal<Option<String>>,
) -> impl IntoView {
    let lang = use_lang();
    let all_shown = RwSignal::new(false);
    // Every way once asked, or when the chosen one (a hint's) is further down.
    let show_all = Memo::new(move |_| all_shown.get() || chosen.get() >= SHOWN);
    let option_view = move |k: usize, combos: Combinations| {
        let action = Action::Reveal(combos.clone()).to_string();
        let label = {
            let combos = combos.clone();
            move || reveal_option_label(lang.get(), k, &combos)
        };
        view! {
            <label
                class="reveal-option"
                class:reveal-chosen=move || chosen.get() == k
                data-testid=format!("reveal-option-{k}")
                data-action=action
            >
                <input
                    type="radio"
                    name="reveal-way"
                    class="reveal-radio"
                    value=k
                    prop:checked=move || chosen.get() == k
                    aria-label=label
                    on:change=move |_| chosen.set(k)
                />
                <span class="reveal-combos" aria-hidden="true">
                    {combos
                        .into_iter()
                        .map(|c| view! { <span class="reveal-combo">{c.into_iter().map(placed_card).collect_view()}</span> })
                        .collect_view()}
                </span>
            </label>
        }
    };
    view! {
        <div class="reveal-panel" data-testid="reveal-panel" role="group" aria-labelledby="reveal-title">
            <p class="reveal-title" id="reveal-title">{lt(L::CanReveal)}</p>
            <p class="reveal-hint">{lt(L::ChooseReveal)}</p>
            <div class="reveal-options" role="radiogroup" aria-labelledby="reveal-title" data-count=move || options.with(|o| o.len())>
                {move || {
                    let list = options.get();
                    let n = if show_all.get() { list.len() } else { list.len().min(SHOWN) };
                    list.into_iter().take(n).enumerate().map(|(k, c)| option_view(k, c)).collect_view()
                }}
            </div>
            <div class="reveal-actions">
                <button
                    type="button"
                    class="btn btn-small"
                    data-testid="reveal-more"
                    hidden=move || show_all.get() || options.with(|o| o.len() <= SHOWN)
                    on:click=move |_| all_shown.set(true)
                >
                    {move || more_ways(lang.get(), options.with(|o| o.len().saturating_sub(SHOWN)))}
                </button>
                <button
                    type="button"
                    class="btn btn-primary"
                    data-testid="action-reveal"
                    aria-keyshortcuts=crate::app::shortcut_attr("R")
                    data-tutorial-target=mark(target, "action-reveal".into())
                    on:click=move |_| on_reveal.run(())
                >
                    {lt(L::Reveal)}
                    <kbd class="kbd" aria-hidden="true">"R"</kbd>
                </button>
            </div>
        </div>
    }
}
