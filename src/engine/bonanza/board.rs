//! The Bonanza cloth: ten spaces (docs/rules/bonanza.md §1), named as the record's `board`
//! keys (docs/record.md §5.2).

use serde::{Deserialize, Serialize};

use crate::engine::cards::{Card, Rank, Suit};

/// One space of the cloth. The upper half is won at the dealer's calls, the lower half in the
/// race; the Bonanza pot sits in the centre.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Space {
    Joker,
    QueenJack,
    Sequence,
    TenTwo,
    Poker,
    AceSpades,
    KingHearts,
    QueenDiamonds,
    JackClubs,
    Bonanza,
}

impl Space {
    /// Every space, in the order of the cloth (upper half, lower half, centre).
    pub const ALL: [Space; 10] = [
        Space::Joker,
        Space::QueenJack,
        Space::Sequence,
        Space::TenTwo,
        Space::Poker,
        Space::AceSpades,
        Space::KingHearts,
        Space::QueenDiamonds,
        Space::JackClubs,
        Space::Bonanza,
    ];

    /// The four spaces won by playing their card in the race.
    pub const CARD_SPACES: [Space; 4] = [Space::AceSpades, Space::KingHearts, Space::QueenDiamonds, Space::JackClubs];

    pub fn index(self) -> usize {
        self as usize
    }

    /// The record's space name (docs/record.md §5.2: `board`).
    pub fn key(self) -> &'static str {
        match self {
            Space::Joker => "joker",
            Space::QueenJack => "queen_jack",
            Space::Sequence => "sequence",
            Space::TenTwo => "ten_two",
            Space::Poker => "poker",
            Space::AceSpades => "ace_spades",
            Space::KingHearts => "king_hearts",
            Space::QueenDiamonds => "queen_diamonds",
            Space::JackClubs => "jack_clubs",
            Space::Bonanza => "bonanza",
        }
    }

    /// The card that takes a lower-half space when played in the race.
    pub const fn card(self) -> Option<Card> {
        match self {
            Space::AceSpades => Some(Card::new(Rank::ACE, Suit::Spades)),
            Space::KingHearts => Some(Card::new(Rank::KING, Suit::Hearts)),
            Space::QueenDiamonds => Some(Card::new(Rank::QUEEN, Suit::Diamonds)),
            Space::JackClubs => Some(Card::new(Rank::JACK, Suit::Clubs)),
            _ => None,
        }
    }

    /// The lower-half space a race card takes, if it is one of the four. (A match on the card,
    /// not a search of [`Space::CARD_SPACES`]: every card played in every playout asks.)
    #[inline(always)]
    pub fn of_card(card: Card) -> Option<Space> {
        const AS: Card = Card::new(Rank::ACE, Suit::Spades);
        const KH: Card = Card::new(Rank::KING, Suit::Hearts);
        const QD: Card = Card::new(Rank::QUEEN, Suit::Diamonds);
        const JC: Card = Card::new(Rank::JACK, Suit::Clubs);
        match card {
            AS => Some(Space::AceSpades),
            KH => Some(Space::KingHearts),
            QD => Some(Space::QueenDiamonds),
            JC => Some(Space::JackClubs),
            _ => None,
        }
    }
}

/// The chips on each space, indexed by [`Space::index`].
pub type Board = [crate::engine::game::Chips; 10];

#[cfg(test)]
mod tests {
    use super::*;

    /// docs/rules/bonanza.md §6.3: A♠, K♥, Q♦ and J♣ take their spaces when played, no other card
    /// does; `of_card` is exactly the inverse of `card`.
    #[test]
    fn of_card_names_the_four_race_spaces_and_no_other() {
        for index in 0..=52 {
            let card = Card::from_index(index);
            let expected = Space::CARD_SPACES.into_iter().find(|s| s.card() == Some(card));
            assert_eq!(Space::of_card(card), expected, "{card}");
        }
        assert_eq!(Space::of_card(Card::new(Rank::ACE, Suit::Spades)), Some(Space::AceSpades));
        assert_eq!(Space::of_card(Card::new(Rank::JACK, Suit::Clubs)), Some(Space::JackClubs));
        assert_eq!(Space::of_card(Card::new(Rank::ACE, Suit::Hearts)), None);
    }
}
