//! What a round did to each player's chips, read from the events (docs/rules/nain-jaune.md §5):
//! the stake, the boxes taken, the penalties, the payments for the cards left in hand. The views
//! render this; they never redo the accounting.

use super::events::Event;
use crate::engine::cards::Card;
use crate::engine::game::{Chips, Seat};

impl Event {
    /// How this event changes each seat's chips (the board's side is not counted).
    pub fn chip_changes(&self, players: usize) -> Vec<Chips> {
        let mut d = vec![0; players];
        match self {
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
}

/// Where round `deal` sits in the log: from its stake to its `RoundWon`, inclusive.
fn round_range(events: &[Event], deal: u32) -> Option<(usize, usize)> {
    let start = events.iter().position(|e| matches!(e, Event::Staked { deal_number, .. } if *deal_number == deal))?;
    let end = events.iter().position(|e| matches!(e, Event::RoundWon { deal_number, .. } if *deal_number == deal))?;
    Some((start, end))
}

/// One seat's share of a round.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct RoundRow {
    /// The stake paid (negative).
    pub stake: Chips,
    /// Boxes taken, Grand Opéra included.
    pub boxes: Chips,
    /// Board cards still held (negative).
    pub penalties: Chips,
    /// Paid for, or paid by, the cards left in hand.
    pub hand: Chips,
    pub net: Chips,
    /// The seat's chips once the round was settled.
    pub chips: Chips,
}

/// Who paid whom, how much and why, in one round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundSettlement {
    pub deal_number: u32,
    pub winner: Seat,
    pub grand_opera: bool,
    pub rows: Vec<RoundRow>,
    /// The settlement's events in order: penalties, Grand Opéra, payments.
    pub payments: Vec<Event>,
    /// The cards each seat still held when the round ended.
    pub left: Vec<Vec<Card>>,
}

impl RoundSettlement {
    /// Round `deal` read from the log; `current` is everyone's chips now (the chips after the
    /// round are found by undoing whatever happened since).
    pub fn of(events: &[Event], deal: u32, current: &[Chips]) -> Option<RoundSettlement> {
        let (start, end) = round_range(events, deal)?;
        let players = current.len();
        let mut after = current.to_vec();
        for e in &events[end + 1..] {
            for (seat, d) in e.chip_changes(players).into_iter().enumerate() {
                after[seat] -= d;
            }
        }
        let mut rows = vec![RoundRow::default(); players];
        let mut payments = Vec::new();
        let mut left = vec![Vec::new(); players];
        let (mut winner, mut grand_opera) = (0, false);
        for e in &events[start..=end] {
            for (seat, d) in e.chip_changes(players).into_iter().enumerate() {
                let row = &mut rows[seat];
                match e {
                    Event::Staked { .. } => row.stake += d,
                    Event::BoxWon { .. } | Event::GrandOpera { .. } => row.boxes += d,
                    Event::Penalty { .. } => row.penalties += d,
                    Event::Paid { .. } => row.hand += d,
                    _ => {}
                }
                row.net += d;
            }
            match e {
                Event::Penalty { .. } | Event::GrandOpera { .. } => payments.push(e.clone()),
                Event::Paid { from, cards, .. } => {
                    left[*from] = cards.clone();
                    payments.push(e.clone());
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
        Some(RoundSettlement { deal_number: deal, winner, grand_opera, rows, payments, left })
    }
}
