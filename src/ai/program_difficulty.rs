//! How hard each program card is: the share of rounds in which a competent player holding it
//! completes it (docs/rules/programmes.md §3.3: the deck's difficulty is measured by simulation
//! and documented in docs/programmes-deck.md).
//!
//! Every round is a fresh deal with the rule bot (no randomness) at every seat. The program cards
//! are handed out in shuffled blocks, so every program is held about equally often, and a
//! program's rate is its completions over the rounds it was held. `referee programs` prints the
//! table; `docs/programmes-deck.md` publishes it.

use serde::Serialize;

use super::programmes_bot;
use crate::engine::game::Game;
use crate::engine::programmes::{deck, ProgramId, Programmes};
use crate::engine::rng::{seeded, shuffle};
use crate::engine::setup::{FromSetup, Setup};

#[derive(Clone, Debug, Serialize)]
pub struct ProgramRate {
    pub id: String,
    pub name: String,
    pub directives: String,
    /// Rounds in which a seat held this program.
    pub held: u32,
    pub completed: u32,
    /// completed / held.
    pub rate: f64,
    /// Mean number of the completing player's own turns before the reveal (counting the turn
    /// of the reveal).
    pub mean_turns: f64,
}

#[derive(Clone, Debug, Serialize)]
pub struct DifficultyReport {
    pub players: usize,
    pub rounds: u32,
    pub seed: u64,
    /// Mean turns (all seats) per round.
    pub mean_round_turns: f64,
    pub programs: Vec<ProgramRate>,
}

/// Plays `rounds` single rounds of `players` rule bots and measures every program's completion
/// rate. `on_round` is called after each round (progress).
pub fn measure(players: usize, rounds: u32, seed: u64, mut on_round: impl FnMut(u32)) -> Result<DifficultyReport, String> {
    let ids: Vec<ProgramId> = deck().ids().filter(|id| !id.is_sun()).collect();
    let mut held = vec![0u32; deck().len()];
    let mut completed = vec![0u32; deck().len()];
    let mut turns_to_complete = vec![0u64; deck().len()];
    let mut rng = seeded(seed);
    let mut queue: Vec<ProgramId> = Vec::new();
    let mut total_turns = 0u64;
    for round in 0..rounds {
        let setup = Setup { players, seed: seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(u64::from(round)), ..Setup::default() };
        let mut game = Programmes::from_setup(&setup).map_err(|e| e.to_string())?;
        game.set_logging(false);
        game.set_single_deal(true);
        let mut programs = Vec::with_capacity(players);
        for _ in 0..players {
            if queue.is_empty() {
                queue = ids.clone();
                shuffle(&mut queue, &mut rng);
            }
            programs.push(queue.pop().expect("refilled"));
        }
        game.set_programs_for_study(&programs);
        let mut own_turns = vec![0u32; players];
        let mut reveal_turn = vec![None; players];
        while let Some(seat) = game.to_move() {
            if game.phase() == crate::engine::programmes::Phase::Draw {
                own_turns[seat] += 1;
            }
            let legal = game.legal_actions();
            let action = programmes_bot::decide(&game.observe(seat), &legal);
            game.play(seat, &action).map_err(|e| e.to_string())?;
            if game.has_revealed(seat) && reveal_turn[seat].is_none() {
                reveal_turn[seat] = Some(own_turns[seat]);
            }
        }
        total_turns += u64::from(game.turns());
        for (seat, p) in programs.iter().enumerate() {
            held[p.index()] += 1;
            if let Some(t) = reveal_turn[seat] {
                completed[p.index()] += 1;
                turns_to_complete[p.index()] += u64::from(t);
            }
        }
        on_round(round);
    }
    let programs = ids
        .iter()
        .map(|id| {
            let (h, c) = (held[id.index()], completed[id.index()]);
            ProgramRate {
                id: id.to_string(),
                name: id.card().name.en.clone(),
                directives: id.card().describe_en(),
                held: h,
                completed: c,
                rate: if h == 0 { 0.0 } else { f64::from(c) / f64::from(h) },
                mean_turns: if c == 0 { 0.0 } else { turns_to_complete[id.index()] as f64 / f64::from(c) },
            }
        })
        .collect();
    Ok(DifficultyReport { players, rounds, seed, mean_round_turns: total_turns as f64 / f64::from(rounds.max(1)), programs })
}

impl DifficultyReport {
    /// The table as Markdown, easiest first.
    pub fn to_markdown(&self) -> String {
        let mut rows = self.programs.clone();
        rows.sort_by(|a, b| b.rate.total_cmp(&a.rate).then(a.id.cmp(&b.id)));
        let mut out = String::from(
            "| program | name | directives | held | completed | rate | turns to complete |\n|---|---|---|---:|---:|---:|---:|\n",
        );
        for r in rows {
            out += &format!(
                "| {} | {} | {} | {} | {} | {:.1}% | {:.1} |\n",
                r.id,
                r.name,
                r.directives,
                r.held,
                r.completed,
                r.rate * 100.0,
                r.mean_turns
            );
        }
        out
    }
}
