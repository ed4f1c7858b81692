//! Where the app's own files are, and a game as an address: the directory of the build (the
//! page's base URI, or the one a host page gave when it mounted the app: `embed::mount`), against
//! which the workers, the service worker, the rules and the full-game link are resolved; and a
//! record as the text of `position=` (`record::codec` reads it back).

use std::cell::RefCell;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::record::{codec, Record};

thread_local! {
    /// The directory of the app's files when mounted elsewhere (else `document.baseURI`).
    static BASE: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Sets the directory of the app's files (a host page's mount, resolved to an absolute URL).
pub fn set_base(url: String) {
    BASE.with(|b| *b.borrow_mut() = Some(url));
}

/// The URL of the directory holding the app's files (ends with `/`): the worker, the service
/// worker and the full-game link are resolved against it.
pub fn base_url() -> Option<String> {
    BASE.with(|b| b.borrow().clone()).or_else(|| web_sys::window()?.document()?.base_uri().ok().flatten())
}

#[wasm_bindgen]
extern "C" {
    /// The browser's DEFLATE (`new CompressionStream("deflate-raw")`): the page needs no
    /// compressor of its own. (web-sys has it only behind its unstable-APIs flag.)
    #[wasm_bindgen(js_name = CompressionStream)]
    type CompressionStream;
    #[wasm_bindgen(constructor, catch)]
    fn new(format: &str) -> Result<CompressionStream, JsValue>;
}

/// `bytes` compressed by the browser (raw DEFLATE, what `codec::decode` reads).
async fn browser_deflate(bytes: &[u8]) -> Result<Vec<u8>, JsValue> {
    let compressor = CompressionStream::new("deflate-raw")?;
    let input = web_sys::Blob::new_with_u8_array_sequence(&js_sys::Array::of1(&js_sys::Uint8Array::from(bytes)))?;
    let compressed = input.stream().pipe_through(compressor.unchecked_ref());
    let response = web_sys::Response::new_with_opt_readable_stream(Some(&compressed))?;
    let buffer = wasm_bindgen_futures::JsFuture::from(response.array_buffer()?).await?;
    Ok(js_sys::Uint8Array::new(&buffer).to_vec())
}

/// The record as the text of `position=`: the browser's DEFLATE of its JSON, or (a browser
/// without `CompressionStream`) the same JSON in stored DEFLATE blocks; `codec::decode` reads both.
pub(crate) async fn position_text(record: &Record) -> String {
    let json = codec::compact_json(record);
    let deflated = browser_deflate(&json).await.unwrap_or_else(|_| codec::deflate_stored(&json));
    codec::base64url_encode(&deflated)
}
