//! The Bonanza wheel, laid out like the 1936 cloth: the upper half holds the spaces won at the
//! dealer's calls (Joker, Queen-Jack, Sequence, Ten-Two, Poker, from left to right), the lower
//! half the four cards won in the race (A♠ K♥ Q♦ J♣), the Bonanza pot sits in the centre.
//!
//! The cloth is an SVG drawing (fixed sector outlines, computed once and written here as whole
//! numbers); over it each space is an HTML label placed at its sector's middle, with its chip
//! pile and an animated count. The space of the call in progress glows.

use leptos::prelude::*;

use crate::engine::bonanza::calls::pair_cards;
use crate::engine::bonanza::{Board, Call, Space};
use crate::engine::cards::Card;

use super::text::{lt, space_name, L};
use crate::app::services::i18n::{chips_text, use_lang, Lang};
use crate::app::table::card_svg::CardFace;
use crate::app::table::chips::{ChipCount, ChipPile};

/// One space of the drawing: its sector outline (a 400 × 400 view box) and where its label sits
/// (percent of the wheel's width and height).
struct Sector {
    space: Space,
    path: &'static str,
    left: u8,
    top: u8,
}

const fn sector(space: Space, path: &'static str, left: u8, top: u8) -> Sector {
    Sector { space, path, left, top }
}

/// Outer radius 194, inner 74, centre (200, 200); the upper half in five sectors of 36°.
static UPPER_FIVE: [Sector; 5] = [
    sector(Space::Joker, "M126 200L6 200A194 194 0 0 1 43 86L140 157A74 74 0 0 0 126 200Z", 18, 39),
    sector(Space::QueenJack, "M140 157L43 86A194 194 0 0 1 140 15L177 130A74 74 0 0 0 140 157Z", 30, 22),
    sector(Space::Sequence, "M177 130L140 15A194 194 0 0 1 260 15L223 130A74 74 0 0 0 177 130Z", 50, 16),
    sector(Space::TenTwo, "M223 130L260 15A194 194 0 0 1 357 86L260 157A74 74 0 0 0 223 130Z", 70, 22),
    sector(Space::Poker, "M260 157L357 86A194 194 0 0 1 394 200L274 200A74 74 0 0 0 260 157Z", 82, 39),
];

/// Without the Poker space: four sectors of 45°.
static UPPER_FOUR: [Sector; 4] = [
    sector(Space::Joker, "M126 200L6 200A194 194 0 0 1 63 63L148 148A74 74 0 0 0 126 200Z", 19, 37),
    sector(Space::QueenJack, "M148 148L63 63A194 194 0 0 1 200 6L200 126A74 74 0 0 0 148 148Z", 37, 19),
    sector(Space::Sequence, "M200 126L200 6A194 194 0 0 1 337 63L252 148A74 74 0 0 0 200 126Z", 63, 19),
    sector(Space::TenTwo, "M252 148L337 63A194 194 0 0 1 394 200L274 200A74 74 0 0 0 252 148Z", 81, 37),
];

static LOWER: [Sector; 4] = [
    sector(Space::AceSpades, "M148 252L63 337A194 194 0 0 1 6 200L126 200A74 74 0 0 0 148 252Z", 19, 63),
    sector(Space::KingHearts, "M200 274L200 394A194 194 0 0 1 63 337L148 252A74 74 0 0 0 200 274Z", 37, 81),
    sector(Space::QueenDiamonds, "M252 252L337 337A194 194 0 0 1 200 394L200 274A74 74 0 0 0 252 252Z", 63, 81),
    sector(Space::JackClubs, "M274 200L394 200A194 194 0 0 1 337 337L252 252A74 74 0 0 0 274 200Z", 81, 63),
];

static CENTRE: Sector = sector(Space::Bonanza, "", 50, 50);

/// The emblem printed in a space: the cards it names (the joker, Q♠ J♦, 10♦ 2♠, or the race
/// card), a short line for the Sequence and the Poker spaces.
fn emblem(space: Space) -> Vec<Card> {
    match space {
        Space::Joker => vec![Card::JOKER],
        Space::QueenJack => pair_cards(Call::QueenJack).to_vec(),
        Space::TenTwo => pair_cards(Call::TenTwo).to_vec(),
        _ => space.card().into_iter().collect(),
    }
}

/// The pile colour of a space (its suit's, gold for the pot).
fn pile_colour(space: Space) -> &'static str {
    match space {
        Space::KingHearts => "heart",
        Space::QueenDiamonds | Space::TenTwo => "diamond",
        Space::JackClubs => "club",
        Space::AceSpades | Space::QueenJack => "spade",
        _ => "dwarf",
    }
}

fn space_label(lang: Lang, space: Space, chips: i64) -> String {
    let sep = if lang == Lang::Fr { " : " } else { ": " };
    format!("{}{sep}{}", space_name(lang, space), chips_text(lang, chips))
}

/// The wheel. `current` is the space of the call in progress (it glows).
#[component]
pub fn Wheel(
    #[prop(into)] board: Signal<Board>,
    /// Whether the Poker space is in play (option `poker`).
    poker: bool,
    #[prop(into)] current: Signal<Option<Space>>,
) -> impl IntoView {
    let lang = use_lang();
    let upper: &'static [Sector] = if poker { &UPPER_FIVE } else { &UPPER_FOUR };
    let sectors = || upper.iter().chain(LOWER.iter());
    let is_current = move |space: Space| current.get() == Some(space);
    let outlines = sectors()
        .map(|s| {
            let space = s.space;
            view! {
                <path
                    d=s.path
                    class=format!("sector sector-{}", space.key())
                    class:sector-current=move || is_current(space)
                />
            }
        })
        .collect_view();
    let label = move |s: &'static Sector| {
        let space = s.space;
        let chips = Memo::new(move |_| board.with(|b| b[space.index()]));
        let cards = emblem(space)
            .into_iter()
            .map(|card| view! { <span class="space-card"><CardFace card=card decorative=true compact=true /></span> })
            .collect_view();
        view! {
            <div
                class=format!("space space-{}", space.key())
                class:space-current=move || is_current(space)
                prop:style=format!("left:{}%;top:{}%", s.left, s.top)
                data-testid=format!("space-{}", space.key())
                data-chips=move || chips.get().to_string()
                role="group"
                aria-label=move || space_label(lang.get(), space, chips.get())
            >
                <span class="space-emblem" aria-hidden="true">{cards}</span>
                <span class="space-name" aria-hidden="true">{move || space_name(lang.get(), space)}</span>
                <span class="space-chips" aria-hidden="true">
                    <ChipPile value=chips colour=pile_colour(space) />
                    <ChipCount value=chips />
                </span>
            </div>
        }
    };
    view! {
        <div class="wheel" class:wheel-no-poker=!poker data-testid="wheel" role="group" aria-label=lt(L::Wheel)>
            <svg class="wheel-cloth" viewBox="0 0 400 400" aria-hidden="true" focusable="false">
                <circle class="wheel-rim" cx="200" cy="200" r="199" />
                {outlines}
                <circle class="sector sector-bonanza" class:sector-current=move || is_current(Space::Bonanza) cx="200" cy="200" r="74" />
                <path class="wheel-divide" d="M6 200H126M274 200H394" />
            </svg>
            {sectors().map(label).collect_view()}
            {label(&CENTRE)}
        </div>
    }
}
