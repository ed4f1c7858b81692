//! Dealing unseen cards again, consistently with what an observer knows.
//!
//! Every game's `determinize` reduces to this: some cards, some holders with an exact number of
//! cards each, and a rule saying which holder may hold which card (a player known to be void in a
//! rank, a hand that showed a card, …). Cards are taken in random order and placed with
//! augmenting paths (Kuhn's matching), so a consistent deal is always found when one exists.

use rand::Rng;

use super::cards::Card;
use super::rng::{index_below, shuffle};

/// Deals `cards` to holders `0..capacities.len()`, holder `h` receiving exactly `capacities[h]`
/// cards and only cards for which `allowed(card, h)` is true. Returns each holder's cards, or
/// `None` when no such deal exists (or the capacities do not add up to the number of cards).
pub fn deal_consistent<R: Rng + ?Sized>(
    cards: &[Card],
    capacities: &[usize],
    allowed: impl Fn(Card, usize) -> bool,
    rng: &mut R,
) -> Option<Vec<Vec<Card>>> {
    if capacities.iter().sum::<usize>() != cards.len() {
        return None;
    }
    let mut order: Vec<Card> = cards.to_vec();
    shuffle(&mut order, rng);
    let holders = capacities.len();
    // options[i]: holders allowed for order[i], in a random order.
    let options: Vec<Vec<usize>> = order
        .iter()
        .map(|&c| {
            let mut hs: Vec<usize> = (0..holders).filter(|&h| allowed(c, h)).collect();
            shuffle(&mut hs, rng);
            hs
        })
        .collect();
    if options.iter().any(Vec::is_empty) {
        return None;
    }
    let mut holder_of: Vec<Option<usize>> = vec![None; order.len()];
    let mut load = vec![0usize; holders];
    for card in 0..order.len() {
        let mut visited = vec![false; holders];
        if !place(card, &options, &mut holder_of, &mut load, capacities, &mut visited) {
            return None;
        }
    }
    let mut dealt: Vec<Vec<Card>> = vec![Vec::new(); holders];
    for (i, h) in holder_of.iter().enumerate() {
        dealt[h.expect("every card placed")].push(order[i]);
    }
    // Mixing the final hands hides the placement order (it is not part of any hand's meaning).
    for hand in &mut dealt {
        if hand.len() > 1 {
            let k = index_below(hand.len(), rng);
            hand.swap(0, k);
        }
    }
    Some(dealt)
}

/// Finds room for `card`: a holder with space, or one whose card can move elsewhere
/// (an augmenting path; `visited` keeps each holder to one visit per search).
fn place(
    card: usize,
    options: &[Vec<usize>],
    holder_of: &mut [Option<usize>],
    load: &mut [usize],
    capacities: &[usize],
    visited: &mut [bool],
) -> bool {
    if let Some(&h) = options[card].iter().find(|&&h| load[h] < capacities[h]) {
        holder_of[card] = Some(h);
        load[h] += 1;
        return true;
    }
    for &h in &options[card] {
        if visited[h] {
            continue;
        }
        visited[h] = true;
        // h is full: try to move one of its cards elsewhere, then take its place.
        for other in 0..holder_of.len() {
            if holder_of[other] == Some(h) && place(other, options, holder_of, load, capacities, visited) {
                load[h] -= 1;
                holder_of[card] = Some(h);
                load[h] += 1;
                return true;
            }
        }
    }
    false
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
