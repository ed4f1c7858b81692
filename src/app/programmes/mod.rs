//! The Programmes game screen: the players round the table, with the stock, the discard pile and
//! every meld in the middle (grouped by owner, each with its program card); the player's own
//! program card, the ways to reveal it when the hand allows, the hand (several cards selected at
//! once), the actions the selection allows, the move log, the round summaries and the result.
//!
//! Everything the player may do is read from the engine (through the model; `actions` says why
//! not in words): the legal actions, and for a composed action (a new set from the selected
//! cards) the engine's own check. Computer seats are driven by the shared pacing loop
//! (`app::computer_turns`); the moves, keys, hints and focus are in `play`.
//!
//! The state is worked out in the model (`model::programmes`: where the game stands, whose eyes
//! the screen is for, the board, the melds, the hand, what the player may do); a few memos here
//! call it ([`Table`]), and the parts of the view read from them.

pub mod actions;
pub mod guide;
pub mod hand;
pub mod info;
pub mod melds;
mod play;
pub mod program_card;
pub mod reveal;
pub mod summary;
pub mod text;

use leptos::attr::custom::custom_attribute;
use leptos::prelude::*;

use crate::ai::programmes_bot::Hint;
use crate::engine::cards::Card;
use crate::engine::game::{GameId, Seat};
use crate::engine::programmes::Combinations;
use crate::model::people::Names;
use crate::model::programmes::{self as model, cards_at, Board, Bottom, Ending, Prompt, Seen, Turn};

use crate::app::services::i18n::{hand_title, round_title, Lang, T};
use crate::app::table::computer_turns::{drive_computer_turns, forced_move};
use crate::app::table::game_frame::GameFrame;
use crate::app::table::hand::{HandCover, NoHand};
use crate::app::table::hint::HintRow;
use crate::app::table::move_log::{LogLine, MoveLog, LOG_LENGTH};
use crate::app::table::results::game_over;
use crate::app::table::seats::SeatsRing;
use crate::app::table::stage::Stage;
use crate::app::{AppState, TableSession};
use crate::model::session::{Humans, Session};
use actions::{positions_of, positions_used, selection_moves, Offer, SelectionMoves, Why};
use hand::ProgrammesHand;
use melds::{OwnerGroup, Piles, TableMelds};
use reveal::{OwnProgram, RevealChoice};
use summary::{GameOverPanel, RoundSummary};
use text::{event_kind, event_sentence, lt, prompt_text, seat_note, L};

/// Reads the worker's explanation (a [`Hint`] as JSON) field by field: a derived `Deserialize`
/// for this internally tagged enum would add to the page's code (as `nain_jaune::hint_from_json`).
pub fn hint_from_json(json: &serde_json::Value) -> Option<Hint> {
    let card = || json.get("card")?.as_str()?.parse::<Card>().ok();
    let distance = || u32::try_from(json.get("distance")?.as_u64()?).ok();
    Some(match json.get("kind")?.as_str()? {
        "reveal" => Hint::Reveal,
        "take_discard" => Hint::TakeDiscard { card: card()? },
        "draw_stock" => Hint::DrawStock,
        "exchange" => Hint::Exchange { distance: distance()? },
        "lay_off" => Hint::LayOff,
        "discard" => Hint::Discard { card: card()?, distance: distance()? },
        _ => return None,
    })
}

/// A prompt as HTML, its shortcut letters (" (S)") in spans of their own: hidden with the
/// letters of the buttons where no keyboard is used or the shortcuts are off (style/main.css,
/// `.key-letter`). A player's name in it is escaped.
fn keyed_html(text: &str) -> String {
    let text = text.replace('&', "&amp;").replace('<', "&lt;");
    let mut out = String::with_capacity(text.len() + 64);
    let mut rest = text.as_str();
    while let Some(i) = rest.find(" (") {
        let b = rest.as_bytes();
        out.push_str(&rest[..i]);
        if b.get(i + 2).is_some_and(u8::is_ascii_uppercase) && b.get(i + 3) == Some(&b')') {
            out.push_str("<span class=\"key-letter\">");
            out.push_str(&rest[i..i + 4]);
            out.push_str("</span>");
            rest = &rest[i + 4..];
        } else {
            out.push_str(" (");
            rest = &rest[i + 2..];
        }
    }
    out.push_str(rest);
    out
}

/// The table's state as the parts of the view read it: memos calling the model, and the few
/// signals of the page (the selection, the chosen reveal, the sort order, a refusal). Every field
/// is a handle, so the parts share one copy.
#[derive(Clone, Copy)]
struct Table {
    state: AppState,
    session: TableSession,
    lang: RwSignal<Lang>,
    stage: Stage,
    humans: Humans,
    target: u32,
    names: Memo<Names>,
    turn: Memo<Turn>,
    seen: Memo<Seen>,
    bottom: Memo<Bottom>,
    thinking: RwSignal<Option<Seat>>,
    /// At a shared device, the human whose cards are showing.
    shown_to: RwSignal<Option<Seat>>,
    board: Memo<Option<Board>>,
    by_rank: RwSignal<bool>,
    hand_cards: Memo<Vec<Card>>,
    drawn: Memo<Option<Card>>,
    selected: RwSignal<u64>,
    chosen_reveal: RwSignal<usize>,
    /// Why the last attempt was refused, with the moment it was (actions played, selection).
    refusal: RwSignal<Option<(usize, u64, Why)>>,
    offer: Memo<Offer>,
    moves: Memo<Option<SelectionMoves>>,
    reveals: Signal<Vec<Combinations>>,
    /// A guided game: the one control the guide waits for the player to use now.
    aim: Signal<Option<String>>,
}

impl Table {
    fn new(state: AppState) -> Table {
        // This game's session: a stale memo of this view reads no game once another is on the table.
        let session = TableSession::current(state.session);
        let (humans, target) = session.with_untracked(|s| {
            let s = s.as_ref().expect("a game is on the table");
            (s.humans(), s.programmes().map_or(5, |g| g.options().target))
        });
        let humans = Humans::new(&humans);
        let stage = Stage::new(state);
        let turn = Memo::new(move |_| {
            let t = session
                .with(|s| s.as_ref().and_then(|s| Turn::of(s, stage.holding(), stage.caught_up(s), forced_move(&state, s).is_some())));
            t.unwrap_or(Turn::NONE)
        });
        let shown_to = RwSignal::new(humans.first_shown());
        let seen = Memo::new(move |_| {
            let (t, shown) = (turn.get(), shown_to.get());
            session.with(|s| s.as_ref().map(|s| Seen::of(s, t, humans, shown, state.dialog_open())).unwrap_or_default())
        });
        let thinking = RwSignal::new(None::<Seat>);
        let (lang, by_rank) = (state.lang, RwSignal::new(false));
        let board = Memo::new(move |_| {
            let (thinking, viewer, l) = (thinking.get(), seen.with(|s| s.viewer), lang.get());
            session.with(|s| Board::of(s.as_ref()?, viewer, thinking, |done, revealed| seat_note(l, done, target, revealed)))
        });
        let hand_cards = Memo::new(move |_| {
            let (viewer, by_rank) = (seen.with(|s| s.viewer), by_rank.get());
            session.with(|s| s.as_ref().map(|s| model::hand(s, viewer, by_rank)).unwrap_or_default())
        });
        let offer = Memo::new(move |_| {
            let (Some(v), true) = seen.with(|s| (s.viewer, s.my_turn)) else { return Offer::default() };
            session.with(|s| pg(s).map(|g| Offer::for_seat(g, v, true)).unwrap_or_default())
        });
        let (selected, chosen_reveal) = (RwSignal::new(0u64), RwSignal::new(0usize));
        // What the selected cards allow, once the player has drawn.
        let moves = Memo::new(move |_| {
            let v = seen.with(|s| s.viewer.filter(|_| s.play))?;
            let chosen = hand_cards.with(|h| cards_at(h, selected.get()));
            offer.with(|o| session.with(|s| pg(s).map(|g| selection_moves(g, v, o, &chosen))))
        });
        // The control the guide waits for, pointed at once the player may use it (after the
        // moments the table holds).
        let aim = Memo::new(move |_| {
            let awaited = crate::app::features::guide::awaited(&state).filter(|_| seen.with(|s| s.my_turn))?;
            hand_cards.with(|h| guide::target(&awaited, h, selected.get()))
        });
        Table {
            state,
            session,
            lang,
            stage,
            humans,
            target,
            names: Memo::new(move |_| session.with(|s| s.as_ref().map(|s| s.people()).unwrap_or_default())),
            turn,
            seen,
            bottom: Memo::new(move |_| Bottom::of(turn.get(), seen.get())),
            thinking,
            shown_to,
            board,
            by_rank,
            hand_cards,
            drawn: Memo::new(move |_| session.with(|s| model::drawn(s.as_ref()?, seen.with(|s| s.viewer)?))),
            selected,
            chosen_reveal,
            refusal: RwSignal::new(None),
            offer,
            moves,
            reveals: Signal::derive(move || offer.with(|o| o.reveals.clone())),
            aim: aim.into(),
        }
    }

    /// The positions the chosen way to reveal would lay down.
    fn marked(self) -> Signal<u64> {
        let Table { chosen_reveal, reveals, hand_cards, .. } = self;
        Signal::derive(move || {
            let k = chosen_reveal.get();
            reveals.with(|r| r.get(k).map_or(0, |combos| hand_cards.with(|h| positions_used(h, combos))))
        })
    }

    /// A move or a new round: nothing stays selected, the first way to reveal is proposed. Another
    /// order of the same hand keeps the same cards selected (a hint's among them) where they went.
    fn reset_selection_on_moves(self) {
        let Table { turn, hand_cards, selected, chosen_reveal, .. } = self;
        Effect::new(move |before: Option<(usize, Vec<Card>)>| {
            let actions = turn.with(|t| t.actions);
            let hand = hand_cards.get();
            match before {
                Some((was, old)) if was == actions => {
                    selected.set(positions_of(&hand, cards_at(&old, selected.get_untracked())));
                }
                _ => {
                    selected.set(0);
                    chosen_reveal.set(0);
                }
            }
            (actions, hand)
        });
    }

    /// The melds grouped by owner, going round from the viewer (drawn again only when they change).
    fn groups(self) -> Memo<Vec<OwnerGroup>> {
        let Table { seen, session, humans, .. } = self;
        Memo::new(move |_| {
            let viewer = seen.with(|s| s.viewer);
            session.with(|s| {
                let (Some(s), Some(g)) = (s.as_ref(), pg(s)) else { return Vec::new() };
                model::owner_groups(g, &s.people(), viewer, viewer.unwrap_or(humans.anchor()))
            })
        })
    }

    /// The move log's lines: the last events the stage has told.
    fn log_lines(self) -> Memo<Vec<LogLine>> {
        let Table { lang, session, stage, names, .. } = self;
        Memo::new(move |_| {
            let l = lang.get();
            session.with(|s| {
                let Some(g) = pg(s) else { return Vec::new() };
                let (from, events) = model::log_window(g, stage.told(g.events().len()), LOG_LENGTH);
                names.with(|n| {
                    let line = |(i, e)| {
                        let (kind, class) = event_kind(e);
                        LogLine { index: from + i, class, kind, text: event_sentence(l, e, n) }
                    };
                    events.iter().enumerate().map(line).collect()
                })
            })
        })
    }

    /// The moment the stage holds (a program revealed, a round's end), in words.
    fn moment(self) -> Memo<Option<String>> {
        let Table { lang, session, stage, names, .. } = self;
        Memo::new(move |_| {
            let (held, l) = (stage.holding()?, lang.get());
            names.with(|n| session.with(|s| pg(s).and_then(|g| model::moment(g, held)).map(|e| event_sentence(l, e, n))))
        })
    }

    fn top(self) -> Option<Card> {
        self.board.with(|b| b.as_ref().and_then(|b| b.top))
    }

    /// What the player should do now, as the prompt's text.
    fn prompt(self) -> String {
        let (t, s, l) = (self.turn.get(), self.seen.get(), self.lang.get());
        let top = self.top();
        self.offer.with(|o| self.names.with(|n| Prompt::of(t, s, o, top, n))).map_or_else(String::new, |p| prompt_text(l, &p))
    }

    /// What the selection cannot do, said before the player tries (or after a refused try).
    fn why_text(self) -> String {
        let l = self.lang.get();
        let (actions, mask) = (self.turn.with(|t| t.actions), self.selected.get());
        if let Some((_, _, why)) = self.refusal.get().filter(|(a, m, _)| *a == actions && *m == mask) {
            return why.text(l);
        }
        let revealed = self.seen.with(|s| s.revealed);
        self.moves
            .with(|m| m.as_ref().and_then(|m| m.said_why(mask.count_ones() as usize, revealed)).map(|w| w.text(l)))
            .unwrap_or_default()
    }
}

/// The table of the Programmes game in `state.session` (one per game put on the table).
#[component]
pub fn ProgrammesTable() -> impl IntoView {
    let state = expect_context::<AppState>();
    let t = Table::new(state);
    t.reset_selection_on_moves();
    drive_computer_turns(state, t.thinking, t.stage);
    let hints = t.hints();
    let controls = t.controls();
    t.keys(controls);
    t.focus_on_turn();
    let (id, anchor, target, lang) = (t.session.with_untracked(|s| s.as_ref().map_or(0, |s| s.id)), t.humans.anchor(), t.target, t.lang);
    let (turn, seen, stage) = (t.turn, t.seen, t.stage);
    view! {
        <GameFrame
            game=GameId::Programmes
            class="game prog-game"
            session=id
            deal=move || turn.get().deal
            phase=move || turn.get().phase.name()
            to_move=move || turn.get().to_move
            extra=custom_attribute("data-revealed", move || seen.get().revealed.to_string())
            holding=move || stage.holding()
            label=lt(L::Programmes)
            summary=move || summary_view(t)
            status=view! {
                <span class="round-badge">{move || round_title(lang.get(), turn.get().deal)}</span>
                <span class="stake-info">{move || text::target_line(lang.get(), target)}</span>
            }
            side_class="game-side prog-side"
            side=side_view(t, controls)
        >
            <SeatsRing seats=Signal::derive(move || t.board.with(|b| b.as_ref().map(|b| b.seats.clone()).unwrap_or_default())) viewer=anchor>
                {felt_view(t, controls)}
            </SeatsRing>
            // The prompt, the moves and the hand stay together at the bottom of the window when
            // the table is taller than it (style/main.css, .play-dock).
            <div class="play-dock">
                <crate::app::features::guide::GuideEcho />
                <p class="turn-prompt prog-prompt" class:turn-mine=move || seen.get().my_turn data-testid="turn-prompt" aria-live="polite"
                    inner_html=move || keyed_html(&t.prompt())></p>
                <HintRow hints=hints />
                {move || bottom_view(t, controls)}
            </div>
            {move || game_over_view(t)}
        </GameFrame>
    }
}

/// The column beside the table: the player's own program card with the ways to reveal it, and
/// the move log.
fn side_view(t: Table, controls: play::Controls) -> impl IntoView {
    let (board, seen, reveals) = (t.board, t.seen, t.reveals);
    let reveal_open = Memo::new(move |_| seen.with(|s| s.play) && reveals.with(|r| !r.is_empty()));
    view! {
        <div class="prog-own" hidden=move || !matches!(t.bottom.get(), Bottom::Hand)>
            <OwnProgram
                program=Signal::derive(move || board.with(|b| b.as_ref().and_then(|b| b.own_program)))
                revealed=Signal::derive(move || seen.get().revealed)
            />
            {move || reveal_open.get().then(|| view! {
                <RevealChoice options=reveals chosen=t.chosen_reveal on_reveal=controls.on_reveal target=t.aim />
            })}
        </div>
        <MoveLog lines=t.log_lines() />
    }
}

/// The felt: the moment the stage holds, the piles and the melds.
fn felt_view(t: Table, controls: play::Controls) -> impl IntoView {
    let (board, offer, moves, session) = (t.board, t.offer, t.moves, t.session);
    let moment = t.moment();
    view! {
        <div class="prog-felt">
            // The moment the stage holds (a program revealed, a round's end), over the felt:
            // it comes and goes without moving anything.
            {move || moment.get().map(|text| view! { <p class="stage-moment" data-testid="moment">{text}</p> })}
            <Piles
                stock=Signal::derive(move || board.with(|b| b.as_ref().map_or(0, |b| b.stock)))
                top=Signal::derive(move || t.top())
                last_move=Memo::new(move |_| session.with(|s| pg(s).and_then(|g| model::last_pile_move(g.events()))))
                can_stock=Signal::derive(move || offer.with(|o| o.draw_stock))
                can_discard=Signal::derive(move || offer.with(|o| o.draw_discard))
                on_draw=controls.on_draw
                target=t.aim
            />
            <TableMelds
                groups=t.groups()
                targets=Signal::derive(move || moves.with(|m| m.as_ref().map(|m| m.extends.clone()).unwrap_or_default()))
                on_extend=controls.on_extend
                target=t.aim
            />
        </div>
    }
}

/// The lower part of the screen: the hand with the actions its selection allows, a shared
/// device's cover, or a word that only computers play.
fn bottom_view(t: Table, controls: play::Controls) -> Option<AnyView> {
    let (turn, seen, lang, names) = (t.turn, t.seen, t.lang, t.names);
    Some(match t.bottom.get() {
        Bottom::Nothing => return None,
        Bottom::NoHuman => view! { <NoHand /> }.into_any(),
        Bottom::Cover => view! {
            <HandCover next=Memo::new(move |_| turn.get().to_move) names=names shown_to=t.shown_to />
        }
        .into_any(),
        Bottom::Hand => {
            let title = Signal::derive(move || match seen.with(|s| s.viewer) {
                Some(v) => names.with(|n| hand_title(lang.get(), &n.of(v))),
                None => T::YourHand.text(lang.get()).to_string(),
            });
            view! {
                <div class="prog-play">
                    {move || actions_view(t, controls)}
                    <p class="action-why" data-testid="action-why" role="status" aria-live="polite">{move || t.why_text()}</p>
                    <ProgrammesHand
                        cards=t.hand_cards
                        selected=t.selected
                        marked=t.marked()
                        selectable=Signal::derive(move || seen.with(|s| s.play))
                        by_rank=t.by_rank
                        title=title
                        target=t.aim
                        drawn=t.drawn
                    />
                </div>
            }
            .into_any()
        }
    })
}

/// The actions the selection allows (a new set, a discard), or the program's exchange before the
/// draw. A button is primary when the selection allows its action; a click says why when not.
fn actions_view(t: Table, controls: play::Controls) -> Option<impl IntoView> {
    let s = t.seen.get();
    let can_exchange = s.my_turn && !s.play && t.offer.with(|o| o.exchange);
    let moves = t.moves;
    let ready = move |which: fn(&SelectionMoves) -> bool| moves.with(|m| m.as_ref().is_some_and(which));
    let button = move |test_id: &'static str, label: L, key: &'static str, ok: fn(&SelectionMoves) -> bool, run: Callback<()>| {
        view! {
            <button
                type="button"
                class="btn btn-small"
                class:btn-primary=move || ready(ok)
                data-testid=test_id
                aria-disabled=move || (!ready(ok)).to_string()
                aria-keyshortcuts=crate::app::shortcut_attr(key)
                data-tutorial-target=guide::mark(t.aim, test_id.to_string())
                on:click=move |_| run.run(())
            >
                {lt(label)}
                <kbd class="kbd" aria-hidden="true">{key}</kbd>
            </button>
        }
    };
    (s.play || can_exchange).then(|| {
        view! {
            <div class="prog-actions" data-testid="actions">
                {s.revealed.then(|| button("action-meld", L::NewSet, "N", |m| m.meld.is_ok(), controls.on_meld))}
                {s.play.then(|| button("action-discard", L::Discard, "X", |m| m.discard.is_ok(), controls.on_discard))}
                {can_exchange.then(|| view! {
                    <button type="button" class="btn btn-small" data-testid="action-exchange" on:click=move |_| controls.on_exchange.run(())>
                        {lt(L::Exchange)}
                    </button>
                })}
            </div>
        }
    })
}

/// The summary of the round that waits, once the table has shown its end.
fn summary_view(t: Table) -> Option<impl IntoView> {
    let turn = t.turn.get();
    let viewer = t.seen.with_untracked(|s| s.viewer);
    let (report, last) = t.session.with_untracked(|s| model::summary(s.as_ref()?, turn, viewer))?;
    let on_continue = Callback::new(move |_: ()| t.session.update(Session::close_summary));
    Some(view! { <RoundSummary report=report names=t.names last=last on_continue=on_continue /> })
}

/// The result, once the game is over.
fn game_over_view(t: Table) -> Option<impl IntoView> {
    if t.bottom.get() != Bottom::Nothing {
        return None;
    }
    let Ending { end, winner, programs_done: done } = t.session.with_untracked(|s| pg(s).and_then(Ending::of))?;
    let (names, target) = (t.names, t.target);
    Some(game_over(t.state, move |on_new_game| view! { <GameOverPanel end winner done target names on_new_game /> }))
}

/// The Programmes game on the table, if the table plays it.
fn pg(s: &Option<Session>) -> Option<&crate::engine::programmes::Programmes> {
    s.as_ref().and_then(Session::programmes)
}
