//! What happened in a Bonanza game, one event at a time. Events are structured so the app can say
//! them in French or English; `Display` gives the referee's short English sentence.
//!
//! Only public facts are logged: a player who stays silent at a call leaves no event (the table
//! does not learn that he was asked).

use std::fmt;

use serde::{Deserialize, Serialize};

use super::board::Space;
use super::calls::Call;
use super::poker::Category;
use crate::engine::cards::Card;
use crate::engine::game::{count, Chips, Seat};

/// Why a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum GameEnd {
    /// The number of deals of the game (option `deals`) was played.
    DealsPlayed { deals: u32 },
    /// Fewer than two players could ante.
    TooFewPlayers { left: usize },
}

/// Why the lead went to another player than the one who stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LeadPassReason {
    /// The stop player (and everyone between) had no card of the other colour.
    NoCardOfOtherColour,
    /// The player had only the dead joker left.
    OnlyDeadJoker,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// This seat cannot ante every space: out for the rest of the game.
    Out {
        seat: Seat,
        chips: Chips,
    },
    /// Every player still in put `each` chips on the cloth, one per space.
    Anted {
        deal_number: u32,
        each: Chips,
        players: Vec<Seat>,
    },
    Dealt {
        deal_number: u32,
        dealer: Seat,
    },
    /// The dealer swapped his hand for the widow; his old hand is dead.
    WidowTaken {
        dealer: Seat,
    },
    /// The dealer keeps his hand and sells the widow.
    WidowForSale {
        dealer: Seat,
    },
    Bid {
        seat: Seat,
        chips: Chips,
    },
    /// A pass in the auction (final).
    AuctionPass {
        seat: Seat,
    },
    /// The widow went to the highest bidder; `to` is the dealer, or `None` for the Bonanza pot.
    WidowSold {
        seat: Seat,
        price: Chips,
        to: Option<Seat>,
    },
    /// Nobody bid: the widow is the dead hand.
    WidowUnsold,
    /// The dealer calls the next space.
    CallOpened {
        call: Call,
    },
    /// A player shows cards at a call (they go back to his hand, except the joker).
    Shown {
        seat: Seat,
        call: Call,
        cards: Vec<Card>,
    },
    /// A shown joker leaves the game.
    JokerLeaves {
        seat: Seat,
    },
    SpaceWon {
        seat: Seat,
        space: Space,
        chips: Chips,
    },
    /// Nobody won the space this deal: its chips stay.
    SpaceStays {
        space: Space,
        chips: Chips,
    },
    /// The Poker call: who takes part, and the most any player may put in.
    PokerOpened {
        participants: Vec<Seat>,
        cap: Chips,
    },
    Checked {
        seat: Seat,
    },
    Bet {
        seat: Seat,
        chips: Chips,
    },
    Called {
        seat: Seat,
        chips: Chips,
    },
    Raised {
        seat: Seat,
        by: Chips,
        total: Chips,
    },
    Folded {
        seat: Seat,
    },
    /// A winner at the showdown shows his best five cards.
    Showdown {
        seat: Seat,
        cards: Vec<Card>,
        hand: Category,
    },
    /// The unused joker is set aside after the Poker call.
    JokerSetAside {
        seat: Seat,
    },
    Played {
        seat: Seat,
        card: Card,
    },
    /// Nobody can follow `card`: after an ace, or because the next card (`missing`) is dead or
    /// already played.
    Stop {
        seat: Seat,
        card: Card,
        missing: Option<Card>,
    },
    /// The lead goes from `from` to `to`.
    LeadPassed {
        from: Seat,
        to: Seat,
        reason: LeadPassReason,
    },
    /// The first player to empty his hand calls Bonanza and takes the pot.
    Bonanza {
        seat: Seat,
        chips: Chips,
    },
    /// A player pays the Bonanza caller one chip per card left (`owed`), or what he has.
    Paid {
        from: Seat,
        to: Seat,
        chips: Chips,
        owed: Chips,
    },
    /// A share of the chips left on the cloth at the end of the game.
    Leftovers {
        seat: Seat,
        chips: Chips,
    },
    GameOver {
        end: GameEnd,
        winner: Option<Seat>,
        chips: Vec<Chips>,
    },
}

fn cards_text(cards: &[Card]) -> String {
    cards.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ")
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Out { seat, chips } => write!(f, "Seat {seat} cannot ante ({}) and is out", count(chips, "chip")),
            Event::Anted { deal_number, each, .. } => write!(f, "Deal {deal_number}: every player antes {}", count(each, "chip")),
            Event::Dealt { dealer, .. } => write!(f, "Seat {dealer} deals"),
            Event::WidowTaken { dealer } => write!(f, "Seat {dealer} takes the widow"),
            Event::WidowForSale { dealer } => write!(f, "Seat {dealer} sells the widow"),
            Event::Bid { seat, chips } => write!(f, "Seat {seat} bids {chips}"),
            Event::AuctionPass { seat } => write!(f, "Seat {seat} passes"),
            Event::WidowSold { seat, price, to } => match to {
                Some(dealer) => write!(f, "Seat {seat} buys the widow for {price}, paid to seat {dealer}"),
                None => write!(f, "Seat {seat} buys the widow for {price}, paid into the Bonanza pot"),
            },
            Event::WidowUnsold => f.write_str("Nobody bids: the widow is dead"),
            Event::CallOpened { call } => write!(f, "The dealer calls {call}"),
            Event::Shown { seat, call, cards } => write!(f, "Seat {seat} shows {} for {call}", cards_text(cards)),
            Event::JokerLeaves { seat } => write!(f, "Seat {seat}'s joker leaves the game"),
            Event::SpaceWon { seat, space, chips } => write!(f, "Seat {seat} takes the {} space: {}", space.key(), count(chips, "chip")),
            Event::SpaceStays { space, chips } => {
                write!(f, "Nobody takes the {} space, which keeps its {}", space.key(), count(chips, "chip"))
            }
            Event::PokerOpened { participants, cap } => match participants.as_slice() {
                [] => f.write_str("The dealer calls Poker: nobody has five cards"),
                [seat] => write!(f, "The dealer calls Poker: seat {seat} alone has five cards"),
                _ => {
                    let seats: Vec<String> = participants.iter().map(|s| s.to_string()).collect();
                    write!(f, "The dealer calls Poker: seats {} play, at most {} each", seats.join(", "), count(cap, "chip"))
                }
            },
            Event::Checked { seat } => write!(f, "Seat {seat} checks"),
            Event::Bet { seat, chips } => write!(f, "Seat {seat} bets {chips}"),
            Event::Called { seat, chips } => write!(f, "Seat {seat} calls ({})", count(chips, "chip")),
            Event::Raised { seat, by, total } => write!(f, "Seat {seat} raises by {by} to {total}"),
            Event::Folded { seat } => write!(f, "Seat {seat} folds"),
            Event::Showdown { seat, cards, hand } => write!(f, "Seat {seat} shows {}: {}", cards_text(cards), hand.name()),
            Event::JokerSetAside { seat } => write!(f, "Seat {seat} sets the unused joker aside"),
            Event::Played { seat, card } => write!(f, "Seat {seat} plays {card}"),
            Event::Stop { seat, card, missing } => match missing {
                Some(m) => write!(f, "Nobody has {m}: {card} is a stop for seat {seat}"),
                None => write!(f, "{card} is a stop for seat {seat}"),
            },
            Event::LeadPassed { from, to, reason } => match reason {
                LeadPassReason::NoCardOfOtherColour => {
                    write!(f, "Seat {from} has no card of the other colour: seat {to} leads")
                }
                LeadPassReason::OnlyDeadJoker => write!(f, "Seat {from} has only the dead joker: seat {to} leads"),
            },
            Event::Bonanza { seat, chips } => write!(f, "Bonanza! Seat {seat} takes the pot: {}", count(chips, "chip")),
            Event::Paid { from, to, chips, owed } => {
                write!(f, "Seat {from} pays seat {to} {}", count(chips, "chip"))?;
                if chips < owed {
                    write!(f, " (owed {owed})")?;
                }
                Ok(())
            }
            Event::Leftovers { seat, chips } => write!(f, "Seat {seat} gets {} left on the cloth", count(chips, "chip")),
            Event::GameOver { end, winner, .. } => {
                match end {
                    GameEnd::DealsPlayed { deals } => write!(f, "{} played: game over", count(deals, "deal"))?,
                    GameEnd::TooFewPlayers { left } => write!(f, "Only {left} player(s) can ante: game over")?,
                }
                match winner {
                    Some(w) => write!(f, "; seat {w} wins"),
                    None => f.write_str("; tie for the most chips"),
                }
            }
        }
    }
}
