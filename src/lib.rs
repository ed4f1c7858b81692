//! Tapis: Bonanza, Nain Jaune and Programmes.
//!
//! - [`engine`]: the rules (cards, the [`engine::game::Game`] trait, one module per game);
//! - [`ai`]: computer players, reading only a seat's observation;
//! - [`model`]: what the page shows of a game, as plain data (the session at the table);
//! - [`record`]: game records (save file = replay = test scenario) and the table that replays them;
//! - [`protocol`]: the messages between the page and the AI worker;
//! - `app` (wasm only): the Leptos views;
//! - `worker` (wasm only): the AI workers' side of the protocol.
//!
//! Arrows point one way: app → ai → engine, and record → engine.
//!
//! Feature `fast-ai` (the AI worker's build only, see index.html): the functions the searches run
//! millions of times per move, marked `#[cfg_attr(feature = "fast-ai", optimize(speed))]`, are
//! compiled for speed while the rest of the size-optimised wasm stays small. `optimize` is an
//! unstable attribute: scripts/trunk.sh builds with RUSTC_BOOTSTRAP=1; native builds never enable
//! the feature (they are optimised for speed throughout).
#![cfg_attr(feature = "fast-ai", feature(optimize_attribute))]

pub mod ai;
pub mod engine;
pub mod model;
pub mod protocol;
pub mod record;
pub mod stage;

#[cfg(target_arch = "wasm32")]
pub mod app;
#[cfg(target_arch = "wasm32")]
pub mod worker;
