//! The computer players read only their seat's observation (AI issue, "Honesty, proved").
//!
//! For many positions of real games: the hidden cards are dealt again in another way consistent
//! with the deciding seat's observation; the re-dealt table must show that seat exactly the same
//! observation (so the observation leaks nothing hidden), and every level, with the same seed and
//! an iteration budget, must choose the same move at both tables (`common::honesty`, run here for
//! each game with its own positions and budgets).

mod common;

use common::honesty::{a_redeal_changes_no_decision, decide, decision_points, searches_are_reproducible, Honesty};
use tapis::ai::{Budget, Level};
use tapis::engine::bonanza::{Bonanza, Phase};
use tapis::engine::game::Game;
use tapis::engine::nain_jaune::NainJaune;
use tapis::engine::programmes::Programmes;
use tapis::engine::rng::{seeded, GameRng};

const NAIN_JAUNE: Honesty = Honesty { games: 40, per_game: 3, pick: 0.3, seed: 1000, redeal_seed: 7_000, medium: 30, hard: 300 };
const PROGRAMMES: Honesty = Honesty { games: 30, per_game: 3, pick: 0.2, seed: 2000, redeal_seed: 9_000, medium: 5, hard: 60 };
const BONANZA: Honesty = Honesty { games: 40, per_game: 3, pick: 0.25, seed: 3000, redeal_seed: 9_000, medium: 20, hard: 200 };

#[test]
fn a_redeal_consistent_with_the_observation_changes_no_decision() {
    a_redeal_changes_no_decision::<NainJaune>(&NAIN_JAUNE, |_, _, _| {});
}

#[test]
fn searches_are_reproducible_with_an_iteration_budget() {
    searches_are_reproducible::<NainJaune>(&NAIN_JAUNE, 200);
    searches_are_reproducible::<Bonanza>(&BONANZA, 200);
    searches_are_reproducible::<Programmes>(&PROGRAMMES, 60);
}

#[test]
fn programmes_decisions_depend_only_on_the_observation() {
    // The same check for Programmes: hidden hands, secret programs and the stock's order are dealt
    // again; the seat sees the same observation and every level decides the same.
    a_redeal_changes_no_decision::<Programmes>(&PROGRAMMES, |_, _, _| {});
}

// ---------------------------------------------------------------------------------------------
// Bonanza: the same proof. Its observation also hides who is asked at a call
// (docs/rules/bonanza.md §5.1: silence reveals nothing), and a re-deal must keep every public fact: shown cards, the
// card a follower must play, the stops' dead cards, the colour voids, the leader's lowest cards.
// ---------------------------------------------------------------------------------------------

#[test]
fn bonanza_a_redeal_consistent_with_the_observation_changes_no_decision() {
    a_redeal_changes_no_decision::<Bonanza>(&BONANZA, |game, seat, i| {
        // The other seats' observations never say who is asked at a call.
        if let Phase::Call(_) = game.phase() {
            for s in (0..game.players()).filter(|&s| s != seat) {
                assert_eq!(game.observe(s).to_move, None, "position {i}: seat {s} sees who is asked");
            }
        }
    });
}

/// Not honesty but the same positions: in the widow, the auction and the poker, Bonanza's search
/// levels play the rule bot's move (its rules of thumb without the easy level's random slips, and
/// reading the bets at the poker), drawn after the same consistent deal as a search would sample
/// first.
#[test]
fn bonanza_search_levels_leave_the_widow_auction_and_poker_to_the_rules() {
    use tapis::ai::bonanza_bot;
    let mut checked = 0;
    for game in decision_points::<Bonanza>(&Honesty { games: 120, per_game: 4, ..BONANZA }) {
        if !matches!(game.phase(), Phase::Widow | Phase::Auction | Phase::Poker) {
            continue;
        }
        let observation = game.observe(game.to_move().unwrap());
        let mut rng: GameRng = seeded(42);
        let world = Bonanza::determinize(&observation, &mut rng);
        let rules = bonanza_bot::decide_reading_bets(&observation, &world.legal_actions(), &mut rng).action.to_string();
        for (level, budget) in [(Level::Medium, Budget::iterations(20)), (Level::Hard, Budget::iterations(200))] {
            assert_eq!(decide(&game, level, budget), rules, "{level} at {:?}", game.phase());
        }
        checked += 1;
    }
    assert!(checked >= 30, "only {checked} widow, auction and poker positions");
}
