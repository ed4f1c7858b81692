//! The play (docs/rules/nain-jaune.md §4): the sequences, the cards that may follow, the boxes a
//! card takes, and why a card is refused.

use super::*;

impl NainJaune {
    /// After `seat` played `card`: who continues, and with what. `seat` is the seat to move (it
    /// just played). Events only with `LOG` (the caller checked `logging`).
    #[inline(always)]
    pub(super) fn continue_after<const LOG: bool>(&mut self, seat: Seat, card: Card) {
        let follow = PhaseCode::after(card);
        if follow == PhaseCode::LEAD {
            self.phase = PhaseCode::LEAD;
            if LOG {
                self.push_event(Event::Stop { seat, played: card.rank_unchecked(), missing: None });
            }
            return;
        }
        let wanted_cards = follow.wanted_cards();
        if self.hands[slot(seat)].intersects(wanted_cards) {
            self.phase = follow;
            return;
        }
        let bit = 1u16 << follow.0;
        self.voids[slot(seat)] |= bit;
        let mut next = self.next_seat(seat);
        while next != seat {
            if self.hands[slot(next)].intersects(wanted_cards) {
                self.phase = follow;
                self.to_move = Some(next);
                if LOG {
                    let (played, missing) = (card.rank_unchecked(), Rank::from_index(follow.0 as usize));
                    self.push_event(Event::Without { seat, played, missing, next });
                }
                return;
            }
            self.voids[slot(next)] |= bit;
            next = self.next_seat(next);
        }
        self.phase = PhaseCode::LEAD;
        if LOG {
            let (played, missing) = (card.rank_unchecked(), Rank::from_index(follow.0 as usize));
            self.push_event(Event::Stop { seat, played, missing: Some(missing) });
        }
    }

    /// The cards `seat` may play now (empty unless it is the seat to move).
    pub fn playable(&self, seat: Seat) -> CardSet {
        if self.to_move != Some(seat) {
            return CardSet::EMPTY;
        }
        match self.phase() {
            Phase::Lead => self.hands[seat],
            Phase::Follow(rank) => self.hands[seat] & CardSet::of_rank(rank),
            Phase::GameOver => CardSet::EMPTY,
        }
    }

    /// Plays a card already known to be legal for the seat to move, `seat`: the whole consequence
    /// of one play. Inlined into every caller (playouts run it tens of millions of times a
    /// second), with a single test of `logging`; the logged version and the rare parts (a box won,
    /// the end of the round) are out of line.
    #[inline(always)]
    pub(crate) fn apply_play(&mut self, seat: Seat, card: Card) {
        debug_assert_eq!(self.to_move, Some(seat));
        if self.logging {
            self.apply_play_logged(seat, card);
        } else {
            self.apply_play_as::<false>(seat, card);
        }
    }

    #[inline(never)]
    pub(super) fn apply_play_logged(&mut self, seat: Seat, card: Card) {
        self.apply_play_as::<true>(seat, card);
    }

    #[inline(always)]
    pub(super) fn apply_play_as<const LOG: bool>(&mut self, seat: Seat, card: Card) {
        let bit = CardSet(1 << card.index());
        if self.phase == PhaseCode::LEAD {
            self.run = CardSet::EMPTY;
        }
        let hand = self.hands[slot(seat)] - bit;
        self.hands[slot(seat)] = hand;
        self.played |= bit;
        self.run |= bit;
        self.movers |= 1 << seat;
        if LOG {
            self.push_event(Event::Played { seat, card });
        }
        if BOARD_CARDS.intersects(bit) {
            self.take_box::<LOG>(seat, card);
        }
        if hand.is_empty() {
            self.end_round(seat);
        } else {
            self.continue_after::<LOG>(seat, card);
        }
    }

    /// A board card was played: its box goes to `seat`.
    #[inline(always)]
    pub(super) fn take_box<const LOG: bool>(&mut self, seat: Seat, card: Card) {
        let Some(b) = NainJauneBox::of_card(card) else { return };
        let chips = std::mem::take(&mut self.boxes[b.index()]);
        self.chips[slot(seat)] += chips;
        if LOG {
            self.push_event(Event::BoxWon { seat, board_box: b, chips });
        }
    }

    /// Why `action` cannot be played by `seat` now, if it cannot.
    pub fn refusal(&self, seat: Seat, action: &Action) -> Option<Refusal> {
        let Action::Play(card) = *action;
        if let Err(turn) = TurnRefusal::check(self.to_move, seat) {
            return Some(Refusal::Turn(turn));
        }
        if !self.hands[seat].contains(card) {
            return Some(Refusal::Turn(TurnRefusal::NotHeld { seat, card }));
        }
        if let Phase::Follow(wanted) = self.phase() {
            if card.rank() != Some(wanted) {
                return Some(Refusal::MustFollow { seat, wanted });
            }
        }
        None
    }
}

/// A uniformly random card of `cards` (not empty): forced moves (a single card) draw no random
/// number. The draws of every random move, playouts and random players alike.
#[inline(always)]
pub(crate) fn random_card(cards: CardSet, rng: &mut GameRng) -> Card {
    let count = cards.len() as u32;
    let k = if count == 1 { 0 } else { below(rng, count) };
    let mut bits = cards.0;
    for _ in 0..k {
        bits &= bits - 1;
    }
    Card::from_index_const(bits.trailing_zeros() as usize)
}
