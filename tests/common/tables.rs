//! Records and tables for the rules tests: a record written as JSON fields, replayed through
//! `tapis::record::Table` with the record's action strings, and read back as the referee's JSON
//! state (docs/record.md §5.2) or the typed game.

use serde_json::{json, Value};
use tapis::engine::game::{Chips, GameId, IllegalAction, Seat};
use tapis::engine::games::Reason;
use tapis::record::{Record, Table};

use super::Subject;

/// A record of `game` for `players` with seed 7 and the given extra fields (`options`, `deals`,
/// `chips`, `first_dealer`, `actions`, or a different `seed`).
pub fn record(game: GameId, players: usize, fields: Value) -> Record {
    let mut value = json!({ "format": 1, "game": game.key(), "players": players, "seed": 7 });
    for (key, field) in fields.as_object().expect("fields is an object") {
        value[key] = field.clone();
    }
    serde_json::from_value(value).expect("a well-formed record")
}

/// Starts (and replays) a record, panicking with the referee's message if it is refused.
pub fn start(game: GameId, players: usize, fields: Value) -> Table {
    Table::replay(&record(game, players, fields)).unwrap_or_else(|e| panic!("setup refused: {e}"))
}

/// What `Table::replay` says about a record it must refuse before any action (`at` is null).
pub fn setup_error(game: GameId, players: usize, fields: Value) -> String {
    match Table::replay(&record(game, players, fields)) {
        Ok(_) => panic!("the setup was accepted"),
        Err(e) => {
            assert_eq!(e.at(), None, "a setup error is not tied to an action: {e}");
            e.message()
        }
    }
}

/// Plays one action written as in the record; panics with the legal actions if it is refused.
pub fn play(table: &mut Table, seat: Seat, action: &str) {
    table.play_str(seat, action).unwrap_or_else(|e| panic!("seat {seat} '{action}': {e}\nlegal: {:?}", table.legal()));
}

/// Plays the actions in order, each by the seat to move.
pub fn play_all(table: &mut Table, actions: &[&str]) {
    for action in actions {
        let seat = table.to_move().unwrap_or_else(|| panic!("nobody to move for '{action}'"));
        play(table, seat, action);
    }
}

/// Plays the first legal action until `stop` says so or the game ends; returns the moves made.
pub fn play_first_legal_until(table: &mut Table, mut stop: impl FnMut(&Table) -> bool) -> usize {
    let mut moves = 0;
    while let Some(seat) = table.to_move() {
        if stop(table) {
            break;
        }
        let action = table.legal()[0].clone();
        table.play_str(seat, &action).unwrap();
        moves += 1;
        assert!(moves < 100_000, "the game does not end");
    }
    moves
}

/// The action must be refused and leave the state exactly as it was; returns the refusal.
pub fn refused(table: &mut Table, seat: Seat, action: &str) -> IllegalAction<Reason> {
    let before = table.referee_state();
    let err = table.play_str(seat, action).expect_err(&format!("seat {seat} '{action}' should be refused"));
    assert_eq!(table.referee_state(), before, "a refused '{action}' changed the state");
    err
}

/// The game inside the table.
pub fn game<G: Subject>(table: &Table) -> &G {
    G::on(table)
}

pub fn state(table: &Table) -> Value {
    table.referee_state()
}

pub fn chips(table: &Table) -> Vec<Chips> {
    table.chip_counts().to_vec()
}

/// Every chip in the game: the stacks and the board.
pub fn total_chips(table: &Table) -> Chips {
    match table {
        Table::Bonanza(g) => g.chips_in_play(),
        Table::NainJaune(g) => g.chips_in_play(),
        Table::Programmes(g) => g.chips_in_play(),
    }
}

/// Every logged event of one `type`, in order.
pub fn events_of(table: &Table, kind: &str) -> Vec<Value> {
    state(table)["events"].as_array().unwrap().iter().filter(|e| e["type"] == kind).cloned().collect()
}

/// Defines, in a rules test file, `record`, `start` and `setup_error` for the game `$game` (each
/// as above, without the game) and `game`, the typed game inside a table.
#[macro_export]
macro_rules! table_helpers {
    ($game:ty) => {
        #[allow(dead_code)]
        fn record(players: usize, fields: serde_json::Value) -> tapis::record::Record {
            $crate::common::tables::record(<$game as tapis::engine::game::Game>::ID, players, fields)
        }

        #[allow(dead_code)]
        fn start(players: usize, fields: serde_json::Value) -> tapis::record::Table {
            $crate::common::tables::start(<$game as tapis::engine::game::Game>::ID, players, fields)
        }

        #[allow(dead_code)]
        fn setup_error(players: usize, fields: serde_json::Value) -> String {
            $crate::common::tables::setup_error(<$game as tapis::engine::game::Game>::ID, players, fields)
        }

        #[allow(dead_code)]
        fn game(table: &tapis::record::Table) -> &$game {
            <$game as $crate::common::Subject>::on(table)
        }
    };
}
