//! The Nain Jaune game screen: the seats round the table with the board in the middle, the
//! running sequence and the table's announcements, the hand, the move log, the round summaries
//! and the final standings.
//!
//! The pacing loop lives here: when a computer seat is to move, its observation goes to the AI
//! client; the answer is shown no sooner than the chosen speed allows, and only after the engine
//! has accepted it. Every move, human or computer, is appended to the record and saved.

pub mod board;
pub mod hand;
pub mod session;
pub mod summary;
pub mod table;

use gloo_timers::future::TimeoutFuture;
use leptos::prelude::*;

use crate::ai::nain_jaune_bot::Hint;
use crate::ai::Level;
use crate::engine::cards::{Card, CardSet};
use crate::engine::game::{Chips, Game, GameId, Seat};
use crate::engine::nain_jaune::{Action, Event, NainJauneBox, Phase};
use crate::protocol::{FromWorker, ToWorker};

use super::i18n::{
    event_sentence, hand_title, hint_card, hint_sentence, is_announcement, pass_device_to, round_title, tr,
    waiting_for, your_turn_follow, T,
};
use super::move_log::{MoveLog, LOG_LENGTH};
use super::notices::Msg;
use super::timing;
use super::{AppState, Screen};
use board::{Board, RunningSequence};
use hand::Hand;
use session::{ai_seed, SeatKind};
use summary::{GameOverPanel, RoundReport, RoundSummary};
use table::{SeatView, SeatsRing};

/// Thinking time given to the search levels, in milliseconds.
const AI_BUDGET_MS: u32 = 200;
/// Thinking time of a hint (the hard level, with its reason).
const HINT_BUDGET_MS: u32 = 300;
/// Mixed into a hint's seed, so a hint is not the very search a computer seat would make.
const HINT_SEED: u64 = 0x4849_4E54; // "HINT"

/// A hint for the human to move.
#[derive(Clone, Debug, PartialEq)]
enum HintState {
    /// Asked, no answer yet.
    Thinking,
    /// The card to play and why.
    Ready(Hint),
    /// No hint could be had (the reason goes to the console).
    Failed,
}

/// Reads the worker's explanation (a [`Hint`] as JSON) field by field: a derived `Deserialize`
/// for this internally tagged enum would add some 14 KB to the page's code.
pub fn hint_from_json(json: &serde_json::Value) -> Option<Hint> {
    let card = || json.get("card")?.as_str()?.parse::<Card>().ok();
    let number = |key: &str| json.get(key)?.as_u64();
    let run = || number("run").and_then(|n| usize::try_from(n).ok());
    let chips = |key: &str| json.get(key)?.as_i64().and_then(|n| Chips::try_from(n).ok());
    Some(match json.get("kind")?.as_str()? {
        "forced" => Hint::Forced { card: card()? },
        "goes_out" => Hint::GoesOut { card: card()?, run: run()? },
        "takes_box" => {
            let key = json.get("board_box")?.as_str()?;
            let board_box = NainJauneBox::ALL.into_iter().find(|b| b.key() == key)?;
            Hint::TakesBox { card: card()?, board_box, chips: chips("chips")? }
        }
        "keeps_lead" => Hint::KeepsLead { card: card()?, run: run()? },
        "sheds" => Hint::Sheds { card: card()?, run: run()?, points: chips("points")? },
        "follows" => Hint::Follows { card: card()? },
        _ => return None,
    })
}

/// Whether a key press is meant for a field or a list (so it is no shortcut).
fn typing_in_field(ev: &web_sys::KeyboardEvent) -> bool {
    use wasm_bindgen::JsCast;
    ev.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA"))
}

/// The screen: one [`GameTable`] per game put on the table (a new game starts afresh).
#[component]
pub fn NainJauneScreen() -> impl IntoView {
    let state = expect_context::<AppState>();
    let session_id = Memo::new(move |_| state.session.with(|s| s.as_ref().map(|s| s.id)));
    move || match session_id.get() {
        Some(_) => view! { <GameTable /> }.into_any(),
        None => {
            // Nothing on the table (should not happen): back to the new-game form.
            state.screen.set(Screen::NewGame);
            ().into_any()
        }
    }
}

/// Applies a computer seat's answer, if the game is still where it was when the move was asked.
fn apply_computer_move(state: AppState, id: u64, index: usize, seat: Seat, result: Result<String, String>) {
    let current =
        state.session.with_untracked(|s| s.as_ref().is_some_and(|s| s.id == id && s.record.actions.len() == index));
    if !current {
        return;
    }
    let name = state.session.with_untracked(|s| {
        s.as_ref().map(|s| s.people().of(seat).display(state.lang.get_untracked())).unwrap_or_default()
    });
    let action_text = match result {
        Ok(text) => text,
        Err(reason) => {
            state.notices.push(Msg::AiFailed { name, reason });
            return;
        }
    };
    let action: Action = match action_text.parse() {
        Ok(a) => a,
        Err(reason) => {
            state.notices.push(Msg::AiIllegal { name, action: action_text, reason });
            return;
        }
    };
    let mut refused = None;
    state.session.maybe_update(|s| {
        let Some(s) = s.as_mut() else { return false };
        match s.play(seat, action) {
            Ok(()) => {
                state.save(&s.record);
                true
            }
            Err(e) => {
                refused = Some(e.reason);
                false
            }
        }
    });
    if let Some(reason) = refused {
        state.notices.push(Msg::AiIllegal { name, action: action_text, reason });
    }
}

/// The table of the game in `state.session`.
#[component]
fn GameTable() -> impl IntoView {
    let state = expect_context::<AppState>();
    let session = state.session;
    let lang = state.lang;

    // Fixed for this game.
    let (id, players, humans) = session.with_untracked(|s| {
        let s = s.as_ref().expect("a game is on the table");
        (s.id, s.seats.len(), s.humans())
    });
    // The seat drawn at the bottom of the oval: the first human (or seat 0 at a computers' table).
    let first_human = humans.first().copied();
    let anchor = first_human.unwrap_or(0);
    let shared_device = humans.len() > 1;
    let human_seats: u16 = humans.iter().map(|&s| 1u16 << s).sum();

    let names = Memo::new(move |_| session.with(|s| s.as_ref().map(|s| s.people()).unwrap_or_default()));
    let to_move = Memo::new(move |_| session.with(|s| s.as_ref().and_then(|s| s.game.to_move())));
    let pending_summary = Memo::new(move |_| session.with(|s| s.as_ref().and_then(|s| s.pending_summary())));
    let finished = Memo::new(move |_| session.with(|s| s.as_ref().is_some_and(|s| s.game.is_finished())));
    let deal_number = Memo::new(move |_| session.with(|s| s.as_ref().map_or(0, |s| s.game.deal_number())));
    let phase = Memo::new(move |_| session.with(|s| s.as_ref().map_or(Phase::GameOver, |s| s.game.phase())));
    let thinking = RwSignal::new(None::<Seat>);
    // At a shared device, the human whose cards are showing.
    let revealed = RwSignal::new(if shared_device { None } else { first_human });

    let human_to_move = move || to_move.get().filter(|&s| human_seats & (1 << s) != 0);
    let viewer = Memo::new(move |_| {
        if !shared_device {
            return first_human;
        }
        human_to_move().or(revealed.get()).or(first_human)
    });
    // A shared device hides the hand until its owner asks to see it.
    let covered = Memo::new(move |_| {
        shared_device && pending_summary.get().is_none() && human_to_move().is_some_and(|h| revealed.get() != Some(h))
    });
    let hand_cards = Memo::new(move |_| {
        let Some(v) = viewer.get() else { return Vec::new() };
        session.with(|s| s.as_ref().map(|s| s.game.hand(v).by_rank()).unwrap_or_default())
    });
    let playable = Memo::new(move |_| {
        let Some(v) = viewer.get() else { return CardSet::EMPTY };
        session.with(|s| {
            let Some(s) = s.as_ref() else { return CardSet::EMPTY };
            if s.game.to_move() != Some(v) {
                return CardSet::EMPTY;
            }
            s.game.legal_actions().into_iter().map(|Action::Play(card)| card).collect()
        })
    });
    let active = Memo::new(move |_| {
        let v = viewer.get();
        v.is_some()
            && to_move.get() == v
            && pending_summary.get().is_none()
            && !covered.get()
            && !state.rules_open.get()
    });
    let seats = Memo::new(move |_| {
        let thinking = thinking.get();
        let viewer = viewer.get();
        session.with(|s| {
            let Some(s) = s.as_ref() else { return Vec::new() };
            let people = s.people();
            (0..players)
                .map(|seat| SeatView {
                    seat,
                    person: people.of(seat),
                    kind: s.seats[seat],
                    chips: s.game.chips()[seat],
                    cards: s.game.hand(seat).len(),
                    dealer: s.game.dealer() == seat,
                    to_move: s.game.to_move() == Some(seat),
                    thinking: thinking == Some(seat),
                    viewer: viewer == Some(seat),
                })
                .collect()
        })
    });
    let boxes = Memo::new(move |_| session.with(|s| s.as_ref().map_or([0; 5], |s| s.game.boxes())));
    // The climb on the table, with who played each card (read back from this round's plays).
    let run = Memo::new(move |_| {
        let l = lang.get();
        session.with(|s| {
            let Some(s) = s.as_ref() else { return Vec::new() };
            let run = s.game.run();
            let people = s.people();
            let mut who = std::collections::HashMap::new();
            for e in s.game.events().iter().rev() {
                match e {
                    Event::Played { seat, card } if run.contains(*card) => {
                        who.entry(*card).or_insert(*seat);
                    }
                    Event::Staked { .. } => break,
                    _ => {}
                }
            }
            run.by_rank()
                .into_iter()
                .map(|c| (c, who.get(&c).map(|&seat| people.of(seat).display(l)).unwrap_or_default()))
                .collect::<Vec<_>>()
        })
    });
    let wanted = Memo::new(move |_| match phase.get() {
        Phase::Follow(rank) => Some(rank),
        _ => None,
    });
    let announcement = Memo::new(move |_| {
        session.with(|s| {
            s.as_ref().and_then(|s| {
                let events = s.game.events();
                events.iter().enumerate().rev().find(|(_, e)| is_announcement(e)).map(|(i, e)| (i, e.clone()))
            })
        })
    });
    let log = Memo::new(move |_| {
        session.with(|s| {
            s.as_ref()
                .map(|s| {
                    let events = s.game.events();
                    let from = events.len().saturating_sub(LOG_LENGTH);
                    events[from..].iter().cloned().enumerate().map(|(i, e)| (i + from, e)).collect::<Vec<_>>()
                })
                .unwrap_or_default()
        })
    });

    // ---- The pacing loop: ask the computer seat to move, then show its move in time. ----
    let requested = StoredValue::new(None::<(u64, usize)>);
    let retries_seen = StoredValue::new(state.ai_retry.get_untracked());
    Effect::new(move |_| {
        let retries = state.ai_retry.get();
        if retries != retries_seen.get_value() {
            retries_seen.set_value(retries);
            requested.set_value(None);
        }
        let turn = session.with(|s| {
            let s = s.as_ref()?;
            if s.pending_summary().is_some() {
                return None;
            }
            match s.mover()? {
                (seat, SeatKind::Computer(level)) => Some((s.id, s.record.actions.len(), seat, level, s.record.seed)),
                _ => None,
            }
        });
        let Some((id, index, seat, level, record_seed)) = turn else { return };
        if requested.get_value() == Some((id, index)) {
            return;
        }
        requested.set_value(Some((id, index)));
        let Some(observation) =
            session.with_untracked(|s| s.as_ref().and_then(|s| serde_json::to_value(s.game.observe(seat)).ok()))
        else {
            return;
        };
        thinking.set(Some(seat));
        let started = js_sys::Date::now();
        let request = ToWorker::Think {
            id: index as u64,
            game: GameId::NainJaune,
            level,
            seed: ai_seed(record_seed, index),
            budget_ms: AI_BUDGET_MS,
            iterations: None,
            observation,
            explain: false,
        };
        // The question goes once the page has drawn the last move: the search then does not
        // compete for the processor with that (busiest) frame.
        timing::after_next_paint(move || {
            let current = state
                .session
                .with_untracked(|s| s.as_ref().is_some_and(|s| s.id == id && s.record.actions.len() == index));
            if !current {
                thinking.try_set(None);
                return;
            }
            let asked = timing::now();
            state.ai().request_boxed(
                request,
                Box::new(move |answer| {
                    timing::measure(&format!("tapis-ai:{}", level.key()), asked);
                    let result = answer.and_then(|a| match a {
                        FromWorker::Move { action, .. } => Ok(action),
                        _ => Err("the AI did not answer with a move".to_string()),
                    });
                    leptos::task::spawn_local(async move {
                        let delay = state.settings.with_untracked(|s| s.speed.delay_ms()) as f64;
                        let wait = delay - (js_sys::Date::now() - started);
                        if wait >= 1.0 {
                            TimeoutFuture::new(wait as u32).await;
                        }
                        thinking.try_set(None);
                        apply_computer_move(state, id, index, seat, result);
                    });
                }),
            );
        });
    });

    let play_card = Callback::new(move |card: Card| {
        let mut refused = None;
        session.maybe_update(|s| {
            let Some(s) = s.as_mut() else { return false };
            let Some((seat, SeatKind::Human)) = s.mover() else { return false };
            match s.play(seat, Action::Play(card)) {
                Ok(()) => {
                    state.save(&s.record);
                    true
                }
                Err(e) => {
                    refused = Some((e.action, e.reason));
                    false
                }
            }
        });
        if let Some((action, reason)) = refused {
            state.notices.push(Msg::MoveRefused { action, reason });
        } else {
            state.notices.clear_ai();
        }
    });

    // ---- Hints: the hard level's move for the human to play, with its reason. ----
    let action_count = Memo::new(move |_| session.with(|s| s.as_ref().map_or(0, |s| s.record.actions.len())));
    let hint = RwSignal::new(None::<(usize, HintState)>);
    // Only the hint for the position on the table is shown: playing a card clears it.
    let current_hint = move || {
        let count = action_count.get();
        hint.with(|h| h.as_ref().filter(|(i, _)| *i == count).map(|(_, h)| h.clone()))
    };
    let hinted_card = Signal::derive(move || match current_hint() {
        Some(HintState::Ready(hint)) if active.get() => Some(hint_card(&hint)),
        _ => None,
    });
    let ask_hint = Callback::new(move |_: ()| {
        if !active.get_untracked() {
            return;
        }
        let index = action_count.get_untracked();
        match untrack(current_hint) {
            Some(HintState::Thinking) => return,
            Some(HintState::Ready(hint)) => return hand::focus_card(hint_card(&hint)),
            _ => {}
        }
        let Some(seat) = viewer.get_untracked() else { return };
        let Some((observation, record_seed)) = session.with_untracked(|s| {
            let s = s.as_ref()?;
            Some((serde_json::to_value(s.game.observe(seat)).ok()?, s.record.seed))
        }) else {
            return;
        };
        hint.set(Some((index, HintState::Thinking)));
        let asked = timing::now();
        let request = ToWorker::Think {
            id: 0,
            game: GameId::NainJaune,
            level: Level::Hard,
            seed: ai_seed(record_seed, index) ^ HINT_SEED,
            budget_ms: HINT_BUDGET_MS,
            iterations: None,
            observation,
            explain: true,
        };
        state.ai().request_boxed(
            request,
            Box::new(move |answer| {
                timing::measure("tapis-ai:hint", asked);
                // The game moved on (or left the table) meanwhile: this hint is for nothing.
                if action_count.try_get_untracked() != Some(index) {
                    return;
                }
                // The explanation names the card (the very move the search chose) and why.
                let shown = match &answer {
                    Ok(FromWorker::Move { explanation: Some(why), .. }) => hint_from_json(why).map(HintState::Ready),
                    _ => None,
                };
                let shown = shown.unwrap_or_else(|| {
                    if let Err(reason) = &answer {
                        web_sys::console::warn_1(&format!("no hint: {reason}").into());
                    }
                    HintState::Failed
                });
                if let HintState::Ready(hint) = &shown {
                    // Enter (or Space) then plays the suggestion.
                    hand::focus_card(hint_card(hint));
                }
                hint.try_set(Some((index, shown)));
            }),
        );
    });
    // The `h` key asks for a hint on the human's turn (not while typing in a field).
    let hint_key = window_event_listener(leptos::ev::keydown, move |ev: web_sys::KeyboardEvent| {
        if !matches!(ev.key().as_str(), "h" | "H") || typing_in_field(&ev) || !active.get_untracked() {
            return;
        }
        ev.prevent_default();
        ask_hint.run(());
    });
    on_cleanup(move || hint_key.remove());
    let hint_text = move || {
        let l = lang.get();
        match current_hint()? {
            HintState::Thinking => Some(T::HintThinking.text(l).to_string()),
            HintState::Ready(hint) => Some(hint_sentence(l, &hint)),
            HintState::Failed => Some(T::HintFailed.text(l).to_string()),
        }
    };
    let hint_state = move || match current_hint() {
        Some(HintState::Thinking) => "thinking",
        Some(HintState::Ready { .. }) => "ready",
        Some(HintState::Failed) => "failed",
        None => "none",
    };

    let continue_after_summary = Callback::new(move |_: ()| {
        session.update(|s| {
            if let Some(s) = s.as_mut() {
                s.rounds_seen += 1;
            }
        });
    });

    let hand_heading = Signal::derive(move || match viewer.get() {
        Some(v) => names.with(|n| hand_title(lang.get(), &n.of(v))),
        None => T::YourHand.text(lang.get()).to_string(),
    });

    let turn_prompt = move || {
        let l = lang.get();
        if finished.get() {
            return String::new();
        }
        let Some(mover) = to_move.get() else { return String::new() };
        if active.get() {
            return match wanted.get() {
                Some(rank) => your_turn_follow(l, rank),
                None => T::YourTurnLead.text(l).to_string(),
            };
        }
        names.with(|n| waiting_for(l, &n.of(mover), wanted.get()))
    };

    let summary_view = move || {
        let deal = pending_summary.get()?;
        let report = session
            .with_untracked(|s| s.as_ref().and_then(|s| RoundReport::build(s.game.events(), deal, s.game.chips())))?;
        let last = session
            .with_untracked(|s| s.as_ref().is_some_and(|s| s.game.is_finished() && s.rounds_finished() as u32 == deal));
        Some(view! { <RoundSummary report=report names=names last=last on_continue=continue_after_summary /> })
    };

    let game_over_view = move || {
        if !finished.get() || pending_summary.get().is_some() {
            return None;
        }
        let (end, winner, chips, rounds) = session.with_untracked(|s| {
            let s = s.as_ref()?;
            s.game.events().iter().rev().find_map(|e| match e {
                Event::GameOver { end, winner, chips } => {
                    Some((end.clone(), *winner, chips.clone(), s.rounds_finished() as u32))
                }
                _ => None,
            })
        })?;
        Some(view! {
            <GameOverPanel
                end=end
                winner=winner
                chips=chips
                rounds=rounds
                names=names
                on_new_game=Callback::new(move |_| state.screen.set(Screen::NewGame))
            />
        })
    };

    let cover_button = NodeRef::<leptos::html::Button>::new();
    Effect::new(move |_| {
        if covered.get() {
            set_timeout(
                move || {
                    if let Some(b) = cover_button.get_untracked() {
                        let _ = b.focus();
                    }
                },
                std::time::Duration::ZERO,
            );
        }
    });

    view! {
        <section
            class="game"
            data-testid="game"
            data-session=id.to_string()
            data-deal-number=move || deal_number.get().to_string()
            data-phase=move || phase.get().name()
            data-to-move=move || to_move.get().map(|s| s.to_string()).unwrap_or_default()
            aria-label=move || T::NainJaune.text(lang.get())
        >
            <div class="game-main">
                <div class="game-status">
                    <span class="round-badge">{move || round_title(lang.get(), deal_number.get())}</span>
                    <span class="stake-info">{move || stake_line(lang.get(), &session.with(|s| s.as_ref().map(|s| (s.game.stake_each(), s.game.talon().len())).unwrap_or((0, 0))))}</span>
                </div>
                <SeatsRing seats=seats viewer=anchor>
                    <Board boxes=boxes />
                </SeatsRing>
                <div class="play-strip">
                    <RunningSequence cards=run wanted=wanted />
                    <div class="calls">
                        <p class="announcement" data-testid="announcement" aria-live="polite" aria-atomic="true">
                            {move || announcement.get().map(|(i, e)| {
                                let text = names.with(|n| event_sentence(lang.get(), &e, n));
                                // Keyed by the event's index: a new call re-plays the entrance.
                                view! { <span class="call" data-event-index=i>{text}</span> }
                            })}
                        </p>
                        <p class="turn-prompt" class:turn-mine=move || active.get() data-testid="turn-prompt">{turn_prompt}</p>
                        <div class="hint-row" hidden=move || !active.get()>
                                <button
                                    type="button"
                                    class="btn btn-small btn-hint"
                                    data-testid="hint"
                                    aria-keyshortcuts="h"
                                    on:click=move |_| ask_hint.run(())
                                >
                                    {tr(T::HintButton)}
                                    <kbd class="kbd" aria-hidden="true">"H"</kbd>
                                </button>
                                <p class="hint-text" data-testid="hint-text" data-state=hint_state aria-live="polite">
                                    {hint_text}
                                </p>
                        </div>
                    </div>
                </div>
                {move || game_over_view()}
                <Show when=move || !finished.get() || pending_summary.get().is_some()>
                    <Show
                        when=move || viewer.get().is_some()
                        fallback=move || view! {
                            <section class="hand-area">
                                <div class="hand hand-empty" data-testid="hand">{tr(T::NoHumanHand)}</div>
                            </section>
                        }
                    >
                        <Show
                            when=move || !covered.get()
                            fallback=move || view! {
                                <section class="hand-area hand-cover">
                                    <div class="hand hand-empty" data-testid="hand">
                                        <p>{move || to_move.get().map(|m| names.with(|n| pass_device_to(lang.get(), &n.of(m)))).unwrap_or_default()}</p>
                                        <button
                                            type="button"
                                            class="btn btn-primary"
                                            node_ref=cover_button
                                            on:click=move |_| revealed.set(to_move.get_untracked())
                                        >
                                            {tr(T::ShowMyCards)}
                                        </button>
                                    </div>
                                </section>
                            }
                        >
                            <Hand
                                cards=hand_cards
                                playable=playable
                                active=active
                                on_play=play_card
                                title=hand_heading
                                hinted=hinted_card
                            />
                        </Show>
                    </Show>
                </Show>
            </div>
            <aside class="game-side">
                <MoveLog events=log names=names />
            </aside>
            {summary_view}
        </section>
    }
}

/// "Stake 15 each · talon 4 cards".
fn stake_line(lang: super::i18n::Lang, (each, talon): &(Chips, usize)) -> String {
    use super::i18n::{cards_text, chips_text, Lang};
    match lang {
        Lang::En => format!("Stake {} each · talon {}", chips_text(lang, *each), cards_text(lang, *talon)),
        Lang::Fr => format!("Mise {} chacun · talon {}", chips_text(lang, *each), cards_text(lang, *talon)),
    }
}
