//! Dealing unseen cards again, consistently with what an observer knows.
//!
//! Every game's `determinize` reduces to this: some cards, some holders with an exact number of
//! cards each, and a rule saying which holder may hold which card (a player known to be void in a
//! rank, a hand that showed a card, …). Cards are taken in random order and placed with
//! augmenting paths (Kuhn's matching), so a consistent deal is always found when one exists.

use rand::Rng;

use super::cards::{Card, CardSet};
use super::rng::{index_below, shuffle};

/// The most holders a deal may have (the masks below are 16 bits).
pub const MAX_HOLDERS: usize = 16;

/// Deals `cards` to holders `0..capacities.len()` (at most [`MAX_HOLDERS`]), holder `h` receiving
/// exactly `capacities[h]` cards and only cards for which `allowed(card, h)` is true. Returns each
/// holder's cards (holders beyond `capacities` get none), or `None` when no such deal exists (or
/// the capacities do not add up to the number of cards). Runs once per search iteration, so it
/// works in fixed arrays, with no allocation (in wasm each one costs about as much as the rest).
pub fn deal_consistent<R: Rng + ?Sized>(
    cards: CardSet,
    capacities: &[usize],
    allowed: impl Fn(Card, usize) -> bool,
    rng: &mut R,
) -> Option<[CardSet; MAX_HOLDERS]> {
    let holders = capacities.len();
    assert!(holders <= MAX_HOLDERS, "at most {MAX_HOLDERS} holders");
    let count = cards.len();
    if capacities.iter().sum::<usize>() != count {
        return None;
    }
    let mut order = [Card::JOKER; 64];
    for (slot, card) in order.iter_mut().zip(cards.iter()) {
        *slot = card;
    }
    let order = &mut order[..count];
    shuffle(order, rng);
    let mut search =
        Matching { allowed: [0; 64], start: [0; 64], holder_of: [u8::MAX; 64], count, load: [0; MAX_HOLDERS], capacities, holders };
    // Each card's allowed holders as a bitmask, then where its tour of them starts (a random
    // rotation, so equally placed cards do not all pile onto the first holder).
    for (mask, &card) in search.allowed.iter_mut().zip(order.iter()) {
        *mask = (0..holders).filter(|&h| allowed(card, h)).fold(0u16, |m, h| m | 1 << h);
    }
    for start in &mut search.start[..count] {
        *start = index_below(holders.max(1), rng) as u8;
    }
    if search.allowed[..count].contains(&0) {
        return None;
    }
    for card in 0..count {
        if !search.place(card, &mut 0) {
            return None;
        }
    }
    let mut dealt = [CardSet::EMPTY; MAX_HOLDERS];
    for (&card, &h) in order.iter().zip(&search.holder_of[..count]) {
        dealt[h as usize].insert(card);
    }
    Some(dealt)
}

/// Kuhn's augmenting-path matching of cards (at most 64, a [`CardSet`]'s) to holders with
/// capacities.
struct Matching<'a> {
    allowed: [u16; 64],
    start: [u8; 64],
    holder_of: [u8; 64],
    count: usize,
    load: [usize; MAX_HOLDERS],
    capacities: &'a [usize],
    holders: usize,
}

impl Matching<'_> {
    /// The `k`-th holder of `card`'s own rotated order, if `card` may go there.
    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    fn tour_stop(&self, card: usize, k: usize) -> Option<usize> {
        let h = (self.start[card] as usize + k) % self.holders;
        (self.allowed[card] & (1 << h) != 0).then_some(h)
    }

    /// Finds room for `card`: a holder with space, or one whose card can move elsewhere
    /// (`visited` keeps each holder to one visit per search).
    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    fn place(&mut self, card: usize, visited: &mut u16) -> bool {
        let free = (0..self.holders).filter_map(|k| self.tour_stop(card, k)).find(|&h| self.load[h] < self.capacities[h]);
        if let Some(h) = free {
            self.holder_of[card] = h as u8;
            self.load[h] += 1;
            return true;
        }
        for k in 0..self.holders {
            let Some(h) = self.tour_stop(card, k) else { continue };
            if *visited & (1 << h) != 0 {
                continue;
            }
            *visited |= 1 << h;
            // h is full: try to move one of its cards elsewhere, then take its place.
            for other in 0..self.count {
                if self.holder_of[other] == h as u8 && self.place(other, visited) {
                    self.load[h] -= 1;
                    self.holder_of[card] = h as u8;
                    self.load[h] += 1;
                    return true;
                }
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rng::seeded;

    #[test]
    fn respects_capacities_and_constraints() {
        let cards = CardSet::PACK_52;
        let mut rng = seeded(3);
        for _ in 0..200 {
            // Holder 0 may hold no spades, holder 1 only spades or hearts, holder 2 anything.
            let allowed = |c: Card, h: usize| match h {
                0 => c.suit_unchecked().index() != 0,
                1 => c.suit_unchecked().index() <= 1,
                _ => true,
            };
            let dealt = deal_consistent(cards, &[20, 20, 12], allowed, &mut rng).expect("a deal exists");
            assert_eq!(dealt.iter().map(|h| h.len()).collect::<Vec<_>>(), [[20, 20, 12].as_slice(), &[0; 13]].concat());
            assert_eq!(dealt.iter().fold(CardSet::EMPTY, |all, &h| all | h), cards, "every card dealt once");
            for (h, hand) in dealt.iter().enumerate() {
                assert!(hand.iter().all(|c| allowed(c, h)));
            }
        }
    }

    #[test]
    fn impossible_constraints_give_none() {
        let cards = CardSet::of_rank(crate::engine::cards::Rank::ACE);
        // Two holders of two cards each, but nobody may hold the ace of spades.
        let none = deal_consistent(cards, &[2, 2], |c, _| c.index() != 0, &mut seeded(1));
        assert!(none.is_none());
    }
}
