//! Programmes properties over many random rounds (docs/rules/programmes.md, docs/record.md).
//!
//! The shared conformance suite (`common::conformance`) plays the rounds, each fixed by its index
//! (a seeded loop: the run is deterministic). Rounds spread over 2 to 7 players and the options;
//! most are played by the greedy playout policy with random moves mixed in (so rounds end as real
//! rounds do), some by uniformly random legal moves (long rounds: stock rebuilds, the turn limit),
//! by the engine's playout move or the computer players, some as whole games.
//!
//! After EVERY action the suite checks what holds in every game (the seat to move has legal moves
//! and a listed move drawn at random is one the engine accepts and reads back, illegal moves
//! refused with the state unchanged, observations and their re-deals, and for whole games the
//! record's replay, through `Table::replay`, to the same referee state), and here: the 108 cards
//! are each in exactly one place (hands, stock, discard pile, melds); illegal moves of many kinds
//! built from the position are refused; the draw, discard and reveal did what the rules say.
//!
//! `cargo test --test programmes_properties -- --nocapture` prints the coverage counts.

mod common;

use common::conformance::{random_games, At, Case, Model, Player, Playouts, Probes, Seating, Step, Suite, Visits};
use common::{Counts, Subject as _};
use rand::Rng;
use tapis::ai::programmes_bot;
use tapis::engine::card_multiset::CardMultiset;
use tapis::engine::cards::Card;
use tapis::engine::game::{Game, GameId, Seat};
use tapis::engine::programmes::{Action, Phase, Placed, Programmes, RoundEnd, MAX_DEALS, TURNS_PER_PLAYER};
use tapis::engine::rng::{index_below, seeded, GameRng};
use tapis::record::Record;

/// 103,000 games (most of them single rounds): a few more than 100,000 rounds, for about one in
/// forty is won before its first action (docs/rules/programmes.md §3.2, §4.2: a sun dealt to a seat
/// counts at once, and with a target of 1 it wins). Every table size more than 10,000 times; the
/// whole games are logged and their records replayed through their JSON text.
/// docs/rules/programmes.md §8: hands and secret programs are hidden, the stock face down;
/// everything else (melds, the discard pile, revealed programs, the cards taken from the pile) is
/// public: the determinization tests check a re-deal keeps all of it. The single-deal playouts: one
/// round, dealt afresh for even indices, played at random to its end (docs/rules/programmes.md §6).
const SUITE: Suite<Rules> = Suite {
    case: config,
    games: 103_000,
    per_table_size: 10_000,
    full_replays: 2_000,
    probes: Probes { read_back_up_to: 12, accept_one_in: 1, observe_one_in: 40 },
    replayed: &[0, 3, 7, 30, 50, 57, 4_321],
    visits: Visits { games: 400, one_in: 5, play_on_one_in: 8, at_least: 20_000 },
    playouts: Playouts { games: 1_000, policy: Player::Uniform, at_least: 900, settled: "rounds" },
};

/// How the seats of one game choose, and the deal the game is in.
#[derive(Clone, Debug)]
struct Rules {
    /// Probability of a uniformly random legal move instead of the greedy one.
    noise: f64,
    /// The rule bot (from each seat's observation) instead of the greedy policy.
    rule_bot: bool,
    deal: u32,
}

/// The game with this index: one round (`single_deal`), or a whole game (until the target).
fn config(index: u64) -> Case<Rules> {
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
    let seats = Seating { bots: (100, 30), engine: (100, 50), otherwise: Player::Own }.seats(index, players, &mut rng);
    let mut record = Record::new(GameId::Programmes, players, 1000 + index);
    record.options = options;
    record.first_dealer = Some(index as usize % players);
    let move_cap = (MAX_DEALS as usize) * (TURNS_PER_PLAYER as usize * players * 40 + 200);
    // The log is compared in the replay of whole games; single rounds go faster without it.
    let model = Rules { noise, rule_bot, deal: 1 };
    Case { index, record, model, players: seats, logging: whole_game, single_deal: !whole_game, seed: index, move_cap }
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

/// What the typed getters show (for "refused actions change nothing", and what an action did).
#[derive(Clone, Debug, PartialEq)]
struct Snap {
    hands: Vec<CardMultiset>,
    stock: Vec<Card>,
    discard: Vec<Card>,
    melds: Vec<tapis::engine::programmes::Meld>,
    programs: Vec<Option<String>>,
    done: Vec<u32>,
    revealed: Vec<bool>,
    can_exchange: Vec<bool>,
    phase: Phase,
    to_move: Option<Seat>,
    taken: Option<Card>,
    turns: u32,
    deal: u32,
    events: usize,
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

/// What the rules say one action does (docs/rules/programmes.md §5).
fn check_transition(before: &Snap, after: &Programmes, seat: Seat, action: &Action, ctx: &str) {
    let same_round = after.deal_number() == before.deal && after.to_move().is_some();
    match action {
        Action::DrawStock => {
            let top = before.stock[0];
            assert_eq!(after.hand(seat).count(top), before.hands[seat].count(top) + 1, "{ctx}: drew the stock's top {top}");
            assert_eq!(after.stock_size(), before.stock.len() - 1, "{ctx}");
            assert_eq!(after.phase(), Phase::Play, "{ctx}");
        }
        Action::DrawDiscard => {
            let top = *before.discard.first().unwrap();
            assert!(before.hands[seat].len() > 1, "{ctx}: one card in hand: the stock only");
            assert_eq!(after.taken_from_discard(), Some(top), "{ctx}");
            assert_eq!(after.hand(seat).len(), before.hands[seat].len() + 1, "{ctx}");
        }
        Action::Discard(card) => {
            assert!(
                before.taken != Some(*card) || before.hands[seat].iter().all(|c| c == *card),
                "{ctx}: discarded the card taken from the discard pile"
            );
            if same_round {
                assert_eq!(after.discard_top(), Some(*card), "{ctx}");
                assert_eq!(after.to_move(), Some(after.next_seat(seat)), "{ctx}: the turn passes left");
                assert_eq!(after.phase(), Phase::Draw, "{ctx}");
            } else if after.deal_number() == before.deal || after.to_move().is_none() {
                // The round ended: the seat went out, or the next turn found no card / the limit.
                assert!(before.hands[seat].len() == 1 || after.last_round_end() != Some(RoundEnd::WentOut { seat }), "{ctx}");
            }
        }
        Action::Reveal(combos) => {
            assert!(!before.revealed[seat], "{ctx}");
            // A completed program counts 1 (suns dealt for the next round may add more).
            if same_round {
                assert_eq!(after.programs_done(seat), before.done[seat] + 1, "{ctx}: a completed program counts 1");
            } else {
                assert!(after.programs_done(seat) > before.done[seat], "{ctx}: a completed program counts");
            }
            if same_round {
                assert!(after.has_revealed(seat), "{ctx}");
                assert_eq!(after.melds().len(), before.melds.len() + combos.len(), "{ctx}");
            }
        }
        Action::Meld(_) | Action::Extend { .. } => {
            assert!(before.revealed[seat], "{ctx}: only after revealing");
        }
        Action::ExchangeProgram => {
            assert!(before.can_exchange[seat], "{ctx}");
        }
    }
}

impl Model for Rules {
    type G = Programmes;
    type Snap = Snap;

    fn snap(g: &Programmes) -> Snap {
        let n = g.players();
        Snap {
            hands: (0..n).map(|s| g.hand(s)).collect(),
            stock: g.stock(),
            discard: g.discard(),
            melds: g.melds().to_vec(),
            programs: (0..n).map(|s| g.program(s).map(|p| p.to_string())).collect(),
            done: (0..n).map(|s| g.programs_done(s)).collect(),
            revealed: (0..n).map(|s| g.has_revealed(s)).collect(),
            can_exchange: (0..n).map(|s| g.can_exchange(s)).collect(),
            phase: g.phase(),
            to_move: g.to_move(),
            taken: g.taken_from_discard(),
            turns: g.turns(),
            deal: g.deal_number(),
            events: g.events().len(),
        }
    }

    fn check_state(&mut self, g: &Programmes, legal: &[Action], at: &At, counts: &mut Counts) {
        let ctx = at.ctx;
        assert_eq!(all_cards(g), Some(CardMultiset::PACK_108), "{}: the 108 cards", ctx());
        if let Some(seat) = g.to_move() {
            if legal.len() as u64 > counts.largest("legal actions at a position") && legal.len() > 300 {
                println!(
                    "{} legal actions: hand {:?}, program {}",
                    legal.len(),
                    g.hand(seat),
                    g.program(seat).map_or("-".into(), |p| p.card().describe_en())
                );
            }
            counts.max("legal actions at a position", legal.len() as u64);
        }
    }

    fn check_move(&mut self, step: &Step<Self>, at: &At, counts: &mut Counts) {
        let (pre, game, seat, action) = (step.pre, step.after, step.seat, step.action);
        check_transition(pre, game, seat, action, &(at.ctx)());
        counts.bump("actions");
        match action {
            Action::Reveal(_) => counts.bump("reveals"),
            Action::Meld(_) => counts.bump("melds"),
            Action::Extend { .. } => counts.bump("extends"),
            Action::DrawDiscard => counts.bump("draws from the discard pile"),
            Action::ExchangeProgram => counts.bump("exchanges"),
            _ => {}
        }
        if matches!(action, Action::Discard(_)) && pre.stock.is_empty() && game.stock_size() > 0 && game.deal_number() == pre.deal {
            counts.bump("stock rebuilds");
        }
        if game.deal_number() != self.deal || game.to_move().is_none() {
            counts.bump("rounds");
            match game.last_round_end() {
                Some(RoundEnd::WentOut { .. }) => counts.bump("rounds won by going out"),
                Some(RoundEnd::AllRevealed) => counts.bump("rounds where all revealed"),
                Some(RoundEnd::StockEmpty) => counts.bump("rounds ended by an empty stock"),
                Some(RoundEnd::TurnLimit) => counts.bump("rounds at the turn limit"),
                None => {}
            }
            self.deal = game.deal_number();
        }
    }

    fn check_start(&mut self, _record: &Record, _starting: &[tapis::engine::game::Chips], g: &Programmes, _at: &At, _counts: &mut Counts) {
        self.deal = g.deal_number();
    }

    fn check_end(&mut self, g: &Programmes, _at: &At, counts: &mut Counts) {
        if g.winner().is_some() {
            counts.bump("won games");
        }
    }

    /// Illegal actions are refused and change nothing (every other position, and wherever a card
    /// was taken from the discard pile).
    fn probe(&mut self, g: &Programmes, seat: Seat, moves: usize, rng: &mut GameRng) -> Option<Vec<(Seat, Action)>> {
        (moves.is_multiple_of(2) || g.taken_from_discard().is_some()).then(|| illegal_candidates(g, seat, rng))
    }

    /// Random, or the greedy policy (or the rule bot).
    fn own_move(&mut self, game: &Programmes, seat: Seat, legal: &[Action], rng: &mut GameRng, at: &At, counts: &mut Counts) -> Action {
        let ctx = at.ctx;
        let mut action = legal[index_below(legal.len(), rng)].clone();
        if self.rule_bot && !rng.random_bool(self.noise) {
            action = programmes_bot::decide(&game.observe(seat), legal);
            assert!(legal.contains(&action), "{}: the rule bot chose '{action}', not a legal action", ctx());
        } else if !rng.random_bool(self.noise) {
            let greedy = programmes_bot::greedy_action(game).expect("a seat is to move");
            if game.clone().play(seat, &greedy).is_ok() {
                action = greedy;
            } else {
                counts.bump("greedy moves refused");
            }
        }
        action
    }

    fn visit_move(&mut self, game: &Programmes, seat: Seat, legal: &[Action], rng: &mut GameRng) -> Action {
        let ctx = || format!("visiting {}", game.describe(seat));
        self.own_move(game, seat, legal, rng, &At { ctx: &ctx, single_deal: false }, &mut Counts::default())
    }

    /// The observer's cards and program are the same; every other hand holds as many cards, and
    /// those taken from the discard pile; the hidden cards are the same cards, dealt again.
    fn check_determinized(&mut self, game: &Programmes, d: &Programmes, seat: Seat, at: &At) {
        let (ctx, n) = (at.ctx, game.players());
        assert_eq!((d.hand(seat), d.program(seat)), (game.hand(seat), game.program(seat)), "{}", ctx());
        assert_eq!((d.stock_size(), d.discard(), d.melds()), (game.stock_size(), game.discard(), game.melds()), "{}", ctx());
        assert_eq!(all_cards(d), Some(CardMultiset::PACK_108), "{}: the 108 cards", ctx());
        let mut hidden_real: CardMultiset = game.stock().into_iter().collect();
        let mut hidden_sampled: CardMultiset = d.stock().into_iter().collect();
        for other in (0..n).filter(|&o| o != seat) {
            assert_eq!(d.hand(other).len(), game.hand(other).len(), "{}: seat {other}'s count", ctx());
            assert!(d.hand(other).checked_sub(game.known(other)).is_some(), "{}: seat {other} holds what he took", ctx());
            hidden_real = hidden_real.checked_add(game.hand(other)).unwrap();
            hidden_sampled = hidden_sampled.checked_add(d.hand(other)).unwrap();
        }
        assert_eq!(hidden_sampled, hidden_real, "{}: the hidden cards", ctx());
    }

    /// A round dealt afresh (docs/rules/programmes.md §4.2: 13 cards each, one turned up, the
    /// player left of the dealer starts).
    fn check_redeal(&mut self, base: &Programmes, game: &Programmes, at: &At) {
        let (ctx, n) = (at.ctx, base.players());
        assert!((0..n).all(|s| game.hand(s).len() == 13), "{}", ctx());
        assert_eq!((game.discard_size(), game.stock_size()), (1, 108 - 13 * n - 1), "{}", ctx());
        assert_eq!((game.chips(), game.dealer(), game.deal_number()), (base.chips(), base.dealer(), base.deal_number()), "{}", ctx());
        assert_eq!((game.phase(), game.to_move()), (Phase::Draw, Some(game.next_seat(base.dealer()))), "{}", ctx());
    }
}

conformance_tests!(SUITE);

#[test]
fn random_rounds_keep_the_invariants() {
    let total = random_games(&SUITE);
    assert!(total["rounds"] >= 100_000);
    total.assert_reached(&[
        "reveals",
        "melds",
        "extends",
        "draws from the discard pile",
        "exchanges",
        "stock rebuilds",
        "rounds won by going out",
        "rounds where all revealed",
        "rounds at the turn limit",
        "won games",
    ]);
}
