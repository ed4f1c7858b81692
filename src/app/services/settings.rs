//! The player's preferences: language, pace of the computer players, four-colour suits, the
//! single-letter shortcuts, who plays forced moves. They
//! live in localStorage (`tapis.settings`) so the next visit looks the same.

use serde::{Deserialize, Serialize};

use crate::app::services::i18n::Lang;
use crate::app::services::storage;

/// localStorage key of the preferences.
pub const SETTINGS_KEY: &str = "tapis.settings";

/// How long a computer move stays on screen before the next one. Saved as its key (`"fast"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Speed {
    Slow,
    #[default]
    Normal,
    Fast,
    Instant,
}

/// By its key, by hand: the derived reader of a four-word enum costs a kilobyte of page code.
impl<'de> Deserialize<'de> for Speed {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Speed, D::Error> {
        let key = String::deserialize(deserializer)?;
        Speed::from_key(&key).ok_or_else(|| serde::de::Error::custom(format!("unknown speed '{key}'")))
    }
}

impl Speed {
    pub const ALL: [Speed; 4] = [Speed::Slow, Speed::Normal, Speed::Fast, Speed::Instant];

    /// The key used in the `speed=` URL parameter and the select's values.
    pub fn key(self) -> &'static str {
        match self {
            Speed::Slow => "slow",
            Speed::Normal => "normal",
            Speed::Fast => "fast",
            Speed::Instant => "instant",
        }
    }

    pub fn from_key(key: &str) -> Option<Speed> {
        Speed::ALL.into_iter().find(|s| s.key() == key.trim().to_ascii_lowercase())
    }

    /// Pause before a computer move is shown, in milliseconds.
    pub fn delay_ms(self) -> u32 {
        match self {
            Speed::Slow => 1200,
            Speed::Normal => 600,
            Speed::Fast => 250,
            Speed::Instant => 0,
        }
    }

    /// How long a card or a chip travels across the table (src/app/table/flights.rs), in milliseconds:
    /// within the pause before the next computer move; none at speed *instant*.
    pub fn flight_ms(self) -> u32 {
        match self {
            Speed::Slow => 560,
            Speed::Normal => 420,
            Speed::Fast => 220,
            Speed::Instant => 0,
        }
    }

    /// One tick of the stage (src/stage.rs: a moment the table holds lasts a few), in
    /// milliseconds; none at speed *instant*.
    pub fn tick_ms(self) -> u32 {
        match self {
            Speed::Slow => 520,
            Speed::Normal => 350,
            Speed::Fast => 170,
            Speed::Instant => 0,
        }
    }

    pub fn label(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (Speed::Slow, Lang::En) => "Slow",
            (Speed::Normal, Lang::En) => "Normal",
            (Speed::Fast, Lang::En) => "Fast",
            (Speed::Instant, Lang::En) => "Instant",
            (Speed::Slow, Lang::Fr) => "Lente",
            (Speed::Normal, Lang::Fr) => "Normale",
            (Speed::Fast, Lang::Fr) => "Rapide",
            (Speed::Instant, Lang::Fr) => "Instantanée",
        }
    }
}

/// What is remembered between visits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Settings {
    /// `None` until the player picks a language: the browser's language is used meanwhile.
    #[serde(default)]
    pub lang: Option<Lang>,
    #[serde(default)]
    pub speed: Speed,
    #[serde(default)]
    pub four_colour: bool,
    /// The single-letter shortcuts (H, U, and Programmes' S, D, R, N, X, A) turned off: a
    /// speech-input user's words would set them off.
    #[serde(default)]
    pub letter_keys_off: bool,
    /// The player's only legal moves are left to the player (by default the table plays them,
    /// as it plays the computers' moves).
    #[serde(default)]
    pub choose_forced: bool,
}

impl Settings {
    /// The stored preferences, or the defaults (an unreadable entry is ignored: it holds only
    /// preferences, nothing the player would lose).
    pub fn load() -> Settings {
        storage::get(SETTINGS_KEY).and_then(|text| serde_json::from_str(&text).ok()).unwrap_or_default()
    }

    pub fn save(&self) {
        let _ = storage::set(SETTINGS_KEY, &serde_json::to_string(self).expect("settings serialize"));
    }
}

/// The browser's preferred language (`navigator.language`).
pub fn browser_lang() -> Lang {
    web_sys::window().and_then(|w| w.navigator().language()).map(|tag| Lang::from_browser(&tag)).unwrap_or_default()
}
