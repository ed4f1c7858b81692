//! The draw that starts each turn (docs/rules/programmes.md §5.1, §7.2): from the stock or the
//! discard pile, or, before a round's first draw, exchanging the program card: its legal moves,
//! checks and effects.

use super::*;

impl Programmes {
    /// The legal draws, in the record's order.
    pub(super) fn draw_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        if self.can_exchange(seat) {
            out.push(Action::ExchangeProgram);
        }
        out.push(Action::DrawStock);
        if !self.discard.is_empty() && self.hands[seat].len() != 1 {
            out.push(Action::DrawDiscard);
        }
    }

    /// Checks a move of the draw, the first of each turn: from the stock, from the discard pile,
    /// or (before a round's first draw) exchanging the program card.
    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    pub(super) fn check_draw(&self, seat: Seat, action: &Action) -> Result<Checked, Refusal> {
        let hand = self.hands[seat];
        match action {
            Action::DrawStock => Ok(Checked::Simple),
            Action::DrawDiscard => {
                if self.discard.is_empty() {
                    Err(Refusal::DiscardEmpty)
                } else if hand.len() == 1 {
                    Err(Refusal::OneCardDrawsStock)
                } else {
                    Ok(Checked::Simple)
                }
            }
            Action::ExchangeProgram => {
                if self.options.exchange_after == 0 {
                    Err(Refusal::ExchangeOff)
                } else if self.has_drawn & (1 << seat) != 0 {
                    Err(Refusal::ExchangeAfterDraw)
                } else if self.failed_rounds[seat] < self.options.exchange_after {
                    Err(Refusal::ExchangeTooSoon { seat, failed: self.failed_rounds[seat], needed: self.options.exchange_after })
                } else if self.programs[seat].is_none() {
                    Err(Refusal::NoProgram(seat))
                } else {
                    Ok(Checked::Simple)
                }
            }
            _ => Err(Refusal::DrawFirst),
        }
    }

    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    pub(super) fn apply_draw(&mut self, seat: Seat, action: &Action) {
        match action {
            Action::DrawStock => {
                if let Some(top) = self.discard_top() {
                    if self.hands[seat].len() > 1 {
                        self.refused[seat].insert(top);
                    }
                }
                let card = self.stock.pop().expect("a turn starts with cards in the stock");
                self.hands[seat].insert(card);
                self.has_drawn |= 1 << seat;
                self.phase = Phase::Play;
                self.log(|| Event::DrewStock { seat });
            }
            Action::DrawDiscard => {
                let card = self.discard.pop().expect("checked");
                self.hands[seat].insert(card);
                self.known[seat].insert(card);
                self.taken_from_discard = Some(card);
                self.has_drawn |= 1 << seat;
                self.phase = Phase::Play;
                self.log(|| Event::DrewDiscard { seat, card });
            }
            Action::ExchangeProgram => {
                let old = self.programs[seat].take().expect("checked");
                self.program_deck.insert(0, old);
                self.failed_rounds[seat] = 0;
                self.log(|| Event::Exchanged { seat });
                self.give_program(seat, None);
            }
            _ => unreachable!("only draws and exchanges come before the draw"),
        }
    }
}
