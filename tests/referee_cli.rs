//! The `referee` binary, run exactly as docs/record.md §5 describes it.
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

/// Stdout as exactly one JSON object (docs/record.md §5.1: a single JSON object on standard
/// output).
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

/// `referee replay -` of the scenario `name` with these `actions` instead of its own.
fn replay_with_actions(name: &str, actions: Value) -> (Value, Option<i32>) {
    let mut record: Value = serde_json::from_str(&std::fs::read_to_string(scenario(name)).unwrap()).unwrap();
    record["actions"] = actions;
    replay_stdin(&record.to_string())
}

/// The text of every event of a state, in order.
fn event_texts(state: &Value) -> Vec<&str> {
    state["events"].as_array().unwrap().iter().filter_map(|e| e["text"].as_str()).collect()
}

/// The referee printed the same state as the library's `Table::replay` of the scenario `name`.
fn assert_same_as_the_library(state: &Value, name: &str) {
    let record = Record::from_json(&std::fs::read_to_string(scenario(name)).unwrap()).unwrap();
    assert_eq!(*state, Table::replay(&record).unwrap().referee_state());
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

/// The keys docs/record.md §5.2 requires in `state`, with their JSON types (Nain Jaune's board).
fn assert_required_keys(state: &Value) {
    assert_required_keys_with_board(state, &["ten_diamonds", "jack_clubs", "queen_spades", "king_hearts", "nain_jaune"]);
}

/// The Bonanza space names of docs/record.md §5.2 (`poker` only when the Poker space is in play).
const BONANZA_SPACES: [&str; 10] =
    ["joker", "queen_jack", "sequence", "ten_two", "poker", "ace_spades", "king_hearts", "queen_diamonds", "jack_clubs", "bonanza"];

/// The keys docs/record.md §5.2 requires in `state`, with their JSON types, the board having these
/// spaces.
fn assert_required_keys_with_board(state: &Value, spaces: &[&str]) {
    assert!(state["phase"].is_string(), "phase: {state}");
    assert!(state["to_move"].is_u64() || state["to_move"].is_null(), "to_move");
    assert!(state["legal"].as_array().is_some_and(|l| l.iter().all(Value::is_string)), "legal");
    assert!(state["chips"].as_array().is_some_and(|c| c.iter().all(Value::is_i64)), "chips");
    let board = state["board"].as_object().expect("board is an object");
    let keys: Vec<&str> = board.keys().map(String::as_str).collect();
    let mut expected = spaces.to_vec();
    expected.sort();
    let mut keys_sorted = keys.clone();
    keys_sorted.sort();
    assert_eq!(keys_sorted, expected, "the space names of docs/record.md §5.2");
    assert!(board.values().all(Value::is_i64));
    let hands = state["hands"].as_array().expect("hands");
    for hand in hands {
        // Cards, sorted (docs/record.md §1: card order ♠ A…K, ♥, ♦, ♣).
        let cards: Vec<tapis::engine::cards::Card> =
            hand.as_array().unwrap().iter().map(|c| c.as_str().unwrap().parse().unwrap()).collect();
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
    // docs/record.md §5.1: `referee replay FILE` plays every action and prints one JSON object on
    // stdout, {"ok": true, "state": {...}}. The scenario is a Grand Opéra
    // (docs/rules/nain-jaune.md §5.4).
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
    let texts = event_texts(state);
    assert!(texts.contains(&"Grand Opéra! Seat 1 sweeps the board: 48 chips"), "{texts:?}");
    // The same state as the library's Table::replay.
    assert_same_as_the_library(state, "nain_jaune_grand_opera.json");
}

#[test]
fn replay_stdin_prints_the_same_as_replay_file() {
    // docs/record.md §5.1: `referee replay FILE`, or `-` for standard input.
    let text = std::fs::read_to_string(scenario("nain_jaune_grand_opera.json")).unwrap();
    let from_stdin = replay_stdin(&text);
    let from_file = replay_file("nain_jaune_grand_opera.json");
    assert_eq!(from_stdin.1, Some(0));
    assert_eq!(from_stdin, from_file);
    // A file saved with a byte-order mark (some Windows editors add one) reads the same.
    assert_eq!(replay_stdin(&format!("\u{feff}{text}")), from_file);
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
    // docs/record.md §5.1: at the first illegal action it prints {"ok": false, "error": "…", "at":
    // INDEX} and exits 1; the message names the action and why it is illegal.
    let out = replay_file("nain_jaune_illegal_follow.json");
    assert_refusal(&out, json!(1), &["play 9H", "wants a 5"]);
    let out = replay_file("nain_jaune_wrong_seat.json");
    assert_refusal(&out, json!(2), &["play 5H", "seat 1's turn"]);
    // The keys in the order of docs/record.md §5.1, for a reader that compares text.
    let raw = run(&["replay", scenario("nain_jaune_illegal_follow.json").to_str().unwrap()], None);
    let text = String::from_utf8(raw.stdout).unwrap();
    assert!(text.starts_with(r#"{"ok":false,"error":"#) && text.trim_end().ends_with(r#","at":1}"#), "{text}");
}

#[test]
fn illegal_actions_of_every_kind_are_refused_over_stdin() {
    let name = "nain_jaune_illegal_follow.json";
    // A card the seat does not hold.
    let out = replay_with_actions(name, json!([{ "seat": 1, "do": "play 2C" }]));
    assert_refusal(&out, json!(0), &["play 2C", "does not hold 2C"]);
    // A malformed action string.
    let out = replay_with_actions(name, json!([{ "seat": 1, "do": "play 4S" }, { "seat": 1, "do": "play 5X" }]));
    assert_refusal(&out, json!(1), &["play 5X", "not a card"]);
    assert_refusal(&replay_with_actions(name, json!([{ "seat": 1, "do": "bid 3" }])), json!(0), &["bid 3"]);
    // An action after the game is over (one round, won at once: see the rules tests).
    let mut record: Value = serde_json::from_str(&std::fs::read_to_string(scenario(name)).unwrap()).unwrap();
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
    // docs/record.md §5.1: on input that is not a valid record it prints {"ok": false, "error":
    // "…", "at": null} and exits 1.
    assert_refusal(&replay_file("malformed.json"), Value::Null, &["JSON"]);
    assert_refusal(&replay_stdin(""), Value::Null, &["JSON"]);
    assert_refusal(&replay_stdin("not json at all"), Value::Null, &["JSON"]);
    assert_refusal(&replay_stdin("[]"), Value::Null, &["object"]);
    assert_refusal(&replay_stdin(r#"{"format": 1, "game": "nain-jaune"}"#), Value::Null, &["players"]);
    assert_refusal(&replay_stdin(r#"{"format": 1, "game": "nain-jaune", "players": 3, "seed": -4}"#), Value::Null, &[]);
    assert_refusal(&replay_stdin(r#"{"format": 9, "game": "nain-jaune", "players": 3, "seed": 1}"#), Value::Null, &["format 9"]);
    // A field of the wrong type is named, with its place, in words a record's author uses.
    assert_refusal(
        &replay_stdin(r#"{"format": 1, "game": "nain-jaune", "players": "4", "seed": 1}"#),
        Value::Null,
        &["players:", "a whole number"],
    );
    let chips = r#"{"format": 1, "game": "nain-jaune", "players": 3, "seed": 1, "chips": [10, 10, 1.5]}"#;
    assert_refusal(&replay_stdin(chips), Value::Null, &["chips[2]:", "1.5"]);
    // A file that does not exist.
    let missing = scenario("no_such_record.json");
    let output = run(&["replay", missing.to_str().unwrap()], None);
    assert_refusal(&(json_out(&output), output.status.code()), Value::Null, &["no_such_record.json"]);
}

#[test]
fn an_entry_of_actions_that_is_no_action_gives_its_index() {
    // docs/record.md §5.1: `at` is the index of the action at fault, or null — an entry that is not
    // {"seat": N, "do": "…"} is the offending action, named by its index.
    let record = |second: &str| {
        format!(r#"{{"format": 1, "game": "nain-jaune", "players": 3, "seed": 7, "actions": [{{"seat": 1, "do": "play 3S"}}, {second}]}}"#)
    };
    assert_refusal(&replay_stdin(&record(r#"{"seat": "2", "do": "play 4H"}"#)), json!(1), &["action 1", "seat"]);
    assert_refusal(&replay_stdin(&record(r#"{"seat": 2, "do": 7}"#)), json!(1), &["action 1", "do"]);
    assert_refusal(&replay_stdin(&record(r#""play 4H""#)), json!(1), &["action 1"]);
    // "On the first illegal action or malformed input": an illegal action before the entry is
    // the first offence.
    let illegal_first =
        r#"{"format": 1, "game": "nain-jaune", "players": 3, "seed": 7, "actions": [{"seat": 1, "do": "play 2S"}, {"seat": "2"}]}"#;
    assert_refusal(&replay_stdin(illegal_first), json!(0), &["play 2S"]);
}

#[test]
fn optional_fields_given_as_null_are_left_out() {
    // docs/record.md §2.1: the optional fields (options, deals, actions, …) may be left out; null
    // says the same.
    let (out, code) = replay_stdin(
        r#"{"format": 1, "game": "bonanza", "players": 3, "seed": 1, "options": null, "deals": null, "actions": null, "names": null}"#,
    );
    assert_eq!(code, Some(0), "{out}");
    assert_eq!(out["state"]["deal_number"], json!(1));
    assert_eq!(out["state"]["options"]["poker_limit"], json!(5), "the defaults");
    // "Any option left out takes its default": an option given as null too.
    let (out, code) = replay_stdin(
        r#"{"format": 1, "game": "nain-jaune", "players": 3, "seed": 1, "options": {"direction": null, "rounds": null, "start_chips": null}}"#,
    );
    assert_eq!(code, Some(0), "{out}");
    assert_eq!(out["state"]["options"]["direction"], json!("clockwise"));
    assert_eq!(out["state"]["chips"], json!([85, 85, 85]));
}

#[test]
fn replay_without_exactly_one_file_gives_at_null() {
    // docs/record.md §5.1: `referee replay FILE` (or `-`): anything else is malformed input.
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
    // docs/record.md §2.3: a layout that is not exactly the game's full deck is refused with a
    // message saying why.
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
    play_and_replay_game("nain-jaune", players, seats, seed, options)
}

/// Every chip of a final `state`: the stacks and the board.
fn total_chips(state: &Value) -> i64 {
    state["chips"].as_array().unwrap().iter().map(|c| c.as_i64().unwrap()).sum::<i64>()
        + state["board"].as_object().unwrap().values().map(|c| c.as_i64().unwrap()).sum::<i64>()
}

fn play_and_replay_game(game: &str, players: usize, seats: &str, seed: u64, options: &[&str]) -> (Record, Value) {
    let players_arg = players.to_string();
    let seed_arg = seed.to_string();
    let mut args = vec!["play", "--game", game, "--players", &players_arg, "--seats", seats, "--seed", &seed_arg];
    for option in options {
        args.push("--option");
        args.push(option);
    }
    let output = run(&args, None);
    assert_eq!(output.status.code(), Some(0), "referee {args:?}: {}", String::from_utf8_lossy(&output.stderr));
    let text = String::from_utf8(output.stdout).unwrap();
    let record = Record::from_json(&text).unwrap_or_else(|e| panic!("referee play printed no record ({}):\n{text}", e.0));
    assert_eq!(record.game, game);
    assert_eq!(record.players, players);
    assert_eq!(record.seed, seed);
    assert!(!record.actions.is_empty());
    // `referee replay -` of that output succeeds and ends `finished: true`.
    let (out, code) = replay_stdin(&text);
    assert_eq!(code, Some(0), "{out}");
    assert_eq!(out["ok"], true);
    if game == "bonanza" {
        let poker = !options.contains(&"poker=false");
        let spaces: Vec<&str> = BONANZA_SPACES.iter().copied().filter(|s| poker || *s != "poker").collect();
        assert_required_keys_with_board(&out["state"], &spaces);
    } else if game == "programmes" {
        assert_programmes_keys(&out["state"]);
    } else {
        assert_required_keys(&out["state"]);
    }
    assert_eq!(out["state"]["finished"], true, "{args:?}");
    assert_eq!(out["state"]["to_move"], Value::Null);
    assert_eq!(out["state"]["legal"], json!([]));
    (record, out["state"].clone())
}

#[test]
fn play_prints_a_record_that_replays_to_the_end_for_2_to_8_players() {
    // docs/record.md §5.3: `referee play --game G --players N --seats LEVEL,LEVEL,… --seed S
    // [--option k=v …]` plays a whole game with computer players at those levels and prints its
    // record; replaying that output succeeds and ends with `finished: true`.
    for players in 2..=8usize {
        let seats: Vec<&str> = (0..players).map(|i| if i % 2 == 0 { "easy" } else { "random" }).collect();
        let (record, state) = play_and_replay(players, &seats.join(","), 1000 + players as u64, &[]);
        assert_eq!(total_chips(&state), 100 * players as i64, "{players} players: chips conserved");
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
    // docs/record.md §5.3 (a Ruling, beyond the contract's whole game): bad arguments fail with a
    // message on stderr and a non-zero exit code, and print no record.
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
// Bonanza
// ---------------------------------------------------------------------------------------------

#[test]
fn bonanza_replay_prints_the_state_after_a_race() {
    // docs/record.md's contract for a Bonanza record: a deal laid out in `deals`, the widow sold to
    // nobody, a race ending in Bonanza (docs/rules/bonanza.md §6.4), then deal 2 shuffled from the
    // seed.
    let (out, code) = replay_file("bonanza_race.json");
    assert_eq!(code, Some(0), "{out}");
    let state = &out["state"];
    assert_required_keys_with_board(state, &BONANZA_SPACES);
    assert_eq!(state["game"], "bonanza");
    assert_eq!((state["deal_number"].clone(), state["dealer"].clone()), (json!(2), json!(1)));
    assert_eq!((state["phase"].clone(), state["to_move"].clone()), (json!("widow"), json!(1)));
    assert_eq!(state["legal"], json!(["take widow", "sell widow"]));
    assert_eq!(state["chips"], json!([79, 79, 88]));
    assert_eq!(
        state["board"],
        json!({ "joker": 6, "queen_jack": 6, "sequence": 6, "ten_two": 6, "poker": 6, "ace_spades": 6,
                "king_hearts": 6, "queen_diamonds": 6, "jack_clubs": 3, "bonanza": 3 })
    );
    assert_eq!(state["finished"], false);
    let texts = event_texts(state);
    for expected in [
        "Nobody bids: the widow is dead",
        "Nobody has 7H: 6H is a stop for seat 2",
        "Seat 2 takes the jack_clubs space: 3 chips",
        "Bonanza! Seat 2 takes the pot: 3 chips",
        "Seat 0 pays seat 2 1 chip",
    ] {
        assert!(texts.contains(&expected), "missing '{expected}' in {texts:?}");
    }
    // Hands sorted, 53 cards between the hands and the widow.
    let dealt: usize = state["hands"].as_array().unwrap().iter().map(|h| h.as_array().unwrap().len()).sum::<usize>()
        + state["widow"].as_array().unwrap().len();
    assert_eq!(dealt, 53);
    assert_same_as_the_library(state, "bonanza_race.json");
}

#[test]
fn bonanza_illegal_actions_give_their_index_and_why() {
    let out = replay_file("bonanza_illegal_lead.json");
    assert_refusal(&out, json!(3), &["play 3H", "lowest card", "must lead 2H"]);
    let out = replay_file("bonanza_illegal_show.json");
    assert_refusal(&out, json!(4), &["show JK QS", "not a legal show", "QS and JD"]);
    // Bids, bets and plays out of turn or out of phase, over stdin.
    for (actions, at, words) in [
        (json!([{ "seat": 0, "do": "sell widow" }, { "seat": 1, "do": "bid 91" }]), 1, ["bid 91", "only 90 chips"]),
        (json!([{ "seat": 0, "do": "sell widow" }, { "seat": 0, "do": "bid 3" }]), 1, ["bid 3", "seat 1's turn"]),
        (json!([{ "seat": 0, "do": "play 2H" }]), 0, ["play 2H", "take the widow or sell it"]),
        (json!([{ "seat": 0, "do": "take the widow" }]), 0, ["take the widow", "not a Bonanza action"]),
    ] {
        assert_refusal(&replay_with_actions("bonanza_race.json", actions), json!(at), &words);
    }
}

#[test]
fn bonanza_bad_setups_give_at_null() {
    assert_refusal(&replay_file("bonanza_bad_layout_duplicate.json"), Value::Null, &["9C", "twice"]);
    assert_refusal(&replay_file("bonanza_bad_layout_missing.json"), Value::Null, &["JK", "missing", "53"]);
    assert_refusal(&replay_file("bonanza_bad_option.json"), Value::Null, &["unused_joker", "keep"]);
    assert_refusal(&replay_stdin(r#"{"format": 1, "game": "bonanza", "players": 10, "seed": 1}"#), Value::Null, &["2 to 9"]);
}

#[test]
fn bonanza_play_prints_a_record_that_replays_to_the_end_for_2_to_9_players() {
    // docs/record.md §5.3: `referee play --game G ...` plays a whole game with computer players at
    // those levels and prints its record; replaying that output succeeds and ends with
    // `finished: true`.
    for players in 2..=9usize {
        let seats: Vec<&str> = (0..players).map(|i| if i % 2 == 0 { "easy" } else { "random" }).collect();
        let (record, state) = play_and_replay_game("bonanza", players, &seats.join(","), 2000 + players as u64, &[]);
        assert_eq!(total_chips(&state), 100 * players as i64, "{players} players: chips conserved");
        assert!(record.actions.iter().all(|a| a.seat < players));
    }
}

#[test]
fn bonanza_play_takes_options_and_every_level() {
    let options = ["widow_price_to=pot", "poker=false", "unused_joker=dead_card", "deals=2", "leftovers=chip_leader", "start_chips=60"];
    let (record, state) = play_and_replay_game("bonanza", 4, "medium,easy,random,hard", 31, &options);
    assert_eq!(record.options["widow_price_to"], "pot");
    assert_eq!(state["options"]["unused_joker"], "dead_card");
    assert!(state["deal_number"].as_u64().unwrap() <= 2);
    assert!(state["board"].get("poker").is_none());
}

// ---------------------------------------------------------------------------------------------
// Programmes (docs/rules/programmes.md; docs/record.md's Programmes layout, grammar and options)
// ---------------------------------------------------------------------------------------------

/// The keys docs/record.md §5.2 requires in `state`, for Programmes (no board spaces: `board` is
/// `{}`), and the game's own fields.
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
    // docs/record.md §2.3, §3: deals with `stock` top-first, `discard`, `programs`; actions
    // `draw stock`, `draw discard`, `reveal … | …`, `meld …`, `extend N CARD`, `discard CARD`.
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
    let texts = event_texts(state);
    assert!(texts.contains(&"Seat 1 reveals program P14 (Trio and run of four): 1 completed"), "{texts:?}");
    assert_same_as_the_library(state, "programmes_reveal.json");
}

#[test]
fn programmes_illegal_actions_give_their_index_and_why() {
    // docs/record.md §5.1: at the first illegal action, {"ok": false, "error": "…", "at": INDEX}.
    let out = replay_file("programmes_illegal_discard.json");
    assert_refusal(&out, json!(7), &["discard 7C", "taken from the discard pile"]);
    let refused =
        |actions: Value, at: u64, words: &[&str]| assert_refusal(&replay_with_actions("programmes_reveal.json", actions), json!(at), words);
    refused(
        json!([{ "seat": 1, "do": "draw stock" }, { "seat": 1, "do": "reveal 9S 9D 9C" }]),
        1,
        &["reveal 9S 9D 9C", "asks for 2 combinations"],
    );
    refused(json!([{ "seat": 1, "do": "draw stock" }, { "seat": 1, "do": "meld KS KH KC" }]), 1, &["meld KS KH KC", "must reveal"]);
    refused(json!([{ "seat": 1, "do": "play 7C" }]), 0, &["play 7C", "not a Programmes action"]);
    refused(json!([{ "seat": 2, "do": "draw stock" }]), 0, &["draw stock", "seat 1's turn"]);
}

#[test]
fn programmes_bad_layouts_give_at_null() {
    // docs/record.md §2.3: a layout that is not exactly the game's full deck is refused with a
    // message saying why.
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
    play_and_replay_game("programmes", players, seats, seed, options)
}

#[test]
fn programmes_play_round_trips_to_the_end() {
    // docs/record.md §5.3: `referee play` prints its record; replaying that output succeeds and
    // ends with `finished: true`.
    for players in 2..=7usize {
        let seats: Vec<&str> = (0..players).map(|i| if i % 3 == 2 { "random" } else { "easy" }).collect();
        let (record, state) = play_programmes(players, &seats.join(","), 300 + players as u64, &["target=2"]);
        let winner = state["winner"].as_u64().expect("a winner") as usize;
        assert!(state["programs_done"][winner].as_u64().unwrap() >= 2);
        // docs/rules/programmes.md §4.1: the first dealer is drawn by dealing face up until a
        // spade.
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
    let output = run(
        &[
            "arena",
            "--game",
            "programmes",
            "--players",
            "3",
            "--seats",
            "easy,random,random",
            "--matches",
            "3",
            "--seed",
            "2",
            "--option",
            "target=1",
        ],
        None,
    );
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    let report = json_out(&output);
    assert_eq!(report["matches"], 3);
    assert!(report["win_rate"].as_f64().is_some());
    assert!((report["expected"].as_f64().unwrap() - 1.0 / 3.0).abs() < 1e-9);
    // The AI issue's command says --deals for every game: for programmes it counts the matches.
    let by_deals = run(
        &[
            "arena",
            "--game",
            "programmes",
            "--players",
            "3",
            "--seats",
            "easy,random,random",
            "--deals",
            "3",
            "--seed",
            "2",
            "--option",
            "target=1",
        ],
        None,
    );
    assert_eq!(by_deals.status.code(), Some(0), "{}", String::from_utf8_lossy(&by_deals.stderr));
    assert_eq!(json_out(&by_deals), report, "--deals 3 plays the same three matches as --matches 3");
    let output = run(
        &[
            "arena",
            "--game",
            "programmes",
            "--players",
            "3",
            "--seats",
            "easy,random,random",
            "--deals",
            "3",
            "--matches",
            "3",
            "--seed",
            "2",
        ],
        None,
    );
    assert_ne!(output.status.code(), Some(0), "one count, not two");
    let output = run(&["programs", "--players", "4", "--rounds", "50", "--seed", "3"], None);
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    let report = json_out(&output);
    assert_eq!(report["programs"].as_array().unwrap().len(), 40);
    let held: u64 = report["programs"].as_array().unwrap().iter().map(|p| p["held"].as_u64().unwrap()).sum();
    assert_eq!(held, 200, "50 rounds of 4 seats");
}

#[test]
fn arena_iterations_set_the_tested_search_budget() {
    // --iterations: the tested level's searches run that many iterations per decision (the
    // browser's time budget buys more than the default), and the report says so.
    let arena = |iterations: &str, tested: &str| {
        let seats = format!("{tested},easy,easy");
        run(
            &[
                "arena",
                "--game",
                "nain-jaune",
                "--players",
                "3",
                "--seats",
                &seats,
                "--deals",
                "2",
                "--seed",
                "4",
                "--iterations",
                iterations,
            ],
            None,
        )
    };
    let output = arena("50", "hard");
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    let report = json_out(&output);
    assert_eq!(report["tested_iterations"], 50);
    assert_eq!(report["deals"], 2);
    let default =
        run(&["arena", "--game", "nain-jaune", "--players", "3", "--seats", "random,easy,easy", "--deals", "1", "--seed", "4"], None);
    assert!(json_out(&default).get("tested_iterations").is_none(), "no budget given, none reported");
    for (iterations, tested, why) in
        [("0", "hard", "from 1"), ("200001", "medium", "to 200000"), ("50", "easy", "does not search"), ("x", "hard", "a number")]
    {
        let output = arena(iterations, tested);
        assert_ne!(output.status.code(), Some(0), "--iterations {iterations} for {tested}");
        assert!(String::from_utf8_lossy(&output.stderr).contains(why), "{}", String::from_utf8_lossy(&output.stderr));
    }
}

#[test]
fn encode_and_decode_round_trip_a_record() {
    // `referee encode` prints the URL-safe text of `position=`; `referee decode` reads it back,
    // alone or inside a whole address.
    let (record, _) = play_and_replay(3, "easy,random,easy", 11, &[]);
    let json = record.to_json();
    let encoded = run(&["encode", "-"], Some(&json));
    assert_eq!(encoded.status.code(), Some(0), "{}", String::from_utf8_lossy(&encoded.stderr));
    let text = String::from_utf8(encoded.stdout).unwrap().trim().to_string();
    assert!(text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'), "{text}");
    assert!(text.len() < json.len() / 2, "compressed: {} chars for {} bytes of JSON", text.len(), json.len());
    for arg in [text.clone(), format!("https://example.org/cards/?embed=1&position={text}&position_mode=view")] {
        let decoded = run(&["decode", &arg], None);
        assert_eq!(decoded.status.code(), Some(0), "{}", String::from_utf8_lossy(&decoded.stderr));
        let back = Record::from_json(&String::from_utf8(decoded.stdout).unwrap()).unwrap();
        assert_eq!(back, record);
    }
    let from_stdin = run(&["decode", "-"], Some(&format!("{text}\n")));
    assert_eq!(Record::from_json(&String::from_utf8(from_stdin.stdout).unwrap()).unwrap(), record);
}

#[test]
fn encode_refuses_a_record_that_does_not_replay_and_decode_says_why() {
    let illegal =
        r#"{"format":1,"game":"nain-jaune","players":4,"seed":7,"actions":[{"seat":1,"do":"play 3S"},{"seat":1,"do":"play KC"}]}"#;
    let out = run(&["encode", "-"], Some(illegal));
    assert_ne!(out.status.code(), Some(0));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("does not replay"), "{}", String::from_utf8_lossy(&out.stderr));
    for (text, words) in [("abc%def", "not URL-safe base64"), ("q1ZKyy_KTSx", "damaged")] {
        let out = run(&["decode", text], None);
        assert_ne!(out.status.code(), Some(0));
        assert!(out.stdout.is_empty());
        assert!(String::from_utf8_lossy(&out.stderr).contains(words), "{text}: {}", String::from_utf8_lossy(&out.stderr));
    }
}

#[test]
fn review_gives_the_hard_levels_verdict_on_each_decision_of_the_reviewed_seats() {
    // Issue 32 (review a game): for each decision of the reviewed seats, the move played, the hard
    // level's own move and, when they differ, what its search expects from each.
    // One deal of each game (one round, one deal, one program to complete).
    for (game, seats, short) in [
        ("nain-jaune", "easy,hard,medium", "rounds=1"),
        ("bonanza", "easy,medium,hard", "deals=1"),
        ("programmes", "easy,medium,random", "target=1"),
    ] {
        let played = run(&["play", "--game", game, "--players", "3", "--seats", seats, "--seed", "6", "--option", short], None);
        assert_eq!(played.status.code(), Some(0), "{game}: {}", String::from_utf8_lossy(&played.stderr));
        let text = String::from_utf8_lossy(&played.stdout).to_string();
        let record: Value = serde_json::from_str(&text).unwrap();
        let output = run(&["review", "-", "--seats", "0", "--iterations", "60"], Some(&text));
        assert_eq!(output.status.code(), Some(0), "{game}: {}", String::from_utf8_lossy(&output.stderr));
        let report = json_out(&output);
        assert_eq!(report["game"], game);
        let mine: Vec<(usize, &Value)> = record["actions"].as_array().unwrap().iter().enumerate().filter(|(_, a)| a["seat"] == 0).collect();
        let verdicts = report["verdicts"].as_array().unwrap();
        assert_eq!(verdicts.len(), mine.len(), "{game}: one verdict per decision of seat 0");
        let mut differ = 0;
        for (v, (at, action)) in verdicts.iter().zip(&mine) {
            assert_eq!((v["at"].as_u64(), v["seat"].as_u64()), (Some(*at as u64), Some(0)));
            let verdict = &v["verdict"];
            assert_eq!(verdict["played"], action["do"], "{game}: the move played");
            assert!(verdict["best"].is_string());
            if verdict["best"] != verdict["played"] {
                differ += 1;
            } else {
                assert!(verdict.get("values").is_none(), "{game}: no comparison when the hard level agrees");
            }
        }
        assert!(differ > 0, "{game}: the easy level never disagreed with the hard one in a whole deal");
    }
    // A seat that is not a number, and a record that does not replay, are refused with a reason.
    let output = run(&["review", "tests/scenarios/nain_jaune_illegal_follow.json"], None);
    assert_ne!(output.status.code(), Some(0));
    let output = run(&["review", "-", "--seats", "x"], Some("{}"));
    assert_ne!(output.status.code(), Some(0));
}
