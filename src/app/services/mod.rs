//! What the browser gives the app, each behind a small module: the address and its
//! parameters, storage, settings, the languages' words, timers.

pub mod address;
pub mod i18n;
pub mod settings;
pub mod storage;
pub mod timing;
pub mod url_params;
