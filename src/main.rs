//! The web app's entry point: mounts the root component on the site's own page (index.html says
//! so with `<meta name="tapis-app">`), and exports `mount_tapis` for host pages that load the same
//! build and mount the game into one of their elements (docs/embedding.md). (The shipped build
//! aborts at once on a panic, without a message: see scripts/trunk.sh.)

#[cfg(target_arch = "wasm32")]
use wasm_bindgen::prelude::*;

#[cfg(target_arch = "wasm32")]
fn main() {
    tapis::app::game_code::set_loader(game_views::game_code);
    tapis::app::game_code::REVIEW.set_loader(game_views::review_code);
    tapis::app::features::stats::CHUNK.set_loader(game_views::stats_code);
    tapis::app::features::guide::CHUNK.set_loader(game_views::guide_code);
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    if document.query_selector("meta[name='tapis-app']").ok().flatten().is_some() {
        // Under the first screen (a newcomer's phone) the mount is a task of its own: the one that
        // ends the wasm's compilation and runs this is long enough (docs/measurements.md, "First
        // visit"). Elsewhere (a frame, a returning player) it goes at once, as timers may wait in
        // a frame out of sight.
        if tapis::app::shell::mount_stages::first_screen_shown() {
            gloo_timers::callback::Timeout::new(0, move || mount(&document)).forget();
        } else {
            mount(&document);
        }
    }
}

/// Mounts the app on the site's page. It is built over a few tasks (app/shell/mount_stages.rs),
/// out of sight until the last, which shows it in place of the loading screen and of the first
/// screen's static copy (index.html, scripts/first-screen.mjs).
#[cfg(target_arch = "wasm32")]
fn mount(document: &web_sys::Document) {
    if let Some(root) = document.document_element() {
        let _ = root.set_attribute("data-mounting", "");
    }
    leptos::mount::mount_to_body(tapis::app::App);
}

/// `mount_tapis(element, params, base)`: mounts the game into `element` with `params` (the query
/// string of the address: `"game=nain-jaune&seats=human,easy,easy&embed=1"`); `base` is the URL
/// of the build's directory when the host page lives elsewhere (the AI worker is loaded from it).
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
pub fn mount_tapis(element: web_sys::HtmlElement, params: Option<String>, base: Option<String>) -> Result<(), JsValue> {
    tapis::app::features::embed::mount(element, params.unwrap_or_default(), base)
}

/// Each game's code is a split point: wasm-split-cli (scripts/wasm-split/wasm-bindgen) moves its
/// view and its rule bots (the page's fallback when no AI worker runs), and the code only they
/// reach, into a chunk of its own, fetched when a game of it is first needed. Here in the app's binary, not in the library: the AI workers link the library too,
/// and would export (so keep) every view.
#[cfg(target_arch = "wasm32")]
mod game_views {
    use leptos::prelude::*;
    use leptos::wasm_split::wasm_split;
    use std::future::Future;
    use std::pin::Pin;
    use tapis::app::game_code::{GameCode, LoadFailed, ReviewCode};
    use tapis::app::{bonanza, nain_jaune, programmes};
    use tapis::engine::game::GameId;

    pub fn game_code(game: GameId) -> Pin<Box<dyn Future<Output = Result<GameCode, LoadFailed>>>> {
        match game {
            GameId::NainJaune => Box::pin(nain_jaune_code()),
            GameId::Bonanza => Box::pin(bonanza_code()),
            GameId::Programmes => Box::pin(programmes_code()),
        }
    }

    pub fn review_code() -> Pin<Box<dyn Future<Output = Result<ReviewCode, LoadFailed>>>> {
        Box::pin(review_split())
    }

    /// The review (its panel and its logic) is a split point of its own: only a review needs it.
    #[wasm_split(tapis_review, wasm_split_path = ::leptos::wasm_split, fallible)]
    fn review_split() -> Result<ReviewCode, LoadFailed> {
        Ok(ReviewCode {
            panel: || view! { <tapis::app::features::review::ReviewPanel /> }.into_any(),
            open: tapis::app::features::review::open,
        })
    }

    /// The statistics view and the note under a game's final standings (src/app/features/stats_view.rs): a
    /// chunk of its own too, fetched when the view first opens or a game ends.
    pub fn stats_code() -> Pin<Box<dyn Future<Output = Result<tapis::app::features::stats::StatsCode, LoadFailed>>>> {
        Box::pin(stats_view_code())
    }

    #[wasm_split(tapis_stats, wasm_split_path = ::leptos::wasm_split, fallible)]
    fn stats_view_code() -> Result<tapis::app::features::stats::StatsCode, LoadFailed> {
        use tapis::app::features::stats_view::{GameOverNote, StatsDialog};
        Ok(tapis::app::features::stats::StatsCode {
            dialog: || view! { <StatsDialog /> }.into_any(),
            note: || view! { <GameOverNote /> }.into_any(),
            count: tapis::app::features::stats::count_finished,
            daily_started: tapis::app::features::stats::note_daily_start,
            spend: tapis::app::features::stats::spend,
        })
    }

    /// The guided games' panel and their books (src/app/features/guide/): fetched when one starts.
    pub fn guide_code() -> Pin<Box<dyn Future<Output = Result<tapis::app::features::guide::GuideCode, LoadFailed>>>> {
        Box::pin(guide_split())
    }

    #[wasm_split(tapis_guide, wasm_split_path = ::leptos::wasm_split, fallible)]
    fn guide_split() -> Result<tapis::app::features::guide::GuideCode, LoadFailed> {
        use tapis::app::features::guide::{deal_text, step_words, GuidePanel};
        Ok(tapis::app::features::guide::GuideCode { panel: || view! { <GuidePanel /> }.into_any(), words: step_words, deal: deal_text })
    }

    #[wasm_split(tapis_nain_jaune, wasm_split_path = ::leptos::wasm_split, fallible)]
    fn nain_jaune_code() -> Result<GameCode, LoadFailed> {
        let view = || view! { <nain_jaune::NainJauneTable /> }.into_any();
        Ok(GameCode::of::<tapis::engine::nain_jaune::NainJaune>(view, nain_jaune::text::move_words))
    }

    #[wasm_split(tapis_bonanza, wasm_split_path = ::leptos::wasm_split, fallible)]
    fn bonanza_code() -> Result<GameCode, LoadFailed> {
        let view = || view! { <bonanza::BonanzaTable /> }.into_any();
        Ok(GameCode::of::<tapis::engine::bonanza::Bonanza>(view, bonanza::text::move_words))
    }

    #[wasm_split(tapis_programmes, wasm_split_path = ::leptos::wasm_split, fallible)]
    fn programmes_code() -> Result<GameCode, LoadFailed> {
        let view = || view! { <programmes::ProgrammesTable /> }.into_any();
        Ok(GameCode::of::<tapis::engine::programmes::Programmes>(view, programmes::text::move_words)
            .with_refusal_words(programmes::actions::refusal_words))
    }
}

/// The package is also built natively (tests, the referee): the app itself exists only in wasm.
#[cfg(not(target_arch = "wasm32"))]
fn main() {}
