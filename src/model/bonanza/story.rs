//! A deal's story, read from its events: where the widow went, who took which space and with
//! which cards (on the table beside the wheel, and in the deal's summary).

use crate::engine::bonanza::{Event, Space};
use crate::engine::cards::Card;
use crate::engine::game::{Chips, Seat};

use super::poker_order;

/// What one line of the story tells.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Story {
    WidowTaken,
    WidowSold,
    WidowDead,
    Won(Space),
    Stays(Space),
}

/// One line of a deal's story.
#[derive(Clone, Debug, PartialEq)]
pub struct StoryLine {
    pub what: Story,
    pub seat: Option<Seat>,
    pub chips: Chips,
    /// The cards that won (the show, the poker hand, the race card).
    pub cards: Vec<Card>,
}

/// The story of a deal, read from its events.
pub fn deal_story(events: &[Event]) -> Vec<StoryLine> {
    let mut lines = Vec::new();
    // The last cards each seat showed at the call in progress, and at the showdown.
    let mut shown: Vec<(Seat, Vec<Card>)> = Vec::new();
    let line = |what, seat, chips, cards| StoryLine { what, seat, chips, cards };
    for e in events {
        match e {
            Event::WidowTaken { dealer } => lines.push(line(Story::WidowTaken, Some(*dealer), 0, Vec::new())),
            Event::WidowSold { seat, price, .. } => lines.push(line(Story::WidowSold, Some(*seat), *price, Vec::new())),
            Event::WidowUnsold => lines.push(line(Story::WidowDead, None, 0, Vec::new())),
            Event::CallOpened { .. } | Event::PokerOpened { .. } => shown.clear(),
            Event::Shown { seat, cards, .. } => shown.push((*seat, cards.clone())),
            Event::Showdown { seat, cards, .. } => shown.push((*seat, poker_order(cards))),
            Event::SpaceWon { seat, space, chips } => {
                let cards = match space.card() {
                    Some(card) => vec![card],
                    None => shown.iter().rev().find(|(s, _)| s == seat).map(|(_, c)| c.clone()).unwrap_or_default(),
                };
                lines.push(line(Story::Won(*space), Some(*seat), *chips, cards));
            }
            Event::SpaceStays { space, chips } => lines.push(line(Story::Stays(*space), None, *chips, Vec::new())),
            _ => {}
        }
    }
    lines
}

/// The story of the deal on the table, as far as the table has told it (its first `told` events).
pub fn told_story(events: &[Event], told: usize) -> Vec<StoryLine> {
    deal_story(super::deal_events(&events[..told.min(events.len())]))
}
