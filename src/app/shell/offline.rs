//! Offline play: registers the service worker (`sw.js`, next to index.html: its scope is the
//! build's directory, whatever the sub-path). The worker keeps one whole build, checked file by
//! file against the list the build wrote into it (scripts/post-build.mjs), and serves it when the
//! network is gone; a new deploy installs beside it and takes over at the next visit once every
//! page of the old build is closed, so a page never meets the files of another build.

use wasm_bindgen::JsValue;
use wasm_bindgen_futures::JsFuture;

use crate::app::services::address::base_url;
use crate::app::services::storage::describe;

/// The service worker's file, relative to the build's directory.
const SERVICE_WORKER: &str = "sw.js";

/// Registers the service worker, if the browser has them (a secure context: https or localhost).
/// A refusal (private browsing, storage disabled) costs only the offline copy: it is logged.
pub fn register_service_worker() {
    let Some(window) = web_sys::window() else { return };
    let navigator = window.navigator();
    if !js_sys::Reflect::has(&navigator, &JsValue::from_str("serviceWorker")).unwrap_or(false) {
        return;
    }
    let Some(url) = base_url().and_then(|base| web_sys::Url::new_with_base(SERVICE_WORKER, &base).ok()) else {
        return;
    };
    let options = web_sys::RegistrationOptions::new();
    // sw.js is always fetched afresh: a new build's list is seen at the next visit.
    options.set_update_via_cache(web_sys::ServiceWorkerUpdateViaCache::None);
    let registered = navigator.service_worker().register_with_options(&url.href(), &options);
    leptos::task::spawn_local(async move {
        if let Err(e) = JsFuture::from(registered).await {
            web_sys::console::warn_1(&JsValue::from_str(&format!(
                "tapis: no offline copy (the service worker was refused: {})",
                describe(&e)
            )));
        }
    });
}
