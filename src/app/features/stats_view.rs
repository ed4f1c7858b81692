//! The statistics view (a dialog from the top bar): for each game, filtered by number of players
//! and computers' level, the games played and won, the average result (chips per deal, or programs
//! and place per match), the best and worst, the winning streaks and a chart of the last results;
//! and the statistics' export, import (merged, never replacing) and reset (after a confirmation).
//!
//! Also the note under a game's final standings: whether the game counted and, after a daily deal,
//! the result to share with its copy button.
//!
//! Its code is a wasm chunk of its own (`src/main.rs`), fetched when the view first opens or a game
//! ends; the stored format and the counting are `stats.rs`.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::engine::game::GameId;

use crate::app::features::stats::{self, Entry, Store, StoreError};
use crate::app::services::i18n::{rank_place, tr, Lang, T};
use crate::app::shell::dialog_focus::{self, GameTabsDialog};
use crate::app::{games, services::storage, AppState};
use crate::model::stats::{self as model, Figures, Filter};

/// Bars in the chart of the last results.
const CHART_GAMES: usize = 20;
/// The largest statistics file read, in bytes.
const MAX_FILE: f64 = 5_000_000.0;

/// A filter's value: every table, or one kind.
const ALL: &str = "all";

/// Tenths written out: "2.3", "-0.5" ("2,3" in French); `signed` adds "+" above zero.
fn decimal(lang: Lang, t: i64, signed: bool) -> String {
    let sign = if t < 0 {
        "−"
    } else if signed && t > 0 {
        "+"
    } else {
        ""
    };
    let comma = lang.pick(".", ",");
    format!("{sign}{}{comma}{}", t.abs() / 10, t.abs() % 10)
}

fn signed(n: i64) -> String {
    match n {
        0 => "0".into(),
        n if n < 0 => format!("−{}", -n),
        n => format!("+{n}"),
    }
}

/// What the last action in the view did, for the status line.
#[derive(Clone, Debug, PartialEq)]
enum Said {
    Nothing,
    Imported { file: String, added: usize, already: usize },
    ImportFailed { file: String, why: String },
    Erased,
    Failed(String),
}

impl Said {
    fn text(&self, lang: Lang) -> String {
        match (self, lang) {
            (Said::Nothing, _) => String::new(),
            (Said::Imported { file, added, already }, Lang::En) => {
                format!("“{file}”: {added} game{} added, {already} already here.", if *added == 1 { "" } else { "s" })
            }
            (Said::Imported { file, added, already }, Lang::Fr) => format!(
                "«\u{a0}{file}\u{a0}»\u{a0}: {added} partie{s} ajoutée{s}, {already} déjà là.",
                s = if *added > 1 { "s" } else { "" }
            ),
            (Said::ImportFailed { file, why }, Lang::En) => {
                format!("“{file}” cannot be read as Tapis statistics: {why}. Your statistics are unchanged.")
            }
            (Said::ImportFailed { file, why }, Lang::Fr) => format!(
                "«\u{a0}{file}\u{a0}» ne se lit pas comme des statistiques de Tapis\u{a0}: {why}. Vos statistiques n'ont pas changé."
            ),
            (Said::Erased, l) => l.pick("Your statistics are erased.", "Vos statistiques sont effacées.").into(),
            (Said::Failed(why), Lang::En) => format!("That did not work: {why}. Your statistics are unchanged."),
            (Said::Failed(why), Lang::Fr) => format!("Cela n'a pas marché\u{a0}: {why}. Vos statistiques n'ont pas changé."),
        }
    }

    fn is_error(&self) -> bool {
        matches!(self, Said::ImportFailed { .. } | Said::Failed(_))
    }
}

/// The statistics dialog; Escape or the close button closes it and gives the focus back.
#[component]
pub fn StatsDialog() -> impl IntoView {
    let state = expect_context::<AppState>();
    let open = state.stats_open;
    let close_button = NodeRef::<leptos::html::Button>::new();
    let game = RwSignal::new(games::first());
    let players = RwSignal::new(ALL.to_string());
    let level = RwSignal::new(ALL.to_string());
    let said = RwSignal::new(Said::Nothing);
    let confirming = RwSignal::new(false);
    let store = Memo::new(move |_| {
        state.stats_rev.track();
        stats::load()
    });
    let damaged = Memo::new(move |_| {
        state.stats_rev.track();
        storage::get(stats::DAMAGED_KEY).is_some()
    });

    dialog_focus::keep_focus(open, close_button, move || {
        // The game on the table, else the last one counted.
        let shown = state
            .session
            .with_untracked(|s| s.as_ref().map(|s| s.table.game_id()))
            .or_else(|| store.get_untracked().ok()?.games.last().and_then(|g| GameId::from_key(&g.game)));
        game.set(shown.unwrap_or(games::first()));
        players.set(ALL.into());
        level.set(ALL.into());
        said.set(Said::Nothing);
        confirming.set(false);
        // Read afresh: another tab may have changed them.
        state.stats_rev.update(|n| *n += 1);
        // Statistics that cannot be read are moved aside now (kept, and offered for download),
        // so that the view and the next games start afresh.
        if matches!(stats::load(), Err(StoreError::Unreadable(_))) && stats::update(|_| ()).is_ok() {
            state.stats_rev.update(|n| *n += 1);
        }
    });

    // The games of the tab that the filters keep (a filter at "all" keeps every table).
    let kept = Memo::new(move |_| {
        let filter = Filter { players: players.with(|p| p.parse().ok()), level: level.get().ne(ALL).then(|| level.get()) };
        store.with(|s| s.as_ref().map(|s| model::kept(&s.games, game.get().key(), &filter)).unwrap_or_default())
    });
    let figures = Memo::new(move |_| kept.with(|k| Figures::of(k, games::info(game.get()).chips)));
    let choose_game = move |g: GameId| {
        game.set(g);
        players.set(ALL.into());
        level.set(ALL.into());
    };

    view! {
        <GameTabsDialog
            open
            name="stats"
            game
            title=tr(T::Statistics)
            close_button
            close_test_id="stats-close"
            on_tab=move |g| choose_game(g)
        >
            <StoreWarnings store damaged said />
            <StatsFilters store game players level />
            <StatsTiles figures game />
            <KeptChart kept game />
            <p class="stats-said" class:stats-said-error=move || said.with(Said::is_error) role="status" data-testid="stats-message">
                {move || said.with(|s| s.text(state.lang.get()))}
            </p>
            <StatsActions store said confirming />
            <Show when=move || confirming.get()>
                <ResetConfirm store damaged said confirming close_button />
            </Show>
            <p class="stats-help">{move || state.lang.get().pick(
                "Counted: each game you play alone against the computer, once, when it ends. Kept in this browser only.",
                "Comptée\u{a0}: chaque partie jouée seul contre l'ordinateur, une fois, quand elle se termine. Gardées dans ce navigateur seulement.",
            )}</p>
        </GameTabsDialog>
    }
}

/// The statistics as read from the browser: the stored ones, or why they cannot be.
type Stored = Memo<Result<Store, StoreError>>;

/// Statistics that cannot be used (written by a newer version, unreadable), and those kept apart
/// after they could not be read, with their download.
#[component]
fn StoreWarnings(store: Stored, damaged: Memo<bool>, said: RwSignal<Said>) -> impl IntoView {
    let lang = expect_context::<AppState>().lang;
    let download_damaged = move |_| {
        if let Some(text) = storage::get(stats::DAMAGED_KEY) {
            if let Err(why) = storage::download("tapis-statistics-unreadable.json", &text, "application/json") {
                said.set(Said::Failed(why));
            }
        }
    };
    view! {
        {move || store.get().err().map(|error| view! {
            <p class="stats-warning" role="alert">{move || match (&error, lang.get()) {
                (StoreError::Newer(v), Lang::En) => format!("A newer version of Tapis wrote these statistics (format {v}): this one cannot show them, nor count games into them. They are kept as they are."),
                (StoreError::Newer(v), Lang::Fr) => format!("Une version plus récente de Tapis a écrit ces statistiques (format {v})\u{a0}: celle-ci ne peut ni les montrer, ni y compter des parties. Elles sont gardées telles quelles."),
                (StoreError::Unreadable(why), Lang::En) => format!("Your statistics cannot be read ({why}). They are kept as they are."),
                (StoreError::Unreadable(why), Lang::Fr) => format!("Vos statistiques sont illisibles ({why}). Elles sont gardées telles quelles."),
            }}</p>
        })}
        <Show when=move || damaged.get()>
            <div class="stats-warning" role="alert">
                <p>{move || lang.get().pick(
                    "Statistics saved earlier could not be read. Nothing is lost: they are kept apart, and you can download them.",
                    "Des statistiques enregistrées plus tôt étaient illisibles. Rien n'est perdu\u{a0}: elles sont gardées à part, et vous pouvez les télécharger.",
                )}</p>
                <button type="button" class="btn btn-small" data-testid="stats-download-damaged" on:click=download_damaged>
                    {move || lang.get().pick("Download them", "Les télécharger")}
                </button>
            </div>
        </Show>
    }
}

/// The filters: the number of players and the computers' level, each offering the tables seen in
/// this game's history.
#[component]
fn StatsFilters(store: Stored, game: RwSignal<GameId>, players: RwSignal<String>, level: RwSignal<String>) -> impl IntoView {
    let lang = expect_context::<AppState>().lang;
    let of_game = move |choices: fn(&[&Entry]) -> Vec<String>| {
        store.with(|s| s.as_ref().map(|s| choices(&model::of_game(&s.games, game.get().key()))).unwrap_or_default())
    };
    let player_choices = move || of_game(|g| model::player_choices(g).iter().map(usize::to_string).collect());
    let level_choices = move || of_game(|g| model::level_choices(g).into_iter().map(String::from).collect());
    let level_label = |key: &str, l: Lang| -> String {
        match key {
            "random" => l.pick("random", "au hasard"),
            "easy" => l.pick("easy", "facile"),
            "medium" => l.pick("medium", "moyen"),
            "hard" => l.pick("hard", "fort"),
            _ => l.pick("mixed levels", "niveaux mêlés"),
        }
        .to_string()
    };
    let level_title = Signal::derive(move || lang.get().pick("Computers' level", "Niveau des ordinateurs"));
    view! {
        <div class="stats-filters">
            {filter(lang, Signal::derive(tr(T::Players)), "stats-players", players, Signal::derive(player_choices), |n, _| n.to_string())}
            {filter(lang, level_title, "stats-level", level, Signal::derive(level_choices), level_label)}
        </div>
    }
}

/// A filter: every table, or one of `choices`, each shown by `name` in the current language.
fn filter(
    lang: RwSignal<Lang>,
    label: Signal<&'static str>,
    test_id: &'static str,
    value: RwSignal<String>,
    choices: Signal<Vec<String>>,
    name: fn(&str, Lang) -> String,
) -> impl IntoView {
    view! {
        <label class="field field-inline">
            <span>{move || label.get()}</span>
            <select
                tabindex="0"
                data-testid=test_id
                prop:value=move || value.get()
                on:change=move |ev| value.set(event_target_value(&ev))
            >
                <option value=ALL selected=move || value.get() == ALL>{move || lang.get().pick("All", "Tous")}</option>
                {move || choices
                    .get()
                    .into_iter()
                    .map(|choice| {
                        let (chosen, shown) = (choice.clone(), choice.clone());
                        view! { <option value=choice selected=move || value.get() == chosen>{move || name(&shown, lang.get())}</option> }
                    })
                    .collect_view()}
            </select>
        </label>
    }
}

/// The figures' tiles: games played and won, the average result and place, the best and worst
/// games, the streaks.
#[component]
fn StatsTiles(figures: Memo<Figures>, game: RwSignal<GameId>) -> impl IntoView {
    let lang = expect_context::<AppState>().lang;
    let fixed = move |en: &'static str, fr: &'static str| Signal::derive(move || lang.get().pick(en, fr));
    let average_label = Signal::derive(move || {
        let (en, fr) = games::info(game.get()).average;
        lang.get().pick(en, fr)
    });
    let won = move || {
        let f = figures.get();
        match (f.won_percent(), lang.get()) {
            (None, _) => "0".into(),
            (Some(percent), Lang::En) => format!("{} ({percent}%)", f.won),
            (Some(percent), Lang::Fr) => format!("{} ({percent}\u{a0}%)", f.won),
        }
    };
    let tenths = move |t: Option<i64>, signed: bool| t.map(|t| decimal(lang.get(), t, signed)).unwrap_or_else(|| "—".into());
    let average = move || tenths(figures.get().average, games::info(game.get()).chips);
    let place = move || tenths(figures.get().place, false);
    let best = move || result_text(lang.get(), game.get(), figures.get().best);
    let worst = move || result_text(lang.get(), game.get(), figures.get().worst);
    view! {
        <div class="stats-tiles">
            {tile(fixed("Games played", "Parties jouées"), Signal::derive(move || figures.get().played.to_string()), "stats-games")}
            {tile(fixed("Won", "Gagnées"), Signal::derive(won), "stats-won")}
            {tile(average_label, Signal::derive(average), "stats-average")}
            {tile(fixed("Average place", "Place moyenne"), Signal::derive(place), "stats-place")}
            {tile(fixed("Best game", "Meilleure partie"), Signal::derive(best), "stats-best")}
            {tile(fixed("Worst game", "Pire partie"), Signal::derive(worst), "stats-worst")}
            {tile(fixed("Winning streak", "Victoires d'affilée"), Signal::derive(move || figures.get().streak.to_string()), "stats-streak")}
            {tile(fixed("Longest streak", "Plus longue série"), Signal::derive(move || figures.get().longest.to_string()), "stats-longest")}
        </div>
    }
}

/// One figure with its label.
fn tile(label: Signal<&'static str>, value: Signal<String>, test_id: &'static str) -> impl IntoView {
    view! {
        <div class="stats-tile">
            <span class="stats-tile-label">{move || label.get()}</span>
            " "
            // The figure large, what follows it ("chips", "(33%)") smaller; read as one text.
            <span class="stats-tile-value" data-testid=test_id>
                {move || {
                    let text = value.get();
                    let (figure, rest) = text.split_once(' ').map_or((text.as_str(), ""), |(f, _)| (f, &text[f.len()..]));
                    (figure.to_string(), view! { <span class="stats-unit">{rest.to_string()}</span> })
                }}
            </span>
        </div>
    }
}

/// Export, import (merged, never replacing) and the reset's first step.
#[component]
fn StatsActions(store: Stored, said: RwSignal<Said>, confirming: RwSignal<bool>) -> impl IntoView {
    let state = expect_context::<AppState>();
    let lang = state.lang;
    let export = move |_| {
        let text = match store.get_untracked() {
            Ok(s) => s.to_json(),
            Err(e) => return said.set(Said::Failed(e.text(lang.get_untracked()))),
        };
        let name = format!("tapis-statistics-{}.json", crate::app::features::daily::today());
        if let Err(why) = storage::download(&name, &text, "application/json") {
            said.set(Said::Failed(why));
        }
    };
    let import = move |ev: leptos::ev::Event| {
        let Some(input) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) else { return };
        let Some(file) = input.files().and_then(|files| files.get(0)) else { return };
        input.set_value("");
        let name = file.name();
        if file.size() > MAX_FILE {
            let why = lang.get_untracked().pick("the file is larger than 5 MB", "le fichier dépasse 5\u{a0}Mo").to_string();
            said.set(Said::ImportFailed { file: name, why });
            return;
        }
        leptos::task::spawn_local(async move {
            let outcome = import_file(file, name, lang.get_untracked()).await;
            said.try_set(outcome);
            state.stats_rev.try_update(|n| *n += 1);
        });
    };
    view! {
        <div class="stats-actions">
            <button type="button" class="btn" data-testid="stats-export" on:click=export>
                {move || lang.get().pick("Export (JSON file)", "Exporter (fichier JSON)")}
            </button>
            <span class="file-picker">
                <input
                    id="stats-import"
                    class="file-input"
                    type="file"
                    tabindex="0"
                    accept=".json,application/json"
                    data-testid="stats-import"
                    on:change=import
                />
                <label for="stats-import" class="btn">{move || lang.get().pick("Import…", "Importer…")}</label>
            </span>
            <button
                type="button"
                class="btn btn-danger"
                data-testid="stats-reset"
                aria-expanded=move || confirming.get().to_string()
                on:click=move |_| confirming.set(true)
            >
                {move || lang.get().pick("Erase…", "Effacer…")}
            </button>
        </div>
    }
}

/// Reads the statistics file `file` (named `name`) and merges it into the stored ones.
async fn import_file(file: web_sys::File, name: String, l: Lang) -> Said {
    match storage::read_text(file).await {
        Err(why) => Said::ImportFailed { file: name, why },
        Ok(text) => match Store::from_json(&text) {
            Err(e) => Said::ImportFailed { file: name, why: e.text(l) },
            Ok(imported) => {
                let total = imported.games.len();
                match stats::update(|s| s.merge(imported)) {
                    Ok(added) => Said::Imported { file: name, added, already: total - added },
                    Err(why) => Said::Failed(why),
                }
            }
        },
    }
}

/// The reset's confirmation: how many games it erases, and the choice (the focus goes to "Keep
/// them"; after erasing, back to the dialog's close button).
#[component]
fn ResetConfirm(
    store: Stored,
    damaged: Memo<bool>,
    said: RwSignal<Said>,
    confirming: RwSignal<bool>,
    close_button: NodeRef<leptos::html::Button>,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let lang = state.lang;
    let erase = move |_| {
        let result = stats::update(Store::reset);
        match result {
            Ok(()) => {
                storage::remove(stats::DAMAGED_KEY);
                said.set(Said::Erased);
            }
            Err(why) => said.set(Said::Failed(why)),
        }
        confirming.set(false);
        state.stats_rev.update(|n| *n += 1);
        if let Some(button) = close_button.get_untracked() {
            let _ = button.focus();
        }
    };
    let cancel_button = NodeRef::<leptos::html::Button>::new();
    Effect::new(move |_| {
        if confirming.get() {
            if let Some(b) = cancel_button.get() {
                let _ = b.focus();
            }
        }
    });
    let question = move || {
        let n = store.with(|s| s.as_ref().map_or(0, |s| s.games.len()));
        let also = damaged.get();
        match lang.get() {
            Lang::En => format!(
                "Erase the {n} games counted, of all three games{}? This cannot be undone: export them first to keep a copy.",
                if also { ", and the unreadable statistics kept apart" } else { "" }
            ),
            Lang::Fr => format!(
                "Effacer les {n} parties comptées, des trois jeux{}\u{202f}? C'est définitif\u{a0}: exportez-les d'abord pour en garder une copie.",
                if also { ", et les statistiques illisibles gardées à part" } else { "" }
            ),
        }
    };
    view! {
        <div class="stats-confirm" role="group" aria-labelledby="stats-confirm-text">
            <p id="stats-confirm-text">{question}</p>
            <div class="stats-actions">
                <button type="button" class="btn btn-danger" data-testid="stats-reset-confirm" on:click=erase>
                    {move || lang.get().pick("Erase them", "Les effacer")}
                </button>
                <button
                    type="button"
                    class="btn"
                    data-testid="stats-reset-cancel"
                    node_ref=cancel_button
                    on:click=move |_| confirming.set(false)
                >
                    {move || lang.get().pick("Keep them", "Les garder")}
                </button>
            </div>
        </div>
    }
}

/// The chart of the games kept, or the words saying there are none yet.
#[component]
fn KeptChart(kept: Memo<Vec<Entry>>, game: RwSignal<GameId>) -> impl IntoView {
    let lang = expect_context::<AppState>().lang;
    move || {
        let l = lang.get();
        let games = kept.get();
        if games.is_empty() {
            return view! {
                <p class="stats-empty">{l.pick(
                    "No game counted here yet. A game against the computer counts when it ends.",
                    "Aucune partie comptée ici pour l'instant. Une partie contre l'ordinateur compte quand elle se termine.",
                )}</p>
            }
            .into_any();
        }
        view! { <Chart games=games game=game.get() lang=l /> }.into_any()
    }
}

/// A game's result as the tiles write it: "+23 chips", "3 programs"; "—" without games.
fn result_text(lang: Lang, game: GameId, result: Option<i64>) -> String {
    result.map_or_else(|| "—".into(), |n| games::info(game).result(lang, n, signed))
}

/// The last results as bars, oldest on the left: chips won above the line, lost below it (chip
/// games); programs completed (Programmes). A won game's bar is the brass one. The picture has its
/// words for screen readers.
#[component]
fn Chart(games: Vec<Entry>, game: GameId, lang: Lang) -> impl IntoView {
    let last: Vec<&Entry> = games.iter().rev().take(CHART_GAMES).rev().collect();
    let chips = games::info(game).chips;
    // Ten places at least, so that a few games do not make bars as wide as the chart.
    let (width, height) = (last.len().max(10) as i64 * 10, 60i64);
    let most = last.iter().map(|g| g.result.abs()).max().unwrap_or(1).max(1);
    // The zero line: the middle for chips, the bottom for programs.
    let base = if chips { height / 2 } else { height - 2 };
    let room = if chips { height / 2 - 2 } else { height - 4 };
    // (Written as markup: SVG elements drawn by the view would each be code of their own on the
    // first visit, whichever chunk draws them.)
    let mut svg = format!(r#"<line class="chart-base" x1="0" x2="{width}" y1="{base}" y2="{base}"></line>"#);
    for (i, g) in last.iter().enumerate() {
        let h = (g.result.abs() * room / most).max(1);
        let y = if g.result >= 0 { base - h } else { base };
        let class = if g.won {
            "bar bar-won"
        } else if g.result < 0 {
            "bar bar-lost"
        } else {
            "bar"
        };
        svg += &format!(r#"<rect class="{class}" x="{}" y="{y}" width="6" height="{h}" rx="1"></rect>"#, i as i64 * 10 + 2);
    }
    let words: Vec<String> = last
        .iter()
        .map(|g| {
            let r = if chips { signed(g.result) } else { g.result.to_string() };
            if g.won {
                format!("{r} ({})", lang.pick("won", "gagnée"))
            } else {
                r
            }
        })
        .collect();
    let label = match lang {
        Lang::En => format!("Last {} results, oldest first: {}", last.len(), words.join(", ")),
        Lang::Fr => format!("{} derniers résultats, du plus ancien au plus récent\u{a0}: {}", last.len(), words.join(", ")),
    };
    let title = match (chips, lang) {
        (true, Lang::En) => "Chips won or lost, last games",
        (true, Lang::Fr) => "Jetons gagnés ou perdus, dernières parties",
        (false, Lang::En) => "Programs completed, last matches",
        (false, Lang::Fr) => "Programmes réussis, dernières parties",
    };
    let svg = format!(
        r#"<svg viewBox="0 0 {width} {height}" preserveAspectRatio="none" role="img" aria-label="{}" data-testid="stats-chart">{svg}</svg>"#,
        label.replace('&', "&amp;").replace('"', "&quot;")
    );
    view! {
        <div class="stats-chart">
            <p class="stats-chart-title">{title}</p>
            <div inner_html=svg></div>
            <p class="stats-chart-legend" aria-hidden="true">
                <span>{lang.pick("older", "plus ancienne")}</span>
                <span class="legend-won">{lang.pick("won", "gagnée")}</span>
                <span>{lang.pick("latest", "plus récente")}</span>
            </p>
        </div>
    }
}

// ------------------------------------------------------------------ under the final standings

/// How the game on the table stands in the statistics.
#[derive(Clone, Debug, PartialEq)]
enum Standing {
    /// Counted: the games of that game counted so far.
    Counted(usize),
    /// Will not count (a daily deal played again, a game erased by a reset).
    Spent,
    /// Not a game the statistics keep (people at the screen).
    NotKept,
    /// The statistics cannot be written: why.
    Unsaved(String),
}

/// Under the final standings: whether the game is in the statistics (with a button to see them)
/// and, after a daily deal, the result to share.
#[component]
pub fn GameOverNote() -> impl IntoView {
    use stats::{game_key, load, outcome};
    let state = expect_context::<AppState>();
    let lang = state.lang;
    let (entry, humans, key, game) = state.session.with_untracked(|s| {
        s.as_ref()
            .map_or((None, 0, String::new(), games::first()), |s| (outcome(s), s.humans().len(), game_key(&s.record), s.table.game_id()))
    });
    let guided = state.guide.with_untracked(Option::is_some);
    if !state.host.persists() || guided || state.session.with_untracked(|s| s.as_ref().is_none_or(|s| s.read_only)) {
        return ().into_any();
    }
    let is_daily = entry.as_ref().is_some_and(|e| e.daily.is_some());
    let standing = move || {
        state.stats_rev.track();
        if humans != 1 {
            return Standing::NotKept;
        }
        match load() {
            Ok(store) if store.games.iter().any(|g| g.key == key) => {
                Standing::Counted(store.games.iter().filter(|g| g.game == game.key()).count())
            }
            Ok(store) if store.knows(&key) => Standing::Spent,
            Ok(_) => Standing::Unsaved(String::new()),
            Err(e) => Standing::Unsaved(e.text(lang.get())),
        }
    };
    let line = move || {
        let l = lang.get();
        match standing() {
            Standing::Counted(n) => match l {
                Lang::En => format!("Counted in your statistics: {n} {} played.", if n == 1 { "game" } else { "games" }),
                Lang::Fr => format!("Comptée dans vos statistiques\u{a0}: {n} partie{} jouée{}.", plural(n), plural(n)),
            },
            Standing::Spent if is_daily => l
                .pick(
                    "Not counted in your statistics: only the first try at a daily deal counts.",
                    "Non comptée dans vos statistiques\u{a0}: seul le premier essai d'une donne du jour compte.",
                )
                .into(),
            Standing::Spent => l
                .pick(
                    "Not counted in your statistics: this game was already over when it was opened, or was erased from them.",
                    "Non comptée dans vos statistiques\u{a0}: cette partie était déjà finie à son ouverture, ou en a été effacée.",
                )
                .into(),
            Standing::NotKept => l
                .pick(
                    "Games with several people at the screen are not counted in the statistics.",
                    "Les parties à plusieurs personnes devant l'écran ne sont pas comptées dans les statistiques.",
                )
                .into(),
            Standing::Unsaved(why) if why.is_empty() => String::new(),
            Standing::Unsaved(why) => match l {
                Lang::En => format!("Not counted: your statistics cannot be written ({why})."),
                Lang::Fr => format!("Non comptée\u{a0}: vos statistiques ne peuvent pas être écrites ({why})."),
            },
        }
    };
    let share = entry.as_ref().and_then(|e| Some((e.daily.clone()?, e.result, e.rank, e.players)));
    view! {
        <section class="panel game-over-note" data-testid="stats-note">
            <p class="stats-line">
                <span>{line}</span>
                " "
                <button type="button" class="btn btn-small" data-testid="stats-from-game-over" on:click=move |_| state.stats_open.set(true)>
                    {move || lang.get().pick("See statistics", "Voir les statistiques")}
                </button>
            </p>
            {share.map(|(date, result, rank, players)| {
                let text = move || share_text(lang.get(), game, &date, result, rank, players);
                view! { <ShareBox text=Signal::derive(text) /> }
            })}
        </section>
    }
    .into_any()
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// A daily deal's result to share: `Tapis · Bonanza · 2026-11-26 · +23 chips · 2nd of 5`.
pub fn share_text(lang: Lang, game: GameId, date: &str, result: i64, rank: usize, players: usize) -> String {
    let name = game.name();
    let score = games::info(game).result(lang, result, crate::app::table::results::signed);
    let place = match lang {
        Lang::En => format!("{} of {players}", rank_place(lang, rank)),
        Lang::Fr => format!("{} sur {players}", rank_place(lang, rank)),
    };
    format!("Tapis · {name} · {date} · {score} · {place}")
}

/// A result to share, with a button that copies it (the text stays selectable when the browser
/// refuses the clipboard).
#[component]
pub fn ShareBox(#[prop(into)] text: Signal<String>) -> impl IntoView {
    let lang = crate::app::services::i18n::use_lang();
    // None: not tried; Some(true): copied; Some(false): refused.
    let copied = RwSignal::new(None::<bool>);
    let output = NodeRef::<leptos::html::P>::new();
    let copy = move |_| {
        let value = text.get_untracked();
        leptos::task::spawn_local(async move {
            let done = copy_text(&value).await;
            copied.try_set(Some(done));
            if !done {
                // Select the text, so that the player copies it himself.
                if let Some(el) = output.get_untracked() {
                    select_text(&el);
                }
            }
        });
    };
    view! {
        <div class="daily-share">
            <p class="daily-share-title">{move || lang.get().pick("Your result for the daily deal", "Votre résultat à la donne du jour")}</p>
            // Each part unbroken (a phone broke the date at its hyphen); the text is the same.
            <p class="daily-result" data-testid="daily-result" node_ref=output>
                {move || {
                    let text = text.get();
                    let parts: Vec<String> = text.split(" · ").map(str::to_string).collect();
                    let last = parts.len().saturating_sub(1);
                    parts
                        .into_iter()
                        .enumerate()
                        .map(|(i, part)| view! { <span class="daily-part">{part}</span>{(i < last).then_some(" · ")} })
                        .collect_view()
                }}
            </p>
            <div class="daily-share-actions">
                <button type="button" class="btn btn-primary" data-testid="daily-copy" on:click=copy>
                    {move || lang.get().pick("Copy the result", "Copier le résultat")}
                </button>
                <span class="daily-copied" role="status">
                    {move || match copied.get() {
                        None => "",
                        Some(true) => lang.get().pick("Copied: paste it wherever you like.", "Copié\u{a0}: collez-le où vous voulez."),
                        Some(false) => lang.get().pick(
                            "This browser does not let the page copy: the text is selected, copy it yourself.",
                            "Ce navigateur ne laisse pas la page copier\u{a0}: le texte est sélectionné, copiez-le vous-même.",
                        ),
                    }}
                </span>
            </div>
        </div>
    }
}

/// Selects the text of `element` (`getSelection().selectAllChildren`, called by name like the
/// clipboard below).
fn select_text(element: &web_sys::Element) {
    let Some(window) = web_sys::window() else { return };
    let selection = js_sys::Reflect::get(&window, &"getSelection".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
        .and_then(|f| f.call0(&window).ok());
    let Some(selection) = selection.filter(|s| s.is_object()) else { return };
    if let Some(select) =
        js_sys::Reflect::get(&selection, &"selectAllChildren".into()).ok().and_then(|f| f.dyn_into::<js_sys::Function>().ok())
    {
        let _ = select.call1(&selection, element);
    }
}

/// Writes `text` to the clipboard (`navigator.clipboard.writeText`, called by name: the feature
/// is not in the web-sys build); false when the browser has none or refuses.
async fn copy_text(text: &str) -> bool {
    let Some(window) = web_sys::window() else { return false };
    let get = |target: &wasm_bindgen::JsValue, name: &str| {
        js_sys::Reflect::get(target, &name.into()).ok().filter(|v| !v.is_undefined() && !v.is_null())
    };
    let Some(clipboard) = get(window.navigator().as_ref(), "clipboard") else { return false };
    let Some(write) = get(&clipboard, "writeText").and_then(|f| f.dyn_into::<js_sys::Function>().ok()) else { return false };
    let Ok(promise) = write.call1(&clipboard, &text.into()) else { return false };
    let Ok(promise) = promise.dyn_into::<js_sys::Promise>() else { return false };
    wasm_bindgen_futures::JsFuture::from(promise).await.is_ok()
}
