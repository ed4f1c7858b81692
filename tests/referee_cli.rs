//! The `referee` binary, run exactly as RECORD.md "The referee binary" describes it.
//!
//! - `referee replay FILE` and `referee replay -` print one JSON object: `{"ok": true, "state":
//!   {...}}`, or `{"ok": false, "error": "...", "at": INDEX|null}` with exit code 1;
//! - `referee play --game G --players N --seats L,L,... --seed S [--option k=v ...]` prints a
//!   record that `referee replay` plays to `finished: true`.
//!
//! The records used here live in `tests/scenarios/`.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use serde_json::{json, Value};
use tapis::record::{Record, Table};

fn referee() -> Command {
    Command::new(env!("CARGO_BIN_EXE_referee"))
}

fn scenario(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios").join(name)
}

/// Runs the referee with `args` and `stdin`, returning its output.
fn run(args: &[&str], stdin: Option<&str>) -> Output {
    let mut cmd = referee();
    cmd.args(args).stdout(Stdio::piped()).stderr(Stdio::piped());
    cmd.stdin(if stdin.is_some() { Stdio::piped() } else { Stdio::null() });
    let mut child = cmd.spawn().expect("the referee binary runs");
    if let Some(text) = stdin {
        // Written from another thread so a large record cannot block against a full stdout pipe.
        let mut pipe = child.stdin.take().unwrap();
        let text = text.to_string();
        std::thread::spawn(move || {
            let _ = pipe.write_all(text.as_bytes());
        });
    }
    child.wait_with_output().expect("the referee finishes")
}

/// Stdout as exactly one JSON object (RECORD.md: "prints one JSON object on stdout").
fn json_out(output: &Output) -> Value {
    let text = String::from_utf8(output.stdout.clone()).expect("UTF-8 output");
    serde_json::from_str(text.trim()).unwrap_or_else(|e| panic!("stdout is not one JSON value ({e}):\n{text}"))
}

fn replay_file(name: &str) -> (Value, Option<i32>) {
    let path = scenario(name);
    let output = run(&["replay", path.to_str().unwrap()], None);
    (json_out(&output), output.status.code())
}

fn replay_stdin(text: &str) -> (Value, Option<i32>) {
    let output = run(&["replay", "-"], Some(text));
    (json_out(&output), output.status.code())
}

/// Checks a `{"ok": false, ...}` answer: exit code 1, `at`, and words the error must contain.
fn assert_refusal(out: &(Value, Option<i32>), at: Value, words: &[&str]) {
    let (json, code) = out;
    assert_eq!(*code, Some(1), "exit code: {json}");
    assert_eq!(json["ok"], false, "{json}");
    assert_eq!(json["at"], at, "{json}");
    let error = json["error"].as_str().unwrap_or_else(|| panic!("'error' is a string: {json}"));
    for word in words {
        assert!(error.contains(word), "the error '{error}' does not mention '{word}'");
    }
    let keys: Vec<&String> = json.as_object().unwrap().keys().collect();
    assert_eq!(keys.len(), 3, "exactly ok, error, at: {json}");
}

/// The keys RECORD.md requires in `state`, with their JSON types.
fn assert_required_keys(state: &Value) {
    assert!(state["phase"].is_string(), "phase: {state}");
    assert!(state["to_move"].is_u64() || state["to_move"].is_null(), "to_move");
    assert!(state["legal"].as_array().is_some_and(|l| l.iter().all(Value::is_string)), "legal");
    assert!(state["chips"].as_array().is_some_and(|c| c.iter().all(Value::is_i64)), "chips");
    let board = state["board"].as_object().expect("board is an object");
    let keys: Vec<&str> = board.keys().map(String::as_str).collect();
    let mut expected = ["ten_diamonds", "jack_clubs", "queen_spades", "king_hearts", "nain_jaune"];
    expected.sort();
    let mut keys_sorted = keys.clone();
    keys_sorted.sort();
    assert_eq!(keys_sorted, expected, "RECORD.md's Nain Jaune space names");
    assert!(board.values().all(Value::is_i64));
    let hands = state["hands"].as_array().expect("hands");
    for hand in hands {
        // Cards, sorted (docs/rulings.md: card order ♠ A…K, ♥, ♦, ♣).
        let cards: Vec<tapis::engine::cards::Card> = hand.as_array().unwrap().iter().map(|c| c.as_str().unwrap().parse().unwrap()).collect();
        assert!(cards.windows(2).all(|w| w[0] < w[1]), "a hand is sorted: {hand}");
    }
    assert!(state["deal_number"].is_u64(), "deal_number");
    assert!(state["finished"].is_boolean(), "finished");
    assert!(state["winner"].is_u64() || state["winner"].is_null(), "winner");
    let events = state["events"].as_array().expect("events");
    assert!(events.iter().all(|e| e.is_string() || e.is_object()), "events");
}

// ---------------------------------------------------------------------------------------------
// referee replay
// ---------------------------------------------------------------------------------------------

#[test]
fn replay_file_prints_ok_and_the_state() {
    // RECORD.md: "`referee replay FILE` ... applies every action and prints one JSON object on
    // stdout: {"ok": true, "state": {...}}". The scenario is RULES.md §2's Grand Opéra.
    let (out, code) = replay_file("nain_jaune_grand_opera.json");
    assert_eq!(code, Some(0), "{out}");
    assert_eq!(out["ok"], true);
    let state = &out["state"];
    assert_required_keys(state);
    assert_eq!(state["deal_number"], 2);
    assert_eq!(state["phase"], "lead");
    assert_eq!(state["to_move"], 2, "round 2: dealer 1, seat 2 leads");
    assert_eq!(state["finished"], false);
    assert_eq!(state["winner"], Value::Null);
    assert_eq!(state["chips"], json!([48, 139, 68]));
    assert_eq!(state["board"], json!({ "ten_diamonds": 3, "jack_clubs": 6, "queen_spades": 9, "king_hearts": 12, "nain_jaune": 15 }));
    assert_eq!(state["legal"].as_array().unwrap().len(), 15, "the leader may play any of his 15 cards");
    let texts: Vec<&str> = state["events"].as_array().unwrap().iter().filter_map(|e| e["text"].as_str()).collect();
    assert!(texts.contains(&"Grand Opéra! Seat 1 sweeps the board: 48 chips"), "{texts:?}");
    // The same state as the library's Table::replay.
    let record = Record::from_json(&std::fs::read_to_string(scenario("nain_jaune_grand_opera.json")).unwrap()).unwrap();
    assert_eq!(*state, Table::replay(&record).unwrap().referee_state());
}

#[test]
fn replay_stdin_prints_the_same_as_replay_file() {
    // RECORD.md: "`referee replay FILE` (or `-` for stdin)".
    let text = std::fs::read_to_string(scenario("nain_jaune_grand_opera.json")).unwrap();
    let from_stdin = replay_stdin(&text);
    let from_file = replay_file("nain_jaune_grand_opera.json");
    assert_eq!(from_stdin.1, Some(0));
    assert_eq!(from_stdin, from_file);
}

#[test]
fn replay_of_a_record_without_actions_shows_the_start() {
    let text = r#"{"format": 1, "game": "nain-jaune", "players": 4, "seed": 12345}"#;
    let (out, code) = replay_stdin(text);
    assert_eq!(code, Some(0), "{out}");
    let state = &out["state"];
    assert_required_keys(state);
    assert_eq!(state["deal_number"], 1);
    assert_eq!(state["to_move"], 1);
    assert_eq!(state["chips"], json!([85, 85, 85, 85]));
    assert_eq!(state["legal"].as_array().unwrap().len(), 12);
    // The legal actions use the record's strings, in the hand's order.
    let hand: Vec<String> = state["hands"][1].as_array().unwrap().iter().map(|c| format!("play {}", c.as_str().unwrap())).collect();
    assert_eq!(state["legal"], json!(hand));
}

#[test]
fn an_illegal_action_gives_its_index_and_why() {
    // RECORD.md: "On the first illegal action ... it prints {"ok": false, "error": "…", "at":
    // INDEX} ... and exits 1. The error message names the action and why it is illegal."
    let out = replay_file("nain_jaune_illegal_follow.json");
    assert_refusal(&out, json!(1), &["play 9H", "wants a 5"]);
    let out = replay_file("nain_jaune_wrong_seat.json");
    assert_refusal(&out, json!(2), &["play 5H", "seat 1's turn"]);
}

#[test]
fn illegal_actions_of_every_kind_are_refused_over_stdin() {
    let base = std::fs::read_to_string(scenario("nain_jaune_illegal_follow.json")).unwrap();
    let with_actions = |actions: Value| {
        let mut record: Value = serde_json::from_str(&base).unwrap();
        record["actions"] = actions;
        record.to_string()
    };
    // A card the seat does not hold.
    let out = replay_stdin(&with_actions(json!([{ "seat": 1, "do": "play 2C" }])));
    assert_refusal(&out, json!(0), &["play 2C", "does not hold 2C"]);
    // A malformed action string.
    let out = replay_stdin(&with_actions(json!([{ "seat": 1, "do": "play 4S" }, { "seat": 1, "do": "play 5X" }])));
    assert_refusal(&out, json!(1), &["play 5X", "not a card"]);
    let out = replay_stdin(&with_actions(json!([{ "seat": 1, "do": "bid 3" }])));
    assert_refusal(&out, json!(0), &["bid 3"]);
    // An action after the game is over (one round, won at once: see the rules tests).
    let mut record: Value = serde_json::from_str(&base).unwrap();
    record["options"] = json!({ "rounds": 1 });
    record["actions"] = json!([
        { "seat": 1, "do": "play 4S" }, { "seat": 1, "do": "play 5S" }, { "seat": 1, "do": "play 9H" },
        { "seat": 2, "do": "play 5H" },
    ]);
    let out = replay_stdin(&record.to_string());
    assert_refusal(&out, json!(3), &["play 5H", "game is over"]);
}

#[test]
fn malformed_input_gives_at_null() {
    // RECORD.md: "On ... malformed input it prints {"ok": false, "error": "…", "at": null} and
    // exits 1."
    assert_refusal(&replay_file("malformed.json"), Value::Null, &["JSON"]);
    assert_refusal(&replay_stdin(""), Value::Null, &["JSON"]);
    assert_refusal(&replay_stdin("not json at all"), Value::Null, &["JSON"]);
    assert_refusal(&replay_stdin("[]"), Value::Null, &["object"]);
    assert_refusal(&replay_stdin(r#"{"format": 1, "game": "nain-jaune"}"#), Value::Null, &["players"]);
    assert_refusal(&replay_stdin(r#"{"format": 1, "game": "nain-jaune", "players": 3, "seed": -4}"#), Value::Null, &[]);
    assert_refusal(&replay_stdin(r#"{"format": 9, "game": "nain-jaune", "players": 3, "seed": 1}"#), Value::Null, &["format 9"]);
    // A file that does not exist.
    let missing = scenario("no_such_record.json");
    let output = run(&["replay", missing.to_str().unwrap()], None);
    assert_refusal(&(json_out(&output), output.status.code()), Value::Null, &["no_such_record.json"]);
}

#[test]
fn replay_without_exactly_one_file_gives_at_null() {
    // RECORD.md: `referee replay FILE` (or `-`): anything else is malformed input.
    for args in [vec!["replay"], vec!["replay", "a.json", "b.json"]] {
        let output = run(&args, None);
        assert_refusal(&(json_out(&output), output.status.code()), Value::Null, &["replay"]);
    }
}

#[test]
fn unknown_game_gives_at_null() {
    assert_refusal(&replay_file("unknown_game.json"), Value::Null, &["belote"]);
}

#[test]
fn bad_setups_give_at_null() {
    // RECORD.md: "A layout that is not a full, exact deck for that game is rejected with a
    // message that says why."
    assert_refusal(&replay_file("nain_jaune_bad_layout_duplicate.json"), Value::Null, &["4S", "twice"]);
    assert_refusal(&replay_file("nain_jaune_bad_layout_missing.json"), Value::Null, &["KC", "missing"]);
    assert_refusal(&replay_file("nain_jaune_bad_layout_joker.json"), Value::Null, &["joker"]);
    assert_refusal(&replay_file("nain_jaune_bad_option.json"), Value::Null, &["direction", "sideways"]);
    assert_refusal(&replay_stdin(r#"{"format": 1, "game": "nain-jaune", "players": 9, "seed": 1}"#), Value::Null, &["2 to 8"]);
    assert_refusal(
        &replay_stdin(r#"{"format": 1, "game": "nain-jaune", "players": 3, "seed": 1, "chips": [1, 2]}"#),
        Value::Null,
        &["chips"],
    );
}

// ---------------------------------------------------------------------------------------------
// referee play
// ---------------------------------------------------------------------------------------------

/// `referee play` with these arguments: its record, checked to replay to the end.
fn play_and_replay(players: usize, seats: &str, seed: u64, options: &[&str]) -> (Record, Value) {
    let players_arg = players.to_string();
    let seed_arg = seed.to_string();
    let mut args = vec!["play", "--game", "nain-jaune", "--players", &players_arg, "--seats", seats, "--seed", &seed_arg];
    for option in options {
        args.push("--option");
        args.push(option);
    }
    let output = run(&args, None);
    assert_eq!(output.status.code(), Some(0), "referee {args:?}: {}", String::from_utf8_lossy(&output.stderr));
    let text = String::from_utf8(output.stdout).unwrap();
    let record = Record::from_json(&text).unwrap_or_else(|e| panic!("referee play printed no record ({}):\n{text}", e.0));
    assert_eq!(record.game, "nain-jaune");
    assert_eq!(record.players, players);
    assert_eq!(record.seed, seed);
    assert!(!record.actions.is_empty());
    // `referee replay -` of that output succeeds and ends `finished: true`.
    let (out, code) = replay_stdin(&text);
    assert_eq!(code, Some(0), "{out}");
    assert_eq!(out["ok"], true);
    assert_required_keys(&out["state"]);
    assert_eq!(out["state"]["finished"], true, "{args:?}");
    assert_eq!(out["state"]["to_move"], Value::Null);
    assert_eq!(out["state"]["legal"], json!([]));
    (record, out["state"].clone())
}

#[test]
fn play_prints_a_record_that_replays_to_the_end_for_2_to_8_players() {
    // RECORD.md: "`referee play --game G --players N --seats LEVEL,LEVEL,… --seed S [--option k=v
    // …]`: plays a full game with computer players at those levels and prints its record;
    // `referee replay` of that output succeeds and ends `finished: true`."
    for players in 2..=8usize {
        let seats: Vec<&str> = (0..players).map(|i| if i % 2 == 0 { "easy" } else { "random" }).collect();
        let (record, state) = play_and_replay(players, &seats.join(","), 1000 + players as u64, &[]);
        let total: i64 = state["chips"].as_array().unwrap().iter().map(|c| c.as_i64().unwrap()).sum::<i64>()
            + state["board"].as_object().unwrap().values().map(|c| c.as_i64().unwrap()).sum::<i64>();
        assert_eq!(total, 100 * players as i64, "{players} players: chips conserved");
        assert_eq!(record.seats.as_ref().map(Vec::len), Some(players));
        // Every action is written with the seat that moved.
        assert!(record.actions.iter().all(|a| a.seat < players && a.action.starts_with("play ")));
    }
}

#[test]
fn play_takes_options() {
    let options = ["direction=anticlockwise", "stake_multiplier=2", "points=cards", "rounds=2", "start_chips=300"];
    let (record, state) = play_and_replay(4, "easy,easy,random,easy", 77, &options);
    assert_eq!(record.options["direction"], "anticlockwise");
    assert_eq!(record.options["rounds"], 2);
    assert_eq!(state["options"]["stake_multiplier"], 2);
    assert_eq!(state["options"]["points"], "cards");
    assert!(state["deal_number"].as_u64().unwrap() <= 2);
    // The rounds option: with 300 chips and a stake of 30, the game ends after round 2.
    assert_eq!(state["deal_number"], 2);
    let (_, state) = play_and_replay(3, "random,random,random", 5, &["start_chips=20"]);
    assert_eq!(state["finished"], true);
}

#[test]
fn play_is_deterministic_for_a_seed() {
    let args = ["play", "--game", "nain-jaune", "--players", "5", "--seats", "easy,random,easy,random,easy", "--seed", "42"];
    let a = run(&args, None);
    let b = run(&args, None);
    assert_eq!(a.status.code(), Some(0));
    assert_eq!(a.stdout, b.stdout);
}

#[test]
fn play_refuses_bad_arguments() {
    // Not a RECORD.md contract beyond "plays a full game": bad arguments fail with a message on
    // stderr and a non-zero exit code, and print no record.
    for args in [
        vec!["play", "--game", "nain-jaune", "--players", "3", "--seats", "easy,easy", "--seed", "1"],
        vec!["play", "--game", "nain-jaune", "--players", "9", "--seats", "easy,easy,easy,easy,easy,easy,easy,easy,easy", "--seed", "1"],
        vec!["play", "--game", "nain-jaune", "--players", "3", "--seats", "easy,genius,easy", "--seed", "1"],
        vec!["play", "--game", "chess", "--players", "3", "--seats", "easy,easy,easy", "--seed", "1"],
        vec!["play", "--game", "nain-jaune", "--players", "3", "--seats", "easy,easy,easy", "--seed", "1", "--option", "speed=3"],
        vec!["play", "--game", "nain-jaune", "--players", "3", "--seats", "easy,easy,easy"],
    ] {
        let output = run(&args, None);
        assert_ne!(output.status.code(), Some(0), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        assert!(!output.stderr.is_empty(), "{args:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// Programmes (RULES.md §3; RECORD.md's Programmes layout, grammar and options)
// ---------------------------------------------------------------------------------------------

/// The keys RECORD.md requires in `state`, for Programmes (no board spaces: `board` is `{}`),
/// and the game's own fields.
fn assert_programmes_keys(state: &Value) {
    assert!(state["phase"].is_string(), "phase: {state}");
    assert!(state["to_move"].is_u64() || state["to_move"].is_null(), "to_move");
    assert!(state["legal"].as_array().is_some_and(|l| l.iter().all(Value::is_string)), "legal");
    assert!(state["chips"].as_array().is_some_and(|c| c.iter().all(Value::is_i64)), "chips");
    assert_eq!(state["board"], json!({}), "Programmes has no board spaces");
    for hand in state["hands"].as_array().expect("hands") {
        let cards: Vec<tapis::engine::cards::Card> =
            hand.as_array().unwrap().iter().map(|c| c.as_str().unwrap().parse().unwrap()).collect();
        assert!(cards.windows(2).all(|w| w[0] <= w[1]), "a hand is sorted (copies side by side): {hand}");
    }
    assert!(state["deal_number"].is_u64());
    assert!(state["finished"].is_boolean());
    assert!(state["winner"].is_u64() || state["winner"].is_null());
    assert!(state["events"].as_array().is_some_and(|e| e.iter().all(|e| e.is_object() && e["text"].is_string())));
    for key in ["melds", "discard", "stock", "programs", "program_deck", "programs_done", "completed", "revealed"] {
        assert!(state[key].is_array(), "{key}: {state}");
    }
    assert!(state["stock_size"].is_u64());
}

#[test]
fn programmes_replay_shows_melds_programs_and_the_discard_pile() {
    // RECORD.md: deals with `stock` top-first, `discard`, `programs`; actions `draw stock`,
    // `draw discard`, `reveal … | …`, `meld …`, `extend N CARD`, `discard CARD`.
    let (out, code) = replay_file("programmes_reveal.json");
    assert_eq!(code, Some(0), "{out}");
    let state = &out["state"];
    assert_programmes_keys(state);
    assert_eq!(state["phase"], "draw");
    assert_eq!(state["to_move"], 2);
    assert_eq!(state["legal"], json!(["draw stock", "draw discard"]));
    assert_eq!(state["programs_done"], json!([0, 1, 0]));
    assert_eq!(state["revealed"], json!([false, true, false]));
    assert_eq!(state["programs"], json!(["P18", "P14", "P27"]), "the referee sees every program");
    assert_eq!(state["hands"][1], json!(["8C"]));
    assert_eq!(state["discard"][0], "JD", "the discard pile, top first");
    assert_eq!(
        state["melds"],
        json!([
            { "number": 0, "owner": 1, "kind": "set", "rank": "9", "cards": ["9S", "9D", "9C", "JK=9H"] },
            { "number": 1, "owner": 1, "kind": "run", "suit": "H", "from": "4", "to": "8", "cards": ["4H", "5H", "6H", "7H", "2D=8H"] },
            { "number": 2, "owner": 1, "kind": "set", "rank": "K", "cards": ["KS", "KH", "KC"] },
        ])
    );
    let texts: Vec<&str> = state["events"].as_array().unwrap().iter().filter_map(|e| e["text"].as_str()).collect();
    assert!(texts.contains(&"Seat 1 reveals program P14 (Trio and run of four): 1 completed"), "{texts:?}");
    let record = Record::from_json(&std::fs::read_to_string(scenario("programmes_reveal.json")).unwrap()).unwrap();
    assert_eq!(*state, Table::replay(&record).unwrap().referee_state());
}

#[test]
fn programmes_illegal_actions_give_their_index_and_why() {
    // RECORD.md: "On the first illegal action ... {"ok": false, "error": "…", "at": INDEX}".
    let out = replay_file("programmes_illegal_discard.json");
    assert_refusal(&out, json!(7), &["discard 7C", "taken from the discard pile"]);
    let base = std::fs::read_to_string(scenario("programmes_reveal.json")).unwrap();
    let with_actions = |actions: Value| {
        let mut record: Value = serde_json::from_str(&base).unwrap();
        record["actions"] = actions;
        record.to_string()
    };
    let out = replay_stdin(&with_actions(json!([{ "seat": 1, "do": "draw stock" }, { "seat": 1, "do": "reveal 9S 9D 9C" }])));
    assert_refusal(&out, json!(1), &["reveal 9S 9D 9C", "asks for 2 combinations"]);
    let out = replay_stdin(&with_actions(json!([{ "seat": 1, "do": "draw stock" }, { "seat": 1, "do": "meld KS KH KC" }])));
    assert_refusal(&out, json!(1), &["meld KS KH KC", "must reveal"]);
    let out = replay_stdin(&with_actions(json!([{ "seat": 1, "do": "play 7C" }])));
    assert_refusal(&out, json!(0), &["play 7C", "not a Programmes action"]);
    let out = replay_stdin(&with_actions(json!([{ "seat": 2, "do": "draw stock" }])));
    assert_refusal(&out, json!(0), &["draw stock", "seat 1's turn"]);
}

#[test]
fn programmes_bad_layouts_give_at_null() {
    // RECORD.md: "A layout that is not a full, exact deck for that game is rejected with a
    // message that says why."
    assert_refusal(&replay_file("programmes_bad_layout.json"), Value::Null, &["7C", "more than 2"]);
    assert_refusal(&replay_file("programmes_bad_programs.json"), Value::Null, &["P18", "twice"]);
    assert_refusal(&replay_stdin(r#"{"format": 1, "game": "programmes", "players": 8, "seed": 1}"#), Value::Null, &["2 to 6"]);
    assert_refusal(
        &replay_stdin(r#"{"format": 1, "game": "programmes", "players": 3, "seed": 1, "options": {"target": 0}}"#),
        Value::Null,
        &["target"],
    );
    assert_refusal(
        &replay_stdin(r#"{"format": 1, "game": "programmes", "players": 3, "seed": 1, "options": {"direction": "clockwise"}}"#),
        Value::Null,
        &["unknown option 'direction'"],
    );
}

/// `referee play --game programmes` with these arguments: its record, checked to replay to the end.
fn play_programmes(players: usize, seats: &str, seed: u64, options: &[&str]) -> (Record, Value) {
    let players_arg = players.to_string();
    let seed_arg = seed.to_string();
    let mut args = vec!["play", "--game", "programmes", "--players", &players_arg, "--seats", seats, "--seed", &seed_arg];
    for option in options {
        args.push("--option");
        args.push(option);
    }
    let output = run(&args, None);
    assert_eq!(output.status.code(), Some(0), "referee {args:?}: {}", String::from_utf8_lossy(&output.stderr));
    let text = String::from_utf8(output.stdout).unwrap();
    let record = Record::from_json(&text).unwrap_or_else(|e| panic!("referee play printed no record ({}):\n{text}", e.0));
    let (out, code) = replay_stdin(&text);
    assert_eq!(code, Some(0), "{out}");
    assert_programmes_keys(&out["state"]);
    assert_eq!(out["state"]["finished"], true, "{args:?}");
    assert_eq!(out["state"]["legal"], json!([]));
    (record, out["state"].clone())
}

#[test]
fn programmes_play_round_trips_to_the_end() {
    // RECORD.md: "`referee play` ... prints its record; `referee replay` of that output succeeds
    // and ends `finished: true`."
    for players in 2..=7usize {
        let seats: Vec<&str> = (0..players).map(|i| if i % 3 == 2 { "random" } else { "easy" }).collect();
        let (record, state) = play_programmes(players, &seats.join(","), 300 + players as u64, &["target=2"]);
        let winner = state["winner"].as_u64().expect("a winner") as usize;
        assert!(state["programs_done"][winner].as_u64().unwrap() >= 2);
        // RULES.md §3: the first dealer is drawn by dealing face up until a spade.
        let (dealer, _) = tapis::engine::programmes::draw_first_dealer(record.seed, players);
        assert_eq!(record.first_dealer, Some(dealer));
    }
    let (_, state) = play_programmes(4, "easy,easy,easy,easy", 9, &[]);
    assert_eq!(state["options"]["target"], 5);
    let best = state["programs_done"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).max().unwrap();
    assert_eq!(best, 5, "the default target");
    let (_, state) = play_programmes(3, "medium,hard,easy", 4, &["target=1", "exchange_after=1", "strict_constraints=true"]);
    assert_eq!(state["options"]["strict_constraints"], true);
}

#[test]
fn programmes_arena_and_program_table_print_reports() {
    let output = run(&["arena", "--game", "programmes", "--players", "3", "--seats", "easy,random,random", "--matches", "3", "--seed", "2", "--option", "target=1"], None);
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    let report = json_out(&output);
    assert_eq!(report["matches"], 3);
    assert!(report["win_rate"].as_f64().is_some());
    assert!((report["expected"].as_f64().unwrap() - 1.0 / 3.0).abs() < 1e-9);
    let output = run(&["arena", "--game", "programmes", "--players", "3", "--seats", "easy,random,random", "--deals", "3"], None);
    assert_ne!(output.status.code(), Some(0), "programmes counts matches, not deals");
    let output = run(&["programs", "--players", "4", "--rounds", "50", "--seed", "3"], None);
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    let report = json_out(&output);
    assert_eq!(report["programs"].as_array().unwrap().len(), 40);
    let held: u64 = report["programs"].as_array().unwrap().iter().map(|p| p["held"].as_u64().unwrap()).sum();
    assert_eq!(held, 200, "50 rounds of 4 seats");
}
