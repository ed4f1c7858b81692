//! The web app's entry point: mounts the root component on the site's own page (index.html says
//! so with `<meta name="tapis-app">`), and exports `mount_tapis` for host pages that load the same
//! build and mount the game into one of their elements (docs/embedding.md). (The shipped build
//! aborts at once on a panic, without a message: see scripts/trunk.sh.)

#[cfg(target_arch = "wasm32")]
use wasm_bindgen::prelude::*;

#[cfg(target_arch = "wasm32")]
fn main() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    if document.query_selector("meta[name='tapis-app']").ok().flatten().is_some() {
        // index.html's loading page ("Chargement… · Loading…") gives way to the app.
        if let Some(loading) = document.get_element_by_id("tapis-boot") {
            loading.remove();
        }
        leptos::mount::mount_to_body(tapis::app::App);
    }
}

/// `mount_tapis(element, params, base)`: mounts the game into `element` with `params` (the query
/// string of the address: `"game=nain-jaune&seats=human,easy,easy&embed=1"`); `base` is the URL
/// of the build's directory when the host page lives elsewhere (the AI worker is loaded from it).
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
pub fn mount_tapis(element: web_sys::HtmlElement, params: Option<String>, base: Option<String>) -> Result<(), JsValue> {
    tapis::app::embed::mount(element, params.unwrap_or_default(), base)
}

/// The package is also built natively (tests, the referee): the app itself exists only in wasm.
#[cfg(not(target_arch = "wasm32"))]
fn main() {}
