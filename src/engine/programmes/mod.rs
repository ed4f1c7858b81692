//! Programmes (RULES.md §3): contract rummy with secret program cards, phase by phase.
//!
//! A round: program cards to the players who need one (automatic; suns count at once), 13 cards
//! each (automatic), then turns from the dealer's left. A turn is two phases:
//! - **draw** — `draw stock` or `draw discard` (with one card in hand: the stock only); before the
//!   first draw of a round, with the `exchange_after` option, `exchange program`;
//! - **play** — before revealing: `reveal …` (the whole program at once) or `discard CARD`; after
//!   revealing (this turn or an earlier one): `meld …` (a new set), `extend N CARD`, or
//!   `discard CARD`. A card taken from the discard pile may not be discarded in the same turn.
//!
//! The round ends when a player has no card left or when every player has revealed; the game ends
//! as soon as a player has completed `target` programs. Programmes has no chips: the stacks stay as
//! they started (`start_chips`), and the score is `programs_done`.

pub mod events;
pub mod layout;
pub mod melds;
pub mod notation;
pub mod observation;
pub mod options;
pub mod record;
pub mod refusal;
pub mod program_deck;
pub mod reveal;

use std::sync::Arc;

use serde_json::json;

pub use events::{Event, GameEnd, RoundEnd};
pub use layout::Layout;
pub use melds::{combination_shape, is_wild, End, Lasting, Meld, Placed, Shape, ShapeError};
pub use refusal::Refusal;
pub use notation::Action;
pub use observation::Observation;
pub use options::Options;
pub use program_deck::{deck, CombinationKind, Directive, ProgramCard, ProgramId};
pub use reveal::{canonical_reveals, check_reveal, find_reveal, Combinations};

use rand::Rng;

use crate::engine::card_multiset::{CardMultiset, PACK_108_CARDS};
use crate::engine::cards::{Card, CardSet, Rank, Suit};
use crate::engine::game::{check_seats, starting_chips, Chips, Game, GameId, IllegalAction, Seat, Setup, SetupError, TurnRefusal};
use crate::engine::rng::{deal_rng, shuffle, GameRng};

pub const MIN_PLAYERS: usize = 2;
/// Seven players is the rules' option; the engine accepts 2 to 7.
pub const MAX_PLAYERS: usize = 7;
/// Cards dealt to each player.
pub const HAND_SIZE: usize = 13;
/// Safety limit: a round ends after this many turns per player (far beyond a real round: the
/// stock would have gone round several times), so no round can last forever.
pub const TURNS_PER_PLAYER: u32 = 100;
/// Safety limit on the number of rounds in a game.
pub const MAX_DEALS: u32 = 200;

/// Random streams of the seed (deal *n* uses stream *n*; see `engine::rng`).
const STOCK_STREAM: u64 = 1 << 40;
const PROGRAM_STREAM: u64 = 1 << 48;
const FIRST_DEALER_STREAM: u64 = 1 << 56;

/// What kind of decision the seat to move faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Take a card (or, first, exchange the program card).
    Draw,
    /// Reveal, meld, extend, then discard.
    Play,
    /// Playouts only (`set_single_deal`): the round is over and nothing follows.
    RoundOver,
    GameOver,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::Draw => "draw",
            Phase::Play => "play",
            Phase::RoundOver => "round_over",
            Phase::GameOver => "game_over",
        }
    }
}

/// RULES.md §3 "Setup": cards are dealt face up, one at a time from seat 0 round the table, until
/// someone receives a spade; that seat deals first. Returns the seat and the cards turned. Used by
/// `referee play` and the app when a record gives no `first_dealer` of its own.
pub fn draw_first_dealer(seed: u64, players: usize) -> (Seat, Vec<Card>) {
    let mut pack = PACK_108_CARDS;
    shuffle(&mut pack, &mut deal_rng(seed, FIRST_DEALER_STREAM));
    let mut turned = Vec::new();
    for (i, &card) in pack.iter().enumerate() {
        turned.push(card);
        if card.suit() == Some(Suit::Spades) {
            return (i % players, turned);
        }
    }
    unreachable!("the pack holds spades")
}

/// A Programmes game in progress, every card included.
#[derive(Clone, Debug)]
pub struct Programmes {
    options: Options,
    seed: u64,
    /// The record's explicit deals, shared (never changed) so clones stay cheap.
    layouts: Arc<Vec<Layout>>,
    players: usize,
    /// Untouched: Programmes has no chips.
    chips: [Chips; MAX_PLAYERS],
    hands: [CardMultiset; MAX_PLAYERS],
    /// The stock, top card last.
    stock: Vec<Card>,
    /// The discard pile, top card last.
    discard: Vec<Card>,
    melds: Vec<Meld>,
    /// The natural cards that extend some meld (kept up to date: bots ask it every turn).
    extenders: CardSet,
    /// Each seat's program card (face down until revealed).
    programs: [Option<ProgramId>; MAX_PLAYERS],
    /// The program deck, top card last.
    program_deck: Vec<ProgramId>,
    /// Completed program cards (suns included), face up, in the order completed; shuffled into a
    /// new program deck if the deck runs out.
    program_pile: Vec<ProgramId>,
    /// Every completion, in order: (seat, card).
    completions: Vec<(Seat, ProgramId)>,
    done: [u32; MAX_PLAYERS],
    /// Seats that revealed this round (bit per seat).
    revealed: u8,
    /// Seats that have drawn at least once this round.
    has_drawn: u8,
    failed_rounds: [u32; MAX_PLAYERS],
    dealer: Seat,
    deals_dealt: u32,
    phase: Phase,
    to_move: Option<Seat>,
    /// The card the seat to move took from the discard pile this turn.
    taken_from_discard: Option<Card>,
    /// Turns completed this round.
    turns: u32,
    stock_rebuilds: u32,
    program_rebuilds: u32,
    /// Public knowledge: cards each seat took from the discard pile and has not laid or
    /// discarded since.
    known: [CardMultiset; MAX_PLAYERS],
    /// Public knowledge: discard tops each seat could have taken this round and left.
    refused: [CardSet; MAX_PLAYERS],
    last_round_end: Option<RoundEnd>,
    winner: Option<Seat>,
    events: Vec<Event>,
    logging: bool,
    single_deal: bool,
}

/// What `check` found out about an action, so `apply` need not find it again.
#[derive(Clone)]
enum Checked {
    Simple,
    Reveal(Vec<(Shape, usize)>),
    Meld(Shape),
    Extend(End),
}

impl Programmes {
    pub fn options(&self) -> &Options {
        &self.options
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn chips(&self) -> &[Chips] {
        &self.chips[..self.players]
    }

    pub fn hand(&self, seat: Seat) -> CardMultiset {
        self.hands[seat]
    }

    /// The stock, top card first.
    pub fn stock(&self) -> Vec<Card> {
        self.stock.iter().rev().copied().collect()
    }

    pub fn stock_size(&self) -> usize {
        self.stock.len()
    }

    /// The discard pile, top card first.
    pub fn discard(&self) -> Vec<Card> {
        self.discard.iter().rev().copied().collect()
    }

    pub fn discard_top(&self) -> Option<Card> {
        self.discard.last().copied()
    }

    pub fn discard_size(&self) -> usize {
        self.discard.len()
    }

    /// The melds on the table; a meld's number is its index here.
    pub fn melds(&self) -> &[Meld] {
        &self.melds
    }

    /// The natural cards that would extend at least one meld on the table.
    pub fn extenders(&self) -> CardSet {
        self.extenders
    }

    /// The seat's program card (secret until revealed; `None` only if the deck ran dry).
    pub fn program(&self, seat: Seat) -> Option<ProgramId> {
        self.programs[seat]
    }

    /// The program deck, top card first.
    pub fn program_deck(&self) -> Vec<ProgramId> {
        self.program_deck.iter().rev().copied().collect()
    }

    pub fn programs_done(&self, seat: Seat) -> u32 {
        self.done[seat]
    }

    /// The program cards this seat completed (suns included), in order.
    pub fn completed(&self, seat: Seat) -> Vec<ProgramId> {
        self.completions.iter().filter(|(s, _)| *s == seat).map(|(_, p)| *p).collect()
    }

    pub fn has_revealed(&self, seat: Seat) -> bool {
        self.revealed & (1 << seat) != 0
    }

    /// Consecutive rounds this seat finished without completing its program.
    pub fn failed_rounds(&self, seat: Seat) -> u32 {
        self.failed_rounds[seat]
    }

    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    pub fn winner(&self) -> Option<Seat> {
        self.winner
    }

    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The card the seat to move took from the discard pile this turn (it may not discard it).
    pub fn taken_from_discard(&self) -> Option<Card> {
        self.taken_from_discard
    }

    /// Turns completed in this round.
    pub fn turns(&self) -> u32 {
        self.turns
    }

    /// Cards this seat is publicly known to hold (taken from the discard pile, not played since).
    pub fn known(&self, seat: Seat) -> CardMultiset {
        self.known[seat]
    }

    /// Discard tops this seat left for the stock this round.
    pub fn refused(&self, seat: Seat) -> CardSet {
        self.refused[seat]
    }

    /// How the last finished round ended.
    pub fn last_round_end(&self) -> Option<RoundEnd> {
        self.last_round_end
    }

    /// The seat after `seat` (clockwise: to its left).
    #[inline]
    pub fn next_seat(&self, seat: Seat) -> Seat {
        if seat + 1 == self.players {
            0
        } else {
            seat + 1
        }
    }

    fn all_seats(&self) -> u8 {
        ((1u16 << self.players) - 1) as u8
    }

    /// The reveals `seat` could make from its hand now (the canonical list: see `reveal`), in
    /// the legal list's order. Empty once revealed, or without a program.
    pub fn reveal_options(&self, seat: Seat) -> Vec<Combinations> {
        match self.programs[seat] {
            Some(p) if !self.has_revealed(seat) => canonical_reveals(self.hands[seat], p.card(), reveal::MAX_LISTED_REVEALS),
            _ => Vec::new(),
        }
    }

    /// For measurements (`ai::program_difficulty`) and tests: replaces the seats' program cards
    /// for the current round (none may be a sun); the replaced cards go back into the program
    /// deck. Never used in a recorded game.
    pub fn set_programs_for_study(&mut self, programs: &[ProgramId]) {
        assert_eq!(programs.len(), self.players, "one program per seat");
        for (seat, &p) in programs.iter().enumerate() {
            assert!(!p.is_sun(), "a sun is not a program to play");
            if let Some(old) = self.programs[seat].take() {
                self.program_deck.push(old);
            }
            self.program_deck.retain(|&q| q != p);
            self.programs[seat] = Some(p);
        }
    }

    /// Whether the seat to move may exchange its program card now.
    pub fn can_exchange(&self, seat: Seat) -> bool {
        self.options.exchange_after > 0
            && self.to_move == Some(seat)
            && self.phase == Phase::Draw
            && self.has_drawn & (1 << seat) == 0
            && !self.has_revealed(seat)
            && self.programs[seat].is_some()
            && self.failed_rounds[seat] >= self.options.exchange_after
    }

    fn log(&mut self, event: impl FnOnce() -> Event) {
        if self.logging {
            self.events.push(event());
        }
    }

    // -----------------------------------------------------------------------------------------
    // Rounds
    // -----------------------------------------------------------------------------------------

    /// The next program card, rebuilding the deck from the completed cards if it is empty.
    fn draw_program(&mut self) -> Option<ProgramId> {
        if self.program_deck.is_empty() && !self.program_pile.is_empty() {
            let mut cards = std::mem::take(&mut self.program_pile);
            self.program_rebuilds += 1;
            shuffle(&mut cards, &mut deal_rng(self.seed, PROGRAM_STREAM + u64::from(self.program_rebuilds)));
            let n = cards.len();
            self.program_deck = cards;
            self.log(|| Event::ProgramDeckRebuilt { cards: n });
        }
        self.program_deck.pop()
    }

    /// Gives `seat` the program card `first` (or the top of the deck), then another for every sun.
    /// Returns false if a sun ended the game.
    fn give_program(&mut self, seat: Seat, first: Option<ProgramId>) -> bool {
        let mut next = first.or_else(|| self.draw_program());
        while let Some(card) = next {
            if !card.is_sun() {
                self.programs[seat] = Some(card);
                return true;
            }
            self.complete(seat, card);
            self.program_pile.push(card);
            let programs_done = self.done[seat];
            self.log(|| Event::Sun { seat, program: card, programs_done });
            if self.done[seat] >= self.options.target {
                self.end_game(GameEnd::Target { seat });
                return false;
            }
            next = self.draw_program();
        }
        self.programs[seat] = None;
        true
    }

    /// Clears the way for a layout that gives `seat` the program card `card`: the card `seat`
    /// holds goes under the deck (a new card starts its count of failed rounds again), and
    /// `card` is taken from wherever it is (the deck, the completed pile, another seat, whose
    /// own given card comes later in the same deal).
    fn displace_program(&mut self, seat: Seat, card: ProgramId) {
        if let Some(old) = self.programs[seat].take() {
            self.program_deck.insert(0, old);
        }
        self.failed_rounds[seat] = 0;
        self.program_deck.retain(|&q| q != card);
        self.program_pile.retain(|&q| q != card);
        for held in &mut self.programs[..self.players] {
            if *held == Some(card) {
                *held = None;
            }
        }
    }

    /// Counts a completed program (a revealed card joins the face-up pile at the end of the
    /// round, a sun at once).
    fn complete(&mut self, seat: Seat, card: ProgramId) {
        self.done[seat] += 1;
        self.completions.push((seat, card));
    }

    /// Program cards, then the deal, then the first turn of the next round (or the end of the
    /// game).
    fn start_round(&mut self) {
        if self.deals_dealt >= MAX_DEALS {
            self.end_game(GameEnd::RoundLimit { rounds: self.deals_dealt });
            return;
        }
        if self.deals_dealt > 0 {
            self.dealer = self.next_seat(self.dealer);
        }
        self.deals_dealt += 1;
        self.gather();
        let first = self.next_seat(self.dealer);
        let deal_number = self.deals_dealt;
        let layout = self.layouts.get(deal_number as usize - 1).cloned();
        // A layout's program cards are that deal's, whatever the rounds before left: a whole
        // deck given takes every card back first.
        if let Some(deck) = layout.as_ref().and_then(|l| l.program_deck.as_ref()) {
            self.programs = [None; MAX_PLAYERS];
            self.program_pile.clear();
            self.program_deck = deck.iter().rev().copied().collect();
        }
        let given = layout.as_ref().and_then(|l| l.programs.clone());
        let mut new_programs = Vec::new();
        let mut seat = first;
        for _ in 0..self.players {
            let card = given.as_ref().map(|g| g[seat]);
            if let Some(given) = card.filter(|&c| self.programs[seat] != Some(c)) {
                self.displace_program(seat, given);
            }
            if self.programs[seat].is_none() {
                new_programs.push(seat);
                if !self.give_program(seat, card) {
                    return;
                }
            }
            seat = self.next_seat(seat);
        }
        match layout {
            Some(layout) => self.lay_out(&layout),
            None => {
                let mut rng = deal_rng(self.seed, u64::from(deal_number - 1));
                self.deal_shuffled(&mut rng);
            }
        }
        let (dealer, discard) = (self.dealer, self.discard_top());
        self.log(|| Event::Dealt { deal_number, dealer, first, discard, new_programs });
        self.begin_turn(first);
    }

    /// Every card back in the stock (before a deal), and the round's public facts forgotten.
    fn gather(&mut self) {
        self.hands = [CardMultiset::EMPTY; MAX_PLAYERS];
        self.melds.clear();
        self.extenders = CardSet::EMPTY;
        self.discard.clear();
        self.stock.clear();
        self.stock.extend_from_slice(&PACK_108_CARDS);
        self.revealed = 0;
        self.has_drawn = 0;
        self.turns = 0;
        self.stock_rebuilds = 0;
        self.taken_from_discard = None;
        self.known = [CardMultiset::EMPTY; MAX_PLAYERS];
        self.refused = [CardSet::EMPTY; MAX_PLAYERS];
    }

    /// Shuffles the 108 cards and deals 13 each, one at a time from the dealer's left; the next
    /// card starts the discard pile and the rest is the stock.
    fn deal_shuffled<R: Rng>(&mut self, rng: &mut R) {
        let mut pack = PACK_108_CARDS;
        shuffle(&mut pack, rng);
        let mut cards = pack.into_iter();
        self.hands = [CardMultiset::EMPTY; MAX_PLAYERS];
        let first = self.next_seat(self.dealer);
        for _ in 0..HAND_SIZE {
            let mut seat = first;
            for _ in 0..self.players {
                self.hands[seat].insert(cards.next().expect("108 cards are enough"));
                seat = self.next_seat(seat);
            }
        }
        self.discard.clear();
        self.discard.push(cards.next().expect("cards are left for the discard pile"));
        self.stock.clear();
        self.stock.extend(cards.rev());
    }

    /// Puts a record's explicit layout in place.
    fn lay_out(&mut self, layout: &Layout) {
        self.hands = [CardMultiset::EMPTY; MAX_PLAYERS];
        self.hands[..self.players].copy_from_slice(&layout.hands);
        let mut stock: Vec<Card> = layout.stock.clone();
        let discard: Vec<Card> = match &layout.discard {
            Some(d) => d.clone(),
            None => vec![stock.remove(0)],
        };
        self.stock = stock.into_iter().rev().collect();
        self.discard = discard.into_iter().rev().collect();
    }

    /// Hands `seat` the turn: the stock is rebuilt if it is empty; the round ends if no card can
    /// be drawn or the turn limit is reached.
    fn begin_turn(&mut self, seat: Seat) {
        self.taken_from_discard = None;
        if self.turns >= TURNS_PER_PLAYER * self.players as u32 {
            self.end_round(RoundEnd::TurnLimit);
            return;
        }
        if self.stock.is_empty() {
            if self.discard.len() <= 1 {
                self.end_round(RoundEnd::StockEmpty);
                return;
            }
            let top = self.discard.pop().expect("the discard pile has cards");
            let mut cards = std::mem::take(&mut self.discard);
            self.stock_rebuilds += 1;
            let stream = STOCK_STREAM + (u64::from(self.deals_dealt) << 16) + u64::from(self.stock_rebuilds);
            shuffle(&mut cards, &mut deal_rng(self.seed, stream));
            let n = cards.len();
            self.stock = cards;
            self.discard.push(top);
            self.log(|| Event::StockRebuilt { cards: n });
        }
        self.phase = Phase::Draw;
        self.to_move = Some(seat);
    }

    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    fn end_round(&mut self, end: RoundEnd) {
        let deal_number = self.deals_dealt;
        let completed: Vec<Seat> = (0..self.players).filter(|&s| self.has_revealed(s)).collect();
        self.log(|| Event::RoundOver { deal_number, end, completed });
        self.last_round_end = Some(end);
        for seat in 0..self.players {
            if self.has_revealed(seat) {
                // The completed card joins the face-up pile; a new one comes next round.
                if let Some(card) = self.programs[seat].take() {
                    self.program_pile.push(card);
                }
                self.failed_rounds[seat] = 0;
            } else {
                self.failed_rounds[seat] += 1;
            }
        }
        self.taken_from_discard = None;
        if self.single_deal {
            self.phase = Phase::RoundOver;
            self.to_move = None;
        } else {
            self.start_round();
        }
    }

    fn end_game(&mut self, end: GameEnd) {
        self.winner = match end {
            GameEnd::Target { seat } => Some(seat),
            GameEnd::RoundLimit { .. } => {
                let best = *self.done[..self.players].iter().max().expect("players");
                let leaders: Vec<Seat> = (0..self.players).filter(|&s| self.done[s] == best).collect();
                (leaders.len() == 1).then(|| leaders[0])
            }
        };
        self.phase = Phase::GameOver;
        self.to_move = None;
        self.taken_from_discard = None;
        let (winner, programs_done) = (self.winner, self.done[..self.players].to_vec());
        self.log(|| Event::GameOver { end, winner, programs_done });
    }

    // -----------------------------------------------------------------------------------------
    // Checking actions
    // -----------------------------------------------------------------------------------------

    /// Why laying down, leaving `after` in the hand, might leave the seat unable to end its turn:
    /// only copies of the card it took from the discard pile would remain, and that card may not
    /// be discarded. (The turn can still end by laying those copies too: [`Self::strands_after`].)
    fn strands(&self, after: CardMultiset, round_ends: bool) -> Option<Card> {
        let taken = self.taken_from_discard?;
        if round_ends || after.is_empty() || after.iter().any(|c| c != taken) {
            return None;
        }
        Some(taken)
    }

    /// [`Self::strands`] for a lay-down checked as `checked`, unless after it the seat can lay
    /// the copies left in its hand on the table and go out (RULES.md §3: no discard then).
    fn strands_after(&self, seat: Seat, action: &Action, checked: &Checked, after: CardMultiset, round_ends: bool) -> Option<Card> {
        let why = self.strands(after, round_ends)?;
        (!self.trying(seat, action, checked.clone()).lays_out(seat)).then_some(why)
    }

    /// A copy of the game, unlogged, with `action` (checked as `checked`) played: to look ahead.
    fn trying(&self, seat: Seat, action: &Action, checked: Checked) -> Programmes {
        let mut next = self.clone();
        next.logging = false;
        next.apply(seat, action, checked);
        next
    }

    /// Whether `seat`, having revealed, can lay its whole hand on the table's melds, one
    /// extension after another (the hand is then only copies of one card: a few at most).
    fn lays_out(&self, seat: Seat) -> bool {
        let hand = self.hands[seat];
        if !self.has_revealed(seat) || hand.is_empty() {
            return false;
        }
        self.extensions(hand).into_iter().any(|(meld, card)| {
            let mut rest = hand;
            rest.remove(card.card);
            if rest.is_empty() {
                return true;
            }
            let Ok(end) = self.melds[meld].extension_end(meld, card) else { return false };
            self.trying(seat, &Action::Extend { meld, card }, Checked::Extend(end)).lays_out(seat)
        })
    }

    /// Checks `action` for `seat`; on success says what `apply` needs.
    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    fn check(&self, seat: Seat, action: &Action) -> Result<Checked, Refusal> {
        TurnRefusal::check(self.to_move, seat).map_err(Refusal::Turn)?;
        let hand = self.hands[seat];
        let revealed = self.has_revealed(seat);
        match (self.phase, action) {
            (Phase::Draw, Action::DrawStock) => Ok(Checked::Simple),
            (Phase::Draw, Action::DrawDiscard) => {
                if self.discard.is_empty() {
                    Err(Refusal::DiscardEmpty)
                } else if hand.len() == 1 {
                    Err(Refusal::OneCardDrawsStock)
                } else {
                    Ok(Checked::Simple)
                }
            }
            (Phase::Draw, Action::ExchangeProgram) => {
                if self.options.exchange_after == 0 {
                    Err(Refusal::ExchangeOff)
                } else if self.has_drawn & (1 << seat) != 0 {
                    Err(Refusal::ExchangeAfterDraw)
                } else if self.failed_rounds[seat] < self.options.exchange_after {
                    Err(Refusal::ExchangeTooSoon { seat, failed: self.failed_rounds[seat], needed: self.options.exchange_after })
                } else if self.programs[seat].is_none() {
                    Err(Refusal::NoProgram(seat))
                } else {
                    Ok(Checked::Simple)
                }
            }
            (Phase::Draw, _) => Err(Refusal::DrawFirst),
            (Phase::Play, Action::DrawStock | Action::DrawDiscard) => Err(Refusal::AlreadyDrew(seat)),
            (Phase::Play, Action::ExchangeProgram) => Err(Refusal::ExchangeAfterDraw),
            (Phase::Play, Action::Discard(card)) => {
                if !hand.contains(*card) {
                    return Err(Refusal::Turn(TurnRefusal::NotHeld { seat, card: *card }));
                }
                if self.taken_from_discard == Some(*card) && (hand.iter().any(|c| c != *card) || self.lays_out(seat)) {
                    return Err(Refusal::TakenFromDiscard(*card));
                }
                Ok(Checked::Simple)
            }
            (Phase::Play, Action::Reveal(combos)) => {
                if revealed {
                    return Err(Refusal::AlreadyRevealed(seat));
                }
                let program = self.programs[seat].ok_or(Refusal::NoProgram(seat))?;
                let checked = Checked::Reveal(check_reveal(hand, program.card(), combos).map_err(Refusal::Reveal)?);
                let laid = reveal::cards_laid(hand, combos).map_err(Refusal::Hand)?;
                let after = hand.checked_sub(laid).expect("the cards were checked");
                let round_ends = self.revealed | 1 << seat == self.all_seats() || self.done[seat] + 1 >= self.options.target;
                if let Some(card) = self.strands_after(seat, action, &checked, after, round_ends) {
                    return Err(Refusal::Strands(card));
                }
                Ok(checked)
            }
            (Phase::Play, Action::Meld(cards)) => {
                if !revealed {
                    return Err(Refusal::MeldBeforeReveal(seat));
                }
                let shape = combination_shape(cards).map_err(Refusal::Shape)?;
                if let Shape::Run { .. } = shape {
                    return Err(Refusal::NewRun);
                }
                let laid = reveal::cards_laid(hand, std::slice::from_ref(cards)).map_err(Refusal::Hand)?;
                let checked = Checked::Meld(shape);
                if let Some(card) = self.strands_after(seat, action, &checked, hand.checked_sub(laid).expect("checked"), false) {
                    return Err(Refusal::Strands(card));
                }
                Ok(checked)
            }
            (Phase::Play, Action::Extend { meld, card }) => {
                if !revealed {
                    return Err(Refusal::ExtendBeforeReveal(seat));
                }
                let m = self.melds.get(*meld).ok_or(Refusal::NoMeld { meld: *meld, melds: self.melds.len() })?;
                if !hand.contains(card.card) {
                    return Err(Refusal::Turn(TurnRefusal::NotHeld { seat, card: card.card }));
                }
                let checked = Checked::Extend(m.extension_end(*meld, *card).map_err(Refusal::Extension)?);
                let mut after = hand;
                after.remove(card.card);
                if let Some(card) = self.strands_after(seat, action, &checked, after, false) {
                    return Err(Refusal::Strands(card));
                }
                Ok(checked)
            }
            (Phase::RoundOver | Phase::GameOver, _) => Err(Refusal::Turn(TurnRefusal::GameOver)),
        }
    }

    /// Why the rules refuse `action` from `seat` now, or `None` if they allow it.
    pub fn refusal(&self, seat: Seat, action: &Action) -> Option<Refusal> {
        self.check(seat, action).err()
    }

    // -----------------------------------------------------------------------------------------
    // Applying actions
    // -----------------------------------------------------------------------------------------

    /// Removes laid or discarded cards from `seat`'s hand and from what the table knows it holds.
    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    fn take_from_hand(&mut self, seat: Seat, card: Card) {
        let removed = self.hands[seat].remove(card);
        debug_assert!(removed, "{card} was checked to be in hand");
        self.known[seat].remove(card);
    }

    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    fn apply(&mut self, seat: Seat, action: &Action, checked: Checked) {
        match (action, checked) {
            (Action::DrawStock, _) => {
                if let Some(top) = self.discard_top() {
                    if self.hands[seat].len() > 1 {
                        self.refused[seat].insert(top);
                    }
                }
                let card = self.stock.pop().expect("a turn starts with cards in the stock");
                self.hands[seat].insert(card);
                self.has_drawn |= 1 << seat;
                self.phase = Phase::Play;
                self.log(|| Event::DrewStock { seat });
            }
            (Action::DrawDiscard, _) => {
                let card = self.discard.pop().expect("checked");
                self.hands[seat].insert(card);
                self.known[seat].insert(card);
                self.taken_from_discard = Some(card);
                self.has_drawn |= 1 << seat;
                self.phase = Phase::Play;
                self.log(|| Event::DrewDiscard { seat, card });
            }
            (Action::ExchangeProgram, _) => {
                let old = self.programs[seat].take().expect("checked");
                self.program_deck.insert(0, old);
                self.failed_rounds[seat] = 0;
                self.log(|| Event::Exchanged { seat });
                self.give_program(seat, None);
            }
            (Action::Discard(card), _) => {
                self.take_from_hand(seat, *card);
                self.discard.push(*card);
                let card = *card;
                self.log(|| Event::Discarded { seat, card });
                if self.hands[seat].is_empty() {
                    self.end_round(RoundEnd::WentOut { seat });
                } else {
                    self.turns += 1;
                    let next = self.next_seat(seat);
                    self.begin_turn(next);
                }
            }
            (Action::Reveal(combos), Checked::Reveal(found)) => {
                let program = self.programs[seat].expect("checked");
                let first = self.melds.len();
                for (cards, (shape, directive)) in combos.iter().zip(found) {
                    for p in cards {
                        self.take_from_hand(seat, p.card);
                    }
                    let lasting = self.options.strict_constraints.then(|| Lasting::of(&program.card().directives[directive]));
                    self.melds.push(Meld::new(seat, shape, cards, lasting));
                }
                self.revealed |= 1 << seat;
                self.complete(seat, program);
                let (programs_done, melds) = (self.done[seat], (first..self.melds.len()).collect());
                self.log(|| Event::Revealed { seat, program, melds, programs_done });
                self.after_laying(seat);
            }
            (Action::Meld(cards), Checked::Meld(shape)) => {
                for p in cards {
                    self.take_from_hand(seat, p.card);
                }
                let meld = self.melds.len();
                self.melds.push(Meld::new(seat, shape, cards, None));
                let cards = cards.clone();
                self.log(|| Event::Melded { seat, meld, cards });
                self.after_laying(seat);
            }
            (Action::Extend { meld, card }, Checked::Extend(end)) => {
                self.take_from_hand(seat, card.card);
                self.melds[*meld].extend(*card, end);
                let (meld, card) = (*meld, *card);
                self.log(|| Event::Extended { seat, meld, card });
                self.after_laying(seat);
            }
            _ => unreachable!("check() and apply() agree on the action kind"),
        }
    }

    /// After cards were laid: the target, every player revealed, or an empty hand ends things.
    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    fn after_laying(&mut self, seat: Seat) {
        self.extenders = melds::table_extenders(&self.melds);
        if self.done[seat] >= self.options.target {
            self.end_game(GameEnd::Target { seat });
        } else if self.revealed == self.all_seats() {
            self.end_round(RoundEnd::AllRevealed);
        } else if self.hands[seat].is_empty() {
            self.end_round(RoundEnd::WentOut { seat });
        }
    }

    // -----------------------------------------------------------------------------------------
    // Legal actions
    // -----------------------------------------------------------------------------------------

    /// The new sets `seat` may lay down (after revealing), in the legal list's order: by rank,
    /// then by the naturals used (each subset of the naturals held; wilds only once every natural
    /// of the rank is used), then by the number of wilds.
    pub fn new_sets(hand: CardMultiset) -> Vec<Vec<Placed>> {
        let wilds = reveal::wilds_of(hand);
        let mut out = Vec::new();
        for rank in Rank::all().filter(|&r| r != Rank::TWO) {
            let held = hand.rank_counts(rank);
            let total: u8 = held.iter().sum();
            if total == 0 || total as usize + wilds.len() < 3 {
                continue;
            }
            for a in (0..=held[0]).rev() {
                for b in (0..=held[1]).rev() {
                    for c in (0..=held[2]).rev() {
                        for d in (0..=held[3]).rev() {
                            let used = [a, b, c, d];
                            let n: u8 = used.iter().sum();
                            if n == 0 {
                                continue;
                            }
                            let max_wilds = if used == held { wilds.len() } else { 0 };
                            for k in 0..=max_wilds {
                                if n as usize + k < 3 {
                                    continue;
                                }
                                let mut cards = Vec::with_capacity(n as usize + k);
                                for (s, &u) in used.iter().enumerate() {
                                    for _ in 0..u {
                                        cards.push(Placed::natural(Card::new(rank, Suit::from_index(s))));
                                    }
                                }
                                let mut count = used;
                                for &w in &wilds[..k] {
                                    let suit = reveal::fewest(program_deck::SuitMask::ALL, &count);
                                    count[suit.index()] += 1;
                                    cards.push(Placed::wild(w, Card::new(rank, suit)));
                                }
                                out.push(cards);
                            }
                        }
                    }
                }
            }
        }
        out
    }

    /// The extensions `hand` allows on the table's melds, in the legal list's order: by meld
    /// number, then the natural cards in card order, then the first wild of the hand at each end.
    pub fn extensions(&self, hand: CardMultiset) -> Vec<(usize, Placed)> {
        let mut out = Vec::new();
        let wild = hand.iter().find(|&c| is_wild(c));
        for (number, meld) in self.melds.iter().enumerate() {
            for card in hand.distinct().iter().filter(|&c| !is_wild(c)) {
                if meld.extension_end(number, Placed::natural(card)).is_ok() {
                    out.push((number, Placed::natural(card)));
                }
            }
            if let Some(w) = wild {
                let mut previous = None;
                for end in [End::Low, End::High, End::Set] {
                    if let Some(value) = meld.wanted_at(end) {
                        let placed = Placed::wild(w, value);
                        if previous != Some(value) && meld.extension_end(number, placed).is_ok() {
                            out.push((number, placed));
                            previous = Some(value);
                        }
                    }
                }
            }
        }
        out
    }

    fn play_phase_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        let hand = self.hands[seat];
        if !self.has_revealed(seat) {
            if let Some(program) = self.programs[seat] {
                let round_ends =
                    self.revealed | 1 << seat == self.all_seats() || self.done[seat] + 1 >= self.options.target;
                for combos in canonical_reveals(hand, program.card(), reveal::MAX_LISTED_REVEALS) {
                    let laid: CardMultiset = combos.iter().flatten().map(|p| p.card).collect();
                    let action = Action::Reveal(combos);
                    // The rare lay-down that leaves only the taken card: the full check decides.
                    if self.strands(hand.checked_sub(laid).expect("found in the hand"), round_ends).is_none() || self.check(seat, &action).is_ok() {
                        out.push(action);
                    }
                }
            }
        } else {
            for cards in Self::new_sets(hand) {
                let laid: CardMultiset = cards.iter().map(|p| p.card).collect();
                let action = Action::Meld(cards);
                if self.strands(hand.checked_sub(laid).expect("found in the hand"), false).is_none() || self.check(seat, &action).is_ok() {
                    out.push(action);
                }
            }
            for (meld, card) in self.extensions(hand) {
                let mut after = hand;
                after.remove(card.card);
                let action = Action::Extend { meld, card };
                if self.strands(after, false).is_none() || self.check(seat, &action).is_ok() {
                    out.push(action);
                }
            }
        }
        // Which discards the card taken from the discard pile allows is `check`'s to say.
        for card in hand.distinct().iter() {
            let action = Action::Discard(card);
            if self.check(seat, &action).is_ok() {
                out.push(action);
            }
        }
    }

    /// A meld's referee form.
    fn meld_json(number: usize, meld: &Meld) -> serde_json::Value {
        let mut v = json!({
            "number": number,
            "owner": meld.owner,
            "kind": meld.shape.kind_name(),
            "cards": meld.cards().iter().map(|p| p.to_string()).collect::<Vec<_>>(),
        });
        match meld.shape {
            Shape::Run { suit, low, high } => {
                v["suit"] = suit.letter().to_string().into();
                v["from"] = program_deck::rank_at(low).label().into();
                v["to"] = program_deck::rank_at(high).label().into();
            }
            Shape::Set { rank } => v["rank"] = rank.label().into(),
        }
        if let Some(lasting) = meld.lasting {
            v["constraints"] = serde_json::to_value(lasting).expect("constraints serialize");
        }
        v
    }
}

impl Game for Programmes {
    type Action = Action;
    type Observation = Observation;

    const ID: GameId = GameId::Programmes;

    fn new(setup: &Setup) -> Result<Programmes, SetupError> {
        let players = setup.players;
        check_seats(setup, GameId::Programmes)?;
        let options = Options::from_record(&setup.options)?;
        let start = starting_chips(setup)?;
        let mut chips = [0; MAX_PLAYERS];
        chips[..players].copy_from_slice(&start);
        let layouts = setup
            .deals
            .iter()
            .enumerate()
            .map(|(i, d)| Layout::from_record(d, players, i))
            .collect::<Result<Vec<_>, _>>()?;
        // The program deck shuffled from the seed, without the cards the first deal gives; a
        // whole deck the first deal gives is put in place with the deal (`start_round`).
        let given: Vec<ProgramId> = layouts.first().and_then(|l| l.programs.clone()).unwrap_or_default();
        let mut program_deck: Vec<ProgramId> = deck().ids().filter(|id| !given.contains(id)).collect();
        shuffle(&mut program_deck, &mut deal_rng(setup.seed, PROGRAM_STREAM));
        let mut game = Programmes {
            options,
            seed: setup.seed,
            layouts: Arc::new(layouts),
            players,
            chips,
            hands: [CardMultiset::EMPTY; MAX_PLAYERS],
            stock: Vec::with_capacity(108),
            discard: Vec::with_capacity(108),
            melds: Vec::new(),
            extenders: CardSet::EMPTY,
            programs: [None; MAX_PLAYERS],
            program_deck,
            program_pile: Vec::new(),
            completions: Vec::new(),
            done: [0; MAX_PLAYERS],
            revealed: 0,
            has_drawn: 0,
            failed_rounds: [0; MAX_PLAYERS],
            dealer: setup.first_dealer,
            deals_dealt: 0,
            phase: Phase::Draw,
            to_move: None,
            taken_from_discard: None,
            turns: 0,
            stock_rebuilds: 0,
            program_rebuilds: 0,
            known: [CardMultiset::EMPTY; MAX_PLAYERS],
            refused: [CardSet::EMPTY; MAX_PLAYERS],
            last_round_end: None,
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

    /// The stacks as they started: Programmes has no chips (its score is `programs_done`).
    fn chip_counts(&self) -> &[Chips] {
        self.chips()
    }

    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    fn legal_actions_into(&self, out: &mut Vec<Action>) {
        let Some(seat) = self.to_move else { return };
        match self.phase {
            Phase::Draw => {
                if self.can_exchange(seat) {
                    out.push(Action::ExchangeProgram);
                }
                out.push(Action::DrawStock);
                if !self.discard.is_empty() && self.hands[seat].len() != 1 {
                    out.push(Action::DrawDiscard);
                }
            }
            Phase::Play => self.play_phase_actions(seat, out),
            Phase::RoundOver | Phase::GameOver => {}
        }
    }

    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    fn play(&mut self, seat: Seat, action: &Action) -> Result<(), IllegalAction> {
        match self.check(seat, action) {
            Ok(checked) => {
                self.apply(seat, action, checked);
                Ok(())
            }
            Err(refusal) => Err(IllegalAction::refused(action, refusal)),
        }
    }

    fn observe(&self, seat: Seat) -> Observation {
        Observation::of(self, seat)
    }

    fn determinize(observation: &Observation, rng: &mut GameRng) -> Programmes {
        observation.determinize(rng)
    }

    fn set_logging(&mut self, on: bool) {
        self.logging = on;
    }

    fn set_single_deal(&mut self, on: bool) {
        self.single_deal = on;
    }

    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    fn redeal(&mut self, rng: &mut GameRng) {
        if self.to_move.is_none() {
            return;
        }
        self.gather();
        self.deal_shuffled(rng);
        let first = self.next_seat(self.dealer);
        self.begin_turn(first);
    }
}
