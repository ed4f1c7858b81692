//! What the player to move may do is worked out in the model (`model::programmes`: the legal
//! actions by kind, what the selected cards allow, why not); here it is said in plain words.

pub use crate::model::programmes::{engine_check, positions_of, positions_used, selection_moves, sorted_hand, Offer, SelectionMoves, Why};

use super::text::{only_stock, taken_from_discard, would_strand, L};
use crate::app::services::i18n::Lang;

impl Why {
    /// The reason in the player's words.
    pub fn text(&self, lang: Lang) -> String {
        let label = match self {
            Why::SelectCards => L::SelectCards,
            Why::SelectOneToDiscard => L::SelectOneToDiscard,
            Why::SelectOneToAdd => L::SelectOneToAdd,
            Why::RevealFirst => L::RevealFirst,
            Why::SetNeedsThree => L::SetNeedsThree,
            Why::SetOneRank => L::SetOneRank,
            Why::SetNeedsNatural => L::SetNeedsNatural,
            Why::NoExtension => L::NoExtension,
            Why::CannotRevealYet => L::CannotRevealYet,
            Why::TakenFromDiscard(c) => return taken_from_discard(lang, *c),
            Why::WouldStrand(c) => return would_strand(lang, *c),
            Why::OnlyStock => return only_stock(lang).to_string(),
            Why::Engine(reason) => {
                return match lang {
                    Lang::En => format!("The rules refuse this: {reason}."),
                    Lang::Fr => format!("Les règles refusent ce coup : {reason}."),
                }
            }
        };
        label.text(lang).to_string()
    }
}

/// The engine's refusal in the player's words, for the page's notice (`GameCode::refusal_words`):
/// none where only the engine's sentence says it.
pub fn refusal_words(lang: Lang, reason: &crate::engine::games::Reason) -> Option<String> {
    let crate::engine::games::Reason::Programmes(refusal) = reason else { return None };
    match Why::from(refusal.clone()) {
        Why::Engine(_) => None,
        why => Some(why.text(lang)),
    }
}
