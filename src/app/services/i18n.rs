//! The words every screen shares, in French and English: the languages, the fixed labels, names
//! and verbs that agree with them, cards, chips, places. Each game's own sentences (its events,
//! prompts and hints) are in `app/<game>/text.rs`.
//!
//! Fixed labels are [`T`] values (`T::StartGame.text(lang)`); sentences that carry names, cards or
//! numbers are functions. Engine events become sentences in the app, so the engine stays free of
//! language; the engine's own messages (why a record is refused, why a move is illegal) are
//! technical and stay in English, always wrapped in a sentence of the reader's language.

use leptos::prelude::*;

use crate::ai::Level;
use crate::engine::cards::{Card, Rank, Suit};
use crate::engine::game::{Chips, Seat};
pub use crate::model::people::{Lang, Names, Person};

/// The current language, from the app's context (English when no app is around, as in a bare
/// component test).
pub fn use_lang() -> Signal<Lang> {
    match use_context::<RwSignal<Lang>>() {
        Some(lang) => lang.into(),
        None => Signal::stored(Lang::En),
    }
}

/// A reactive label: re-renders when the language changes.
pub fn tr(text: T) -> impl Fn() -> &'static str + Send + Sync + Copy + 'static {
    let lang = use_lang();
    move || text.text(lang.get())
}

/// Fixed labels of the interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum T {
    Tagline,
    NewGame,
    BackToGame,
    GameLoading,
    GameLoadFailed,
    Rules,
    Statistics,
    Settings,
    MoreSettings,
    Speed,
    SpeedShort,
    FourColour,
    LetterKeys,
    LetterKeysTitle,
    PlayForced,
    PlayForcedTitle,
    BackToSetAside,
    Language,
    DownloadRecord,
    Undo,
    UndoTitle,
    OpenRecord,
    Close,
    Dismiss,
    Notices,
    DownloadBadSave,
    TryAgain,
    SkipLink,
    // New game screen
    ChooseGame,
    NainJaune,
    Players,
    WhoPlays,
    Human,
    HouseRules,
    StartChips,
    Seed,
    SeedHint,
    StartGame,
    NameLabel,
    // Game screen
    Board,
    Table,
    Sequence,
    SequenceEmpty,
    YourHand,
    HandOf,
    Moves,
    DealerMark,
    DealerFull,
    ToPlay,
    Thinking,
    NoHumanHand,
    ChipsWord,
    CardsWord,
    YourTurnLead,
    BoxesTitle,
    Talon,
    PassDevice,
    ShowMyCards,
    // Summary and game over
    NextRound,
    SeeStandings,
    ColPlayer,
    ColStake,
    ColBoxes,
    ColPenalties,
    ColHand,
    ColNet,
    ColChips,
    WhatHappened,
    LeftInHand,
    GameOver,
    FinalStandings,
    Tie,
    PlayAgain,
    // Hints
    HintButton,
    HintThinking,
    HintThinkingMove,
    HintFailed,
    // AI status
    AiLoading,
    AiReady,
}

impl T {
    /// The label in English and in French.
    pub fn both(self) -> (&'static str, &'static str) {
        (self.text(Lang::En), self.text(Lang::Fr))
    }

    pub fn text(self, lang: Lang) -> &'static str {
        use T::*;
        let (en, fr) = match self {
            Tagline => ("Card and chip games", "Jeux de cartes et de jetons"),
            NewGame => ("New game", "Nouvelle partie"),
            BackToGame => ("Back to the game", "Retour à la partie"),
            GameLoading => ("Loading the game…", "Chargement du jeu…"),
            GameLoadFailed => (
                "The game could not load. Check the connection, then try again.",
                "Le jeu n'a pas pu se charger. Vérifiez la connexion, puis réessayez.",
            ),
            Rules => ("Rules", "Règles"),
            Statistics => ("Statistics", "Statistiques"),
            Settings => ("Settings", "Réglages"),
            MoreSettings => ("More", "Plus"),
            Speed => ("Computer speed", "Vitesse de l'ordinateur"),
            SpeedShort => ("Speed", "Vitesse"),
            FourColour => ("Four-colour suits", "Jeu quatre couleurs"),
            LetterKeys => ("Shortcut keys", "Raccourcis clavier"),
            LetterKeysTitle => (
                "The one-letter shortcuts: H (hint), U (undo), and Programmes' S, D, R, N, X, A",
                "Les raccourcis d'une lettre : H (conseil), U (annuler), et S, D, R, N, X, A aux Programmes",
            ),
            PlayForced => ("Play forced moves for me", "Jouer mes coups forcés"),
            PlayForcedTitle => (
                "When you have only one legal move, the table plays it for you",
                "Quand vous n'avez qu'un seul coup permis, la table le joue pour vous",
            ),
            BackToSetAside => ("Go back to that game", "Revenir à cette partie"),
            Language => ("Language", "Langue"),
            DownloadRecord => ("Download record", "Télécharger la partie"),
            Undo => ("Undo", "Annuler"),
            UndoTitle => {
                ("Take back your last move and the computer's answers", "Reprendre votre dernier coup et les réponses de l'ordinateur")
            }
            OpenRecord => ("Open a record…", "Ouvrir une partie…"),
            Close => ("Close", "Fermer"),
            Dismiss => ("Dismiss", "Masquer"),
            Notices => ("Messages", "Messages"),
            DownloadBadSave => ("Download the damaged save", "Télécharger la sauvegarde abîmée"),
            TryAgain => ("Try again", "Réessayer"),
            SkipLink => ("Skip to the game", "Aller au jeu"),
            ChooseGame => ("Game", "Jeu"),
            NainJaune => ("Nain Jaune", "Nain Jaune"),
            Players => ("Players", "Joueurs"),
            WhoPlays => ("Who sits at the table", "Qui prend place"),
            Human => ("Human", "Humain"),
            HouseRules => ("House rules", "Variantes"),
            StartChips => ("Starting chips", "Jetons de départ"),
            Seed => ("Seed (optional)", "Graine (facultative)"),
            SeedHint => (
                "The same seed deals the same cards. Leave it empty for a fresh shuffle.",
                "Une même graine donne les mêmes cartes. Laissez vide pour un nouveau mélange.",
            ),
            StartGame => ("Start the game", "Commencer la partie"),
            NameLabel => ("Name", "Nom"),
            Board => ("Board", "Tableau"),
            Table => ("Players at the table", "Joueurs à la table"),
            Sequence => ("Sequence", "Séquence"),
            SequenceEmpty => ("No card on the table yet.", "Aucune carte sur la table pour l'instant."),
            YourHand => ("Your hand", "Votre main"),
            HandOf => ("Hand of", "Main de"),
            Moves => ("Moves", "Coups joués"),
            DealerMark => ("D", "D"),
            DealerFull => ("dealer", "donneur"),
            ToPlay => ("to play", "à jouer"),
            Thinking => ("thinking…", "réfléchit…"),
            NoHumanHand => {
                ("Only computers play at this table: watch them go.", "Seuls des ordinateurs jouent à cette table : regardez-les faire.")
            }
            ChipsWord => ("chips", "jetons"),
            CardsWord => ("cards", "cartes"),
            YourTurnLead => ("Your lead: play any card.", "À vous d'ouvrir : jouez la carte de votre choix."),
            BoxesTitle => ("The five boxes", "Les cinq cases"),
            Talon => ("talon", "talon"),
            PassDevice => ("Pass the device", "Passez l'appareil"),
            ShowMyCards => ("Show my cards", "Voir mes cartes"),
            NextRound => ("Next round", "Donne suivante"),
            SeeStandings => ("See the final standings", "Voir le classement final"),
            ColPlayer => ("Player", "Joueur"),
            ColStake => ("Stake", "Mise"),
            ColBoxes => ("Boxes", "Cases"),
            ColPenalties => ("Penalty", "Pénalité"),
            ColHand => ("Hand", "Main"),
            ColNet => ("Net", "Bilan"),
            ColChips => ("Chips", "Jetons"),
            WhatHappened => ("Settlement", "Règlement"),
            LeftInHand => ("left in hand", "restées en main"),
            GameOver => ("Game over", "Partie terminée"),
            FinalStandings => ("Final standings", "Classement final"),
            Tie => ("A tie for the most chips!", "Égalité en tête !"),
            PlayAgain => ("New game", "Nouvelle partie"),
            AiLoading => ("Computer players are getting ready…", "Les joueurs virtuels se préparent…"),
            AiReady => ("Computer players ready", "Joueurs virtuels prêts"),
            HintButton => ("Hint", "Indice"),
            HintThinking => ("Looking for the best card…", "Recherche de la meilleure carte…"),
            HintThinkingMove => ("Looking for the best move…", "Recherche du meilleur coup…"),
            HintFailed => ("No hint this time.", "Pas d'indice cette fois."),
        };
        lang.pick(en, fr)
    }
}

/// Picks the verb form for the subject: (`you` form, third-person form).
pub fn verb(p: &Person, you: &'static str, other: &'static str) -> &'static str {
    if p.you {
        you
    } else {
        other
    }
}

/// Several people as one subject or object, in seat order, each as inside a sentence: "Ada",
/// "Ada and you", "Ada, Bob and you" / "Ada, Bob et vous" (`capitalize` it to start a sentence).
pub fn people_list(lang: Lang, people: &[Person]) -> String {
    let words: Vec<String> = people.iter().map(|p| p.inner(lang)).collect();
    match words.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} {} {last}", rest.join(", "), lang.pick("and", "et")),
    }
}

/// Picks the verb form for [`people_list`] as the subject: the `you` form as soon as the human is
/// among them ("Ada and you draw", "Ada et vous recevez"), else the singular or the plural form.
pub fn verb_for_all(people: &[Person], you: &'static str, one: &'static str, many: &'static str) -> &'static str {
    if people.iter().any(|p| p.you) {
        you
    } else if people.len() == 1 {
        one
    } else {
        many
    }
}

pub fn capitalize(s: String) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().collect::<String>() + chars.as_str(),
        None => s,
    }
}

/// "1 chip", "12 chips"; French keeps 0 and 1 singular.
pub fn chips_text(lang: Lang, n: Chips) -> String {
    match lang {
        Lang::En if n == 1 || n == -1 => format!("{n} chip"),
        Lang::En => format!("{n} chips"),
        Lang::Fr if (-1..=1).contains(&n) => format!("{n} jeton"),
        Lang::Fr => format!("{n} jetons"),
    }
}

/// A number of chips with a participle that agrees: `chips_agreeing(lang, 1, ("owed", "dû", "dus"))`
/// is "1 chip owed" / "1 jeton dû", with 3 "3 chips owed" / "3 jetons dus".
pub fn chips_agreeing(lang: Lang, n: Chips, (en, fr_one, fr_many): (&str, &str, &str)) -> String {
    let participle = match lang {
        Lang::En => en,
        Lang::Fr if (-1..=1).contains(&n) => fr_one,
        Lang::Fr => fr_many,
    };
    format!("{} {participle}", chips_text(lang, n))
}

/// "3 chips owed" / "3 jetons dus", "1 jeton dû".
pub fn chips_owed(lang: Lang, n: Chips) -> String {
    chips_agreeing(lang, n, ("owed", "dû", "dus"))
}

pub fn cards_text(lang: Lang, n: usize) -> String {
    match lang {
        Lang::En if n == 1 => "1 card".into(),
        Lang::En => format!("{n} cards"),
        Lang::Fr if n <= 1 => format!("{n} carte"),
        Lang::Fr => format!("{n} cartes"),
    }
}

/// The corner index of a rank: A 2 … 10 J Q K, or R D V for the French court cards.
pub fn rank_index(lang: Lang, rank: Rank) -> &'static str {
    match (lang, rank) {
        (Lang::Fr, r) if r == Rank::JACK => "V",
        (Lang::Fr, r) if r == Rank::QUEEN => "D",
        (Lang::Fr, r) if r == Rank::KING => "R",
        (_, r) => r.label(),
    }
}

/// A rank in words: "ace", "7", "queen" / "as", "7", "dame".
pub fn rank_word(lang: Lang, rank: Rank) -> &'static str {
    match rank.index() {
        0 => lang.pick("ace", "as"),
        10 => lang.pick("jack", "valet"),
        11 => lang.pick("queen", "dame"),
        12 => lang.pick("king", "roi"),
        _ => rank.label(),
    }
}

pub fn suit_word(lang: Lang, suit: Suit) -> &'static str {
    match suit {
        Suit::Spades => lang.pick("spades", "pique"),
        Suit::Hearts => lang.pick("hearts", "cœur"),
        Suit::Diamonds => lang.pick("diamonds", "carreau"),
        Suit::Clubs => lang.pick("clubs", "trèfle"),
    }
}

/// What a screen reader says for a card: "7 of diamonds" / "7 de carreau", "joker".
pub fn card_label(lang: Lang, card: Card) -> String {
    match (card.rank(), card.suit()) {
        (Some(rank), Some(suit)) => match lang {
            Lang::En => format!("{} of {}", rank_word(lang, rank), suit_word(lang, suit)),
            Lang::Fr => format!("{} de {}", rank_word(lang, rank), suit_word(lang, suit)),
        },
        _ => "joker".into(),
    }
}

/// A card in a sentence: "7♦", "Q♠" / "D♠".
pub fn card_short(lang: Lang, card: Card) -> String {
    match (card.rank(), card.suit()) {
        (Some(rank), Some(suit)) => format!("{}{}", rank_index(lang, rank), suit.symbol()),
        _ => lang.pick("Joker", "Joker").into(),
    }
}

pub fn level_name(lang: Lang, level: Level) -> &'static str {
    match level {
        Level::Random => lang.pick("Computer — random", "Ordinateur — au hasard"),
        Level::Easy => lang.pick("Computer — easy", "Ordinateur — facile"),
        Level::Medium => lang.pick("Computer — medium", "Ordinateur — moyen"),
        Level::Hard => lang.pick("Computer — hard", "Ordinateur — fort"),
    }
}

pub fn seat_title(lang: Lang, seat: Seat) -> String {
    match lang {
        Lang::En => format!("Seat {}", seat + 1),
        Lang::Fr => format!("Place {}", seat + 1),
    }
}

pub fn round_title(lang: Lang, deal_number: u32) -> String {
    match lang {
        Lang::En => format!("Round {deal_number}"),
        Lang::Fr => format!("Donne {deal_number}"),
    }
}

pub fn pass_device_to(lang: Lang, p: &Person) -> String {
    match lang {
        Lang::En => format!("{}'s turn. Pass the device, then show the cards.", p.display(lang)),
        Lang::Fr => format!("Au tour de {}. Passez l'appareil, puis affichez les cartes.", p.display(lang)),
    }
}

pub fn hand_title(lang: Lang, p: &Person) -> String {
    if p.you {
        T::YourHand.text(lang).into()
    } else {
        format!("{} {}", T::HandOf.text(lang), p.display(lang))
    }
}

pub fn game_winner_title(lang: Lang, p: &Person) -> String {
    match lang {
        Lang::En if p.you => "You win the game!".into(),
        Lang::En => format!("{} wins the game!", p.name),
        Lang::Fr if p.you => "Vous gagnez la partie !".into(),
        Lang::Fr => format!("{} gagne la partie !", p.name),
    }
}

pub fn ai_fallback(lang: Lang, reason: &str) -> String {
    match lang {
        Lang::En => format!("The computers and the hints now follow simple rules, on this page: {reason}"),
        Lang::Fr => format!("Les ordinateurs et les conseils suivent désormais des règles simples, dans cette page : {reason}"),
    }
}

pub fn rank_place(lang: Lang, place: usize) -> String {
    match lang {
        Lang::En => match place {
            1 => "1st".into(),
            2 => "2nd".into(),
            3 => "3rd".into(),
            n => format!("{n}th"),
        },
        Lang::Fr if place == 1 => "1er".into(),
        Lang::Fr => format!("{place}e"),
    }
}

/// "the 7♦" / "le 7♦", "la D♠", "l'A♠": a card with its article, for hints.
pub fn card_definite(lang: Lang, card: Card) -> String {
    let short = card_short(lang, card);
    let article = match (lang, card.rank()) {
        (Lang::En, _) => "the ",
        (Lang::Fr, Some(r)) if r == Rank::ACE => "l'",
        (Lang::Fr, _) if is_feminine(card) => "la ",
        (Lang::Fr, _) => "le ",
    };
    format!("{article}{short}")
}

/// Whether a card is feminine in French: la dame, every other card masculine (le roi, le sept,
/// le joker).
pub fn is_feminine(card: Card) -> bool {
    card.rank() == Some(Rank::QUEEN)
}

/// A card as a subject, for hints: "it"; "il" / "elle" (la dame).
pub fn card_pronoun(lang: Lang, card: Card) -> &'static str {
    match lang {
        Lang::En => "it",
        Lang::Fr if is_feminine(card) => "elle",
        Lang::Fr => "il",
    }
}
