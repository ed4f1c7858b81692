//! What happened in a Programmes game, one event at a time. Events are public (what every player
//! sees: a program card's id appears only once it is face up) and structured, so the app can say
//! them in French or English; `Display` gives the referee's short English sentence.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::melds::{cards_text, Placed};
use super::program_deck::ProgramId;
use crate::engine::cards::Card;
use crate::engine::game::{count, Seat};

/// Why a round ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum RoundEnd {
    /// This seat laid or discarded its last card.
    WentOut { seat: Seat },
    /// Every player has revealed his program.
    AllRevealed,
    /// The stock was empty and the discard pile too small to make a new one.
    StockEmpty,
    /// The safety limit on turns in one round was reached (see `TURNS_PER_PLAYER`).
    TurnLimit,
}

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum GameEnd {
    /// This seat completed the target number of programs.
    Target { seat: Seat },
    /// The safety limit on rounds (see `MAX_DEALS`) was reached.
    RoundLimit { rounds: u32 },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A new round: `dealer` dealt 13 cards each, `first` plays first; `new_programs` are the
    /// seats that received a new program card (face down).
    Dealt {
        deal_number: u32,
        dealer: Seat,
        first: Seat,
        discard: Option<Card>,
        new_programs: Vec<Seat>,
    },
    /// A sun card: a free program, counted at once; its receiver draws another card.
    Sun {
        seat: Seat,
        program: ProgramId,
        programs_done: u32,
    },
    /// The program deck ran out: the completed program cards were shuffled into a new one.
    ProgramDeckRebuilt {
        cards: usize,
    },
    /// This seat gave its program card back and took another.
    Exchanged {
        seat: Seat,
    },
    DrewStock {
        seat: Seat,
    },
    DrewDiscard {
        seat: Seat,
        card: Card,
    },
    /// The stock ran out: the discard pile except its top card was shuffled into a new stock.
    StockRebuilt {
        cards: usize,
    },
    /// The seat revealed its program and laid down melds `melds` (numbers in `state.melds`).
    Revealed {
        seat: Seat,
        program: ProgramId,
        melds: Vec<usize>,
        programs_done: u32,
    },
    Melded {
        seat: Seat,
        meld: usize,
        cards: Vec<Placed>,
    },
    Extended {
        seat: Seat,
        meld: usize,
        card: Placed,
    },
    Discarded {
        seat: Seat,
        card: Card,
    },
    /// The round is over; `completed` revealed their program in it.
    RoundOver {
        deal_number: u32,
        end: RoundEnd,
        completed: Vec<Seat>,
    },
    GameOver {
        end: GameEnd,
        winner: Option<Seat>,
        programs_done: Vec<u32>,
    },
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Dealt { deal_number, dealer, first, .. } => {
                write!(f, "Round {deal_number}: seat {dealer} deals; seat {first} plays first")
            }
            Event::Sun { seat, programs_done, .. } => {
                write!(f, "Seat {seat} receives a sun: a free program ({programs_done} completed); another program card follows")
            }
            Event::ProgramDeckRebuilt { cards } => write!(f, "The program deck is rebuilt from {cards} completed cards"),
            Event::Exchanged { seat } => write!(f, "Seat {seat} exchanges its program card"),
            Event::DrewStock { seat } => write!(f, "Seat {seat} draws from the stock"),
            Event::DrewDiscard { seat, card } => write!(f, "Seat {seat} takes {card} from the discard pile"),
            Event::StockRebuilt { cards } => {
                write!(f, "The stock is empty: {} from the discard pile shuffled into a new stock", count(cards, "card"))
            }
            Event::Revealed { seat, program, programs_done, .. } => {
                write!(f, "Seat {seat} reveals program {program} ({}): {programs_done} completed", program.card().name.en)
            }
            Event::Melded { seat, meld, cards } => write!(f, "Seat {seat} lays down meld {meld}: {}", cards_text(cards)),
            Event::Extended { seat, meld, card } => write!(f, "Seat {seat} adds {card} to meld {meld}"),
            Event::Discarded { seat, card } => write!(f, "Seat {seat} discards {card}"),
            Event::RoundOver { deal_number, end, completed } => {
                match end {
                    RoundEnd::WentOut { seat } => write!(f, "Seat {seat} goes out: round {deal_number} is over")?,
                    RoundEnd::AllRevealed => write!(f, "Every player has revealed: round {deal_number} is over")?,
                    RoundEnd::StockEmpty => write!(f, "No card left to draw: round {deal_number} is over")?,
                    RoundEnd::TurnLimit => write!(f, "Safety limit of turns reached: round {deal_number} is over")?,
                }
                if completed.is_empty() {
                    f.write_str("; nobody completed a program")
                } else {
                    let seats: Vec<String> = completed.iter().map(|s| s.to_string()).collect();
                    write!(f, "; completed by seat {}", seats.join(", "))
                }
            }
            Event::GameOver { end, winner, .. } => {
                match end {
                    GameEnd::Target { seat } => write!(f, "Seat {seat} reaches the target")?,
                    GameEnd::RoundLimit { rounds } => write!(f, "Safety limit of {} reached", count(rounds, "round"))?,
                }
                match winner {
                    Some(w) => write!(f, ": seat {w} wins"),
                    None => f.write_str(": tie for the most programs"),
                }
            }
        }
    }
}
