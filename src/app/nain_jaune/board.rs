//! The Nain Jaune board: the five boxes (10♦, J♣, Q♠, K♥ around the Yellow Dwarf 7♦), each with
//! its pile of chips; the counts pulse when chips are staked or won. Also the running sequence.

use leptos::prelude::*;

use crate::engine::cards::{Card, Rank};
use crate::engine::game::Chips;
use crate::engine::nain_jaune::NainJauneBox;

use super::text::box_name;
use crate::app::services::i18n::{card_label, chips_text, tr, use_lang, Lang, T};
use crate::app::table::card_svg::CardFace;
use crate::app::table::chips::{ChipCount, ChipPile};

/// One box of the board.
#[component]
fn BoxCell(board_box: NainJauneBox, #[prop(into)] chips: Signal<Chips>) -> impl IntoView {
    let lang = use_lang();
    let key = board_box.key();
    let colour = match board_box {
        NainJauneBox::TenDiamonds => "diamond",
        NainJauneBox::JackClubs => "club",
        NainJauneBox::QueenSpades => "spade",
        NainJauneBox::KingHearts => "heart",
        NainJauneBox::NainJaune => "dwarf",
    };
    let label = move || {
        let l = lang.get();
        let sep = if l == Lang::Fr { " : " } else { ": " };
        format!("{} ({}){sep}{}", box_name(l, board_box), card_label(l, board_box.card()), chips_text(l, chips.get()))
    };
    view! {
        <div
            class=format!("board-box box-{key}")
            data-testid=format!("box-{key}")
            data-chips=move || chips.get().to_string()
            role="group"
            aria-label=label
        >
            <div class="box-card"><CardFace card=board_box.card() decorative=true /></div>
            <div class="box-info">
                <span class="box-name">{move || box_name(lang.get(), board_box)}</span>
                <span class="box-chips">
                    <ChipPile value=chips colour=colour />
                    <ChipCount value=chips />
                </span>
            </div>
        </div>
    }
}

/// The five boxes.
#[component]
pub fn Board(#[prop(into)] boxes: Signal<[Chips; 5]>) -> impl IntoView {
    let lang = use_lang();
    view! {
        <section class="board" data-testid="board" aria-label=move || T::BoxesTitle.text(lang.get())>
            <h2 class="sr-only">{move || T::BoxesTitle.text(lang.get())}</h2>
            {NainJauneBox::ALL
                .into_iter()
                .map(|b| {
                    let chips = Memo::new(move |_| boxes.with(|all| all[b.index()]));
                    view! { <BoxCell board_box=b chips=chips /> }
                })
                .collect_view()}
        </section>
    }
}

/// How many cards the name under `card` may span: the length of the run of cards played by one
/// player that it starts, 0 for a card inside a run (or no longer in the sequence), and
/// [`LAST_RUN`] for the run that ends the sequence (nothing follows it, so its name runs on).
fn name_run(cards: &[SequenceCard], card: Card) -> usize {
    let Some(i) = cards.iter().position(|c| c.card == card) else { return 0 };
    let who = &cards[i].who;
    if i > 0 && cards[i - 1].who == *who {
        return 0;
    }
    let n = cards[i..].iter().take_while(|c| c.who == *who).count();
    if i + n == cards.len() {
        LAST_RUN
    } else {
        n
    }
}

/// The span of the last run's name: wider than any name.
const LAST_RUN: usize = 99;

pub use crate::model::nain_jaune::SequenceCard;

/// The running sequence: the cards of the current climb, lowest first, each with the name of
/// who played it, and the rank wanted next.
#[component]
pub fn RunningSequence(
    /// The cards and who played each.
    #[prop(into)]
    cards: Signal<Vec<SequenceCard>>,
    #[prop(into)] wanted: Signal<Option<Rank>>,
) -> impl IntoView {
    let lang = use_lang();
    view! {
        <div
            class="sequence"
            data-testid="sequence"
            data-cards=move || cards.with(|c| c.iter().map(|c| c.card.to_string()).collect::<Vec<_>>().join(" "))
            data-wanted=move || wanted.get().map(|r| r.label()).unwrap_or("")
            aria-label=move || T::Sequence.text(lang.get())
            role="group"
        >
            <Show
                when=move || cards.with(|c| !c.is_empty())
                fallback=move || view! { <p class="sequence-empty">{tr(T::SequenceEmpty)}</p> }
            >
                <ol class="sequence-cards">
                    <For each=move || cards.get() key=|c| (c.card.index(), c.who.clone()) let:item>
                        {
                            let card = item.card;
                            // A player's name shows once under a run of his cards, as wide as
                            // the run (`--run`: cards spanned; 0 shows it to screen readers only).
                            // Set as a property: the site's policy refuses style attributes.
                            let run = move || cards.with(|c| name_run(c, card));
                            view! {
                                <li
                                    class="sequence-card"
                                    data-fly-from=item.played_by.map(|(seat, _)| seat.to_string())
                                    data-fly-key=item.played_by.map(|(_, event)| format!("e{event}"))
                                >
                                    <CardFace card=card />
                                    <span class="sequence-who" prop:style=move || format!("--run:{}", run())>
                                        {item.who}
                                    </span>
                                </li>
                            }
                        }
                    </For>
                </ol>
            </Show>
        </div>
    }
}
