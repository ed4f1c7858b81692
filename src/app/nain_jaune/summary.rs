//! After a round: who paid whom, how much and why (penalties, points, Grand Opéra), built from
//! that round's events. After the game: the final standings.

use leptos::prelude::*;

use crate::engine::cards::Card;
use crate::engine::game::{Chips, Seat};
use crate::engine::nain_jaune::{Event, GameEnd};

use crate::app::card_svg::CardFace;
use crate::app::i18n::{
    chips_text, event_sentence, game_end_sentence, game_winner_title, rank_place, round_won_title, rounds_played, tr,
    use_lang, Names, T,
};

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

fn signed(n: Chips) -> String {
    if n == 0 {
        "0".into()
    } else {
        format!("{n:+}")
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
    let button = NodeRef::<leptos::html::Button>::new();
    Effect::new(move |_| {
        if let Some(b) = button.get() {
            focus_when_settled(b);
        }
    });
    let report = StoredValue::new(report);
    let title = move || {
        report
            .with_value(|r| names.with(|n| round_won_title(lang.get(), r.deal_number, &n.of(r.winner), r.grand_opera)))
    };
    let rows = move || {
        report.with_value(|r| {
            r.rows
                .iter()
                .enumerate()
                .map(|(seat, row)| {
                    let row = row.clone();
                    let is_winner = seat == r.winner;
                    view! {
                        <tr class:summary-winner=is_winner>
                            <th scope="row">{move || names.with(|n| n.of(seat).display(lang.get()))}</th>
                            <td>{signed(row.stake)}</td>
                            <td class:pos=row.boxes.gt(&0)>{signed(row.boxes)}</td>
                            <td class:neg=row.penalties.lt(&0)>{signed(row.penalties)}</td>
                            <td class:pos=row.hand.gt(&0) class:neg=row.hand.lt(&0)>{signed(row.hand)}</td>
                            <td class="net" class:pos=row.net.gt(&0) class:neg=row.net.lt(&0)>{signed(row.net)}</td>
                            <td class="chips-after">{row.chips}</td>
                        </tr>
                    }
                })
                .collect_view()
        })
    };
    let settlement = move || {
        report.with_value(|r| {
            r.settlement
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
                .collect_view()
        })
    };
    view! {
        <div class="dialog-backdrop summary-backdrop">
            <div
                class="dialog round-summary"
                role="dialog"
                aria-modal="true"
                aria-labelledby="summary-title"
                data-testid="round-summary"
                on:keydown=move |ev| {
                    // The dialog has one button: Tab keeps the focus on it.
                    if ev.key() == "Tab" {
                        ev.prevent_default();
                        if let Some(b) = button.get_untracked() {
                            let _ = b.focus();
                        }
                    }
                }
            >
                <header class="dialog-head">
                    <h2 id="summary-title">{title}</h2>
                </header>
                <div class="dialog-body">
                    <div class="table-scroll">
                        <table class="summary-table">
                            <thead>
                                <tr>
                                    <th scope="col">{tr(T::ColPlayer)}</th>
                                    <th scope="col">{tr(T::ColStake)}</th>
                                    <th scope="col">{tr(T::ColBoxes)}</th>
                                    <th scope="col">{tr(T::ColPenalties)}</th>
                                    <th scope="col">{tr(T::ColHand)}</th>
                                    <th scope="col">{tr(T::ColNet)}</th>
                                    <th scope="col">{tr(T::ColChips)}</th>
                                </tr>
                            </thead>
                            <tbody>{rows}</tbody>
                        </table>
                    </div>
                    <h3 class="summary-subtitle">{tr(T::WhatHappened)}</h3>
                    <ul class="settlement">{settlement}</ul>
                </div>
                <footer class="dialog-foot">
                    <button
                        type="button"
                        class="btn btn-primary btn-large"
                        data-testid="summary-continue"
                        node_ref=button
                        on:click=move |_| on_continue.run(())
                    >
                        {tr(if last { T::SeeStandings } else { T::NextRound })}
                    </button>
                </footer>
            </div>
        </div>
    }
}

/// The final standings; its main button (focused on open) starts a new game.
#[component]
pub fn GameOverPanel(
    end: GameEnd,
    winner: Option<Seat>,
    chips: Vec<Chips>,
    rounds: u32,
    #[prop(into)] names: Signal<Names>,
    on_new_game: Callback<()>,
) -> impl IntoView {
    let lang = use_lang();
    let button = NodeRef::<leptos::html::Button>::new();
    Effect::new(move |_| {
        if let Some(b) = button.get() {
            focus_when_settled(b);
        }
    });
    let mut order: Vec<Seat> = (0..chips.len()).collect();
    order.sort_by_key(|&s| std::cmp::Reverse(chips[s]));
    let headline = move || match winner {
        Some(w) => names.with(|n| game_winner_title(lang.get(), &n.of(w))),
        None => T::Tie.text(lang.get()).to_string(),
    };
    let end = StoredValue::new(end);
    let standings = {
        let chips = chips.clone();
        let mut place = 0;
        let mut last_chips = None;
        order
            .iter()
            .enumerate()
            .map(|(i, &seat)| {
                if last_chips != Some(chips[seat]) {
                    place = i + 1;
                    last_chips = Some(chips[seat]);
                }
                let (p, c) = (place, chips[seat]);
                view! {
                    <li class="standing" class:standing-first=p == 1 data-seat=seat>
                        <span class="standing-place">{move || rank_place(lang.get(), p)}</span>
                        <span class="standing-name">{move || names.with(|n| n.of(seat).display(lang.get()))}</span>
                        <span class="standing-chips">{move || chips_text(lang.get(), c)}</span>
                    </li>
                }
            })
            .collect_view()
    };
    view! {
        <section class="game-over panel" data-testid="game-over" aria-labelledby="game-over-title">
            <p class="game-over-kicker">{tr(T::GameOver)}</p>
            <h2 id="game-over-title" class="game-over-title">{headline}</h2>
            <p class="game-over-reason">
                {move || names.with(|n| end.with_value(|e| game_end_sentence(lang.get(), e, n)))}
                // "All 5 rounds have been played" already says how many.
                {move || end.with_value(|e| (!matches!(e, GameEnd::RoundsPlayed { .. }))
                    .then(|| format!(" {}.", rounds_played(lang.get(), rounds))))}
            </p>
            <h3 class="summary-subtitle">{tr(T::FinalStandings)}</h3>
            <ol class="standings">{standings}</ol>
            <div class="game-over-actions">
                <button
                    type="button"
                    class="btn btn-primary btn-large"
                    data-testid="new-game-button"
                    node_ref=button
                    on:click=move |_| on_new_game.run(())
                >
                    {tr(T::PlayAgain)}
                </button>
            </div>
        </section>
    }
}

/// Focuses a dialog's main button once the DOM has settled, so the hand's own focus request
/// (made in the same turn of the event loop) cannot win.
fn focus_when_settled(button: web_sys::HtmlButtonElement) {
    set_timeout(
        move || {
            let _ = button.focus();
        },
        std::time::Duration::from_millis(30),
    );
}
