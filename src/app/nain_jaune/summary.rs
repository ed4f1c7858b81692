//! After a round: who paid whom, how much and why (penalties, points, Grand Opéra), built from
//! that round's events, in the shared summary dialog. After the game: why it ended (the standings
//! are the shared panel's).

use leptos::prelude::*;

use crate::engine::cards::Card;
use crate::engine::game::{Chips, Seat};
use crate::engine::nain_jaune::{Event, GameEnd};

use crate::app::card_svg::CardFace;
use crate::app::i18n::{tr, use_lang, Lang, Names, T};
use super::text::{event_sentence, game_end_sentence, round_won_title, rounds_played};
use crate::app::results::{ChipTable, SummaryDialog};

/// Chip movements of one event, per seat (the board's side is not counted).
fn chip_moves(event: &Event, players: usize) -> Vec<Chips> {
    let mut d = vec![0; players];
    match event {
        Event::Staked { each, .. } => d.iter_mut().for_each(|x| *x -= each),
        Event::BoxWon { seat, chips, .. } | Event::GrandOpera { seat, chips } => d[*seat] += chips,
        Event::Penalty { seat, chips, .. } => d[*seat] -= chips,
        Event::Paid { from, to, chips, .. } => {
            d[*from] -= chips;
            d[*to] += chips;
        }
        _ => {}
    }
    d
}

/// Where round `deal` sits in the log: from its stake to its `RoundWon`, inclusive.
pub fn round_range(events: &[Event], deal: u32) -> Option<(usize, usize)> {
    let start = events.iter().position(|e| matches!(e, Event::Staked { deal_number, .. } if *deal_number == deal))?;
    let end = events.iter().position(|e| matches!(e, Event::RoundWon { deal_number, .. } if *deal_number == deal))?;
    Some((start, end))
}

/// What one round did to each player.
#[derive(Clone, Debug, PartialEq)]
pub struct RoundReport {
    pub deal_number: u32,
    pub winner: Seat,
    pub grand_opera: bool,
    /// Per seat: stake paid (negative), boxes won, penalties (negative), hand points, net, chips after.
    pub rows: Vec<RoundRow>,
    /// The settlement events in order (penalties, Grand Opéra, payments).
    pub settlement: Vec<Event>,
    /// Cards each seat still held when the round ended.
    pub left: Vec<Vec<Card>>,
}

#[derive(Clone, Debug, PartialEq, Default)]
pub struct RoundRow {
    pub stake: Chips,
    pub boxes: Chips,
    pub penalties: Chips,
    pub hand: Chips,
    pub net: Chips,
    pub chips: Chips,
}

impl RoundReport {
    /// Reads round `deal` from the log; `current` is everyone's chips now (the chip counts after
    /// the round are found by undoing whatever happened since).
    pub fn build(events: &[Event], deal: u32, current: &[Chips]) -> Option<RoundReport> {
        let (start, end) = round_range(events, deal)?;
        let players = current.len();
        let mut after = current.to_vec();
        for e in &events[end + 1..] {
            for (seat, d) in chip_moves(e, players).into_iter().enumerate() {
                after[seat] -= d;
            }
        }
        let mut rows = vec![RoundRow::default(); players];
        let mut settlement = Vec::new();
        let mut left = vec![Vec::new(); players];
        let (mut winner, mut grand_opera) = (0, false);
        for e in &events[start..=end] {
            let d = chip_moves(e, players);
            for seat in 0..players {
                let row = &mut rows[seat];
                match e {
                    Event::Staked { .. } => row.stake += d[seat],
                    Event::BoxWon { .. } | Event::GrandOpera { .. } => row.boxes += d[seat],
                    Event::Penalty { .. } => row.penalties += d[seat],
                    Event::Paid { .. } => row.hand += d[seat],
                    _ => {}
                }
                row.net += d[seat];
            }
            match e {
                Event::Penalty { .. } | Event::GrandOpera { .. } => settlement.push(e.clone()),
                Event::Paid { from, cards, .. } => {
                    left[*from] = cards.clone();
                    settlement.push(e.clone());
                }
                Event::RoundWon { seat, grand_opera: g, .. } => {
                    winner = *seat;
                    grand_opera = *g;
                }
                _ => {}
            }
        }
        for (seat, row) in rows.iter_mut().enumerate() {
            row.chips = after[seat];
        }
        Some(RoundReport { deal_number: deal, winner, grand_opera, rows, settlement, left })
    }
}

/// The round summary dialog; its main button (focused on open) continues.
#[component]
pub fn RoundSummary(
    report: RoundReport,
    #[prop(into)] names: Signal<Names>,
    /// The game is over after this round (the button then leads to the standings).
    last: bool,
    on_continue: Callback<()>,
) -> impl IntoView {
    let lang = use_lang();
    let (deal_number, winner, grand_opera) = (report.deal_number, report.winner, report.grand_opera);
    let title = Signal::derive(move || {
        names.with(|n| round_won_title(lang.get(), deal_number, &n.of(winner), grand_opera))
    });
    let rows = report
        .rows
        .iter()
        .map(|r| vec![r.stake, r.boxes, r.penalties, r.hand, r.net, r.chips])
        .collect::<Vec<_>>();
    let settlement = report
        .settlement
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
