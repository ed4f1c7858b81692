//! Bonanza properties over many random games (RULES.md §1, RECORD.md).
//!
//! Every game is fixed by its index (a seeded loop: the run is deterministic). The games spread
//! over 2 to 9 players and every option; players choose uniformly random legal moves, or the
//! engine's own playout move (`play_random`), and in some games the `easy` or `random` computer
//! players of `tapis::ai::choose` play. In all, more than 100,000 deals.
//!
//! After EVERY action the test checks the invariants (chips conserved across the stacks and the
//! cloth, the 53 cards each in exactly one place, no negative stack, the mover has a legal move and
//! every listed move reads back, the public inferences are true) and, written again here
//! independently of the engine, the race: who must follow, the stops and the colour change with
//! its fallbacks, the card spaces, the Bonanza payments, then the next deal's out check, ante and
//! dealer, or the end of the game with its leftovers. Illegal moves (and legal ones by the wrong
//! seat) are refused with the state unchanged. At the end of every game the record of its actions,
//! replayed by `Table::replay`, must give the same referee state.
//!
//! `cargo test --test bonanza_properties -- --nocapture` prints the coverage counts.

use std::fmt::Write as _;
use std::thread;
use std::time::Instant;

use rand::Rng;
use serde_json::{json, Value};
use tapis::ai::{self, Level};
use tapis::engine::bonanza::{Action, Auction, Betting, Bonanza, Call, Claim, Phase, Space};
use tapis::engine::cards::{Card, CardSet};
use tapis::engine::game::{Chips, Game, GameId, Seat};
use tapis::engine::rng::{index_below, seeded, GameRng};
use tapis::record::{Record, RecordedAction, Table};

/// Random games in `every_action_keeps_the_invariants_and_follows_the_rules`.
const GAMES: u64 = 23_000;
const THREADS: u64 = 2;
/// No game may take more moves than this (a deal has at most a few hundred moves, and a test game
/// at most 18 deals).
const MOVE_CAP: usize = 20_000;

// ---------------------------------------------------------------------------------------------
// The rules, written again independently of the engine (RULES.md §1)
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

#[derive(Clone, Debug)]
struct Rules {
    players: usize,
    poker: bool,
    dead_card_joker: bool,
    price_to_pot: bool,
    chip_leader: bool,
    game_deals: u32,
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

impl Snap {
    fn of(g: &Bonanza) -> Snap {
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
}

fn is_race(phase: Phase) -> bool {
    matches!(phase, Phase::Lead | Phase::Follow(_))
}

/// The leads open to `leader`: his lowest card of each suit among `suits` that he holds.
fn leads(hand: CardSet, suits: &[usize]) -> Vec<Action> {
    suits.iter().filter_map(|&s| lowest(playable(hand), s)).map(Action::Play).collect()
}

/// Who leads after a stop by `seat` with `stop`, and what (RULES.md §1 "Lower half").
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

/// The end of a deal (RULES.md §1 "Game"): the next deal's out check, ante and dealer, or the end
/// of the game with the leftovers. `chips`/`board` are after the deal's settlement.
#[allow(clippy::too_many_arguments, clippy::needless_range_loop)] // seats index several arrays alike
fn check_next_deal(rules: &Rules, pre: &Snap, post: &Snap, mut chips: [Chips; 9], mut board: [Chips; 10], single_deal: bool, stats: &mut Stats, ctx: &dyn Fn() -> String) {
    stats.deals_settled += 1;
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
                stats.outs += 1;
            }
        }
        game_over = rules.players - (out.count_ones() as usize) < 2;
    }
    if game_over {
        stats.game_ends += 1;
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
            assert_eq!(post.board.iter().sum::<Chips>(), total - share * receivers.len() as Chips, "{}: the leftovers' remainder stays", ctx());
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

/// Checks that `post` is what RULES.md §1 makes of `pre` when `seat` plays `c` in the race.
#[allow(clippy::too_many_arguments)]
fn check_race_play(rules: &Rules, pre: &Snap, post: &Snap, seat: Seat, c: Card, single_deal: bool, stats: &mut Stats, ctx: &dyn Fn() -> String) {
    let mut chips = pre.chips;
    let mut board = pre.board;
    let mut hands = pre.hands;
    hands[seat].remove(c);
    if let Some(space) = card_space(c) {
        chips[seat] += board[space as usize];
        board[space as usize] = 0;
        stats.card_spaces += 1;
    }
    if hands[seat].is_empty() {
        // Bonanza: the pot, then one chip per card left, in turn from the winner's left.
        stats.bonanzas += 1;
        chips[seat] += board[Space::Bonanza as usize];
        board[Space::Bonanza as usize] = 0;
        let mut s = rules.next_in(seat, pre.out);
        while s != seat {
            let owed = hands[s].len() as Chips;
            let paid = owed.min(chips[s]);
            if paid < owed {
                stats.short_payments += 1;
            }
            if hands[s].contains(Card::JOKER) {
                stats.dead_jokers_paid += 1;
            }
            chips[s] -= paid;
            chips[seat] += paid;
            s = rules.next_in(s, pre.out);
        }
        check_next_deal(rules, pre, post, chips, board, single_deal, stats, ctx);
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
            stats.follows += 1;
            assert_eq!((post.phase, post.to_move), (Phase::Follow(next), Some(holder)), "{}: {next} must follow", ctx());
            return;
        }
        assert!(post.known_dead.contains(next) || pre.played.contains(next), "{}: {next} is known dead", ctx());
    } else {
        stats.ace_stops += 1;
    }
    stats.stops += 1;
    let (leader, expected) = lead_after_stop(rules, &hands, pre.out, seat, c);
    if leader != seat {
        stats.lead_passes += 1;
    }
    if expected.iter().any(|a| matches!(a, Action::Play(x) if red(*x) == red(c))) {
        stats.same_colour_leads += 1;
    }
    assert_eq!((post.phase, post.to_move), (Phase::Lead, Some(leader)), "{}: who leads after the stop {c}", ctx());
    stats.lead_checks.push((leader, expected));
}

/// The invariants that hold in every state.
fn check_state(rules: &Rules, g: &Bonanza, total: Chips, legal: &[Action], ctx: &dyn Fn() -> String) {
    let n = g.players();
    let chips = g.chips();
    let board = g.board();
    assert_eq!(chips.iter().sum::<Chips>() + board.iter().sum::<Chips>(), total, "{}: chips not conserved", ctx());
    assert!(chips.iter().all(|&c| c >= 0), "{}: negative stack {chips:?}", ctx());
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
            assert_eq!(g.known(s) - g.hand(s), CardSet::EMPTY, "{}: seat {s} is said to hold {:?}", ctx(), (g.known(s) - g.hand(s)).to_strings());
            assert!(!g.excluded(s).intersects(g.hand(s)), "{}: seat {s} is said not to hold {:?}", ctx(), (g.excluded(s) & g.hand(s)).to_strings());
            // (When the game ends for want of players, the last deal's hands stay on the table.)
            if g.is_out(s) && !g.is_finished() {
                assert!(g.hand(s).is_empty(), "{}: seat {s} is out but holds cards", ctx());
            }
        }
        assert_eq!(g.known_dead() - g.dead_hand(), CardSet::EMPTY, "{}: the dead hand is said to hold more", ctx());
        assert_eq!(g.run() - g.played(), CardSet::EMPTY, "{}", ctx());
    }
    // Every listed move reads back, once (the long lists of bids are checked below by value).
    if legal.len() <= 12 {
        let texts: Vec<String> = legal.iter().map(|a| a.to_string()).collect();
        for (a, t) in legal.iter().zip(&texts) {
            assert_eq!(t.parse::<Action>().as_ref(), Ok(a), "{}: '{t}' does not read back", ctx());
        }
        let mut sorted = texts.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), texts.len(), "{}: duplicate legal actions {texts:?}", ctx());
    }
    match g.to_move() {
        Some(seat) => {
            assert!(!legal.is_empty(), "{}: seat {seat} to move has no legal action", ctx());
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
                    assert!(seat != g.dealer() && a.passed & (1 << seat) == 0 && a.high_bidder != Some(seat), "{}: seat {seat} may not bid now", ctx());
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
            assert!(legal.is_empty(), "{}: legal actions after the game", ctx());
            assert_eq!(g.phase(), Phase::GameOver, "{}", ctx());
        }
    }
}

/// A show is legal (RECORD.md grammar): the named pair held in full or one card with the joker in
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

/// Checks the consequences of one non-race action that the rules spell out.
#[allow(clippy::too_many_arguments, clippy::needless_range_loop)] // seats index several arrays alike
fn check_other_action(rules: &Rules, pre: &Snap, post: &Snap, seat: Seat, action: Action, stats: &mut Stats, ctx: &dyn Fn() -> String) {
    let same_deal = post.deal == pre.deal && pre.deal > 0;
    match (pre.phase, action) {
        (Phase::Widow, Action::TakeWidow) => {
            stats.widows_taken += 1;
            assert_eq!(post.dead, pre.hands[seat], "{}: the dealer's hand is dead", ctx());
            assert_eq!(post.hands[seat] | (post.gone - pre.gone) | (post.played & pre.widow), pre.widow, "{}: the dealer holds the widow", ctx());
        }
        (Phase::Widow, Action::SellWidow) => {
            assert_eq!((post.phase, post.to_move), (Phase::Auction, Some(rules.next_in(seat, pre.out))), "{}: the auction starts at the dealer's left", ctx());
        }
        (Phase::Auction, _) if post.phase != Phase::Auction => {
            let (buyer, price) = match action {
                Action::Bid(n) => (Some(seat), n),
                _ => (pre.auction.high_bidder, pre.auction.high_bid),
            };
            match buyer {
                Some(b) => {
                    stats.widows_sold += 1;
                    assert_eq!(post.dead, pre.hands[b], "{}: the buyer's hand is dead", ctx());
                    let mut chips = pre.chips;
                    chips[b] -= price;
                    if rules.price_to_pot {
                        assert!(post.board[Space::Bonanza as usize] >= pre.board[Space::Bonanza as usize] + price, "{}: the price goes into the pot", ctx());
                    } else {
                        chips[pre.dealer] += price;
                    }
                    // Later automatic steps (calls, poker) can only add chips.
                    for s in 0..rules.players {
                        assert!(post.chips[s] >= chips[s], "{}: after the sale seat {s} has {} < {}", ctx(), post.chips[s], chips[s]);
                    }
                }
                None => {
                    stats.widows_dead += 1;
                    assert_eq!(post.dead, pre.widow, "{}: nobody bid, the widow is dead", ctx());
                }
            }
        }
        (Phase::Auction, Action::Bid(n)) => {
            assert_eq!((post.auction.high_bid, post.auction.high_bidder), (n, Some(seat)), "{}", ctx());
            assert!(n <= pre.chips[seat], "{}", ctx());
            stats.bids += 1;
        }
        (Phase::Call(call), Action::Show(claim)) => {
            stats.shows[call as usize] += 1;
            if claim.uses_joker() {
                assert!(post.gone.contains(Card::JOKER), "{}: a shown joker leaves the game", ctx());
                stats.jokers_shown += 1;
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
            stats.poker_moves += 1;
        }
        (Phase::Poker, _) => stats.poker_rounds += 1,
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
            stats.sequence_contests += usize::from(sequences.iter().flatten().count() > 1);
            assert_eq!(post.board[Space::Sequence as usize], 0, "{}: the sequence space is taken", ctx());
            let pay = pre.board[Space::Sequence as usize];
            assert!(post.chips[winner] >= pre.chips[winner] + pay, "{}: seat {winner} has the best sequence", ctx());
        }
    }
    // The race has just begun: the dealer leads the lowest card of a suit of his choice.
    if !is_race(pre.phase) && is_race(post.phase) && same_deal {
        stats.races += 1;
        assert_eq!(post.to_move, Some(post.dealer), "{}: the dealer leads", ctx());
        if !rules.dead_card_joker {
            assert!(!post.hands.iter().any(|h| h.contains(Card::JOKER)), "{}: the unused joker is set aside", ctx());
        }
        stats.lead_checks.push((post.dealer, leads(post.hands[post.dealer], &[0, 1, 2, 3])));
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
    let seats: Vec<Player> = if index % 80 == 7 {
        (0..players)
            .map(|_| match rng.random_range(0..3u32) {
                0 => Player::Uniform,
                1 => Player::Bot(Level::Random),
                _ => Player::Bot(Level::Easy),
            })
            .collect()
    } else if index % 8 == 3 {
        vec![Player::EngineRandom; players]
    } else {
        vec![Player::Uniform; players]
    };
    let game_deals = if deals == 0 { 2 * players as u32 } else { deals };
    let rules = Rules { players, poker, dead_card_joker, price_to_pot, chip_leader, game_deals };
    Config { index, record, rules, players: seats, logging: index.is_multiple_of(50) }
}

#[derive(Default, Debug)]
struct Stats {
    games: u64,
    moves: u64,
    deals: u64,
    deals_settled: u64,
    by_players: [u64; 10],
    game_ends: u64,
    ended_before_first_deal: u64,
    outs: u64,
    widows_taken: u64,
    widows_sold: u64,
    widows_dead: u64,
    bids: u64,
    shows: [u64; 4],
    jokers_shown: u64,
    sequence_contests: usize,
    poker_moves: u64,
    poker_rounds: u64,
    races: u64,
    follows: u64,
    stops: u64,
    ace_stops: u64,
    lead_passes: u64,
    same_colour_leads: u64,
    card_spaces: u64,
    bonanzas: u64,
    short_payments: u64,
    dead_jokers_paid: u64,
    illegal_refused: u64,
    wrong_seat_refused: u64,
    bot_moves: u64,
    engine_random_moves: u64,
    observations_checked: u64,
    full_replays: u64,
    max_moves: usize,
    /// Leads to compare with the next state's legal actions (set by the transition checks).
    #[allow(dead_code)]
    lead_checks: Vec<(Seat, Vec<Action>)>,
}

impl Stats {
    fn add(&mut self, o: &Stats) {
        self.games += o.games;
        self.moves += o.moves;
        self.deals += o.deals;
        self.deals_settled += o.deals_settled;
        for i in 0..10 {
            self.by_players[i] += o.by_players[i];
        }
        self.game_ends += o.game_ends;
        self.ended_before_first_deal += o.ended_before_first_deal;
        self.outs += o.outs;
        self.widows_taken += o.widows_taken;
        self.widows_sold += o.widows_sold;
        self.widows_dead += o.widows_dead;
        self.bids += o.bids;
        for i in 0..4 {
            self.shows[i] += o.shows[i];
        }
        self.jokers_shown += o.jokers_shown;
        self.sequence_contests += o.sequence_contests;
        self.poker_moves += o.poker_moves;
        self.poker_rounds += o.poker_rounds;
        self.races += o.races;
        self.follows += o.follows;
        self.stops += o.stops;
        self.ace_stops += o.ace_stops;
        self.lead_passes += o.lead_passes;
        self.same_colour_leads += o.same_colour_leads;
        self.card_spaces += o.card_spaces;
        self.bonanzas += o.bonanzas;
        self.short_payments += o.short_payments;
        self.dead_jokers_paid += o.dead_jokers_paid;
        self.illegal_refused += o.illegal_refused;
        self.wrong_seat_refused += o.wrong_seat_refused;
        self.bot_moves += o.bot_moves;
        self.engine_random_moves += o.engine_random_moves;
        self.observations_checked += o.observations_checked;
        self.full_replays += o.full_replays;
        self.max_moves = self.max_moves.max(o.max_moves);
    }
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

fn without_events(mut state: Value) -> Value {
    state.as_object_mut().unwrap().remove("events");
    state
}

/// Plays one whole random game, checking every action; returns its final referee state.
#[allow(clippy::needless_range_loop)] // seats index several arrays alike
fn run_game(cfg: &Config, stats: &mut Stats) -> Value {
    let ctx_base = || format!("game {} ({} players, options {:?}, chips {:?}, first_dealer {:?})", cfg.index, cfg.rules.players, cfg.record.options, cfg.record.chips, cfg.record.first_dealer);
    let rules = &cfg.rules;
    let n = rules.players;
    let mut game = Bonanza::new(&cfg.record.setup()).unwrap_or_else(|e| panic!("{}: {e}", ctx_base()));
    game.set_logging(cfg.logging);
    let starting: Vec<Chips> = cfg.record.chips.clone().unwrap_or_else(|| {
        let start = cfg.record.options.get("start_chips").and_then(Value::as_i64).unwrap_or(100);
        vec![start; n]
    });
    let total: Chips = starting.iter().sum();

    // The start: out check, ante and deal, or the end at once.
    let mut legal = Vec::with_capacity(128);
    game.legal_actions_into(&mut legal);
    check_state(rules, &game, total, &legal, &ctx_base);
    let able = starting.iter().filter(|&&c| c >= rules.ante()).count();
    if able < 2 {
        assert!(game.is_finished(), "{}: fewer than two can ante", ctx_base());
        assert_eq!(game.deal_number(), 0);
        stats.ended_before_first_deal += 1;
    } else {
        let first = cfg.record.first_dealer.unwrap_or(0);
        let dealer = if starting[first] >= rules.ante() { first } else { (1..n).map(|k| (first + k) % n).find(|&s| starting[s] >= rules.ante()).unwrap() };
        assert_eq!((game.deal_number(), game.dealer(), game.to_move()), (1, dealer, Some(dealer)), "{}: the first dealer", ctx_base());
        for s in 0..n {
            let expected = if starting[s] >= rules.ante() { starting[s] - rules.ante() } else { starting[s] };
            assert_eq!(game.chips()[s], expected, "{}: seat {s}'s first ante", ctx_base());
            assert_eq!(game.is_out(s), starting[s] < rules.ante(), "{}: seat {s} out at the start", ctx_base());
        }
    }

    let mut rng: GameRng = seeded(cfg.index.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xB0);
    let mut actions: Vec<RecordedAction> = Vec::new();
    while let Some(seat) = game.to_move() {
        let moves = actions.len();
        let deal = game.deal_number();
        let ctx = || format!("{}, move {moves} (deal {deal})", ctx_base());
        assert!(moves < MOVE_CAP, "{}: the game does not end", ctx());
        let pre = Snap::of(&game);

        // Now and then: illegal moves, and a legal one by the wrong seat, are refused unchanged.
        if rng.random_range(0..8u32) == 0 {
            let attempt = some_action(&mut rng);
            if !legal.contains(&attempt) {
                assert!(game.play(seat, &attempt).is_err(), "{}: '{attempt}' was accepted", ctx());
                assert_eq!(Snap::of(&game), pre, "{}: a refused '{attempt}' changed the state", ctx());
                stats.illegal_refused += 1;
            }
            let other = (seat + 1 + index_below(n - 1, &mut rng)) % n;
            let err = game.play(other, &legal[0]).expect_err("a move by the wrong seat");
            assert!(err.reason.contains("turn"), "{}: {err}", ctx());
            assert_eq!(Snap::of(&game), pre, "{}", ctx());
            stats.wrong_seat_refused += 1;
        }
        // Now and then: every seat's observation is possible, and the seat to move cannot tell
        // its re-dealt table from the real one.
        if rng.random_range(0..40u32) == 0 {
            for s in 0..n {
                let obs = game.observe(s);
                obs.check().unwrap_or_else(|e| panic!("{}: seat {s}'s observation: {e}", ctx()));
                if s == seat {
                    let world = Bonanza::determinize(&obs, &mut rng);
                    assert_eq!(world.observe(s), obs, "{}: the re-dealt table shows seat {s} something else", ctx());
                    assert_eq!(world.legal_actions(), legal, "{}: other legal actions in the re-dealt table", ctx());
                }
            }
            stats.observations_checked += 1;
        }

        let mut random_after: Option<Bonanza> = None;
        let action = match cfg.players[seat] {
            Player::Uniform => legal[index_below(legal.len(), &mut rng)],
            Player::EngineRandom => {
                // The playout fast path picks and plays in one go: it must be one of the legal
                // actions, recognised by the state it leads to.
                let mut after = game.clone();
                assert!(after.play_random(&mut rng), "{}: play_random found no move", ctx());
                let target = Snap::of(&after);
                let found = legal.iter().find(|a| {
                    let mut g = game.clone();
                    g.play(seat, a).is_ok() && Snap::of(&g) == target
                });
                let action = *found.unwrap_or_else(|| panic!("{}: play_random made no legal move", ctx()));
                stats.engine_random_moves += 1;
                random_after = Some(after);
                action
            }
            Player::Bot(level) => {
                let chosen = ai::choose::<Bonanza>(&game.observe(seat), level, &mut rng);
                assert!(legal.contains(&chosen), "{}: the {level} bot chose '{chosen}', not one of the legal actions", ctx());
                stats.bot_moves += 1;
                chosen
            }
        };
        game.play(seat, &action).unwrap_or_else(|e| panic!("{}: a legal action was refused: {e}", ctx()));
        let post = Snap::of(&game);
        let ctx = || format!("{}, move {moves} (deal {}, seat {seat} '{action}')", ctx_base(), pre.deal);
        if let Some(after) = random_after {
            assert_eq!(Snap::of(&after), post, "{}: play_random and play differ", ctx());
        }
        match (pre.phase, action) {
            (Phase::Lead | Phase::Follow(_), Action::Play(c)) => check_race_play(rules, &pre, &post, seat, c, false, stats, &ctx),
            _ => check_other_action(rules, &pre, &post, seat, action, stats, &ctx),
        }
        if post.deal != pre.deal && !is_race(pre.phase) {
            panic!("{}: a deal ended outside the race", ctx());
        }
        actions.push(RecordedAction { seat, action: action.to_string() });
        legal.clear();
        game.legal_actions_into(&mut legal);
        check_state(rules, &game, total, &legal, &ctx);
        for (leader, expected) in std::mem::take(&mut stats.lead_checks) {
            assert_eq!((game.to_move(), &legal), (Some(leader), &expected), "{}: the leads", ctx());
        }
    }

    // Statistics.
    stats.games += 1;
    stats.moves += actions.len() as u64;
    stats.deals += u64::from(game.deal_number());
    stats.by_players[n] += 1;
    stats.max_moves = stats.max_moves.max(actions.len());

    // The record replays to the same state.
    let mut record = cfg.record.clone();
    record.actions = actions;
    if cfg.logging {
        // Through the JSON text, as the referee reads it, and with the whole event log.
        let text = record.to_json();
        let parsed = Record::from_json(&text).unwrap_or_else(|e| panic!("{}: the record does not read back: {e}", ctx_base()));
        let table = Table::replay(&parsed).unwrap_or_else(|e| panic!("{}: replay failed: {e}", ctx_base()));
        assert_eq!(table.referee_state(), game.referee_state(), "{}: the replay differs", ctx_base());
        assert!(
            matches!(game.events().last(), Some(tapis::engine::bonanza::Event::GameOver { .. })),
            "{}: the log ends with the game's end",
            ctx_base()
        );
        stats.full_replays += 1;
    } else {
        // The typed state (the JSON state, with its event log, is compared for the logged games).
        let table = Table::replay(&record).unwrap_or_else(|e| panic!("{}: replay failed: {e}", ctx_base()));
        let Table::Bonanza(replayed) = &table else { panic!("not a Bonanza table") };
        assert_eq!(Snap::of(replayed), Snap::of(&game), "{}: the replay differs", ctx_base());
    }
    without_events(game.referee_state())
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
    writeln!(report, "{} games, {} deals, {} moves in {:.1?}", totals.games, totals.deals, totals.moves, start.elapsed()).unwrap();
    writeln!(report, "{totals:#?}").unwrap();
    println!("{report}");

    assert_eq!(totals.games, GAMES);
    assert!(totals.deals >= 100_000, "only {} deals", totals.deals);
    // The random games reach every part of the rules.
    for players in 2..=9 {
        assert!(totals.by_players[players] > 1_000, "{players} players: {}", totals.by_players[players]);
    }
    assert!(totals.outs > 0 && totals.game_ends > 0 && totals.ended_before_first_deal > 0);
    assert!(totals.widows_taken > 0 && totals.widows_sold > 0 && totals.widows_dead > 0 && totals.bids > 0);
    assert!(totals.shows.iter().all(|&s| s > 0) && totals.jokers_shown > 0 && totals.sequence_contests > 0);
    assert!(totals.poker_moves > 0 && totals.poker_rounds > 0 && totals.races > 0);
    assert!(totals.follows > 0 && totals.stops > 0 && totals.ace_stops > 0 && totals.lead_passes > 0 && totals.same_colour_leads > 0);
    assert!(totals.card_spaces > 0 && totals.bonanzas > 0 && totals.short_payments > 0 && totals.dead_jokers_paid > 0);
    assert!(totals.illegal_refused > 0 && totals.wrong_seat_refused > 0 && totals.observations_checked > 0);
    assert!(totals.bot_moves > 0 && totals.engine_random_moves > 0);
    assert!(totals.full_replays >= GAMES / 50);
}

// ---------------------------------------------------------------------------------------------
// Determinization
// ---------------------------------------------------------------------------------------------

/// Plays random games and calls `visit` on many positions along the way.
fn visit_positions(games: u64, mut visit: impl FnMut(&Bonanza, &mut GameRng)) {
    for index in 0..games {
        let mut cfg = config(index * 7 + 1);
        cfg.record.chips = None;
        let mut game = Bonanza::new(&cfg.record.setup()).unwrap();
        game.set_logging(false);
        let mut rng = seeded(index);
        let mut legal = Vec::new();
        while let Some(seat) = game.to_move() {
            if rng.random_range(0..5u32) == 0 {
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
    visit_positions(600, |game, rng| {
        let n = game.players();
        for seat in 0..n {
            let obs = game.observe(seat);
            obs.check().unwrap();
            let d = Bonanza::determinize(&obs, rng);
            let ctx = || format!("position {positions}, observer {seat}, phase {:?}", game.phase());
            let to_move = game.to_move() == Some(seat);
            if to_move || !matches!(game.phase(), Phase::Call(_)) {
                // Same own hand and same public information: the observer cannot tell them apart.
                assert_eq!(d.observe(seat), obs, "{}", ctx());
                assert_eq!((d.phase(), d.to_move()), (game.phase(), game.to_move()), "{}", ctx());
            }
            // (At a call where someone else may be asked, the sampled world asks whoever it deals
            // something to show, and may already have moved on to the next phases.)
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
            // The observer's own legal actions are the same, and the sampled world plays on.
            if to_move {
                assert_eq!(d.legal_actions(), game.legal_actions(), "{}: legal actions", ctx());
            }
            if positions.is_multiple_of(8) {
                let mut d = d;
                let deal = d.deal_number();
                let mut legal = Vec::new();
                while let Some(mover) = d.to_move() {
                    legal.clear();
                    d.legal_actions_into(&mut legal);
                    assert!(!legal.is_empty(), "{}: a sampled world without a move", ctx());
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
    assert!(positions > 50_000, "{positions}");
}

#[test]
fn determinize_before_the_first_deal() {
    // RULES.md §1 Game: "with fewer than two players left the game ends" — also before deal 1
    // (nothing dealt). Such a finished game can still be observed and sampled.
    let setup = tapis::engine::game::Setup { players: 3, seed: 1, chips: Some(vec![5, 100, 9]), ..Default::default() };
    let game = Bonanza::new(&setup).unwrap();
    assert!(game.is_finished());
    assert_eq!(game.deal_number(), 0);
    for seat in 0..3 {
        let obs = game.observe(seat);
        obs.check().unwrap();
        let d = Bonanza::determinize(&obs, &mut seeded(seat as u64));
        assert_eq!(d.observe(seat), obs);
        assert!(d.is_finished());
    }
}

#[test]
fn single_deal_playouts_settle_one_deal_and_stop() {
    // The engine's playout mode (`set_single_deal`, `redeal`, `play_random`): one deal, dealt
    // afresh with the ante already paid, played at random, settled by RULES.md §1, then no seat
    // to move.
    let mut stats = Stats::default();
    let mut playouts = 0;
    for index in 0..10_000u64 {
        let cfg = config(index);
        let rules = &cfg.rules;
        let mut base = Bonanza::new(&cfg.record.setup()).unwrap();
        if base.is_finished() {
            continue;
        }
        base.set_logging(false);
        base.set_single_deal(true);
        let mut rng = seeded(index);
        let mut game = base.clone();
        if index % 2 == 0 {
            game.redeal(&mut rng);
            assert_eq!((game.chips(), game.board(), game.dealer(), game.deal_number()), (base.chips(), base.board(), base.dealer(), base.deal_number()));
            assert_eq!((game.phase(), game.to_move()), (Phase::Widow, Some(base.dealer())));
        }
        let total: Chips = game.chips().iter().sum::<Chips>() + game.board().iter().sum::<Chips>();
        let mut legal = Vec::new();
        loop {
            let ctx = || format!("single deal {index}");
            legal.clear();
            game.legal_actions_into(&mut legal);
            check_state(rules, &game, total, &legal, &ctx);
            let pre = Snap::of(&game);
            let Some(seat) = pre.to_move else { break };
            let action = legal[index_below(legal.len(), &mut rng)];
            game.play(seat, &action).unwrap();
            if let (Phase::Lead | Phase::Follow(_), Action::Play(c)) = (pre.phase, action) {
                check_race_play(rules, &pre, &Snap::of(&game), seat, c, true, &mut stats, &ctx);
                stats.lead_checks.clear();
            }
        }
        assert!(!game.play_random(&mut rng), "no move once the deal is over");
        assert_eq!(game.deal_number(), base.deal_number());
        playouts += 1;
    }
    assert!(playouts > 5_000 && stats.bonanzas == playouts, "{playouts} playouts, {} Bonanzas", stats.bonanzas);
}

#[test]
fn the_games_are_deterministic() {
    // The same index plays the same game twice (seeded shuffles, seeded players).
    for index in [0u64, 1, 3, 7, 23, 100, 4_321] {
        let state = |cfg: &Config| run_game(cfg, &mut Stats::default());
        assert_eq!(state(&config(index)), state(&config(index)));
    }
}
