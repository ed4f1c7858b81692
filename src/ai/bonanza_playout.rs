//! Bonanza's playout policy: the move every seat makes in the searches' simulations, and the
//! model of the other players inside the hard search's tree.
//!
//! It must be about as fast as a random move yet play like a sensible opponent (the easy bot's
//! instincts, from the mover's own hand only — never from the sampled world's other hands):
//! - the dealer takes the widow when his hand runs badly (many breaks between its cards), else
//!   sells it; a bidder with a weak hand bids the minimum once in a while;
//! - at the calls it shows the best claim (the joker kept when a pair call still needs it, a
//!   sequence only when it beats those shown);
//! - at the poker it bets the most with a hand two categories above what its hand size usually
//!   makes, raises with one three above, folds one two below when facing a bet, and otherwise
//!   checks or calls;
//! - in the race it leads as the easy bot does: the longest run of its own cards, space cards on
//!   the way, and a stop it knows of at the end.

use rand::Rng;

use crate::engine::bonanza::calls::{for_each_claim, pair_cards};
use crate::engine::bonanza::poker::{best_hand, Category};
use crate::engine::bonanza::race::{lowest_of_suit, next_card};
use crate::engine::bonanza::{Action, Bonanza, Call, Claim, Phase, SequenceRank, Space};
use crate::engine::cards::{Card, CardSet, Rank};
use crate::engine::game::{Game, Seat};
use crate::engine::rng::GameRng;

const JOKER: CardSet = CardSet(1 << 52);

/// Cards of `hand` whose successor in the race (aces high) is not in the hand, aces excepted:
/// each one is a place where the hand may lose the lead.
pub fn breaks(hand: CardSet) -> u32 {
    // All four suits at once (bit 13·suit + rank, the ace at rank 0): a two … queen is followed
    // by the card one bit up, a king by its suit's ace, an ace by nothing.
    const ACES: u64 = CardSet::of_rank(Rank::ACE).0;
    const TWO_TO_QUEEN: u64 = CardSet::PACK_52.0 & !ACES & !CardSet::of_rank(Rank::KING).0;
    let cards = (hand - JOKER).0;
    let next_held = ((cards >> 1) & TWO_TO_QUEEN) | ((cards & ACES) << 12);
    (cards & !ACES & !next_held).count_ones()
}

/// Whether a hand of this size runs worse than a random one (more breaks than usual).
#[cfg_attr(feature = "fast-ai", optimize(speed))]
fn runs_badly(hand: CardSet) -> bool {
    let k = (hand - JOKER).len() as f64;
    let usual = k * (1.0 - (k - 1.0) / 52.0) * 12.0 / 13.0;
    f64::from(breaks(hand)) > usual + 0.5
}

/// The category a hand of `size` cards usually reaches as its best five.
fn usual_category(size: usize) -> Category {
    match size {
        0..=6 => Category::Pair,
        7..=8 => Category::TwoPairs,
        9..=11 => Category::ThreeOfAKind,
        12..=14 => Category::Flush,
        _ => Category::FullHouse,
    }
}

/// How many categories above (or below) what a hand of its size usually makes its best five
/// reach: the poker strength the playouts bet by, and the search levels read into a bet.
pub(crate) fn poker_strength(hand: CardSet) -> i32 {
    best_hand(hand).category() as i32 - usual_category(hand.len()) as i32
}

fn call_move(state: &Bonanza, seat: Seat, call: Call) -> Action {
    let hand = state.hand(seat);
    let mut best: Option<Claim> = None;
    for_each_claim(call, hand, |c| {
        let better = match best {
            None => true,
            Some(b) => (!c.uses_joker(), SequenceRank::of_any(&c)) > (!b.uses_joker(), SequenceRank::of_any(&b)),
        };
        if better {
            best = Some(c);
        }
    });
    let Some(claim) = best else { return Action::Pass };
    match call {
        Call::Joker => {
            // Keep the joker when a pair call still needs it.
            let needs = [Call::QueenJack, Call::TenTwo].into_iter().any(|c| {
                let [a, b] = pair_cards(c);
                hand.contains(a) != hand.contains(b)
            });
            if needs {
                Action::Pass
            } else {
                Action::Show(claim)
            }
        }
        Call::Sequence => {
            let shown = state.sequences().iter().flatten().map(SequenceRank::of).max();
            if shown.is_none_or(|s| SequenceRank::of(&claim) > s) {
                Action::Show(claim)
            } else {
                Action::Pass
            }
        }
        _ => Action::Show(claim),
    }
}

fn poker_move(state: &Bonanza, seat: Seat) -> Action {
    let hand = state.hand(seat);
    // Like the easy bot, it bets only clearly strong hands and calls small bets readily.
    let strength = poker_strength(hand);
    let most = state.max_raise();
    let facing = state.betting().bet > 0;
    match (facing, strength) {
        (false, 2..) if most >= 1 => Action::Bet(most),
        (false, _) => Action::Check,
        (true, 3..) if most >= 1 => Action::Raise(most),
        (true, -1..) => Action::Call,
        (true, _) => Action::Fold,
    }
}

/// The lead the easy bot would choose, from the leader's own hand and what he knows is dead:
/// the longest run, space cards on the way, and a known stop at its end (the lead comes back).
fn lead_move(state: &Bonanza, seat: Seat, rng: &mut GameRng) -> Action {
    let hand = state.playable(seat);
    let allowed = hand & state.lead_cards();
    let mut dead = state.played() | state.known_dead();
    if state.widow_holder() == Some(seat) {
        dead |= state.dead_hand();
    }
    let board = state.board();
    let mut best: Option<(i32, Card)> = None;
    for suit in 0..4 {
        let Some(card) = lowest_of_suit(allowed, suit) else { continue };
        let (mut run, mut spaces, mut current) = (0, 0, card);
        let keeps_lead = loop {
            run += 1;
            if let Some(space) = Space::of_card(current) {
                spaces += board[space.index()] as i32;
            }
            match next_card(current) {
                None => break true,
                Some(next) if hand.contains(next) => current = next,
                Some(next) => break dead.contains(next),
            }
        };
        let score = if run as usize == hand.len() {
            i32::MAX
        } else {
            // In quarter points, with a random quarter for ties.
            4 * run + 6 * spaces + if keeps_lead { 16 } else { 0 } + rng.random_range(0..2)
        };
        if best.is_none_or(|(s, _)| score > s) {
            best = Some((score, card));
        }
    }
    Action::Play(best.expect("a leader has a card to lead").1)
}

/// One move of the policy for the seat to move (false when nobody is to move).
#[cfg_attr(feature = "fast-ai", optimize(speed))]
pub fn playout_move(state: &mut Bonanza, rng: &mut GameRng) -> bool {
    let Some(seat) = state.to_move() else { return false };
    let action = match state.phase() {
        Phase::Widow => {
            if runs_badly(state.hand(seat)) {
                Action::TakeWidow
            } else {
                Action::SellWidow
            }
        }
        Phase::Auction => {
            let (low, high) = state.bid_range(seat);
            if low <= high && low <= 3 && runs_badly(state.hand(seat)) && rng.random_bool(0.5) {
                Action::Bid(low)
            } else {
                Action::Pass
            }
        }
        Phase::Call(call) => call_move(state, seat, call),
        Phase::Poker => poker_move(state, seat),
        Phase::Lead => lead_move(state, seat, rng),
        Phase::Follow(card) => Action::Play(card),
        Phase::GameOver => return false,
    };
    state.play_legal(seat, &action); // the playout policy picks legal moves
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rng::{seeded, shuffle};

    /// The bitwise count agrees with the race's own successor rule (docs/rules/bonanza.md §6.1–6.2:
    /// aces high, nothing after the ace), card by card, on random hands of every size, joker or
    /// not.
    #[test]
    fn breaks_counts_the_cards_whose_successor_is_missing() {
        let mut rng = seeded(5);
        let mut pack: Vec<Card> = CardSet::PACK_52.iter().chain([Card::JOKER]).collect();
        for size in 0..=pack.len() {
            for _ in 0..40 {
                shuffle(&mut pack, &mut rng);
                let hand = CardSet::from_cards(pack[..size].iter().copied());
                let cards = hand - JOKER;
                let by_card = cards.iter().filter(|&c| next_card(c).is_some_and(|n| !cards.contains(n))).count() as u32;
                assert_eq!(breaks(hand), by_card, "{hand:?}");
            }
        }
    }
}
