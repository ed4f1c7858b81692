//! A record's laid-out deal (docs/record.md §2.3) that cannot be dealt, and why: one kind per
//! fault, shared by the three games. `Display` gives the referee's English sentence, the same
//! words the scenarios and the records' error messages have always carried.

use std::fmt;

use crate::engine::cards::{BadCard, Card};
use crate::engine::game::{GameId, Seat};

/// Deal `deal` of a record does not fit, for `why`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayoutFault {
    pub deal: usize,
    pub why: LayoutWhy,
}

impl fmt::Display for LayoutFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "deals[{}]: {}", self.deal, self.why)
    }
}

impl std::error::Error for LayoutFault {}

/// A list of cards in a deal entry: a seat's hand or one of the game's piles (talon, widow, stock,
/// discard).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    Hand(Seat),
    Pile(&'static str),
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Hand(seat) => write!(f, "hand {seat}"),
            Place::Pile(pile) => f.write_str(pile),
        }
    }
}

/// Why a deal entry cannot be dealt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LayoutWhy {
    /// Not a JSON object; `fields` names what it must hold (`'hands' and 'talon'`).
    NotAnObject {
        fields: &'static str,
    },
    UnknownField {
        key: String,
        game: GameId,
        fields: &'static str,
    },
    HandsNotAList,
    HandCount {
        hands: usize,
        players: usize,
    },
    NotAListOfCards(Place),
    /// An item of a card list that is not a string (`item` as JSON wrote it).
    NotACard {
        place: Place,
        item: String,
    },
    BadCard {
        place: Place,
        error: BadCard,
    },
    /// A card outside the game's pack: only the joker can be (Nain Jaune).
    NoJoker {
        place: Place,
        game: GameId,
    },
    Twice(Card),
    /// More copies of a card than the packs hold (Programmes: two packs, four jokers).
    TooMany {
        card: Card,
        limit: u8,
    },
    /// A pile the game requires is left out.
    MissingPile(&'static str),
    /// The cards dealt are not the whole pack: `missing` in card order.
    NotFullPack {
        size: usize,
        missing: Vec<Card>,
    },
    /// An empty hand where every seat is dealt cards; `because` says why in the game's words.
    EmptyHand {
        seat: Seat,
        because: &'static str,
    },
    /// Bonanza: a seat out of the game is dealt cards.
    SeatOutHasCards(Seat),
    /// Bonanza: a hand (`Some(seat)`) or the widow (`None`) holds nothing but the joker.
    OnlyJoker(Option<Seat>),
    StockRequired,
    EmptyStock,
    NotAListOfPrograms(&'static str),
    NotAProgram {
        key: &'static str,
        item: String,
    },
    /// `id` names no program card.
    BadProgram {
        key: &'static str,
        id: String,
    },
    ProgramsPerSeat {
        players: usize,
    },
    /// A program card given twice, by its id. (Ids, not `ProgramId`s: naming one reads the
    /// program deck, which would link it into every game that can print a layout fault.)
    ProgramTwice(String),
    /// `programs` and `program_deck` together leave out these program cards (their ids).
    ProgramsMissing(Vec<String>),
}

impl fmt::Display for LayoutWhy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |items: Vec<String>| items.join(" ");
        match self {
            LayoutWhy::NotAnObject { fields } => write!(f, "must be an object with {fields}"),
            LayoutWhy::UnknownField { key, game, fields } => write!(f, "unknown field '{key}' ({} deals have {fields})", game.name()),
            LayoutWhy::HandsNotAList => f.write_str("'hands' must be a list of hands"),
            LayoutWhy::HandCount { hands, players } => write!(f, "'hands' has {hands} hands for {players} players"),
            LayoutWhy::NotAListOfCards(place) => write!(f, "{place} must be a list of cards"),
            LayoutWhy::NotACard { place, item } => write!(f, "{place} holds {item}, not a card"),
            LayoutWhy::BadCard { place, error } => write!(f, "{place}: {error}"),
            LayoutWhy::NoJoker { place, game } => write!(f, "{place}: {} is played without the joker", game.name()),
            LayoutWhy::Twice(card) => write!(f, "{card} appears twice"),
            LayoutWhy::TooMany { card, limit } => write!(f, "{card} appears more than {limit} times (the pack has {limit})"),
            LayoutWhy::MissingPile(pile) => write!(f, "'{pile}' is missing (the extra hand)"),
            LayoutWhy::NotFullPack { size, missing } => write!(
                f,
                "not a full pack of {size} cards: {} missing ({})",
                missing.len(),
                list(missing.iter().map(ToString::to_string).collect())
            ),
            LayoutWhy::EmptyHand { seat, because } => write!(f, "hand {seat} is empty ({because})"),
            LayoutWhy::SeatOutHasCards(seat) => write!(f, "seat {seat} is out of the game and must have an empty hand"),
            LayoutWhy::OnlyJoker(Some(seat)) => write!(f, "hand {seat} needs at least one card besides the joker"),
            LayoutWhy::OnlyJoker(None) => f.write_str("the widow needs at least one card besides the joker"),
            LayoutWhy::StockRequired => f.write_str("'stock' (top first) is required"),
            LayoutWhy::EmptyStock => f.write_str("the stock is empty: no card to turn up for the discard pile"),
            LayoutWhy::NotAListOfPrograms(key) => write!(f, "'{key}' must be a list of program ids"),
            LayoutWhy::NotAProgram { key, item } => write!(f, "'{key}' holds {item}, not a program id"),
            LayoutWhy::BadProgram { key, id } => write!(f, "'{key}': '{id}' is not a program card (ids P01 to P40, SUN1, SUN2)"),
            LayoutWhy::ProgramsPerSeat { players } => write!(f, "'programs' must give one program card per seat ({players})"),
            LayoutWhy::ProgramTwice(id) => write!(f, "program card {id} appears twice"),
            LayoutWhy::ProgramsMissing(missing) => {
                write!(f, "'programs' and 'program_deck' must hold every program card once: missing {}", missing.join(" "))
            }
        }
    }
}
