//! The new-game screen: the game, the players (human or computer, with names), the house rules
//! of RULES.md §2 and an optional seed. The last table set up is remembered (`tapis.setup`);
//! the address's `players=` and `seed=` take precedence.

use leptos::prelude::*;
use serde::{Deserialize, Serialize};

use crate::ai::Level;
use crate::engine::game::{Chips, Game, GameId};
use crate::engine::nain_jaune::{Direction, Options, Points, MAX_PLAYERS, MIN_PLAYERS, STAKE_PER_PLAYER};
use crate::record::Record;

use super::i18n::{level_name, seat_title, stake_hint, tr, Lang, T};
use super::nain_jaune::session::{default_names, SeatKind, Session};
use super::notices::Msg;
use super::{storage, AppState, Screen};

const SETUP_KEY: &str = "tapis.setup";
/// The longest name accepted (it must fit a seat plate).
const NAME_MAX: usize = 16;

/// The form's content, remembered between games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct TableSetup {
    players: usize,
    /// One entry per possible seat (8): `human` or a level key.
    seats: Vec<String>,
    /// One entry per possible seat; empty means the default name.
    names: Vec<String>,
    direction: Direction,
    stake_multiplier: i64,
    points: Points,
    rounds: u32,
    start_chips: Chips,
}

impl Default for TableSetup {
    fn default() -> TableSetup {
        let options = Options::default();
        TableSetup {
            players: 4,
            seats: (0..MAX_PLAYERS).map(|s| if s == 0 { "human" } else { "easy" }.to_string()).collect(),
            names: vec![String::new(); MAX_PLAYERS],
            direction: options.direction,
            stake_multiplier: options.stake_multiplier,
            points: options.points,
            rounds: options.rounds,
            start_chips: 100,
        }
    }
}

impl TableSetup {
    fn load() -> TableSetup {
        let mut setup: TableSetup =
            storage::get(SETUP_KEY).and_then(|t| serde_json::from_str(&t).ok()).unwrap_or_default();
        setup.players = setup.players.clamp(MIN_PLAYERS, MAX_PLAYERS);
        setup.seats.resize(MAX_PLAYERS, "easy".into());
        setup.names.resize(MAX_PLAYERS, String::new());
        for seat in &mut setup.seats {
            if SeatKind::from_key(seat).is_err() {
                *seat = "easy".into();
            }
        }
        setup
    }
}

/// A seed drawn from the browser's randomness, below 2^53 so that every JSON tool (JavaScript
/// included) reads it back exactly.
pub fn random_seed() -> u64 {
    let mut bytes = [0u8; 8];
    if getrandom::fill(&mut bytes).is_err() {
        // No crypto source (very old browser): the clock still gives a fresh game.
        return js_sys::Date::now() as u64;
    }
    u64::from_le_bytes(bytes) & ((1 << 53) - 1)
}

/// The form's fields that can be wrong, for their messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    StakeMultiplier,
    Rounds,
    StartChips,
    Seed,
}

fn field_error(lang: Lang, field: Field, extra: Option<(Chips, Chips)>) -> String {
    match (field, lang) {
        (Field::StakeMultiplier, Lang::En) => "Enter a whole number from 1 to 1000000.".into(),
        (Field::StakeMultiplier, Lang::Fr) => "Indiquez un nombre entier de 1 à 1000000.".into(),
        (Field::Rounds, Lang::En) => "Enter 0 or a whole number of rounds.".into(),
        (Field::Rounds, Lang::Fr) => "Indiquez 0 ou un nombre entier de donnes.".into(),
        (Field::StartChips, lang) => match (extra, lang) {
            (Some((chips, stake)), Lang::En) => format!(
                "With {chips} chips nobody can make the first stake ({stake} each): give at least {stake}."
            ),
            (Some((chips, stake)), Lang::Fr) => format!(
                "Avec {chips} jetons personne ne peut faire la première mise ({stake} chacun) : donnez-en au moins {stake}."
            ),
            (None, Lang::En) => "Enter a whole number of chips, at least 1.".into(),
            (None, Lang::Fr) => "Indiquez un nombre entier de jetons, au moins 1.".into(),
        },
        (Field::Seed, Lang::En) => format!("A seed is a whole number from 0 to {}, or leave it empty.", u64::MAX),
        (Field::Seed, Lang::Fr) => format!("Une graine est un entier de 0 à {}, ou laissez vide.", u64::MAX),
    }
}

#[component]
pub fn NewGameScreen() -> impl IntoView {
    let state = expect_context::<AppState>();
    let lang = state.lang;
    let mut setup = TableSetup::load();
    let url = state.url.get_value();
    if let Some(players) = url.players {
        setup.players = players;
    }

    let players = RwSignal::new(setup.players);
    let seats = RwSignal::new(setup.seats.clone());
    let names = RwSignal::new(setup.names.clone());
    let direction = RwSignal::new(setup.direction);
    let points = RwSignal::new(setup.points);
    let stake_multiplier = RwSignal::new(setup.stake_multiplier.to_string());
    let rounds = RwSignal::new(setup.rounds.to_string());
    let start_chips = RwSignal::new(setup.start_chips.to_string());
    let seed = RwSignal::new(url.seed.map(|s| s.to_string()).unwrap_or_default());
    let errors = RwSignal::new(Vec::<(Field, Option<(Chips, Chips)>)>::new());

    let seat_kinds = move || -> Vec<SeatKind> {
        seats.with(|s| {
            s[..players.get()]
                .iter()
                .map(|k| SeatKind::from_key(k).unwrap_or(SeatKind::Computer(Level::Easy)))
                .collect()
        })
    };
    let default_name =
        move |seat: usize| default_names(&seat_kinds(), lang.get()).get(seat).cloned().unwrap_or_default();
    let has_game = move || state.session.with(|s| s.as_ref().is_some_and(|s| !s.game.is_finished()));
    let error_of = move |field: Field| {
        move || {
            errors.with(|e| e.iter().find(|(f, _)| *f == field).map(|(f, extra)| field_error(lang.get(), *f, *extra)))
        }
    };
    let stake_each = move || {
        stake_multiplier.with(|m| m.trim().parse::<i64>().ok()).filter(|m| *m >= 1).map(|m| m * STAKE_PER_PLAYER)
    };

    let start = move || {
        let mut problems = Vec::new();
        let multiplier =
            stake_multiplier.get_untracked().trim().parse::<i64>().ok().filter(|m| (1..=1_000_000).contains(m));
        if multiplier.is_none() {
            problems.push((Field::StakeMultiplier, None));
        }
        let round_count = rounds.get_untracked().trim().parse::<u32>().ok();
        if round_count.is_none() {
            problems.push((Field::Rounds, None));
        }
        let chips = start_chips.get_untracked().trim().parse::<Chips>().ok().filter(|c| *c >= 1);
        if chips.is_none() {
            problems.push((Field::StartChips, None));
        }
        let seed_text = seed.get_untracked();
        let seed_value =
            if seed_text.trim().is_empty() { Some(random_seed()) } else { seed_text.trim().parse::<u64>().ok() };
        if seed_value.is_none() {
            problems.push((Field::Seed, None));
        }
        let (Some(multiplier), Some(round_count), Some(chips), Some(seed_value)) =
            (multiplier, round_count, chips, seed_value)
        else {
            errors.set(problems);
            focus_first_invalid();
            return;
        };
        let n = players.get_untracked();
        let kinds: Vec<SeatKind> = seat_kinds();
        let defaults = default_names(&kinds, lang.get_untracked());
        let chosen_names: Vec<String> = names.with_untracked(|all| {
            (0..n)
                .map(|s| {
                    let typed: String = all[s].trim().chars().take(NAME_MAX).collect();
                    if typed.is_empty() {
                        defaults[s].clone()
                    } else {
                        typed
                    }
                })
                .collect()
        });
        let options = Options {
            direction: direction.get_untracked(),
            stake_multiplier: multiplier,
            points: points.get_untracked(),
            rounds: round_count,
        };
        let mut record = Record::new(GameId::NainJaune, n, seed_value);
        record.options = options.to_record();
        record.options.insert("start_chips".into(), chips.into());
        record.seats = Some(kinds.iter().map(|k| k.key().to_string()).collect());
        record.names = Some(chosen_names);

        // A table where nobody can make the first stake would end before it begins.
        match Session::from_record(0, record.clone()) {
            Ok(trial) if trial.game.is_finished() => {
                errors.set(vec![(Field::StartChips, Some((chips, trial.game.stake_each())))]);
                focus_first_invalid();
                return;
            }
            Ok(_) => {}
            Err(e) => {
                state.notices.push(Msg::StartFailed { reason: e.message });
                return;
            }
        }
        errors.set(Vec::new());
        let remembered = TableSetup {
            players: n,
            seats: seats.get_untracked(),
            names: names.get_untracked(),
            direction: options.direction,
            stake_multiplier: multiplier,
            points: options.points,
            rounds: round_count,
            start_chips: chips,
        };
        let _ = storage::set(SETUP_KEY, &serde_json::to_string(&remembered).expect("setup serializes"));
        if let Err(e) = state.put_on_table(record) {
            state.notices.push(Msg::StartFailed { reason: e.message });
        }
    };

    let number_field = move |field: Field,
                             testid: &'static str,
                             label: T,
                             value: RwSignal<String>,
                             min: &'static str,
                             hint: Box<dyn Fn() -> String + Send + Sync>| {
        let error = error_of(field);
        let id = format!("field-{testid}");
        let hint_id = format!("{id}-hint");
        let error_id = format!("{id}-error");
        let described = format!("{hint_id} {error_id}");
        view! {
            <div class="field" class:field-invalid=move || error().is_some()>
                <label for=id.clone()>{tr(label)}</label>
                <input
                    id=id
                    type="number"
                    inputmode="numeric"
                    min=min
                    step="1"
                    data-testid=testid
                    aria-invalid=move || error().is_some().to_string()
                    aria-describedby=described
                    prop:value=move || value.get()
                    on:input=move |ev| value.set(event_target_value(&ev))
                />
                <p class="field-hint" id=hint_id>{hint}</p>
                <p class="field-error" id=error_id role="alert">{error}</p>
            </div>
        }
    };

    view! {
        <section class="new-game" data-testid="new-game" aria-labelledby="new-game-title">
            <div class="new-game-head">
                <h1 id="new-game-title">{tr(T::NewGame)}</h1>
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
                    start();
                }
            >
                <fieldset class="panel game-choice">
                    <legend>{tr(T::ChooseGame)}</legend>
                    <label class="game-tile">
                        <input type="radio" name="game" value="nain-jaune" checked data-testid="game-nain-jaune" />
                        <span class="game-tile-body">
                            <span class="game-tile-title">{tr(T::NainJaune)}</span>
                            <span class="game-tile-blurb">{tr(T::NainJauneBlurb)}</span>
                        </span>
                    </label>
                </fieldset>

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
                                    players.set(n.clamp(MIN_PLAYERS, MAX_PLAYERS));
                                }
                            }
                        >
                            {(MIN_PLAYERS..=MAX_PLAYERS)
                                .map(|n| view! { <option value=n.to_string() selected=move || players.get() == n>{n}</option> })
                                .collect_view()}
                        </select>
                    </div>
                    <ol class="seat-list">
                        <For each=move || 0..players.get() key=|s| *s let:seat>
                            <li class="seat-row">
                                <span class="seat-row-title">{move || seat_title(lang.get(), seat)}</span>
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
                                    placeholder=move || default_name(seat)
                                    prop:value=move || names.with(|n| n[seat].clone())
                                    on:input=move |ev| names.update(|n| n[seat] = event_target_value(&ev))
                                />
                            </li>
                        </For>
                    </ol>
                </fieldset>

                <fieldset class="panel rules-panel">
                    <legend>{tr(T::HouseRules)}</legend>
                    <div class="field">
                        <label for="field-direction">{tr(T::Direction)}</label>
                        <select
                            id="field-direction"
                            data-testid="opt-direction"
                            prop:value=move || match direction.get() { Direction::Clockwise => "clockwise", Direction::Anticlockwise => "anticlockwise" }
                            on:change=move |ev| direction.set(if event_target_value(&ev) == "anticlockwise" { Direction::Anticlockwise } else { Direction::Clockwise })
                        >
                            <option value="clockwise" selected=move || direction.get() == Direction::Clockwise>{tr(T::Clockwise)}</option>
                            <option value="anticlockwise" selected=move || direction.get() == Direction::Anticlockwise>{tr(T::Anticlockwise)}</option>
                        </select>
                    </div>
                    {number_field(
                        Field::StakeMultiplier,
                        "opt-stake-multiplier",
                        T::StakeMultiplier,
                        stake_multiplier,
                        "1",
                        Box::new(move || stake_each().map(|each| stake_hint(lang.get(), each)).unwrap_or_default()),
                    )}
                    <div class="field">
                        <label for="field-points">{tr(T::PointsOption)}</label>
                        <select
                            id="field-points"
                            data-testid="opt-points"
                            prop:value=move || match points.get() { Points::Pips => "pips", Points::Cards => "cards" }
                            on:change=move |ev| points.set(if event_target_value(&ev) == "cards" { Points::Cards } else { Points::Pips })
                        >
                            <option value="pips" selected=move || points.get() == Points::Pips>{tr(T::PointsPips)}</option>
                            <option value="cards" selected=move || points.get() == Points::Cards>{tr(T::PointsCards)}</option>
                        </select>
                    </div>
                    {number_field(Field::Rounds, "opt-rounds", T::Rounds, rounds, "0", Box::new(move || T::RoundsHint.text(lang.get()).to_string()))}
                    {number_field(Field::StartChips, "start-chips", T::StartChips, start_chips, "1", Box::new(String::new))}
                </fieldset>

                <fieldset class="panel seed-panel">
                    <legend>{tr(T::Seed)}</legend>
                    <div class="field" class:field-invalid=move || error_of(Field::Seed)().is_some()>
                        <label for="field-seed" class="sr-only">{tr(T::Seed)}</label>
                        <input
                            id="field-seed"
                            type="text"
                            inputmode="numeric"
                            autocomplete="off"
                            spellcheck="false"
                            data-testid="seed"
                            aria-describedby="field-seed-hint field-seed-error"
                            aria-invalid=move || error_of(Field::Seed)().is_some().to_string()
                            prop:value=move || seed.get()
                            on:input=move |ev| seed.set(event_target_value(&ev))
                        />
                        <p class="field-hint" id="field-seed-hint">{tr(T::SeedHint)}</p>
                        <p class="field-error" id="field-seed-error" role="alert">{error_of(Field::Seed)}</p>
                    </div>
                </fieldset>

                <div class="start-row">
                    <button type="submit" class="btn btn-primary btn-large" data-testid="start-game">
                        {tr(T::StartGame)}
                    </button>
                </div>
            </form>
        </section>
    }
}

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
