//! Nain Jaune properties over many random games (docs/rules/nain-jaune.md, docs/record.md).
//!
//! The shared conformance suite (`common::conformance`) plays the games, each fixed by its index
//! (a seeded loop: the run is deterministic). The games spread over 2 to 8 players and every
//! option combination; players choose uniformly random legal moves, or the engine's own playout
//! move, and in some games the `easy` (or `random`) computer players of `tapis::ai::choose` play.
//!
//! After EVERY action the suite checks what holds in every game (chips conserved, no negative
//! stack, the mover has a legal move, refused moves change nothing, observations and their
//! re-deals, the record's replay), and here: the 52 cards each in exactly one place, the boxes
//! never negative, public voids true, the legal moves exactly the rules' (docs/rules/nain-jaune.md
//! §4), and an independent model of the transition the rules call for (who moves next and with
//! what, boxes won, the settlement, the next stake and deal, the end of the game).
//!
//! `cargo test --test nain_jaune_properties -- --nocapture` prints the coverage counts.

mod common;

use common::conformance::{self, random_games, visit_positions, At, Case, Model, Player, Playouts, Probes, Seating, Step, Suite, Visits};
use common::Counts;
use rand::Rng;
use serde_json::json;
use tapis::ai::nain_jaune_playout::{play_out, playout_move};
use tapis::engine::cards::{Card, CardSet, Rank};
use tapis::engine::game::{Chips, Game, GameId, Seat};
use tapis::engine::nain_jaune::{Action, Event, NainJaune, Phase, RoundSettlement, MAX_DEALS};
use tapis::engine::rng::{index_below, seeded, GameRng};
use tapis::engine::setup::Setup;
use tapis::record::Record;

/// 100,000 random games, every table size more than 10,000 times, one in a hundred logged and its
/// record replayed through its JSON text. The single-deal playouts: one deal, dealt afresh with the
/// table's stakes already paid, played by the engine's playout move, settled by
/// docs/rules/nain-jaune.md §5.
const SUITE: Suite<Rules> = Suite {
    case: config,
    games: 100_000,
    per_table_size: 10_000,
    full_replays: 1_000,
    probes: Probes { read_back_up_to: 8, accept_one_in: 0, observe_one_in: 40 },
    replayed: &[0, 1, 3, 23, 100, 4_321],
    visits: Visits { games: 2_500, one_in: 6, play_on_one_in: 16, at_least: 50_000 },
    playouts: Playouts { games: 20_000, policy: Player::EngineRandom, at_least: 10_000, settled: "rounds" },
};

// ---------------------------------------------------------------------------------------------
// The rules, written again independently of the engine (docs/rules/nain-jaune.md)
// ---------------------------------------------------------------------------------------------

/// The board cards in box order, and each box's stake per player before the multiplier.
const BOARD_CARDS: [&str; 5] = ["10D", "JC", "QS", "KH", "7D"];
const BOX_STAKES: [Chips; 5] = [1, 2, 3, 4, 5];

fn board_card(b: usize) -> Card {
    BOARD_CARDS[b].parse().unwrap()
}

fn box_of(card: Card) -> Option<usize> {
    (0..5).find(|&b| board_card(b) == card)
}

/// Hand size and talon size for a shuffled deal.
fn deal_size(players: usize) -> (usize, usize) {
    [(22, 8), (15, 7), (12, 4), (9, 7), (8, 4), (7, 3), (6, 4)][players - 2]
}

/// The options of one game, and the seats that have played in the current round.
#[derive(Clone, Debug)]
struct Rules {
    players: usize,
    anticlockwise: bool,
    multiplier: Chips,
    pips: bool,
    rounds: u32,
    movers: u16,
}

impl Rules {
    fn next(&self, seat: Seat) -> Seat {
        if self.anticlockwise {
            (seat + self.players - 1) % self.players
        } else {
            (seat + 1) % self.players
        }
    }

    fn stake(&self) -> Chips {
        15 * self.multiplier
    }

    fn points(&self, hand: CardSet) -> Chips {
        if self.pips {
            hand.iter().map(|c| (c.rank_unchecked().index() as Chips + 1).min(10)).sum()
        } else {
            hand.len() as Chips
        }
    }

    /// The chip leader, or none on a tie.
    fn leader(chips: &[Chips]) -> Option<Seat> {
        let best = *chips.iter().max().unwrap();
        let leaders: Vec<Seat> = (0..chips.len()).filter(|&s| chips[s] == best).collect();
        (leaders.len() == 1).then(|| leaders[0])
    }

    /// Whether the game ends before the round that would follow round `deals_dealt`.
    fn game_ends(&self, chips: &[Chips], deals_dealt: u32) -> bool {
        chips.iter().any(|&c| c < self.stake()) || (self.rounds > 0 && deals_dealt >= self.rounds) || deals_dealt >= MAX_DEALS
    }
}

/// Everything the typed getters show, before and after one action.
#[derive(Clone, Debug, PartialEq)]
struct Snap {
    deal: u32,
    dealer: Seat,
    phase: Phase,
    to_move: Option<Seat>,
    winner: Option<Seat>,
    chips: Vec<Chips>,
    boxes: [Chips; 5],
    hands: Vec<CardSet>,
    talon: CardSet,
    played: CardSet,
    run: CardSet,
}

/// What happened in one round's settlement (for the coverage counts).
#[derive(Default)]
struct Settlement {
    grand_opera: bool,
    penalties: usize,
    short: usize,
}

/// Checks that `post` is what docs/rules/nain-jaune.md makes of `pre` when `seat` plays `card`;
/// `movers` are the seats that had played this round before this card. With `single_deal` (the
/// engine's playout mode), the game stops once the round is settled instead of staking the next
/// one.
#[allow(clippy::too_many_arguments)]
fn check_transition(
    rules: &Rules,
    pre: &Snap,
    post: &Snap,
    seat: Seat,
    card: Card,
    movers: u16,
    single_deal: bool,
    counts: &mut Counts,
    ctx: &dyn Fn() -> String,
) {
    let n = rules.players;
    let mut chips = pre.chips.clone();
    let mut boxes = pre.boxes;
    let mut hands = pre.hands.clone();
    hands[seat].remove(card);
    let mut played = pre.played;
    played.insert(card);
    // "Playing a board card takes everything in its box at once."
    if let Some(b) = box_of(card) {
        chips[seat] += boxes[b];
        boxes[b] = 0;
        counts.bump("boxes won");
    }
    if !hands[seat].is_empty() {
        assert_eq!(post.chips, chips, "{}: chips after {card}", ctx());
        assert_eq!(post.boxes, boxes, "{}: boxes after {card}", ctx());
        assert_eq!(post.hands, hands, "{}: hands after {card}", ctx());
        assert_eq!((post.talon, post.played), (pre.talon, played), "{}", ctx());
        assert_eq!((post.dealer, post.deal), (pre.dealer, pre.deal), "{}", ctx());
        let run = if pre.phase == Phase::Lead { CardSet::from_cards([card]) } else { pre.run | CardSet::from_cards([card]) };
        assert_eq!(post.run, run, "{}: the sequence", ctx());
        // Who continues: the same player if he holds the next rank, else the next holder in the
        // direction of play; nobody (or after a king): the same player leads again.
        let expected = match card.rank_unchecked().next_up() {
            None => {
                counts.bump("kings");
                (Phase::Lead, Some(seat))
            }
            Some(wanted) => {
                let of_rank = CardSet::of_rank(wanted);
                if hands[seat].intersects(of_rank) {
                    (Phase::Follow(wanted), Some(seat))
                } else {
                    let mut next = rules.next(seat);
                    while next != seat && !hands[next].intersects(of_rank) {
                        next = rules.next(next);
                    }
                    if next == seat {
                        counts.bump("stops");
                        (Phase::Lead, Some(seat))
                    } else {
                        counts.bump("withouts");
                        (Phase::Follow(wanted), Some(next))
                    }
                }
            }
        };
        assert_eq!((post.phase, post.to_move), expected, "{}: who continues after seat {seat}'s {card}", ctx());
        return;
    }

    // The round is over: settlement.
    let mut settlement = Settlement { grand_opera: movers & !(1 << seat) == 0, ..Default::default() };
    let losers: Vec<Seat> = {
        let mut v = Vec::new();
        let mut s = rules.next(seat);
        while s != seat {
            v.push(s);
            s = rules.next(s);
        }
        v
    };
    assert_eq!(losers.len(), n - 1);
    for &l in &losers {
        #[allow(clippy::needless_range_loop)] // b names a box and its board card alike
        for b in 0..5 {
            if hands[l].contains(board_card(b)) {
                let pay = boxes[b].min(chips[l]);
                settlement.penalties += 1;
                if pay < boxes[b] {
                    settlement.short += 1;
                }
                chips[l] -= pay;
                boxes[b] += pay;
            }
        }
    }
    if settlement.grand_opera {
        chips[seat] += boxes.iter().sum::<Chips>();
        boxes = [0; 5];
    }
    for &l in &losers {
        let owed = rules.points(hands[l]);
        let pay = owed.min(chips[l]);
        if pay < owed {
            settlement.short += 1;
        }
        chips[l] -= pay;
        chips[seat] += pay;
    }
    counts.bump("rounds");
    counts.add("grand operas", settlement.grand_opera as u64);
    counts.add("penalties", settlement.penalties as u64);
    counts.add("short payments", settlement.short as u64);

    if single_deal {
        assert_eq!((post.phase, post.to_move), (Phase::GameOver, None), "{}: a single deal stops", ctx());
        assert_eq!((&post.chips, post.boxes), (&chips, boxes), "{}: the single deal's settlement", ctx());
        assert_eq!((post.hands.clone(), post.played, post.deal), (hands, played, pre.deal), "{}", ctx());
    } else if rules.game_ends(&chips, pre.deal) {
        assert_eq!(post.to_move, None, "{}: the game should be over", ctx());
        assert_eq!(post.phase, Phase::GameOver, "{}", ctx());
        assert_eq!(post.chips, chips, "{}: final settlement", ctx());
        assert_eq!(post.boxes, boxes, "{}: final boxes", ctx());
        assert_eq!(post.hands, hands, "{}: the last hands stay on the table", ctx());
        assert_eq!((post.talon, post.played, post.deal, post.dealer), (pre.talon, played, pre.deal, pre.dealer), "{}", ctx());
        assert_eq!(post.winner, Rules::leader(&chips), "{}: the winner is the chip leader", ctx());
    } else {
        let stake = rules.stake();
        for c in &mut chips {
            *c -= stake;
        }
        for b in 0..5 {
            boxes[b] += BOX_STAKES[b] * rules.multiplier * n as Chips;
        }
        let dealer = rules.next(pre.dealer);
        assert_eq!(post.chips, chips, "{}: settlement then the next stake", ctx());
        assert_eq!(post.boxes, boxes, "{}: boxes after settlement and stake", ctx());
        assert_eq!((post.deal, post.dealer), (pre.deal + 1, dealer), "{}: the deal rotates", ctx());
        assert_eq!((post.phase, post.to_move), (Phase::Lead, Some(rules.next(dealer))), "{}: the dealer's next seat leads", ctx());
        assert_eq!((post.played, post.run), (CardSet::EMPTY, CardSet::EMPTY), "{}", ctx());
        let (per_hand, talon) = deal_size(n);
        assert!(post.hands.iter().all(|h| h.len() == per_hand), "{}: hand sizes", ctx());
        assert_eq!(post.talon.len(), talon, "{}: talon size", ctx());
        assert_eq!(post.winner, None);
    }
}

/// The invariants that hold in every state (beyond the suite's).
fn check_state(g: &NainJaune, legal: &[Action], at: &At) {
    let ctx = at.ctx;
    let n = g.players();
    let chips = g.chips();
    let boxes = g.boxes();
    assert!(boxes.iter().all(|&c| c >= 0), "{}: negative box {boxes:?}", ctx());
    if g.deal_number() > 0 {
        // Every card exactly once: hands + talon + played.
        let mut all = g.talon();
        let mut count = g.talon().len() + g.played().len();
        assert!(!all.intersects(g.played()), "{}: a card both in the talon and played", ctx());
        all |= g.played();
        for s in 0..n {
            let hand = g.hand(s);
            assert!(!all.intersects(hand), "{}: seat {s} holds a card that is elsewhere", ctx());
            all |= hand;
            count += hand.len();
            // Public voids are true.
            for r in 0..13 {
                if g.voids(s) & (1 << r) != 0 {
                    assert!(!hand.intersects(CardSet::of_rank(Rank::from_index(r))), "{}: seat {s} is said void in rank {r}", ctx());
                }
            }
        }
        assert_eq!((all, count), (CardSet::PACK_52, 52), "{}: the 52 cards", ctx());
        assert_eq!(g.run() - g.played(), CardSet::EMPTY, "{}: the sequence is made of played cards", ctx());
    }
    match g.to_move() {
        Some(seat) => {
            let legal_set: CardSet = legal.iter().map(|&Action::Play(c)| c).collect();
            assert_eq!(legal_set.len(), legal.len(), "{}: duplicate legal actions", ctx());
            let expected = match g.phase() {
                Phase::Lead => g.hand(seat),
                Phase::Follow(r) => g.hand(seat) & CardSet::of_rank(r),
                Phase::GameOver => panic!("{}: game over with a seat to move", ctx()),
            };
            assert_eq!(legal_set, expected, "{}: legal actions", ctx());
            assert!(g.winner().is_none());
        }
        None => {
            assert_eq!(g.phase(), Phase::GameOver, "{}", ctx());
            // (A single deal stops without naming a winner.)
            if !at.single_deal {
                assert_eq!(g.winner(), Rules::leader(chips), "{}: winner", ctx());
            }
        }
    }
}

impl Model for Rules {
    type G = NainJaune;
    type Snap = Snap;

    fn snap(g: &NainJaune) -> Snap {
        Snap {
            deal: g.deal_number(),
            dealer: g.dealer(),
            phase: g.phase(),
            to_move: g.to_move(),
            winner: g.winner(),
            chips: g.chips().to_vec(),
            boxes: g.boxes(),
            hands: (0..g.players()).map(|s| g.hand(s)).collect(),
            talon: g.talon(),
            played: g.played(),
            run: g.run(),
        }
    }

    fn check_state(&mut self, g: &NainJaune, legal: &[Action], at: &At, _counts: &mut Counts) {
        check_state(g, legal, at);
    }

    fn check_move(&mut self, step: &Step<Self>, at: &At, counts: &mut Counts) {
        let (pre, post, seat) = (step.pre, step.post, step.seat);
        let Action::Play(card) = *step.action;
        check_transition(self, pre, post, seat, card, self.movers, at.single_deal, counts, at.ctx);
        self.movers = if post.deal != pre.deal { 0 } else { self.movers | 1 << seat };
    }

    /// The start: stake and deal, or the end at once.
    fn check_start(&mut self, record: &Record, starting: &[Chips], game: &NainJaune, at: &At, counts: &mut Counts) {
        let (rules, n, ctx_base) = (&*self, self.players, at.ctx);
        let first_dealer = record.first_dealer.unwrap_or(0);
        if starting.iter().any(|&c| c < rules.stake()) {
            assert!(game.is_finished(), "{}: a player cannot make the first stake", ctx_base());
            assert_eq!(game.deal_number(), 0);
            assert_eq!(game.chips(), starting);
            counts.bump("ended before the first round");
        } else {
            assert_eq!((game.deal_number(), game.dealer()), (1, first_dealer), "{}", ctx_base());
            assert_eq!(game.to_move(), Some(rules.next(first_dealer)), "{}: the first leader", ctx_base());
            let expected: Vec<Chips> = starting.iter().map(|c| c - rules.stake()).collect();
            assert_eq!(game.chips(), &expected[..], "{}: the first stake", ctx_base());
            let boxes: Vec<Chips> = BOX_STAKES.iter().map(|s| s * rules.multiplier * n as Chips).collect();
            assert_eq!(&game.boxes()[..], &boxes[..], "{}: the first boxes", ctx_base());
            let (per_hand, talon) = deal_size(n);
            assert!((0..n).all(|s| game.hand(s).len() == per_hand) && game.talon().len() == talon, "{}: first deal sizes", ctx_base());
        }
    }

    fn check_end(&mut self, game: &NainJaune, at: &At, counts: &mut Counts) {
        let ctx_base = at.ctx;
        counts.max("rounds in a game", u64::from(game.deal_number()));
        if game.winner().is_none() {
            counts.bump("ties");
        }
        if game.deal_number() > 0 {
            if game.chips().iter().any(|&c| c < self.stake()) {
                counts.bump("ended: a player cannot stake");
            } else if self.rounds > 0 && game.deal_number() >= self.rounds {
                counts.bump("ended: the rounds were played");
            } else {
                assert_eq!(game.deal_number(), MAX_DEALS, "{}: why did the game end?", ctx_base());
                counts.bump("ended: the engine's round limit");
                counts.notes.push(format!("{} final chips {:?}", ctx_base(), game.chips()));
            }
        }
    }

    /// One position in eight: a card of the pack drawn at random.
    fn probe(&mut self, _g: &NainJaune, seat: Seat, _moves: usize, rng: &mut GameRng) -> Option<Vec<(Seat, Action)>> {
        (rng.random_range(0..8u32) == 0).then(|| vec![(seat, Action::Play(Card::from_index(index_below(52, rng))))])
    }

    /// The playout fast path picks and plays in one go; the card is read back from the hand it
    /// left (a one-card hand is emptied, and the next deal may replace it).
    fn random_move(&self, _before: &NainJaune, pre: &Snap, after: &NainJaune, seat: Seat, _legal: &[Action], at: &At) -> Action {
        let ctx = at.ctx;
        let gone = if pre.hands[seat].len() == 1 { pre.hands[seat] } else { pre.hands[seat] - after.hand(seat) };
        assert_eq!(gone.len(), 1, "{}: play_random played one card", ctx());
        Action::Play(gone.first().unwrap())
    }

    fn check_determinized(&mut self, game: &NainJaune, d: &NainJaune, seat: Seat, at: &At) {
        let (ctx, n) = (at.ctx, game.players());
        // Same own hand and same public information: the observer cannot tell them apart.
        assert_eq!(d.hand(seat), game.hand(seat), "{}", ctx());
        assert_eq!(d.chips(), game.chips(), "{}", ctx());
        assert_eq!(d.boxes(), game.boxes(), "{}", ctx());
        assert_eq!((d.played(), d.run()), (game.played(), game.run()), "{}", ctx());
        assert_eq!((d.dealer(), d.deal_number()), (game.dealer(), game.deal_number()), "{}", ctx());
        assert_eq!((d.phase(), d.to_move(), d.winner()), (game.phase(), game.to_move(), game.winner()), "{}", ctx());
        assert_eq!(d.options(), game.options(), "{}", ctx());
        // Same counts; the hidden cards are the same cards, dealt again.
        assert_eq!(d.talon().len(), game.talon().len(), "{}", ctx());
        let mut hidden_real = game.talon();
        let mut hidden_sampled = d.talon();
        for other in (0..n).filter(|&o| o != seat) {
            assert_eq!(d.hand(other).len(), game.hand(other).len(), "{}: seat {other}'s count", ctx());
            hidden_real |= game.hand(other);
            hidden_sampled |= d.hand(other);
            // The public voids hold in the sampled hands.
            for r in 0..13 {
                if game.voids(other) & (1 << r) != 0 {
                    assert!(!d.hand(other).intersects(CardSet::of_rank(Rank::from_index(r))), "{}: seat {other} void in rank {r}", ctx());
                }
            }
            assert_eq!(d.voids(other), game.voids(other));
        }
        assert_eq!(hidden_sampled, hidden_real, "{}: the hidden cards", ctx());
        let mut all = d.played() | d.talon();
        for s in 0..n {
            assert!(!all.intersects(d.hand(s)));
            all |= d.hand(s);
        }
        if game.deal_number() > 0 {
            assert_eq!(all, CardSet::PACK_52, "{}", ctx());
        }
    }

    /// A deal dealt afresh with the table's stakes already paid.
    fn check_redeal(&mut self, base: &NainJaune, game: &NainJaune, at: &At) {
        let ctx = at.ctx;
        let (per_hand, talon) = deal_size(self.players);
        assert!((0..self.players).all(|s| game.hand(s).len() == per_hand), "{}", ctx());
        assert_eq!(game.talon().len(), talon);
        assert_eq!(
            (game.chips(), game.boxes(), game.dealer(), game.deal_number()),
            (base.chips(), base.boxes(), base.dealer(), base.deal_number())
        );
        assert_eq!((game.phase(), game.to_move()), (Phase::Lead, Some(self.next(base.dealer()))), "{}", ctx());
    }
}

// ---------------------------------------------------------------------------------------------
// Random games
// ---------------------------------------------------------------------------------------------

/// The game with this index: players and options cycle through every combination; stacks, seed,
/// first dealer and computer players are drawn from the index's own random stream.
fn config(index: u64) -> Case<Rules> {
    let mut rng = seeded(0x4E41_494E_0000_0000 ^ index);
    let players = 2 + (index % 7) as usize;
    let combo = index / 7;
    let anticlockwise = combo % 2 == 1;
    let multiplier = 1 + (combo / 2 % 3) as Chips;
    let pips = (combo / 6).is_multiple_of(2);
    let rounds = (combo / 12 % 6) as u32; // 0 (until someone cannot stake) or 1..=5

    let mut record = Record::new(GameId::NainJaune, players, rng.random());
    let mut options = serde_json::Map::new();
    // Write some defaults out explicitly, leave others out: both must mean the same.
    if anticlockwise || rng.random_bool(0.5) {
        options.insert("direction".into(), json!(if anticlockwise { "anticlockwise" } else { "clockwise" }));
    }
    if multiplier > 1 || rng.random_bool(0.5) {
        options.insert("stake_multiplier".into(), json!(multiplier));
    }
    if !pips || rng.random_bool(0.5) {
        options.insert("points".into(), json!(if pips { "pips" } else { "cards" }));
    }
    if rounds > 0 || rng.random_bool(0.5) {
        options.insert("rounds".into(), json!(rounds));
    }
    // Small stacks end games fast; a few large ones make long games.
    let start_chips = [15, 20, 30, 31, 45, 60, 75, 100, 100, 150, 300][index_below(11, &mut rng)];
    if start_chips != 100 || rng.random_bool(0.5) {
        options.insert("start_chips".into(), json!(start_chips));
    }
    record.options = options;
    match rng.random_range(0..10u32) {
        // Uneven stacks, sometimes one too short for even the first stake.
        0 | 1 => record.chips = Some((0..players).map(|_| rng.random_range(0..=200)).collect()),
        _ => {}
    }
    if rng.random_bool(0.7) {
        record.first_dealer = Some(index_below(players, &mut rng));
    }
    let seats = Seating { bots: (20, 3), engine: (2, 1), otherwise: Player::Uniform }.seats(index, players, &mut rng);
    let rules = Rules { players, anticlockwise, multiplier, pips, rounds, movers: 0 };
    let logging = index.is_multiple_of(100);
    let seed = index.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    // No game may take more moves than `MAX_DEALS` rounds of at most 52 plays each.
    let move_cap = MAX_DEALS as usize * 52 + 1;
    Case { index, record, model: rules, players: seats, logging, single_deal: false, seed, move_cap }
}

conformance_tests!(SUITE);

#[test]
fn every_action_keeps_the_invariants_and_follows_the_rules() {
    // The random games reach every part of the rules.
    random_games(&SUITE).assert_reached(&[
        "ended: a player cannot stake",
        "ended: the rounds were played",
        "ended before the first round",
        "grand operas",
        "penalties",
        "short payments",
        "boxes won",
        "kings",
        "stops",
        "withouts",
        "ties",
    ]);
}

// ---------------------------------------------------------------------------------------------
// Determinization
// ---------------------------------------------------------------------------------------------

#[test]
fn determinize_before_the_first_deal() {
    // docs/rules/nain-jaune.md §6: the game ends when a player cannot stake before a round — also
    // before round 1 (deal_number 0, nothing dealt). Such a finished game can still be observed
    // (the app shows it, the worker may receive it), and `Game::determinize` promises a state
    // consistent with any observation; it panics instead ("the true deal is consistent with every
    // observation, so some deal exists"), because it deals the 52 unseen cards into hands and a
    // talon that hold none.
    conformance::determinize_before_the_first_deal::<NainJaune>(&Setup {
        players: 3,
        seed: 1,
        chips: Some(vec![10, 100, 100]),
        ..Default::default()
    });
}

#[test]
fn fast_playouts_play_the_same_moves_as_the_playout_policy_move_by_move() {
    // `nain_jaune_playout::play_out` (the searches' and the bench's playouts) plays whole deals at
    // once on its own copies of the state. It must give exactly what repeating `playout_move` gives
    // under docs/rules/nain-jaune.md §4–6 (runs, "X without Y" voids, stops, boxes, the settlement,
    // the next deal): the same final state, the same number of moves, the same random draws.
    let mut compared = 0;
    visit_positions(config, 3_000, 6, |_, game, rng| {
        if game.is_finished() {
            return;
        }
        for single_deal in [true, false] {
            let mut fast = game.clone();
            fast.set_single_deal(single_deal);
            let mut slow = fast.clone();
            let seed: u64 = rng.random();
            let (mut fast_rng, mut slow_rng) = (seeded(seed), seeded(seed));
            let moves = play_out(&mut fast, &mut fast_rng);
            let mut slow_moves = 0;
            while playout_move(&mut slow, &mut slow_rng) {
                slow_moves += 1;
            }
            assert_eq!(moves, slow_moves, "seed {seed}");
            assert_eq!(format!("{fast:?}"), format!("{slow:?}"), "seed {seed}");
            assert_eq!(fast_rng.random::<u64>(), slow_rng.random::<u64>(), "seed {seed}: other draws");
            assert!(fast.is_finished() || single_deal && fast.to_move().is_none());
            compared += 1;
        }
    });
    assert!(compared > 10_000, "{compared} positions compared");
}

#[test]
fn the_playout_policy_takes_boxes_and_otherwise_plays_any_copy() {
    // The searches' playout policy (docs/rules/nain-jaune.md §1: suits play no part except for the
    // board cards): a follower holding the board card of the wanted rank plays it, else his first
    // copy; only a lead is random.
    let mut follows = 0;
    visit_positions(config, 500, 6, |_, game, rng| {
        let (Some(seat), Phase::Follow(rank)) = (game.to_move(), game.phase()) else { return };
        let playable = game.hand(seat) & CardSet::of_rank(rank);
        let mut next = game.clone();
        next.set_logging(false);
        next.set_single_deal(true);
        assert!(playout_move(&mut next, rng));
        let played = game.hand(seat) - next.hand(seat);
        let board = playable.iter().find(|&c| box_of(c).is_some());
        assert_eq!(played.first(), Some(board.unwrap_or_else(|| playable.first().unwrap())));
        follows += 1;
    });
    assert!(follows > 1_000, "{follows} follows");
}

#[test]
fn each_round_settlement_accounts_for_every_chip() {
    // docs/rules/nain-jaune.md §2 and §5: the stake, the boxes, the penalties and the payments for
    // the cards left are every chip a round moves; the summary shows the engine's settlement.
    let mut rounds = 0;
    common::random_finished_games::<NainJaune>(
        2000,
        8,
        30,
        |g| g.events().len(),
        |g, moves| {
            let events = g.events();
            let changes: Vec<Vec<Chips>> = events.iter().map(|e| e.chip_changes(g.players())).collect();
            let after = common::chips_after_each_event(&changes, moves);
            for (end, e) in events.iter().enumerate() {
                let Event::RoundWon { seat, deal_number, grand_opera } = *e else { continue };
                let s = RoundSettlement::of(events, deal_number, g.chip_counts()).expect("a settled round");
                let start = events.iter().position(|e| matches!(e, Event::Staked { deal_number: d, .. } if *d == deal_number)).unwrap();
                assert_eq!((s.winner, s.grand_opera), (seat, grand_opera));
                for (p, row) in s.rows.iter().enumerate() {
                    let before = if start == 0 { after[0][p] - changes[0][p] } else { after[start - 1][p] };
                    assert_eq!(row.chips, after[end][p], "round {deal_number}, seat {p}: chips after");
                    assert_eq!(row.net, row.chips - before, "round {deal_number}, seat {p}: net");
                    assert_eq!(row.stake + row.boxes + row.penalties + row.hand, row.net, "round {deal_number}, seat {p}");
                }
                rounds += 1;
            }
        },
    );
    assert!(rounds > 2000, "only {rounds} rounds");
}
