//! Bonanza (docs/rules/bonanza.md): the rules, phase by phase.
//!
//! A deal: the ante and the deal (automatic), then
//! - **widow** — the dealer takes the widow or sells it (`take widow`, `sell widow`);
//! - **auction** — the other players bid for it in turn from the dealer's left (`bid N`, `pass`);
//! - **call** — the Joker, Queen-Jack, Sequence and Ten-Two calls: each player who has something
//!   to show is asked in turn from the dealer's left (`show …`, `pass`); the others are skipped;
//! - **poker** — one fixed-limit betting round (`check`, `bet N`, `call`, `raise N`, `fold`), then
//!   the automatic showdown;
//! - **lead** / **follow** — the race (`play CARD`): the leader plays the lowest card of a suit
//!   he chooses, whoever holds the next card must play it, until someone calls Bonanza.
//!
//! Then the settlement (automatic) and the next deal. Each phase lives in its own module:
//! [`widow`], [`calling`], [`betting`], [`race`]; the deal, the game's end and the [`Game`] trait
//! are here.

pub mod betting;
pub mod board;
pub mod calling;
pub mod calls;
pub mod events;
pub mod layout;
pub mod notation;
pub mod observation;
pub mod options;
pub mod poker;
pub mod race;
pub mod record;
pub mod refusal;
pub mod settlement;
pub mod widow;

use std::sync::Arc;

use serde_json::json;

pub use betting::Betting;
pub use board::{Board, Space};
pub use calls::{Call, Claim, SequenceRank};
pub use events::{Event, GameEnd, LeadPassReason};
pub use layout::Layout;
pub use notation::Action;
pub use observation::Observation;
pub use options::{Leftovers, Options, UnusedJoker, WidowPriceTo};
pub use refusal::{BetLimit, Refusal};
pub use settlement::{CardsLeft, DealRow, DealSettlement, Flow};
pub use widow::Auction;

use crate::engine::cards::{Card, CardSet};
use crate::engine::game::{seat_array, Chips, Game, GameId, IllegalAction, LayoutFault, Seat, SetupError, Start, TurnRefusal, Why};
use crate::engine::rng::{below, deal_rng, GameRng};

pub const MIN_PLAYERS: usize = 2;
pub const MAX_PLAYERS: usize = 9;

/// The highest bid the auction lists (docs/rules/bonanza.md §4.2, §5.5): a bid is limited by the
/// bidder's chips, and by this only with stacks no game reaches (starting stacks of millions), so
/// that the list of legal bids stays a size a page and the referee can print.
pub const MAX_BID: Chips = 1_000_000;

/// What kind of decision the seat to move faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "phase", content = "detail", rename_all = "snake_case")]
pub enum Phase {
    /// The dealer takes or sells the widow.
    Widow,
    /// A bid or a pass for the widow.
    Auction,
    /// A show or a pass at one of the four showing calls.
    Call(Call),
    /// The Poker call's betting round.
    Poker,
    /// The race: the leader plays the lowest card of a suit he may lead.
    Lead,
    /// The race: the holder of this card must play it.
    Follow(Card),
    GameOver,
}

impl Phase {
    /// The referee's short name.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Widow => "widow",
            Phase::Auction => "auction",
            Phase::Call(_) => "call",
            Phase::Poker => "poker",
            Phase::Lead => "lead",
            Phase::Follow(_) => "follow",
            Phase::GameOver => "game_over",
        }
    }
}

/// The cards of each colour, for the colour change after a stop.
pub const RED_CARDS: CardSet = CardSet(((1u64 << 26) - 1) << 13);
pub const BLACK_CARDS: CardSet = CardSet(((1u64 << 13) - 1) | (((1u64 << 13) - 1) << 39));
const JOKER_SET: CardSet = CardSet(1 << 52);

/// A Bonanza game in progress, every card included.
#[derive(Clone, Debug)]
pub struct Bonanza {
    options: Options,
    seed: u64,
    /// The record's explicit deals, shared (never changed) so clones stay cheap; `None` when
    /// there are none (random games, sampled worlds), so clones need no atomic counting at all.
    layouts: Option<Arc<Vec<Layout>>>,
    players: usize,
    chips: [Chips; MAX_PLAYERS],
    board: Board,
    /// One bit per seat out of the game.
    out: u16,
    /// The next seat still in to the left of each seat (kept with `out`: looked up on every move).
    left_in: [u8; MAX_PLAYERS],
    hands: [CardSet; MAX_PLAYERS],
    /// The widow until the dealer's choice or the sale settles where it goes.
    widow: CardSet,
    /// The dead hand, face down until the end of the deal.
    dead: CardSet,
    /// The seat that swapped its hand for the widow (it alone has seen the dead hand), if any.
    widow_holder: Option<Seat>,
    /// Cards out of the game for this deal: a shown joker, or the unused joker set aside.
    gone: CardSet,
    /// Cards played in the race.
    played: CardSet,
    /// The current run of the race (one suit).
    run: CardSet,
    dealer: Seat,
    /// The first deal's dealer (the record's `first_dealer`).
    first_dealer: Seat,
    /// Deals dealt so far (the current deal is number `deals_dealt`, counting from 1).
    deals_dealt: u32,
    phase: Phase,
    to_move: Option<Seat>,
    auction: Auction,
    /// The call in progress: the next seat to consider, and how many seats are left to consider.
    call_next: Seat,
    call_left: u8,
    /// Whether the space of the call in progress has been taken.
    call_won: bool,
    /// Sequences shown at the Sequence call (public).
    sequences: [Option<Claim>; MAX_PLAYERS],
    betting: Betting,
    /// While leading: the cards whose suits may be led (the other colour after a stop).
    lead_cards: CardSet,
    /// Public knowledge: cards known to be in each hand (shown, and not played since).
    known: [CardSet; MAX_PLAYERS],
    /// Public knowledge: cards known not to be in each hand.
    excluded: [CardSet; MAX_PLAYERS],
    /// Public knowledge: cards known to be in the dead hand.
    known_dead: CardSet,
    winner: Option<Seat>,
    events: Vec<Event>,
    logging: bool,
    /// Playouts stop at the end of the current deal instead of dealing the next one.
    single_deal: bool,
}

impl Bonanza {
    crate::state_fields!();

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn chips(&self) -> &[Chips] {
        &self.chips[..self.players]
    }

    /// Chips on each space, indexed by [`Space::index`].
    pub fn board(&self) -> Board {
        self.board
    }

    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat]
    }

    /// The widow, until it is taken, sold or left dead (then empty).
    pub fn widow(&self) -> CardSet {
        self.widow
    }

    /// The dead hand (empty until the widow is settled).
    pub fn dead_hand(&self) -> CardSet {
        self.dead
    }

    /// The seat holding the widow's cards this deal (dealer or buyer), if anyone took it.
    pub fn widow_holder(&self) -> Option<Seat> {
        self.widow_holder
    }

    /// Cards out of the game this deal (the joker, once shown or set aside).
    pub fn gone(&self) -> CardSet {
        self.gone
    }

    pub fn played(&self) -> CardSet {
        self.played
    }

    /// The race's current run (one suit), by rank.
    pub fn run(&self) -> CardSet {
        self.run
    }

    pub fn is_out(&self, seat: Seat) -> bool {
        self.out & (1 << seat) != 0
    }

    /// The seats still in the game, in seat order.
    pub fn seats_in(&self) -> impl Iterator<Item = Seat> + '_ {
        (0..self.players).filter(|&s| !self.is_out(s))
    }

    pub fn auction(&self) -> &Auction {
        &self.auction
    }

    pub fn betting(&self) -> &Betting {
        &self.betting
    }

    /// The sequence shown by each seat at this deal's Sequence call.
    pub fn sequences(&self) -> &[Option<Claim>] {
        &self.sequences[..self.players]
    }

    /// While leading: the cards whose suits may be led (the other colour after a stop).
    pub fn lead_cards(&self) -> CardSet {
        self.lead_cards
    }

    /// Cards the table knows to be in `seat`'s hand.
    pub fn known(&self, seat: Seat) -> CardSet {
        self.known[seat]
    }

    /// Cards the table knows not to be in `seat`'s hand.
    pub fn excluded(&self, seat: Seat) -> CardSet {
        self.excluded[seat]
    }

    /// Cards the table knows to be in the dead hand.
    pub fn known_dead(&self) -> CardSet {
        self.known_dead
    }

    /// The winner once the game is over (`None` while playing, or on a tie for the most chips).
    pub fn winner(&self) -> Option<Seat> {
        self.winner
    }

    /// The cards `seat` could play in the race: its hand without the (dead) joker.
    #[inline]
    pub fn playable(&self, seat: Seat) -> CardSet {
        self.hands[seat] - JOKER_SET
    }

    /// The next seat still in the game to the left of `seat`.
    #[inline]
    pub fn next_in(&self, seat: Seat) -> Seat {
        self.left_in[seat] as Seat
    }

    /// Marks the seats in `out` as out of the game and updates the seating.
    fn set_out(&mut self, out: u16) {
        self.out = out;
        for seat in 0..self.players {
            let mut s = seat;
            loop {
                s = if s + 1 == self.players { 0 } else { s + 1 };
                if out & (1 << s) == 0 || s == seat {
                    break;
                }
            }
            self.left_in[seat] = s as u8;
        }
    }

    /// Seats still in the game.
    pub fn players_in(&self) -> usize {
        self.players - self.out.count_ones() as usize
    }

    /// The seats in, from the dealer's left round to the dealer (the order of the deal and of
    /// the calls), in a fixed array with its length.
    pub fn order_from_dealer(&self) -> ([Seat; MAX_PLAYERS], usize) {
        let mut order = [0; MAX_PLAYERS];
        let n = self.players_in();
        let mut s = self.dealer;
        for slot in order.iter_mut().take(n) {
            s = self.next_in(s);
            *slot = s;
        }
        (order, n)
    }

    fn log(&mut self, event: impl FnOnce() -> Event) {
        if self.logging {
            self.events.push(event());
        }
    }

    /// Moves a space's chips to a seat.
    fn take_space(&mut self, seat: Seat, space: Space) {
        let chips = std::mem::take(&mut self.board[space.index()]);
        self.chips[seat] += chips;
        self.log(|| Event::SpaceWon { seat, space, chips });
    }

    /// A space nobody won this deal keeps its chips.
    fn space_stays(&mut self, space: Space) {
        let chips = self.board[space.index()];
        self.log(|| Event::SpaceStays { space, chips });
    }

    /// The seat holding `card`, if a player in the game holds it.
    #[inline]
    #[allow(clippy::manual_find)]
    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    fn holder_of(&self, card: Card) -> Option<Seat> {
        // A plain loop: the race asks this at every card, and the worker's size-optimised build
        // leaves a `find` over a range out of line.
        for seat in 0..self.players {
            if self.hands[seat].contains(card) {
                return Some(seat);
            }
        }
        None
    }

    /// Takes the joker out of `seat`'s hand and out of the game.
    fn joker_leaves(&mut self, seat: Seat) {
        self.hands[seat].remove(Card::JOKER);
        self.known[seat].remove(Card::JOKER);
        self.gone.insert(Card::JOKER);
        self.log(|| Event::JokerLeaves { seat });
    }

    // ---------------------------------------------------------------------------------------------
    // Deals
    // ---------------------------------------------------------------------------------------------

    /// Out-of-chips check, ante, deal and the dealer's widow decision of the next deal; or the end
    /// of the game. Fails only when a record's layout does not fit the seats still in.
    fn start_deal(&mut self) -> Result<(), LayoutFault> {
        if self.deals_dealt >= self.options.game_deals(self.players) {
            self.end_game(GameEnd::DealsPlayed { deals: self.deals_dealt });
            return Ok(());
        }
        let ante = self.options.ante();
        for seat in 0..self.players {
            if !self.is_out(seat) && self.chips[seat] < ante {
                self.set_out(self.out | 1 << seat);
                let chips = self.chips[seat];
                self.log(|| Event::Out { seat, chips });
            }
        }
        let left = self.players_in();
        if left < 2 {
            self.end_game(GameEnd::TooFewPlayers { left });
            return Ok(());
        }
        self.dealer = if self.deals_dealt == 0 {
            if self.is_out(self.first_dealer) {
                self.next_in(self.first_dealer)
            } else {
                self.first_dealer
            }
        } else {
            self.next_in(self.dealer)
        };
        let index = self.deals_dealt as usize;
        let layout = match self.layouts.as_ref().and_then(|l| l.get(index)) {
            Some(layout) => {
                layout.check_seats(self.out, index)?;
                let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
                hands[..self.players].copy_from_slice(&layout.hands);
                (hands, layout.widow)
            }
            None => {
                let (order, n) = self.order_from_dealer();
                let mut rng = deal_rng(self.seed, index as u64);
                layout::deal_shuffled(&mut rng, &order[..n])
            }
        };
        self.deals_dealt += 1;
        for seat in 0..self.players {
            if !self.is_out(seat) {
                self.chips[seat] -= ante;
            }
        }
        for space in Space::ALL {
            if space != Space::Poker || self.options.poker {
                self.board[space.index()] += left as Chips;
            }
        }
        let deal_number = self.deals_dealt;
        if self.logging {
            let players: Vec<Seat> = self.seats_in().collect();
            self.events.push(Event::Anted { deal_number, each: ante, players });
        }
        self.lay_out(layout.0, layout.1);
        let dealer = self.dealer;
        self.log(|| Event::Dealt { deal_number, dealer });
        Ok(())
    }

    /// Puts a deal's cards in place and asks the dealer about the widow.
    fn lay_out(&mut self, hands: [CardSet; MAX_PLAYERS], widow: CardSet) {
        self.hands = hands;
        self.widow = widow;
        self.dead = CardSet::EMPTY;
        self.widow_holder = None;
        self.gone = CardSet::EMPTY;
        self.played = CardSet::EMPTY;
        self.run = CardSet::EMPTY;
        self.auction = Auction::default();
        self.call_left = 0;
        self.call_won = false;
        self.sequences = [None; MAX_PLAYERS];
        self.betting = Betting::default();
        self.lead_cards = CardSet::EMPTY;
        self.known = [CardSet::EMPTY; MAX_PLAYERS];
        self.excluded = [CardSet::EMPTY; MAX_PLAYERS];
        self.known_dead = CardSet::EMPTY;
        self.phase = Phase::Widow;
        self.to_move = Some(self.dealer);
    }

    /// The deal is over and settled: the next one, or (in playouts) a stop.
    fn end_deal(&mut self) -> Result<(), LayoutFault> {
        if self.single_deal {
            self.phase = Phase::GameOver;
            self.to_move = None;
            return Ok(());
        }
        self.start_deal()
    }

    /// The end of the game: the chips left on the cloth are shared out, the winner named.
    fn end_game(&mut self, end: GameEnd) {
        let total: Chips = self.board.iter().sum();
        let receivers: Vec<Seat> = match self.options.leftovers {
            Leftovers::Split => self.seats_in().collect(),
            Leftovers::ChipLeader => match self.seats_in().map(|s| self.chips[s]).max() {
                Some(best) => self.seats_in().filter(|&s| self.chips[s] == best).collect(),
                None => Vec::new(),
            },
        };
        if !receivers.is_empty() && total > 0 {
            let share = total / receivers.len() as Chips;
            self.board = [0; 10];
            // The remainder stays unawarded, on the Bonanza space.
            self.board[Space::Bonanza.index()] = total - share * receivers.len() as Chips;
            for seat in receivers {
                self.chips[seat] += share;
                self.log(|| Event::Leftovers { seat, chips: share });
            }
        }
        let best = *self.chips().iter().max().expect("at least two players");
        let leaders: Vec<Seat> = (0..self.players).filter(|&s| self.chips[s] == best).collect();
        self.winner = (leaders.len() == 1).then(|| leaders[0]);
        self.phase = Phase::GameOver;
        self.to_move = None;
        let (winner, chips) = (self.winner, self.chips().to_vec());
        self.log(|| Event::GameOver { end, winner, chips });
    }

    // ---------------------------------------------------------------------------------------------
    // Moves
    // ---------------------------------------------------------------------------------------------

    /// Why `action` cannot be played by `seat` now, if it cannot.
    pub fn refusal(&self, seat: Seat, action: &Action) -> Option<Refusal> {
        if let Err(turn) = TurnRefusal::check(self.to_move, seat) {
            return Some(Refusal::Turn(turn));
        }
        match self.phase {
            Phase::Widow => self.widow_refusal(action),
            Phase::Auction => self.auction_refusal(seat, action),
            Phase::Call(call) => self.call_refusal(seat, call, action),
            Phase::Poker => self.betting_refusal(seat, action),
            Phase::Lead | Phase::Follow(_) => self.race_refusal(seat, action),
            Phase::GameOver => Some(Refusal::Turn(TurnRefusal::GameOver)),
        }
    }

    /// Plays an action already known to be legal. Fails only when the next deal's layout from the
    /// record does not fit the seats still in (the caller then restores the state).
    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    fn apply(&mut self, seat: Seat, action: Action) -> Result<(), LayoutFault> {
        match self.phase {
            Phase::Widow => self.apply_widow(action),
            Phase::Auction => self.apply_auction(seat, action),
            Phase::Call(call) => self.apply_call(seat, call, action),
            Phase::Poker => self.apply_betting(seat, action),
            Phase::Lead | Phase::Follow(_) => match action {
                Action::Play(card) => self.apply_play(seat, card),
                _ => unreachable!("only plays in the race"),
            },
            Phase::GameOver => unreachable!("no move after the game"),
        }
    }

    /// The number of legal actions and the `k`-th of them, without building the list (random
    /// playouts call this millions of times).
    fn nth_legal(&self, seat: Seat, pick: impl FnOnce(u32) -> u32) -> Action {
        match self.phase {
            Phase::Widow => [Action::TakeWidow, Action::SellWidow][pick(2) as usize],
            Phase::Auction => self.nth_auction(seat, pick),
            Phase::Call(call) => self.nth_call(seat, call, pick),
            Phase::Poker => self.nth_betting(seat, pick),
            Phase::Lead => self.nth_lead(seat, pick),
            Phase::Follow(card) => Action::Play(card),
            Phase::GameOver => unreachable!("no move after the game"),
        }
    }

    /// Assembles a state from an observation's public parts and a full deal of the hidden cards
    /// (used by `determinize`). The per-deal fields are set by the caller.
    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    fn bare(options: Options, seed: u64, players: usize) -> Bonanza {
        Bonanza {
            options,
            seed,
            layouts: None,
            players,
            chips: [0; MAX_PLAYERS],
            board: [0; 10],
            out: 0,
            left_in: std::array::from_fn(|s| if s + 1 >= players { 0 } else { s as u8 + 1 }),
            hands: [CardSet::EMPTY; MAX_PLAYERS],
            widow: CardSet::EMPTY,
            dead: CardSet::EMPTY,
            widow_holder: None,
            gone: CardSet::EMPTY,
            played: CardSet::EMPTY,
            run: CardSet::EMPTY,
            dealer: 0,
            first_dealer: 0,
            deals_dealt: 0,
            phase: Phase::GameOver,
            to_move: None,
            auction: Auction::default(),
            call_next: 0,
            call_left: 0,
            call_won: false,
            sequences: [None; MAX_PLAYERS],
            betting: Betting::default(),
            lead_cards: CardSet::EMPTY,
            known: [CardSet::EMPTY; MAX_PLAYERS],
            excluded: [CardSet::EMPTY; MAX_PLAYERS],
            known_dead: CardSet::EMPTY,
            winner: None,
            events: Vec::new(),
            logging: false,
            single_deal: false,
        }
    }
}

impl Game for Bonanza {
    type Action = Action;
    type Observation = Observation;
    type Refusal = Refusal;
    type Options = Options;
    type Layout = Layout;

    const ID: GameId = GameId::Bonanza;

    fn start(start: Start<Options, Layout>) -> Result<Bonanza, SetupError> {
        let Start { players, seed, first_dealer, chips, options, layouts } = start;
        let mut game = Bonanza::bare(options, seed, players);
        game.layouts = (!layouts.is_empty()).then(|| Arc::new(layouts));
        game.chips = seat_array(&chips);
        game.first_dealer = first_dealer;
        game.dealer = first_dealer;
        game.logging = true;
        game.start_deal()?;
        Ok(game)
    }

    crate::game_fields!();

    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    fn legal_actions_into(&self, out: &mut Vec<Action>) {
        let Some(seat) = self.to_move else { return };
        match self.phase {
            Phase::Widow => out.extend([Action::TakeWidow, Action::SellWidow]),
            Phase::Auction => self.auction_actions(seat, out),
            Phase::Call(call) => self.call_actions(seat, call, out),
            Phase::Poker => self.betting_actions(seat, out),
            Phase::Lead => self.lead_actions(seat, out),
            Phase::Follow(card) => out.push(Action::Play(card)),
            Phase::GameOver => {}
        }
    }

    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    fn play(&mut self, seat: Seat, action: &Action) -> Result<(), IllegalAction<Why<Refusal>>> {
        if let Some(reason) = self.refusal(seat, action) {
            return Err(IllegalAction::by_rules(action, reason));
        }
        // A move that ends a deal may start one laid out by the record; if that layout does not
        // fit the seats still in, the move is refused and the state restored.
        let backup = self.layouts.as_ref().is_some_and(|l| l.len() > self.deals_dealt as usize).then(|| self.clone());
        if let Err(fault) = self.apply(seat, *action) {
            *self = backup.expect("only a record's layout can fail");
            return Err(IllegalAction::refused(action, Why::Layout(fault)));
        }
        Ok(())
    }

    fn play_random(&mut self, rng: &mut GameRng) -> bool {
        let Some(seat) = self.to_move else { return false };
        let action = self.nth_legal(seat, |count| if count == 1 { 0 } else { below(rng, count) });
        if self.apply(seat, action).is_err() {
            unreachable!("random playouts never use a record's layouts");
        }
        true
    }

    fn set_logging(&mut self, on: bool) {
        self.logging = on;
    }

    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    fn redeal(&mut self, rng: &mut GameRng) {
        let (order, n) = self.order_from_dealer();
        let (hands, widow) = layout::deal_shuffled(rng, &order[..n]);
        self.lay_out(hands, widow);
    }
}
