//! The five boxes of the Nain Jaune board (docs/rules/nain-jaune.md §1 and §2).

use serde::{Deserialize, Serialize};

use crate::engine::cards::{Card, Rank, Suit};

/// One box of the board, named after the card that wins it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NainJauneBox {
    TenDiamonds,
    JackClubs,
    QueenSpades,
    KingHearts,
    /// The Yellow Dwarf, the 7♦, in the middle of the board.
    NainJaune,
}

impl NainJauneBox {
    /// The boxes in board (and settlement) order.
    pub const ALL: [NainJauneBox; 5] =
        [NainJauneBox::TenDiamonds, NainJauneBox::JackClubs, NainJauneBox::QueenSpades, NainJauneBox::KingHearts, NainJauneBox::NainJaune];

    pub fn index(self) -> usize {
        self as usize
    }

    /// The card that takes this box.
    pub const fn card(self) -> Card {
        match self {
            NainJauneBox::TenDiamonds => Card::new(Rank::TEN, Suit::Diamonds),
            NainJauneBox::JackClubs => Card::new(Rank::JACK, Suit::Clubs),
            NainJauneBox::QueenSpades => Card::new(Rank::QUEEN, Suit::Spades),
            NainJauneBox::KingHearts => Card::new(Rank::KING, Suit::Hearts),
            NainJauneBox::NainJaune => Card::new(Rank::SEVEN, Suit::Diamonds),
        }
    }

    /// Chips each player stakes on this box before a round, before the multiplier: 1 to 5.
    pub fn stake(self) -> i64 {
        self.index() as i64 + 1
    }

    /// The record's space name (docs/record.md §5.2: `board`).
    pub fn key(self) -> &'static str {
        match self {
            NainJauneBox::TenDiamonds => "ten_diamonds",
            NainJauneBox::JackClubs => "jack_clubs",
            NainJauneBox::QueenSpades => "queen_spades",
            NainJauneBox::KingHearts => "king_hearts",
            NainJauneBox::NainJaune => "nain_jaune",
        }
    }

    /// The box a card takes, if it is one of the five board cards. A table look-up: playouts
    /// ask it on every board card played.
    #[inline]
    pub fn of_card(card: Card) -> Option<NainJauneBox> {
        NainJauneBox::ALL.get(BOX_OF_CARD[card.index() & 63] as usize).copied()
    }
}

/// The [`NainJauneBox::index`] of the box each card takes, by card index; 5 (no box) for the
/// cards that take none.
pub(crate) const BOX_OF_CARD: [u8; 64] = {
    let mut boxes = [5; 64];
    let mut b = 0;
    while b < 5 {
        let board_box = NainJauneBox::ALL[b];
        boxes[board_box.card().index_const() as usize] = board_box as u8;
        b += 1;
    }
    boxes
};

/// Sum of the five stakes (1+2+3+4+5) before the multiplier.
pub const STAKE_PER_PLAYER: i64 = 15;
