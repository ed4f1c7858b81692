//! Parameters in the page's address, read once at start (docs/embedding.md lists them all):
//!
//! - `lang=fr|en`, `speed=slow|normal|fast|instant`;
//! - the game: `game=` (a game's record key), `players=2..9`, `seats=human,easy,hard,…` (who plays
//!   each seat), `seed=<u64>`, house rules as `opt.<record key>=<value>` (`opt.direction=anticlockwise`,
//!   `opt.start_chips=50`);
//! - `embed=1` (compact page for an iframe), `autostart=1` (start the game at once; implied by
//!   `embed=1` with `game=`), `daily=1` (today's deal of `game=`, see `app::daily`);
//! - `position=<record, deflate + base64url>` with `position_mode=view|play` and `caption=<text>`.
//!
//! A value that makes no sense is reported (and replaced by a sensible default); the rest still
//! applies. Host pages send the same parameters in `new_game` messages (`app::embed`).
//!
//! Also what the new-game form and the embedding share about addresses: which parameters a
//! started game spends, a parameter's value as text, a fresh seed.

use crate::engine::game::GameId;
use crate::record::{codec, Record};

use crate::app::services::i18n::Lang;
use crate::app::services::settings::Speed;
use crate::app::AppState;
use crate::model::session::SeatKind;

/// Players when the address asks for an impossible number.
pub const DEFAULT_PLAYERS: usize = 4;
/// The smallest and largest tables of all the games (each game's form then keeps to its own).
const MIN_PLAYERS: usize = 2;
const MAX_PLAYERS: usize = 9;
/// The longest caption kept (characters).
const CAPTION_MAX: usize = 300;
/// The prefix of house-rule parameters: `opt.direction=anticlockwise`.
pub const OPTION_PREFIX: &str = "opt.";
/// The option every game has besides its form's house rules.
pub use crate::model::new_game::START_CHIPS;

/// "nain-jaune, bonanza": the `game=` values this version accepts.
fn games_list() -> String {
    crate::app::games::GAMES.iter().map(|g| g.id.key()).collect::<Vec<_>>().join(", ")
}

/// How a `position=` is shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PositionMode {
    /// Read-only: nobody moves.
    #[default]
    View,
    /// Play goes on from there.
    Play,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct UrlParams {
    pub lang: Option<Lang>,
    pub game: Option<GameId>,
    pub players: Option<usize>,
    pub seed: Option<u64>,
    pub speed: Option<Speed>,
    /// Who plays each seat (as many as the players).
    pub seats: Option<Vec<SeatKind>>,
    /// House rules, checked against the game's options (record keys and values).
    pub options: serde_json::Map<String, serde_json::Value>,
    pub embed: bool,
    pub autostart: bool,
    /// `daily=1`: today's deal of `game` (src/app/features/daily.rs), on the site's own page.
    pub daily: bool,
    pub position: Option<Record>,
    pub position_mode: PositionMode,
    /// `review=`: a game to review (the text of `position=`), at step `at=` (its end by default).
    pub review: Option<Record>,
    pub review_at: Option<usize>,
    /// `tutorial=`: a guided first game.
    pub tutorial: Option<GameId>,
    pub caption: Option<String>,
    pub problems: Vec<UrlProblem>,
}

/// A parameter whose value was refused, with the value as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UrlProblem {
    Lang(String),
    Game(String),
    /// The value, and the table sizes the chosen game (or any game) allows.
    Players(String, usize, usize),
    Seed(String),
    Speed(String),
    /// One entry of `seats=` that is no seat kind.
    Seat(String),
    /// `seats=` lists this many seats for that many players.
    SeatCount(usize, usize),
    /// `opt.<key>=<value>`: a value the house rule does not take (and the rule's own advice).
    OptionValue {
        key: String,
        value: String,
        advice: (String, String),
    },
    /// `opt.<key>`: not a house rule of the game (the game's key).
    UnknownOption {
        key: String,
        game: &'static str,
    },
    /// A yes/no parameter (`embed`, `autostart`) with another value.
    Flag(&'static str, String),
    /// The position cannot be shown: why (the engine's words), and the refused action's index.
    Position {
        reason: String,
        at: Option<usize>,
    },
    PositionMode(String),
    /// `review=`: the game to review cannot be read or replayed (why).
    Review(String),
    /// `at=`: the review's step is not a number.
    ReviewAt(String),
    /// `tutorial=`: no guided game of that name.
    Tutorial(String),
}

impl UrlProblem {
    pub fn message(&self, lang: Lang) -> String {
        match (self, lang) {
            (UrlProblem::Lang(v), Lang::En) => {
                format!("The address asks for the language “{v}”, which this site does not have (fr or en).")
            }
            (UrlProblem::Lang(v), Lang::Fr) => {
                format!("L'adresse demande la langue « {v} », que ce site ne propose pas (fr ou en).")
            }
            (UrlProblem::Game(v), Lang::En) => {
                format!("“{v}” is not a game you can play here ({}).", games_list())
            }
            (UrlProblem::Game(v), Lang::Fr) => {
                format!("« {v} » n'est pas un jeu disponible ici ({}).", games_list())
            }
            (UrlProblem::Players(v, min, max), _) => players_message(lang, v, *min, *max),
            (UrlProblem::Seed(v), Lang::En) => format!(
                "“{v}” is not a seed (a whole number from 0 to {}); a random seed will be drawn.",
                u64::MAX
            ),
            (UrlProblem::Seed(v), Lang::Fr) => format!(
                "« {v} » n'est pas une graine (un entier de 0 à {}) ; une graine sera tirée au hasard.",
                u64::MAX
            ),
            (UrlProblem::Speed(v), Lang::En) => {
                format!("Unknown speed “{v}” (slow, normal, fast or instant); your usual speed is kept.")
            }
            (UrlProblem::Speed(v), Lang::Fr) => {
                format!("Vitesse « {v} » inconnue (slow, normal, fast ou instant) ; votre vitesse habituelle est gardée.")
            }
            (UrlProblem::Seat(v), Lang::En) => format!(
                "“{v}” is not a seat (human, random, easy, medium or hard): a computer (easy) takes it."
            ),
            (UrlProblem::Seat(v), Lang::Fr) => format!(
                "« {v} » n'est pas une place (human, random, easy, medium ou hard) : un ordinateur (facile) la prend."
            ),
            (UrlProblem::SeatCount(seats, players), Lang::En) => format!(
                "The address lists {seats} seats for {players} players: missing seats go to the computer (easy), extra ones are left out."
            ),
            (UrlProblem::SeatCount(seats, players), Lang::Fr) => format!(
                "L'adresse donne {seats} places pour {players} joueurs : l'ordinateur (facile) prend celles qui manquent, les autres sont ignorées."
            ),
            (UrlProblem::OptionValue { key, value, advice }, Lang::En) => {
                format!("House rule “{key}” cannot be “{value}”: {} The usual rule applies.", advice.0)
            }
            (UrlProblem::OptionValue { key, value, advice }, Lang::Fr) => {
                format!("La règle « {key} » ne peut pas valoir « {value} » : {} La règle habituelle s'applique.", advice.1)
            }
            (UrlProblem::UnknownOption { key, game }, Lang::En) => {
                format!("“{key}” is not a house rule of {game} ({}); it is ignored.", option_list(game))
            }
            (UrlProblem::UnknownOption { key, game }, Lang::Fr) => {
                format!("« {key} » n'est pas une règle de {game} ({}) ; elle est ignorée.", option_list(game))
            }
            (UrlProblem::Flag(name, v), Lang::En) => format!("“{name}={v}” is not understood: write {name}=1 or {name}=0."),
            (UrlProblem::Flag(name, v), Lang::Fr) => format!("« {name}={v} » n'est pas compris : écrivez {name}=1 ou {name}=0."),
            (UrlProblem::Position { reason, at }, _) => position_message(lang, reason, *at),
            (UrlProblem::Review(reason), Lang::En) => format!("The game to review cannot be read: {reason}."),
            (UrlProblem::Review(reason), Lang::Fr) => format!("La partie à revoir ne peut pas être lue\u{a0}: {reason}."),
            (UrlProblem::ReviewAt(v), Lang::En) => format!("The review's step “{v}” is not a number: the review opens at the end."),
            (UrlProblem::ReviewAt(v), Lang::Fr) => {
                format!("L'étape de revue «\u{a0}{v}\u{a0}» n'est pas un nombre\u{a0}: la revue s'ouvre à la fin.")
            }
            (UrlProblem::Tutorial(v), Lang::En) => format!("There is no guided game “{v}”: the guided games are {}.", guided_keys()),
            (UrlProblem::Tutorial(v), Lang::Fr) => {
                format!("Il n'y a pas de partie guidée «\u{a0}{v}\u{a0}»\u{a0}: les parties guidées sont {}.", guided_keys())
            }
            (UrlProblem::PositionMode(v), Lang::En) => {
                format!("Unknown position_mode “{v}” (view or play): the position is shown read-only.")
            }
            (UrlProblem::PositionMode(v), Lang::Fr) => {
                format!("position_mode « {v} » inconnu (view ou play) : la position est montrée sans qu'on y joue.")
            }
        }
    }
}

/// `players=` refused: a number the game is not played at, or no number.
fn players_message(lang: Lang, v: &str, min: usize, max: usize) -> String {
    match (lang, v.parse::<i64>()) {
        (Lang::En, Ok(n)) => format!("{n} players is not possible ({min} to {max}); using {DEFAULT_PLAYERS}."),
        (Lang::En, Err(_)) => format!("“{v}” is not a number of players ({min} to {max}); using {DEFAULT_PLAYERS}."),
        (Lang::Fr, Ok(n)) => format!("On ne joue pas à {n} (de {min} à {max} joueurs) ; partie à {DEFAULT_PLAYERS}."),
        (Lang::Fr, Err(_)) => {
            format!("« {v} » n'est pas un nombre de joueurs (de {min} à {max}) ; partie à {DEFAULT_PLAYERS}.")
        }
    }
}

/// `position=` refused: why (the engine's words), and the refused action's index.
fn position_message(lang: Lang, reason: &str, at: Option<usize>) -> String {
    match (lang, at) {
        (Lang::En, Some(i)) => {
            format!("The position cannot be shown: move {} (actions[{i}]) is refused — {reason}.", i + 1)
        }
        (Lang::Fr, Some(i)) => {
            format!("La position ne peut pas être montrée : le coup {} (actions[{i}]) est refusé — {reason}.", i + 1)
        }
        (Lang::En, None) => format!("The position cannot be shown: {reason}."),
        (Lang::Fr, None) => format!("La position ne peut pas être montrée : {reason}."),
    }
}

/// "direction, stake_multiplier, …, start_chips": the `opt.` keys a game takes.
fn option_list(game_key: &str) -> String {
    let specs = GameId::from_key(game_key).map_or(&[][..], |g| crate::app::games::info(g).options);
    specs.iter().map(|s| s.key()).chain([START_CHIPS]).collect::<Vec<_>>().join(", ")
}

/// `1`, `true`, `yes` or nothing at all (`?embed`) say yes; `0`, `false`, `no` say no.
fn flag(value: &str) -> Option<bool> {
    match value.trim().to_ascii_lowercase().as_str() {
        "" | "1" | "true" | "yes" => Some(true),
        "0" | "false" | "no" => Some(false),
        _ => None,
    }
}

impl UrlParams {
    /// Reads the parameters from `(name, value)` pairs (the page's `URLSearchParams` in order, a
    /// host's message, a test's list). When a name repeats, the first one counts.
    pub fn parse(pairs: &[(String, String)]) -> UrlParams {
        let get = |name: &str| pairs.iter().find(|(n, _)| n == name).map(|(_, v)| v.clone());
        let mut params = UrlParams::default();
        params.read_table(&get);
        params.read_options(pairs);
        for (name, slot) in [("embed", &mut params.embed), ("autostart", &mut params.autostart), ("daily", &mut params.daily)] {
            if let Some(v) = get(name) {
                match flag(&v) {
                    Some(on) => *slot = on,
                    None => params.problems.push(UrlProblem::Flag(name, v)),
                }
            }
        }
        params.read_records(&get);
        if let Some(v) = get("caption") {
            let text: String = v.trim().chars().take(CAPTION_MAX).collect();
            params.caption = (!text.is_empty()).then_some(text);
        }
        params
    }

    /// The language, the game, its table (players, seats), the seed and the pace.
    fn read_table(&mut self, get: &impl Fn(&str) -> Option<String>) {
        if let Some(v) = get("lang") {
            match Lang::from_code(&v) {
                Some(l) => self.lang = Some(l),
                None => self.problems.push(UrlProblem::Lang(v)),
            }
        }
        if let Some(v) = get("game") {
            // Only games this version can play are accepted.
            match GameId::from_key(v.trim()).filter(|&g| crate::app::games::offers(g)) {
                Some(game) => self.game = Some(game),
                None => self.problems.push(UrlProblem::Game(v)),
            }
        }
        let (min, max) = self.game.map_or((MIN_PLAYERS, MAX_PLAYERS), GameId::player_range);
        if let Some(v) = get("players") {
            match v.trim().parse::<usize>() {
                Ok(n) if (min..=max).contains(&n) => self.players = Some(n),
                _ => {
                    self.players = Some(DEFAULT_PLAYERS);
                    self.problems.push(UrlProblem::Players(v, min, max));
                }
            }
        }
        if let Some(v) = get("seats") {
            self.read_seats(&v, min, max);
        }
        if let Some(v) = get("seed") {
            match v.trim().parse::<u64>() {
                Ok(s) => self.seed = Some(s),
                Err(_) => self.problems.push(UrlProblem::Seed(v)),
            }
        }
        if let Some(v) = get("speed") {
            match Speed::from_key(&v) {
                Some(s) => self.speed = Some(s),
                None => self.problems.push(UrlProblem::Speed(v)),
            }
        }
    }

    /// `seats=`, for a game of `min` to `max` players: a seat that is no seat kind goes to the
    /// computer (easy), and the seats are as many as the players.
    fn read_seats(&mut self, v: &str, min: usize, max: usize) {
        let mut seats: Vec<SeatKind> = v
            .split(',')
            .map(|key| {
                SeatKind::from_key(key.trim().to_ascii_lowercase().as_str()).unwrap_or_else(|_| {
                    self.problems.push(UrlProblem::Seat(key.trim().to_string()));
                    SeatKind::Computer(crate::ai::Level::Easy)
                })
            })
            .collect();
        // Without `players=`, the seats say how many play (when the game allows it).
        let players = match self.players {
            Some(n) => n,
            None if (min..=max).contains(&seats.len()) => seats.len(),
            None => {
                self.problems.push(UrlProblem::Players(seats.len().to_string(), min, max));
                DEFAULT_PLAYERS
            }
        };
        self.players = Some(players);
        if seats.len() != players {
            self.problems.push(UrlProblem::SeatCount(seats.len(), players));
            seats.resize(players, SeatKind::Computer(crate::ai::Level::Easy));
        }
        self.seats = Some(seats);
    }

    /// The house rules (`opt.<key>=<value>`), checked against the game a direct start plays.
    fn read_options(&mut self, pairs: &[(String, String)]) {
        let game = self.start_game();
        for (name, value) in pairs {
            let Some(key) = name.strip_prefix(OPTION_PREFIX) else { continue };
            if self.options.contains_key(key) {
                continue;
            }
            let parsed = if key == START_CHIPS {
                Some(value.trim().parse::<i64>().ok().filter(|n| *n >= 1).map(Into::into).ok_or_else(|| {
                    (
                        "Enter a whole number of chips, at least 1.".to_string(),
                        "Indiquez un nombre entier de jetons, au moins 1.".to_string(),
                    )
                }))
            } else {
                crate::app::games::info(game)
                    .options
                    .iter()
                    .find(|s| s.key() == key)
                    .map(|spec| spec.value(value).ok_or_else(|| (spec.error(Lang::En), spec.error(Lang::Fr))))
            };
            match parsed {
                Some(Ok(v)) => {
                    self.options.insert(key.to_string(), v);
                }
                Some(Err(advice)) => self.problems.push(UrlProblem::OptionValue { key: key.to_string(), value: value.clone(), advice }),
                None => self.problems.push(UrlProblem::UnknownOption { key: key.to_string(), game: game.key() }),
            }
        }
    }

    /// The records the page shows instead of a new game: a position, a guided game, a review.
    fn read_records(&mut self, get: &impl Fn(&str) -> Option<String>) {
        if let Some(v) = get("position") {
            match codec::decode(&v) {
                Ok(record) => self.position = Some(record),
                Err(e) => self.problems.push(UrlProblem::Position { reason: e.0, at: None }),
            }
        }
        if let Some(v) = get("tutorial") {
            match GameId::from_key(v.trim()) {
                Some(game) => self.tutorial = Some(game),
                None => self.problems.push(UrlProblem::Tutorial(v)),
            }
        }
        if let Some(v) = get("review") {
            match codec::decode(&v) {
                Ok(record) => self.review = Some(record),
                Err(e) => self.problems.push(UrlProblem::Review(e.0)),
            }
        }
        if let Some(v) = get("at") {
            match v.trim().parse::<usize>() {
                Ok(n) => self.review_at = Some(n),
                Err(_) => self.problems.push(UrlProblem::ReviewAt(v)),
            }
        }
        if let Some(v) = get("position_mode") {
            match v.trim().to_ascii_lowercase().as_str() {
                "view" => self.position_mode = PositionMode::View,
                "play" => self.position_mode = PositionMode::Play,
                _ => self.problems.push(UrlProblem::PositionMode(v)),
            }
        }
    }

    /// The game a direct start plays: the one asked for, or the first this version plays.
    pub fn start_game(&self) -> GameId {
        self.game.unwrap_or_else(crate::app::games::first)
    }

    /// Forgets the game to start (game, players, seats, seed, house rules) once it has started.
    pub fn spend_game(&mut self) {
        self.game = None;
        self.players = None;
        self.seats = None;
        self.seed = None;
        self.options.clear();
        self.daily = false;
    }

    /// Whether the page starts a game (or shows a position) at once instead of the new-game
    /// form: `autostart=1`, `embed=1` with `game=`, or a readable `position=`.
    pub fn starts_directly(&self) -> bool {
        self.autostart || (self.embed && self.game.is_some()) || self.position.is_some()
    }

    /// The pairs of the page's own address, in order.
    pub fn location_pairs() -> Vec<(String, String)> {
        let search = web_sys::window().and_then(|w| w.location().search().ok()).unwrap_or_default();
        query_pairs(&search)
    }
}

/// The `(name, value)` pairs of a query string (`?a=1&b=2` or `a=1&b=2`), decoded.
pub fn query_pairs(query: &str) -> Vec<(String, String)> {
    let Ok(params) = web_sys::UrlSearchParams::new_with_str(query) else { return Vec::new() };
    let mut pairs = Vec::new();
    let Ok(Some(iter)) = js_sys::try_iter(&params) else { return pairs };
    for entry in iter.flatten() {
        let entry = js_sys::Array::from(&entry);
        if let (Some(name), Some(value)) = (entry.get(0).as_string(), entry.get(1).as_string()) {
            pairs.push((name, value));
        }
    }
    pairs
}

// ------------------------------------------------------------------ the address after start, seeds

/// Parameters a started game leaves in the address of the full site (the rest would start the
/// game again at each reload, instead of resuming it).
const KEPT_AFTER_START: [&str; 2] = ["lang", "speed"];

/// Once the game the address describes is on the table (and saved), on the site's own page, its
/// parameters are spent. They leave the address, so that a reload resumes the game instead of
/// dealing it again, and the new-game form, so that the next game is the player's own setup with
/// a fresh seed (not the same cards again). A frame or a mount keeps its host's parameters.
pub fn spend_start_params(state: &AppState) {
    if !state.host.persists() {
        return;
    }
    leptos::prelude::UpdateValue::update_value(&state.url, UrlParams::spend_game);
    keep_in_address(|name| KEPT_AFTER_START.contains(&name));
}

/// Once the player chooses the language or the pace himself, on the site's own page, the
/// address's `lang` or `speed` (`name`) leaves it: at the next reload his choice, saved with his
/// settings, is the one that counts.
pub fn spend_setting_param(state: &AppState, name: &str) {
    if state.host.persists() {
        keep_in_address(|n| n != name);
    }
}

/// Rewrites the address (without a reload, nor a new history entry) with only the parameters
/// `keep` accepts.
fn keep_in_address(keep: impl Fn(&str) -> bool) {
    let Some(window) = web_sys::window() else { return };
    let location = window.location();
    let kept: Vec<(String, String)> = UrlParams::location_pairs().into_iter().filter(|(n, _)| keep(n)).collect();
    let Ok(query) = web_sys::UrlSearchParams::new() else { return };
    for (name, value) in &kept {
        query.append(name, value);
    }
    let query = String::from(query.to_string());
    let path = location.pathname().unwrap_or_default();
    let hash = location.hash().unwrap_or_default();
    let url = if query.is_empty() { format!("{path}{hash}") } else { format!("{path}?{query}{hash}") };
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
    }
}

/// A parameter's value as text: strings as they are, numbers and booleans written out, arrays
/// joined with commas (`seats: ["human", "easy"]`).
pub fn scalar(v: &serde_json::Value) -> Option<String> {
    use serde_json::Value;
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(_) | Value::Bool(_) => Some(v.to_string()),
        Value::Array(items) => Some(items.iter().filter_map(scalar).collect::<Vec<_>>().join(",")),
        Value::Null | Value::Object(_) => None,
    }
}

/// A seed drawn from the browser's randomness, below 2^53 so that every JSON tool (JavaScript
/// included) reads it back exactly.
pub fn random_seed() -> u64 {
    let mut bytes = [0u8; 8];
    if getrandom::fill(&mut bytes).is_err() {
        // No crypto source (very old browser): the clock still gives a fresh game.
        return js_sys::Date::now() as u64;
    }
    u64::from_le_bytes(bytes) & ((1 << 53) - 1)
}

/// The values `tutorial=` takes: every game has a guided deal.
fn guided_keys() -> String {
    crate::app::games::GAMES.iter().map(|g| format!("tutorial={}", g.id.key())).collect::<Vec<_>>().join(", ")
}
