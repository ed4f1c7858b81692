//! Parameters in the page's address, read once at start: `lang=fr|en`, `game=nain-jaune`,
//! `players=2..8`, `seed=<u64>`, `speed=slow|normal|fast|instant`. A value that makes no sense is
//! reported (and replaced by a sensible default); the rest still applies.

use crate::engine::game::GameId;
use crate::engine::nain_jaune::{MAX_PLAYERS, MIN_PLAYERS};

use super::i18n::Lang;
use super::settings::Speed;

/// Players when the address asks for an impossible number.
pub const DEFAULT_PLAYERS: usize = 4;

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
    Players(String),
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
                format!("“{v}” is not a game you can play here (nain-jaune); Nain Jaune is selected.")
            }
            (UrlProblem::Game(v), Lang::Fr) => {
                format!("« {v} » n'est pas un jeu disponible ici (nain-jaune) ; le Nain Jaune est choisi.")
            }
            (UrlProblem::Players(v), Lang::En) => match v.parse::<i64>() {
                Ok(n) => format!(
                    "{n} players is not possible in Nain Jaune ({MIN_PLAYERS} to {MAX_PLAYERS}); using {DEFAULT_PLAYERS}."
                ),
                Err(_) => format!(
                    "“{v}” is not a number of players ({MIN_PLAYERS} to {MAX_PLAYERS}); using {DEFAULT_PLAYERS}."
                ),
            },
            (UrlProblem::Players(v), Lang::Fr) => match v.parse::<i64>() {
                Ok(n) => format!(
                    "On ne joue pas au Nain Jaune à {n} (de {MIN_PLAYERS} à {MAX_PLAYERS} joueurs) ; partie à {DEFAULT_PLAYERS}."
                ),
                Err(_) => format!(
                    "« {v} » n'est pas un nombre de joueurs (de {MIN_PLAYERS} à {MAX_PLAYERS}) ; partie à {DEFAULT_PLAYERS}."
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
            match GameId::from_key(v.trim()) {
                Some(GameId::NainJaune) => params.game = Some(GameId::NainJaune),
                _ => params.problems.push(UrlProblem::Game(v)),
            }
        }
        if let Some(v) = get("players") {
            match v.trim().parse::<usize>() {
                Ok(n) if (MIN_PLAYERS..=MAX_PLAYERS).contains(&n) => params.players = Some(n),
                _ => {
                    params.players = Some(DEFAULT_PLAYERS);
                    params.problems.push(UrlProblem::Players(v));
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
