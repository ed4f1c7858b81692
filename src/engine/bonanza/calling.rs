//! The dealer's four showing calls, in order (docs/rules/bonanza.md §5.1–5.4): each is answered in
//! turn from the dealer's left, the dealer last. Players with nothing to show are skipped, never
//! asked (docs/record.md §2.4), so the table learns nothing from silence. The Poker call follows
//! (`betting`).
//!
//! - Joker, Queen-Jack, Ten-Two: a show takes the space at once.
//! - Sequence: every player may show one run; when all have answered, the best run takes it.
//! - A shown joker leaves the game; other shown cards go back to the hand, known to all.

use super::calls::{for_each_claim, has_claim, legal_claims, Call, Claim, SequenceRank};
use super::{Action, Bonanza, Event, Phase, Refusal};
use crate::engine::cards::Card;
use crate::engine::game::{LayoutFault, Seat, TurnRefusal};

impl Bonanza {
    /// The widow is settled: the dealer calls Joker.
    pub(super) fn start_calls(&mut self) -> Result<(), LayoutFault> {
        self.open_call(Call::Joker)
    }

    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    fn open_call(&mut self, call: Call) -> Result<(), LayoutFault> {
        self.log(|| Event::CallOpened { call });
        self.phase = Phase::Call(call);
        self.call_won = false;
        self.call_next = self.next_in(self.dealer);
        self.call_left = self.players_in() as u8;
        self.advance_call(call)
    }

    /// Asks the next player who has something to show, or closes the call.
    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    pub(super) fn advance_call(&mut self, call: Call) -> Result<(), LayoutFault> {
        while self.call_left > 0 {
            let seat = self.call_next;
            self.call_next = self.next_in(seat);
            self.call_left -= 1;
            if has_claim(call, self.hands[seat]) {
                self.to_move = Some(seat);
                return Ok(());
            }
        }
        self.close_call(call)
    }

    fn close_call(&mut self, call: Call) -> Result<(), LayoutFault> {
        if call == Call::Sequence {
            let best = (0..self.players).filter_map(|s| self.sequences[s].map(|c| (SequenceRank::of(&c), s))).max().map(|(_, s)| s);
            if let Some(seat) = best {
                self.take_space(seat, call.space());
                self.call_won = true;
            }
        }
        if !self.call_won {
            self.space_stays(call.space());
        }
        match call.next() {
            Some(next) => self.open_call(next),
            None => self.start_poker(),
        }
    }

    pub(super) fn call_actions(&self, seat: Seat, call: Call, out: &mut Vec<Action>) {
        out.push(Action::Pass);
        let mut claims = Vec::new();
        legal_claims(call, self.hands[seat], &mut claims);
        out.extend(claims.into_iter().map(Action::Show));
    }

    pub(super) fn nth_call(&self, seat: Seat, call: Call, pick: impl FnOnce(u32) -> u32) -> Action {
        let hand = self.hands[seat];
        let mut count = 0;
        for_each_claim(call, hand, |_| count += 1);
        let k = pick(count + 1);
        if k == 0 {
            return Action::Pass;
        }
        let mut seen = 0;
        let mut chosen = None;
        for_each_claim(call, hand, |c| {
            seen += 1;
            if seen == k {
                chosen = Some(c);
            }
        });
        Action::Show(chosen.expect("k is within the count"))
    }

    pub(super) fn call_refusal(&self, seat: Seat, call: Call, action: &Action) -> Option<Refusal> {
        let claim = match action {
            Action::Pass => return None,
            Action::Show(claim) => claim,
            _ => return Some(Refusal::CallOn(call)),
        };
        let hand = self.hands[seat];
        if let Some(&card) = claim.cards().iter().find(|&&c| !hand.contains(c)) {
            return Some(Refusal::Turn(TurnRefusal::NotHeld { seat, card }));
        }
        let mut legal = Vec::new();
        legal_claims(call, hand, &mut legal);
        if legal.contains(claim) {
            return None;
        }
        Some(Refusal::NotAShow { call, claim: *claim })
    }

    pub(super) fn apply_call(&mut self, seat: Seat, call: Call, action: Action) -> Result<(), LayoutFault> {
        if let Action::Show(claim) = action {
            self.show(seat, call, claim);
        }
        self.advance_call(call)
    }

    fn show(&mut self, seat: Seat, call: Call, claim: Claim) {
        let cards = claim.set();
        if self.logging {
            self.events.push(Event::Shown { seat, call, cards: claim.cards().to_vec() });
        }
        // What the table learns: the natural cards are in his hand; the card the joker stands
        // for is not (the joker never replaces a card held).
        self.known[seat] |= cards - super::JOKER_SET;
        if let Some(missing) = claim.joker_stands_for(call) {
            self.excluded[seat].insert(missing);
        }
        if cards.contains(Card::JOKER) {
            self.joker_leaves(seat);
        }
        match call {
            Call::Sequence => self.sequences[seat] = Some(claim),
            _ => {
                self.take_space(seat, call.space());
                self.call_won = true;
            }
        }
    }
}
