//! The race on the table: the run being played (one suit, aces high) with who played each card,
//! and the cards the table knows to lie in the dead hand (they cause the stops).

use leptos::prelude::*;

use super::text::L;
use super::{mini_cards, with_game};
use crate::app::nain_jaune::board::{RunningSequence, SequenceCard};
use crate::app::services::i18n::{use_lang, Names};
use crate::app::AppState;
use crate::model::bonanza::race_run;
use crate::model::session::Session;

#[component]
pub fn RaceBox(#[prop(into)] names: Signal<Names>) -> impl IntoView {
    let lang = use_lang();
    // The run with who played each card (read back from this deal's plays).
    let run = with_game(race_run);
    let cards = Signal::derive(move || {
        let l = lang.get();
        names.with(|n| {
            run.get()
                .into_iter()
                .map(|(card, played_by)| SequenceCard {
                    card,
                    who: played_by.map(|(s, _)| n.of(s).display(l)).unwrap_or_default(),
                    played_by,
                })
                .collect::<Vec<_>>()
        })
    });
    let session = crate::app::TableSession::current(expect_context::<AppState>().session);
    let dead = move || {
        session.with(|s| s.as_ref().and_then(Session::bonanza).map(|g| g.known_dead().iter().filter(|c| !c.is_joker()).collect::<Vec<_>>()))
    };
    view! {
        <div class="phase-box race-box" data-testid="race">
            <RunningSequence cards=cards wanted=Signal::stored(None) />
            {move || {
                let dead = dead().unwrap_or_default();
                (!dead.is_empty()).then(|| view! {
                    <div class="known-dead" data-testid="known-dead">
                        <span class="phase-sub">{L::KnownDead.text(lang.get())}</span>
                        {mini_cards(&dead)}
                    </div>
                })
            }}
        </div>
    }
}
