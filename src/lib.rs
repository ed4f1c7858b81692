//! Tapis: Bonanza, Nain Jaune and Programmes.
//!
//! - [`engine`]: the rules (cards, the [`engine::game::Game`] trait, one module per game);
//! - [`ai`]: computer players, reading only a seat's observation;
//! - [`record`]: game records (save file = replay = test scenario) and the table that replays them;
//! - [`protocol`]: the messages between the page and the AI worker;
//! - `app` (wasm only): the Leptos views.
//!
//! Arrows point one way: app → ai → engine, and record → engine.

pub mod ai;
pub mod engine;
pub mod protocol;
pub mod record;

#[cfg(target_arch = "wasm32")]
pub mod app;
