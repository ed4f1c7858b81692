//! The games the page offers, and what each is as the page tells it: one [`GameInfo`] per game,
//! written beside its game's code (`<game>/info.rs`) and registered here, in the order the game
//! chooser lists them. Shared parts of the page (the form, the statistics, the titles, the rules
//! dialog) ask [`info`]; they never name a particular game. A new game adds its `info.rs` and one
//! line to [`GAMES`].

use crate::ai::Level;
use crate::engine::game::GameId;
use crate::record::Record;

use super::features::guide::script::Book;
use super::game_info::GameInfo;
use crate::app::services::i18n::Lang;

/// Every game, in the order the game chooser lists them.
pub const GAMES: [&GameInfo; 3] = [&super::nain_jaune::info::INFO, &super::bonanza::info::INFO, &super::programmes::info::INFO];

/// The first game of the chooser (the form's and the dialogs' choice when nothing says another).
pub fn first() -> GameId {
    GAMES[0].id
}

/// Whether the page offers `game`.
pub fn offers(game: GameId) -> bool {
    GAMES.iter().any(|g| g.id == game)
}

/// The game's [`GameInfo`].
pub fn info(game: GameId) -> &'static GameInfo {
    GAMES.iter().copied().find(|g| g.id == game).unwrap_or(GAMES[0])
}

/// A new game's record, with no move yet: its first dealer drawn as the game's rules draw it.
pub fn new_record(game: GameId, players: usize, seed: u64) -> Record {
    let mut record = Record::new(game, players, seed);
    record.first_dealer = info(game).first_dealer.map(|draw| draw(seed, players));
    record
}

/// What a computer level does in `game`, in a few words (under the new-game form's seats; the
/// arenas behind the ladder are in docs/measurements.md).
pub fn level_note(lang: Lang, game: GameId, level: Level) -> &'static str {
    let (en, fr) = match level {
        Level::Random => ("Random: any move the rules allow.", "Au hasard\u{a0}: n'importe quel coup permis."),
        Level::Easy => {
            ("Easy: simple rules of thumb, and a slip now and then.", "Facile\u{a0}: des règles simples, et une erreur de temps en temps.")
        }
        Level::Medium => info(game).medium,
        Level::Hard => info(game).hard,
    };
    lang.pick(en, fr)
}

/// Each game's guide: its book and the guided deal it follows. Only the guide's chunk reaches
/// this, so the books and the deals download with it, never with the lobby.
pub fn guide(game: GameId) -> (&'static Book, &'static str) {
    match game {
        GameId::NainJaune => (&super::nain_jaune::guide::BOOK, super::nain_jaune::guide::DEAL),
        GameId::Bonanza => (&super::bonanza::guide::BOOK, super::bonanza::guide::DEAL),
        GameId::Programmes => (&super::programmes::guide::BOOK, super::programmes::guide::DEAL),
    }
}
