//! Playing at the Programmes table: the player's moves (checked with the engine first, so that a
//! refusal is said in plain words next to the actions), the keys, the hard level's hints, and
//! where the focus goes when the turn comes.

use std::sync::Arc;

use leptos::prelude::*;

use crate::engine::programmes::{Action, Phase, Placed};
use crate::model::programmes::hinted_cards;

use super::actions::{engine_check, SelectionMoves, Why};
use super::hand::{focus_soon, focus_soon_showing, InView};
use super::{hint_from_json, pg, text, Table};
use crate::app::services::i18n::T;
use crate::app::table::computer_turns::play_human_move;
use crate::app::table::hint::{Hints, Suggestion};

/// What the player's controls do.
#[derive(Clone, Copy)]
pub(super) struct Controls {
    /// Draws from the discard pile (`true`) or the stock.
    pub on_draw: Callback<bool>,
    pub on_reveal: Callback<()>,
    pub on_meld: Callback<()>,
    pub on_discard: Callback<()>,
    pub on_extend: Callback<(usize, Placed)>,
    pub on_exchange: Callback<()>,
}

impl Table {
    /// Says why the player's attempt is refused (until the next move or selection).
    fn refuse(self, why: Why) {
        self.refusal.set(Some((self.turn.with_untracked(|t| t.actions), self.selected.get_untracked(), why)));
    }

    /// Plays `action` if it is the player's turn and the engine accepts it; else says why not.
    fn try_action(self, action: Action) {
        let s = self.seen.get_untracked();
        let (Some(v), true) = (s.viewer, s.my_turn) else { return };
        match self.session.with_untracked(|s| pg(s).map(|g| engine_check(g, v, &action))) {
            Some(Ok(())) => play_human_move(self.state, action.to_string()),
            Some(Err(why)) => self.refuse(why),
            None => {}
        }
    }

    /// Plays what the selection makes (a new set, a discard), or says why it makes none.
    fn pick(self, which: fn(&SelectionMoves) -> &Result<Action, Why>) {
        let Some(m) = self.moves.get_untracked() else { return };
        match which(&m) {
            Ok(action) => self.try_action(action.clone()),
            Err(why) => self.refuse(why.clone()),
        }
    }

    pub(super) fn controls(self) -> Controls {
        let t = self;
        Controls {
            on_draw: Callback::new(move |from_discard: bool| {
                if t.turn.with_untracked(|t| t.phase) == Phase::Draw {
                    t.try_action(if from_discard { Action::DrawDiscard } else { Action::DrawStock });
                }
            }),
            on_reveal: Callback::new(move |_: ()| {
                if let Some(combos) = t.reveals.with_untracked(|r| r.get(t.chosen_reveal.get_untracked()).cloned()) {
                    t.try_action(Action::Reveal(combos));
                } else if t.seen.with_untracked(|s| s.play) {
                    t.refuse(Why::CannotRevealYet);
                }
            }),
            on_meld: Callback::new(move |_: ()| t.pick(|m| &m.meld)),
            on_discard: Callback::new(move |_: ()| t.pick(|m| &m.discard)),
            on_extend: Callback::new(move |(meld, card): (usize, Placed)| t.try_action(Action::Extend { meld, card })),
            on_exchange: Callback::new(move |_: ()| t.try_action(Action::ExchangeProgram)),
        }
    }

    /// Keys: S and D draw; R reveals, N lays the selection as a new set, X discards it, A goes to
    /// the melds the selected card extends.
    pub(super) fn keys(self, c: Controls) {
        let t = self;
        let keys = window_event_listener(leptos::ev::keydown, move |ev: web_sys::KeyboardEvent| {
            if !t.seen.with_untracked(|s| s.my_turn) || !t.state.letter_shortcut(&ev) {
                return;
            }
            let draw = t.turn.with_untracked(|t| t.phase) == Phase::Draw;
            match ev.key().to_ascii_lowercase().as_str() {
                "s" if draw => c.on_draw.run(false),
                "d" if draw => c.on_draw.run(true),
                "r" if !draw => c.on_reveal.run(()),
                "n" if !draw => c.on_meld.run(()),
                "x" if !draw => c.on_discard.run(()),
                // To the first meld the selected card can extend (Tab goes on to the others), or
                // why there is none.
                "a" if !draw => match t.moves.with_untracked(|m| m.as_ref().and_then(|m| m.extend_why.clone())) {
                    Some(why) => t.refuse(why),
                    None => focus_soon(".meld-add".into()),
                },
                _ => return,
            }
            ev.prevent_default();
        });
        on_cleanup(move || keys.remove());
    }

    /// The turn comes, or the hand changes during it: the focus goes where the next decision is
    /// (the stock, the first way to reveal, the hand); at a shared device, the cover's button.
    /// In one column the reveal panel comes after the hand: the window shows the whole panel, then
    /// goes back to where it was once the panel closes, so that the table (and the sets just laid
    /// down) is in view again.
    pub(super) fn focus_on_turn(self) {
        let Table { turn, seen, reveals, .. } = self;
        let scroll_before_reveal = std::cell::Cell::new(None::<f64>);
        Effect::new(move |_| {
            let (t, s) = (turn.get(), seen.get());
            let revealing = s.my_turn && !s.covered && t.phase == Phase::Play && reveals.with_untracked(|r| !r.is_empty());
            let view = if revealing {
                if scroll_before_reveal.get().is_none() {
                    scroll_before_reveal.set(web_sys::window().and_then(|w| w.scroll_y().ok()));
                }
                InView::Around(".reveal-panel")
            } else {
                match scroll_before_reveal.take() {
                    Some(y) => InView::Back(y),
                    None => InView::Itself,
                }
            };
            let target = match () {
                _ if s.covered => Some(".hand-cover button"),
                _ if !s.my_turn => None,
                _ if t.phase == Phase::Draw => Some("[data-testid='stock']"),
                _ if revealing => Some(".reveal-option input"),
                _ => Some("[data-testid='hand-card-0']"),
            };
            if target.is_some() || !matches!(view, InView::Itself) {
                focus_soon_showing(target.map(String::from), view);
            }
        });
    }

    /// Hints: the hard level's move, marked where it is played. A move from the hand (a new set,
    /// an extension, a discard) comes with its cards selected and the button that plays it
    /// focused, so that Enter plays it as in the other games; the suggested way to reveal is the
    /// chosen one.
    pub(super) fn hints(self) -> Hints {
        let t = self;
        let read = Callback::new(move |s: Arc<Suggestion>| {
            let action = s.action.parse::<Action>().ok()?;
            let sentence = text::hint_sentence(t.lang.get(), &action, &hint_from_json(&s.why)?, t.top(), t.seen.with(|s| s.revealed))?;
            Some((sentence, t.hint_controls(&action, &s.action)?))
        });
        let mover = Memo::new(move |_| t.seen.with(|s| s.viewer.filter(|_| s.my_turn)));
        let hints = Hints::new(t.state, mover, read, T::HintThinkingMove);
        Effect::new(move |_| {
            let Some(action) = hints.ready().and_then(|s| s.action.parse::<Action>().ok()) else { return };
            if let Some(k) = t.reveals.with_untracked(|r| r.iter().position(|c| matches!(&action, Action::Reveal(a) if a == c))) {
                t.chosen_reveal.set(k);
            } else if let Some(mask) = t.hand_cards.with_untracked(|h| hinted_cards(&action, h)) {
                t.selected.set(mask);
            }
        });
        hints
    }

    /// The controls a hinted move is played with (a selector list): its button, and the cards it
    /// takes from the hand.
    fn hint_controls(self, action: &Action, written: &str) -> Option<String> {
        Some(match action {
            Action::DrawStock => "[data-testid='stock']".to_string(),
            Action::DrawDiscard => "[data-testid='discard']".to_string(),
            Action::ExchangeProgram => "[data-testid='action-exchange']".to_string(),
            Action::Reveal(_) => "[data-testid='action-reveal']".to_string(),
            Action::Meld(_) | Action::Discard(_) | Action::Extend { .. } => {
                let mask = self.hand_cards.with(|h| hinted_cards(action, h))?;
                let button = match action {
                    Action::Meld(_) => "[data-testid='action-meld']".to_string(),
                    Action::Discard(_) => "[data-testid='action-discard']".to_string(),
                    _ => format!(".meld-add[data-action='{written}']"),
                };
                let cards = (0..64).filter(|i| mask & (1 << i) != 0).map(|i| format!(",[data-testid='hand-card-{i}']"));
                std::iter::once(button).chain(cards).collect()
            }
        })
    }
}
