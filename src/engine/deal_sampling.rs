//! Dealing unseen cards again, consistently with what an observer knows.
//!
//! Every game's `determinize` reduces to this: some cards, some holders with an exact number of
//! cards each, and a rule saying which holder may hold which card (a player known to be void in a
//! rank, a hand that showed a card, …). Cards are taken in random order and placed with
//! augmenting paths (Kuhn's matching), so a consistent deal is always found when one exists.

use rand::Rng;

use super::cards::Card;
use super::rng::{index_below, shuffle};

/// Deals `cards` to holders `0..capacities.len()` (at most 16), holder `h` receiving exactly
/// `capacities[h]` cards and only cards for which `allowed(card, h)` is true. Returns each holder's
/// cards, or `None` when no such deal exists (or the capacities do not add up to the number of
/// cards). Runs once per search iteration, so it keeps allocations to a handful.
pub fn deal_consistent<R: Rng + ?Sized>(
    cards: &[Card],
    capacities: &[usize],
    allowed: impl Fn(Card, usize) -> bool,
    rng: &mut R,
) -> Option<Vec<Vec<Card>>> {
    let holders = capacities.len();
    assert!(holders <= 16, "at most 16 holders");
    if capacities.iter().sum::<usize>() != cards.len() {
        return None;
    }
    let mut order: Vec<Card> = cards.to_vec();
    shuffle(&mut order, rng);
    let mut search = Matching {
        // Each card's allowed holders as a bitmask, and where its tour of them starts (a random
        // rotation, so equally placed cards do not all pile onto the first holder).
        allowed: order.iter().map(|&c| (0..holders).filter(|&h| allowed(c, h)).fold(0u16, |m, h| m | 1 << h)).collect(),
        start: order.iter().map(|_| index_below(holders.max(1), rng) as u8).collect(),
        holder_of: vec![u8::MAX; order.len()],
        load: [0; 16],
        capacities,
        holders,
    };
    if search.allowed.contains(&0) {
        return None;
    }
    for card in 0..order.len() {
        if !search.place(card, &mut 0) {
            return None;
        }
    }
    let mut dealt: Vec<Vec<Card>> = capacities.iter().map(|&n| Vec::with_capacity(n)).collect();
    for (i, &h) in search.holder_of.iter().enumerate() {
        dealt[h as usize].push(order[i]);
    }
    Some(dealt)
}

/// Kuhn's augmenting-path matching of cards to holders with capacities.
struct Matching<'a> {
    allowed: Vec<u16>,
    start: Vec<u8>,
    holder_of: Vec<u8>,
    load: [usize; 16],
    capacities: &'a [usize],
    holders: usize,
}

impl Matching<'_> {
    /// The holders `card` may go to, in its own rotated order.
    fn tour(&self, card: usize) -> impl Iterator<Item = usize> + '_ {
        let (n, first) = (self.holders, self.start[card] as usize);
        (0..n).map(move |k| (first + k) % n).filter(move |&h| self.allowed[card] & (1 << h) != 0)
    }

    /// Finds room for `card`: a holder with space, or one whose card can move elsewhere
    /// (`visited` keeps each holder to one visit per search).
    fn place(&mut self, card: usize, visited: &mut u16) -> bool {
        let free = self.tour(card).find(|&h| self.load[h] < self.capacities[h]);
        if let Some(h) = free {
            self.holder_of[card] = h as u8;
            self.load[h] += 1;
            return true;
        }
        let tour: Vec<usize> = self.tour(card).collect();
        for h in tour {
            if *visited & (1 << h) != 0 {
                continue;
            }
            *visited |= 1 << h;
            // h is full: try to move one of its cards elsewhere, then take its place.
            for other in 0..self.holder_of.len() {
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
    use crate::engine::cards::CardSet;
    use crate::engine::rng::seeded;

    #[test]
    fn respects_capacities_and_constraints() {
        let cards: Vec<Card> = CardSet::PACK_52.iter().collect();
        let mut rng = seeded(3);
        for _ in 0..200 {
            // Holder 0 may hold no spades, holder 1 only spades or hearts, holder 2 anything.
            let allowed = |c: Card, h: usize| match h {
                0 => c.suit_unchecked().index() != 0,
                1 => c.suit_unchecked().index() <= 1,
                _ => true,
            };
            let dealt = deal_consistent(&cards, &[20, 20, 12], allowed, &mut rng).expect("a deal exists");
            assert_eq!(dealt.iter().map(Vec::len).collect::<Vec<_>>(), [20, 20, 12]);
            for (h, hand) in dealt.iter().enumerate() {
                assert!(hand.iter().all(|&c| allowed(c, h)));
            }
        }
    }

    #[test]
    fn impossible_constraints_give_none() {
        let cards: Vec<Card> = CardSet::of_rank(crate::engine::cards::Rank::ACE).iter().collect();
        // Two holders of two cards each, but nobody may hold the ace of spades.
        let none = deal_consistent(&cards, &[2, 2], |c, _| c.index() != 0, &mut seeded(1));
        assert!(none.is_none());
    }
}
