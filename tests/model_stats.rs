//! The statistics as the view shows them (`tapis::model::stats`): the games a tab and its filters
//! keep, the tiles' figures and the filters' choices (docs/playing.md, "Statistics").

use tapis::model::stats::{kept, level_choices, of_game, player_choices, tenths, Entry, Figures, Filter};

/// A counted game of `game` at a table of `players` against computers of `level`.
fn entry(game: &str, players: usize, level: &str, won: bool, rank: usize, result: i64, deals: u32) -> Entry {
    Entry {
        key: format!("{game}-{players}-{level}-{result}-{deals}"),
        game: game.into(),
        players,
        level: level.into(),
        at: 0.0,
        won,
        rank,
        result,
        deals,
        daily: None,
    }
}

fn history() -> Vec<Entry> {
    vec![
        entry("bonanza", 4, "easy", true, 1, 30, 5),
        entry("nain-jaune", 3, "hard", false, 2, -12, 4),
        entry("bonanza", 3, "hard", false, 3, -8, 4),
        entry("bonanza", 4, "easy", true, 1, 12, 3),
        entry("bonanza", 4, "mixed", true, 1, 5, 2),
        entry("dames", 2, "easy", true, 1, 1, 1),
        entry("bonanza", 5, "easy", false, 4, -20, 6),
    ]
}

#[test]
fn a_tab_keeps_its_own_game_and_drops_unknown_ones() {
    let games = history();
    let bonanza = kept(&games, "bonanza", &Filter::default());
    assert_eq!(bonanza.len(), 5);
    assert!(bonanza.iter().all(|e| e.game == "bonanza"));
    // Oldest first, as stored.
    assert_eq!(bonanza.iter().map(|e| e.result).collect::<Vec<_>>(), [30, -8, 12, 5, -20]);
    // A newer version's game is in no tab.
    assert!(kept(&games, "nain-jaune", &Filter::default()).iter().all(|e| e.game != "dames"));
}

#[test]
fn filters_keep_one_table_size_and_one_level() {
    let games = history();
    let four = kept(&games, "bonanza", &Filter { players: Some(4), level: None });
    assert_eq!(four.iter().map(|e| e.result).collect::<Vec<_>>(), [30, 12, 5]);
    let easy_four = kept(&games, "bonanza", &Filter { players: Some(4), level: Some("easy".into()) });
    assert_eq!(easy_four.iter().map(|e| e.result).collect::<Vec<_>>(), [30, 12]);
    assert!(kept(&games, "bonanza", &Filter { players: Some(9), level: None }).is_empty());
}

#[test]
fn the_filters_offer_the_tables_seen_in_that_games_history() {
    let games = history();
    let bonanza = of_game(&games, "bonanza");
    assert_eq!(player_choices(&bonanza), [3, 4, 5]);
    // In the levels' own order, each once, whatever the order they were played in.
    assert_eq!(level_choices(&bonanza), ["easy", "hard", "mixed"]);
    assert_eq!(level_choices(&of_game(&games, "nain-jaune")), ["hard"]);
    assert!(player_choices(&of_game(&games, "programmes")).is_empty());
}

#[test]
fn chip_games_average_chips_per_deal_and_the_place() {
    let games = kept(&history(), "bonanza", &Filter::default());
    let f = Figures::of(&games, true);
    assert_eq!((f.played, f.won), (5, 3));
    assert_eq!(f.won_percent(), Some(60));
    // 19 chips over 20 deals: 0.95, rounded half away from zero to 1.0.
    assert_eq!(f.average, Some(10));
    // Places 1, 3, 1, 1, 4: 2.0.
    assert_eq!(f.place, Some(20));
    assert_eq!((f.best, f.worst), (Some(30), Some(-20)));
}

#[test]
fn programmes_averages_per_match() {
    let games = vec![entry("programmes", 3, "easy", true, 1, 4, 7), entry("programmes", 3, "easy", false, 2, 3, 9)];
    let f = Figures::of(&games, false);
    // 7 programs over 2 matches (the deals do not count): 3.5.
    assert_eq!(f.average, Some(35));
    assert_eq!(f.place, Some(15));
}

#[test]
fn streaks_count_wins_in_a_row() {
    let games: Vec<Entry> = [true, true, true, false, true, true].iter().map(|&won| entry("bonanza", 4, "easy", won, 1, 1, 1)).collect();
    let f = Figures::of(&games, true);
    assert_eq!((f.streak, f.longest), (2, 3));
    let lost_last = Figures::of(&games[..4], true);
    assert_eq!((lost_last.streak, lost_last.longest), (0, 3));
}

#[test]
fn no_games_no_figures() {
    let f = Figures::of(&[], true);
    assert_eq!((f.played, f.won, f.streak, f.longest), (0, 0, 0, 0));
    assert_eq!((f.average, f.place, f.best, f.worst, f.won_percent()), (None, None, None, None, None));
}

#[test]
fn tenths_round_half_away_from_zero() {
    assert_eq!(tenths(1, 4), 3);
    assert_eq!(tenths(-1, 4), -3);
    assert_eq!(tenths(2, 3), 7);
    assert_eq!(tenths(-2, 3), -7);
    assert_eq!(tenths(0, 5), 0);
    assert_eq!(tenths(10, 1), 100);
}
