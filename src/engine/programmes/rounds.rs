//! A round's course (docs/rules/programmes.md §4, §6, §7): the program cards, the deal, each turn's
//! start, the end of a round and of the game.

use super::*;

impl Programmes {
    /// The next program card, rebuilding the deck from the completed cards if it is empty.
    pub(super) fn draw_program(&mut self) -> Option<ProgramId> {
        if self.program_deck.is_empty() && !self.program_pile.is_empty() {
            let mut cards = std::mem::take(&mut self.program_pile);
            self.program_rebuilds += 1;
            shuffle(&mut cards, &mut deal_rng(self.seed, PROGRAM_STREAM + u64::from(self.program_rebuilds)));
            let n = cards.len();
            self.program_deck = cards;
            self.log(|| Event::ProgramDeckRebuilt { cards: n });
        }
        self.program_deck.pop()
    }

    /// Gives `seat` the program card `first` (or the top of the deck), then another for every sun.
    /// Returns false if a sun ended the game.
    pub(super) fn give_program(&mut self, seat: Seat, first: Option<ProgramId>) -> bool {
        let mut next = first.or_else(|| self.draw_program());
        while let Some(card) = next {
            if !card.is_sun() {
                self.programs[seat] = Some(card);
                return true;
            }
            self.complete(seat, card);
            self.program_pile.push(card);
            let programs_done = self.done[seat];
            self.log(|| Event::Sun { seat, program: card, programs_done });
            if self.done[seat] >= self.options.target {
                self.end_game(GameEnd::Target { seat });
                return false;
            }
            next = self.draw_program();
        }
        self.programs[seat] = None;
        true
    }

    /// Clears the way for a layout that gives `seat` the program card `card`: the card `seat`
    /// holds goes under the deck (a new card starts its count of failed rounds again), and
    /// `card` is taken from wherever it is (the deck, the completed pile, another seat, whose
    /// own given card comes later in the same deal).
    pub(super) fn displace_program(&mut self, seat: Seat, card: ProgramId) {
        if let Some(old) = self.programs[seat].take() {
            self.program_deck.insert(0, old);
        }
        self.failed_rounds[seat] = 0;
        self.program_deck.retain(|&q| q != card);
        self.program_pile.retain(|&q| q != card);
        for held in &mut self.programs[..self.players] {
            if *held == Some(card) {
                *held = None;
            }
        }
    }

    /// Counts a completed program (a revealed card joins the face-up pile at the end of the
    /// round, a sun at once).
    pub(super) fn complete(&mut self, seat: Seat, card: ProgramId) {
        self.done[seat] += 1;
        self.completions.push((seat, card));
    }

    /// Program cards, then the deal, then the first turn of the next round (or the end of the
    /// game).
    pub(super) fn start_round(&mut self) {
        if self.deals_dealt >= MAX_DEALS {
            self.end_game(GameEnd::RoundLimit { rounds: self.deals_dealt });
            return;
        }
        if self.deals_dealt > 0 {
            self.dealer = self.next_seat(self.dealer);
        }
        self.deals_dealt += 1;
        self.gather();
        let first = self.next_seat(self.dealer);
        let deal_number = self.deals_dealt;
        let layout = self.layouts.get(deal_number as usize - 1).cloned();
        // A layout's program cards are that deal's, whatever the rounds before left: a whole
        // deck given takes every card back first.
        if let Some(deck) = layout.as_ref().and_then(|l| l.program_deck.as_ref()) {
            self.programs = [None; MAX_PLAYERS];
            self.program_pile.clear();
            self.program_deck = deck.iter().rev().copied().collect();
        }
        let given = layout.as_ref().and_then(|l| l.programs.clone());
        let mut new_programs = Vec::new();
        let mut seat = first;
        for _ in 0..self.players {
            let card = given.as_ref().map(|g| g[seat]);
            if let Some(given) = card.filter(|&c| self.programs[seat] != Some(c)) {
                self.displace_program(seat, given);
            }
            if self.programs[seat].is_none() {
                new_programs.push(seat);
                if !self.give_program(seat, card) {
                    return;
                }
            }
            seat = self.next_seat(seat);
        }
        match layout {
            Some(layout) => self.lay_out(&layout),
            None => {
                let mut rng = deal_rng(self.seed, u64::from(deal_number - 1));
                self.deal_shuffled(&mut rng);
            }
        }
        let (dealer, discard) = (self.dealer, self.discard_top());
        self.log(|| Event::Dealt { deal_number, dealer, first, discard, new_programs });
        self.begin_turn(first);
    }

    /// Every card back in the stock (before a deal), and the round's public facts forgotten.
    pub(super) fn gather(&mut self) {
        self.hands = [CardMultiset::EMPTY; MAX_PLAYERS];
        self.melds.clear();
        self.extenders = CardSet::EMPTY;
        self.discard.clear();
        self.stock.clear();
        self.stock.extend_from_slice(&PACK_108_CARDS);
        self.revealed = 0;
        self.has_drawn = 0;
        self.turns = 0;
        self.stock_rebuilds = 0;
        self.taken_from_discard = None;
        self.known = [CardMultiset::EMPTY; MAX_PLAYERS];
        self.refused = [CardSet::EMPTY; MAX_PLAYERS];
    }

    /// Shuffles the 108 cards and deals 13 each, one at a time from the dealer's left; the next
    /// card starts the discard pile and the rest is the stock.
    pub(super) fn deal_shuffled<R: Rng>(&mut self, rng: &mut R) {
        let mut pack = PACK_108_CARDS;
        shuffle(&mut pack, rng);
        let mut cards = pack.into_iter();
        self.hands = [CardMultiset::EMPTY; MAX_PLAYERS];
        let first = self.next_seat(self.dealer);
        for _ in 0..HAND_SIZE {
            let mut seat = first;
            for _ in 0..self.players {
                self.hands[seat].insert(cards.next().expect("108 cards are enough"));
                seat = self.next_seat(seat);
            }
        }
        self.discard.clear();
        self.discard.push(cards.next().expect("cards are left for the discard pile"));
        self.stock.clear();
        self.stock.extend(cards.rev());
    }

    /// Puts a record's explicit layout in place.
    pub(super) fn lay_out(&mut self, layout: &Layout) {
        self.hands = [CardMultiset::EMPTY; MAX_PLAYERS];
        self.hands[..self.players].copy_from_slice(&layout.hands);
        let mut stock: Vec<Card> = layout.stock.clone();
        let discard: Vec<Card> = match &layout.discard {
            Some(d) => d.clone(),
            None => vec![stock.remove(0)],
        };
        self.stock = stock.into_iter().rev().collect();
        self.discard = discard.into_iter().rev().collect();
    }

    /// Hands `seat` the turn: the stock is rebuilt if it is empty; the round ends if no card can
    /// be drawn or the turn limit is reached.
    pub(super) fn begin_turn(&mut self, seat: Seat) {
        self.taken_from_discard = None;
        if self.turns >= TURNS_PER_PLAYER * self.players as u32 {
            self.end_round(RoundEnd::TurnLimit);
            return;
        }
        if self.stock.is_empty() {
            if self.discard.len() <= 1 {
                self.end_round(RoundEnd::StockEmpty);
                return;
            }
            let top = self.discard.pop().expect("the discard pile has cards");
            let mut cards = std::mem::take(&mut self.discard);
            self.stock_rebuilds += 1;
            let stream = STOCK_STREAM + (u64::from(self.deals_dealt) << 16) + u64::from(self.stock_rebuilds);
            shuffle(&mut cards, &mut deal_rng(self.seed, stream));
            let n = cards.len();
            self.stock = cards;
            self.discard.push(top);
            self.log(|| Event::StockRebuilt { cards: n });
        }
        self.phase = Phase::Draw;
        self.to_move = Some(seat);
    }

    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    pub(super) fn end_round(&mut self, end: RoundEnd) {
        let deal_number = self.deals_dealt;
        let completed: Vec<Seat> = (0..self.players).filter(|&s| self.has_revealed(s)).collect();
        self.log(|| Event::RoundOver { deal_number, end, completed });
        self.last_round_end = Some(end);
        for seat in 0..self.players {
            if self.has_revealed(seat) {
                // The completed card joins the face-up pile; a new one comes next round.
                if let Some(card) = self.programs[seat].take() {
                    self.program_pile.push(card);
                }
                self.failed_rounds[seat] = 0;
            } else {
                self.failed_rounds[seat] += 1;
            }
        }
        self.taken_from_discard = None;
        if self.single_deal {
            self.phase = Phase::RoundOver;
            self.to_move = None;
        } else {
            self.start_round();
        }
    }

    pub(super) fn end_game(&mut self, end: GameEnd) {
        self.winner = match end {
            GameEnd::Target { seat } => Some(seat),
            GameEnd::RoundLimit { .. } => {
                let best = *self.done[..self.players].iter().max().expect("players");
                let leaders: Vec<Seat> = (0..self.players).filter(|&s| self.done[s] == best).collect();
                (leaders.len() == 1).then(|| leaders[0])
            }
        };
        self.phase = Phase::GameOver;
        self.to_move = None;
        self.taken_from_discard = None;
        let (winner, programs_done) = (self.winner, self.done[..self.players].to_vec());
        self.log(|| Event::GameOver { end, winner, programs_done });
    }
}
