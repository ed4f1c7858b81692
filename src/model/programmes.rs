//! What Programmes' table shows, as plain data: where the game stands and who may act ([`Turn`],
//! [`Seen`]), what the lower part of the screen holds ([`Bottom`]), the plates and the piles
//! ([`Board`]), the hand in display order and the card just drawn, what the player may do
//! ([`Offer`], [`SelectionMoves`]) and what the prompt asks ([`Prompt`]), the melds per owner
//! ([`owner_groups`]), the log's window, the moment the stage holds, and how the game ended.
//!
//! Built from the session (the table as shown) and a few inputs of the page given as plain
//! arguments (the stage's moment, whose cards a shared device shows, an open dialog); the view
//! (`app::programmes`) binds it and says it in words.

mod board;
mod selection;

pub use board::{laid_by, last_pile_move, owner_groups, LaidBy, OwnerGroup, PileMove};
pub use selection::{
    cards_at, compose_set, engine_check, hinted_cards, positions_of, positions_used, selection_moves, sorted_hand, Offer, SelectionMoves,
    Why,
};

use crate::engine::cards::Card;
use crate::engine::game::{Game, Seat};
use crate::engine::programmes::{Action, Event, GameEnd, Phase, ProgramId, Programmes, RoundSettlement};
use crate::record::Table;

use super::people::{Names, Person};
use super::plate::SeatView;
use super::session::{Humans, Session};

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Turn {
    pub to_move: Option<Seat>,
    pub phase: Phase,
    pub finished: bool,
    /// The round whose summary waits to be read.
    pub pending: Option<u32>,
    pub deal: u32,
    /// Actions played so far (changes with every move).
    pub actions: usize,
    /// The table has shown every move so far (`app::stage::Stage::caught_up`).
    pub caught_up: bool,
    /// The table plays the player's only legal move for them (`app::computer_turns::forced_move`).
    pub forced: bool,
}

impl Turn {
    /// No game on the table (another has taken its place).
    pub const NONE: Turn =
        Turn { to_move: None, phase: Phase::GameOver, finished: true, pending: None, deal: 0, actions: 0, caught_up: true, forced: false };

    /// `holding`: the event the stage holds in view (nobody is marked to play meanwhile).
    pub fn of(s: &Session, holding: Option<usize>, caught_up: bool, forced: bool) -> Option<Turn> {
        Some(Turn {
            to_move: s.shown().to_move().filter(|_| holding.is_none()),
            phase: s.programmes()?.phase(),
            finished: s.table.is_finished(),
            pending: s.pending_summary(),
            deal: s.shown().deal_number(),
            actions: s.record.actions.len(),
            caught_up,
            forced,
        })
    }
}

/// Whose eyes the screen is for, and what they may do now.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Seen {
    pub viewer: Option<Seat>,
    /// A shared device hides the hand until its owner asks to see it.
    pub covered: bool,
    pub my_turn: bool,
    /// My turn, after the draw: cards can be selected and laid.
    pub play: bool,
    pub revealed: bool,
}

impl Seen {
    /// `shown`: whose cards a shared device shows; `dialog_open`: a dialog covers the table.
    pub fn of(s: &Session, turn: Turn, people: Humans, shown: Option<Seat>, dialog_open: bool) -> Seen {
        let human_to_move = turn.to_move.filter(|&s| people.plays(s));
        let viewer = people.viewer(human_to_move, shown);
        let covered = people.covered(human_to_move, shown, turn.pending.is_some());
        // Never on a position shown read-only (a review): its controls would take the focus.
        let my_turn = !s.read_only
            && viewer.is_some()
            && turn.to_move == viewer
            && turn.pending.is_none()
            && turn.caught_up
            && !turn.forced
            && !covered
            && !dialog_open;
        let revealed = viewer.is_some_and(|v| s.programmes().is_some_and(|g| g.has_revealed(v)));
        Seen { viewer, covered, my_turn, play: my_turn && turn.phase == Phase::Play, revealed }
    }
}

/// What the lower part of the screen holds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Bottom {
    /// The game is over: the result is shown instead.
    Nothing,
    /// Only computers play.
    NoHuman,
    /// A shared device, between two humans' turns.
    Cover,
    Hand,
}

impl Bottom {
    pub fn of(turn: Turn, seen: Seen) -> Bottom {
        match () {
            _ if turn.finished && turn.pending.is_none() => Bottom::Nothing,
            _ if seen.viewer.is_none() => Bottom::NoHuman,
            _ if seen.covered => Bottom::Cover,
            _ => Bottom::Hand,
        }
    }
}

/// The middle of the table: the piles, the viewer's own program card, the plates.
#[derive(Clone, Debug, PartialEq)]
pub struct Board {
    pub stock: usize,
    pub top: Option<Card>,
    pub own_program: Option<ProgramId>,
    pub seats: Vec<SeatView>,
}

impl Board {
    /// `thinking`: the computer seat whose move is being computed; `note`: a plate's line from the
    /// programs a seat has completed and whether it has revealed this round (in the view's words).
    pub fn of(s: &Session, viewer: Option<Seat>, thinking: Option<Seat>, note: impl Fn(u32, bool) -> String) -> Option<Board> {
        let g = s.programmes()?;
        let people = s.people();
        let seats = (0..s.seats.len())
            .map(|seat| SeatView {
                seat,
                person: people.of(seat),
                kind: s.seats[seat],
                chips: None,
                cards: g.hand(seat).len(),
                note: Some(note(g.programs_done(seat), g.has_revealed(seat))),
                shown: Vec::new(),
                dealer: g.dealer() == seat,
                to_move: g.to_move() == Some(seat),
                thinking: thinking == Some(seat),
                viewer: viewer == Some(seat),
            })
            .collect();
        Some(Board { stock: g.stock_size(), top: g.discard_top(), own_program: viewer.and_then(|v| g.program(v)), seats })
    }
}

/// The viewer's hand in display order (by suit, or by rank), none without a viewer.
pub fn hand(s: &Session, viewer: Option<Seat>, by_rank: bool) -> Vec<Card> {
    match (viewer, s.programmes()) {
        (Some(v), Some(g)) => sorted_hand(g.hand(v).iter(), by_rank),
        _ => Vec::new(),
    }
}

/// The card the viewer has just drawn, marked in the hand until their next move (while the
/// record's last action is that draw). The stock's card is in no event: it is the card the hand
/// did not hold before the draw (the record replayed without it).
pub fn drawn(s: &Session, viewer: Seat) -> Option<Card> {
    let game = s.programmes()?;
    let last = s.record.actions.last().filter(|a| a.seat == viewer)?;
    match last.action.parse::<Action>().ok()? {
        Action::DrawDiscard => game.taken_from_discard(),
        Action::DrawStock => {
            let mut before = s.record.clone();
            before.actions.pop();
            let held = Table::replay(&before).ok()?.hands().swap_remove(viewer);
            let now = game.hand(viewer);
            now.iter().find(|&c| now.count(c) as usize > held.iter().filter(|&&h| h == c).count())
        }
        _ => None,
    }
}

/// What the turn prompt asks.
#[derive(Clone, Debug, PartialEq)]
pub enum Prompt {
    /// Draw; `discard` is the top of the discard pile if it may be taken; `can_reveal`: the hand
    /// already fulfils the program.
    Draw {
        discard: Option<Card>,
        can_reveal: bool,
    },
    Reveal,
    DiscardToEnd,
    LayOrDiscard,
    /// Revealed, and no discard is legal: only the card taken from the discard pile is left, and
    /// laying it goes out.
    LayOut,
    Waiting(Person),
}

impl Prompt {
    /// What the player should do now (nothing once the game is over or while nobody is to move).
    pub fn of(turn: Turn, seen: Seen, offer: &Offer, top: Option<Card>, names: &Names) -> Option<Prompt> {
        let mover = turn.to_move.filter(|_| !turn.finished)?;
        Some(if !seen.my_turn {
            Prompt::Waiting(names.of(mover))
        } else if turn.phase == Phase::Draw {
            Prompt::Draw { discard: top.filter(|_| offer.draw_discard), can_reveal: offer.reveal_ahead }
        } else if seen.revealed && offer.discards.is_empty() {
            Prompt::LayOut
        } else if seen.revealed {
            Prompt::LayOrDiscard
        } else if !offer.reveals.is_empty() {
            Prompt::Reveal
        } else {
            Prompt::DiscardToEnd
        })
    }
}

/// The events the move log shows: the last `length` of those the stage has told, with the index
/// of the first.
pub fn log_window(game: &Programmes, told: usize, length: usize) -> (usize, &[Event]) {
    let events = &game.events()[..told.min(game.events().len())];
    let from = events.len().saturating_sub(length);
    (from, &events[from..])
}

/// The event the stage holds in view (a program revealed, a round's end), drawn over the felt.
pub fn moment(game: &Programmes, held: usize) -> Option<&Event> {
    game.events().get(held)
}

/// The summary of the round `turn` waits on, once the table has caught up: the settlement as
/// `viewer` sees it, and whether it was the game's last round.
pub fn summary(s: &Session, turn: Turn, viewer: Option<Seat>) -> Option<(RoundSettlement, bool)> {
    let deal = turn.pending.filter(|_| turn.caught_up)?;
    let report = RoundSettlement::of(s.programmes()?, deal, viewer)?;
    Some((report, s.table.is_finished() && s.rounds_finished() as u32 == deal))
}

/// How the game ended (docs/rules/programmes.md §7).
#[derive(Clone, Debug, PartialEq)]
pub struct Ending {
    pub end: GameEnd,
    pub winner: Option<Seat>,
    pub programs_done: Vec<u32>,
}

impl Ending {
    pub fn of(game: &Programmes) -> Option<Ending> {
        game.events().iter().rev().find_map(|e| match e {
            Event::GameOver { end, winner, programs_done } => {
                Some(Ending { end: *end, winner: *winner, programs_done: programs_done.clone() })
            }
            _ => None,
        })
    }
}
