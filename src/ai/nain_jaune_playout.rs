//! Nain Jaune's playout policy: the move every seat makes in the searches' simulations (natural
//! follows, random leads), and the fast play to the end of a deal that the searches and the bench
//! run on the engine's bit tables, which `ai::GameBots` calls.

use crate::engine::cards::{Card, CardSet};
use crate::engine::game::Chips;
use crate::engine::nain_jaune::board::BOX_OF_CARD;
use crate::engine::nain_jaune::play::random_card;
use crate::engine::nain_jaune::{slot, NainJaune, PhaseCode, BOARD_CARDS, FOLLOW_CARDS, MAX_PLAYERS, RANK_INDEX};
use crate::engine::rng::GameRng;

/// One move of the searches' playout policy: a leader plays a uniformly random card of his
/// hand, drawing from `rng` exactly as [`Game::play_random`](crate::engine::game::Game::play_random) does; a follower plays the board
/// card of the wanted rank if he holds it (any player would: the box is won at once and a
/// penalty avoided), otherwise his first copy of that rank: suits play no part apart from the
/// board cards, so any copy leads to the same deal. False when nobody is to move.
#[cfg_attr(feature = "fast-ai", optimize(speed))]
pub fn playout_move(state: &mut NainJaune, rng: &mut GameRng) -> bool {
    let Some(seat) = state.to_move else { return false };
    let hand = state.hands[slot(seat)];
    let phase = state.phase;
    let card = if phase == PhaseCode::LEAD {
        random_card(hand, rng)
    } else if phase.is_follow() {
        follower_card(hand & phase.wanted_cards())
    } else {
        return false;
    };
    state.apply_play(seat, card);
    true
}

/// Plays by the playout policy until nobody is to move (the end of the deal with
/// `single_deal`, else of the game); returns the number of moves. The same moves, draws and
/// final state as repeating [`playout_move`], which it falls back on while
/// logging.
#[cfg_attr(feature = "fast-ai", optimize(speed))]
pub fn play_out(state: &mut NainJaune, rng: &mut GameRng) -> u64 {
    let mut moves = 0;
    while !state.logging && state.to_move.is_some() {
        moves += play_out_deal(state, rng);
    }
    while playout_move(state, rng) {
        moves += 1;
    }
    moves
}

/// The rest of the current deal by the playout policy, then its settlement. The searches
/// spend most of their time here, so the deal is played on local copies, and without a
/// branch that the random deal decides wherever it can be avoided (each costs a
/// misprediction now and then): for each rank, one bit per position (in the order of play)
/// holding it, so the follower is the lowest bit of that mask rotated to start at the mover;
/// the "X without Y" voids kept by rank in the same way; and every card takes its box, the
/// cards that have none from a slot that stays empty.
#[inline(never)]
#[cfg_attr(feature = "fast-ai", optimize(speed))]
fn play_out_deal(state: &mut NainJaune, rng: &mut GameRng) -> u64 {
    let n = state.players;
    let Some(first) = state.to_move else { return 0 };
    // Positions 0..n in the direction of play, from seat 0.
    let mut seat_at = [0usize; MAX_PLAYERS];
    let mut p = 0;
    let mut seat = 0;
    for (k, at) in seat_at[..n].iter_mut().enumerate() {
        *at = seat;
        if seat == first {
            p = k;
        }
        seat = state.next_seat(seat);
    }
    // Rank by position, as bit matrices (a byte per position), turned into position by rank.
    let mut hands = [0u64; MAX_PLAYERS];
    let (mut low_ranks, mut high_ranks) = (0u64, 0u64);
    for k in 0..n {
        let hand = state.hands[slot(seat_at[k])].0;
        hands[k] = hand;
        let ranks = hand | hand >> 13 | hand >> 26 | hand >> 39;
        low_ranks |= (ranks & 0xFF) << (8 * k);
        high_ranks |= ((ranks >> 8) & 0x1F) << (8 * k);
    }
    let mut holders = [0u8; 16];
    holders[..8].copy_from_slice(&transpose_bytes(low_ranks).to_le_bytes());
    holders[8..].copy_from_slice(&transpose_bytes(high_ranks).to_le_bytes());
    // The voids found in this playout, by rank.
    let mut voids = [0u8; 16];
    let (mut played, mut run, mut movers) = (state.played.0, state.run.0, state.movers);
    // Chips won from the boxes, by position; the boxes, and empty slots for the other cards.
    let mut chips = [0 as Chips; MAX_PLAYERS];
    let mut boxes = [0 as Chips; 8];
    boxes[..5].copy_from_slice(&state.boxes);
    let everyone = (1u32 << n) - 1;
    let mut phase = state.phase;
    let mut moves = 0;
    let mut card = if phase == PhaseCode::LEAD {
        random_card(CardSet(hands[p]), rng)
    } else {
        follower_card(CardSet(hands[p]) & phase.wanted_cards())
    };
    loop {
        let index = card.index() & 63;
        let bit = 1u64 << index;
        if phase == PhaseCode::LEAD {
            run = 0;
        }
        let hand = hands[slot(p)] & !bit;
        hands[slot(p)] = hand;
        played |= bit;
        run |= bit;
        movers |= 1 << seat_at[slot(p)];
        moves += 1;
        // The mover keeps its bit for this rank while it holds another copy.
        let rank = RANK_INDEX[index] as usize;
        holders[rank & 15] &= !(u8::from(hand & FOLLOW_CARDS[rank & 15].0 == 0) << p);
        let board_box = BOX_OF_CARD[index] as usize & 7;
        chips[slot(p)] += std::mem::take(&mut boxes[board_box]);
        if hand == 0 {
            break;
        }
        let follow = PhaseCode::after(card);
        if follow != PhaseCode::LEAD {
            let wanted = follow.0 as usize & 15;
            // The holders from the mover on, in the order of play.
            let holding = u32::from(holders[wanted]);
            let from_mover = ((holding >> p) | (holding << (n - p))) & everyone;
            // Those passed over (the mover first, if he cannot go on) are void in that rank.
            let passed = if from_mover == 0 { everyone } else { (1u32 << from_mover.trailing_zeros()) - 1 };
            voids[wanted] |= (((passed << p) | (passed >> (n - p))) & everyone) as u8;
            if from_mover != 0 {
                p += from_mover.trailing_zeros() as usize;
                if p >= n {
                    p -= n;
                }
                phase = follow;
                card = follower_card(CardSet(hands[slot(p)]) & follow.wanted_cards());
                continue;
            }
        }
        // After a king, or when nobody holds the next rank, the mover leads again.
        phase = PhaseCode::LEAD;
        card = random_card(CardSet(hands[slot(p)]), rng);
    }
    let low_voids = transpose_bytes(u64::from_le_bytes(voids[..8].try_into().expect("8 bytes"))).to_le_bytes();
    let high_voids = transpose_bytes(u64::from_le_bytes(voids[8..].try_into().expect("8 bytes"))).to_le_bytes();
    state.boxes.copy_from_slice(&boxes[..5]);
    for k in 0..n {
        state.chips[slot(seat_at[k])] += chips[k];
        state.hands[slot(seat_at[k])] = CardSet(hands[k]);
        state.voids[slot(seat_at[k])] |= u16::from(low_voids[k]) | u16::from(high_voids[k]) << 8;
    }
    (state.played, state.run, state.movers) = (CardSet(played), CardSet(run), movers);
    state.phase = phase;
    let winner = seat_at[slot(p)];
    state.to_move = Some(winner);
    state.end_round(winner);
    moves
}

/// Transposes an 8 × 8 bit matrix held a row per byte: bit j of byte i becomes bit i of byte j
/// (Hacker's Delight, 7–3).
#[inline(always)]
fn transpose_bytes(mut x: u64) -> u64 {
    x = (x & 0xAA55_AA55_AA55_AA55) | ((x & 0x00AA_00AA_00AA_00AA) << 7) | ((x >> 7) & 0x00AA_00AA_00AA_00AA);
    x = (x & 0xCCCC_3333_CCCC_3333) | ((x & 0x0000_CCCC_0000_CCCC) << 14) | ((x >> 14) & 0x0000_CCCC_0000_CCCC);
    (x & 0xF0F0_F0F0_0F0F_0F0F) | ((x & 0x0000_0000_F0F0_F0F0) << 28) | ((x >> 28) & 0x0000_0000_F0F0_F0F0)
}

/// The copy a follower plays in a playout: the board card if it is among `playable`, else the
/// first.
#[inline(always)]
fn follower_card(playable: CardSet) -> Card {
    let board = playable & BOARD_CARDS;
    let pick = if board.is_empty() { playable } else { board };
    Card::from_index_const(pick.0.trailing_zeros() as usize)
}
