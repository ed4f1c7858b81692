//! A rule-based Bonanza player, reading only its seat's observation.
//!
//! - **Widow**: it values its own hand and the widow (the average of random hands drawn from the
//!   cards it cannot see) in chips: the spaces its claims would take, the race cards (A♠ K♥ Q♦ J♣)
//!   and how easily the hand runs out; the dealer takes the widow when it is worth more than his
//!   hand plus what a sale would bring, a bidder bids up to the widow's expected gain.
//! - **Calls**: it shows the pairs, and the best sequence when it beats those already shown; it
//!   spends the joker where it takes the most chips (keeping it silent for a richer later call).
//! - **Poker**: it estimates its chance of holding the best hand against random hands of the
//!   other players still in, and bets, calls or folds by that chance and the pot odds. For the
//!   search levels the hands are not quite random: a player who has put chips in is reckoned to
//!   hold a strong one ([`decide_reading_bets`]).
//! - **Race**: it leads the suit whose run (the cards it can play in a row) sheds the most, takes
//!   space cards on the way, and ends on a stop it knows (an ace, or a card whose successor is
//!   dead or played), so the lead comes back.
//!
//! The searches' playout policy ([`playout_move`]) is a cheap version of the same instincts.

use rand::Rng;
use serde::{Deserialize, Serialize};

use super::bonanza_playout::{breaks, poker_strength};
use super::Bot;
use crate::engine::bonanza::calls::{legal_claims, pair_cards};
use crate::engine::bonanza::poker::{best_hand, high_rank, HandValue};
use crate::engine::bonanza::race::next_card;
use crate::engine::bonanza::{Action, Bonanza, Call, Claim, Observation, Phase, SequenceRank, Space, UnusedJoker, WidowPriceTo};
use crate::engine::cards::{Card, CardSet};
use crate::engine::game::{Chips, Game, Seat};
use crate::engine::rng::{index_below, shuffle, GameRng};

pub struct RuleBot {
    /// Probability of playing a random legal move instead of the chosen one (when there is a
    /// choice; auctions and bets excepted, where a random amount would be silly).
    pub randomness: f64,
}

/// Random hands drawn to value an unseen hand, and to estimate poker chances.
const SAMPLES: usize = 40;

impl Bot<Bonanza> for RuleBot {
    fn choose(&self, obs: &Observation, legal: &[Action], rng: &mut GameRng) -> Action {
        if legal.len() > 1 && self.randomness > 0.0 && rng.random_bool(self.randomness) {
            let simple: Vec<&Action> = legal.iter().filter(|a| !matches!(a, Action::Bid(_) | Action::Bet(_) | Action::Raise(_))).collect();
            if !simple.is_empty() {
                return *simple[index_below(simple.len(), rng)];
            }
        }
        let chosen = decide(obs, legal, rng).action;
        debug_assert!(legal.contains(&chosen), "the rule bot chose {chosen}, not in {legal:?}");
        if legal.contains(&chosen) {
            chosen
        } else {
            legal[0]
        }
    }
}

/// Why a move is good, in a form the page can say in any language (hints).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Hint {
    /// The only legal move.
    Forced,
    /// Take the widow: it is worth more (in chips, estimated) than the hand.
    TakeWidow { hand: i64, widow: i64 },
    /// Keep the hand and sell the widow.
    SellWidow { hand: i64, widow: i64 },
    /// Bid: the widow should gain about `gain` chips over the hand.
    Bid { chips: Chips, gain: i64 },
    /// Pass in the auction: the widow is not worth more than the price.
    PassAuction { gain: i64 },
    /// Show these cards: they take the space (or, for a sequence, beat those shown).
    Show { call: Call, chips: Chips },
    /// Keep the joker silent: it should take a richer space later.
    KeepJoker { later: Space, chips: Chips },
    /// Stay silent at this call (nothing worth showing, or the sequence cannot win).
    Silent { call: Call },
    /// A poker move, with the estimated chance (percent) of holding the best hand.
    Poker { win_percent: u32 },
    /// A lead: `run` cards in a row, spaces taken on the way, and whether it ends on a known stop.
    Lead { card: Card, run: usize, spaces: Chips, keeps_lead: bool },
}

/// A decision and its reason.
pub struct Decision {
    pub action: Action,
    pub hint: Hint,
}

/// Explains `action` for the seat of `obs` (a legal move there).
pub fn explain(obs: &Observation, legal: &[Action], action: Action, rng: &mut GameRng) -> Hint {
    if legal.len() == 1 {
        return Hint::Forced;
    }
    let decision = decide_reading_bets(obs, legal, rng);
    if decision.action == action {
        return decision.hint;
    }
    match action {
        Action::Play(card) => {
            let lead = preview_lead(obs, card);
            Hint::Lead { card, run: lead.run, spaces: lead.spaces, keeps_lead: lead.keeps_lead }
        }
        _ => decision.hint,
    }
}

/// The bot's move for `obs` among `legal`, with its reason.
pub fn decide(obs: &Observation, legal: &[Action], rng: &mut GameRng) -> Decision {
    decide_with(obs, legal, rng, Reading::Cards)
}

/// The same, except that at the poker it reads the others' bets: a player who has put chips in
/// holds a better hand than his hand size usually makes (the search levels play the poker so).
pub fn decide_reading_bets(obs: &Observation, legal: &[Action], rng: &mut GameRng) -> Decision {
    decide_with(obs, legal, rng, Reading::Bets)
}

/// What the poker estimate takes into account besides the cards this seat can see.
#[derive(Clone, Copy, PartialEq)]
enum Reading {
    Cards,
    Bets,
}

fn decide_with(obs: &Observation, legal: &[Action], rng: &mut GameRng, reading: Reading) -> Decision {
    if legal.len() == 1 {
        return Decision { action: legal[0], hint: Hint::Forced };
    }
    match obs.phase {
        Phase::Widow => widow_choice(obs, rng),
        Phase::Auction => auction_choice(obs, legal, rng),
        Phase::Call(call) => call_choice(obs, call, legal),
        Phase::Poker => poker_choice(obs, legal, rng, reading),
        Phase::Lead | Phase::Follow(_) => lead_choice(obs, legal),
        Phase::GameOver => Decision { action: legal[0], hint: Hint::Forced },
    }
}

// ---------------------------------------------------------------------------------------------
// Valuing hands
// ---------------------------------------------------------------------------------------------

fn chips_on(obs: &Observation, space: Space) -> f64 {
    obs.board[space.index()] as f64
}

fn players_in(obs: &Observation) -> usize {
    obs.players() - obs.out.len()
}

/// The best sequence claim of a hand (natural first), if any.
fn best_sequence(hand: CardSet, natural_only: bool) -> Option<Claim> {
    let mut claims = Vec::new();
    legal_claims(Call::Sequence, hand, &mut claims);
    claims.into_iter().filter(|c| !natural_only || !c.uses_joker()).max_by_key(SequenceRank::of)
}

/// Whether a hand can claim the pair space of `call` without the joker, or with it.
fn pair_claim(hand: CardSet, call: Call) -> (bool, bool) {
    let [a, b] = pair_cards(call);
    let held = hand.contains(a) as u8 + hand.contains(b) as u8;
    (held == 2, held == 1 && hand.contains(Card::JOKER))
}

/// Roughly how likely a sequence wins against the other hands, by its top card.
fn sequence_chance(claim: &Claim) -> f64 {
    let top = match claim.cards()[2] {
        c if c.is_joker() => claim.joker_stands_for(Call::Sequence).expect("a run"),
        c => c,
    };
    let chance = 0.25 + 0.06 * f64::from(high_rank(top));
    if claim.uses_joker() {
        (chance - 0.05).min(0.9)
    } else {
        chance.min(0.95)
    }
}

/// Chips a hand should win at the calls (not the poker), the joker spent once at its best.
fn calls_value(obs: &Observation, hand: CardSet) -> f64 {
    let joker = hand.contains(Card::JOKER);
    let mut value = 0.0;
    let mut joker_uses: Vec<f64> = Vec::new();
    if joker {
        joker_uses.push(chips_on(obs, Space::Joker));
    }
    for call in [Call::QueenJack, Call::TenTwo] {
        let (natural, with_joker) = pair_claim(hand, call);
        if natural {
            value += chips_on(obs, call.space());
        } else if with_joker {
            joker_uses.push(chips_on(obs, call.space()));
        }
    }
    match best_sequence(hand, true) {
        Some(claim) => value += chips_on(obs, Space::Sequence) * sequence_chance(&claim),
        None => {
            if let Some(claim) = best_sequence(hand, false) {
                joker_uses.push(chips_on(obs, Space::Sequence) * sequence_chance(&claim));
            }
        }
    }
    value + joker_uses.into_iter().fold(0.0, f64::max)
}

/// Chips a hand should bring in the race: its space cards, and how fast it runs out (fewer
/// cards and fewer breaks between consecutive cards are better).
fn race_value(obs: &Observation, hand: CardSet) -> f64 {
    let cards = hand - CardSet::from_cards([Card::JOKER]);
    let mut value = 0.0;
    for space in Space::CARD_SPACES {
        if cards.contains(space.card().expect("a card space")) {
            value += 0.6 * chips_on(obs, space);
        }
    }
    // Breaks: cards whose successor (aces high) is not in the hand and not an ace stop.
    let break_count = f64::from(breaks(hand));
    let aces = cards.iter().filter(|c| c.rank_unchecked().index() == 0).count() as f64;
    let pot = chips_on(obs, Space::Bonanza) + players_in(obs) as f64 * 2.0;
    value + pot * (0.5 / (1.0 + break_count)) - 0.5 * cards.len() as f64 + 0.8 * aces
        - if hand.contains(Card::JOKER) && obs.options.unused_joker == UnusedJoker::DeadCard { 3.0 } else { 0.0 }
}

/// A hand's worth for the coming deal, in chips (without the poker).
fn hand_value(obs: &Observation, hand: CardSet) -> f64 {
    calls_value(obs, hand) + race_value(obs, hand)
}

/// The average worth of a hand of `size` cards drawn from `pool`.
fn unseen_hand_value(obs: &Observation, pool: CardSet, size: usize, rng: &mut GameRng) -> f64 {
    let mut cards: Vec<Card> = pool.iter().collect();
    if cards.len() < size || size == 0 {
        return 0.0;
    }
    let mut total = 0.0;
    for _ in 0..SAMPLES {
        shuffle(&mut cards, rng);
        total += hand_value(obs, cards[..size].iter().copied().collect());
    }
    total / SAMPLES as f64
}

/// The widow's expected worth and the hand's, for this seat.
fn widow_and_hand(obs: &Observation, rng: &mut GameRng) -> (f64, f64) {
    let widow = unseen_hand_value(obs, obs.unseen(), obs.widow_size, rng);
    (widow, hand_value(obs, obs.hand))
}

// ---------------------------------------------------------------------------------------------
// Decisions
// ---------------------------------------------------------------------------------------------

fn widow_choice(obs: &Observation, rng: &mut GameRng) -> Decision {
    let (widow, hand) = widow_and_hand(obs, rng);
    // What selling brings: a price when it goes to the dealer, a little when into the pot.
    let sale = match obs.options.widow_price_to {
        WidowPriceTo::Dealer => 1.5,
        WidowPriceTo::Pot => 0.3,
    };
    let (w, h) = (widow.round() as i64, hand.round() as i64);
    if widow > hand + sale {
        Decision { action: Action::TakeWidow, hint: Hint::TakeWidow { hand: h, widow: w } }
    } else {
        Decision { action: Action::SellWidow, hint: Hint::SellWidow { hand: h, widow: w } }
    }
}

fn auction_choice(obs: &Observation, legal: &[Action], rng: &mut GameRng) -> Decision {
    let (widow, hand) = widow_and_hand(obs, rng);
    let gain = widow - hand - 1.0;
    let lowest = legal.iter().find_map(|a| match a {
        Action::Bid(n) => Some(*n),
        _ => None,
    });
    match lowest {
        Some(n) if (n as f64) <= gain => Decision { action: Action::Bid(n), hint: Hint::Bid { chips: n, gain: gain.round() as i64 } },
        _ => Decision { action: Action::Pass, hint: Hint::PassAuction { gain: gain.round() as i64 } },
    }
}

/// The richest use of the joker at a later call than `call`, if any: (space, chips expected).
fn later_joker_use(obs: &Observation, hand: CardSet, call: Call) -> Option<(Space, f64)> {
    let mut best: Option<(Space, f64)> = None;
    let mut consider = |space: Space, value: f64| {
        if best.is_none_or(|(_, v)| value > v) {
            best = Some((space, value));
        }
    };
    let mut next = call.next();
    while let Some(c) = next {
        match c {
            Call::QueenJack | Call::TenTwo => {
                if pair_claim(hand, c).1 {
                    consider(c.space(), chips_on(obs, c.space()));
                }
            }
            Call::Sequence => {
                if best_sequence(hand, true).is_none() {
                    if let Some(claim) = best_sequence(hand, false) {
                        consider(Space::Sequence, chips_on(obs, Space::Sequence) * sequence_chance(&claim));
                    }
                }
            }
            Call::Joker => {}
        }
        next = c.next();
    }
    best
}

fn call_choice(obs: &Observation, call: Call, legal: &[Action]) -> Decision {
    let silent = Decision { action: Action::Pass, hint: Hint::Silent { call } };
    let claims: Vec<Claim> = legal
        .iter()
        .filter_map(|a| match a {
            Action::Show(c) => Some(*c),
            _ => None,
        })
        .collect();
    let chips = obs.board[call.space().index()];
    let pick = match call {
        Call::Sequence => {
            let best_shown = obs.sequences.iter().flatten().map(SequenceRank::of).max();
            let beats = |c: &&Claim| best_shown.is_none_or(|b| SequenceRank::of(c) > b);
            let natural = claims.iter().filter(|c| !c.uses_joker()).filter(beats).max_by_key(|c| SequenceRank::of(c));
            match natural {
                Some(c) => Some(*c),
                None => claims.iter().filter(beats).max_by_key(|c| SequenceRank::of(c)).copied(),
            }
        }
        _ => claims.first().copied(),
    };
    let Some(claim) = pick else { return silent };
    if claim.uses_joker() {
        let here = match call {
            Call::Sequence => chips as f64 * sequence_chance(&claim),
            _ => chips as f64,
        };
        // A dead joker costs a chip and keeps the hand from ever running out: spend it.
        let keep_cost = if obs.options.unused_joker == UnusedJoker::DeadCard { 3.0 } else { 0.0 };
        if let Some((space, later)) = later_joker_use(obs, obs.hand, call) {
            if later > here + keep_cost {
                return Decision { action: Action::Pass, hint: Hint::KeepJoker { later: space, chips: obs.board[space.index()] } };
            }
        }
    }
    Decision { action: Action::Show(claim), hint: Hint::Show { call, chips } }
}

/// Reading the bets: a player who has put chips in (bet, raised or called) holds a hand at least
/// this many categories above what his hand size usually makes. Duplicate-deal arena, hard
/// against four easy bots, 600 deals (seed 2026): +1.45 chips per deal without reading, +1.40,
/// +1.69, +1.95, +1.56 and +1.42 with 0 to 4; seed 2027, +1.46 without and +1.98 with 2.
const COMMITTED_MARGIN: i32 = 2;

/// The chance that `hand` is the best among the players still in the betting, against random
/// hands dealt from the cards this seat cannot see; reading the bets, a deal where a player who
/// has put chips in holds less than [`COMMITTED_MARGIN`] says is dealt again (a few times).
fn poker_chance(obs: &Observation, rng: &mut GameRng, reading: Reading) -> f64 {
    const TRIES: usize = 12;
    let mine = best_hand(obs.hand);
    let opponents: Vec<Seat> = (0..obs.players()).filter(|&s| s != obs.seat && obs.betting.active() & (1 << s) != 0).collect();
    let committed = |s: Seat| reading == Reading::Bets && obs.betting.put_in[s] > 0;
    let mut pool: Vec<Card> = obs.unseen().iter().collect();
    let mut hands = vec![CardSet::EMPTY; opponents.len()];
    let mut wins = 0.0;
    for _ in 0..SAMPLES {
        for attempt in 0..TRIES {
            shuffle(&mut pool, rng);
            let mut start = 0;
            for (hand, &s) in hands.iter_mut().zip(&opponents) {
                let known = obs.known[s];
                let size = obs.hand_sizes[s].saturating_sub(known.len());
                *hand = known;
                for &c in pool[start..].iter().filter(|c| !known.contains(**c)).take(size) {
                    hand.insert(c);
                }
                start += size;
                if start > pool.len() {
                    *hand = CardSet::EMPTY;
                }
            }
            let plausible =
                opponents.iter().zip(&hands).all(|(&s, h)| !committed(s) || h.len() < 5 || poker_strength(*h) >= COMMITTED_MARGIN);
            if plausible || attempt + 1 == TRIES {
                break;
            }
        }
        let mut best_other = HandValue(0);
        let mut beaten = false;
        for hand in hands.iter().filter(|h| h.len() >= 5) {
            let v = best_hand(*hand);
            best_other = best_other.max(v);
            if v > mine {
                beaten = true;
                break;
            }
        }
        if !beaten {
            wins += if best_other == mine { 0.5 } else { 1.0 };
        }
    }
    wins / SAMPLES as f64
}

fn poker_choice(obs: &Observation, legal: &[Action], rng: &mut GameRng, reading: Reading) -> Decision {
    let chance = poker_chance(obs, rng, reading);
    let hint = Hint::Poker { win_percent: (chance * 100.0).round() as u32 };
    let most = legal
        .iter()
        .filter_map(|a| match a {
            Action::Bet(n) | Action::Raise(n) => Some(*a).filter(|_| *n > 0),
            _ => None,
        })
        .next_back();
    let pot = chips_on(obs, Space::Poker);
    let to_call = (obs.betting.bet - obs.betting.put_in[obs.seat]) as f64;
    let action = if obs.betting.bet == 0 {
        match most {
            Some(bet) if chance > 0.55 => bet,
            _ => Action::Check,
        }
    } else {
        match most {
            Some(raise) if chance > 0.7 => raise,
            _ if chance * (pot + to_call) >= to_call => Action::Call,
            _ => Action::Fold,
        }
    };
    Decision { action, hint }
}

/// What leading `card` does, from this seat's own hand and what it knows.
struct LeadPreview {
    run: usize,
    spaces: Chips,
    keeps_lead: bool,
    goes_out: bool,
}

/// Cards this seat knows cannot be played by anyone: played, out of the game, or in the dead hand.
fn known_dead(obs: &Observation) -> CardSet {
    obs.played | obs.gone | obs.known_dead | obs.dead_hand.unwrap_or(CardSet::EMPTY)
}

fn preview_lead(obs: &Observation, card: Card) -> LeadPreview {
    let dead = known_dead(obs);
    let mut hand = obs.hand - CardSet::from_cards([Card::JOKER]);
    let mut current = card;
    let (mut run, mut spaces) = (0, 0);
    loop {
        hand.remove(current);
        run += 1;
        if let Some(space) = Space::of_card(current) {
            spaces += obs.board[space.index()];
        }
        match next_card(current) {
            None => break LeadPreview { run, spaces, keeps_lead: true, goes_out: hand.is_empty() },
            Some(next) if hand.contains(next) => current = next,
            Some(next) => break LeadPreview { run, spaces, keeps_lead: dead.contains(next), goes_out: hand.is_empty() },
        }
    }
}

fn lead_choice(obs: &Observation, legal: &[Action]) -> Decision {
    let mut best = legal[0];
    let mut best_score = f64::NEG_INFINITY;
    let mut best_preview = None;
    for &action in legal {
        let Action::Play(card) = action else { continue };
        let p = preview_lead(obs, card);
        let hand_after = obs.hand.len() - p.run;
        let score = if p.goes_out && hand_after == 0 {
            1e6
        } else {
            p.run as f64 + 1.5 * p.spaces as f64 + if p.keeps_lead { 4.0 } else { 0.0 }
                // Low cards first: they are the hardest to get rid of later.
                - 0.05 * f64::from(high_rank(card))
        };
        if score > best_score {
            best_score = score;
            best = action;
            best_preview = Some((card, p));
        }
    }
    let hint = match best_preview {
        Some((card, p)) => Hint::Lead { card, run: p.run, spaces: p.spaces, keeps_lead: p.keeps_lead },
        None => Hint::Forced,
    };
    Decision { action: best, hint }
}

// ---------------------------------------------------------------------------------------------
// Searches
// ---------------------------------------------------------------------------------------------

/// The moves the searches consider: every legal move, except that bids are thinned to a few
/// amounts (the lowest, then roughly doubling steps), so a search is not spread over a hundred
/// near-identical prices; bets and raises to the smallest and the largest.
#[cfg_attr(feature = "fast-ai", optimize(speed))]
pub fn search_actions_into(state: &Bonanza, out: &mut Vec<Action>) {
    let Some(seat) = state.to_move() else { return };
    // Offsets 0, 1, 3, 7, 15, 31, 63 above the lowest amount.
    let amounts = |low: Chips, high: Chips| (0..7).map(move |k| low + (1 << k) - 1).filter(move |&n| n <= high);
    match state.phase() {
        Phase::Auction => {
            out.push(Action::Pass);
            let (low, high) = state.bid_range(seat);
            out.extend(amounts(low, high).map(Action::Bid));
        }
        // Bets and raises: the smallest and the largest (not filtered from the legal list, which
        // holds every amount up to the limit).
        Phase::Poker => {
            let most = state.max_raise();
            state.betting_actions_with((most >= 1).then_some(1).into_iter().chain((most > 1).then_some(most)), out);
        }
        _ => state.legal_actions_into(out),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rng::seeded;
    use crate::engine::setup::{FromSetup, Setup};

    /// Facing chips put in, the estimate that reads the bets is lower than the one from the cards
    /// alone: the deals where a bettor or caller holds an ordinary hand are dealt again.
    #[test]
    fn reading_the_bets_lowers_the_chance_against_players_who_put_chips_in() {
        let (mut positions, mut cards, mut bets) = (0, 0.0, 0.0);
        for g in 0..300 {
            let mut game = Bonanza::from_setup(&Setup { players: 5, seed: 500 + g, ..Setup::default() }).unwrap();
            let mut rng = seeded(g);
            while let Some(seat) = game.to_move() {
                let obs = game.observe(seat);
                if game.phase() == Phase::Poker && game.betting().bet > game.betting().put_in[seat] {
                    cards += poker_chance(&obs, &mut seeded(1), Reading::Cards);
                    bets += poker_chance(&obs, &mut seeded(1), Reading::Bets);
                    positions += 1;
                }
                let action = RuleBot { randomness: 0.1 }.choose(&obs, &game.legal_actions(), &mut rng);
                game.play(seat, &action).unwrap();
                if game.deal_number() > 1 {
                    break;
                }
            }
        }
        assert!(positions >= 20, "only {positions} positions facing a bet");
        assert!(
            bets < 0.8 * cards,
            "mean chance {:.3} reading the bets, {:.3} from the cards",
            bets / positions as f64,
            cards / positions as f64
        );
    }

    /// At the Poker call the searches weigh the smallest and the largest amount, in the legal
    /// list's order, whatever the limit (docs/record.md §4 takes any `poker_limit`).
    #[test]
    fn the_searched_bets_are_the_smallest_and_the_largest_of_any_limit() {
        let mut options = serde_json::Map::new();
        options.insert("poker_limit".into(), 100_000.into());
        let setup = Setup { players: 3, seed: 9, chips: Some(vec![20_000; 3]), options, ..Setup::default() };
        let mut game = Bonanza::from_setup(&setup).unwrap();
        let mut rng = seeded(3);
        let mut checked = 0;
        while let Some(seat) = game.to_move() {
            if game.phase() == Phase::Poker {
                let mut searched = Vec::new();
                search_actions_into(&game, &mut searched);
                let legal = game.legal_actions();
                let thinned: Vec<Action> = legal
                    .iter()
                    .copied()
                    .filter(|a| !matches!(a, Action::Bet(n) | Action::Raise(n) if *n != 1 && *n != game.max_raise()))
                    .collect();
                assert_eq!(searched, thinned, "legal: {} moves", legal.len());
                checked += 1;
            }
            let action = RuleBot { randomness: 0.3 }.choose(&game.observe(seat), &game.legal_actions(), &mut rng);
            game.play(seat, &action).unwrap();
        }
        assert!(checked >= 10, "only {checked} betting decisions");
    }
}
