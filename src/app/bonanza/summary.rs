//! After a deal: what it did to each player (ante, widow, spaces, poker bets, the Bonanza pot and
//! payments), where every space went, the cards left in the losers' hands and the dead hand
//! turned up. After the game: why it ended and who got the chips left on the wheel.

use leptos::prelude::*;

use crate::engine::bonanza::settlement::{deal_range, CardsLeft};
use crate::engine::bonanza::{Bonanza, DealSettlement, Event, Flow, GameEnd};
use crate::engine::cards::Card;
use crate::engine::game::{Chips, Game, Seat};
use crate::record::Record;

use super::calls::DealStory;
use super::mini_cards;
use super::text::{bonanza_title, event_sentence, game_end_sentence, lt, L};
use crate::app::services::i18n::{tr, use_lang, Lang, Names, T};
use crate::app::table::results::{ChipTable, SummaryDialog};
use crate::model::bonanza::story::{deal_story, StoryLine};

/// What one deal did: the engine's settlement, with the story of the spaces and the cards left.
#[derive(Clone, Debug, PartialEq)]
pub struct DealReport {
    pub settlement: DealSettlement,
    pub story: Vec<StoryLine>,
    /// The cards each seat still held.
    pub left: Vec<Vec<Card>>,
    pub dead: Vec<Card>,
}

impl DealReport {
    /// Reads deal `deal` from the game's log and its record; `g` is the game now.
    pub fn build(g: &Bonanza, record: &Record, deal: u32) -> Option<DealReport> {
        let events = g.events();
        let settlement = DealSettlement::of(events, deal, g.chips())?;
        let (start, end) = deal_range(events, deal)?;
        let actions = record.actions.iter().map_while(|a| Some((a.seat, a.action.parse().ok()?)));
        let CardsLeft { hands: left, dead } = CardsLeft::of(&record.setup(), actions, deal)
            .unwrap_or_else(|| CardsLeft { hands: vec![Vec::new(); g.players()], dead: Vec::new() });
        Some(DealReport { settlement, story: deal_story(&events[start..=end]), left, dead })
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
    let (deal, winner) = (report.settlement.deal_number, report.settlement.winner);
    let title = Signal::derive(move || names.with(|n| bonanza_title(lang.get(), deal, &n.of(winner))));
    let settlement = report
        .settlement
        .payments
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
    let columns = Flow::ALL
        .map(|flow| match flow {
            Flow::Ante => L::ColAnte,
            Flow::Widow => L::ColWidow,
            Flow::Spaces => L::ColSpaces,
            Flow::Bets => L::ColBets,
            Flow::Bonanza => L::ColBonanza,
        })
        .map(|c| (c.text(Lang::En), c.text(Lang::Fr)))
        .into_iter()
        .chain([T::ColNet.both(), T::ColChips.both()])
        .collect();
    let rows = report.settlement.rows.iter().map(|r| r.flows.iter().copied().chain([r.net, r.chips]).collect()).collect::<Vec<_>>();
    let dead = report.dead.clone();
    let dead_text = dead.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ");
    view! {
        <SummaryDialog
            title=title
            test_id="deal-summary"
            label=if last { T::SeeStandings.both() } else { (L::NextDeal.text(Lang::En), L::NextDeal.text(Lang::Fr)) }
            on_continue=on_continue
        >
            <ChipTable columns=columns rows=rows winner=Some(winner) names=names />
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
    let shares: Vec<(Seat, Chips)> =
        leftovers.iter().filter_map(|e| if let Event::Leftovers { seat, chips } = e { Some((*seat, *chips)) } else { None }).collect();
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
fn who_gets(lang: Lang, p: &crate::app::services::i18n::Person) -> String {
    let verb = match lang {
        Lang::En => crate::app::services::i18n::verb(p, "get", "gets"),
        Lang::Fr => crate::app::services::i18n::verb(p, "recevez", "reçoit"),
    };
    format!("{} {verb}", p.display(lang))
}
