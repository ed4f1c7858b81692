//! Warming the searches up before they play for real. A browser runs a wasm function in its
//! baseline compiler until the function has run a while, and only then optimises it (V8's
//! Liftoff, then TurboFan), so in a fresh worker a game's first searches ran several times slower
//! than the later ones: a Bonanza race decision of 2,000 iterations took 18.7, 21.5 and 15.0 ms,
//! then 5–10 ms, and a 200 ms move or hint got a fraction of its iterations. The searches are
//! generic, one copy per game, so each game is warmed up on its own; a game's worker does it once
//! it has said it is ready (requests wait in its queue meanwhile), through
//! `protocol::warm_up_game`, which also warms the messages' way in and out (the protocol sits
//! above the AI: nothing here reads a message).

use super::search::NoClock;
use super::{decide_within, Budget, GameBots, Level};
use crate::engine::rng::seeded;
use crate::engine::setup::Setup;

/// The share of the hard level's default budget each searched decision of a warm-up runs (the
/// number of decisions is the game's [`GameBots::WARM_UP_SEARCHES`]).
const BUDGET_SHARE: u32 = 5;

/// Plays fixed deals with the hard level in every seat until [`GameBots::WARM_UP_SEARCHES`] of its
/// decisions have been searched (those the game's rules settle do not count), each with a fifth
/// of the level's default iterations; returns the searches run. Deterministic; the moves are
/// thrown away.
pub fn warm_up<G: GameBots>(players: usize) -> u32 {
    let iterations = G::default_budget(Level::Hard).iterations.map_or(1, |n| (n / BUDGET_SHARE).max(1));
    let mut rng = seeded(1);
    let mut done = 0;
    // A deal with too few searched decisions goes on to the next seed; a few deals suffice.
    for seed in 1..=8 {
        let Ok(mut game) = G::from_setup(&Setup { players, seed, ..Setup::default() }) else { return done };
        game.set_logging(false);
        game.set_single_deal(true);
        while let Some(seat) = game.to_move() {
            if done >= G::WARM_UP_SEARCHES {
                return done;
            }
            let (action, n) = decide_within::<G>(&game.observe(seat), Level::Hard, Budget::iterations(iterations), &NoClock, &mut rng);
            done += u32::from(n > 0);
            if game.play(seat, &action).is_err() {
                return done;
            }
        }
    }
    done
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::bonanza::{self, Bonanza};
    use crate::engine::nain_jaune::{self, NainJaune};
    use crate::engine::programmes::{self, Programmes};

    /// Every game's warm-up searches as many decisions as it says, at the smallest and the
    /// largest table (a warm-up that searched nothing would warm nothing up).
    #[test]
    fn each_game_searches_its_warm_up_decisions() {
        for players in [nain_jaune::MIN_PLAYERS, nain_jaune::MAX_PLAYERS] {
            assert_eq!(warm_up::<NainJaune>(players), NainJaune::WARM_UP_SEARCHES, "Nain Jaune, {players}");
        }
        for players in [bonanza::MIN_PLAYERS, bonanza::MAX_PLAYERS] {
            assert_eq!(warm_up::<Bonanza>(players), Bonanza::WARM_UP_SEARCHES, "Bonanza, {players}");
        }
        for players in [programmes::MIN_PLAYERS, programmes::MAX_PLAYERS] {
            assert_eq!(warm_up::<Programmes>(players), Programmes::WARM_UP_SEARCHES, "Programmes, {players}");
        }
        // At the tables each game's worker warms up at.
        assert_eq!(warm_up::<NainJaune>(NainJaune::WARM_UP_PLAYERS), NainJaune::WARM_UP_SEARCHES);
        assert_eq!(warm_up::<Bonanza>(Bonanza::WARM_UP_PLAYERS), Bonanza::WARM_UP_SEARCHES);
        assert_eq!(warm_up::<Programmes>(Programmes::WARM_UP_PLAYERS), Programmes::WARM_UP_SEARCHES);
        // A table the game cannot seat warms nothing up, and says so by its count.
        assert_eq!(warm_up::<Bonanza>(bonanza::MAX_PLAYERS + 1), 0);
    }
}
