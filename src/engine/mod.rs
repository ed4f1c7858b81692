//! The rules engine: pure Rust, no web crates. The same code runs in the page, the AI worker, the
//! native `referee` and the tests.

pub mod bad_action;
pub mod bonanza;
pub mod card_multiset;
pub mod cards;
pub mod deal_sampling;
pub mod game;
pub mod games;
pub mod layout_fault;
pub mod nain_jaune;
pub mod pack_deal;
pub mod programmes;
pub mod rng;
pub mod setup;
