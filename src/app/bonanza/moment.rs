//! The moment the stage holds beside Bonanza's wheel (src/stage.rs says which and how long):
//! where the widow went, a call's outcome with what was shown at it, the Poker call's showdown
//! with the winning hand laid down, a space taken in the race, a Bonanza. It takes the phase
//! box's place while it lasts, so the table says what just happened before it moves on.
//!
//! At the showdown only the winning five cards are shown (docs/rules/bonanza.md §5.6); the other players
//! still in keep theirs face down, except the player's own, which only they can see.

use leptos::prelude::*;

use crate::engine::bonanza::poker::{best_hand, winning_five};
use crate::engine::bonanza::{Bonanza, Event, Space};
use crate::engine::cards::Card;
use crate::engine::game::Seat;

use super::calls::poker_order;
use super::mini_cards;
use super::text::{category_name, event_kind, event_sentence, space_name, L};
use crate::app::table::card_svg::CardBack;
use crate::app::services::i18n::{Lang, Names};

/// One player's row in a moment: who, the cards laid on the table (none: face down), a few
/// words (the hand's name), and whether this player took the space.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub seat: Seat,
    pub cards: Vec<Card>,
    pub words: Option<String>,
    pub won: bool,
    /// Cards only the player at the screen sees (their own hand at a showdown they lost).
    pub own: bool,
}

/// What the table shows of the event at `index`: a title, the rows, the sentence.
#[derive(Clone, Debug, PartialEq)]
pub struct Moment {
    pub kind: &'static str,
    pub title: &'static str,
    /// The space the moment is about (lit on the wheel).
    pub space: Option<Space>,
    pub rows: Vec<Row>,
    pub sentence: String,
}

impl Moment {
    /// The moment of `g`'s event `index`, as `viewer` sees it.
    pub fn of(g: &Bonanza, index: usize, viewer: Option<Seat>, lang: Lang, names: &Names) -> Option<Moment> {
        let events = g.events();
        let event = events.get(index)?;
        let space = match event {
            Event::SpaceWon { space, .. } | Event::SpaceStays { space, .. } => Some(*space),
            Event::Bonanza { .. } => Some(Space::Bonanza),
            _ => None,
        };
        let title = space.map_or_else(|| L::Widow.text(lang), |space| space_name(lang, space));
        let winners: Vec<Seat> = events[..=index]
            .iter()
            .rev()
            .take_while(|e| matches!(e, Event::SpaceWon { .. }))
            .filter_map(|e| if let Event::SpaceWon { seat, .. } = e { Some(*seat) } else { None })
            .collect();
        let rows = match event {
            Event::SpaceWon { space: Space::Poker, .. } => showdown_rows(g, index, viewer, lang, &winners),
            Event::SpaceWon { space, .. } | Event::SpaceStays { space, .. } if space.card().is_none() => {
                call_rows(events, index, &winners)
            }
            _ => Vec::new(),
        };
        Some(Moment { kind: event_kind(event), title, space, rows, sentence: event_sentence(lang, event, names, false) })
    }
}

/// The shows at the call that ends at `index`.
fn call_rows(events: &[Event], index: usize, winners: &[Seat]) -> Vec<Row> {
    let opened = events[..index].iter().rposition(|e| matches!(e, Event::CallOpened { .. })).unwrap_or(0);
    events[opened..index]
        .iter()
        .filter_map(|e| match e {
            Event::Shown { seat, cards, .. } => {
                Some(Row { seat: *seat, cards: cards.clone(), words: None, won: winners.contains(seat), own: false })
            }
            _ => None,
        })
        .collect()
}

/// The players still in at the Poker call that ends at `index`: the winners' five cards with
/// their hand's name, the viewer's own best five, the others face down. No rows when the space
/// went without a showdown (everyone else folded, or a lone player).
fn showdown_rows(g: &Bonanza, index: usize, viewer: Option<Seat>, lang: Lang, winners: &[Seat]) -> Vec<Row> {
    let events = g.events();
    let opened = events[..index].iter().rposition(|e| matches!(e, Event::PokerOpened { .. })).unwrap_or(0);
    let call = &events[opened..index];
    let Some(Event::PokerOpened { participants, .. }) = call.first() else { return Vec::new() };
    let shown: Vec<(Seat, Vec<Card>, String)> = call
        .iter()
        .filter_map(|e| match e {
            Event::Showdown { seat, cards, hand } => Some((*seat, poker_order(cards), category_name(lang, *hand).to_string())),
            _ => None,
        })
        .collect();
    if shown.is_empty() {
        return Vec::new();
    }
    let folded = |s: Seat| call.iter().any(|e| matches!(e, Event::Folded { seat } if *seat == s));
    participants
        .iter()
        .filter(|&&s| !folded(s))
        .map(|&seat| match shown.iter().find(|(s, ..)| *s == seat) {
            Some((_, cards, words)) => {
                Row { seat, cards: cards.clone(), words: Some(words.clone()), won: winners.contains(&seat), own: false }
            }
            None if viewer == Some(seat) => {
                // The hand as it was at the call: a joker set aside since goes back in.
                let mut hand = g.hand(seat);
                if events[index..].iter().any(|e| matches!(e, Event::JokerSetAside { seat: s } if *s == seat)) {
                    hand.insert(Card::JOKER);
                }
                let five: Vec<Card> = winning_five(hand).iter().collect();
                let words = category_name(lang, best_hand(hand).category()).to_string();
                Row { seat, cards: poker_order(&five), words: Some(words), won: false, own: true }
            }
            None => Row { seat, cards: Vec::new(), words: None, won: false, own: false },
        })
        .collect()
}

/// The moment on the table, in the phase box's place.
#[component]
pub fn MomentBox(moment: Moment, #[prop(into)] names: Signal<Names>, lang: Lang) -> impl IntoView {
    let rows = moment
        .rows
        .into_iter()
        .map(|row| {
            let who = names.with_untracked(|n| n.of(row.seat).display(lang));
            let cards = if row.cards.is_empty() {
                let backs = (0..5).map(|_| view! { <span class="mini-card"><CardBack decorative=true /></span> }).collect_view();
                view! { <span class="mini-cards mini-backs-row" aria-label=lang.pick("cards not shown", "cartes non montrées")>{backs}</span> }.into_any()
            } else {
                mini_cards(&row.cards).into_any()
            };
            let words = match (row.own, row.words) {
                (true, Some(w)) => Some(format!("{w} · {}", lang.pick("only you see it", "vous seul la voyez"))),
                (_, w) => w,
            };
            view! {
                <li class="show" class:show-won=row.won data-seat=row.seat data-won=row.won.to_string()>
                    <span class="show-who">{who}</span>
                    {cards}
                    {words.map(|w| view! { <span class="show-words">{w}</span> })}
                </li>
            }
        })
        .collect_view();
    view! {
        <div class="phase-box moment-box" data-testid="moment" data-moment=moment.kind>
            <h2 class="phase-title">{moment.title}</h2>
            <ul class="shows">{rows}</ul>
            <p class="phase-line phase-strong">{moment.sentence}</p>
        </div>
    }
}
