//! A rule-based Nain Jaune player.
//!
//! Following, it plays the board card when it holds one of the wanted rank (the box is won at
//! once, and a board card kept in hand costs a penalty). Leading, it scores each card by the run it
//! would start from its own hand: chips won from boxes, points shed, and the chance of keeping the
//! lead at the end of the run (after a king, or when the next rank is dead: all its other copies
//! played, or every other hand known to be void in it).

use rand::Rng;
use serde::{Deserialize, Serialize};

use super::Bot;
use crate::engine::cards::{Card, CardSet, Rank};
use crate::engine::game::Chips;
use crate::engine::nain_jaune::{card_points, Action, NainJaune, NainJauneBox, Observation, Points};
use crate::engine::rng::{index_below, GameRng};

pub struct RuleBot {
    /// Probability of playing a random legal move instead of the best-scored one.
    pub randomness: f64,
}

impl Bot<NainJaune> for RuleBot {
    fn choose(&self, obs: &Observation, legal: &[Action], rng: &mut GameRng) -> Action {
        if legal.len() > 1 && self.randomness > 0.0 && rng.random_bool(self.randomness) {
            return legal[index_below(legal.len(), rng)];
        }
        let mut best = legal[0];
        let mut best_score = f64::NEG_INFINITY;
        for &action in legal {
            let score = score(obs, action);
            if score > best_score {
                best = action;
                best_score = score;
            }
        }
        best
    }
}

/// Chips in the box a card wins (0 for other cards).
fn box_value(obs: &Observation, card: Card) -> Chips {
    NainJauneBox::of_card(card).map_or(0, |b| obs.boxes[b.index()])
}

fn shed_value(obs: &Observation, card: Card) -> f64 {
    match obs.options.points {
        Points::Pips => card_points(card.rank_unchecked()) as f64,
        Points::Cards => 4.0,
    }
}

/// The copy of `rank` to play from `hand`: the board card if there is one, else the first.
fn best_copy(hand: CardSet, rank: Rank) -> Option<Card> {
    let copies = hand & CardSet::of_rank(rank);
    copies.iter().find(|&c| NainJauneBox::of_card(c).is_some()).or_else(|| copies.first())
}

/// How likely nobody else can continue with `rank` (the player then leads again).
fn dead_chance(obs: &Observation, rank: Rank, hand_after: CardSet) -> f64 {
    let outside = CardSet::of_rank(rank) - obs.played - hand_after;
    if outside.is_empty() {
        return 1.0;
    }
    let others_void =
        (0..obs.players()).filter(|&s| s != obs.seat && obs.hand_sizes[s] > 0).all(|s| obs.voids[s] & (1 << rank.index()) != 0);
    if others_void {
        return 1.0;
    }
    let unseen = obs.unseen().len().max(1) as f64;
    let in_talon = obs.talon_size as f64 / unseen;
    in_talon.powi(outside.len() as i32)
}

/// What leading `card` would do from our own hand: the run we play before someone else (or
/// nobody) must continue.
struct RunPreview {
    /// Our cards played in a row, `card` first.
    cards: Vec<Card>,
    /// Chips won from boxes on the way.
    boxes: Chips,
    /// Points shed (as the option counts them).
    shed: f64,
    /// Our hand after the run.
    hand_after: CardSet,
    /// Chance that nobody else can continue (a king, or a dead rank): we lead again.
    keeps_lead: f64,
}

fn preview_run(obs: &Observation, card: Card) -> RunPreview {
    let mut hand = obs.hand;
    let mut cards = Vec::new();
    let (mut boxes, mut shed) = (0, 0.0);
    let mut next = Some(card);
    let mut last_rank = card.rank_unchecked();
    while let Some(c) = next {
        hand.remove(c);
        cards.push(c);
        boxes += box_value(obs, c);
        shed += shed_value(obs, c);
        last_rank = c.rank_unchecked();
        next = last_rank.next_up().and_then(|r| best_copy(hand, r));
    }
    let keeps_lead = match last_rank.next_up() {
        None => 1.0,
        Some(r) => dead_chance(obs, r, hand),
    };
    RunPreview { cards, boxes, shed, hand_after: hand, keeps_lead }
}

fn score(obs: &Observation, action: Action) -> f64 {
    let Action::Play(card) = action;
    if obs.wanted.is_some() {
        // Following: every copy continues the run the same way; only the board card differs.
        return box_value(obs, card) as f64 * 2.0 + shed_value(obs, card) * 0.01;
    }
    let run = preview_run(obs, card);
    let value = run.boxes as f64 * 2.0 + run.shed;
    if run.hand_after.is_empty() {
        return 10_000.0 + value;
    }
    // Board cards still in hand risk a penalty; keeping the lead is worth a future run.
    let risk: f64 = run.hand_after.iter().map(|c| box_value(obs, c) as f64 * 0.2).sum();
    value + run.cards.len() as f64 * 1.5 + run.keeps_lead * 12.0 - risk
}

/// Why a move is good, in a form the page can say in any language (hints).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Hint {
    /// The only card that may be played.
    Forced { card: Card },
    /// Playing it (or the run it starts) empties the hand: the round is won.
    GoesOut { card: Card, run: usize },
    /// It wins a box now (following) or on the run it starts (leading).
    TakesBox { card: Card, board_box: NainJauneBox, chips: Chips },
    /// Leading it starts a run of `run` cards after which nobody can follow: the lead comes back.
    KeepsLead { card: Card, run: usize },
    /// Leading it starts a run of `run` cards and sheds `points` points.
    Sheds { card: Card, run: usize, points: Chips },
    /// Following with this copy keeps the board card of that rank for later (no box to win).
    Follows { card: Card },
}

/// Explains `action` for the seat of `obs` (a legal move there).
pub fn explain(obs: &Observation, action: Action) -> Hint {
    let Action::Play(card) = action;
    let playable = match obs.wanted {
        Some(rank) => obs.hand & CardSet::of_rank(rank),
        None => obs.hand,
    };
    if playable.len() == 1 {
        return Hint::Forced { card };
    }
    if obs.wanted.is_some() {
        return match NainJauneBox::of_card(card) {
            Some(b) => Hint::TakesBox { card, board_box: b, chips: obs.boxes[b.index()] },
            None => Hint::Follows { card },
        };
    }
    let run = preview_run(obs, card);
    if run.hand_after.is_empty() {
        return Hint::GoesOut { card, run: run.cards.len() };
    }
    if let Some(b) = run.cards.iter().find_map(|&c| NainJauneBox::of_card(c)) {
        if obs.boxes[b.index()] > 0 {
            return Hint::TakesBox { card, board_box: b, chips: obs.boxes[b.index()] };
        }
    }
    if run.keeps_lead >= 0.999 {
        return Hint::KeepsLead { card, run: run.cards.len() };
    }
    let points = run.cards.iter().map(|c| card_points(c.rank_unchecked())).sum();
    Hint::Sheds { card, run: run.cards.len(), points }
}
