//! A review's verdicts as its panel shows them: which seats are reviewed, how each verdict is
//! marked (the same move, another as good, another better, a costly one), how far the weighing
//! has gone, and where the arrow keys step. Pure Rust, tested natively (tests/model_review.rs);
//! `app::review` asks the worker for the verdicts and draws them.

use crate::ai::review::{Values, Verdict};
use crate::engine::game::{GameId, Seat};
use crate::record::Record;

/// The seats reviewed: the record's human seats (the first seat for a record that does not say).
pub fn reviewed_seats(record: &Record) -> Vec<Seat> {
    match &record.seats {
        Some(keys) => (0..record.players).filter(|&s| keys.get(s).is_some_and(|k| k == "human")).collect(),
        None => vec![0],
    }
}

/// How a verdict is marked (its class in the page: `review-<class>`, `data-verdict`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Not weighed yet.
    Pending,
    /// The worker could not weigh it.
    Failed,
    /// The hard level plays the same move.
    Same,
    /// Another move, but no real difference (not sure, or below [`real_loss`]).
    Even,
    /// Another move, better by a real difference (or not weighed against the one played).
    Other,
    /// Another move, better by [`costly`] or more.
    Costly,
}

impl Mark {
    /// The mark of a decision's verdict in `game` (`None` while it is weighed).
    pub fn of(game: GameId, verdict: Option<&Result<Verdict, String>>) -> Mark {
        match verdict {
            None => Mark::Pending,
            Some(Err(_)) => Mark::Failed,
            Some(Ok(v)) if v.best == v.played => Mark::Same,
            Some(Ok(v)) => v.values.map_or(Mark::Other, |values| Mark::of_loss(game, &values)),
        }
    }

    /// The mark of another move weighed against the one played.
    fn of_loss(game: GameId, values: &Values) -> Mark {
        match values.clear_loss() {
            loss if loss >= costly(game) => Mark::Costly,
            loss if loss >= real_loss(game) => Mark::Other,
            // Its search cannot tell the two apart, or not by enough to matter.
            _ => Mark::Even,
        }
    }

    pub fn class(self) -> &'static str {
        match self {
            Mark::Pending => "pending",
            Mark::Failed => "failed",
            Mark::Same => "same",
            Mark::Even => "even",
            Mark::Other => "other",
            Mark::Costly => "costly",
        }
    }
}

/// The loss above which a move is marked as costly: a chip in the chip games; in Programmes a
/// fifth of a program.
pub fn costly(game: GameId) -> f64 {
    match game {
        GameId::Programmes => 0.2,
        _ => 1.0,
    }
}

/// The smallest loss a verdict speaks of: half a chip in the chip games, a fifth of a program in
/// Programmes (where it is also the costly mark). Below it the hard level cannot tell the moves
/// apart: the same decisions weighed twice with other seeds (`referee review`, games of easy
/// players: 20 of Nain Jaune, 12 of Bonanza, 16 of Programmes) where one weighing kept the move
/// played and the other preferred another, that other move was ahead by less than half a chip in
/// 43 of 46 cases, and by less than a fifth of a program in all 5 of Programmes. A verdict there
/// said "prefers another move, for the same result" ("−1.4 and −1.4 chips").
pub fn real_loss(game: GameId) -> f64 {
    match game {
        GameId::Programmes => 0.2,
        _ => 0.5,
    }
}

/// How far the weighing of a review's decisions has gone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The verdicts in.
    pub done: usize,
    /// The decisions reviewed.
    pub total: usize,
    /// Whether verdicts are still being asked for.
    pub computing: bool,
}

impl Progress {
    pub fn of<T>(verdicts: &[Option<T>], computing: bool) -> Progress {
        Progress { done: verdicts.iter().filter(|v| v.is_some()).count(), total: verdicts.len(), computing }
    }

    /// Whether the weighing can be stopped (under way) or taken up again (stopped before the end).
    pub fn can_stop_or_resume(&self) -> bool {
        self.computing || self.done < self.total
    }
}

/// Where a key takes a review at step `now` of `last`: `None` for a key that does not step;
/// `Some(None)` for a step key that goes nowhere (Left at the start, Right at the end); else the
/// step and the control that steps there (it gets the focus).
pub fn key_step(key: &str, now: usize, last: usize) -> Option<Option<(usize, &'static str)>> {
    Some(match key {
        "ArrowLeft" => (now > 0).then(|| (now - 1, "review-prev")),
        "ArrowRight" => (now < last).then(|| (now + 1, "review-next")),
        "Home" => Some((0, "review-first")),
        "End" => Some((last, "review-last")),
        _ => return None,
    })
}
