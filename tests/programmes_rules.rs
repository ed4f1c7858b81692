//! Programmes, rule by rule (docs/rules/programmes.md is the specification, each test citing its
//! section; docs/record.md the record contract).
//!
//! Every test builds a record with explicit `deals` (the 108 cards exactly: the hands given, the
//! stock's top cards given and the rest of the pack after them, in card order), plays through
//! `tapis::record::Table` with the record's action strings, and reads the referee's JSON state or
//! the typed `Programmes` getters.
//!
//! Seats are numbered clockwise; with the default `first_dealer` 0, seat 1 plays first.
//! Choices the engine makes where the traditional rules are silent are marked "ENGINE CHOICE"; each
//! is a Ruling in docs/rules/programmes.md.

mod common;

use common::tables::{self, events_of, play as act, state};
use serde_json::{json, Value};
use tapis::engine::card_multiset::CardMultiset;
use tapis::engine::cards::Card;
use tapis::engine::game::Game;
use tapis::engine::programmes::{
    draw_first_dealer, find_reveal, Event, GameEnd, Phase, ProgramId, Programmes, RoundEnd, RoundRow, RoundSettlement,
};
use tapis::record::Table;

table_helpers!(Programmes);

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace().map(|t| t.parse().unwrap_or_else(|e| panic!("test layout: {e}"))).collect()
}

/// One `deals[i]` entry: these hands, then the discard pile (top first) if given, then the stock:
/// `stock_top` first and every other card of the 108 after it, in card order.
fn layout(hands: &[&str], discard: Option<&str>, stock_top: &str) -> Value {
    let mut used = CardMultiset::EMPTY;
    let mut take = |text: &str| -> Vec<String> {
        cards(text)
            .into_iter()
            .map(|c| {
                assert!(used.insert(c) && used.count(c) <= if c.is_joker() { 4 } else { 2 }, "test layout: too many {c}");
                c.to_string()
            })
            .collect()
    };
    let hands: Vec<Vec<String>> = hands.iter().map(|h| take(h)).collect();
    let discard = discard.map(&mut take);
    let mut stock = take(stock_top);
    let rest = CardMultiset::PACK_108.checked_sub(used).expect("test layout within the pack");
    stock.extend(rest.iter().map(|c| c.to_string()));
    let mut v = json!({ "hands": hands, "stock": stock });
    if let Some(d) = discard {
        v["discard"] = json!(d);
    }
    v
}

/// The reason a refused action gives (the state unchanged).
fn refused(table: &mut Table, seat: usize, action: &str) -> String {
    tables::refused(table, seat, action).reason.to_string()
}

fn legal(table: &Table) -> Vec<String> {
    table.legal()
}

fn hand(table: &Table, seat: usize) -> Vec<String> {
    game(table).hand(seat).to_strings()
}

/// Thirteen cards no program of these tests can use together (for idle seats).
const IDLE: &str = "3S 5S 7S 9S JS KS 4H 6H 8H 10H QH AD 6D";
const IDLE2: &str = "3S 5S 7S 9S JS KS 4H 6H 8H 10H QH AD 6D";

// ---------------------------------------------------------------------------------------------
// Setup (docs/rules/programmes.md §1, §4)
// ---------------------------------------------------------------------------------------------

#[test]
fn a_shuffled_deal_gives_13_cards_each_and_turns_up_one() {
    // docs/rules/programmes.md §4.2: one secret program card each, then 13 cards; the next card
    // starts the discard pile and the rest is the stock; play goes clockwise from the dealer's
    // left.
    for players in 2..=7 {
        let t = start(players, json!({ "first_dealer": players - 1 }));
        let g = game(&t);
        for s in 0..players {
            assert_eq!(g.hand(s).len(), 13);
            assert!(g.program(s).is_some());
        }
        assert_eq!(g.discard_size(), 1);
        assert_eq!(g.stock_size(), 108 - 13 * players - 1);
        assert_eq!(g.to_move(), Some(0), "the player left of dealer {} starts", players - 1);
        assert_eq!(g.phase(), Phase::Draw);
        assert_eq!(state(&t)["legal"], json!(["draw stock", "draw discard"]));
    }
}

#[test]
fn the_same_seed_deals_the_same_cards() {
    // docs/record.md §2.5: the seed drives every shuffle, so the same seed deals the same cards.
    let a = start(4, json!({ "seed": 99 }));
    let b = start(4, json!({ "seed": 99 }));
    let c = start(4, json!({ "seed": 100 }));
    assert_eq!(state(&a), state(&b));
    assert_ne!(state(&a)["hands"], state(&c)["hands"]);
}

#[test]
fn the_pack_has_108_cards_with_twos_and_jokers_wild() {
    // docs/rules/programmes.md §1: 108 cards, two packs and four jokers; the jokers and the eight
    // twos are wild.
    let t = start(3, json!({}));
    let g = game(&t);
    let mut all = CardMultiset::EMPTY;
    for s in 0..3 {
        all = all.checked_add(g.hand(s)).unwrap();
    }
    all = all.checked_add(g.stock().into_iter().collect()).unwrap();
    all = all.checked_add(g.discard().into_iter().collect()).unwrap();
    assert_eq!(all, CardMultiset::PACK_108);
    assert_eq!(all.iter().filter(|&c| tapis::engine::programmes::is_wild(c)).count(), 12);
}

#[test]
fn the_first_dealer_is_the_first_player_dealt_a_spade() {
    // docs/rules/programmes.md §4.1: cards are dealt face up, one each, until someone gets a spade:
    // he deals first. ENGINE CHOICE: records give `first_dealer` (docs/record.md §2.1, default 0);
    // `referee play` draws it this way from the seed, dealing from seat 0.
    for seed in 0..50 {
        let (dealer, turned) = draw_first_dealer(seed, 4);
        let (last, before) = turned.split_last().unwrap();
        assert_eq!(last.suit(), Some(tapis::engine::cards::Suit::Spades));
        assert!(before.iter().all(|c| c.suit() != Some(tapis::engine::cards::Suit::Spades)));
        assert_eq!(dealer, (turned.len() - 1) % 4);
    }
}

#[test]
fn program_cards_are_secret_until_revealed() {
    // docs/rules/programmes.md §4.2: each player gets one secret program card.
    let t = start(3, json!({}));
    let g = game(&t);
    let obs = g.observe(0);
    assert_eq!(obs.program, g.program(0));
    assert_eq!(obs.revealed_programs, vec![None, None, None]);
    assert_eq!(obs.secret_programs, vec![false, true, true]);
    // The other cards are only known as a pool (the deck and the two secret cards together).
    assert_eq!(obs.program_pool.len(), g.program_deck().len() + 2);
    let json = serde_json::to_string(&obs).unwrap();
    assert!(!json.contains("\"programs\""), "no per-seat list of programs");
}

// ---------------------------------------------------------------------------------------------
// Explicit layouts (docs/record.md §2.3)
// ---------------------------------------------------------------------------------------------

#[test]
fn layouts_must_be_the_108_cards_exactly() {
    // docs/record.md §2.3: a layout that is not exactly the game's full deck is refused with a
    // message saying why.
    let mut short = layout(&[IDLE, IDLE2], None, "");
    short["stock"].as_array_mut().unwrap().pop();
    assert!(setup_error(2, json!({ "deals": [short] })).contains("missing"));
    let mut extra = layout(&[IDLE, IDLE2], None, "");
    extra["stock"].as_array_mut().unwrap().push(json!("3S"));
    assert!(setup_error(2, json!({ "deals": [extra] })).contains("3S appears more than 2 times"));
    let mut jokers = layout(&[IDLE, IDLE2], None, "");
    jokers["stock"].as_array_mut().unwrap().push(json!("JK"));
    assert!(setup_error(2, json!({ "deals": [jokers] })).contains("JK appears more than 4 times"));
    let mut empty = layout(&[IDLE, IDLE2], None, "");
    empty["hands"][1] = json!([]);
    empty["stock"] = json!([]);
    assert!(setup_error(2, json!({ "deals": [empty] })).contains("empty"));
    let unknown = json!({ "hands": [[], []], "talon": [] });
    assert!(setup_error(2, json!({ "deals": [unknown] })).contains("talon"));
}

#[test]
fn layouts_name_the_program_cards() {
    // docs/record.md §2.3: the program cards as `programs`, each seat's program id, and
    // `program_deck`, top card first.
    let mut l = layout(&[IDLE, IDLE2], None, "");
    l["programs"] = json!(["P07", "P18"]);
    let t = start(2, json!({ "deals": [l.clone()] }));
    assert_eq!(state(&t)["programs"], json!(["P07", "P18"]));
    l["programs"] = json!(["P07", "P07"]);
    assert!(setup_error(2, json!({ "deals": [l.clone()] })).contains("P07 appears twice"));
    l["programs"] = json!(["P07"]);
    assert!(setup_error(2, json!({ "deals": [l.clone()] })).contains("one program card per seat"));
    l["programs"] = json!(["P07", "P99"]);
    assert!(setup_error(2, json!({ "deals": [l.clone()] })).contains("P99"));
    l["programs"] = json!(["P07", "P18"]);
    l["program_deck"] = json!(["P01", "P02"]);
    assert!(setup_error(2, json!({ "deals": [l.clone()] })).contains("missing"));
}

#[test]
fn a_later_layout_names_that_deal_s_program_cards() {
    // docs/record.md §2.3: `deals[i]` lays out deal i, its program cards included (`programs`,
    // `program_deck`) — for any deal, not the first only. Round 1: seat 1 completes P07 and goes
    // out; seat 0 keeps P18.
    let first = two("4H 5H 6H 7H", ["P18", "P07"], "KC", "9C");
    let round_one = |t: &mut Table| {
        act(t, 1, "draw stock");
        act(t, 1, "reveal 4H 5H 6H 7H");
        act(t, 1, "discard 9C");
        assert_eq!(game(t).deal_number(), 2);
    };
    // Round 2 names what the rules give anyway (seat 0 keeps P18), and seat 1's new card.
    let mut second = layout(&[IDLE, IDLE2], None, "");
    second["programs"] = json!(["P18", "P33"]);
    let mut t = start(2, json!({ "deals": [first.clone(), second.clone()] }));
    round_one(&mut t);
    assert_eq!(state(&t)["programs"], json!(["P18", "P33"]));
    assert!(!game(&t).program_deck().contains(&"P33".parse().unwrap()), "P33 left the deck");
    assert_eq!(events_of(&t, "dealt")[1]["new_programs"], json!([1]));
    // The layout may also hand a seat that failed another card: its old one goes under the deck
    // and its count of failed rounds starts again.
    second["programs"] = json!(["P19", "P18"]);
    let mut t = start(2, json!({ "deals": [first.clone(), second.clone()], "options": { "exchange_after": 1 } }));
    round_one(&mut t);
    assert_eq!(state(&t)["programs"], json!(["P19", "P18"]), "seat 1 takes the card seat 0 gave up");
    assert_eq!(state(&t)["failed_rounds"], json!([0, 0]));
    assert!(!game(&t).program_deck().contains(&"P18".parse().unwrap()));
    // A whole program deck: the deal's cards come from it, top first, once `programs` is served.
    let rest: Vec<String> = tapis::engine::programmes::deck().ids().map(|p| p.to_string()).filter(|p| p != "P18" && p != "P07").collect();
    second["programs"] = json!(["P07", "P18"]);
    second["program_deck"] = json!(rest);
    let mut t = start(2, json!({ "deals": [first.clone(), second.clone()] }));
    round_one(&mut t);
    assert_eq!(state(&t)["programs"], json!(["P07", "P18"]));
    assert_eq!(state(&t)["program_deck"], json!(rest));
    // Without `programs`, the seats that need a card draw from the deck given.
    let mut third = layout(&[IDLE, IDLE2], None, "");
    third["program_deck"] = json!(tapis::engine::programmes::deck().ids().map(|p| p.to_string()).collect::<Vec<_>>());
    let mut t = start(2, json!({ "deals": [first, third] }));
    round_one(&mut t);
    assert_eq!(state(&t)["programs"], json!(["P01", "P02"]), "seat 0, left of the new dealer, draws first");
}

/// A layout for 2 players: seat 0 idle, seat 1 holds `hand1`, programs P-ids, the discard top
/// `discard` and then the stock.
fn two(hand1: &str, programs: [&str; 2], discard: &str, stock_top: &str) -> Value {
    let mut l = layout(&[IDLE, hand1], Some(discard), stock_top);
    l["programs"] = json!(programs);
    l
}

// ---------------------------------------------------------------------------------------------
// The turn (docs/rules/programmes.md §5)
// ---------------------------------------------------------------------------------------------

#[test]
fn a_turn_is_a_draw_then_a_discard_and_passes_left() {
    // docs/rules/programmes.md §5.1: draw the top card of the stock or of the discard pile; §5.4:
    // the turn ends with a discard.
    let mut t = start(2, json!({ "deals": [two("AH 3H 5H 7H 9H JH KH AC 3C 5C 7C 9C JC", ["P18", "P07"], "KC", "QC")] }));
    assert!(refused(&mut t, 1, "discard AH").contains("starts with a draw"));
    assert!(refused(&mut t, 0, "draw stock").contains("seat 1's turn"));
    act(&mut t, 1, "draw stock");
    assert!(hand(&t, 1).contains(&"QC".to_string()));
    assert_eq!(game(&t).phase(), Phase::Play);
    assert!(refused(&mut t, 1, "draw stock").contains("already drawn"));
    assert!(refused(&mut t, 1, "discard 2S").contains("does not hold 2S"));
    act(&mut t, 1, "discard QC");
    assert_eq!(game(&t).discard_top(), "QC".parse().ok());
    assert_eq!(game(&t).to_move(), Some(0), "seat 0 sits at seat 1's left");
    act(&mut t, 0, "draw discard");
    assert!(hand(&t, 0).contains(&"QC".to_string()));
}

#[test]
fn a_card_taken_from_the_discard_pile_is_not_discarded_in_the_same_turn() {
    // docs/rules/programmes.md §5.4: a card taken from the discard pile cannot be discarded in the
    // same turn.
    let mut t = start(2, json!({ "deals": [two("AH 3H 5H 7H 9H JH KH AC 3C 5C 7C 9C QC", ["P18", "P07"], "QC", "")] }));
    act(&mut t, 1, "draw discard");
    let why = refused(&mut t, 1, "discard QC");
    assert!(why.contains("taken from the discard pile"), "{why}");
    // The two copies of QC are the same card for the rules (docs/rules/programmes.md §1).
    assert_eq!(game(&t).hand(1).count("QC".parse().unwrap()), 2);
    assert!(!legal(&t).contains(&"discard QC".to_string()));
    act(&mut t, 1, "discard AH");
    act(&mut t, 0, "draw stock");
    act(&mut t, 0, "discard 3S");
    act(&mut t, 1, "draw stock");
    act(&mut t, 1, "discard QC");
}

#[test]
fn with_one_card_in_hand_only_the_stock() {
    // docs/rules/programmes.md §5.1: with one card in hand, only the stock.
    let mut l = layout(&["7S", "AH"], Some("8S"), "9S");
    l["programs"] = json!(["P18", "P07"]);
    let mut t = start(2, json!({ "deals": [l] }));
    assert_eq!(legal(&t), ["draw stock"]);
    assert!(refused(&mut t, 1, "draw discard").contains("one card in hand"));
    act(&mut t, 1, "draw stock");
}

#[test]
fn the_stock_is_rebuilt_from_the_discard_pile_but_its_top() {
    // docs/rules/programmes.md §5.1: when the stock runs out, the discard pile but its top card is
    // shuffled into a new stock. The shuffle is deterministic for a seed.
    let mut l = layout(&[IDLE, IDLE2], None, "");
    let all: Vec<Value> = l["stock"].as_array().unwrap().clone();
    // Two cards in the stock; the rest in the discard pile.
    l["stock"] = json!(all[..2]);
    l["discard"] = json!(all[2..]);
    l["programs"] = json!(["P18", "P07"]);
    let mut t = start(2, json!({ "deals": [l.clone()] }));
    act(&mut t, 1, "draw stock");
    act(&mut t, 1, "discard 3S");
    act(&mut t, 0, "draw stock");
    assert_eq!(game(&t).stock_size(), 0);
    act(&mut t, 0, "discard 5S");
    // Seat 1's turn starts with an empty stock: rebuilt from the discard pile, top kept.
    assert_eq!(game(&t).discard(), ["5S".parse().unwrap()]);
    assert_eq!(game(&t).stock_size(), all.len() - 2 + 1);
    assert_eq!(events_of(&t, "stock_rebuilt").len(), 1);
    let again = {
        let mut t2 = start(2, json!({ "deals": [l] }));
        for (s, a) in [(1, "draw stock"), (1, "discard 3S"), (0, "draw stock"), (0, "discard 5S")] {
            act(&mut t2, s, a);
        }
        game(&t2).stock()
    };
    assert_eq!(game(&t).stock(), again, "the same seed rebuilds the same stock");
}

#[test]
fn no_card_to_draw_ends_the_round() {
    // ENGINE CHOICE (docs/rules/programmes.md §5.1): when the stock is empty and the discard pile
    // holds at most its top card, nobody can draw: the round ends (no completion).
    let mut l = layout(&[IDLE, IDLE2], None, "");
    let all: Vec<Value> = l["stock"].as_array().unwrap().clone();
    // Nearly the whole pack in the two hands, one card in the stock, nothing on the pile.
    let hand0: Vec<Value> = all[..40].iter().chain(l["hands"][0].as_array().unwrap()).cloned().collect();
    let hand1: Vec<Value> = all[40..all.len() - 1].iter().chain(l["hands"][1].as_array().unwrap()).cloned().collect();
    l["hands"] = json!([hand0, hand1]);
    l["stock"] = json!([all[all.len() - 1]]);
    l["discard"] = json!([]);
    l["programs"] = json!(["P24", "P25"]);
    let mut t = start(2, json!({ "deals": [l], "options": { "target": 5 } }));
    let card = hand(&t, 1)[0].clone();
    act(&mut t, 1, "draw stock");
    act(&mut t, 1, &format!("discard {card}"));
    let over = events_of(&t, "round_over");
    assert_eq!(over.len(), 1, "{:?}", state(&t)["events"]);
    assert_eq!(over[0]["end"]["reason"], "stock_empty");
    assert_eq!(game(&t).deal_number(), 2);
}

// ---------------------------------------------------------------------------------------------
// Revealing (docs/rules/programmes.md §5.2: the whole program laid down at once, exactly what it
// asks)
// ---------------------------------------------------------------------------------------------

/// Seat 1 holds a run of four hearts and two sets of 7s (P07 "Run of four"; P01 "Two trios").
const READY: &str = "4H 5H 6H 7H 7S 7D 7C 9S 9D JK 3C KC QD";

#[test]
fn a_reveal_lays_down_exactly_the_program() {
    // docs/rules/programmes.md §5.2: a reveal lays down exactly what the program asks, every
    // directive at once.
    let mut t = start(2, json!({ "deals": [two(READY, ["P18", "P07"], "2C", "AS")] }));
    act(&mut t, 1, "draw stock");
    assert!(legal(&t).contains(&"reveal 4H 5H 6H 7H".to_string()), "{:?}", legal(&t));
    // More or fewer combinations than the program asks for.
    let why = refused(&mut t, 1, "reveal 4H 5H 6H 7H | 7S 7D 7C");
    assert!(why.contains("asks for 1 combination, not 2"), "{why}");
    // A run of the wrong length.
    let why = refused(&mut t, 1, "reveal 5H 6H 7H");
    assert!(why.contains("3 cards"), "{why}");
    // A card not held.
    let why = refused(&mut t, 1, "reveal 5H 6H 7H 8H");
    assert!(why.contains("does not hold 8H"), "{why}");
    act(&mut t, 1, "reveal 4H 5H 6H 7H");
    let s = state(&t);
    assert_eq!(s["revealed"], json!([false, true]));
    assert_eq!(s["programs_done"], json!([0, 1]));
    assert_eq!(s["melds"][0]["cards"], json!(["4H", "5H", "6H", "7H"]));
    assert_eq!(s["melds"][0]["owner"], 1);
    assert_eq!(events_of(&t, "revealed")[0]["program"], "P07");
    // Revealed programs are face up: the other seat's observation shows it.
    assert_eq!(game(&t).observe(0).revealed_programs[1], Some("P07".parse().unwrap()));
}

#[test]
fn a_reveal_may_list_its_combinations_in_any_order() {
    // ENGINE CHOICE (docs/rules/programmes.md §5.2): a reveal's combinations may be written in any
    // order. P14: a set of 3 and a run of 4.
    let mut t = start(2, json!({ "deals": [two(READY, ["P07", "P14"], "2C", "AS")] }));
    act(&mut t, 1, "draw stock");
    act(&mut t, 1, "reveal 4H 5H 6H 7H | 7S 7D 7C");
    assert_eq!(state(&t)["melds"][1]["kind"], "set");
    let mut t = start(2, json!({ "deals": [two(READY, ["P07", "P14"], "2C", "AS")] }));
    act(&mut t, 1, "draw stock");
    // The listed (canonical) form writes the directives in the program's order.
    assert!(legal(&t).contains(&"reveal 7S 7D 7C | 4H 5H 6H 7H".to_string()), "{:?}", legal(&t));
    act(&mut t, 1, "reveal 7S 7D 7C | 4H 5H 6H 7H");
}

#[test]
fn before_revealing_no_meld_may_be_touched() {
    // docs/rules/programmes.md §5.2: before revealing, a player touches no meld.
    let mut t = start(2, json!({ "deals": [two(READY, ["P07", "P01"], "2C", "AS")] }));
    act(&mut t, 1, "draw stock");
    assert!(refused(&mut t, 1, "meld 7S 7D 7C").contains("must reveal"));
    assert!(refused(&mut t, 1, "extend 0 8H").contains("must reveal"));
    act(&mut t, 1, "discard AS");
    // Seat 0 holds no program-ready hand; it cannot touch seat 1's melds either (none yet).
    act(&mut t, 0, "draw stock");
    assert!(refused(&mut t, 0, "extend 0 3S").contains("must reveal"));
}

#[test]
fn after_revealing_sets_and_extensions_but_never_a_new_run() {
    // docs/rules/programmes.md §5.3: from the reveal on (this turn and later ones) he may lay new
    // sets of three or more of a rank and extend any meld on the table (runs at either end in their
    // suit, sets with their rank); never a new run, never splitting or rearranging a meld.
    let mut t = start(2, json!({ "deals": [two("4H 5H 6H 7H 7S 7D 7C 9S 9D JK 8H 3H 10D", ["P18", "P07"], "2C", "AS")] }));
    act(&mut t, 1, "draw stock");
    act(&mut t, 1, "reveal 4H 5H 6H 7H");
    let why = refused(&mut t, 1, "meld 8H 9H 10H");
    assert!(why.contains("does not hold") || why.contains("new run"), "{why}");
    act(&mut t, 1, "meld 7S 7D 7C");
    assert_eq!(state(&t)["melds"][1]["kind"], "set");
    // A new run is never allowed, even with cards held: 9D 10D JK would be a run.
    let why = refused(&mut t, 1, "meld 9D 10D JK=JD");
    assert!(why.contains("new run may never be started"), "{why}");
    // Runs at either end in their suit.
    act(&mut t, 1, "extend 0 8H");
    act(&mut t, 1, "extend 0 3H");
    assert_eq!(state(&t)["melds"][0]["cards"], json!(["3H", "4H", "5H", "6H", "7H", "8H"]));
    assert!(refused(&mut t, 1, "extend 0 9S").contains("run of ♥"));
    assert!(refused(&mut t, 1, "extend 1 9S").contains("set of 7"));
    // A wild takes the value written with it.
    act(&mut t, 1, "extend 1 JK=7H");
    assert_eq!(state(&t)["melds"][1]["cards"], json!(["7S", "7D", "7C", "JK=7H"]));
    // Sets of 3 or more only.
    let why = refused(&mut t, 1, "meld 9S 9D");
    assert!(why.contains("at least 3 cards"), "{why}");
}

#[test]
fn every_meld_holds_a_natural_and_wilds_keep_their_value() {
    // docs/rules/programmes.md §2: every meld holds a natural card; a wild keeps its value until
    // the round ends.
    let mut t = start(2, json!({ "deals": [two("4S 5S JK 7S 2H 2D JK 9D 3C 6C 8C 10C QC", ["P18", "P07"], "KC", "AS")] }));
    act(&mut t, 1, "draw stock");
    act(&mut t, 1, "reveal 4S 5S JK=6S 7S");
    let why = refused(&mut t, 1, "meld 2H=9S 2D=9H JK=9C");
    assert!(why.contains("at least one natural"), "{why}");
    // The joker stays a 6♠: the 6♠ cannot replace it, and the run extends from its ends only.
    assert!(refused(&mut t, 1, "extend 0 6S").contains("does not hold"));
    act(&mut t, 1, "extend 0 2H=8S");
    assert_eq!(state(&t)["melds"][0]["cards"], json!(["4S", "5S", "JK=6S", "7S", "2H=8S"]));
    act(&mut t, 1, "extend 0 2D=3S");
    assert_eq!(state(&t)["melds"][0]["from"], "3");
}

#[test]
fn an_ace_is_low_or_high_and_runs_never_wrap() {
    // docs/rules/programmes.md §2.1: an ace is low (A-2-3…, the two's place held by a wild) or high
    // (…Q-K-A), fixed once laid; no wrap-around.
    let mut t = start(2, json!({ "deals": [two("AS 2H 3S QH KH AH 4S KS JK 3C 6C 8C 10C", ["P07", "P11"], "KC", "AC")] }));
    act(&mut t, 1, "draw stock");
    act(&mut t, 1, "reveal AS 2H=2S 3S | QH KH AH");
    // The low ace's run takes the 4 above, nothing below.
    assert!(refused(&mut t, 1, "extend 0 KS").contains("does not extend"));
    act(&mut t, 1, "extend 0 4S");
    // The high ace's run stops at the ace: no K-A-2.
    let why = refused(&mut t, 1, "extend 1 JK=2H");
    assert!(why.contains("does not extend meld 1"), "{why}");
    assert!(!legal(&t).iter().any(|a| a.starts_with("extend 1") && a.ends_with("2H")));
    assert!(legal(&t).contains(&"extend 1 JK=JH".to_string()), "{:?}", legal(&t));
}

#[test]
fn a_two_is_never_natural() {
    // docs/rules/programmes.md §1: a two is never natural.
    let mut t = start(2, json!({ "deals": [two("AS 2S 3S 4S 7S 8S 9S 9D 3C 6C 8C 10C KD", ["P18", "P07"], "KC", "AC")] }));
    act(&mut t, 1, "draw stock");
    let why = refused(&mut t, 1, "reveal AS 2S 3S 4S");
    assert!(why.contains("always wild"), "{why}");
    act(&mut t, 1, "reveal AS 2S=2S 3S 4S");
}

// ---------------------------------------------------------------------------------------------
// The end of a round (docs/rules/programmes.md §6)
// ---------------------------------------------------------------------------------------------

#[test]
fn going_out_ends_the_round_and_the_deal_moves_left() {
    // docs/rules/programmes.md §6: the round ends when a hand is empty; a completed program counts
    // 1; those who completed get a new program card next round, the others keep theirs; all the
    // cards are dealt again by the next dealer on the left.
    let mut t = start(2, json!({ "deals": [two("4H 5H 6H 7H 9C", ["P18", "P07"], "KC", "AS")] }));
    act(&mut t, 1, "draw stock");
    act(&mut t, 1, "reveal 4H 5H 6H 7H");
    act(&mut t, 1, "discard 9C");
    assert_eq!(hand(&t, 1), ["AS"]);
    act(&mut t, 0, "draw stock");
    act(&mut t, 0, "discard 3S");
    // One card in hand: the stock only; the drawn card goes on the pile, one card is left.
    assert_eq!(legal(&t), ["draw stock"]);
    act(&mut t, 1, "draw stock");
    act(&mut t, 1, "discard AS");
    assert_eq!(hand(&t, 1).len(), 1);
    assert_eq!(game(&t).deal_number(), 1, "the round goes on");
    // Going out by the discard of the last card.
    let mut t = start(2, json!({ "deals": [two("4H 5H 6H 7H", ["P18", "P07"], "KC", "9C")] }));
    act(&mut t, 1, "draw stock");
    act(&mut t, 1, "reveal 4H 5H 6H 7H");
    act(&mut t, 1, "discard 9C");
    let over = events_of(&t, "round_over");
    assert_eq!(over[0]["end"], json!({ "reason": "went_out", "seat": 1 }));
    assert_eq!(over[0]["completed"], json!([1]));
    let g = game(&t);
    assert_eq!(g.deal_number(), 2);
    assert_eq!(g.dealer(), 1, "the dealer moves left");
    assert_eq!(g.to_move(), Some(0));
    assert_eq!(g.program(0), Some("P18".parse().unwrap()), "seat 0 keeps its program");
    assert_ne!(g.program(1), Some("P07".parse().unwrap()), "seat 1 gets a new one");
    assert_eq!(state(&t)["completed"], json!([[], ["P07"]]));
    assert_eq!(g.hand(0).len() + g.hand(1).len(), 26, "all cards gathered and dealt again");
    assert!(g.melds().is_empty());
}

#[test]
fn laying_the_last_card_goes_out_without_a_discard() {
    // docs/rules/programmes.md §5.4: no discard when the last card has been laid.
    let mut t = start(2, json!({ "deals": [two("4H 5H 6H 7H", ["P18", "P07"], "KC", "8H")] }));
    act(&mut t, 1, "draw stock");
    act(&mut t, 1, "reveal 4H 5H 6H 7H");
    act(&mut t, 1, "extend 0 8H");
    assert_eq!(events_of(&t, "round_over")[0]["end"], json!({ "reason": "went_out", "seat": 1 }));
    assert_eq!(game(&t).deal_number(), 2);
}

#[test]
fn the_round_ends_when_every_player_has_revealed() {
    // docs/rules/programmes.md §6.1: the round ends once every player has revealed.
    let mut l = layout(&["4S 5S 6S 7S 9D 9H 3C", "4H 5H 6H 7H 9C 10D 8D"], Some("KC"), "AS AD");
    l["programs"] = json!(["P24", "P07"]);
    let mut t = start(2, json!({ "deals": [l] }));
    act(&mut t, 1, "draw stock");
    act(&mut t, 1, "reveal 4H 5H 6H 7H");
    act(&mut t, 1, "discard 9C");
    act(&mut t, 0, "draw stock");
    act(&mut t, 0, "reveal 4S 5S 6S 7S");
    assert_eq!(events_of(&t, "round_over")[0]["end"], json!({ "reason": "all_revealed" }));
    assert_eq!(events_of(&t, "round_over")[0]["completed"], json!([0, 1]));
    assert_eq!(game(&t).deal_number(), 2);
}

// ---------------------------------------------------------------------------------------------
// Suns, the target, the exchange (docs/rules/programmes.md §3.2, §7)
// ---------------------------------------------------------------------------------------------

#[test]
fn a_sun_counts_at_once_and_its_receiver_draws_another_card() {
    // docs/rules/programmes.md §3.2: a sun is a free program, counted at once, and its receiver
    // takes another program card (at the deal too, §4.2).
    let mut l = layout(&[IDLE, IDLE2], None, "");
    l["programs"] = json!(["SUN1", "P07"]);
    let deck: Vec<String> = tapis::engine::programmes::deck().ids().map(|p| p.to_string()).filter(|p| p != "SUN1" && p != "P07").collect();
    l["program_deck"] = json!(deck);
    let t = start(2, json!({ "deals": [l] }));
    let g = game(&t);
    assert_eq!(g.programs_done(0), 1);
    assert_eq!(g.program(0), Some(deck[0].parse().unwrap()), "the next card of the deck");
    assert_eq!(events_of(&t, "sun")[0]["seat"], 0);
    assert_eq!(state(&t)["completed"], json!([["SUN1"], []]));
}

#[test]
fn a_sun_that_reaches_the_target_wins_at_once() {
    // docs/rules/programmes.md §7.1: a sun that brings its receiver to the target wins the game at
    // once (§3.2: a sun counts as soon as it is received).
    let mut l = layout(&[IDLE, IDLE2], None, "");
    l["programs"] = json!(["P07", "SUN2"]);
    let t = start(2, json!({ "deals": [l], "options": { "target": 1 } }));
    let s = state(&t);
    assert_eq!(s["finished"], true);
    assert_eq!(s["winner"], 1);
    assert_eq!(s["legal"], json!([]));
}

#[test]
fn the_target_wins_at_once_even_mid_round() {
    // docs/rules/programmes.md §7.1: the first player with 5 completed programs wins at once, even
    // mid-round.
    let mut t = start(2, json!({ "deals": [two(READY, ["P18", "P07"], "2C", "AS")], "options": { "target": 1 } }));
    act(&mut t, 1, "draw stock");
    act(&mut t, 1, "reveal 4H 5H 6H 7H");
    let s = state(&t);
    assert_eq!(s["finished"], true);
    assert_eq!(s["winner"], 1);
    assert_eq!(s["hands"][1].as_array().unwrap().len(), 10, "cards left in hand do not matter");
    assert!(refused(&mut t, 1, "discard 9S").contains("game is over"));
    assert_eq!(events_of(&t, "game_over")[0]["end"], json!({ "reason": "target", "seat": 1 }));
}

#[test]
fn a_round_s_settlement_tells_who_completed_which_program_and_who_draws_again() {
    // docs/rules/programmes.md §6.2: a completed program counts 1, and its player gets a new
    // program card next round while the others keep theirs; §3.2: a sun counts at once and its
    // receiver takes another card. The round's settlement, as the summary shows it.
    let first = two("4H 5H 6H 7H", ["P18", "P07"], "KC", "9C");
    let mut second = layout(&[IDLE, IDLE2], None, "");
    second["programs"] = json!(["P18", "SUN1"]);
    // Every program card once: the completed P07 at the bottom of the deck.
    let mut rest: Vec<String> =
        tapis::engine::programmes::deck().ids().map(|p| p.to_string()).filter(|p| !["P18", "P07", "SUN1"].contains(&p.as_str())).collect();
    rest.push("P07".into());
    second["program_deck"] = json!(rest);
    let mut t = start(2, json!({ "deals": [first, second] }));
    act(&mut t, 1, "draw stock");
    act(&mut t, 1, "reveal 4H 5H 6H 7H");
    act(&mut t, 1, "discard 9C");
    let g = game(&t);
    let program = |p: &str| Some(p.parse::<ProgramId>().unwrap());
    let row = |program, completed, done| RoundRow { program, completed, done };
    // Seat 0 sees its own card, kept; seat 1's is shown, being revealed; the sun came with seat 1's
    // new card, so seat 1 has 2 programs and draws again.
    let seen = RoundSettlement::of(g, 1, Some(0)).expect("round 1 was played");
    assert_eq!(seen.deal_number, 1);
    assert_eq!(seen.end, Some(RoundEnd::WentOut { seat: 1 }));
    assert_eq!(seen.game_end, None);
    assert_eq!(seen.rows, [row(program("P18"), false, 0), row(program("P07"), true, 2)]);
    assert!(matches!(seen.after[..], [Event::Sun { seat: 1, programs_done: 2, .. }]), "{:?}", seen.after);
    assert_eq!(seen.new_programs, [1]);
    // A spectator (or seat 1) does not see seat 0's card.
    assert_eq!(RoundSettlement::of(g, 1, Some(1)).unwrap().rows[0].program, None);
    assert_eq!(RoundSettlement::of(g, 1, None).unwrap().rows[0].program, None);
    // Round 2 goes on: nothing completed yet; there is no round 3.
    let now = RoundSettlement::of(g, 2, Some(0)).unwrap();
    assert_eq!((now.end, now.rows[1].completed, now.after.len()), (None, false, 0));
    assert!(RoundSettlement::of(g, 3, Some(0)).is_none());
    // docs/rules/programmes.md §7.1: the first player with 5 completed programs wins at once, even
    // mid-round: the round has no end of its own, and nobody draws a new card.
    let mut t = start(2, json!({ "deals": [two(READY, ["P18", "P07"], "2C", "AS")], "options": { "target": 1 } }));
    act(&mut t, 1, "draw stock");
    act(&mut t, 1, "reveal 4H 5H 6H 7H");
    let last = RoundSettlement::of(game(&t), 1, None).unwrap();
    assert_eq!((last.end, last.game_end), (None, Some(GameEnd::Target { seat: 1 })));
    assert_eq!(last.rows[1], row(program("P07"), true, 1));
    assert!(last.new_programs.is_empty());
}

#[test]
fn the_default_target_is_five_programs() {
    // docs/rules/programmes.md §7.1, docs/record.md §4: the target is 5 programs by default.
    let t = start(3, json!({}));
    assert_eq!(state(&t)["options"]["target"], 5);
}

#[test]
fn any_target_and_exchange_delay_is_taken() {
    // docs/record.md §4: target is any integer ≥ 1 and exchange_after any number of rounds.
    let t = start(3, json!({ "options": { "target": 5000, "exchange_after": 5000 } }));
    assert_eq!((state(&t)["options"]["target"].clone(), state(&t)["options"]["exchange_after"].clone()), (json!(5000), json!(5000)));
}

#[test]
fn an_exchange_after_rounds_without_success() {
    // docs/rules/programmes.md §7.2: the option to exchange a program card after rounds without
    // success. ENGINE CHOICE: the action `exchange program`, offered before the first draw of a
    // round; the old card goes under the program deck, the top card replaces it.
    let mut l = layout(&["4S 5S 6S 7S", IDLE2], Some("KC"), "9D");
    l["programs"] = json!(["P07", "P25"]);
    let mut t = start(2, json!({ "deals": [l], "options": { "exchange_after": 1 } }));
    assert!(!legal(&t).contains(&"exchange program".to_string()), "no failed round yet");
    assert!(refused(&mut t, 1, "exchange program").contains("failed 0 round"));
    act(&mut t, 1, "draw stock");
    act(&mut t, 1, "discard 9D");
    act(&mut t, 0, "draw stock");
    act(&mut t, 0, "reveal 4S 5S 6S 7S");
    let last = hand(&t, 0)[0].clone();
    act(&mut t, 0, &format!("discard {last}"));
    // Round 2: seat 1 failed one round; seat 0 (the new dealer is seat 1) plays first.
    assert_eq!(game(&t).deal_number(), 2);
    assert_eq!(game(&t).failed_rounds(1), 1);
    assert_eq!(game(&t).to_move(), Some(0));
    assert!(!legal(&t).contains(&"exchange program".to_string()), "seat 0 succeeded");
    act(&mut t, 0, "draw stock");
    let c = hand(&t, 0)[0].clone();
    act(&mut t, 0, &format!("discard {c}"));
    assert_eq!(legal(&t)[0], "exchange program");
    let top = game(&t).program_deck()[0];
    act(&mut t, 1, "exchange program");
    assert_eq!(game(&t).program(1), Some(top));
    assert_eq!(*game(&t).program_deck().last().unwrap(), "P25".parse().unwrap(), "under the deck");
    assert!(!legal(&t).contains(&"exchange program".to_string()), "once");
    act(&mut t, 1, "draw stock");
    assert!(refused(&mut t, 1, "exchange program").contains("before the first draw"));
    let t = start(2, json!({}));
    let mut t = t;
    assert!(refused(&mut t, 1, "exchange program").contains("option is off"));
}

#[test]
fn strict_constraints_stay_on_the_revealed_melds() {
    // docs/record.md §4 option `strict_constraints`: revealed melds keep their constraints.
    // docs/rules/programmes.md §5.2: without it, the melds are ordinary melds after the reveal.
    let deal = || two("7S 7D 7C 9S 9D JK 3C KC QD 4H 6H 8H 10H", ["P07", "P26"], "2C", "AS");
    for (strict, allowed) in [(false, true), (true, false)] {
        let mut t = start(2, json!({ "deals": [deal()], "options": { "strict_constraints": strict } }));
        act(&mut t, 1, "draw stock");
        act(&mut t, 1, "reveal 7S 7D 7C");
        // P26 "Three natural sevens": no wilds.
        match t.play_str(1, "extend 0 JK=7H") {
            Ok(()) => assert!(allowed),
            Err(e) => {
                assert!(!allowed);
                assert!(e.reason.to_string().contains("strict constraints"), "{}", e.reason);
            }
        }
    }
}

#[test]
fn a_lay_down_may_not_strand_the_card_taken_from_the_discard_pile() {
    // ENGINE CHOICE (docs/rules/programmes.md §5.4: a card taken from the discard pile may not be
    // discarded in the same turn, and the turn ends with a discard unless the last card went out):
    // a reveal, meld or extension that would leave only that card in the hand, with the round going
    // on, is refused when the card cannot be laid too — the player could not end his turn.
    let mut t = start(2, json!({ "deals": [two("4H 5H 6H 7H", ["P18", "P07"], "KC", "AS")] }));
    act(&mut t, 1, "draw discard");
    let why = refused(&mut t, 1, "reveal 4H 5H 6H 7H");
    assert!(why.contains("would leave only KC"), "{why}");
    assert!(!legal(&t).iter().any(|a| a.starts_with("reveal")), "{:?}", legal(&t));
    assert!(refused(&mut t, 1, "discard KC").contains("taken from the discard pile"));
    act(&mut t, 1, "discard 4H");
}

#[test]
fn a_lay_down_may_leave_only_the_taken_card_when_it_is_laid_too() {
    // docs/rules/programmes.md §5.3: after revealing he may extend any meld on the table (this turn
    // too), and §5.4: no discard once his last card is laid: revealing 4H-7H with the 8H just taken
    // from the discard pile left in hand is legal, since the 8H then extends the run and the player
    // goes out. The 8H may still not be discarded.
    let mut t = start(2, json!({ "deals": [two("4H 5H 6H 7H", ["P18", "P07"], "8H", "AS")] }));
    act(&mut t, 1, "draw discard");
    assert!(legal(&t).contains(&"reveal 4H 5H 6H 7H".to_string()), "{:?}", legal(&t));
    assert!(legal(&t).contains(&"reveal 5H 6H 7H 8H".to_string()), "{:?}", legal(&t));
    act(&mut t, 1, "reveal 4H 5H 6H 7H");
    assert_eq!(legal(&t), ["extend 0 8H"], "laying the 8H is the only way to end the turn");
    assert!(refused(&mut t, 1, "discard 8H").contains("taken from the discard pile"));
    act(&mut t, 1, "extend 0 8H");
    assert_eq!(game(&t).deal_number(), 2, "seat 1 went out with no discard");
}

#[test]
fn after_revealing_a_player_extends_the_others_melds() {
    // docs/rules/programmes.md §5.3: he may extend any meld on the table; §5.2: before revealing he
    // touches no meld.
    let mut l = layout(&["4S 5S 6S 7S 9D 9H 3C 8H", "4H 5H 6H 7H 9C 10D 8D 3H", IDLE], Some("KC"), "AD QC AC JD");
    l["programs"] = json!(["P24", "P07", "P18"]);
    let mut t = start(3, json!({ "deals": [l] }));
    act(&mut t, 1, "draw stock");
    act(&mut t, 1, "reveal 4H 5H 6H 7H");
    act(&mut t, 1, "extend 0 3H");
    act(&mut t, 1, "discard AD");
    act(&mut t, 2, "draw stock");
    act(&mut t, 2, "discard QC");
    act(&mut t, 0, "draw stock");
    // Seat 0 has not revealed: seat 1's meld is out of its reach.
    assert!(refused(&mut t, 0, "extend 0 8H").contains("must reveal"));
    act(&mut t, 0, "reveal 4S 5S 6S 7S");
    act(&mut t, 0, "extend 0 8H");
    let s = state(&t);
    assert_eq!(s["melds"][0]["owner"], 1);
    assert_eq!(s["melds"][0]["cards"], json!(["3H", "4H", "5H", "6H", "7H", "8H"]));
}

#[test]
fn a_round_cannot_last_forever() {
    // ENGINE CHOICE (safety, docs/rules/programmes.md §7.3): a round ends after 100 turns per
    // player (`TURNS_PER_PLAYER`) with nobody going out; revealed programs still count.
    let mut l = layout(&[IDLE, IDLE2], None, "");
    l["programs"] = json!(["P24", "P25"]);
    let mut t = start(2, json!({ "deals": [l] }));
    let mut turns = 0;
    while game(&t).deal_number() == 1 {
        let seat = game(&t).to_move().unwrap();
        act(&mut t, seat, "draw stock");
        // Discard the card just drawn, unless it is the only one of its kind we could discard.
        let card = game(&t).hand(seat).iter().last().unwrap();
        act(&mut t, seat, &format!("discard {card}"));
        turns += 1;
        assert!(turns <= 200);
    }
    assert_eq!(turns, 2 * tapis::engine::programmes::TURNS_PER_PLAYER);
    assert_eq!(events_of(&t, "round_over")[0]["end"]["reason"], "turn_limit");
}

// ---------------------------------------------------------------------------------------------
// The guided first deal (issue 32)
// ---------------------------------------------------------------------------------------------

#[test]
fn the_guided_deal_shows_every_key_rule_once() {
    // docs/rules/programmes.md, in one short deal for a newcomer
    // (src/app/programmes/guided_deal.json, the guided first deal, src/app/programmes/guide.rs):
    // Bob reveals first; then in one turn the player takes the discard that completes the program,
    // reveals it with a wild, lays a new set, extends Bob's run and goes out.
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/src/app/programmes/guided_deal.json")).unwrap();
    let full = tapis::record::Record::from_json(&text).unwrap();
    let mut empty = full.clone();
    empty.actions.clear();
    let mut t = Table::replay(&empty).unwrap();
    let mut moves = full.actions.iter().map(|a| (a.seat, a.action.clone()));
    let mut next = |t: &mut Table| {
        let (seat, action) = moves.next().unwrap();
        act(t, seat, &action);
    };
    // Bob (seat 2, left of the dealer) draws, reveals his run of four and discards the J♣.
    (0..3).for_each(|_| next(&mut t));
    assert_eq!(events_of(&t, "revealed")[0]["seat"], 2);
    assert_eq!(state(&t)["melds"][0]["owner"], 2);

    // "Draw the top of the stock or of the discard pile": the player's hand alone does not hold
    // the program, the discard's J♣ completes it.
    let program = game(&t).program(0).unwrap().card();
    assert!(find_reveal(game(&t).hand(0), program).is_none(), "13 cards do not make the program");
    assert_eq!(game(&t).discard_top(), "JC".parse().ok());
    let mut with_jack = game(&t).hand(0);
    with_jack.insert("JC".parse().unwrap());
    assert!(find_reveal(with_jack, program).is_some(), "the J♣ completes it");
    next(&mut t);
    assert_eq!(events_of(&t, "drew_discard")[0]["card"], "JC");

    // "If he holds every required card, he may reveal his program and lay down exactly what it
    // requires, all directives at once" — here the one way there is, a wild standing for the 5♥
    // ("The 4 jokers and the 8 twos are wild").
    let reveals: Vec<String> = legal(&t).into_iter().filter(|a| a.starts_with("reveal")).collect();
    assert_eq!(reveals, ["reveal 4H 2S=5H 6H | 6D 7D 8D | 9C 10C JC"], "one way to reveal, with the 2♠ wild");
    next(&mut t);
    assert_eq!(events_of(&t, "revealed")[1]["seat"], 0);
    assert_eq!(state(&t)["programs_done"], json!([1, 0, 1]));

    // "From that moment ... he may lay down new sets of three or more of a rank and extend any
    // meld on the table".
    next(&mut t);
    let melded = &events_of(&t, "melded")[0];
    assert_eq!((melded["seat"].clone(), melded["cards"].clone()), (json!(0), json!(["KS", "KH", "KD"])));
    next(&mut t);
    let extended = &events_of(&t, "extended")[0];
    assert_eq!((extended["seat"].clone(), extended["meld"].clone()), (json!(0), json!(0)), "the player adds to Bob's meld");
    assert_eq!(state(&t)["melds"][0]["cards"], json!(["5S", "6S", "7S", "8S", "9S"]));

    // "The turn ends with one discard"; "The round ends when a player has no card left".
    next(&mut t);
    assert!(moves.next().is_none(), "the script ends there");
    let over = &events_of(&t, "round_over")[0];
    assert_eq!(over["end"], json!({ "reason": "went_out", "seat": 0 }));
    assert_eq!(over["completed"], json!([0, 2]));
    // Each key rule once: one draw from the discard, two reveals (Bob's, the player's), one new
    // set, one extension, one round.
    let kinds: Vec<String> = state(&t)["events"].as_array().unwrap().iter().map(|e| e["type"].as_str().unwrap().to_string()).collect();
    assert_eq!(
        kinds,
        [
            "dealt",
            "drew_stock",
            "revealed",
            "discarded",
            "drew_discard",
            "revealed",
            "melded",
            "extended",
            "discarded",
            "round_over",
            "dealt"
        ],
        "the guided deal's events"
    );
    // The whole record replays as it is (the app's guide starts from it).
    assert_eq!(Table::replay(&full).unwrap().referee_state(), t.referee_state());
}
