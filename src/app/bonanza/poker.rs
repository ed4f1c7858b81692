//! The Poker call on the table: the pot, the bet every player still in must match, the raises
//! left, the most anyone may put in; what each player has put in is on his seat plate.

use leptos::prelude::*;

use crate::engine::bonanza::{Bonanza, Space};
use crate::engine::game::Chips;

use super::text::{lt, space_name, L};
use super::{colon, with_game};
use crate::app::services::i18n::use_lang;
use crate::app::table::chips::ChipCount;

/// The betting round's figures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
struct Round {
    pot: Chips,
    bet: Chips,
    raises: u32,
    max_raises: Chips,
    cap: Chips,
}

#[component]
pub fn PokerBox() -> impl IntoView {
    let lang = use_lang();
    let round = with_game(|g: &Bonanza| {
        let b = g.betting();
        Round { pot: g.board()[Space::Poker.index()], bet: b.bet, raises: b.raises, max_raises: g.options().poker_max_raises, cap: b.cap }
    });
    let pot = Signal::derive(move || round.get().pot);
    let line = move |label: L, value: String| {
        view! {
            <p class="phase-line">
                <span>{move || format!("{}{}", label.text(lang.get()), colon(lang.get()))}</span>
                <strong>{value}</strong>
            </p>
        }
    };
    view! {
        <div class="phase-box poker-box" data-testid="poker" data-pot=move || pot.get().to_string() data-bet=move || round.get().bet.to_string()>
            <h2 class="phase-title">{move || space_name(lang.get(), Space::Poker)}</h2>
            <p class="poker-pot">
                <span>{lt(L::Pot)}</span>
                <ChipCount value=pot />
            </p>
            {move || {
                let r = round.get();
                view! {
                    {line(L::ToMatch, r.bet.to_string())}
                    {line(L::Raises, format!("{} / {}", r.raises, r.max_raises))}
                    {line(L::CapEach, r.cap.to_string())}
                }
            }}
        </div>
    }
}
