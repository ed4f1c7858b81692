//! The players round the table: name, chips, cards in hand, dealer button, and a clear mark on
//! the seat to move. The viewer sits at the bottom; the others sit along the far side in seat
//! order from left to right (seat i+1 sits at seat i's left), whatever the direction of play.

use leptos::prelude::*;

use crate::engine::game::Seat;

use crate::app::services::i18n::{card_short, cards_text, chips_text, level_name, use_lang, Lang, Person, T};
use crate::app::table::card_svg::{CardBack, CardFace};

use crate::app::table::chips::ChipCount;
pub use crate::model::plate::SeatView;
use crate::model::session::SeatKind;

fn plate_label(lang: Lang, v: &SeatView) -> String {
    let mut parts = vec![v.person.display(lang)];
    parts.extend(v.chips.map(|c| chips_text(lang, c)));
    parts.push(cards_text(lang, v.cards));
    parts.extend(v.note.clone());
    if !v.shown.is_empty() {
        parts.push(v.shown.iter().map(|&c| card_short(lang, c)).collect::<Vec<_>>().join(" "));
    }
    if v.dealer {
        parts.push(T::DealerFull.text(lang).into());
    }
    if v.to_move {
        parts.push(T::ToPlay.text(lang).into());
    }
    parts.join(", ")
}

#[component]
fn SeatPlate(#[prop(into)] view_of: Signal<SeatView>, order: usize, lift: usize) -> impl IntoView {
    let lang = use_lang();
    let seat = view_of.with_untracked(|v| v.seat);
    let chips = Memo::new(move |_| view_of.with(|v| v.chips.unwrap_or(0)));
    let has_chips = view_of.with_untracked(|v| v.chips.is_some());
    let to_move = move || view_of.with(|v| v.to_move);
    let initial = move || view_of.with(|v| v.person.display(lang.get()).chars().next().unwrap_or('?').to_string());
    let kind_label = move || {
        view_of.with(|v| match v.kind {
            SeatKind::Human => T::Human.text(lang.get()).to_string(),
            SeatKind::Computer(level) => level_name(lang.get(), level).to_string(),
        })
    };
    let backs = move || view_of.with(|v| v.cards.min(8));
    view! {
        <li
            class="seat"
            class:seat-to-move=to_move
            class:seat-viewer=move || view_of.with(|v| v.viewer)
            class:seat-computer=move || view_of.with(|v| !v.kind.is_human())
            class:seat-broke=move || has_chips && chips.get() <= 0
            // A property (CSSOM), not the style attribute: a strict Content-Security-Policy
            // (style-src 'self', docs/hosting.md) refuses inline style attributes.
            prop:style=format!("--order:{order};--lift:{lift}")
            data-testid=format!("seat-{seat}")
            data-chips=move || has_chips.then(|| chips.get().to_string())
            data-cards=move || view_of.with(|v| v.cards.to_string())
            data-to-move=move || to_move().to_string()
            data-dealer=move || view_of.with(|v| v.dealer.to_string())
            aria-label=move || view_of.with(|v| plate_label(lang.get(), v))
            aria-current=move || to_move().then_some("true")
        >
            <span class="seat-avatar" aria-hidden="true">{initial}</span>
            <span class="seat-main">
                <span class="seat-name">
                    {move || view_of.with(|v| v.person.display(lang.get()))}
                    <Show when=move || view_of.with(|v| v.dealer)>
                        <span class="dealer-button" title=move || T::DealerFull.text(lang.get())>{move || T::DealerMark.text(lang.get())}</span>
                    </Show>
                </span>
                <span class="seat-kind">{kind_label}</span>
                <span class="seat-stats">
                    {has_chips.then(|| view! {
                        <span class="seat-chips" title=move || T::ChipsWord.text(lang.get())>
                            <span class="chip-icon" aria-hidden="true"></span>
                            <ChipCount value=chips />
                        </span>
                    })}
                    <span class="seat-cards" title=move || T::CardsWord.text(lang.get())>
                        <span class="mini-backs" aria-hidden="true">
                            {move || (0..backs()).map(|_| view! { <span class="mini-back"><CardBack decorative=true /></span> }).collect_view()}
                        </span>
                        <span class="seat-card-count">{move || view_of.with(|v| v.cards)}</span>
                    </span>
                </span>
                {move || view_of.with(|v| v.note.clone()).map(|note| view! { <span class="seat-note">{note}</span> })}
                {move || view_of.with(|v| {
                    (!v.shown.is_empty()).then(|| {
                        let cards = v.shown.iter().map(|c| view! { <span class="seat-shown-card"><CardFace card=*c decorative=true compact=true /></span> }).collect_view();
                        view! { <span class="seat-shown" data-testid=format!("shown-{seat}")>{cards}</span> }
                    })
                })}
                <span class="seat-status" aria-hidden="true">
                    {move || view_of.with(|v| {
                        if v.thinking {
                            T::Thinking.text(lang.get())
                        } else if v.to_move {
                            T::ToPlay.text(lang.get())
                        } else {
                            ""
                        }
                    })}
                </span>
            </span>
        </li>
    }
}

/// How far along the arc of opponents a seat sits: the seat at the viewer's left first (the
/// left of the screen), then round the table to the right; the viewer is `None` (bottom).
fn arc_place(seat: Seat, viewer: Seat, players: usize) -> Option<usize> {
    let k = (seat + players - viewer) % players;
    (k > 0).then(|| k - 1)
}

/// The lift of an opponent's plate in percent (small at the ends of the arc, 100 in the
/// middle), so the row of opponents curves like the far side of a table: 4x(1 - x) at the
/// plate's centre x = (place + ½) / opponents, in whole numbers.
fn arc_lift(place: usize, opponents: usize) -> usize {
    let (k, m) = (2 * place + 1, 2 * opponents);
    400 * k * (m - k) / (m * m)
}

/// The seats round the table, with the board (`children`) in the middle.
#[component]
pub fn SeatsRing(#[prop(into)] seats: Signal<Vec<SeatView>>, viewer: Seat, children: Children) -> impl IntoView {
    let lang = use_lang();
    let players = seats.with_untracked(|s| s.len()).max(1);
    let opponents = players.saturating_sub(1).max(1);
    let plate = move |seat: Seat| {
        let view_of = Memo::new(move |_| {
            seats.with(|all| all.get(seat).cloned()).unwrap_or_else(|| SeatView {
                seat,
                person: Person::named("?"),
                kind: SeatKind::Human,
                chips: None,
                cards: 0,
                note: None,
                shown: Vec::new(),
                dealer: false,
                to_move: false,
                thinking: false,
                viewer: false,
            })
        });
        let (order, lift) = match arc_place(seat, viewer, players) {
            Some(place) => (place, arc_lift(place, opponents)),
            None => (0, 0),
        };
        view! { <SeatPlate view_of=view_of order=order lift=lift /> }
    };
    let mut others: Vec<Seat> = (0..players).filter(|&s| s != viewer).collect();
    others.sort_by_key(|&s| arc_place(s, viewer, players));
    // Focusable: where the window is short the table scrolls inside itself (style/main.css, the
    // stage), and the keyboard scrolls it once it has the focus.
    view! {
        <div class="table-oval" class:table-crowded={players >= 6} prop:style=format!("--players:{players}") aria-label=move || T::Table.text(lang.get()) role="group" tabindex="0">
            // For a screen reader's list of headings (the plates have none of their own).
            <h2 class="sr-only">{move || T::Table.text(lang.get())}</h2>
            <ul class="seats seats-far">{others.into_iter().map(plate).collect_view()}</ul>
            <div class="table-felt">{children()}</div>
            <ul class="seats seats-near">{(viewer < players).then(|| plate(viewer))}</ul>
        </div>
    }
}
