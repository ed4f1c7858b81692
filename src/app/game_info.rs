//! What a game is, as the page's shared parts tell it ([`GameInfo`]). Each game writes its own
//! beside its code (`<game>/info.rs`); `games` registers them.

use crate::ai::Level;
use crate::engine::game::{GameId, Seat};

use crate::app::features::option_specs::{Bi, OptionSpec};
use crate::app::services::i18n::Lang;

/// What a game is, for the page's shared parts.
pub struct GameInfo {
    pub id: GameId,
    pub name: Bi,
    /// The name as French puts it after « à » (« au Nain Jaune », « aux Programmes »); in English
    /// the name alone.
    pub name_after_to: Bi,
    /// A line for the game chooser: what the game is, and for how many players.
    pub blurb: Bi,
    /// The page's title while the game is on the table.
    pub page_title: Bi,
    /// The rules dialog's title for the game.
    pub rules_title: Bi,
    /// Played with chips; without them a result counts programs completed.
    pub chips: bool,
    /// What a result counts, in the singular ("chip", "program").
    pub unit: Bi,
    /// The statistics' average, in words ("Chips per deal").
    pub average: Bi,
    /// What a review's verdicts count the hard level's values in, in the plural.
    pub verdict_unit: Bi,
    /// The house rules, in the order the form shows them.
    pub options: &'static [OptionSpec],
    /// The daily deal's table: the number of players (you and computers) and the computers' level.
    pub daily: (usize, Level),
    /// How the rules draw the first dealer from a new game's seed, for `players` (Programmes: the
    /// first spade dealt face up); `None`: seat 0 deals first.
    pub first_dealer: Option<fn(u64, usize) -> Seat>,
    /// What the medium and the hard computer levels do in this game, in a few words.
    pub medium: Bi,
    pub hard: Bi,
}

impl GameInfo {
    /// `n` and the game's unit agreeing with it ("+23 chips", "−1 jeton", "3 programs"); a chip
    /// result has its sign, written by `signed`.
    pub fn result(&self, lang: Lang, n: i64, signed: fn(i64) -> String) -> String {
        let plural = match lang {
            Lang::En => n.abs() != 1,
            Lang::Fr => n.abs() > 1,
        };
        let number = if self.chips { signed(n) } else { n.to_string() };
        format!("{number} {}{}", lang.pick(self.unit.0, self.unit.1), if plural { "s" } else { "" })
    }
}
