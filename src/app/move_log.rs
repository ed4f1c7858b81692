//! The move log: every event of the game as a sentence of the current language, newest first
//! (so the latest move is always in sight), with a heading line at each new round.

use leptos::prelude::*;

use crate::engine::nain_jaune::Event;

use super::i18n::{event_sentence, tr, use_lang, Names, T};

/// How many events the log shows (the whole game is in the downloadable record).
pub const LOG_LENGTH: usize = 300;

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

/// The log of the last [`LOG_LENGTH`] events, `(index in the game's log, event)`.
#[component]
pub fn MoveLog(#[prop(into)] events: Signal<Vec<(usize, Event)>>, #[prop(into)] names: Signal<Names>) -> impl IntoView {
    let lang = use_lang();
    let newest_first = move || {
        let mut v = events.get();
        v.reverse();
        v
    };
    view! {
        <section class="move-log panel" aria-labelledby="move-log-title">
            <h2 id="move-log-title" class="panel-title">{tr(T::Moves)}</h2>
            <ol class="log-list" data-testid="move-log" aria-label=move || T::Moves.text(lang.get())>
                <For each=newest_first key=|(i, _)| *i let:item>
                    {
                        let (_, event) = item;
                        let class = match event {
                            Event::Staked { .. } => "log-item log-round",
                            Event::RoundWon { .. } | Event::GameOver { .. } | Event::GrandOpera { .. } => "log-item log-highlight",
                            Event::Without { .. } | Event::Stop { .. } => "log-item log-call",
                            Event::BoxWon { .. } => "log-item log-box",
                            Event::Penalty { .. } | Event::Paid { .. } => "log-item log-pay",
                            _ => "log-item",
                        };
                        view! { <li class=class><EventLine event=event names=names /></li> }
                    }
                </For>
            </ol>
        </section>
    }
}
