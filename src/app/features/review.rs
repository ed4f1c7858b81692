//! Reviewing a game (issue 32): the record stepped through move by move on a read-only table,
//! every hand face up, with the hard level's verdict on each decision of a human seat.
//!
//! - The review's state lives in [`AppState::review`]: the table below is put afresh at every step
//!   (a read-only [`Session`] of the record's first `step` actions), and the panel with it.
//! - The verdicts come from the AI worker one decision after another ([`ToWorker::Review`],
//!   `crate::ai::review`), never on the page; the player sees the progress and may stop it.
//! - A review is opened from a deal's summary or the game's end (the game is put back as it was
//!   when it closes), or by the address: `?review=<position text>&at=<step>` (a shared moment).
//!   All of it but [`ReviewState`] and [`start`] is a chunk of its own (`src/main.rs`), fetched
//!   when a review first opens: neither a first visit nor a game loads it.

use leptos::prelude::*;

use crate::ai::review::Verdict;
use crate::engine::game::GameId;
use crate::protocol::{FromWorker, ToWorker};
use crate::record::{Decision, Record, Table};

use crate::app::game_code::MoveWords;
use crate::app::services::i18n::{card_label, card_short, use_lang, Lang};
use crate::app::AppState;
use crate::model::people::Names;
use crate::model::review::{key_step, reviewed_seats, Mark, Progress};
use crate::model::session::{ai_seed, LoadError, Session};

/// Thinking time of each of the verdict's two searches, in milliseconds.
const VERDICT_BUDGET_MS: u32 = 250;

/// A review under way.
#[derive(Clone, Debug)]
pub struct ReviewState {
    pub record: Record,
    /// How many of the record's actions the table shows.
    pub step: usize,
    /// The decisions reviewed (the human seats'), in order.
    pub decisions: Vec<Decision>,
    /// Each decision's verdict once the worker gave it (or why it could not).
    pub verdicts: Vec<Option<Result<Verdict, String>>>,
    /// Whether verdicts are still being asked for (false once all are in, or stopped).
    pub computing: bool,
    /// Whether a verdict has been asked for and not answered yet (one at a time).
    asking: bool,
    /// The game to put back when the review closes (none for a review opened by the address).
    back: Option<Session>,
    /// Tells this review's answers from those of a review closed before (a fresh session id).
    token: u64,
    /// The control to give the focus back to once the table is drawn again (a step redraws it).
    pub focus: Option<&'static str>,
    /// A deal the record dealt but nobody has played yet, in a game that goes on: its hands stay
    /// hidden (a review at a deal's summary must not show the next deal's cards).
    pub unplayed_deal: Option<u32>,
    /// A move of the game in words, from its record string (the game's code reads it).
    pub move_words: MoveWords,
}

impl ReviewState {
    /// The decision made at `step` (the next move), if it is reviewed.
    pub fn decision_at(&self, step: usize) -> Option<usize> {
        self.decisions.iter().position(|d| d.at == step)
    }
}

/// Opens the review of `record` at `step` (its end when `None`); `back` is the game to return to.
/// Reached through the review's code ([`start`]); the game's code reads the decisions to weigh, and
/// the worker is then asked for their verdicts one after another.
pub fn open(state: &AppState, record: Record, step: Option<usize>, back: Option<Session>) -> Result<(), LoadError> {
    let failed = LoadError::from;
    let table = Table::replay(&record).map_err(failed)?;
    let game = table.game_id();
    // The deal on the table at the end, when no action of the record belongs to it yet.
    let mut before_last = record.clone();
    before_last.actions.pop();
    let unplayed_deal = (!table.is_finished() && Table::replay(&before_last).map_err(failed)?.deal_number() < table.deal_number())
        .then(|| table.deal_number());
    let code =
        crate::app::game_code::loaded(game).ok_or_else(|| LoadError { message: "the game's code is not loaded".into(), at: None })?;
    let decisions = (code.decisions)(&record, &reviewed_seats(&record)).map_err(failed)?;
    let step = step.unwrap_or(record.actions.len()).min(record.actions.len());
    // Unique among reviews (a closed review's late answers must not land in this one).
    let token = state.session_id();
    let computing = !decisions.is_empty();
    state.review.set(Some(ReviewState {
        record,
        step,
        verdicts: vec![None; decisions.len()],
        decisions,
        computing,
        asking: false,
        back,
        token,
        focus: Some("review-next"),
        unplayed_deal,
        move_words: code.move_words,
    }));
    show(state, step);
    // The review's panel is at the page's top (it may open from the end of a long page).
    state.scroll_to_page_top();
    state.ai().start(game);
    if computing {
        ask_next(*state, token);
    }
    Ok(())
}

/// Fetches the review's code, then opens the review ([`open`]); says what went wrong.
pub async fn start(state: AppState, record: Record, step: Option<usize>, back: Option<Session>) {
    let opened = match crate::app::game_code::REVIEW.load().await {
        Ok(code) => (code.open)(&state, record, step, back).map_err(|e| e.message),
        Err(_) => Err(state
            .lang
            .get_untracked()
            .pick(
                "the review's code could not be downloaded (is the network down?)",
                "le code de la revue n'a pas pu être téléchargé (le réseau est-il coupé\u{a0}?)",
            )
            .into()),
    };
    if let Err(reason) = opened {
        state.notices.push(crate::app::shell::notices::Msg::ReviewFailed { reason });
    }
}

/// The review of the game on the table, from where it stands; the game comes back on closing.
fn open_current(state: AppState) {
    let Some(session) = state.session.get_untracked() else { return };
    let record = session.record.clone();
    leptos::task::spawn_local(start(state, record, None, Some(session)));
}

/// Puts the table at `step` (clamped to the record).
pub fn go_to(state: &AppState, step: usize, focus: &'static str) {
    let Some(step) = state
        .review
        .try_update(|r| {
            let r = r.as_mut()?;
            r.step = step.min(r.record.actions.len());
            r.focus = Some(focus);
            Some(r.step)
        })
        .flatten()
    else {
        return;
    };
    show(state, step);
}

/// The read-only table of the record's first `step` actions.
fn show(state: &AppState, step: usize) {
    let Some(mut record) = state.review.with_untracked(|r| r.as_ref().map(|r| r.record.clone())) else { return };
    record.actions.truncate(step);
    // A prefix of a record that replays: it replays.
    if let Err(e) = state.replace_table(record, true) {
        state.notices.push(crate::app::shell::notices::Msg::ReviewFailed { reason: e.message });
    }
}

/// Stops asking for verdicts (those already in stay), or starts again.
pub fn set_computing(state: &AppState, on: bool) {
    let Some(token) = state
        .review
        .try_update(|r| {
            let r = r.as_mut()?;
            r.computing = on && r.verdicts.iter().any(Option::is_none);
            Some(r.token)
        })
        .flatten()
    else {
        return;
    };
    if on {
        ask_next(*state, token);
    }
}

/// Ends the review: the game it was opened from comes back as it was (else the whole record stays
/// on the table, read-only).
pub fn close(state: &AppState) {
    let Some(review) = state.review.try_update(Option::take).flatten() else { return };
    match review.back {
        Some(back) => {
            let id = state.session_id();
            let game = back.table.game_id();
            let read_only = back.read_only;
            state.session.set(Some(back.renumbered(id)));
            if !read_only {
                state.ai().start(game);
            }
        }
        None => {
            if let Err(e) = state.replace_table(review.record, true) {
                state.notices.push(crate::app::shell::notices::Msg::ReviewFailed { reason: e.message });
            }
        }
    }
}

/// Asks the worker for the first verdict still missing; each answer asks for the next.
fn ask_next(state: AppState, token: u64) {
    let next = state.review.try_update_untracked(|r| {
        let r = r.as_mut().filter(|r| r.token == token && r.computing && !r.asking)?;
        let i = r.verdicts.iter().position(Option::is_none)?;
        r.asking = true;
        let d = &r.decisions[i];
        let game = GameId::from_key(&r.record.game)?;
        Some((
            i,
            ToWorker::Review {
                id: 0,
                game,
                seed: ai_seed(r.record.seed, d.at),
                budget_ms: VERDICT_BUDGET_MS,
                iterations: None,
                observation: d.observation.clone(),
                played: d.action.clone(),
            },
        ))
    });
    let Some((i, request)) = next.flatten() else {
        // All in (or stopped, or a request already out, whose answer asks for the next).
        state.review.update(|r| {
            if let Some(r) = r.as_mut().filter(|r| r.token == token && !r.asking) {
                r.computing &= r.verdicts.iter().any(Option::is_none);
            }
        });
        return;
    };
    state.ai().request_boxed(
        request,
        Box::new(move |answer| {
            let verdict = match answer {
                Ok(FromWorker::Verdict { verdict, .. }) => Ok(verdict),
                Ok(other) => Err(format!("the AI answered {} instead of a verdict", other.to_json())),
                Err(reason) => Err(reason),
            };
            let mine = state.review.try_update(|r| match r.as_mut().filter(|r| r.token == token) {
                Some(r) => {
                    r.verdicts[i] = Some(verdict);
                    r.asking = false;
                    true
                }
                None => false,
            });
            if mine == Some(true) {
                ask_next(state, token);
            }
        }),
    );
}

/// A value with its sign and one decimal, in the language's way ("+1.5" / "+1,5").
fn signed_value(lang: Lang, v: f64) -> String {
    let text = format!("{v:+.1}");
    if lang == Lang::Fr {
        text.replace('.', ",").replace('-', "\u{2212}")
    } else {
        text.replace('-', "\u{2212}")
    }
}

/// What a verdict's values are counted in.
fn unit(lang: Lang, game: GameId) -> &'static str {
    let (en, fr) = crate::app::games::info(game).verdict_unit;
    lang.pick(en, fr)
}

/// How a verdict reads: its class ("pending", "same", "even", "other", "costly", "failed",
/// [`Mark`]) and its words.
pub fn verdict_text(lang: Lang, game: GameId, words: MoveWords, verdict: Option<&Result<Verdict, String>>) -> (&'static str, String) {
    let mark = Mark::of(game, verdict);
    let text = match verdict {
        None => lang.pick("The computer is weighing this move…", "L'ordinateur pèse ce coup…").into(),
        Some(Err(reason)) => format!("{} {reason}", lang.pick("No verdict:", "Pas de verdict\u{a0}:")),
        Some(Ok(_)) if mark == Mark::Same => lang.pick("The computer would play the same.", "L'ordinateur jouerait pareil.").into(),
        Some(Ok(_)) if mark == Mark::Even => {
            lang.pick("The computer finds nothing clearly better.", "L'ordinateur ne trouve rien de nettement meilleur.").into()
        }
        Some(Ok(v)) => {
            let best = words(lang, &v.best);
            match (v.values, lang) {
                (None, Lang::En) => format!("The computer would {best}."),
                (None, Lang::Fr) => format!("L'ordinateur choisirait\u{a0}: {best}."),
                (Some(values), _) => {
                    let (b, p, u) = (signed_value(lang, values.best), signed_value(lang, values.played), unit(lang, game));
                    match lang {
                        Lang::En => format!("The computer would {best}: it expects {b} {u} from it, {p} from the move played."),
                        Lang::Fr => format!("L'ordinateur choisirait\u{a0}: {best}. Il en attend {b} {u}, et {p} du coup joué."),
                    }
                }
            }
        }
    };
    (mark.class(), text)
}

/// Where the review stands, at `step` of `total` actions: the move to be played next, numbered
/// from 1 as the list of decisions numbers it ("Move 37" there opens "Move 37 of 42"), or the
/// end.
pub fn step_words(lang: Lang, step: usize, total: usize, deal: u32) -> String {
    match lang {
        Lang::En if step < total => format!("Move {} of {total} · deal {deal}", step + 1),
        Lang::Fr if step < total => format!("Coup {} sur {total} · donne {deal}", step + 1),
        Lang::En => format!("End: {total} move{} · deal {deal}", if total == 1 { "" } else { "s" }),
        Lang::Fr => format!("Fin\u{a0}: {total} coup{} · donne {deal}", if total <= 1 { "" } else { "s" }),
    }
}

/// The review's panel, above the read-only table: the steps, the hands, the verdicts.
#[component]
pub fn ReviewPanel() -> impl IntoView {
    let state = expect_context::<AppState>();
    let lang = use_lang();
    let review = state.review;
    let names = Signal::derive(move || state.session.with(|s| s.as_ref().map(Session::people).unwrap_or_default()));
    let game = Memo::new(move |_| state.session.with(|s| s.as_ref().map(|s| s.table.game_id())).unwrap_or_else(crate::app::games::first));
    let step = Memo::new(move |_| review.with(|r| r.as_ref().map_or(0, |r| r.step)));
    let total = Memo::new(move |_| review.with(|r| r.as_ref().map_or(0, |r| r.record.actions.len())));
    mark_root(&state);
    step_by_keys(state, step, total);

    // The control used last gets the focus back once the panel is drawn again.
    let panel = NodeRef::<leptos::html::Section>::new();
    Effect::new(move |_| {
        let Some(panel) = panel.get() else { return };
        let Some(id) = review.with_untracked(|r| r.as_ref().and_then(|r| r.focus)) else { return };
        if let Ok(Some(el)) = panel.query_selector(&format!("[data-testid=\"{id}\"]")) {
            if let Ok(el) = wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(el) {
                let _ = el.focus();
            }
        }
    });
    let last_move = move || {
        let s = step.get();
        let l = lang.get();
        review.with(|r| {
            let r = r.as_ref()?;
            let a = r.record.actions.get(s.checked_sub(1)?)?;
            let who = names.with(|n| n.of(a.seat).display(l));
            let what = (r.move_words)(l, &a.action);
            Some(match l {
                Lang::En => format!("Last move — {who}: {what}"),
                Lang::Fr => format!("Dernier coup — {who}\u{a0}: {what}"),
            })
        })
    };
    view! {
        <section class="review panel" data-testid="review" node_ref=panel aria-labelledby="review-title" data-step=move || step.get().to_string()>
            <ReviewHead step total />
            <ReviewNav step total />
            <ReviewShare step />
            <p class="review-last-move" data-testid="review-last-move">{last_move}</p>
            <DecisionHere step game names />
            <details class="review-hands-box" open>
                <summary>{move || lang.get().pick("Every hand, face up", "Toutes les mains, à découvert")}</summary>
                <ul class="review-hands"><ReviewHands names /></ul>
            </details>
            <ReviewProgress />
            <ol class="review-decisions" aria-label=move || lang.get().pick("Your decisions", "Vos décisions")>
                <DecisionList step game />
            </ol>
        </section>
    }
}

/// While a review is open the page's root carries `reviewing` (style/main.css): each step draws
/// the table anew, and the browser's scroll anchoring would move the page. Not a host page's
/// root: its scroll is its own.
fn mark_root(state: &AppState) {
    let root = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()).filter(|_| !state.host.is_mounted());
    if let Some(root) = &root {
        let _ = root.class_list().add_1("reviewing");
    }
    on_cleanup(move || {
        if let Some(root) = root {
            let _ = root.class_list().remove_1("reviewing");
        }
    });
}

/// ← → Home End step through the record, unless a field or a dialog has the keys.
fn step_by_keys(state: AppState, step: Memo<usize>, total: Memo<usize>) {
    let keys = window_event_listener(leptos::ev::keydown, move |ev: web_sys::KeyboardEvent| {
        if crate::app::typing_in_field(&ev) || untrack(|| state.dialog_open()) || ev.ctrl_key() || ev.meta_key() || ev.alt_key() {
            return;
        }
        let Some(to) = key_step(&ev.key(), step.get_untracked(), total.get_untracked()) else { return };
        ev.prevent_default();
        if let Some((to, focus)) = to {
            go_to(&state, to, focus);
        }
    });
    on_cleanup(move || keys.remove());
}

/// The review's title, where it stands, and its close button.
#[component]
fn ReviewHead(step: Memo<usize>, total: Memo<usize>) -> impl IntoView {
    let state = expect_context::<AppState>();
    let lang = use_lang();
    let review = state.review;
    let step_text = move || {
        let (s, n) = (step.get(), total.get());
        let deal = state.session.with(|s| s.as_ref().map_or(0, |s| s.table.deal_number()));
        step_words(lang.get(), s, n, deal)
    };
    let close_label = move || {
        let back = review.with(|r| r.as_ref().is_some_and(|r| r.back.is_some()));
        match (back, lang.get()) {
            (true, l) => l.pick("Back to the game", "Revenir à la partie"),
            (false, l) => l.pick("Close the review", "Fermer la revue"),
        }
    };
    view! {
        <div class="review-head">
            <h2 id="review-title" class="review-title">{move || lang.get().pick("Review", "Revue de la partie")}</h2>
            <span class="review-step" data-testid="review-step">{step_text}</span>
            <button type="button" class="btn btn-small review-close" data-testid="review-close" on:click=move |_| close(&state)>
                {close_label}
            </button>
        </div>
    }
}

/// The steps' buttons: first, previous, next, last.
#[component]
fn ReviewNav(step: Memo<usize>, total: Memo<usize>) -> impl IntoView {
    let state = expect_context::<AppState>();
    let lang = use_lang();
    let go = move |to: usize, focus: &'static str| go_to(&state, to, focus);
    let at_start = move || step.get() == 0;
    let at_end = move || step.get() >= total.get();
    view! {
        <div class="review-nav" role="group" aria-label=move || lang.get().pick("Steps", "Étapes")>
            <button type="button" class="btn" data-testid="review-first" disabled=at_start on:click=move |_| go(0, "review-first")>
                {move || lang.get().pick("First", "Début")}
            </button>
            <button type="button" class="btn" data-testid="review-prev" disabled=at_start
                on:click=move |_| go(step.get_untracked().saturating_sub(1), "review-prev")>
                {move || lang.get().pick("‹ Previous", "‹ Précédent")}
            </button>
            <button type="button" class="btn btn-primary" data-testid="review-next" disabled=at_end
                on:click=move |_| go(step.get_untracked() + 1, "review-next")>
                {move || lang.get().pick("Next ›", "Suivant ›")}
            </button>
            <button type="button" class="btn" data-testid="review-last" disabled=at_end on:click=move |_| go(total.get_untracked(), "review-last")>
                {move || lang.get().pick("Last", "Fin")}
            </button>
        </div>
    }
}

/// A link to this moment of the review (the record and the step), and a button to copy it.
#[component]
fn ReviewShare(step: Memo<usize>) -> impl IntoView {
    let state = expect_context::<AppState>();
    let lang = use_lang();
    let review = state.review;
    let link = RwSignal::new(String::new());
    let copied = RwSignal::new(false);
    Effect::new(move |_| {
        let (s, l) = (step.get(), lang.get());
        let Some(record) = review.with_untracked(|r| r.as_ref().map(|r| r.record.clone())) else { return };
        leptos::task::spawn_local(async move {
            let text = crate::app::services::address::position_text(&record).await;
            let base = crate::app::services::address::base_url().unwrap_or_default();
            let base = base.split(['?', '#']).next().unwrap_or_default().to_string();
            let _ = link.try_set(format!("{base}?lang={}&review={text}&at={s}", l.code()));
        });
    });
    let copy = move |_| copied.set(copy_text(&link.get_untracked()));
    view! {
        <p class="review-share">
            <a data-testid="review-link" href=move || link.get()>{move || lang.get().pick("Link to this moment", "Lien vers ce moment")}</a>
            <button type="button" class="btn btn-small" data-testid="review-copy-link" on:click=copy>
                {move || match (copied.get(), lang.get()) {
                    (true, l) => l.pick("Copied", "Copié"),
                    (false, l) => l.pick("Copy the link", "Copier le lien"),
                }}
            </button>
        </p>
    }
}

/// The decision made here (the next move), when it is reviewed, with its verdict.
#[component]
fn DecisionHere(step: Memo<usize>, game: Memo<GameId>, names: Signal<Names>) -> impl IntoView {
    let review = expect_context::<AppState>().review;
    let lang = use_lang();
    move || {
        let s = step.get();
        let l = lang.get();
        let g = game.get();
        review.with(|r| {
            let r = r.as_ref()?;
            let i = r.decision_at(s)?;
            let d = &r.decisions[i];
            let who = names.with(|n| n.of(d.seat).display(l));
            let (class, words) = verdict_text(l, g, r.move_words, r.verdicts[i].as_ref());
            let what = (r.move_words)(l, &d.action);
            let played = match l {
                Lang::En => format!("Decision here — {who}: {what}."),
                Lang::Fr => format!("Décision ici — {who}\u{a0}: {what}."),
            };
            Some(view! {
                <div class="review-here" data-testid="review-here" data-verdict=class>
                    <p class="review-played">{played}</p>
                    <p class="review-verdict-text">{words}</p>
                </div>
            })
        })
    }
}

/// Every hand face up, one line a seat (hidden for a deal nobody has played yet).
#[component]
fn ReviewHands(names: Signal<Names>) -> impl IntoView {
    let state = expect_context::<AppState>();
    let lang = use_lang();
    move || {
        let l = lang.get();
        let deal = state.session.with(|s| s.as_ref().map(|s| s.table.deal_number()));
        if deal.is_some() && deal == state.review.with(|r| r.as_ref().and_then(|r| r.unplayed_deal)) {
            return view! {
                <li class="review-hand" data-testid="review-hands-hidden">
                    {l.pick("The next deal's cards stay hidden: it has not been played yet.", "Les cartes de la donne suivante restent cachées\u{a0}: elle n'a pas encore été jouée.")}
                </li>
            }.into_any();
        }
        let hands = state.session.with(|s| s.as_ref().map(|s| s.table.hands())).unwrap_or_default();
        hands
            .into_iter()
            .enumerate()
            .map(|(seat, cards)| {
                let who = names.with(|n| n.of(seat).display(l));
                let text = cards.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ");
                let label = cards.iter().map(|&c| card_label(l, c)).collect::<Vec<_>>().join(", ");
                view! {
                    <li class="review-hand" data-testid=format!("review-hand-{seat}") data-cards=text>
                        <span class="review-hand-name">{who}</span>
                        <span class="review-cards" role="img" aria-label=label>
                            {cards.into_iter().map(|c| {
                                let red = c.suit().is_some_and(|s| s.is_red());
                                view! { <span class="review-card" class:review-red=red>{card_short(l, c)}</span> }
                            }).collect_view()}
                        </span>
                    </li>
                }
            })
            .collect_view()
            .into_any()
    }
}

/// How far the weighing has gone, with the button that stops it or takes it up again.
#[component]
fn ReviewProgress() -> impl IntoView {
    let state = expect_context::<AppState>();
    let lang = use_lang();
    move || {
        let l = lang.get();
        let Progress { done, total: n, computing } = state.review.with(|r| r.as_ref().map(|r| Progress::of(&r.verdicts, r.computing)))?;
        if n == 0 {
            return Some(
                view! {
                    <p class="review-progress" data-testid="review-progress" data-done=0 data-total=0>
                        {l.pick("No decision of yours to weigh in this game.", "Aucune de vos décisions à peser dans cette partie.")}
                    </p>
                }
                .into_any(),
            );
        }
        let text = match (computing, l) {
            (true, Lang::En) => format!("The computer is weighing your decisions: {done} of {n}."),
            (true, Lang::Fr) => format!("L'ordinateur pèse vos décisions\u{a0}: {done} sur {n}."),
            (false, Lang::En) if done == n => format!("All {n} decisions weighed."),
            (false, Lang::Fr) if done == n => format!("Les {n} décisions sont pesées."),
            (false, Lang::En) => format!("Stopped: {done} of {n} decisions weighed."),
            (false, Lang::Fr) => format!("Arrêté\u{a0}: {done} décisions pesées sur {n}."),
        };
        let (label, on) = if computing { (l.pick("Stop", "Arrêter"), false) } else { (l.pick("Go on", "Reprendre"), true) };
        let button = Progress { done, total: n, computing }.can_stop_or_resume().then(|| {
            view! {
                <button type="button" class="btn btn-small" data-testid="review-cancel" on:click=move |_| set_computing(&state, on)>
                    {label}
                </button>
            }
        });
        Some(
            view! {
                <p class="review-progress" data-testid="review-progress" role="status" data-done=done data-total=n>
                    <span>{text}</span>
                    {button}
                </p>
            }
            .into_any(),
        )
    }
}

/// The decisions reviewed, each with its verdict: a button that steps to it.
#[component]
fn DecisionList(step: Memo<usize>, game: Memo<GameId>) -> impl IntoView {
    let state = expect_context::<AppState>();
    let lang = use_lang();
    move || {
        let l = lang.get();
        let g = game.get();
        let now = step.get();
        state.review.with(|r| {
            let r = r.as_ref()?;
            Some(
                r.decisions
                    .iter()
                    .zip(&r.verdicts)
                    .map(|(d, v)| {
                        let (class, words) = verdict_text(l, g, r.move_words, v.as_ref());
                        let at = d.at;
                        let label = match l {
                            Lang::En => format!("Move {}: {}", at + 1, (r.move_words)(l, &d.action)),
                            Lang::Fr => format!("Coup {}\u{a0}: {}", at + 1, (r.move_words)(l, &d.action)),
                        };
                        view! {
                            <li>
                                <button
                                    type="button"
                                    class=format!("review-decision review-{class}")
                                    class:review-current=now == at
                                    data-testid="review-verdict"
                                    data-at=at
                                    data-verdict=class
                                    aria-current=(now == at).then_some("step")
                                    on:click=move |_| go_to(&state, at, "review-verdict")
                                >
                                    <span class="review-decision-move">{label}</span>
                                    <span class="review-decision-verdict">{words}</span>
                                    {(class == "costly").then(|| view! {
                                        <span class="sr-only">{l.pick("A costly move.", "Un coup coûteux.")}</span>
                                    })}
                                </button>
                            </li>
                        }
                    })
                    .collect_view(),
            )
        })
    }
}

/// Puts `text` on the clipboard (the asynchronous Clipboard API, looked up at run time); false
/// where the browser has none.
fn copy_text(text: &str) -> bool {
    use wasm_bindgen::JsCast;
    let Some(window) = web_sys::window() else { return false };
    let navigator = window.navigator();
    let Ok(clipboard) = js_sys::Reflect::get(&navigator, &"clipboard".into()) else { return false };
    let Ok(write) = js_sys::Reflect::get(&clipboard, &"writeText".into()) else { return false };
    write.dyn_into::<js_sys::Function>().is_ok_and(|write| write.call1(&clipboard, &text.into()).is_ok())
}

/// The button that opens the review of the game on the table (a deal's summary, the game's end).
#[component]
pub fn ReviewButton() -> impl IntoView {
    let state = expect_context::<AppState>();
    let lang = use_lang();
    // Not on a review's own table (its last step may show the game's end).
    let reviewing = state.review.with_untracked(Option::is_some);
    (!reviewing).then(|| {
        view! {
            <button type="button" class="btn" data-testid="review-open" on:click=move |_| open_current(state)>
                {move || lang.get().pick("Review the game", "Revoir la partie")}
            </button>
        }
    })
}
