//! After a deal: what it did to each player (ante, widow, spaces, poker bets, the Bonanza pot and
//! payments), where every space went, the cards left in the losers' hands and the dead hand
//! turned up. After the game: why it ended and who got the chips left on the wheel.

use leptos::prelude::*;

use crate::engine::bonanza::{Bonanza, Event, GameEnd};
use crate::engine::cards::{Card, CardSet};
use crate::engine::game::{Chips, Game, Seat};
use crate::record::Record;

use super::calls::{deal_story, DealStory, StoryLine};
use super::mini_cards;
use super::text::{lt, bonanza_title, event_sentence, game_end_sentence, L};
use crate::app::i18n::{tr, use_lang, Lang, Names, T};
use crate::app::results::{ChipTable, SummaryDialog};

/// The summary's columns: ante, widow, spaces, poker bets, Bonanza, net.
const COLUMNS: usize = 6;

/// What one event does to each seat's chips, by column (the wheel's side is not counted).
/// `put_in` follows each seat's poker bets (a raise's event gives the new total only).
fn chip_moves(event: &Event, put_in: &mut [Chips]) -> Vec<(Seat, usize, Chips)> {
    match event {
        Event::Anted { each, players, .. } => players.iter().map(|&s| (s, 0, -each)).collect(),
        Event::WidowSold { seat, price, to } => {
            let mut v = vec![(*seat, 1, -price)];
            v.extend(to.map(|d| (d, 1, *price)));
            v
        }
        Event::SpaceWon { seat, chips, .. } | Event::Leftovers { seat, chips } => vec![(*seat, 2, *chips)],
        Event::PokerOpened { .. } => {
            put_in.iter_mut().for_each(|p| *p = 0);
            Vec::new()
        }
        Event::Bet { seat, chips } | Event::Called { seat, chips } => {
            put_in[*seat] += chips;
            vec![(*seat, 3, -chips)]
        }
        Event::Raised { seat, total, .. } => {
            let d = total - put_in[*seat];
            put_in[*seat] = *total;
            vec![(*seat, 3, -d)]
        }
        Event::Bonanza { seat, chips } => vec![(*seat, 4, *chips)],
        Event::Paid { from, to, chips, .. } => vec![(*from, 4, -chips), (*to, 4, *chips)],
        _ => Vec::new(),
    }
}

/// Where deal `deal` sits in the log: from its ante to its last payment, inclusive.
fn deal_range(events: &[Event], deal: u32) -> Option<(usize, usize)> {
    let start = events.iter().position(|e| matches!(e, Event::Anted { deal_number, .. } if *deal_number == deal))?;
    let bonanza = start + events[start..].iter().position(|e| matches!(e, Event::Bonanza { .. }))?;
    let end = bonanza + events[bonanza + 1..].iter().take_while(|e| matches!(e, Event::Paid { .. })).count();
    Some((start, end))
}

/// The cards in every hand, and the dead hand, just before the last card of deal `deal` was
/// played: the record is replayed up to that move.
fn deal_end_cards(record: &Record, deal: u32) -> Option<(Vec<CardSet>, CardSet)> {
    let mut game = Bonanza::new(&record.setup()).ok()?;
    let mut calls = 0;
    let mut seen = game.events().len();
    for a in &record.actions {
        let before = ((0..game.players()).map(|s| game.hand(s)).collect::<Vec<_>>(), game.dead_hand());
        game.play(a.seat, &a.action.parse().ok()?).ok()?;
        let events = game.events();
        calls += events[seen..].iter().filter(|e| matches!(e, Event::Bonanza { .. })).count() as u32;
        seen = events.len();
        if calls >= deal {
            return Some(before);
        }
    }
    None
}

/// What one deal did.
#[derive(Clone, Debug, PartialEq)]
pub struct DealReport {
    pub deal: u32,
    /// Who called Bonanza.
    pub winner: Seat,
    /// Per seat: the six columns, then the chips after the deal.
    pub rows: Vec<Vec<Chips>>,
    pub story: Vec<StoryLine>,
    /// The Bonanza call and the payments, in order.
    pub settlement: Vec<Event>,
    /// The cards each seat still held.
    pub left: Vec<Vec<Card>>,
    pub dead: Vec<Card>,
}

impl DealReport {
    /// Reads deal `deal` from the game's log and its record; `g` is the game now.
    pub fn build(g: &Bonanza, record: &Record, deal: u32) -> Option<DealReport> {
        let events = g.events();
        let (start, end) = deal_range(events, deal)?;
        let players = g.players();
        let mut put_in = vec![0; players];
        // The chips after the deal: today's, with whatever happened since undone.
        let mut after = g.chips().to_vec();
        for e in &events[end + 1..] {
            for (seat, _, d) in chip_moves(e, &mut put_in) {
                after[seat] -= d;
            }
        }
        let mut rows = vec![vec![0; COLUMNS + 1]; players];
        put_in.iter_mut().for_each(|p| *p = 0);
        let (mut winner, mut settlement) = (0, Vec::new());
        for e in &events[start..=end] {
            for (seat, column, d) in chip_moves(e, &mut put_in) {
                rows[seat][column] += d;
                rows[seat][COLUMNS - 1] += d;
            }
            if let Event::Bonanza { seat, .. } = e {
                winner = *seat;
            }
            if matches!(e, Event::Bonanza { .. } | Event::Paid { .. }) {
                settlement.push(e.clone());
            }
        }
        for (seat, row) in rows.iter_mut().enumerate() {
            row[COLUMNS] = after[seat];
        }
        let (hands, dead) = deal_end_cards(record, deal).unwrap_or_default();
        let left = (0..players)
            .map(|s| if s == winner { Vec::new() } else { hands.get(s).map(|h| h.by_rank()).unwrap_or_default() })
            .collect();
        Some(DealReport {
            deal,
            winner,
            rows,
            story: deal_story(&events[start..=end]),
            settlement,
            left,
            dead: dead.by_rank(),
        })
    }
}

/// The deal summary dialog; its button (focused on open) continues.
#[component]
pub fn DealSummary(
    report: DealReport,
    #[prop(into)] names: Signal<Names>,
    /// The game is over after this deal (the button then leads to the standings).
    last: bool,
    on_continue: Callback<()>,
) -> impl IntoView {
    let lang = use_lang();
    let (deal, winner) = (report.deal, report.winner);
    let title = Signal::derive(move || names.with(|n| bonanza_title(lang.get(), deal, &n.of(winner))));
    let settlement = report
        .settlement
        .iter()
        .map(|e| {
            let cards = match e {
                Event::Paid { from, .. } => mini_cards(&report.left[*from]).into_any(),
                _ => ().into_any(),
            };
            let e = e.clone();
            view! {
                <li>
                    <span>{move || names.with(|n| event_sentence(lang.get(), &e, n, false))}</span>
                    {cards}
                </li>
            }
        })
        .collect_view();
    let columns = [L::ColAnte, L::ColWidow, L::ColSpaces, L::ColBets, L::ColBonanza]
        .map(|c| (c.text(Lang::En), c.text(Lang::Fr)))
        .into_iter()
        .chain([T::ColNet.both(), T::ColChips.both()])
        .collect();
    let dead = report.dead.clone();
    let dead_text = dead.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ");
    view! {
        <SummaryDialog
            title=title
            test_id="deal-summary"
            label=if last { T::SeeStandings.both() } else { (L::NextDeal.text(Lang::En), L::NextDeal.text(Lang::Fr)) }
            on_continue=on_continue
        >
            <ChipTable columns=columns rows=report.rows winner=Some(winner) names=names />
            <h3 class="summary-subtitle">{lt(L::Spaces)}</h3>
            <DealStory lines=Signal::stored(report.story) names=names />
            <h3 class="summary-subtitle">{tr(T::WhatHappened)}</h3>
            <ul class="settlement">{settlement}</ul>
            <h3 class="summary-subtitle">{lt(L::DeadHand)}</h3>
            <div class="dead-hand" data-testid="dead-hand" data-cards=dead_text>
                {mini_cards(&dead)}
            </div>
        </SummaryDialog>
    }
}

/// Why the game ended, and where the chips left on the wheel went.
pub fn game_over_reason(lang: Lang, end: &GameEnd, leftovers: &[Event], names: &Names) -> String {
    let mut s = game_end_sentence(lang, end);
    let shares: Vec<(Seat, Chips)> = leftovers
        .iter()
        .filter_map(|e| if let Event::Leftovers { seat, chips } = e { Some((*seat, *chips)) } else { None })
        .collect();
    let total: Chips = shares.iter().map(|(_, c)| c).sum();
    s.push(' ');
    s.push_str(&match (shares.as_slice(), lang) {
        ([], _) => return s.trim_end().to_string(),
        // Fewer chips than players to share them: nobody gets any (the engine says 0 each).
        _ if total == 0 => lang
            .pick(
                "The chips left on the wheel are too few to share out: they stay there.",
                "Les jetons restés sur la roue sont trop peu nombreux pour être partagés : ils y restent.",
            )
            .into(),
        ([(seat, _)], Lang::En) if total == 1 => format!("{} the only chip left on the wheel.", who_gets(lang, &names.of(*seat))),
        ([(seat, _)], Lang::Fr) if total == 1 => format!("{} le seul jeton resté sur la roue.", who_gets(lang, &names.of(*seat))),
        ([(seat, _)], Lang::En) => format!("{} the {total} chips left on the wheel.", who_gets(lang, &names.of(*seat))),
        ([(seat, _)], Lang::Fr) => format!("{} les {total} jetons restés sur la roue.", who_gets(lang, &names.of(*seat))),
        ([(_, each), ..], Lang::En) => format!("The {total} chips left on the wheel are shared out: {each} each."),
        ([(_, each), ..], Lang::Fr) => format!("Les {total} jetons restés sur la roue sont partagés : {each} chacun."),
    });
    s
}

/// "Ada gets" / "Vous recevez".
fn who_gets(lang: Lang, p: &crate::app::i18n::Person) -> String {
    let verb = match lang {
        Lang::En => crate::app::i18n::verb(p, "get", "gets"),
        Lang::Fr => crate::app::i18n::verb(p, "recevez", "reçoit"),
    };
    format!("{} {verb}", p.display(lang))
}
