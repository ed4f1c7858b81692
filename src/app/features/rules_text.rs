//! A short guide to each game in both languages, shown in a dialog from the top bar: the game on
//! the table first, the others a tab away.
//!
//! The text lives in `public/rules/<lang>.json` (one file per language, each game's sections
//! under its key), fetched when the dialog first opens: nobody downloads the guides before a first
//! game, and the offline copy of the site holds them like every other file of the build.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::sync::Arc;

use leptos::prelude::*;
use serde::Deserialize;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use crate::engine::game::GameId;

use crate::app::services::i18n::Lang;
use crate::app::services::storage::describe;
use crate::app::shell::dialog_focus::{self, GameTabsDialog};
use crate::app::AppState;

/// One section of a guide: a heading and its paragraphs.
#[derive(Debug, Deserialize)]
struct Section {
    heading: String,
    paragraphs: Vec<String>,
}

/// Every game's guide in one language, keyed by [`GameId::key`].
type Guides = BTreeMap<String, Vec<Section>>;

/// Where the guides of one language stand.
#[derive(Clone)]
enum Loaded {
    Loading,
    Ready(Arc<Guides>),
    Failed(String),
}

thread_local! {
    /// The guides read so far: reopening the dialog or switching back to a language fetches nothing.
    static READ: RefCell<Vec<(Lang, Arc<Guides>)>> = const { RefCell::new(Vec::new()) };
}

/// `public/rules/<lang>.json`, resolved against the build's directory (the document's base, or
/// where a host page said the build is), with the version so a new build's text is not mixed with
/// an old cached one.
async fn fetch_guides(lang: Lang) -> Result<Guides, String> {
    let base = crate::app::services::address::base_url().ok_or("the page has no base URI")?;
    let file = format!("public/rules/{}.json", lang.code());
    let url = web_sys::Url::new_with_base(&format!("{file}?v={}", env!("CARGO_PKG_VERSION")), &base).map_err(|e| describe(&e))?.href();
    let window = web_sys::window().ok_or("no window")?;
    let response: web_sys::Response = JsFuture::from(window.fetch_with_str(&url))
        .await
        .map_err(|e| describe(&e))?
        .dyn_into()
        .map_err(|_| "the answer is not a response".to_string())?;
    if !response.ok() {
        return Err(format!("HTTP {}, {file}", response.status()));
    }
    let text = JsFuture::from(response.text().map_err(|e| describe(&e))?).await.map_err(|e| describe(&e))?;
    serde_json::from_str(&text.as_string().unwrap_or_default()).map_err(|e| format!("{file}, JSON {e}"))
}

/// Puts the guides of `lang` into `loaded`: at once if read before, else after a fetch (whose
/// answer is dropped if the language changed meanwhile).
fn load(lang: Lang, current: Signal<Lang>, loaded: RwSignal<Loaded>) {
    if let Some(guides) = READ.with(|r| r.borrow().iter().find(|(l, _)| *l == lang).map(|(_, g)| g.clone())) {
        loaded.set(Loaded::Ready(guides));
        return;
    }
    loaded.set(Loaded::Loading);
    leptos::task::spawn_local(async move {
        let result = fetch_guides(lang).await;
        // `current` belongs to the dialog, which may have closed meanwhile (a slow network, a
        // slow phone): then nobody waits for this answer. `try_`: reading a disposed signal
        // panics, and the page's wasm traps.
        if current.try_get_untracked() != Some(lang) {
            return;
        }
        loaded.try_set(match result {
            Ok(guides) => {
                let guides = Arc::new(guides);
                READ.with(|r| r.borrow_mut().push((lang, guides.clone())));
                Loaded::Ready(guides)
            }
            Err(why) => Loaded::Failed(why),
        });
    });
}

/// The rules of `game`, in the current language (a line while they load; if they cannot be
/// read, why, and a button to try again).
#[component]
pub fn RulesText(#[prop(into)] game: Signal<GameId>) -> impl IntoView {
    let lang = crate::app::services::i18n::use_lang();
    let loaded = RwSignal::new(Loaded::Loading);
    Effect::new(move |_| load(lang.get(), lang, loaded));
    move || match loaded.get() {
        Loaded::Loading => view! {
            <p class="rules-status" role="status">{lang.get().pick("Loading the rules…", "Chargement des règles…")}</p>
        }
        .into_any(),
        Loaded::Failed(why) => view! {
            <div class="rules-status" role="alert" data-testid="rules-failed">
                <p>
                    {match lang.get() {
                        Lang::En => format!("The rules could not be loaded ({why}). Your game is not affected."),
                        Lang::Fr => format!("Les règles n'ont pas pu être chargées ({why}). Votre partie n'est pas touchée."),
                    }}
                </p>
                <button
                    type="button"
                    class="btn btn-small"
                    on:click=move |ev| {
                        // The button goes once the text comes: the focus waits on the text, inside
                        // the dialog (where Escape and Tab are handled).
                        if let Some(body) = ev
                            .target()
                            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                            .and_then(|b| b.closest(".rules-body").ok().flatten())
                            .and_then(|b| b.dyn_into::<web_sys::HtmlElement>().ok())
                        {
                            let _ = body.focus();
                        }
                        load(lang.get_untracked(), lang, loaded)
                    }
                >
                    {move || lang.get().pick("Try again", "Réessayer")}
                </button>
            </div>
        }
        .into_any(),
        Loaded::Ready(guides) => {
            let sections = guides.get(game.get().key()).map(Vec::as_slice).unwrap_or_default();
            sections
                .iter()
                .map(|section| {
                    view! {
                        <section class="rules-section">
                            <h3>{section.heading.clone()}</h3>
                            {section.paragraphs.iter().map(|p| view! { <p>{p.clone()}</p> }).collect_view()}
                        </section>
                    }
                })
                .collect_view()
                .into_any()
        }
    }
}

/// The rules dialog; Escape or the close button closes it and gives the focus back.
#[component]
pub fn RulesDialog() -> impl IntoView {
    let state = expect_context::<AppState>();
    let lang = state.lang;
    let open = state.rules_open;
    let close_button = NodeRef::<leptos::html::Button>::new();
    // The guide shown: the game on the table's when the dialog opens.
    let game = RwSignal::new(crate::app::games::first());
    dialog_focus::keep_focus(open, close_button, move || {
        if let Some(g) = state.session.with_untracked(|s| s.as_ref().map(|s| s.table.game_id())) {
            game.set(g);
        }
    });
    let close = move || open.set(false);
    let title = move || {
        let (en, fr) = crate::app::games::info(game.get()).rules_title;
        lang.get().pick(en, fr)
    };
    view! {
        <GameTabsDialog open name="rules" game title close_button on_tab=move |g| game.set(g)>
            // Learning by playing beats reading: the guided deal of the game shown.
            <p class="rules-guide">
                <button type="button" class="btn btn-primary" data-testid="rules-guide-start"
                    on:click=move |_| {
                        close();
                        crate::app::start_guide(&state, game.get_untracked());
                    }>
                    {move || lang.get().pick("Learn by playing one guided deal", "Apprendre en jouant une donne guidée")}
                </button>
            </p>
            <RulesText game=game />
        </GameTabsDialog>
    }
}
