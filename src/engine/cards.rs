//! Cards, their notation (`10D`, `QS`, `JK`) and compact sets of cards.
//!
//! A [`Card`] is one byte: `suit * 13 + rank` for the 52 French-suited cards and 52 for the joker.
//! A [`CardSet`] is a 64-bit mask over those 53 cards, so hand operations are single instructions;
//! games with two decks (Programmes) count copies elsewhere, since the copies are the same card for
//! the rules.

use std::fmt;
use std::str::FromStr;

/// The four suits, in the order the notation lists them (and Bonanza ranks them): ♠ ♥ ♦ ♣.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suit {
    Spades = 0,
    Hearts = 1,
    Diamonds = 2,
    Clubs = 3,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    // The one-line accessors here (and the race's card helpers) are always inlined: the wasm is
    // built for size (opt-level z), which otherwise leaves them as calls in the playouts' loops.
    // The other small helpers of this file are `#[inline]`: a hint that only the AI worker's
    // speed-optimised functions act on (feature `fast-ai`, src/lib.rs); the page's size-optimised
    // code ignores it.
    #[inline(always)]
    pub fn index(self) -> usize {
        self as usize
    }

    #[inline(always)]
    pub fn from_index(i: usize) -> Suit {
        Suit::ALL[i]
    }

    /// The notation letter: `S H D C`.
    pub fn letter(self) -> char {
        ['S', 'H', 'D', 'C'][self.index()]
    }

    /// The printed symbol: ♠ ♥ ♦ ♣.
    pub fn symbol(self) -> char {
        ['♠', '♥', '♦', '♣'][self.index()]
    }

    #[inline]
    pub fn is_red(self) -> bool {
        matches!(self, Suit::Hearts | Suit::Diamonds)
    }
}

/// Ranks from the ace to the king. The numeric order here is the notation's (ace first); each
/// game decides whether its aces are low or high.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rank(u8);

impl Rank {
    pub const ACE: Rank = Rank(0);
    pub const TWO: Rank = Rank(1);
    pub const SEVEN: Rank = Rank(6);
    pub const TEN: Rank = Rank(9);
    pub const JACK: Rank = Rank(10);
    pub const QUEEN: Rank = Rank(11);
    pub const KING: Rank = Rank(12);

    /// All thirteen ranks, ace to king.
    pub fn all() -> impl Iterator<Item = Rank> {
        (0..13).map(Rank)
    }

    /// `index` 0 is the ace, 12 the king. Panics above 12.
    #[inline(always)]
    pub fn from_index(index: usize) -> Rank {
        assert!(index < 13, "rank index {index} out of range");
        Rank(index as u8)
    }

    #[inline(always)]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The rank one above in ace-low order (none above the king).
    #[inline]
    pub fn next_up(self) -> Option<Rank> {
        (self.0 < 12).then(|| Rank(self.0 + 1))
    }

    /// Face value with the ace as 1 and the court cards as 11, 12, 13.
    #[inline]
    pub fn pips(self) -> u32 {
        self.0 as u32 + 1
    }

    /// The notation: `A 2 … 10 J Q K`.
    pub fn label(self) -> &'static str {
        ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"][self.index()]
    }

    fn parse(s: &str) -> Option<Rank> {
        Rank::all().find(|r| r.label() == s)
    }
}

/// A rank is written as its label (`"10"`, `"Q"`).
impl serde::Serialize for Rank {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.label())
    }
}

impl<'de> serde::Deserialize<'de> for Rank {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Rank, D::Error> {
        let s = String::deserialize(deserializer)?;
        Rank::parse(&s).ok_or_else(|| serde::de::Error::custom(format!("'{s}' is not a rank")))
    }
}

/// One card of the 53 (52 + joker).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    pub const JOKER: Card = Card(52);

    #[inline]
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card(suit as u8 * 13 + rank.0)
    }

    /// The card with this index (0..=52); the order is the [`CardSet`] order.
    #[inline(always)]
    pub fn from_index(index: usize) -> Card {
        assert!(index <= 52, "card index {index} out of range");
        Card(index as u8)
    }

    #[inline(always)]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// [`Card::from_index`] for constant expressions (no check).
    pub const fn from_index_const(index: usize) -> Card {
        Card(index as u8)
    }

    /// [`Card::index`] for constant expressions.
    pub const fn index_const(self) -> u32 {
        self.0 as u32
    }

    #[inline]
    pub fn is_joker(self) -> bool {
        self == Card::JOKER
    }

    /// The rank; `None` for the joker.
    #[inline]
    pub fn rank(self) -> Option<Rank> {
        (!self.is_joker()).then_some(Rank(self.0 % 13))
    }

    /// The suit; `None` for the joker.
    #[inline]
    pub fn suit(self) -> Option<Suit> {
        (!self.is_joker()).then(|| Suit::from_index((self.0 / 13) as usize))
    }

    /// Rank of a card known not to be the joker.
    #[inline(always)]
    pub fn rank_unchecked(self) -> Rank {
        Rank(self.0 % 13)
    }

    /// Suit of a card known not to be the joker.
    #[inline(always)]
    pub fn suit_unchecked(self) -> Suit {
        Suit::from_index((self.0 / 13) as usize)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_joker() {
            f.write_str("JK")
        } else {
            write!(f, "{}{}", self.rank_unchecked().label(), self.suit_unchecked().letter())
        }
    }
}

/// Why a card could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadCard(pub String);

impl fmt::Display for BadCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a card (write the rank A 2 3 4 5 6 7 8 9 10 J Q K then the suit S H D C, e.g. 10D, or JK for the joker)",
            self.0
        )
    }
}

impl std::error::Error for BadCard {}

impl FromStr for Card {
    type Err = BadCard;

    fn from_str(s: &str) -> Result<Card, BadCard> {
        if s == "JK" {
            return Ok(Card::JOKER);
        }
        let bad = || BadCard(s.to_string());
        let suit_char = s.chars().last().ok_or_else(bad)?;
        let suit = Suit::ALL.into_iter().find(|x| x.letter() == suit_char).ok_or_else(bad)?;
        let rank = Rank::parse(&s[..s.len() - 1]).ok_or_else(bad)?;
        Ok(Card::new(rank, suit))
    }
}

impl serde::Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Card {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Card, D::Error> {
        let s = String::deserialize(deserializer)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// The four cards of each rank, looked up rather than computed (hot in playouts).
const RANK_MASKS: [CardSet; 13] = {
    let mut masks = [CardSet(0); 13];
    let mut r = 0;
    while r < 13 {
        masks[r] = CardSet((1 << r) | (1 << (r + 13)) | (1 << (r + 26)) | (1 << (r + 39)));
        r += 1;
    }
    masks
};

/// A set of distinct cards as a bitmask, iterated in card-index order (♠ A..K, ♥, ♦, ♣, joker).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CardSet(pub u64);

impl CardSet {
    pub const EMPTY: CardSet = CardSet(0);
    /// The 52 cards without the joker.
    pub const PACK_52: CardSet = CardSet((1u64 << 52) - 1);
    /// The 52 cards and the joker.
    pub const PACK_53: CardSet = CardSet((1u64 << 53) - 1);

    /// The four cards of one rank.
    #[inline]
    pub const fn of_rank(rank: Rank) -> CardSet {
        RANK_MASKS[rank.0 as usize]
    }

    /// The thirteen cards of one suit.
    #[inline]
    pub const fn of_suit(suit: Suit) -> CardSet {
        CardSet(((1u64 << 13) - 1) << (suit as u64 * 13))
    }

    pub fn from_cards<I: IntoIterator<Item = Card>>(cards: I) -> CardSet {
        let mut set = CardSet::EMPTY;
        for c in cards {
            set.insert(c);
        }
        set
    }

    #[inline]
    pub fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.0) != 0
    }

    #[inline]
    pub fn insert(&mut self, card: Card) {
        self.0 |= 1 << card.0;
    }

    #[inline]
    pub fn remove(&mut self, card: Card) {
        self.0 &= !(1 << card.0);
    }

    #[inline]
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub fn intersects(self, other: CardSet) -> bool {
        self.0 & other.0 != 0
    }

    /// The lowest-index card, if any.
    #[inline]
    pub fn first(self) -> Option<Card> {
        (self.0 != 0).then(|| Card(self.0.trailing_zeros() as u8))
    }

    #[inline]
    pub fn iter(self) -> CardSetIter {
        CardSetIter(self.0)
    }

    /// The cards in set order, as notation strings.
    pub fn to_strings(self) -> Vec<String> {
        self.iter().map(|c| c.to_string()).collect()
    }

    /// The cards ordered by rank (ace first), then suit; the joker last.
    pub fn by_rank(self) -> Vec<Card> {
        let mut cards: Vec<Card> = self.iter().collect();
        cards.sort_by_key(|c| if c.is_joker() { (13, 0) } else { (c.rank_unchecked().index(), c.suit_unchecked().index()) });
        cards
    }

    /// [`CardSet::by_rank`] as notation strings.
    pub fn to_strings_by_rank(self) -> Vec<String> {
        self.by_rank().iter().map(|c| c.to_string()).collect()
    }
}

impl std::ops::BitOr for CardSet {
    type Output = CardSet;
    #[inline]
    fn bitor(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 | rhs.0)
    }
}

impl std::ops::BitAnd for CardSet {
    type Output = CardSet;
    #[inline]
    fn bitand(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 & rhs.0)
    }
}

impl std::ops::Sub for CardSet {
    type Output = CardSet;
    #[inline]
    fn sub(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 & !rhs.0)
    }
}

impl std::ops::BitOrAssign for CardSet {
    #[inline]
    fn bitor_assign(&mut self, rhs: CardSet) {
        self.0 |= rhs.0;
    }
}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardSetIter;
    #[inline]
    fn into_iter(self) -> CardSetIter {
        self.iter()
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        CardSet::from_cards(iter)
    }
}

/// A set is written as the list of its cards (`["AS", "10D"]`), never as the raw mask: the mask
/// does not survive JavaScript numbers, and the list is what a person reads.
impl serde::Serialize for CardSet {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> serde::Deserialize<'de> for CardSet {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<CardSet, D::Error> {
        let cards = Vec::<Card>::deserialize(deserializer)?;
        Ok(CardSet::from_cards(cards))
    }
}

pub struct CardSetIter(u64);

impl Iterator for CardSetIter {
    type Item = Card;
    #[inline]
    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Card(i as u8))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CardSetIter {}

/// The cards of a pack as a list, in set order: 52 cards, 53 with the joker, or the 108 of
/// Programmes (two 52-card decks and four jokers).
pub fn pack(size: PackSize) -> Vec<Card> {
    match size {
        PackSize::Cards52 => CardSet::PACK_52.iter().collect(),
        PackSize::Cards53 => CardSet::PACK_53.iter().collect(),
        PackSize::Cards108 => {
            let mut cards: Vec<Card> = CardSet::PACK_52.iter().chain(CardSet::PACK_52.iter()).collect();
            cards.extend([Card::JOKER; 4]);
            cards
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PackSize {
    Cards52,
    Cards53,
    Cards108,
}

/// Parses a space-separated list of cards (`"AS 10D JK"`).
pub fn parse_cards(s: &str) -> Result<Vec<Card>, BadCard> {
    s.split(' ').filter(|w| !w.is_empty()).map(str::parse).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_for_every_card() {
        for card in CardSet::PACK_53 {
            let text = card.to_string();
            assert_eq!(text.parse::<Card>(), Ok(card), "{text}");
        }
        assert_eq!("10D".parse::<Card>().unwrap(), Card::new(Rank::TEN, Suit::Diamonds));
        assert_eq!(Card::new(Rank::QUEEN, Suit::Spades).to_string(), "QS");
    }

    #[test]
    fn bad_cards_are_refused_with_their_text() {
        for bad in ["", "1S", "10", "TD", "jk", "AS ", "11H", "KX"] {
            let err = bad.parse::<Card>().unwrap_err();
            assert_eq!(err.0, bad);
        }
    }

    #[test]
    fn packs_have_the_right_sizes() {
        assert_eq!(pack(PackSize::Cards52).len(), 52);
        assert_eq!(pack(PackSize::Cards53).len(), 53);
        let big = pack(PackSize::Cards108);
        assert_eq!(big.len(), 108);
        assert_eq!(big.iter().filter(|c| c.is_joker()).count(), 4);
    }

    #[test]
    fn rank_and_suit_masks() {
        let sevens = CardSet::of_rank(Rank::SEVEN);
        assert_eq!(sevens.to_strings(), ["7S", "7H", "7D", "7C"]);
        assert_eq!(CardSet::of_suit(Suit::Clubs).len(), 13);
        assert!(CardSet::of_suit(Suit::Hearts).contains("KH".parse().unwrap()));
    }
}
