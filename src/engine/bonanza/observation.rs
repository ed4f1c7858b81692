//! What one Bonanza seat may know, and dealing the rest again consistently with it.
//!
//! Public: stacks, the cloth, who is out, the dealer, the phase, hand sizes, the widow's and the
//! dead hand's sizes, who took the widow, the auction, every card shown at a call or a showdown
//! (still in its holder's hand until played), the sequences shown, the betting, the cards played
//! in the race and its current run, the cards out of the game (the joker), and what the table
//! infers: a card the joker stood for is not in the shower's hand, a lead is its suit's lowest card
//! in the leader's hand, a player passed over for the lead holds no card of the other colour, a
//! card nobody could follow with is in the dead hand, an unused joker nobody set aside is there too.
//! Private: one's own hand, and the dead hand if it was one's own. Never included: other hands,
//! the widow, the dead hand of someone else, the seed, the record's future deals — nor, during a
//! call, who is being asked (players with nothing to show are skipped, so that would tell).

use rand::Rng;
use serde::{Deserialize, Serialize};

use super::calls::{has_claim, Call, Claim};
use super::{Auction, Betting, Board, Bonanza, Options, Phase, MAX_PLAYERS};
use crate::engine::cards::{Card, CardSet};
use crate::engine::deal_sampling::deal_consistent;
use crate::engine::game::{Chips, Seat};
use crate::engine::rng::GameRng;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Observation {
    pub seat: Seat,
    pub options: Options,
    pub chips: Vec<Chips>,
    pub board: Board,
    /// Seats out of the game.
    pub out: Vec<Seat>,
    pub dealer: Seat,
    pub deal_number: u32,
    pub phase: Phase,
    /// The seat to move. During a call it is given only when it is this seat: otherwise `None`
    /// (with a call phase), since being asked would tell that a player has something to show.
    pub to_move: Option<Seat>,
    /// During a call that another seat may be answering: this seat has already answered it.
    pub answered: bool,
    pub hand: CardSet,
    pub hand_sizes: Vec<usize>,
    /// Cards in the widow while it is unsettled, then 0.
    pub widow_size: usize,
    pub dead_size: usize,
    /// The dead hand, when it is this seat's old hand.
    pub dead_hand: Option<CardSet>,
    pub widow_holder: Option<Seat>,
    pub gone: CardSet,
    pub played: CardSet,
    pub run: CardSet,
    pub auction: Auction,
    pub sequences: Vec<Option<Claim>>,
    pub betting: Betting,
    pub lead_cards: CardSet,
    /// Cards the table knows in each hand.
    pub known: Vec<CardSet>,
    /// Cards the table knows not in each hand.
    pub excluded: Vec<CardSet>,
    /// Cards the table knows in the dead hand.
    pub known_dead: CardSet,
    pub winner: Option<Seat>,
}

/// `seat`'s place in the call order (0 for the dealer's left … the dealer last).
fn call_position(game: &Bonanza, seat: Seat) -> usize {
    let (order, n) = game.order_from_dealer();
    order[..n].iter().position(|&s| s == seat).unwrap_or(n)
}

impl Observation {
    pub fn of(game: &Bonanza, seat: Seat) -> Observation {
        let players = game.players;
        let (to_move, answered) = match game.phase {
            Phase::Call(call) if game.to_move != Some(seat) => {
                let consumed = game.players_in() - game.call_left as usize;
                let passed = call_position(game, seat) < consumed;
                let eligible = has_claim(call, game.hands[seat]) || game.sequences[seat].is_some();
                (None, passed && eligible && !game.is_out(seat))
            }
            _ => (game.to_move, false),
        };
        Observation {
            seat,
            options: game.options,
            chips: game.chips().to_vec(),
            board: game.board,
            out: (0..players).filter(|&s| game.is_out(s)).collect(),
            dealer: game.dealer,
            deal_number: game.deals_dealt,
            phase: game.phase,
            to_move,
            answered,
            hand: game.hands[seat],
            hand_sizes: game.hands[..players].iter().map(|h| h.len()).collect(),
            widow_size: game.widow.len(),
            dead_size: game.dead.len(),
            dead_hand: (game.widow_holder == Some(seat)).then_some(game.dead),
            widow_holder: game.widow_holder,
            gone: game.gone,
            played: game.played,
            run: game.run,
            auction: game.auction,
            sequences: game.sequences[..players].to_vec(),
            betting: game.betting,
            lead_cards: game.lead_cards,
            known: game.known[..players].to_vec(),
            excluded: game.excluded[..players].to_vec(),
            known_dead: game.known_dead,
            winner: game.winner,
        }
    }

    pub fn players(&self) -> usize {
        self.hand_sizes.len()
    }

    pub fn is_out(&self, seat: Seat) -> bool {
        self.out.contains(&seat)
    }

    /// Cards this seat cannot see: in other hands, the widow or the dead hand (none before the
    /// first deal: a game can end before it, when fewer than two players can ante).
    pub fn unseen(&self) -> CardSet {
        if self.deal_number == 0 {
            return CardSet::EMPTY;
        }
        CardSet::PACK_53 - self.hand - self.played - self.gone - self.dead_hand.unwrap_or(CardSet::EMPTY)
    }

    /// Checks that the observation describes a possible table (it may come from outside, e.g. a
    /// message to the worker); says what is wrong otherwise.
    pub fn check(&self) -> Result<(), String> {
        let n = self.players();
        if !(super::MIN_PLAYERS..=MAX_PLAYERS).contains(&n) {
            return Err(format!("{n} players is not a Bonanza table"));
        }
        if self.chips.len() != n || self.known.len() != n || self.excluded.len() != n || self.sequences.len() != n {
            return Err("chips, hand sizes, known cards and sequences must list every seat".into());
        }
        let in_range = |s: &Seat| *s < n;
        if !in_range(&self.seat)
            || !in_range(&self.dealer)
            || !self.to_move.iter().all(in_range)
            || !self.out.iter().all(in_range)
            || !self.widow_holder.iter().all(in_range)
            || !self.auction.high_bidder.iter().all(in_range)
        {
            return Err("a seat number is out of range".into());
        }
        let out_mask = self.out.iter().fold(0u16, |m, &s| m | 1 << s);
        if out_mask.count_ones() as usize != self.out.len() {
            return Err("a seat is listed twice as out".into());
        }
        if n - self.out.len() < 2 && self.phase != Phase::GameOver {
            return Err("fewer than two players are in the game".into());
        }
        if self.phase != Phase::GameOver && (self.is_out(self.dealer) || self.to_move.is_some_and(|s| self.is_out(s))) {
            return Err("a seat out of the game cannot deal or move".into());
        }
        if self.hand.len() != self.hand_sizes[self.seat] {
            return Err("the hand does not match its announced size".into());
        }
        let public = [self.hand, self.played, self.gone, self.dead_hand.unwrap_or(CardSet::EMPTY)];
        let mut seen = CardSet::EMPTY;
        for set in public {
            if seen.intersects(set) {
                return Err("a card is in two places (hand, played, gone, dead hand)".into());
            }
            seen |= set;
        }
        if self.dead_hand.is_some_and(|d| d.len() != self.dead_size) {
            return Err("the dead hand does not match its announced size".into());
        }
        let unseen = self.unseen();
        let mut placed = CardSet::EMPTY;
        for s in 0..n {
            if s == self.seat {
                continue;
            }
            let known = self.known[s];
            if known.len() > self.hand_sizes[s] || !(known - unseen).is_empty() || placed.intersects(known) {
                return Err(format!("the cards known in seat {s}'s hand do not fit"));
            }
            placed |= known;
        }
        if self.dead_hand.is_none()
            && (self.known_dead.len() > self.dead_size || !(self.known_dead - unseen).is_empty() || placed.intersects(self.known_dead))
        {
            return Err("the cards known in the dead hand do not fit".into());
        }
        let hidden: usize = (0..n).filter(|&s| s != self.seat).map(|s| self.hand_sizes[s]).sum::<usize>()
            + self.widow_size
            + if self.dead_hand.is_some() { 0 } else { self.dead_size };
        if hidden != unseen.len() {
            return Err("the card counts do not add up to 53".into());
        }
        if self.phase != Phase::GameOver && self.out.iter().any(|&s| self.hand_sizes[s] > 0) {
            return Err("a seat out of the game holds cards".into());
        }
        if let Phase::Follow(card) = self.phase {
            match self.to_move {
                Some(s) if s == self.seat && !self.hand.contains(card) => {
                    return Err(format!("seat {s} must play {card} but does not hold it"))
                }
                Some(s) if s != self.seat && !unseen.contains(card) => {
                    return Err(format!("seat {s} must play {card}, which is not hidden"))
                }
                None => return Err("a card is wanted but nobody is to move".into()),
                _ => {}
            }
        }
        if matches!(self.phase, Phase::Call(_)) && self.to_move.is_some_and(|s| s != self.seat) {
            return Err("during a call only the observer's own turn is shown".into());
        }
        Ok(())
    }

    /// A full game state consistent with this observation; the hidden cards are dealt again.
    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    pub fn determinize(&self, rng: &mut GameRng) -> Bonanza {
        let n = self.players();
        // Later deals in a sampled world come from a fresh seed: the real one is secret.
        let mut world = Bonanza::bare(self.options, rng.random(), n);
        world.chips = crate::engine::game::seat_array(&self.chips);
        world.board = self.board;
        world.set_out(self.out.iter().fold(0, |m, &s| m | 1 << s));
        world.dealer = self.dealer;
        world.first_dealer = self.dealer;
        world.deals_dealt = self.deal_number;
        world.phase = self.phase;
        world.to_move = self.to_move;
        world.widow_holder = self.widow_holder;
        world.gone = self.gone;
        world.played = self.played;
        world.run = self.run;
        world.auction = self.auction;
        world.sequences = crate::engine::game::seat_array(&self.sequences.to_vec());
        world.betting = self.betting;
        world.lead_cards = self.lead_cards;
        world.known = crate::engine::game::seat_array(&self.known);
        world.excluded = crate::engine::game::seat_array(&self.excluded);
        world.known_dead = self.known_dead;
        world.winner = self.winner;
        world.hands[self.seat] = self.hand;
        self.deal_hidden(&mut world, rng);
        if let Phase::Call(call) = self.phase {
            self.place_call_cursor(&mut world, call);
        }
        world
    }

    /// Deals the unseen cards to the other hands and the widow or dead hand, keeping every card
    /// the table knows where it is and every card it knows absent away.
    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    fn deal_hidden(&self, world: &mut Bonanza, rng: &mut GameRng) {
        let n = self.players();
        let mut seats = [0; MAX_PLAYERS];
        let mut holders = 0;
        for s in (0..n).filter(|&s| s != self.seat && self.hand_sizes[s] > 0) {
            seats[holders] = s;
            holders += 1;
        }
        let others = &seats[..holders];
        let unseen = self.unseen();
        // Cards whose place the table knows: shown cards, the card the follower must play, cards
        // known to be dead.
        let mut fixed = [CardSet::EMPTY; MAX_PLAYERS];
        for &s in others {
            fixed[s] = self.known[s] & unseen;
        }
        if let (Phase::Follow(card), Some(mover)) = (self.phase, self.to_move) {
            if mover != self.seat {
                fixed[mover].insert(card);
            }
        }
        // The spare hand: the widow while unsettled, else the dead hand unless this seat knows it.
        let spare_is_widow = self.widow_size > 0;
        let spare_size = if spare_is_widow {
            self.widow_size
        } else if self.dead_hand.is_some() {
            0
        } else {
            self.dead_size
        };
        let spare_fixed = if spare_is_widow || self.dead_hand.is_some() { CardSet::EMPTY } else { self.known_dead & unseen };
        // The table also knows that a seat to lead holds a card it may lead.
        let need = match (self.phase, self.to_move) {
            (Phase::Lead, Some(leader)) if leader != self.seat && !fixed[leader].intersects(self.lead_cards) => Some(leader),
            _ => None,
        };
        let deal = |extra: Option<(Seat, Card)>, constrained: bool, rng: &mut GameRng| {
            let mut hands = fixed;
            if let Some((seat, card)) = extra {
                hands[seat].insert(card);
            }
            let placed = others.iter().fold(spare_fixed, |m, &s| m | hands[s]);
            let mut capacities = [0; MAX_PLAYERS + 1];
            for (capacity, &s) in capacities.iter_mut().zip(others) {
                *capacity = self.hand_sizes[s].checked_sub(hands[s].len())?;
            }
            let spare_holder = others.len();
            capacities[spare_holder] = spare_size.checked_sub(spare_fixed.len())?;
            let allowed = |c: Card, h: usize| h == spare_holder || !constrained || !self.excluded[others[h]].contains(c);
            let dealt = deal_consistent(unseen - placed, &capacities[..=spare_holder], allowed, rng)?;
            for (i, &s) in others.iter().enumerate() {
                hands[s] |= dealt[i];
            }
            Some((hands, dealt[spare_holder] | spare_fixed))
        };
        let leads = |hands: &[CardSet; MAX_PLAYERS]| need.is_none_or(|l| hands[l].intersects(self.lead_cards));
        let mut result = None;
        for _ in 0..4 {
            match deal(None, true, rng) {
                Some(r) if leads(&r.0) => {
                    result = Some(r);
                    break;
                }
                Some(_) => {}
                None => break,
            }
        }
        if let (None, Some(leader)) = (&result, need) {
            let placed = others.iter().fold(spare_fixed, |m, &s| m | fixed[s]);
            let mut candidates: Vec<Card> = ((unseen & self.lead_cards) - placed - self.excluded[leader]).iter().collect();
            crate::engine::rng::shuffle(&mut candidates, rng);
            result = candidates.into_iter().find_map(|c| deal(Some((leader, c)), true, rng));
        }
        // The true deal satisfies every inference of a real observation; one built by hand might
        // not, and then the inferences are dropped rather than failing (the counts were checked).
        let (hands, spare) = result
            .or_else(|| deal(None, true, rng))
            .or_else(|| deal(None, false, rng))
            .expect("card counts of an observation add up (see Observation::check)");
        for &s in others {
            world.hands[s] = hands[s];
        }
        if spare_is_widow {
            world.widow = spare;
        } else {
            world.dead = self.dead_hand.unwrap_or(spare);
        }
    }

    /// Where the call stands in the sampled world. When this seat is asked, right after it; when
    /// another seat may be (the table cannot tell who), after this seat if it has answered, else
    /// from the last public show of the call (or its start): the world then asks whoever it deals
    /// something to show.
    fn place_call_cursor(&self, world: &mut Bonanza, call: Call) {
        let (order, count) = world.order_from_dealer();
        let position = |seat: Seat| order[..count].iter().position(|&s| s == seat).unwrap_or(count);
        let start = if self.to_move == Some(self.seat) || self.answered {
            position(self.seat) + 1
        } else {
            (0..self.players()).filter(|&s| self.sequences[s].is_some()).map(|s| position(s) + 1).max().unwrap_or(0)
        };
        world.call_left = (count - start.min(count)) as u8;
        world.call_next = if start < count { order[start] } else { order[0] };
        world.call_won = false;
        if self.to_move != Some(self.seat) {
            world.advance_call(call).expect("sampled worlds have no record layouts");
        }
    }
}
