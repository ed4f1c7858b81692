//! Programmes (docs/rules/programmes.md): contract rummy with secret program cards, phase by phase.
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

pub mod draw;
pub mod events;
pub mod layout;
pub mod melds;
pub mod notation;
pub mod observation;
pub mod options;
pub mod play;
pub mod program_deck;
pub mod record;
pub mod refusal;
pub mod reveal;
pub mod rounds;
pub mod settlement;

use std::sync::Arc;

use serde_json::json;

pub use events::{Event, GameEnd, RoundEnd};
pub use layout::Layout;
pub use melds::{combination_shape, is_wild, End, Lasting, Meld, Placed, Shape, ShapeError};
pub use notation::Action;
pub use observation::Observation;
pub use options::Options;
pub use program_deck::{deck, CombinationKind, Directive, ProgramCard, ProgramId};
pub use refusal::Refusal;
pub use reveal::{canonical_reveals, check_reveal, find_reveal, Combinations};
pub use settlement::{RoundRow, RoundSettlement};

use rand::Rng;

use crate::engine::card_multiset::{CardMultiset, PACK_108_CARDS};
use crate::engine::cards::{Card, CardSet, Rank, Suit};
use crate::engine::game::{seat_array, Chips, Game, GameId, IllegalAction, Seat, SetupError, Start, TurnRefusal, Why};
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

/// docs/rules/programmes.md §4.1: cards are dealt face up, one at a time from seat 0 round the
/// table, until someone receives a spade; that seat deals first. Returns the seat and the cards
/// turned. Used by `referee play` and the app when a record gives no `first_dealer` of its own.
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
    crate::state_fields!();

    pub fn phase(&self) -> Phase {
        self.phase
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

    pub fn winner(&self) -> Option<Seat> {
        self.winner
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
    // Moves: the draw (draw.rs) and the rest of the turn (play.rs); rounds in rounds.rs
    // -----------------------------------------------------------------------------------------

    /// Checks `action` for `seat`; on success says what `apply` needs.
    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    fn check(&self, seat: Seat, action: &Action) -> Result<Checked, Refusal> {
        TurnRefusal::check(self.to_move, seat).map_err(Refusal::Turn)?;
        match self.phase {
            Phase::Draw => self.check_draw(seat, action),
            Phase::Play => self.check_play(seat, action),
            Phase::RoundOver | Phase::GameOver => Err(Refusal::Turn(TurnRefusal::GameOver)),
        }
    }

    /// Why the rules refuse `action` from `seat` now, or `None` if they allow it.
    pub fn refusal(&self, seat: Seat, action: &Action) -> Option<Refusal> {
        self.check(seat, action).err()
    }

    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    fn apply(&mut self, seat: Seat, action: &Action, checked: Checked) {
        match action {
            Action::DrawStock | Action::DrawDiscard | Action::ExchangeProgram => self.apply_draw(seat, action),
            _ => self.apply_play(seat, action, checked),
        }
    }
}

impl Game for Programmes {
    type Action = Action;
    type Observation = Observation;
    type Refusal = Refusal;

    type Options = Options;
    type Layout = Layout;

    const ID: GameId = GameId::Programmes;

    fn start(start: Start<Options, Layout>) -> Result<Programmes, SetupError> {
        let Start { players, seed, first_dealer, chips, options, layouts } = start;
        // The program deck shuffled from the seed, without the cards the first deal gives; a
        // whole deck the first deal gives is put in place with the deal (`start_round`).
        let given: Vec<ProgramId> = layouts.first().and_then(|l| l.programs.clone()).unwrap_or_default();
        let mut program_deck: Vec<ProgramId> = deck().ids().filter(|id| !given.contains(id)).collect();
        shuffle(&mut program_deck, &mut deal_rng(seed, PROGRAM_STREAM));
        let mut game = Programmes {
            options,
            seed,
            layouts: Arc::new(layouts),
            players,
            chips: seat_array(&chips),
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
            dealer: first_dealer,
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

    // chip_counts gives the stacks as they started: Programmes has no chips (its score is
    // `programs_done`).
    crate::game_fields!();

    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    fn legal_actions_into(&self, out: &mut Vec<Action>) {
        let Some(seat) = self.to_move else { return };
        match self.phase {
            Phase::Draw => self.draw_actions(seat, out),
            Phase::Play => self.play_phase_actions(seat, out),
            Phase::RoundOver | Phase::GameOver => {}
        }
    }

    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    fn play(&mut self, seat: Seat, action: &Action) -> Result<(), IllegalAction<Why<Refusal>>> {
        match self.check(seat, action) {
            Ok(checked) => {
                self.apply(seat, action, checked);
                Ok(())
            }
            Err(refusal) => Err(IllegalAction::by_rules(action, refusal)),
        }
    }

    fn set_logging(&mut self, on: bool) {
        self.logging = on;
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
