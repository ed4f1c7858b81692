//! What a deal did to each player's chips, read from the events (docs/rules/bonanza.md §2 to §6):
//! the ante, the widow's price, the spaces taken, the poker bets, the Bonanza pot and the payments
//! for the cards left; and the cards left, in the hands and the dead hand, when the deal ended. The views render this; they never redo the accounting or the play.

use super::events::Event;
use super::notation::Action;
use super::Bonanza;
use crate::engine::cards::Card;
use crate::engine::game::{Chips, Game, Seat};
use crate::engine::setup::{FromSetup, Setup};

/// Where a deal's chips went, by kind: the columns of a deal's summary.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Ante,
    Widow,
    Spaces,
    Bets,
    Bonanza,
}

impl Flow {
    pub const ALL: [Flow; 5] = [Flow::Ante, Flow::Widow, Flow::Spaces, Flow::Bets, Flow::Bonanza];
}

/// Follows the chips of a sequence of events. A raise's event gives the raiser's new total only,
/// so the poker bets each seat has put in are kept.
#[derive(Clone, Debug, Default)]
pub struct ChipFlows {
    put_in: Vec<Chips>,
}

impl ChipFlows {
    pub fn new(players: usize) -> ChipFlows {
        ChipFlows { put_in: vec![0; players] }
    }

    /// What `event` does to each seat's chips, by flow (the wheel's side is not counted).
    pub fn of(&mut self, event: &Event) -> Vec<(Seat, Flow, Chips)> {
        match event {
            Event::Anted { each, players, .. } => players.iter().map(|&s| (s, Flow::Ante, -each)).collect(),
            Event::WidowSold { seat, price, to } => {
                let mut v = vec![(*seat, Flow::Widow, -price)];
                v.extend(to.map(|d| (d, Flow::Widow, *price)));
                v
            }
            Event::SpaceWon { seat, chips, .. } | Event::Leftovers { seat, chips } => vec![(*seat, Flow::Spaces, *chips)],
            Event::PokerOpened { .. } => {
                self.put_in.iter_mut().for_each(|p| *p = 0);
                Vec::new()
            }
            Event::Bet { seat, chips } | Event::Called { seat, chips } => {
                self.put_in[*seat] += chips;
                vec![(*seat, Flow::Bets, -chips)]
            }
            Event::Raised { seat, total, .. } => {
                let d = total - self.put_in[*seat];
                self.put_in[*seat] = *total;
                vec![(*seat, Flow::Bets, -d)]
            }
            Event::Bonanza { seat, chips } => vec![(*seat, Flow::Bonanza, *chips)],
            Event::Paid { from, to, chips, .. } => vec![(*from, Flow::Bonanza, -chips), (*to, Flow::Bonanza, *chips)],
            _ => Vec::new(),
        }
    }
}

/// Where deal `deal` sits in the log: from its ante to its last payment, inclusive.
pub fn deal_range(events: &[Event], deal: u32) -> Option<(usize, usize)> {
    let start = events.iter().position(|e| matches!(e, Event::Anted { deal_number, .. } if *deal_number == deal))?;
    let bonanza = start + events[start..].iter().position(|e| matches!(e, Event::Bonanza { .. }))?;
    let end = bonanza + events[bonanza + 1..].iter().take_while(|e| matches!(e, Event::Paid { .. })).count();
    Some((start, end))
}

/// One seat's share of a deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealRow {
    /// By flow, in the order of [`Flow::ALL`].
    pub flows: [Chips; 5],
    pub net: Chips,
    /// The seat's chips once the deal was settled.
    pub chips: Chips,
}

/// Who paid whom, how much and why, in one deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealSettlement {
    pub deal_number: u32,
    /// Who called Bonanza.
    pub winner: Seat,
    pub rows: Vec<DealRow>,
    /// The Bonanza call and the payments, in order.
    pub payments: Vec<Event>,
}

impl DealSettlement {
    /// Deal `deal` read from the log; `current` is everyone's chips now (the chips after the deal
    /// are found by undoing whatever happened since).
    pub fn of(events: &[Event], deal: u32, current: &[Chips]) -> Option<DealSettlement> {
        let (start, end) = deal_range(events, deal)?;
        let players = current.len();
        let mut after = current.to_vec();
        let mut flows = ChipFlows::new(players);
        for e in &events[end + 1..] {
            for (seat, _, d) in flows.of(e) {
                after[seat] -= d;
            }
        }
        let mut rows: Vec<DealRow> = after.iter().map(|&chips| DealRow { flows: [0; 5], net: 0, chips }).collect();
        let mut flows = ChipFlows::new(players);
        let (mut winner, mut payments) = (0, Vec::new());
        for e in &events[start..=end] {
            for (seat, flow, d) in flows.of(e) {
                rows[seat].flows[flow as usize] += d;
                rows[seat].net += d;
            }
            if let Event::Bonanza { seat, .. } = e {
                winner = *seat;
            }
            if matches!(e, Event::Bonanza { .. } | Event::Paid { .. }) {
                payments.push(e.clone());
            }
        }
        Some(DealSettlement { deal_number: deal, winner, rows, payments })
    }
}

/// The cards left when a deal ended: what the Bonanza payments were for, and the dead hand turned
/// up (docs/rules/bonanza.md §6.4: every other player pays one chip per card left in his hand,
/// a dead joker included, §5.7).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CardsLeft {
    /// Per seat, by rank: the cards still held (none for the Bonanza caller, nor for a seat out).
    pub hands: Vec<Vec<Card>>,
    /// The dead hand, by rank.
    pub dead: Vec<Card>,
}

impl CardsLeft {
    /// The cards left at the end of deal `deal` of the game `setup` starts, whose moves are
    /// `actions`: the game is replayed up to the move that called Bonanza, and the hands read just
    /// before it (the caller's last card leaves his hand then; nothing else moves). `None` if the
    /// moves stop, or are refused, before that deal ends.
    pub fn of(setup: &Setup, actions: impl IntoIterator<Item = (Seat, Action)>, deal: u32) -> Option<CardsLeft> {
        let mut game = Bonanza::from_setup(setup).ok()?;
        let mut calls = 0;
        let mut seen = game.events().len();
        for (seat, action) in actions {
            let hands: Vec<_> = (0..game.players()).map(|s| game.hand(s)).collect();
            let dead = game.dead_hand();
            game.play(seat, &action).ok()?;
            let events = game.events();
            let caller = events[seen..].iter().find_map(|e| if let Event::Bonanza { seat, .. } = e { Some(*seat) } else { None });
            seen = events.len();
            calls += u32::from(caller.is_some());
            if calls >= deal {
                let hands = hands.iter().enumerate().map(|(s, h)| if Some(s) == caller { Vec::new() } else { h.by_rank() }).collect();
                return Some(CardsLeft { hands, dead: dead.by_rank() });
            }
        }
        None
    }
}
