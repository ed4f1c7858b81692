//! The seeded random sources: one for the deals of a record, one for simulation.
//!
//! Deals: ChaCha8 produces the same stream on every platform (native and wasm32 alike) and
//! rand_chacha guarantees it across releases, so a record's seed always deals the same cards. Each
//! deal draws from its own stream of the seed, so deal *n* does not depend on how many moves came
//! before it.
//!
//! Simulation (the computer players' sampled worlds and playouts, random bots, benchmarks): PCG32,
//! just as portable and reproducible, but a playout draws a hundred numbers and ChaCha's block
//! function was a fifth of a Nain Jaune playout natively and more in wasm. Nothing recorded depends
//! on this stream: a record holds the moves, never the numbers that chose them.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rand_pcg::Pcg32;

/// The source of a record's deals.
pub type DealRng = ChaCha8Rng;

/// The source of everything simulated: AI sampling and playouts, random bots, benchmarks.
pub type GameRng = Pcg32;

/// The random source for deal number `deal` (0-based) of a game with this seed.
pub fn deal_rng(seed: u64, deal: u64) -> DealRng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(deal);
    rng
}

/// A seeded source for simulation (AI sampling, random bots).
pub fn seeded(seed: u64) -> GameRng {
    Pcg32::seed_from_u64(seed)
}

/// Fisher–Yates shuffle drawing 32-bit numbers, so the result does not depend on the width of
/// `usize` (64 bits natively, 32 in wasm). The swap is written out for `Copy` items: the
/// worker's size-optimised build leaves `slice::swap` out of line, a call per card.
#[allow(clippy::manual_swap)]
#[cfg_attr(feature = "fast-ai", optimize(speed))]
pub fn shuffle<T: Copy, R: Rng + ?Sized>(items: &mut [T], rng: &mut R) {
    for i in (1..items.len()).rev() {
        let j = below(rng, i as u32 + 1) as usize;
        let held = items[i];
        items[i] = items[j];
        items[j] = held;
    }
}

/// A uniform index below `n` (n > 0), platform-independent like [`shuffle`].
#[cfg_attr(feature = "fast-ai", optimize(speed))]
pub fn index_below<R: Rng + ?Sized>(n: usize, rng: &mut R) -> usize {
    below(rng, n as u32) as usize
}

/// A uniform number below `n` (n > 0) by Lemire's multiply-and-reject: exact, and it divides only
/// in the rare case where rejection is possible (shuffles run millions of times in playouts).
#[inline(always)]
pub fn below<R: Rng + ?Sized>(rng: &mut R, n: u32) -> u32 {
    debug_assert!(n > 0);
    let mut m = u64::from(rng.next_u32()) * u64::from(n);
    if (m as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u32) < threshold {
            m = u64::from(rng.next_u32()) * u64::from(n);
        }
    }
    (m >> 32) as u32
}

/// What [`shuffle`] makes of `0..10` with `deal_rng(7, 0)`: pinned by a native test and by a
/// browser test, so native and wasm builds provably deal the same cards.
#[doc(hidden)]
pub const SEED_7_ORDER: [u32; 10] = [5, 4, 2, 0, 3, 6, 7, 8, 9, 1];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_shuffle_other_deal_other_shuffle() {
        let mut a: Vec<u32> = (0..52).collect();
        let mut b = a.clone();
        let mut c = a.clone();
        shuffle(&mut a, &mut deal_rng(42, 0));
        shuffle(&mut b, &mut deal_rng(42, 0));
        shuffle(&mut c, &mut deal_rng(42, 1));
        assert_eq!(a, b);
        assert_ne!(a, c);
        let mut sorted = a.clone();
        sorted.sort();
        assert_eq!(sorted, (0..52).collect::<Vec<_>>());
    }

    /// The stream is fixed for good: this exact order is what seed 7 deals, natively and in wasm
    /// (the component tests check the same values in the browser).
    #[test]
    fn the_stream_is_stable() {
        let mut v: Vec<u32> = (0..10).collect();
        shuffle(&mut v, &mut deal_rng(7, 0));
        assert_eq!(v, SEED_7_ORDER);
    }
}
