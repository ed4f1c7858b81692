//! The Nain Jaune game screen: the seats round the table with the board in the middle, the
//! running sequence and the table's announcements, the hand, the move log, the round summaries
//! and the final standings.
//!
//! Computer seats are driven by the shared pacing loop (`app::computer_turns`); every move, human
//! or computer, goes through the engine, is appended to the record and saved.

pub mod board;
pub mod log;
pub mod summary;
pub mod guide;
pub mod info;
pub mod text;

use std::sync::Arc;

use leptos::prelude::*;

use crate::ai::nain_jaune_bot::Hint;
use crate::engine::cards::{Card, CardSet};
use crate::engine::game::{Chips, Game, GameId, Seat};
use crate::engine::nain_jaune::{Action, Event, NainJauneBox, Phase, RoundSettlement};

use crate::app::services::i18n::{hand_title, T};
use text::{event_sentence, hint_card, hint_sentence, is_announcement, waiting_for, your_turn_follow};
use crate::app::table::hint::{HintRow, Hints, Suggestion};
use crate::app::table::move_log::{MoveLog, LOG_LENGTH};
use super::AppState;
use board::{Board, RunningSequence, SequenceCard};
use crate::app::table::hand::{Hand, HandPlace};
use crate::app::table::game_frame::GameFrame;
use crate::app::table::computer_turns::{drive_computer_turns, forced_move, play_human_move};
use crate::app::table::stage::Stage;
use crate::model::session::{Humans, Session};
use summary::{game_over_reason, RoundSummary};
use crate::app::table::results::{game_over, GameOverPanel};
use crate::app::table::seats::{SeatView, SeatsRing};

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

/// The Nain Jaune game on the table, if the table plays it.
fn nj(s: &Option<Session>) -> Option<&crate::engine::nain_jaune::NainJaune> {
    s.as_ref().and_then(Session::nain_jaune)
}

/// The table of the Nain Jaune game in `state.session` (one per game put on the table: a new
/// game starts afresh).
#[component]
pub fn NainJauneTable() -> impl IntoView {
    let state = expect_context::<AppState>();
    // This game's session: a stale memo of this view reads no game once another is on the table.
    let session = super::TableSession::current(state.session);
    let lang = state.lang;

    // Fixed for this game. A read-only position (embedding) shows the table as it is: no turn,
    // no hint, no computer thinking.
    let (id, players, humans, read_only, rounds) = session.with_untracked(|s| {
        let s = s.as_ref().expect("a game is on the table");
        (s.id, s.seats.len(), s.humans(), s.read_only, s.nain_jaune().map_or(0, |g| g.options().rounds))
    });
    // The seat drawn at the bottom of the oval: the first human (or seat 0 at a computers' table).
    let people = Humans::new(&humans);
    let anchor = people.anchor();

    let names = Memo::new(move |_| session.with(|s| s.as_ref().map(|s| s.people()).unwrap_or_default()));
    let stage = Stage::new(state);
    // Nobody is marked to play while the table holds a moment.
    let to_move = Memo::new(move |_| {
        let holding = stage.holding().is_some();
        session.with(|s| s.as_ref().and_then(|s| s.shown().to_move()).filter(|_| !holding))
    });
    let pending_summary = Memo::new(move |_| session.with(|s| s.as_ref().and_then(|s| s.pending_summary())));
    // The summary opens once the table has shown the deal's end.
    let summary_open = Memo::new(move |_| pending_summary.get().filter(|_| session.with(|s| s.as_ref().is_some_and(|s| stage.caught_up(s)))));
    let finished = Memo::new(move |_| session.with(|s| s.as_ref().is_some_and(|s| s.table.is_finished())));
    let deal_number = Memo::new(move |_| session.with(|s| s.as_ref().map_or(0, |s| s.shown().deal_number())));
    let phase = Memo::new(move |_| session.with(|s| nj(s).map_or(Phase::GameOver, |g| g.phase())));
    let thinking = RwSignal::new(None::<Seat>);
    // At a shared device, the human whose cards are showing.
    let revealed = RwSignal::new(people.first_shown());

    let human_to_move = move || to_move.get().filter(|&s| !read_only && people.plays(s));
    let viewer = Memo::new(move |_| people.viewer(human_to_move(), revealed.get()));
    // A shared device hides the hand until its owner asks to see it.
    let covered = Memo::new(move |_| people.covered(human_to_move(), revealed.get(), pending_summary.get().is_some()));
    let hand_cards = Memo::new(move |_| {
        let Some(v) = viewer.get() else { return Vec::new() };
        session.with(|s| nj(s).map(|g| g.hand(v).by_rank()).unwrap_or_default())
    });
    let playable = Memo::new(move |_| {
        let Some(v) = viewer.get() else { return CardSet::EMPTY };
        session.with(|s| {
            let Some(g) = nj(s) else { return CardSet::EMPTY };
            if g.to_move() != Some(v) {
                return CardSet::EMPTY;
            }
            g.legal_actions().into_iter().map(|Action::Play(card)| card).collect()
        })
    });
    let active = Memo::new(move |_| {
        let v = viewer.get();
        !read_only
            && v.is_some()
            && to_move.get() == v
            && pending_summary.get().is_none()
            && !covered.get()
            && !state.dialog_open()
            && session.with(|s| s.as_ref().is_some_and(|s| stage.caught_up(s) && forced_move(&state, s).is_none()))
    });
    let seats = Memo::new(move |_| {
        let thinking = thinking.get();
        let viewer = viewer.get();
        session.with(|s| {
            let (Some(s), Some(g)) = (s.as_ref(), nj(s)) else { return Vec::new() };
            let people = s.people();
            (0..players)
                .map(|seat| SeatView {
                    seat,
                    person: people.of(seat),
                    kind: s.seats[seat],
                    chips: Some(g.chips()[seat]),
                    cards: g.hand(seat).len(),
                    note: None,
                    shown: Vec::new(),
                    dealer: g.dealer() == seat,
                    to_move: g.to_move() == Some(seat),
                    thinking: thinking == Some(seat),
                    viewer: viewer == Some(seat),
                })
                .collect()
        })
    });
    let boxes = Memo::new(move |_| session.with(|s| nj(s).map_or([0; 5], |g| g.boxes())));
    // The climb on the table, with who played each card (read back from this round's plays).
    let run = Memo::new(move |_| {
        let l = lang.get();
        session.with(|s| {
            let (Some(s), Some(g)) = (s.as_ref(), nj(s)) else { return Vec::new() };
            let run = g.run();
            let people = s.people();
            let mut who = std::collections::HashMap::new();
            for (i, e) in g.events().iter().enumerate().rev() {
                match e {
                    Event::Played { seat, card } if run.contains(*card) => {
                        who.entry(*card).or_insert((*seat, i));
                    }
                    Event::Staked { .. } => break,
                    _ => {}
                }
            }
            run.by_rank()
                .into_iter()
                .map(|card| {
                    let played_by = who.get(&card).copied();
                    SequenceCard { card, who: played_by.map(|(seat, _)| people.of(seat).display(l)).unwrap_or_default(), played_by }
                })
                .collect::<Vec<_>>()
        })
    });
    let wanted = Memo::new(move |_| match phase.get() {
        Phase::Follow(rank) => Some(rank),
        _ => None,
    });
    // The moment the table holds, else what the last move brought: an announcement leaves once
    // another card is played (its situation is over).
    let announcement = Memo::new(move |_| {
        let (held, since) = (stage.holding(), stage.last_move_from());
        session.with(|s| {
            nj(s).and_then(|g| {
                let events = g.events();
                let i = held.filter(|&i| i < events.len()).or_else(|| (since..events.len()).rev().find(|&i| is_announcement(&events[i])))?;
                Some((i, events[i].clone()))
            })
        })
    });
    let log = Memo::new(move |_| {
        session.with(|s| {
            nj(s)
                .map(|g| {
                    let events = &g.events()[..stage.told(g.events().len())];
                    let from = events.len().saturating_sub(LOG_LENGTH);
                    events[from..].iter().cloned().enumerate().map(|(i, e)| (i + from, e)).collect::<Vec<_>>()
                })
                .unwrap_or_default()
        })
    });

    let log_view = Memo::new(move |_| log.with(|events| names.with(|n| log::log_lines(lang.get(), events, n))));

    drive_computer_turns(state, thinking, stage);

    let play_card = Callback::new(move |card: Card| play_human_move(state, Action::Play(card).to_string()));

    // ---- Hints: the hard level's move for the human to play, with its reason. ----
    let read = Callback::new(move |s: Arc<Suggestion>| {
        let hint = hint_from_json(&s.why)?;
        let points = state.session.with_untracked(|s| nj(s).map(|g| g.options().points)).unwrap_or(crate::engine::nain_jaune::Points::Pips);
        Some((hint_sentence(lang.get(), &hint, points), format!("[data-testid='hand'] button[data-card='{}']", hint_card(&hint))))
    });
    let hints = Hints::new(state, Memo::new(move |_| viewer.get().filter(|_| active.get())), read, T::HintThinking);

    let continue_after_summary = Callback::new(move |_: ()| {
        session.update(Session::close_summary);
    });

    let hand_heading = Signal::derive(move || match viewer.get() {
        Some(v) => names.with(|n| hand_title(lang.get(), &n.of(v))),
        None => T::YourHand.text(lang.get()).to_string(),
    });

    let turn_prompt = move || {
        let l = lang.get();
        if finished.get() || read_only {
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
        let deal = summary_open.get()?;
        let report = session
            .with_untracked(|s| nj(s).and_then(|g| RoundSettlement::of(g.events(), deal, g.chips())))?;
        let last = session
            .with_untracked(|s| s.as_ref().is_some_and(|s| s.table.is_finished() && s.rounds_finished() as u32 == deal));
        Some(view! { <RoundSummary report=report names=names last=last on_continue=continue_after_summary /> })
    };

    let game_over_view = move || {
        if !finished.get() || pending_summary.get().is_some() {
            return None;
        }
        let (end, winner, chips, rounds) = session.with_untracked(|s| {
            let s = s.as_ref()?;
            s.nain_jaune()?.events().iter().rev().find_map(|e| match e {
                Event::GameOver { end, winner, chips } => {
                    Some((end.clone(), *winner, chips.clone(), s.rounds_finished() as u32))
                }
                _ => None,
            })
        })?;
        let reason = Signal::derive(move || names.with(|n| game_over_reason(lang.get(), &end, rounds, n)));
        Some(game_over(state, move |on_new_game| view! { <GameOverPanel reason winner chips names on_new_game /> }))
    };

    let cover_button = NodeRef::<leptos::html::Button>::new();
    crate::app::table::results::focus_button_when(cover_button, move || covered.get());

    view! {
        <GameFrame
            game=GameId::NainJaune
            class="game"
            session=id
            extra=()
            deal=move || deal_number.get()
            phase=move || phase.get().name()
            to_move=move || to_move.get()
            holding=move || stage.holding()
            label=move || T::NainJaune.text(lang.get())
            summary=summary_view
            status=view! {
                <span class="round-badge">
                    // While a round's summary is read, the round it sums up.
                    {move || text::round_badge(lang.get(), pending_summary.get().unwrap_or_else(|| deal_number.get()), rounds)}
                </span>
                <span class="stake-info">{move || stake_line(lang.get(), &session.with(|s| nj(s).map(|g| (g.stake_each(), g.talon().len())).unwrap_or((0, 0))))}</span>
            }
            side=view! {
                <MoveLog lines=log_view />
            }
        >
            <SeatsRing seats=seats viewer=anchor>
                <Board boxes=boxes />
            </SeatsRing>
            // The prompt and the hand stay together at the bottom of the window when the table is
            // taller than it (style/main.css, .play-dock).
            <div class="play-dock">
                <div class="play-strip">
                    <RunningSequence cards=run wanted=wanted />
                    <div class="calls">
                        // Read out by the move log's announcer, with the other moves.
                        <p class="announcement" data-testid="announcement">
                            {move || announcement.get().map(|(i, e)| {
                                let text = names.with(|n| event_sentence(lang.get(), &e, n));
                                // Keyed by the event's index: a new call re-plays the entrance.
                                view! { <span class="call" data-event-index=i>{text}</span> }
                            })}
                        </p>
                        <crate::app::guide::GuideEcho />
                        <p class="turn-prompt" class:turn-mine=move || active.get() data-testid="turn-prompt">{turn_prompt}</p>
                        <HintRow hints=hints />
                    </div>
                </div>
                <Show when=move || !finished.get() || pending_summary.get().is_some()>
                    <HandPlace
                        nobody=Signal::derive(move || viewer.get().is_none())
                        covered=covered
                        next=to_move
                        names=names
                        shown_to=revealed
                        cover_button=cover_button
                    >
                        <Hand cards=hand_cards playable=playable active=active on_play=play_card title=hand_heading
                            target=Signal::derive(move || guide::target(&state).filter(|_| active.get())) why_not=why_not />
                    </HandPlace>
                </Show>
            </div>
            {move || game_over_view()}
        </GameFrame>
    }
}

/// Why the engine refuses a card to the seat to move (the hand's owner on its turn), in words.
fn why_not(lang: crate::app::services::i18n::Lang, s: &Session, card: Card) -> Option<String> {
    let g = s.nain_jaune()?;
    text::refusal_words(lang, &g.refusal(g.to_move()?, &Action::Play(card))?)
}

/// "Stake 15 each · talon 4 cards".
fn stake_line(lang: crate::app::services::i18n::Lang, (each, talon): &(Chips, usize)) -> String {
    use crate::app::services::i18n::{cards_text, chips_text, Lang};
    match lang {
        Lang::En => format!("Stake {} each · talon {}", chips_text(lang, *each), cards_text(lang, *talon)),
        Lang::Fr => format!("Mise {} chacun · talon {}", chips_text(lang, *each), cards_text(lang, *talon)),
    }
}
