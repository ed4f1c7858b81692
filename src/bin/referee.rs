//! `referee`: the native command-line contract of docs/record.md §5.
//!
//! - `referee replay FILE|-` applies a record's actions and prints `{"ok": true, "state": …}`, or
//!   `{"ok": false, "error": …, "at": INDEX|null}` with exit code 1.
//! - `referee play --game G --players N --seats L,L,… --seed S [--option k=v …]` plays a whole
//!   game with computer players and prints its record.
//! - `referee bench --game G --players N [--seconds S] [--seed S]` measures full-deal playouts
//!   (the game's playout policy) and search iterations per second on one core.
//! - `referee arena …` measures a level against a baseline: chips per deal over duplicate deals
//!   (Nain Jaune), or the share of whole matches won (Programmes).
//! - `referee programs --players N --rounds R --seed S [--markdown]` measures each Programmes
//!   program card's completion rate within a round (rule bots at every seat).
//! - `referee review FILE|- [--seats S,S,…] [--iterations I] [--seed S]` prints the hard level's
//!   verdict on each decision of the given seats (by default the record's human seats, or every
//!   seat of a record that does not say): its own move and, when it differs, what it expects from
//!   each (`tapis::ai::review`).
//! - `referee encode FILE|-` prints a record as the URL-safe text of `position=` (deflate +
//!   base64url, `tapis::record::codec`), after checking that it replays; `referee decode TEXT|-`
//!   prints the record such a text holds (a whole address with `position=` is read too).

use std::io::Read;
use std::process::ExitCode;

use serde_json::json;
use tapis::ai::arena::Side;
use tapis::ai::{self, Level};
use tapis::engine::bonanza::Bonanza;
use tapis::engine::game::GameId;
use tapis::engine::nain_jaune::NainJaune;
use tapis::engine::programmes::{draw_first_dealer, Programmes};
use tapis::engine::rng::seeded;
use tapis::record::{codec, Record, RecordedAction, Table};

/// `println!` for stdout, except that a reader who stops early (`referee replay F | head -c 100`)
/// ends the program quietly, with the status of a process stopped by SIGPIPE, instead of a panic.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout().lock(), $($arg)*).is_err() {
            std::process::exit(141);
        }
    }};
}

const USAGE: &str = "usage:
  referee replay FILE|-
  referee play --game G --players N --seats LEVEL,LEVEL,... --seed S [--option key=value ...]
  referee bench --game G --players N [--seconds S] [--seed S]
  referee arena --game G --players N --seats TESTED,BASELINE,... [--deals D | --matches M] [--iterations I] --seed S [--option key=value ...]
  referee programs --players N --rounds R --seed S [--markdown true]
  referee review FILE|- [--seats SEAT,SEAT,...] [--iterations I] [--seed S]
  referee encode FILE|-       (a record -> the URL-safe text of position=)
  referee decode TEXT|-       (that text, or an address holding position=, -> the record)
games: bonanza, nain-jaune, programmes; levels: random, easy, medium, hard
arena: bonanza and nain-jaune compare chips per deal over D duplicate deals; programmes plays M whole matches
(--deals D counts them too) and reports the share the tested level wins; --iterations sets the tested level's
search iterations per decision (default: the level's own budget)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("replay") => return replay(&args[1..]),
        Some("play") => play(&args[1..]),
        Some("bench") => bench(&args[1..]),
        Some("arena") => arena(&args[1..]),
        Some("programs") => programs(&args[1..]),
        Some("review") => review(&args[1..]),
        Some("encode") => encode(&args[1..]),
        Some("decode") => decode(&args[1..]),
        Some("-h" | "--help") => {
            out!("{USAGE}");
            Ok(())
        }
        Some(other) => Err(format!("unknown command '{other}'\n{USAGE}")),
        None => Err(USAGE.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("referee: {message}");
            ExitCode::from(2)
        }
    }
}

fn replay(args: &[String]) -> ExitCode {
    // A struct rather than `json!`, whose map sorts its keys: the order of docs/record.md §5.1,
    // `ok`, `error`, `at`.
    #[derive(serde::Serialize)]
    struct Failure {
        ok: bool,
        error: String,
        at: Option<usize>,
    }
    let fail = |error: String, at: Option<usize>| {
        out!("{}", serde_json::to_string(&Failure { ok: false, error, at }).expect("plain fields serialise"));
        ExitCode::from(1)
    };
    let [path] = args else {
        return fail("usage: referee replay FILE (or - for standard input)".into(), None);
    };
    let text = if path == "-" {
        let mut s = String::new();
        if let Err(e) = std::io::stdin().read_to_string(&mut s) {
            return fail(format!("cannot read standard input: {e}"), None);
        }
        s
    } else {
        match std::fs::read_to_string(path) {
            Ok(s) => s,
            Err(e) => return fail(format!("cannot read {path}: {e}"), None),
        }
    };
    let record = match Record::from_json(&text) {
        Ok(r) => r,
        Err(e) => return fail(e.0, None),
    };
    match Table::replay(&record) {
        Ok(table) => {
            out!("{}", json!({ "ok": true, "state": table.referee_state() }));
            ExitCode::SUCCESS
        }
        Err(e) => fail(e.message(), e.at()),
    }
}

/// The text of FILE, or of standard input for `-`.
fn read_input(path: &str) -> Result<String, String> {
    if path == "-" {
        let mut s = String::new();
        std::io::stdin().read_to_string(&mut s).map_err(|e| format!("cannot read standard input: {e}"))?;
        Ok(s)
    } else {
        std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))
    }
}

/// A record (which must replay) as the URL-safe text of `position=`.
fn encode(args: &[String]) -> Result<(), String> {
    let [path] = args else { return Err("usage: referee encode FILE (or - for standard input)".into()) };
    let record = Record::from_json(&read_input(path)?).map_err(|e| e.to_string())?;
    Table::replay(&record).map_err(|e| format!("this record does not replay: {e}"))?;
    out!("{}", codec::encode(&record));
    Ok(())
}

/// The record a `position=` text holds, as JSON (the text alone, or a whole address).
fn decode(args: &[String]) -> Result<(), String> {
    let [arg] = args else { return Err("usage: referee decode TEXT (or - for standard input)".into()) };
    let input = if arg == "-" { read_input(arg)? } else { arg.clone() };
    let text = match input.split_once("position=") {
        Some((_, rest)) => rest.split(['&', '#']).next().unwrap_or_default(),
        None => input.trim(),
    };
    let record = codec::decode(text).map_err(|e| e.to_string())?;
    out!("{}", record.to_json());
    Ok(())
}

/// The hard level's verdict on each decision of the reviewed seats, as one JSON object.
fn review(args: &[String]) -> Result<(), String> {
    let (path, flags) = args.split_first().ok_or_else(|| format!("referee review needs a record\n{USAGE}"))?;
    let flags = Flags::parse(flags)?;
    flags.check_known(&["seats", "iterations", "seed"])?;
    let record = Record::from_json(&read_input(path)?).map_err(|e| e.to_string())?;
    let seats: Vec<usize> = match flags.get("seats") {
        Some(list) => list
            .split(',')
            .map(|s| s.trim().parse().map_err(|_| format!("--seats: '{s}' is not a seat number")))
            .collect::<Result<_, _>>()?,
        None => match &record.seats {
            Some(keys) => (0..record.players).filter(|&s| keys[s] == "human").collect(),
            None => (0..record.players).collect(),
        },
    };
    let game = record.game_id().map_err(|e| e.0)?;
    let budget = match flags.get("iterations") {
        Some(_) => ai::search::Budget::iterations(flags.number("iterations", None)?),
        None => ai::default_budget_for(game, Level::Hard),
    };
    let seed: u64 = flags.number("seed", Some(1))?;
    let decisions = tapis::with_game_type!(game, G => tapis::record::decisions::<G>(&record, &seats)).map_err(|e| e.to_string())?;
    let mut verdicts = Vec::with_capacity(decisions.len());
    for d in decisions {
        let v = tapis::with_game_type!(game, G => ai::review::verdict_json::<G>(&d.observation, &d.action, budget, &ai::search::NoClock, seed ^ d.at as u64))
            .map_err(|e| format!("actions[{}]: {e}", d.at))?;
        verdicts.push(json!({ "at": d.at, "seat": d.seat, "deal": d.deal, "verdict": v }));
    }
    out!("{}", serde_json::to_string_pretty(&json!({ "game": game.key(), "verdicts": verdicts })).expect("JSON values serialise"));
    Ok(())
}

/// Reads `--name value` pairs; `--option` may repeat.
struct Flags {
    pairs: Vec<(String, String)>,
}

impl Flags {
    fn parse(args: &[String]) -> Result<Flags, String> {
        let mut pairs = Vec::new();
        let mut it = args.iter();
        while let Some(flag) = it.next() {
            let name = flag.strip_prefix("--").ok_or_else(|| format!("expected a --flag, found '{flag}'"))?;
            let value = it.next().ok_or_else(|| format!("--{name} needs a value"))?;
            pairs.push((name.to_string(), value.clone()));
        }
        Ok(Flags { pairs })
    }

    fn get(&self, name: &str) -> Option<&str> {
        self.pairs.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    fn require(&self, name: &str) -> Result<&str, String> {
        self.get(name).ok_or_else(|| format!("--{name} is required\n{USAGE}"))
    }

    fn number<T: std::str::FromStr>(&self, name: &str, default: Option<T>) -> Result<T, String> {
        match self.get(name) {
            Some(v) => v.parse().map_err(|_| format!("--{name} must be a number, not '{v}'")),
            None => default.ok_or_else(|| format!("--{name} is required\n{USAGE}")),
        }
    }

    fn check_known(&self, known: &[&str]) -> Result<(), String> {
        match self.pairs.iter().find(|(n, _)| !known.contains(&n.as_str())) {
            Some((n, _)) => Err(format!("unknown flag --{n}\n{USAGE}")),
            None => Ok(()),
        }
    }

    fn game(&self) -> Result<GameId, String> {
        let key = self.require("game")?;
        GameId::from_key(key).ok_or_else(|| format!("unknown game '{key}' (bonanza, nain-jaune, programmes)"))
    }
}

/// `--option key=value`: the value is read as JSON when it can be (numbers, booleans), else as a string.
fn options(flags: &Flags) -> Result<serde_json::Map<String, serde_json::Value>, String> {
    let mut map = serde_json::Map::new();
    for (name, value) in &flags.pairs {
        if name != "option" {
            continue;
        }
        let (k, v) = value.split_once('=').ok_or_else(|| format!("--option takes key=value, not '{value}'"))?;
        let v = serde_json::from_str(v).unwrap_or_else(|_| serde_json::Value::String(v.to_string()));
        map.insert(k.to_string(), v);
    }
    Ok(map)
}

fn play(args: &[String]) -> Result<(), String> {
    let flags = Flags::parse(args)?;
    flags.check_known(&["game", "players", "seats", "seed", "option"])?;
    let game = flags.game()?;
    let players: usize = flags.number("players", None)?;
    let seed: u64 = flags.number("seed", None)?;
    let levels: Vec<Level> = flags.require("seats")?.split(',').map(str::parse).collect::<Result<_, _>>()?;
    if levels.len() != players {
        return Err(format!("--seats lists {} levels for {players} players", levels.len()));
    }
    let mut record = Record::new(game, players, seed);
    record.options = options(&flags)?;
    record.seats = Some(levels.iter().map(|l| l.key().to_string()).collect());
    if game == GameId::Programmes {
        // docs/rules/programmes.md §4.1: the first player dealt a spade, face up, deals first.
        record.first_dealer = Some(draw_first_dealer(seed, players).0);
    }
    let mut table = Table::start(&record).map_err(|e| e.message())?;
    // The computer players' own randomness comes from a stream apart from the deals.
    let mut rng = seeded(seed ^ 0x9E37_79B9_7F4A_7C15);
    while let Some(seat) = table.to_move() {
        let observation = table.observation_json(seat);
        let level = levels[seat];
        let seed = rand::Rng::random(&mut rng);
        let thinking = ai::Searching { budget: ai::default_budget_for(game, level), clock: &ai::search::NoClock };
        let decision = tapis::with_game_type!(game, G => ai::choose_json::<G>(&observation, level, seed, &thinking, false))?;
        table.play_str(seat, &decision.action).map_err(|e| format!("the computer chose an illegal move: {e}"))?;
        record.actions.push(RecordedAction { seat, action: decision.action });
    }
    out!("{}", record.to_json());
    Ok(())
}

/// A duplicate-deal arena (chips per deal), for the games scored in chips.
fn deal_arena<G: ai::GameBots>(
    flags: &Flags,
    players: usize,
    tested: Side,
    levels: &[Level],
    seed: u64,
    options: &serde_json::Map<String, serde_json::Value>,
) -> Result<serde_json::Result<serde_json::Value>, String> {
    if flags.get("matches").is_some() {
        return Err(format!("--matches is for programmes; {}'s arena counts --deals", G::ID.key()));
    }
    let deals: u32 = flags.number("deals", Some(200))?;
    let report = ai::arena::run::<G>(players, tested, levels[1], deals, seed, options).map_err(|e| e.to_string())?;
    Ok(serde_json::to_value(&report))
}

/// The first level of --seats is tested against the second (the baseline): duplicate deals for
/// Bonanza and Nain Jaune, whole matches for Programmes.
fn arena(args: &[String]) -> Result<(), String> {
    let flags = Flags::parse(args)?;
    flags.check_known(&["game", "players", "seats", "deals", "matches", "iterations", "seed", "option"])?;
    let game = flags.game()?;
    let players: usize = flags.number("players", None)?;
    let seed: u64 = flags.number("seed", Some(1))?;
    let levels: Vec<Level> = flags.require("seats")?.split(',').map(str::parse).collect::<Result<_, _>>()?;
    if levels.len() != players {
        return Err(format!("--seats lists {} levels for {players} players", levels.len()));
    }
    if levels[1..].iter().any(|l| *l != levels[1]) {
        return Err("--seats: every seat after the first must have the same (baseline) level".into());
    }
    let iterations = match flags.get("iterations") {
        Some(_) if matches!(levels[0], Level::Random | Level::Easy) => {
            return Err(format!("--iterations is for a search level (medium, hard); '{}' does not search", levels[0]))
        }
        Some(_) => match flags.number::<u32>("iterations", None)? {
            n @ 1..=ai::MAX_ITERATIONS => Some(n),
            n => return Err(format!("--iterations must be from 1 to {}, not {n}", ai::MAX_ITERATIONS)),
        },
        None => None,
    };
    let tested = Side { level: levels[0], iterations };
    let options = options(&flags)?;
    let report = match game {
        GameId::Bonanza => deal_arena::<Bonanza>(&flags, players, tested, &levels, seed, &options)?,
        GameId::NainJaune => deal_arena::<NainJaune>(&flags, players, tested, &levels, seed, &options)?,
        GameId::Programmes => {
            // A Programmes "deal" of the arena is a whole match (the AI issue's command gives
            // --deals for every game): either flag counts them, not both.
            let matches: u32 = match (flags.get("matches"), flags.get("deals")) {
                (Some(_), Some(_)) => return Err("give --matches or --deals (the same count for programmes), not both".into()),
                (None, Some(_)) => flags.number("deals", None)?,
                _ => flags.number("matches", Some(100))?,
            };
            let r = ai::arena::run_matches::<Programmes>(players, tested, levels[1], matches, seed, &options, |m, winner, seat| {
                eprintln!("match {}: tested seat {seat}, winner {}", m + 1, winner.map_or("none".to_string(), |w| w.to_string()));
            })
            .map_err(|e| e.to_string())?;
            serde_json::to_value(&r)
        }
    }
    .expect("reports serialize");
    out!("{}", serde_json::to_string_pretty(&report).expect("reports serialize"));
    Ok(())
}

/// Programmes' program cards, each with its completion rate within a round.
fn programs(args: &[String]) -> Result<(), String> {
    let flags = Flags::parse(args)?;
    flags.check_known(&["players", "rounds", "seed", "markdown"])?;
    let players: usize = flags.number("players", Some(4))?;
    let rounds: u32 = flags.number("rounds", Some(4000))?;
    let seed: u64 = flags.number("seed", Some(1))?;
    let markdown = flags.get("markdown").is_some_and(|v| v == "true");
    let report = ai::program_difficulty::measure(players, rounds, seed, |r| {
        if (r + 1) % 500 == 0 {
            eprintln!("{} rounds", r + 1);
        }
    })?;
    if markdown {
        out!("{}", report.to_markdown());
        out!("Mean turns per round (all seats): {:.1}", report.mean_round_turns);
    } else {
        out!("{}", serde_json::to_string_pretty(&report).expect("reports serialize"));
    }
    Ok(())
}

fn bench(args: &[String]) -> Result<(), String> {
    let flags = Flags::parse(args)?;
    flags.check_known(&["game", "players", "seconds", "seed"])?;
    let game = flags.game()?;
    let players: usize = flags.number("players", None)?;
    let seconds: f64 = flags.number("seconds", Some(3.0))?;
    let seed: u64 = flags.number("seed", Some(1))?;
    let report = match game {
        GameId::Bonanza => ai::bench::run::<Bonanza>(players, seed, seconds, &StdClock::new()),
        GameId::NainJaune => ai::bench::run::<NainJaune>(players, seed, seconds, &StdClock::new()),
        GameId::Programmes => ai::bench::run::<Programmes>(players, seed, seconds, &StdClock::new()),
    }
    .map_err(|e| e.to_string())?;
    let mut json = serde_json::to_value(&report).expect("reports serialize");
    json["game"] = game.key().into();
    json["target"] = "native".into();
    out!("{json}");
    Ok(())
}

/// The native clock for time budgets and benches.
struct StdClock(std::time::Instant);

impl StdClock {
    fn new() -> StdClock {
        StdClock(std::time::Instant::now())
    }
}

impl ai::Clock for StdClock {
    fn now_ms(&self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1000.0
    }
}
