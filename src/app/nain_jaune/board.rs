//! The Nain Jaune board: the five boxes (10♦, J♣, Q♠, K♥ around the Yellow Dwarf 7♦), each with
//! its pile of chips; the counts pulse when chips are staked or won. Also the running sequence.

use leptos::prelude::*;

use crate::engine::cards::{Card, Rank};
use crate::engine::game::Chips;
use crate::engine::nain_jaune::NainJauneBox;

use crate::app::card_svg::CardFace;
use crate::app::i18n::{box_name, card_label, chips_text, tr, use_lang, Lang, T};

/// A chip count that pulses (green up, red down) and shows the change each time it moves.
/// `value` should be a memo: every change of the number restarts the animation.
#[component]
pub fn ChipCount(#[prop(into)] value: Signal<Chips>) -> impl IntoView {
    let previous = StoredValue::new(value.get_untracked());
    move || {
        let now = value.get();
        let delta = now - previous.get_value();
        previous.set_value(now);
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
        let sep = if l == Lang::Fr { " : " } else { ": " };
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

/// The running sequence: the cards of the current climb, lowest first, each with the name of
/// who played it, and the rank wanted next.
#[component]
pub fn RunningSequence(
    /// The cards and who played each.
    #[prop(into)]
    cards: Signal<Vec<(Card, String)>>,
    #[prop(into)] wanted: Signal<Option<Rank>>,
) -> impl IntoView {
    let lang = use_lang();
    view! {
        <div
            class="sequence"
            data-testid="sequence"
            data-cards=move || cards.with(|c| c.iter().map(|(c, _)| c.to_string()).collect::<Vec<_>>().join(" "))
            data-wanted=move || wanted.get().map(|r| r.label()).unwrap_or("")
            aria-label=move || T::Sequence.text(lang.get())
            role="group"
        >
            <Show
                when=move || cards.with(|c| !c.is_empty())
                fallback=move || view! { <p class="sequence-empty">{tr(T::SequenceEmpty)}</p> }
            >
                <ol class="sequence-cards">
                    <For each=move || cards.get() key=|(c, who)| (c.index(), who.clone()) let:item>
                        <li class="sequence-card">
                            <CardFace card=item.0 />
                            <span class="sequence-who">{item.1}</span>
                        </li>
                    </For>
                </ol>
            </Show>
        </div>
    }
}
