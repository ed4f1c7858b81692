//! What happened in a Nain Jaune game, one event at a time. Events are structured so the app can
//! say them in French or English; `Display` gives the referee's short English sentence.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::board::NainJauneBox;
use crate::engine::cards::{Card, Rank};
use crate::engine::game::{count, Chips, Seat};

/// Why a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum GameEnd {
    /// This seat could not make the full stake before a round.
    CannotStake { seat: Seat },
    /// The number of rounds set by the `rounds` option was played.
    RoundsPlayed { rounds: u32 },
    /// The safety limit on the number of rounds (see `MAX_DEALS`) was reached.
    RoundLimit { rounds: u32 },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// Every player staked `each` chips in all (1, 2, 3, 4, 5 per box times the multiplier).
    Staked {
        deal_number: u32,
        each: Chips,
    },
    /// The cards were dealt; `leader` plays first.
    Dealt {
        deal_number: u32,
        dealer: Seat,
        leader: Seat,
    },
    Played {
        seat: Seat,
        card: Card,
    },
    /// A board card took everything in its box.
    BoxWon {
        seat: Seat,
        board_box: NainJauneBox,
        chips: Chips,
    },
    /// "X without Y": `seat` cannot go on; `next` holds the rank and continues.
    Without {
        seat: Seat,
        played: Rank,
        missing: Rank,
        next: Seat,
    },
    /// Nobody can go on after `played` (a king, or nobody holds the next rank): `seat` leads again.
    Stop {
        seat: Seat,
        played: Rank,
        missing: Option<Rank>,
    },
    /// A loser still held a board card: he pays the box as much as it holds.
    Penalty {
        seat: Seat,
        card: Card,
        chips: Chips,
        owed: Chips,
    },
    /// Grand Opéra: the winner sweeps all five boxes.
    GrandOpera {
        seat: Seat,
        chips: Chips,
    },
    /// A loser pays the winner for the cards left in his hand.
    Paid {
        from: Seat,
        to: Seat,
        chips: Chips,
        owed: Chips,
        cards: Vec<Card>,
    },
    RoundWon {
        seat: Seat,
        deal_number: u32,
        grand_opera: bool,
    },
    GameOver {
        end: GameEnd,
        winner: Option<Seat>,
        chips: Vec<Chips>,
    },
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Staked { deal_number, each } => write!(f, "Round {deal_number}: every player stakes {}", count(each, "chip")),
            Event::Dealt { dealer, leader, .. } => write!(f, "Seat {dealer} deals; seat {leader} leads"),
            Event::Played { seat, card } => write!(f, "Seat {seat} plays {card}"),
            Event::BoxWon { seat, board_box, chips } => {
                write!(f, "Seat {seat} takes the {} box: {}", board_box.key(), count(chips, "chip"))
            }
            Event::Without { played, missing, next, .. } => {
                write!(f, "{} without {}: seat {next} goes on", played.label(), missing.label())
            }
            Event::Stop { seat, played, missing } => match missing {
                Some(m) => write!(f, "Nobody has a {} after the {}: seat {seat} leads again", m.label(), played.label()),
                None => write!(f, "King played: seat {seat} leads again"),
            },
            Event::Penalty { seat, card, chips, owed } => {
                write!(f, "Seat {seat} still holds {card} and pays {chips} into its box")?;
                if chips < owed {
                    write!(f, " (owed {owed})")?;
                }
                Ok(())
            }
            Event::GrandOpera { seat, chips } => write!(f, "Grand Opéra! Seat {seat} sweeps the board: {}", count(chips, "chip")),
            Event::Paid { from, to, chips, owed, .. } => {
                write!(f, "Seat {from} pays seat {to} {}", count(chips, "chip"))?;
                if chips < owed {
                    write!(f, " (owed {owed})")?;
                }
                Ok(())
            }
            Event::RoundWon { seat, deal_number, grand_opera } => {
                write!(f, "Seat {seat} wins round {deal_number}")?;
                if *grand_opera {
                    f.write_str(" by Grand Opéra")?;
                }
                Ok(())
            }
            Event::GameOver { end, winner, .. } => {
                match end {
                    GameEnd::CannotStake { seat } => write!(f, "Seat {seat} cannot stake: game over")?,
                    GameEnd::RoundsPlayed { rounds } => write!(f, "{} played: game over", count(rounds, "round"))?,
                    GameEnd::RoundLimit { rounds } => write!(f, "Safety limit of {} reached: game over", count(rounds, "round"))?,
                }
                match winner {
                    Some(w) => write!(f, "; seat {w} wins"),
                    None => f.write_str("; tie for the most chips"),
                }
            }
        }
    }
}
