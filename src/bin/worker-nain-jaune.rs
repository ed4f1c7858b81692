//! The AI worker of Nain Jaune (see `tapis::worker`).

#[cfg(target_arch = "wasm32")]
fn main() {
    tapis::worker::run::<tapis::engine::nain_jaune::NainJaune>();
}

/// The package is also built natively (the referee, the tests): there the worker is a no-op.
#[cfg(not(target_arch = "wasm32"))]
fn main() {}
