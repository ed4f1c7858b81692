//! The table's middle: the stock and the discard pile, and every meld grouped by its owner with
//! the owner's program card (face down until revealed). With one card selected, the melds it can
//! extend show an "Add" button.

use leptos::prelude::*;

use crate::engine::cards::Card;
use crate::engine::game::Seat;
use crate::engine::programmes::{Meld, Placed, ProgramId, Shape};

use super::program_card::ProgramCard;
use super::text::{add_label, discard_label, lt, meld_shown, meld_title, placed_words, stock_label, L};
use crate::app::card_svg::{CardBack, CardFace};
use crate::app::i18n::{card_short, use_lang, Person};

/// A card as laid on the table: a wild carries a tag with the card it stands for.
pub fn placed_card(p: Placed) -> impl IntoView {
    let lang = use_lang();
    view! {
        <span class="placed" class:placed-wild=p.stands_for.is_some() data-placed=p.to_string()>
            <CardFace card=p.card decorative=true />
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
    #[prop(into)] can_stock: Signal<bool>,
    #[prop(into)] can_discard: Signal<bool>,
    /// Called with `true` to take the discard pile's top card, `false` for the stock.
    on_draw: Callback<bool>,
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
                on:click=move |_| on_draw.run(true)
            >
                // Named by its text (the card drawn on top repeats its index; see the hand).
                <span class="sr-only">{move || discard_label(lang.get(), top.get())}</span>
                <span class="pile-cards">
                    {move || match top.get() {
                        Some(card) => view! { <CardFace card=card decorative=true /> }.into_any(),
                        None => view! { <span class="pile-empty"></span> }.into_any(),
                    }}
                </span>
                <span class="pile-caption" aria-hidden="true">{lt(L::DiscardPile)}</span>
            </button>
        </div>
    }
}

/// One player's corner of the table.
#[derive(Clone, Debug, PartialEq)]
pub struct OwnerGroup {
    pub seat: Seat,
    pub person: Person,
    /// The program card as this viewer sees it (`None`: face down; absent when the player holds
    /// none).
    pub program: Option<Option<ProgramId>>,
    pub revealed: bool,
    pub melds: Vec<(usize, Meld)>,
}

fn meld_view(number: usize, meld: Meld, targets: Signal<Vec<(usize, Placed)>>, on_extend: Callback<(usize, Placed)>) -> impl IntoView {
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
            <span class="meld-cards" aria-hidden="true">{cards.into_iter().map(placed_card).collect_view()}</span>
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
                                    {g.melds.into_iter().map(|(n, m)| meld_view(n, m, targets, on_extend)).collect_view()}
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
