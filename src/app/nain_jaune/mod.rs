//! The Nain Jaune game screen: the seats round the table with the board in the middle, the
//! running sequence and the table's announcements, the hand, the move log, the round summaries
//! and the final standings.
//!
//! Computer seats are driven by the shared pacing loop (`app::computer_turns`); every move, human
//! or computer, goes through the engine, is appended to the record and saved.

pub mod board;
pub mod guide;
pub mod info;
pub mod log;
pub mod summary;
pub mod text;

use std::sync::Arc;

use leptos::prelude::*;

use crate::ai::nain_jaune_bot::Hint;
use crate::engine::cards::Card;
use crate::engine::game::{Chips, Game, GameId, Seat};
use crate::engine::nain_jaune::{Action, Event, NainJauneBox, Phase, Points};
use crate::model::nain_jaune as nj;
use crate::model::session::{Humans, Session};

use crate::app::services::i18n::{hand_title, use_lang, Names, T};
use crate::app::table::computer_turns::{drive_computer_turns, forced_move, play_human_move};
use crate::app::table::game_frame::GameFrame;
use crate::app::table::hand::{Hand, HandPlace};
use crate::app::table::hint::{HintRow, Hints, Suggestion};
use crate::app::table::move_log::{MoveLog, LOG_LENGTH};
use crate::app::table::results::{game_over, GameOverPanel};
use crate::app::table::seats::SeatsRing;
use crate::app::table::stage::Stage;
use crate::app::{AppState, TableSession};
use board::{Board, RunningSequence};
use summary::{game_over_reason, RoundSummary};
use text::{event_sentence, hint_card, hint_sentence, prompt_words};

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

/// A memo of what `f` reads from this table's session (its default once the table holds no game).
fn read<T>(session: TableSession, f: impl Fn(&Session) -> T + Send + Sync + 'static) -> Memo<T>
where
    T: Default + PartialEq + Send + Sync + 'static,
{
    Memo::new(move |_| session.with(|s| s.as_ref().map(&f).unwrap_or_default()))
}

/// The table of the Nain Jaune game in `state.session` (one per game put on the table: a new
/// game starts afresh). What it shows comes from `model::nain_jaune`; this view binds it.
#[component]
pub fn NainJauneTable() -> impl IntoView {
    let state = expect_context::<AppState>();
    // This game's session: a stale memo of this view reads no game once another is on the table.
    let session = TableSession::current(state.session);
    let lang = state.lang;

    // Fixed for this game.
    let (id, humans, rounds) = session.with_untracked(|s| {
        let s = s.as_ref().expect("a game is on the table");
        (s.id, Humans::new(&s.humans()), s.nain_jaune().map_or(0, |g| g.options().rounds))
    });
    let names = read(session, Session::people);
    let stage = Stage::new(state);
    let thinking = RwSignal::new(None::<Seat>);
    // At a shared device, the human whose cards are showing.
    let revealed = RwSignal::new(humans.first_shown());
    let turn = read(session, move |s| {
        let ready = || !state.dialog_open() && stage.caught_up(s) && forced_move(&state, s).is_none();
        nj::turn(s, humans, stage.holding().is_some(), revealed.get(), ready)
    });
    let to_move = Memo::new(move |_| turn.get().to_move);
    let viewer = Memo::new(move |_| turn.get().viewer);
    let covered = Memo::new(move |_| turn.get().covered);
    let active = Memo::new(move |_| turn.get().mine);
    let pending_summary = read(session, Session::pending_summary);
    let finished = read(session, |s| s.table.is_finished());
    let deal_number = read(session, |s| s.shown().deal_number());
    let phase = Memo::new(move |_| session.with(|s| s.as_ref().map_or(Phase::GameOver, nj::phase)));
    let wanted = Memo::new(move |_| nj::wanted(phase.get()));
    let seats = read(session, move |s| nj::plates(s, viewer.get(), thinking.get()));
    let run = read(session, move |s| nj::running_sequence(s, lang.get()));
    let announcement = read(session, move |s| nj::announcement(s, stage.holding(), stage.last_move_from()));
    let prompt = read(session, move |s| nj::prompt(s, &turn.get()));
    let log = read(session, move |s| nj::log_window(s, |n| stage.told(n), LOG_LENGTH));
    let log_view = Memo::new(move |_| log.with(|events| names.with(|n| log::log_lines(lang.get(), events, n))));

    drive_computer_turns(state, thinking, stage);
    let hints = table_hints(state, Memo::new(move |_| viewer.get().filter(|_| active.get())));
    let prompt_text = Signal::derive(move || names.with(|n| prompt_words(lang.get(), prompt.get(), n)));
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
            summary=summary_view(session, stage, names)
            status=status_view(session, pending_summary, deal_number, rounds)
            side=view! {
                <MoveLog lines=log_view />
            }
        >
            <SeatsRing seats=seats viewer=humans.anchor()>
                <Board boxes=read(session, nj::boxes) />
            </SeatsRing>
            // The prompt and the hand stay together at the bottom of the window when the table is
            // taller than it (style/main.css, .play-dock).
            <div class="play-dock">
                <div class="play-strip">
                    <RunningSequence cards=run wanted=wanted />
                    <Calls announcement names active prompt=prompt_text hints />
                </div>
                <Show when=move || !finished.get() || pending_summary.get().is_some()>
                    <NainJauneHand session names viewer covered active to_move revealed />
                </Show>
            </div>
            {game_over_view(state, session, names)}
        </GameFrame>
    }
}

/// The hints: the hard level's move for `mover` (the person who may play now), with its reason.
fn table_hints(state: AppState, mover: Memo<Option<Seat>>) -> Hints {
    let explain = Callback::new(move |s: Arc<Suggestion>| {
        let hint = hint_from_json(&s.why)?;
        let points = state.session.with_untracked(|s| s.as_ref().and_then(Session::nain_jaune).map(|g| g.options().points));
        let sentence = hint_sentence(state.lang.get(), &hint, points.unwrap_or(Points::Pips));
        Some((sentence, format!("[data-testid='hand'] button[data-card='{}']", hint_card(&hint))))
    });
    Hints::new(state, mover, explain, T::HintThinking)
}

/// The table's calls beside the sequence: the announcement, the guide's words, the turn prompt
/// and the hint.
#[component]
fn Calls(
    announcement: Memo<Option<(usize, Event)>>,
    names: Memo<Names>,
    active: Memo<bool>,
    prompt: Signal<String>,
    hints: Hints,
) -> impl IntoView {
    let lang = use_lang();
    view! {
        <div class="calls">
            // Read out by the move log's announcer, with the other moves.
            <p class="announcement" data-testid="announcement">
                {move || announcement.get().map(|(i, e)| {
                    let text = names.with(|n| event_sentence(lang.get(), &e, n));
                    // Keyed by the event's index: a new call re-plays the entrance.
                    view! { <span class="call" data-event-index=i>{text}</span> }
                })}
            </p>
            <crate::app::features::guide::GuideEcho />
            <p class="turn-prompt" class:turn-mine=move || active.get() data-testid="turn-prompt">{prompt}</p>
            <HintRow hints=hints />
        </div>
    }
}

/// The hand the screen shows (or its cover at a shared device), played by the person to move.
#[component]
fn NainJauneHand(
    session: TableSession,
    names: Memo<Names>,
    viewer: Memo<Option<Seat>>,
    covered: Memo<bool>,
    active: Memo<bool>,
    to_move: Memo<Option<Seat>>,
    revealed: RwSignal<Option<Seat>>,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let lang = state.lang;
    let cards = read(session, move |s| nj::hand(s, viewer.get()));
    let playable = read(session, move |s| nj::playable(s, viewer.get()));
    let play_card = Callback::new(move |card: Card| play_human_move(state, Action::Play(card).to_string()));
    let title = Signal::derive(move || match viewer.get() {
        Some(v) => names.with(|n| hand_title(lang.get(), &n.of(v))),
        None => T::YourHand.text(lang.get()).to_string(),
    });
    let target = Signal::derive(move || guide::target(&state).filter(|_| active.get()));
    let cover_button = NodeRef::<leptos::html::Button>::new();
    crate::app::table::results::focus_button_when(cover_button, move || covered.get());
    view! {
        <HandPlace
            nobody=Signal::derive(move || viewer.get().is_none())
            covered=covered
            next=to_move
            names=names
            shown_to=revealed
            cover_button=cover_button
        >
            <Hand cards playable active on_play=play_card title target why_not=why_not />
        </HandPlace>
    }
}

/// The summary of the round whose end the table has shown, while it waits to be read.
fn summary_view(session: TableSession, stage: Stage, names: Memo<Names>) -> impl IntoView {
    // The summary opens once the table has shown the deal's end.
    let open = Memo::new(move |_| session.with(|s| s.as_ref().and_then(|s| s.pending_summary().filter(|_| stage.caught_up(s)))));
    let on_continue = Callback::new(move |_: ()| session.update(Session::close_summary));
    move || {
        let deal = open.get()?;
        let (report, last) = session.with_untracked(|s| s.as_ref().and_then(|s| nj::round_summary(s, deal)))?;
        Some(view! { <RoundSummary report names last on_continue /> })
    }
}

/// The standings, once the game is over and its last round's summary has been read.
fn game_over_view(state: AppState, session: TableSession, names: Memo<Names>) -> impl IntoView {
    let lang = state.lang;
    let shown = read(session, Session::game_over_shown);
    move || {
        if !shown.get() {
            return None;
        }
        let nj::Ending { end, winner, chips, rounds } = session.with_untracked(|s| s.as_ref().and_then(nj::ending))?;
        let reason = Signal::derive(move || names.with(|n| game_over_reason(lang.get(), &end, rounds, n)));
        Some(game_over(state, move |on_new_game| view! { <GameOverPanel reason winner chips names on_new_game /> }))
    }
}

/// Why the engine refuses a card to the seat to move (the hand's owner on its turn), in words.
fn why_not(lang: crate::app::services::i18n::Lang, s: &Session, card: Card) -> Option<String> {
    let g = s.nain_jaune()?;
    text::refusal_words(lang, &g.refusal(g.to_move()?, &Action::Play(card))?)
}

/// The header's status: the round (while a round's summary is read, the round it sums up) and how
/// long the game lasts, the stake and the talon.
fn status_view(session: TableSession, pending_summary: Memo<Option<u32>>, deal_number: Memo<u32>, rounds: u32) -> impl IntoView {
    let lang = use_lang();
    view! {
        <span class="round-badge">
            {move || text::round_badge(lang.get(), pending_summary.get().unwrap_or_else(|| deal_number.get()), rounds)}
        </span>
        <span class="stake-info">{move || stake_line(lang.get(), &session.with(|s| s.as_ref().map(nj::stake).unwrap_or_default()))}</span>
    }
}

/// "Stake 15 each · talon 4 cards".
fn stake_line(lang: crate::app::services::i18n::Lang, (each, talon): &(Chips, usize)) -> String {
    use crate::app::services::i18n::{cards_text, chips_text, Lang};
    match lang {
        Lang::En => format!("Stake {} each · talon {}", chips_text(lang, *each), cards_text(lang, *talon)),
        Lang::Fr => format!("Mise {} chacun · talon {}", chips_text(lang, *each), cards_text(lang, *talon)),
    }
}
