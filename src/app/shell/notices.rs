//! Messages shown in the banner at the top of the page (errors and notices), each dismissible.
//! They are stored as data, not text, so they follow a change of language.

use leptos::prelude::*;

use crate::app::services::i18n::{Lang, T};
use crate::app::services::url_params::UrlProblem;

#[derive(Clone, Debug, PartialEq)]
pub enum Msg {
    /// The saved game could not be resumed; a copy is kept for download.
    DamagedSave {
        reason: String,
        at: Option<usize>,
    },
    /// A record file could not be opened; the current game is untouched.
    ImportFailed {
        file: String,
        reason: String,
        at: Option<usize>,
    },
    /// The browser refused to save the game.
    SaveFailed {
        reason: String,
    },
    Url(UrlProblem),
    /// A computer seat gave no move (`retry` asks it again).
    AiFailed {
        name: String,
        reason: String,
    },
    /// A computer seat answered a move the engine refuses.
    AiIllegal {
        name: String,
        action: String,
        /// The engine's sentence. (The text, not the [`Reason`](crate::engine::game::Reason): comparing two messages would
        /// otherwise link every game's refusal types into the first visit's code.)
        reason: String,
    },
    /// The new game could not start.
    StartFailed {
        reason: String,
    },
    /// A review could not open (its code could not come, the record does not replay).
    ReviewFailed {
        reason: String,
    },
    /// The engine refused a move from this page: its reason, and the player's words for it when
    /// the game has them (`GameCode::refusal_words`), in English and French.
    MoveRefused {
        action: String,
        /// The engine's sentence, as in `AiIllegal`.
        reason: String,
        why: Option<(String, String)>,
    },
    /// A file could not be downloaded.
    DownloadFailed {
        reason: String,
    },
    /// "Undo" found the player's last move in a deal that is over.
    UndoEarlierDeal,
    /// The saved game was not this page's (another tab's, or the one a link replaced): it is
    /// put aside, and `ResumeSetAside` brings it back.
    SetAside,
    /// Today's daily deal of this game was started before: this attempt does not count.
    DailyRepeat,
    /// The statistics view's code could not be downloaded.
    StatsUnavailable,
    /// The guide's code could not be downloaded: the guided game was left.
    GuideUnavailable,
}

/// What a notice's extra button does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoticeAction {
    DownloadDamaged,
    RetryAi,
    ResumeSetAside,
}

impl Msg {
    pub fn text(&self, lang: Lang) -> String {
        match (self, lang) {
            (Msg::DamagedSave { reason, at }, Lang::En) => {
                let place = at.map(|i| format!(" at move {} (actions[{i}])", i + 1)).unwrap_or_default();
                format!(
                    "Your saved game could not be resumed{place}: {reason}. Nothing is lost: the save is kept and you can download it. You can start a new game meanwhile."
                )
            }
            (Msg::DamagedSave { reason, at }, Lang::Fr) => {
                let place = at.map(|i| format!(" au coup {} (actions[{i}])", i + 1)).unwrap_or_default();
                format!(
                    "La partie enregistrée n'a pas pu reprendre{place} : {reason}. Rien n'est perdu : la sauvegarde est conservée et vous pouvez la télécharger. Vous pouvez commencer une nouvelle partie en attendant."
                )
            }
            (Msg::ImportFailed { file, reason, at }, Lang::En) => match at {
                Some(i) => format!(
                    "“{file}” cannot be opened: move {} (actions[{i}]) is refused — {reason}. Your current game is unchanged.",
                    i + 1
                ),
                None => format!("“{file}” cannot be opened: {reason}. Your current game is unchanged."),
            },
            (Msg::ImportFailed { file, reason, at }, Lang::Fr) => match at {
                Some(i) => format!(
                    "Impossible d'ouvrir « {file} » : le coup {} (actions[{i}]) est refusé — {reason}. Votre partie en cours n'a pas changé.",
                    i + 1
                ),
                None => format!("Impossible d'ouvrir « {file} » : {reason}. Votre partie en cours n'a pas changé."),
            },
            (Msg::SaveFailed { reason }, Lang::En) => format!(
                "This browser refuses to save the game ({reason}): it will be lost if you close the page. Use “Download record” to keep it."
            ),
            (Msg::SaveFailed { reason }, Lang::Fr) => format!(
                "Ce navigateur refuse d'enregistrer la partie ({reason}) : elle sera perdue à la fermeture de la page. Utilisez « Télécharger la partie » pour la garder."
            ),
            (Msg::Url(problem), lang) => problem.message(lang),
            (Msg::AiFailed { name, reason }, Lang::En) => format!("{name} could not choose a move: {reason}."),
            (Msg::AiFailed { name, reason }, Lang::Fr) => format!("{name} n'a pas pu choisir de coup : {reason}."),
            (Msg::AiIllegal { name, action, reason }, Lang::En) => format!(
                "{name} proposed a move the rules refuse (“{action}”: {reason}). The game stays as it was."
            ),
            (Msg::AiIllegal { name, action, reason }, Lang::Fr) => format!(
                "{name} a proposé un coup interdit (« {action} » : {reason}). La partie reste en l'état."
            ),
            (Msg::ReviewFailed { reason }, Lang::En) => format!("The review could not open: {reason}."),
            (Msg::ReviewFailed { reason }, Lang::Fr) => format!("La revue n'a pas pu s'ouvrir : {reason}."),
            (Msg::StartFailed { reason }, Lang::En) => format!("The game could not start: {reason}."),
            (Msg::StartFailed { reason }, Lang::Fr) => format!("La partie n'a pas pu commencer : {reason}."),
            // The common cases in plain words; the engine's technical reason otherwise.
            (Msg::MoveRefused { action, reason, why }, lang) => match why {
                Some((en, fr)) => if lang == Lang::En { en.clone() } else { fr.clone() },
                _ if lang == Lang::En => format!("The rules refuse “{action}”: {reason}."),
                _ => format!("Les règles refusent « {action} » : {reason}."),
            },
            (Msg::DownloadFailed { reason }, Lang::En) => format!("The download failed: {reason}."),
            (Msg::DownloadFailed { reason }, Lang::Fr) => format!("Le téléchargement a échoué : {reason}."),
            (Msg::UndoEarlierDeal, Lang::En) => {
                "Only your moves of the deal being played can be taken back: your last one was in the previous deal.".into()
            }
            (Msg::SetAside, Lang::En) => {
                "This game took the place of the game saved on this browser (one begun before this link, or in another tab). That game is put aside, not lost: you can go back to it.".into()
            }
            (Msg::SetAside, Lang::Fr) => {
                "Cette partie a pris la place de celle enregistrée dans ce navigateur (commencée avant ce lien, ou dans un autre onglet). Celle-ci est mise de côté, pas perdue\u{a0}: vous pouvez y revenir.".into()
            }
            (Msg::DailyRepeat, Lang::En) => {
                "You have already started today's deal of this game: play it again as much as you like, but only your first try counts in the statistics.".into()
            }
            (Msg::DailyRepeat, Lang::Fr) => {
                "Vous avez déjà commencé la donne du jour de ce jeu\u{a0}: rejouez-la autant que vous voulez, mais seul votre premier essai compte dans les statistiques.".into()
            }
            (Msg::StatsUnavailable, Lang::En) => {
                "The statistics could not be loaded (no network?). Your games are still counted; try again later.".into()
            }
            (Msg::GuideUnavailable, Lang::En) => "The guided game could not be loaded (no network?). Try again later.".into(),
            (Msg::GuideUnavailable, Lang::Fr) => "La partie guidée n'a pas pu être chargée (pas de réseau\u{202f}?). Réessayez plus tard.".into(),
            (Msg::StatsUnavailable, Lang::Fr) => {
                "Les statistiques n'ont pas pu être chargées (pas de réseau\u{202f}?). Vos parties sont toujours comptées\u{202f}; réessayez plus tard.".into()
            }
            (Msg::UndoEarlierDeal, Lang::Fr) => {
                "Seuls vos coups de la donne en cours peuvent être repris : votre dernier coup était dans la donne précédente.".into()
            }
        }
    }

    pub fn action(&self) -> Option<NoticeAction> {
        match self {
            Msg::DamagedSave { .. } => Some(NoticeAction::DownloadDamaged),
            Msg::AiFailed { .. } | Msg::AiIllegal { .. } => Some(NoticeAction::RetryAi),
            Msg::SetAside => Some(NoticeAction::ResumeSetAside),
            _ => None,
        }
    }
}

impl NoticeAction {
    pub fn label(self) -> T {
        match self {
            NoticeAction::DownloadDamaged => T::DownloadBadSave,
            NoticeAction::RetryAi => T::TryAgain,
            NoticeAction::ResumeSetAside => T::BackToSetAside,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Notice {
    pub id: u64,
    pub msg: Msg,
}

/// The banner's messages, shared through context.
#[derive(Clone, Copy)]
pub struct Notices {
    list: RwSignal<Vec<Notice>>,
    next: StoredValue<u64>,
}

impl Notices {
    pub fn new() -> Notices {
        Notices { list: RwSignal::new(Vec::new()), next: StoredValue::new(1) }
    }

    /// Shows a message (an identical one already shown is not repeated).
    pub fn push(&self, msg: Msg) {
        if self.list.with_untracked(|l| l.iter().any(|n| n.msg == msg)) {
            return;
        }
        let id = self.next.get_value();
        self.next.set_value(id + 1);
        self.list.update(|l| l.push(Notice { id, msg }));
    }

    pub fn dismiss(&self, id: u64) {
        self.list.update(|l| l.retain(|n| n.id != id));
    }

    /// Removes the messages about computer moves (once the game moves on or is replaced).
    pub fn clear_ai(&self) {
        if self.list.with_untracked(|l| l.iter().any(|n| n.msg.action() == Some(NoticeAction::RetryAi))) {
            self.list.update(|l| l.retain(|n| n.msg.action() != Some(NoticeAction::RetryAi)));
        }
    }

    pub fn list(&self) -> RwSignal<Vec<Notice>> {
        self.list
    }
}

impl Default for Notices {
    fn default() -> Self {
        Notices::new()
    }
}
