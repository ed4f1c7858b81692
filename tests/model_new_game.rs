//! The new-game form as plain data (`tapis::model::new_game`): which fields it refuses, the record
//! it starts, and a table where nobody can pay the first stakes (docs/playing.md, "A new game").

use serde_json::{json, Value};
use tapis::ai::Level;
use tapis::engine::game::GameId;
use tapis::model::new_game::{unpaid_stakes, FieldError, Form, START_CHIPS};
use tapis::model::people::Lang;
use tapis::model::session::{SeatKind, Session};
use tapis::record::Record;

const EASY: SeatKind = SeatKind::Computer(Level::Easy);

/// A Bonanza form for a lone human and two computers, with one house rule set to `poker`.
fn bonanza_form(poker: Option<Value>, start_chips: &str, seed: &str) -> Form {
    Form {
        game: GameId::Bonanza,
        chips: true,
        seats: vec![SeatKind::Human, EASY, SeatKind::Computer(Level::Hard)],
        names: vec![String::new(); 9],
        options: vec![("poker", poker)],
        start_chips: start_chips.into(),
        seed: seed.into(),
    }
}

#[test]
fn a_well_filled_form_is_checked() {
    let checked = bonanza_form(Some(json!(true)), " 50 ", "42").check(|| unreachable!("the seed was given")).expect("no error");
    assert_eq!(checked.chips, 50);
    assert_eq!(checked.seed, 42);
    assert_eq!(checked.options.get("poker"), Some(&json!(true)));
}

#[test]
fn an_empty_seed_draws_a_fresh_one() {
    // A refused house rule is told whatever the seed.
    assert_eq!(bonanza_form(None, "100", "  ").check(|| 7), Err(vec![FieldError::Option("poker")]));
    assert_eq!(bonanza_form(Some(json!(false)), "100", "").check(|| 7).map(|c| c.seed), Ok(7));
}

#[test]
fn every_wrong_field_is_told_in_the_forms_order() {
    let problems = bonanza_form(None, "0", "-3").check(|| 1).expect_err("three wrong fields");
    assert_eq!(problems, [FieldError::Option("poker"), FieldError::StartChips, FieldError::Seed]);
    assert_eq!(problems.iter().map(FieldError::field).collect::<Vec<_>>(), ["poker", START_CHIPS, "seed"]);
    let too_big = format!("{}0", u64::MAX);
    assert_eq!(bonanza_form(Some(json!(true)), "abc", &too_big).check(|| 1).unwrap_err(), [FieldError::StartChips, FieldError::Seed]);
}

#[test]
fn a_game_without_chips_ignores_the_hidden_chips_field() {
    let form = Form { game: GameId::Programmes, chips: false, options: Vec::new(), ..bonanza_form(None, "not a number", "5") };
    let checked = form.check(|| 1).expect("the chips field is not read");
    let mut record = Record::new(GameId::Programmes, 3, checked.seed);
    form.fill(&mut record, checked, Lang::En);
    // Programmes has no chips: its record carries no stack.
    assert!(!record.options.contains_key(START_CHIPS));
}

#[test]
fn the_record_carries_the_seats_and_names() {
    let mut form = bonanza_form(Some(json!(true)), "80", "3");
    form.names[1] = "  Marguerite-Antoinette  ".into();
    form.names[2] = "   ".into();
    let checked = form.check(|| 1).expect("no error");
    let mut record = Record::new(GameId::Bonanza, 3, checked.seed);
    form.fill(&mut record, checked, Lang::Fr);
    assert_eq!(record.options.get(START_CHIPS), Some(&json!(80)));
    assert_eq!(record.options.get("poker"), Some(&json!(true)));
    assert_eq!(record.seats, Some(vec!["human".into(), "easy".into(), "hard".into()]));
    // Typed names are trimmed and cut to 16 characters; empty ones take the default name.
    let names = record.names.expect("names");
    assert_eq!(names[1], "Marguerite-Antoi");
    assert_eq!(names[2], "Bob");
    assert_eq!(names[0], tapis::model::session::you_name(Lang::Fr));
}

/// A game of `game` for three players, each with `chips`.
fn trial(game: GameId, chips: i64) -> Session {
    let mut record = Record::new(game, 3, 11);
    record.options.insert(START_CHIPS.into(), json!(chips));
    Session::from_record(0, record).expect("the record starts")
}

#[test]
fn too_few_chips_for_the_first_stakes_is_refused() {
    // docs/rules/bonanza.md §2: one chip on each of the wheel's ten spaces before each deal.
    assert_eq!(unpaid_stakes(&trial(GameId::Bonanza, 5), 5), Some(FieldError::TooFewChips { chips: 5, stake: Some(10) }));
    assert_eq!(unpaid_stakes(&trial(GameId::Bonanza, 10), 10), None);
    // docs/rules/nain-jaune.md §2 and §6: 15 chips each, else the game ends before the round.
    assert_eq!(unpaid_stakes(&trial(GameId::NainJaune, 14), 14), Some(FieldError::TooFewChips { chips: 14, stake: Some(15) }));
    assert_eq!(unpaid_stakes(&trial(GameId::NainJaune, 15), 15), None);
}
