//! What the player to move may do, read from the engine: the legal actions sorted by kind, and
//! what the cards selected in the hand allow (a new set, an extension, a discard). The rules stay
//! in the engine: a composed action is offered only if the engine accepts it, and a refusal is
//! the engine's reason (its variant, never its text), which the view says in plain words.

use crate::engine::cards::Card;
use crate::engine::game::{Game, Seat};
use crate::engine::programmes::{find_reveal, is_wild, melds, Action, Combinations, Phase, Placed, Programmes, Refusal, ShapeError};

/// The legal actions of the seat to move, by kind (the engine's order kept in each).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Offer {
    pub draw_stock: bool,
    pub draw_discard: bool,
    pub exchange: bool,
    /// The reveals the engine lists (its canonical ways to lay the program down).
    pub reveals: Vec<Combinations>,
    /// Extensions as listed (naturals, and the hand's first wild at each end of each meld).
    pub extends: Vec<(usize, Placed)>,
    pub discards: Vec<Card>,
    /// Whether new sets may be laid (the player has revealed).
    pub melds: bool,
    /// Before the draw: the hand already fulfils the program.
    pub reveal_ahead: bool,
}

impl Offer {
    pub fn of(legal: &[Action]) -> Offer {
        let mut offer = Offer::default();
        for action in legal {
            match action {
                Action::DrawStock => offer.draw_stock = true,
                Action::DrawDiscard => offer.draw_discard = true,
                Action::ExchangeProgram => offer.exchange = true,
                Action::Reveal(combos) => offer.reveals.push(combos.clone()),
                Action::Extend { meld, card } => offer.extends.push((*meld, *card)),
                Action::Discard(card) => offer.discards.push(*card),
                Action::Meld(_) => offer.melds = true,
            }
        }
        offer
    }

    /// What `seat` may do now, when it is their turn (nothing otherwise); before the draw, also
    /// whether their hand already fulfils their program (docs/rules/programmes.md §5.2).
    pub fn for_seat(game: &Programmes, seat: Seat, my_turn: bool) -> Offer {
        if !my_turn {
            return Offer::default();
        }
        let mut offer = Offer::of(&game.legal_actions());
        offer.reveal_ahead = game.phase() == Phase::Draw
            && !game.has_revealed(seat)
            && game.program(seat).is_some_and(|p| find_reveal(game.hand(seat), p.card()).is_some());
        offer
    }

    /// Where `card` may extend a meld: each meld number with the card as laid (a wild with the
    /// value it takes there). Wilds are interchangeable, so the engine's extension with the hand's
    /// first wild holds for any wild.
    pub fn extensions_of(&self, card: Card) -> Vec<(usize, Placed)> {
        let mut out: Vec<(usize, Placed)> = Vec::new();
        for &(meld, p) in &self.extends {
            let placed = match p.stands_for {
                Some(value) if is_wild(card) => Placed::wild(card, value),
                None if p.card == card => p,
                _ => continue,
            };
            if !out.contains(&(meld, placed)) {
                out.push((meld, placed));
            }
        }
        out
    }
}

/// Why an action cannot be played (the view says it in the player's words).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why {
    SelectCards,
    SelectOneToDiscard,
    SelectOneToAdd,
    RevealFirst,
    SetNeedsThree,
    SetOneRank,
    SetNeedsNatural,
    NoExtension,
    CannotRevealYet,
    TakenFromDiscard(Card),
    WouldStrand(Card),
    OnlyStock,
    /// The engine's own reason (technical English), for the rare cases without a plain text.
    Engine(String),
}

/// The engine's refusal as the view tells it: the common cases have their own sentence, the rest
/// the engine's reason.
impl From<Refusal> for Why {
    fn from(refusal: Refusal) -> Why {
        match refusal {
            Refusal::TakenFromDiscard(card) => Why::TakenFromDiscard(card),
            Refusal::Strands(card) => Why::WouldStrand(card),
            Refusal::MeldBeforeReveal(_) | Refusal::ExtendBeforeReveal(_) => Why::RevealFirst,
            Refusal::NewRun | Refusal::Shape(ShapeError::Neither(_)) => Why::SetOneRank,
            Refusal::Shape(ShapeError::TooFew(_)) => Why::SetNeedsThree,
            Refusal::Shape(ShapeError::NoNatural(_)) => Why::SetNeedsNatural,
            Refusal::OneCardDrawsStock => Why::OnlyStock,
            other => Why::Engine(other.to_string()),
        }
    }
}

/// The new set the selected cards make (the engine composes it), or why they make none.
pub fn compose_set(selected: &[Card]) -> Result<Action, Why> {
    melds::compose_set(selected).map(Action::Meld).map_err(|e| Refusal::Shape(e).into())
}

/// Whether the engine accepts `action` from `seat` now, and why not.
pub fn engine_check(game: &Programmes, seat: Seat, action: &Action) -> Result<(), Why> {
    game.refusal(seat, action).map_or(Ok(()), |refusal| Err(refusal.into()))
}

/// What the selection allows: the new set it makes (or why not) and the discard (or why not).
#[derive(Clone, Debug, PartialEq)]
pub struct SelectionMoves {
    pub meld: Result<Action, Why>,
    pub discard: Result<Action, Why>,
    /// With one card selected: where it extends a meld.
    pub extends: Vec<(usize, Placed)>,
    /// Why the selection extends nothing (`None` when it extends a meld): said when the player
    /// asks to extend (the A key).
    pub extend_why: Option<Why>,
}

impl SelectionMoves {
    /// What the selection cannot do, said before the player tries: a lone card that may not go
    /// back to the discard pile, or three cards or more (once revealed) that make no set.
    pub fn said_why(&self, selected: usize, revealed: bool) -> Option<&Why> {
        match selected {
            1 => self.discard.as_ref().err().filter(|w| matches!(w, Why::TakenFromDiscard(_))),
            n if n >= 3 && revealed => self.meld.as_ref().err(),
            _ => None,
        }
    }
}

pub fn selection_moves(game: &Programmes, seat: Seat, offer: &Offer, selected: &[Card]) -> SelectionMoves {
    let revealed = game.has_revealed(seat);
    let meld = if selected.is_empty() {
        Err(Why::SelectCards)
    } else if !revealed {
        Err(Why::RevealFirst)
    } else {
        compose_set(selected).and_then(|a| engine_check(game, seat, &a).map(|()| a))
    };
    let discard = match selected {
        [card] => {
            let action = Action::Discard(*card);
            if offer.discards.contains(card) {
                Ok(action)
            } else {
                Err(engine_check(game, seat, &action).err().unwrap_or(Why::SelectOneToDiscard))
            }
        }
        [] => Err(Why::SelectCards),
        _ => Err(Why::SelectOneToDiscard),
    };
    let (extends, extend_why) = match selected {
        [card] if revealed => {
            let e = offer.extensions_of(*card);
            let why = e.is_empty().then_some(Why::NoExtension);
            (e, why)
        }
        [_] => (Vec::new(), Some(Why::RevealFirst)),
        _ => (Vec::new(), Some(Why::SelectOneToAdd)),
    };
    SelectionMoves { meld, discard, extends, extend_why }
}

/// The hand positions `cards` take (each the first free position holding it), as a bitmask.
pub fn positions_of(hand: &[Card], cards: impl IntoIterator<Item = Card>) -> u64 {
    let mut used = 0u64;
    for card in cards {
        if let Some(i) = (0..hand.len()).find(|&i| used & (1 << i) == 0 && hand[i] == card) {
            used |= 1 << i;
        }
    }
    used
}

/// The cards at the positions of `mask`, in the hand's order.
pub fn cards_at(hand: &[Card], mask: u64) -> Vec<Card> {
    hand.iter().enumerate().filter(|(i, _)| mask & (1 << i) != 0).map(|(_, c)| *c).collect()
}

/// The hand positions a reveal uses, as a bitmask.
pub fn positions_used(hand: &[Card], combos: &Combinations) -> u64 {
    positions_of(hand, combos.iter().flatten().map(|p| p.card))
}

/// The hand positions (a mask over `hand`, the first copy of each card) of the cards a move from
/// the hand takes (a new set, a discard, an extension); `None` for another move, or if the hand
/// lacks one of them.
pub fn hinted_cards(action: &Action, hand: &[Card]) -> Option<u64> {
    let cards = action.cards_played();
    let mask = positions_of(hand, cards.iter().copied());
    (!cards.is_empty() && mask.count_ones() as usize == cards.len()).then_some(mask)
}

/// The hand in display order: by suit (♠ ♥ ♦ ♣, ace low) or by rank, the wilds last.
pub fn sorted_hand(cards: impl Iterator<Item = Card>, by_rank: bool) -> Vec<Card> {
    // One integer key per card (order, then the card's index in the low byte): a plain sort of
    // numbers, no sorting code of its own.
    let mut keys: Vec<u32> = cards
        .map(|c| {
            let order = if is_wild(c) {
                100 + c.index()
            } else if by_rank {
                c.rank_unchecked().index() * 4 + c.suit_unchecked().index()
            } else {
                c.index()
            };
            (order as u32) << 8 | c.index() as u32
        })
        .collect();
    keys.sort_unstable();
    keys.into_iter().map(|k| Card::from_index((k & 0xff) as usize)).collect()
}
