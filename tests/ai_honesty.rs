//! The computer players read only their seat's observation (AI issue, "Honesty, proved").
//!
//! For many positions of real games: the hidden cards are dealt again in another way consistent
//! with the deciding seat's observation; the re-dealt table must show that seat exactly the same
//! observation (so the observation leaks nothing hidden), and every level, with the same seed and
//! an iteration budget, must choose the same move at both tables.

use tapis::ai::{choose_within, search::NoClock, Budget, Level};
use tapis::engine::game::{Game, Setup};
use tapis::engine::nain_jaune::NainJaune;
use tapis::engine::programmes::Programmes;
use tapis::engine::rng::{seeded, GameRng};

/// Positions where the seat to move has a real choice, from games between easy players.
fn decision_points(games: u64, per_game: usize) -> Vec<NainJaune> {
    let mut found = Vec::new();
    for g in 0..games {
        let players = 2 + (g % 7) as usize;
        let mut game = NainJaune::new(&Setup { players, seed: 1000 + g, ..Setup::default() }).unwrap();
        let mut rng = seeded(g);
        let mut taken = 0;
        while let Some(seat) = game.to_move() {
            if game.legal_actions().len() > 1 && taken < per_game && rand::Rng::random_bool(&mut rng, 0.3) {
                found.push(game.clone());
                taken += 1;
            }
            let action = tapis::ai::choose::<NainJaune>(&game.observe(seat), Level::Easy, &mut rng);
            game.play(seat, &action).unwrap();
            if game.deal_number() > 2 {
                break;
            }
        }
    }
    found
}

fn decide(game: &NainJaune, level: Level, budget: Budget) -> String {
    let seat = game.to_move().unwrap();
    let mut rng: GameRng = seeded(42);
    choose_within::<NainJaune>(&game.observe(seat), level, budget, &NoClock, &mut rng).to_string()
}

#[test]
fn a_redeal_consistent_with_the_observation_changes_no_decision() {
    let positions = decision_points(40, 3);
    assert!(positions.len() >= 60, "only {} positions", positions.len());
    let mut redealt_differently = 0;
    for (i, game) in positions.iter().enumerate() {
        let seat = game.to_move().unwrap();
        let observation = game.observe(seat);
        let mut other: NainJaune = NainJaune::determinize(&observation, &mut seeded(7_000 + i as u64));
        other.set_logging(true);
        // The other table really is another deal (when anything is hidden)…
        if (0..game.players()).any(|s| s != seat && game.hand(s) != other.hand(s)) {
            redealt_differently += 1;
        }
        // …that the deciding seat cannot tell apart from the real one.
        assert_eq!(other.observe(seat), observation, "position {i}: the re-deal shows the seat something else");
        for (level, budget) in [
            (Level::Random, Budget::iterations(1)),
            (Level::Easy, Budget::iterations(1)),
            (Level::Medium, Budget::iterations(30)),
            (Level::Hard, Budget::iterations(300)),
        ] {
            assert_eq!(
                decide(game, level, budget),
                decide(&other, level, budget),
                "position {i}: {level} decides differently once the hidden cards are dealt again"
            );
        }
    }
    assert!(redealt_differently * 2 > positions.len(), "most re-deals should differ from the real deal");
}

#[test]
fn searches_are_reproducible_with_an_iteration_budget() {
    for game in decision_points(6, 2) {
        for level in [Level::Medium, Level::Hard] {
            let budget = Budget::iterations(200);
            assert_eq!(decide(&game, level, budget), decide(&game, level, budget));
        }
    }
}

/// Programmes positions where the seat to move has a real choice, from games between easy players.
fn programmes_decision_points(games: u64, per_game: usize) -> Vec<Programmes> {
    let mut found = Vec::new();
    for g in 0..games {
        let players = 2 + (g % 6) as usize;
        let mut game = Programmes::new(&Setup { players, seed: 2000 + g, ..Setup::default() }).unwrap();
        let mut rng = seeded(g);
        let mut taken = 0;
        while let Some(seat) = game.to_move() {
            if game.legal_actions().len() > 1 && taken < per_game && rand::Rng::random_bool(&mut rng, 0.2) {
                found.push(game.clone());
                taken += 1;
            }
            let action = tapis::ai::choose::<Programmes>(&game.observe(seat), Level::Easy, &mut rng);
            game.play(seat, &action).unwrap();
            if game.deal_number() > 2 {
                break;
            }
        }
    }
    found
}

#[test]
fn programmes_decisions_depend_only_on_the_observation() {
    // The same check for Programmes: hidden hands, secret programs and the stock's order are dealt
    // again; the seat sees the same observation and every level decides the same.
    let positions = programmes_decision_points(30, 3);
    assert!(positions.len() >= 60, "only {} positions", positions.len());
    let mut redealt_differently = 0;
    for (i, game) in positions.iter().enumerate() {
        let seat = game.to_move().unwrap();
        let observation = game.observe(seat);
        observation.check().unwrap_or_else(|e| panic!("position {i}: {e}"));
        let other: Programmes = Programmes::determinize(&observation, &mut seeded(9_000 + i as u64));
        if (0..game.players()).any(|s| s != seat && (game.hand(s) != other.hand(s) || game.program(s) != other.program(s))) {
            redealt_differently += 1;
        }
        assert_eq!(other.observe(seat), observation, "position {i}: the re-deal shows the seat something else");
        for (level, budget) in [
            (Level::Random, Budget::iterations(1)),
            (Level::Easy, Budget::iterations(1)),
            (Level::Medium, Budget::iterations(5)),
            (Level::Hard, Budget::iterations(60)),
        ] {
            let decide = |g: &Programmes| {
                choose_within::<Programmes>(&g.observe(seat), level, budget, &NoClock, &mut seeded(42)).to_string()
            };
            assert_eq!(decide(game), decide(&other), "position {i}: {level} decides differently once the hidden cards are dealt again");
        }
    }
    assert!(redealt_differently * 2 > positions.len());
}

// ---------------------------------------------------------------------------------------------
// Bonanza: the same proof. Its observation also hides who is asked at a call (RULES.md §1:
// "Staying silent reveals nothing"), and a re-deal must keep every public fact: shown cards, the
// card a follower must play, the stops' dead cards, the colour voids, the leader's lowest cards.
// ---------------------------------------------------------------------------------------------

use tapis::engine::bonanza::Bonanza;

/// Positions where the seat to move has a real choice, from games between easy players.
fn bonanza_decision_points(games: u64, per_game: usize) -> Vec<Bonanza> {
    let mut found = Vec::new();
    for g in 0..games {
        let players = 2 + (g % 8) as usize;
        let mut game = Bonanza::new(&Setup { players, seed: 3000 + g, ..Setup::default() }).unwrap();
        let mut rng = seeded(g);
        let mut taken = 0;
        while let Some(seat) = game.to_move() {
            if game.legal_actions().len() > 1 && taken < per_game && rand::Rng::random_bool(&mut rng, 0.25) {
                found.push(game.clone());
                taken += 1;
            }
            let action = tapis::ai::choose::<Bonanza>(&game.observe(seat), Level::Easy, &mut rng);
            game.play(seat, &action).unwrap();
            if game.deal_number() > 2 {
                break;
            }
        }
    }
    found
}

fn bonanza_decide(game: &Bonanza, level: Level, budget: Budget) -> String {
    let seat = game.to_move().unwrap();
    let mut rng: GameRng = seeded(42);
    choose_within::<Bonanza>(&game.observe(seat), level, budget, &NoClock, &mut rng).to_string()
}

#[test]
fn bonanza_a_redeal_consistent_with_the_observation_changes_no_decision() {
    let positions = bonanza_decision_points(40, 3);
    assert!(positions.len() >= 60, "only {} positions", positions.len());
    let mut redealt_differently = 0;
    for (i, game) in positions.iter().enumerate() {
        let seat = game.to_move().unwrap();
        let observation = game.observe(seat);
        let mut other = Bonanza::determinize(&observation, &mut seeded(9_000 + i as u64));
        other.set_logging(true);
        if (0..game.players()).any(|s| s != seat && game.hand(s) != other.hand(s)) || game.dead_hand() != other.dead_hand() {
            redealt_differently += 1;
        }
        assert_eq!(other.observe(seat), observation, "position {i}: the re-deal shows the seat something else");
        // The other seats' observations never say who is asked at a call.
        if let tapis::engine::bonanza::Phase::Call(_) = game.phase() {
            for s in (0..game.players()).filter(|&s| s != seat) {
                assert_eq!(game.observe(s).to_move, None, "position {i}: seat {s} sees who is asked");
            }
        }
        for (level, budget) in [
            (Level::Random, Budget::iterations(1)),
            (Level::Easy, Budget::iterations(1)),
            (Level::Medium, Budget::iterations(20)),
            (Level::Hard, Budget::iterations(200)),
        ] {
            assert_eq!(
                bonanza_decide(game, level, budget),
                bonanza_decide(&other, level, budget),
                "position {i}: {level} decides differently once the hidden cards are dealt again"
            );
        }
    }
    assert!(redealt_differently * 2 > positions.len(), "most re-deals should differ from the real deal");
}

/// Not honesty but the same positions: in the widow, the auction and the poker, Bonanza's search
/// levels play the rule bot's move (its rules of thumb without the easy level's random slips, and
/// reading the bets at the poker), drawn after the same consistent deal as a search would sample
/// first.
#[test]
fn bonanza_search_levels_leave_the_widow_auction_and_poker_to_the_rules() {
    use tapis::ai::bonanza_bot;
    use tapis::engine::bonanza::Phase;
    let mut checked = 0;
    for game in bonanza_decision_points(120, 4) {
        if !matches!(game.phase(), Phase::Widow | Phase::Auction | Phase::Poker) {
            continue;
        }
        let observation = game.observe(game.to_move().unwrap());
        let mut rng: GameRng = seeded(42);
        let world = Bonanza::determinize(&observation, &mut rng);
        let rules = bonanza_bot::decide_reading_bets(&observation, &world.legal_actions(), &mut rng).action.to_string();
        for (level, budget) in [(Level::Medium, Budget::iterations(20)), (Level::Hard, Budget::iterations(200))] {
            assert_eq!(bonanza_decide(&game, level, budget), rules, "{level} at {:?}", game.phase());
        }
        checked += 1;
    }
    assert!(checked >= 30, "only {checked} widow, auction and poker positions");
}
