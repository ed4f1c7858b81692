//! The worker protocol's two answerers: the worker's (`answer`, every level as itself) and the
//! page's fallback when no worker can run (`answer_by_rules`: the rule bots only, no benchmark).

use tapis::ai::Level;
use tapis::engine::game::GameId;
use tapis::protocol::{answer, answer_by_rules, FromWorker, ToWorker};
use tapis::record::{Record, Table};

/// A request for the seat to move at the start of a fresh game of `game`.
fn think(game: GameId, players: usize, level: Level, seed: u64) -> String {
    let table = Table::replay(&Record::new(game, players, seed)).expect("a fresh game");
    let seat = table.to_move().expect("someone moves first");
    ToWorker::Think {
        id: 7,
        game,
        level,
        seed: seed ^ 0x5EED,
        budget_ms: 200,
        iterations: Some(200),
        observation: table.observation_json(seat),
        explain: true,
    }
    .to_json()
}

fn action(answer: FromWorker) -> String {
    match answer {
        FromWorker::Move { id: 7, action, explanation } => {
            assert!(explanation.is_some(), "asked to explain, the answer says why");
            action
        }
        other => panic!("expected a move, got {other:?}"),
    }
}

#[test]
fn the_page_plays_every_level_as_the_easy_rule_bot() {
    for (game, players) in [(GameId::NainJaune, 4), (GameId::Bonanza, 5), (GameId::Programmes, 4)] {
        for seed in 1..=5 {
            let easy = action(answer(&think(game, players, Level::Easy, seed)));
            for level in [Level::Medium, Level::Hard] {
                let by_rules = action(answer_by_rules(&think(game, players, level, seed)));
                assert_eq!(by_rules, easy, "{game:?} seed {seed}: {level:?} on the page plays the easy move");
            }
            // Random stays random (and legal: the engine accepts it).
            let random = action(answer_by_rules(&think(game, players, Level::Random, seed)));
            let mut table = Table::replay(&Record::new(game, players, seed)).unwrap();
            let seat = table.to_move().unwrap();
            table.play_str(seat, &random).expect("a legal move");
        }
    }
}

#[test]
fn the_page_measures_no_speed_and_refuses_what_it_cannot_read() {
    let bench = ToWorker::Bench { id: 3, game: GameId::NainJaune, players: 4, seconds: 0.05 }.to_json();
    match answer_by_rules(&bench) {
        FromWorker::Failed { id: Some(3), message } => assert!(message.contains("worker"), "{message}"),
        other => panic!("the page runs no benchmark: {other:?}"),
    }
    match answer_by_rules("{not json") {
        FromWorker::Failed { id: None, message } => assert!(message.contains("unreadable"), "{message}"),
        other => panic!("a malformed request is refused: {other:?}"),
    }
}

#[test]
fn the_worker_reviews_a_move_and_the_page_says_it_cannot() {
    // Issue 32 (review a game): the worker gives the hard level's verdict on a move; the page's
    // fallback has no searches and says so.
    for (game, players) in [(GameId::NainJaune, 4), (GameId::Bonanza, 5), (GameId::Programmes, 4)] {
        let table = Table::replay(&Record::new(game, players, 3)).expect("a fresh game");
        let seat = table.to_move().unwrap();
        let legal = table.legal();
        let played = legal.last().unwrap().clone();
        let review = |played: &str| {
            ToWorker::Review {
                id: 9,
                game,
                seed: 5,
                budget_ms: 100,
                iterations: Some(100),
                observation: table.observation_json(seat),
                played: played.to_string(),
            }
            .to_json()
        };
        match answer(&review(&played)) {
            FromWorker::Verdict { id: 9, verdict } => {
                assert_eq!(verdict.played, played);
                assert!(legal.contains(&verdict.best), "{game:?}: the hard level's move is legal");
                assert_eq!(verdict.values.is_some(), verdict.best != played && legal.len() > 1, "{game:?}: {verdict:?}");
            }
            other => panic!("{game:?}: expected a verdict, got {other:?}"),
        }
        match answer(&review("not a move")) {
            FromWorker::Failed { id: Some(9), .. } => {}
            other => panic!("{game:?}: an unreadable move is refused: {other:?}"),
        }
        match answer_by_rules(&review(&played)) {
            FromWorker::Failed { id: Some(9), message } => assert!(message.contains("worker"), "{message}"),
            other => panic!("{game:?}: the page reviews nothing: {other:?}"),
        }
    }
}
