//! Programmes properties over many random rounds (RULES.md §3, RECORD.md).
//!
//! Every round is fixed by its index (a seeded loop: the run is deterministic). Rounds spread over
//! 2 to 7 players and the options; most are played by the greedy playout policy with random moves
//! mixed in (so rounds end as real rounds do), some by uniformly random legal moves (long rounds:
//! stock rebuilds, the turn limit), some as whole games.
//!
//! After EVERY action: the 108 cards are each in exactly one place (hands, stock, discard pile,
//! melds); the seat to move has legal moves and every listed move is one the engine accepts;
//! illegal moves of many kinds are refused with the state unchanged; the draw, discard and reveal
//! did what the rules say. At the end of every game the record of its actions replays, through
//! `Table::replay`, to the same referee state.
//!
//! `cargo test --test programmes_properties -- --nocapture` prints the coverage counts.

use std::thread;
use std::time::Instant;

use rand::Rng;
use tapis::ai::programmes_bot;
use tapis::engine::card_multiset::CardMultiset;
use tapis::engine::cards::Card;
use tapis::engine::game::{Game, Seat, Setup};
use tapis::engine::programmes::{Action, Phase, Placed, Programmes, RoundEnd, MAX_DEALS, TURNS_PER_PLAYER};
use tapis::engine::rng::{index_below, seeded, GameRng};
use tapis::record::{Record, RecordedAction, Table};

/// Rounds played in `random_rounds_keep_the_invariants`.
const ROUNDS: u64 = 100_000;
const THREADS: u64 = 2;

#[derive(Clone, Debug)]
struct Config {
    index: u64,
    players: usize,
    options: serde_json::Map<String, serde_json::Value>,
    /// Probability of a uniformly random legal move instead of the greedy one.
    noise: f64,
    /// Whole game (until the target) instead of one round.
    whole_game: bool,
    /// The rule bot (from each seat's observation) instead of the greedy policy.
    rule_bot: bool,
}

fn config(index: u64) -> Config {
    let mut rng = seeded(index ^ 0x5EED);
    let players = 2 + index_below(6, &mut rng);
    let mut options = serde_json::Map::new();
    if rng.random_bool(0.3) {
        options.insert("strict_constraints".into(), true.into());
    }
    if rng.random_bool(0.3) {
        options.insert("exchange_after".into(), (1 + index_below(2, &mut rng) as i64).into());
    }
    let whole_game = index % 50 == 7;
    if whole_game {
        options.insert("target".into(), (1 + index_below(3, &mut rng) as i64).into());
    } else if rng.random_bool(0.2) {
        options.insert("target".into(), 1.into());
    }
    let noise = match index % 100 {
        0 => 1.0,
        1..=20 => 0.5,
        _ => 0.1,
    };
    let rule_bot = index % 10 == 3;
    Config { index, players, options, noise, whole_game, rule_bot }
}

/// Every card on the table or in a hand, pile or the stock.
fn all_cards(g: &Programmes) -> Option<CardMultiset> {
    let mut total = CardMultiset::EMPTY;
    for s in 0..g.players() {
        total = total.checked_add(g.hand(s))?;
    }
    total = total.checked_add(g.stock().into_iter().collect())?;
    total = total.checked_add(g.discard().into_iter().collect())?;
    for m in g.melds() {
        total = total.checked_add(m.cards().iter().map(|p| p.card).collect())?;
    }
    Some(total)
}

/// What the typed getters show (for "refused actions change nothing").
#[derive(Clone, Debug, PartialEq)]
struct Snap {
    hands: Vec<CardMultiset>,
    stock: Vec<Card>,
    discard: Vec<Card>,
    melds: Vec<tapis::engine::programmes::Meld>,
    programs: Vec<Option<String>>,
    done: Vec<u32>,
    phase: Phase,
    to_move: Option<Seat>,
    taken: Option<Card>,
    turns: u32,
    deal: u32,
    events: usize,
}

impl Snap {
    fn of(g: &Programmes) -> Snap {
        let n = g.players();
        Snap {
            hands: (0..n).map(|s| g.hand(s)).collect(),
            stock: g.stock(),
            discard: g.discard(),
            melds: g.melds().to_vec(),
            programs: (0..n).map(|s| g.program(s).map(|p| p.to_string())).collect(),
            done: (0..n).map(|s| g.programs_done(s)).collect(),
            phase: g.phase(),
            to_move: g.to_move(),
            taken: g.taken_from_discard(),
            turns: g.turns(),
            deal: g.deal_number(),
            events: g.events().len(),
        }
    }
}

#[derive(Default, Debug)]
struct Stats {
    rounds: u64,
    actions: u64,
    reveals: u64,
    melds: u64,
    extends: u64,
    draws_discard: u64,
    exchanges: u64,
    stock_rebuilds: u64,
    went_out: u64,
    all_revealed: u64,
    stock_empty: u64,
    turn_limit: u64,
    games_won: u64,
    refusals: u64,
    greedy_refused: u64,
    max_legal: usize,
}

impl Stats {
    fn add(&mut self, o: &Stats) {
        self.rounds += o.rounds;
        self.actions += o.actions;
        self.reveals += o.reveals;
        self.melds += o.melds;
        self.extends += o.extends;
        self.draws_discard += o.draws_discard;
        self.exchanges += o.exchanges;
        self.stock_rebuilds += o.stock_rebuilds;
        self.went_out += o.went_out;
        self.all_revealed += o.all_revealed;
        self.stock_empty += o.stock_empty;
        self.turn_limit += o.turn_limit;
        self.games_won += o.games_won;
        self.refusals += o.refusals;
        self.greedy_refused += o.greedy_refused;
        self.max_legal = self.max_legal.max(o.max_legal);
    }
}

/// Actions that must be refused now (with the state unchanged), built from the position.
fn illegal_candidates(g: &Programmes, seat: Seat, rng: &mut GameRng) -> Vec<(Seat, Action)> {
    let mut out = Vec::new();
    let other = (seat + 1) % g.players();
    out.push((other, Action::DrawStock));
    let hand = g.hand(seat);
    let missing = (0..53).map(Card::from_index).find(|&c| !hand.contains(c));
    match g.phase() {
        Phase::Draw => {
            out.push((seat, Action::Discard(hand.iter().next().unwrap())));
            if hand.len() == 1 {
                out.push((seat, Action::DrawDiscard));
            }
            if !g.can_exchange(seat) {
                out.push((seat, Action::ExchangeProgram));
            }
        }
        Phase::Play => {
            out.push((seat, Action::DrawStock));
            out.push((seat, Action::DrawDiscard));
            if let Some(c) = missing {
                out.push((seat, Action::Discard(c)));
            }
            if let Some(t) = g.taken_from_discard() {
                if hand.iter().any(|c| c != t) {
                    out.push((seat, Action::Discard(t)));
                }
            }
            out.push((seat, Action::Extend { meld: g.melds().len(), card: Placed::natural(hand.iter().next().unwrap()) }));
            if !g.has_revealed(seat) {
                if let Some(m) = (!g.melds().is_empty()).then(|| index_below(g.melds().len(), rng)) {
                    out.push((seat, Action::Extend { meld: m, card: Placed::natural(hand.iter().next().unwrap()) }));
                }
                // Three cards of the hand, whatever they are, as a new meld: not before revealing.
                let cards: Vec<Placed> = hand.iter().take(3).map(Placed::natural).collect();
                out.push((seat, Action::Meld(cards)));
            } else {
                out.push((seat, Action::Reveal(vec![hand.iter().take(3).map(Placed::natural).collect()])));
            }
        }
        _ => {}
    }
    out
}

/// Plays one configuration; returns the record's referee state (checked against a replay).
fn run(cfg: &Config, stats: &mut Stats) {
    let setup = Setup { players: cfg.players, seed: 1000 + cfg.index, first_dealer: cfg.index as usize % cfg.players, options: cfg.options.clone(), ..Setup::default() };
    let mut game = Programmes::new(&setup).unwrap_or_else(|e| panic!("config {cfg:?}: {e}"));
    game.set_single_deal(!cfg.whole_game);
    // The log is compared in the replay of whole games; single rounds go faster without it.
    game.set_logging(cfg.whole_game);
    let mut rng = seeded(cfg.index);
    let mut actions: Vec<RecordedAction> = Vec::new();
    let mut legal = Vec::new();
    let cap = (MAX_DEALS as usize) * (TURNS_PER_PLAYER as usize * cfg.players * 40 + 200);
    let ctx = |a: &[RecordedAction]| format!("config {} ({} players, {:?}), after {} actions", cfg.index, cfg.players, cfg.options, a.len());
    let mut deal = game.deal_number();
    while let Some(seat) = game.to_move() {
        assert!(actions.len() < cap, "{}: no end in sight", ctx(&actions));
        assert_eq!(all_cards(&game), Some(CardMultiset::PACK_108), "{}: the 108 cards", ctx(&actions));
        legal.clear();
        game.legal_actions_into(&mut legal);
        assert!(!legal.is_empty(), "{}: the seat to move has no legal move", ctx(&actions));
        if legal.len() > stats.max_legal {
            stats.max_legal = legal.len();
            if legal.len() > 300 {
                println!("{} legal actions: hand {:?}, program {}", legal.len(), game.hand(seat), game.program(seat).map_or("-".into(), |p| p.card().describe_en()));
            }
        }
        let snap = Snap::of(&game);
        // Every listed action is accepted (checked on a copy, one per position).
        for _ in 0..1 {
            let a = &legal[index_below(legal.len(), &mut rng)];
            let mut copy = game.clone();
            copy.set_logging(false);
            copy.play(seat, a).unwrap_or_else(|e| panic!("{}: listed '{a}' refused: {e}", ctx(&actions)));
            // The action string reads back as the same action.
            assert_eq!(a.to_string().parse::<Action>().as_ref(), Ok(a), "{}", ctx(&actions));
        }
        // Illegal actions are refused and change nothing (every other position, and wherever a
        // card was taken from the discard pile).
        let probe = actions.len().is_multiple_of(2) || game.taken_from_discard().is_some();
        for (who, bad) in if probe { illegal_candidates(&game, seat, &mut rng) } else { Vec::new() } {
            assert!(game.play(who, &bad).is_err(), "{}: seat {who} '{bad}' was accepted", ctx(&actions));
            stats.refusals += 1;
            assert_eq!(Snap::of(&game), snap, "{}: a refused '{bad}' changed the state", ctx(&actions));
        }
        // The move: random, or the greedy policy.
        let before = game.clone();
        let stock_before = game.stock_size();
        let mut action = legal[index_below(legal.len(), &mut rng)].clone();
        if cfg.rule_bot && !rng.random_bool(cfg.noise) {
            action = programmes_bot::decide(&game.observe(seat), &legal);
            assert!(legal.contains(&action), "{}: the rule bot chose '{action}', not a legal action", ctx(&actions));
        } else if !rng.random_bool(cfg.noise) {
            let greedy = programmes_bot::greedy_action(&game).expect("a seat is to move");
            if game.clone().play(seat, &greedy).is_ok() {
                action = greedy;
            } else {
                stats.greedy_refused += 1;
            }
        }
        game.play(seat, &action).unwrap_or_else(|e| panic!("{}: '{action}': {e}", ctx(&actions)));
        actions.push(RecordedAction { seat, action: action.to_string() });
        stats.actions += 1;
        check_transition(&before, &game, seat, &action, &ctx(&actions));
        match &action {
            Action::Reveal(_) => stats.reveals += 1,
            Action::Meld(_) => stats.melds += 1,
            Action::Extend { .. } => stats.extends += 1,
            Action::DrawDiscard => stats.draws_discard += 1,
            Action::ExchangeProgram => stats.exchanges += 1,
            _ => {}
        }
        if matches!(action, Action::Discard(_)) && stock_before == 0 && game.stock_size() > 0 && game.deal_number() == before.deal_number() {
            stats.stock_rebuilds += 1;
        }
        if game.deal_number() != deal || game.to_move().is_none() {
            stats.rounds += 1;
            match game.last_round_end() {
                Some(RoundEnd::WentOut { .. }) => stats.went_out += 1,
                Some(RoundEnd::AllRevealed) => stats.all_revealed += 1,
                Some(RoundEnd::StockEmpty) => stats.stock_empty += 1,
                Some(RoundEnd::TurnLimit) => stats.turn_limit += 1,
                None => {}
            }
            deal = game.deal_number();
        }
    }
    if game.winner().is_some() {
        stats.games_won += 1;
    }
    assert!(game.legal_actions().is_empty());
    // Replay: the record of the actions gives the same state (whole games only: a record cannot
    // ask for a single round).
    if cfg.whole_game {
        let mut record = Record::new(tapis::engine::game::GameId::Programmes, cfg.players, setup.seed);
        record.options = cfg.options.clone();
        record.first_dealer = Some(setup.first_dealer);
        record.actions = actions;
        let table = Table::replay(&record).unwrap_or_else(|e| panic!("config {}: replay refused: {e}", cfg.index));
        assert_eq!(table.referee_state(), game.referee_state(), "config {}: replay differs", cfg.index);
    }
}

/// What the rules say one action does (RULES.md §3 "Turn").
fn check_transition(before: &Programmes, after: &Programmes, seat: Seat, action: &Action, ctx: &str) {
    let same_round = after.deal_number() == before.deal_number() && after.to_move().is_some();
    match action {
        Action::DrawStock => {
            let top = before.stock()[0];
            assert_eq!(after.hand(seat).count(top), before.hand(seat).count(top) + 1, "{ctx}: drew the stock's top {top}");
            assert_eq!(after.stock_size(), before.stock_size() - 1, "{ctx}");
            assert_eq!(after.phase(), Phase::Play, "{ctx}");
        }
        Action::DrawDiscard => {
            let top = before.discard_top().unwrap();
            assert!(before.hand(seat).len() > 1, "{ctx}: one card in hand: the stock only");
            assert_eq!(after.taken_from_discard(), Some(top), "{ctx}");
            assert_eq!(after.hand(seat).len(), before.hand(seat).len() + 1, "{ctx}");
        }
        Action::Discard(card) => {
            assert!(before.taken_from_discard() != Some(*card) || before.hand(seat).iter().all(|c| c == *card), "{ctx}: discarded the card taken from the discard pile");
            if same_round {
                assert_eq!(after.discard_top(), Some(*card), "{ctx}");
                assert_eq!(after.to_move(), Some(before.next_seat(seat)), "{ctx}: the turn passes left");
                assert_eq!(after.phase(), Phase::Draw, "{ctx}");
            } else if after.deal_number() == before.deal_number() || after.to_move().is_none() {
                // The round ended: the seat went out, or the next turn found no card / the limit.
                assert!(before.hand(seat).len() == 1 || after.last_round_end() != Some(RoundEnd::WentOut { seat }), "{ctx}");
            }
        }
        Action::Reveal(combos) => {
            assert!(!before.has_revealed(seat), "{ctx}");
            // A completed program counts 1 (suns dealt for the next round may add more).
            if same_round {
                assert_eq!(after.programs_done(seat), before.programs_done(seat) + 1, "{ctx}: a completed program counts 1");
            } else {
                assert!(after.programs_done(seat) > before.programs_done(seat), "{ctx}: a completed program counts");
            }
            if same_round {
                assert!(after.has_revealed(seat), "{ctx}");
                assert_eq!(after.melds().len(), before.melds().len() + combos.len(), "{ctx}");
            }
        }
        Action::Meld(_) | Action::Extend { .. } => {
            assert!(before.has_revealed(seat), "{ctx}: only after revealing");
        }
        Action::ExchangeProgram => {
            assert!(before.can_exchange(seat), "{ctx}");
        }
    }
}

#[test]
fn random_rounds_keep_the_invariants() {
    let start = Instant::now();
    let per = ROUNDS / THREADS;
    let handles: Vec<_> = (0..THREADS)
        .map(|t| {
            thread::spawn(move || {
                let mut stats = Stats::default();
                let mut index = t * per;
                while stats.rounds < per {
                    run(&config(index), &mut stats);
                    index += 1;
                }
                stats
            })
        })
        .collect();
    let mut total = Stats::default();
    for h in handles {
        total.add(&h.join().expect("a thread panicked"));
    }
    println!("{total:#?}\n{:.1} s", start.elapsed().as_secs_f64());
    assert!(total.rounds >= ROUNDS);
    for (what, n) in [
        ("reveals", total.reveals),
        ("melds", total.melds),
        ("extends", total.extends),
        ("draws from the discard pile", total.draws_discard),
        ("exchanges", total.exchanges),
        ("stock rebuilds", total.stock_rebuilds),
        ("rounds won by going out", total.went_out),
        ("rounds where all revealed", total.all_revealed),
        ("rounds at the turn limit", total.turn_limit),
        ("won games", total.games_won),
    ] {
        assert!(n > 0, "no {what} in the run: the test does not cover it");
    }
}
