//! Game records (docs/record.md) and the [`Table`] that replays them.

pub mod codec;
pub mod format;
pub mod table;

pub use format::{BadRecord, Record, RecordedAction, FORMAT_VERSION};
pub use table::{decisions, legal_of, Decision, OnTable, ReplayError, Table};
