//! Several copies of the same card: the hands and piles of a two-deck game.
//!
//! Programmes plays with 108 cards: two 52-card decks and four jokers, so a hand may hold the same
//! card twice (the two copies are the same card for the rules). A [`CardMultiset`] keeps, for the
//! 52 ordinary cards, one bitmask of the cards held at least once and one of the cards held twice,
//! plus a count of jokers: every operation stays a handful of instructions, and a copy is 24
//! bytes.

use std::fmt;

use super::cards::{Card, CardSet, Rank, Suit};

/// A multiset of cards: at most two copies of each ordinary card, any number of jokers (a
/// 108-card pack has four).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CardMultiset {
    /// Bit i: card i is held at least once (bits 0..52; the joker is counted apart).
    once: u64,
    /// Bit i: card i is held twice. Always a subset of `once`.
    twice: u64,
    jokers: u8,
}

/// The 108 cards of Programmes in card order (each ordinary card twice, then four jokers), as a
/// table: deals copy it instead of building it card by card.
pub const PACK_108_CARDS: [Card; 108] = {
    let mut cards = [Card::JOKER; 108];
    let mut i = 0;
    while i < 104 {
        cards[i] = Card::from_index_const(i / 2);
        i += 1;
    }
    cards
};

impl CardMultiset {
    pub const EMPTY: CardMultiset = CardMultiset { once: 0, twice: 0, jokers: 0 };

    /// The 108 cards of Programmes: every ordinary card twice and four jokers.
    pub const PACK_108: CardMultiset = CardMultiset { once: CardSet::PACK_52.0, twice: CardSet::PACK_52.0, jokers: 4 };

    /// How many copies of `card` are held.
    #[inline(always)]
    pub fn count(self, card: Card) -> u8 {
        if card.is_joker() {
            self.jokers
        } else {
            let bit = 1u64 << card.index();
            u8::from(self.once & bit != 0) + u8::from(self.twice & bit != 0)
        }
    }

    #[inline(always)]
    pub fn contains(self, card: Card) -> bool {
        self.count(card) > 0
    }

    /// Adds one copy. Returns false (and changes nothing) when two copies of an ordinary card
    /// are already held: a third copy does not exist.
    #[inline(always)]
    pub fn insert(&mut self, card: Card) -> bool {
        if card.is_joker() {
            self.jokers += 1;
            return true;
        }
        let bit = 1u64 << card.index();
        if self.twice & bit != 0 {
            return false;
        }
        if self.once & bit != 0 {
            self.twice |= bit;
        } else {
            self.once |= bit;
        }
        true
    }

    /// Removes one copy. Returns false (and changes nothing) when the card is not held.
    #[inline(always)]
    pub fn remove(&mut self, card: Card) -> bool {
        if card.is_joker() {
            if self.jokers == 0 {
                return false;
            }
            self.jokers -= 1;
            return true;
        }
        let bit = 1u64 << card.index();
        if self.twice & bit != 0 {
            self.twice &= !bit;
        } else if self.once & bit != 0 {
            self.once &= !bit;
        } else {
            return false;
        }
        true
    }

    /// The number of cards, copies included.
    #[inline(always)]
    pub fn len(self) -> usize {
        (self.once.count_ones() + self.twice.count_ones()) as usize + self.jokers as usize
    }

    #[inline]
    pub fn is_empty(self) -> bool {
        self.once == 0 && self.jokers == 0
    }

    pub fn jokers(self) -> u8 {
        self.jokers
    }

    /// The distinct cards held (the joker included when there is at least one).
    #[inline]
    pub fn distinct(self) -> CardSet {
        let joker = if self.jokers > 0 { 1u64 << Card::JOKER.index() } else { 0 };
        CardSet(self.once | joker)
    }

    /// The ordinary cards held at least once, as a bitmask (bit i: card i).
    #[inline]
    pub fn once_mask(self) -> u64 {
        self.once
    }

    /// The ordinary cards held twice, as a bitmask (a subset of [`CardMultiset::once_mask`]).
    #[inline]
    pub fn twice_mask(self) -> u64 {
        self.twice
    }

    /// The ordinary cards of `once`, and a second copy of those of `twice` (which must be a
    /// subset of `once`); no joker.
    #[inline]
    pub fn from_masks(once: u64, twice: u64) -> CardMultiset {
        debug_assert!(twice & !once == 0 && once >> 52 == 0, "twice within once, ordinary cards only");
        CardMultiset { once, twice, jokers: 0 }
    }

    /// One copy of each ordinary card held twice.
    #[inline]
    pub fn from_doubles(m: CardMultiset) -> CardMultiset {
        CardMultiset { once: m.twice, twice: 0, jokers: 0 }
    }

    /// The ordinary cards held twice.
    #[inline]
    pub fn doubles(self) -> CardSet {
        CardSet(self.twice)
    }

    /// The cards of `set` held at least once, as a multiset keeping their copies.
    #[inline]
    pub fn restricted_to(self, set: CardSet) -> CardMultiset {
        CardMultiset { once: self.once & set.0, twice: self.twice & set.0, jokers: if set.contains(Card::JOKER) { self.jokers } else { 0 } }
    }

    /// Copies held of the cards in `set`, counted with their multiplicity.
    #[inline]
    pub fn count_in(self, set: CardSet) -> usize {
        self.restricted_to(set).len()
    }

    /// Whether every card of `other` is held here at least as many times.
    #[inline]
    pub fn contains_all(self, other: CardMultiset) -> bool {
        other.once & !self.once == 0 && other.twice & !self.twice == 0 && other.jokers <= self.jokers
    }

    /// Adds every card of `other`, or returns None if some card would have a third copy.
    pub fn checked_add(self, other: CardMultiset) -> Option<CardMultiset> {
        if (self.twice & other.once) | (self.once & other.twice) != 0 {
            return None;
        }
        Some(CardMultiset {
            once: self.once | other.once,
            twice: self.twice | other.twice | (self.once & other.once),
            jokers: self.jokers.checked_add(other.jokers)?,
        })
    }

    /// Removes every card of `other`, or returns None if `other` is not contained.
    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    pub fn checked_sub(self, other: CardMultiset) -> Option<CardMultiset> {
        if !self.contains_all(other) {
            return None;
        }
        Some(CardMultiset {
            once: (self.once & !other.once) | (self.twice & other.once & !other.twice),
            twice: self.twice & !other.once,
            jokers: self.jokers - other.jokers,
        })
    }

    /// The cards in card order (♠ A…K, ♥, ♦, ♣, then jokers), each copy once.
    pub fn iter(self) -> MultisetIter {
        MultisetIter { rest: self, second_copy: None }
    }

    pub fn from_cards<I: IntoIterator<Item = Card>>(cards: I) -> CardMultiset {
        let mut m = CardMultiset::EMPTY;
        for c in cards {
            assert!(m.insert(c), "a third copy of {c} does not exist");
        }
        m
    }

    /// The cards as notation strings, in card order, copies repeated.
    pub fn to_strings(self) -> Vec<String> {
        self.iter().map(|c| c.to_string()).collect()
    }

    /// Copies held of each suit's cards of `rank` (suit order ♠ ♥ ♦ ♣).
    pub fn rank_counts(self, rank: Rank) -> [u8; 4] {
        std::array::from_fn(|s| self.count(Card::new(rank, Suit::from_index(s))))
    }
}

/// The cards of a [`CardMultiset`] in card order, each copy once. A plain loop over the masks:
/// the playouts walk hands all the time, and chained iterator adapters stay out of line in the
/// worker's size-optimised build.
#[derive(Clone)]
pub struct MultisetIter {
    rest: CardMultiset,
    /// The second copy of the card just given, due next.
    second_copy: Option<Card>,
}

impl Iterator for MultisetIter {
    type Item = Card;

    #[inline]
    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    fn next(&mut self) -> Option<Card> {
        if let Some(card) = self.second_copy.take() {
            return Some(card);
        }
        let once = self.rest.once;
        if once != 0 {
            let i = once.trailing_zeros() as usize;
            let bit = 1u64 << i;
            self.rest.once &= !bit;
            let card = Card::from_index(i);
            if self.rest.twice & bit != 0 {
                self.rest.twice &= !bit;
                self.second_copy = Some(card);
            }
            return Some(card);
        }
        if self.rest.jokers > 0 {
            self.rest.jokers -= 1;
            return Some(Card::JOKER);
        }
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.rest.len() + usize::from(self.second_copy.is_some());
        (n, Some(n))
    }
}

impl fmt::Debug for CardMultiset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}]", self.to_strings().join(" "))
    }
}

impl FromIterator<Card> for CardMultiset {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardMultiset {
        CardMultiset::from_cards(iter)
    }
}

/// Written as the list of its cards in card order, copies repeated (`["7H", "7H", "JK"]`).
impl serde::Serialize for CardMultiset {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> serde::Deserialize<'de> for CardMultiset {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<CardMultiset, D::Error> {
        let cards = Vec::<Card>::deserialize(deserializer)?;
        let mut m = CardMultiset::EMPTY;
        for c in cards {
            if !m.insert(c) {
                return Err(serde::de::Error::custom(format!("{c} appears more than twice")));
            }
        }
        Ok(m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(s: &str) -> Card {
        s.parse().unwrap()
    }

    #[test]
    fn copies_are_counted() {
        let mut m = CardMultiset::EMPTY;
        assert!(m.insert(card("7H")));
        assert!(m.insert(card("7H")));
        assert!(!m.insert(card("7H")), "no third copy");
        assert!(m.insert(card("JK")));
        assert_eq!(m.count(card("7H")), 2);
        assert_eq!(m.len(), 3);
        assert_eq!(m.to_strings(), ["7H", "7H", "JK"]);
        assert!(m.remove(card("7H")));
        assert_eq!(m.count(card("7H")), 1);
        assert!(m.remove(card("7H")));
        assert!(!m.remove(card("7H")));
        assert_eq!(m.len(), 1);
    }

    #[test]
    fn the_pack_has_108_cards() {
        assert_eq!(PACK_108_CARDS.iter().copied().collect::<CardMultiset>(), CardMultiset::PACK_108);
        assert_eq!(PACK_108_CARDS.to_vec(), CardMultiset::PACK_108.iter().collect::<Vec<_>>());
        assert_eq!(CardMultiset::PACK_108.len(), 108);
        assert_eq!(CardMultiset::PACK_108.iter().count(), 108);
        assert_eq!(CardMultiset::PACK_108.count(Card::JOKER), 4);
    }

    #[test]
    fn adding_and_subtracting_agree_with_counts() {
        let a = CardMultiset::from_cards(["7H", "7H", "8H", "JK"].map(card));
        let b = CardMultiset::from_cards(["7H", "9H", "JK"].map(card));
        let sum = a.checked_add(CardMultiset::from_cards(["9H"].map(card))).unwrap();
        assert_eq!(sum.to_strings(), ["7H", "7H", "8H", "9H", "JK"]);
        assert!(a.checked_add(b).is_none(), "three 7H");
        assert!(sum.contains_all(b));
        let rest = sum.checked_sub(b).unwrap();
        assert_eq!(rest.to_strings(), ["7H", "8H"]);
        assert!(rest.checked_sub(b).is_none());
    }

    #[test]
    fn serde_round_trips() {
        let m = CardMultiset::from_cards(["AS", "AS", "10D", "JK", "JK"].map(card));
        let json = serde_json::to_string(&m).unwrap();
        assert_eq!(json, r#"["AS","AS","10D","JK","JK"]"#);
        assert_eq!(serde_json::from_str::<CardMultiset>(&json).unwrap(), m);
        assert!(serde_json::from_str::<CardMultiset>(r#"["AS","AS","AS"]"#).is_err());
    }
}
