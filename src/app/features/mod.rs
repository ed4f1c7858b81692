//! What a player does around a game: a new game, statistics, the daily deal, review,
//! the guide, the rules, embedding in another page.

pub mod daily;
pub mod embed;
pub mod guide;
pub mod new_game;
pub mod option_specs;
pub mod review;
pub mod rules_text;
pub mod stats;
pub mod stats_view;
