//! A rule-based Programmes player, and the fast greedy policy of the searches' playouts.
//!
//! **Planning.** For its program the bot picks, directive by directive, the target that its hand
//! fills best (a run's suit and values, a set's rank), naturals shared out greedily, wild-free and
//! imposed directives first. The *distance* is the number of cards still to obtain once the wilds
//! held fill what they may; the naturals inside the targets are kept, the missing ones are
//! *wanted*.
//!
//! **A turn.** Draw: take the discard top if it is wanted or wild (or, after revealing, if it can
//! be laid at once), else the stock; exchange the program card (when the option allows it) if it
//! is far from completion. Then reveal as soon as the program is complete (choosing, among the
//! reveals, the one that leaves the fewest cards once everything possible is laid off). After
//! revealing, lay off everything: new sets, naturals on the melds, then wilds. Discard the card
//! that helps least: outside the plan, with the fewest neighbours in the hand, and not one the
//! next player is known to collect (the cards he took from the discard pile) or could lay at once.
//!
//! **Levels.** The rules of thumb are switches ([`Skill`]): the `easy` level plays for its own
//! program only (it takes a discard that its targets want, keeps the plan, reveals with the first
//! listed reveal) and slips one move in ten; every rule of thumb ([`Skill::FULL`]) makes the
//! greedy playouts, the candidates the search levels weigh ([`candidates`]), and the "competent
//! player" of the deck's difficulty table. Measured over 4,000 four-player matches against three
//! `easy` players, the full rule bot wins about 39% (an equal player: 25%).

use rand::Rng;
use serde::{Deserialize, Serialize};

use super::Bot;
use crate::engine::card_multiset::CardMultiset;
use crate::engine::cards::{Card, CardSet, Rank, Suit};
use crate::engine::game::{Game, Seat};
use crate::engine::programmes::melds::{is_wild, Meld, Placed};
use crate::engine::programmes::program_deck::{rank_at, CombinationKind, Directive, ProgramCard};
use crate::engine::programmes::reveal::{self, naturals_of};
use crate::engine::programmes::{find_reveal, Action, Observation, Phase, ProgramId, Programmes};
use crate::engine::rng::{index_below, GameRng};

/// What one combination of a plan aims at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// A run of this suit from this position (1 = ace low).
    Run {
        suit: Suit,
        low: u8,
    },
    Set {
        rank: Rank,
    },
}

/// The most combinations a program asks for (a hand of 14 cannot show more than four).
pub const MAX_PLAN_SLOTS: usize = 8;

/// How far a hand is from its program, and which cards matter for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Cards still to obtain once the wilds fill what they may (0: the program can be revealed,
    /// give or take a rare sharing of naturals the greedy planner misses).
    pub distance: u32,
    /// The naturals the chosen targets use.
    pub keep: CardMultiset,
    /// The naturals that would fill a chosen target.
    pub wanted: CardSet,
    /// The target of each combination: (directive index, target), in planning order.
    targets: [(u8, Target); MAX_PLAN_SLOTS],
    slots: u8,
}

impl Plan {
    pub fn targets(&self) -> &[(u8, Target)] {
        &self.targets[..self.slots as usize]
    }
}

/// The 14 run positions of one suit held in `pool` as bits (bit p-1 for position p; the ace at
/// bits 0 and 13; never bit 1, the two).
#[inline]
fn suit_positions(pool: CardMultiset, suit: Suit) -> u16 {
    let ranks = ((pool.distinct().0 >> (suit.index() * 13)) & 0x1FFF) as u16 & !0b10;
    ranks | (ranks & 1) << 13
}

/// The card at run position `p` of `suit` (None for the two's position).
#[inline]
fn card_at(suit: Suit, p: u8) -> Option<Card> {
    (p != 2).then(|| Card::new(rank_at(p), suit))
}

/// Directive indices in the order the planner serves them: wild-free first, then imposed values,
/// then longer combinations.
fn plan_order(program: &ProgramCard) -> Vec<usize> {
    let mut slots = reveal::slots(program);
    slots.sort_by_key(|&d| {
        let dir = &program.directives[d];
        (dir.wilds, dir.low.is_none() && dir.rank.is_none(), std::cmp::Reverse(dir.length))
    });
    slots.truncate(MAX_PLAN_SLOTS);
    slots
}

/// [`plan_order`] of every program of the deck, computed once.
fn plan_orders() -> &'static [Vec<usize>] {
    static ORDERS: std::sync::OnceLock<Vec<Vec<usize>>> = std::sync::OnceLock::new();
    ORDERS.get_or_init(|| crate::engine::programmes::deck().cards.iter().map(plan_order).collect())
}

/// The cards of a set target that a directive permits.
#[inline]
fn set_cards(rank: Rank, suits: crate::engine::programmes::program_deck::SuitMask) -> CardSet {
    CardSet(CardSet::of_rank(rank).0 & suits_mask(suits).0)
}

/// Every card of the permitted suits.
#[inline]
fn suits_mask(suits: crate::engine::programmes::program_deck::SuitMask) -> CardSet {
    let mut m = 0u64;
    for s in 0..4 {
        if suits.0 & (1 << s) != 0 {
            m |= CardSet::of_suit(Suit::from_index(s)).0;
        }
    }
    CardSet(m)
}

/// The plan of `hand` for program `id` (see the module documentation).
pub fn plan(hand: CardMultiset, id: ProgramId) -> Plan {
    plan_seen(hand, id, CardMultiset::EMPTY)
}

/// [`plan`] knowing that the cards of `dead` are out of reach (on the table, under the discard
/// pile's top): between targets the hand fills equally, the one whose missing cards are still
/// live is chosen.
#[cfg_attr(feature = "fast-ai", optimize(speed))]
pub fn plan_seen(hand: CardMultiset, id: ProgramId, dead: CardMultiset) -> Plan {
    plan_in_order(hand, id, dead, &plan_orders()[id.index()])
}

/// Run positions (bit p-1 for position p, the ace at bits 0 and 13) from ranks (bit r for rank r).
#[inline]
fn positions_of_ranks(ranks: u16) -> u16 {
    (ranks & 0x1FFF) | (ranks & 1) << 13
}

/// Ranks (bit r) from run positions.
#[inline]
fn ranks_of_positions(positions: u16) -> u16 {
    (positions & 0x1FFF) | (positions >> 13) & 1
}

/// Counters kept in bit planes: plane j holds bit j of every counter (one counter per bit
/// position, up to 15), so that all of them are counted at once.
type BitPlanes = [u64; 4];

/// Adds one to each counter whose bit is set in `ones`.
#[inline(always)]
fn add_to_planes(planes: &mut BitPlanes, mut ones: u64) {
    for plane in planes.iter_mut() {
        let carry = *plane & ones;
        *plane ^= ones;
        ones = carry;
    }
}

/// Among the counters of `candidates` (bit positions), those holding the largest value, and that
/// value (all the candidates and 0 when every one is at 0).
#[inline(always)]
fn largest_in_planes(planes: &BitPlanes, candidates: u64) -> (u64, u32) {
    let (mut most, mut n) = (candidates, 0);
    for (j, plane) in planes.iter().enumerate().rev() {
        if most & plane != 0 {
            most &= plane;
            n |= 1 << j;
        }
    }
    (most, n)
}

/// The ranks (bit r) of which `hand` holds the most ordinary cards, copies included, and that
/// number (every rank and 0 for a hand without ordinary cards).
fn most_copies(hand: CardMultiset) -> (u16, usize) {
    let mut planes = BitPlanes::default();
    for s in 0..4 {
        for mask in [hand.once_mask(), hand.twice_mask()] {
            add_to_planes(&mut planes, (mask >> (13 * s)) & 0x1FFF);
        }
    }
    let (most, n) = largest_in_planes(&planes, 0x1FFF);
    (most as u16, n as usize)
}

/// The `k` lowest set bits of `x`.
#[inline]
fn lowest_bits(mut x: u64, k: u32) -> u64 {
    let mut out = 0;
    for _ in 0..k {
        let bit = x & x.wrapping_neg();
        out |= bit;
        x ^= bit;
    }
    out
}

/// Every card of each combination of permitted suits (index: the suit mask's bits).
const SUIT_CARDS: [u64; 16] = {
    let mut masks = [0u64; 16];
    let mut m = 0;
    while m < 16 {
        let mut s = 0;
        while s < 4 {
            if m & (1 << s) != 0 {
                masks[m] |= ((1u64 << 13) - 1) << (13 * s);
            }
            s += 1;
        }
        m += 1;
    }
    masks
};

/// One directive's share of a plan: the cards of the pool it uses, the naturals it has of the
/// `length` it needs, the cards it still wants, and where it aims.
struct Share {
    used: CardMultiset,
    best_nat: u32,
    wanted: CardSet,
    target: Target,
}

/// The plan, serving the directives in `order` (on bitmasks: the playouts call it every turn).
fn plan_in_order(hand: CardMultiset, id: ProgramId, dead: CardMultiset, order: &[usize]) -> Plan {
    let program = id.card();
    // Per suit, the run positions whose two copies are both out of reach.
    // (Playouts know of no dead card: they skip that bookkeeping.)
    let no_dead = dead.is_empty();
    let gone: [u16; 4] = if no_dead {
        [0; 4]
    } else {
        std::array::from_fn(|s| positions_of_ranks(((dead.twice_mask() >> (13 * s)) & 0x1FFF) as u16) & !0b10)
    };
    let mut pool = naturals_of(hand);
    let wilds = hand.len() - pool.len();
    let mut keep = CardMultiset::EMPTY;
    let mut wanted = CardSet::EMPTY;
    let mut targets = [(0u8, Target::Set { rank: Rank::ACE }); MAX_PLAN_SLOTS];
    let mut slots = 0;
    let (mut strict_missing, mut uncoverable, mut coverable) = (0u32, 0u32, 0u32);
    for &d in order {
        let dir = &program.directives[d];
        let length = dir.length as u32;
        let share = match dir.kind {
            CombinationKind::Run => run_share(dir, pool.once_mask(), &gone, no_dead),
            CombinationKind::Set => set_share(dir, pool, dead, no_dead),
        };
        let Share { used, best_nat, .. } = share;
        wanted |= share.wanted;
        targets_push(&mut targets, &mut slots, d, share.target);
        pool = pool.checked_sub(used).expect("the used cards come from the pool");
        keep = keep.checked_add(used).unwrap_or(keep);
        let short = length - best_nat;
        if !dir.wilds {
            strict_missing += short;
        } else if best_nat == 0 {
            uncoverable += 1;
            coverable += short - 1;
        } else {
            coverable += short;
        }
    }
    let distance = strict_missing + uncoverable + coverable.saturating_sub(wilds as u32);
    Plan { distance, keep, wanted, targets, slots: slots as u8 }
}

/// A run directive's share: the window of its suits with the most naturals of `once` (the pool's
/// cards held at least once); with dead cards, of those the one whose missing cards are fewest
/// out of reach (`gone`: per suit, the run positions both of whose copies are dead).
#[inline]
fn run_share(dir: &Directive, once: u64, gone: &[u16; 4], no_dead: bool) -> Share {
    let (first, last) = match dir.low {
        Some(l) => (l, l),
        None => (1, 15 - dir.length),
    };
    // Every window at once: the run positions held in each suit, one 16-bit lane a suit (bit
    // low-1 of lane s: the window of `length` positions from `low` in suit s), and the naturals
    // of each window counted in four bit planes.
    let mut lanes = 0u64;
    let mut valid = 0u64;
    let windows = ((1u64 << (last - first + 1)) - 1) << (first - 1);
    for s in 0..4 {
        if dir.suits.0 & (1 << s) != 0 {
            let held = positions_of_ranks(((once >> (13 * s)) & 0x1FFF) as u16 & !0b10);
            lanes |= u64::from(held) << (16 * s);
            valid |= windows << (16 * s);
        }
    }
    let mut planes = BitPlanes::default();
    for i in 0..dir.length {
        // Position low-1+i of each window (lanes above 14-length pick up bits of the next suit:
        // they are not windows).
        add_to_planes(&mut planes, lanes >> i);
    }
    // The windows with the most naturals, and that number.
    let (most, best_nat) = largest_in_planes(&planes, valid);
    // The first of them in order (suit, then low position); with dead cards, the first of those
    // whose missing cards are fewest out of reach.
    let first_window = most.trailing_zeros();
    let (mut s, mut low) = ((first_window / 16) as usize, (first_window % 16) as u8 + 1);
    if !no_dead {
        let mut rest = most;
        let mut fewest = u32::MAX;
        while rest != 0 {
            let bit = rest.trailing_zeros();
            rest &= rest - 1;
            let (ws, wlow) = ((bit / 16) as usize, (bit % 16) as u8 + 1);
            let held = (lanes >> (16 * ws)) as u16;
            let window = ((1u16 << dir.length) - 1) << (wlow - 1);
            let lost = (window & gone[ws] & !held).count_ones();
            if lost < fewest {
                fewest = lost;
                (s, low) = (ws, wlow);
            }
        }
    }
    let held = positions_of_ranks(((once >> (13 * s)) & 0x1FFF) as u16 & !0b10);
    let window = ((1u16 << dir.length) - 1) << (low - 1);
    let used_ranks = ranks_of_positions(window & held) as u64;
    let missing_ranks = ranks_of_positions(window & !held & !0b10) as u64;
    Share {
        used: CardMultiset::from_masks(used_ranks << (13 * s), 0),
        best_nat,
        wanted: CardSet(missing_ranks << (13 * s)),
        target: Target::Run { suit: Suit::from_index(s), low },
    }
}

/// A set directive's share: the first allowed rank with the most permitted naturals of `pool`
/// (a natural held twice counts twice); below a full set, with dead cards, the one with the
/// fewest cards out of reach.
#[inline]
fn set_share(dir: &Directive, pool: CardMultiset, dead: CardMultiset, no_dead: bool) -> Share {
    let (once, twice) = (pool.once_mask(), pool.twice_mask());
    let length = dir.length as u32;
    let permitted = SUIT_CARDS[dir.suits.0 as usize];
    let (first, last) = match dir.rank {
        Some(r) => (r.index(), r.index()),
        None => (0, 12),
    };
    // ge[k + 1]: the ranks (bit r) holding at least k permitted naturals, counted up to `length`
    // (a natural held twice counts twice); ge[0] and ge[1]: every rank.
    let mut ge = [0u16; 9];
    ge[0] = 0x1FFF;
    ge[1] = 0x1FFF;
    for s in 0..4 {
        if dir.suits.0 & (1 << s) == 0 {
            continue;
        }
        let x = ((once >> (13 * s)) & 0x1FFF) as u16;
        if x == 0 {
            continue;
        }
        let y = ((twice >> (13 * s)) & 0x1FFF) as u16;
        for k in (1..=dir.length as usize).rev() {
            ge[k + 1] |= ge[k] & x | ge[k - 1] & y;
        }
    }
    // The ranks the directive allows.
    let range = ((1u16 << (last + 1)) - (1u16 << first)) & !(1 << Rank::TWO.index());
    let mut k = dir.length as usize;
    while ge[k + 1] & range == 0 {
        k -= 1;
    }
    let best_nat = k as u32;
    let candidates = ge[k + 1] & range;
    // The first rank with the most naturals; below a full set, the fewest lost cards first.
    let mut chosen = candidates.trailing_zeros() as usize;
    if !no_dead && best_nat < length {
        let mut rest = candidates;
        let mut fewest = u32::MAX;
        while rest != 0 {
            let r = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let cards = CardSet::of_rank(Rank::from_index(r)).0 & permitted;
            let lost = dead.count_in(CardSet(cards)) as u32;
            if lost < fewest {
                fewest = lost;
                chosen = r;
            }
        }
    }
    let cards = CardSet::of_rank(Rank::from_index(chosen)).0 & permitted;
    let (a, b) = (once & cards, twice & cards);
    let na = a.count_ones();
    let used = if na >= length {
        CardMultiset::from_masks(lowest_bits(a, length), 0)
    } else {
        CardMultiset::from_masks(a, lowest_bits(b, length - na))
    };
    let wanted = if best_nat < length { CardSet(cards) } else { CardSet::EMPTY };
    Share { used, best_nat, wanted, target: Target::Set { rank: Rank::from_index(chosen) } }
}

#[inline]
fn targets_push(targets: &mut [(u8, Target); MAX_PLAN_SLOTS], slots: &mut usize, d: usize, target: Target) {
    if *slots < MAX_PLAN_SLOTS {
        targets[*slots] = (d as u8, target);
        *slots += 1;
    }
}

/// The reveal a complete plan describes (combinations in the program's directive order), or
/// None when the plan's greedy shares do not make one.
pub fn reveal_from_plan(hand: CardMultiset, id: ProgramId, plan: &Plan) -> Option<Vec<Vec<Placed>>> {
    let program = id.card();
    let mut pool = naturals_of(hand);
    let wild_cards = reveal::wilds_of(hand);
    let mut wilds = wild_cards.iter().copied();
    let mut combos: Vec<(u8, Vec<Placed>)> = Vec::with_capacity(plan.targets().len());
    for &(d, target) in plan.targets() {
        let dir = &program.directives[d as usize];
        let mut combo = Vec::with_capacity(dir.length as usize);
        match target {
            Target::Run { suit, low } => {
                for p in low..low + dir.length {
                    match card_at(suit, p) {
                        Some(card) if pool.remove(card) => combo.push(Placed::natural(card)),
                        _ => combo.push(Placed::wild(wilds.next()?, Card::new(rank_at(p), suit))),
                    }
                }
            }
            Target::Set { rank } => {
                let mut counts = [0u8; 4];
                for c in pool.restricted_to(set_cards(rank, dir.suits)).iter().take(dir.length as usize) {
                    pool.remove(c);
                    counts[c.suit_unchecked().index()] += 1;
                    combo.push(Placed::natural(c));
                }
                while combo.len() < dir.length as usize {
                    let suit = reveal::fewest(dir.suits, &counts);
                    counts[suit.index()] += 1;
                    combo.push(Placed::wild(wilds.next()?, Card::new(rank, suit)));
                }
            }
        }
        if combo.iter().all(|p| p.is_wild()) || !dir.wilds && combo.iter().any(|p| p.is_wild()) {
            return None;
        }
        combos.push((d, combo));
    }
    combos.sort_by_key(|(d, _)| *d);
    Some(combos.into_iter().map(|(_, c)| c).collect())
}

/// Which rules of thumb a rule bot follows (the `easy` level plays a simpler game than the
/// greedy playouts and the candidates of the search levels).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Skill {
    /// Take the discard top when it brings the program closer (without it: only wilds, or after
    /// revealing a card that can be laid at once).
    pub take_useful_discards: bool,
    /// Among the cards outside the plan, keep those near other cards of the hand.
    pub keep_neighbours: bool,
    /// Avoid discarding what the next player collects or can lay.
    pub watch_next: bool,
    /// Choose the reveal that leaves the fewest cards once everything is laid off (without it:
    /// the first listed).
    pub best_reveal: bool,
    /// Take any discard top that brings the program closer, not only the cards of the current
    /// targets (a card may open a better target).
    pub take_improving: bool,
    /// Between targets the hand fills equally, prefer the one whose missing cards are not on the
    /// table or buried in the discard pile.
    pub live_targets: bool,
}

impl Skill {
    /// Every rule of thumb.
    pub const FULL: Skill = Skill {
        take_useful_discards: true,
        keep_neighbours: true,
        watch_next: true,
        best_reveal: true,
        take_improving: true,
        live_targets: true,
    };
    /// The `easy` level: plays for its own program only, by the plan.
    pub const EASY: Skill = Skill {
        take_useful_discards: true,
        keep_neighbours: false,
        watch_next: false,
        best_reveal: false,
        take_improving: false,
        live_targets: false,
    };
}

/// What the bot needs to know to play a turn, from an observation or from a full state.
struct TurnView<'a> {
    skill: Skill,
    /// Cards out of reach: on the table and under the discard pile's top (empty in playouts).
    dead: CardMultiset,
    hand: CardMultiset,
    program: Option<ProgramId>,
    revealed: bool,
    melds: &'a [Meld],
    /// The natural cards that extend some meld.
    extenders: CardSet,
    discard_top: Option<Card>,
    taken: Option<Card>,
    /// Cards the next player took from the discard pile and still holds.
    next_known: CardMultiset,
    next_revealed: bool,
    can_exchange: bool,
}

impl<'a> TurnView<'a> {
    fn of_observation(obs: &'a Observation, can_exchange: bool, skill: Skill) -> TurnView<'a> {
        let next = (obs.seat + 1) % obs.players();
        let mut dead = CardMultiset::EMPTY;
        if skill.live_targets {
            for &c in obs.discard.iter().skip(1) {
                dead.insert(c);
            }
            dead = dead.checked_add(obs.meld_cards()).unwrap_or(dead);
        }
        TurnView {
            skill,
            dead,
            hand: obs.hand,
            program: obs.program,
            revealed: obs.has_revealed(obs.seat),
            melds: &obs.melds,
            extenders: extenders(&obs.melds),
            discard_top: obs.discard.first().copied(),
            taken: obs.taken_from_discard,
            next_known: obs.known[next],
            next_revealed: obs.has_revealed(next),
            can_exchange,
        }
    }

    fn of_state(state: &'a Programmes, seat: Seat) -> TurnView<'a> {
        let next = state.next_seat(seat);
        TurnView {
            skill: Skill::FULL,
            dead: CardMultiset::EMPTY,
            hand: state.hand(seat),
            program: state.program(seat),
            revealed: state.has_revealed(seat),
            melds: state.melds(),
            extenders: state.extenders(),
            discard_top: state.discard_top(),
            taken: state.taken_from_discard(),
            next_known: state.known(next),
            next_revealed: state.has_revealed(next),
            can_exchange: state.can_exchange(seat),
        }
    }

    fn plan(&self) -> Option<Plan> {
        self.program.map(|p| self.plan_of(self.hand, p))
    }

    fn plan_of(&self, hand: CardMultiset, id: ProgramId) -> Plan {
        plan_seen(hand, id, self.dead)
    }

    /// Whether `card` extends a meld on the table.
    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    fn extends_a_meld(&self, card: Card) -> bool {
        if is_wild(card) {
            !self.melds.is_empty()
        } else {
            self.extenders.contains(card)
        }
    }
}

/// Exchange the program card when the hand is at least this far from it.
const EXCHANGE_DISTANCE: u32 = 5;

#[cfg_attr(feature = "fast-ai", optimize(speed))]
fn draw_choice(view: &TurnView) -> Action {
    // The hand's plan, worked out once (and only when a rule needs it).
    let mut plan = None;
    let mut plan = || *plan.get_or_insert_with(|| view.plan());
    if view.can_exchange && plan().is_some_and(|p| p.distance >= EXCHANGE_DISTANCE) {
        return Action::ExchangeProgram;
    }
    let Some(top) = view.discard_top else { return Action::DrawStock };
    if view.hand.len() == 1 {
        return Action::DrawStock;
    }
    let take = if view.revealed {
        view.extends_a_meld(top) || view.hand.count_in(CardSet::of_rank(top.rank_unchecked())) >= 2 && !is_wild(top)
    } else if is_wild(top) {
        true
    } else if !view.skill.take_useful_discards {
        false
    } else {
        match plan() {
            Some(before) if before.wanted.contains(top) || view.skill.take_improving => {
                let mut with = view.hand;
                with.insert(top);
                let after = view.plan_of(with, view.program.expect("a plan has a program"));
                after.distance < before.distance
            }
            _ => false,
        }
    };
    if take {
        Action::DrawDiscard
    } else {
        Action::DrawStock
    }
}

/// How many cards of `rank` a hand holds, copies included: the rank's bit of each suit folded
/// together by one multiplication (instead of counting bits).
#[inline]
fn rank_copies(hand: CardMultiset, rank: Rank) -> u32 {
    const SUITS: u64 = 1 | 1 << 13 | 1 << 26 | 1 << 39;
    let fold = |mask: u64| (((mask >> rank.index()) & SUITS).wrapping_mul(SUITS) >> 39) as u32 & 7;
    fold(hand.once_mask()) + fold(hand.twice_mask())
}

/// How much a natural card is worth keeping beyond the plan: its neighbours in the hand (same
/// suit within two values, same rank).
fn neighbours(hand: CardMultiset, card: Card) -> u32 {
    let suit = card.suit_unchecked();
    let held = u32::from(suit_positions(hand, suit));
    let p = card.rank_unchecked().index() as u32 + 1;
    // Positions p-2, p-1, p+1 and p+2 (bits p-3, p-2, p and p+1; those below position 1 fall off).
    let mut near = (held & ((0b11011u32 << (p + 1)) >> 4)).count_ones();
    if card.rank_unchecked() == Rank::ACE && held & (1 << 11 | 1 << 12) != 0 {
        near += 1;
    }
    near + rank_copies(hand, card.rank_unchecked()) - 1
}

/// How much discarding `card` could help the next player: he collects what he took from the
/// discard pile, and after revealing lays whatever fits.
fn gift(view: &TurnView, card: Card) -> u32 {
    if is_wild(card) {
        return 5;
    }
    let mut risk = 0;
    if view.next_revealed && view.extends_a_meld(card) {
        risk += 4;
    }
    for k in view.next_known.distinct().iter().filter(|k| !is_wild(*k)) {
        if k.rank_unchecked() == card.rank_unchecked() {
            risk += 2;
        } else if k.suit_unchecked() == card.suit_unchecked()
            && (k.rank_unchecked().index() as i32 - card.rank_unchecked().index() as i32).abs() <= 2
        {
            risk += 1;
        }
    }
    risk
}

/// The natural cards that extend some meld on the table.
fn extenders(melds: &[Meld]) -> CardSet {
    crate::engine::programmes::melds::table_extenders(melds)
}

/// The discard that helps least (see the module documentation); `plan` is the hand's plan
/// before revealing.
#[cfg_attr(feature = "fast-ai", optimize(speed))]
fn discard_choice(view: &TurnView, candidates: CardSet, plan: Option<&Plan>) -> Card {
    let mut best = None;
    let mut best_score = i64::MAX;
    for card in candidates.iter() {
        let score = discard_score(view, card, plan);
        if score < best_score {
            best_score = score;
            best = Some(card);
        }
    }
    best.expect("there is a card to discard")
}

/// How bad a discard `card` is (lower: a better discard).
#[cfg_attr(feature = "fast-ai", optimize(speed))]
fn discard_score(view: &TurnView, card: Card, plan: Option<&Plan>) -> i64 {
    {
        // Lower is a better discard.
        let mut score: i64 = 0;
        if is_wild(card) {
            score += 1000;
        } else {
            if let Some(p) = plan {
                if p.keep.contains(card) {
                    score += 200;
                }
                if p.wanted.contains(card) {
                    score += 50;
                }
            }
            if view.revealed && view.extends_a_meld(card) {
                score += 100;
            }
            if view.skill.keep_neighbours {
                score += 10 * i64::from(neighbours(view.hand, card));
            }
        }
        if view.skill.watch_next {
            score += 8 * i64::from(gift(view, card));
        } else if is_wild(card) {
            score += 40;
        }
        // Ties: the highest card first (stable).
        score * 64 - card.index() as i64
    }
}

/// The cards a discard may be chosen from.
fn discardable(view: &TurnView) -> CardSet {
    let all = view.hand.distinct();
    match view.taken {
        Some(t) if all != CardSet::from_cards([t]) => all - CardSet::from_cards([t]),
        _ => all,
    }
}

/// The first wild of a hand in card order (2♠ 2♥ 2♦ 2♣, then the joker); the hand holds one.
fn first_wild(hand: CardMultiset) -> Card {
    (hand.distinct() & reveal::TWOS).first().unwrap_or(Card::JOKER)
}

/// After revealing: the next card(s) to lay, if any — a new set (most naturals first), a natural
/// on a meld, then a wild on a meld.
#[cfg_attr(feature = "fast-ai", optimize(speed))]
fn layoff_choice(view: &TurnView) -> Option<Action> {
    let naturals = naturals_of(view.hand);
    let wild_count = view.hand.len() - naturals.len();
    // A new set: three naturals of a rank, or fewer with wilds; the rank with the most naturals
    // (the lowest on a tie).
    let (most, n) = most_copies(naturals);
    let best = (n > 0 && n + wild_count >= 3).then(|| (Rank::from_index(most.trailing_zeros() as usize), n));
    if let Some((rank, n)) = best {
        let mut cards: Vec<Placed> = naturals.restricted_to(CardSet::of_rank(rank)).iter().map(Placed::natural).collect();
        let mut counts = naturals.rank_counts(rank);
        for w in view.hand.iter().filter(|&c| is_wild(c)).take(3usize.saturating_sub(n)) {
            let suit = reveal::fewest(crate::engine::programmes::program_deck::SuitMask::ALL, &counts);
            counts[suit.index()] += 1;
            cards.push(Placed::wild(w, Card::new(rank, suit)));
        }
        return Some(Action::Meld(cards));
    }
    if let Some(card) = (naturals.distinct() & view.extenders).first() {
        for (i, m) in view.melds.iter().enumerate() {
            if m.fits(Placed::natural(card)).is_some() {
                return Some(Action::Extend { meld: i, card: Placed::natural(card) });
            }
        }
    }
    if let Some(w) = (wild_count > 0).then(|| first_wild(view.hand)) {
        for (i, m) in view.melds.iter().enumerate() {
            for end in [crate::engine::programmes::End::High, crate::engine::programmes::End::Low, crate::engine::programmes::End::Set] {
                if let Some(value) = m.wanted_at(end) {
                    let placed = Placed::wild(w, value);
                    if m.fits(placed).is_some() {
                        return Some(Action::Extend { meld: i, card: placed });
                    }
                }
            }
        }
    }
    None
}

/// The hand left once everything possible is laid off onto `melds` (greedily).
fn left_after_layoffs(hand: CardMultiset, melds: &[Meld]) -> CardMultiset {
    let mut melds = melds.to_vec();
    let mut hand = hand;
    let view = |hand, melds: &[Meld]| {
        layoff_choice(&TurnView {
            skill: Skill::FULL,
            dead: CardMultiset::EMPTY,
            hand,
            program: None,
            revealed: true,
            melds,
            extenders: extenders(melds),
            discard_top: None,
            taken: None,
            next_known: CardMultiset::EMPTY,
            next_revealed: false,
            can_exchange: false,
        })
    };
    for _ in 0..40 {
        match view(hand, &melds) {
            Some(Action::Meld(cards)) => {
                for p in &cards {
                    hand.remove(p.card);
                }
                let shape = crate::engine::programmes::combination_shape(&cards).expect("a layoff is a valid set");
                melds.push(Meld::new(0, shape, &cards, None));
            }
            Some(Action::Extend { meld, card }) => {
                hand.remove(card.card);
                let end = melds[meld].extension_end(meld, card).expect("a layoff fits");
                melds[meld].extend(card, end);
            }
            _ => break,
        }
        if hand.is_empty() {
            break;
        }
    }
    hand
}

/// The reveal among `reveals` that leaves the fewest cards once everything is laid off.
fn best_reveal<'r>(view: &TurnView, reveals: impl Iterator<Item = &'r Vec<Vec<Placed>>>) -> Option<&'r Vec<Vec<Placed>>> {
    let mut best = None;
    let mut best_left = usize::MAX;
    for combos in reveals.take(64) {
        let mut hand = view.hand;
        let mut melds = view.melds.to_vec();
        for c in combos {
            for p in c {
                hand.remove(p.card);
            }
            let shape = crate::engine::programmes::combination_shape(c).expect("a listed reveal is valid");
            melds.push(Meld::new(0, shape, c, None));
        }
        // Fewest cards left; on a tie, a wild kept in reserve rather than a natural.
        let rest = left_after_layoffs(hand, &melds);
        let left = 2 * rest.len() + usize::from(rest.iter().all(|c| !is_wild(c)));
        if left < best_left {
            best_left = left;
            best = Some(combos);
        }
    }
    best
}

/// The rule-based player of the `easy` level.
pub struct RuleBot {
    /// Probability of playing a random legal move instead of the chosen one.
    pub randomness: f64,
    pub skill: Skill,
}

impl Bot<Programmes> for RuleBot {
    fn choose(&self, obs: &Observation, legal: &[Action], rng: &mut GameRng) -> Action {
        if legal.len() > 1 && self.randomness > 0.0 && rng.random_bool(self.randomness) {
            // A slip: a random draw or discard (never a random reveal over the best one).
            let casual: Vec<&Action> =
                legal.iter().filter(|a| matches!(a, Action::DrawStock | Action::DrawDiscard | Action::Discard(_))).collect();
            if !casual.is_empty() && !legal.iter().any(|a| matches!(a, Action::Reveal(_))) {
                return casual[index_below(casual.len(), rng)].clone();
            }
        }
        decide_with(obs, legal, self.skill)
    }
}

/// The rule bot's move with every rule of thumb (no randomness), among `legal`.
pub fn decide(obs: &Observation, legal: &[Action]) -> Action {
    decide_with(obs, legal, Skill::FULL)
}

/// The rule bot's move with these rules of thumb (no randomness), among `legal`.
pub fn decide_with(obs: &Observation, legal: &[Action], skill: Skill) -> Action {
    let view = TurnView::of_observation(obs, legal.contains(&Action::ExchangeProgram), skill);
    if obs.phase == Phase::Draw {
        let choice = draw_choice(&view);
        return if legal.contains(&choice) { choice } else { legal[0].clone() };
    }
    let reveals: Vec<&Vec<Vec<Placed>>> = legal
        .iter()
        .filter_map(|a| match a {
            Action::Reveal(c) => Some(c),
            _ => None,
        })
        .collect();
    if !skill.best_reveal {
        if let Some(first) = reveals.first() {
            return Action::Reveal((*first).clone());
        }
    }
    if let Some(combos) = best_reveal(&view, reveals.into_iter()) {
        return Action::Reveal(combos.clone());
    }
    if view.revealed {
        if let Some(action) = layoff_choice(&view) {
            if legal.contains(&action) {
                return action;
            }
            // The listed form of the same move (e.g. another wild's declared suit).
            if let Some(a) = legal.iter().find(|a| matches!(a, Action::Meld(_) | Action::Extend { .. })) {
                return a.clone();
            }
        }
    }
    let candidates: CardSet = legal
        .iter()
        .filter_map(|a| match a {
            Action::Discard(c) => Some(*c),
            _ => None,
        })
        .collect();
    if candidates.is_empty() {
        return legal[0].clone();
    }
    let plan = if view.revealed { None } else { view.plan() };
    Action::Discard(discard_choice(&view, candidates, plan.as_ref()))
}

/// The moves worth a search among `legal`, best first by the rules of thumb: the rule bot's
/// reveal or lay-off when there is one (never worth delaying), else the draws (and the
/// exchange), the rule bot's choice first, or the `k` best discards.
pub fn candidates(obs: &Observation, legal: &[Action], k: usize) -> Vec<Action> {
    if legal.len() <= 1 {
        return legal.to_vec();
    }
    let chosen = decide(obs, legal);
    if obs.phase == Phase::Draw {
        let mut ranked = vec![chosen.clone()];
        ranked.extend(legal.iter().filter(|a| **a != chosen).cloned());
        return ranked;
    }
    if matches!(chosen, Action::Reveal(_) | Action::Meld(_) | Action::Extend { .. }) {
        return vec![chosen];
    }
    let view = TurnView::of_observation(obs, false, Skill::FULL);
    let plan = if view.revealed { None } else { view.plan() };
    let mut discards: Vec<(i64, &Action)> = legal
        .iter()
        .filter_map(|a| match a {
            Action::Discard(c) => Some((discard_score(&view, *c, plan.as_ref()), a)),
            _ => None,
        })
        .collect();
    discards.sort_by_key(|(score, _)| *score);
    discards.into_iter().take(k.max(1)).map(|(_, a)| a.clone()).collect()
}

/// The greedy policy's move for the seat to move: the rule bot's choices made straight from the
/// state (the mover's own hand and public facts), without listing the legal actions. It is
/// legal but for rare corners (see [`playout_move`]).
pub fn greedy_action(state: &Programmes) -> Option<Action> {
    let seat = state.to_move()?;
    let view = TurnView::of_state(state, seat);
    Some(match state.phase() {
        Phase::Draw => draw_choice(&view),
        _ if view.revealed => match layoff_choice(&view) {
            Some(a) => a,
            None => Action::Discard(discard_choice(&view, discardable(&view), None)),
        },
        _ => {
            let plan = view.plan();
            let reveal = match (view.program, &plan) {
                (Some(id), Some(p)) if p.distance == 0 => reveal_from_plan(view.hand, id, p).or_else(|| find_reveal(view.hand, id.card())),
                _ => None,
            };
            match reveal {
                Some(combos) => Action::Reveal(combos),
                None => Action::Discard(discard_choice(&view, discardable(&view), plan.as_ref())),
            }
        }
    })
}

/// The playout policy of the searches: [`greedy_action`], or any legal move in the rare corner
/// it misses (e.g. laying down would strand the card taken from the discard pile).
#[cfg_attr(feature = "fast-ai", optimize(speed))]
pub fn playout_move(state: &mut Programmes, rng: &mut GameRng) -> bool {
    let Some(action) = greedy_action(state) else { return false };
    let seat = state.to_move().expect("greedy_action found a seat to move");
    if state.play(seat, &action).is_err() {
        return state.play_random(rng);
    }
    true
}

/// Why a move is good, in a form the page can say in any language (hints).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Hint {
    /// The program is complete: reveal it.
    Reveal,
    /// The discard top fills the plan (or is wild, or can be laid at once).
    TakeDiscard { card: Card },
    /// The discard top does not help: draw from the stock.
    DrawStock,
    /// The program card is far from the hand: change it.
    Exchange { distance: u32 },
    /// Lay cards down after revealing, to go out sooner.
    LayOff,
    /// The card helps the plan least (and the next player little).
    Discard { card: Card, distance: u32 },
}

/// Explains `action` for the seat of `obs`.
pub fn explain(obs: &Observation, action: &Action) -> Hint {
    let distance = obs.program.map_or(0, |p| plan(obs.hand, p).distance);
    match action {
        Action::Reveal(_) => Hint::Reveal,
        Action::DrawDiscard => Hint::TakeDiscard { card: obs.discard.first().copied().unwrap_or(Card::JOKER) },
        Action::DrawStock => Hint::DrawStock,
        Action::ExchangeProgram => Hint::Exchange { distance },
        Action::Meld(_) | Action::Extend { .. } => Hint::LayOff,
        Action::Discard(card) => Hint::Discard { card: *card, distance },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hand(text: &str) -> CardMultiset {
        text.split_whitespace().map(|t| t.parse::<Card>().unwrap()).collect()
    }

    fn program(id: &str) -> ProgramId {
        id.parse::<ProgramId>().unwrap()
    }

    #[test]
    fn distance_counts_missing_cards_after_wilds() {
        assert_eq!(plan(hand("4S 5S 7S 9H 9D KC 2H"), program("P07")).distance, 0);
        assert_eq!(plan(hand("4S 5S 7S 9H 9D KC"), program("P07")).distance, 1);
        assert_eq!(plan(hand("4S 5S 9H 9D KC QC JK"), program("P01")).distance, 2, "two trios: 9 9 JK, then one natural and two more");
        let p = plan(hand("AS AH 8H 8C 8S 3D"), program("P22"));
        assert_eq!(p.distance, 1);
        assert!(p.wanted.contains("AD".parse().unwrap()));
    }
}
