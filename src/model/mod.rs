//! What the page shows of a game, as plain data: the game at the table ([`session`]: its record,
//! its replayed state, who plays each seat, what undo takes back, the deal's end the table holds),
//! the people at it ([`people`]) and their plates ([`plate`]); what each game's table shows
//! ([`nain_jaune`], [`bonanza`], [`programmes`]: the turn, the hand and what may be played, the
//! offers, the announcement, the log's window, the summary); what the shared screens derive: the
//! new-game form ([`new_game`]), a review's verdicts ([`review`]), the statistics ([`stats`]).
//! Pure Rust, like the engine, so that it is tested natively; the Leptos views (`app`, wasm only)
//! bind it.

pub mod bonanza;
pub mod nain_jaune;
pub mod new_game;
pub mod people;
pub mod plate;
pub mod programmes;
pub mod review;
pub mod session;
pub mod stats;
