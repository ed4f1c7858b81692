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
use crate::engine::bonanza::{Action, Bonanza, Call, Event, Phase, Space};
use crate::engine::bonanza::race::by_race_order;
use crate::engine::cards::{Card, CardSet, Suit};
use crate::engine::game::{Game, GameId, Seat};

use crate::app::table::card_svg::CardFace;
use crate::app::table::game_frame::GameFrame;
use crate::app::table::computer_turns::{drive_computer_turns, forced_move, play_human_move};
use crate::app::table::stage::Stage;
use crate::app::table::hand::{Hand, HandPlace};
use crate::app::table::hint::{HintRow, Hints, Suggestion};
use crate::app::services::i18n::{hand_title, Lang, Names, T};
use crate::app::table::move_log::{LogLine, MoveLog, LOG_LENGTH};
use crate::app::table::results::{game_over, GameOverPanel};
use crate::app::table::seats::{SeatView, SeatsRing};
use crate::model::session::{Humans, Session};
use super::AppState;
use calls::{deal_events, deal_story, CallBox, DealStory, WidowBox};
use decisions::Decisions;
use moment::{Moment, MomentBox};
use poker::PokerBox;
use race::RaceBox;
use summary::{game_over_reason, DealReport, DealSummary};
use text::{lt, event_kind, event_sentence, is_announcement, log_class, my_turn, phase_label, waiting, L};
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
pub fn with_game<T: PartialEq + Default + Send + Sync + 'static>(
    f: impl Fn(&Bonanza) -> T + Send + Sync + 'static,
) -> Memo<T> {
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

/// The hand in the race's order: suit by suit (♠ ♥ ♣ ♦, the colours alternating), from the two
/// up to the ace, the joker last.
pub fn race_order(hand: CardSet) -> Vec<Card> {
    let mut cards = Vec::with_capacity(hand.len());
    for suit in [Suit::Spades, Suit::Hearts, Suit::Clubs, Suit::Diamonds] {
        cards.extend(by_race_order(hand & CardSet::of_suit(suit)));
    }
    if hand.contains(Card::JOKER) {
        cards.push(Card::JOKER);
    }
    cards
}

/// Whether the card missing at a stop was played earlier in the deal (`played`: the deal's plays
/// up to the stop), rather than lying in the dead hand.
fn missing_played(event: &Event, played: CardSet) -> bool {
    matches!(event, Event::Stop { missing: Some(m), .. } if played.contains(*m))
}

/// The log lines of the game's last [`LOG_LENGTH`] events, in `lang`.
fn log_lines(lang: Lang, events: &[Event], names: &Names) -> Vec<LogLine> {
    let from = events.len().saturating_sub(LOG_LENGTH);
    let mut played = CardSet::EMPTY;
    let mut lines = Vec::with_capacity(events.len() - from);
    for (index, e) in events.iter().enumerate() {
        match e {
            Event::Anted { .. } => played = CardSet::EMPTY,
            Event::Played { card, .. } => played.insert(*card),
            _ => {}
        }
        if index >= from {
            lines.push(LogLine {
                index,
                class: log_class(e),
                kind: event_kind(e),
                text: event_sentence(lang, e, names, missing_played(e, played)),
            });
        }
    }
    lines
}

/// The table's announcement: the moment the stage holds (`held`), else the latest announcement
/// of this deal that the last move brought (its events start at `since`: an announcement leaves
/// once another move is made); its index in the log, the event, and whether a stop's missing
/// card had been played.
fn announcement(g: &Bonanza, held: Option<usize>, since: usize) -> Option<(usize, Event, bool)> {
    let events = g.events();
    let deal = deal_events(events);
    let start = events.len() - deal.len();
    let i = match held.filter(|&h| h >= start && h < events.len()) {
        Some(h) => h - start,
        None => deal.iter().rposition(is_announcement).filter(|&i| start + i >= since)?,
    };
    let played = deal[..i]
        .iter()
        .filter_map(|e| if let Event::Played { card, .. } = e { Some(*card) } else { None })
        .collect::<CardSet>();
    Some((start + i, deal[i].clone(), missing_played(&deal[i], played)))
}

/// Why the engine refuses a card to the seat to move (the hand's owner on its turn), in words.
fn why_not(lang: Lang, s: &Session, card: Card) -> Option<String> {
    let g = s.bonanza()?;
    text::refusal_words(lang, &g.refusal(g.to_move()?, &Action::Play(card))?)
}

/// The plate's line for a seat: out of the game, its offer or pass in the auction, its bets at
/// the poker, the widow in its hand.
fn seat_note(lang: Lang, g: &Bonanza, seat: Seat) -> Option<String> {
    if g.is_out(seat) {
        return Some(L::Out.text(lang).into());
    }
    let mut parts: Vec<String> = Vec::new();
    match g.phase() {
        Phase::Auction => {
            let a = g.auction();
            if a.passed & (1 << seat) != 0 {
                parts.push(lang.pick("passed", "a passé").into());
            } else if a.high_bidder == Some(seat) {
                parts.push(format!("{} {}", lang.pick("offers", "offre"), a.high_bid));
            }
        }
        Phase::Poker => {
            let b = g.betting();
            if b.participants & (1 << seat) == 0 {
                parts.push(lang.pick("no poker", "hors poker").into());
            } else if b.folded & (1 << seat) != 0 {
                parts.push(lang.pick("folded", "couché").into());
            } else if b.put_in[seat] > 0 {
                parts.push(format!("{} {}", lang.pick("in for", "mise"), b.put_in[seat]));
            }
        }
        _ => {}
    }
    if g.widow_holder() == Some(seat) {
        parts.push(lang.pick("has the widow", "a la veuve").into());
    }
    (!parts.is_empty()).then(|| parts.join(" · "))
}

/// Which box sits beside the wheel (kept while the phase only changes its card).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
enum PhaseBox {
    Widow,
    Call(Call),
    Poker,
    Race,
    #[default]
    None,
}

/// The table of the Bonanza game in `state.session` (one per game put on the table).
#[component]
pub fn BonanzaTable() -> impl IntoView {
    let state = expect_context::<AppState>();
    // This game's session: a stale memo of this view reads no game once another is on the table.
    let session = super::TableSession::current(state.session);
    let lang = state.lang;

    // A read-only position (embedding) is shown as it is: no hint.
    let (id, players, humans, poker_on, deals, read_only) = session.with_untracked(|s| {
        let s = s.as_ref().expect("a game is on the table");
        let g = s.bonanza().expect("a Bonanza game");
        (s.id, s.seats.len(), s.humans(), g.options().poker, g.options().game_deals(s.seats.len()), s.read_only)
    });
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
    let caught_up = Memo::new(move |_| session.with(|s| s.as_ref().is_some_and(|s| stage.caught_up(s))));
    let finished = move || session.with(|s| s.as_ref().is_some_and(|s| s.table.is_finished()));
    let deal_number = move || session.with(|s| s.as_ref().map_or(0, |s| s.shown().deal_number()));
    let phase = Memo::new(move |_| session.with(|s| bz(s).map_or(Phase::GameOver, |g| g.phase())));
    let thinking = RwSignal::new(None::<Seat>);
    let revealed = RwSignal::new(people.first_shown());

    let human_to_move = move || to_move.get().filter(|&s| people.plays(s));
    let viewer = move || people.viewer(human_to_move(), revealed.get());
    let covered = move || people.covered(human_to_move(), revealed.get(), pending_summary.get().is_some());
    // The human at the screen may decide now (never on a position shown read-only, e.g. a review:
    // its choices would take the focus, and scroll the page, at each step).
    let my_turn_now = move || {
        let v = viewer();
        !read_only
            && v.is_some()
            && to_move.get() == v
            && pending_summary.get().is_none()
            && !covered()
            && !state.dialog_open()
            && caught_up.get()
            && session.with(|s| s.as_ref().is_some_and(|s| forced_move(&state, s).is_none()))
    };
    let racing = move || matches!(phase.get(), Phase::Lead | Phase::Follow(_));
    let legal = Memo::new(move |_| {
        if !my_turn_now() {
            return Vec::new();
        }
        session.with(|s| bz(s).map(|g| g.legal_actions()).unwrap_or_default())
    });
    let decisions = Signal::derive(move || if racing() { Vec::new() } else { legal.get() });
    let playable = Signal::derive(move || {
        legal.with(|l| l.iter().filter_map(|a| if let Action::Play(c) = a { Some(*c) } else { None }).collect::<CardSet>())
    });
    let hand_active = Signal::derive(move || my_turn_now() && racing());
    let hand_cards = Memo::new(move |_| {
        let Some(v) = viewer() else { return Vec::new() };
        session.with(|s| bz(s).map(|g| race_order(g.hand(v))).unwrap_or_default())
    });
    let to_call = Signal::derive(move || {
        let Some(v) = viewer() else { return 0 };
        session.with(|s| bz(s).map_or(0, |g| g.betting().bet - g.betting().put_in[v]))
    });

    let board = with_game(|g| g.board());
    let seats = Memo::new(move |_| {
        let thinking = thinking.get();
        let viewer = viewer();
        let l = lang.get();
        session.with(|s| {
            let (Some(s), Some(g)) = (s.as_ref(), bz(s)) else { return Vec::new() };
            let people = s.people();
            // At a call the table does not learn who is asked: nobody else is marked.
            let hidden_turn = matches!(g.phase(), Phase::Call(_));
            (0..players)
                .map(|seat| {
                    let marked = !hidden_turn || viewer == Some(seat);
                    SeatView {
                        seat,
                        person: people.of(seat),
                        kind: s.seats[seat],
                        chips: Some(g.chips()[seat]),
                        cards: g.hand(seat).len(),
                        note: seat_note(l, g, seat),
                        shown: g.known(seat).by_rank(),
                        dealer: g.dealer() == seat && !g.is_out(seat),
                        to_move: marked && g.to_move() == Some(seat),
                        thinking: marked && thinking == Some(seat),
                        viewer: viewer == Some(seat),
                    }
                })
                .collect()
        })
    });
    // The moment the stage holds, shown in the phase box's place.
    let moment = Memo::new(move |_| {
        let held = stage.holding()?;
        let (l, v) = (lang.get(), viewer());
        names.with(|n| session.with(|s| bz(s).and_then(|g| Moment::of(g, held, v, l, n))))
    });
    // The space of the moment held (a call's outcome), else of the call in progress.
    let current_space = Signal::derive(move || match phase.get() {
        _ if moment.with(Option::is_some) => moment.with(|m| m.as_ref().and_then(|m| m.space)),
        Phase::Call(call) => Some(call.space()),
        Phase::Poker => Some(Space::Poker),
        _ => None,
    });
    let phase_box = Memo::new(move |_| match phase.get() {
        Phase::Widow | Phase::Auction => PhaseBox::Widow,
        Phase::Call(call) => PhaseBox::Call(call),
        Phase::Poker => PhaseBox::Poker,
        Phase::Lead | Phase::Follow(_) => PhaseBox::Race,
        Phase::GameOver => PhaseBox::None,
    });
    let story = Memo::new(move |_| {
        session.with(|s| bz(s).map(|g| deal_story(deal_events(&g.events()[..stage.told(g.events().len())]))).unwrap_or_default())
    });
    let announced = Memo::new(move |_| {
        let (held, since) = (stage.holding(), stage.last_move_from());
        session.with(|s| bz(s).and_then(|g| announcement(g, held, since)))
    });
    let log_view = Memo::new(move |_| {
        let l = lang.get();
        names.with(|n| session.with(|s| bz(s).map(|g| log_lines(l, &g.events()[..stage.told(g.events().len())], n)).unwrap_or_default()))
    });

    drive_computer_turns(state, thinking, stage);

    let act = Callback::new(move |action: Action| play_human_move(state, action.to_string()));
    let play_card = Callback::new(move |card: Card| play_human_move(state, Action::Play(card).to_string()));

    // Hints: the hard level's move, marked on its button (or its card in the race).
    let read = Callback::new(move |s: Arc<Suggestion>| {
        let action = legal.with(|l| l.iter().find(|a| a.to_string() == s.action).copied())?;
        let sentence = text::hint_sentence(lang.get(), &action, &hint_from_json(&s.why)?, to_call.get());
        let controls = match action {
            Action::Play(card) => format!("[data-testid='hand'] button[data-card='{card}']"),
            _ => format!("[data-testid='decisions'] [data-action='{action}']"),
        };
        Some((sentence, controls))
    });
    let mover = Memo::new(move |_| viewer().filter(|_| my_turn_now()));
    let hints = Hints::new(state, mover, read, T::HintThinkingMove);

    let continue_after_summary = Callback::new(move |_: ()| {
        session.update(Session::close_summary);
    });

    let hand_heading = Signal::derive(move || match viewer() {
        Some(v) => names.with(|n| hand_title(lang.get(), &n.of(v))),
        None => T::YourHand.text(lang.get()).to_string(),
    });

    let turn_prompt = move || {
        let l = lang.get();
        if finished() || pending_summary.get().is_some() {
            return String::new();
        }
        let Some(mover) = to_move.get() else { return String::new() };
        if my_turn_now() {
            let pot = board.with(|b| b[Space::Poker.index()]);
            return legal.with(|legal| my_turn(l, phase.get(), legal, to_call.get(), pot));
        }
        names.with(|n| waiting(l, &n.of(mover), phase.get()))
    };

    let summary_view = move || {
        let deal = pending_summary.get().filter(|_| caught_up.get())?;
        let (report, last) = session.with_untracked(|s| {
            let s = s.as_ref()?;
            let report = DealReport::build(s.bonanza()?, &s.record, deal)?;
            Some((report, s.table.is_finished() && s.rounds_finished() as u32 == deal))
        })?;
        Some(view! { <DealSummary report=report names=names last=last on_continue=continue_after_summary /> })
    };

    let game_over_view = move || {
        if !finished() || pending_summary.get().is_some() {
            return None;
        }
        let (end, winner, chips, leftovers, out) = session.with_untracked(|s| {
            let g = bz(s)?;
            let events = g.events();
            let leftovers: Vec<Event> = events.iter().filter(|e| matches!(e, Event::Leftovers { .. })).cloned().collect();
            let out = (0..g.players()).filter(|&p| g.is_out(p)).collect::<Vec<_>>();
            events.iter().rev().find_map(|e| match e {
                Event::GameOver { end, winner, chips } => Some((end.clone(), *winner, chips.clone(), leftovers.clone(), out.clone())),
                _ => None,
            })
        })?;
        let reason = Signal::derive(move || names.with(|n| game_over_reason(lang.get(), &end, &leftovers, n)));
        Some(game_over(state, move |on_new_game| view! { <GameOverPanel reason winner chips names out on_new_game /> }))
    };

    let cover_button = NodeRef::<leptos::html::Button>::new();
    crate::app::table::results::focus_button_when(cover_button, covered);
    // (Pointed at once the player may use it: after the moments the table holds.)
    let target = Memo::new(move |_| guide::target(&state).filter(|_| my_turn_now()));
    let target_card = Signal::derive(move || if let Some(Action::Play(card)) = target.get() { Some(card) } else { None });
    let target_action = Signal::derive(move || target.get().filter(|a| !matches!(a, Action::Play(_))));

    view! {
        <GameFrame
            game=GameId::Bonanza
            class="game game-bonanza"
            session=id
            deal=deal_number
            phase=move || phase.get().name()
            extra=custom_attribute("data-call", move || if let Phase::Call(c) = phase.get() { c.key() } else { "" })
            to_move=move || to_move.get()
            holding=move || stage.holding()
            label=lt(L::Title)
            summary=summary_view
            status=view! {
                <span class="round-badge">
                    // While a deal's summary is read, the deal it sums up.
                    {move || text::deal_title(lang.get(), pending_summary.get().unwrap_or_else(deal_number), deals)}
                </span>
                <span class="phase-badge" data-testid="phase-label">{move || {
                    let l = lang.get();
                    match moment.with(|m| m.as_ref().map(|m| m.title)) {
                        Some(title) => title.to_string(),
                        // A deal's end, while its summary is read (the engine's next deal waits).
                        None if pending_summary.get().is_some() && !finished() => l.pick("Deal over", "Donne terminée").to_string(),
                        None => phase_label(l, phase.get()),
                    }
                }}</span>
            }
            side=view! {
                <section class="panel story-panel" aria-labelledby="story-title">
                    <h2 id="story-title" class="panel-title">{lt(L::ThisDeal)}</h2>
                    <DealStory lines=story names=names />
                </section>
                <MoveLog lines=log_view />
            }
        >
            <SeatsRing seats=seats viewer=anchor>
                <div class="bz-felt">
                    <Wheel board=board poker=poker_on current=current_space />
                    <div class="bz-centre">
                        {move || match (moment.get(), phase_box.get()) {
                            (Some(m), _) => view! { <MomentBox moment=m names=names lang=lang.get_untracked() /> }.into_any(),
                            (None, PhaseBox::Widow) => view! { <WidowBox names=names /> }.into_any(),
                            (None, PhaseBox::Call(call)) => view! { <CallBox call=call names=names /> }.into_any(),
                            (None, PhaseBox::Poker) => view! { <PokerBox /> }.into_any(),
                            (None, PhaseBox::Race) => view! { <RaceBox names=names /> }.into_any(),
                            (None, PhaseBox::None) => ().into_any(),
                        }}
                        // Read out by the move log's announcer, with the other moves.
                        <p class="announcement" data-testid="announcement">
                            // (Not under a moment, which says it already.)
                            {move || announced.get().filter(|_| moment.with(Option::is_none)).map(|(i, e, played)| {
                                let text = names.with(|n| event_sentence(lang.get(), &e, n, played));
                                view! { <span class="call" data-event-index=i data-event=event_kind(&e)>{text}</span> }
                            })}
                        </p>
                    </div>
                </div>
            </SeatsRing>
            // The prompt and the hand stay together at the bottom of the window when the table is
            // taller than it (style/main.css, .play-dock).
            <div class="play-dock">
                <div class="play-strip bz-strip" hidden=finished>
                    <div class="calls">
                        <crate::app::guide::GuideEcho />
                        <p class="turn-prompt" class:turn-mine=my_turn_now data-testid="turn-prompt">{turn_prompt}</p>
                        <HintRow hints=hints />
                    </div>
                    <Show when=move || decisions.with(|d| !d.is_empty())>
                        <Decisions legal=decisions to_call=to_call on_act=act target=target_action />
                    </Show>
                </div>
                <Show when=move || !finished() || pending_summary.get().is_some()>
                    <HandPlace
                        nobody=Signal::derive(move || viewer().is_none())
                        covered=Signal::derive(covered)
                        next=to_move
                        names=names
                        shown_to=revealed
                        cover_button=cover_button
                    >
                        <Hand cards=hand_cards playable=playable active=hand_active on_play=play_card title=hand_heading
                            target=target_card why_not=why_not />
                    </HandPlace>
                </Show>
            </div>
            {game_over_view}
        </GameFrame>
    }
}
