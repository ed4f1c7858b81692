//! The web app's entry point: panics go to the browser console, then the root component mounts.

#[cfg(target_arch = "wasm32")]
fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(tapis::app::App);
}

/// The package is also built natively (tests, the referee): the app itself exists only in wasm.
#[cfg(not(target_arch = "wasm32"))]
fn main() {}
