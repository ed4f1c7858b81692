//! After a round: who paid whom, how much and why (penalties, points, Grand Opéra), as the
//! engine's settlement says, in the shared summary dialog. After the game: why it ended (the standings
//! are the shared panel's).

use leptos::prelude::*;

use crate::engine::nain_jaune::{Event, GameEnd, RoundSettlement};

use super::text::{event_sentence, game_end_sentence, round_won_title, rounds_played};
use crate::app::services::i18n::{tr, use_lang, Lang, Names, T};
use crate::app::table::card_svg::CardFace;
use crate::app::table::results::{ChipTable, SummaryDialog};

/// The round summary dialog; its main button (focused on open) continues.
#[component]
pub fn RoundSummary(
    report: RoundSettlement,
    #[prop(into)] names: Signal<Names>,
    /// The game is over after this round (the button then leads to the standings).
    last: bool,
    on_continue: Callback<()>,
) -> impl IntoView {
    let lang = use_lang();
    let (deal_number, winner, grand_opera) = (report.deal_number, report.winner, report.grand_opera);
    let title = Signal::derive(move || names.with(|n| round_won_title(lang.get(), deal_number, &n.of(winner), grand_opera)));
    let rows = report.rows.iter().map(|r| vec![r.stake, r.boxes, r.penalties, r.hand, r.net, r.chips]).collect::<Vec<_>>();
    let settlement = report
        .payments
        .iter()
        .map(|e| {
            let cards = match e {
                Event::Paid { cards, .. } => cards.clone(),
                Event::Penalty { card, .. } => vec![*card],
                _ => Vec::new(),
            };
            let e = e.clone();
            view! {
                <li>
                    <span>{move || names.with(|n| event_sentence(lang.get(), &e, n))}</span>
                    {(!cards.is_empty()).then(|| view! {
                        <span class="left-cards">
                            {cards.iter().map(|c| view! { <span class="left-card"><CardFace card=*c /></span> }).collect_view()}
                        </span>
                    })}
                </li>
            }
        })
        .collect_view();
    view! {
        <SummaryDialog
            title=title
            test_id="round-summary"
            label=if last { T::SeeStandings.both() } else { T::NextRound.both() }
            on_continue=on_continue
        >
            <ChipTable
                columns=[T::ColStake, T::ColBoxes, T::ColPenalties, T::ColHand, T::ColNet, T::ColChips].map(T::both).to_vec()
                rows=rows
                winner=Some(winner)
                names=names
            />
            <h3 class="summary-subtitle">{tr(T::WhatHappened)}</h3>
            <ul class="settlement">{settlement}</ul>
        </SummaryDialog>
    }
}

/// Why the game ended, with the number of rounds when the reason does not say it.
pub fn game_over_reason(lang: Lang, end: &GameEnd, rounds: u32, names: &Names) -> String {
    let mut s = game_end_sentence(lang, end, names);
    // "All 5 rounds have been played" already says how many.
    if !matches!(end, GameEnd::RoundsPlayed { .. }) {
        s.push_str(&format!(" {}.", rounds_played(lang, rounds)));
    }
    s
}
