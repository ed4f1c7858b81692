//! The AI worker of Bonanza (see `tapis::worker`).

#[cfg(target_arch = "wasm32")]
fn main() {
    tapis::worker::run::<tapis::engine::bonanza::Bonanza>();
}

/// The package is also built natively (the referee, the tests): there the worker is a no-op.
#[cfg(not(target_arch = "wasm32"))]
fn main() {}
