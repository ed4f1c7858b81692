//! A program card drawn like a printed one (SVG, 100 × 140 like the playing cards): one row per
//! directive — a horizontal arrow for a run, a vertical one for a set, the number of cards on it,
//! ×2 or ×3 for several combinations, imposed values, the permitted suits, a crossed-out wild when
//! wilds are forbidden — or a sun. Its description in words is its label (and its tooltip).
//!
//! The drawing is data: one SVG markup string written from the card's directives (numbers and
//! rank letters only, nothing to escape), so every program card shares the same few lines of
//! view code.

use std::fmt::Write;

use leptos::prelude::*;

use crate::engine::cards::Suit;
use crate::engine::programmes::program_deck::SuitMask;
use crate::engine::programmes::{CombinationKind, Directive, ProgramId};

use super::text::{program_label, L};
use crate::app::services::i18n::{rank_index, use_lang, Lang};
use crate::app::table::card_svg::suit_ink;

const NAVY: &str = "#24386b";
const GOLD: &str = "#c9a227";
const RUN_INK: &str = "#1d5fa8";
const SET_INK: &str = "#9b2335";

/// The suit symbols in a 100 × 100 box (the playing cards' shapes, simplified).
fn suit_path(suit: Suit) -> &'static str {
    match suit {
        Suit::Hearts => "M50 92C42 80 6 58 6 32C6 14 20 4 33 4C42 4 48 10 50 18C52 10 58 4 67 4C80 4 94 14 94 32C94 58 58 80 50 92Z",
        Suit::Diamonds => "M50 2C60 20 74 36 90 50C74 64 60 80 50 98C40 80 26 64 10 50C26 36 40 20 50 2Z",
        Suit::Spades => "M50 2C58 18 94 38 94 62C94 78 82 86 70 86C62 86 56 82 53 76C54 86 58 92 66 98L34 98C42 92 46 86 47 76C44 82 38 86 30 86C18 86 6 78 6 62C6 38 42 18 50 2Z",
        Suit::Clubs => "M50 4C64 4 74 14 74 27C74 33 72 38 68 42C72 40 76 39 79 39C91 39 98 49 98 61C98 73 89 82 77 82C67 82 59 76 54 68C55 80 59 90 68 98L32 98C41 90 45 80 46 68C41 76 33 82 23 82C11 82 2 73 2 61C2 49 9 39 21 39C24 39 28 40 32 42C28 38 26 33 26 27C26 14 36 4 50 4Z",
    }
}

fn text(out: &mut String, x: i32, y: i32, size: i32, fill: &str, body: &str) {
    let _ = write!(
        out,
        r#"<text x="{x}" y="{y}" font-size="{size}" font-weight="700" text-anchor="middle" fill="{fill}" font-family="Georgia,serif">{body}</text>"#
    );
}

/// An arrow from (x1, y1) to (x2, y2), horizontal or vertical, its head at the end.
fn arrow(out: &mut String, (x1, y1): (i32, i32), (x2, y2): (i32, i32), ink: &str) {
    let head = if y1 == y2 {
        format!("M{} {}L{} {}L{} {}Z", x2, y2 - 6, x2 + 9, y2, x2, y2 + 6)
    } else {
        format!("M{} {}L{} {}L{} {}Z", x2 - 6, y2, x2, y2 + 9, x2 + 6, y2)
    };
    let _ = write!(
        out,
        r#"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{ink}" stroke-width="4" stroke-linecap="round"/><path d="{head}" fill="{ink}"/>"#
    );
}

/// The permitted suits (one under the other) and the crossed-out wild, centred on (86, cy).
fn marks(out: &mut String, suits: SuitMask, wilds: bool, cy: i32) {
    let shown = if suits.is_all() { 0 } else { suits.suits().count() as i32 };
    let tall = shown * 12 + if wilds { 0 } else { 20 };
    let mut y = cy - tall / 2;
    if shown > 0 {
        for suit in suits.suits() {
            let _ = write!(
                out,
                r#"<path class="suit" d="{}" fill="{}" transform="translate(81 {y}) scale(0.1)"/>"#,
                suit_path(suit),
                suit_ink(suit, false).1
            );
            y += 12;
        }
    }
    if !wilds {
        let (cx, cy) = (86, y + 9);
        let _ = write!(
            out,
            r##"<rect class="no-wild" x="{}" y="{}" width="12" height="16" rx="2" fill="#fff" stroke="#6a1b9a" stroke-width="1.2"/><path d="M{cx} {}L{} {}L{} {}L{} {}L{} {}Z" fill="#6a1b9a"/><line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#c8102e" stroke-width="2.5" stroke-linecap="round"/>"##,
            cx - 6,
            cy - 8,
            cy - 5,
            cx + 3,
            cy + 4,
            cx - 5,
            cy - 1,
            cx + 5,
            cy - 1,
            cx - 3,
            cy + 4,
            cx - 9,
            cy + 10,
            cx + 9,
            cy - 10
        );
    }
}

/// One directive in a row centred on `cy`, `h` units tall.
fn directive_row(out: &mut String, d: &Directive, cy: i32, h: i32, lang: Lang) {
    let run = d.kind == CombinationKind::Run;
    let ink = if run { RUN_INK } else { SET_INK };
    let _ = write!(
        out,
        r#"<g class="directive" data-kind="{}" data-length="{}" data-count="{}" data-wilds="{}">"#,
        if run { "run" } else { "set" },
        d.length,
        d.count,
        d.wilds
    );
    if d.count > 1 {
        let _ = write!(out, r#"<circle cx="17" cy="{cy}" r="9" fill="{NAVY}"/>"#);
        text(out, 17, cy + 4, 10, "#fff", &format!("×{}", d.count));
    }
    let length = d.length.to_string();
    if run {
        text(out, 51, cy - 3, 18, ink, &length);
        arrow(out, (30, cy + 5), (66, cy + 5), ink);
        if let Some(ranks) = &d.ranks {
            let labels: Vec<&str> = ranks.iter().map(|&r| rank_index(lang, r)).collect();
            text(out, 51, cy + 17, 8, NAVY, &labels.join(" "));
        }
    } else {
        let half = (h / 2 - 8).min(14);
        arrow(out, (38, cy - half), (38, cy + half - 6), ink);
        text(out, 51, cy + 6, 18, ink, &length);
        if let Some(rank) = d.rank {
            let _ = write!(
                out,
                r##"<rect x="60" y="{}" width="16" height="20" rx="3" fill="#fff" stroke="{ink}" stroke-width="1.2"/>"##,
                cy - 10
            );
            text(out, 68, cy + 5, 12, ink, rank_index(lang, rank));
        }
    }
    marks(out, d.suits, d.wilds, cy);
    out.push_str("</g>");
}

/// The inside of the card's `<svg>`: the face of `program`, or the back (`None`).
pub fn program_markup(program: Option<ProgramId>, lang: Lang) -> String {
    let mut out = String::with_capacity(1200);
    let Some(id) = program else {
        let _ = write!(
            out,
            r##"<rect x="1" y="1" width="98" height="138" rx="8" fill="{NAVY}" stroke="#0f1d40" stroke-width="1.5"/><rect x="7" y="7" width="86" height="126" rx="5" fill="none" stroke="{GOLD}" stroke-width="1.5"/><circle cx="50" cy="70" r="24" fill="none" stroke="{GOLD}" stroke-width="1.5"/>"##
        );
        text(&mut out, 50, 85, 40, "#e8c45a", "P");
        return out;
    };
    let card = id.card();
    if card.sun {
        out.push_str(r##"<rect x="1" y="1" width="98" height="138" rx="8" fill="#fff8e1" stroke="#d08a00" stroke-width="1.5"/>"##);
        text(&mut out, 50, 22, 11, "#a86400", &L::Sun.text(lang).to_uppercase());
        // Twelve rays at 30° steps (whole-number offsets: no float formatting), then the face.
        const RAY: [(i32, i32); 12] =
            [(0, -10), (5, -9), (9, -5), (10, 0), (9, 5), (5, 9), (0, 10), (-5, 9), (-9, 5), (-10, 0), (-9, -5), (-5, -9)];
        out.push_str(r##"<path class="sun" stroke="#e39b00" stroke-width="4" stroke-linecap="round" d=""##);
        for (dx, dy) in RAY {
            let _ = write!(out, "M{} {}L{} {}", 50 + dx * 22 / 10, 74 + dy * 22 / 10, 50 + dx * 32 / 10, 74 + dy * 32 / 10);
        }
        out.push_str(r##""/><circle cx="50" cy="74" r="17" fill="#f6c343" stroke="#d08a00" stroke-width="2"/><path d="M42 72Q44 69 46 72M54 72Q56 69 58 72M43 80Q50 86 57 80" stroke="#8a5200" stroke-width="2" fill="none" stroke-linecap="round"/>"##);
        return out;
    }
    let _ = write!(
        out,
        r##"<rect x="1" y="1" width="98" height="138" rx="8" fill="#fdf6e3" stroke="{NAVY}" stroke-width="1.5"/><rect x="6" y="6" width="88" height="128" rx="5" fill="none" stroke="{GOLD}"/>"##
    );
    text(&mut out, 50, 19, 8, NAVY, lang.pick("PROGRAM", "PROGRAMME"));
    let n = card.directives.len().max(1) as i32;
    let (top, height) = (26, 106);
    for i in 1..n {
        let y = top + height * i / n;
        let _ = write!(out, r#"<line x1="16" y1="{y}" x2="84" y2="{y}" stroke="{GOLD}" stroke-width="0.8" stroke-dasharray="3 2"/>"#);
    }
    for (i, d) in card.directives.iter().enumerate() {
        directive_row(&mut out, d, top + height * (2 * i as i32 + 1) / (2 * n), height / n, lang);
    }
    out
}

/// A program card, face up (`Some`) or face down (`None`); its label describes it in words.
#[component]
pub fn ProgramCard(program: Option<ProgramId>) -> impl IntoView {
    let lang = use_lang();
    let label = move || match program {
        Some(id) => program_label(lang.get(), id),
        None => L::FaceDown.text(lang.get()).to_string(),
    };
    view! {
        <svg
            class="program-svg"
            viewBox="0 0 100 140"
            role="img"
            aria-label=label
            data-program=program.map(|p| p.to_string())
            data-face=if program.is_some() { "up" } else { "down" }
            inner_html=move || format!("<title>{}</title>{}", label().replace('&', "&amp;").replace('<', "&lt;"), program_markup(program, lang.get()))
        ></svg>
    }
}
