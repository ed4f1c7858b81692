//! What the player to move may do, read from the engine: the legal actions sorted by kind, and
//! what the cards selected in the hand allow (a new set, an extension, a discard). The rules stay
//! in the engine: a composed action is offered only if the engine accepts it, and a refusal is
//! the engine's reason (its variant, never its text), said in plain words.

use crate::engine::cards::Card;
use crate::engine::game::Seat;
use crate::engine::programmes::{is_wild, melds, Action, Combinations, Placed, Programmes, Refusal, ShapeError};

use super::text::{only_stock, taken_from_discard, would_strand, L};
use crate::app::services::i18n::Lang;

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
    /// Before the draw: the hand already fulfils the program (filled in by the view).
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

/// Why an action cannot be played, in the player's words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why {
    Label(L),
    TakenFromDiscard(Card),
    WouldStrand(Card),
    OnlyStock,
    /// The engine's own reason (technical English), for the rare cases without a plain text.
    Engine(String),
}

impl Why {
    pub fn text(&self, lang: Lang) -> String {
        match self {
            Why::Label(l) => l.text(lang).to_string(),
            Why::TakenFromDiscard(c) => taken_from_discard(lang, *c),
            Why::WouldStrand(c) => would_strand(lang, *c),
            Why::OnlyStock => only_stock(lang).to_string(),
            Why::Engine(reason) => match lang {
                Lang::En => format!("The rules refuse this: {reason}."),
                Lang::Fr => format!("Les règles refusent ce coup : {reason}."),
            },
        }
    }
}

/// The engine's refusal in the player's words: the common cases have their own sentence, the rest
/// the engine's reason.
impl From<Refusal> for Why {
    fn from(refusal: Refusal) -> Why {
        match refusal {
            Refusal::TakenFromDiscard(card) => Why::TakenFromDiscard(card),
            Refusal::Strands(card) => Why::WouldStrand(card),
            Refusal::MeldBeforeReveal(_) | Refusal::ExtendBeforeReveal(_) => Why::Label(L::RevealFirst),
            Refusal::NewRun | Refusal::Shape(ShapeError::Neither(_)) => Why::Label(L::SetOneRank),
            Refusal::Shape(ShapeError::TooFew(_)) => Why::Label(L::SetNeedsThree),
            Refusal::Shape(ShapeError::NoNatural(_)) => Why::Label(L::SetNeedsNatural),
            Refusal::OneCardDrawsStock => Why::OnlyStock,
            other => Why::Engine(other.to_string()),
        }
    }
}

/// The engine's refusal in the player's words, for the page's notice (`GameCode::refusal_words`):
/// none where only the engine's sentence says it.
pub fn refusal_words(lang: Lang, reason: &crate::engine::games::Reason) -> Option<String> {
    let crate::engine::games::Reason::Programmes(refusal) = reason else { return None };
    match Why::from(refusal.clone()) {
        Why::Engine(_) => None,
        why => Some(why.text(lang)),
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

pub fn selection_moves(game: &Programmes, seat: Seat, offer: &Offer, selected: &[Card]) -> SelectionMoves {
    let revealed = game.has_revealed(seat);
    let meld = if selected.is_empty() {
        Err(Why::Label(L::SelectCards))
    } else if !revealed {
        Err(Why::Label(L::RevealFirst))
    } else {
        compose_set(selected).and_then(|a| engine_check(game, seat, &a).map(|()| a))
    };
    let discard = match selected {
        [card] => {
            let action = Action::Discard(*card);
            if offer.discards.contains(card) {
                Ok(action)
            } else {
                Err(engine_check(game, seat, &action).err().unwrap_or(Why::Label(L::SelectOneToDiscard)))
            }
        }
        [] => Err(Why::Label(L::SelectCards)),
        _ => Err(Why::Label(L::SelectOneToDiscard)),
    };
    let (extends, extend_why) = match selected {
        [card] if revealed => {
            let e = offer.extensions_of(*card);
            let why = e.is_empty().then_some(Why::Label(L::NoExtension));
            (e, why)
        }
        [_] => (Vec::new(), Some(Why::Label(L::RevealFirst))),
        _ => (Vec::new(), Some(Why::Label(L::SelectOneToAdd))),
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

/// The hand positions a reveal uses, as a bitmask.
pub fn positions_used(hand: &[Card], combos: &Combinations) -> u64 {
    positions_of(hand, combos.iter().flatten().map(|p| p.card))
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
