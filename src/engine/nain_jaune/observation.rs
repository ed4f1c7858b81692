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
            wanted: match game.phase {
                Phase::Follow(r) => Some(r),
                _ => None,
            },
            to_move: game.to_move,
            movers: game.movers,
            voids: game.voids[..game.players].to_vec(),
            winner: game.winner,
        }
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
    pub fn determinize(&self, rng: &mut GameRng) -> NainJaune {
        use rand::Rng;
        let n = self.players();
        let others: Vec<Seat> = (0..n).filter(|&s| s != self.seat).collect();
        let unseen: Vec<Card> = self.unseen().iter().collect();
        // Holders: the other seats, then the talon (which has no constraint).
        let mut capacities: Vec<usize> = others.iter().map(|&s| self.hand_sizes[s]).collect();
        capacities.push(self.talon_size);
        let talon = others.len();
        let dealt = deal_consistent(&unseen, &capacities, |card, h| h == talon || self.may_hold(others[h], card), rng)
            .expect("the true deal is consistent with every observation, so some deal exists");
        let mut hands = [CardSet::EMPTY; super::MAX_PLAYERS];
        hands[self.seat] = self.hand;
        for (i, &s) in others.iter().enumerate() {
            hands[s] = dealt[i].iter().copied().collect();
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
            dealt[talon].iter().copied().collect(),
            self.played,
            self.run,
            self.dealer,
            self.deal_number,
            phase,
            self.to_move,
            self.movers,
            super::seat_array(&self.voids),
            self.winner,
        )
    }
}
