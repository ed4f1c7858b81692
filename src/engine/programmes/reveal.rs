//! Revealing a program (docs/rules/programmes.md §5.2): checking a reveal, and finding the reveals
//! a hand allows.
//!
//! A reveal lays down exactly what the program requires, all directives at once: one combination
//! per directive and per unit of its multiplier, each satisfying its directive's constraints. The
//! combinations may be written in any order; they are matched to the directives one to one.
//!
//! **The canonical reveals** ([`canonical_reveals`]) are what the legal-action list shows and what
//! the reveal finder offers. Any valid reveal is accepted by the engine, but many are equivalent,
//! and the list keeps one of each:
//! - copies of a card are the same card, and the wild cards are interchangeable (a joker and a two
//!   do exactly the same things), so the list always uses the first wilds of the hand in card order
//!   (2♠ 2♥ 2♦ 2♣ then jokers);
//! - naturals come before wilds: a wild never stands for a card that stays in the hand (a run's
//!   card of that suit and value, a set's rank in a permitted suit), since keeping the wild instead
//!   can do everything the natural could;
//! - a wild in a set stands for the permitted suit the set holds fewest of (the suit of a set's
//!   wild matters only for permitted suits);
//! - two reveals that lay the same cards as the same shapes (each run's suit and values, each set's
//!   rank) are one: the first found is listed;
//! - combinations are written in the program's directive order, the cards of a run in ascending
//!   order, a set's naturals in card order then its wilds.
//!
//! At most [`MAX_LISTED_REVEALS`] are listed (far more than any real hand gives).

use std::collections::HashSet;

use super::melds::{cards_text, combination_shape, directive_mismatch, is_wild, DirectiveMiss, Placed, Shape, ShapeError};
use super::program_deck::{rank_at, CombinationKind, Directive, Position, ProgramCard, SuitMask};
use std::fmt;

use crate::engine::card_multiset::CardMultiset;
use crate::engine::cards::{Card, CardSet, Rank, Suit};

/// A reveal: its combinations, in the order written.
pub type Combinations = Vec<Vec<Placed>>;

/// The most canonical reveals listed for one hand.
pub const MAX_LISTED_REVEALS: usize = 2000;

/// The directive of each combination a program asks for (directive order, each repeated `count`
/// times).
#[cfg_attr(feature = "fast-ai", optimize(speed))]
pub fn slots(program: &ProgramCard) -> Vec<usize> {
    program.directives.iter().enumerate().flat_map(|(i, d)| std::iter::repeat_n(i, d.count as usize)).collect()
}

/// The cards a list of combinations lays down, or the first card the hand cannot supply.
#[cfg_attr(feature = "fast-ai", optimize(speed))]
pub fn cards_laid(hand: CardMultiset, combos: &[Vec<Placed>]) -> Result<CardMultiset, HandFault> {
    let mut left = hand;
    let mut laid = CardMultiset::EMPTY;
    for p in combos.iter().flatten() {
        if !left.remove(p.card) {
            return Err(if hand.contains(p.card) { HandFault::TooMany(p.card) } else { HandFault::NotHeld(p.card) });
        }
        laid.insert(p.card);
    }
    Ok(laid)
}

/// The hand cannot supply a card to lay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandFault {
    NotHeld(Card),
    /// The hand holds fewer copies than laid.
    TooMany(Card),
}

impl fmt::Display for HandFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HandFault::NotHeld(card) => write!(f, "the hand does not hold {card}"),
            HandFault::TooMany(card) => write!(f, "the hand does not hold that many {card}"),
        }
    }
}

/// Why a reveal is refused (docs/rules/programmes.md §5.2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RevealFault {
    /// The program asks for another number of combinations.
    Count {
        program: ProgramCard,
        given: usize,
    },
    Shape(ShapeError),
    Hand(HandFault),
    /// This combination fits none of the program's directives, for these reasons.
    FitsNoDirective {
        cards: Vec<Placed>,
        misses: Vec<DirectiveMiss>,
    },
    /// Each combination fits some directive, but not one to one.
    NotOneToOne {
        program: ProgramCard,
    },
}

impl fmt::Display for RevealFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RevealFault::Count { program, given } => {
                let wanted = slots(program).len();
                let s = if wanted == 1 { "" } else { "s" };
                write!(f, "the program ({}) asks for {wanted} combination{s}, not {given}", program.describe_en())
            }
            RevealFault::Shape(e) => e.fmt(f),
            RevealFault::Hand(e) => e.fmt(f),
            RevealFault::FitsNoDirective { cards, misses } => {
                let mut reasons: Vec<String> = misses.iter().map(ToString::to_string).collect();
                reasons.dedup();
                write!(f, "'{}' fits no directive of the program: {}", cards_text(cards), reasons.join("; "))
            }
            RevealFault::NotOneToOne { program } => {
                write!(f, "the combinations do not match the program's directives one to one (it asks for {})", program.describe_en())
            }
        }
    }
}

/// Checks `combos` as a reveal of `program` from `hand`. Returns each combination's shape and the
/// directive it fulfils, or why the reveal is refused.
#[cfg_attr(feature = "fast-ai", optimize(speed))]
pub fn check_reveal(hand: CardMultiset, program: &ProgramCard, combos: &[Vec<Placed>]) -> Result<Vec<(Shape, usize)>, RevealFault> {
    let slots = slots(program);
    if combos.len() != slots.len() {
        return Err(RevealFault::Count { program: program.clone(), given: combos.len() });
    }
    let shapes = combos.iter().map(|c| combination_shape(c)).collect::<Result<Vec<_>, _>>().map_err(RevealFault::Shape)?;
    cards_laid(hand, combos).map_err(RevealFault::Hand)?;
    // accepts[c] has bit s when combination c satisfies slot s.
    let accepts: Vec<u32> = combos
        .iter()
        .zip(&shapes)
        .map(|(c, &shape)| {
            slots.iter().enumerate().fold(0, |mask, (s, &d)| {
                if directive_mismatch(&program.directives[d], shape, c).is_none() {
                    mask | 1 << s
                } else {
                    mask
                }
            })
        })
        .collect();
    if let Some(i) = accepts.iter().position(|&m| m == 0) {
        let misses = program.directives.iter().filter_map(|d| DirectiveMiss::of(d, shapes[i], &combos[i])).collect();
        return Err(RevealFault::FitsNoDirective { cards: combos[i].clone(), misses });
    }
    let mut assigned = vec![usize::MAX; combos.len()];
    if !match_slots(&accepts, 0, 0, &mut assigned) {
        return Err(RevealFault::NotOneToOne { program: program.clone() });
    }
    Ok(shapes.into_iter().zip(assigned.into_iter().map(|s| slots[s])).collect())
}

/// Assigns combination `c` onwards to distinct slots (`used` bits).
fn match_slots(accepts: &[u32], c: usize, used: u32, assigned: &mut [usize]) -> bool {
    if c == accepts.len() {
        return true;
    }
    let mut free = accepts[c] & !used;
    while free != 0 {
        let s = free.trailing_zeros() as usize;
        free &= free - 1;
        assigned[c] = s;
        if match_slots(accepts, c + 1, used | 1 << s, assigned) {
            return true;
        }
    }
    false
}

/// The ordinary card at a run position (none at position 2: a two is never natural).
#[inline]
#[cfg_attr(feature = "fast-ai", optimize(speed))]
fn natural_at(suit: Suit, position: Position) -> Option<Card> {
    (position != 2).then(|| Card::new(rank_at(position), suit))
}

/// Every rank a set can have (twos are always wild).
fn set_ranks() -> impl Iterator<Item = Rank> {
    Rank::all().filter(|&r| r != Rank::TWO)
}

/// The wild cards of a hand, in canonical order (card order: 2♠ 2♥ 2♦ 2♣, then jokers).
#[cfg_attr(feature = "fast-ai", optimize(speed))]
pub fn wilds_of(hand: CardMultiset) -> Vec<Card> {
    hand.iter().filter(|&c| is_wild(c)).collect()
}

/// The natural (non-wild) cards of a hand.
pub fn naturals_of(hand: CardMultiset) -> CardMultiset {
    hand.restricted_to(CardSet(CardSet::PACK_52.0 & !TWOS.0))
}

/// The four twos (each may be held twice): always wild.
pub const TWOS: CardSet = CardSet(1 << 1 | 1 << 14 | 1 << 27 | 1 << 40);

/// What one slot of a reveal was given during the search.
#[derive(Clone, Copy, Debug)]
enum Choice {
    Run {
        suit: Suit,
        low: Position,
    },
    /// A set's rank and how many naturals of each suit (♠ ♥ ♦ ♣) it takes.
    Set {
        rank: Rank,
        naturals: [u8; 4],
    },
}

impl Choice {
    /// Orders the choices of identical slots, so each combination of choices is tried once.
    fn key(self) -> u32 {
        match self {
            Choice::Run { suit, low } => suit.index() as u32 * 16 + low as u32,
            Choice::Set { rank, naturals } => rank.index() as u32 * 256 + naturals.iter().fold(0, |k, &n| k * 3 + n as u32),
        }
    }
}

/// The search behind [`canonical_reveals`] and [`find_reveal`].
struct Finder<'a> {
    program: &'a ProgramCard,
    slots: Vec<usize>,
    naturals: CardMultiset,
    wilds: Vec<Card>,
    /// Stop after this many reveals.
    limit: usize,
    /// Keep only canonical reveals (false: any valid reveal will do).
    canonical: bool,
    choices: Vec<Choice>,
    seen: HashSet<Vec<u64>>,
    found: Vec<Combinations>,
}

impl Finder<'_> {
    fn directive(&self, slot: usize) -> &Directive {
        &self.program.directives[self.slots[slot]]
    }

    fn done(&self) -> bool {
        self.found.len() >= self.limit
    }

    /// Wilds the runs chosen so far need at least, given the naturals left.
    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    fn run_wilds_lower_bound(&self, left: CardMultiset) -> usize {
        let mut demand = CardMultiset::EMPTY;
        let mut wilds = 0;
        for (slot, choice) in self.choices.iter().enumerate() {
            if let Choice::Run { suit, low } = *choice {
                for p in low..low + self.directive(slot).length {
                    match natural_at(suit, p) {
                        Some(card) if demand.count(card) < left.count(card) => {
                            demand.insert(card);
                        }
                        _ => wilds += 1,
                    }
                }
            }
        }
        wilds
    }

    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    fn set_wilds(&self) -> usize {
        self.choices
            .iter()
            .enumerate()
            .map(|(slot, c)| match c {
                Choice::Set { naturals, .. } => self.directive(slot).length as usize - naturals.iter().sum::<u8>() as usize,
                Choice::Run { .. } => 0,
            })
            .sum()
    }

    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    fn search(&mut self, slot: usize, left: CardMultiset) {
        if self.done() {
            return;
        }
        if slot == self.slots.len() {
            self.leaf(left);
            return;
        }
        let directive = self.directive(slot).clone();
        let previous = (slot > 0 && self.slots[slot - 1] == self.slots[slot]).then(|| self.choices[slot - 1].key());
        let length = directive.length;
        match directive.kind {
            CombinationKind::Run => {
                for suit in directive.suits.suits() {
                    let lows: Vec<Position> = match directive.low {
                        Some(low) => vec![low],
                        None => (1..=15 - length).collect(),
                    };
                    for low in lows {
                        let choice = Choice::Run { suit, low };
                        if previous.is_some_and(|k| choice.key() < k) {
                            continue;
                        }
                        // At least one natural of the window must be in the hand.
                        if !(low..low + length).any(|p| natural_at(suit, p).is_some_and(|c| left.contains(c))) {
                            continue;
                        }
                        self.choices.push(choice);
                        let fits = self.run_wilds_lower_bound(left) + self.set_wilds() <= self.wilds.len()
                            && (directive.wilds || self.forbidden_runs_fit(left));
                        if fits {
                            self.search(slot + 1, left);
                        }
                        self.choices.pop();
                        if self.done() {
                            return;
                        }
                    }
                }
            }
            CombinationKind::Set => {
                let ranks: Vec<Rank> = match directive.rank {
                    Some(r) => vec![r],
                    None => set_ranks().collect(),
                };
                for rank in ranks {
                    let held: [u8; 4] = std::array::from_fn(|s| {
                        if directive.suits.contains(Suit::from_index(s)) {
                            left.count(Card::new(rank, Suit::from_index(s)))
                        } else {
                            0
                        }
                    });
                    if held.iter().all(|&h| h == 0) {
                        continue;
                    }
                    // Every vector of naturals taken per suit, most naturals first per suit.
                    for a in (0..=held[0]).rev() {
                        for b in (0..=held[1]).rev() {
                            for c in (0..=held[2]).rev() {
                                for d in (0..=held[3]).rev() {
                                    let naturals = [a, b, c, d];
                                    let total: u8 = naturals.iter().sum();
                                    if total == 0 || total > length {
                                        continue;
                                    }
                                    let wilds = (length - total) as usize;
                                    if !directive.wilds && wilds > 0 {
                                        continue;
                                    }
                                    let choice = Choice::Set { rank, naturals };
                                    if previous.is_some_and(|k| choice.key() < k) {
                                        continue;
                                    }
                                    let mut rest = left;
                                    for (s, &n) in naturals.iter().enumerate() {
                                        for _ in 0..n {
                                            rest.remove(Card::new(rank, Suit::from_index(s)));
                                        }
                                    }
                                    self.choices.push(choice);
                                    if self.set_wilds() + self.run_wilds_lower_bound(rest) <= self.wilds.len() {
                                        self.search(slot + 1, rest);
                                    }
                                    self.choices.pop();
                                    if self.done() {
                                        return;
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Whether the wild-free runs chosen so far can all be natural with the naturals left.
    fn forbidden_runs_fit(&self, left: CardMultiset) -> bool {
        let mut pool = left;
        for (slot, choice) in self.choices.iter().enumerate() {
            if let Choice::Run { suit, low } = *choice {
                if !self.directive(slot).wilds {
                    for p in low..low + self.directive(slot).length {
                        match natural_at(suit, p) {
                            Some(card) if pool.remove(card) => {}
                            _ => return false,
                        }
                    }
                }
            }
        }
        true
    }

    /// A full choice of shapes: give the runs their naturals and wilds, check, and record.
    fn leaf(&mut self, left: CardMultiset) {
        let Some((layout, pool)) = self.lay_naturals(left) else { return };
        let wilds_needed = layout.iter().flatten().filter(|c| c.is_none()).count();
        if wilds_needed > self.wilds.len() {
            return;
        }
        if self.canonical && !self.first_of_its_effect(pool, wilds_needed) {
            return;
        }
        let combos = self.write(&layout);
        self.found.push(combos);
    }

    /// Each slot's cells, a natural or `None` (a wild), and the naturals left: sets as chosen,
    /// then the runs' naturals. `None` when a wild-free run lacks one of its naturals, or the
    /// runs cannot each have one.
    fn lay_naturals(&self, left: CardMultiset) -> Option<(Vec<Vec<Option<Card>>>, CardMultiset)> {
        let n = self.slots.len();
        // Per slot, per card index within the combination: Some(natural) or None (a wild).
        let mut layout: Vec<Vec<Option<Card>>> = vec![Vec::new(); n];
        let mut pool = left;
        // Sets are explicit.
        for (slot, choice) in self.choices.iter().enumerate() {
            if let Choice::Set { rank, naturals } = *choice {
                for (s, &k) in naturals.iter().enumerate() {
                    for _ in 0..k {
                        layout[slot].push(Some(Card::new(rank, Suit::from_index(s))));
                    }
                }
                for _ in naturals.iter().sum::<u8>()..self.directive(slot).length {
                    layout[slot].push(None);
                }
            }
        }
        // Runs: first the wild-free ones take all their naturals, then each other run one
        // natural (a matching), then every other position a natural while any is left.
        let runs: Vec<(usize, Suit, Position)> = self
            .choices
            .iter()
            .enumerate()
            .filter_map(|(slot, c)| match *c {
                Choice::Run { suit, low } => Some((slot, suit, low)),
                Choice::Set { .. } => None,
            })
            .collect();
        for &(slot, _, _) in &runs {
            layout[slot] = vec![None; self.directive(slot).length as usize];
        }
        for &(slot, suit, low) in &runs {
            if !self.directive(slot).wilds {
                for (i, p) in (low..low + self.directive(slot).length).enumerate() {
                    match natural_at(suit, p) {
                        Some(card) if pool.remove(card) => layout[slot][i] = Some(card),
                        _ => return None,
                    }
                }
            }
        }
        let needy: Vec<(usize, Suit, Position)> = runs.iter().copied().filter(|&(slot, _, _)| self.directive(slot).wilds).collect();
        // One natural for each remaining run.
        let options: Vec<Vec<(usize, Card)>> = needy
            .iter()
            .map(|&(slot, suit, low)| {
                (low..low + self.directive(slot).length)
                    .enumerate()
                    .filter_map(|(i, p)| natural_at(suit, p).filter(|&c| pool.contains(c)).map(|c| (i, c)))
                    .collect()
            })
            .collect();
        let mut picks = Vec::with_capacity(needy.len());
        if !pick_one_each(&options, 0, &mut pool, &mut picks) {
            return None;
        }
        for (r, &(i, card)) in picks.iter().enumerate() {
            layout[needy[r].0][i] = Some(card);
        }
        for &(slot, suit, low) in &needy {
            for (i, p) in (low..low + self.directive(slot).length).enumerate() {
                if layout[slot][i].is_none() {
                    if let Some(card) = natural_at(suit, p) {
                        if pool.remove(card) {
                            layout[slot][i] = Some(card);
                        }
                    }
                }
            }
        }
        Some((layout, pool))
    }

    /// In canonical mode, whether this reveal is the first of its effect: no wild in a set while
    /// a permitted natural of its rank stays in the hand, and no earlier reveal with the same
    /// shapes per directive and the same cards laid (`pool`: the naturals left).
    fn first_of_its_effect(&mut self, pool: CardMultiset, wilds_needed: usize) -> bool {
        let n = self.slots.len();
        // Naturals before wilds for sets: no wild in a set while a permitted natural of its
        // rank stays in the hand (runs took every natural they could above).
        for (slot, choice) in self.choices.iter().enumerate() {
            if let Choice::Set { rank, naturals } = *choice {
                let wilds = self.directive(slot).length - naturals.iter().sum::<u8>();
                let suits = self.directive(slot).suits;
                if wilds > 0 && suits.suits().any(|s| pool.contains(Card::new(rank, s))) {
                    return false;
                }
            }
        }
        // One reveal per effect: the shapes per directive and the cards laid.
        let mut key: Vec<u64> = Vec::with_capacity(n + 3);
        for d in 0..self.program.directives.len() {
            let mut shapes: Vec<u64> = (0..n)
                .filter(|&s| self.slots[s] == d)
                .map(|s| match self.choices[s] {
                    Choice::Run { suit, low } => (suit.index() as u64) << 8 | low as u64,
                    Choice::Set { rank, .. } => 1 << 16 | rank.index() as u64,
                })
                .collect();
            shapes.sort_unstable();
            key.extend(shapes);
        }
        let laid = self.naturals.checked_sub(pool).expect("the pool comes from the naturals");
        key.push(u64::MAX);
        key.extend(laid.iter().map(|c| c.index() as u64));
        key.push(wilds_needed as u64);
        self.seen.insert(key)
    }

    /// The combinations of a layout, the first wilds in canonical order.
    fn write(&self, layout: &[Vec<Option<Card>>]) -> Combinations {
        let n = self.slots.len();
        let mut wilds = self.wilds.iter().copied();
        let mut combos: Combinations = Vec::with_capacity(n);
        for (slot, cells) in layout.iter().enumerate() {
            let mut combo = Vec::with_capacity(cells.len());
            match self.choices[slot] {
                Choice::Run { suit, low } => {
                    for (i, cell) in cells.iter().enumerate() {
                        combo.push(match cell {
                            Some(card) => Placed::natural(*card),
                            None => Placed::wild(wilds.next().expect("enough wilds"), Card::new(rank_at(low + i as Position), suit)),
                        });
                    }
                }
                Choice::Set { rank, naturals } => {
                    let suits = self.directive(slot).suits;
                    let mut held = naturals;
                    for cell in cells {
                        combo.push(match cell {
                            Some(card) => Placed::natural(*card),
                            None => {
                                let suit = fewest(suits, &held);
                                held[suit.index()] += 1;
                                Placed::wild(wilds.next().expect("enough wilds"), Card::new(rank, suit))
                            }
                        });
                    }
                }
            }
            combos.push(combo);
        }
        combos
    }
}

/// The permitted suit a set holds fewest of (first in ♠ ♥ ♦ ♣ order on a tie).
pub fn fewest(suits: SuitMask, held: &[u8; 4]) -> Suit {
    suits.suits().min_by_key(|s| held[s.index()]).expect("a suit mask is never empty")
}

/// Gives each run `r` one natural of `options[r]` (index in the run, card), each card no more
/// often than `pool` holds it; a depth-first search (a reveal has a handful of runs).
fn pick_one_each(options: &[Vec<(usize, Card)>], r: usize, pool: &mut CardMultiset, picks: &mut Vec<(usize, Card)>) -> bool {
    if r == options.len() {
        return true;
    }
    for &(i, card) in &options[r] {
        if pool.remove(card) {
            picks.push((i, card));
            if pick_one_each(options, r + 1, pool, picks) {
                return true;
            }
            picks.pop();
            pool.insert(card);
        }
    }
    false
}

/// The canonical reveals of `program` from `hand` (see the module documentation), at most
/// `limit`, in a stable order.
pub fn canonical_reveals(hand: CardMultiset, program: &ProgramCard, limit: usize) -> Vec<Combinations> {
    search(hand, program, limit, true)
}

/// One valid reveal of `program` from `hand`, if there is any (faster than the canonical list:
/// the first the search meets).
pub fn find_reveal(hand: CardMultiset, program: &ProgramCard) -> Option<Combinations> {
    search(hand, program, 1, false).pop()
}

#[cfg_attr(feature = "fast-ai", optimize(speed))]
fn search(hand: CardMultiset, program: &ProgramCard, limit: usize, canonical: bool) -> Vec<Combinations> {
    if program.sun || hand.len() < program.cards_required() {
        return Vec::new();
    }
    let mut finder = Finder {
        program,
        slots: slots(program),
        naturals: naturals_of(hand),
        wilds: wilds_of(hand),
        limit,
        canonical,
        choices: Vec::new(),
        seen: HashSet::new(),
        found: Vec::new(),
    };
    finder.search(0, finder.naturals);
    finder.found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::programmes::program_deck::ProgramId;

    fn hand(text: &str) -> CardMultiset {
        text.split_whitespace().map(|t| t.parse::<Card>().unwrap()).collect()
    }

    fn program(id: &str) -> &'static ProgramCard {
        id.parse::<ProgramId>().unwrap().card()
    }

    fn texts(reveals: &[Combinations]) -> Vec<String> {
        reveals.iter().map(|r| r.iter().map(|c| cards_text(c)).collect::<Vec<_>>().join(" | ")).collect()
    }

    #[test]
    fn a_run_of_four_with_one_wild() {
        let h = hand("4S 5S 7S 9H 9D KC 2H");
        assert_eq!(texts(&canonical_reveals(h, program("P07"), 100)), ["4S 5S 2H=6S 7S"]);
        assert!(find_reveal(h, program("P07")).is_some());
        assert!(find_reveal(hand("4S 5S 7S 9H 9D KC"), program("P07")).is_none());
    }
}
