//! The upper half on the table: the widow and its auction, the call in progress with what has
//! been shown at it, and the deal's story so far (where the widow went, who took which space and
//! with which cards).

use leptos::prelude::*;

use crate::engine::bonanza::{Call, Phase};
use crate::engine::cards::Card;
use crate::engine::game::Seat;

use super::text::{call_name, lt, space_name, L};
use super::{colon, mini_cards, with_game};
use crate::app::services::i18n::{cards_text, use_lang, Lang, Names};
use crate::app::table::card_svg::CardBack;
use crate::app::AppState;
use crate::model::bonanza::call_shows;
use crate::model::bonanza::story::{Story, StoryLine};
use crate::model::session::Session;

/// What a story line says after the space and who: chips, or a few words (the widow taken, or
/// dead) that share the name's column, so the chips' column stays narrow.
enum Amount {
    Chips(String),
    Words(String),
}

/// A story line's words: the space, who, and the amount.
fn story_words(lang: Lang, line: &StoryLine, names: &Names) -> (String, String, Amount) {
    let who = |s: Option<Seat>| s.map(|s| names.of(s).display(lang)).unwrap_or_default();
    match line.what {
        Story::WidowTaken => (L::Widow.text(lang).into(), who(line.seat), Amount::Words(L::Taken.text(lang).into())),
        Story::WidowSold => (L::Widow.text(lang).into(), who(line.seat), Amount::Chips(format!("−{}", line.chips))),
        Story::WidowDead => (L::Widow.text(lang).into(), String::new(), Amount::Words(L::Dead.text(lang).into())),
        Story::Won(space) => (space_name(lang, space).into(), who(line.seat), Amount::Chips(format!("+{}", line.chips))),
        Story::Stays(space) => (space_name(lang, space).into(), L::Stays.text(lang).into(), Amount::Chips(format!("({})", line.chips))),
    }
}

/// The story as a list (on the table, and in the deal summary). A short list, drawn afresh
/// when a line is added.
#[component]
pub fn DealStory(#[prop(into)] lines: Signal<Vec<StoryLine>>, #[prop(into)] names: Signal<Names>) -> impl IntoView {
    let lang = use_lang();
    let items = move || {
        let l = lang.get();
        names.with(|n| {
            lines.with(|lines| {
                lines
                    .iter()
                    .map(|line| {
                        let kind = match line.what {
                            Story::Won(s) | Story::Stays(s) => s.key(),
                            _ => "widow",
                        };
                        let stays = matches!(line.what, Story::Stays(_) | Story::WidowDead);
                        let (what, who, amount) = story_words(l, line, n);
                        let amount = match amount {
                            Amount::Chips(chips) => view! {
                                <span class="story-who">{who}</span>
                                <span class="story-chips">{chips}</span>
                            }
                            .into_any(),
                            Amount::Words(words) => {
                                let text = if who.is_empty() { words } else { format!("{who} — {words}") };
                                view! { <span class="story-who story-note">{text}</span> }.into_any()
                            }
                        };
                        view! {
                            <li class="story-line" class:story-stays=stays data-space=kind>
                                <span class="story-what">{what}</span>
                                {amount}
                                {mini_cards(&line.cards)}
                            </li>
                        }
                    })
                    .collect_view()
            })
        })
    };
    view! { <ul class="story" data-testid="deal-story">{items}</ul> }
}

/// The widow face down and, during the sale, the best offer so far.
#[component]
pub fn WidowBox(#[prop(into)] names: Signal<Names>) -> impl IntoView {
    let lang = use_lang();
    let session = crate::app::TableSession::current(expect_context::<AppState>().session);
    let widow = move || session.with(|s| s.as_ref().and_then(Session::bonanza).map_or(0, |g| g.widow().len()));
    let auction = move || {
        session.with(|s| {
            let g = s.as_ref().and_then(Session::bonanza)?;
            (g.phase() == Phase::Auction).then(|| (g.auction().high_bid, g.auction().high_bidder))
        })
    };
    view! {
        <div class="phase-box widow-box" data-testid="widow">
            <h2 class="phase-title">{lt(L::Widow)}</h2>
            <div class="widow-cards" aria-hidden="true">
                {move || (0..widow().min(6)).map(|_| view! { <span class="widow-card"><CardBack decorative=true /></span> }).collect_view()}
            </div>
            <p class="phase-line">{move || cards_text(lang.get(), widow())}</p>
            {move || auction().map(|(bid, bidder)| {
                let l = lang.get();
                let text = match bidder {
                    Some(s) => format!("{}{}{bid} — {}", L::HighBid.text(l), colon(l), names.with(|n| n.of(s).display(l))),
                    None => L::NoBid.text(l).to_string(),
                };
                view! { <p class="phase-line phase-strong" data-testid="high-bid" data-bid=bid>{text}</p> }
            })}
        </div>
    }
}

/// The call in progress: its cards, and what has been shown at it.
#[component]
pub fn CallBox(call: Call, #[prop(into)] names: Signal<Names>) -> impl IntoView {
    let lang = use_lang();
    let shows = with_game(call_shows);
    let emblem: Vec<Card> = match call {
        Call::Joker => vec![Card::JOKER],
        Call::QueenJack | Call::TenTwo => crate::engine::bonanza::calls::pair_cards(call).to_vec(),
        Call::Sequence => Vec::new(),
    };
    view! {
        <div class="phase-box call-box" data-testid="call" data-call=call.key()>
            <h2 class="phase-title">{move || call_name(lang.get(), call)}</h2>
            {if emblem.is_empty() {
                view! { <p class="phase-line">{lt(L::SequenceCards)}</p> }.into_any()
            } else {
                mini_cards(&emblem).into_any()
            }}
            <p class="phase-sub">{lt(L::ShowsAtCall)}</p>
            <ul class="shows" data-testid="shows">
                {move || {
                    let list = shows.get();
                    if list.is_empty() {
                        return view! { <li class="phase-line">{L::NobodyShows.text(lang.get())}</li> }.into_any();
                    }
                    list.into_iter()
                        .map(|(seat, cards)| view! {
                            <li class="show" data-seat=seat>
                                <span class="show-who">{names.with(|n| n.of(seat).display(lang.get()))}</span>
                                {mini_cards(&cards)}
                            </li>
                        })
                        .collect_view()
                        .into_any()
                }}
            </ul>
        </div>
    }
}
