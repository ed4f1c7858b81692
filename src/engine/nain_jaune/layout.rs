//! A deal of Nain Jaune laid out: the hands and the talon, as a record gives them or as a seeded
//! shuffle deals them.

use super::*;

/// Where each card of one deal goes: the hands in seat order and the talon.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub hands: Vec<CardSet>,
    pub talon: CardSet,
}

/// Deals a shuffled pack: one card at a time from `first` onwards (`next` gives the order), the
/// hand sizes of [`deal_sizes`], the remainder to the talon.
pub fn deal_from<R: Rng>(rng: &mut R, players: usize, first: Seat, next: impl Fn(Seat) -> Seat) -> Layout {
    let (hands, talon) = deal_hands(rng, players, first, next);
    Layout { hands: hands[..players].to_vec(), talon }
}

/// [`deal_from`] without allocating (playouts deal millions of times).
///
/// The same draws and the same deal as shuffling the pack with `rng::shuffle` and then dealing it
/// from the top, in one pass: Fisher–Yates fixes the pack from its last position down, so each
/// card is dealt as soon as its position is final. Positions beyond the hands are the talon, and
/// position `p` of the hands goes to the `p % players`-th seat from `first`.
pub(super) fn deal_hands<R: Rng>(
    rng: &mut R,
    players: usize,
    first: Seat,
    next: impl Fn(Seat) -> Seat,
) -> ([CardSet; MAX_PLAYERS], CardSet) {
    let (per_hand, _) = deal_sizes(players);
    let dealt = per_hand * players;
    // 64 entries and masked indices: no bounds checks (positions are below 52). Position `i` is
    // never read again once fixed, so it is not written.
    let mut pack: [u8; 64] = std::array::from_fn(|i| i as u8);
    let mut talon = 0u64;
    let mut i = 51;
    while i >= dealt {
        let j = below(rng, i as u32 + 1) as usize & 63;
        let card = pack[j];
        pack[j] = pack[i & 63];
        talon |= 1 << card;
        i -= 1;
    }
    // Hands in deal order (the first seat's first): position i goes to the (i % players)-th,
    // counted down without dividing.
    let mut hands_dealt = [0u64; MAX_PLAYERS];
    let mut hand = players - 1;
    while i >= 1 {
        let j = below(rng, i as u32 + 1) as usize & 63;
        let card = pack[j];
        pack[j] = pack[i & 63];
        hands_dealt[slot(hand)] |= 1 << card;
        hand = if hand == 0 { players - 1 } else { hand - 1 };
        i -= 1;
    }
    hands_dealt[0] |= 1 << pack[0];
    let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
    let mut seat = first;
    for &cards in &hands_dealt[..players] {
        hands[slot(seat)] = CardSet(cards);
        seat = next(seat);
    }
    (hands, CardSet(talon))
}
