//! Playing cards drawn as SVG by the app (no image files): corner indices, pips laid out as on a
//! printed card, framed court cards, the joker, and a face-down back. Every game of the site uses
//! [`CardFace`] and [`CardBack`].
//!
//! A card is 100 × 140 units (`viewBox`); its size on screen comes from CSS (`.card` width), so the
//! same drawing serves a 40 px phone hand and a large board.

use leptos::prelude::*;

use crate::app::services::i18n::{card_label, rank_index, use_lang, Lang};
use crate::engine::cards::{Card, Rank, Suit};

/// The four-colour preference, provided by the app (two colours when absent).
#[derive(Clone, Copy, Debug)]
pub struct FourColour(pub Signal<bool>);

fn use_four_colour() -> Signal<bool> {
    use_context::<FourColour>().map(|f| f.0).unwrap_or_else(|| Signal::stored(false))
}

/// The ink of a suit: red and black, or ♠ black, ♥ red, ♦ blue, ♣ green in four-colour mode.
/// Returns (name for `data-colour`, CSS colour).
pub fn suit_ink(suit: Suit, four_colour: bool) -> (&'static str, &'static str) {
    const BLACK: (&str, &str) = ("black", "#1b1b1f");
    const RED: (&str, &str) = ("red", "#c8102e");
    match (suit, four_colour) {
        (Suit::Spades, _) => BLACK,
        (Suit::Hearts, _) => RED,
        (Suit::Diamonds, false) => RED,
        (Suit::Clubs, false) => BLACK,
        (Suit::Diamonds, true) => ("blue", "#1f5fbf"),
        (Suit::Clubs, true) => ("green", "#17803d"),
    }
}

/// A suit symbol drawn in a 100 × 100 box, as SVG path data.
fn suit_path(suit: Suit) -> &'static str {
    match suit {
        Suit::Hearts => "M50 92 C42 80 6 58 6 32 C6 14 20 4 33 4 C42 4 48 10 50 18 C52 10 58 4 67 4 C80 4 94 14 94 32 C94 58 58 80 50 92 Z",
        Suit::Diamonds => "M50 2 C60 20 74 36 90 50 C74 64 60 80 50 98 C40 80 26 64 10 50 C26 36 40 20 50 2 Z",
        Suit::Spades => "M50 2 C58 18 94 38 94 62 C94 78 82 86 70 86 C62 86 56 82 53 76 C54 86 58 92 66 98 L34 98 C42 92 46 86 47 76 C44 82 38 86 30 86 C18 86 6 78 6 62 C6 38 42 18 50 2 Z",
        Suit::Clubs => "M50 4 C64 4 74 14 74 27 C74 33 72 38 68 42 C72 40 76 39 79 39 C91 39 98 49 98 61 C98 73 89 82 77 82 C67 82 59 76 54 68 C55 80 59 90 68 98 L32 98 C41 90 45 80 46 68 C41 76 33 82 23 82 C11 82 2 73 2 61 C2 49 9 39 21 39 C24 39 28 40 32 42 C28 38 26 33 26 27 C26 14 36 4 50 4 Z",
    }
}

/// A pip of `size` units (even, below 100) centred on (cx, cy), upside down when `flip`. Whole
/// numbers only: the app never formats a float (that machinery would weigh on the download).
fn pip(suit: Suit, cx: i32, cy: i32, size: i32, flip: bool, ink: &'static str) -> impl IntoView {
    let half = size / 2;
    let rotate = if flip { format!("rotate(180 {cx} {cy}) ") } else { String::new() };
    let transform = format!("{rotate}translate({} {}) scale(0.{:02})", cx - half, cy - half, size);
    view! { <path d=suit_path(suit) transform=transform fill=ink /> }
}

/// Pip centres of the number cards (x, y, upside down), as printed on a standard card.
fn pip_layout(rank: Rank) -> Vec<(i32, i32, bool)> {
    const L: i32 = 31;
    const C: i32 = 50;
    const R: i32 = 69;
    const TOP: i32 = 30;
    const BOTTOM: i32 = 110;
    const MID: i32 = 70;
    let pair = |y: i32, flip: bool| [(L, y, flip), (R, y, flip)];
    let mut v = Vec::new();
    match rank.pips() {
        2 => v.extend([(C, TOP, false), (C, BOTTOM, true)]),
        3 => v.extend([(C, TOP, false), (C, MID, false), (C, BOTTOM, true)]),
        4 => {
            v.extend(pair(TOP, false));
            v.extend(pair(BOTTOM, true));
        }
        5 => {
            v.extend(pair(TOP, false));
            v.push((C, MID, false));
            v.extend(pair(BOTTOM, true));
        }
        6 => {
            v.extend(pair(TOP, false));
            v.extend(pair(MID, false));
            v.extend(pair(BOTTOM, true));
        }
        7 => {
            v.extend(pair(TOP, false));
            v.push((C, 50, false));
            v.extend(pair(MID, false));
            v.extend(pair(BOTTOM, true));
        }
        8 => {
            v.extend(pair(TOP, false));
            v.push((C, 50, false));
            v.extend(pair(MID, false));
            v.push((C, 90, true));
            v.extend(pair(BOTTOM, true));
        }
        9 => {
            v.extend(pair(TOP, false));
            v.extend(pair(57, false));
            v.push((C, MID, false));
            v.extend(pair(83, true));
            v.extend(pair(BOTTOM, true));
        }
        10 => {
            v.extend(pair(TOP, false));
            v.push((C, 43, false));
            v.extend(pair(57, false));
            v.extend(pair(83, true));
            v.push((C, 97, true));
            v.extend(pair(BOTTOM, true));
        }
        _ => {}
    }
    v
}

/// A small crown over the court letter: three points for a king, a rounded coronet for a queen,
/// a cap for a jack.
fn court_ornament(rank: Rank, ink: &'static str) -> impl IntoView {
    let d = match rank.index() {
        12 => "M34 50 L34 36 L42 44 L50 32 L58 44 L66 36 L66 50 Z",
        11 => "M36 50 C36 42 40 38 43 38 C44 42 47 44 50 36 C53 44 56 42 57 38 C60 38 64 42 64 50 Z",
        _ => "M36 50 C36 40 44 35 50 35 C58 35 64 40 66 46 L74 44 L64 50 Z",
    };
    view! { <path d=d fill=ink opacity="0.85" /> }
}

/// The drawing of a face-up card (everything inside the `<svg>`).
fn face_contents(card: Card, lang: Lang, four_colour: bool, compact: bool) -> AnyView {
    let (Some(rank), Some(suit)) = (card.rank(), card.suit()) else {
        return joker_contents(compact).into_any();
    };
    let (_, ink) = suit_ink(suit, four_colour);
    let index = rank_index(lang, rank);
    if compact {
        // Drawn 16 to 26 px wide, a printed card's corner index would be 4 px tall: the index and
        // the suit fill the card instead.
        let (size, spacing) = if index.len() > 1 { ("54", "-5") } else { ("68", "0") };
        return view! {
            <text x="50" y="68" text-anchor="middle" font-size=size font-weight="700" letter-spacing=spacing
                font-family="Georgia, 'Times New Roman', serif" fill=ink>{index}</text>
            {pip(suit, 50, 104, 50, false, ink)}
        }
        .into_any();
    }
    let index_size = if index.len() > 1 { "21" } else { "25" };
    let corner = move |flip: bool| {
        let transform = if flip { "rotate(180 50 70)" } else { "" };
        view! {
            <g transform=transform>
                <text x="13" y="27" text-anchor="middle" font-size=index_size font-weight="700"
                    font-family="Georgia, 'Times New Roman', serif" fill=ink letter-spacing="-1">{index}</text>
                {pip(suit, 13, 38, 14, false, ink)}
            </g>
        }
    };
    let centre = if rank == Rank::ACE {
        let size = if suit == Suit::Spades { 52 } else { 44 };
        pip(suit, 50, 70, size, false, ink).into_any()
    } else if rank.index() >= 10 {
        view! {
            <rect x="25" y="22" width="50" height="96" rx="4" fill=ink fill-opacity="0.07" stroke=ink stroke-width="1.5" />
            <rect x="28" y="25" width="44" height="90" rx="3" fill="none" stroke=ink stroke-width="0.6" stroke-opacity="0.6" />
            {court_ornament(rank, ink)}
            <text x="50" y="86" text-anchor="middle" font-size="38" font-weight="700"
                font-family="Georgia, 'Times New Roman', serif" fill=ink>{index}</text>
            {pip(suit, 50, 102, 14, false, ink)}
        }
        .into_any()
    } else {
        pip_layout(rank).into_iter().map(|(x, y, flip)| pip(suit, x, y, 18, flip, ink)).collect_view().into_any()
    };
    view! {
        {corner(false)}
        {corner(true)}
        {centre}
    }
    .into_any()
}

fn joker_contents(compact: bool) -> AnyView {
    let star = "M50 40 L56 58 L75 58 L60 69 L66 87 L50 76 L34 87 L40 69 L25 58 L44 58 Z";
    if compact {
        return view! { <path d=star fill="#6a1b9a" transform="translate(50 70) scale(1.7) translate(-50 -63)" /> }.into_any();
    }
    let letters = |flip: bool| {
        let transform = if flip { "rotate(180 50 70)" } else { "" };
        view! {
            <g transform=transform>
                {"JOKER".chars().enumerate().map(|(i, c)| view! {
                    <text x="12" y=format!("{}", 20 + i * 13) text-anchor="middle" font-size="13"
                        font-weight="700" font-family="Georgia, serif" fill="#6a1b9a">{c.to_string()}</text>
                }).collect_view()}
            </g>
        }
    };
    view! {
        {letters(false)}
        {letters(true)}
        <circle cx="50" cy="66" r="26" fill="#f4c430" fill-opacity="0.25" />
        <path d=star fill="#6a1b9a" />
    }
    .into_any()
}

/// A face-up card. The label ("7 of diamonds" / "7 de carreau") follows the app's language, the
/// colours its four-colour preference; both can be given directly (tests, previews).
#[component]
pub fn CardFace(
    card: Card,
    /// Overrides the app's four-colour preference.
    #[prop(optional, into)]
    four_colour: Option<Signal<bool>>,
    /// Overrides the app's language.
    #[prop(optional, into)]
    lang: Option<Signal<Lang>>,
    /// Draws the back instead (a hidden card).
    #[prop(optional)]
    face_down: bool,
    /// Hidden from screen readers (the card sits in a button that has its own label).
    #[prop(optional)]
    decorative: bool,
    /// Index and suit only, as large as the card allows: for cards drawn a few pixels wide,
    /// side by side (a card's corner would be unreadable there).
    #[prop(optional)]
    compact: bool,
) -> impl IntoView {
    if face_down {
        return view! { <CardBack decorative=decorative /> }.into_any();
    }
    let lang = lang.unwrap_or_else(use_lang);
    let four_colour = four_colour.unwrap_or_else(use_four_colour);
    let colour = move || card.suit().map(|s| suit_ink(s, four_colour.get()).0).unwrap_or("joker");
    let label = move || (!decorative).then(|| card_label(lang.get(), card));
    view! {
        <svg
            class="card card-face"
            viewBox="0 0 100 140"
            role=(!decorative).then_some("img")
            aria-label=label
            aria-hidden=decorative.then_some("true")
            data-card=card.to_string()
            data-colour=colour
            focusable="false"
        >
            <rect class="card-paper" x="1" y="1" width="98" height="138" rx="8" />
            {move || face_contents(card, lang.get(), four_colour.get(), compact)}
        </svg>
    }
    .into_any()
}

/// Lattice segments of the back, clipped to the inner panel. The lines y = ±x + c meet the
/// panel's edges at whole coordinates, so integers suffice.
fn lattice() -> String {
    let (x0, y0, x1, y1) = (10, 10, 90, 130);
    let mut d = String::new();
    for c in (-80..=220).step_by(10) {
        for sign in [1, -1] {
            let mut pts = Vec::new();
            for x in [x0, x1] {
                let y = sign * x + c;
                if (y0..=y1).contains(&y) {
                    pts.push((x, y));
                }
            }
            for y in [y0, y1] {
                let x = (y - c) * sign;
                if (x0..=x1).contains(&x) {
                    pts.push((x, y));
                }
            }
            if let (Some(a), Some(b)) = (pts.first(), pts.last()) {
                if a != b {
                    d.push_str(&format!("M{} {}L{} {}", a.0, a.1, b.0, b.1));
                }
            }
        }
    }
    d
}

/// A face-down card.
#[component]
pub fn CardBack(#[prop(optional)] decorative: bool) -> impl IntoView {
    let lang = use_lang();
    let label = move || {
        (!decorative).then(|| match lang.get() {
            Lang::En => "face-down card",
            Lang::Fr => "carte face cachée",
        })
    };
    view! {
        <svg class="card card-back" viewBox="0 0 100 140" role=(!decorative).then_some("img") aria-label=label
            aria-hidden=decorative.then_some("true") focusable="false">
            <rect x="1" y="1" width="98" height="138" rx="8" fill="#fbf7ee" stroke="#9c8f78" stroke-width="1" />
            <rect class="back-panel" x="10" y="10" width="80" height="120" rx="4" />
            <path d=lattice() class="back-lattice" />
            <circle cx="50" cy="70" r="17" class="back-medal" />
            <path d="M50 56 C54 64 58 68 64 70 C58 72 54 76 50 84 C46 76 42 72 36 70 C42 68 46 64 50 56 Z" class="back-star" />
        </svg>
    }
}
