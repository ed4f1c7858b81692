//! The move log: every event of the game as a sentence of the current language, newest first
//! (so the latest move is always in sight), with a heading line at each new round. Each game turns
//! its events into [`LogLine`]s; the log only draws them, and reads the new ones out.

use leptos::prelude::*;

use crate::app::services::i18n::{tr, use_lang, T};

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

/// How many of the latest lines the screen readers' copy keeps (it only grows at its end).
const HEARD_LENGTH: usize = 8;

/// The log, newest line first.
#[component]
pub fn MoveLog(#[prop(into)] lines: Signal<Vec<LogLine>>) -> impl IntoView {
    let lang = use_lang();
    let newest_first = move || {
        let mut v = lines.get();
        v.reverse();
        v
    };
    // What a screen reader says: each line as it joins the log, the computers' moves with the
    // rest. Not the lines there when the table opens (a reload, an opened record), nor those an
    // undo takes back, nor the whole log again when the language changes. The lines are added to
    // the live region by hand: it only ever grows at its end (a list view of its own would cost
    // the page's download some kilobytes).
    let announcer = NodeRef::<leptos::html::Div>::new();
    let newest_heard = StoredValue::new(None::<usize>);
    Effect::new(move |_| {
        lines.with(|lines| {
            let newest = lines.last().map(|l| l.index);
            let before = newest_heard.get_value();
            newest_heard.set_value(newest);
            let Some(region) = announcer.get_untracked() else { return };
            match (before, newest) {
                (Some(before), Some(newest)) if newest > before => {
                    for line in lines.iter().filter(|l| l.index > before) {
                        let Ok(p) = document().create_element("p") else { return };
                        p.set_text_content(Some(&line.text));
                        let _ = region.append_child(&p);
                    }
                    while region.child_element_count() > HEARD_LENGTH as u32 {
                        if let Some(oldest) = region.first_element_child() {
                            oldest.remove();
                        }
                    }
                }
                (Some(before), newest) if newest.is_none_or(|n| n < before) => region.set_text_content(None),
                _ => {}
            }
        })
    });
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
            <div class="sr-only" role="log" aria-live="polite" aria-relevant="additions" data-testid="move-announcer" node_ref=announcer></div>
        </section>
    }
}
