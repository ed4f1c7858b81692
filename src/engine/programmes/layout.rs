//! Explicit deals in a record (docs/record.md §2.3): `hands` in seat order, `stock` top-first,
//! optionally `discard` (top-first; without it the top of the stock is turned up), and the
//! program cards of that deal: `programs` (one id per seat) and `program_deck` (top-first).

use super::program_deck::ProgramId;
use crate::engine::card_multiset::CardMultiset;
use crate::engine::cards::Card;

/// The cards of one deal, as the record gives them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub hands: Vec<CardMultiset>,
    /// Top first.
    pub stock: Vec<Card>,
    /// Top first; `None`: the top card of the stock is turned up.
    pub discard: Option<Vec<Card>>,
    /// Each seat's program card in this deal.
    pub programs: Option<Vec<ProgramId>>,
    /// The program deck, top first, once the programs given are out of it.
    pub program_deck: Option<Vec<ProgramId>>,
}
