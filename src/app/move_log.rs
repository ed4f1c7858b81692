//! The move log: every event of the game as a sentence of the current language, newest first
//! (so the latest move is always in sight), with a heading line at each new round. Each game turns
//! its events into [`LogLine`]s; the log only draws them.

use leptos::prelude::*;

use super::i18n::{tr, use_lang, T};

/// How many events the log shows (the whole game is in the downloadable record).
pub const LOG_LENGTH: usize = 300;

/// One line of the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogLine {
    /// The event's index in the game's log (the line's key).
    pub index: usize,
    /// `log-item` plus the emphasis (`log-round`, `log-highlight`, `log-call`, `log-box`, `log-pay`).
    pub class: &'static str,
    /// The event's type, for styling and tests (`data-event`).
    pub kind: &'static str,
    pub text: String,
}

/// The log, newest line first.
#[component]
pub fn MoveLog(#[prop(into)] lines: Signal<Vec<LogLine>>) -> impl IntoView {
    let lang = use_lang();
    let newest_first = move || {
        let mut v = lines.get();
        v.reverse();
        v
    };
    view! {
        <section class="move-log panel" aria-labelledby="move-log-title">
            <h2 id="move-log-title" class="panel-title">{tr(T::Moves)}</h2>
            // Focusable: the list scrolls, and a keyboard user must be able to scroll it.
            <ol class="log-list" data-testid="move-log" tabindex="0" aria-label=move || T::Moves.text(lang.get())>
                <For each=newest_first key=|line| (line.index, line.text.clone()) let:line>
                    <li class=line.class>
                        <span class="event" data-event=line.kind>{line.text}</span>
                    </li>
                </For>
            </ol>
        </section>
    }
}
