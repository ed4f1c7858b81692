//! The widow (docs/rules/bonanza.md §4): the dealer takes it or sells it;
//! the sale is an ascending auction from the dealer's left, a pass is final, a bid never exceeds
//! the bidder's chips, the high bidder is not asked again while he is high, and the auction ends
//! when every other bidder has passed. Nobody bids: the widow is dead.

use serde::{Deserialize, Serialize};

use super::{Action, Bonanza, Event, Phase, Refusal, WidowPriceTo, MAX_BID};
use crate::engine::cards::CardSet;
use crate::engine::game::{Chips, LayoutFault, Seat};

/// The state of the widow's sale (public).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Auction {
    /// The highest bid so far (0 before any bid).
    pub high_bid: Chips,
    pub high_bidder: Option<Seat>,
    /// One bit per seat that has passed.
    pub passed: u16,
}

impl Bonanza {
    pub(super) fn widow_refusal(&self, action: &Action) -> Option<Refusal> {
        match action {
            Action::TakeWidow | Action::SellWidow => None,
            _ => Some(Refusal::WidowFirst),
        }
    }

    pub(super) fn apply_widow(&mut self, action: Action) -> Result<(), LayoutFault> {
        let dealer = self.dealer;
        if action == Action::TakeWidow {
            self.log(|| Event::WidowTaken { dealer });
            self.swap_for_widow(dealer);
            return self.start_calls();
        }
        self.log(|| Event::WidowForSale { dealer });
        self.phase = Phase::Auction;
        self.to_move = Some(self.next_in(dealer));
        Ok(())
    }

    /// `seat`'s hand becomes the dead hand, the widow his hand.
    fn swap_for_widow(&mut self, seat: Seat) {
        self.dead = self.hands[seat];
        self.hands[seat] = std::mem::take(&mut self.widow);
        self.widow_holder = Some(seat);
    }

    /// The bids `seat` may make: from one above the high bid to his chips (at most [`MAX_BID`]).
    pub fn bid_range(&self, seat: Seat) -> (Chips, Chips) {
        (self.auction.high_bid + 1, self.chips[seat].min(MAX_BID))
    }

    pub(super) fn auction_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        out.push(Action::Pass);
        let (low, high) = self.bid_range(seat);
        out.extend((low..=high).map(Action::Bid));
    }

    pub(super) fn nth_auction(&self, seat: Seat, pick: impl FnOnce(u32) -> u32) -> Action {
        let (low, high) = self.bid_range(seat);
        let bids = (high - low + 1).max(0) as u32;
        match pick(bids + 1) {
            0 => Action::Pass,
            k => Action::Bid(low + Chips::from(k) - 1),
        }
    }

    pub(super) fn auction_refusal(&self, seat: Seat, action: &Action) -> Option<Refusal> {
        match *action {
            Action::Pass => None,
            Action::Bid(n) => {
                let (low, _) = self.bid_range(seat);
                if n < low {
                    Some(Refusal::BidTooLow { low })
                } else if n > self.chips[seat] {
                    Some(Refusal::BidAboveStack { seat, chips: self.chips[seat] })
                } else if n > MAX_BID {
                    Some(Refusal::BidAboveMax)
                } else {
                    None
                }
            }
            _ => Some(Refusal::AuctionOn),
        }
    }

    pub(super) fn apply_auction(&mut self, seat: Seat, action: Action) -> Result<(), LayoutFault> {
        match action {
            Action::Bid(chips) => {
                self.auction.high_bid = chips;
                self.auction.high_bidder = Some(seat);
                self.log(|| Event::Bid { seat, chips });
            }
            _ => {
                self.auction.passed |= 1 << seat;
                self.log(|| Event::AuctionPass { seat });
            }
        }
        // The next bidder to the left: not the dealer, not one who passed, not the high bidder.
        let mut next = self.next_in(seat);
        while next != seat {
            if next != self.dealer && self.auction.passed & (1 << next) == 0 && Some(next) != self.auction.high_bidder {
                self.to_move = Some(next);
                return Ok(());
            }
            next = self.next_in(next);
        }
        self.settle_auction()
    }

    fn settle_auction(&mut self) -> Result<(), LayoutFault> {
        match self.auction.high_bidder {
            Some(buyer) => {
                let price = self.auction.high_bid;
                self.chips[buyer] -= price;
                let to = match self.options.widow_price_to {
                    WidowPriceTo::Dealer => {
                        self.chips[self.dealer] += price;
                        Some(self.dealer)
                    }
                    WidowPriceTo::Pot => {
                        self.board[super::Space::Bonanza.index()] += price;
                        None
                    }
                };
                self.log(|| Event::WidowSold { seat: buyer, price, to });
                self.swap_for_widow(buyer);
            }
            None => {
                self.log(|| Event::WidowUnsold);
                self.dead = std::mem::replace(&mut self.widow, CardSet::EMPTY);
            }
        }
        self.start_calls()
    }
}
