//! Nain Jaune, rule by rule (docs/rules/nain-jaune.md is the specification; each test cites its
//! section).
//!
//! Every test builds a record with explicit `deals` (a full, exact 52-card pack each: the hands
//! given, every other card in the talon), plays through `tapis::record::Table` with the record's
//! action strings, and reads the referee's JSON state (docs/record.md §5.2) or the typed
//! `NainJaune` getters.
//!
//! Seats are numbered clockwise; with the default `first_dealer` 0 and the default clockwise
//! direction, seat 1 leads the first round (seat 0's next seat).
//!
//! Engine choices where the traditional rules are silent or ambiguous are marked "ENGINE CHOICE"
//! below; each is a Ruling in docs/rules/nain-jaune.md.

mod common;

use common::tables::{self, chips, events_of, play_first_legal_until, state, total_chips};
use serde_json::{json, Value};
use tapis::engine::cards::{Card, CardSet};
use tapis::engine::game::Game;
use tapis::engine::nain_jaune::{NainJaune, Phase};
use tapis::record::{Record, Table};

table_helpers!(NainJaune);

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/// One `deals[i]` entry: these hands in seat order (cards separated by spaces), every other card
/// of the 52 in the talon, so the layout is always a full, exact pack.
fn layout(hands: &[&str]) -> Value {
    let mut used = CardSet::EMPTY;
    let hands: Vec<Vec<String>> = hands
        .iter()
        .map(|hand| {
            hand.split_whitespace()
                .map(|text| {
                    let card: Card = text.parse().unwrap_or_else(|e| panic!("test layout: {e}"));
                    assert!(!used.contains(card), "test layout deals {card} twice");
                    used.insert(card);
                    text.to_string()
                })
                .collect()
        })
        .collect();
    json!({ "hands": hands, "talon": (CardSet::PACK_52 - used).to_strings() })
}

fn play(table: &mut Table, seat: usize, card: &str) {
    tables::play(table, seat, &format!("play {card}"));
}

fn board(table: &Table) -> Value {
    state(table)["board"].clone()
}

fn board_of(values: [i64; 5]) -> Value {
    json!({
        "ten_diamonds": values[0], "jack_clubs": values[1], "queen_spades": values[2],
        "king_hearts": values[3], "nain_jaune": values[4],
    })
}

/// The event types logged after the last `played` event, in order (the settlement of a round).
fn events_after_last_play(table: &Table) -> Vec<Value> {
    let events = state(table)["events"].as_array().unwrap().clone();
    let last = events.iter().rposition(|e| e["type"] == "played").expect("a card was played");
    events[last + 1..].to_vec()
}

fn last_event(table: &Table) -> Value {
    state(table)["events"].as_array().unwrap().last().cloned().expect("an event")
}

fn plays(cards: &[&str]) -> Vec<String> {
    cards.iter().map(|c| format!("play {c}")).collect()
}

// ---------------------------------------------------------------------------------------------
// Stake
// ---------------------------------------------------------------------------------------------

#[test]
fn stake_is_one_to_five_per_player_on_the_five_boxes() {
    // docs/rules/nain-jaune.md §2: before every round each player stakes 1 on 10♦, 2 on J♣, 3 on
    // Q♠, 4 on K♥, 5 on 7♦; §1: each starts with 100 chips.
    let t = start(4, json!({}));
    let s = state(&t);
    assert_eq!(s["board"], board_of([4, 8, 12, 16, 20]));
    assert_eq!(s["chips"], json!([85, 85, 85, 85]));
    assert_eq!(game(&t).boxes(), [4, 8, 12, 16, 20]);
    assert_eq!(game(&t).stake_each(), 15);
    let staked = events_of(&t, "staked");
    assert_eq!(staked.len(), 1);
    assert_eq!(staked[0]["each"], 15);
    assert_eq!(staked[0]["deal_number"], 1);
}

#[test]
fn stake_multiplier_scales_every_box() {
    // docs/rules/nain-jaune.md §2: the stake multiplier option; docs/record.md §4
    // `stake_multiplier`.
    let t = start(3, json!({ "options": { "stake_multiplier": 3 } }));
    assert_eq!(board(&t), board_of([9, 18, 27, 36, 45]));
    assert_eq!(chips(&t), [55, 55, 55]);
    assert_eq!(events_of(&t, "staked")[0]["each"], 45);
    assert_eq!(state(&t)["options"]["stake_multiplier"], 3);
}

#[test]
fn any_stake_multiplier_is_taken() {
    // docs/record.md §4: stake_multiplier is any integer ≥ 1; with stacks of a hundred million a
    // multiplier of two million stakes 30 million each.
    let t = start(3, json!({ "options": { "stake_multiplier": 2_000_000, "start_chips": 100_000_000 } }));
    assert_eq!(board(&t), board_of([6_000_000, 12_000_000, 18_000_000, 24_000_000, 30_000_000]));
    assert_eq!(chips(&t), [70_000_000; 3]);
    assert_eq!(state(&t)["options"]["stake_multiplier"], 2_000_000);
}

#[test]
fn boxes_not_won_carry_over_to_the_next_round() {
    // docs/rules/nain-jaune.md §2: a box keeps its chips until it is won. Round 1: seat 1 leads 3S;
    // nobody after him holds a 4 but seat 2 → seat 2 plays 4S and is out. No board card is played
    // (all five are in the talon), so every box keeps its chips.
    let mut t = start(3, json!({ "deals": [layout(&["5S", "3S 6S", "4S"])] }));
    play(&mut t, 1, "3S");
    play(&mut t, 2, "4S");
    let s = state(&t);
    assert_eq!(s["deal_number"], 2);
    // The second round's stake lands on the carried-over boxes: twice the first stake.
    assert_eq!(s["board"], board_of([6, 12, 18, 24, 30]));
    // Round 1: seat 2 won 5 (seat 0's 5S) + 6 (seat 1's 6S); then everyone staked 15 again.
    assert_eq!(s["chips"], json!([85 - 5 - 15, 85 - 6 - 15, 85 + 11 - 15]));
    assert_eq!(total_chips(&t), 300);
}

// ---------------------------------------------------------------------------------------------
// Deal
// ---------------------------------------------------------------------------------------------

#[test]
fn deal_sizes_for_two_to_eight_players_from_a_seed() {
    // docs/rules/nain-jaune.md §3: the table of hand and talon sizes for 2 to 8 players (2: 22 and
    // 8; 3: 15 and 7; 4: 12 and 4; 5: 9 and 7; 6: 8 and 4; 7: 7 and 3; 8: 6 and 4).
    let sizes = [(2, 22, 8), (3, 15, 7), (4, 12, 4), (5, 9, 7), (6, 8, 4), (7, 7, 3), (8, 6, 4)];
    for (players, per_hand, talon) in sizes {
        for seed in 0..40u64 {
            let mut t = start(players, json!({ "seed": seed, "options": { "rounds": 3 } }));
            // Check the first deal and the shuffled deals of the next rounds too.
            for _round in 0..3 {
                let g = game(&t);
                let mut all = g.talon();
                assert_eq!(g.talon().len(), talon, "{players} players, seed {seed}: talon");
                for seat in 0..players {
                    assert_eq!(g.hand(seat).len(), per_hand, "{players} players, seed {seed}: seat {seat}");
                    assert!(!all.intersects(g.hand(seat)), "a card dealt twice");
                    all |= g.hand(seat);
                }
                assert_eq!(all, CardSet::PACK_52);
                assert!(g.played().is_empty());
                let s = state(&t);
                assert_eq!(s["talon"].as_array().unwrap().len(), talon);
                assert!(s["hands"].as_array().unwrap().iter().all(|h| h.as_array().unwrap().len() == per_hand));
                let deal = g.deal_number();
                play_first_legal_until(&mut t, |t| game(t).deal_number() != deal);
                if t.is_finished() {
                    break;
                }
            }
        }
    }
}

#[test]
fn the_same_seed_deals_the_same_cards() {
    // docs/record.md §2.5: the seed drives every shuffle the record does not fix (the same seed,
    // the same deal).
    let a = start(4, json!({ "seed": 99 }));
    let b = start(4, json!({ "seed": 99 }));
    let c = start(4, json!({ "seed": 100 }));
    assert_eq!(state(&a)["hands"], state(&b)["hands"]);
    assert_ne!(state(&a)["hands"], state(&c)["hands"]);
}

#[test]
fn explicit_deals_fix_the_first_rounds_and_the_seed_deals_the_rest() {
    // docs/record.md §2.3: deals[i] lays out deal i instead of shuffling it; later deals are
    // shuffled from the seed.
    let round1 = layout(&["5S", "3S 6S", "4S"]);
    let round2 = layout(&["AH 2H", "KC", "QC JD"]);
    let mut t = start(3, json!({ "deals": [round1, round2] }));
    play(&mut t, 1, "3S");
    play(&mut t, 2, "4S");
    assert_eq!(state(&t)["hands"], json!([["AH", "2H"], ["KC"], ["JD", "QC"]]));
    // Round 2: dealer 1, leader 2. Seat 2 leads QC: nobody holds a K but seat 1's KC → seat 1 is out.
    play(&mut t, 2, "QC");
    play(&mut t, 1, "KC");
    assert_eq!(game(&t).deal_number(), 3);
    let hands: Vec<usize> = (0..3).map(|s| game(&t).hand(s).len()).collect();
    assert_eq!(hands, [15, 15, 15], "round 3 is shuffled from the seed: a standard deal");
}

#[test]
fn explicit_deal_with_the_standard_sizes_plays_a_long_run_across_seats() {
    // docs/rules/nain-jaune.md §4, on a standard 4-player deal (12 cards each, talon 4): seat 1
    // holds every 4, 5, 6; seat 2 every 7, 8, 9; seat 3 every 10, J, Q; seat 0 every A, 2, 3; the
    // four kings are the talon.
    let hands = [
        "AS AH AD AC 2S 2H 2D 2C 3S 3H 3D 3C",
        "4S 4H 4D 4C 5S 5H 5D 5C 6S 6H 6D 6C",
        "7S 7H 7D 7C 8S 8H 8D 8C 9S 9H 9D 9C",
        "10S 10H 10D 10C JS JH JD JC QS QH QD QC",
    ];
    let mut t = start(4, json!({ "deals": [layout(&hands)] }));
    let s = state(&t);
    assert_eq!(s["talon"], json!(["KS", "KH", "KD", "KC"]));
    assert_eq!(s["to_move"], 1);
    assert_eq!(s["legal"].as_array().unwrap().len(), 12, "the leader may play any of his 12 cards");
    play(&mut t, 1, "4S");
    assert_eq!(t.legal(), plays(&["5S", "5H", "5D", "5C"]));
    play(&mut t, 1, "5H");
    play(&mut t, 1, "6D");
    // 6 without 7: seat 2 (next clockwise) holds the sevens.
    assert_eq!(t.to_move(), Some(2));
    assert_eq!(last_event(&t)["type"], "without");
    play(&mut t, 2, "7D");
    assert_eq!(chips(&t)[2], 85 + 20, "the 7D takes the Nain Jaune box at once");
    play(&mut t, 2, "8S");
    play(&mut t, 2, "9S");
    assert_eq!(t.to_move(), Some(3));
    play(&mut t, 3, "10D");
    play(&mut t, 3, "JC");
    play(&mut t, 3, "QS");
    // Nobody holds a king (all four in the talon): seat 3 leads again.
    let s = state(&t);
    assert_eq!(s["phase"], "lead");
    assert_eq!(s["to_move"], 3);
    assert_eq!(s["sequence"], json!(["4S", "5H", "6D", "7D", "8S", "9S", "10D", "JC", "QS"]));
    assert_eq!(s["chips"], json!([85, 85, 105, 85 + 4 + 8 + 12]));
    assert_eq!(s["board"], board_of([0, 0, 0, 16, 0]));
}

#[test]
fn explicit_layouts_may_have_uneven_hands() {
    // ENGINE CHOICE: docs/rules/nain-jaune.md §3 fixes the hand sizes of a shuffled deal;
    // docs/record.md §2.3 only requires an explicit layout to be a full, exact deck. The engine
    // accepts any split of the 52 cards (every seat at least one card), which lets scenarios start
    // from end-of-round positions.
    let t = start(3, json!({ "deals": [layout(&["5S", "3S 6S", "4S"])] }));
    assert_eq!(game(&t).talon().len(), 48);
    // An empty hand is refused (ENGINE CHOICE: "every seat plays every round").
    let msg = setup_error(3, json!({ "deals": [layout(&["5S", "", "4S"])] }));
    assert!(msg.contains("hand 1 is empty"), "{msg}");
}

#[test]
fn the_player_after_the_dealer_leads_clockwise() {
    // docs/rules/nain-jaune.md §3: clockwise by default; the player after the dealer leads.
    for (dealer, leader) in [(0, 1), (1, 2), (2, 3), (3, 0)] {
        let t = start(4, json!({ "first_dealer": dealer }));
        let s = state(&t);
        assert_eq!(s["dealer"], dealer);
        assert_eq!(s["to_move"], leader, "dealer {dealer}");
        assert_eq!(s["phase"], "lead");
        assert_eq!(events_of(&t, "dealt")[0]["leader"], leader);
    }
}

#[test]
fn the_player_after_the_dealer_leads_anticlockwise() {
    // docs/rules/nain-jaune.md §3: the anticlockwise option (the French custom); the player after
    // the dealer leads — anticlockwise, seat i's next seat is i-1.
    for (dealer, leader) in [(0, 3), (1, 0), (2, 1), (3, 2)] {
        let t = start(4, json!({ "first_dealer": dealer, "options": { "direction": "anticlockwise" } }));
        assert_eq!(state(&t)["to_move"], leader, "dealer {dealer}");
        assert_eq!(game(&t).dealer(), dealer);
    }
}

#[test]
fn the_deal_rotates_in_the_direction_of_play() {
    // docs/rules/nain-jaune.md §3: the deal moves on in the direction of play.
    for (direction, dealers) in [("clockwise", [0, 1, 2, 0, 1]), ("anticlockwise", [0, 2, 1, 0, 2])] {
        let mut t = start(3, json!({ "options": { "direction": direction, "start_chips": 10000, "rounds": 5 } }));
        for (round, &dealer) in dealers.iter().enumerate() {
            let g = game(&t);
            assert_eq!(g.deal_number() as usize, round + 1);
            assert_eq!(g.dealer(), dealer, "{direction}, round {}", round + 1);
            assert_eq!(t.to_move(), Some(g.next_seat(dealer)), "the leader is the dealer's next seat");
            let deal = g.deal_number();
            play_first_legal_until(&mut t, |t| game(t).deal_number() != deal);
        }
        assert!(t.is_finished());
        let dealt: Vec<Value> = events_of(&t, "dealt").iter().map(|e| e["dealer"].clone()).collect();
        assert_eq!(dealt, dealers.iter().map(|&d| json!(d)).collect::<Vec<_>>());
    }
}

// ---------------------------------------------------------------------------------------------
// Play
// ---------------------------------------------------------------------------------------------

#[test]
fn the_leader_may_play_any_card() {
    // docs/rules/nain-jaune.md §4.1: the leader plays any card.
    let mut t = start(3, json!({ "deals": [layout(&["5S", "3H 9C KS 10H", "4S"])] }));
    let s = state(&t);
    assert_eq!(s["phase"], "lead");
    assert_eq!(s["wanted"], Value::Null);
    assert_eq!(s["legal"], json!(plays(&["KS", "3H", "10H", "9C"])));
    play(&mut t, 1, "9C");
    assert_eq!(state(&t)["sequence"], json!(["9C"]));
}

#[test]
fn the_leader_goes_on_upward_while_he_can_in_any_suit() {
    // docs/rules/nain-jaune.md §4.1: he goes on up one rank at a time while he can, in any suit,
    // and whoever holds the rank the play needs must play it — the same player keeps the turn, even
    // when another seat (seat 2 here) also holds the rank.
    let mut t = start(3, json!({ "deals": [layout(&["2D", "5S 6H 7C 8D QH", "6C 9S"])] }));
    play(&mut t, 1, "5S");
    let s = state(&t);
    assert_eq!(s["phase"], "follow");
    assert_eq!(s["to_move"], 1);
    assert_eq!(s["wanted"], "6");
    assert_eq!(s["legal"], json!(["play 6H"]), "forced: only the wanted rank");
    play(&mut t, 1, "6H");
    play(&mut t, 1, "7C");
    assert_eq!(t.legal(), plays(&["8D"]));
    play(&mut t, 1, "8D");
    // 8 without 9: seat 2 holds the 9S.
    assert_eq!(t.to_move(), Some(2));
    assert_eq!(state(&t)["sequence"], json!(["5S", "6H", "7C", "8D"]));
    // No "without" event while the same player goes on.
    assert_eq!(events_of(&t, "without").len(), 1);
}

#[test]
fn a_player_with_several_copies_of_the_wanted_rank_chooses_which() {
    // docs/rules/nain-jaune.md §4.1: a player with several cards of the wanted rank chooses which
    // to play (it matters for 7♦ and the other board cards).
    let mut t = start(3, json!({ "deals": [layout(&["2D", "6S 7S 7H 7D", "3C"])] }));
    play(&mut t, 1, "6S");
    assert_eq!(t.legal(), plays(&["7S", "7H", "7D"]));

    // Choosing the 7D takes the Nain Jaune box.
    let mut with_dwarf = t.clone();
    play(&mut with_dwarf, 1, "7D");
    assert_eq!(chips(&with_dwarf)[1], 85 + 15);
    assert_eq!(board(&with_dwarf)["nain_jaune"], 0);

    // Choosing the 7S keeps the 7D in hand and leaves the box alone.
    let mut without_dwarf = t.clone();
    play(&mut without_dwarf, 1, "7S");
    assert_eq!(chips(&without_dwarf)[1], 85);
    assert_eq!(board(&without_dwarf)["nain_jaune"], 15);
    assert!(game(&without_dwarf).hand(1).contains("7D".parse().unwrap()));
}

#[test]
fn x_without_y_passes_to_the_next_holder_clockwise() {
    // docs/rules/nain-jaune.md §4.2: when he cannot go on, the table says "X without Y" and the
    // next player in turn who holds a Y carries on — seat 2 (no 5) is skipped; seat 3 holds a 5 and
    // comes before seat 0, who also holds one.
    let mut t = start(4, json!({ "deals": [layout(&["5C 2D", "4S 9H", "10C", "5H JD"])] }));
    play(&mut t, 1, "4S");
    let s = state(&t);
    assert_eq!(s["to_move"], 3);
    assert_eq!(s["phase"], "follow");
    assert_eq!(s["wanted"], "5");
    assert_eq!(s["legal"], json!(["play 5H"]));
    let without = last_event(&t);
    assert_eq!(without["type"], "without");
    assert_eq!((without["seat"].clone(), without["played"].clone()), (json!(1), json!("4")));
    assert_eq!((without["missing"].clone(), without["next"].clone()), (json!("5"), json!(3)));
    assert_eq!(without["text"], "4 without 5: seat 3 goes on");
}

#[test]
fn x_without_y_passes_to_the_next_holder_anticlockwise() {
    // docs/rules/nain-jaune.md §4.2, the next player in turn who holds a Y, with the anticlockwise
    // option: dealer 0 → seat 3 leads; after seat 3 comes seat 2 (no 5), then seat 1 (holds 5H)
    // before seat 0 (holds 5C).
    let mut t = start(
        4,
        json!({
            "options": { "direction": "anticlockwise" },
            "deals": [layout(&["5C 2D", "5H JD", "10C", "4S 9H"])],
        }),
    );
    assert_eq!(t.to_move(), Some(3));
    play(&mut t, 3, "4S");
    assert_eq!(t.to_move(), Some(1));
    assert_eq!(last_event(&t)["next"], 1);
}

#[test]
fn the_next_holder_after_a_without_is_found_from_the_player_who_stopped() {
    // docs/rules/nain-jaune.md §4.2: the next player in turn counts from the player who could not
    // go on, not from the leader: seat 3 takes over from seat 1, cannot go on, and the 6 is looked
    // for from seat 3's next seat (0), not from the leader's (2).
    let mut t = start(4, json!({ "deals": [layout(&["6H", "4S 9H", "6C 2H", "5H JD"])] }));
    play(&mut t, 1, "4S");
    assert_eq!(t.to_move(), Some(3));
    play(&mut t, 3, "5H");
    assert_eq!(t.to_move(), Some(0), "seat 0 is the first holder of a 6 after seat 3");
}

#[test]
fn when_nobody_holds_the_next_rank_in_hand_the_last_player_leads_again() {
    // docs/rules/nain-jaune.md §4.3: when nobody holds the next rank, whoever played the last card
    // leads again with any card (the tens are all in the talon, whose only effect is stops: §3).
    let mut t = start(3, json!({ "deals": [layout(&["2C", "8S 9S QD 2H", "JH"])] }));
    play(&mut t, 1, "8S");
    play(&mut t, 1, "9S");
    let s = state(&t);
    assert_eq!(s["phase"], "lead");
    assert_eq!(s["to_move"], 1);
    assert_eq!(s["wanted"], Value::Null);
    assert_eq!(s["legal"], json!(plays(&["2H", "QD"])), "any card again");
    let stop = last_event(&t);
    assert_eq!(stop["type"], "stop");
    assert_eq!((stop["seat"].clone(), stop["played"].clone(), stop["missing"].clone()), (json!(1), json!("9"), json!("10")));
    // A new lead starts a new sequence.
    play(&mut t, 1, "2H");
    assert_eq!(state(&t)["sequence"], json!(["2H"]));
}

#[test]
fn when_the_next_rank_was_already_played_the_last_player_leads_again() {
    // docs/rules/nain-jaune.md §4.3: "nobody holds the next rank" also covers ranks already played
    // this round: all four 5s are played by seat 2, later seat 1 plays a 4 and leads again.
    let mut t = start(3, json!({ "deals": [layout(&["2C 3C", "4S 4H KD 9D", "5S 5H 5D 5C 6S QC 8H"])] }));
    play(&mut t, 1, "4S"); // 4 without 5: seat 2
    assert_eq!(t.to_move(), Some(2));
    play(&mut t, 2, "5S");
    play(&mut t, 2, "6S"); // nobody holds a 7: seat 2 leads again
    assert_eq!(state(&t)["phase"], "lead");
    play(&mut t, 2, "5H"); // the 6S is played, the other sixes are in the talon: stop
    play(&mut t, 2, "5D");
    play(&mut t, 2, "5C");
    play(&mut t, 2, "QC"); // Q without K: seat 1 holds KD (seat 0 has none)
    assert_eq!(t.to_move(), Some(1));
    play(&mut t, 1, "KD"); // after a king, seat 1 leads again
    play(&mut t, 1, "4H"); // every 5 is played: nobody can go on
    let s = state(&t);
    assert_eq!(s["phase"], "lead");
    assert_eq!(s["to_move"], 1);
    assert_eq!(s["legal"], json!(["play 9D"]));
    let stop = last_event(&t);
    assert_eq!((stop["type"].clone(), stop["missing"].clone()), (json!("stop"), json!("5")));
    for five in ["5S", "5H", "5D", "5C"] {
        assert!(game(&t).played().contains(five.parse().unwrap()));
    }
}

#[test]
fn after_a_king_the_player_leads_again() {
    // docs/rules/nain-jaune.md §4.3: after a king, whoever played it leads again with any card —
    // seat 1 goes on QS → KH himself (seat 2's KS plays no part) and then leads.
    let mut t = start(3, json!({ "deals": [layout(&["4D", "QS KH 3C", "KS 2D"])] }));
    play(&mut t, 1, "QS");
    play(&mut t, 1, "KH");
    let s = state(&t);
    assert_eq!(s["phase"], "lead");
    assert_eq!(s["to_move"], 1);
    assert_eq!(s["legal"], json!(["play 3C"]));
    let stop = last_event(&t);
    assert_eq!((stop["type"].clone(), stop["missing"].clone()), (json!("stop"), Value::Null));
    assert_eq!(stop["text"], "King played: seat 1 leads again");
}

#[test]
fn after_a_king_played_by_another_seat_that_seat_leads() {
    // docs/rules/nain-jaune.md §4.3: after a king, whoever played it leads again.
    let mut t = start(3, json!({ "deals": [layout(&["4D", "QH 2C", "KS 5D"])] }));
    play(&mut t, 1, "QH"); // Q without K: seat 2
    play(&mut t, 2, "KS");
    assert_eq!(state(&t)["phase"], "lead");
    assert_eq!(t.to_move(), Some(2));
}

#[test]
fn a_board_card_takes_its_box_at_once() {
    // docs/rules/nain-jaune.md §4.4: playing a board card wins its whole box at once.
    let mut t = start(3, json!({ "deals": [layout(&["4D", "QS KH 3C", "KS 2D"])] }));
    play(&mut t, 1, "QS");
    // Still mid-sequence: the box is already won.
    assert_eq!(state(&t)["phase"], "follow");
    assert_eq!(chips(&t), [85, 85 + 9, 85]);
    assert_eq!(board(&t), board_of([3, 6, 0, 12, 15]));
    let won = last_event(&t);
    assert_eq!(won["type"], "box_won");
    assert_eq!((won["seat"].clone(), won["board_box"].clone(), won["chips"].clone()), (json!(1), json!("queen_spades"), json!(9)));
    play(&mut t, 1, "KH");
    assert_eq!(chips(&t), [85, 85 + 9 + 12, 85]);
    assert_eq!(board(&t), board_of([3, 6, 0, 0, 15]));
    assert_eq!(total_chips(&t), 300);
}

#[test]
fn every_board_card_takes_its_own_box() {
    // docs/rules/nain-jaune.md §1: five boxes, 10♦, J♣, Q♠, K♥ and the Yellow Dwarf, 7♦.
    for (card, key, amount) in [
        ("10D", "ten_diamonds", 3),
        ("JC", "jack_clubs", 6),
        ("QS", "queen_spades", 9),
        ("KH", "king_hearts", 12),
        ("7D", "nain_jaune", 15),
    ] {
        let mut t = start(3, json!({ "deals": [layout(&["2C", &format!("{card} 3H"), "5S"])] }));
        play(&mut t, 1, card);
        assert_eq!(board(&t)[key], 0, "{card}");
        assert_eq!(chips(&t)[1], 85 + amount, "{card}");
        // The other boxes are untouched (and no other card takes a box).
        let total_board: i64 = game(&t).boxes().iter().sum();
        assert_eq!(total_board, 45 - amount);
    }
    // A non-board card of the same rank takes nothing.
    let mut t = start(3, json!({ "deals": [layout(&["2C", "10H 3H", "5S"])] }));
    play(&mut t, 1, "10H");
    assert_eq!(board(&t), board_of([3, 6, 9, 12, 15]));
}

// ---------------------------------------------------------------------------------------------
// End of round and settlement
// ---------------------------------------------------------------------------------------------

#[test]
fn the_round_ends_as_soon_as_a_hand_is_empty() {
    // docs/rules/nain-jaune.md §5.1: the first player to empty his hand wins the round — even
    // though seat 1 holds the 7H that would go on after seat 2's 6S.
    let mut t = start(3, json!({ "deals": [layout(&["7S 8S", "5S 7H", "6S"])] }));
    play(&mut t, 1, "5S");
    play(&mut t, 2, "6S");
    let s = state(&t);
    assert_eq!(s["deal_number"], 2);
    assert_eq!(s["phase"], "lead");
    let won = events_of(&t, "round_won");
    assert_eq!(won.len(), 1);
    assert_eq!((won[0]["seat"].clone(), won[0]["grand_opera"].clone()), (json!(2), json!(false)));
    assert_eq!(won[0]["text"], "Seat 2 wins round 1");
    // A fresh shuffled deal for round 2 (dealer 1, leader 2).
    assert_eq!(s["dealer"], 1);
    assert_eq!(s["to_move"], 2);
    assert_eq!(s["played"], json!([]));
    assert_eq!(s["sequence"], json!([]));
}

#[test]
fn losers_pay_the_pips_left_in_hand() {
    // docs/rules/nain-jaune.md §5.2: every other player pays the winner the points in his hand: an
    // ace 1, a two to a ten its value, a jack, queen or king 10. Seat 1 leads 3S, seat 2 plays 4S
    // and is out. Seat 0 keeps A 2 9 10 J Q K (no board card).
    let mut t = start(3, json!({ "deals": [layout(&["AH 2C 9H 10S JH QH KS", "3S 5S 8C", "4S"])] }));
    play(&mut t, 1, "3S");
    play(&mut t, 2, "4S");
    let paid = events_of(&t, "paid");
    assert_eq!(paid.len(), 2);
    assert_eq!((paid[0]["from"].clone(), paid[0]["to"].clone(), paid[0]["chips"].clone()), (json!(0), json!(2), json!(52)));
    assert_eq!(paid[0]["cards"], json!(["10S", "KS", "AH", "9H", "JH", "QH", "2C"]));
    assert_eq!((paid[1]["from"].clone(), paid[1]["chips"].clone()), (json!(1), json!(13)));
    // After the settlement, round 2's stake (15 each) is taken too.
    assert_eq!(chips(&t), [85 - 52 - 15, 85 - 13 - 15, 85 + 65 - 15]);
}

#[test]
fn points_option_cards_is_one_chip_per_card() {
    // docs/rules/nain-jaune.md §5.2: the one-chip-per-card option; docs/record.md §4
    // `points: "cards"`.
    let mut t = start(3, json!({ "options": { "points": "cards" }, "deals": [layout(&["AH 2C 9H 10S JH QH KS", "3S 5S 8C", "4S"])] }));
    play(&mut t, 1, "3S");
    play(&mut t, 2, "4S");
    let paid = events_of(&t, "paid");
    assert_eq!(paid[0]["chips"], 7);
    assert_eq!(paid[1]["chips"], 2);
    assert_eq!(chips(&t), [85 - 7 - 15, 85 - 2 - 15, 85 + 9 - 15]);
}

#[test]
fn a_board_card_left_in_hand_pays_its_box_amount_into_the_box_before_the_points() {
    // docs/rules/nain-jaune.md §5.3: a board card left in a loser's hand costs him what its box
    // then holds, paid into the box (which doubles); §5.5: the penalties into the boxes come first,
    // the points last (the board cards count their points too: Q 10, 7 seven).
    let mut t = start(3, json!({ "deals": [layout(&["QS 7D 2C", "3S 5S", "4S"])] }));
    play(&mut t, 1, "3S");
    play(&mut t, 2, "4S");
    let settlement: Vec<Value> = events_after_last_play(&t);
    let kinds: Vec<&str> = settlement.iter().map(|e| e["type"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["penalty", "penalty", "paid", "paid", "round_won", "staked", "dealt"]);
    assert_eq!(settlement[0]["card"], "QS");
    assert_eq!((settlement[0]["seat"].clone(), settlement[0]["chips"].clone()), (json!(0), json!(9)));
    assert_eq!(settlement[1]["card"], "7D");
    assert_eq!(settlement[1]["chips"], 15);
    assert_eq!(settlement[2]["chips"], 10 + 7 + 2);
    // Boxes doubled by the penalties, then round 2's stake on top.
    assert_eq!(board(&t), board_of([3 + 3, 6 + 6, 18 + 9, 12 + 12, 30 + 15]));
    assert_eq!(chips(&t), [85 - 9 - 15 - 19 - 15, 85 - 5 - 15, 85 + 24 - 15]);
    assert_eq!(total_chips(&t), 300);
}

#[test]
fn grand_opera_sweeps_the_board_after_the_penalties_and_before_the_points() {
    // docs/rules/nain-jaune.md §5.4: a Grand Opéra is going out before any other player has played
    // a card (the winner's own new leads after a king or a stop do not spoil it); §5.5: the
    // board-card penalties first, then the Grand Opéra sweep of all five boxes, then the points.
    // Seat 1: QH KH (king: restart) 3C 4C (nobody holds a 5: restart) 9S — out, alone.
    let mut t = start(3, json!({ "deals": [layout(&["7D", "QH KH 3C 4C 9S", "2H"])] }));
    play(&mut t, 1, "QH");
    play(&mut t, 1, "KH"); // takes the king_hearts box: 12
    play(&mut t, 1, "3C");
    play(&mut t, 1, "4C");
    assert_eq!(last_event(&t)["type"], "stop");
    play(&mut t, 1, "9S");
    let settlement = events_after_last_play(&t);
    let kinds: Vec<&str> = settlement.iter().map(|e| e["type"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["penalty", "grand_opera", "paid", "paid", "round_won", "staked", "dealt"]);
    // Seat 0's 7D penalty (15) lands in the Nain Jaune box before the sweep: 3+6+9+0+30 = 48.
    assert_eq!(settlement[0]["chips"], 15);
    assert_eq!((settlement[1]["seat"].clone(), settlement[1]["chips"].clone()), (json!(1), json!(48)));
    assert_eq!(settlement[1]["text"], "Grand Opéra! Seat 1 sweeps the board: 48 chips");
    // Points from the winner's next seat: seat 2 (2H), then seat 0 (7D).
    assert_eq!((settlement[2]["from"].clone(), settlement[2]["chips"].clone()), (json!(2), json!(2)));
    assert_eq!((settlement[3]["from"].clone(), settlement[3]["chips"].clone()), (json!(0), json!(7)));
    assert_eq!(settlement[4]["grand_opera"], true);
    // The board was empty after the sweep; it holds only round 2's stake.
    assert_eq!(board(&t), board_of([3, 6, 9, 12, 15]));
    assert_eq!(chips(&t), [85 - 15 - 7 - 15, 85 + 12 + 48 + 2 + 7 - 15, 85 - 2 - 15]);
}

#[test]
fn no_grand_opera_once_another_player_has_played() {
    // docs/rules/nain-jaune.md §5.4: no Grand Opéra once another player has played a card — seat 1
    // leads and goes out, but seat 2 played a 4 in between: no sweep.
    let mut t = start(3, json!({ "deals": [layout(&["2D", "3S 5S 9C", "4S 8H"])] }));
    play(&mut t, 1, "3S");
    play(&mut t, 2, "4S"); // 4 without 5: seat 0 has none, seat 1 holds 5S
    assert_eq!(t.to_move(), Some(1));
    play(&mut t, 1, "5S"); // nobody holds a 6: seat 1 leads again
    play(&mut t, 1, "9C");
    assert_eq!(game(&t).deal_number(), 2);
    assert!(events_of(&t, "grand_opera").is_empty());
    assert_eq!(events_of(&t, "round_won")[0]["grand_opera"], false);
    assert_eq!(board(&t), board_of([6, 12, 18, 24, 30]), "the boxes carried over");
}

#[test]
fn losers_settle_from_the_winners_next_seat_clockwise() {
    // docs/rules/nain-jaune.md §5.5: the losers pay in turn, from the winner's next seat in the
    // direction of play — winner seat 2: seats 3, 0, 1, penalties first for all of them.
    let mut t = start(4, json!({ "deals": [layout(&["JC 9C", "3S 5S", "4S", "10D 9H"])] }));
    play(&mut t, 1, "3S");
    play(&mut t, 2, "4S");
    let order = |kind: &str, field: &str| -> Vec<Value> { events_of(&t, kind).iter().map(|e| e[field].clone()).collect() };
    assert_eq!(order("penalty", "seat"), [json!(3), json!(0)]);
    assert_eq!(order("paid", "from"), [json!(3), json!(0), json!(1)]);
}

#[test]
fn losers_settle_from_the_winners_next_seat_anticlockwise() {
    // docs/rules/nain-jaune.md §5.5, the settlement order with the anticlockwise option: winner
    // seat 2, then 1, 0, 3.
    let mut t = start(4, json!({ "options": { "direction": "anticlockwise" }, "deals": [layout(&["JC 9C", "10D 9H", "4S", "3S 5S"])] }));
    play(&mut t, 3, "3S");
    play(&mut t, 2, "4S");
    let order = |kind: &str, field: &str| -> Vec<Value> { events_of(&t, kind).iter().map(|e| e[field].clone()).collect() };
    assert_eq!(order("penalty", "seat"), [json!(1), json!(0)]);
    assert_eq!(order("paid", "from"), [json!(1), json!(0), json!(3)]);
}

#[test]
fn a_player_short_of_chips_pays_what_he_has() {
    // docs/rules/nain-jaune.md §5.5: a player short of chips pays what he has — seat 2 has 5 chips
    // after the stake: his QS penalty (9 owed) takes all 5, his points (20 owed) get nothing.
    let mut t = start(3, json!({ "chips": [100, 100, 20], "deals": [layout(&["4S", "3S 5S", "QS KS"])] }));
    play(&mut t, 1, "3S"); // nobody after seat 1 holds a 4 before seat 0
    assert_eq!(t.to_move(), Some(0));
    play(&mut t, 0, "4S");
    let penalty = &events_of(&t, "penalty")[0];
    assert_eq!((penalty["seat"].clone(), penalty["chips"].clone(), penalty["owed"].clone()), (json!(2), json!(5), json!(9)));
    assert_eq!(penalty["text"], "Seat 2 still holds QS and pays 5 into its box (owed 9)");
    let paid = events_of(&t, "paid");
    assert_eq!((paid[0]["from"].clone(), paid[0]["chips"].clone()), (json!(1), json!(5)));
    assert_eq!((paid[1]["from"].clone(), paid[1]["chips"].clone(), paid[1]["owed"].clone()), (json!(2), json!(0), json!(20)));
    assert!(game(&t).chips().iter().all(|&c| c >= 0));
    // Seat 2 cannot stake round 2: the game is over (see the game-end tests).
    assert!(t.is_finished());
    assert_eq!(chips(&t), [90, 80, 0]);
    assert_eq!(board(&t), board_of([3, 6, 14, 12, 15]));
    assert_eq!(total_chips(&t), 220);
}

// ---------------------------------------------------------------------------------------------
// End of game
// ---------------------------------------------------------------------------------------------

#[test]
fn the_game_ends_when_a_player_cannot_make_the_full_stake() {
    // docs/rules/nain-jaune.md §6: the game ends when a player cannot stake before a round; most
    // chips wins. Seat 0 has exactly 15: he can stake round 1, then has nothing left.
    let mut t = start(3, json!({ "chips": [15, 100, 100], "deals": [layout(&["9H", "3S 5S", "4S"])] }));
    assert_eq!(chips(&t), [0, 85, 85], "exactly the stake is enough");
    play(&mut t, 1, "3S");
    play(&mut t, 2, "4S");
    let s = state(&t);
    assert_eq!(s["finished"], true);
    assert_eq!(s["phase"], "game_over");
    assert_eq!(s["to_move"], Value::Null);
    assert_eq!(s["legal"], json!([]));
    assert_eq!(s["deal_number"], 1, "no second round was dealt");
    assert_eq!(s["chips"], json!([0, 80, 90]));
    assert_eq!(s["winner"], 2);
    let over = last_event(&t);
    assert_eq!(over["type"], "game_over");
    assert_eq!(over["end"], json!({ "reason": "cannot_stake", "seat": 0 }));
    assert_eq!(over["winner"], 2);
    assert_eq!(game(&t).phase(), Phase::GameOver);
    assert_eq!(game(&t).winner(), Some(2));
}

#[test]
fn the_stake_check_uses_the_multiplied_stake() {
    // docs/rules/nain-jaune.md §6, the game's end with the stake multiplier: 29 chips cannot make a
    // stake of 30. ENGINE CHOICE: a player who cannot stake before the very first round ends the
    // game at once (deal_number 0, nothing dealt); the chip leader wins.
    let t = start(3, json!({ "options": { "stake_multiplier": 2 }, "chips": [29, 40, 30] }));
    let s = state(&t);
    assert_eq!(s["finished"], true);
    assert_eq!(s["deal_number"], 0);
    assert_eq!(s["winner"], 1);
    assert_eq!(s["chips"], json!([29, 40, 30]));
    assert_eq!(last_event(&t)["end"], json!({ "reason": "cannot_stake", "seat": 0 }));
}

#[test]
fn a_tie_for_the_most_chips_has_no_winner() {
    // docs/rules/nain-jaune.md §6: most chips wins. ENGINE CHOICE: a tie for the most chips gives
    // winner null.
    let t = start(3, json!({ "chips": [10, 20, 20] }));
    assert_eq!(state(&t)["winner"], Value::Null);
    assert_eq!(last_event(&t)["text"], "Seat 0 cannot stake: game over; tie for the most chips");

    // The same after a round: seat 0 (85) wins 5 points from seat 1 (95): 90 each.
    let mut t = start(2, json!({ "chips": [100, 110], "options": { "rounds": 1 }, "deals": [layout(&["4S", "3S 5S"])] }));
    play(&mut t, 1, "3S");
    play(&mut t, 0, "4S");
    let s = state(&t);
    assert_eq!(s["finished"], true);
    assert_eq!(s["chips"], json!([90, 90]));
    assert_eq!(s["winner"], Value::Null);
}

#[test]
fn rounds_option_ends_the_game_after_n_rounds() {
    // docs/rules/nain-jaune.md §6: the option of a number of rounds; docs/record.md §4 `rounds`,
    // where 0 plays until someone cannot stake.
    for rounds in 1..=4u32 {
        let mut t = start(4, json!({ "seed": u64::from(rounds), "options": { "rounds": rounds, "start_chips": 5000 } }));
        play_first_legal_until(&mut t, |_| false);
        let s = state(&t);
        assert_eq!(s["finished"], true);
        assert_eq!(s["deal_number"], rounds);
        assert_eq!(last_event(&t)["end"], json!({ "reason": "rounds_played", "rounds": rounds }));
        assert_eq!(events_of(&t, "round_won").len() as u32, rounds);
        // The winner is the chip leader (or null on a tie).
        let best = *game(&t).chips().iter().max().unwrap();
        let leaders: Vec<usize> = (0..4).filter(|&i| game(&t).chips()[i] == best).collect();
        let expected = if leaders.len() == 1 { json!(leaders[0]) } else { Value::Null };
        assert_eq!(s["winner"], expected);
    }
    // rounds 1, one quick round: over right after it although everyone could stake again.
    let mut t = start(3, json!({ "options": { "rounds": 1 }, "deals": [layout(&["9H", "3S 5S", "4S"])] }));
    play(&mut t, 1, "3S");
    play(&mut t, 2, "4S");
    assert!(t.is_finished());
    assert_eq!(chips(&t), [76, 80, 99]);
}

#[test]
fn a_limited_game_still_ends_early_when_a_player_cannot_stake() {
    // ENGINE CHOICE (docs/rules/nain-jaune.md §6): with `rounds` set, the game also ends before
    // round N when a player cannot make the full stake.
    let mut t = start(3, json!({ "chips": [15, 100, 100], "options": { "rounds": 5 }, "deals": [layout(&["9H", "3S 5S", "4S"])] }));
    play(&mut t, 1, "3S");
    play(&mut t, 2, "4S");
    assert!(t.is_finished());
    assert_eq!(last_event(&t)["end"]["reason"], "cannot_stake");
}

#[test]
fn start_chips_option_and_chips_override() {
    // docs/rules/nain-jaune.md §1: 100 chips to start, an option; docs/record.md §4: `start_chips`
    // (the record's `chips` overrides it).
    let t = start(3, json!({ "options": { "start_chips": 40 } }));
    assert_eq!(chips(&t), [25, 25, 25]);
    let t = start(3, json!({ "options": { "start_chips": 40 }, "chips": [50, 60, 70] }));
    assert_eq!(chips(&t), [35, 45, 55]);
    let t = start(3, json!({ "chips": [50, 60, 70] }));
    assert_eq!(chips(&t), [35, 45, 55]);
}

// ---------------------------------------------------------------------------------------------
// Player counts
// ---------------------------------------------------------------------------------------------

#[test]
fn two_player_game() {
    // docs/rules/nain-jaune.md §1, §3: two players, 22 cards each and 8 in the talon.
    // ENGINE CHOICE: two players need no option key: `players: 2` is the option.
    let t = start(2, json!({}));
    let g = game(&t);
    assert_eq!((g.hand(0).len(), g.hand(1).len(), g.talon().len()), (22, 22, 8));
    assert_eq!(t.to_move(), Some(1), "dealer 0: seat 1 leads");
    assert_eq!(board(&t), board_of([2, 4, 6, 8, 10]));
    // In a two-player game the "next player in turn" is always the opponent.
    let mut t = start(2, json!({ "deals": [layout(&["5C 9D", "4S 6H"])] }));
    play(&mut t, 1, "4S");
    assert_eq!(t.to_move(), Some(0));
    play(&mut t, 0, "5C");
    assert_eq!(t.to_move(), Some(1));
    play(&mut t, 1, "6H");
    assert_eq!(game(&t).deal_number(), 2);
    // A whole two-player game to the end.
    let mut t = start(2, json!({ "seed": 5, "options": { "rounds": 3 } }));
    play_first_legal_until(&mut t, |_| false);
    assert!(t.is_finished());
    assert_eq!(total_chips(&t), 200);
}

#[test]
fn eight_player_game() {
    // docs/rules/nain-jaune.md §1, §3: up to 8 players, 6 cards each and a talon of 4; the stake of
    // 8 players.
    let t = start(8, json!({}));
    let g = game(&t);
    assert!((0..8).all(|s| g.hand(s).len() == 6));
    assert_eq!(g.talon().len(), 4);
    assert_eq!(board(&t), board_of([8, 16, 24, 32, 40]));
    // "X without Y" skips every seat that lacks the rank: from seat 1 round to seat 7.
    let hands = ["4C 9C", "3S 9H", "2H", "2D", "2S", "6D", "6C", "4H 8D"];
    let mut t = start(8, json!({ "deals": [layout(&hands)] }));
    play(&mut t, 1, "3S");
    assert_eq!(t.to_move(), Some(7));
    // Anticlockwise, dealer 0: seat 7 leads and the 4 is found at seat 0 after seats 6..1.
    let hands = ["4C 9C", "2H", "2D", "2S", "6D", "6C", "8D", "3S 9H"];
    let mut t = start(8, json!({ "options": { "direction": "anticlockwise" }, "deals": [layout(&hands)] }));
    assert_eq!(t.to_move(), Some(7));
    play(&mut t, 7, "3S");
    assert_eq!(t.to_move(), Some(0));
    let mut t = start(8, json!({ "seed": 3 }));
    play_first_legal_until(&mut t, |_| false);
    assert!(t.is_finished());
    assert_eq!(total_chips(&t), 800);
}

// ---------------------------------------------------------------------------------------------
// Illegal actions and bad setups
// ---------------------------------------------------------------------------------------------

/// Tries `action` for `seat`: it must be refused with a reason containing `why`, and leave the
/// state exactly as it was.
fn assert_refused(table: &mut Table, seat: usize, action: &str, why: &str) {
    let err = tables::refused(table, seat, action);
    assert!(err.reason.to_string().contains(why), "'{action}': reason '{}' does not say '{why}'", err.reason);
    assert_eq!(err.action, action);
    assert!(err.to_string().contains(action));
}

#[test]
fn illegal_actions_are_refused_with_a_reason_and_change_nothing() {
    // docs/rules/nain-jaune.md §4 (who moves and what) and docs/record.md §2.4: an action whose
    // seat is not the seat to move is refused.
    let mut t = start(3, json!({ "deals": [layout(&["2C", "4S 5S 9H", "5H"])] }));
    assert_refused(&mut t, 0, "play 2C", "seat 1's turn");
    assert_refused(&mut t, 2, "play 5H", "seat 1's turn");
    assert_refused(&mut t, 1, "play 2C", "does not hold 2C");
    assert_refused(&mut t, 1, "play 7D", "does not hold 7D");
    play(&mut t, 1, "4S");
    // Following: only the wanted rank.
    assert_refused(&mut t, 1, "play 9H", "wants a 5");
    assert_refused(&mut t, 2, "play 5H", "seat 1's turn");
    // Malformed action strings.
    for bad in ["play", "play ", "play 1S", "play 5s", "PLAY 5S", " play 5S", "play  5S", "play 5S ", "play 5S 5H", "bid 3", "pass", ""] {
        assert_refused(&mut t, 1, bad, "");
        let err = t.play_str(1, bad).unwrap_err();
        assert!(!err.reason.to_string().is_empty());
    }
    assert_refused(&mut t, 1, "bid 3", "not a Nain Jaune action");
    assert_refused(&mut t, 1, "play 1S", "not a card");
    assert_refused(&mut t, 1, "play JK", "without the joker");
    // Seat out of range.
    assert_refused(&mut t, 7, "play 5S", "seat 1's turn");
    play(&mut t, 1, "5S");
}

#[test]
fn no_action_is_accepted_after_the_game_is_over() {
    // docs/rules/nain-jaune.md §6: the game ends; docs/record.md §5.2: `finished`, `to_move` null,
    // `legal` empty.
    let mut t = start(3, json!({ "options": { "rounds": 1 }, "deals": [layout(&["2C", "AS", "5H"])] }));
    play(&mut t, 1, "AS"); // a one-card Grand Opéra ends round 1, the last round
    assert!(t.is_finished());
    assert_eq!(t.legal(), Vec::<String>::new());
    assert_refused(&mut t, 1, "play 2C", "the game is over");
    assert_refused(&mut t, 0, "play 2C", "the game is over");
}

#[test]
fn illegal_actions_in_a_record_stop_the_replay_at_their_index() {
    // docs/record.md §5.1: the first illegal action stops the replay with its index; the message
    // names the action and why.
    let deals = [layout(&["2C", "4S 5S 9H", "5H"])];
    let actions = json!([
        { "seat": 1, "do": "play 4S" },
        { "seat": 1, "do": "play 9H" },
    ]);
    let err = Table::replay(&record(3, json!({ "deals": deals, "actions": actions }))).unwrap_err();
    assert_eq!(err.at(), Some(1));
    let message = err.message();
    assert!(message.contains("play 9H") && message.contains("wants a 5"), "{message}");
    let actions = json!([{ "seat": 2, "do": "play 5H" }]);
    let err = Table::replay(&record(3, json!({ "deals": [layout(&["2C", "4S 5S 9H", "5H"])], "actions": actions }))).unwrap_err();
    assert_eq!(err.at(), Some(0));
    assert!(err.message().contains("seat 1's turn"), "{}", err.message());
    // docs/record.md §2.4: every move is written, forced ones included: 5S is forced after 4S, and
    // a record that leaves it out goes wrong at the next action.
    let actions = json!([{ "seat": 1, "do": "play 4S" }, { "seat": 1, "do": "play 5S" }, { "seat": 2, "do": "play 5H" }]);
    let ok = Table::replay(&record(3, json!({ "deals": [layout(&["2C", "4S 5S 9H", "5H"])], "actions": actions })));
    assert!(ok.is_err(), "5S then 5H: the 5H no longer follows (the sequence wants a 6)");
    let actions = json!([{ "seat": 1, "do": "play 4S" }, { "seat": 1, "do": "play 5S" }, { "seat": 1, "do": "play 9H" }]);
    let t = Table::replay(&record(3, json!({ "deals": [layout(&["2C", "4S 5S 9H", "5H"])], "actions": actions }))).unwrap();
    assert_eq!(game(&t).deal_number(), 2, "seat 1 went out: round 2 has begun");
}

#[test]
fn bad_player_counts_are_refused() {
    // docs/rules/nain-jaune.md §1: 3 to 8 players, or 2.
    for players in [0usize, 1, 9, 12] {
        let msg = setup_error(players, json!({}));
        assert!(msg.contains("2 to 8 players"), "{players}: {msg}");
    }
}

#[test]
fn bad_options_are_refused_with_a_message() {
    // docs/record.md §4: the Nain Jaune keys and their values.
    let cases: &[(Value, &str)] = &[
        (json!({ "speed": 2 }), "unknown option 'speed'"),
        (json!({ "widow_price_to": "pot" }), "unknown option 'widow_price_to'"),
        (json!({ "direction": "left" }), "direction"),
        (json!({ "direction": 1 }), "direction"),
        (json!({ "stake_multiplier": 0 }), "stake_multiplier"),
        (json!({ "stake_multiplier": "2" }), "stake_multiplier"),
        (json!({ "stake_multiplier": 1.5 }), "stake_multiplier"),
        (json!({ "points": "chips" }), "points"),
        (json!({ "rounds": -1 }), "rounds"),
        (json!({ "rounds": "all" }), "rounds"),
        (json!({ "start_chips": 0 }), "start_chips"),
        (json!({ "start_chips": -5 }), "start_chips"),
    ];
    for (options, why) in cases {
        let msg = setup_error(3, json!({ "options": options }));
        assert!(msg.contains(why), "{options}: {msg}");
    }
    // Every documented key with a legal value is accepted.
    start(
        3,
        json!({ "options": { "direction": "anticlockwise", "stake_multiplier": 2, "points": "cards", "rounds": 0, "start_chips": 50 } }),
    );
}

#[test]
fn bad_chips_and_first_dealer_are_refused() {
    // docs/record.md §2.1: `chips` per seat, `first_dealer` a seat 0..players-1.
    assert!(setup_error(3, json!({ "chips": [100, 100] })).contains("'chips' has 2 stacks for 3 players"));
    assert!(setup_error(3, json!({ "chips": [100, -1, 100] })).contains("negative"));
    assert!(setup_error(3, json!({ "first_dealer": 3 })).contains("first_dealer"));
    assert!(setup_error(3, json!({ "names": ["A", "B"] })).contains("names"));
}

#[test]
fn bad_deal_layouts_are_refused_with_a_message_saying_why() {
    // docs/record.md §2.3: a layout that is not exactly the game's full deck is refused with a
    // message saying why. docs/rules/nain-jaune.md §1: 52 cards, no joker.
    let full = layout(&["2C", "4S 5S 9H", "5H"]);
    let talon: Vec<String> = serde_json::from_value(full["talon"].clone()).unwrap();

    // One card missing (the last of the talon).
    let short = json!({ "hands": full["hands"], "talon": talon[..talon.len() - 1] });
    let msg = setup_error(3, json!({ "deals": [short] }));
    assert!(msg.contains("deals[0]") && msg.contains("missing") && msg.contains(&talon[talon.len() - 1]), "{msg}");

    // A duplicated card (4S in two hands, the 52 cards otherwise present).
    let dup = json!({ "hands": [["2C", "4S"], ["4S", "5S", "9H"], ["5H"]], "talon": talon });
    let msg = setup_error(3, json!({ "deals": [dup] }));
    assert!(msg.contains("4S appears twice"), "{msg}");

    // A duplicate in the talon too.
    let mut talon_dup = talon.clone();
    talon_dup.push("5H".into());
    let msg = setup_error(3, json!({ "deals": [{ "hands": full["hands"], "talon": talon_dup }] }));
    assert!(msg.contains("5H appears twice"), "{msg}");

    // A joker.
    let mut with_joker = talon.clone();
    with_joker.push("JK".into());
    let msg = setup_error(3, json!({ "deals": [{ "hands": full["hands"], "talon": with_joker }] }));
    assert!(msg.contains("joker"), "{msg}");

    // Not a card.
    let msg = setup_error(3, json!({ "deals": [{ "hands": [["2C"], ["4S", "5S", "9X"], ["5H"]], "talon": talon }] }));
    assert!(msg.contains("9X"), "{msg}");

    // Wrong number of hands.
    let msg = setup_error(3, json!({ "deals": [layout(&["2C", "4S 5S 9H"])] }));
    assert!(msg.contains("2 hands for 3 players"), "{msg}");

    // Another game's pile name.
    let msg = setup_error(3, json!({ "deals": [{ "hands": full["hands"], "widow": talon }] }));
    assert!(msg.contains("widow"), "{msg}");

    // Only the second deal is bad: still refused up front, naming deals[1].
    let msg = setup_error(3, json!({ "deals": [full.clone(), { "hands": full["hands"], "talon": [] }] }));
    assert!(msg.contains("deals[1]"), "{msg}");
}

#[test]
fn malformed_records_are_refused() {
    // docs/record.md §2.1, §5.1: malformed input is refused with a message (`at` null).
    for (text, why) in [
        ("{", "not valid JSON"),
        ("[1, 2]", "JSON object"),
        (r#"{"format": 1, "game": "chess", "players": 3, "seed": 1}"#, "unknown game 'chess'"),
        (r#"{"format": 2, "game": "nain-jaune", "players": 3, "seed": 1}"#, "format 2"),
        (r#"{"format": 1, "game": "nain-jaune", "players": 3}"#, "seed"),
    ] {
        let err = Record::from_json(text).expect_err(text);
        assert!(err.0.contains(why), "{text}: {}", err.0);
    }
}

#[test]

fn huge_stacks_are_refused_or_settled_without_overflow() {
    // docs/record.md §4: `chips` (starting stacks) and `start_chips` (an integer ≥ 1) have no upper
    // bound in the contract, and a setup the engine cannot play must be refused with a message
    // (`at` null). With stacks of i64::MAX the engine accepts the record, then overflows when seat
    // 0 wins 20 points (KS + QD): `chips[winner] += chips` in the settlement panics ("attempt to
    // add with overflow") in test/debug builds — the referee dies without printing its JSON — and
    // would wrap to a negative stack in the release build (no overflow checks). Expected: such
    // stacks refused at setup (e.g. a cap on stacks, and on stacks × players), or exact arithmetic.
    for fields in [json!({ "chips": [i64::MAX, i64::MAX] }), json!({ "options": { "start_chips": i64::MAX } })] {
        let mut fields = fields;
        fields["deals"] = json!([layout(&["4S", "3S KS QD"])]);
        let outcome = std::panic::catch_unwind(|| match Table::replay(&record(2, fields.clone())) {
            Err(e) => {
                assert_eq!(e.at(), None, "{e}");
                None
            }
            Ok(mut t) => {
                play(&mut t, 1, "3S");
                play(&mut t, 0, "4S");
                Some(chips(&t))
            }
        });
        match outcome {
            Err(_) => panic!("{fields}: the engine panicked instead of refusing the setup"),
            Ok(Some(stacks)) => assert!(stacks.iter().all(|&c| c >= 0), "{fields}: stacks {stacks:?}"),
            Ok(None) => {}
        }
    }
}

#[test]
fn the_guided_deal_shows_every_key_rule_once() {
    // docs/rules/nain-jaune.md, in one short deal for a newcomer
    // (src/app/nain_jaune/guided_deal.json, the guided first game's deal,
    // src/app/nain_jaune/guide.rs): a lead and its sequence, a board card taken, "X without Y"
    // handing the play on three times, a stop on a card nobody holds, the first empty hand winning,
    // a board card left in a loser's hand paid into its box, the points paid.
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/src/app/nain_jaune/guided_deal.json")).unwrap();
    let table = Table::replay(&Record::from_json(&text).unwrap()).unwrap();
    let kinds: Vec<String> = state(&table)["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["type"].as_str().unwrap().to_string())
        .filter(|k| k != "played")
        .collect();
    assert_eq!(
        kinds,
        [
            "staked",
            "dealt",
            "box_won",
            "without",
            "without",
            "box_won",
            "without",
            "stop",
            "penalty",
            "paid",
            "paid",
            "round_won",
            "game_over"
        ],
        "the guided deal's events, plays left out"
    );
    let won: Vec<Value> = events_of(&table, "box_won").iter().map(|e| e["board_box"].clone()).collect();
    assert_eq!(won, [json!("nain_jaune"), json!("ten_diamonds")], "the Yellow Dwarf, then the ten of diamonds");
    assert_eq!(events_of(&table, "penalty")[0]["card"], "QS", "Bob still holds the queen of spades");
    assert_eq!(state(&table)["winner"], 0, "the player goes out first and wins");
    assert_eq!(chips(&table), vec![124, 80, 60]);
}
