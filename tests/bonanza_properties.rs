//! Bonanza properties over many random games (docs/rules/bonanza.md, docs/record.md).
//!
//! The shared conformance suite (`common::conformance`) plays the games, each fixed by its index
//! (a seeded loop: the run is deterministic). The games spread over 2 to 9 players and every
//! option; players choose uniformly random legal moves, or the engine's own playout move
//! (`play_random`), and in some games the `easy` or `random` computer players of
//! `tapis::ai::choose` play. In all, more than 100,000 deals.
//!
//! After EVERY action the suite checks what holds in every game (chips conserved across the stacks
//! and the cloth, no negative stack, the mover has a legal move and every listed move reads back,
//! illegal moves and legal ones by the wrong seat refused with the state unchanged, observations
//! and their re-deals, the record's replay), and here: the 53 cards each in exactly one place, the
//! public inferences true, the legal moves of each phase, and, written again independently of the
//! engine, the race: who must follow, the stops and the colour change with its fallbacks, the card
//! spaces, the Bonanza payments, then the next deal's out check, ante and dealer, or the end of the
//! game with its leftovers.
//!
//! `cargo test --test bonanza_properties -- --nocapture` prints the coverage counts.

mod common;

use common::conformance::{self, random_games, At, Case, Model, Player, Playouts, Probes, Seating, Step, Suite, Visits};
use common::Counts;
use rand::Rng;
use serde_json::json;
use tapis::engine::bonanza::settlement::{deal_range, CardsLeft, ChipFlows};
use tapis::engine::bonanza::{Action, Auction, Betting, Bonanza, Call, Claim, DealSettlement, Event, Phase, Space};
use tapis::engine::cards::{Card, CardSet};
use tapis::engine::game::{Chips, Game, GameId, Seat};
use tapis::engine::rng::{index_below, seeded, GameRng};
use tapis::engine::setup::{FromSetup, Setup};
use tapis::record::Record;

/// 23,000 random games, every table size more than 1,000 times, one in fifty logged and its record
/// replayed through its JSON text. The single-deal playouts: one deal, dealt afresh with the ante
/// already paid, played at random, settled by docs/rules/bonanza.md §6.4 (a Bonanza ends it).
const SUITE: Suite<Rules> = Suite {
    case: config,
    games: 23_000,
    per_table_size: 1_000,
    full_replays: 460,
    probes: Probes { read_back_up_to: 12, accept_one_in: 0, observe_one_in: 40 },
    replayed: &[0, 1, 3, 7, 23, 100, 4_321],
    visits: Visits { games: 600, one_in: 5, play_on_one_in: 8, at_least: 50_000 },
    playouts: Playouts { games: 10_000, policy: Player::Uniform, at_least: 5_000, settled: "bonanzas" },
};

// ---------------------------------------------------------------------------------------------
// The rules, written again independently of the engine (docs/rules/bonanza.md)
// ---------------------------------------------------------------------------------------------

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

fn rank(c: Card) -> usize {
    c.rank_unchecked().index()
}

fn suit(c: Card) -> usize {
    c.suit_unchecked().index()
}

fn red(c: Card) -> bool {
    matches!(suit(c), 1 | 2)
}

/// Aces high: 2 is 0 … K is 11, A is 12.
fn race_rank(c: Card) -> usize {
    (rank(c) + 12) % 13
}

/// The next card up in the race (none after the ace).
fn successor(c: Card) -> Option<Card> {
    (race_rank(c) < 12).then(|| Card::from_index(suit(c) * 13 + (rank(c) + 1) % 13))
}

/// The lowest card of `suit` in `cards`, aces high.
fn lowest(cards: CardSet, s: usize) -> Option<Card> {
    cards.iter().filter(|&c| !c.is_joker() && suit(c) == s).min_by_key(|&c| race_rank(c))
}

fn playable(hand: CardSet) -> CardSet {
    hand - CardSet::from_cards([Card::JOKER])
}

/// The space a race card takes.
fn card_space(c: Card) -> Option<Space> {
    match c.to_string().as_str() {
        "AS" => Some(Space::AceSpades),
        "KH" => Some(Space::KingHearts),
        "QD" => Some(Space::QueenDiamonds),
        "JC" => Some(Space::JackClubs),
        _ => None,
    }
}

/// A sequence claim's strength: top rank (aces high in Q-K-A, the 3 in A-2-3), natural before
/// joker, then the top card's suit ♠ > ♥ > ♦ > ♣.
fn sequence_strength(claim: &Claim) -> (usize, bool, usize) {
    let cards = claim.cards();
    let naturals: Vec<(usize, Card)> = cards.iter().copied().enumerate().filter(|(_, c)| !c.is_joker()).collect();
    let (place, natural) = naturals[0];
    // The run's lowest card: A-2-3 starts at the ace, Q-K-A at the queen.
    let ace_low_rank = rank(natural) as isize;
    let start = if ace_low_rank == 0 && place > 0 { 13 - place as isize } else { ace_low_rank - place as isize };
    let top_ace_low = (start + 2) as usize; // 13 means the ace on top of Q-K-A
    let top_race = if top_ace_low == 13 { 12 } else { top_ace_low - 1 };
    (top_race, !cards.contains(&Card::JOKER), 3 - suit(natural))
}

/// The options of one game, and the leads the rules call for after the last action (to compare
/// with the next state's legal actions).
#[derive(Clone, Debug)]
struct Rules {
    players: usize,
    poker: bool,
    dead_card_joker: bool,
    price_to_pot: bool,
    chip_leader: bool,
    game_deals: u32,
    lead_checks: Vec<(Seat, Vec<Action>)>,
}

impl Rules {
    fn ante(&self) -> Chips {
        if self.poker {
            10
        } else {
            9
        }
    }

    fn next_in(&self, seat: Seat, out: u16) -> Seat {
        let mut s = seat;
        loop {
            s = (s + 1) % self.players;
            if out & (1 << s) == 0 {
                return s;
            }
        }
    }

    fn spaces_in_play(&self) -> Vec<Space> {
        Space::ALL.into_iter().filter(|&s| s != Space::Poker || self.poker).collect()
    }
}

/// Everything the typed getters show (fixed arrays: one is taken before and after every move).
#[derive(Clone, Debug, PartialEq)]
struct Snap {
    chips: [Chips; 9],
    board: [Chips; 10],
    out: u16,
    hands: [CardSet; 9],
    widow: CardSet,
    dead: CardSet,
    gone: CardSet,
    played: CardSet,
    run: CardSet,
    dealer: Seat,
    deal: u32,
    phase: Phase,
    to_move: Option<Seat>,
    winner: Option<Seat>,
    auction: Auction,
    betting: Betting,
    sequences: [Option<Claim>; 9],
    known: [CardSet; 9],
    excluded: [CardSet; 9],
    known_dead: CardSet,
    widow_holder: Option<Seat>,
}

fn is_race(phase: Phase) -> bool {
    matches!(phase, Phase::Lead | Phase::Follow(_))
}

/// The leads open to `leader`: his lowest card of each suit among `suits` that he holds.
fn leads(hand: CardSet, suits: &[usize]) -> Vec<Action> {
    suits.iter().filter_map(|&s| lowest(playable(hand), s)).map(Action::Play).collect()
}

/// Who leads after a stop by `seat` with `stop`, and what (docs/rules/bonanza.md §6.2).
fn lead_after_stop(rules: &Rules, hands: &[CardSet], out: u16, seat: Seat, stop: Card) -> (Seat, Vec<Action>) {
    let other: Vec<usize> = if red(stop) { vec![0, 3] } else { vec![1, 2] };
    let has_other = |s: Seat| playable(hands[s]).iter().any(|c| other.contains(&suit(c)));
    if has_other(seat) {
        return (seat, leads(hands[seat], &other));
    }
    let mut s = rules.next_in(seat, out);
    while s != seat {
        if has_other(s) {
            return (s, leads(hands[s], &other));
        }
        s = rules.next_in(s, out);
    }
    // Nobody: the stop player leads any suit, or (only the dead joker) the next who can.
    let mut s = seat;
    loop {
        if !playable(hands[s]).is_empty() {
            return (s, leads(hands[s], &[0, 1, 2, 3]));
        }
        s = rules.next_in(s, out);
        assert_ne!(s, seat, "somebody can always lead");
    }
}

/// The end of a deal (docs/rules/bonanza.md §7): the next deal's out check, ante and dealer, or the
/// end of the game with the leftovers. `chips`/`board` are after the deal's settlement.
#[allow(clippy::too_many_arguments, clippy::needless_range_loop)] // seats index several arrays alike
fn check_next_deal(
    rules: &Rules,
    pre: &Snap,
    post: &Snap,
    mut chips: [Chips; 9],
    mut board: [Chips; 10],
    single_deal: bool,
    counts: &mut Counts,
    ctx: &dyn Fn() -> String,
) {
    counts.bump("deals settled");
    if single_deal {
        assert_eq!((post.phase, post.to_move), (Phase::GameOver, None), "{}: a single deal stops", ctx());
        assert_eq!((&post.chips, post.board), (&chips, board), "{}: the single deal's settlement", ctx());
        return;
    }
    let mut out = pre.out;
    let mut game_over = pre.deal >= rules.game_deals;
    if !game_over {
        for s in 0..rules.players {
            if out & (1 << s) == 0 && chips[s] < rules.ante() {
                out |= 1 << s;
                counts.bump("outs");
            }
        }
        game_over = rules.players - (out.count_ones() as usize) < 2;
    }
    if game_over {
        counts.bump("game ends");
        let total: Chips = board.iter().sum();
        let ins: Vec<Seat> = (0..rules.players).filter(|s| out & (1 << s) == 0).collect();
        let receivers: Vec<Seat> = if rules.chip_leader {
            let best = ins.iter().map(|&s| chips[s]).max();
            ins.iter().copied().filter(|&s| Some(chips[s]) == best).collect()
        } else {
            ins.clone()
        };
        if !receivers.is_empty() && total > 0 {
            let share = total / receivers.len() as Chips;
            for &s in &receivers {
                chips[s] += share;
            }
            assert_eq!(
                post.board.iter().sum::<Chips>(),
                total - share * receivers.len() as Chips,
                "{}: the leftovers' remainder stays",
                ctx()
            );
            board = post.board;
        }
        assert_eq!((post.phase, post.to_move), (Phase::GameOver, None), "{}: the game is over", ctx());
        assert_eq!(post.chips, chips, "{}: final stacks after the leftovers", ctx());
        assert_eq!(post.board, board, "{}", ctx());
        assert_eq!(post.out, out, "{}: who is out", ctx());
        let best = *chips.iter().max().unwrap();
        let leaders: Vec<Seat> = (0..rules.players).filter(|&s| chips[s] == best).collect();
        assert_eq!(post.winner, (leaders.len() == 1).then(|| leaders[0]), "{}: the winner", ctx());
        return;
    }
    let n_in = (rules.players - out.count_ones() as usize) as Chips;
    for s in 0..rules.players {
        if out & (1 << s) == 0 {
            chips[s] -= rules.ante();
        }
    }
    for space in rules.spaces_in_play() {
        board[space as usize] += n_in;
    }
    let dealer = rules.next_in(pre.dealer, out);
    assert_eq!(post.out, out, "{}: who is out", ctx());
    assert_eq!(post.chips, chips, "{}: settlement, then the next ante", ctx());
    assert_eq!(post.board, board, "{}: the cloth after the ante", ctx());
    assert_eq!((post.deal, post.dealer), (pre.deal + 1, dealer), "{}: the deal passes to the left", ctx());
    assert_eq!((post.phase, post.to_move), (Phase::Widow, Some(dealer)), "{}: the dealer decides on the widow", ctx());
    // The deal: one card at a time from the dealer's left, the widow first, so the widow and the
    // first seats get the extra cards.
    let order: Vec<Seat> = {
        let mut v = Vec::new();
        let mut s = dealer;
        for _ in 0..n_in {
            s = rules.next_in(s, out);
            v.push(s);
        }
        v
    };
    let positions = order.len() + 1;
    let size = |p: usize| 53 / positions + usize::from(p < 53 % positions);
    assert_eq!(post.widow.len(), size(0), "{}: the widow's size", ctx());
    for (i, &s) in order.iter().enumerate() {
        assert_eq!(post.hands[s].len(), size(i + 1), "{}: seat {s}'s hand size", ctx());
    }
}

/// Checks that `post` is what docs/rules/bonanza.md §6 makes of `pre` when `seat` plays `c` in the
/// race.
#[allow(clippy::too_many_arguments)]
fn check_race_play(
    rules: &Rules,
    pre: &Snap,
    post: &Snap,
    seat: Seat,
    c: Card,
    single_deal: bool,
    lead_checks: &mut Vec<(Seat, Vec<Action>)>,
    counts: &mut Counts,
    ctx: &dyn Fn() -> String,
) {
    let mut chips = pre.chips;
    let mut board = pre.board;
    let mut hands = pre.hands;
    hands[seat].remove(c);
    if let Some(space) = card_space(c) {
        chips[seat] += board[space as usize];
        board[space as usize] = 0;
        counts.bump("card spaces");
    }
    if hands[seat].is_empty() {
        // Bonanza: the pot, then one chip per card left, in turn from the winner's left.
        counts.bump("bonanzas");
        chips[seat] += board[Space::Bonanza as usize];
        board[Space::Bonanza as usize] = 0;
        let mut s = rules.next_in(seat, pre.out);
        while s != seat {
            let owed = hands[s].len() as Chips;
            let paid = owed.min(chips[s]);
            if paid < owed {
                counts.bump("short payments");
            }
            if hands[s].contains(Card::JOKER) {
                counts.bump("dead jokers paid");
            }
            chips[s] -= paid;
            chips[seat] += paid;
            s = rules.next_in(s, pre.out);
        }
        check_next_deal(rules, pre, post, chips, board, single_deal, counts, ctx);
        return;
    }
    assert_eq!(post.chips, chips, "{}: chips after {c}", ctx());
    assert_eq!(post.board, board, "{}: the cloth after {c}", ctx());
    assert_eq!(post.hands, hands, "{}: hands after {c}", ctx());
    let mut played = pre.played;
    played.insert(c);
    assert_eq!(post.played, played, "{}", ctx());
    // Who goes on: the holder of the next card, else a stop.
    if let Some(next) = successor(c) {
        if let Some(holder) = (0..rules.players).find(|&s| hands[s].contains(next)) {
            counts.bump("follows");
            assert_eq!((post.phase, post.to_move), (Phase::Follow(next), Some(holder)), "{}: {next} must follow", ctx());
            return;
        }
        assert!(post.known_dead.contains(next) || pre.played.contains(next), "{}: {next} is known dead", ctx());
    } else {
        counts.bump("ace stops");
    }
    counts.bump("stops");
    let (leader, expected) = lead_after_stop(rules, &hands, pre.out, seat, c);
    if leader != seat {
        counts.bump("lead passes");
    }
    if expected.iter().any(|a| matches!(a, Action::Play(x) if red(*x) == red(c))) {
        counts.bump("same-colour leads");
    }
    assert_eq!((post.phase, post.to_move), (Phase::Lead, Some(leader)), "{}: who leads after the stop {c}", ctx());
    lead_checks.push((leader, expected));
}

/// The invariants that hold in every state.
fn check_state(rules: &Rules, g: &Bonanza, legal: &[Action], ctx: &dyn Fn() -> String) {
    let n = g.players();
    let chips = g.chips();
    let board = g.board();
    assert!(board.iter().all(|&c| c >= 0), "{}: negative space {board:?}", ctx());
    if !rules.poker {
        assert_eq!(board[Space::Poker as usize], 0, "{}: the Poker space is left out", ctx());
    }
    if g.deal_number() > 0 {
        // Every card exactly once: hands, widow, dead hand, played, out of the game.
        let mut all = CardSet::EMPTY;
        let mut count = 0;
        let parts = [g.widow(), g.dead_hand(), g.played(), g.gone()].into_iter().chain((0..n).map(|s| g.hand(s)));
        for part in parts {
            assert!(!all.intersects(part), "{}: a card is in two places", ctx());
            all |= part;
            count += part.len();
        }
        assert_eq!((all, count), (CardSet::PACK_53, 53), "{}: the 53 cards", ctx());
        assert!(g.widow().is_empty() || g.dead_hand().is_empty(), "{}: widow and dead hand at once", ctx());
        // Public inferences are true.
        for s in 0..n {
            assert_eq!(
                g.known(s) - g.hand(s),
                CardSet::EMPTY,
                "{}: seat {s} is said to hold {:?}",
                ctx(),
                (g.known(s) - g.hand(s)).to_strings()
            );
            assert!(
                !g.excluded(s).intersects(g.hand(s)),
                "{}: seat {s} is said not to hold {:?}",
                ctx(),
                (g.excluded(s) & g.hand(s)).to_strings()
            );
            // (When the game ends for want of players, the last deal's hands stay on the table.)
            if g.is_out(s) && !g.is_finished() {
                assert!(g.hand(s).is_empty(), "{}: seat {s} is out but holds cards", ctx());
            }
        }
        assert_eq!(g.known_dead() - g.dead_hand(), CardSet::EMPTY, "{}: the dead hand is said to hold more", ctx());
        assert_eq!(g.run() - g.played(), CardSet::EMPTY, "{}", ctx());
    }
    // (Lists of up to 12 moves are read back by the suite; the long lists of bids are checked
    // below by value.)
    match g.to_move() {
        Some(seat) => {
            assert!(!g.is_out(seat), "{}: seat {seat} is out", ctx());
            assert!(g.winner().is_none());
            let hand = g.hand(seat);
            match g.phase() {
                Phase::Widow => {
                    assert_eq!(seat, g.dealer(), "{}", ctx());
                    assert_eq!(legal, [Action::TakeWidow, Action::SellWidow], "{}", ctx());
                }
                Phase::Auction => {
                    let a = g.auction();
                    assert!(
                        seat != g.dealer() && a.passed & (1 << seat) == 0 && a.high_bidder != Some(seat),
                        "{}: seat {seat} may not bid now",
                        ctx()
                    );
                    let most = chips[seat].min(tapis::engine::bonanza::MAX_BID);
                    let bids: Vec<Action> = (a.high_bid + 1..=most).map(Action::Bid).collect();
                    assert_eq!(legal[0], Action::Pass, "{}", ctx());
                    assert_eq!(&legal[1..], &bids[..], "{}: the bids", ctx());
                }
                Phase::Call(call) => {
                    // Players with nothing to show are never asked.
                    assert!(legal.len() >= 2 && legal[0] == Action::Pass, "{}: seat {seat} asked at {call:?} with {legal:?}", ctx());
                    for a in &legal[1..] {
                        let Action::Show(claim) = a else { panic!("{}: {a} at a call", ctx()) };
                        check_claim(call, hand, claim, ctx);
                    }
                }
                Phase::Poker => {
                    let b = g.betting();
                    assert!(b.active() & (1 << seat) != 0 && b.to_act & (1 << seat) != 0, "{}", ctx());
                    assert!(hand.len() >= 5, "{}: fewer than five cards at the poker", ctx());
                    for s in 0..n {
                        assert!(b.put_in[s] <= b.cap && b.put_in[s] <= b.bet, "{}: seat {s} put in too much", ctx());
                    }
                }
                Phase::Lead => {
                    let mut suits = Vec::new();
                    for a in legal {
                        let Action::Play(c) = *a else { panic!("{}: {a} in the race", ctx()) };
                        assert_eq!(lowest(hand, suit(c)), Some(c), "{}: {c} is not the lowest of its suit", ctx());
                        suits.push(suit(c));
                    }
                    suits.dedup();
                    assert_eq!(suits.len(), legal.len(), "{}", ctx());
                }
                Phase::Follow(c) => {
                    assert!(hand.contains(c), "{}: seat {seat} must follow with {c} he does not hold", ctx());
                    assert_eq!(legal, [Action::Play(c)], "{}", ctx());
                }
                Phase::GameOver => panic!("{}: game over with a seat to move", ctx()),
            }
        }
        None => {
            assert_eq!(g.phase(), Phase::GameOver, "{}", ctx());
        }
    }
}

/// A show is legal (docs/record.md §3): the named pair held in full or one card with the joker in
/// place of the other (not held); a run of three held in full, or two and the joker in the
/// missing place (not held).
fn check_claim(call: Call, hand: CardSet, claim: &Claim, ctx: &dyn Fn() -> String) {
    let cards = claim.cards();
    let joker_places: Vec<usize> = (0..cards.len()).filter(|&i| cards[i].is_joker()).collect();
    assert!(joker_places.len() <= 1 && cards.iter().all(|&c| hand.contains(c)), "{}: {claim}", ctx());
    let named: Vec<Card> = match call {
        Call::Joker => {
            assert_eq!(cards, [Card::JOKER], "{}", ctx());
            return;
        }
        Call::QueenJack => vec![card("QS"), card("JD")],
        Call::TenTwo => vec![card("10D"), card("2S")],
        Call::Sequence => {
            assert_eq!(cards.len(), 3, "{}: {claim}", ctx());
            let (top, natural, _) = sequence_strength(claim);
            assert_eq!(natural, joker_places.is_empty());
            assert!(top >= 1, "{}: {claim}", ctx());
            // The run's cards: consecutive, ace low at the bottom or high at the top.
            let s = suit(cards.iter().find(|c| !c.is_joker()).copied().unwrap());
            let expected: Vec<Card> = (0..3)
                .map(|i| {
                    let top_ace_low = if top == 12 { 13 } else { top + 1 };
                    Card::from_index(s * 13 + (top_ace_low - 2 + i) % 13)
                })
                .collect();
            expected
        }
    };
    assert_eq!(cards.len(), named.len(), "{}: {claim}", ctx());
    for (i, &c) in cards.iter().enumerate() {
        if c.is_joker() {
            assert!(!hand.contains(named[i]), "{}: the joker stands for {} which is held", ctx(), named[i]);
        } else {
            assert_eq!(c, named[i], "{}: {claim} at {call:?}", ctx());
        }
    }
}

/// The coverage count of the shows at each call, by `Call as usize`.
const SHOWS: [&str; 4] =
    ["shows at the joker call", "shows at the queen-jack call", "shows at the sequence call", "shows at the ten-two call"];

/// Checks the consequences of one non-race action that the rules spell out.
#[allow(clippy::too_many_arguments, clippy::needless_range_loop)] // seats index several arrays alike
fn check_other_action(
    rules: &Rules,
    pre: &Snap,
    post: &Snap,
    seat: Seat,
    action: Action,
    lead_checks: &mut Vec<(Seat, Vec<Action>)>,
    counts: &mut Counts,
    ctx: &dyn Fn() -> String,
) {
    let same_deal = post.deal == pre.deal && pre.deal > 0;
    match (pre.phase, action) {
        (Phase::Widow, Action::TakeWidow) => {
            counts.bump("widows taken");
            assert_eq!(post.dead, pre.hands[seat], "{}: the dealer's hand is dead", ctx());
            assert_eq!(
                post.hands[seat] | (post.gone - pre.gone) | (post.played & pre.widow),
                pre.widow,
                "{}: the dealer holds the widow",
                ctx()
            );
        }
        (Phase::Widow, Action::SellWidow) => {
            assert_eq!(
                (post.phase, post.to_move),
                (Phase::Auction, Some(rules.next_in(seat, pre.out))),
                "{}: the auction starts at the dealer's left",
                ctx()
            );
        }
        (Phase::Auction, _) if post.phase != Phase::Auction => {
            let (buyer, price) = match action {
                Action::Bid(n) => (Some(seat), n),
                _ => (pre.auction.high_bidder, pre.auction.high_bid),
            };
            match buyer {
                Some(b) => {
                    counts.bump("widows sold");
                    assert_eq!(post.dead, pre.hands[b], "{}: the buyer's hand is dead", ctx());
                    let mut chips = pre.chips;
                    chips[b] -= price;
                    if rules.price_to_pot {
                        assert!(
                            post.board[Space::Bonanza as usize] >= pre.board[Space::Bonanza as usize] + price,
                            "{}: the price goes into the pot",
                            ctx()
                        );
                    } else {
                        chips[pre.dealer] += price;
                    }
                    // Later automatic steps (calls, poker) can only add chips.
                    for s in 0..rules.players {
                        assert!(post.chips[s] >= chips[s], "{}: after the sale seat {s} has {} < {}", ctx(), post.chips[s], chips[s]);
                    }
                }
                None => {
                    counts.bump("widows dead");
                    assert_eq!(post.dead, pre.widow, "{}: nobody bid, the widow is dead", ctx());
                }
            }
        }
        (Phase::Auction, Action::Bid(n)) => {
            assert_eq!((post.auction.high_bid, post.auction.high_bidder), (n, Some(seat)), "{}", ctx());
            assert!(n <= pre.chips[seat], "{}", ctx());
            counts.bump("bids");
        }
        (Phase::Call(call), Action::Show(claim)) => {
            counts.bump(SHOWS[call as usize]);
            if claim.uses_joker() {
                assert!(post.gone.contains(Card::JOKER), "{}: a shown joker leaves the game", ctx());
                counts.bump("jokers shown");
            }
            if call != Call::Sequence && same_deal {
                let space = match call {
                    Call::Joker => Space::Joker,
                    Call::QueenJack => Space::QueenJack,
                    _ => Space::TenTwo,
                };
                assert_eq!(post.board[space as usize], 0, "{}: {call:?} takes its space at once", ctx());
                assert!(post.chips[seat] >= pre.chips[seat] + pre.board[space as usize], "{}", ctx());
            }
        }
        (Phase::Poker, _) if post.phase == Phase::Poker => {
            let put = pre.betting.put_in[seat];
            let expected = match action {
                Action::Check | Action::Fold => 0,
                Action::Bet(n) => n,
                Action::Call => pre.betting.bet - put,
                Action::Raise(n) => pre.betting.bet + n - put,
                _ => panic!("{}: {action} at the poker", ctx()),
            };
            assert_eq!(post.chips[seat], pre.chips[seat] - expected, "{}: {action} costs {expected}", ctx());
            assert_eq!(post.board[Space::Poker as usize], pre.board[Space::Poker as usize] + expected, "{}", ctx());
            assert!(post.betting.put_in[seat] <= pre.betting.cap, "{}: above the smallest stack", ctx());
            counts.bump("poker moves");
        }
        (Phase::Poker, _) => counts.bump("poker rounds"),
        _ => {}
    }
    // The Sequence call closed in this action: the best sequence shown took the space.
    let closed_sequence = pre.phase == Phase::Call(Call::Sequence) && post.phase != Phase::Call(Call::Sequence);
    if closed_sequence && same_deal {
        let mut sequences = pre.sequences;
        if let Action::Show(claim) = action {
            sequences[seat] = Some(claim);
        }
        let best = (0..rules.players).filter_map(|s| sequences[s].map(|c| (sequence_strength(&c), s))).max();
        if let Some((_, winner)) = best {
            counts.add("sequence contests", u64::from(sequences.iter().flatten().count() > 1));
            assert_eq!(post.board[Space::Sequence as usize], 0, "{}: the sequence space is taken", ctx());
            let pay = pre.board[Space::Sequence as usize];
            assert!(post.chips[winner] >= pre.chips[winner] + pay, "{}: seat {winner} has the best sequence", ctx());
        }
    }
    // The race has just begun: the dealer leads the lowest card of a suit of his choice.
    if !is_race(pre.phase) && is_race(post.phase) && same_deal {
        counts.bump("races");
        assert_eq!(post.to_move, Some(post.dealer), "{}: the dealer leads", ctx());
        if !rules.dead_card_joker {
            assert!(!post.hands.iter().any(|h| h.contains(Card::JOKER)), "{}: the unused joker is set aside", ctx());
        }
        lead_checks.push((post.dealer, leads(post.hands[post.dealer], &[0, 1, 2, 3])));
    }
}

impl Model for Rules {
    type G = Bonanza;
    type Snap = Snap;

    fn snap(g: &Bonanza) -> Snap {
        let n = g.players();
        let seat = |s: usize| s < n;
        Snap {
            chips: std::array::from_fn(|s| if seat(s) { g.chips()[s] } else { 0 }),
            board: g.board(),
            out: (0..n).filter(|&s| g.is_out(s)).fold(0, |m, s| m | 1 << s),
            hands: std::array::from_fn(|s| if seat(s) { g.hand(s) } else { CardSet::EMPTY }),
            widow: g.widow(),
            dead: g.dead_hand(),
            gone: g.gone(),
            played: g.played(),
            run: g.run(),
            dealer: g.dealer(),
            deal: g.deal_number(),
            phase: g.phase(),
            to_move: g.to_move(),
            winner: g.winner(),
            auction: *g.auction(),
            betting: *g.betting(),
            sequences: std::array::from_fn(|s| if seat(s) { g.sequences()[s] } else { None }),
            known: std::array::from_fn(|s| if seat(s) { g.known(s) } else { CardSet::EMPTY }),
            excluded: std::array::from_fn(|s| if seat(s) { g.excluded(s) } else { CardSet::EMPTY }),
            known_dead: g.known_dead(),
            widow_holder: g.widow_holder(),
        }
    }

    fn check_state(&mut self, g: &Bonanza, legal: &[Action], at: &At, _counts: &mut Counts) {
        let ctx = at.ctx;
        check_state(self, g, legal, ctx);
        for (leader, expected) in std::mem::take(&mut self.lead_checks) {
            assert_eq!((g.to_move(), legal), (Some(leader), &expected[..]), "{}: the leads", ctx());
        }
    }

    fn check_move(&mut self, step: &Step<Self>, at: &At, counts: &mut Counts) {
        let (pre, post, seat, action, ctx) = (step.pre, step.post, step.seat, *step.action, at.ctx);
        let mut lead_checks = std::mem::take(&mut self.lead_checks);
        match (pre.phase, action) {
            (Phase::Lead | Phase::Follow(_), Action::Play(c)) => {
                check_race_play(self, pre, post, seat, c, at.single_deal, &mut lead_checks, counts, ctx)
            }
            _ => check_other_action(self, pre, post, seat, action, &mut lead_checks, counts, ctx),
        }
        self.lead_checks = lead_checks;
        if post.deal != pre.deal && !is_race(pre.phase) {
            panic!("{}: a deal ended outside the race", ctx());
        }
    }

    /// The start: out check, ante and deal, or the end at once.
    fn check_start(&mut self, record: &Record, starting: &[Chips], game: &Bonanza, at: &At, counts: &mut Counts) {
        let (rules, n, ctx_base) = (&*self, self.players, at.ctx);
        let able = starting.iter().filter(|&&c| c >= rules.ante()).count();
        if able < 2 {
            assert!(game.is_finished(), "{}: fewer than two can ante", ctx_base());
            assert_eq!(game.deal_number(), 0);
            counts.bump("ended before the first deal");
        } else {
            let first = record.first_dealer.unwrap_or(0);
            let dealer = if starting[first] >= rules.ante() {
                first
            } else {
                (1..n).map(|k| (first + k) % n).find(|&s| starting[s] >= rules.ante()).unwrap()
            };
            assert_eq!((game.deal_number(), game.dealer(), game.to_move()), (1, dealer, Some(dealer)), "{}: the first dealer", ctx_base());
            for (s, &start) in starting.iter().enumerate().take(n) {
                let expected = if start >= rules.ante() { start - rules.ante() } else { start };
                assert_eq!(game.chips()[s], expected, "{}: seat {s}'s first ante", ctx_base());
                assert_eq!(game.is_out(s), start < rules.ante(), "{}: seat {s} out at the start", ctx_base());
            }
        }
    }

    fn check_end(&mut self, game: &Bonanza, _at: &At, counts: &mut Counts) {
        counts.add("deals", u64::from(game.deal_number()));
    }

    /// One position in eight: an action that is often illegal.
    fn probe(&mut self, _g: &Bonanza, seat: Seat, _moves: usize, rng: &mut GameRng) -> Option<Vec<(Seat, Action)>> {
        (rng.random_range(0..8u32) == 0).then(|| vec![(seat, some_action(rng))])
    }

    /// At a call where someone else may be asked, the sampled world asks whoever it deals
    /// something to show, and may already have moved on to the next phases.
    fn observation_kept(game: &Bonanza, seat: Seat) -> bool {
        game.to_move() == Some(seat) || !matches!(game.phase(), Phase::Call(_))
    }

    fn check_determinized(&mut self, game: &Bonanza, d: &Bonanza, seat: Seat, at: &At) {
        let (ctx, n) = (at.ctx, game.players());
        let to_move = game.to_move() == Some(seat);
        if to_move || !matches!(game.phase(), Phase::Call(_)) {
            // Same own hand and same public information: the observer cannot tell them apart.
            assert_eq!((d.phase(), d.to_move()), (game.phase(), game.to_move()), "{}", ctx());
        }
        let same_phase = to_move || !matches!(game.phase(), Phase::Call(_));
        if same_phase {
            assert_eq!(d.hand(seat), game.hand(seat), "{}", ctx());
        }
        assert_eq!(d.options(), game.options(), "{}", ctx());
        // The hidden cards are the same cards, dealt again with the same counts, every public
        // inference kept.
        let mut hidden_real = game.widow() | game.dead_hand();
        let mut hidden_sampled = d.widow() | d.dead_hand();
        if to_move || !matches!(game.phase(), Phase::Call(_)) {
            assert_eq!(d.widow().len(), game.widow().len(), "{}", ctx());
            assert_eq!(d.dead_hand().len(), game.dead_hand().len(), "{}", ctx());
        }
        if game.widow_holder() == Some(seat) {
            assert_eq!(d.dead_hand(), game.dead_hand(), "{}: the seat knows its old hand", ctx());
        }
        assert_eq!(d.known_dead() - d.dead_hand(), CardSet::EMPTY, "{}", ctx());
        for other in (0..n).filter(|&o| o != seat) {
            hidden_real |= game.hand(other);
            hidden_sampled |= d.hand(other);
            if to_move || !matches!(game.phase(), Phase::Call(_)) {
                assert_eq!(d.hand(other).len(), game.hand(other).len(), "{}: seat {other}'s count", ctx());
            }
            assert_eq!(d.known(other) - d.hand(other), CardSet::EMPTY, "{}: seat {other}'s shown cards", ctx());
            assert!(!d.excluded(other).intersects(d.hand(other)), "{}: seat {other}'s known absences", ctx());
        }
        if !matches!(game.phase(), Phase::Call(_)) || to_move {
            assert_eq!(hidden_sampled, hidden_real, "{}: the hidden cards", ctx());
        }
    }

    /// A deal dealt afresh with the ante already paid.
    fn check_redeal(&mut self, base: &Bonanza, game: &Bonanza, _at: &At) {
        assert_eq!(
            (game.chips(), game.board(), game.dealer(), game.deal_number()),
            (base.chips(), base.board(), base.dealer(), base.deal_number())
        );
        assert_eq!((game.phase(), game.to_move()), (Phase::Widow, Some(base.dealer())));
    }
}

// ---------------------------------------------------------------------------------------------
// Random games
// ---------------------------------------------------------------------------------------------

/// The game with this index: players and options cycle through every combination; stacks, seed,
/// first dealer and computer players are drawn from the index's own random stream.
fn config(index: u64) -> Case<Rules> {
    let mut rng = seeded(0xB0_4A_4E_5A ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let players = 2 + (index % 8) as usize;
    let combo = index / 8;
    let price_to_pot = combo % 2 == 1;
    let poker = combo / 2 % 4 != 3;
    let dead_card_joker = combo / 8 % 2 == 1;
    let chip_leader = combo / 16 % 2 == 1;
    let deals = [0u32, 0, 1, 2, 3][(combo / 32 % 5) as usize];

    let mut record = Record::new(GameId::Bonanza, players, rng.random());
    let mut options = serde_json::Map::new();
    // Write some defaults out explicitly, leave others out: both must mean the same.
    if price_to_pot || rng.random_bool(0.5) {
        options.insert("widow_price_to".into(), json!(if price_to_pot { "pot" } else { "dealer" }));
    }
    if !poker || rng.random_bool(0.5) {
        options.insert("poker".into(), json!(poker));
    }
    if dead_card_joker || rng.random_bool(0.5) {
        options.insert("unused_joker".into(), json!(if dead_card_joker { "dead_card" } else { "set_aside" }));
    }
    if chip_leader || rng.random_bool(0.5) {
        options.insert("leftovers".into(), json!(if chip_leader { "chip_leader" } else { "split" }));
    }
    if deals > 0 || rng.random_bool(0.5) {
        options.insert("deals".into(), json!(deals));
    }
    if rng.random_bool(0.5) {
        options.insert("poker_limit".into(), json!(rng.random_range(1..=6)));
    }
    if rng.random_bool(0.5) {
        options.insert("poker_max_raises".into(), json!(rng.random_range(1..=4)));
    }
    // Small stacks make players run out of chips; a few large ones make long auctions.
    let start_chips = [12, 15, 20, 25, 40, 60, 100, 100, 150][index_below(9, &mut rng)];
    if start_chips != 100 || rng.random_bool(0.5) {
        options.insert("start_chips".into(), json!(start_chips));
    }
    record.options = options;
    if rng.random_range(0..10u32) < 2 {
        // Uneven stacks, sometimes too short for even the first ante.
        record.chips = Some((0..players).map(|_| rng.random_range(0..=80)).collect());
    }
    if rng.random_bool(0.7) {
        record.first_dealer = Some(index_below(players, &mut rng));
    }
    let seats = Seating { bots: (80, 7), engine: (8, 3), otherwise: Player::Uniform }.seats(index, players, &mut rng);
    let game_deals = if deals == 0 { 2 * players as u32 } else { deals };
    let rules = Rules { players, poker, dead_card_joker, price_to_pot, chip_leader, game_deals, lead_checks: Vec::new() };
    let (logging, seed) = (index.is_multiple_of(50), index.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xB0);
    // A deal has at most a few hundred moves, and a test game at most 18 deals.
    Case { index, record, model: rules, players: seats, logging, single_deal: false, seed, move_cap: 20_000 }
}

/// Actions that are often illegal: wrong phase, wrong amounts, cards not held or out of turn.
fn some_action(rng: &mut GameRng) -> Action {
    let random_card = |rng: &mut GameRng| Card::from_index(index_below(53, rng));
    match rng.random_range(0..11u32) {
        0 => Action::TakeWidow,
        1 => Action::SellWidow,
        2 => Action::Bid(rng.random_range(0..=12_000)),
        3 => Action::Pass,
        4 => {
            let n = rng.random_range(1..=3);
            let cards: Vec<Card> = (0..n).map(|_| random_card(rng)).collect();
            Action::Show(Claim::new(&cards))
        }
        5 => Action::Check,
        6 => Action::Bet(rng.random_range(0..=8)),
        7 => Action::Call,
        8 => Action::Raise(rng.random_range(0..=8)),
        9 => Action::Fold,
        _ => Action::Play(random_card(rng)),
    }
}

conformance_tests!(SUITE);

#[test]
fn every_action_keeps_the_invariants_and_follows_the_rules() {
    let totals = random_games(&SUITE);
    assert!(totals["deals"] >= 100_000, "only {} deals", totals["deals"]);
    // The random games reach every part of the rules.
    totals.assert_reached(&SHOWS);
    totals.assert_reached(&[
        "outs",
        "game ends",
        "ended before the first deal",
        "widows taken",
        "widows sold",
        "widows dead",
        "bids",
        "jokers shown",
        "sequence contests",
        "poker moves",
        "poker rounds",
        "races",
        "follows",
        "stops",
        "ace stops",
        "lead passes",
        "same-colour leads",
        "card spaces",
        "bonanzas",
        "short payments",
        "dead jokers paid",
        "observations checked",
    ]);
}

// ---------------------------------------------------------------------------------------------
// Determinization
// ---------------------------------------------------------------------------------------------

#[test]
fn determinize_before_the_first_deal() {
    // docs/rules/bonanza.md §7.2: with fewer than two players left the game ends — also before deal
    // 1 (nothing dealt). Such a finished game can still be observed and sampled.
    conformance::determinize_before_the_first_deal::<Bonanza>(&Setup {
        players: 3,
        seed: 1,
        chips: Some(vec![5, 100, 9]),
        ..Default::default()
    });
}

#[test]
fn each_deal_settlement_accounts_for_every_chip() {
    // docs/rules/bonanza.md §2 to §6 (the ante to the race): the ante, the widow's price, the
    // spaces, the poker bets, the Bonanza pot and the payments for the cards left are every chip a
    // deal moves; the summary shows the engine's settlement.
    let mut deals = 0;
    common::random_finished_games::<Bonanza>(
        300,
        9,
        40,
        |g| g.events().len(),
        |g, moves| {
            let events = g.events();
            let mut flows = ChipFlows::new(g.players());
            let changes: Vec<Vec<Chips>> = events
                .iter()
                .map(|e| {
                    let mut d = vec![0; g.players()];
                    flows.of(e).into_iter().for_each(|(seat, _, chips)| d[seat] += chips);
                    d
                })
                .collect();
            let after = common::chips_after_each_event(&changes, moves);
            for e in events {
                let Event::Anted { deal_number, .. } = *e else { continue };
                let Some((start, end)) = deal_range(events, deal_number) else { continue };
                let s = DealSettlement::of(events, deal_number, g.chip_counts()).expect("a settled deal");
                assert!(matches!(events[end], Event::Bonanza { .. } | Event::Paid { .. }));
                for (p, row) in s.rows.iter().enumerate() {
                    let before = if start == 0 { after[0][p] - changes[0][p] } else { after[start - 1][p] };
                    assert_eq!(row.chips, after[end][p], "deal {deal_number}, seat {p}: chips after");
                    assert_eq!(row.net, row.chips - before, "deal {deal_number}, seat {p}: net");
                    assert_eq!(row.flows.iter().sum::<Chips>(), row.net, "deal {deal_number}, seat {p}");
                }
                deals += 1;
            }
        },
    );
    assert!(deals > 1000, "only {deals} deals");
}

#[test]
fn the_cards_left_at_a_deal_s_end_are_those_the_losers_pay_for() {
    // docs/rules/bonanza.md §6.4: the first player to empty his hand calls Bonanza and every other
    // player pays him one chip per card left in hand (a dead joker counts, §5.7). The summary shows
    // the engine's cards left: the caller's hand is empty, every other hand holds what its owner
    // was asked to pay for, and none of those cards, nor the dead hand's, was played in the deal.
    let mut deals = 0;
    for seed in 0..150u64 {
        let players = 2 + (seed as usize) % 8;
        let setup = Setup { players, seed, chips: Some(vec![40; players]), ..Default::default() };
        let mut game = Bonanza::from_setup(&setup).expect("a valid setup");
        let mut rng = seeded(seed);
        let mut actions: Vec<(Seat, Action)> = Vec::new();
        while let Some(seat) = game.to_move() {
            let legal = game.legal_actions();
            let action = legal[index_below(legal.len(), &mut rng)];
            game.play(seat, &action).expect("a legal move");
            actions.push((seat, action));
        }
        let events = game.events();
        let calls = events.iter().filter(|e| matches!(e, Event::Bonanza { .. })).count() as u32;
        for deal in 1..=calls {
            let left = CardsLeft::of(&setup, actions.iter().copied(), deal).expect("the deal ended");
            let (start, end) = deal_range(events, deal).expect("a settled deal");
            assert!(!left.dead.is_empty(), "seed {seed}, deal {deal}: a dead hand");
            let mut held = CardSet::from_cards(left.dead.iter().copied());
            for hand in &left.hands {
                let cards = CardSet::from_cards(hand.iter().copied());
                assert!(!held.intersects(cards) && cards.len() == hand.len(), "seed {seed}, deal {deal}: a card twice");
                held |= cards;
            }
            for e in &events[start..=end] {
                match e {
                    Event::Bonanza { seat, .. } => assert!(left.hands[*seat].is_empty(), "seed {seed}, deal {deal}: the caller"),
                    Event::Paid { from, owed, .. } => assert_eq!(*owed, left.hands[*from].len() as Chips, "seed {seed}, deal {deal}"),
                    Event::Played { card, .. } => assert!(!held.contains(*card), "seed {seed}, deal {deal}: {card} played"),
                    _ => {}
                }
            }
            deals += 1;
        }
        assert!(CardsLeft::of(&setup, actions.iter().copied(), calls + 1).is_none(), "seed {seed}: no deal {}", calls + 1);
    }
    assert!(deals > 300, "only {deals} deals");
}
