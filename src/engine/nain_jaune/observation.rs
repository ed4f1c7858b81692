//! What one Nain Jaune seat may know, and dealing the rest again consistently with it.
//!
//! Public: chips, boxes, every card played this round, the running sequence, how many cards each
//! hand and the talon hold, and the voids the table has learnt ("7 without 8" tells that the
//! player who stopped and everyone skipped hold no 8). Private: one's own hand. Never included:
//! other hands, the talon, the seed or the record's future deals.

use serde::{Deserialize, Serialize};

use super::{NainJaune, Options, Phase};
use crate::engine::cards::{Card, CardSet, Rank};
use crate::engine::deal_sampling::deal_consistent;
use crate::engine::game::{Chips, Seat};
use crate::engine::rng::GameRng;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Observation {
    pub seat: Seat,
    pub options: Options,
    pub chips: Vec<Chips>,
    pub boxes: [Chips; 5],
    pub hand: CardSet,
    pub hand_sizes: Vec<usize>,
    pub talon_size: usize,
    pub played: CardSet,
    pub run: CardSet,
    pub dealer: Seat,
    pub deal_number: u32,
    /// `None` when leading; the rank the sequence wants when following.
    pub wanted: Option<Rank>,
    pub to_move: Option<Seat>,
    pub movers: u16,
    pub voids: Vec<u16>,
    pub winner: Option<Seat>,
}

impl Observation {
    pub fn of(game: &NainJaune, seat: Seat) -> Observation {
        Observation {
            seat,
            options: game.options.clone(),
            chips: game.chips().to_vec(),
            boxes: game.boxes,
            hand: game.hands[seat],
            hand_sizes: game.hands[..game.players].iter().map(|h| h.len()).collect(),
            talon_size: game.talon.len(),
            played: game.played,
            run: game.run,
            dealer: game.dealer,
            deal_number: game.deals_dealt,
            wanted: match game.phase() {
                Phase::Follow(r) => Some(r),
                _ => None,
            },
            to_move: game.to_move,
            movers: game.movers,
            voids: game.voids[..game.players].to_vec(),
            winner: game.winner,
        }
    }

    /// Checks that the observation describes a possible table (it may come from outside, e.g. a
    /// message to the worker); says what is wrong otherwise.
    pub fn check(&self) -> Result<(), String> {
        let n = self.hand_sizes.len();
        if !(super::MIN_PLAYERS..=super::MAX_PLAYERS).contains(&n) {
            return Err(format!("{n} players is not a Nain Jaune table"));
        }
        if self.chips.len() != n || self.voids.len() != n {
            return Err("chips, hand sizes and voids must list every seat".into());
        }
        if self.seat >= n || self.to_move.is_some_and(|s| s >= n) || self.dealer >= n {
            return Err("a seat number is out of range".into());
        }
        if self.hand.intersects(self.played) || self.hand.contains(Card::JOKER) || self.played.contains(Card::JOKER) {
            return Err("the hand and the played cards overlap or hold a joker".into());
        }
        if self.hand.len() != self.hand_sizes[self.seat] {
            return Err("the hand does not match its announced size".into());
        }
        let hidden: usize = (0..n).filter(|&s| s != self.seat).map(|s| self.hand_sizes[s]).sum::<usize>() + self.talon_size;
        if self.deal_number > 0 && hidden != self.unseen().len() {
            return Err("the card counts do not add up to 52".into());
        }
        Ok(())
    }

    pub fn players(&self) -> usize {
        self.hand_sizes.len()
    }

    /// Cards this seat cannot see: in other hands or in the talon.
    pub fn unseen(&self) -> CardSet {
        CardSet::PACK_52 - self.hand - self.played
    }

    /// Whether `seat` may hold `card` given the public voids.
    pub fn may_hold(&self, seat: Seat, card: Card) -> bool {
        self.voids[seat] & (1 << card.rank_unchecked().index()) == 0
    }

    /// A full game state consistent with this observation; the unseen cards are dealt again.
    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    pub fn determinize(&self, rng: &mut GameRng) -> NainJaune {
        use rand::Rng;
        let n = self.players();
        let mut hands = [CardSet::EMPTY; super::MAX_PLAYERS];
        hands[self.seat] = self.hand;
        let mut talon_cards = CardSet::EMPTY;
        // Before the first deal (a game that ended at once) nothing is anywhere to deal again.
        if self.deal_number > 0 {
            let mut unseen = self.unseen();
            let mut sizes: [usize; super::MAX_PLAYERS] = crate::engine::game::seat_array(&self.hand_sizes);
            // Public inference: the seat that must follow holds the wanted rank. One of its
            // unseen copies goes to that seat first (others may hold the rest).
            if let (Some(mover), Some(rank)) = (self.to_move, self.wanted) {
                let copies = unseen & CardSet::of_rank(rank);
                if mover != self.seat && !copies.is_empty() && sizes[mover] > 0 {
                    let card = copies.iter().nth(crate::engine::rng::index_below(copies.len(), rng)).expect("an unseen copy");
                    hands[mover].insert(card);
                    unseen.remove(card);
                    sizes[mover] -= 1;
                }
            }
            // Holders: the other seats, in order, then the talon (which has no constraint).
            let mut others = [0; super::MAX_PLAYERS];
            let mut capacities = [0; super::MAX_PLAYERS];
            let mut holders = 0;
            for s in (0..n).filter(|&s| s != self.seat) {
                others[holders] = s;
                capacities[holders] = sizes[s];
                holders += 1;
            }
            let talon = holders;
            capacities[talon] = self.talon_size;
            let capacities = &capacities[..=talon];
            // The true deal satisfies every void of a real observation; one built by hand might
            // not, and then the voids are dropped rather than failing (the counts were checked).
            let dealt = deal_consistent(unseen, capacities, |card, h| h == talon || self.may_hold(others[h], card), rng)
                .or_else(|| deal_consistent(unseen, capacities, |_, _| true, rng))
                .expect("card counts of an observation add up (see Observation::check)");
            for (i, &s) in others[..holders].iter().enumerate() {
                hands[s] |= dealt[i];
            }
            talon_cards = dealt[talon];
        }
        let phase = match (self.to_move, self.wanted) {
            (None, _) => Phase::GameOver,
            (Some(_), Some(r)) => Phase::Follow(r),
            (Some(_), None) => Phase::Lead,
        };
        NainJaune::from_parts(
            self.options.clone(),
            // Later deals in a sampled world come from a fresh seed: the real one is secret.
            rng.random(),
            &self.chips,
            self.boxes,
            hands,
            talon_cards,
            self.played,
            self.run,
            self.dealer,
            self.deal_number,
            phase,
            self.to_move,
            self.movers,
            crate::engine::game::seat_array(&self.voids),
            self.winner,
        )
    }
}
