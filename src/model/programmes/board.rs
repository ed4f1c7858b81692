//! The middle of the table as plain data: the melds grouped by owner with who laid each card,
//! and the last move at the piles (the views draw them travelling, `app::flights`).

use crate::engine::cards::Card;
use crate::engine::game::{Game, Seat};
use crate::engine::programmes::{Event, Meld, Placed, ProgramId, Programmes};

use crate::model::people::{Names, Person};

/// Who laid a card on the table: his seat, and a key naming the move (it travels from that seat
/// once, see flights.rs).
pub type LaidBy = Option<(Seat, String)>;

/// The last move at the piles (a game event, by its index), shown travelling: a card discarded
/// comes from its player's seat, a card drawn goes to it (flights.rs).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PileMove {
    Discarded { seat: Seat, event: usize },
    DrewStock { seat: Seat, event: usize },
    DrewDiscard { seat: Seat, card: Card, event: usize },
}

/// One player's corner of the table.
#[derive(Clone, Debug, PartialEq)]
pub struct OwnerGroup {
    pub seat: Seat,
    pub person: Person,
    /// The program card as this viewer sees it (`None`: face down; absent when the player holds
    /// none).
    pub program: Option<Option<ProgramId>>,
    pub revealed: bool,
    /// Each meld by its number, with who laid each of its cards.
    pub melds: Vec<(usize, Meld, Vec<LaidBy>)>,
}

/// The events of the round in play: those after its deal.
fn this_round(events: &[Event]) -> (usize, &[Event]) {
    let start = events.iter().rposition(|e| matches!(e, Event::Dealt { .. })).unwrap_or(0);
    (start, &events[start..])
}

/// The round's last move at the piles, if its last move was one.
pub fn last_pile_move(events: &[Event]) -> Option<PileMove> {
    let (start, round) = this_round(events);
    let i = round.iter().rposition(|e| !matches!(e, Event::RoundOver { .. } | Event::GameOver { .. } | Event::StockRebuilt { .. }))?;
    let event = start + i;
    match round[i] {
        Event::Discarded { seat, .. } => Some(PileMove::Discarded { seat, event }),
        Event::DrewStock { seat } => Some(PileMove::DrewStock { seat, event }),
        Event::DrewDiscard { seat, card } => Some(PileMove::DrewDiscard { seat, card, event }),
        _ => None,
    }
}

/// Who laid each card of each meld this round (`melds` in their numbers' order): the player who
/// extended the meld with it, or else the one who laid the meld.
pub fn laid_by(events: &[Event], melds: &[Meld]) -> Vec<Vec<LaidBy>> {
    let (start, round) = this_round(events);
    melds
        .iter()
        .enumerate()
        .map(|(n, meld)| {
            let laid = round.iter().enumerate().find_map(|(i, e)| match e {
                Event::Melded { seat, meld, .. } if *meld == n => Some((*seat, start + i)),
                Event::Revealed { seat, melds, .. } if melds.contains(&n) => Some((*seat, start + i)),
                _ => None,
            });
            let mut extensions: Vec<(Placed, Seat, usize)> = round
                .iter()
                .enumerate()
                .filter_map(|(i, e)| match e {
                    Event::Extended { seat, meld, card } if *meld == n => Some((*card, *seat, start + i)),
                    _ => None,
                })
                .collect();
            // Two copies of a card (two packs) may lie in one set: each extension names one of
            // them, and the copies of one move are told apart by their count.
            let mut keys: Vec<String> = Vec::new();
            let mut by: Vec<LaidBy> = meld
                .cards()
                .iter()
                .rev()
                .map(|p| {
                    let (seat, event) = match extensions.iter().rposition(|(c, ..)| c == p) {
                        Some(k) => {
                            let (_, seat, event) = extensions.remove(k);
                            (seat, event)
                        }
                        None => laid?,
                    };
                    let base = format!("e{event}-{p}");
                    let copy = keys.iter().filter(|k| **k == base).count();
                    keys.push(base.clone());
                    Some((seat, format!("{base}-{copy}")))
                })
                .collect();
            by.reverse();
            by
        })
        .collect()
}

/// Each player's corner of the table, going round from `start` (the viewer, or the seat drawn at
/// the bottom): their program card as `viewer` sees it (face down until revealed,
/// docs/rules/programmes.md §8) and their melds, in their numbers' order.
pub fn owner_groups(game: &Programmes, people: &Names, viewer: Option<Seat>, start: Seat) -> Vec<OwnerGroup> {
    let players = game.players();
    let mut laid = laid_by(game.events(), game.melds());
    (0..players)
        .map(|k| (start + k) % players)
        .map(|seat| OwnerGroup {
            seat,
            person: people.of(seat),
            program: game.program(seat).map(|p| (Some(seat) == viewer || game.has_revealed(seat)).then_some(p)),
            revealed: game.has_revealed(seat),
            melds: game
                .melds()
                .iter()
                .enumerate()
                .filter(|(_, m)| m.owner == seat)
                .map(|(n, m)| (n, *m, std::mem::take(&mut laid[n])))
                .collect(),
        })
        .collect()
}
