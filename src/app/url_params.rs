//! Parameters in the page's address, read once at start: `lang=fr|en`, `game=` (a game's record
//! key), `players=2..9`, `seed=<u64>`, `speed=slow|normal|fast|instant`. A value that makes no sense is
//! reported (and replaced by a sensible default); the rest still applies.

use crate::engine::game::GameId;
use crate::record::Table;

use super::i18n::Lang;
use super::settings::Speed;

/// Players when the address asks for an impossible number.
pub const DEFAULT_PLAYERS: usize = 4;
/// The smallest and largest tables of all the games (each game's form then keeps to its own).
const MIN_PLAYERS: usize = 2;
const MAX_PLAYERS: usize = 9;

/// "nain-jaune, bonanza": the `game=` values this version accepts.
fn games_list() -> String {
    Table::GAMES.iter().map(|g| g.key()).collect::<Vec<_>>().join(", ")
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct UrlParams {
    pub lang: Option<Lang>,
    pub game: Option<GameId>,
    pub players: Option<usize>,
    pub seed: Option<u64>,
    pub speed: Option<Speed>,
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
}

impl UrlProblem {
    pub fn message(&self, lang: Lang) -> String {
        match (self, lang) {
            (UrlProblem::Lang(v), Lang::En) => {
                format!("The address asks for the language “{v}”, which this site does not have (fr or en).")
            }
            (UrlProblem::Lang(v), Lang::Fr) => {
                format!("L'adresse demande la langue « {v} », que ce site ne propose pas (fr ou en).")
            }
            (UrlProblem::Game(v), Lang::En) => {
                format!("“{v}” is not a game you can play here ({}).", games_list())
            }
            (UrlProblem::Game(v), Lang::Fr) => {
                format!("« {v} » n'est pas un jeu disponible ici ({}).", games_list())
            }
            (UrlProblem::Players(v, min, max), Lang::En) => match v.parse::<i64>() {
                Ok(n) => format!(
                    "{n} players is not possible ({min} to {max}); using {DEFAULT_PLAYERS}."
                ),
                Err(_) => format!(
                    "“{v}” is not a number of players ({min} to {max}); using {DEFAULT_PLAYERS}."
                ),
            },
            (UrlProblem::Players(v, min, max), Lang::Fr) => match v.parse::<i64>() {
                Ok(n) => format!(
                    "On ne joue pas à {n} (de {min} à {max} joueurs) ; partie à {DEFAULT_PLAYERS}."
                ),
                Err(_) => format!(
                    "« {v} » n'est pas un nombre de joueurs (de {min} à {max}) ; partie à {DEFAULT_PLAYERS}."
                ),
            },
            (UrlProblem::Seed(v), Lang::En) => format!(
                "“{v}” is not a seed (a whole number from 0 to {}); a random seed will be drawn.",
                u64::MAX
            ),
            (UrlProblem::Seed(v), Lang::Fr) => format!(
                "« {v} » n'est pas une graine (un entier de 0 à {}) ; une graine sera tirée au hasard.",
                u64::MAX
            ),
            (UrlProblem::Speed(v), Lang::En) => {
                format!("Unknown speed “{v}” (slow, normal, fast or instant); your usual speed is kept.")
            }
            (UrlProblem::Speed(v), Lang::Fr) => {
                format!("Vitesse « {v} » inconnue (slow, normal, fast ou instant) ; votre vitesse habituelle est gardée.")
            }
        }
    }
}

impl UrlParams {
    /// Reads the parameters from `get(name)` (the page's `URLSearchParams`, or a test's map).
    pub fn parse(get: impl Fn(&str) -> Option<String>) -> UrlParams {
        let mut params = UrlParams::default();
        if let Some(v) = get("lang") {
            match Lang::from_code(&v) {
                Some(l) => params.lang = Some(l),
                None => params.problems.push(UrlProblem::Lang(v)),
            }
        }
        if let Some(v) = get("game") {
            // Only games this version can play are accepted.
            match GameId::from_key(v.trim()).filter(|g| Table::GAMES.contains(g)) {
                Some(game) => params.game = Some(game),
                None => params.problems.push(UrlProblem::Game(v)),
            }
        }
        if let Some(v) = get("players") {
            let (min, max) = params.game.map_or((MIN_PLAYERS, MAX_PLAYERS), GameId::player_range);
            match v.trim().parse::<usize>() {
                Ok(n) if (min..=max).contains(&n) => params.players = Some(n),
                _ => {
                    params.players = Some(DEFAULT_PLAYERS);
                    params.problems.push(UrlProblem::Players(v, min, max));
                }
            }
        }
        if let Some(v) = get("seed") {
            match v.trim().parse::<u64>() {
                Ok(s) => params.seed = Some(s),
                Err(_) => params.problems.push(UrlProblem::Seed(v)),
            }
        }
        if let Some(v) = get("speed") {
            match Speed::from_key(&v) {
                Some(s) => params.speed = Some(s),
                None => params.problems.push(UrlProblem::Speed(v)),
            }
        }
        params
    }

    /// The parameters of the page's own address.
    pub fn from_location() -> UrlParams {
        let search = web_sys::window().and_then(|w| w.location().search().ok()).unwrap_or_default();
        match web_sys::UrlSearchParams::new_with_str(&search) {
            Ok(query) => UrlParams::parse(|name| query.get(name)),
            Err(_) => UrlParams::default(),
        }
    }
}
