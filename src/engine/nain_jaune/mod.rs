//! Nain Jaune (RULES.md §2): the rules, phase by phase.
//!
//! A round: stakes (automatic), the deal (automatic), then card plays until a hand is empty, then
//! the settlement (automatic) and the next round. The only action is `play CARD`:
//! - **lead** — the seat to move plays any card of its hand;
//! - **follow** — the seat to move holds the wanted rank and must play one copy of it.
//!
//! Everything else (who continues, "X without Y", stops, boxes, payments) follows from the plays.

pub mod board;
pub mod events;
pub mod notation;
pub mod observation;
pub mod options;
pub mod record;
pub mod refusal;

use std::sync::Arc;

use serde_json::json;

pub use board::{NainJauneBox, STAKE_PER_PLAYER};
use board::BOX_OF_CARD;
pub use events::{Event, GameEnd};
pub use notation::Action;
pub use observation::Observation;
pub use options::{Direction, Options, Points};
pub use refusal::Refusal;

use rand::Rng;

use crate::engine::cards::{Card, CardSet, Rank};
use crate::engine::game::{Chips, Game, GameId, IllegalAction, LayoutFault, Seat, Setup, SetupError, TurnRefusal, check_seats, seat_array, starting_chips};
use crate::engine::pack_deal::{self, PackDealForm};
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

/// Cards per hand and talon size for 2 to 8 players (RULES.md §2 "Deal").
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

/// Where each card of one deal goes: the hands in seat order and the talon.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub hands: Vec<CardSet>,
    pub talon: CardSet,
}

impl Layout {
    /// Reads a record's `deals[i]` entry (`{"hands": [[…], …], "talon": […]}`), checking that it
    /// is exactly the 52 cards once each.
    pub fn from_record(value: &serde_json::Value, players: usize, index: usize) -> Result<Layout, SetupError> {
        let form = PackDealForm { game: "Nain Jaune", pile: "talon", pile_optional: true, pack: CardSet::PACK_52 };
        let (hands, talon) = pack_deal::read(value, players, index, &form)?;
        if let Some(seat) = hands.iter().position(|h| h.is_empty()) {
            let why = format!("hand {seat} is empty (every seat plays every round)");
            return Err(LayoutFault { deal: index, why }.into());
        }
        Ok(Layout { hands, talon })
    }

    /// The record's form of this layout.
    pub fn to_record(&self) -> serde_json::Value {
        json!({
            "hands": self.hands.iter().map(|h| h.to_strings()).collect::<Vec<_>>(),
            "talon": self.talon.to_strings(),
        })
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
struct PhaseCode(u8);

impl PhaseCode {
    const LEAD: PhaseCode = PhaseCode(13);
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
    fn is_follow(self) -> bool {
        self.0 < 13
    }

    /// The cards of the wanted rank (none unless following).
    #[inline(always)]
    fn wanted_cards(self) -> CardSet {
        FOLLOW_CARDS[self.0 as usize & 15]
    }

    /// What follows a play of `card`: the next rank up, or a new lead after a king.
    #[inline(always)]
    fn after(card: Card) -> PhaseCode {
        PhaseCode(AFTER[card.index() & 63])
    }
}

/// The four cards of each rank by [`PhaseCode`] (none for the codes that do not follow).
const FOLLOW_CARDS: [CardSet; 16] = {
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
const RANK_INDEX: [u8; 64] = {
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

/// A Nain Jaune game in progress, every card included.
#[derive(Clone, Debug)]
pub struct NainJaune {
    options: Options,
    seed: u64,
    /// The record's explicit deals, shared (never changed) so clones stay cheap; `None` when there
    /// are none (playouts and searches: no reference count to touch).
    layouts: Option<Arc<Vec<Layout>>>,
    players: usize,
    /// The seat after each seat in the direction of play (looked up on every "X without Y").
    next: [u8; MAX_PLAYERS],
    /// Stacks in seat order (a fixed array, like the hands: clones never allocate).
    chips: [Chips; MAX_PLAYERS],
    boxes: [Chips; 5],
    /// Hands in seat order (seats beyond `players` stay empty): a fixed array keeps clones cheap.
    hands: [CardSet; MAX_PLAYERS],
    talon: CardSet,
    /// Cards played this round.
    played: CardSet,
    /// The running sequence (one card per rank, so a set ordered by rank says it all).
    run: CardSet,
    dealer: Seat,
    /// Deals dealt so far (the current deal is number `deals_dealt`, counting from 1).
    deals_dealt: u32,
    /// The [`Phase`] in one byte, read on every move: see [`PhaseCode`].
    phase: PhaseCode,
    to_move: Option<Seat>,
    /// Seats that have played a card this round (one bit each): Grand Opéra needs only one.
    movers: u16,
    /// Public inference per seat: bit r set when the seat is known to hold no card of rank r.
    voids: [u16; MAX_PLAYERS],
    winner: Option<Seat>,
    events: Vec<Event>,
    logging: bool,
    /// Playouts stop at the end of the current deal instead of dealing the next one.
    single_deal: bool,
}

impl NainJaune {
    pub fn options(&self) -> &Options {
        &self.options
    }

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

    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    /// The winner once the game is over (`None` while playing, or on a tie for the most chips).
    pub fn winner(&self) -> Option<Seat> {
        self.winner
    }

    pub fn events(&self) -> &[Event] {
        &self.events
    }

    pub fn seed(&self) -> u64 {
        self.seed
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

    /// What a hand left at the end of a round costs its holder (RULES.md §2 points).
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

    /// Stakes, deal and first lead of the next round, or the end of the game.
    fn start_round(&mut self) {
        let each = self.stake_each();
        let end = if let Some(seat) = (0..self.players()).find(|&s| self.chips[s] < each) {
            Some(GameEnd::CannotStake { seat })
        } else if self.options.rounds > 0 && self.deals_dealt >= self.options.rounds {
            Some(GameEnd::RoundsPlayed { rounds: self.deals_dealt })
        } else if self.deals_dealt >= MAX_DEALS {
            Some(GameEnd::RoundLimit { rounds: self.deals_dealt })
        } else {
            None
        };
        if let Some(end) = end {
            self.end_game(end);
            return;
        }
        if self.deals_dealt > 0 {
            self.dealer = self.next_seat(self.dealer);
        }
        self.deals_dealt += 1;
        for seat in 0..self.players() {
            self.chips[seat] -= each;
        }
        for b in NainJauneBox::ALL {
            self.boxes[b.index()] += b.stake() * self.options.stake_multiplier * self.players() as Chips;
        }
        let deal_number = self.deals_dealt;
        self.log(|| Event::Staked { deal_number, each });

        let leader = self.next_seat(self.dealer);
        let layout = match self.layouts.as_ref().and_then(|l| l.get(deal_number as usize - 1)) {
            Some(layout) => layout.clone(),
            None => self.shuffled_layout(leader),
        };
        let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
        hands[..self.players].copy_from_slice(&layout.hands);
        self.lay_out(hands, layout.talon, leader);
        let dealer = self.dealer;
        self.log(|| Event::Dealt { deal_number, dealer, leader });
    }

    /// Puts a deal's cards in place and gives the lead to `leader`.
    fn lay_out(&mut self, hands: [CardSet; MAX_PLAYERS], talon: CardSet, leader: Seat) {
        self.hands = hands;
        self.talon = talon;
        self.played = CardSet::EMPTY;
        self.run = CardSet::EMPTY;
        self.movers = 0;
        self.voids = [0; MAX_PLAYERS];
        self.phase = PhaseCode::LEAD;
        self.to_move = Some(leader);
    }

    /// Shuffles the 52 cards from this deal's stream of the seed and deals them one at a time from
    /// the leader round the table, the rest to the talon.
    fn shuffled_layout(&self, leader: Seat) -> Layout {
        // Keep the order of draws identical to `deal_from`: records rely on it.
        let mut rng = deal_rng(self.seed, u64::from(self.deals_dealt - 1));
        deal_from(&mut rng, self.players(), leader, |s| self.next_seat(s))
    }

    fn end_game(&mut self, end: GameEnd) {
        let best = *self.chips().iter().max().expect("at least two players");
        let leaders: Vec<Seat> = (0..self.players()).filter(|&s| self.chips[s] == best).collect();
        self.winner = (leaders.len() == 1).then(|| leaders[0]);
        self.phase = PhaseCode::GAME_OVER;
        self.to_move = None;
        let (winner, chips) = (self.winner, self.chips().to_vec());
        self.log(|| Event::GameOver { end, winner, chips });
    }

    /// Settlement (RULES.md §2): board-card penalties into the boxes, then the Grand Opéra sweep,
    /// then the points; losers one after the other from the winner's next seat.
    fn settle_round(&mut self, winner: Seat) {
        let grand_opera = self.movers == 1 << winner;
        let mut losers = [0; MAX_PLAYERS - 1];
        let mut count = 0;
        let mut next = self.next_seat(winner);
        while next != winner {
            losers[count] = next;
            count += 1;
            next = self.next_seat(next);
        }
        let losers = &losers[..count];
        for &seat in losers {
            if !self.hands[seat].intersects(BOARD_CARDS) {
                continue;
            }
            for b in NainJauneBox::ALL {
                let card = b.card();
                if self.hands[seat].contains(card) {
                    let owed = self.boxes[b.index()];
                    let chips = owed.min(self.chips[seat]);
                    self.chips[seat] -= chips;
                    self.boxes[b.index()] += chips;
                    self.log(|| Event::Penalty { seat, card, chips, owed });
                }
            }
        }
        if grand_opera {
            let chips: Chips = self.boxes.iter().sum();
            self.boxes = [0; 5];
            self.chips[winner] += chips;
            self.log(|| Event::GrandOpera { seat: winner, chips });
        }
        for &seat in losers {
            let hand = self.hands[seat];
            let owed = self.hand_points(hand);
            let chips = owed.min(self.chips[seat]);
            self.chips[seat] -= chips;
            self.chips[winner] += chips;
            self.log(|| Event::Paid { from: seat, to: winner, chips, owed, cards: hand.iter().collect() });
        }
        let deal_number = self.deals_dealt;
        self.log(|| Event::RoundWon { seat: winner, deal_number, grand_opera });
    }

    /// After `seat` played `card`: who continues, and with what. `seat` is the seat to move (it
    /// just played). Events only with `LOG` (the caller checked `logging`).
    #[inline(always)]
    fn continue_after<const LOG: bool>(&mut self, seat: Seat, card: Card) {
        let follow = PhaseCode::after(card);
        if follow == PhaseCode::LEAD {
            self.phase = PhaseCode::LEAD;
            if LOG {
                self.push_event(Event::Stop { seat, played: card.rank_unchecked(), missing: None });
            }
            return;
        }
        let wanted_cards = follow.wanted_cards();
        if self.hands[slot(seat)].intersects(wanted_cards) {
            self.phase = follow;
            return;
        }
        let bit = 1u16 << follow.0;
        self.voids[slot(seat)] |= bit;
        let mut next = self.next_seat(seat);
        while next != seat {
            if self.hands[slot(next)].intersects(wanted_cards) {
                self.phase = follow;
                self.to_move = Some(next);
                if LOG {
                    let (played, missing) = (card.rank_unchecked(), Rank::from_index(follow.0 as usize));
                    self.push_event(Event::Without { seat, played, missing, next });
                }
                return;
            }
            self.voids[slot(next)] |= bit;
            next = self.next_seat(next);
        }
        self.phase = PhaseCode::LEAD;
        if LOG {
            let (played, missing) = (card.rank_unchecked(), Rank::from_index(follow.0 as usize));
            self.push_event(Event::Stop { seat, played, missing: Some(missing) });
        }
    }

    /// The cards `seat` may play now (empty unless it is the seat to move).
    pub fn playable(&self, seat: Seat) -> CardSet {
        if self.to_move != Some(seat) {
            return CardSet::EMPTY;
        }
        match self.phase() {
            Phase::Lead => self.hands[seat],
            Phase::Follow(rank) => self.hands[seat] & CardSet::of_rank(rank),
            Phase::GameOver => CardSet::EMPTY,
        }
    }

    /// Plays a card already known to be legal for the seat to move, `seat`: the whole consequence
    /// of one play. Inlined into every caller (playouts run it tens of millions of times a
    /// second), with a single test of `logging`; the logged version and the rare parts (a box won,
    /// the end of the round) are out of line.
    #[inline(always)]
    fn apply_play(&mut self, seat: Seat, card: Card) {
        debug_assert_eq!(self.to_move, Some(seat));
        if self.logging {
            self.apply_play_logged(seat, card);
        } else {
            self.apply_play_as::<false>(seat, card);
        }
    }

    #[inline(never)]
    fn apply_play_logged(&mut self, seat: Seat, card: Card) {
        self.apply_play_as::<true>(seat, card);
    }

    #[inline(always)]
    fn apply_play_as<const LOG: bool>(&mut self, seat: Seat, card: Card) {
        let bit = CardSet(1 << card.index());
        if self.phase == PhaseCode::LEAD {
            self.run = CardSet::EMPTY;
        }
        let hand = self.hands[slot(seat)] - bit;
        self.hands[slot(seat)] = hand;
        self.played |= bit;
        self.run |= bit;
        self.movers |= 1 << seat;
        if LOG {
            self.push_event(Event::Played { seat, card });
        }
        if BOARD_CARDS.intersects(bit) {
            self.take_box::<LOG>(seat, card);
        }
        if hand.is_empty() {
            self.end_round(seat);
        } else {
            self.continue_after::<LOG>(seat, card);
        }
    }

    /// A board card was played: its box goes to `seat`.
    #[inline(always)]
    fn take_box<const LOG: bool>(&mut self, seat: Seat, card: Card) {
        let Some(b) = NainJauneBox::of_card(card) else { return };
        let chips = std::mem::take(&mut self.boxes[b.index()]);
        self.chips[slot(seat)] += chips;
        if LOG {
            self.push_event(Event::BoxWon { seat, board_box: b, chips });
        }
    }

    /// `seat` has emptied its hand: the settlement, then the next round (or, in a playout, the end).
    #[cold]
    #[inline(never)]
    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    fn end_round(&mut self, seat: Seat) {
        self.settle_round(seat);
        if self.single_deal {
            self.phase = PhaseCode::GAME_OVER;
            self.to_move = None;
        } else {
            self.start_round();
        }
    }

    /// One move of the searches' playout policy: a leader plays a uniformly random card of his
    /// hand, drawing from `rng` exactly as [`Game::play_random`] does; a follower plays the board
    /// card of the wanted rank if he holds it (any player would: the box is won at once and a
    /// penalty avoided), otherwise his first copy of that rank: suits play no part apart from the
    /// board cards, so any copy leads to the same deal. False when nobody is to move.
    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    pub fn play_playout_move(&mut self, rng: &mut GameRng) -> bool {
        let Some(seat) = self.to_move else { return false };
        let hand = self.hands[slot(seat)];
        let phase = self.phase;
        let card = if phase == PhaseCode::LEAD {
            random_card(hand, rng)
        } else if phase.is_follow() {
            follower_card(hand & phase.wanted_cards())
        } else {
            return false;
        };
        self.apply_play(seat, card);
        true
    }

    /// Plays by the playout policy until nobody is to move (the end of the deal with
    /// `single_deal`, else of the game); returns the number of moves. The same moves, draws and
    /// final state as repeating [`NainJaune::play_playout_move`], which it falls back on while
    /// logging.
    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    pub fn play_out(&mut self, rng: &mut GameRng) -> u64 {
        let mut moves = 0;
        while !self.logging && self.to_move.is_some() {
            moves += self.play_out_deal(rng);
        }
        while self.play_playout_move(rng) {
            moves += 1;
        }
        moves
    }

    /// The rest of the current deal by the playout policy, then its settlement. The searches
    /// spend most of their time here, so the deal is played on local copies, and without a
    /// branch that the random deal decides wherever it can be avoided (each costs a
    /// misprediction now and then): for each rank, one bit per position (in the order of play)
    /// holding it, so the follower is the lowest bit of that mask rotated to start at the mover;
    /// the "X without Y" voids kept by rank in the same way; and every card takes its box, the
    /// cards that have none from a slot that stays empty.
    #[inline(never)]
    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    fn play_out_deal(&mut self, rng: &mut GameRng) -> u64 {
        let n = self.players;
        let Some(first) = self.to_move else { return 0 };
        // Positions 0..n in the direction of play, from seat 0.
        let mut seat_at = [0usize; MAX_PLAYERS];
        let mut p = 0;
        let mut seat = 0;
        for (k, at) in seat_at[..n].iter_mut().enumerate() {
            *at = seat;
            if seat == first {
                p = k;
            }
            seat = self.next_seat(seat);
        }
        // Rank by position, as bit matrices (a byte per position), turned into position by rank.
        let mut hands = [0u64; MAX_PLAYERS];
        let (mut low_ranks, mut high_ranks) = (0u64, 0u64);
        for k in 0..n {
            let hand = self.hands[slot(seat_at[k])].0;
            hands[k] = hand;
            let ranks = hand | hand >> 13 | hand >> 26 | hand >> 39;
            low_ranks |= (ranks & 0xFF) << (8 * k);
            high_ranks |= ((ranks >> 8) & 0x1F) << (8 * k);
        }
        let mut holders = [0u8; 16];
        holders[..8].copy_from_slice(&transpose_bytes(low_ranks).to_le_bytes());
        holders[8..].copy_from_slice(&transpose_bytes(high_ranks).to_le_bytes());
        // The voids found in this playout, by rank.
        let mut voids = [0u8; 16];
        let (mut played, mut run, mut movers) = (self.played.0, self.run.0, self.movers);
        // Chips won from the boxes, by position; the boxes, and empty slots for the other cards.
        let mut chips = [0 as Chips; MAX_PLAYERS];
        let mut boxes = [0 as Chips; 8];
        boxes[..5].copy_from_slice(&self.boxes);
        let everyone = (1u32 << n) - 1;
        let mut phase = self.phase;
        let mut moves = 0;
        let mut card = if phase == PhaseCode::LEAD {
            random_card(CardSet(hands[p]), rng)
        } else {
            follower_card(CardSet(hands[p]) & phase.wanted_cards())
        };
        loop {
            let index = card.index() & 63;
            let bit = 1u64 << index;
            if phase == PhaseCode::LEAD {
                run = 0;
            }
            let hand = hands[slot(p)] & !bit;
            hands[slot(p)] = hand;
            played |= bit;
            run |= bit;
            movers |= 1 << seat_at[slot(p)];
            moves += 1;
            // The mover keeps its bit for this rank while it holds another copy.
            let rank = RANK_INDEX[index] as usize;
            holders[rank & 15] &= !(u8::from(hand & FOLLOW_CARDS[rank & 15].0 == 0) << p);
            let board_box = BOX_OF_CARD[index] as usize & 7;
            chips[slot(p)] += std::mem::take(&mut boxes[board_box]);
            if hand == 0 {
                break;
            }
            let follow = PhaseCode::after(card);
            if follow != PhaseCode::LEAD {
                let wanted = follow.0 as usize & 15;
                // The holders from the mover on, in the order of play.
                let holding = u32::from(holders[wanted]);
                let from_mover = ((holding >> p) | (holding << (n - p))) & everyone;
                // Those passed over (the mover first, if he cannot go on) are void in that rank.
                let passed = if from_mover == 0 { everyone } else { (1u32 << from_mover.trailing_zeros()) - 1 };
                voids[wanted] |= (((passed << p) | (passed >> (n - p))) & everyone) as u8;
                if from_mover != 0 {
                    p += from_mover.trailing_zeros() as usize;
                    if p >= n {
                        p -= n;
                    }
                    phase = follow;
                    card = follower_card(CardSet(hands[slot(p)]) & follow.wanted_cards());
                    continue;
                }
            }
            // After a king, or when nobody holds the next rank, the mover leads again.
            phase = PhaseCode::LEAD;
            card = random_card(CardSet(hands[slot(p)]), rng);
        }
        let low_voids = transpose_bytes(u64::from_le_bytes(voids[..8].try_into().expect("8 bytes"))).to_le_bytes();
        let high_voids = transpose_bytes(u64::from_le_bytes(voids[8..].try_into().expect("8 bytes"))).to_le_bytes();
        self.boxes.copy_from_slice(&boxes[..5]);
        for k in 0..n {
            self.chips[slot(seat_at[k])] += chips[k];
            self.hands[slot(seat_at[k])] = CardSet(hands[k]);
            self.voids[slot(seat_at[k])] |= u16::from(low_voids[k]) | u16::from(high_voids[k]) << 8;
        }
        (self.played, self.run, self.movers) = (CardSet(played), CardSet(run), movers);
        self.phase = phase;
        let winner = seat_at[slot(p)];
        self.to_move = Some(winner);
        self.end_round(winner);
        moves
    }

    /// Why `action` cannot be played by `seat` now, if it cannot.
    pub fn refusal(&self, seat: Seat, action: &Action) -> Option<Refusal> {
        let Action::Play(card) = *action;
        if let Err(turn) = TurnRefusal::check(self.to_move, seat) {
            return Some(Refusal::Turn(turn));
        }
        if !self.hands[seat].contains(card) {
            return Some(Refusal::Turn(TurnRefusal::NotHeld { seat, card }));
        }
        if let Phase::Follow(wanted) = self.phase() {
            if card.rank() != Some(wanted) {
                return Some(Refusal::MustFollow { seat, wanted });
            }
        }
        None
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

/// Transposes an 8 × 8 bit matrix held a row per byte: bit j of byte i becomes bit i of byte j
/// (Hacker's Delight, 7–3).
#[inline(always)]
fn transpose_bytes(mut x: u64) -> u64 {
    x = (x & 0xAA55_AA55_AA55_AA55) | ((x & 0x00AA_00AA_00AA_00AA) << 7) | ((x >> 7) & 0x00AA_00AA_00AA_00AA);
    x = (x & 0xCCCC_3333_CCCC_3333) | ((x & 0x0000_CCCC_0000_CCCC) << 14) | ((x >> 14) & 0x0000_CCCC_0000_CCCC);
    (x & 0xF0F0_F0F0_0F0F_0F0F) | ((x & 0x0000_0000_F0F0_F0F0) << 28) | ((x >> 28) & 0x0000_0000_F0F0_F0F0)
}

/// The copy a follower plays in a playout: the board card if it is among `playable`, else the
/// first.
#[inline(always)]
fn follower_card(playable: CardSet) -> Card {
    let board = playable & BOARD_CARDS;
    let pick = if board.is_empty() { playable } else { board };
    Card::from_index_const(pick.0.trailing_zeros() as usize)
}

/// A uniformly random card of `cards` (not empty): forced moves (a single card) draw no random
/// number. The draws of every random move, playouts and random players alike.
#[inline(always)]
fn random_card(cards: CardSet, rng: &mut GameRng) -> Card {
    let count = cards.len() as u32;
    let k = if count == 1 { 0 } else { below(rng, count) };
    let mut bits = cards.0;
    for _ in 0..k {
        bits &= bits - 1;
    }
    Card::from_index_const(bits.trailing_zeros() as usize)
}

/// A seat as an index of the per-seat arrays. Seats are below `MAX_PLAYERS`, a power of two, so
/// the mask changes nothing but lets the compiler drop the bounds checks of the hot path.
#[inline(always)]
fn slot(seat: Seat) -> usize {
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

/// Deals a shuffled pack: one card at a time from `first` onwards (`next` gives the order), the
/// hand sizes of [`deal_sizes`], the remainder to the talon.
pub fn deal_from<R: Rng>(rng: &mut R, players: usize, first: Seat, next: impl Fn(Seat) -> Seat) -> Layout {
    let (hands, talon) = deal_hands(rng, players, first, next);
    Layout { hands: hands[..players].to_vec(), talon }
}

/// [`deal_from`] without allocating (playouts deal millions of times).
///
/// The same draws and the same deal as shuffling the pack with `rng::shuffle` and then dealing it
/// from the top, in one pass: Fisher–Yates fixes the pack from its last position down, so each
/// card is dealt as soon as its position is final. Positions beyond the hands are the talon, and
/// position `p` of the hands goes to the `p % players`-th seat from `first`.
fn deal_hands<R: Rng>(
    rng: &mut R,
    players: usize,
    first: Seat,
    next: impl Fn(Seat) -> Seat,
) -> ([CardSet; MAX_PLAYERS], CardSet) {
    let (per_hand, _) = deal_sizes(players);
    let dealt = per_hand * players;
    // 64 entries and masked indices: no bounds checks (positions are below 52). Position `i` is
    // never read again once fixed, so it is not written.
    let mut pack: [u8; 64] = std::array::from_fn(|i| i as u8);
    let mut talon = 0u64;
    let mut i = 51;
    while i >= dealt {
        let j = below(rng, i as u32 + 1) as usize & 63;
        let card = pack[j];
        pack[j] = pack[i & 63];
        talon |= 1 << card;
        i -= 1;
    }
    // Hands in deal order (the first seat's first): position i goes to the (i % players)-th,
    // counted down without dividing.
    let mut hands_dealt = [0u64; MAX_PLAYERS];
    let mut hand = players - 1;
    while i >= 1 {
        let j = below(rng, i as u32 + 1) as usize & 63;
        let card = pack[j];
        pack[j] = pack[i & 63];
        hands_dealt[slot(hand)] |= 1 << card;
        hand = if hand == 0 { players - 1 } else { hand - 1 };
        i -= 1;
    }
    hands_dealt[0] |= 1 << pack[0];
    let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
    let mut seat = first;
    for &cards in &hands_dealt[..players] {
        hands[slot(seat)] = CardSet(cards);
        seat = next(seat);
    }
    (hands, CardSet(talon))
}

impl Game for NainJaune {
    type Action = Action;
    type Observation = Observation;

    const ID: GameId = GameId::NainJaune;

    fn new(setup: &Setup) -> Result<NainJaune, SetupError> {
        let players = setup.players;
        check_seats(setup, GameId::NainJaune)?;
        let options = Options::from_record(&setup.options)?;
        let chips = seat_array(&starting_chips(setup)?);
        let layouts = setup
            .deals
            .iter()
            .enumerate()
            .map(|(i, d)| Layout::from_record(d, players, i))
            .collect::<Result<Vec<_>, _>>()?;
        let mut game = NainJaune {
            next: seat_order(options.direction, players),
            options,
            seed: setup.seed,
            layouts: (!layouts.is_empty()).then(|| Arc::new(layouts)),
            players,
            chips,
            boxes: [0; 5],
            hands: [CardSet::EMPTY; MAX_PLAYERS],
            talon: CardSet::EMPTY,
            played: CardSet::EMPTY,
            run: CardSet::EMPTY,
            dealer: setup.first_dealer,
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

    fn players(&self) -> usize {
        self.players
    }

    fn to_move(&self) -> Option<Seat> {
        self.to_move
    }

    fn deal_number(&self) -> u32 {
        self.deals_dealt
    }

    fn winner_seat(&self) -> Option<Seat> {
        self.winner
    }

    fn chip_counts(&self) -> &[Chips] {
        self.chips()
    }

    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    fn legal_actions_into(&self, out: &mut Vec<Action>) {
        let Some(seat) = self.to_move else { return };
        out.extend(self.playable(seat).iter().map(Action::Play));
    }

    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    fn play(&mut self, seat: Seat, action: &Action) -> Result<(), IllegalAction> {
        if let Some(reason) = self.refusal(seat, action) {
            return Err(IllegalAction::refused(action, reason));
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

    fn observe(&self, seat: Seat) -> Observation {
        Observation::of(self, seat)
    }

    fn determinize(observation: &Observation, rng: &mut GameRng) -> NainJaune {
        observation.determinize(rng)
    }

    /// Off, the log kept so far is dropped too: a state without logging is a playout's or a
    /// search's, and its clones then copy no event list (a heap allocation per playout).
    fn set_logging(&mut self, on: bool) {
        self.logging = on;
        if !on {
            self.events = Vec::new();
        }
    }

    fn set_single_deal(&mut self, on: bool) {
        self.single_deal = on;
    }

    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    fn redeal(&mut self, rng: &mut GameRng) {
        let leader = self.next_seat(self.dealer);
        let (hands, talon) = deal_hands(rng, self.players, leader, |s| self.next_seat(s));
        self.lay_out(hands, talon, leader);
    }
}
