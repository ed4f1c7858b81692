//! The table's middle: the stock and the discard pile, and every meld grouped by its owner with
//! the owner's program card (face down until revealed). With one card selected, the melds it can
//! extend show an "Add" button.

use leptos::prelude::*;

use crate::engine::cards::Card;
use crate::engine::programmes::{Meld, Placed, Shape};

use super::guide::mark;
use super::program_card::ProgramCard;
use super::text::{add_label, discard_label, lt, meld_shown, meld_title, placed_words, stock_label, L};
use crate::app::services::i18n::{card_short, use_lang};
use crate::app::table::card_svg::{CardBack, CardFace};
pub use crate::model::programmes::{laid_by, last_pile_move, LaidBy, OwnerGroup, PileMove};

/// A card as laid on the table, drawn as its index and suit alone (the melds' cards are small: a
/// printed corner would be a few pixels tall); a wild carries a tag with the card it stands for.
pub fn placed_card(p: Placed) -> impl IntoView {
    laid_card(p, None)
}

fn laid_card(p: Placed, by: LaidBy) -> impl IntoView {
    let lang = use_lang();
    let (from, key) = by.map_or((None, None), |(seat, key)| (Some(seat.to_string()), Some(key)));
    view! {
        <span class="placed" class:placed-wild=p.stands_for.is_some() data-placed=p.to_string() data-fly-from=from data-fly-key=key>
            <CardFace card=p.card decorative=true compact=true />
            {p.stands_for.map(|v| view! { <span class="wild-tag">{move || format!("={}", card_short(lang.get(), v))}</span> })}
        </span>
    }
}

/// The stock (face down, with its count) and the discard pile (its top card). Each is a button
/// that draws when the engine allows it.
#[component]
pub fn Piles(
    #[prop(into)] stock: Signal<usize>,
    #[prop(into)] top: Signal<Option<Card>>,
    #[prop(into)] last_move: Signal<Option<PileMove>>,
    #[prop(into)] can_stock: Signal<bool>,
    #[prop(into)] can_discard: Signal<bool>,
    /// Called with `true` to take the discard pile's top card, `false` for the stock.
    on_draw: Callback<bool>,
    /// The control a guided game waits for (`data-tutorial-target`).
    #[prop(optional)]
    target: Signal<Option<String>>,
) -> impl IntoView {
    let lang = use_lang();
    view! {
        <div class="prog-piles">
            <button
                type="button"
                class="pile pile-stock"
                class:pile-ready=move || can_stock.get()
                data-testid="stock"
                data-count=move || stock.get().to_string()
                aria-disabled=move || (!can_stock.get()).to_string()
                aria-keyshortcuts=crate::app::shortcut_attr("S")
                data-tutorial-target=mark(target, "stock".into())
                aria-label=move || stock_label(lang.get(), stock.get())
                on:click=move |_| on_draw.run(false)
            >
                <span class="pile-cards"><CardBack decorative=true /></span>
                <span class="pile-caption">{lt(L::Stock)}" · "{move || stock.get()}</span>
            </button>
            <button
                type="button"
                class="pile pile-discard"
                class:pile-ready=move || can_discard.get()
                data-testid="discard"
                data-card=move || top.get().map(|c| c.to_string()).unwrap_or_default()
                aria-disabled=move || (!can_discard.get()).to_string()
                aria-keyshortcuts=crate::app::shortcut_attr("D")
                data-tutorial-target=mark(target, "discard".into())
                on:click=move |_| on_draw.run(true)
            >
                // Named by its text (the card drawn on top repeats its index; see the hand).
                <span class="sr-only">{move || discard_label(lang.get(), top.get())}</span>
                <span class="pile-cards">
                    {move || match (top.get(), last_move.get()) {
                        (Some(card), Some(PileMove::Discarded { seat, event })) => {
                            view! {
                                <span class="pile-top" data-fly-from=seat.to_string() data-fly-key=format!("e{event}")>
                                    <CardFace card=card decorative=true />
                                </span>
                            }
                            .into_any()
                        }
                        (Some(card), _) => view! { <CardFace card=card decorative=true /> }.into_any(),
                        (None, _) => view! { <span class="pile-empty"></span> }.into_any(),
                    }}
                </span>
                <span class="pile-caption" aria-hidden="true">{lt(L::DiscardPile)}</span>
            </button>
            // A card drawn: a copy leaves the pile for the drawer's seat.
            {move || match last_move.get() {
                Some(PileMove::DrewStock { seat, event }) => Some(view! {
                    <span hidden data-fly-key=format!("e{event}") data-fly-at="stock" data-fly-to=seat.to_string()>
                        <CardBack decorative=true />
                    </span>
                }.into_any()),
                Some(PileMove::DrewDiscard { seat, card, event }) => Some(view! {
                    <span hidden data-fly-key=format!("e{event}") data-fly-at="discard" data-fly-to=seat.to_string()>
                        <CardFace card=card decorative=true />
                    </span>
                }.into_any()),
                _ => None,
            }}
        </div>
    }
}

fn meld_view(
    number: usize,
    meld: Meld,
    laid_by: Vec<LaidBy>,
    targets: Signal<Vec<(usize, Placed)>>,
    on_extend: Callback<(usize, Placed)>,
    target: Signal<Option<String>>,
) -> impl IntoView {
    let lang = use_lang();
    let run = matches!(meld.shape, Shape::Run { .. });
    let cards = meld.cards().to_vec();
    let text = cards.iter().map(|p| p.to_string()).collect::<Vec<_>>().join(" ");
    let label = {
        let cards = cards.clone();
        move || {
            let l = lang.get();
            format!("{}{}{}", meld_title(l, number, run), l.pick(": ", " : "), placed_words(l, &cards))
        }
    };
    let adds = move || {
        let here: Vec<Placed> = targets.with(|t| t.iter().filter(|(m, _)| *m == number).map(|(_, p)| *p).collect());
        here.into_iter()
            .enumerate()
            .map(|(k, p)| {
                let id = if k == 0 { format!("action-extend-{number}") } else { format!("action-extend-{number}-{}", k + 1) };
                view! {
                    <button
                        type="button"
                        class="btn btn-small btn-primary meld-add"
                        data-testid=id
                        data-action=format!("extend {number} {p}")
                        data-tutorial-target=mark(target, format!("extend {number} {p}"))
                        on:click=move |_| on_extend.run((number, p))
                    >
                        {move || add_label(lang.get(), p)}
                    </button>
                }
            })
            .collect_view()
    };
    view! {
        <li
            class="meld"
            class:meld-target=move || targets.with(|t| t.iter().any(|(m, _)| *m == number))
            data-testid=format!("meld-{number}")
            data-kind=if run { "run" } else { "set" }
            data-cards=text
            data-owner=meld.owner
            aria-label=label
        >
            <span class="meld-number" aria-hidden="true">{meld_shown(number)}</span>
            <span class="meld-cards" aria-hidden="true">
                {cards.into_iter().zip(laid_by).map(|(p, by)| laid_card(p, by)).collect_view()}
            </span>
            {adds}
        </li>
    }
}

/// Every player's program card and melds, the viewer's first.
#[component]
pub fn TableMelds(
    #[prop(into)] groups: Signal<Vec<OwnerGroup>>,
    /// Where the selected card may go.
    #[prop(into)]
    targets: Signal<Vec<(usize, Placed)>>,
    on_extend: Callback<(usize, Placed)>,
    /// The control a guided game waits for (`data-tutorial-target`).
    #[prop(optional)]
    target: Signal<Option<String>>,
) -> impl IntoView {
    let lang = use_lang();
    view! {
        <section class="prog-melds" data-testid="melds" aria-label=lt(L::OnTheTable)>
            {move || {
                groups
                    .get()
                    .into_iter()
                    .map(|g| {
                        let person = g.person.clone();
                        let empty = g.melds.is_empty();
                        view! {
                            <div class="owner-group" class:owner-revealed=g.revealed data-testid=format!("melds-of-{}", g.seat)>
                                <div class="owner-head">
                                    {g.program.map(|p| view! {
                                        <span class="owner-program" data-testid=format!("program-card-{}", g.seat)>
                                            <ProgramCard program=p />
                                        </span>
                                    })}
                                    <span class="owner-name">{move || person.display(lang.get())}</span>
                                </div>
                                <ul class="meld-list">
                                    {g.melds.into_iter().map(|(n, m, by)| meld_view(n, m, by, targets, on_extend, target)).collect_view()}
                                    {empty.then(|| view! { <li class="meld-none">{lt(L::NoMelds)}</li> })}
                                </ul>
                            </div>
                        }
                    })
                    .collect_view()
            }}
        </section>
    }
}
