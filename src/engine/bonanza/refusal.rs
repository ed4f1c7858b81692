//! Why the rules refuse a move (docs/rules/bonanza.md), as data: `Display` gives the referee's and
//! the records' English sentence.

use std::fmt;

use crate::engine::cards::Card;
use crate::engine::game::{Chips, Seat, TurnRefusal};

use super::{Call, Claim, MAX_BID};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Not this seat's move, or not its card.
    Turn(TurnRefusal),
    /// The dealer takes or sells the widow first.
    WidowFirst,
    BidTooLow {
        low: Chips,
    },
    BidAboveStack {
        seat: Seat,
        chips: Chips,
    },
    BidAboveMax,
    /// The widow is being auctioned: bid or pass.
    AuctionOn,
    /// The dealer has called `Call`: show cards or pass.
    CallOn(Call),
    /// Not a show the call takes.
    NotAShow {
        call: Call,
        claim: Claim,
    },
    /// A bet stands: call, raise or fold, not check.
    MustMeet {
        bet: Chips,
    },
    AlreadyBet,
    NothingBet,
    /// A bet or raise outside what the betting allows now.
    BetLimit(BetLimit),
    /// The Poker betting is on: another kind of move.
    BettingOn,
    /// The race is on: only plays.
    RaceOn,
    DeadJoker,
    MustFollow {
        seat: Seat,
        wanted: Card,
    },
    /// After a stop the lead changes colour.
    ChangeColour {
        seat: Seat,
        red: bool,
    },
    LowestLead {
        seat: Seat,
        lowest: Card,
        card: Card,
    },
}

impl crate::engine::game::GameRefusal for Refusal {
    fn turn(&self) -> Option<TurnRefusal> {
        match self {
            Refusal::Turn(t) => Some(*t),
            _ => None,
        }
    }
}

/// What bounds a bet or a raise now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BetLimit {
    NoMoreRaises {
        max: Chips,
    },
    MaxBid,
    /// No total above the smallest stack at the start of the betting.
    Cap {
        cap: Chips,
    },
    Range {
        limit: Chips,
    },
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Turn(turn) => turn.fmt(f),
            Refusal::WidowFirst => f.write_str("the dealer must first take the widow or sell it ('take widow' or 'sell widow')"),
            Refusal::BidTooLow { low } => write!(f, "a bid must be at least {low} (one more than the last)"),
            Refusal::BidAboveStack { seat, chips } => write!(f, "seat {seat} has only {chips} chips"),
            Refusal::BidAboveMax => write!(f, "bids are limited to {MAX_BID} chips"),
            Refusal::AuctionOn => f.write_str("the widow is being auctioned: bid or pass"),
            Refusal::CallOn(call) => write!(f, "the dealer has called {call}: show cards or pass"),
            Refusal::NotAShow { call, claim } => {
                write!(f, "'show {claim}' is not a legal show: ")?;
                match call {
                    Call::Joker => f.write_str("at the Joker call only the joker is shown ('show JK')"),
                    Call::QueenJack | Call::TenTwo => {
                        let [a, b] = super::calls::pair_cards(*call);
                        write!(
                            f,
                            "{call} is {a} and {b}, in that order; the joker may stand only for one of them that the player does not hold"
                        )
                    }
                    Call::Sequence => f.write_str(
                        "a sequence is three consecutive cards of one suit in ascending order (A-2-3 up to Q-K-A); the joker may stand only for a card the player does not hold",
                    ),
                }
            }
            Refusal::MustMeet { bet } => write!(f, "there is a bet of {bet} to call: call, raise or fold"),
            Refusal::AlreadyBet => f.write_str("there is already a bet: call, raise or fold"),
            Refusal::NothingBet => f.write_str("nothing is bet yet: check or bet"),
            Refusal::BetLimit(BetLimit::NoMoreRaises { max }) => {
                write!(f, "no more raises: {max} raises after the bet is the limit")
            }
            Refusal::BetLimit(BetLimit::MaxBid) => write!(f, "bets are limited to {MAX_BID} chips"),
            Refusal::BetLimit(BetLimit::Cap { cap }) => {
                write!(f, "no player's total may exceed {cap} chips (the smallest stack at the start)")
            }
            Refusal::BetLimit(BetLimit::Range { limit }) => write!(f, "a bet or a raise is 1 to {limit} chips"),
            Refusal::BettingOn => f.write_str("the Poker betting is on: check, bet, call, raise or fold"),
            Refusal::RaceOn => f.write_str("the race is on: play a card ('play 8H')"),
            Refusal::DeadJoker => f.write_str("the joker is a dead card: it can never be played"),
            Refusal::MustFollow { seat, wanted } => write!(f, "seat {seat} holds {wanted} and must play it"),
            Refusal::ChangeColour { seat, red } => {
                let colour = if *red { "red" } else { "black" };
                write!(f, "after the stop the lead must change colour: seat {seat} may not lead a {colour} card")
            }
            Refusal::LowestLead { seat, lowest, card } => {
                write!(f, "a lead is the lowest card of its suit: seat {seat} must lead {lowest}, not {card}")
            }
        }
    }
}
