//! The four showing calls of the upper half (docs/rules/bonanza.md §5.1–5.4) and what may be shown
//! at each: which claims exist, the exact list of legal shows (docs/record.md §3), and how
//! sequences compare.
//!
//! The legal shows are exactly: the named pair held in full, or one of its cards plus the joker;
//! every three-card run held in full, or two of its cards plus the joker in the missing place. The
//! joker never stands for a card its holder has, so a show with the joker also tells the table
//! which card he lacks.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::board::Space;
use super::poker::high_rank;
use crate::engine::cards::{Card, CardSet, Rank, Suit};

/// One of the dealer's calls that players answer by showing cards (the Poker call is a betting
/// round instead: see `betting`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Call {
    Joker,
    QueenJack,
    Sequence,
    TenTwo,
}

impl Call {
    /// In the order the dealer calls them.
    pub const ALL: [Call; 4] = [Call::Joker, Call::QueenJack, Call::Sequence, Call::TenTwo];

    pub fn key(self) -> &'static str {
        match self {
            Call::Joker => "joker",
            Call::QueenJack => "queen_jack",
            Call::Sequence => "sequence",
            Call::TenTwo => "ten_two",
        }
    }

    /// The space the call is for.
    pub fn space(self) -> Space {
        match self {
            Call::Joker => Space::Joker,
            Call::QueenJack => Space::QueenJack,
            Call::Sequence => Space::Sequence,
            Call::TenTwo => Space::TenTwo,
        }
    }

    /// The call after this one (`None` after Ten-Two: the Poker call follows).
    pub fn next(self) -> Option<Call> {
        match self {
            Call::Joker => Some(Call::QueenJack),
            Call::QueenJack => Some(Call::Sequence),
            Call::Sequence => Some(Call::TenTwo),
            Call::TenTwo => None,
        }
    }
}

impl fmt::Display for Call {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Call::Joker => "Joker",
            Call::QueenJack => "Queen-Jack",
            Call::Sequence => "Sequence",
            Call::TenTwo => "Ten-Two",
        })
    }
}

/// The cards of one show, in the order the record writes them (the space's order, or a sequence
/// from its lowest card up), with `JK` in place of the card the joker stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Claim {
    cards: [Card; 3],
    len: u8,
}

impl Claim {
    /// A claim of one to three cards. Panics on other lengths.
    pub fn new(cards: &[Card]) -> Claim {
        assert!((1..=3).contains(&cards.len()), "a show has one to three cards");
        let mut array = [Card::JOKER; 3];
        array[..cards.len()].copy_from_slice(cards);
        Claim { cards: array, len: cards.len() as u8 }
    }

    pub fn cards(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }

    pub fn set(&self) -> CardSet {
        CardSet::from_cards(self.cards().iter().copied())
    }

    pub fn uses_joker(&self) -> bool {
        self.cards().contains(&Card::JOKER)
    }

    /// The card the joker stands for in this claim, if it is in it (read from its place).
    pub fn joker_stands_for(&self, call: Call) -> Option<Card> {
        let place = self.cards().iter().position(|c| c.is_joker())?;
        match call {
            Call::Joker => None,
            Call::QueenJack | Call::TenTwo => Some(pair_cards(call)[place]),
            Call::Sequence => {
                // The run's cards are fixed by its natural cards: the neighbour tells the rank.
                let (i, natural) = self.cards().iter().enumerate().find(|(_, c)| !c.is_joker())?;
                let suit = natural.suit_unchecked();
                let start = run_start(*natural, i)?;
                Some(run_card(suit, start, place))
            }
        }
    }
}

impl fmt::Display for Claim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.cards().iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

/// A claim is written as the list of its cards (`["5D", "JK", "7D"]`).
impl Serialize for Claim {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.cards())
    }
}

impl<'de> Deserialize<'de> for Claim {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Claim, D::Error> {
        let cards = Vec::<Card>::deserialize(deserializer)?;
        if !(1..=3).contains(&cards.len()) {
            return Err(serde::de::Error::custom("a show has one to three cards"));
        }
        Ok(Claim::new(&cards))
    }
}

/// The two cards of the Queen-Jack (Q♠ J♦) or Ten-Two (10♦ 2♠) space, in the space's order.
pub fn pair_cards(call: Call) -> [Card; 2] {
    match call {
        Call::QueenJack => [Card::new(Rank::QUEEN, Suit::Spades), Card::new(Rank::JACK, Suit::Diamonds)],
        Call::TenTwo => [Card::new(Rank::TEN, Suit::Diamonds), Card::new(Rank::TWO, Suit::Spades)],
        _ => panic!("{call} is not a pair call"),
    }
}

/// The `place`-th card (0..3) of the run of `suit` starting at `start` (0 = A-2-3 … 11 = Q-K-A).
#[inline(always)]
fn run_card(suit: Suit, start: usize, place: usize) -> Card {
    Card::new(Rank::from_index((start + place) % 13), suit)
}

/// The start of the run in which `card` sits at `place`, if such a run exists.
fn run_start(card: Card, place: usize) -> Option<usize> {
    // Rank index with the ace both low (0) and high (13).
    let r = card.rank_unchecked().index();
    let candidates = if r == 0 { [0usize, 13] } else { [r, r] };
    candidates.into_iter().filter(|&x| x >= place).map(|x| x - place).find(|&start| start <= 11)
}

/// The ace-low rank mask of one suit with the ace repeated above the king (bit 13), so the
/// twelve runs A-2-3 … Q-K-A are the windows starting at bits 0 to 11.
#[inline]
fn run_mask(hand: CardSet, suit: usize) -> u16 {
    let bits = ((hand.0 >> (13 * suit)) & 0x1FFF) as u16;
    bits | ((bits & 1) << 13)
}

/// Windows (by start bit) held in full, and those missing exactly one card.
#[inline]
fn run_windows(mask: u16) -> (u16, u16) {
    let (a, b, c) = (mask, mask >> 1, mask >> 2);
    let full = a & b & c & 0xFFF;
    let two = ((a & b) | (a & c) | (b & c)) & 0xFFF & !full;
    (full, two)
}

/// Bits 0..=10 of every suit: the starts of the runs A-2-3 … J-Q-K inside a suit.
const IN_SUIT_STARTS: u64 = 0x7FF | 0x7FF << 13 | 0x7FF << 26 | 0x7FF << 39;
/// The aces' bits.
const ACES: u64 = CardSet::of_rank(Rank::ACE).0;

/// Whether `hand` has anything to show at `call` (players without are not asked). Every suit
/// at once: a few shifts of the hand's mask.
#[inline]
#[cfg_attr(feature = "fast-ai", optimize(speed))]
pub fn has_claim(call: Call, hand: CardSet) -> bool {
    let joker = hand.contains(Card::JOKER);
    match call {
        Call::Joker => joker,
        Call::QueenJack | Call::TenTwo => {
            let [a, b] = pair_cards(call);
            let held = hand.contains(a) as u8 + hand.contains(b) as u8;
            held == 2 || (held == 1 && joker)
        }
        Call::Sequence => {
            let h = hand.0 & CardSet::PACK_52.0;
            // A-2-3 … J-Q-K: three bits in a row inside a suit; Q-K-A: the queen, king and ace.
            let (a, b, c) = (h & IN_SUIT_STARTS, (h >> 1) & IN_SUIT_STARTS, (h >> 2) & IN_SUIT_STARTS);
            let (q, k, ace) = ((h >> 11) & ACES, (h >> 12) & ACES, h & ACES);
            if (a & b & c) | (q & k & ace) != 0 {
                return true;
            }
            joker && ((a & b) | (a & c) | (b & c) | (q & k) | (q & ace) | (k & ace)) != 0
        }
    }
}

/// Appends every legal show of `hand` at `call` to `out`, in the stable order: for a pair call
/// the one possible show; for the sequence, suit by suit (♠ ♥ ♦ ♣), runs from A-2-3 up to Q-K-A,
/// and within a run the joker's place from the lowest card up.
#[cfg_attr(feature = "fast-ai", optimize(speed))]
pub fn legal_claims(call: Call, hand: CardSet, out: &mut Vec<Claim>) {
    for_each_claim(call, hand, |c| out.push(c));
}

/// Calls `f` with every legal show of `hand` at `call`, in the order of [`legal_claims`].
#[inline]
pub fn for_each_claim(call: Call, hand: CardSet, mut f: impl FnMut(Claim)) {
    let joker = hand.contains(Card::JOKER);
    match call {
        Call::Joker => {
            if joker {
                f(Claim::new(&[Card::JOKER]));
            }
        }
        Call::QueenJack | Call::TenTwo => {
            let [a, b] = pair_cards(call);
            match (hand.contains(a), hand.contains(b)) {
                (true, true) => f(Claim::new(&[a, b])),
                (true, false) if joker => f(Claim::new(&[a, Card::JOKER])),
                (false, true) if joker => f(Claim::new(&[Card::JOKER, b])),
                _ => {}
            }
        }
        Call::Sequence => {
            for suit in Suit::ALL {
                let mask = run_mask(hand, suit.index());
                let (full, two) = run_windows(mask);
                // Only the runs held (or held but one card, with the joker), lowest first.
                let mut starts = if joker { full | two } else { full };
                while starts != 0 {
                    let start = starts.trailing_zeros() as usize;
                    starts &= starts - 1;
                    let cards: [Card; 3] = std::array::from_fn(|p| run_card(suit, start, p));
                    if full & (1 << start) != 0 {
                        f(Claim::new(&cards));
                    } else {
                        let mut shown = cards;
                        let missing = (0..3).find(|&p| mask & (1 << (start + p)) == 0).expect("one card missing");
                        shown[missing] = Card::JOKER;
                        f(Claim::new(&shown));
                    }
                }
            }
        }
    }
}

/// How a shown sequence ranks (docs/rules/bonanza.md §5.4): the highest top card wins (ace high in
/// Q-K-A, the 3 on top of A-2-3); at equal top rank a natural sequence beats one with the joker;
/// then the suit of the top card, ♠ > ♥ > ♦ > ♣. Greater is better.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SequenceRank {
    top_rank: u8,
    natural: bool,
    suit: u8,
}

impl SequenceRank {
    /// A rank for any claim: a sequence's rank, the lowest rank for other shows.
    pub fn of_any(claim: &Claim) -> SequenceRank {
        if claim.cards().len() == 3 {
            SequenceRank::of(claim)
        } else {
            SequenceRank { top_rank: 0, natural: !claim.uses_joker(), suit: 0 }
        }
    }

    /// The rank of a legal sequence claim.
    pub fn of(claim: &Claim) -> SequenceRank {
        let cards = claim.cards();
        let top = match cards[2] {
            c if c.is_joker() => claim.joker_stands_for(Call::Sequence).expect("a sequence with the joker"),
            c => c,
        };
        SequenceRank { top_rank: high_rank(top), natural: !claim.uses_joker(), suit: 3 - top.suit_unchecked().index() as u8 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::cards::parse_cards;

    fn hand(cards: &str) -> CardSet {
        CardSet::from_cards(parse_cards(cards).unwrap())
    }

    fn shows(call: Call, cards: &str) -> Vec<String> {
        let mut out = Vec::new();
        legal_claims(call, hand(cards), &mut out);
        out.iter().map(|c| c.to_string()).collect()
    }

    #[test]
    fn pair_calls_show_the_pair_or_one_card_and_the_joker() {
        assert_eq!(shows(Call::QueenJack, "QS JD 5H"), ["QS JD"]);
        assert_eq!(shows(Call::QueenJack, "QS JD JK"), ["QS JD"], "the joker never stands for a card held");
        assert_eq!(shows(Call::QueenJack, "JD JK"), ["JK JD"]);
        assert_eq!(shows(Call::QueenJack, "QS JK"), ["QS JK"]);
        assert!(shows(Call::QueenJack, "QS JH").is_empty());
        assert_eq!(shows(Call::TenTwo, "10D 2S"), ["10D 2S"]);
        assert_eq!(shows(Call::TenTwo, "2S JK"), ["JK 2S"]);
        assert_eq!(shows(Call::Joker, "2S JK"), ["JK"]);
        assert!(!has_claim(Call::Joker, hand("2S 3S")));
    }

    #[test]
    fn the_quick_test_agrees_with_the_list() {
        let mut rng = crate::engine::rng::seeded(5);
        let mut pack: Vec<Card> = CardSet::PACK_53.iter().collect();
        for n in 0..4000 {
            crate::engine::rng::shuffle(&mut pack, &mut rng);
            let hand: CardSet = pack[..3 + n % 15].iter().copied().collect();
            for call in Call::ALL {
                let mut out = Vec::new();
                legal_claims(call, hand, &mut out);
                assert_eq!(has_claim(call, hand), !out.is_empty(), "{call} {:?}", hand.to_strings());
            }
        }
    }

    #[test]
    fn sequences_list_every_run_and_every_joker_place() {
        assert_eq!(shows(Call::Sequence, "5D 6D 7D 8D"), ["5D 6D 7D", "6D 7D 8D"]);
        assert_eq!(shows(Call::Sequence, "5D 7D JK"), ["5D JK 7D"]);
        assert_eq!(shows(Call::Sequence, "AH 2H 3H QH KH"), ["AH 2H 3H", "QH KH AH"]);
        assert!(shows(Call::Sequence, "KC AC 2C").is_empty(), "K-A-2 is not a sequence");
        assert_eq!(shows(Call::Sequence, "KC AC JK"), ["JK KC AC"], "Q-K-A with the joker as the queen");
        assert_eq!(shows(Call::Sequence, "5D 6D JK"), ["JK 5D 6D", "5D 6D JK"], "4-5-6 and 5-6-7, the joker in the missing place");
        assert!(has_claim(Call::Sequence, hand("AS 2S 3S")));
        assert!(!has_claim(Call::Sequence, hand("AS 2S 4S 5H JC")));
    }

    #[test]
    fn the_joker_stands_for_the_missing_card() {
        let claim = |s: &str| Claim::new(&parse_cards(s).unwrap());
        assert_eq!(claim("5D JK 7D").joker_stands_for(Call::Sequence), Some("6D".parse().unwrap()));
        assert_eq!(claim("QH KH JK").joker_stands_for(Call::Sequence), Some("AH".parse().unwrap()));
        assert_eq!(claim("JK 2H 3H").joker_stands_for(Call::Sequence), Some("AH".parse().unwrap()));
        assert_eq!(claim("JK KH AH").joker_stands_for(Call::Sequence), Some("QH".parse().unwrap()));
        assert_eq!(claim("QS JK").joker_stands_for(Call::QueenJack), Some("JD".parse().unwrap()));
    }

    #[test]
    fn sequences_compare_by_top_card_then_natural_then_suit() {
        let rank = |s: &str| SequenceRank::of(&Claim::new(&parse_cards(s).unwrap()));
        assert!(rank("QC KC AC") > rank("JS QS KS"), "ace high on top of Q-K-A");
        assert!(rank("AS 2S 3S") < rank("2C 3C 4C"), "A-2-3's top card is the 3");
        assert!(rank("5C 6C 7C") > rank("5S JK 7S"), "natural beats joker at equal top rank");
        assert!(rank("5S 6S 7S") > rank("5H 6H 7H"), "spades beat hearts");
        assert!(rank("5D 6D 7D") > rank("5C 6C 7C"));
        assert!(rank("5S 6S JK") < rank("5D 6D 7D"), "a joker on top: natural first");
        assert!(rank("6S 7S JK") > rank("5D 6D 7D"), "the joker as 8S is a higher top card");
    }
}
