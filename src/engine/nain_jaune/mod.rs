//! Nain Jaune (docs/rules/nain-jaune.md): the rules, phase by phase.
//!
//! A round: stakes (automatic), the deal (automatic), then card plays until a hand is empty, then
//! the settlement (automatic) and the next round. The only action is `play CARD`:
//! - **lead** — the seat to move plays any card of its hand;
//! - **follow** — the seat to move holds the wanted rank and must play one copy of it.
//!
//! Everything else (who continues, "X without Y", stops, boxes, payments) follows from the plays.

pub mod board;
pub mod events;
pub mod layout;
pub mod notation;
pub mod observation;
pub mod options;
pub mod play;
pub mod record;
pub mod refusal;
pub mod rounds;
pub mod settlement;

use std::sync::Arc;

use serde_json::json;

pub use board::{NainJauneBox, STAKE_PER_PLAYER};
pub use events::{Event, GameEnd};
use layout::deal_hands;
pub use layout::{deal_from, Layout};
pub use notation::Action;
pub use observation::Observation;
pub use options::{Direction, Options, Points};
use play::random_card;
pub use refusal::Refusal;
pub use settlement::{RoundRow, RoundSettlement};

use rand::Rng;

use crate::engine::cards::{Card, CardSet, Rank};
use crate::engine::game::{
    seat_array, Chips, Game, GameId, IllegalAction, LayoutFault, LayoutWhy, Seat, SetupError, Start, TurnRefusal, Why,
};
use crate::engine::rng::{below, deal_rng, GameRng};

/// A game can in principle go on as long as no stack runs short; this cap (far beyond any real
/// game: a hundred rounds is already a long evening) guarantees that a bug cannot loop forever.
pub const MAX_DEALS: u32 = 1000;

/// The five cards that win a box.
pub const BOARD_CARDS: CardSet = CardSet(
    1 << NainJauneBox::TenDiamonds.card().index_const()
        | 1 << NainJauneBox::JackClubs.card().index_const()
        | 1 << NainJauneBox::QueenSpades.card().index_const()
        | 1 << NainJauneBox::KingHearts.card().index_const()
        | 1 << NainJauneBox::NainJaune.card().index_const(),
);

pub const MIN_PLAYERS: usize = 2;
pub const MAX_PLAYERS: usize = 8;
const _: () = assert!(MAX_PLAYERS.is_power_of_two(), "seat indices are masked (see `slot`)");

/// Cards per hand and talon size for 2 to 8 players (docs/rules/nain-jaune.md §3).
pub fn deal_sizes(players: usize) -> (usize, usize) {
    match players {
        2 => (22, 8),
        3 => (15, 7),
        4 => (12, 4),
        5 => (9, 7),
        6 => (8, 4),
        7 => (7, 3),
        8 => (6, 4),
        _ => panic!("Nain Jaune is for 2 to 8 players, not {players}"),
    }
}

/// What kind of decision the seat to move faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Any card of the hand.
    Lead,
    /// A card of this rank.
    Follow(Rank),
    GameOver,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::Lead => "lead",
            Phase::Follow(_) => "follow",
            Phase::GameOver => "game_over",
        }
    }
}

/// A [`Phase`] in one byte: 0 to 12 follow that rank (its index), then lead and game over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PhaseCode(pub(crate) u8);

impl PhaseCode {
    pub(crate) const LEAD: PhaseCode = PhaseCode(13);
    const GAME_OVER: PhaseCode = PhaseCode(14);

    fn of(phase: Phase) -> PhaseCode {
        match phase {
            Phase::Follow(rank) => PhaseCode(rank.index() as u8),
            Phase::Lead => PhaseCode::LEAD,
            Phase::GameOver => PhaseCode::GAME_OVER,
        }
    }

    fn phase(self) -> Phase {
        match self {
            PhaseCode::LEAD => Phase::Lead,
            PhaseCode::GAME_OVER => Phase::GameOver,
            PhaseCode(rank) => Phase::Follow(Rank::from_index(rank as usize)),
        }
    }

    #[inline(always)]
    pub(crate) fn is_follow(self) -> bool {
        self.0 < 13
    }

    /// The cards of the wanted rank (none unless following).
    #[inline(always)]
    pub(crate) fn wanted_cards(self) -> CardSet {
        FOLLOW_CARDS[self.0 as usize & 15]
    }

    /// What follows a play of `card`: the next rank up, or a new lead after a king.
    #[inline(always)]
    pub(crate) fn after(card: Card) -> PhaseCode {
        PhaseCode(AFTER[card.index() & 63])
    }
}

/// The four cards of each rank by [`PhaseCode`] (none for the codes that do not follow).
pub(crate) const FOLLOW_CARDS: [CardSet; 16] = {
    let mut masks = [CardSet::EMPTY; 16];
    let mut r = 0;
    while r < 13 {
        masks[r] = CardSet((1 | 1 << 13 | 1 << 26 | 1 << 39) << r);
        r += 1;
    }
    masks
};

/// The [`PhaseCode`] after a play of each card (by index): the next rank up, or a lead after a
/// king. Looked up rather than divided on every move.
const AFTER: [u8; 64] = {
    let mut after = [PhaseCode::LEAD.0; 64];
    let mut c = 0;
    while c < 52 {
        let rank = c % 13;
        if rank < 12 {
            after[c] = rank as u8 + 1;
        }
        c += 1;
    }
    after
};

/// The rank index of each card (by index; 13 for the unused indices).
pub(crate) const RANK_INDEX: [u8; 64] = {
    let mut ranks = [13; 64];
    let mut c = 0;
    while c < 52 {
        ranks[c] = (c % 13) as u8;
        c += 1;
    }
    ranks
};

/// The cards whose points (ace 1, two to ten their value, court cards 10) have bit `b` set, for
/// `b` in 0..4.
const POINT_BITS: [CardSet; 4] = {
    let mut masks = [CardSet::EMPTY; 4];
    let mut c = 0;
    while c < 52 {
        let rank = c % 13;
        let points = if rank >= 10 { 10 } else { rank + 1 };
        let mut b = 0;
        while b < 4 {
            if points >> b & 1 == 1 {
                masks[b].0 |= 1 << c;
            }
            b += 1;
        }
        c += 1;
    }
    masks
};

/// A Nain Jaune game in progress, every card included. The fields the searches' playouts play on
/// (`ai::nain_jaune_playout`, on local copies of the deal) are open to the crate.
#[derive(Clone, Debug)]
pub struct NainJaune {
    options: Options,
    seed: u64,
    /// The record's explicit deals, shared (never changed) so clones stay cheap; `None` when there
    /// are none (playouts and searches: no reference count to touch).
    layouts: Option<Arc<Vec<Layout>>>,
    pub(crate) players: usize,
    /// The seat after each seat in the direction of play (looked up on every "X without Y").
    next: [u8; MAX_PLAYERS],
    /// Stacks in seat order (a fixed array, like the hands: clones never allocate).
    pub(crate) chips: [Chips; MAX_PLAYERS],
    pub(crate) boxes: [Chips; 5],
    /// Hands in seat order (seats beyond `players` stay empty): a fixed array keeps clones cheap.
    pub(crate) hands: [CardSet; MAX_PLAYERS],
    talon: CardSet,
    /// Cards played this round.
    pub(crate) played: CardSet,
    /// The running sequence (one card per rank, so a set ordered by rank says it all).
    pub(crate) run: CardSet,
    dealer: Seat,
    /// Deals dealt so far (the current deal is number `deals_dealt`, counting from 1).
    deals_dealt: u32,
    /// The [`Phase`] in one byte, read on every move: see [`PhaseCode`].
    pub(crate) phase: PhaseCode,
    pub(crate) to_move: Option<Seat>,
    /// Seats that have played a card this round (one bit each): Grand Opéra needs only one.
    pub(crate) movers: u16,
    /// Public inference per seat: bit r set when the seat is known to hold no card of rank r.
    pub(crate) voids: [u16; MAX_PLAYERS],
    winner: Option<Seat>,
    events: Vec<Event>,
    pub(crate) logging: bool,
    /// Playouts stop at the end of the current deal instead of dealing the next one.
    single_deal: bool,
}

impl NainJaune {
    crate::state_fields!();

    pub fn phase(&self) -> Phase {
        self.phase.phase()
    }

    pub fn chips(&self) -> &[Chips] {
        &self.chips[..self.players]
    }

    /// Chips in each box, in [`NainJauneBox::ALL`] order.
    pub fn boxes(&self) -> [Chips; 5] {
        self.boxes
    }

    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat]
    }

    pub fn talon(&self) -> CardSet {
        self.talon
    }

    pub fn played(&self) -> CardSet {
        self.played
    }

    /// The running sequence, by rank.
    pub fn run(&self) -> CardSet {
        self.run
    }

    /// The winner once the game is over (`None` while playing, or on a tie for the most chips).
    pub fn winner(&self) -> Option<Seat> {
        self.winner
    }

    /// The seat after `seat` in the direction of play.
    #[inline]
    pub fn next_seat(&self, seat: Seat) -> Seat {
        // A table: this runs on every "X without Y" search of every playout.
        self.next[seat] as Seat
    }

    /// The chips one player puts on the board before a round.
    pub fn stake_each(&self) -> Chips {
        STAKE_PER_PLAYER * self.options.stake_multiplier
    }

    /// What a hand left at the end of a round costs its holder (docs/rules/nain-jaune.md §5.2).
    pub fn hand_points(&self, hand: CardSet) -> Chips {
        match self.options.points {
            Points::Cards => hand.len() as Chips,
            // The points in binary: one count of cards per bit (playouts settle every deal).
            Points::Pips => POINT_BITS.iter().enumerate().map(|(b, &cards)| ((hand & cards).len() as Chips) << b).sum(),
        }
    }

    #[inline(always)]
    fn log(&mut self, event: impl FnOnce() -> Event) {
        if self.logging {
            self.push_event(event());
        }
    }

    /// Out of line: playouts never log, and the push would cost every caller registers.
    #[cold]
    #[inline(never)]
    fn push_event(&mut self, event: Event) {
        self.events.push(event);
    }

    /// Public inference: ranks `seat` is known not to hold (bit r for rank index r).
    pub fn voids(&self, seat: Seat) -> u16 {
        self.voids[seat]
    }

    /// Assembles a state from its parts (used by `determinize`).
    #[allow(clippy::too_many_arguments)]
    fn from_parts(
        options: Options,
        seed: u64,
        chips: &[Chips],
        boxes: [Chips; 5],
        hands: [CardSet; MAX_PLAYERS],
        talon: CardSet,
        played: CardSet,
        run: CardSet,
        dealer: Seat,
        deals_dealt: u32,
        phase: Phase,
        to_move: Option<Seat>,
        movers: u16,
        voids: [u16; MAX_PLAYERS],
        winner: Option<Seat>,
    ) -> NainJaune {
        NainJaune {
            phase: PhaseCode::of(phase),
            next: seat_order(options.direction, chips.len()),
            options,
            seed,
            layouts: None,
            players: chips.len(),
            chips: seat_array(chips),
            boxes,
            hands,
            talon,
            played,
            run,
            dealer,
            deals_dealt,
            to_move,
            movers,
            voids,
            winner,
            events: Vec::new(),
            logging: false,
            single_deal: false,
        }
    }
}

/// A seat as an index of the per-seat arrays. Seats are below `MAX_PLAYERS`, a power of two, so
/// the mask changes nothing but lets the compiler drop the bounds checks of the hot path.
#[inline(always)]
pub(crate) fn slot(seat: Seat) -> usize {
    debug_assert!(seat < MAX_PLAYERS);
    seat & (MAX_PLAYERS - 1)
}

/// The seat after each seat for `players` seats in `direction` (entries beyond the table unused).
fn seat_order(direction: Direction, players: usize) -> [u8; MAX_PLAYERS] {
    std::array::from_fn(|seat| {
        let next = match direction {
            Direction::Clockwise if seat + 1 >= players => 0,
            Direction::Clockwise => seat + 1,
            Direction::Anticlockwise if seat == 0 => players - 1,
            Direction::Anticlockwise => seat - 1,
        };
        next as u8
    })
}

/// Points of one card left in hand: ace 1, two to ten their value, court cards 10.
pub fn card_points(rank: Rank) -> Chips {
    (rank.pips() as Chips).min(10)
}

impl Game for NainJaune {
    type Action = Action;
    type Observation = Observation;
    type Refusal = Refusal;
    type Options = Options;
    type Layout = Layout;

    const ID: GameId = GameId::NainJaune;

    fn start(start: Start<Options, Layout>) -> Result<NainJaune, SetupError> {
        let Start { players, seed, first_dealer, chips, options, layouts } = start;
        let mut game = NainJaune {
            next: seat_order(options.direction, players),
            options,
            seed,
            layouts: (!layouts.is_empty()).then(|| Arc::new(layouts)),
            players,
            chips: seat_array(&chips),
            boxes: [0; 5],
            hands: [CardSet::EMPTY; MAX_PLAYERS],
            talon: CardSet::EMPTY,
            played: CardSet::EMPTY,
            run: CardSet::EMPTY,
            dealer: first_dealer,
            deals_dealt: 0,
            phase: PhaseCode::LEAD,
            to_move: None,
            movers: 0,
            voids: [0; MAX_PLAYERS],
            winner: None,
            events: Vec::new(),
            logging: true,
            single_deal: false,
        };
        game.start_round();
        Ok(game)
    }

    crate::game_fields!();

    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    fn legal_actions_into(&self, out: &mut Vec<Action>) {
        let Some(seat) = self.to_move else { return };
        out.extend(self.playable(seat).iter().map(Action::Play));
    }

    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    fn play(&mut self, seat: Seat, action: &Action) -> Result<(), IllegalAction<Why<Refusal>>> {
        if let Some(reason) = self.refusal(seat, action) {
            return Err(IllegalAction::by_rules(action, reason));
        }
        let Action::Play(card) = *action;
        self.apply_play(seat, card);
        Ok(())
    }

    fn play_random(&mut self, rng: &mut GameRng) -> bool {
        let Some(seat) = self.to_move else { return false };
        let playable = self.playable(seat);
        self.apply_play(seat, random_card(playable, rng));
        true
    }

    /// Off, the log kept so far is dropped too: a state without logging is a playout's or a
    /// search's, and its clones then copy no event list (a heap allocation per playout).
    fn set_logging(&mut self, on: bool) {
        self.logging = on;
        if !on {
            self.events = Vec::new();
        }
    }

    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    fn redeal(&mut self, rng: &mut GameRng) {
        let leader = self.next_seat(self.dealer);
        let (hands, talon) = deal_hands(rng, self.players, leader, |s| self.next_seat(s));
        self.lay_out(hands, talon, leader);
    }
}
