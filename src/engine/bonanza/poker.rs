//! Poker hands for the Poker call (docs/rules/bonanza.md §5.6): the best five of any number of
//! cards, the joker fully wild.
//!
//! A hand's strength is one comparable number, [`HandValue`]: the category in the high bits, then
//! the five ranks that decide within the category, most significant first (ace high; the
//! five-high straight A-2-3-4-5 counts its top card as the five). Equal values are exact ties.
//!
//! The joker may stand for any of the 52 cards, even one the player already holds (five of a kind
//! needs exactly that). So a flush with the joker always counts it as an ace of the flush suit, and
//! a joker beside four of a kind makes five of a kind. (docs/rules/bonanza.md §5.6.)
//!
//! Evaluation works on per-suit rank masks (bit 0 = two … bit 12 = ace), so the best hand of 5 to
//! 18 cards costs a few dozen bit operations, whatever the number of cards.

use serde::{Deserialize, Serialize};

use crate::engine::cards::{Card, CardSet};

/// The ten categories, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Category {
    HighCard,
    Pair,
    TwoPairs,
    ThreeOfAKind,
    Straight,
    Flush,
    FullHouse,
    FourOfAKind,
    StraightFlush,
    /// Four natural cards of a rank and the joker.
    FiveOfAKind,
}

impl Category {
    const ALL: [Category; 10] = [
        Category::HighCard,
        Category::Pair,
        Category::TwoPairs,
        Category::ThreeOfAKind,
        Category::Straight,
        Category::Flush,
        Category::FullHouse,
        Category::FourOfAKind,
        Category::StraightFlush,
        Category::FiveOfAKind,
    ];

    /// The English name, as events say it.
    pub fn name(self) -> &'static str {
        match self {
            Category::HighCard => "high card",
            Category::Pair => "one pair",
            Category::TwoPairs => "two pairs",
            Category::ThreeOfAKind => "three of a kind",
            Category::Straight => "straight",
            Category::Flush => "flush",
            Category::FullHouse => "full house",
            Category::FourOfAKind => "four of a kind",
            Category::StraightFlush => "straight flush",
            Category::FiveOfAKind => "five of a kind",
        }
    }
}

/// A poker hand's strength: a greater value is a better hand, equal values tie.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct HandValue(pub u32);

impl HandValue {
    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    fn new(category: Category, ranks: [u8; 5]) -> HandValue {
        let mut v = (category as u32) << 20;
        for (i, r) in ranks.iter().enumerate() {
            v |= u32::from(*r) << (16 - 4 * i);
        }
        HandValue(v)
    }

    pub fn category(self) -> Category {
        Category::ALL[(self.0 >> 20) as usize]
    }

    /// The deciding ranks, most significant first, as ace-high indices (0 = two … 12 = ace).
    /// Slots a category does not use are 0.
    pub fn ranks(self) -> [u8; 5] {
        std::array::from_fn(|i| ((self.0 >> (16 - 4 * i)) & 0xF) as u8)
    }

    /// The ranks of the five cards that make this value, as ace-high indices, each repeated as
    /// often as it appears (a full house of kings over fives: K K K 5 5).
    pub fn five_ranks(self) -> [u8; 5] {
        let r = self.ranks();
        match self.category() {
            Category::FiveOfAKind => [r[0]; 5],
            Category::StraightFlush | Category::Straight => {
                if r[0] == 3 {
                    [3, 2, 1, 0, 12]
                } else {
                    std::array::from_fn(|i| r[0] - i as u8)
                }
            }
            Category::FourOfAKind => [r[0], r[0], r[0], r[0], r[1]],
            Category::FullHouse => [r[0], r[0], r[0], r[1], r[1]],
            Category::ThreeOfAKind => [r[0], r[0], r[0], r[1], r[2]],
            Category::TwoPairs => [r[0], r[0], r[1], r[1], r[2]],
            Category::Pair => [r[0], r[0], r[1], r[2], r[3]],
            Category::Flush | Category::HighCard => r,
        }
    }
}

/// The ace-high index of a card's rank: two 0 … king 11, ace 12.
pub fn high_rank(card: Card) -> u8 {
    let r = card.rank_unchecked().index() as u8;
    if r == 0 {
        12
    } else {
        r - 1
    }
}

/// Per-suit rank masks, ace high (bit 0 = two … bit 12 = ace); the joker is left out.
#[inline]
pub fn suit_masks(cards: CardSet) -> [u16; 4] {
    std::array::from_fn(|s| {
        let bits = ((cards.0 >> (13 * s)) & 0x1FFF) as u16;
        (bits >> 1) | ((bits & 1) << 12)
    })
}

#[inline]
fn top(mask: u16) -> u8 {
    debug_assert!(mask != 0);
    (15 - mask.leading_zeros()) as u8
}

/// The `N` highest ranks of `mask`, highest first (0 where the mask runs out).
#[inline]
#[cfg_attr(feature = "fast-ai", optimize(speed))]
fn top_n<const N: usize>(mut mask: u16) -> [u8; N] {
    let mut out = [0; N];
    for slot in out.iter_mut() {
        if mask == 0 {
            break;
        }
        let t = top(mask);
        *slot = t;
        mask &= !(1 << t);
    }
    out
}

/// The top card of the best straight in `mask`, if any (3 for the five-high A-2-3-4-5).
#[inline]
#[cfg_attr(feature = "fast-ai", optimize(speed))]
fn straight_top(mask: u16) -> Option<u8> {
    let runs = mask & (mask << 1) & (mask << 2) & (mask << 3) & (mask << 4);
    if runs != 0 {
        Some(top(runs))
    } else if mask & 0x100F == 0x100F {
        Some(3)
    } else {
        None
    }
}

/// The top card of the best straight in `mask` when one card may be supplied by the joker.
#[inline]
#[cfg_attr(feature = "fast-ai", optimize(speed))]
fn straight_top_with_joker(mask: u16) -> Option<u8> {
    for t in (4..=12u8).rev() {
        let need = 0x1Fu16 << (t - 4);
        if (need & !mask).count_ones() <= 1 {
            return Some(t);
        }
    }
    ((0x100Fu16 & !mask).count_ones() <= 1).then_some(3)
}

/// Masks of the ranks held at least twice, three times, four times.
#[inline]
#[cfg_attr(feature = "fast-ai", optimize(speed))]
fn multiples(m: [u16; 4]) -> (u16, u16, u16) {
    let [a, b, c, d] = m;
    let two = (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d);
    let three = (a & b & c) | (a & b & d) | (a & c & d) | (b & c & d);
    (two, three, a & b & c & d)
}

/// The best five of natural cards (at least five of them).
fn best_natural(m: [u16; 4]) -> HandValue {
    let all = m[0] | m[1] | m[2] | m[3];
    let (two, three, four) = multiples(m);
    let mut flush: Option<HandValue> = None;
    let mut straight_flush: Option<u8> = None;
    for &suit in &m {
        if suit.count_ones() >= 5 {
            if let Some(t) = straight_top(suit) {
                straight_flush = straight_flush.max(Some(t));
            }
            flush = flush.max(Some(HandValue::new(Category::Flush, top_n::<5>(suit))));
        }
    }
    if let Some(t) = straight_flush {
        return HandValue::new(Category::StraightFlush, [t, 0, 0, 0, 0]);
    }
    if four != 0 {
        let q = top(four);
        return HandValue::new(Category::FourOfAKind, [q, top(all & !(1 << q)), 0, 0, 0]);
    }
    if three != 0 {
        let t = top(three);
        let pairs = two & !(1 << t);
        if pairs != 0 {
            return HandValue::new(Category::FullHouse, [t, top(pairs), 0, 0, 0]);
        }
    }
    if let Some(f) = flush {
        return f;
    }
    if let Some(t) = straight_top(all) {
        return HandValue::new(Category::Straight, [t, 0, 0, 0, 0]);
    }
    if three != 0 {
        let t = top(three);
        let [k1, k2] = top_n::<2>(all & !(1 << t));
        return HandValue::new(Category::ThreeOfAKind, [t, k1, k2, 0, 0]);
    }
    if two.count_ones() >= 2 {
        let [p1, p2] = top_n::<2>(two);
        let kicker = top(all & !(1 << p1) & !(1 << p2));
        return HandValue::new(Category::TwoPairs, [p1, p2, kicker, 0, 0]);
    }
    if two != 0 {
        let p = top(two);
        let [k1, k2, k3] = top_n::<3>(all & !(1 << p));
        return HandValue::new(Category::Pair, [p, k1, k2, k3, 0]);
    }
    HandValue::new(Category::HighCard, top_n::<5>(all))
}

/// The best five of at least four natural cards and the joker.
fn best_with_joker(m: [u16; 4]) -> HandValue {
    let all = m[0] | m[1] | m[2] | m[3];
    let (two, three, four) = multiples(m);
    if four != 0 {
        return HandValue::new(Category::FiveOfAKind, [top(four), 0, 0, 0, 0]);
    }
    let mut flush: Option<HandValue> = None;
    let mut straight_flush: Option<u8> = None;
    for &suit in &m {
        if suit.count_ones() >= 4 {
            if let Some(t) = straight_top_with_joker(suit) {
                straight_flush = straight_flush.max(Some(t));
            }
            // The joker is an ace of the suit, even beside the natural ace.
            let [a, b, c, d] = top_n::<4>(suit);
            let ranks = if a == 12 { [12, 12, b, c, d] } else { [12, a, b, c, d] };
            flush = flush.max(Some(HandValue::new(Category::Flush, ranks)));
        }
    }
    if let Some(t) = straight_flush {
        return HandValue::new(Category::StraightFlush, [t, 0, 0, 0, 0]);
    }
    if three != 0 {
        let q = top(three);
        return HandValue::new(Category::FourOfAKind, [q, top(all & !(1 << q)), 0, 0, 0]);
    }
    if two.count_ones() >= 2 {
        let [p1, p2] = top_n::<2>(two);
        return HandValue::new(Category::FullHouse, [p1, p2, 0, 0, 0]);
    }
    if let Some(f) = flush {
        return f;
    }
    if let Some(t) = straight_top_with_joker(all) {
        return HandValue::new(Category::Straight, [t, 0, 0, 0, 0]);
    }
    if two != 0 {
        let t = top(two);
        let [k1, k2] = top_n::<2>(all & !(1 << t));
        return HandValue::new(Category::ThreeOfAKind, [t, k1, k2, 0, 0]);
    }
    let p = top(all);
    let [k1, k2, k3] = top_n::<3>(all & !(1 << p));
    HandValue::new(Category::Pair, [p, k1, k2, k3, 0])
}

/// The value of the best five cards of `hand` (at least five cards; the joker fully wild).
#[cfg_attr(feature = "fast-ai", optimize(speed))]
pub fn best_hand(hand: CardSet) -> HandValue {
    debug_assert!(hand.len() >= 5, "a poker hand has at least five cards");
    let m = suit_masks(hand);
    if hand.contains(Card::JOKER) {
        best_with_joker(m)
    } else {
        best_natural(m)
    }
}

/// The value of exactly five natural cards (no joker).
pub fn five_card_value(cards: [Card; 5]) -> HandValue {
    debug_assert!(cards.iter().all(|c| !c.is_joker()));
    best_natural(suit_masks(CardSet::from_cards(cards)))
}

/// The five cards a winner shows: five of `hand` making its best value. The joker is shown only
/// when no five natural cards make the same value; otherwise the lowest card indices are chosen
/// rank by rank, so the choice is deterministic.
pub fn winning_five(hand: CardSet) -> CardSet {
    let value = best_hand(hand);
    let naturals = hand - CardSet::from_cards([Card::JOKER]);
    let five = value.five_ranks();
    let suited = matches!(value.category(), Category::Flush | Category::StraightFlush);
    let suits: &[usize] = if suited { &[0, 1, 2, 3] } else { &[4] };
    // Without the joker first (the natural choice), then with it.
    for allow_joker in [false, true] {
        if allow_joker && !hand.contains(Card::JOKER) {
            break;
        }
        for &suit in suits {
            if let Some(cards) = pick_five(naturals, five, suit, allow_joker) {
                if suited || allow_joker || best_hand(cards) == value {
                    return cards;
                }
            }
        }
    }
    unreachable!("the best value of a hand is made by five of its cards")
}

/// Five cards of the given ranks from `naturals` (of one suit when `suit` < 4), the joker filling
/// at most one rank when allowed.
fn pick_five(naturals: CardSet, ranks: [u8; 5], suit: usize, allow_joker: bool) -> Option<CardSet> {
    let mut chosen = CardSet::EMPTY;
    let mut joker_used = !allow_joker;
    for &r in &ranks {
        let index = if r == 12 { 0 } else { r as usize + 1 };
        let candidates = (0..4usize)
            .filter(|&s| suit == 4 || s == suit)
            .map(|s| Card::from_index(s * 13 + index))
            .find(|&c| naturals.contains(c) && !chosen.contains(c));
        match candidates {
            Some(c) => chosen.insert(c),
            None if !joker_used => {
                joker_used = true;
                chosen.insert(Card::JOKER);
            }
            None => return None,
        }
    }
    Some(chosen)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::cards::parse_cards;
    use crate::engine::rng::{seeded, shuffle};

    fn value(cards: &str) -> HandValue {
        best_hand(CardSet::from_cards(parse_cards(cards).unwrap()))
    }

    /// An independent evaluator: exactly five cards given as (ace-high rank, suit), duplicates
    /// allowed, written the textbook way (sort, count, compare).
    fn textbook(cards: [(u8, u8); 5]) -> HandValue {
        let mut ranks: Vec<u8> = cards.iter().map(|c| c.0).collect();
        ranks.sort_unstable_by(|a, b| b.cmp(a));
        let flush = cards.iter().all(|c| c.1 == cards[0].1);
        let distinct = ranks.windows(2).all(|w| w[0] != w[1]);
        let straight = if distinct && ranks[0] - ranks[4] == 4 {
            Some(ranks[0])
        } else if ranks == [12, 3, 2, 1, 0] {
            Some(3)
        } else {
            None
        };
        // Groups: (count, rank), biggest count first, then highest rank.
        let mut groups: Vec<(u8, u8)> = Vec::new();
        for &r in &ranks {
            match groups.iter_mut().find(|g| g.1 == r) {
                Some(g) => g.0 += 1,
                None => groups.push((1, r)),
            }
        }
        groups.sort_unstable_by(|a, b| b.cmp(a));
        let mut slots = [0u8; 5];
        for (i, g) in groups.iter().enumerate() {
            slots[i] = g.1;
        }
        let shape: Vec<u8> = groups.iter().map(|g| g.0).collect();
        let (category, slots) = match (straight, flush, shape.as_slice()) {
            (_, _, [5]) => (Category::FiveOfAKind, slots),
            (Some(t), true, _) => (Category::StraightFlush, [t, 0, 0, 0, 0]),
            (_, _, [4, 1]) => (Category::FourOfAKind, slots),
            (_, _, [3, 2]) => (Category::FullHouse, slots),
            (_, true, _) => (Category::Flush, ranks.clone().try_into().unwrap()),
            (Some(t), false, _) => (Category::Straight, [t, 0, 0, 0, 0]),
            (_, _, [3, 1, 1]) => (Category::ThreeOfAKind, slots),
            (_, _, [2, 2, 1]) => (Category::TwoPairs, slots),
            (_, _, [2, 1, 1, 1]) => (Category::Pair, slots),
            _ => (Category::HighCard, ranks.clone().try_into().unwrap()),
        };
        HandValue::new(category, slots)
    }

    fn as_pair(c: Card) -> (u8, u8) {
        (high_rank(c), c.suit_unchecked().index() as u8)
    }

    /// The best hand by brute force: every five of the cards, the joker tried as each of the 52.
    fn brute_force(hand: &[Card]) -> HandValue {
        let n = hand.len();
        let mut best = HandValue(0);
        for mask in 0u32..(1 << n) {
            if mask.count_ones() != 5 {
                continue;
            }
            let five: Vec<Card> = (0..n).filter(|i| mask & (1 << i) != 0).map(|i| hand[i]).collect();
            let joker = five.iter().position(|c| c.is_joker());
            let substitutes: Vec<(u8, u8)> = match joker {
                None => vec![(0, 0)],
                Some(_) => (0..13).flat_map(|r| (0..4).map(move |s| (r, s))).collect(),
            };
            for sub in substitutes {
                let cards: [(u8, u8); 5] = std::array::from_fn(|i| if five[i].is_joker() { sub } else { as_pair(five[i]) });
                best = best.max(textbook(cards));
            }
        }
        best
    }

    #[test]
    fn categories_rank_as_the_rules_list_them() {
        let order = [
            "2S 3S 4H 5D 7C",  // high card
            "2S 2H 4H 5D 7C",  // pair
            "2S 2H 4H 4D 7C",  // two pairs
            "2S 2H 2D 5D 7C",  // three of a kind
            "AS 2H 3D 4D 5C",  // the lowest straight
            "6S 2H 3D 4D 5C",  // a higher straight
            "2S 3S 4S 5S 7S",  // flush
            "2S 2H 2D 5D 5C",  // full house
            "2S 2H 2D 2C 5C",  // four of a kind
            "AS 2S 3S 4S 5S",  // the lowest straight flush
            "10S JS QS KS AS", // the highest
            "2S 2H 2D 2C JK",  // five of a kind
        ];
        let values: Vec<HandValue> = order.iter().map(|h| value(h)).collect();
        assert!(values.windows(2).all(|w| w[0] < w[1]), "{values:?}");
        assert_eq!(value("AS 2H 3D 4D 5C").category(), Category::Straight);
        assert_eq!(value("KS AH 2D 3D 4C").category(), Category::HighCard, "no wrap-around");
    }

    #[test]
    fn the_joker_is_fully_wild() {
        assert_eq!(value("AS AH AD AC JK").category(), Category::FiveOfAKind);
        assert_eq!(value("AS AH AD 2C JK").category(), Category::FourOfAKind);
        assert_eq!(value("KS KH 5D 5C JK"), value("KS KH KD 5C 5H"), "two pairs and the joker: a full house");
        assert_eq!(value("2H 7H 9H KH JK").ranks(), [12, 11, 7, 5, 0], "a flush counts the joker as the ace");
        assert_eq!(value("AH 7H 9H KH JK").ranks(), [12, 12, 11, 7, 5], "even beside the natural ace");
        assert_eq!(value("9C 10C QC KC JK").category(), Category::StraightFlush);
        assert_eq!(value("9C 10C QC KC JK").ranks()[0], 11, "the joker fills the gap: 9 to K");
        assert_eq!(value("10C JC QC KC JK").ranks()[0], 12, "the joker is the ace on top");
        assert_eq!(value("2S 5H 8D JC JK"), value("JS JD 8D 5H 2S"), "a lone joker pairs the highest card");
    }

    #[test]
    fn best_five_of_many_cards_matches_brute_force() {
        let mut rng = seeded(11);
        let mut pack: Vec<Card> = CardSet::PACK_53.iter().collect();
        for round in 0..3000 {
            shuffle(&mut pack, &mut rng);
            let n = 5 + round % 5;
            let hand = &pack[..n];
            let set = CardSet::from_cards(hand.iter().copied());
            assert_eq!(best_hand(set), brute_force(hand), "{:?}", set.to_strings());
            let five = winning_five(set);
            assert_eq!(five.len(), 5);
            assert_eq!(five - set, CardSet::EMPTY, "shown cards come from the hand");
            assert_eq!(best_hand(five), best_hand(set), "the five shown make the hand's value");
            if five.contains(Card::JOKER) && set.len() > 5 {
                assert!(best_hand(set - CardSet::from_cards([Card::JOKER])) < best_hand(set), "the joker is shown only when needed");
            }
        }
    }
}
