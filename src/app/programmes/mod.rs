//! The Programmes game screen: the players round the table, with the stock, the discard pile and
//! every meld in the middle (grouped by owner, each with its program card); the player's own
//! program card, the ways to reveal it when the hand allows, the hand (several cards selected at
//! once), the actions the selection allows, the move log, the round summaries and the result.
//!
//! Everything the player may do is read from the engine (`actions`): the legal actions, and for
//! a composed action (a new set from the selected cards) the engine's own check. Computer seats
//! are driven by the shared pacing loop (`app::computer_turns`).
//!
//! The state is read through a few memos of plain data (where the game stands, whose eyes the
//! screen is for, the board, the melds, the log), and the parts of the view read from them.

pub mod actions;
pub mod guide;
pub mod info;
pub mod hand;
pub mod melds;
pub mod program_card;
pub mod reveal;
pub mod summary;
pub mod text;

use std::sync::Arc;

use leptos::attr::custom::custom_attribute;
use leptos::prelude::*;

use crate::ai::programmes_bot::Hint;
use crate::engine::cards::Card;
use crate::engine::game::{Game, GameId, Seat};
use crate::engine::programmes::{find_reveal, Action, Event, Phase, Placed, ProgramId, Programmes};

use crate::app::table::game_frame::GameFrame;
use crate::app::table::computer_turns::{drive_computer_turns, forced_move, play_human_move};
use crate::app::table::stage::Stage;
use crate::app::table::hint::{HintRow, Hints, Suggestion};
use crate::app::services::i18n::{hand_title, round_title, T};
use crate::app::table::move_log::{LogLine, MoveLog, LOG_LENGTH};
use crate::app::table::seats::{SeatView, SeatsRing};
use crate::model::session::{Humans, Session};
use crate::app::table::results::game_over;
use super::AppState;
use actions::{engine_check, positions_of, positions_used, selection_moves, sorted_hand, Offer, SelectionMoves, Why};
use hand::{focus_soon, focus_soon_showing, InView, ProgrammesHand};
use crate::app::table::hand::{HandCover, NoHand};
use melds::{OwnerGroup, Piles, TableMelds};
use reveal::{OwnProgram, RevealChoice};
use summary::{GameOverPanel, RoundSummary};
use text::{event_kind, event_sentence, lt, prompt_text, seat_note, Prompt, L};

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

/// The Programmes game on the table, if the table plays it.
fn pg(s: &Option<Session>) -> Option<&Programmes> {
    s.as_ref().and_then(Session::programmes)
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Turn {
    to_move: Option<Seat>,
    phase: Phase,
    finished: bool,
    /// The round whose summary waits to be read.
    pending: Option<u32>,
    deal: u32,
    /// Actions played so far (changes with every move).
    actions: usize,
    /// The table has shown every move so far (`Stage::caught_up`).
    caught_up: bool,
    /// The table plays the player's only legal move for them (`forced_move`).
    forced: bool,
}

/// Whose eyes the screen is for, and what they may do now.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Seen {
    viewer: Option<Seat>,
    /// A shared device hides the hand until its owner asks to see it.
    covered: bool,
    my_turn: bool,
    /// My turn, after the draw: cards can be selected and laid.
    play: bool,
    revealed: bool,
}

/// What the lower part of the screen holds.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Bottom {
    /// The game is over: the result is shown instead.
    Nothing,
    /// Only computers play.
    NoHuman,
    /// A shared device, between two humans' turns.
    Cover,
    Hand,
}

/// The middle of the table.
#[derive(Clone, Debug, PartialEq)]
struct Board {
    stock: usize,
    top: Option<Card>,
    own_program: Option<ProgramId>,
    seats: Vec<SeatView>,
}

/// The table of the Programmes game in `state.session` (one per game put on the table).
#[component]
pub fn ProgrammesTable() -> impl IntoView {
    let state = expect_context::<AppState>();
    // This game's session: a stale memo of this view reads no game once another is on the table.
    let session = super::TableSession::current(state.session);
    let lang = state.lang;

    // Fixed for this game. A read-only position (embedding) is shown as it is: no hint.
    let (id, players, humans, target, read_only) = session.with_untracked(|s| {
        let s = s.as_ref().expect("a game is on the table");
        (s.id, s.seats.len(), s.humans(), s.programmes().map_or(5, |g| g.options().target), s.read_only)
    });
    let people = Humans::new(&humans);
    let anchor = people.anchor();

    let names = Memo::new(move |_| session.with(|s| s.as_ref().map(|s| s.people()).unwrap_or_default()));
    let stage = Stage::new(state);
    let turn = Memo::new(move |_| {
        session.with(|s| {
            let s = s.as_ref()?;
            Some(Turn {
                // Nobody is marked to play while the table holds a moment.
                to_move: s.shown().to_move().filter(|_| stage.holding().is_none()),
                phase: s.programmes()?.phase(),
                finished: s.table.is_finished(),
                pending: s.pending_summary(),
                deal: s.shown().deal_number(),
                actions: s.record.actions.len(),
                caught_up: stage.caught_up(s),
                forced: forced_move(&state, s).is_some(),
            })
        })
        .unwrap_or(Turn {
            to_move: None,
            phase: Phase::GameOver,
            finished: true,
            pending: None,
            deal: 0,
            actions: 0,
            caught_up: true,
            forced: false,
        })
    });
    let thinking = RwSignal::new(None::<Seat>);
    // At a shared device, the human whose cards are showing.
    let shown_to = RwSignal::new(people.first_shown());
    let seen = Memo::new(move |_| {
        let t = turn.get();
        let human_to_move = t.to_move.filter(|&s| people.plays(s));
        let shown = shown_to.get();
        let viewer = people.viewer(human_to_move, shown);
        let covered = people.covered(human_to_move, shown, t.pending.is_some());
        // Never on a position shown read-only (a review): its controls would take the focus.
        let my_turn = !read_only
            && viewer.is_some()
            && t.to_move == viewer
            && t.pending.is_none()
            && t.caught_up
            && !t.forced
            && !covered
            && !state.dialog_open();
        let revealed = viewer.is_some_and(|v| session.with(|s| pg(s).is_some_and(|g| g.has_revealed(v))));
        Seen { viewer, covered, my_turn, play: my_turn && t.phase == Phase::Play, revealed }
    });
    let bottom = Memo::new(move |_| {
        let (t, s) = (turn.get(), seen.get());
        match () {
            _ if t.finished && t.pending.is_none() => Bottom::Nothing,
            _ if s.viewer.is_none() => Bottom::NoHuman,
            _ if s.covered => Bottom::Cover,
            _ => Bottom::Hand,
        }
    });

    // ---- The hand and the selection ----
    let by_rank = RwSignal::new(false);
    let hand_cards = Memo::new(move |_| {
        let Some(v) = seen.with(|s| s.viewer) else { return Vec::new() };
        let by_rank = by_rank.get();
        session.with(|s| pg(s).map(|g| sorted_hand(g.hand(v).iter(), by_rank)).unwrap_or_default())
    });
    // The card the player has just drawn, marked in the hand until the next move (while the
    // record's last action is that draw). The stock's card is in no event: it is the card the
    // hand did not hold before the draw (the record replayed without it).
    let drawn = Memo::new(move |_| -> Option<Card> {
        let v = seen.with(|s| s.viewer)?;
        session.with(|s| {
            let (game, s) = (pg(s)?, s.as_ref()?);
            let last = s.record.actions.last().filter(|a| a.seat == v)?;
            match last.action.parse::<Action>().ok()? {
                Action::DrawDiscard => game.taken_from_discard(),
                Action::DrawStock => {
                    let mut before = s.record.clone();
                    before.actions.pop();
                    let held = crate::record::Table::replay(&before).ok()?.hands().swap_remove(v);
                    let now = game.hand(v);
                    now.iter().find(|&c| now.count(c) as usize > held.iter().filter(|&&h| h == c).count())
                }
                _ => None,
            }
        })
    });
    let selected = RwSignal::new(0u64);
    let chosen_reveal = RwSignal::new(0usize);
    // Why the last attempt was refused, with the moment it was (actions played, selection).
    let refusal = RwSignal::new(None::<(usize, u64, Why)>);

    // ---- What the engine allows ----
    let offer = Memo::new(move |_| {
        let (s, t) = (seen.get(), turn.get());
        let (Some(v), true) = (s.viewer, s.my_turn) else { return Offer::default() };
        session.with(|s| {
            let Some(g) = pg(s) else { return Offer::default() };
            let mut offer = Offer::of(&g.legal_actions());
            // Before drawing: does the hand already fulfil the program?
            offer.reveal_ahead = t.phase == Phase::Draw
                && !g.has_revealed(v)
                && g.program(v).is_some_and(|p| find_reveal(g.hand(v), p.card()).is_some());
            offer
        })
    });
    let moves = Memo::new(move |_| -> Option<SelectionMoves> {
        let s = seen.get();
        let v = s.viewer.filter(|_| s.play)?;
        let mask = selected.get();
        let chosen: Vec<Card> =
            hand_cards.with(|h| h.iter().enumerate().filter(|(i, _)| mask & (1 << i) != 0).map(|(_, c)| *c).collect());
        offer.with(|o| session.with(|s| pg(s).map(|g| selection_moves(g, v, o, &chosen))))
    });
    let reveals = Signal::derive(move || offer.with(|o| o.reveals.clone()));
    // A guided game: the one control the guide waits for the player to use now.
    let tutorial_target = Memo::new(move |_| {
        // (Pointed at once the player may use it: after the moments the table holds.)
        let awaited = crate::app::features::guide::awaited(&state).filter(|_| seen.with(|s| s.my_turn))?;
        hand_cards.with(|h| guide::target(&awaited, h, selected.get()))
    });
    let aim = Signal::derive(move || tutorial_target.get());
    let marked = Signal::derive(move || {
        let k = chosen_reveal.get();
        reveals.with(|r| r.get(k).map_or(0, |combos| hand_cards.with(|h| positions_used(h, combos))))
    });
    // A move or a new round: nothing stays selected, the first way to reveal is proposed. Another
    // order of the same hand keeps the same cards selected (a hint's among them) where they went.
    Effect::new(move |before: Option<(usize, Vec<Card>)>| {
        let actions = turn.with(|t| t.actions);
        let hand = hand_cards.get();
        match before {
            Some((was, old)) if was == actions => {
                let mask = selected.get_untracked();
                selected.set(positions_of(&hand, old.iter().enumerate().filter(|(i, _)| mask & (1 << i) != 0).map(|(_, c)| *c)));
            }
            _ => {
                selected.set(0);
                chosen_reveal.set(0);
            }
        }
        (actions, hand)
    });

    // ---- The table ----
    let board = Memo::new(move |_| {
        let (thinking, viewer, l) = (thinking.get(), seen.with(|s| s.viewer), lang.get());
        session.with(|s| {
            let (s, g) = (s.as_ref()?, pg(s)?);
            let people = s.people();
            let seats = (0..players)
                .map(|seat| SeatView {
                    seat,
                    person: people.of(seat),
                    kind: s.seats[seat],
                    chips: None,
                    cards: g.hand(seat).len(),
                    note: Some(seat_note(l, g.programs_done(seat), target, g.has_revealed(seat))),
                    shown: Vec::new(),
                    dealer: g.dealer() == seat,
                    to_move: g.to_move() == Some(seat),
                    thinking: thinking == Some(seat),
                    viewer: viewer == Some(seat),
                })
                .collect();
            Some(Board { stock: g.stock_size(), top: g.discard_top(), own_program: viewer.and_then(|v| g.program(v)), seats })
        })
    });
    // Apart from the board: the melds are drawn again only when they change.
    let groups = Memo::new(move |_| {
        let viewer = seen.with(|s| s.viewer);
        session.with(|s| {
            let (Some(s), Some(g)) = (s.as_ref(), pg(s)) else { return Vec::new() };
            let people = s.people();
            let start = viewer.unwrap_or(anchor);
            let mut laid = melds::laid_by(g.events(), g.melds());
            (0..players)
                .map(|k| (start + k) % players)
                .map(|seat| OwnerGroup {
                    seat,
                    person: people.of(seat),
                    program: g.program(seat).map(|p| (Some(seat) == viewer || g.has_revealed(seat)).then_some(p)),
                    revealed: g.has_revealed(seat),
                    melds: g
                        .melds()
                        .iter()
                        .enumerate()
                        .filter(|(_, m)| m.owner == seat)
                        .map(|(n, m)| (n, *m, std::mem::take(&mut laid[n])))
                        .collect(),
                })
                .collect::<Vec<_>>()
        })
    });
    let log_lines = Memo::new(move |_| {
        let l = lang.get();
        session.with(|s| {
            let Some(g) = pg(s) else { return Vec::new() };
            let events = &g.events()[..stage.told(g.events().len())];
            let from = events.len().saturating_sub(LOG_LENGTH);
            names.with(|n| {
                events[from..]
                    .iter()
                    .enumerate()
                    .map(|(i, e)| {
                        let (kind, class) = event_kind(e);
                        LogLine { index: from + i, class, kind, text: event_sentence(l, e, n) }
                    })
                    .collect::<Vec<_>>()
            })
        })
    });

    drive_computer_turns(state, thinking, stage);
    let moment = Memo::new(move |_| {
        let (held, l) = (stage.holding()?, lang.get());
        names.with(|n| session.with(|s| pg(s).and_then(|g| g.events().get(held).map(|e| event_sentence(l, e, n)))))
    });

    // ---- Hints: the hard level's move, marked where it is played ----
    // A move from the hand (a new set, an extension, a discard) comes with its cards selected and
    // the button that plays it focused, so that Enter plays it as in the other games.
    let read = Callback::new(move |s: Arc<Suggestion>| {
        let top = board.with(|b| b.as_ref().and_then(|b| b.top));
        let action = s.action.parse::<Action>().ok()?;
        let sentence = text::hint_sentence(lang.get(), &action, &hint_from_json(&s.why)?, top, seen.with(|s| s.revealed))?;
        let controls = match &action {
            Action::DrawStock => "[data-testid='stock']".to_string(),
            Action::DrawDiscard => "[data-testid='discard']".to_string(),
            Action::ExchangeProgram => "[data-testid='action-exchange']".to_string(),
            Action::Reveal(_) => "[data-testid='action-reveal']".to_string(),
            Action::Meld(_) | Action::Discard(_) | Action::Extend { .. } => {
                let mask = hand_cards.with(|h| hinted_cards(&action, h))?;
                let button = match &action {
                    Action::Meld(_) => "[data-testid='action-meld']".to_string(),
                    Action::Discard(_) => "[data-testid='action-discard']".to_string(),
                    _ => format!(".meld-add[data-action='{}']", s.action),
                };
                let cards = (0..64).filter(|i| mask & (1 << i) != 0).map(|i| format!(",[data-testid='hand-card-{i}']"));
                std::iter::once(button).chain(cards).collect()
            }
        };
        Some((sentence, controls))
    });
    let mover = Memo::new(move |_| seen.with(|s| s.viewer.filter(|_| s.my_turn)));
    let hints = Hints::new(state, mover, read, T::HintThinkingMove);
    // The suggested way to reveal is the chosen one; the suggested cards are the selection.
    Effect::new(move |_| {
        let Some(action) = hints.ready().and_then(|s| s.action.parse::<Action>().ok()) else { return };
        if let Some(k) = reveals.with_untracked(|r| r.iter().position(|c| matches!(&action, Action::Reveal(a) if a == c))) {
            chosen_reveal.set(k);
        } else if let Some(mask) = hand_cards.with_untracked(|h| hinted_cards(&action, h)) {
            selected.set(mask);
        }
    });

    // ---- Playing ----
    // Checked with the engine first, so a refusal is said in plain words next to the actions.
    let refuse = move |why: Why| refusal.set(Some((turn.with_untracked(|t| t.actions), selected.get_untracked(), why)));
    let try_action = move |action: Action| {
        let s = seen.get_untracked();
        let (Some(v), true) = (s.viewer, s.my_turn) else { return };
        match session.with_untracked(|s| pg(s).map(|g| engine_check(g, v, &action))) {
            Some(Ok(())) => play_human_move(state, action.to_string()),
            Some(Err(why)) => refuse(why),
            None => {}
        }
    };
    let on_draw = Callback::new(move |from_discard: bool| {
        if turn.with_untracked(|t| t.phase) == Phase::Draw {
            try_action(if from_discard { Action::DrawDiscard } else { Action::DrawStock });
        }
    });
    let on_reveal = Callback::new(move |_: ()| {
        if let Some(combos) = reveals.with_untracked(|r| r.get(chosen_reveal.get_untracked()).cloned()) {
            try_action(Action::Reveal(combos));
        } else if seen.with_untracked(|s| s.play) {
            refuse(Why::Label(L::CannotRevealYet));
        }
    });
    let pick = move |which: fn(&SelectionMoves) -> &Result<Action, Why>| {
        let Some(m) = moves.get_untracked() else { return };
        match which(&m) {
            Ok(action) => try_action(action.clone()),
            Err(why) => refuse(why.clone()),
        }
    };
    let on_meld = move || pick(|m| &m.meld);
    let on_discard = move || pick(|m| &m.discard);
    let on_extend = Callback::new(move |(meld, card): (usize, Placed)| try_action(Action::Extend { meld, card }));

    // Keys: S and D draw; R reveals, N lays the selection as a new set, X discards it, A goes to
    // the melds the selected card extends.
    let keys = window_event_listener(leptos::ev::keydown, move |ev: web_sys::KeyboardEvent| {
        if !seen.with_untracked(|s| s.my_turn) || !state.letter_shortcut(&ev) {
            return;
        }
        let draw = turn.with_untracked(|t| t.phase) == Phase::Draw;
        match ev.key().to_ascii_lowercase().as_str() {
            "s" if draw => on_draw.run(false),
            "d" if draw => on_draw.run(true),
            "r" if !draw => on_reveal.run(()),
            "n" if !draw => on_meld(),
            "x" if !draw => on_discard(),
            // To the first meld the selected card can extend (Tab goes on to the others), or
            // why there is none.
            "a" if !draw => {
                match moves.with_untracked(|m| m.as_ref().and_then(|m| m.extend_why.clone())) {
                    Some(why) => refuse(why),
                    None => focus_soon(".meld-add".into()),
                }
            }
            _ => return,
        }
        ev.prevent_default();
    });
    on_cleanup(move || keys.remove());

    // The turn comes, or the hand changes during it: the focus goes where the next decision is
    // (the stock, the first way to reveal, the hand); at a shared device, the cover's button.
    // In one column the reveal panel comes after the hand: the window shows the whole panel, then
    // goes back to where it was once the panel closes, so that the table (and the sets just laid
    // down) is in view again.
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
        let target = if s.covered {
            Some(".hand-cover button")
        } else if !s.my_turn {
            None
        } else if t.phase == Phase::Draw {
            Some("[data-testid='stock']")
        } else if revealing {
            Some(".reveal-option input")
        } else {
            Some("[data-testid='hand-card-0']")
        };
        if target.is_some() || !matches!(view, InView::Itself) {
            focus_soon_showing(target.map(String::from), view);
        }
    });

    let continue_after_summary = Callback::new(move |_: ()| {
        session.update(Session::close_summary);
    });

    let hand_heading = Signal::derive(move || match seen.with(|s| s.viewer) {
        Some(v) => names.with(|n| hand_title(lang.get(), &n.of(v))),
        None => T::YourHand.text(lang.get()).to_string(),
    });

    let turn_prompt = move || {
        let (l, t, s) = (lang.get(), turn.get(), seen.get());
        let Some(mover) = t.to_move.filter(|_| !t.finished) else { return String::new() };
        let prompt = if !s.my_turn {
            Prompt::Waiting(names.with(|n| n.of(mover)))
        } else if t.phase == Phase::Draw {
            let (can_take, ahead) = offer.with(|o| (o.draw_discard, o.reveal_ahead));
            let top = board.with(|b| b.as_ref().and_then(|b| b.top));
            Prompt::Draw { discard: top.filter(|_| can_take), can_reveal: ahead }
        } else if s.revealed && offer.with(|o| o.discards.is_empty()) {
            Prompt::LayOut
        } else if s.revealed {
            Prompt::LayOrDiscard
        } else if reveals.with(|r| !r.is_empty()) {
            Prompt::Reveal
        } else {
            Prompt::DiscardToEnd
        };
        prompt_text(l, &prompt)
    };

    // What the selection cannot do, said before the player tries (or after a refused try).
    let why_text = move || {
        let l = lang.get();
        let (actions, mask) = (turn.with(|t| t.actions), selected.get());
        if let Some((_, _, why)) = refusal.get().filter(|(a, m, _)| *a == actions && *m == mask) {
            return why.text(l);
        }
        let revealed = seen.with(|s| s.revealed);
        moves
            .with(|m| {
                let m = m.as_ref()?;
                match mask.count_ones() {
                    1 => m.discard.as_ref().err().filter(|w| matches!(w, Why::TakenFromDiscard(_))).map(|w| w.text(l)),
                    n if n >= 3 && revealed => m.meld.as_ref().err().map(|w| w.text(l)),
                    _ => None,
                }
            })
            .unwrap_or_default()
    };
    let ready = move |which: fn(&SelectionMoves) -> bool| moves.with(|m| m.as_ref().is_some_and(which));
    // An action button: primary when the selection allows it; a click says why when it does not.
    let action_button = move |test_id: &'static str, label: L, key: &'static str, ok: fn(&SelectionMoves) -> bool, run: fn(&dyn Fn(), &dyn Fn())| {
        view! {
            <button
                type="button"
                class="btn btn-small"
                class:btn-primary=move || ready(ok)
                data-testid=test_id
                aria-disabled=move || (!ready(ok)).to_string()
                aria-keyshortcuts=crate::app::shortcut_attr(key)
                data-tutorial-target=guide::mark(aim, test_id.to_string())
                on:click=move |_| run(&on_meld, &on_discard)
            >
                {lt(label)}
                <kbd class="kbd" aria-hidden="true">{key}</kbd>
            </button>
        }
    };
    let exchange = move || try_action(Action::ExchangeProgram);
    let actions_view = move || {
        let s = seen.get();
        let can_exchange = s.my_turn && !s.play && offer.with(|o| o.exchange);
        (s.play || can_exchange).then(|| {
            view! {
                <div class="prog-actions" data-testid="actions">
                    {s.revealed.then(|| action_button("action-meld", L::NewSet, "N", |m| m.meld.is_ok(), |meld, _| meld()))}
                    {s.play.then(|| action_button("action-discard", L::Discard, "X", |m| m.discard.is_ok(), |_, discard| discard()))}
                    {can_exchange.then(|| view! {
                        <button type="button" class="btn btn-small" data-testid="action-exchange" on:click=move |_| exchange()>
                            {lt(L::Exchange)}
                        </button>
                    })}
                </div>
            }
        })
    };

    let summary_view = move || {
        let deal = turn.with(|t| t.pending.filter(|_| t.caught_up))?;
        let v = seen.with_untracked(|s| s.viewer);
        let (report, last) = session.with_untracked(|s| {
            let s = s.as_ref()?;
            let report = crate::engine::programmes::RoundSettlement::of(s.programmes()?, deal, v)?;
            Some((report, s.table.is_finished() && s.rounds_finished() as u32 == deal))
        })?;
        Some(view! { <RoundSummary report=report names=names last=last on_continue=continue_after_summary /> })
    };

    let game_over_view = move || {
        if bottom.get() != Bottom::Nothing {
            return None;
        }
        let (end, winner, done) = session.with_untracked(|s| {
            pg(s)?.events().iter().rev().find_map(|e| match e {
                Event::GameOver { end, winner, programs_done } => Some((*end, *winner, programs_done.clone())),
                _ => None,
            })
        })?;
        Some(game_over(state, move |on_new_game| view! { <GameOverPanel end winner done target names on_new_game /> }))
    };

    let bottom_view = move || match bottom.get() {
        Bottom::Nothing => None,
        Bottom::NoHuman => Some(view! { <NoHand /> }.into_any()),
        Bottom::Cover => Some(
            view! {
                <HandCover next=Memo::new(move |_| turn.get().to_move) names=names shown_to=shown_to />
            }
            .into_any(),
        ),
        Bottom::Hand => Some(
            view! {
                <div class="prog-play">
                    {actions_view}
                    <p class="action-why" data-testid="action-why" role="status" aria-live="polite">{why_text}</p>
                    <ProgrammesHand
                        cards=hand_cards
                        selected=selected
                        marked=marked
                        selectable=Signal::derive(move || seen.with(|s| s.play))
                        by_rank=by_rank
                        title=hand_heading
                        target=aim
                        drawn=drawn
                    />
                </div>
            }
            .into_any(),
        ),
    };
    let reveal_open = Memo::new(move |_| seen.with(|s| s.play) && reveals.with(|r| !r.is_empty()));

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
            summary=summary_view
            status=view! {
                <span class="round-badge">{move || round_title(lang.get(), turn.get().deal)}</span>
                <span class="stake-info">{move || text::target_line(lang.get(), target)}</span>
            }
            side_class="game-side prog-side"
            side=view! {
                <div class="prog-own" hidden=move || !matches!(bottom.get(), Bottom::Hand)>
                    <OwnProgram
                        program=Signal::derive(move || board.with(|b| b.as_ref().and_then(|b| b.own_program)))
                        revealed=Signal::derive(move || seen.get().revealed)
                    />
                    {move || reveal_open.get().then(|| view! { <RevealChoice options=reveals chosen=chosen_reveal on_reveal=on_reveal target=aim /> })}
                </div>
                <MoveLog lines=log_lines />
            }
        >
            <SeatsRing seats=Signal::derive(move || board.with(|b| b.as_ref().map(|b| b.seats.clone()).unwrap_or_default())) viewer=anchor>
                <div class="prog-felt">
                    // The moment the stage holds (a program revealed, a round's end), over the felt:
                    // it comes and goes without moving anything.
                    {move || moment.get().map(|text| view! { <p class="stage-moment" data-testid="moment">{text}</p> })}
                    <Piles
                        stock=Signal::derive(move || board.with(|b| b.as_ref().map_or(0, |b| b.stock)))
                        top=Signal::derive(move || board.with(|b| b.as_ref().and_then(|b| b.top)))
                        last_move=Memo::new(move |_| session.with(|s| pg(s).and_then(|g| melds::last_pile_move(g.events()))))
                        can_stock=Signal::derive(move || offer.with(|o| o.draw_stock))
                        can_discard=Signal::derive(move || offer.with(|o| o.draw_discard))
                        on_draw=on_draw
                        target=aim
                    />
                    <TableMelds
                        groups=groups
                        targets=Signal::derive(move || moves.with(|m| m.as_ref().map(|m| m.extends.clone()).unwrap_or_default()))
                        on_extend=on_extend
                        target=aim
                    />
                </div>
            </SeatsRing>
            // The prompt, the moves and the hand stay together at the bottom of the window when
            // the table is taller than it (style/main.css, .play-dock).
            <div class="play-dock">
                <crate::app::features::guide::GuideEcho />
                <p class="turn-prompt prog-prompt" class:turn-mine=move || seen.get().my_turn data-testid="turn-prompt" aria-live="polite"
                    inner_html=move || keyed_html(&turn_prompt())></p>
                <HintRow hints=hints />
                {bottom_view}
            </div>
            {game_over_view}
        </GameFrame>
    }
}

/// The hand positions (a mask over `hand`, the first copy of each card) of the cards a move from
/// the hand takes (a new set, a discard, an extension); `None` for another move, or if the hand
/// lacks one of them.
fn hinted_cards(action: &Action, hand: &[Card]) -> Option<u64> {
    let cards = action.cards_played();
    let mask = positions_of(hand, cards.iter().copied());
    (!cards.is_empty() && mask.count_ones() as usize == cards.len()).then_some(mask)
}
