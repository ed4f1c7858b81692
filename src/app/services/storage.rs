//! The browser's storage and files: the saved game in localStorage, and records downloaded or
//! opened by the player.
//!
//! The saved game (`tapis.current`) is a plain [`Record`]: the game is rebuilt by replaying it.
//! A save that cannot be replayed is never deleted: it is copied to `tapis.damaged` and offered
//! for download. Nor is a save this page did not write (a game of another tab, or the one a link
//! that starts a game finds): it is put aside in `tapis.set_aside` before it is written over.

use std::cell::RefCell;

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use crate::record::Record;

/// The game in progress.
pub const CURRENT_KEY: &str = "tapis.current";
/// A copy of a save that could not be resumed.
pub const DAMAGED_KEY: &str = "tapis.damaged";
/// The saved game a game started here replaced (see [`save_current`]).
pub const SET_ASIDE_KEY: &str = "tapis.set_aside";

thread_local! {
    /// The save as this page last read or wrote it.
    static KNOWN_SAVE: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// The save as read at the page's start (resumed, or kept as damaged): this page's to write over.
pub fn know_save(text: &str) {
    KNOWN_SAVE.with(|k| *k.borrow_mut() = Some(text.to_string()));
}

fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

pub fn get(key: &str) -> Option<String> {
    local_storage()?.get_item(key).ok().flatten()
}

/// Stores `value`, or says why the browser refused (private mode, quota, storage disabled).
pub fn set(key: &str, value: &str) -> Result<(), String> {
    let storage = local_storage().ok_or_else(|| "the browser offers no local storage".to_string())?;
    storage.set_item(key, value).map_err(|e| describe(&e))
}

/// Removes a key (nothing happens when the browser has no storage).
pub fn remove(key: &str) {
    if let Some(storage) = local_storage() {
        let _ = storage.remove_item(key);
    }
}

/// Saves the game in progress. A save found there that this page did not write (another tab's
/// game, or the player's game when a link started this one) is first put aside: `Ok(true)`.
pub fn save_current(record: &Record) -> Result<bool, String> {
    let text = record.to_json();
    let found = get(CURRENT_KEY).filter(|found| *found != text && KNOWN_SAVE.with(|k| k.borrow().as_ref() != Some(found)));
    if let Some(found) = &found {
        set(SET_ASIDE_KEY, found)?;
    }
    set(CURRENT_KEY, &text)?;
    know_save(&text);
    Ok(found.is_some())
}

/// Keeps a copy of a save that could not be resumed, so starting a new game never loses it.
pub fn keep_damaged(text: &str) {
    let _ = set(DAMAGED_KEY, text);
}

pub fn damaged() -> Option<String> {
    get(DAMAGED_KEY)
}

/// Offers `text` as a file download (a Blob behind a temporary object URL).
pub fn download(file_name: &str, text: &str, mime: &str) -> Result<(), String> {
    let document = web_sys::window().and_then(|w| w.document()).ok_or("no document")?;
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(|e| describe(&e))?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(|e| describe(&e))?;
    let anchor: web_sys::HtmlAnchorElement = document.create_element("a").map_err(|e| describe(&e))?.unchecked_into();
    anchor.set_href(&url);
    anchor.set_download(file_name);
    anchor.set_attribute("hidden", "").ok();
    let body = document.body().ok_or("no body")?;
    body.append_child(&anchor).map_err(|e| describe(&e))?;
    anchor.click();
    anchor.remove();
    // Revoke later: some browsers start the download only after the click handler returns.
    leptos::prelude::set_timeout(
        move || {
            let _ = web_sys::Url::revoke_object_url(&url);
        },
        std::time::Duration::from_secs(10),
    );
    Ok(())
}

/// The text of a file the player picked.
pub async fn read_text(file: web_sys::File) -> Result<String, String> {
    let text = JsFuture::from(file.text()).await.map_err(|e| describe(&e))?;
    text.as_string().ok_or_else(|| "the file is not text".to_string())
}

/// A record's download name: `nain-jaune-<seed>-<moves>.json`.
pub fn record_file_name(record: &Record) -> String {
    format!("tapis-{}-{}-{}moves.json", record.game, record.seed, record.actions.len())
}

pub fn describe(value: &wasm_bindgen::JsValue) -> String {
    value
        .dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| value.as_string())
        .unwrap_or_else(|| format!("{value:?}"))
}
