//! The new-game screen: the game, the players (human or computer, with names), the game's house
//! rules (drawn from [`option_specs`](crate::app::features::option_specs)), the starting chips and an optional
//! seed. The last table set up is remembered (`tapis.setup`); the address's `game=`, `players=`
//! and `seed=` take precedence.

use std::collections::BTreeMap;

use leptos::prelude::*;
use serde::{Deserialize, Serialize};

use crate::ai::Level;
use crate::engine::game::{Chips, GameId};

use crate::app::features::option_specs::{pick, OptionSpec};
use crate::app::games::{info, level_note, GAMES};
use crate::app::services::i18n::{chips_text, level_name, seat_title, tr, Lang, T};
use crate::app::services::url_params::{random_seed, scalar, spend_start_params, UrlParams};
use crate::app::shell::mount_stages::later;
use crate::app::shell::notices::Msg;
use crate::app::{services::storage, AppState, Screen};
use crate::engine::game::OptionKind;
use crate::model::new_game::{unpaid_stakes, FieldError, Form, NAME_MAX, START_CHIPS};
use crate::model::session::{default_names, SeatKind, Session};

const SETUP_KEY: &str = "tapis.setup";
/// Seats the form keeps (the largest table of any game).
const MAX_SEATS: usize = 9;

/// The form's content, remembered between games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
struct TableSetup {
    game: GameId,
    players: usize,
    /// One entry per possible seat: `human` or a level key.
    seats: Vec<String>,
    /// One entry per possible seat; empty means the default name.
    names: Vec<String>,
    /// House rules as the form holds them, keyed `game-key.option-key`.
    options: BTreeMap<String, String>,
    start_chips: Chips,
}

impl Default for TableSetup {
    fn default() -> TableSetup {
        TableSetup {
            game: crate::app::games::first(),
            players: 4,
            seats: (0..MAX_SEATS).map(|s| if s == 0 { "human" } else { "easy" }.to_string()).collect(),
            names: vec![String::new(); MAX_SEATS],
            options: BTreeMap::new(),
            start_chips: 100,
        }
    }
}

impl TableSetup {
    fn load() -> TableSetup {
        let mut setup: TableSetup = storage::get(SETUP_KEY).and_then(|t| serde_json::from_str(&t).ok()).unwrap_or_default();
        if !GAMES.iter().any(|g| g.id == setup.game) {
            setup.game = crate::app::games::first();
        }
        setup.seats.resize(MAX_SEATS, "easy".into());
        setup.names.resize(MAX_SEATS, String::new());
        for seat in &mut setup.seats {
            if SeatKind::from_key(seat).is_err() {
                *seat = "easy".into();
            }
        }
        setup
    }

    /// What the address asks for (docs/embedding.md), over the remembered setup: the game, the
    /// players, who plays each seat and the house rules, written as the form writes them.
    fn prefill(&mut self, url: &UrlParams) {
        if let Some(game) = url.game {
            self.game = game;
        }
        let (min_players, max_players) = self.game.player_range();
        self.players = url.players.unwrap_or(self.players).clamp(min_players, max_players);
        if let Some(kinds) = &url.seats {
            for (slot, kind) in self.seats.iter_mut().zip(kinds) {
                *slot = kind.key().to_string();
            }
        }
        for (key, value) in &url.options {
            let Some(text) = scalar(value) else { continue };
            if key == START_CHIPS {
                self.start_chips = text.parse().unwrap_or(self.start_chips);
            } else {
                self.options.insert(format!("{}.{key}", url.start_game().key()), text);
            }
        }
    }
}

fn option_slot(game: GameId, spec: &OptionSpec) -> String {
    format!("{}.{}", game.key(), spec.key())
}

impl FieldError {
    fn text(&self, lang: Lang, game: GameId) -> String {
        match (self, lang) {
            (FieldError::Option(key), _) => info(game).options.iter().find(|s| s.key() == *key).map(|s| s.error(lang)).unwrap_or_default(),
            (FieldError::StartChips, Lang::En) => "Enter a whole number of chips, at least 1.".into(),
            (FieldError::StartChips, Lang::Fr) => "Indiquez un nombre entier de jetons, au moins 1.".into(),
            (FieldError::TooFewChips { chips, stake: Some(stake) }, Lang::En) => {
                format!("With {} nobody can make the first stake ({stake} each): give at least {stake}.", chips_text(lang, *chips))
            }
            (FieldError::TooFewChips { chips, stake: Some(stake) }, Lang::Fr) => format!(
                "Avec {} personne ne peut faire la première mise ({stake} chacun) : donnez-en au moins {stake}.",
                chips_text(lang, *chips)
            ),
            (FieldError::TooFewChips { chips, stake: None }, Lang::En) => {
                format!("With {} nobody can pay the first antes: give more.", chips_text(lang, *chips))
            }
            (FieldError::TooFewChips { chips, stake: None }, Lang::Fr) => {
                format!("Avec {} personne ne peut payer la première mise : donnez-en plus.", chips_text(lang, *chips))
            }
            (FieldError::Seed, Lang::En) => format!("A seed is a whole number from 0 to {}, or leave it empty.", u64::MAX),
            (FieldError::Seed, Lang::Fr) => format!("Une graine est un entier de 0 à {}, ou laissez vide.", u64::MAX),
        }
    }
}

/// The form's fields as the page holds them (each a signal), and its errors.
#[derive(Clone, Copy)]
struct Fields {
    lang: RwSignal<Lang>,
    game: RwSignal<GameId>,
    players: RwSignal<usize>,
    seats: RwSignal<Vec<String>>,
    names: RwSignal<Vec<String>>,
    options: RwSignal<BTreeMap<String, String>>,
    start_chips: RwSignal<String>,
    seed: RwSignal<String>,
    errors: RwSignal<Vec<FieldError>>,
}

impl Fields {
    fn new(lang: RwSignal<Lang>, setup: TableSetup, seed: String) -> Fields {
        Fields {
            lang,
            game: RwSignal::new(setup.game),
            players: RwSignal::new(setup.players),
            seats: RwSignal::new(setup.seats),
            names: RwSignal::new(setup.names),
            options: RwSignal::new(setup.options),
            start_chips: RwSignal::new(setup.start_chips.to_string()),
            seed: RwSignal::new(seed),
            errors: RwSignal::new(Vec::new()),
        }
    }

    /// The error of `field` in the current language, if it holds one.
    fn error_of(self, field: &'static str) -> impl Fn() -> Option<String> + Copy {
        move || self.errors.with(|e| e.iter().find(|e| e.field() == field).map(|e| e.text(self.lang.get(), self.game.get())))
    }

    /// The form as it stands, read without tracking.
    fn form(self) -> Form {
        let g = self.game.get_untracked();
        Form {
            game: g,
            chips: info(g).chips,
            seats: untrack(|| seat_kinds(self.seats, self.players)),
            names: self.names.get_untracked(),
            options: info(g).options.iter().map(|spec| (spec.key(), spec.value(&untrack(|| option_text(self.options, g, spec))))).collect(),
            start_chips: self.start_chips.get_untracked(),
            seed: self.seed.get_untracked(),
        }
    }

    /// What the form remembers for next time.
    fn remembered(self, form: &Form, chips: Chips) -> TableSetup {
        TableSetup {
            game: form.game,
            players: form.seats.len(),
            seats: self.seats.get_untracked(),
            names: self.names.get_untracked(),
            options: self.options.get_untracked(),
            start_chips: if form.chips { chips } else { form.start_chips.trim().parse().unwrap_or(100) },
        }
    }

    fn refuse(self, problems: Vec<FieldError>) {
        self.errors.set(problems);
        focus_first_invalid();
    }
}

/// Who plays each of the first `players` seats (a seat the form cannot read goes to the computer).
fn seat_kinds(seats: RwSignal<Vec<String>>, players: RwSignal<usize>) -> Vec<SeatKind> {
    seats.with(|s| s[..players.get()].iter().map(|k| SeatKind::from_key(k).unwrap_or(SeatKind::Computer(Level::Easy))).collect())
}

/// What the field of house rule `spec` of game `g` holds (its default until changed).
fn option_text(options: RwSignal<BTreeMap<String, String>>, g: GameId, spec: &'static OptionSpec) -> String {
    options.with(|o| o.get(&option_slot(g, spec)).cloned()).unwrap_or_else(|| spec.default_text())
}

/// "Start": checks the form; puts its game on the table and remembers the form, or shows what is
/// wrong.
fn start(state: AppState, fields: Fields) {
    let form = fields.form();
    let checked = match form.check(random_seed) {
        Ok(checked) => checked,
        Err(problems) => return fields.refuse(problems),
    };
    let chips = checked.chips;
    let mut record = crate::app::games::new_record(form.game, form.seats.len(), checked.seed);
    form.fill(&mut record, checked, fields.lang.get_untracked());
    // A table where nobody can pay the first stakes would end before it begins.
    match Session::from_record(0, record.clone()) {
        Ok(trial) if form.chips => {
            if let Some(problem) = unpaid_stakes(&trial, chips) {
                return fields.refuse(vec![problem]);
            }
        }
        Ok(_) => {}
        Err(e) => return state.notices.push(Msg::StartFailed { reason: e.message }),
    }
    fields.errors.set(Vec::new());
    let remembered = fields.remembered(&form, chips);
    let _ = storage::set(SETUP_KEY, &serde_json::to_string(&remembered).expect("setup serializes"));
    match state.put_on_table(record) {
        Ok(()) => spend_start_params(&state),
        Err(e) => state.notices.push(Msg::StartFailed { reason: e.message }),
    }
}

#[component]
pub fn NewGameScreen() -> impl IntoView {
    let state = expect_context::<AppState>();
    let mut setup = TableSetup::load();
    let url = state.url.get_value();
    setup.prefill(&url);
    let seed = url.seed.map(|s| s.to_string()).unwrap_or_default();
    let fields = Fields::new(state.lang, setup, seed);
    let game = fields.game;

    // The chosen game's code (its wasm chunk) is fetched while the player fills the form, once the
    // choice has settled for a moment, so that "Start" draws the table at once.
    let preload = StoredValue::new_local(None::<gloo_timers::callback::Timeout>);
    Effect::new(move |_| {
        let g = game.get();
        preload.set_value(Some(gloo_timers::callback::Timeout::new(PRELOAD_AFTER_MS, move || crate::app::game_code::preload(g))));
    });
    let has_game = move || state.session.with(|s| s.as_ref().is_some_and(|s| !s.table.is_finished()));

    view! {
        <section class="new-game" data-testid="new-game" aria-labelledby="new-game-title">
            <div class="new-game-head">
                <h2 id="new-game-title">{tr(T::NewGame)}</h2>
                <Show when=has_game>
                    <button type="button" class="btn" on:click=move |_| state.screen.set(Screen::Game)>
                        {tr(T::BackToGame)}
                    </button>
                </Show>
            </div>
            <form
                class="new-game-form"
                novalidate
                on:submit=move |ev| {
                    ev.prevent_default();
                    start(state, fields);
                }
            >
                {game_choice(fields)}
                // Built in the tasks after the first (app/shell/mount_stages.rs).
                {later(2, move || view! { {guide_offer(state, game)} {daily_panel(state, game)} }.into_any())}
                {later(3, move || seats_panel(fields).into_any())}
                {later(4, move || rules_panel(fields).into_any())}
                {later(5, move || {
                    view! {
                        {seed_panel(fields)}
                        <div class="start-row">
                            <button type="submit" class="btn btn-primary btn-large" data-testid="start-game">
                                {tr(T::StartGame)}
                            </button>
                        </div>
                    }
                    .into_any()
                })}
            </form>
        </section>
    }
}

/// The games, one tile each.
fn game_choice(fields: Fields) -> impl IntoView {
    let Fields { lang, game, players, errors, .. } = fields;
    let choose_game = move |g: GameId| {
        game.set(g);
        let (lo, hi) = g.player_range();
        players.update(|n| *n = (*n).clamp(lo, hi));
        errors.set(Vec::new());
    };
    view! {
        <fieldset class="panel game-choice">
            <legend>{tr(T::ChooseGame)}</legend>
            {GAMES
                .iter()
                .map(|game_info| {
                    let (g, title, blurb) = (game_info.id, game_info.name, game_info.blurb);
                    view! {
                        <label class="game-tile">
                            <input
                                type="radio"
                                name="game"
                                value=g.key()
                                data-testid=format!("game-{}", g.key())
                                prop:checked=move || game.get() == g
                                on:change=move |_| choose_game(g)
                            />
                            <span class="game-tile-body">
                                <span class="game-tile-title">{move || pick(lang.get(), title)}</span>
                                <span class="game-tile-blurb">{move || pick(lang.get(), blurb)}</span>
                            </span>
                        </label>
                    }
                })
                .collect_view()}
        </fieldset>
    }
}

/// A newcomer learns by playing one guided deal (every game has one).
fn guide_offer(state: AppState, game: RwSignal<GameId>) -> impl IntoView {
    let lang = state.lang;
    view! {
        <div class="panel daily-panel guide-offer" data-testid="guide-offer">
            <div class="daily-panel-text">
                <h2 class="daily-panel-title">
                    {move || match lang.get() {
                        Lang::En => format!("New to {}?", info(game.get()).name_after_to.0),
                        // « au Bonanza », « au Nain Jaune », but « aux Programmes ».
                        Lang::Fr => format!("Nouveau {}\u{a0}?", info(game.get()).name_after_to.1),
                    }}
                </h2>
                <p>{move || lang.get().pick(
                    "Play one short guided deal: each rule shows up once, explained as it happens.",
                    "Jouez une courte donne guidée\u{a0}: chaque règle y apparaît une fois, expliquée au moment où elle joue.",
                )}</p>
            </div>
            <button type="button" class="btn btn-large" data-testid="guide-start"
                on:click=move |_| crate::app::start_guide(&state, game.get_untracked())>
                {move || lang.get().pick("Learn by playing", "Apprendre en jouant")}
            </button>
        </div>
    }
}

/// Today's deal of the chosen game.
fn daily_panel(state: AppState, game: RwSignal<GameId>) -> impl IntoView {
    let lang = state.lang;
    view! {
        <div class="panel daily-panel" data-testid="daily-panel">
            <div class="daily-panel-text">
                <h2 class="daily-panel-title">
                    {move || format!("{} · {}", lang.get().pick("Daily deal", "Donne du jour"), pick(lang.get(), info(game.get()).name))}
                </h2>
                <p>{move || daily_blurb(lang.get(), game.get(), state.stats_rev.get())}</p>
            </div>
            <button
                type="button"
                class="btn btn-large"
                data-testid="daily-start"
                on:click=move |_| crate::app::features::daily::start(&state, game.get_untracked())
            >
                {move || lang.get().pick("Play today's deal", "Jouer la donne du jour")}
            </button>
        </div>
    }
}

/// The number of players, who plays each seat and under which name, and what the computers'
/// levels do in this game.
fn seats_panel(fields: Fields) -> impl IntoView {
    let Fields { lang, game, players, .. } = fields;
    view! {
        <fieldset class="panel seats-panel">
            <legend>{tr(T::WhoPlays)}</legend>
            <div class="field field-inline">
                <label for="field-players">{tr(T::Players)}</label>
                <select
                    id="field-players"
                    data-testid="players"
                    prop:value=move || players.get().to_string()
                    on:change=move |ev| {
                        if let Ok(n) = event_target_value(&ev).parse::<usize>() {
                            let (lo, hi) = game.get_untracked().player_range();
                            players.set(n.clamp(lo, hi));
                        }
                    }
                >
                    {move || {
                        let (lo, hi) = game.get().player_range();
                        (lo..=hi)
                            .map(|n| view! { <option value=n.to_string() selected=move || players.get() == n>{n}</option> })
                            .collect_view()
                    }}
                </select>
            </div>
            <ol class="seat-list">
                <For each=move || 0..players.get() key=|s| *s let:seat>
                    {seat_row(fields.lang, fields.seats, fields.names, players, seat)}
                </For>
            </ol>
            // What the computers' levels do in this game, in a few words.
            <ul class="level-notes" data-testid="level-notes">
                {move || Level::ALL
                    .into_iter()
                    .map(|level| view! { <li>{level_note(lang.get(), game.get(), level)}</li> })
                    .collect_view()}
            </ul>
        </fieldset>
    }
}

/// One seat: who plays it, and its name (the default name shown greyed in the empty field).
fn seat_row(
    lang: RwSignal<Lang>,
    seats: RwSignal<Vec<String>>,
    names: RwSignal<Vec<String>>,
    players: RwSignal<usize>,
    seat: usize,
) -> impl IntoView {
    view! {
        <li class="seat-row">
            // Shown, not read: each control's own label names the seat (it was read twice).
            <span class="seat-row-title" aria-hidden="true">{move || seat_title(lang.get(), seat)}</span>
            <label class="sr-only" for=format!("seat-kind-{seat}")>
                {move || format!("{} — {}", seat_title(lang.get(), seat), T::WhoPlays.text(lang.get()))}
            </label>
            <select
                id=format!("seat-kind-{seat}")
                data-testid=format!("seat-kind-{seat}")
                prop:value=move || seats.with(|s| s[seat].clone())
                on:change=move |ev| {
                    let value = event_target_value(&ev);
                    if SeatKind::from_key(&value).is_ok() {
                        seats.update(|s| s[seat] = value);
                    }
                }
            >
                <option value="human" selected=move || seats.with(|s| s[seat] == "human")>{tr(T::Human)}</option>
                {Level::ALL
                    .into_iter()
                    .map(|level| view! {
                        <option value=level.key() selected=move || seats.with(|s| s[seat] == level.key())>
                            {move || level_name(lang.get(), level)}
                        </option>
                    })
                    .collect_view()}
            </select>
            <label class="sr-only" for=format!("seat-name-{seat}")>
                {move || format!("{} — {}", seat_title(lang.get(), seat), T::NameLabel.text(lang.get()))}
            </label>
            <input
                id=format!("seat-name-{seat}")
                class="seat-name"
                type="text"
                maxlength=NAME_MAX.to_string()
                autocomplete="off"
                data-testid=format!("seat-name-{seat}")
                placeholder=move || default_names(&seat_kinds(seats, players), lang.get()).get(seat).cloned().unwrap_or_default()
                prop:value=move || names.with(|n| n[seat].clone())
                on:input=move |ev| names.update(|n| n[seat] = event_target_value(&ev))
            />
        </li>
    }
}

/// The chosen game's house rules, and the starting chips of a chip game.
fn rules_panel(fields: Fields) -> impl IntoView {
    let Fields { game, start_chips, .. } = fields;
    let error = fields.error_of(START_CHIPS);
    view! {
        <fieldset class="panel rules-panel">
            <legend>{tr(T::HouseRules)}</legend>
            {move || {
                let g = game.get();
                info(g).options.iter().map(|spec| option_field(fields, g, spec)).collect_view()
            }}
            <div class="field" class:field-invalid=move || error().is_some() hidden=move || !info(game.get()).chips>
                <label for="field-start-chips">{tr(T::StartChips)}</label>
                <input
                    id="field-start-chips"
                    type="number"
                    inputmode="numeric"
                    min="1"
                    step="1"
                    data-testid="start-chips"
                    aria-invalid=move || error().is_some().to_string()
                    aria-describedby="field-start-chips-error"
                    prop:value=move || start_chips.get()
                    on:input=move |ev| start_chips.set(event_target_value(&ev))
                />
                <p class="field-error" id="field-start-chips-error" role="alert">{error}</p>
            </div>
        </fieldset>
    }
}

/// One house rule's field (a select for choices and flags, a number input otherwise).
fn option_field(fields: Fields, g: GameId, spec: &'static OptionSpec) -> impl IntoView {
    let lang = fields.lang;
    let id = format!("field-{}", spec.test_id());
    let hint_id = format!("{id}-hint");
    let error_id = format!("{id}-error");
    let described = format!("{hint_id} {error_id}");
    let error = fields.error_of(spec.key());
    let options = fields.options;
    let text = move || option_text(options, g, spec);
    let set = move |value: String| {
        options.update(|o| {
            o.insert(option_slot(g, spec), value);
        })
    };
    let input = match spec.decl.kind {
        OptionKind::Whole { min, max, .. } => view! {
            <input
                id=id.clone()
                type="number"
                inputmode="numeric"
                min=min.to_string()
                max=max.to_string()
                step="1"
                data-testid=spec.test_id()
                aria-invalid=move || error().is_some().to_string()
                aria-describedby=described
                prop:value=text
                on:input=move |ev| set(event_target_value(&ev))
            />
        }
        .into_any(),
        OptionKind::Choice(_) | OptionKind::Flag { .. } => view! {
            <select
                id=id.clone()
                data-testid=spec.test_id()
                aria-describedby=described
                prop:value=text
                on:change=move |ev| set(event_target_value(&ev))
            >
                {spec.options()
                    .into_iter()
                    .map(|(value, label)| view! {
                        <option value=value selected=move || text() == value>
                            {move || pick(lang.get(), label)}
                        </option>
                    })
                    .collect_view()}
            </select>
        }
        .into_any(),
    };
    view! {
        <div class="field" class:field-invalid=move || error().is_some()>
            <label for=id>{move || pick(lang.get(), spec.label)}</label>
            {input}
            <p class="field-hint" id=hint_id>{move || spec.hint.map(|h| pick(lang.get(), h))}</p>
            <p class="field-error" id=error_id role="alert">{error}</p>
        </div>
    }
}

/// The seed (empty for fresh cards).
fn seed_panel(fields: Fields) -> impl IntoView {
    let seed = fields.seed;
    let error = fields.error_of("seed");
    view! {
        <fieldset class="panel seed-panel">
            <legend>{tr(T::Seed)}</legend>
            <div class="field" class:field-invalid=move || error().is_some()>
                <label for="field-seed" class="sr-only">{tr(T::Seed)}</label>
                <input
                    id="field-seed"
                    type="text"
                    inputmode="numeric"
                    autocomplete="off"
                    spellcheck="false"
                    data-testid="seed"
                    aria-describedby="field-seed-hint field-seed-error"
                    aria-invalid=move || error().is_some().to_string()
                    prop:value=move || seed.get()
                    on:input=move |ev| seed.set(event_target_value(&ev))
                />
                <p class="field-hint" id="field-seed-hint">{tr(T::SeedHint)}</p>
                <p class="field-error" id="field-seed-error" role="alert">{error}</p>
            </div>
        </fieldset>
    }
}

/// What the daily deal of `game` is, and whether today's try has been made (`_rev`: the
/// statistics' revision, so the line follows them). (The daily's computers play at the medium
/// level, `GameInfo::daily`.)
fn daily_blurb(lang: Lang, game: GameId, _rev: u32) -> String {
    let computers = info(game).daily.0 - 1;
    let tried = crate::app::features::stats::daily_tried(game, &crate::app::features::daily::today());
    match (lang, tried) {
        (Lang::En, false) => format!("The same cards for everyone today, you against {computers} computers at the medium level. Your first try counts in your statistics."),
        (Lang::En, true) => format!("The same cards for everyone today, you against {computers} computers at the medium level. You have tried it today: play it again for fun, it will not count."),
        (Lang::Fr, false) => format!("Les mêmes cartes pour tous aujourd'hui, vous contre {computers} ordinateurs de niveau moyen. Votre premier essai compte dans vos statistiques."),
        (Lang::Fr, true) => format!("Les mêmes cartes pour tous aujourd'hui, vous contre {computers} ordinateurs de niveau moyen. Vous l'avez déjà tentée aujourd'hui\u{a0}: rejouez-la pour le plaisir, elle ne comptera pas."),
    }
}

/// How long the form's game choice stays the same before that game's code is fetched.
const PRELOAD_AFTER_MS: u32 = 1500;

/// Moves the keyboard focus to the first field with an error.
fn focus_first_invalid() {
    leptos::prelude::set_timeout(
        || {
            if let Some(el) = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.query_selector(".new-game [aria-invalid='true']").ok().flatten())
            {
                use wasm_bindgen::JsCast;
                if let Ok(el) = el.dyn_into::<web_sys::HtmlElement>() {
                    let _ = el.focus();
                }
            }
        },
        std::time::Duration::ZERO,
    );
}
