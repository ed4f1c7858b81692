//! The web app's entry point: mounts the root component. (The shipped build aborts at once on a
//! panic, without a message: see scripts/trunk.sh.)

#[cfg(target_arch = "wasm32")]
fn main() {
    leptos::mount::mount_to_body(tapis::app::App);
}

/// The package is also built natively (tests, the referee): the app itself exists only in wasm.
#[cfg(not(target_arch = "wasm32"))]
fn main() {}
