//! The moment the stage holds beside Bonanza's wheel (src/stage.rs says which and how long):
//! where the widow went, a call's outcome with what was shown at it, the Poker call's showdown
//! with the winning hand laid down, a space taken in the race, a Bonanza. It takes the phase
//! box's place while it lasts, so the table says what just happened before it moves on.
//!
//! At the showdown only the winning five cards are shown (docs/rules/bonanza.md §5.6); the other players
//! still in keep theirs face down, except the player's own, which only they can see.

use leptos::prelude::*;

use super::mini_cards;
use super::text::{category_name, event_kind, event_sentence, space_name, L};
use crate::app::services::i18n::{Lang, Names};
use crate::app::table::card_svg::CardBack;
use crate::model::bonanza::moment::Moment;

/// The moment's title: the space it is about, else the widow.
pub fn moment_title(lang: Lang, moment: &Moment) -> &'static str {
    moment.space.map_or_else(|| L::Widow.text(lang), |space| space_name(lang, space))
}

/// The moment on the table, in the phase box's place.
#[component]
pub fn MomentBox(moment: Moment, #[prop(into)] names: Signal<Names>, lang: Lang) -> impl IntoView {
    let (kind, title) = (event_kind(&moment.event), moment_title(lang, &moment));
    let sentence = names.with_untracked(|n| event_sentence(lang, &moment.event, n, false));
    let rows = moment
        .rows
        .into_iter()
        .map(|row| {
            let who = names.with_untracked(|n| n.of(row.seat).display(lang));
            let cards = if row.cards.is_empty() {
                let backs = (0..5).map(|_| view! { <span class="mini-card"><CardBack decorative=true /></span> }).collect_view();
                view! { <span class="mini-cards mini-backs-row" aria-label=lang.pick("cards not shown", "cartes non montrées")>{backs}</span> }.into_any()
            } else {
                mini_cards(&row.cards).into_any()
            };
            let words = row.hand.map(|hand| category_name(lang, hand).to_string());
            let words = match (row.own, words) {
                (true, Some(w)) => Some(format!("{w} · {}", lang.pick("only you see it", "vous seul la voyez"))),
                (_, w) => w,
            };
            view! {
                <li class="show" class:show-won=row.won data-seat=row.seat data-won=row.won.to_string()>
                    <span class="show-who">{who}</span>
                    {cards}
                    {words.map(|w| view! { <span class="show-words">{w}</span> })}
                </li>
            }
        })
        .collect_view();
    view! {
        <div class="phase-box moment-box" data-testid="moment" data-moment=kind>
            <h2 class="phase-title">{title}</h2>
            <ul class="shows">{rows}</ul>
            <p class="phase-line phase-strong">{sentence}</p>
        </div>
    }
}
