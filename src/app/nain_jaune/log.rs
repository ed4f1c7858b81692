//! Nain Jaune's events as lines of the move log: the sentence, its type and its emphasis.

use leptos::prelude::*;

use crate::engine::nain_jaune::Event;

use super::text::event_sentence;
use crate::app::services::i18n::{use_lang, Lang, Names};
use crate::app::table::move_log::LogLine;

/// One event as a sentence; follows the language.
#[component]
pub fn EventLine(event: Event, #[prop(into)] names: Signal<Names>) -> impl IntoView {
    let lang = use_lang();
    let kind = event_kind(&event);
    view! {
        <span class="event" data-event=kind>
            {move || names.with(|n| event_sentence(lang.get(), &event, n))}
        </span>
    }
}

/// The event's type, for styling (`data-event`).
pub fn event_kind(event: &Event) -> &'static str {
    match event {
        Event::Staked { .. } => "staked",
        Event::Dealt { .. } => "dealt",
        Event::Played { .. } => "played",
        Event::BoxWon { .. } => "box_won",
        Event::Without { .. } => "without",
        Event::Stop { .. } => "stop",
        Event::Penalty { .. } => "penalty",
        Event::GrandOpera { .. } => "grand_opera",
        Event::Paid { .. } => "paid",
        Event::RoundWon { .. } => "round_won",
        Event::GameOver { .. } => "game_over",
    }
}

/// The log's emphasis for an event (a new round, a call, a box won, a payment…).
fn log_class(event: &Event) -> &'static str {
    match event {
        Event::Staked { .. } => "log-item log-round",
        Event::RoundWon { .. } | Event::GameOver { .. } | Event::GrandOpera { .. } => "log-item log-highlight",
        Event::Without { .. } | Event::Stop { .. } => "log-item log-call",
        Event::BoxWon { .. } => "log-item log-box",
        Event::Penalty { .. } | Event::Paid { .. } => "log-item log-pay",
        _ => "log-item",
    }
}

/// The log lines of `events` (`(index in the game's log, event)`), in `lang`.
pub fn log_lines(lang: Lang, events: &[(usize, Event)], names: &Names) -> Vec<LogLine> {
    events
        .iter()
        .map(|(index, e)| LogLine { index: *index, class: log_class(e), kind: event_kind(e), text: event_sentence(lang, e, names) })
        .collect()
}
