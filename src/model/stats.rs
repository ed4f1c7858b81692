//! The statistics as the view shows them: the games counted ([`Entry`], stored by `app::stats`),
//! those a tab and its filters keep, the figures of the tiles and the filters' choices. Pure Rust,
//! tested natively (tests/model_stats.rs); `app::stats_view` draws them.

/// One counted game, from the seat of the one person at the screen (stored under these names).
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// `app::stats::game_key` of its record.
    pub key: String,
    /// The game's record key (`nain-jaune`, `bonanza`, `programmes`).
    pub game: String,
    pub players: usize,
    /// The computers' level (`random`, `easy`, `medium`, `hard`), or `mixed`.
    pub level: String,
    /// When it ended, in milliseconds since 1970 (UTC).
    pub at: f64,
    pub won: bool,
    /// 1 for the best; equals share a place.
    pub rank: usize,
    /// Chips won (or lost, below 0); in Programmes the programs completed.
    pub result: i64,
    /// Deals (rounds) played.
    pub deals: u32,
    /// The date of the daily deal it was (`YYYY-MM-DD`), if it was one (left out if not).
    pub daily: Option<String>,
}

/// The computers' levels a filter offers, in this order (those seen in the game's history).
pub const LEVELS: [&str; 5] = ["random", "easy", "medium", "hard", "mixed"];

/// What the view's filters keep: every table (`None`), or one size of table, one level.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    pub players: Option<usize>,
    pub level: Option<String>,
}

impl Filter {
    pub fn keeps(&self, entry: &Entry) -> bool {
        self.players.is_none_or(|p| entry.players == p) && self.level.as_ref().is_none_or(|l| &entry.level == l)
    }
}

/// The games of `game` (its record key), oldest first; unknown keys (a newer version's game) are
/// left out.
pub fn of_game<'a>(games: &'a [Entry], game: &str) -> Vec<&'a Entry> {
    games.iter().filter(|e| e.game == game).collect()
}

/// The games of `game` the filter keeps, oldest first.
pub fn kept(games: &[Entry], game: &str, filter: &Filter) -> Vec<Entry> {
    of_game(games, game).into_iter().filter(|e| filter.keeps(e)).cloned().collect()
}

/// The table sizes seen among `games`, smallest first, each once.
pub fn player_choices(games: &[&Entry]) -> Vec<usize> {
    let mut seen: Vec<usize> = games.iter().map(|e| e.players).collect();
    seen.sort_unstable();
    seen.dedup();
    seen
}

/// The levels seen among `games`, in the order of [`LEVELS`].
pub fn level_choices(games: &[&Entry]) -> Vec<&'static str> {
    LEVELS.into_iter().filter(|l| games.iter().any(|e| e.level == *l)).collect()
}

/// The figures of a set of games, oldest first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Figures {
    pub played: usize,
    pub won: usize,
    /// Chips per deal (chip games) or programs per match, in tenths.
    pub average: Option<i64>,
    /// The average place, in tenths.
    pub place: Option<i64>,
    pub best: Option<i64>,
    pub worst: Option<i64>,
    /// Games won in a row up to the latest.
    pub streak: usize,
    pub longest: usize,
}

impl Figures {
    /// The figures of `games`; `per_deal`: the average is per deal (chip games), else per game.
    pub fn of(games: &[Entry], per_deal: bool) -> Figures {
        let played = games.len();
        let sum: i64 = games.iter().map(|g| g.result).sum();
        let deals: i64 = games.iter().map(|g| i64::from(g.deals)).sum();
        let divisor = if per_deal { deals } else { played as i64 };
        let places: i64 = games.iter().map(|g| g.rank as i64).sum();
        let mut streak = 0;
        let mut longest = 0;
        for g in games {
            streak = if g.won { streak + 1 } else { 0 };
            longest = longest.max(streak);
        }
        Figures {
            played,
            won: games.iter().filter(|g| g.won).count(),
            average: (divisor > 0).then(|| tenths(sum, divisor)),
            place: (played > 0).then(|| tenths(places, played as i64)),
            best: games.iter().map(|g| g.result).max(),
            worst: games.iter().map(|g| g.result).min(),
            streak,
            longest,
        }
    }

    /// The share of games won, in whole percent rounded half up (`None` without games).
    pub fn won_percent(&self) -> Option<usize> {
        (self.played > 0).then(|| (self.won * 100 + self.played / 2) / self.played)
    }
}

/// `sum / n` in tenths, rounded half away from zero.
pub fn tenths(sum: i64, n: i64) -> i64 {
    let twice = sum * 20 / n;
    (twice + twice.signum()) / 2
}
