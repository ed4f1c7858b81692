//! The Poker call (docs/rules/bonanza.md §5.5–5.6): one fixed-limit betting round among the players
//! with at least five cards, then the showdown.
//!
//! The round starts with the dealer, or the first participant to his left. While nothing is bet a
//! player checks or bets; facing a bet he calls, raises or folds. A bet or raise is 1 to
//! `poker_limit` chips, with at most `poker_max_raises` raises after the bet, and nobody's total
//! may exceed the smallest stack among the participants when the betting starts (no side pots).
//! The round ends when every player still in has acted since the last bet or raise (all have
//! then put in the same). One player left takes the space without showing; otherwise the best
//! hand takes it and shows its five cards (an exact tie splits it, the odd chips stay).

use serde::{Deserialize, Serialize};
use serde_json::json;

use super::poker::{best_hand, winning_five, HandValue};
use super::{Action, BetLimit, Bonanza, Event, Phase, Refusal, Space, UnusedJoker, MAX_BID, MAX_PLAYERS};
use crate::engine::cards::Card;
use crate::engine::game::{Chips, LayoutFault, Seat};

/// The betting round's public state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Betting {
    /// One bit per seat taking part (at least five cards when the call was made).
    pub participants: u16,
    pub folded: u16,
    /// Players still in who must act before the round ends.
    pub to_act: u16,
    /// Chips each seat has put in this round.
    pub put_in: [Chips; MAX_PLAYERS],
    /// The amount every player still in must match (0 while nothing is bet).
    pub bet: Chips,
    /// Raises made after the bet.
    pub raises: u32,
    /// The most any player may put in: the smallest participant's stack when the betting started.
    pub cap: Chips,
}

impl Betting {
    /// Participants who have not folded.
    pub fn active(&self) -> u16 {
        self.participants & !self.folded
    }

    pub(super) fn to_json(self, players: usize) -> serde_json::Value {
        let seats = |mask: u16| (0..players).filter(|&s| mask & (1 << s) != 0).collect::<Vec<_>>();
        json!({
            "participants": seats(self.participants),
            "folded": seats(self.folded),
            "to_act": seats(self.to_act),
            "put_in": &self.put_in[..players],
            "bet": self.bet,
            "raises": self.raises,
            "cap": self.cap,
        })
    }
}

impl Bonanza {
    /// After Ten-Two: the Poker call (when the space is in play), then the race.
    pub(super) fn start_poker(&mut self) -> Result<(), LayoutFault> {
        if !self.options.poker {
            return self.end_upper_half();
        }
        let participants: u16 = self.seats_in().filter(|&s| self.hands[s].len() >= 5).fold(0, |m, s| m | 1 << s);
        let cap = self.seats_in().filter(|&s| participants & (1 << s) != 0).map(|s| self.chips[s]).min().unwrap_or(0);
        self.betting = Betting { participants, to_act: participants, cap, ..Betting::default() };
        if self.logging {
            let seats: Vec<Seat> = (0..self.players).filter(|&s| participants & (1 << s) != 0).collect();
            self.events.push(Event::PokerOpened { participants: seats, cap });
        }
        match participants.count_ones() {
            0 => {
                self.space_stays(Space::Poker);
                self.end_upper_half()
            }
            1 => {
                self.take_space(participants.trailing_zeros() as Seat, Space::Poker);
                self.end_upper_half()
            }
            _ => {
                let mut first = self.dealer;
                while participants & (1 << first) == 0 {
                    first = self.next_in(first);
                }
                self.phase = Phase::Poker;
                self.to_move = Some(first);
                Ok(())
            }
        }
    }

    /// The largest bet or raise `seat` may make now (0: none).
    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    pub fn max_raise(&self) -> Chips {
        let b = &self.betting;
        if b.bet > 0 && Chips::from(b.raises) >= self.options.poker_max_raises {
            return 0;
        }
        // MAX_BID only bounds the list of legal bets when stacks run to millions, as at the widow.
        self.options.poker_limit.min(b.cap - b.bet).clamp(0, MAX_BID)
    }

    pub(super) fn betting_actions(&self, _seat: Seat, out: &mut Vec<Action>) {
        self.betting_actions_with(1..=self.max_raise(), out);
    }

    /// The betting moves in the legal list's order, with only the bets or raises of `amounts`
    /// (each from 1 to [`Bonanza::max_raise`]): the searches weigh a few amounts, not every one.
    pub fn betting_actions_with(&self, amounts: impl IntoIterator<Item = Chips>, out: &mut Vec<Action>) {
        if self.betting.bet == 0 {
            out.push(Action::Check);
            out.extend(amounts.into_iter().map(Action::Bet));
        } else {
            out.push(Action::Call);
            out.extend(amounts.into_iter().map(Action::Raise));
            out.push(Action::Fold);
        }
    }

    pub(super) fn nth_betting(&self, _seat: Seat, pick: impl FnOnce(u32) -> u32) -> Action {
        let most = self.max_raise() as u32;
        if self.betting.bet == 0 {
            match pick(most + 1) {
                0 => Action::Check,
                k => Action::Bet(Chips::from(k)),
            }
        } else {
            match pick(most + 2) {
                0 => Action::Call,
                k if k == most + 1 => Action::Fold,
                k => Action::Raise(Chips::from(k)),
            }
        }
    }

    pub(super) fn betting_refusal(&self, _seat: Seat, action: &Action) -> Option<Refusal> {
        let b = &self.betting;
        let most = self.max_raise();
        let limit = || {
            if b.bet > 0 && Chips::from(b.raises) >= self.options.poker_max_raises {
                BetLimit::NoMoreRaises { max: self.options.poker_max_raises }
            } else if most == MAX_BID && most < self.options.poker_limit {
                BetLimit::MaxBid
            } else if most < self.options.poker_limit {
                BetLimit::Cap { cap: b.cap }
            } else {
                BetLimit::Range { limit: self.options.poker_limit }
            }
        };
        match *action {
            Action::Check if b.bet == 0 => None,
            Action::Check => Some(Refusal::MustMeet { bet: b.bet }),
            Action::Bet(_) if b.bet > 0 => Some(Refusal::AlreadyBet),
            Action::Raise(_) | Action::Call | Action::Fold if b.bet == 0 => Some(Refusal::NothingBet),
            Action::Bet(n) | Action::Raise(n) if n < 1 || n > most => Some(Refusal::BetLimit(limit())),
            Action::Bet(_) | Action::Raise(_) | Action::Call | Action::Fold => None,
            _ => Some(Refusal::BettingOn),
        }
    }

    /// Puts chips from `seat`'s stack on the Poker space.
    fn put_in(&mut self, seat: Seat, chips: Chips) {
        self.chips[seat] -= chips;
        self.betting.put_in[seat] += chips;
        self.board[Space::Poker.index()] += chips;
    }

    pub(super) fn apply_betting(&mut self, seat: Seat, action: Action) -> Result<(), LayoutFault> {
        let bit = 1u16 << seat;
        match action {
            Action::Check => {
                self.betting.to_act &= !bit;
                self.log(|| Event::Checked { seat });
            }
            Action::Bet(chips) => {
                self.betting.bet = chips;
                self.put_in(seat, chips);
                self.betting.to_act = self.betting.active() & !bit;
                self.log(|| Event::Bet { seat, chips });
            }
            Action::Call => {
                let chips = self.betting.bet - self.betting.put_in[seat];
                self.put_in(seat, chips);
                self.betting.to_act &= !bit;
                self.log(|| Event::Called { seat, chips });
            }
            Action::Raise(by) => {
                self.betting.bet += by;
                self.betting.raises += 1;
                let chips = self.betting.bet - self.betting.put_in[seat];
                self.put_in(seat, chips);
                self.betting.to_act = self.betting.active() & !bit;
                let total = self.betting.bet;
                self.log(|| Event::Raised { seat, by, total });
            }
            Action::Fold => {
                self.betting.folded |= bit;
                self.betting.to_act &= !bit;
                self.log(|| Event::Folded { seat });
            }
            _ => unreachable!("refused before"),
        }
        let active = self.betting.active();
        if active.count_ones() == 1 {
            self.take_space(active.trailing_zeros() as Seat, Space::Poker);
            return self.end_upper_half();
        }
        if self.betting.to_act == 0 {
            self.showdown();
            return self.end_upper_half();
        }
        let mut next = self.next_in(seat);
        while self.betting.to_act & (1 << next) == 0 {
            next = self.next_in(next);
        }
        self.to_move = Some(next);
        Ok(())
    }

    /// The best hand among the players still in takes the Poker space; the winners show their
    /// five cards (a joker among them leaves the game); an exact tie splits the space.
    fn showdown(&mut self) {
        let active = self.betting.active();
        let mut best = HandValue(0);
        let mut winners = 0u16;
        for seat in 0..self.players {
            if active & (1 << seat) != 0 {
                let value = best_hand(self.hands[seat]);
                if value > best {
                    best = value;
                    winners = 1 << seat;
                } else if value == best {
                    winners |= 1 << seat;
                }
            }
        }
        let count = winners.count_ones() as Chips;
        let share = self.board[Space::Poker.index()] / count;
        // Winners in turn from the dealer's left.
        let mut seat = self.dealer;
        for _ in 0..self.players_in() {
            seat = self.next_in(seat);
            if winners & (1 << seat) == 0 {
                continue;
            }
            let five = winning_five(self.hands[seat]);
            self.log(|| Event::Showdown { seat, cards: five.iter().collect(), hand: best.category() });
            self.known[seat] |= five - super::JOKER_SET;
            if five.contains(Card::JOKER) {
                self.joker_leaves(seat);
            }
            self.board[Space::Poker.index()] -= share;
            self.chips[seat] += share;
            self.log(|| Event::SpaceWon { seat, space: Space::Poker, chips: share });
        }
        if self.board[Space::Poker.index()] > 0 {
            self.space_stays(Space::Poker);
        }
    }

    /// After the Poker call (or Ten-Two without it): the unused joker is set aside, unless the
    /// option keeps it as a dead card; then the race.
    fn end_upper_half(&mut self) -> Result<(), LayoutFault> {
        if self.options.unused_joker == UnusedJoker::SetAside && !self.gone.contains(Card::JOKER) {
            match self.holder_of(Card::JOKER) {
                Some(seat) => {
                    self.hands[seat].remove(Card::JOKER);
                    self.gone.insert(Card::JOKER);
                    self.log(|| Event::JokerSetAside { seat });
                }
                // Nobody sets it aside: the table knows it is in the dead hand.
                None => self.known_dead.insert(Card::JOKER),
            }
        }
        self.start_race()
    }
}
