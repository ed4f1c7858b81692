//! What every game shows when a deal or the game ends: the summary dialog that pauses play until
//! it is read, and the final standings. Each game fills them with its own figures and sentences.

use leptos::prelude::*;

use crate::engine::game::{Chips, Seat};

use crate::app::features::review::ReviewButton;
use crate::app::services::i18n::{chips_text, game_winner_title, rank_place, tr, use_lang, Names, T};
use crate::app::shell::dialog_focus;

/// A signed amount for a table cell: "+3", "-10", "0".
pub fn signed(n: Chips) -> String {
    if n == 0 {
        "0".into()
    } else {
        format!("{n:+}")
    }
}

/// Focuses a dialog's main button once the DOM has settled, so the hand's own focus request
/// (made in the same turn of the event loop) cannot win.
pub fn focus_when_settled(button: web_sys::HtmlButtonElement) {
    set_timeout(
        move || {
            if crate::app::may_take_focus() {
                let _ = button.focus();
            }
        },
        std::time::Duration::from_millis(30),
    );
}

/// Focuses `button` (once the DOM has settled) whenever `when()` holds and the button is on the
/// page: a dialog's main button as it opens, a cover's "show my cards" as the cover comes up.
pub fn focus_button_when(button: NodeRef<leptos::html::Button>, when: impl Fn() -> bool + Send + Sync + 'static) {
    Effect::new(move |_| {
        if when() {
            if let Some(b) = button.get() {
                focus_when_settled(b);
            }
        }
    });
}

/// A table of chip movements: one row per seat (its name, then the figures, the last one the
/// chips after), the winner's row marked.
#[component]
pub fn ChipTable(
    /// Column headings after "Player", in English and French.
    columns: Vec<(&'static str, &'static str)>,
    /// Per seat: the signed figures, then the chips after (unsigned).
    rows: Vec<Vec<Chips>>,
    winner: Option<Seat>,
    #[prop(into)] names: Signal<Names>,
) -> impl IntoView {
    let lang = use_lang();
    let width = columns.len();
    view! {
        <div class="table-scroll" tabindex="0">
            <table class="summary-table">
                <thead>
                    <tr>
                        <th scope="col">{tr(T::ColPlayer)}</th>
                        {columns.into_iter().map(|(en, fr)| view! { <th scope="col">{move || lang.get().pick(en, fr)}</th> }).collect_view()}
                    </tr>
                </thead>
                <tbody>
                    {rows
                        .into_iter()
                        .enumerate()
                        .map(|(seat, row)| {
                            let cells = row
                                .into_iter()
                                .enumerate()
                                .map(|(i, n)| {
                                    let last = i + 1 == width;
                                    let net = i + 2 == width;
                                    let (pos, neg) = (!last && n > 0, !last && n < 0);
                                    view! {
                                        <td class:net=net class:chips-after=last class:pos=pos class:neg=neg>
                                            {if last { n.to_string() } else { signed(n) }}
                                        </td>
                                    }
                                })
                                .collect_view();
                            view! {
                                <tr class:summary-winner=winner == Some(seat)>
                                    <th scope="row">{move || names.with(|n| n.of(seat).display(lang.get()))}</th>
                                    {cells}
                                </tr>
                            }
                        })
                        .collect_view()}
                </tbody>
            </table>
        </div>
    }
}

/// The buttons under a deal's summary or the final standings: the review's, then the main one
/// (`button`, which the caller focuses), which goes on with the game.
#[component]
fn GoOn(button: NodeRef<leptos::html::Button>, test_id: &'static str, on_click: Callback<()>, children: Children) -> impl IntoView {
    view! {
        <ReviewButton />
        <button type="button" class="btn btn-primary btn-large" data-testid=test_id node_ref=button on:click=move |_| on_click.run(())>
            {children()}
        </button>
    }
}

/// The dialog after a deal or round: a title, the game's content, and one button (focused on
/// open) that continues. The content scrolls on a small screen: it is the Tab key's other stop.
#[component]
pub fn SummaryDialog(
    #[prop(into)] title: Signal<String>,
    /// The dialog's `data-testid`.
    test_id: &'static str,
    /// The button's words (next deal, or the final standings), in English and French.
    label: (&'static str, &'static str),
    on_continue: Callback<()>,
    children: Children,
) -> impl IntoView {
    let lang = use_lang();
    let button = NodeRef::<leptos::html::Button>::new();
    let dialog = NodeRef::<leptos::html::Div>::new();
    focus_button_when(button, || true);
    view! {
        <div class="dialog-backdrop summary-backdrop">
            <div
                class="dialog round-summary"
                role="dialog"
                aria-modal="true"
                aria-labelledby="summary-title"
                data-testid=test_id
                node_ref=dialog
                on:keydown=move |ev| {
                    if let Some(d) = dialog.get_untracked() {
                        dialog_focus::cycle_tab(&d, &ev);
                    }
                }
            >
                <div class="dialog-head">
                    <h2 id="summary-title">{move || title.get()}</h2>
                </div>
                <div class="dialog-body" tabindex="0">{children()}</div>
                <div class="dialog-foot">
                    <GoOn button test_id="summary-continue" on_click=on_continue>
                        {move || lang.get().pick(label.0, label.1)}
                    </GoOn>
                </div>
            </div>
        </div>
    }
}

/// The end of a game on the table: its final standings, drawn by `panel` with the action that
/// starts a new game, and under them the statistics' note.
pub fn game_over<V: IntoView>(state: crate::app::AppState, panel: impl FnOnce(Callback<()>) -> V) -> impl IntoView {
    view! {
        {panel(Callback::new(move |_| state.screen.set(crate::app::Screen::NewGame)))}
        <crate::app::features::stats::GameOverSlot />
    }
}

/// The final standings; its main button (focused on open) starts a new game.
#[component]
pub fn GameOverPanel(
    /// Why the game ended, and whatever else the game tells at the end.
    #[prop(into)]
    reason: Signal<String>,
    winner: Option<Seat>,
    chips: Vec<Chips>,
    #[prop(into)] names: Signal<Names>,
    /// Seats out of the game before the end, marked in the standings.
    #[prop(optional)]
    out: Vec<Seat>,
    on_new_game: Callback<()>,
) -> impl IntoView {
    let lang = use_lang();
    let mut order: Vec<Seat> = (0..chips.len()).collect();
    order.sort_by_key(|&s| std::cmp::Reverse(chips[s]));
    let headline = move || match winner {
        Some(w) => names.with(|n| game_winner_title(lang.get(), &n.of(w))),
        None => T::Tie.text(lang.get()).to_string(),
    };
    let standings = {
        let places = places(order.iter().map(|&seat| chips[seat]));
        order
            .iter()
            .zip(places)
            .map(|(&seat, place)| {
                let (p, c, is_out) = (place, chips[seat], out.contains(&seat));
                view! {
                    <li class="standing" class:standing-first=p == 1 class:standing-out=is_out data-seat=seat>
                        <span class="standing-place">{move || rank_place(lang.get(), p)}</span>
                        <span class="standing-name">{move || names.with(|n| n.of(seat).display(lang.get()))}</span>
                        <span class="standing-chips">{move || chips_text(lang.get(), c)}</span>
                    </li>
                }
            })
            .collect_view()
    };
    view! {
        <GameOverShell headline=Signal::derive(headline) reason=reason subtitle=T::FinalStandings.both() on_new_game=on_new_game>
            {standings}
        </GameOverShell>
    }
}

/// Each place in standings listed best first, from the scores in that order: equal scores share
/// the place of the first of them ("1st, 2nd, 2nd, 4th").
pub fn places<S: PartialEq>(scores: impl IntoIterator<Item = S>) -> Vec<usize> {
    let mut last = None;
    let mut place = 0;
    scores
        .into_iter()
        .enumerate()
        .map(|(i, score)| {
            if last.as_ref() != Some(&score) {
                place = i + 1;
                last = Some(score);
            }
            place
        })
        .collect()
}

/// The game-over panel of every game: why the game ended, the standings (its children, the items
/// of the list), the review button and the New game button. The button takes the focus as the
/// panel opens, except when a guided game ends: the guide's closing words keep the player's eye,
/// and the button does not pull the page down to itself.
#[component]
pub fn GameOverShell(
    headline: Signal<String>,
    reason: Signal<String>,
    /// The standings' heading, in English and French.
    subtitle: (&'static str, &'static str),
    on_new_game: Callback<()>,
    children: Children,
) -> impl IntoView {
    let lang = use_lang();
    let button = NodeRef::<leptos::html::Button>::new();
    let guided = use_context::<crate::app::AppState>().is_some_and(|state| state.guide.with_untracked(Option::is_some));
    Effect::new(move |_| {
        if let Some(b) = button.get().filter(|_| !guided) {
            focus_when_settled(b);
        }
    });
    view! {
        <section class="game-over panel" data-testid="game-over" aria-labelledby="game-over-title">
            <p class="game-over-kicker">{tr(T::GameOver)}</p>
            <h2 id="game-over-title" class="game-over-title">{move || headline.get()}</h2>
            <p class="game-over-reason">{move || reason.get()}</p>
            <h3 class="summary-subtitle">{move || lang.get().pick(subtitle.0, subtitle.1)}</h3>
            <ol class="standings">{children()}</ol>
            <div class="game-over-actions">
                <GoOn button test_id="new-game-button" on_click=on_new_game>
                    {tr(T::PlayAgain)}
                </GoOn>
            </div>
        </section>
    }
}
