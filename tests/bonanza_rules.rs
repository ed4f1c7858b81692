//! Bonanza, rule by rule (docs/rules/bonanza.md is the specification; each test cites its section).
//!
//! Every test builds a record with explicit `deals` (a full, exact 53-card pack each: the hands
//! given, every other card in the widow), plays through `tapis::record::Table` with the record's
//! action strings, and reads the referee's JSON state (docs/record.md §5.2) or the typed `Bonanza`
//! getters.
//!
//! Seats are numbered clockwise; with the default `first_dealer` 0, seat 0 deals the first deal
//! and seat 1 (his left) is the first to answer every call and to bid. When a test sells the widow
//! and nobody bids, the widow — every card not in a hand — is the dead hand: those cards cause the
//! stops in the race.
//!
//! Engine choices where the traditional rules are silent are marked "ENGINE CHOICE"; each is a
//! Ruling in docs/rules/bonanza.md.

mod common;

use common::tables::{self, chips, events_of, play, play_all, state, total_chips};
use serde_json::{json, Value};
use tapis::engine::bonanza::{Bonanza, Phase, Space};
use tapis::engine::cards::{Card, CardSet};
use tapis::engine::game::Game;
use tapis::record::{Record, Table};

table_helpers!(Bonanza);

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

fn cards(text: &str) -> CardSet {
    text.split_whitespace().map(|c| c.parse::<Card>().unwrap_or_else(|e| panic!("test layout: {e}"))).collect()
}

/// One `deals[i]` entry: these hands in seat order, the widow holding `widow` and every card of
/// the 53 not dealt elsewhere.
fn layout_with_widow(hands: &[&str], widow: &str) -> Value {
    let mut used = CardSet::EMPTY;
    let mut take = |text: &str| -> Vec<String> {
        let set = cards(text);
        assert!(!used.intersects(set), "test layout deals a card twice: {text}");
        assert_eq!(set.len(), text.split_whitespace().count(), "test layout repeats a card: {text}");
        used |= set;
        text.split_whitespace().map(str::to_string).collect()
    };
    let hands: Vec<Vec<String>> = hands.iter().map(|h| take(h)).collect();
    let mut widow_cards = take(widow);
    widow_cards.extend((CardSet::PACK_53 - used).to_strings());
    json!({ "hands": hands, "widow": widow_cards })
}

/// The hands given, every other card in the widow.
fn layout(hands: &[&str]) -> Value {
    layout_with_widow(hands, "")
}

/// The action must be refused, leave the state as it was, and say why (`words`).
fn refused(table: &mut Table, seat: usize, action: &str, words: &[&str]) {
    let reason = tables::refused(table, seat, action).reason.to_string();
    for word in words {
        assert!(reason.contains(word), "'{action}': the reason '{reason}' does not say '{word}'");
    }
}

fn space(table: &Table, space: Space) -> i64 {
    game(table).board()[space.index()]
}

fn hand(table: &Table, seat: usize) -> CardSet {
    game(table).hand(seat)
}

fn phase(table: &Table) -> Phase {
    game(table).phase()
}

fn texts(table: &Table) -> Vec<String> {
    state(table)["events"].as_array().unwrap().iter().map(|e| e["text"].as_str().unwrap().to_string()).collect()
}

/// The seat that took `space` (its last `space_won` event).
fn winner_of(table: &Table, space: &str) -> u64 {
    let won = events_of(table, "space_won");
    won.iter().rev().find(|e| e["space"] == space).unwrap_or_else(|| panic!("nobody took {space}"))["seat"].as_u64().unwrap()
}

/// The dealer sells the widow and every bidder passes: the widow (every card not in a hand) is dead.
fn widow_dead(table: &mut Table) {
    play_all(table, &["sell widow"]);
    while phase(table) == Phase::Auction {
        play_all(table, &["pass"]);
    }
}

// ---------------------------------------------------------------------------------------------
// Material, ante, deal
// ---------------------------------------------------------------------------------------------

#[test]
fn every_player_antes_one_chip_on_each_of_the_ten_spaces() {
    // docs/rules/bonanza.md §2: before every deal each player antes one chip on each of the ten
    // spaces.
    let table = start(4, json!({}));
    assert_eq!(chips(&table), [90, 90, 90, 90]);
    let board = state(&table)["board"].clone();
    let keys: Vec<&String> = board.as_object().unwrap().keys().collect();
    assert_eq!(keys.len(), 10);
    for key in
        ["joker", "queen_jack", "sequence", "ten_two", "poker", "ace_spades", "king_hearts", "queen_diamonds", "jack_clubs", "bonanza"]
    {
        assert_eq!(board[key], 4, "{key}");
    }
    assert_eq!(total_chips(&table), 400);
}

#[test]
fn without_the_poker_space_the_ante_is_nine_and_the_board_has_no_poker_key() {
    // docs/rules/bonanza.md §1, §2: nine spaces and nine chips without the Poker space;
    // docs/record.md §5.2: the board then has no `poker` key.
    let table = start(3, json!({ "options": { "poker": false } }));
    assert_eq!(chips(&table), [91, 91, 91]);
    let board = state(&table)["board"].clone();
    assert_eq!(board.as_object().unwrap().len(), 9);
    assert!(board.get("poker").is_none());
}

#[test]
fn the_deal_goes_one_at_a_time_from_the_dealers_left_the_widow_first() {
    // docs/rules/bonanza.md §3: one card at a time, the widow in the place just to the dealer's
    // left and served first, until the pack is gone (hands differ by at most one card). 4 players
    // and the widow: 53 = 5 × 10 + 3, so the widow, seat 1 and seat 2 get 11 cards.
    let table = start(4, json!({ "seed": 99 }));
    let g = game(&table);
    assert_eq!(g.widow().len(), 11);
    assert_eq!([g.hand(1).len(), g.hand(2).len(), g.hand(3).len(), g.hand(0).len()], [11, 11, 10, 10]);
    // 2 players: 53 = 3 × 17 + 2: the widow and seat 1 get 18.
    let table = start(2, json!({ "seed": 5 }));
    assert_eq!((game(&table).widow().len(), hand(&table, 1).len(), hand(&table, 0).len()), (18, 18, 17));
    // 9 players: 53 = 10 × 5 + 3: the widow, seats 1 and 2 get 6.
    let table = start(9, json!({ "seed": 5 }));
    let g = game(&table);
    assert_eq!(g.widow().len(), 6);
    let sizes: Vec<usize> = (0..9).map(|s| g.hand(s).len()).collect();
    assert_eq!(sizes, [5, 6, 6, 5, 5, 5, 5, 5, 5]);
    // Deterministic for a given seed.
    let again = start(9, json!({ "seed": 5 }));
    assert_eq!(state(&again)["hands"], state(&table)["hands"]);
    assert_ne!(state(&start(9, json!({ "seed": 6 })))["hands"], state(&table)["hands"]);
}

#[test]
fn layouts_must_be_a_full_exact_pack_that_fits_the_seats() {
    // docs/record.md §2.3: a layout that is not exactly the game's full deck is refused with a
    // message saying why; a seat out of the game has an empty hand.
    let mut twice = layout(&["2S 3S", "4S", "5S"]);
    twice["widow"].as_array_mut().unwrap().push(json!("2S"));
    assert!(setup_error(3, json!({ "deals": [twice] })).contains("2S appears twice"));
    let mut short = layout(&["2S 3S", "4S", "5S"]);
    short["widow"].as_array_mut().unwrap().retain(|c| c != "JK");
    let message = setup_error(3, json!({ "deals": [short] }));
    assert!(message.contains("missing") && message.contains("JK"), "{message}");
    assert!(setup_error(3, json!({ "deals": [layout(&["2S", "4S"])] })).contains("2 hands for 3 players"));
    assert!(setup_error(3, json!({ "deals": [layout(&["2S", "", "5S"])] })).contains("hand 1"));
    assert!(setup_error(3, json!({ "deals": [layout(&["2S", "JK", "5S"])] })).contains("besides the joker"));
    let out_with_cards = setup_error(3, json!({ "chips": [100, 5, 100], "deals": [layout(&["2S", "3S", "5S"])] }));
    assert!(out_with_cards.contains("seat 1 is out"), "{out_with_cards}");
    let no_widow = setup_error(2, json!({ "deals": [{ "hands": [["2S"], ["3S"]] }] }));
    assert!(no_widow.contains("widow"), "{no_widow}");
    assert!(setup_error(10, json!({})).contains("2 to 9"));
    assert!(setup_error(3, json!({ "options": { "unused_joker": "keep" } })).contains("unused_joker"));
    assert!(setup_error(3, json!({ "options": { "trumps": 1 } })).contains("unknown option 'trumps'"));
}

// ---------------------------------------------------------------------------------------------
// The widow and its auction
// ---------------------------------------------------------------------------------------------

#[test]
fn the_dealer_takes_the_widow_and_his_hand_is_dead() {
    // docs/rules/bonanza.md §4.1: the dealer may take the widow in place of his hand, which becomes
    // the dead hand. Exactly one hand is always dead.
    let mut table = start(3, json!({ "deals": [layout_with_widow(&["2S 9H", "4S", "5S"], "6D")] }));
    assert_eq!(state(&table)["phase"], "widow");
    assert_eq!(table.legal(), ["take widow", "sell widow"]);
    let widow = game(&table).widow();
    play(&mut table, 0, "take widow");
    assert_eq!(game(&table).dead_hand(), cards("2S 9H"));
    assert_eq!(hand(&table, 0), widow);
    assert_eq!((phase(&table), table.to_move()), (Phase::Call(tapis::engine::bonanza::Call::Joker), Some(0)), "he now holds the joker");
    assert_eq!(game(&table).widow_holder(), Some(0));
    assert_eq!(state(&table)["dead_hand"], json!(["2S", "9H"]));
}

#[test]
fn the_auction_is_ascending_passes_are_final_and_the_high_bidder_is_not_asked_again() {
    // docs/rules/bonanza.md §4.2, §4.3: from the dealer's left round the table; each bid at least
    // one more; a pass is final; the dealer does not bid; the current high bidder is not asked
    // again while he is high; the auction ends when every other bidder has passed. The price goes
    // to the dealer (default).
    let mut table = start(4, json!({ "deals": [layout(&["2S", "3S", "4S", "5S"])] }));
    play(&mut table, 0, "sell widow");
    assert_eq!((phase(&table), table.to_move()), (Phase::Auction, Some(1)));
    assert_eq!(table.legal().len(), 1 + 90, "pass, then every bid from 1 to his 90 chips");
    assert_eq!(table.legal()[..3], ["pass", "bid 1", "bid 2"]);
    play(&mut table, 1, "bid 2");
    refused(&mut table, 2, "bid 2", &["at least 3"]);
    refused(&mut table, 2, "bid 91", &["only 90 chips"]);
    play(&mut table, 2, "bid 3");
    play(&mut table, 3, "pass");
    assert_eq!(table.to_move(), Some(1), "the dealer is skipped");
    play(&mut table, 1, "bid 5");
    // Seat 3 passed for good: seat 2 is asked, then the auction is over.
    assert_eq!(table.to_move(), Some(2));
    refused(&mut table, 3, "bid 9", &["seat 2's turn"]);
    play(&mut table, 2, "pass");
    assert_ne!(phase(&table), Phase::Auction);
    assert_eq!(chips(&table), [95, 85, 90, 90], "the price goes to the dealer");
    assert_eq!(game(&table).widow_holder(), Some(1));
    assert_eq!(game(&table).dead_hand(), cards("3S"), "the buyer's old hand is dead");
    let sold = events_of(&table, "widow_sold");
    assert_eq!(
        sold,
        [json!({ "type": "widow_sold", "seat": 1, "price": 5, "to": 0, "text": "Seat 1 buys the widow for 5, paid to seat 0" })]
    );
}

#[test]
fn only_the_bidders_chips_limit_a_bid_even_with_large_stacks() {
    // docs/rules/bonanza.md §4.2: a bid may not exceed the bidder's chips — and nothing lower does:
    // with stacks of 20,000 a bid of 15,000 stands and the next bidder may outbid it.
    let mut table = start(3, json!({ "chips": [20000, 20000, 20000], "deals": [layout(&["2S", "3S", "4S"])] }));
    play_all(&mut table, &["sell widow", "bid 15000"]);
    assert_eq!(table.legal().len(), 1 + (19_990 - 15_000), "pass, then every bid from 15,001 to his 19,990 chips");
    assert_eq!(table.legal().last().map(String::as_str), Some("bid 19990"));
    refused(&mut table, 2, "bid 19991", &["only 19990 chips"]);
    play_all(&mut table, &["bid 19990", "pass"]);
    assert_eq!(game(&table).widow_holder(), Some(2));
    assert_eq!(chips(&table), [19_990 + 19_990, 19_990, 0], "the price goes to the dealer");
}

#[test]
fn the_high_bidder_wins_when_everyone_else_has_passed() {
    // docs/rules/bonanza.md §4.2: a single bid followed by passes ends the auction.
    let mut table = start(3, json!({ "deals": [layout(&["2S", "3S", "4S"])] }));
    play_all(&mut table, &["sell widow", "pass", "bid 1"]);
    assert_eq!(game(&table).widow_holder(), Some(2), "seat 1 passed; seat 2's bid stands alone");
    assert_eq!(chips(&table), [91, 90, 89]);
}

#[test]
fn the_price_can_go_into_the_bonanza_pot() {
    // docs/rules/bonanza.md §4.3: with the option, the price goes onto the Bonanza space (the
    // French edition).
    let mut table = start(3, json!({ "options": { "widow_price_to": "pot" }, "deals": [layout(&["2S", "3S", "4S"])] }));
    play_all(&mut table, &["sell widow", "bid 7", "pass"]);
    assert_eq!(chips(&table), [90, 83, 90]);
    assert_eq!(space(&table, Space::Bonanza), 3 + 7);
}

#[test]
fn nobody_bids_and_the_widow_is_dead() {
    // docs/rules/bonanza.md §4.2: when nobody bids, the widow is the dead hand.
    let mut table = start(3, json!({ "deals": [layout(&["2S", "3S", "4S"])] }));
    let widow = game(&table).widow();
    widow_dead(&mut table);
    assert_eq!(game(&table).dead_hand(), widow);
    assert_eq!(game(&table).widow_holder(), None);
    assert_eq!(events_of(&table, "widow_unsold").len(), 1);
    assert_eq!(chips(&table), [90, 90, 90]);
}

#[test]
fn a_bid_never_exceeds_the_bidders_chips() {
    // docs/rules/bonanza.md §4.2: a bid may not exceed the bidder's chips; a player who cannot top
    // the highest bid can only pass.
    let mut table = start(3, json!({ "chips": [100, 100, 14], "deals": [layout(&["2S", "3S", "4S"])] }));
    play_all(&mut table, &["sell widow", "bid 4"]);
    assert_eq!(table.to_move(), Some(2));
    assert_eq!(table.legal(), ["pass"], "4 chips left: he cannot outbid 4");
    refused(&mut table, 2, "bid 5", &["only 4 chips"]);
    play(&mut table, 2, "pass");
    assert_eq!(game(&table).widow_holder(), Some(1));
}

// ---------------------------------------------------------------------------------------------
// The calls
// ---------------------------------------------------------------------------------------------

#[test]
fn the_joker_is_shown_at_its_call_takes_the_space_and_leaves_the_game() {
    // docs/rules/bonanza.md §5.2: the holder may show the joker and take the Joker space; a shown
    // joker leaves the game.
    let mut table = start(3, json!({ "deals": [layout(&["2S 5D", "JK 9H", "4S"])] }));
    widow_dead(&mut table);
    assert_eq!((phase(&table), table.to_move()), (Phase::Call(tapis::engine::bonanza::Call::Joker), Some(1)));
    assert_eq!(table.legal(), ["pass", "show JK"]);
    play(&mut table, 1, "show JK");
    assert_eq!(chips(&table)[1], 90 + 3);
    assert_eq!(space(&table, Space::Joker), 0);
    assert!(!hand(&table, 1).contains(Card::JOKER));
    assert_eq!(game(&table).gone(), cards("JK"));
    assert!(texts(&table).contains(&"Seat 1's joker leaves the game".to_string()));
}

#[test]
fn a_silent_joker_stands_for_a_missing_card_at_a_later_call() {
    // docs/rules/bonanza.md §5.2: or he keeps quiet and keeps it as a wild card for a later call;
    // §5.3: at Queen-Jack the joker may replace either card, and shown cards go back to the hand,
    // except a shown joker. docs/record.md §3: `show QS JK` lists the cards in the space's order.
    let mut table = start(3, json!({ "deals": [layout(&["2S 5D", "QS JK 9H", "4S"])] }));
    widow_dead(&mut table);
    play(&mut table, 1, "pass");
    assert_eq!(space(&table, Space::Joker), 3, "nobody took the Joker space");
    assert_eq!(table.legal(), ["pass", "show QS JK"]);
    refused(&mut table, 1, "show JK QS", &["in that order"]);
    play(&mut table, 1, "show QS JK");
    assert_eq!(chips(&table)[1], 93);
    assert_eq!(hand(&table, 1), cards("QS 9H"), "the queen goes back, the joker leaves");
    // What the table learns: he holds Q♠, and not J♦ (the joker never stands for a card held).
    assert_eq!(game(&table).known(1), cards("QS"));
    assert!(game(&table).excluded(1).contains("JD".parse().unwrap()));
    assert_eq!(space(&table, Space::Joker), 3, "the Joker space stays for the next deal");
}

#[test]
fn pair_calls_list_exactly_the_legal_shows() {
    // docs/record.md §3: the legal shows are exactly both cards of the space held, or one of them
    // with JK.
    let mut table = start(3, json!({ "deals": [layout(&["2D 5D", "10D 2S JK", "JD 9C"])] }));
    widow_dead(&mut table);
    play(&mut table, 1, "pass"); // the Joker call
                                 // Queen-Jack: seat 2 holds J♦ without the joker: nothing to show, not asked. Ten-Two: seat 1
                                 // holds both, so the joker may not stand in.
    assert_eq!((phase(&table), table.to_move()), (Phase::Call(tapis::engine::bonanza::Call::TenTwo), Some(1)));
    assert_eq!(table.legal(), ["pass", "show 10D 2S"]);
    refused(&mut table, 1, "show 10D JK", &["not a legal show"]);
    play(&mut table, 1, "show 10D 2S");
    assert_eq!(hand(&table, 1), cards("10D 2S"), "both cards go back; the unused joker is set aside later");
}

#[test]
fn players_with_nothing_to_show_are_skipped_and_the_space_stays() {
    // docs/record.md §2.4, docs/rules/bonanza.md §5.1: players with nothing to show at a call are
    // skipped, not asked. §2: chips not won stay on their space from deal to deal.
    let mut table = start(3, json!({ "deals": [layout(&["2S 5D", "4H 9H", "7C 8D"])] }));
    widow_dead(&mut table);
    // Nobody can show anything: all the calls pass without a question, the race begins.
    assert_eq!((phase(&table), table.to_move()), (Phase::Lead, Some(0)));
    let stays: Vec<String> = events_of(&table, "space_stays").iter().map(|e| e["space"].as_str().unwrap().to_string()).collect();
    assert_eq!(stays, ["joker", "queen_jack", "sequence", "ten_two", "poker"]);
}

#[test]
fn silence_at_a_call_reveals_nothing_to_the_other_seats() {
    // docs/rules/bonanza.md §5.1: keeping quiet tells the table nothing, not even whether the
    // player could have shown. The seat being asked is hidden from the others' observations.
    let table = {
        let mut t = start(3, json!({ "deals": [layout(&["2S 5D", "JK 9H", "4S"])] }));
        widow_dead(&mut t);
        t
    };
    assert_eq!(table.to_move(), Some(1));
    let g = game(&table);
    assert_eq!(g.observe(1).to_move, Some(1), "the seat asked knows it");
    for seat in [0, 2] {
        assert_eq!(g.observe(seat).to_move, None, "seat {seat} must not learn who is asked");
    }
    let mut table = table;
    let logged = texts(&table).len();
    play(&mut table, 1, "pass");
    assert!(events_of(&table, "shown").is_empty());
    let after: Vec<String> = texts(&table)[logged..].to_vec();
    assert!(!after.iter().any(|t| t.contains("pass")), "a pass at a call is not announced: {after:?}");
}

#[test]
fn sequences_are_three_cards_and_the_highest_top_card_wins() {
    // docs/rules/bonanza.md §5.4: three cards of one suit in a row (A-2-3 and Q-K-A, never K-A-2);
    // a claim shows three cards, a longer run earns nothing, and the top card decides: the ace in
    // Q-K-A is the highest, the top of A-2-3 is the 3.
    let mut table = start(4, json!({ "deals": [layout(&["JS QS KS 4C", "AD 2D 3D 4D 9C", "KC AC 2C 8H", "QH KH AH"])] }));
    widow_dead(&mut table);
    // Seat 1 (A-2-3-4 of diamonds) may show A-2-3 or 2-3-4, three cards each.
    assert_eq!(table.to_move(), Some(1));
    assert_eq!(table.legal(), ["pass", "show AD 2D 3D", "show 2D 3D 4D"]);
    refused(&mut table, 1, "show AD 2D 3D 4D", &[]);
    refused(&mut table, 1, "show 2D 4D 3D", &["ascending"]);
    play(&mut table, 1, "show 2D 3D 4D");
    // Seat 2's K-A-2 is not a sequence: he is not asked. Seat 3 shows Q-K-A, the dealer J-Q-K.
    assert_eq!(table.to_move(), Some(3));
    assert_eq!(table.legal(), ["pass", "show QH KH AH"]);
    play(&mut table, 3, "show QH KH AH");
    play(&mut table, 0, "show JS QS KS");
    assert_eq!(winner_of(&table, "sequence"), 3, "the ace on top of Q-K-A beats the king");
    // The losers' shown cards are known to all, and back in their hands.
    assert_eq!(game(&table).known(1), cards("2D 3D 4D"));
    assert!(hand(&table, 0).contains("KS".parse().unwrap()));
}

#[test]
fn a_to_3_is_the_lowest_sequence() {
    // docs/rules/bonanza.md §5.4: the top card of A-2-3 is the 3.
    let mut table = start(3, json!({ "deals": [layout(&["9D", "AS 2S 3S", "2C 3C 4C"])] }));
    widow_dead(&mut table);
    play_all(&mut table, &["show AS 2S 3S", "show 2C 3C 4C"]);
    assert_eq!(winner_of(&table, "sequence"), 2, "the 4 beats the 3, whatever the suits");
}

#[test]
fn at_equal_top_a_natural_sequence_beats_the_joker_then_the_suit_decides() {
    // docs/rules/bonanza.md §5.4: at the same top rank a sequence without the joker beats one with
    // it; then the top card's suit decides, ♠ > ♥ > ♦ > ♣. The joker leaves the game, winning or
    // losing.
    let mut table = start(3, json!({ "deals": [layout(&["5C 6C 7C", "5D 6D 7D", "5S JK 7S"])] }));
    widow_dead(&mut table);
    play(&mut table, 2, "pass"); // keeps the joker at its call
    assert_eq!(table.to_move(), Some(1));
    play(&mut table, 1, "show 5D 6D 7D");
    assert_eq!(table.legal(), ["pass", "show 5S JK 7S"]);
    play(&mut table, 2, "show 5S JK 7S");
    play(&mut table, 0, "show 5C 6C 7C");
    assert_eq!(winner_of(&table, "sequence"), 1, "♦ beats ♣; the ♠ run has the joker");
    assert_eq!(game(&table).gone(), cards("JK"), "the losing joker left the game");
    assert!(game(&table).excluded(2).contains("6S".parse().unwrap()), "the joker stood for 6♠: not held");
}

#[test]
fn the_sequence_legal_shows_cover_every_run_and_joker_place() {
    // docs/record.md §3: every three-card run held in full, or two of its cards with JK in the
    // missing place (a run held in full is never shown with the joker).
    let mut table = start(3, json!({ "deals": [layout(&["2C", "5D 6D 7D 8D JK", "9S"])] }));
    widow_dead(&mut table);
    play(&mut table, 1, "pass"); // the Joker call
    assert_eq!(table.legal(), ["pass", "show JK 5D 6D", "show 5D 6D 7D", "show 6D 7D 8D", "show 7D 8D JK"]);
}

// ---------------------------------------------------------------------------------------------
// Poker
// ---------------------------------------------------------------------------------------------

/// Three poker hands without any claim at the other calls: a spade flush to the 10, a heart
/// flush to the jack, two pairs.
fn poker_table(fields: Value) -> Table {
    let mut fields = fields;
    if fields.get("deals").is_none() {
        fields["deals"] = json!([layout(&["2S 4S 6S 8S 10S", "3H 5H 7H 9H JH", "2C 2D 4C 4D 6C"])]);
    }
    let mut table = start(3, fields);
    widow_dead(&mut table);
    table
}

#[test]
fn poker_is_fixed_limit_with_at_most_three_raises_and_the_best_hand_wins() {
    // docs/rules/bonanza.md §5.5, §5.6: one betting round starting with the dealer; check only
    // while nothing is bet; a bet or raise is 1 to 5 chips; at most 3 raises after the bet; the
    // round ends when every player still in has acted since the last bet or raise; the best hand
    // takes the space and only the winning five cards are shown.
    let mut table = poker_table(json!({}));
    assert_eq!((phase(&table), table.to_move()), (Phase::Poker, Some(0)), "the dealer starts");
    assert_eq!(table.legal(), ["check", "bet 1", "bet 2", "bet 3", "bet 4", "bet 5"]);
    refused(&mut table, 0, "bet 6", &["1 to 5"]);
    refused(&mut table, 0, "fold", &["nothing is bet"]);
    play(&mut table, 0, "bet 5");
    assert_eq!(table.legal(), ["call", "raise 1", "raise 2", "raise 3", "raise 4", "raise 5", "fold"]);
    refused(&mut table, 1, "check", &["call, raise or fold"]);
    play_all(&mut table, &["raise 5", "fold", "raise 5", "raise 5"]);
    assert_eq!(table.to_move(), Some(0));
    assert_eq!(table.legal(), ["call", "fold"], "three raises after the bet: no more");
    refused(&mut table, 0, "raise 1", &["3 raises"]);
    play(&mut table, 0, "call");
    // Seat 1's heart flush to the jack beats seat 0's spade flush to the ten.
    assert_eq!(chips(&table), [70, 90 - 20 + 3 + 40, 90]);
    let shown = events_of(&table, "showdown");
    assert_eq!(shown.len(), 1, "only the winner shows");
    assert_eq!(
        (shown[0]["seat"].clone(), shown[0]["cards"].clone(), shown[0]["hand"].clone()),
        (json!(1), json!(["3H", "5H", "7H", "9H", "JH"]), json!("flush"))
    );
    assert_eq!(game(&table).known(1), cards("3H 5H 7H 9H JH"));
    assert_eq!(game(&table).known(0), CardSet::EMPTY, "the loser's cards stay hidden");
}

#[test]
fn a_player_left_alone_takes_the_poker_space_without_showing() {
    // docs/rules/bonanza.md §5.6: when all but one fold, he takes the Poker space without showing.
    let mut table = poker_table(json!({}));
    play_all(&mut table, &["bet 2", "fold", "fold"]);
    assert_eq!(chips(&table), [90 - 2 + 3 + 2, 90, 90]);
    assert!(events_of(&table, "showdown").is_empty());
    assert_eq!(phase(&table), Phase::Lead);
}

#[test]
fn nobody_may_put_in_more_than_the_smallest_stack() {
    // docs/rules/bonanza.md §5.5: nobody's total may exceed the smallest participant's stack when
    // the betting begins (no side pots).
    let mut table = poker_table(json!({ "chips": [100, 12, 100] }));
    assert_eq!(state(&table)["poker"]["cap"], 2);
    assert_eq!(table.legal(), ["check", "bet 1", "bet 2"]);
    play(&mut table, 0, "bet 1");
    assert_eq!(table.legal(), ["call", "raise 1", "fold"]);
    refused(&mut table, 1, "raise 2", &["2 chips"]);
    play_all(&mut table, &["raise 1", "call"]);
    assert_eq!(table.legal(), ["call", "fold"], "the total would exceed 2");
    play(&mut table, 0, "call");
    assert_eq!(chips(&table), [88, 3 + 6, 88], "seat 1 put in his last 2 chips and took the space");
}

#[test]
fn any_poker_limit_and_number_of_raises_is_taken() {
    // docs/record.md §4: poker_limit and poker_max_raises are any integers ≥ 1;
    // docs/rules/bonanza.md §5.5: a bet is then limited by the limit and the smallest stack alone.
    let mut table = poker_table(json!({ "chips": [20000, 20000, 20000], "options": { "poker_limit": 5000, "poker_max_raises": 500 } }));
    assert_eq!(state(&table)["options"]["poker_limit"], 5000, "the option is kept as given");
    assert_eq!(table.legal().len(), 1 + 5000, "check, then every bet from 1 to 5,000");
    refused(&mut table, 0, "bet 5001", &["1 to 5000"]);
    play_all(&mut table, &["bet 5000", "raise 5000", "fold", "raise 5000"]);
    assert_eq!(table.legal().last().map(String::as_str), Some("fold"));
    assert_eq!(table.legal().len(), 2 + 4990, "call, fold, and raises up to the cap of 19,990");
    play_all(&mut table, &["raise 4990", "call"]);
    // Seat 1's heart flush takes both totals of 19,990 and the ante.
    assert_eq!(chips(&table), [0, 19_990 + 3 + 19_990, 19_990]);
}

#[test]
fn a_game_may_last_more_than_a_thousand_deals() {
    // docs/record.md §4, docs/rules/bonanza.md §7.1: 'deals' is any number of deals.
    let table = start(3, json!({ "options": { "deals": 5000 } }));
    assert_eq!(state(&table)["options"]["deals"], 5000);
    let error = setup_error(3, json!({ "options": { "deals": 5_000_000_000u64 } }));
    assert!(error.contains("'deals' is too large"), "a count beyond 32 bits is refused: {error}");
}

#[test]
fn everyone_checks_and_an_exact_tie_splits_the_space_leaving_the_odd_chip() {
    // docs/rules/bonanza.md §5.6: an exact tie splits the space and the odd chips stay; §5.5: a
    // player with fewer than five cards takes no part.
    let mut table = poker_table(json!({ "deals": [layout(&["2S 3H 5D 7C 9S", "2H 3S 5C 7D 9H", "KD"])] }));
    assert_eq!(state(&table)["poker"]["participants"], json!([0, 1]));
    play_all(&mut table, &["check", "check"]);
    assert_eq!(chips(&table), [91, 91, 90]);
    assert_eq!(space(&table, Space::Poker), 1, "the odd chip stays");
    assert_eq!(events_of(&table, "showdown").len(), 2, "both winners show");
}

#[test]
fn a_single_participant_takes_the_space_and_with_none_it_carries_over() {
    // docs/rules/bonanza.md §5.5: a single participant takes the space without betting; with none,
    // the space keeps its chips.
    let mut table = start(3, json!({ "deals": [layout(&["2S 4S 6S 8S 10S", "3H", "KD"])] }));
    widow_dead(&mut table);
    assert_eq!(chips(&table), [93, 90, 90]);
    assert_eq!(phase(&table), Phase::Lead);
    let mut table = start(3, json!({ "deals": [layout(&["2S", "3H", "KD"])] }));
    widow_dead(&mut table);
    assert_eq!(space(&table, Space::Poker), 3);
}

#[test]
fn the_joker_is_fully_wild_at_the_poker_and_leaves_when_shown() {
    // docs/rules/bonanza.md §5.6: five of a kind needs the joker; a joker among the winning five
    // leaves the game.
    let mut table = poker_table(json!({ "deals": [layout(&["AS AH AD AC JK", "3H 5H 7H 9H JH", "KD"])] }));
    play(&mut table, 0, "pass"); // the Joker call: kept for later
    play_all(&mut table, &["check", "check"]);
    let shown = events_of(&table, "showdown");
    assert_eq!((shown[0]["seat"].clone(), shown[0]["hand"].clone()), (json!(0), json!("five_of_a_kind")));
    assert_eq!(game(&table).gone(), cards("JK"));
    assert!(texts(&table).contains(&"Seat 0's joker leaves the game".to_string()));
}

#[test]
fn the_poker_space_can_be_left_out() {
    // docs/rules/bonanza.md §1: the option that takes the Poker space off the wheel.
    let mut table = start(3, json!({ "options": { "poker": false }, "deals": [layout(&["2S 4S 6S 8S 10S", "3H 5H 7H 9H JH", "KD"])] }));
    widow_dead(&mut table);
    assert_eq!(phase(&table), Phase::Lead, "no betting round");
    assert!(events_of(&table, "poker_opened").is_empty());
}

// ---------------------------------------------------------------------------------------------
// The unused joker
// ---------------------------------------------------------------------------------------------

#[test]
fn an_unused_joker_is_set_aside_after_the_poker_call() {
    // docs/rules/bonanza.md §5.7: a joker nobody showed is set aside after the Poker call and plays
    // no part in the race. ENGINE CHOICE: the table sees it put aside (hand sizes are public).
    let mut table = start(3, json!({ "deals": [layout(&["2S 5D", "JK 9H", "4S"])] }));
    widow_dead(&mut table);
    play(&mut table, 1, "pass");
    assert_eq!(phase(&table), Phase::Lead);
    assert_eq!(hand(&table, 1), cards("9H"));
    assert_eq!(events_of(&table, "joker_set_aside")[0]["seat"], 1);
    // A joker in the dead hand stays there; the table then knows where it is.
    let mut table = start(3, json!({ "deals": [layout(&["2S 5D", "9H", "4S"])] }));
    widow_dead(&mut table);
    assert!(game(&table).known_dead().contains(Card::JOKER));
}

#[test]
fn a_dead_card_joker_cannot_be_played_and_is_paid_for() {
    // docs/rules/bonanza.md §5.7: with the option it stays in hand as a dead card, never played,
    // that counts in the Bonanza payment; §6.2: a player who must lead with only the dead joker
    // passes the lead to his left.
    let mut table = start(3, json!({ "options": { "unused_joker": "dead_card" }, "deals": [layout(&["2H JK", "9H", "5D"])] }));
    widow_dead(&mut table);
    play(&mut table, 0, "pass"); // the Joker call
    assert_eq!((phase(&table), table.to_move()), (Phase::Lead, Some(0)));
    assert_eq!(table.legal(), ["play 2H"]);
    refused(&mut table, 0, "play JK", &["dead card"]);
    play(&mut table, 0, "play 2H");
    // 3♥ is dead: a stop. Nobody has a black card; the stop player leads any suit, but he holds
    // only the dead joker: the lead passes to his left.
    assert_eq!((phase(&table), table.to_move()), (Phase::Lead, Some(1)));
    let passed = events_of(&table, "lead_passed");
    assert_eq!(
        (passed[0]["from"].clone(), passed[0]["to"].clone(), passed[0]["reason"].clone()),
        (json!(0), json!(1), json!("only_dead_joker"))
    );
    assert_eq!(game(&table).known(0), cards("JK"), "the table now knows his hand");
    let before = chips(&table);
    play(&mut table, 1, "play 9H");
    // Bonanza for seat 1: seat 2 pays one chip for 5♦, seat 0 one for the joker.
    let paid: Vec<(Value, Value)> = events_of(&table, "paid").iter().map(|e| (e["from"].clone(), e["chips"].clone())).collect();
    assert_eq!(paid, [(json!(2), json!(1)), (json!(0), json!(1))]);
    assert_eq!(chips(&table)[1], before[1] + 3 + 2 - 10, "the pot, two chips, then the next ante");
}

// ---------------------------------------------------------------------------------------------
// The race
// ---------------------------------------------------------------------------------------------

#[test]
fn the_race_follows_stops_changes_colour_takes_card_spaces_and_ends_in_bonanza() {
    // docs/rules/bonanza.md §6: the dealer leads his lowest card of a suit he chooses; whoever
    // holds the next higher card must play it (the same player may play several in a row); nobody
    // holds it (it is dead): the card just played is a stop, its player leads the lowest card of a
    // suit of the other colour; J♣ takes its space at once; the first player to empty his hand
    // calls Bonanza, takes the pot and is paid one chip per card left, in turn from his left.
    let mut table = start(3, json!({ "deals": [layout(&["2H 3H 9C", "4H 5H 10C", "6H 8H JC"])] }));
    widow_dead(&mut table);
    assert_eq!((phase(&table), table.to_move()), (Phase::Lead, Some(0)));
    assert_eq!(table.legal(), ["play 2H", "play 9C"], "the lowest card of each suit");
    refused(&mut table, 0, "play 3H", &["must lead 2H"]);
    play(&mut table, 0, "play 2H");
    assert_eq!(
        (phase(&table), table.to_move(), table.legal()),
        (Phase::Follow("3H".parse().unwrap()), Some(0), vec!["play 3H".to_string()])
    );
    play(&mut table, 0, "play 3H");
    play_all(&mut table, &["play 4H", "play 5H", "play 6H"]);
    // 7♥ is dead: 6♥ is a stop for seat 2, who leads a black card.
    assert_eq!((phase(&table), table.to_move()), (Phase::Lead, Some(2)));
    assert_eq!(table.legal(), ["play JC"]);
    assert!(game(&table).known_dead().contains("7H".parse().unwrap()), "the table knows 7♥ is dead");
    let jack_clubs = space(&table, Space::JackClubs);
    play(&mut table, 2, "play JC");
    assert_eq!(space(&table, Space::JackClubs), 0);
    // Q♣ is dead: the colour changes again.
    assert_eq!(table.legal(), ["play 8H"]);
    let before = chips(&table);
    let pot = space(&table, Space::Bonanza);
    play(&mut table, 2, "play 8H");
    let paid: Vec<(Value, Value)> = events_of(&table, "paid").iter().map(|e| (e["from"].clone(), e["chips"].clone())).collect();
    assert_eq!(paid, [(json!(0), json!(1)), (json!(1), json!(1))], "from the winner's left");
    assert_eq!(events_of(&table, "bonanza")[0]["chips"], pot);
    assert_eq!(jack_clubs, 3);
    // The deal ends at once; the next deal's ante follows.
    assert_eq!(chips(&table), [before[0] - 1 - 10, before[1] - 1 - 10, before[2] + pot + 2 - 10]);
    assert_eq!(game(&table).deal_number(), 2);
    assert_eq!(game(&table).dealer(), 1, "the deal passes to the left");
}

#[test]
fn without_a_card_of_the_other_colour_the_lead_passes_left() {
    // docs/rules/bonanza.md §6.2: a stop player with no card of the other colour hands the lead to
    // the first player on his left who has one, and that player leads his lowest card of it.
    let mut table = start(3, json!({ "deals": [layout(&["2S 3S KD", "4S 9H 7D", "5D 6C"])] }));
    widow_dead(&mut table);
    play_all(&mut table, &["play 2S", "play 3S", "play 4S"]);
    // 5♠ is dead: seat 1 leads red, his choice of suit.
    assert_eq!((table.to_move(), table.legal()), (Some(1), vec!["play 9H".to_string(), "play 7D".to_string()]));
    play(&mut table, 1, "play 9H");
    // 10♥ is dead: seat 1 must lead black but has only 7♦; seat 2 has 6♣.
    assert_eq!((table.to_move(), table.legal()), (Some(2), vec!["play 6C".to_string()]));
    let passed = events_of(&table, "lead_passed");
    assert_eq!(
        (passed[0]["from"].clone(), passed[0]["to"].clone(), passed[0]["reason"].clone()),
        (json!(1), json!(2), json!("no_card_of_other_colour"))
    );
    assert!(game(&table).excluded(1).contains("AC".parse().unwrap()), "the table learns seat 1 has no black card");
}

#[test]
fn when_nobody_has_the_other_colour_the_stop_player_leads_any_suit() {
    // docs/rules/bonanza.md §6.2: when nobody has the other colour, the stop player leads his
    // lowest card of any suit; only then does the colour not change.
    let mut table = start(3, json!({ "deals": [layout(&["2H 3H 5D", "4H 9D QD", "6D 7D"])] }));
    widow_dead(&mut table);
    play_all(&mut table, &["play 2H", "play 3H", "play 4H"]);
    // 5♥ is dead; nobody holds a black card: seat 1 leads red again.
    assert_eq!((table.to_move(), table.legal()), (Some(1), vec!["play 9D".to_string()]));
    assert!(events_of(&table, "lead_passed").is_empty());
    for seat in 0..3 {
        assert!(game(&table).excluded(seat).contains("2C".parse().unwrap()), "seat {seat} has no black card");
    }
    play(&mut table, 1, "play 9D");
    // 10♦ is dead, nobody has black: seat 1 again, his Q♦ takes its space.
    let queen = space(&table, Space::QueenDiamonds);
    play(&mut table, 1, "play QD");
    assert_eq!(events_of(&table, "space_won").last().unwrap()["chips"], queen);
    assert_eq!(events_of(&table, "bonanza")[0]["seat"], 1);
}

#[test]
fn the_ace_is_a_stop_and_a_played_card_is_a_stop() {
    // docs/rules/bonanza.md §6.2: an ace is a stop, and so is a card whose next card nobody holds
    // (dead, or played earlier in the deal). §6.3: A♠ takes its space at once.
    let mut table = start(3, json!({ "deals": [layout(&["KS AS 5C 8H 9D", "4C 6C 2D 10S", "3S JH"])] }));
    widow_dead(&mut table);
    play_all(&mut table, &["play KS"]);
    let (ace, before) = (space(&table, Space::AceSpades), chips(&table)[0]);
    play(&mut table, 0, "play AS");
    assert_eq!(chips(&table)[0], before + ace);
    let stop = events_of(&table, "stop");
    assert_eq!((stop[0]["card"].clone(), stop[0]["missing"].clone()), (json!("AS"), Value::Null));
    // Seat 0 leads red: 8♥ (9♥ dead, stop), then black: 5♣, seat 1 follows with 6♣ (7♣ dead).
    play_all(&mut table, &["play 8H", "play 5C", "play 6C"]);
    assert_eq!((table.to_move(), table.legal()), (Some(1), vec!["play 2D".to_string()]));
    play(&mut table, 1, "play 2D");
    // 3♦ dead: seat 1 leads black, his lowest club 4♣; 5♣ was played: a stop again.
    assert_eq!(table.legal(), ["play 10S", "play 4C"]);
    play(&mut table, 1, "play 4C");
    let last_stop = events_of(&table, "stop").last().cloned().unwrap();
    assert_eq!((last_stop["card"].clone(), last_stop["missing"].clone()), (json!("4C"), json!("5C")));
    assert!(!game(&table).known_dead().contains("5C".parse().unwrap()), "5♣ was played, not dead");
}

#[test]
fn a_short_player_pays_what_he_has() {
    // docs/rules/bonanza.md §6.4: the Bonanza payments go in turn from the winner's left, and a
    // player short of chips pays what he has.
    let mut table = start(3, json!({ "chips": [100, 100, 11], "deals": [layout(&["2H", "3D 5D 7D", "9C JD KH"])] }));
    widow_dead(&mut table);
    play(&mut table, 0, "play 2H");
    let paid: Vec<(Value, Value, Value)> =
        events_of(&table, "paid").iter().map(|e| (e["from"].clone(), e["chips"].clone(), e["owed"].clone())).collect();
    assert_eq!(paid, [(json!(1), json!(3), json!(3)), (json!(2), json!(1), json!(3))]);
    assert!(texts(&table).contains(&"Seat 2 pays seat 0 1 chip (owed 3)".to_string()));
}

// ---------------------------------------------------------------------------------------------
// The game
// ---------------------------------------------------------------------------------------------

#[test]
fn a_player_who_cannot_ante_is_out_dealt_nothing_and_never_deals() {
    // docs/rules/bonanza.md §7.2: a player who cannot ante every space before a deal is out for
    // good: no more cards, no more deals.
    let table = start(3, json!({ "chips": [9, 100, 100], "seed": 3 }));
    let g = game(&table);
    assert!(g.is_out(0));
    assert_eq!(g.dealer(), 1, "seat 0 would deal, but he is out");
    assert!(g.hand(0).is_empty());
    assert_eq!(chips(&table), [9, 90, 90]);
    assert_eq!(space(&table, Space::Bonanza), 2, "two players ante");
    assert_eq!(state(&table)["out"], json!([0]));
    assert_eq!(g.widow().len() + g.hand(1).len() + g.hand(2).len(), 53);
}

#[test]
fn with_fewer_than_two_players_left_the_game_ends_and_the_last_takes_the_cloth() {
    // docs/rules/bonanza.md §7.2: with fewer than two players left the game ends; §7.3: leftovers
    // split among the players still in.
    let mut table = start(2, json!({ "chips": [11, 100], "deals": [layout(&["2H", "3D 5D 7D"])] }));
    widow_dead(&mut table);
    assert_eq!(chips(&table), [1, 90]);
    play(&mut table, 0, "play 2H");
    // Seat 0 takes the pot (2) and 3 chips from seat 1: 6 chips, too few to ante. He is out; seat 1
    // alone is left: the game ends and the 18 chips left on the cloth are his.
    assert!(table.is_finished());
    assert_eq!(events_of(&table, "game_over")[0]["end"]["reason"], "too_few_players");
    assert_eq!(state(&table)["out"], json!([0]));
    assert_eq!(chips(&table), [6, 90 - 3 + 18]);
    assert_eq!(game(&table).board().iter().sum::<i64>(), 0);
    assert_eq!(state(&table)["winner"], 1);
}

#[test]
fn the_game_lasts_the_chosen_number_of_deals_and_the_leftovers_are_split() {
    // docs/rules/bonanza.md §7.1: a game lasts the chosen number of deals; §7.3: at the end the
    // chips on the cloth are shared equally among the players still in, the remainder unawarded.
    let mut table = start(3, json!({ "options": { "deals": 1 }, "deals": [layout(&["2H", "3D 5D", "9C JD KH"])] }));
    widow_dead(&mut table);
    let board_before: i64 = game(&table).board().iter().sum();
    play(&mut table, 0, "play 2H");
    assert!(table.is_finished());
    assert_eq!(events_of(&table, "game_over")[0]["end"], json!({ "reason": "deals_played", "deals": 1 }));
    // The pot (3) went to seat 0; the other spaces hold 27 chips: 9 each, nothing left over.
    let left = board_before - 3;
    assert_eq!(left, 27);
    assert_eq!(chips(&table), [90 + 3 + 2 + 3 + 9, 90 - 2 + 9, 90 - 3 + 9]);
    assert_eq!(game(&table).board().iter().sum::<i64>(), 0);
    assert_eq!(state(&table)["winner"], 0);
}

#[test]
fn the_default_game_lasts_twice_the_number_of_players() {
    // docs/rules/bonanza.md §7.1: by default twice the number of players. Large stacks: nobody runs
    // out.
    let mut table = start(2, json!({ "chips": [1000, 1000] }));
    let mut rng = tapis::engine::rng::seeded(1);
    while let Some(seat) = table.to_move() {
        let legal = table.legal();
        // Cheap choices: take or sell the widow, pass in the auction, check or call.
        let action = legal[tapis::engine::rng::index_below(legal.len().min(2), &mut rng)].clone();
        play(&mut table, seat, &action);
    }
    assert_eq!(game(&table).deal_number(), 4);
    assert_eq!(events_of(&table, "game_over")[0]["end"], json!({ "reason": "deals_played", "deals": 4 }));
    assert_eq!(events_of(&table, "dealt").iter().map(|e| e["dealer"].as_u64().unwrap()).collect::<Vec<_>>(), [0, 1, 0, 1]);
}

#[test]
fn leftovers_can_go_to_the_chip_leader() {
    // docs/rules/bonanza.md §7.3: the option that gives the leftovers to the chip leader.
    let mut table =
        start(3, json!({ "options": { "deals": 1, "leftovers": "chip_leader" }, "deals": [layout(&["2H", "3D 5D", "9C JD KH"])] }));
    widow_dead(&mut table);
    play(&mut table, 0, "play 2H");
    // Seat 0: the pot (3) and 2 + 3 chips, then the 27 chips left on the cloth.
    assert_eq!(chips(&table), [90 + 3 + 2 + 3 + 27, 88, 87]);
    assert_eq!(game(&table).board().iter().sum::<i64>(), 0);
}

#[test]
fn the_remainder_of_a_split_stays_on_the_cloth() {
    // docs/rules/bonanza.md §7.3: shared equally among the players still in, the remainder
    // unawarded. ENGINE CHOICE: the remainder is left on the Bonanza space. Here the Poker space is
    // split 1-1 with one chip left, so 30 - 3 (pot) - 2 = 25 chips, less multiples of 3 for the
    // card spaces, are left for 3 players: one chip stays.
    let mut table = poker_table(json!({ "options": { "deals": 1 }, "deals": [layout(&["2S 3H 5D 7C 9S", "2H 3S 5C 7D 9H", "KD"])] }));
    play_all(&mut table, &["check", "check"]);
    while let Some(seat) = table.to_move() {
        let first = table.legal()[0].clone();
        play(&mut table, seat, &first);
    }
    let shares: Vec<i64> = events_of(&table, "leftovers").iter().map(|e| e["chips"].as_i64().unwrap()).collect();
    assert_eq!(shares.len(), 3);
    assert!(shares.iter().all(|&c| c == shares[0] && c > 0), "{shares:?}");
    assert_eq!(game(&table).board().iter().sum::<i64>(), 1);
    assert_eq!(space(&table, Space::Bonanza), 1);
    assert_eq!(total_chips(&table), 300);
}

#[test]
fn unwon_spaces_accumulate_from_deal_to_deal() {
    // docs/rules/bonanza.md §2: chips not won stay and grow from deal to deal.
    let mut table = start(3, json!({ "deals": [layout(&["2H", "3D 5D", "9C JC"]), layout(&["2S", "4D 6D", "8C"])] }));
    widow_dead(&mut table);
    play(&mut table, 0, "play 2H");
    assert_eq!(game(&table).deal_number(), 2);
    assert_eq!(space(&table, Space::Sequence), 6);
    assert_eq!(space(&table, Space::JackClubs), 6, "J♣ was never played");
    assert_eq!(space(&table, Space::Bonanza), 3, "the pot was won, then the new ante");
    assert_eq!(game(&table).dealer(), 1);
}

#[test]
fn two_and_nine_players_play_whole_games() {
    // docs/rules/bonanza.md §1: 2 to 9 players.
    for players in [2usize, 9] {
        let mut table = start(players, json!({ "seed": 11 }));
        let mut rng = tapis::engine::rng::seeded(players as u64);
        let total = total_chips(&table);
        while let Some(seat) = table.to_move() {
            let legal = table.legal();
            let action = legal[tapis::engine::rng::index_below(legal.len(), &mut rng)].clone();
            play(&mut table, seat, &action);
            assert_eq!(total_chips(&table), total);
        }
        assert_eq!(state(&table)["finished"], true);
    }
}

#[test]
fn a_later_layout_must_fit_the_players_still_in() {
    // docs/record.md §2.3: a seat out of the game has an empty hand. A move that would start a deal
    // whose layout gives cards to a seat that is out is refused, the state unchanged.
    let mut table = start(3, json!({ "chips": [100, 100, 11], "deals": [layout(&["2H", "3D 5D", "9C"]), layout(&["2S", "4D", "8C"])] }));
    widow_dead(&mut table);
    // Seat 2 pays 1 and is left with 0: out before deal 2, but the layout deals him 8♣.
    refused(&mut table, 0, "play 2H", &["deals[1]", "seat 2 is out"]);
    // In a replay the layout is at fault, not the move: `at` is null (docs/record.md §2.3, §5.1),
    // and the message says which move reached that deal.
    let fields = json!({
        "chips": [100, 100, 11],
        "deals": [layout(&["2H", "3D 5D", "9C"]), layout(&["2S", "4D", "8C"])],
        "actions": [
            { "seat": 0, "do": "sell widow" }, { "seat": 1, "do": "pass" }, { "seat": 2, "do": "pass" }, { "seat": 0, "do": "play 2H" }
        ],
    });
    let Err(err) = Table::replay(&record(3, fields)) else { panic!("the replay stops at deal 2") };
    let message = err.message();
    assert_eq!(err.at(), None, "{message}");
    assert!(message.starts_with("deals[1]: seat 2 is out") && message.contains("actions[3]"), "{message}");
}

#[test]
fn the_guided_deal_shows_every_key_rule_once() {
    // docs/rules/bonanza.md, in one short deal for a newcomer (src/app/bonanza/guided_deal.json,
    // the guided first game's deal, src/app/bonanza/guide.rs): the player deals and sells the widow
    // (§4.1), an auction with a raise and a final pass (§4.2), the five calls (§5): a joker kept
    // silent at its own call though it could be shown, then standing in for the J♦ at Queen-Jack
    // and leaving the game, a sequence, a ten-two, a short betting round and a showdown; then the
    // race (§6): a stop on a card in the dead hand, the colour changing, a card space, a stop after
    // an ace, the Bonanza call and the payments.
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/src/app/bonanza/guided_deal.json")).unwrap();
    let record = Record::from_json(&text).unwrap();
    let table = Table::replay(&record).unwrap();
    let kinds: Vec<String> = state(&table)["events"].as_array().unwrap().iter().map(|e| e["type"].as_str().unwrap().to_string()).collect();
    assert_eq!(
        kinds,
        [
            "anted",
            "dealt",
            "widow_for_sale",
            "bid",
            "bid",
            "auction_pass",
            "widow_sold", // the widow
            "call_opened",
            "space_stays", // Joker: the only player who could show stays silent
            "call_opened",
            "shown",
            "joker_leaves",
            "space_won", // Queen-Jack, with the joker
            "call_opened",
            "shown",
            "space_won", // Sequence
            "call_opened",
            "shown",
            "space_won", // Ten-Two
            "poker_opened",
            "bet",
            "called",
            "folded",
            "showdown",
            "space_won", // Poker
            "played",
            "played",
            "stop",
            "played",
            "space_won",
            "played",
            "stop",
            "played", // the race
            "bonanza",
            "paid",
            "paid",
            "leftovers",
            "leftovers",
            "leftovers",
            "game_over",
        ],
        "the guided deal's events"
    );
    // The player (seat 0) deals; Bob (seat 2) buys the widow for 2, paid to the dealer, and his
    // own hand is the dead hand.
    let sold = &events_of(&table, "widow_sold")[0];
    assert_eq!((sold["seat"].clone(), sold["price"].clone(), sold["to"].clone()), (json!(2), json!(2), json!(0)));
    assert!(state(&table)["dead_hand"].as_array().unwrap().contains(&json!("AS")), "the ace of spades is dead");
    // The silence: at the Joker call the player, who holds it, is the only one asked.
    let mut joker_call = Table::replay(&Record { actions: record.actions[..4].to_vec(), ..record.clone() }).unwrap();
    assert_eq!(state(&joker_call)["call"], "joker");
    assert_eq!(state(&joker_call)["to_move"], 0);
    assert!(state(&joker_call)["legal"].as_array().unwrap().contains(&json!("show JK")), "the player could show the joker");
    play(&mut joker_call, 0, "pass");
    assert_eq!(state(&joker_call)["call"], "queen_jack", "the silence closes the Joker call");
    // The joker stands in for the J♦ and leaves the game.
    let shown: Vec<Value> = events_of(&table, "shown").iter().map(|e| json!([e["seat"], e["call"], e["cards"]])).collect();
    assert_eq!(
        shown,
        [json!([0, "queen_jack", ["QS", "JK"]]), json!([1, "sequence", ["7H", "8H", "9H"]]), json!([2, "ten_two", ["10D", "2S"]]),]
    );
    // Poker: the player's pair of kings beats Ada's pair of fours; Bob folded.
    let showdown = &events_of(&table, "showdown")[0];
    assert_eq!((showdown["seat"].clone(), showdown["hand"].clone()), (json!(0), json!("pair")));
    // The race: the K♠ stops on the dead A♠, the colour changes to red, the K♥ takes its space,
    // the A♥ stops and the colour changes back; the 5♣ empties the player's hand.
    let stops: Vec<Value> = events_of(&table, "stop").iter().map(|e| json!([e["card"], e["missing"]])).collect();
    assert_eq!(stops, [json!(["KS", "AS"]), json!(["AH", null])]);
    let won: Vec<Value> = events_of(&table, "space_won").iter().map(|e| json!([e["seat"], e["space"]])).collect();
    assert_eq!(
        won,
        [json!([0, "queen_jack"]), json!([1, "sequence"]), json!([2, "ten_two"]), json!([0, "poker"]), json!([0, "king_hearts"])]
    );
    assert_eq!(events_of(&table, "bonanza")[0]["seat"], 0);
    let paid: Vec<Value> = events_of(&table, "paid").iter().map(|e| json!([e["from"], e["chips"]])).collect();
    assert_eq!(paid, [json!([1, 10]), json!([2, 14])], "one chip per card left in hand");
    assert_eq!(state(&table)["winner"], 0);
    assert_eq!(chips(&table), vec![133, 86, 81]);
    assert_eq!(total_chips(&table), 300);
}
