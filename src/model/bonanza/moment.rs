//! The moment the stage holds beside Bonanza's wheel (src/stage.rs says which and how long):
//! where the widow went, a call's outcome with what was shown at it, the Poker call's showdown
//! with the winning hand laid down, a space taken in the race, a Bonanza. It takes the phase
//! box's place while it lasts, so the table says what just happened before it moves on.
//!
//! At the showdown only the winning five cards are shown (docs/rules/bonanza.md §5.6); the other
//! players still in keep theirs face down, except the player's own, which only they can see.

use crate::engine::bonanza::poker::{best_hand, winning_five, Category};
use crate::engine::bonanza::{Bonanza, Event, Space};
use crate::engine::cards::Card;
use crate::engine::game::Seat;

use super::poker_order;

/// One player's row in a moment: who, the cards laid on the table (none: face down), the poker
/// hand they make, and whether this player took the space.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub seat: Seat,
    pub cards: Vec<Card>,
    pub hand: Option<Category>,
    pub won: bool,
    /// Cards only the player at the screen sees (their own hand at a showdown they lost).
    pub own: bool,
}

/// What the table shows of the event at `index`: the event, the space it is about, the rows.
#[derive(Clone, Debug, PartialEq)]
pub struct Moment {
    pub index: usize,
    pub event: Event,
    /// The space the moment is about (lit on the wheel; none: the widow).
    pub space: Option<Space>,
    pub rows: Vec<Row>,
}

impl Moment {
    /// The moment of `g`'s event `index`, as `viewer` sees it.
    pub fn of(g: &Bonanza, index: usize, viewer: Option<Seat>) -> Option<Moment> {
        let events = g.events();
        let event = events.get(index)?;
        let space = match event {
            Event::SpaceWon { space, .. } | Event::SpaceStays { space, .. } => Some(*space),
            Event::Bonanza { .. } => Some(Space::Bonanza),
            _ => None,
        };
        let winners: Vec<Seat> = events[..=index]
            .iter()
            .rev()
            .take_while(|e| matches!(e, Event::SpaceWon { .. }))
            .filter_map(|e| if let Event::SpaceWon { seat, .. } = e { Some(*seat) } else { None })
            .collect();
        let rows = match event {
            Event::SpaceWon { space: Space::Poker, .. } => showdown_rows(g, index, viewer, &winners),
            Event::SpaceWon { space, .. } | Event::SpaceStays { space, .. } if space.card().is_none() => call_rows(events, index, &winners),
            _ => Vec::new(),
        };
        Some(Moment { index, event: event.clone(), space, rows })
    }
}

/// The shows at the call that ends at `index`.
fn call_rows(events: &[Event], index: usize, winners: &[Seat]) -> Vec<Row> {
    let opened = events[..index].iter().rposition(|e| matches!(e, Event::CallOpened { .. })).unwrap_or(0);
    events[opened..index]
        .iter()
        .filter_map(|e| match e {
            Event::Shown { seat, cards, .. } => {
                Some(Row { seat: *seat, cards: cards.clone(), hand: None, won: winners.contains(seat), own: false })
            }
            _ => None,
        })
        .collect()
}

/// The players still in at the Poker call that ends at `index`: the winners' five cards with
/// their hand, the viewer's own best five, the others face down. No rows when the space went
/// without a showdown (everyone else folded, or a lone player).
fn showdown_rows(g: &Bonanza, index: usize, viewer: Option<Seat>, winners: &[Seat]) -> Vec<Row> {
    let events = g.events();
    let opened = events[..index].iter().rposition(|e| matches!(e, Event::PokerOpened { .. })).unwrap_or(0);
    let call = &events[opened..index];
    let Some(Event::PokerOpened { participants, .. }) = call.first() else { return Vec::new() };
    let shown: Vec<(Seat, Vec<Card>, Category)> = call
        .iter()
        .filter_map(|e| match e {
            Event::Showdown { seat, cards, hand } => Some((*seat, poker_order(cards), *hand)),
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
            Some((_, cards, hand)) => Row { seat, cards: cards.clone(), hand: Some(*hand), won: winners.contains(&seat), own: false },
            None if viewer == Some(seat) => {
                // The hand as it was at the call: a joker set aside since goes back in.
                let mut hand = g.hand(seat);
                if events[index..].iter().any(|e| matches!(e, Event::JokerSetAside { seat: s } if *s == seat)) {
                    hand.insert(Card::JOKER);
                }
                let five: Vec<Card> = winning_five(hand).iter().collect();
                Row { seat, cards: poker_order(&five), hand: Some(best_hand(hand).category()), won: false, own: true }
            }
            None => Row { seat, cards: Vec::new(), hand: None, won: false, own: false },
        })
        .collect()
}
