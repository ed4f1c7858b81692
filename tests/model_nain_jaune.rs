//! What Nain Jaune's table shows (`tapis::model::nain_jaune`), from sessions built from records:
//! the turn and who may act, the plates and the boxes, the hand and its playable cards, the
//! running sequence, the announcement, the log's window, a round's summary and the game's end.
//! Where a test checks a rule it cites its section of docs/rules/nain-jaune.md.
//!
//! Seats are numbered clockwise; with `first_dealer` 0, seat 1 leads the first round (§3).

mod common;

use common::tables;
use serde_json::{json, Value};
use tapis::engine::cards::{Card, CardSet, Rank};
use tapis::engine::game::{Game, GameId};
use tapis::engine::nain_jaune::{Event, GameEnd, Phase};
use tapis::model::nain_jaune::{self as nj, Prompt, Turn};
use tapis::model::people::Lang;
use tapis::model::session::{Humans, Session};

/// A card from its record name ("10D").
fn card(name: &str) -> Card {
    name.parse().unwrap()
}

fn cards(names: &str) -> Vec<Card> {
    names.split_whitespace().map(card).collect()
}

/// The first deal: these hands in seat order, every other card of the pack in the talon.
fn deal(hands: &[&str]) -> Value {
    let used = CardSet::from_cards(hands.iter().flat_map(|h| cards(h)));
    json!({ "hands": hands.iter().map(|h| h.split_whitespace().collect::<Vec<_>>()).collect::<Vec<_>>(), "talon": (CardSet::PACK_52 - used).to_strings() })
}

/// You (seat 0) against two computers, Ada (seat 1, who leads) and Bob (seat 2), the first deal
/// laid out: the ace leads to your two, Ada's three ends her hand; you keep the 10♦, a board card.
/// `fields` adds to the record (`actions`, `options`…).
fn session(seats: [&str; 3], fields: Value) -> Session {
    let mut fields_all = json!({ "seats": seats, "deals": [deal(&["2S 4H 10D", "AS 3C", "5C 9H"])] });
    for (key, value) in fields.as_object().unwrap() {
        fields_all[key] = value.clone();
    }
    Session::from_record(1, tables::record(GameId::NainJaune, 3, fields_all)).unwrap_or_else(|e| panic!("{}", e.message))
}

const SOLO: [&str; 3] = ["human", "easy", "easy"];

fn actions(moves: &[(usize, &str)]) -> Value {
    json!(moves.iter().map(|(seat, action)| json!({ "seat": seat, "do": action })).collect::<Vec<_>>())
}

/// The turn as the table of `s` shows it with nothing else waiting (`ready`).
fn turn_of(s: &Session, holding: bool, revealed: Option<usize>) -> Turn {
    let humans = Humans::new(&s.humans());
    nj::turn(s, humans, holding, revealed.or(humans.first_shown()), || true)
}

#[test]
fn the_leader_is_marked_and_the_person_sees_their_hand_while_waiting() {
    // §3: the player after the dealer leads first.
    let s = session(SOLO, json!({}));
    let turn = turn_of(&s, false, None);
    assert_eq!(turn, Turn { to_move: Some(1), viewer: Some(0), covered: false, mine: false });
    assert_eq!(nj::prompt(&s, &turn), Prompt::Waiting { seat: 1, wanted: None });
    assert_eq!(nj::hand(&s, turn.viewer), cards("2S 4H 10D"), "the hand by rank");
    assert_eq!(nj::playable(&s, turn.viewer), CardSet::EMPTY, "nothing to play on another's turn");
    assert_eq!(nj::hand(&s, None), Vec::<Card>::new());
}

#[test]
fn after_x_without_y_the_next_holder_plays_and_only_that_rank_is_playable() {
    // §4.2: Ada leads the ace and holds no two; going round, you are the first with a two.
    let s = session(SOLO, json!({ "actions": actions(&[(1, "play AS")]) }));
    let turn = turn_of(&s, false, None);
    assert_eq!(turn, Turn { to_move: Some(0), viewer: Some(0), covered: false, mine: true });
    assert_eq!(nj::phase(&s), Phase::Follow(Rank::TWO));
    assert_eq!(nj::prompt(&s, &turn), Prompt::Mine { wanted: Some(Rank::TWO) });
    // §4.1: whoever holds the rank the play needs must play it.
    assert_eq!(nj::playable(&s, turn.viewer), CardSet::from_cards([card("2S")]));
    // The announcement is the call the move brought.
    let since = 2; // Staked, Dealt, then the ace's events.
    let (i, call) = nj::announcement(&s, None, since).expect("a call");
    assert_eq!(call, Event::Without { seat: 1, played: Rank::ACE, missing: Rank::TWO, next: 0 });
    assert_eq!(s.nain_jaune().unwrap().events()[i], call);
    // Once another move is made, the call is over.
    assert_eq!(nj::announcement(&s, None, s.nain_jaune().unwrap().events().len()), None);
}

#[test]
fn the_leader_may_play_any_card() {
    // §4.1: the leader plays any card of his hand. Seat 2 deals, so you lead.
    let s = session(SOLO, json!({ "first_dealer": 2 }));
    let turn = turn_of(&s, false, None);
    assert!(turn.mine);
    assert_eq!(nj::prompt(&s, &turn), Prompt::Mine { wanted: None });
    assert_eq!(nj::playable(&s, turn.viewer), CardSet::from_cards(cards("2S 4H 10D")));
}

#[test]
fn a_held_moment_marks_nobody_and_a_read_only_position_lets_nobody_act() {
    let mut s = session(SOLO, json!({ "actions": actions(&[(1, "play AS")]) }));
    let held = turn_of(&s, true, None);
    assert_eq!((held.to_move, held.mine), (None, false));
    assert_eq!(nj::prompt(&s, &held), Prompt::Silent);

    s.read_only = true;
    let turn = turn_of(&s, false, None);
    assert_eq!(turn, Turn { to_move: Some(0), viewer: Some(0), covered: false, mine: false });
    assert_eq!(nj::prompt(&s, &turn), Prompt::Silent);
    // The cards stay shown; they are not played (the view gives no hand to play with).
    assert_eq!(nj::hand(&s, turn.viewer).len(), 3);
}

#[test]
fn a_shared_device_covers_the_hand_of_the_person_to_move_until_they_show_it() {
    let s = session(["human", "easy", "human"], json!({ "first_dealer": 1 }));
    // Seat 2 leads (§3): the device waits for them to show their cards.
    let turn = turn_of(&s, false, None);
    assert_eq!(turn, Turn { to_move: Some(2), viewer: Some(2), covered: true, mine: false });
    let shown = turn_of(&s, false, Some(2));
    assert_eq!(shown, Turn { to_move: Some(2), viewer: Some(2), covered: false, mine: true });
    assert_eq!(nj::hand(&s, shown.viewer), cards("5C 9H"));
    // Nothing else may wait: a dialog open, the table catching up.
    let humans = Humans::new(&s.humans());
    assert!(!nj::turn(&s, humans, false, Some(2), || false).mine);
}

#[test]
fn plates_and_boxes_after_the_stake() {
    // §2: every player puts 1, 2, 3, 4 and 5 chips in the five boxes, 15 in all.
    let s = session(SOLO, json!({ "actions": actions(&[(1, "play AS")]) }));
    assert_eq!(nj::boxes(&s), [3, 6, 9, 12, 15]);
    assert_eq!(nj::stake(&s), (15, 52 - 7));
    let plates = nj::plates(&s, Some(0), Some(2));
    assert_eq!(plates.iter().map(|p| p.chips).collect::<Vec<_>>(), vec![Some(85); 3]);
    assert_eq!(plates.iter().map(|p| p.cards).collect::<Vec<_>>(), vec![3, 1, 2]);
    assert_eq!(
        plates.iter().map(|p| (p.dealer, p.to_move, p.thinking, p.viewer)).collect::<Vec<_>>(),
        vec![(true, true, false, true), (false, false, false, false), (false, false, true, false),]
    );
    assert_eq!(plates[1].person.display(Lang::En), "Ada");
}

#[test]
fn the_running_sequence_names_who_played_each_card() {
    let s = session(SOLO, json!({ "actions": actions(&[(1, "play AS"), (0, "play 2S")]) }));
    let run = nj::running_sequence(&s, Lang::Fr);
    assert_eq!(run.iter().map(|c| c.card).collect::<Vec<_>>(), cards("AS 2S"));
    assert_eq!(run.iter().map(|c| c.who.as_str()).collect::<Vec<_>>(), ["Ada", "Vous"]);
    let events = s.nain_jaune().unwrap().events();
    for c in &run {
        let (seat, i) = c.played_by.expect("a card played this round");
        assert_eq!(events[i], Event::Played { seat, card: c.card });
    }
    // §4.2 again: you hold no three, Ada does.
    assert_eq!(nj::wanted(nj::phase(&s)), Some(Rank::from_index(2)));
    assert_eq!(turn_of(&s, false, None).to_move, Some(1));
}

#[test]
fn the_log_window_shows_what_the_table_has_told() {
    let s = session(SOLO, json!({ "actions": actions(&[(1, "play AS"), (0, "play 2S")]) }));
    let all = s.nain_jaune().unwrap().events().len();
    let told = nj::log_window(&s, |n| n, 3);
    assert_eq!(told.iter().map(|(i, _)| *i).collect::<Vec<_>>(), vec![all - 3, all - 2, all - 1]);
    // During a held moment, only what comes up to it.
    let held = nj::log_window(&s, |_| 2, 10);
    assert!(matches!(held.as_slice(), [(0, Event::Staked { .. }), (1, Event::Dealt { dealer: 0, leader: 1, .. })]));
    // A held moment is the announcement, whatever came since.
    assert_eq!(nj::announcement(&s, Some(1), all).map(|(i, _)| i), Some(1));
}

#[test]
fn the_finished_deal_stays_on_the_table_until_its_summary_is_closed() {
    let mut s = session(SOLO, json!({ "actions": actions(&[(1, "play AS"), (0, "play 2S")]) }));
    // §5.1: Ada plays her last card and wins the round.
    s.play(1, "play 3C", false).unwrap();
    assert_eq!(s.pending_summary(), Some(1));
    assert_eq!(nj::plates(&s, Some(0), None).iter().map(|p| p.cards).collect::<Vec<_>>(), vec![2, 0, 2]);
    assert_eq!(nj::hand(&s, Some(0)), cards("4H 10D"));
    let turn = turn_of(&s, false, None);
    assert!(!turn.mine, "play waits while the summary is read");

    let (report, last) = nj::round_summary(&s, 1).expect("round 1's summary");
    assert_eq!((report.deal_number, report.winner, last), (1, 1, false));
    // §5.3: the 10♦ caught in your hand pays its box as much as it holds (3 chips).
    assert!(report.payments.contains(&Event::Penalty { seat: 0, card: card("10D"), chips: 3, owed: 3 }));
    // §5.2: the four and the ten left in your hand cost 14 chips.
    assert!(report.payments.iter().any(|e| matches!(e, Event::Paid { from: 0, to: 1, chips: 14, .. })));
    assert_eq!(nj::ending(&s), None);

    // Closed: the next deal, with its own hands (§3: 15 cards each at three).
    s.close_summary();
    assert_eq!(nj::plates(&s, Some(0), None).iter().map(|p| p.cards).collect::<Vec<_>>(), vec![15; 3]);
    assert!(nj::running_sequence(&s, Lang::En).is_empty());
}

#[test]
fn the_game_ends_after_its_rounds_and_the_standings_say_why() {
    // §6: option `rounds`; the player with the most chips wins.
    let mut s = session(SOLO, json!({ "options": { "rounds": 1 }, "actions": actions(&[(1, "play AS"), (0, "play 2S")]) }));
    s.play(1, "play 3C", false).unwrap();
    let (_, last) = nj::round_summary(&s, 1).unwrap();
    assert!(last, "the round's summary leads to the standings");
    let turn = turn_of(&s, false, None);
    assert_eq!(nj::prompt(&s, &turn), Prompt::Silent);
    let ending = nj::ending(&s).expect("the game is over");
    assert_eq!(ending.end, GameEnd::RoundsPlayed { rounds: 1 });
    assert_eq!((ending.winner, ending.rounds), (Some(1), 1));
    assert_eq!(ending.chips, s.table.chip_counts().to_vec());
    assert_eq!(nj::phase(&s), Phase::GameOver);
    assert_eq!(s.nain_jaune().unwrap().to_move(), None);
}
