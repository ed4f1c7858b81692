//! A round's course (docs/rules/nain-jaune.md §2–6): the stakes, the deal, the end of a round and
//! its settlement, the end of the game.

use super::*;

impl NainJaune {
    /// Stakes, deal and first lead of the next round, or the end of the game.
    pub(super) fn start_round(&mut self) {
        let each = self.stake_each();
        let end = if let Some(seat) = (0..self.players()).find(|&s| self.chips[s] < each) {
            Some(GameEnd::CannotStake { seat })
        } else if self.options.rounds > 0 && self.deals_dealt >= self.options.rounds {
            Some(GameEnd::RoundsPlayed { rounds: self.deals_dealt })
        } else if self.deals_dealt >= MAX_DEALS {
            Some(GameEnd::RoundLimit { rounds: self.deals_dealt })
        } else {
            None
        };
        if let Some(end) = end {
            self.end_game(end);
            return;
        }
        if self.deals_dealt > 0 {
            self.dealer = self.next_seat(self.dealer);
        }
        self.deals_dealt += 1;
        for seat in 0..self.players() {
            self.chips[seat] -= each;
        }
        for b in NainJauneBox::ALL {
            self.boxes[b.index()] += b.stake() * self.options.stake_multiplier * self.players() as Chips;
        }
        let deal_number = self.deals_dealt;
        self.log(|| Event::Staked { deal_number, each });

        let leader = self.next_seat(self.dealer);
        let layout = match self.layouts.as_ref().and_then(|l| l.get(deal_number as usize - 1)) {
            Some(layout) => layout.clone(),
            None => self.shuffled_layout(leader),
        };
        let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
        hands[..self.players].copy_from_slice(&layout.hands);
        self.lay_out(hands, layout.talon, leader);
        let dealer = self.dealer;
        self.log(|| Event::Dealt { deal_number, dealer, leader });
    }

    /// Puts a deal's cards in place and gives the lead to `leader`.
    pub(super) fn lay_out(&mut self, hands: [CardSet; MAX_PLAYERS], talon: CardSet, leader: Seat) {
        self.hands = hands;
        self.talon = talon;
        self.played = CardSet::EMPTY;
        self.run = CardSet::EMPTY;
        self.movers = 0;
        self.voids = [0; MAX_PLAYERS];
        self.phase = PhaseCode::LEAD;
        self.to_move = Some(leader);
    }

    /// Shuffles the 52 cards from this deal's stream of the seed and deals them one at a time from
    /// the leader round the table, the rest to the talon.
    pub(super) fn shuffled_layout(&self, leader: Seat) -> Layout {
        // Keep the order of draws identical to `deal_from`: records rely on it.
        let mut rng = deal_rng(self.seed, u64::from(self.deals_dealt - 1));
        deal_from(&mut rng, self.players(), leader, |s| self.next_seat(s))
    }

    pub(super) fn end_game(&mut self, end: GameEnd) {
        let best = *self.chips().iter().max().expect("at least two players");
        let leaders: Vec<Seat> = (0..self.players()).filter(|&s| self.chips[s] == best).collect();
        self.winner = (leaders.len() == 1).then(|| leaders[0]);
        self.phase = PhaseCode::GAME_OVER;
        self.to_move = None;
        let (winner, chips) = (self.winner, self.chips().to_vec());
        self.log(|| Event::GameOver { end, winner, chips });
    }

    /// Settlement (docs/rules/nain-jaune.md §5.5): board-card penalties into the boxes, then the
    /// Grand Opéra sweep, then the points; losers one after the other from the winner's next seat.
    pub(super) fn settle_round(&mut self, winner: Seat) {
        let grand_opera = self.movers == 1 << winner;
        let mut losers = [0; MAX_PLAYERS - 1];
        let mut count = 0;
        let mut next = self.next_seat(winner);
        while next != winner {
            losers[count] = next;
            count += 1;
            next = self.next_seat(next);
        }
        let losers = &losers[..count];
        for &seat in losers {
            if !self.hands[seat].intersects(BOARD_CARDS) {
                continue;
            }
            for b in NainJauneBox::ALL {
                let card = b.card();
                if self.hands[seat].contains(card) {
                    let owed = self.boxes[b.index()];
                    let chips = owed.min(self.chips[seat]);
                    self.chips[seat] -= chips;
                    self.boxes[b.index()] += chips;
                    self.log(|| Event::Penalty { seat, card, chips, owed });
                }
            }
        }
        if grand_opera {
            let chips: Chips = self.boxes.iter().sum();
            self.boxes = [0; 5];
            self.chips[winner] += chips;
            self.log(|| Event::GrandOpera { seat: winner, chips });
        }
        for &seat in losers {
            let hand = self.hands[seat];
            let owed = self.hand_points(hand);
            let chips = owed.min(self.chips[seat]);
            self.chips[seat] -= chips;
            self.chips[winner] += chips;
            self.log(|| Event::Paid { from: seat, to: winner, chips, owed, cards: hand.iter().collect() });
        }
        let deal_number = self.deals_dealt;
        self.log(|| Event::RoundWon { seat: winner, deal_number, grand_opera });
    }

    /// `seat` has emptied its hand: the settlement, then the next round (or, in a playout, the end).
    #[cold]
    #[inline(never)]
    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    pub(crate) fn end_round(&mut self, seat: Seat) {
        self.settle_round(seat);
        if self.single_deal {
            self.phase = PhaseCode::GAME_OVER;
            self.to_move = None;
        } else {
            self.start_round();
        }
    }
}
