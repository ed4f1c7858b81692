//! The Bonanza game screen: the seats round the table with the wheel in the middle, beside it the
//! phase of the deal (the widow and its auction, the call in progress, the poker betting, the
//! race) and the deal's story; below, the table's announcement, the prompt and the human's
//! choices, then the hand; the move log at the side; the deal summaries and the standings.
//!
//! Every choice offered is one of the engine's `legal_actions()`, played through the shared
//! `play_human_move`; computer seats are driven by the shared pacing loop.

pub mod calls;
pub mod decisions;
pub mod guide;
pub mod info;
pub mod moment;
pub mod poker;
pub mod race;
pub mod summary;
pub mod text;
pub mod wheel;

use std::sync::Arc;

use leptos::attr::custom::custom_attribute;
use leptos::prelude::*;

use crate::ai::bonanza_bot::Hint;
use crate::engine::bonanza::{Action, Bonanza, Call, Phase, Space};
use crate::engine::cards::Card;
use crate::engine::game::{Chips, Game, GameId, Seat};

use crate::app::services::i18n::{hand_title, Lang, Names, T};
use crate::app::table::card_svg::CardFace;
use crate::app::table::computer_turns::{drive_computer_turns, forced_move, play_human_move};
use crate::app::table::game_frame::GameFrame;
use crate::app::table::hand::{Hand, HandPlace};
use crate::app::table::hint::{HintRow, Hints, Suggestion};
use crate::app::table::move_log::{LogLine, MoveLog, LOG_LENGTH};
use crate::app::table::results::{game_over, GameOverPanel};
use crate::app::table::seats::SeatsRing;
use crate::app::table::stage::Stage;
use crate::app::{AppState, TableSession};
use crate::model::bonanza::{self as model, moment::Moment, story::told_story, PhaseBox, Prompt, Told, Turn};
use crate::model::session::{Humans, Session};
use calls::{CallBox, DealStory, WidowBox};
use decisions::Decisions;
use moment::{moment_title, MomentBox};
use poker::PokerBox;
use race::RaceBox;
use summary::{game_over_reason, DealReport, DealSummary};
use text::{event_kind, event_sentence, log_class, lt, my_turn, note_words, phase_label, waiting, L};
use wheel::Wheel;

/// Reads the worker's explanation (a [`Hint`] as JSON) field by field: a derived `Deserialize`
/// for this internally tagged enum would add to the page's code (as `nain_jaune::hint_from_json`).
pub fn hint_from_json(json: &serde_json::Value) -> Option<Hint> {
    let int = |key: &str| json.get(key)?.as_i64();
    let call = || {
        let key = json.get("call")?.as_str()?;
        Call::ALL.into_iter().find(|c| c.key() == key)
    };
    Some(match json.get("kind")?.as_str()? {
        "forced" => Hint::Forced,
        "take_widow" => Hint::TakeWidow { hand: int("hand")?, widow: int("widow")? },
        "sell_widow" => Hint::SellWidow { hand: int("hand")?, widow: int("widow")? },
        "bid" => Hint::Bid { chips: int("chips")?, gain: int("gain")? },
        "pass_auction" => Hint::PassAuction { gain: int("gain")? },
        "show" => Hint::Show { call: call()?, chips: int("chips")? },
        "keep_joker" => {
            let key = json.get("later")?.as_str()?;
            Hint::KeepJoker { later: Space::ALL.into_iter().find(|s| s.key() == key)?, chips: int("chips")? }
        }
        "silent" => Hint::Silent { call: call()? },
        "poker" => Hint::Poker { win_percent: u32::try_from(int("win_percent")?).ok()? },
        "lead" => Hint::Lead {
            card: json.get("card")?.as_str()?.parse().ok()?,
            run: usize::try_from(int("run")?).ok()?,
            spaces: int("spaces")?,
            keeps_lead: json.get("keeps_lead")?.as_bool()?,
        },
        _ => return None,
    })
}

/// The Bonanza game on the table, if the table plays it.
fn bz(s: &Option<Session>) -> Option<&Bonanza> {
    s.as_ref().and_then(Session::bonanza)
}

/// A memo of something read from the Bonanza game on the table (the default when there is none).
pub fn with_game<T: PartialEq + Default + Send + Sync + 'static>(f: impl Fn(&Bonanza) -> T + Send + Sync + 'static) -> Memo<T> {
    let session = crate::app::TableSession::current(expect_context::<AppState>().session);
    Memo::new(move |_| session.with(|s| bz(s).map(&f).unwrap_or_default()))
}

/// Small card faces in a row (a show, a poker hand, the cards left).
pub fn mini_cards(cards: &[Card]) -> impl IntoView {
    let faces = cards.iter().map(|&c| view! { <span class="mini-card"><CardFace card=c compact=true /></span> }).collect_view();
    view! { <span class="mini-cards">{faces}</span> }
}

/// ": " in English, " : " in French.
pub fn colon(lang: Lang) -> &'static str {
    lang.pick(": ", " : ")
}

/// The log lines of the game's last [`LOG_LENGTH`] events the table has told (`told`), in `lang`.
fn log_lines(lang: Lang, g: &Bonanza, told: usize, names: &Names) -> Vec<LogLine> {
    model::log_window(g, told, LOG_LENGTH)
        .into_iter()
        .map(|t| LogLine {
            index: t.index,
            class: log_class(&t.event),
            kind: event_kind(&t.event),
            text: event_sentence(lang, &t.event, names, t.missing_played),
        })
        .collect()
}

/// Why the engine refuses a card to the seat to move (the hand's owner on its turn), in words.
fn why_not(lang: Lang, s: &Session, card: Card) -> Option<String> {
    let g = s.bonanza()?;
    text::refusal_words(lang, &g.refusal(g.to_move()?, &Action::Play(card))?)
}

/// What the parts of the table share: the session, the stage and what the model says of them.
#[derive(Clone, Copy)]
struct Ctx {
    state: AppState,
    session: TableSession,
    lang: RwSignal<Lang>,
    names: Memo<Names>,
    stage: Stage,
    turn: Memo<Turn>,
    to_move: Memo<Option<Seat>>,
    phase: Memo<Phase>,
    pending_summary: Memo<Option<u32>>,
    caught_up: Memo<bool>,
    /// The moment the stage holds, shown in the phase box's place.
    moment: Memo<Option<Moment>>,
}

impl Ctx {
    fn new(state: AppState, humans: Humans, revealed: RwSignal<Option<Seat>>) -> Ctx {
        // This game's session: a stale memo of this view reads no game once another is on the table.
        let session = TableSession::current(state.session);
        let names = Memo::new(move |_| session.with(|s| s.as_ref().map(|s| s.people()).unwrap_or_default()));
        let stage = Stage::new(state);
        let pending_summary = Memo::new(move |_| session.with(|s| s.as_ref().and_then(|s| s.pending_summary())));
        let caught_up = Memo::new(move |_| session.with(|s| s.as_ref().is_some_and(|s| stage.caught_up(s))));
        let turn = Memo::new(move |_| {
            let (holding, revealed) = (stage.holding().is_some(), revealed.get());
            session.with(|s| {
                let Some(s) = s.as_ref() else { return Turn::default() };
                model::turn(s, humans, holding, revealed, || !state.dialog_open() && caught_up.get() && forced_move(&state, s).is_none())
            })
        });
        let to_move = Memo::new(move |_| turn.get().to_move);
        let phase = Memo::new(move |_| session.with(|s| bz(s).map_or(Phase::GameOver, |g| g.phase())));
        let moment = Memo::new(move |_| {
            let (held, viewer) = (stage.holding()?, turn.get().viewer);
            session.with(|s| bz(s).and_then(|g| Moment::of(g, held, viewer)))
        });
        Ctx { state, session, lang: state.lang, names, stage, turn, to_move, phase, pending_summary, caught_up, moment }
    }

    fn finished(self) -> bool {
        self.session.with(|s| s.as_ref().is_some_and(|s| s.table.is_finished()))
    }

    fn deal_number(self) -> u32 {
        self.session.with(|s| s.as_ref().map_or(0, |s| s.shown().deal_number()))
    }

    fn viewer(self) -> Option<Seat> {
        self.turn.get().viewer
    }

    fn mine(self) -> bool {
        self.turn.get().mine
    }
}

/// The table of the Bonanza game in `state.session` (one per game put on the table).
#[component]
pub fn BonanzaTable() -> impl IntoView {
    let state = expect_context::<AppState>();
    let (id, humans, poker_on, deals) = state.session.with_untracked(|s| {
        let s = s.as_ref().expect("a game is on the table");
        let g = s.bonanza().expect("a Bonanza game");
        (s.id, s.humans(), g.options().poker, g.options().game_deals(s.seats.len()))
    });
    let people = Humans::new(&humans);
    let revealed = RwSignal::new(people.first_shown());
    let t = Ctx::new(state, people, revealed);
    let (lang, names, stage, phase) = (t.lang, t.names, t.stage, t.phase);
    let thinking = RwSignal::new(None::<Seat>);
    let seats = Memo::new(move |_| {
        let (thinking, viewer, l) = (thinking.get(), t.viewer(), lang.get());
        t.session.with(|s| s.as_ref().map(|s| model::plates(s, viewer, thinking, |notes| note_words(l, notes))).unwrap_or_default())
    });
    let story =
        Memo::new(move |_| t.session.with(|s| bz(s).map(|g| told_story(g.events(), stage.told(g.events().len()))).unwrap_or_default()));
    let log_view = Memo::new(move |_| {
        let l = lang.get();
        names.with(|n| t.session.with(|s| bz(s).map(|g| log_lines(l, g, stage.told(g.events().len()), n)).unwrap_or_default()))
    });

    drive_computer_turns(state, thinking, stage);

    view! {
        <GameFrame
            game=GameId::Bonanza
            class="game game-bonanza"
            session=id
            deal=move || t.deal_number()
            phase=move || phase.get().name()
            extra=custom_attribute("data-call", move || if let Phase::Call(c) = phase.get() { c.key() } else { "" })
            to_move=move || t.to_move.get()
            holding=move || stage.holding()
            label=lt(L::Title)
            summary=move || summary_view(t)
            status=status(t, deals)
            side=view! {
                <section class="panel story-panel" aria-labelledby="story-title">
                    <h2 id="story-title" class="panel-title">{lt(L::ThisDeal)}</h2>
                    <DealStory lines=story names=names />
                </section>
                <MoveLog lines=log_view />
            }
        >
            <SeatsRing seats=seats viewer=people.anchor()>
                {felt(t, poker_on)}
            </SeatsRing>
            {play_dock(t, revealed)}
            {move || game_over_view(t)}
        </GameFrame>
    }
}

/// The line above the table: the deal, and what it is at.
fn status(t: Ctx, deals: u32) -> impl IntoView {
    let (lang, pending_summary) = (t.lang, t.pending_summary);
    view! {
        <span class="round-badge">
            // While a deal's summary is read, the deal it sums up.
            {move || text::deal_title(lang.get(), pending_summary.get().unwrap_or_else(|| t.deal_number()), deals)}
        </span>
        <span class="phase-badge" data-testid="phase-label">{move || {
            let l = lang.get();
            match t.moment.with(|m| m.as_ref().map(|m| moment_title(l, m))) {
                Some(title) => title.to_string(),
                // A deal's end, while its summary is read (the engine's next deal waits).
                None if pending_summary.get().is_some() && !t.finished() => l.pick("Deal over", "Donne terminée").to_string(),
                None => phase_label(l, t.phase.get()),
            }
        }}</span>
    }
}

/// The felt inside the seats: the wheel, and beside it the phase's box (or the moment held) and
/// the table's announcement.
fn felt(t: Ctx, poker_on: bool) -> impl IntoView {
    let (lang, names, moment) = (t.lang, t.names, t.moment);
    let board = with_game(|g| g.board());
    let phase_box = Memo::new(move |_| PhaseBox::of(t.phase.get()));
    let current_space = Signal::derive(move || model::current_space(t.phase.get(), moment.with(|m| m.as_ref().map(|m| m.space))));
    let announced = Memo::new(move |_| {
        let (held, since) = (t.stage.holding(), t.stage.last_move_from());
        t.session.with(|s| bz(s).and_then(|g| model::announcement(g, held, since)))
    });
    view! {
        <div class="bz-felt">
            <Wheel board=board poker=poker_on current=current_space />
            <div class="bz-centre">
                {move || match (moment.get(), phase_box.get()) {
                    (Some(m), _) => {
                        // Drawn afresh when a name changes, as when the language does.
                        names.track();
                        view! { <MomentBox moment=m names=names lang=lang.get() /> }.into_any()
                    }
                    (None, PhaseBox::Widow) => view! { <WidowBox names=names /> }.into_any(),
                    (None, PhaseBox::Call(call)) => view! { <CallBox call=call names=names /> }.into_any(),
                    (None, PhaseBox::Poker) => view! { <PokerBox /> }.into_any(),
                    (None, PhaseBox::Race) => view! { <RaceBox names=names /> }.into_any(),
                    (None, PhaseBox::None) => ().into_any(),
                }}
                // Read out by the move log's announcer, with the other moves.
                <p class="announcement" data-testid="announcement">
                    // (Not under a moment, which says it already.)
                    {move || announced.get().filter(|_| moment.with(Option::is_none)).map(|Told { index, event, missing_played }| {
                        let text = names.with(|n| event_sentence(lang.get(), &event, n, missing_played));
                        view! { <span class="call" data-event-index=index data-event=event_kind(&event)>{text}</span> }
                    })}
                </p>
            </div>
        </div>
    }
}

/// The prompt, the hints and the decisions, then the hand: they stay together at the bottom of
/// the window when the table is taller than it (style/main.css, .play-dock).
fn play_dock(t: Ctx, revealed: RwSignal<Option<Seat>>) -> impl IntoView {
    let (state, lang, names, session, turn) = (t.state, t.lang, t.names, t.session, t.turn);
    let racing = move || model::racing(t.phase.get());
    let legal = Memo::new(move |_| {
        let mine = t.mine();
        session.with(|s| bz(s).map(|g| model::legal(g, mine)).unwrap_or_default())
    });
    let decisions = Signal::derive(move || legal.with(|l| model::decisions(t.phase.get(), l)));
    let playable = Signal::derive(move || legal.with(|l| model::playable(l)));
    let hand_active = Signal::derive(move || t.mine() && racing());
    let hand_cards = Memo::new(move |_| {
        let viewer = t.viewer();
        session.with(|s| bz(s).map(|g| model::hand(g, viewer)).unwrap_or_default())
    });
    let to_call = Signal::derive(move || {
        let viewer = t.viewer();
        session.with(|s| bz(s).map_or(0, |g| model::to_call(g, viewer)))
    });
    let act = Callback::new(move |action: Action| play_human_move(state, action.to_string()));
    let play_card = Callback::new(move |card: Card| play_human_move(state, Action::Play(card).to_string()));
    let hints = hints(t, legal, to_call);
    let hand_heading = Signal::derive(move || match t.viewer() {
        Some(v) => names.with(|n| hand_title(lang.get(), &n.of(v))),
        None => T::YourHand.text(lang.get()).to_string(),
    });
    let turn_prompt = move || {
        let l = lang.get();
        let prompt = session.with(|s| s.as_ref().map_or(Prompt::Silent, |s| model::prompt(s, &turn.get())));
        match prompt {
            Prompt::Silent => String::new(),
            Prompt::Mine => {
                let pot = session.with(|s| bz(s).map_or(0, |g| g.board()[Space::Poker.index()]));
                legal.with(|legal| my_turn(l, t.phase.get(), legal, to_call.get(), pot))
            }
            Prompt::Waiting(mover) => names.with(|n| waiting(l, &n.of(mover), t.phase.get())),
        }
    };
    let covered = move || turn.get().covered;
    let cover_button = NodeRef::<leptos::html::Button>::new();
    crate::app::table::results::focus_button_when(cover_button, covered);
    // (Pointed at once the player may use it: after the moments the table holds.)
    let target = Memo::new(move |_| guide::target(&state).filter(|_| t.mine()));
    let target_card = Signal::derive(move || if let Some(Action::Play(card)) = target.get() { Some(card) } else { None });
    let target_action = Signal::derive(move || target.get().filter(|a| !matches!(a, Action::Play(_))));
    let finished = move || t.finished();
    view! {
        <div class="play-dock">
            <div class="play-strip bz-strip" hidden=finished>
                <div class="calls">
                    <crate::app::features::guide::GuideEcho />
                    <p class="turn-prompt" class:turn-mine=move || t.mine() data-testid="turn-prompt">{turn_prompt}</p>
                    <HintRow hints=hints />
                </div>
                <Show when=move || decisions.with(|d| !d.is_empty())>
                    <Decisions legal=decisions to_call=to_call on_act=act target=target_action />
                </Show>
            </div>
            <Show when=move || !finished() || t.pending_summary.get().is_some()>
                <HandPlace
                    nobody=Signal::derive(move || t.viewer().is_none())
                    covered=Signal::derive(covered)
                    next=t.to_move
                    names=names
                    shown_to=revealed
                    cover_button=cover_button
                >
                    <Hand cards=hand_cards playable=playable active=hand_active on_play=play_card title=hand_heading
                        target=target_card why_not=why_not />
                </HandPlace>
            </Show>
        </div>
    }
}

/// Hints: the hard level's move, marked on its button (or its card in the race).
fn hints(t: Ctx, legal: Memo<Vec<Action>>, to_call: Signal<Chips>) -> Hints {
    let lang = t.lang;
    let read = Callback::new(move |s: Arc<Suggestion>| {
        let action = legal.with(|l| l.iter().find(|a| a.to_string() == s.action).copied())?;
        let sentence = text::hint_sentence(lang.get(), &action, &hint_from_json(&s.why)?, to_call.get());
        let controls = match action {
            Action::Play(card) => format!("[data-testid='hand'] button[data-card='{card}']"),
            _ => format!("[data-testid='decisions'] [data-action='{action}']"),
        };
        Some((sentence, controls))
    });
    let mover = Memo::new(move |_| t.viewer().filter(|_| t.mine()));
    Hints::new(t.state, mover, read, T::HintThinkingMove)
}

/// The summary of the deal just ended, once the table has told it.
fn summary_view(t: Ctx) -> Option<impl IntoView> {
    let deal = t.pending_summary.get().filter(|_| t.caught_up.get())?;
    let (report, last) = t.session.with_untracked(|s| {
        let s = s.as_ref()?;
        let report = DealReport::build(s.bonanza()?, &s.record, deal)?;
        Some((report, s.table.is_finished() && s.rounds_finished() as u32 == deal))
    })?;
    let session = t.session;
    let on_continue = Callback::new(move |_: ()| session.update(Session::close_summary));
    Some(view! { <DealSummary report=report names=t.names last=last on_continue=on_continue /> })
}

/// The standings, once the game is over and its last summary closed.
fn game_over_view(t: Ctx) -> Option<impl IntoView> {
    if !t.finished() || t.pending_summary.get().is_some() {
        return None;
    }
    let model::Ending { end, winner, chips, leftovers, out } = t.session.with_untracked(|s| bz(s).and_then(model::ending))?;
    let (lang, names) = (t.lang, t.names);
    let reason = Signal::derive(move || names.with(|n| game_over_reason(lang.get(), &end, &leftovers, n)));
    Some(game_over(t.state, move |on_new_game| view! { <GameOverPanel reason winner chips names out on_new_game /> }))
}
