//! What a player does around a game: a new game, statistics, the daily deal, review,
//! the guide, the rules, embedding in another page.

pub mod daily;
pub mod embed;
pub mod option_specs;
pub mod rules_text;
pub mod stats;
