//! Combinations and melds (docs/rules/programmes.md §2, §5.3): what a run and a set are, wild cards
//! and the values they stand for, aces low or high, and extending a meld on the table.
//!
//! - The 4 jokers and the 8 twos are wild; a two is never a natural card. A wild is always written
//!   with the card it stands for (`JK=7C`, `2S=8H`) and keeps that value for the rest of the round.
//! - Every combination holds at least three cards and at least one natural card.
//! - A **set** is cards of one rank, any suits, copies allowed (`7H 7S 2S=7D JK=7C`).
//! - A **run** is cards of one suit with consecutive values, written in ascending order; the ace
//!   is low (`AS 2S=2S 3S`) or high (`QS KS AS`), never both, and there is no wrap-around (K-A-2).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::program_deck::{rank_at, Directive, Position, SuitMask};
use crate::engine::card_multiset::CardMultiset;
use crate::engine::cards::{BadCard, Card, CardSet, Rank, Suit};
use crate::engine::game::Seat;

/// Whether a card is wild in Programmes: a joker or any two.
#[inline]
pub fn is_wild(card: Card) -> bool {
    card.is_joker() || card.rank_unchecked() == Rank::TWO
}

/// The run position of a natural value at the low end of a run (the ace counts 1).
fn low_position(rank: Rank) -> Position {
    rank.index() as Position + 1
}

/// One card as it is laid down: a natural card, or a wild with the card it stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placed {
    pub card: Card,
    /// The value a wild stands for; `None` for a natural card (written bare).
    pub stands_for: Option<Card>,
}

impl Placed {
    pub fn natural(card: Card) -> Placed {
        Placed { card, stands_for: None }
    }

    pub fn wild(card: Card, stands_for: Card) -> Placed {
        Placed { card, stands_for: Some(stands_for) }
    }

    /// The card this one counts as.
    #[inline]
    pub fn value(self) -> Card {
        self.stands_for.unwrap_or(self.card)
    }

    #[inline]
    pub fn is_wild(self) -> bool {
        is_wild(self.card)
    }

    /// Why this card cannot be laid as written, if it cannot.
    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    pub fn check(self) -> Result<(), CardFault> {
        match (is_wild(self.card), self.stands_for) {
            (true, None) if self.card.is_joker() => Err(CardFault::BareJoker),
            (true, None) => Err(CardFault::BareTwo(self.card)),
            (false, Some(_)) => Err(CardFault::NaturalWithValue(self)),
            (true, Some(v)) if v.is_joker() => Err(CardFault::StandsForJoker(self)),
            _ => Ok(()),
        }
    }
}

/// Why a card cannot be laid as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardFault {
    /// A joker written without the card it stands for.
    BareJoker,
    /// A two written without the card it stands for.
    BareTwo(Card),
    /// A natural card written with a value.
    NaturalWithValue(Placed),
    /// A wild standing for a joker.
    StandsForJoker(Placed),
}

impl fmt::Display for CardFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CardFault::BareJoker => f.write_str("JK: a joker is wild; write it with the card it stands for, e.g. JK=7C"),
            CardFault::BareTwo(card) => {
                write!(f, "{card}: a two is always wild; write it with the card it stands for, e.g. {card}=7D")
            }
            CardFault::NaturalWithValue(p) => write!(f, "{p}: only jokers and twos are wild (write a natural card bare)"),
            CardFault::StandsForJoker(p) => write!(f, "{p}: a wild stands for an ordinary card, not a joker"),
        }
    }
}

impl fmt::Display for Placed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.stands_for {
            Some(v) => write!(f, "{}={v}", self.card),
            None => write!(f, "{}", self.card),
        }
    }
}

impl FromStr for Placed {
    type Err = BadCard;
    fn from_str(s: &str) -> Result<Placed, BadCard> {
        let parse = |t: &str| t.parse::<Card>();
        match s.split_once('=') {
            Some((card, value)) => Ok(Placed::wild(parse(card)?, parse(value)?)),
            None => Ok(Placed::natural(parse(s)?)),
        }
    }
}

impl Serialize for Placed {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Placed {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Placed, D::Error> {
        let s = String::deserialize(deserializer)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// Writes cards as the action grammar does: separated by single spaces.
pub fn cards_text(cards: &[Placed]) -> String {
    cards.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
}

/// What a combination is: a run of one suit between two positions, or a set of one rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// Positions `low..=high` (1 = ace low, 14 = ace high).
    Run {
        suit: Suit,
        low: Position,
        high: Position,
    },
    Set {
        rank: Rank,
    },
}

impl Shape {
    pub fn kind_name(self) -> &'static str {
        match self {
            Shape::Run { .. } => "run",
            Shape::Set { .. } => "set",
        }
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Shape::Run { suit, low, high } => {
                write!(f, "a run of {} from {} to {}", suit.symbol(), rank_at(low).label(), rank_at(high).label())
            }
            Shape::Set { rank } => write!(f, "a set of {}", rank.label()),
        }
    }
}

/// The fewest cards in a combination.
pub const MIN_COMBINATION: usize = 3;
/// The longest run: thirteen values (A…K or 2…A).
pub const MAX_RUN: usize = 13;
/// The most cards a meld can ever hold: a set of all eight naturals of its rank and all twelve wilds.
pub const MAX_MELD: usize = 20;

/// Why a combination as written is none (docs/rules/programmes.md §2): each names its cards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShapeError {
    /// Fewer than [`MIN_COMBINATION`] cards.
    TooFew(Vec<Placed>),
    /// A card written wrongly (a wild without the card it stands for…).
    Card(CardFault),
    /// Wild cards only.
    NoNatural(Vec<Placed>),
    /// Neither one rank nor one suit.
    Neither(Vec<Placed>),
    /// One suit, but not consecutive ascending values.
    RunOrder(Vec<Placed>),
    /// A run longer than [`MAX_RUN`].
    RunTooLong(Vec<Placed>),
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            ShapeError::Card(_) => String::new(),
            ShapeError::TooFew(cards)
            | ShapeError::NoNatural(cards)
            | ShapeError::Neither(cards)
            | ShapeError::RunOrder(cards)
            | ShapeError::RunTooLong(cards) => cards_text(cards),
        };
        match self {
            ShapeError::TooFew(_) => write!(f, "'{text}': a combination has at least {MIN_COMBINATION} cards"),
            ShapeError::Card(fault) => fault.fmt(f),
            ShapeError::NoNatural(_) => {
                write!(f, "'{text}': every combination needs at least one natural card (not a joker or a two)")
            }
            ShapeError::Neither(_) => write!(
                f,
                "'{text}' is neither a set (cards of one rank) nor a run (cards of one suit with consecutive values)"
            ),
            ShapeError::RunOrder(_) => write!(
                f,
                "'{text}': a run is written in ascending order of consecutive values, the ace low (A 2 3) or high (Q K A), with no wrap-around"
            ),
            ShapeError::RunTooLong(_) => {
                write!(f, "'{text}': a run holds at most {MAX_RUN} values (the ace is low or high, not both)")
            }
        }
    }
}

/// The new set the cards `cards` make (docs/rules/programmes.md §5.3: after revealing, new melds
/// are sets): the naturals (one rank) in card order, then the wilds, each standing for that rank in
/// the suit the set holds fewest of.
pub fn compose_set(cards: &[Card]) -> Result<Vec<Placed>, ShapeError> {
    let written = || cards.iter().map(|&c| Placed::natural(c)).collect();
    if cards.len() < MIN_COMBINATION {
        return Err(ShapeError::TooFew(written()));
    }
    // Through a multiset: the cards come out in card order.
    let naturals: Vec<Card> = cards.iter().copied().filter(|&c| !is_wild(c)).collect::<CardMultiset>().iter().collect();
    let Some(rank) = naturals.first().map(|c| c.rank_unchecked()) else {
        return Err(ShapeError::NoNatural(written()));
    };
    if naturals.iter().any(|c| c.rank_unchecked() != rank) {
        return Err(ShapeError::Neither(written()));
    }
    let mut count = [0u8; 4];
    for c in &naturals {
        count[c.suit_unchecked().index()] += 1;
    }
    let mut set: Vec<Placed> = naturals.iter().map(|&c| Placed::natural(c)).collect();
    for wild in cards.iter().copied().filter(|&c| is_wild(c)).collect::<CardMultiset>().iter() {
        let suit = Suit::ALL.into_iter().min_by_key(|s| count[s.index()]).expect("four suits");
        count[suit.index()] += 1;
        set.push(Placed::wild(wild, Card::new(rank, suit)));
    }
    Ok(set)
}

/// Checks a combination as written and says what it is.
#[cfg_attr(feature = "fast-ai", optimize(speed))]
pub fn combination_shape(cards: &[Placed]) -> Result<Shape, ShapeError> {
    let text = || cards.to_vec();
    if cards.len() < MIN_COMBINATION {
        return Err(ShapeError::TooFew(text()));
    }
    for p in cards {
        p.check().map_err(ShapeError::Card)?;
    }
    if cards.iter().all(|p| p.is_wild()) {
        return Err(ShapeError::NoNatural(text()));
    }
    let first = cards[0].value();
    let rank = first.rank_unchecked();
    if cards.iter().all(|p| p.value().rank_unchecked() == rank) {
        return Ok(Shape::Set { rank });
    }
    let suit = first.suit_unchecked();
    if cards.iter().any(|p| p.value().suit_unchecked() != suit) {
        return Err(ShapeError::Neither(text()));
    }
    let low = low_position(rank);
    for (i, p) in cards.iter().enumerate() {
        let position = low as usize + i;
        if position > 14 || rank_at(position as Position) != p.value().rank_unchecked() {
            return Err(ShapeError::RunOrder(text()));
        }
    }
    if cards.len() > MAX_RUN {
        return Err(ShapeError::RunTooLong(text()));
    }
    Ok(Shape::Run { suit, low, high: low + cards.len() as Position - 1 })
}

/// Why a combination does not satisfy a directive, with what it takes to say so.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DirectiveMiss {
    pub directive: Directive,
    pub mismatch: Mismatch,
    pub shape: Shape,
    /// How many cards the combination holds.
    pub cards: usize,
}

impl DirectiveMiss {
    /// Why `cards` (of shape `shape`) does not satisfy `directive`, if it does not.
    pub fn of(directive: &Directive, shape: Shape, cards: &[Placed]) -> Option<DirectiveMiss> {
        let mismatch = directive_mismatch(directive, shape, cards)?;
        Some(DirectiveMiss { directive: directive.clone(), mismatch, shape, cards: cards.len() })
    }
}

impl fmt::Display for DirectiveMiss {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let wanted = self.directive.describe_en();
        match self.mismatch {
            Mismatch::Kind => write!(f, "it is a {}, the directive asks for {wanted}", self.shape.kind_name()),
            Mismatch::Length => write!(f, "it has {} cards, the directive asks for {wanted}", self.cards),
            Mismatch::Wild => write!(f, "it uses a wild card, the directive asks for {wanted}"),
            Mismatch::RunSuit(suit) => write!(f, "it is in {}, the directive asks for {wanted}", suit.symbol()),
            Mismatch::Values => write!(f, "its values are not the imposed ones, the directive asks for {wanted}"),
            Mismatch::SetRank(rank) => write!(f, "it is a set of {}, the directive asks for {wanted}", rank.label()),
            Mismatch::SetSuit(p) => write!(f, "{p} is not in a permitted suit, the directive asks for {wanted}"),
        }
    }
}

/// Why a combination does not satisfy a directive (the reasons [`DirectiveMiss`] words).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mismatch {
    Kind,
    Length,
    Wild,
    RunSuit(Suit),
    Values,
    SetRank(Rank),
    SetSuit(Placed),
}

/// [`DirectiveMiss::of`] without the words (no allocation: checked for every pair of
/// combination and directive).
pub fn directive_mismatch(directive: &Directive, shape: Shape, cards: &[Placed]) -> Option<Mismatch> {
    let kind_ok = matches!(
        (shape, directive.kind),
        (Shape::Run { .. }, super::program_deck::CombinationKind::Run) | (Shape::Set { .. }, super::program_deck::CombinationKind::Set)
    );
    if !kind_ok {
        return Some(Mismatch::Kind);
    }
    if cards.len() != directive.length as usize {
        return Some(Mismatch::Length);
    }
    if !directive.wilds && cards.iter().any(|p| p.is_wild()) {
        return Some(Mismatch::Wild);
    }
    match shape {
        Shape::Run { suit, low, .. } => {
            if !directive.suits.contains(suit) {
                return Some(Mismatch::RunSuit(suit));
            }
            if directive.low.is_some_and(|l| l != low) {
                return Some(Mismatch::Values);
            }
        }
        Shape::Set { rank } => {
            if directive.rank.is_some_and(|r| r != rank) {
                return Some(Mismatch::SetRank(rank));
            }
            if let Some(p) = cards.iter().find(|p| !directive.suits.contains(p.value().suit_unchecked())) {
                return Some(Mismatch::SetSuit(*p));
            }
        }
    }
    None
}

/// With the `strict_constraints` option, what a program's constraints keep forbidding on the meld
/// it made: suits outside `suits`, wilds when `wilds` is false, and any extension of a run whose
/// values were imposed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lasting {
    pub suits: SuitMask,
    pub wilds: bool,
    pub imposed_values: bool,
}

impl Lasting {
    pub fn of(directive: &Directive) -> Lasting {
        Lasting { suits: directive.suits, wilds: directive.wilds, imposed_values: directive.low.is_some() }
    }
}

/// The natural cards that extend at least one of `melds`.
#[cfg_attr(feature = "fast-ai", optimize(speed))]
pub fn table_extenders(melds: &[Meld]) -> CardSet {
    melds.iter().fold(CardSet::EMPTY, |acc, m| acc | m.natural_extenders())
}

/// Where a card goes when it extends a meld.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// Below a run's lowest value.
    Low,
    /// Above a run's highest value.
    High,
    /// Into a set.
    Set,
}

/// A combination on the table.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Meld {
    pub owner: Seat,
    pub shape: Shape,
    /// Cards as laid: a run in ascending order, a set in the order laid.
    cards: [Placed; MAX_MELD],
    len: u8,
    /// The program's constraints, kept only with the `strict_constraints` option.
    pub lasting: Option<Lasting>,
    /// The natural cards that extend it (kept up to date: asked every turn by the bots).
    extenders: CardSet,
}

impl fmt::Debug for Meld {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Meld(seat {}: {})", self.owner, cards_text(self.cards()))
    }
}

/// A meld as observations carry it: its owner and cards (the shape follows from the cards).
#[derive(Serialize, Deserialize)]
struct MeldForm {
    owner: Seat,
    cards: Vec<Placed>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    lasting: Option<Lasting>,
}

impl Serialize for Meld {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        MeldForm { owner: self.owner, cards: self.cards().to_vec(), lasting: self.lasting }.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Meld {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Meld, D::Error> {
        let form = MeldForm::deserialize(deserializer)?;
        if form.cards.len() > MAX_MELD {
            return Err(serde::de::Error::custom(format!("a meld holds at most {MAX_MELD} cards")));
        }
        let shape = combination_shape(&form.cards).map_err(serde::de::Error::custom)?;
        Ok(Meld::new(form.owner, shape, &form.cards, form.lasting))
    }
}

impl Meld {
    /// A meld of cards already checked by [`combination_shape`].
    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    pub fn new(owner: Seat, shape: Shape, cards: &[Placed], lasting: Option<Lasting>) -> Meld {
        let mut array = [Placed::natural(Card::JOKER); MAX_MELD];
        array[..cards.len()].copy_from_slice(cards);
        let mut meld = Meld { owner, shape, cards: array, len: cards.len() as u8, lasting, extenders: CardSet::EMPTY };
        meld.extenders = meld.compute_extenders();
        meld
    }

    pub fn cards(&self) -> &[Placed] {
        &self.cards[..self.len as usize]
    }

    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Where `placed` would go, if it extends this meld ([`Meld::extension_end`] without the
    /// reasons: fast enough for playouts).
    #[inline]
    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    pub fn fits(&self, placed: Placed) -> Option<End> {
        let wild = placed.is_wild();
        match placed.stands_for {
            None if wild => return None,
            Some(_) if !wild => return None,
            Some(v) if v.is_joker() => return None,
            _ => {}
        }
        let value = placed.value();
        if let Some(lasting) = self.lasting {
            if !lasting.wilds && wild
                || lasting.imposed_values && matches!(self.shape, Shape::Run { .. })
                || !lasting.suits.contains(value.suit_unchecked())
            {
                return None;
            }
        }
        match self.shape {
            Shape::Set { rank } => (value.rank_unchecked() == rank).then_some(End::Set),
            Shape::Run { suit, low, high } => {
                if value.suit_unchecked() != suit || (high - low + 1) as usize >= MAX_RUN {
                    return None;
                }
                let rank = value.rank_unchecked();
                if low > 1 && rank_at(low - 1) == rank {
                    Some(End::Low)
                } else if high < 14 && rank_at(high + 1) == rank {
                    Some(End::High)
                } else {
                    None
                }
            }
        }
    }

    /// The natural cards that would extend this meld now (for hints, highlights and bots).
    #[inline]
    pub fn natural_extenders(&self) -> CardSet {
        self.extenders
    }

    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    fn compute_extenders(&self) -> CardSet {
        let mut out = CardSet::EMPTY;
        let mut consider = |card: Card| {
            if self.fits(Placed::natural(card)).is_some() {
                out.insert(card);
            }
        };
        match self.shape {
            Shape::Set { rank } => Suit::ALL.into_iter().for_each(|s| consider(Card::new(rank, s))),
            Shape::Run { suit, low, high } => {
                if low > 1 && low - 1 != 2 {
                    consider(Card::new(rank_at(low - 1), suit));
                }
                if high < 14 {
                    consider(Card::new(rank_at(high + 1), suit));
                }
            }
        }
        out
    }

    /// Where `placed` would go, or why it cannot extend this meld (numbered `meld`).
    pub fn extension_end(&self, meld: usize, placed: Placed) -> Result<End, ExtensionFault> {
        if let Some(end) = self.fits(placed) {
            return Ok(end);
        }
        placed.check().map_err(ExtensionFault::Card)?;
        let value = placed.value();
        if let Some(lasting) = self.lasting {
            if !lasting.wilds && placed.is_wild() {
                return Err(ExtensionFault::KeepsNoWilds { meld });
            }
            if lasting.imposed_values && matches!(self.shape, Shape::Run { .. }) {
                return Err(ExtensionFault::KeepsImposedValues { meld });
            }
            if !lasting.suits.contains(value.suit_unchecked()) {
                return Err(ExtensionFault::KeepsSuits { meld });
            }
        }
        match self.shape {
            Shape::Set { rank } => {
                if value.rank_unchecked() != rank {
                    return Err(ExtensionFault::SetOf { meld, rank, given: value.rank_unchecked() });
                }
                Ok(End::Set)
            }
            Shape::Run { suit, low, high } => {
                if value.suit_unchecked() != suit {
                    return Err(ExtensionFault::RunOf { meld, suit });
                }
                let full = (high - low + 1) as usize >= MAX_RUN;
                let rank = value.rank_unchecked();
                let fits_low = !full && low > 1 && rank_at(low - 1) == rank && (low - 1 > 1 || rank == Rank::ACE);
                let fits_high = !full && high < 14 && rank_at(high + 1) == rank;
                if fits_low {
                    Ok(End::Low)
                } else if fits_high {
                    Ok(End::High)
                } else if full {
                    Err(ExtensionFault::Full { meld })
                } else {
                    Err(ExtensionFault::DoesNotExtend { meld, placed, shape: self.shape })
                }
            }
        }
    }

    /// Adds a card at `end` (as found by [`Meld::extension_end`]).
    pub fn extend(&mut self, placed: Placed, end: End) {
        let n = self.len as usize;
        match end {
            End::Low => {
                self.cards.copy_within(0..n, 1);
                self.cards[0] = placed;
            }
            End::High | End::Set => self.cards[n] = placed,
        }
        self.len += 1;
        if let Shape::Run { ref mut low, ref mut high, .. } = self.shape {
            match end {
                End::Low => *low -= 1,
                End::High => *high += 1,
                End::Set => {}
            }
            self.extenders = self.compute_extenders();
        }
    }

    /// The value a card must have to extend this meld at `end` (for runs) or any (for sets: the
    /// rank, in the first suit its constraint permits).
    pub fn wanted_at(&self, end: End) -> Option<Card> {
        match (self.shape, end) {
            (Shape::Set { rank }, End::Set) => {
                let suit = self.lasting.map_or(Suit::Spades, |l| l.suits.first());
                Some(Card::new(rank, suit))
            }
            (Shape::Run { suit, low, high }, End::Low) if low > 1 && (high - low + 1) < MAX_RUN as Position => {
                Some(Card::new(rank_at(low - 1), suit))
            }
            (Shape::Run { suit, low, high }, End::High) if high < 14 && (high - low + 1) < MAX_RUN as Position => {
                Some(Card::new(rank_at(high + 1), suit))
            }
            _ => None,
        }
    }
}

/// Why a card does not extend a meld on the table (docs/rules/programmes.md §5.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExtensionFault {
    Card(CardFault),
    /// With strict constraints, the meld keeps its program's ban on wilds.
    KeepsNoWilds {
        meld: usize,
    },
    /// With strict constraints, a run keeps its program's imposed values.
    KeepsImposedValues {
        meld: usize,
    },
    /// With strict constraints, the meld keeps its program's permitted suits.
    KeepsSuits {
        meld: usize,
    },
    SetOf {
        meld: usize,
        rank: Rank,
        given: Rank,
    },
    RunOf {
        meld: usize,
        suit: Suit,
    },
    /// The run already holds [`MAX_RUN`] values.
    Full {
        meld: usize,
    },
    DoesNotExtend {
        meld: usize,
        placed: Placed,
        shape: Shape,
    },
}

impl fmt::Display for ExtensionFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ExtensionFault::Card(fault) => fault.fmt(f),
            ExtensionFault::KeepsNoWilds { meld } => {
                write!(f, "meld {meld} keeps its program's ban on wild cards (strict constraints)")
            }
            ExtensionFault::KeepsImposedValues { meld } => {
                write!(f, "meld {meld} keeps its program's imposed values (strict constraints)")
            }
            ExtensionFault::KeepsSuits { meld } => {
                write!(f, "meld {meld} keeps its program's permitted suits (strict constraints)")
            }
            ExtensionFault::SetOf { meld, rank, given } => {
                write!(f, "meld {meld} is a set of {}, not of {}", rank.label(), given.label())
            }
            ExtensionFault::RunOf { meld, suit } => write!(f, "meld {meld} is a run of {}", suit.symbol()),
            ExtensionFault::Full { meld } => write!(f, "meld {meld} already holds {MAX_RUN} values"),
            ExtensionFault::DoesNotExtend { meld, placed, shape } => write!(f, "{placed} does not extend meld {meld}, {shape}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn placed(text: &str) -> Vec<Placed> {
        text.split(' ').map(|t| t.parse().unwrap()).collect()
    }

    #[test]
    fn shapes() {
        assert_eq!(combination_shape(&placed("7H 7S 2S=7D JK=7C")), Ok(Shape::Set { rank: Rank::SEVEN }));
        assert_eq!(combination_shape(&placed("4S 5S JK=6S 7S")), Ok(Shape::Run { suit: Suit::Spades, low: 4, high: 7 }));
        assert_eq!(combination_shape(&placed("AS 2S=2S 3S")), Ok(Shape::Run { suit: Suit::Spades, low: 1, high: 3 }));
        assert_eq!(combination_shape(&placed("QS KS AS")), Ok(Shape::Run { suit: Suit::Spades, low: 12, high: 14 }));
        assert!(combination_shape(&placed("KS AS 2S=3S")).is_err());
        assert!(combination_shape(&placed("KS AS JK=2S")).is_err());
        assert!(combination_shape(&placed("JK=7S 2H=7D 7C")).is_ok());
        assert!(combination_shape(&placed("JK=7S 2H=7D")).is_err());
        assert!(matches!(combination_shape(&placed("JK=7S 2H=7D 2C=7C")), Err(ShapeError::NoNatural(_))));
        assert!(combination_shape(&placed("JK=7S 2H=7D 2C=7C")).unwrap_err().to_string().contains("natural"));
        assert!(combination_shape(&placed("7S 2H 7C")).unwrap_err().to_string().contains("always wild"));
        assert!(combination_shape(&placed("7S 7H=7D 7C")).unwrap_err().to_string().contains("only jokers and twos"));
    }

    #[test]
    fn runs_extend_at_either_end_and_stop_at_thirteen_values() {
        let cards = placed("4S 5S JK=6S 7S");
        let mut meld = Meld::new(0, combination_shape(&cards).unwrap(), &cards, None);
        assert_eq!(meld.extension_end(0, "3S".parse().unwrap()), Ok(End::Low));
        assert_eq!(meld.extension_end(0, "8S".parse().unwrap()), Ok(End::High));
        assert!(meld.extension_end(0, "8H".parse().unwrap()).is_err());
        assert!(meld.extension_end(0, "9S".parse().unwrap()).is_err());
        meld.extend("3S".parse().unwrap(), End::Low);
        meld.extend("2H=2S".parse().unwrap(), End::Low);
        assert_eq!(meld.extension_end(0, "AS".parse().unwrap()), Ok(End::Low));
        meld.extend("AS".parse().unwrap(), End::Low);
        assert!(meld.extension_end(0, "KS".parse().unwrap()).is_err());
        assert_eq!(cards_text(meld.cards()), "AS 2H=2S 3S 4S 5S JK=6S 7S");
        assert_eq!(meld.shape, Shape::Run { suit: Suit::Spades, low: 1, high: 7 });
    }
}
