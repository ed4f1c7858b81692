//! The computer players read only their seat's observation (AI issue, "Honesty, proved").
//!
//! For many positions of real games: the hidden cards are dealt again in another way consistent
//! with the deciding seat's observation; the re-dealt table must show that seat exactly the same
//! observation (so the observation leaks nothing hidden), and every level, with the same seed and
//! an iteration budget, must choose the same move at both tables.

use rand::Rng;
use tapis::ai::{self, choose_within, search::NoClock, Budget, Level};
use tapis::engine::game::Seat;
use tapis::engine::rng::{seeded, GameRng};
use tapis::engine::setup::Setup;

use super::Subject;

/// Where the positions come from and what is asked of them.
#[derive(Clone, Copy, Debug)]
pub struct Honesty {
    /// Games between easy players, over every table size in turn, seeded `seed + game`.
    pub games: u64,
    /// At most this many positions from each game (of its first two deals), each where the seat
    /// to move has a real choice, taken with probability `pick`.
    pub per_game: usize,
    pub pick: f64,
    pub seed: u64,
    /// Position `i` is dealt again with the seed `redeal_seed + i`.
    pub redeal_seed: u64,
    /// The iteration budgets of the medium and hard levels (the random and easy levels search
    /// nothing: one iteration).
    pub medium: u32,
    pub hard: u32,
}

impl Honesty {
    /// The four levels, each with its iteration budget.
    pub fn levels(&self) -> [(Level, Budget); 4] {
        [
            (Level::Random, Budget::iterations(1)),
            (Level::Easy, Budget::iterations(1)),
            (Level::Medium, Budget::iterations(self.medium)),
            (Level::Hard, Budget::iterations(self.hard)),
        ]
    }
}

/// Positions where the seat to move has a real choice, from games between easy players.
pub fn decision_points<G: Subject>(h: &Honesty) -> Vec<G> {
    let Honesty { games, per_game, pick, seed, .. } = *h;
    let (min, max) = G::ID.player_range();
    let mut found = Vec::new();
    for g in 0..games {
        let players = min + (g % (max - min + 1) as u64) as usize;
        let mut game = G::from_setup(&Setup { players, seed: seed + g, ..Setup::default() }).unwrap();
        let mut rng = seeded(g);
        let mut taken = 0;
        while let Some(seat) = game.to_move() {
            if game.legal_actions().len() > 1 && taken < per_game && rng.random_bool(pick) {
                found.push(game.clone());
                taken += 1;
            }
            let action = ai::choose::<G>(&game.observe(seat), Level::Easy, &mut rng);
            game.play(seat, &action).unwrap();
            if game.deal_number() > 2 {
                break;
            }
        }
    }
    found
}

/// The move `level` chooses for the seat to move, from its observation, with the seed 42.
pub fn decide<G: Subject>(game: &G, level: Level, budget: Budget) -> String {
    let seat = game.to_move().unwrap();
    let mut rng: GameRng = seeded(42);
    choose_within::<G>(&game.observe(seat), level, budget, &NoClock, &mut rng).to_string()
}

/// At every position of `h`: the observation passes its check; a table dealt again from it shows
/// the deciding seat the same observation, and `also(position, seat, i)` holds; every level decides
/// the same at both tables. Most re-deals must really deal the hidden cards otherwise.
pub fn a_redeal_changes_no_decision<G: Subject>(h: &Honesty, also: impl Fn(&G, Seat, usize)) {
    let positions = decision_points::<G>(h);
    assert!(positions.len() >= 60, "only {} positions", positions.len());
    let mut redealt_differently = 0;
    for (i, game) in positions.iter().enumerate() {
        let seat = game.to_move().unwrap();
        let observation = game.observe(seat);
        G::check_observation(&observation).unwrap_or_else(|e| panic!("position {i}: {e}"));
        let mut other = G::determinize(&observation, &mut seeded(h.redeal_seed + i as u64));
        other.set_logging(true);
        // The other table really is another deal (when anything is hidden)…
        if G::hidden_differs(game, &other, seat) {
            redealt_differently += 1;
        }
        // …that the deciding seat cannot tell apart from the real one.
        let seen = other.observe(seat);
        assert!(
            G::same_observation(&seen, &observation),
            "position {i}: the re-deal shows the seat something else:\n{seen:?}\n{observation:?}"
        );
        also(game, seat, i);
        for (level, budget) in h.levels() {
            assert_eq!(
                decide(game, level, budget),
                decide(&other, level, budget),
                "position {i}: {level} decides differently once the hidden cards are dealt again"
            );
        }
    }
    assert!(redealt_differently * 2 > positions.len(), "most re-deals should differ from the real deal");
}

/// The medium and hard searches decide the same twice with a budget of `iterations`, at a few
/// positions of `h`.
pub fn searches_are_reproducible<G: Subject>(h: &Honesty, iterations: u32) {
    let positions = decision_points::<G>(&Honesty { games: 6, per_game: 2, ..*h });
    assert!(!positions.is_empty());
    for game in &positions {
        for level in [Level::Medium, Level::Hard] {
            let budget = Budget::iterations(iterations);
            assert_eq!(decide(game, level, budget), decide(game, level, budget), "{level}");
        }
    }
}
