//! Where the 53 cards of one deal go (docs/rules/bonanza.md §3): the hands and the widow, either
//! from a record's `deals[i]` or shuffled from the seed.

use rand::Rng;

use super::MAX_PLAYERS;
use crate::engine::cards::{Card, CardSet};
use crate::engine::game::{LayoutFault, LayoutWhy, Seat};
use crate::engine::rng::shuffle;

/// One deal's cards: the hands in seat order (empty for seats out of the game) and the widow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub hands: Vec<CardSet>,
    pub widow: CardSet,
}

impl Layout {
    /// Checks the layout against the seats in the game for its deal (`out` has a bit per seat out):
    /// a seat that is out has no cards, every other hand and the widow hold at least one card
    /// besides the joker (so no hand is empty before the race).
    pub fn check_seats(&self, out: u16, index: usize) -> Result<(), LayoutFault> {
        let playable = |set: CardSet| !(set - CardSet::from_cards([Card::JOKER])).is_empty();
        for (seat, hand) in self.hands.iter().enumerate() {
            let is_out = out & (1 << seat) != 0;
            if is_out && !hand.is_empty() {
                return Err(LayoutFault { deal: index, why: LayoutWhy::SeatOutHasCards(seat) });
            }
            if !is_out && !playable(*hand) {
                return Err(LayoutFault { deal: index, why: LayoutWhy::OnlyJoker(Some(seat)) });
            }
        }
        if !playable(self.widow) {
            return Err(LayoutFault { deal: index, why: LayoutWhy::OnlyJoker(None) });
        }
        Ok(())
    }
}

/// Shuffles the 53 cards and deals them one at a time: the widow first (it sits at the dealer's
/// immediate left), then the seats of `order` (the players still in, from the dealer's left round
/// to the dealer), again and again until the pack is exhausted.
pub fn deal_shuffled<R: Rng>(rng: &mut R, order: &[Seat]) -> ([CardSet; MAX_PLAYERS], CardSet) {
    let mut pack: [Card; 53] = std::array::from_fn(Card::from_index);
    shuffle(&mut pack, rng);
    let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
    let mut widow = CardSet::EMPTY;
    // Position 0 is the widow, position p the seat order[p - 1].
    let mut position = 0;
    for card in pack {
        match position {
            0 => widow.insert(card),
            p => hands[order[p - 1]].insert(card),
        }
        position = if position == order.len() { 0 } else { position + 1 };
    }
    (hands, widow)
}
