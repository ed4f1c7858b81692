//! A review's verdicts as its panel shows them (`tapis::model::review`): the seats reviewed, the
//! marks of the hard level's verdicts, the weighing's progress and the arrow keys' steps
//! (docs/playing.md, "Reviewing a game").

mod common;

use common::tables::record;
use serde_json::json;
use tapis::ai::review::{Values, Verdict};
use tapis::engine::game::GameId;
use tapis::model::review::{key_step, reviewed_seats, Mark, Progress};

/// A verdict where the hard level prefers `best` to `played`, expecting `best_value` from it and
/// `played_value` from the move played, with the search's standard error `error`.
fn weighed(best_value: f64, played_value: f64, error: f64) -> Option<Result<Verdict, String>> {
    let values = Values { played: played_value, best: best_value, error, samples: 64 };
    Some(Ok(Verdict { played: "p".into(), best: "b".into(), values: Some(values) }))
}

#[test]
fn the_human_seats_are_reviewed() {
    let shared = record(GameId::Bonanza, 4, json!({ "seats": ["human", "easy", "human", "hard"] }));
    assert_eq!(reviewed_seats(&shared), [0, 2]);
    // A record that does not say who played: the first seat.
    assert_eq!(reviewed_seats(&record(GameId::NainJaune, 3, json!({}))), [0]);
    let computers = record(GameId::Programmes, 2, json!({ "seats": ["easy", "hard"] }));
    assert!(reviewed_seats(&computers).is_empty());
}

#[test]
fn a_verdict_is_pending_failed_or_the_same_move() {
    assert_eq!(Mark::of(GameId::Bonanza, None), Mark::Pending);
    assert_eq!(Mark::of(GameId::Bonanza, Some(&Err("worker gone".into()))), Mark::Failed);
    let same = Ok(Verdict { played: "x".into(), best: "x".into(), values: None });
    assert_eq!(Mark::of(GameId::NainJaune, Some(&same)), Mark::Same);
    // Another move the search could not weigh against the one played.
    let unweighed = Ok(Verdict { played: "x".into(), best: "y".into(), values: None });
    assert_eq!(Mark::of(GameId::NainJaune, Some(&unweighed)), Mark::Other);
}

#[test]
fn chip_games_mark_half_a_chip_as_real_and_a_chip_as_costly() {
    let mark = |v: Option<Result<Verdict, String>>| Mark::of(GameId::Bonanza, v.as_ref());
    assert_eq!(mark(weighed(1.0, 0.6, 0.05)), Mark::Even);
    assert_eq!(mark(weighed(1.0, 0.4, 0.05)), Mark::Other);
    assert_eq!(mark(weighed(1.0, -0.2, 0.05)), Mark::Costly);
    // A difference within twice its standard error is no difference.
    assert_eq!(mark(weighed(3.0, 1.0, 1.2)), Mark::Even);
    assert_eq!(Mark::of(GameId::NainJaune, weighed(2.0, 0.5, 0.1).as_ref()), Mark::Costly);
}

#[test]
fn programmes_marks_a_fifth_of_a_program_as_costly() {
    let mark = |v: Option<Result<Verdict, String>>| Mark::of(GameId::Programmes, v.as_ref());
    assert_eq!(mark(weighed(1.0, 0.9, 0.01)), Mark::Even);
    assert_eq!(mark(weighed(1.0, 0.75, 0.01)), Mark::Costly);
}

#[test]
fn marks_are_the_pages_classes() {
    let classes: Vec<&str> = [Mark::Pending, Mark::Failed, Mark::Same, Mark::Even, Mark::Other, Mark::Costly].map(Mark::class).to_vec();
    assert_eq!(classes, ["pending", "failed", "same", "even", "other", "costly"]);
}

#[test]
fn progress_counts_the_verdicts_in() {
    let verdicts = [Some(1), None, Some(3), None];
    let under_way = Progress::of(&verdicts, true);
    assert_eq!((under_way.done, under_way.total), (2, 4));
    assert!(under_way.can_stop_or_resume());
    // Stopped before the end: it can go on.
    assert!(Progress::of(&verdicts, false).can_stop_or_resume());
    // All in: nothing to stop nor take up.
    let all_in = Progress::of(&[Some(1), Some(2)], false);
    assert_eq!((all_in.done, all_in.total), (2, 2));
    assert!(!all_in.can_stop_or_resume());
    assert!(!Progress::of::<u8>(&[], false).can_stop_or_resume());
}

#[test]
fn arrow_keys_step_within_the_record() {
    assert_eq!(key_step("ArrowRight", 3, 10), Some(Some((4, "review-next"))));
    assert_eq!(key_step("ArrowLeft", 3, 10), Some(Some((2, "review-prev"))));
    assert_eq!(key_step("Home", 3, 10), Some(Some((0, "review-first"))));
    assert_eq!(key_step("End", 3, 10), Some(Some((10, "review-last"))));
    // At either end the key is taken, but goes nowhere.
    assert_eq!(key_step("ArrowLeft", 0, 10), Some(None));
    assert_eq!(key_step("ArrowRight", 10, 10), Some(None));
    // Other keys are left to the page.
    assert_eq!(key_step("Enter", 3, 10), None);
}
