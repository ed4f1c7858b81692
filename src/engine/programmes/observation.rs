//! What one Programmes seat may know, and dealing the rest again consistently with it.
//!
//! Public: every meld on the table, the whole discard pile (each card was seen face up), how many
//! cards each hand and the stock hold, who has revealed and which program cards are face up
//! (revealed this round, completed before), the completions, the cards each player took from the
//! discard pile and still holds, the discard tops each player left for the stock, and the turn's
//! state. Private: one's own hand and program card. Never included: other hands, other secret
//! programs, the order of the stock or of the program deck, the seed or the record's deals.

use rand::Rng;
use serde::{Deserialize, Serialize};

use super::melds::{Meld, Placed};
use super::program_deck::ProgramId;
use super::{Options, Phase, Programmes, RoundEnd, MAX_PLAYERS};
use crate::engine::card_multiset::CardMultiset;
use crate::engine::cards::{Card, CardSet};
use crate::engine::game::{Chips, Seat};
use crate::engine::rng::{shuffle, GameRng};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Observation {
    pub seat: Seat,
    pub options: Options,
    pub chips: Vec<Chips>,
    pub hand: CardMultiset,
    /// This seat's program card.
    pub program: Option<ProgramId>,
    pub hand_sizes: Vec<usize>,
    pub stock_size: usize,
    /// Top card first.
    pub discard: Vec<Card>,
    pub melds: Vec<Meld>,
    /// Each seat's program card if it is face up (revealed this round), else `None`.
    pub revealed_programs: Vec<Option<ProgramId>>,
    /// Seats holding a face-down program card (other than this seat's own).
    pub secret_programs: Vec<bool>,
    /// The program cards this seat cannot see, sorted: the program deck and the other players'
    /// face-down cards.
    pub program_pool: Vec<ProgramId>,
    pub program_deck_size: usize,
    /// Completed cards face up, oldest first (they form a new program deck if it runs out).
    pub program_pile: Vec<ProgramId>,
    pub completions: Vec<(Seat, ProgramId)>,
    pub programs_done: Vec<u32>,
    pub failed_rounds: Vec<u32>,
    pub has_drawn: u8,
    /// Cards each seat took from the discard pile and has not laid or discarded since.
    pub known: Vec<CardMultiset>,
    /// Discard tops each seat left for the stock this round.
    pub refused: Vec<CardSet>,
    pub dealer: Seat,
    pub deal_number: u32,
    pub phase: Phase,
    pub to_move: Option<Seat>,
    pub taken_from_discard: Option<Card>,
    pub turns: u32,
    pub stock_rebuilds: u32,
    pub program_rebuilds: u32,
    pub last_round_end: Option<RoundEnd>,
    pub winner: Option<Seat>,
}

impl Observation {
    pub fn of(game: &Programmes, seat: Seat) -> Observation {
        let n = game.players;
        let secret: Vec<bool> = (0..n).map(|s| s != seat && !game.has_revealed(s) && game.programs[s].is_some()).collect();
        let mut pool: Vec<ProgramId> = game.program_deck.clone();
        pool.extend((0..n).filter(|&s| secret[s]).filter_map(|s| game.programs[s]));
        pool.sort_unstable();
        Observation {
            seat,
            options: game.options.clone(),
            chips: game.chips().to_vec(),
            hand: game.hands[seat],
            program: game.programs[seat],
            hand_sizes: (0..n).map(|s| game.hands[s].len()).collect(),
            stock_size: game.stock.len(),
            discard: game.discard(),
            melds: game.melds.clone(),
            revealed_programs: (0..n).map(|s| if game.has_revealed(s) { game.programs[s] } else { None }).collect(),
            secret_programs: secret,
            program_pool: pool,
            program_deck_size: game.program_deck.len(),
            program_pile: game.program_pile.clone(),
            completions: game.completions.clone(),
            programs_done: game.done[..n].to_vec(),
            failed_rounds: game.failed_rounds[..n].to_vec(),
            has_drawn: game.has_drawn,
            known: game.known[..n].to_vec(),
            refused: game.refused[..n].to_vec(),
            dealer: game.dealer,
            deal_number: game.deals_dealt,
            phase: game.phase,
            to_move: game.to_move,
            taken_from_discard: game.taken_from_discard,
            turns: game.turns,
            stock_rebuilds: game.stock_rebuilds,
            program_rebuilds: game.program_rebuilds,
            last_round_end: game.last_round_end,
            winner: game.winner,
        }
    }

    pub fn players(&self) -> usize {
        self.hand_sizes.len()
    }

    /// Whether `seat` has revealed its program this round.
    pub fn has_revealed(&self, seat: Seat) -> bool {
        self.revealed_programs[seat].is_some()
    }

    /// The cards on the table, in the melds.
    pub fn meld_cards(&self) -> CardMultiset {
        self.melds.iter().flat_map(|m| m.cards().iter().map(|p: &Placed| p.card)).collect()
    }

    /// The cards this seat cannot place: in other hands (beyond what is known of them) or in
    /// the stock. None if the counts are impossible.
    pub fn unseen(&self) -> Option<CardMultiset> {
        let mut seen = self.hand.checked_add(self.meld_cards())?;
        seen = seen.checked_add(self.discard.iter().copied().collect::<CardMultiset>())?;
        for (s, k) in self.known.iter().enumerate() {
            if s != self.seat {
                seen = seen.checked_add(*k)?;
            }
        }
        CardMultiset::PACK_108.checked_sub(seen)
    }

    /// Checks that the observation describes a possible table (it may come from outside, e.g. a
    /// message to the worker); says what is wrong otherwise.
    pub fn check(&self) -> Result<(), String> {
        let n = self.players();
        if !(super::MIN_PLAYERS..=MAX_PLAYERS).contains(&n) {
            return Err(format!("{n} players is not a Programmes table"));
        }
        let lists = [
            self.chips.len(),
            self.revealed_programs.len(),
            self.secret_programs.len(),
            self.programs_done.len(),
            self.failed_rounds.len(),
            self.known.len(),
            self.refused.len(),
        ];
        if lists.iter().any(|&l| l != n) {
            return Err("every per-seat list must list every seat".into());
        }
        if self.seat >= n || self.to_move.is_some_and(|s| s >= n) || self.dealer >= n || self.winner.is_some_and(|s| s >= n) {
            return Err("a seat number is out of range".into());
        }
        if self.melds.iter().any(|m| m.owner >= n) {
            return Err("a meld's owner is out of range".into());
        }
        if self.hand.len() != self.hand_sizes[self.seat] {
            return Err("the hand does not match its announced size".into());
        }
        if self.secret_programs[self.seat] {
            return Err("this seat's own program is not secret to it".into());
        }
        let secret = self.secret_programs.iter().filter(|&&s| s).count();
        if self.program_pool.len() != self.program_deck_size + secret {
            return Err("the program pool does not hold the deck and the face-down cards".into());
        }
        if self.known.iter().enumerate().any(|(s, k)| k.len() > self.hand_sizes[s]) {
            return Err("a seat is known to hold more cards than it has".into());
        }
        if self.deal_number == 0 {
            return Ok(());
        }
        let unseen = self.unseen().ok_or("the cards seen hold more copies than the pack")?;
        let hidden: usize =
            (0..n).filter(|&s| s != self.seat).map(|s| self.hand_sizes[s] - self.known[s].len()).sum::<usize>() + self.stock_size;
        if hidden != unseen.len() {
            return Err("the card counts do not add up to 108".into());
        }
        Ok(())
    }

    /// A full game state consistent with this observation: the unseen cards are dealt again to
    /// the other hands and the stock, and the unseen program cards to the other face-down
    /// programs and the program deck.
    #[cfg_attr(feature = "fast-ai", optimize(speed))]
    pub fn determinize(&self, rng: &mut GameRng) -> Programmes {
        let n = self.players();
        let mut hands = [CardMultiset::EMPTY; MAX_PLAYERS];
        let mut stock: Vec<Card> = Vec::new();
        hands[self.seat] = self.hand;
        match self.unseen() {
            Some(unseen) if self.deal_number > 0 => {
                let mut cards: Vec<Card> = unseen.iter().collect();
                shuffle(&mut cards, rng);
                let mut cards = cards.into_iter();
                for s in (0..n).filter(|&s| s != self.seat) {
                    hands[s] = self.known[s];
                    for _ in self.known[s].len()..self.hand_sizes[s] {
                        if let Some(c) = cards.next() {
                            hands[s].insert(c);
                        }
                    }
                }
                stock = cards.collect();
            }
            _ => {}
        }
        let mut pool = self.program_pool.clone();
        shuffle(&mut pool, rng);
        let mut programs = [None; MAX_PLAYERS];
        for (s, program) in programs.iter_mut().enumerate().take(n) {
            *program = if s == self.seat {
                self.program
            } else if self.secret_programs[s] {
                pool.pop()
            } else {
                self.revealed_programs[s]
            };
        }
        let mut revealed = 0u8;
        for s in 0..n {
            if self.revealed_programs[s].is_some() {
                revealed |= 1 << s;
            }
        }
        let seat_array = |v: &[u32]| {
            let mut a = [0; MAX_PLAYERS];
            a[..n].copy_from_slice(v);
            a
        };
        let done = seat_array(&self.programs_done);
        let failed_rounds = seat_array(&self.failed_rounds);
        let mut chips = [0; MAX_PLAYERS];
        chips[..n].copy_from_slice(&self.chips);
        let mut known = [CardMultiset::EMPTY; MAX_PLAYERS];
        known[..n].copy_from_slice(&self.known);
        let mut refused = [CardSet::EMPTY; MAX_PLAYERS];
        refused[..n].copy_from_slice(&self.refused);
        Programmes {
            options: self.options.clone(),
            // Later shuffles in a sampled world come from a fresh seed: the real one is secret.
            seed: rng.random(),
            layouts: std::sync::Arc::new(Vec::new()),
            players: n,
            chips,
            hands,
            stock,
            discard: self.discard.iter().rev().copied().collect(),
            melds: self.melds.clone(),
            extenders: super::melds::table_extenders(&self.melds),
            programs,
            program_deck: pool,
            program_pile: self.program_pile.clone(),
            completions: self.completions.clone(),
            done,
            revealed,
            has_drawn: self.has_drawn,
            failed_rounds,
            dealer: self.dealer,
            deals_dealt: self.deal_number,
            phase: self.phase,
            to_move: self.to_move,
            taken_from_discard: self.taken_from_discard,
            turns: self.turns,
            stock_rebuilds: self.stock_rebuilds,
            program_rebuilds: self.program_rebuilds,
            known,
            refused,
            last_round_end: self.last_round_end,
            winner: self.winner,
            events: Vec::new(),
            logging: false,
            single_deal: false,
        }
    }
}
