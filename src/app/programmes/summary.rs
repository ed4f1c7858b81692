//! After a round: how it ended, who completed a program (and which), the suns that came with the
//! new program cards, who draws a new card. After the game: who reached the target, and everyone's
//! completed programs.

use leptos::prelude::*;

use crate::engine::game::Seat;
use crate::engine::programmes::{GameEnd, RoundSettlement};

use super::program_card::ProgramCard;
use super::text::{
    event_sentence, game_end_sentence, game_winner_title, lt, new_programs_line, program_name, programs_count, round_end_title, L,
};
use crate::app::services::i18n::{rank_place, tr, use_lang, Lang, Names, T};
use crate::app::table::results::{places, GameOverShell, SummaryDialog};

/// A player's name, following the language (one closure type for every name shown).
fn name_of(names: Signal<Names>, seat: Seat) -> impl Fn() -> String + Copy + Send + Sync + 'static {
    let lang = use_lang();
    move || names.with(|n| n.of(seat).display(lang.get()))
}

/// The round summary dialog: the engine's [`RoundSettlement`], rendered.
#[component]
pub fn RoundSummary(
    report: RoundSettlement,
    #[prop(into)] names: Signal<Names>,
    /// The game is over after this round (the button then leads to the result).
    last: bool,
    on_continue: Callback<()>,
) -> impl IntoView {
    let lang = use_lang();
    let report = StoredValue::new(report);
    let players = report.with_value(|r| r.rows.len());
    let title = move || report.with_value(|r| names.with(|n| round_end_title(lang.get(), r.deal_number, r.end, r.game_end, n)));
    let rows = move || {
        report.with_value(|r| {
            r.rows
                .iter()
                .enumerate()
                .map(|(seat, row)| {
                    let row = row.clone();
                    let program = row.program;
                    view! {
                        <tr class:summary-winner=row.completed data-seat=seat data-completed=row.completed.to_string()>
                            <th scope="row">{name_of(names, seat)}</th>
                            <td class="summary-program">
                                <span class="summary-program-card"><ProgramCard program=program /></span>
                                <span>{move || program.map(|p| program_name(lang.get(), p))}</span>
                            </td>
                            <td class:pos=row.completed>
                                {row.completed.then_some("✓ ")}{lt(if row.completed { L::Completed } else { L::NotCompleted })}
                            </td>
                            <td class="chips-after">{row.done}</td>
                        </tr>
                    }
                })
                .collect_view()
        })
    };
    let after = move || {
        report.with_value(|r| {
            let mut lines: Vec<String> = r.after.iter().map(|e| names.with(|n| event_sentence(lang.get(), e, n))).collect();
            if r.game_end.is_none() {
                lines.push(names.with(|n| new_programs_line(lang.get(), &r.new_programs, n, players)));
            }
            lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()
        })
    };
    let continue_to = if last { L::SeeResult } else { L::NextRound };
    view! {
        <SummaryDialog
            title=Signal::derive(title)
            test_id="round-summary"
            label=(continue_to.text(Lang::En), continue_to.text(Lang::Fr))
            on_continue=on_continue
        >
            <div class="table-scroll" tabindex="0">
                <table class="summary-table prog-summary-table">
                    <thead>
                        <tr>
                            <th scope="col">{tr(T::ColPlayer)}</th>
                            <th scope="col">{lt(L::ColProgram)}</th>
                            <th scope="col">{lt(L::ColThisRound)}</th>
                            <th scope="col">{lt(L::ColTotal)}</th>
                        </tr>
                    </thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
            <ul class="settlement">{after}</ul>
        </SummaryDialog>
    }
}

/// The result: the winner, and everyone's completed programs; its button starts a new game.
#[component]
pub fn GameOverPanel(
    end: GameEnd,
    winner: Option<Seat>,
    done: Vec<u32>,
    target: u32,
    #[prop(into)] names: Signal<Names>,
    on_new_game: Callback<()>,
) -> impl IntoView {
    let lang = use_lang();
    // Most programs first, the winner first among equals: one integer key per seat.
    let mut keys: Vec<u32> =
        (0..done.len()).map(|s| ((1 << 20) - done[s].min(1 << 20)) << 9 | u32::from(Some(s) != winner) << 8 | s as u32).collect();
    keys.sort_unstable();
    let order: Vec<Seat> = keys.into_iter().map(|k| (k & 0xff) as Seat).collect();
    let best = winner.map(|w| done[w]).unwrap_or(0);
    let headline = move || match winner {
        Some(w) => names.with(|n| game_winner_title(lang.get(), &n.of(w), best)),
        None => L::Tie.text(lang.get()).to_string(),
    };
    let places = places(order.iter().map(|&seat| done[seat]));
    let standings = order
        .iter()
        .zip(places)
        .map(|(&seat, p)| {
            let d = done[seat];
            view! {
                <li class="standing" class:standing-first=p == 1 data-seat=seat data-programs=d>
                    <span class="standing-place">{move || rank_place(lang.get(), p)}</span>
                    <span class="standing-name">{name_of(names, seat)}</span>
                    <span class="standing-chips">{move || programs_count(lang.get(), d)}</span>
                </li>
            }
        })
        .collect_view();
    view! {
        <GameOverShell
            headline=Signal::derive(headline)
            reason=Signal::derive(move || game_end_sentence(lang.get(), &end, target))
            subtitle=(L::FinalStandings.text(Lang::En), L::FinalStandings.text(Lang::Fr))
            on_new_game=on_new_game
        >
            {standings}
        </GameOverShell>
    }
}
