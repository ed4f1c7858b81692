//! Nain Jaune properties over many random games (RULES.md §2, RECORD.md).
//!
//! Every game is fixed by its index (a seeded loop: the run is deterministic). The games spread
//! over 2 to 8 players and every option combination; players choose uniformly random legal moves,
//! and in some games the `easy` (or `random`) computer players of `tapis::ai::choose` play.
//!
//! After EVERY action the test checks the invariants (chips conserved, the 52 cards each in
//! exactly one place, no negative stack, the mover has a legal move, public voids true) and an
//! independent model of the transition the rules call for (who moves next and with what, boxes
//! won, the settlement, the next stake and deal, the end of the game). At the end of every game
//! the record of its actions, replayed by `Table::replay`, must give the same referee state.
//!
//! `cargo test --test nain_jaune_properties -- --nocapture` prints the coverage counts.

use std::fmt::Write as _;
use std::thread;
use std::time::Instant;

use rand::Rng;
use serde_json::{json, Value};
use tapis::ai::{self, Level};
use tapis::engine::cards::{Card, CardSet, Rank};
use tapis::engine::game::{Chips, Game, GameId, Seat};
use tapis::engine::nain_jaune::{Action, NainJaune, Phase, MAX_DEALS};
use tapis::engine::rng::{index_below, seeded, GameRng};
use tapis::record::{Record, RecordedAction, Table};

/// Random games in `every_action_keeps_the_invariants_and_follows_the_rules`.
const GAMES: u64 = 100_000;
const THREADS: u64 = 2;
/// No game may take more moves than this: `MAX_DEALS` rounds of at most 52 plays each.
const MOVE_CAP: usize = MAX_DEALS as usize * 52 + 1;

// ---------------------------------------------------------------------------------------------
// The rules, written again independently of the engine (RULES.md §2)
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

#[derive(Clone, Debug)]
struct Rules {
    players: usize,
    anticlockwise: bool,
    multiplier: Chips,
    pips: bool,
    rounds: u32,
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
        chips.iter().any(|&c| c < self.stake())
            || (self.rounds > 0 && deals_dealt >= self.rounds)
            || deals_dealt >= MAX_DEALS
    }
}

/// Everything the typed getters show, before and after one action.
#[derive(Clone, Debug, PartialEq)]
struct Snap {
    chips: Vec<Chips>,
    boxes: [Chips; 5],
    hands: Vec<CardSet>,
    talon: CardSet,
    played: CardSet,
    run: CardSet,
    dealer: Seat,
    deal: u32,
    phase: Phase,
    to_move: Option<Seat>,
    winner: Option<Seat>,
}

impl Snap {
    fn of(g: &NainJaune) -> Snap {
        Snap {
            chips: g.chips().to_vec(),
            boxes: g.boxes(),
            hands: (0..g.players()).map(|s| g.hand(s)).collect(),
            talon: g.talon(),
            played: g.played(),
            run: g.run(),
            dealer: g.dealer(),
            deal: g.deal_number(),
            phase: g.phase(),
            to_move: g.to_move(),
            winner: g.winner(),
        }
    }
}

/// What happened in one round's settlement (for the coverage counts).
#[derive(Default)]
struct Settlement {
    grand_opera: bool,
    penalties: usize,
    short: usize,
}

/// Checks that `post` is what RULES.md §2 makes of `pre` when `seat` plays `card`; `movers` are
/// the seats that had played this round before this card. With `single_deal` (the engine's
/// playout mode), the game stops once the round is settled instead of staking the next one.
#[allow(clippy::too_many_arguments)]
fn check_transition(
    rules: &Rules,
    pre: &Snap,
    post: &Snap,
    seat: Seat,
    card: Card,
    movers: u16,
    single_deal: bool,
    stats: &mut Stats,
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
        stats.boxes_won += 1;
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
                stats.kings += 1;
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
                        stats.stops += 1;
                        (Phase::Lead, Some(seat))
                    } else {
                        stats.withouts += 1;
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
    stats.rounds += 1;
    stats.grand_operas += settlement.grand_opera as u64;
    stats.penalties += settlement.penalties as u64;
    stats.short_payments += settlement.short as u64;

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

/// The invariants that hold in every state.
fn check_state(g: &NainJaune, total: Chips, legal: &[Action], ctx: &dyn Fn() -> String) {
    let n = g.players();
    let chips = g.chips();
    let boxes = g.boxes();
    assert_eq!(chips.iter().sum::<Chips>() + boxes.iter().sum::<Chips>(), total, "{}: chips not conserved", ctx());
    assert!(chips.iter().all(|&c| c >= 0), "{}: negative stack {chips:?}", ctx());
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
            assert!(!legal.is_empty(), "{}: seat {seat} to move has no legal action", ctx());
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
            assert!(legal.is_empty(), "{}: legal actions after the game", ctx());
            assert_eq!(g.phase(), Phase::GameOver, "{}", ctx());
            assert_eq!(g.winner(), Rules::leader(chips), "{}: winner", ctx());
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Random games
// ---------------------------------------------------------------------------------------------

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Player {
    /// Uniform over the legal actions, drawn here.
    Uniform,
    /// The engine's own random-playout move, `Game::play_random`.
    EngineRandom,
    /// `tapis::ai::choose` at this level, from the seat's observation.
    Bot(Level),
}

#[derive(Debug)]
struct Config {
    index: u64,
    record: Record,
    rules: Rules,
    players: Vec<Player>,
    logging: bool,
}

/// The game with this index: players and options cycle through every combination; stacks, seed,
/// first dealer and computer players are drawn from the index's own random stream.
fn config(index: u64) -> Config {
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
    let seats: Vec<Player> = if index % 20 == 3 {
        (0..players)
            .map(|_| match rng.random_range(0..3u32) {
                0 => Player::Uniform,
                1 => Player::Bot(Level::Random),
                _ => Player::Bot(Level::Easy),
            })
            .collect()
    } else if index % 2 == 1 {
        vec![Player::EngineRandom; players]
    } else {
        vec![Player::Uniform; players]
    };
    let rules = Rules { players, anticlockwise, multiplier, pips, rounds };
    Config { index, record, rules, players: seats, logging: index.is_multiple_of(100) }
}

#[derive(Default, Debug)]
struct Stats {
    games: u64,
    moves: u64,
    rounds: u64,
    by_players: [u64; 9],
    ended_cannot_stake: u64,
    ended_rounds: u64,
    ended_round_limit: u64,
    ended_before_first_round: u64,
    ties: u64,
    grand_operas: u64,
    penalties: u64,
    short_payments: u64,
    boxes_won: u64,
    kings: u64,
    stops: u64,
    withouts: u64,
    bot_moves: u64,
    engine_random_moves: u64,
    full_replays: u64,
    max_moves: usize,
    max_rounds: u32,
    /// Games that reached the engine's safety limit of `MAX_DEALS` rounds.
    round_limit_games: Vec<String>,
}

impl Stats {
    fn add(&mut self, o: &Stats) {
        self.games += o.games;
        self.moves += o.moves;
        self.rounds += o.rounds;
        for i in 0..9 {
            self.by_players[i] += o.by_players[i];
        }
        self.ended_cannot_stake += o.ended_cannot_stake;
        self.ended_rounds += o.ended_rounds;
        self.ended_round_limit += o.ended_round_limit;
        self.ended_before_first_round += o.ended_before_first_round;
        self.ties += o.ties;
        self.grand_operas += o.grand_operas;
        self.penalties += o.penalties;
        self.short_payments += o.short_payments;
        self.boxes_won += o.boxes_won;
        self.kings += o.kings;
        self.stops += o.stops;
        self.withouts += o.withouts;
        self.bot_moves += o.bot_moves;
        self.engine_random_moves += o.engine_random_moves;
        self.full_replays += o.full_replays;
        self.max_moves = self.max_moves.max(o.max_moves);
        self.max_rounds = self.max_rounds.max(o.max_rounds);
        self.round_limit_games.extend(o.round_limit_games.iter().cloned());
    }
}

fn without_events(mut state: Value) -> Value {
    state.as_object_mut().unwrap().remove("events");
    state
}

/// Plays one whole random game, checking every action; returns its final referee state.
fn run_game(cfg: &Config, stats: &mut Stats) -> Value {
    let ctx_base = || format!("game {} ({} players, options {:?}, chips {:?}, first_dealer {:?})", cfg.index, cfg.rules.players, cfg.record.options, cfg.record.chips, cfg.record.first_dealer);
    let rules = &cfg.rules;
    let n = rules.players;
    let mut game = NainJaune::new(&cfg.record.setup()).unwrap_or_else(|e| panic!("{}: {e}", ctx_base()));
    game.set_logging(cfg.logging);
    let starting: Vec<Chips> = cfg.record.chips.clone().unwrap_or_else(|| {
        let start = cfg.record.options.get("start_chips").and_then(Value::as_i64).unwrap_or(100);
        vec![start; n]
    });
    let total: Chips = starting.iter().sum();

    // The start: stake and deal, or the end at once.
    let first_dealer = cfg.record.first_dealer.unwrap_or(0);
    let mut legal = Vec::with_capacity(32);
    game.legal_actions_into(&mut legal);
    check_state(&game, total, &legal, &ctx_base);
    if starting.iter().any(|&c| c < rules.stake()) {
        assert!(game.is_finished(), "{}: a player cannot make the first stake", ctx_base());
        assert_eq!(game.deal_number(), 0);
        assert_eq!(game.chips(), &starting[..]);
        stats.ended_before_first_round += 1;
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

    let mut rng: GameRng = seeded(cfg.index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut actions: Vec<RecordedAction> = Vec::new();
    let mut movers: u16 = 0;
    while let Some(seat) = game.to_move() {
        let moves = actions.len();
        let deal = game.deal_number();
        let ctx = || format!("{}, move {moves} (deal {deal})", ctx_base());
        assert!(moves < MOVE_CAP, "{}: the game does not end", ctx());
        let pre = Snap::of(&game);
        let mut random_after: Option<NainJaune> = None;
        let action = match cfg.players[seat] {
            Player::Uniform => legal[index_below(legal.len(), &mut rng)],
            Player::EngineRandom => {
                // The playout fast path picks and plays in one go; the card is read back from the
                // hand it left (a one-card hand is emptied, and the next deal may replace it).
                let mut after = game.clone();
                assert!(after.play_random(&mut rng), "{}: play_random found no move", ctx());
                let gone = if pre.hands[seat].len() == 1 { pre.hands[seat] } else { pre.hands[seat] - after.hand(seat) };
                assert_eq!(gone.len(), 1, "{}: play_random played one card", ctx());
                let card = gone.first().unwrap();
                let action = Action::Play(card);
                assert!(legal.contains(&action), "{}: play_random played {card}, not one of {legal:?}", ctx());
                stats.engine_random_moves += 1;
                random_after = Some(after);
                action
            }
            Player::Bot(level) => {
                let chosen = ai::choose::<NainJaune>(&game.observe(seat), level, &mut rng);
                assert!(legal.contains(&chosen), "{}: the {level} bot chose '{chosen}', not one of {legal:?}", ctx());
                stats.bot_moves += 1;
                chosen
            }
        };
        let Action::Play(card) = action;
        game.play(seat, &action).unwrap_or_else(|e| panic!("{}: a legal action was refused: {e}", ctx()));
        let post = Snap::of(&game);
        let ctx = || format!("{}, move {moves} (deal {}, seat {seat} plays {card})", ctx_base(), pre.deal);
        if let Some(after) = random_after {
            assert_eq!(Snap::of(&after), post, "{}: play_random and play differ", ctx());
        }
        check_transition(rules, &pre, &post, seat, card, movers, false, stats, &ctx);
        movers = if post.deal != pre.deal { 0 } else { movers | 1 << seat };
        actions.push(RecordedAction { seat, action: action.to_string() });
        legal.clear();
        game.legal_actions_into(&mut legal);
        check_state(&game, total, &legal, &ctx);
    }

    // Statistics.
    stats.games += 1;
    stats.moves += actions.len() as u64;
    stats.by_players[n] += 1;
    stats.max_moves = stats.max_moves.max(actions.len());
    stats.max_rounds = stats.max_rounds.max(game.deal_number());
    if game.winner().is_none() {
        stats.ties += 1;
    }
    if game.deal_number() > 0 {
        if game.chips().iter().any(|&c| c < rules.stake()) {
            stats.ended_cannot_stake += 1;
        } else if rules.rounds > 0 && game.deal_number() >= rules.rounds {
            stats.ended_rounds += 1;
        } else {
            assert_eq!(game.deal_number(), MAX_DEALS, "{}: why did the game end?", ctx_base());
            stats.ended_round_limit += 1;
            stats.round_limit_games.push(format!("{} final chips {:?}", ctx_base(), game.chips()));
        }
    }

    // The record replays to the same state.
    let mut record = cfg.record.clone();
    record.actions = actions;
    if cfg.logging {
        // Through the JSON text, as the referee reads it, and with the whole event log.
        let text = record.to_json();
        let parsed = Record::from_json(&text).unwrap_or_else(|e| panic!("{}: the record does not read back: {e}", ctx_base()));
        let table = Table::replay(&parsed).unwrap_or_else(|e| panic!("{}: replay failed: {e}", ctx_base()));
        assert_eq!(table.referee_state(), game.referee_state(), "{}: the replay differs", ctx_base());
        let events = game.events();
        assert!(matches!(events.last(), Some(tapis::engine::nain_jaune::Event::GameOver { .. })), "{}: the log ends with the game's end", ctx_base());
        stats.full_replays += 1;
    } else {
        let table = Table::replay(&record).unwrap_or_else(|e| panic!("{}: replay failed: {e}", ctx_base()));
        assert_eq!(without_events(table.referee_state()), without_events(game.referee_state()), "{}: the replay differs", ctx_base());
    }
    game.referee_state()
}

#[test]
fn every_action_keeps_the_invariants_and_follows_the_rules() {
    let start = Instant::now();
    let totals = thread::scope(|scope| {
        let workers: Vec<_> = (0..THREADS)
            .map(|t| {
                scope.spawn(move || {
                    let mut stats = Stats::default();
                    let mut index = t;
                    while index < GAMES {
                        run_game(&config(index), &mut stats);
                        index += THREADS;
                    }
                    stats
                })
            })
            .collect();
        let mut totals = Stats::default();
        for w in workers {
            totals.add(&w.join().expect("a worker thread failed (see its panic above)"));
        }
        totals
    });
    let mut report = String::new();
    writeln!(report, "{} games, {} moves, {} rounds in {:.1?}", totals.games, totals.moves, totals.rounds, start.elapsed()).unwrap();
    writeln!(report, "{totals:#?}").unwrap();
    println!("{report}");

    assert_eq!(totals.games, GAMES);
    // The random games reach every part of the rules.
    for players in 2..=8 {
        assert!(totals.by_players[players] > 10_000, "{players} players: {}", totals.by_players[players]);
    }
    assert!(totals.ended_cannot_stake > 0 && totals.ended_rounds > 0 && totals.ended_before_first_round > 0);
    assert!(totals.grand_operas > 0, "no Grand Opéra in {} rounds", totals.rounds);
    assert!(totals.penalties > 0 && totals.short_payments > 0 && totals.boxes_won > 0);
    assert!(totals.kings > 0 && totals.stops > 0 && totals.withouts > 0);
    assert!(totals.ties > 0);
    assert!(totals.bot_moves > 0 && totals.engine_random_moves > 0);
    assert!(totals.full_replays >= GAMES / 100);
}

// ---------------------------------------------------------------------------------------------
// Determinization
// ---------------------------------------------------------------------------------------------

/// Plays random games and calls `visit` on many positions along the way.
fn visit_positions(games: u64, mut visit: impl FnMut(&NainJaune, &mut GameRng)) {
    for index in 0..games {
        let mut cfg = config(index * 7 + 1);
        cfg.record.chips = None;
        let mut game = NainJaune::new(&cfg.record.setup()).unwrap();
        game.set_logging(false);
        let mut rng = seeded(index);
        let mut legal = Vec::new();
        while let Some(seat) = game.to_move() {
            if rng.random_range(0..6u32) == 0 {
                visit(&game, &mut rng);
            }
            legal.clear();
            game.legal_actions_into(&mut legal);
            let action = legal[index_below(legal.len(), &mut rng)];
            game.play(seat, &action).unwrap();
        }
        visit(&game, &mut rng);
    }
}

#[test]
fn determinized_states_agree_with_the_observation() {
    let mut positions = 0u64;
    visit_positions(2_500, |game, rng| {
        if game.deal_number() == 0 {
            // A game over before its first deal: see `determinize_before_the_first_deal`.
            return;
        }
        let n = game.players();
        for seat in 0..n {
            let obs = game.observe(seat);
            let d = NainJaune::determinize(&obs, rng);
            let ctx = || format!("position {positions}, observer {seat}");
            // Same own hand and same public information: the observer cannot tell them apart.
            assert_eq!(d.observe(seat), obs, "{}", ctx());
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
            // The observer's own legal actions are the same.
            if game.to_move() == Some(seat) {
                assert_eq!(d.legal_actions(), game.legal_actions(), "{}: legal actions", ctx());
            }
            // The sampled world plays on by the rules until its round ends.
            if positions.is_multiple_of(16) && game.to_move() == Some(seat) {
                let mut d = d;
                let total: Chips = d.chips().iter().sum::<Chips>() + d.boxes().iter().sum::<Chips>();
                let deal = d.deal_number();
                let mut legal = Vec::new();
                while let Some(mover) = d.to_move() {
                    legal.clear();
                    d.legal_actions_into(&mut legal);
                    check_state(&d, total, &legal, &ctx);
                    if d.deal_number() != deal {
                        break;
                    }
                    let action = legal[index_below(legal.len(), rng)];
                    d.play(mover, &action).unwrap();
                }
            }
            positions += 1;
        }
    });
    println!("{positions} determinized positions");
    assert!(positions > 50_000);
}

#[test]

fn determinized_states_give_the_seat_to_move_a_legal_move() {
    // RULES.md §2 Play: "the next player in turn who holds rank Y continues" — when seat X is to
    // follow, the whole table knows X holds a card of the wanted rank (public inference, like the
    // voids). A determinization for another observer must keep that, or the sampled world has a
    // seat to move with no legal action (the search AIs play every seat in sampled worlds).
    let mut checked = 0u64;
    let mut failed = 0u64;
    let mut failures = Vec::new();
    visit_positions(2_500, |game, rng| {
        let Some(mover) = game.to_move() else { return };
        for seat in (0..game.players()).filter(|&s| s != mover) {
            let d = NainJaune::determinize(&game.observe(seat), rng);
            checked += 1;
            if d.legal_actions().is_empty() {
                failed += 1;
            }
            if d.legal_actions().is_empty() && failures.len() < 5 {
                let wanted = match game.phase() {
                    Phase::Follow(r) => r.label(),
                    _ => "-",
                };
                failures.push(format!(
                    "observer {seat}, seat {mover} to follow a {wanted}: sampled hand {:?}, real hand {:?}",
                    d.hand(mover).to_strings(),
                    game.hand(mover).to_strings()
                ));
            }
        }
    });
    assert!(failures.is_empty(), "{failed} of {checked} sampled worlds have no legal move, e.g.\n{}", failures.join("\n"));
}

#[test]

fn determinize_before_the_first_deal() {
    // RULES.md §2: "The game ends when a player cannot make the full stake before a round" — also
    // before round 1 (deal_number 0, nothing dealt). Such a finished game can still be observed
    // (the app shows it, the worker may receive it), and `Game::determinize` promises a state
    // consistent with any observation; it panics instead ("the true deal is consistent with every
    // observation, so some deal exists"), because it deals the 52 unseen cards into hands and a
    // talon that hold none.
    let setup = tapis::engine::game::Setup { players: 3, seed: 1, chips: Some(vec![10, 100, 100]), ..Default::default() };
    let game = NainJaune::new(&setup).unwrap();
    assert!(game.is_finished());
    assert_eq!(game.deal_number(), 0);
    for seat in 0..3 {
        let obs = game.observe(seat);
        let d = NainJaune::determinize(&obs, &mut seeded(seat as u64));
        assert_eq!(d.observe(seat), obs);
        assert!(d.is_finished());
    }
}

#[test]
fn single_deal_playouts_settle_one_round_and_stop() {
    // The engine's playout mode (`set_single_deal`, `redeal`, `play_random`): one deal, dealt
    // afresh with the table's stakes already paid, played at random, settled by RULES.md §2, and
    // then no seat to move.
    let mut stats = Stats::default();
    let mut playouts = 0;
    for index in 0..20_000u64 {
        let cfg = config(index);
        let rules = &cfg.rules;
        let mut base = NainJaune::new(&cfg.record.setup()).unwrap();
        if base.is_finished() {
            continue;
        }
        base.set_logging(false);
        base.set_single_deal(true);
        let mut rng = seeded(index);
        let mut game = base.clone();
        let ctx = || format!("single deal {index}");
        if index % 2 == 0 {
            game.redeal(&mut rng);
            let (per_hand, talon) = deal_size(rules.players);
            assert!((0..rules.players).all(|s| game.hand(s).len() == per_hand), "{}", ctx());
            assert_eq!(game.talon().len(), talon);
            assert_eq!((game.chips(), game.boxes(), game.dealer(), game.deal_number()), (base.chips(), base.boxes(), base.dealer(), base.deal_number()));
            assert_eq!((game.phase(), game.to_move()), (Phase::Lead, Some(rules.next(base.dealer()))), "{}", ctx());
        }
        let total: Chips = game.chips().iter().sum::<Chips>() + game.boxes().iter().sum::<Chips>();
        let mut movers = 0u16;
        let mut legal = Vec::new();
        loop {
            legal.clear();
            game.legal_actions_into(&mut legal);
            let pre = Snap::of(&game);
            let Some(seat) = pre.to_move else { break };
            check_state(&game, total, &legal, &ctx);
            assert!(game.play_random(&mut rng), "{}", ctx());
            let gone = if pre.hands[seat].len() == 1 { pre.hands[seat] } else { pre.hands[seat] - game.hand(seat) };
            assert_eq!(gone.len(), 1, "{}", ctx());
            let card = gone.first().unwrap();
            assert!(legal.contains(&Action::Play(card)), "{}: play_random played {card}", ctx());
            check_transition(rules, &pre, &Snap::of(&game), seat, card, movers, true, &mut stats, &ctx);
            movers |= 1 << seat;
        }
        assert!(!game.play_random(&mut rng), "no move once the deal is over");
        assert_eq!(game.deal_number(), base.deal_number());
        assert_eq!(game.chips().iter().sum::<Chips>() + game.boxes().iter().sum::<Chips>(), total);
        playouts += 1;
    }
    assert!(playouts > 10_000 && stats.rounds == playouts, "{playouts} playouts, {} rounds", stats.rounds);
}

#[test]
fn fast_playouts_play_the_same_moves_as_the_playout_policy_move_by_move() {
    // `NainJaune::play_out` (the searches' and the bench's playouts) plays whole deals at once on
    // its own copies of the state. It must give exactly what repeating `play_playout_move` gives
    // under RULES.md §2 (runs, "X without Y" voids, stops, boxes, the settlement, the next deal):
    // the same final state, the same number of moves, the same random draws.
    let mut compared = 0;
    visit_positions(3_000, |game, rng| {
        if game.is_finished() {
            return;
        }
        for single_deal in [true, false] {
            let mut fast = game.clone();
            fast.set_single_deal(single_deal);
            let mut slow = fast.clone();
            let seed: u64 = rng.random();
            let (mut fast_rng, mut slow_rng) = (seeded(seed), seeded(seed));
            let moves = fast.play_out(&mut fast_rng);
            let mut slow_moves = 0;
            while slow.play_playout_move(&mut slow_rng) {
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
    // The searches' playout policy (RULES.md §2: suits play no part except for the board cards):
    // a follower holding the board card of the wanted rank plays it, else his first copy; only a
    // lead is random.
    let mut follows = 0;
    visit_positions(500, |game, rng| {
        let (Some(seat), Phase::Follow(rank)) = (game.to_move(), game.phase()) else { return };
        let playable = game.hand(seat) & CardSet::of_rank(rank);
        let mut next = game.clone();
        next.set_logging(false);
        next.set_single_deal(true);
        assert!(next.play_playout_move(rng));
        let played = game.hand(seat) - next.hand(seat);
        let board = playable.iter().find(|&c| box_of(c).is_some());
        assert_eq!(played.first(), Some(board.unwrap_or_else(|| playable.first().unwrap())));
        follows += 1;
    });
    assert!(follows > 1_000, "{follows} follows");
}

#[test]
fn the_games_are_deterministic() {
    // The same index plays the same game twice (seeded shuffles, seeded players).
    for index in [0u64, 1, 3, 23, 100, 4_321] {
        let cfg = config(index);
        let state = |cfg: &Config| run_game(cfg, &mut Stats::default());
        assert_eq!(state(&cfg), state(&config(index)));
    }
}
