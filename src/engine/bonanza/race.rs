//! The lower half: the race (docs/rules/bonanza.md §6). Aces are high.
//!
//! The dealer leads the lowest card he holds in a suit of his choice; whoever holds the next
//! higher card of that suit must play it. After an ace, or when nobody holds the next card (it is
//! dead, or was played earlier), the card just played is a stop: its player leads the lowest card
//! of a suit of the other colour; if he has none, the first player to his left who has; if nobody
//! has, the stop player leads his lowest card of any suit. A player who must lead but holds only
//! the dead joker passes the lead to his left. A♠ K♥ Q♦ J♣ take their space at once; the first
//! player to empty his hand calls Bonanza, takes the pot and is paid one chip per card left.

use super::{Action, Bonanza, Event, LeadPassReason, Phase, Refusal, Space, BLACK_CARDS, RED_CARDS};
use crate::engine::cards::{Card, CardSet};
use crate::engine::game::{LayoutFault, Seat, TurnRefusal};

/// The thirteen cards of a suit as a mask of its own bits (ace first, as the card index runs).
const SUIT_BITS: u64 = (1 << 13) - 1;

/// The lowest card of `suit` in `cards` with aces high, if any.
#[inline(always)]
pub fn lowest_of_suit(cards: CardSet, suit: usize) -> Option<Card> {
    let bits = (cards.0 >> (13 * suit)) & SUIT_BITS;
    if bits == 0 {
        return None;
    }
    let without_ace = bits & !1;
    let rank = if without_ace != 0 { without_ace.trailing_zeros() } else { 0 };
    Some(Card::from_index(suit * 13 + rank as usize))
}

/// The next card up in the race after `card` (none after the ace).
#[inline(always)]
pub fn next_card(card: Card) -> Option<Card> {
    let rank = card.rank_unchecked().index();
    let suit = card.suit_unchecked().index();
    match rank {
        0 => None,
        12 => Some(Card::from_index(suit * 13)),
        r => Some(Card::from_index(suit * 13 + r + 1)),
    }
}

/// The cards of `card`'s suit below it, aces high.
#[inline]
pub fn below_in_suit(card: Card) -> CardSet {
    let rank = card.rank_unchecked().index();
    let base = 13 * card.suit_unchecked().index();
    let ranks: u64 = if rank == 0 { SUIT_BITS & !1 } else { ((1u64 << rank) - 1) & !1 };
    CardSet(ranks << base)
}

/// The cards of the other colour than `card`'s.
#[inline]
pub fn other_colour(card: Card) -> CardSet {
    if card.suit_unchecked().is_red() {
        BLACK_CARDS
    } else {
        RED_CARDS
    }
}

/// A run's cards in the order they were played (one suit, aces high).
pub fn by_race_order(run: CardSet) -> Vec<Card> {
    let mut cards: Vec<Card> = run.iter().collect();
    cards.sort_by_key(|&c| super::poker::high_rank(c));
    cards
}

impl Bonanza {
    /// The upper half is over: the dealer leads.
    pub(super) fn start_race(&mut self) -> Result<(), LayoutFault> {
        self.run = CardSet::EMPTY;
        self.lead_any(self.dealer)
    }

    /// `seat` leads the lowest card of one of the suits in `allowed`.
    fn give_lead(&mut self, seat: Seat, allowed: CardSet) -> Result<(), LayoutFault> {
        self.phase = Phase::Lead;
        self.to_move = Some(seat);
        self.lead_cards = allowed;
        Ok(())
    }

    /// `seat` leads his lowest card of any suit; with only the dead joker he passes the lead left.
    fn lead_any(&mut self, seat: Seat) -> Result<(), LayoutFault> {
        if !self.playable(seat).is_empty() {
            return self.give_lead(seat, CardSet::PACK_52);
        }
        // Only the dead joker: the table now knows his whole hand.
        self.known[seat] |= self.hands[seat];
        let mut next = self.next_in(seat);
        while next != seat {
            if !self.playable(next).is_empty() {
                self.log(|| Event::LeadPassed { from: seat, to: next, reason: LeadPassReason::OnlyDeadJoker });
                return self.give_lead(next, CardSet::PACK_52);
            }
            next = self.next_in(next);
        }
        // Nobody can play at all. It cannot happen (the only unplayable card is the joker, and
        // every other hand empties before), but a deal must always end.
        self.end_deal()
    }

    /// After a stop by `seat` with `card`: the colour changes, with its fallbacks.
    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    fn after_stop(&mut self, seat: Seat, card: Card) -> Result<(), LayoutFault> {
        let other = other_colour(card);
        if self.playable(seat).intersects(other) {
            return self.give_lead(seat, other);
        }
        self.excluded[seat] |= other;
        let mut next = self.next_in(seat);
        while next != seat {
            if self.playable(next).intersects(other) {
                self.log(|| Event::LeadPassed { from: seat, to: next, reason: LeadPassReason::NoCardOfOtherColour });
                return self.give_lead(next, other);
            }
            self.excluded[next] |= other;
            next = self.next_in(next);
        }
        self.lead_any(seat)
    }

    /// The leads open to `seat`: the lowest card of each suit he may lead, suit by suit.
    #[inline]
    fn lead_choices(&self, seat: Seat) -> [Option<Card>; 4] {
        let cards = self.playable(seat) & self.lead_cards;
        std::array::from_fn(|suit| lowest_of_suit(cards, suit))
    }

    pub(super) fn lead_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        out.extend(self.lead_choices(seat).into_iter().flatten().map(Action::Play));
    }

    pub(super) fn nth_lead(&self, seat: Seat, pick: impl FnOnce(u32) -> u32) -> Action {
        let choices = self.lead_choices(seat);
        let count = choices.iter().filter(|c| c.is_some()).count() as u32;
        let k = pick(count) as usize;
        Action::Play(choices.into_iter().flatten().nth(k).expect("k is below the count"))
    }

    pub(super) fn race_refusal(&self, seat: Seat, action: &Action) -> Option<Refusal> {
        let Action::Play(card) = *action else {
            return Some(Refusal::RaceOn);
        };
        if !self.hands[seat].contains(card) {
            return Some(Refusal::Turn(TurnRefusal::NotHeld { seat, card }));
        }
        if card.is_joker() {
            return Some(Refusal::DeadJoker);
        }
        match self.phase {
            Phase::Follow(wanted) if card != wanted => Some(Refusal::MustFollow { seat, wanted }),
            Phase::Lead => {
                let suit = card.suit_unchecked();
                if !self.lead_cards.contains(card) {
                    return Some(Refusal::ChangeColour { seat, red: suit.is_red() });
                }
                let lowest = lowest_of_suit(self.playable(seat), suit.index()).expect("he holds the card");
                (lowest != card).then_some(Refusal::LowestLead { seat, lowest, card })
            }
            _ => None,
        }
    }

    /// One card played in the race, with everything that follows from it.
    pub(super) fn apply_play(&mut self, seat: Seat, card: Card) -> Result<(), LayoutFault> {
        if self.phase == Phase::Lead {
            // A lead is the lowest card of its suit in the hand: the cards below are elsewhere.
            self.excluded[seat] |= below_in_suit(card);
            self.run = CardSet::EMPTY;
        }
        self.hands[seat].remove(card);
        self.known[seat].remove(card);
        self.played.insert(card);
        self.run.insert(card);
        self.log(|| Event::Played { seat, card });
        if let Some(space) = Space::of_card(card) {
            self.take_space(seat, space);
        }
        if self.hands[seat].is_empty() {
            return self.bonanza(seat);
        }
        let Some(next) = next_card(card) else {
            self.log(|| Event::Stop { seat, card, missing: None });
            return self.after_stop(seat, card);
        };
        if let Some(holder) = self.holder_of(next) {
            self.phase = Phase::Follow(next);
            self.to_move = Some(holder);
            return Ok(());
        }
        if !self.played.contains(next) {
            // Not played and in no hand: the table knows it is in the dead hand.
            self.known_dead.insert(next);
        }
        self.log(|| Event::Stop { seat, card, missing: Some(next) });
        self.after_stop(seat, card)
    }

    /// `seat` emptied his hand: the pot, then one chip per card left from every other player,
    /// in turn from his left (a short player pays what he has). The deal ends at once.
    fn bonanza(&mut self, seat: Seat) -> Result<(), LayoutFault> {
        let chips = std::mem::take(&mut self.board[Space::Bonanza.index()]);
        self.chips[seat] += chips;
        self.log(|| Event::Bonanza { seat, chips });
        let mut from = self.next_in(seat);
        while from != seat {
            let owed = self.hands[from].len() as i64;
            let paid = owed.min(self.chips[from]);
            self.chips[from] -= paid;
            self.chips[seat] += paid;
            self.log(|| Event::Paid { from, to: seat, chips: paid, owed });
            from = self.next_in(from);
        }
        self.phase = Phase::GameOver;
        self.to_move = None;
        self.end_deal()
    }
}
