//! What the player to move may do is worked out in the model (`model::programmes`: the legal
//! actions by kind, what the selected cards allow, why not); here it is said in plain words.

pub use crate::model::programmes::{engine_check, positions_of, positions_used, selection_moves, sorted_hand, Offer, SelectionMoves, Why};

use super::text::{only_stock, taken_from_discard, would_strand};
use crate::app::services::i18n::Lang;

impl Why {
    /// The reason in the player's words.
    pub fn text(&self, lang: Lang) -> String {
        let (en, fr) = match self {
            Why::SelectCards => ("Select cards in your hand (click, or Space on the focused card).", "Sélectionnez des cartes de votre main (clic, ou Espace sur la carte en focus)."),
            Why::SelectOneToDiscard => ("Select one card to discard.", "Sélectionnez une seule carte à défausser."),
            Why::SelectOneToAdd => ("Select one card to add to a meld.", "Sélectionnez une seule carte à ajouter à une combinaison."),
            Why::RevealFirst => (
                "Reveal your program first: only then may you lay down new sets or add to the melds.",
                "Dévoilez d'abord votre programme : ensuite seulement vous pourrez poser de nouveaux groupes ou compléter les combinaisons.",
            ),
            Why::SetNeedsThree => ("A new set needs at least three cards.", "Un nouveau groupe demande au moins trois cartes."),
            Why::SetOneRank => (
                "A new set holds cards of one rank (a new run may never be started).",
                "Un nouveau groupe réunit des cartes d'un même rang (on ne commence jamais de nouvelle suite).",
            ),
            Why::SetNeedsNatural => ("A set needs at least one card that is not wild.", "Un groupe demande au moins une carte qui n'est pas une frime."),
            Why::NoExtension => ("This card fits no meld on the table.", "Cette carte ne complète aucune combinaison de la table."),
            Why::CannotRevealYet => ("Your hand does not fulfil your program yet.", "Votre main ne remplit pas encore votre programme."),
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
        lang.pick(en, fr).to_string()
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
