//! What Bonanza's table shows (`tapis::model::bonanza`), worked out natively from sessions built
//! from records: whose turn it is and who may act, the hand and its playable cards, the decision
//! bar's controls, the plates' notes, the moment held at a showdown, the deal's story, the
//! announcement and the log's window, how the game ended. Tests that check a rule cite its section
//! of docs/rules/bonanza.md.
//!
//! The layouts are those of tests/bonanza_rules.rs: the hands given, every other card in the
//! widow; with the default `first_dealer` 0, seat 0 deals and seat 1 answers first.

mod common;

use serde_json::{json, Value};
use tapis::engine::bonanza::poker::Category;
use tapis::engine::bonanza::{Action, Bonanza, Event, GameEnd, Phase, Space};
use tapis::engine::cards::{Card, CardSet};
use tapis::engine::game::{Game, GameId, Seat};
use tapis::model::bonanza::moment::{Moment, Row};
use tapis::model::bonanza::story::{told_story, Story};
use tapis::model::bonanza::{self as model, Choice, Note, PhaseBox, Prompt, Turn, Verb};
use tapis::model::session::{Humans, Session};

fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace().map(|c| c.parse().unwrap()).collect()
}

fn set(text: &str) -> CardSet {
    cards(text).into_iter().collect()
}

/// One `deals[i]` entry: these hands in seat order, every other card of the 53 in the widow.
fn layout(hands: &[&str]) -> Value {
    let used: CardSet = hands.iter().map(|h| set(h)).fold(CardSet::EMPTY, |a, b| a | b);
    json!({ "hands": hands.iter().map(|h| h.split_whitespace().collect::<Vec<_>>()).collect::<Vec<_>>(), "widow": (CardSet::PACK_53 - used).to_strings() })
}

/// A session of Bonanza for `seats` (`human` or a level) with the given record fields.
fn session(seats: &[&str], fields: Value) -> Session {
    let mut fields = fields;
    fields["seats"] = json!(seats);
    let record = common::tables::record(GameId::Bonanza, seats.len(), fields);
    Session::from_record(1, record).unwrap_or_else(|e| panic!("record refused: {}", e.message))
}

/// Plays the actions in order, each by the seat to move, as the table does.
fn play(s: &mut Session, actions: &[&str]) {
    for action in actions {
        let seat = s.table.to_move().unwrap_or_else(|| panic!("nobody to move for '{action}'"));
        s.play(seat, action, true).unwrap_or_else(|e| panic!("seat {seat} '{action}': {e}"));
    }
}

/// The dealer sells the widow and every bidder passes: the widow is the dead hand.
fn widow_dead(s: &mut Session) {
    play(s, &["sell widow"]);
    while s.bonanza().unwrap().phase() == Phase::Auction {
        play(s, &["pass"]);
    }
}

fn game(s: &Session) -> &Bonanza {
    s.bonanza().expect("a Bonanza game")
}

fn humans(s: &Session) -> Humans {
    Humans::new(&s.humans())
}

/// The turn with nothing else waiting (the table caught up, no dialog open).
fn turn(s: &Session, revealed: Option<Seat>) -> Turn {
    model::turn(s, humans(s), false, revealed, || true)
}

/// The index in the log of the last event `pick` accepts.
fn last_event(g: &Bonanza, pick: impl Fn(&Event) -> bool) -> usize {
    g.events().iter().rposition(pick).expect("no such event")
}

#[test]
fn the_dealer_at_the_screen_decides_about_the_widow() {
    // docs/rules/bonanza.md §4.1: the dealer takes the widow or sells it.
    let s = session(&["human", "easy", "easy"], json!({ "deals": [layout(&["2S 9H", "4S", "5S"])] }));
    let t = turn(&s, humans(&s).first_shown());
    assert_eq!(t, Turn { to_move: Some(0), viewer: Some(0), covered: false, mine: true });
    assert_eq!(model::prompt(&s, &t), Prompt::Mine);
    let legal = model::legal(game(&s), t.mine);
    assert_eq!(legal, [Action::TakeWidow, Action::SellWidow]);
    assert_eq!(model::decisions(Phase::Widow, &legal), legal, "outside the race the bar offers every legal action");
    assert_eq!(model::playable(&legal), CardSet::EMPTY);
    assert_eq!(model::hand(game(&s), t.viewer), cards("2S 9H"));
    assert_eq!(PhaseBox::of(game(&s).phase()), PhaseBox::Widow);
}

#[test]
fn nobody_decides_while_a_moment_is_held_or_something_else_waits() {
    let s = session(&["human", "easy", "easy"], json!({ "deals": [layout(&["2S 9H", "4S", "5S"])] }));
    let held = model::turn(&s, humans(&s), true, Some(0), || true);
    assert_eq!((held.to_move, held.mine), (None, false), "nobody is marked while the table holds a moment");
    assert_eq!(model::prompt(&s, &held), Prompt::Silent);
    assert!(model::legal(game(&s), held.mine).is_empty());
    let waiting = model::turn(&s, humans(&s), false, Some(0), || false);
    assert_eq!((waiting.to_move, waiting.mine), (Some(0), false));
    assert_eq!(model::prompt(&s, &waiting), Prompt::Waiting(0));
    let mut read_only = s.clone();
    read_only.read_only = true;
    assert!(!turn(&read_only, Some(0)).mine, "a position shown read-only takes no move");
}

#[test]
fn a_shared_device_covers_the_hand_until_its_owner_shows_it() {
    let s = session(&["human", "human", "easy"], json!({ "deals": [layout(&["2S 9H", "4S", "5S"])] }));
    assert_eq!(humans(&s).first_shown(), None);
    let covered = turn(&s, None);
    assert_eq!(covered, Turn { to_move: Some(0), viewer: Some(0), covered: true, mine: false });
    assert_eq!(model::prompt(&s, &covered), Prompt::Waiting(0));
    let shown = turn(&s, Some(0));
    assert_eq!(shown, Turn { to_move: Some(0), viewer: Some(0), covered: false, mine: true });
    // Seat 1's cards shown, seat 0 to move: the device covers seat 0's hand again.
    assert!(turn(&s, Some(1)).covered);
}

#[test]
fn a_long_run_of_bids_becomes_one_stepper_and_a_few_bets_stay_buttons() {
    // docs/rules/bonanza.md §4.2: any bid from one more than the best offer up to the bidder's
    // chips; §5.5: a bet is 1 to 5 chips.
    let mut s = session(&["easy", "human", "easy", "easy"], json!({ "deals": [layout(&["2S", "3S", "4S", "5S"])] }));
    play(&mut s, &["sell widow"]);
    let t = turn(&s, Some(1));
    assert!(t.mine);
    let legal = model::legal(game(&s), t.mine);
    assert_eq!(model::choices(&legal), [Choice::One(Action::Pass), Choice::Amounts { verb: Verb::Bid, low: 1, high: 90 }]);
    let bets: Vec<Action> = [Action::Check].into_iter().chain((1..=5).map(Action::Bet)).collect();
    assert_eq!(model::choices(&bets), bets.iter().map(|&a| Choice::One(a)).collect::<Vec<_>>());
    assert_eq!(Verb::of(&Action::Raise(3)), Some((Verb::Raise, 3)));
    assert_eq!(Verb::Raise.make(3), Action::Raise(3));
}

#[test]
fn the_plates_say_who_offers_who_passed_and_who_holds_the_widow() {
    // docs/rules/bonanza.md §4.2: the auction goes round from the dealer's left; a pass is final.
    let mut s = session(&["human", "easy", "easy", "easy"], json!({ "deals": [layout(&["2S", "3S", "4S", "5S"])] }));
    play(&mut s, &["sell widow", "bid 2", "pass"]);
    let g = game(&s);
    assert_eq!(model::seat_notes(g, 1), [Note::Offers(2)]);
    assert_eq!(model::seat_notes(g, 2), [Note::Passed]);
    assert!(model::seat_notes(g, 3).is_empty());
    let plates = model::plates(&s, Some(0), Some(3), |notes| Some(format!("{notes:?}")));
    assert_eq!(plates.len(), 4);
    assert!(plates[0].dealer && plates[0].viewer && !plates[0].to_move);
    assert!(plates[3].to_move && plates[3].thinking, "seat 3 bids next");
    assert_eq!(plates[1].note.as_deref(), Some("[Offers(2)]"));
    assert_eq!(plates[1].chips, Some(90));
    // §4.3: the buyer pays the dealer and holds the widow.
    play(&mut s, &["pass"]);
    assert_eq!(model::seat_notes(game(&s), 1), [Note::HasWidow]);
    assert_eq!(model::plates(&s, Some(0), None, |_| None)[0].chips, Some(92));
}

#[test]
fn at_a_call_the_table_does_not_learn_who_is_asked() {
    // docs/rules/bonanza.md §5.1: a call is answered in turn, and silence reveals nothing; §8.
    let mut s = session(&["human", "easy", "easy"], json!({ "deals": [layout(&["2S 5D", "JK 9H", "4S"])] }));
    widow_dead(&mut s);
    assert_eq!((game(&s).phase(), s.table.to_move()), (Phase::Call(tapis::engine::bonanza::Call::Joker), Some(1)));
    assert!(model::plates(&s, Some(0), Some(1), |_| None).iter().all(|p| !p.to_move && !p.thinking));
    assert!(model::plates(&s, Some(1), None, |_| None)[1].to_move, "the seat asked sees its own turn");
    assert_eq!(model::current_space(game(&s).phase(), None), Some(Space::Joker));
    // §5.2: the joker shown takes its space; the call box lists the show.
    play(&mut s, &["show JK"]);
    let won = last_event(game(&s), |e| matches!(e, Event::SpaceWon { space: Space::Joker, .. }));
    let moment = Moment::of(game(&s), won, Some(0)).unwrap();
    assert_eq!(moment.space, Some(Space::Joker));
    assert_eq!(moment.rows, [Row { seat: 1, cards: cards("JK"), hand: None, won: true, own: false }]);
    assert_eq!(model::current_space(game(&s).phase(), Some(moment.space)), Some(Space::Joker), "the moment's space stays lit");
}

/// Three poker hands, nothing to show at the other calls (tests/bonanza_rules.rs `poker_table`).
fn poker_session(seats: &[&str]) -> Session {
    let mut s = session(seats, json!({ "deals": [layout(&["2S 4S 6S 8S 10S", "3H 5H 7H 9H JH", "2C 2D 4C 4D 6C"])] }));
    widow_dead(&mut s);
    s
}

#[test]
fn a_call_costs_what_the_viewer_has_yet_to_match() {
    // docs/rules/bonanza.md §5.5: a player facing a bet calls, raises or folds.
    let mut s = poker_session(&["easy", "human", "easy"]);
    assert_eq!(PhaseBox::of(game(&s).phase()), PhaseBox::Poker);
    play(&mut s, &["bet 5"]);
    assert_eq!(model::to_call(game(&s), Some(1)), 5);
    assert_eq!(model::to_call(game(&s), Some(0)), 0, "the bettor has matched his own bet");
    assert_eq!(model::to_call(game(&s), None), 0);
    assert_eq!(model::seat_notes(game(&s), 0), [Note::InFor(5)]);
    play(&mut s, &["call", "fold"]);
    assert_eq!(model::seat_notes(game(&s), 2), Vec::<Note>::new(), "the call is over: no betting notes");
}

#[test]
fn only_the_winning_five_are_shown_at_the_showdown_and_the_viewer_sees_its_own() {
    // docs/rules/bonanza.md §5.6: the best hand takes the space; only the winning five cards are
    // shown, the other hands still in stay face down (the player sees his own).
    let mut s = poker_session(&["human", "easy", "easy"]);
    play(&mut s, &["bet 5", "raise 5", "fold", "raise 5", "raise 5", "call"]);
    let g = game(&s);
    let won = last_event(g, |e| matches!(e, Event::SpaceWon { space: Space::Poker, .. }));
    let winner = Row { seat: 1, cards: cards("JH 9H 7H 5H 3H"), hand: Some(Category::Flush), won: true, own: false };
    let mine = Moment::of(g, won, Some(0)).unwrap();
    assert_eq!(mine.space, Some(Space::Poker));
    assert_eq!(
        mine.rows,
        [Row { seat: 0, cards: cards("10S 8S 6S 4S 2S"), hand: Some(Category::Flush), won: false, own: true }, winner.clone()],
        "seat 2 folded: no row"
    );
    let folded_viewer = Moment::of(g, won, Some(2)).unwrap();
    assert_eq!(folded_viewer.rows, [Row { seat: 0, cards: Vec::new(), hand: None, won: false, own: false }, winner]);
    // The story keeps the winning five with the space.
    let story = told_story(g.events(), g.events().len());
    assert_eq!(story[0].what, Story::WidowDead);
    let poker = story.last().unwrap();
    assert_eq!((poker.what, poker.seat, poker.cards.clone()), (Story::Won(Space::Poker), Some(1), cards("JH 9H 7H 5H 3H")));
    // Told up to the showdown only, the story has not reached the space yet.
    assert!(told_story(g.events(), won).iter().all(|l| l.what != Story::Won(Space::Poker)));
}

#[test]
fn the_race_plays_from_the_hand_and_a_stop_is_announced() {
    // docs/rules/bonanza.md §6.1: the leader plays the lowest card of a suit he chooses; §6.2: a
    // card whose next card is dead is a stop.
    let mut s = session(&["human", "easy", "easy"], json!({ "deals": [layout(&["2H 3H 9C", "4H 5H 10C", "6H 8H JC"])] }));
    widow_dead(&mut s);
    let t = turn(&s, Some(0));
    assert!(t.mine && model::racing(game(&s).phase()));
    assert_eq!(PhaseBox::of(game(&s).phase()), PhaseBox::Race);
    let legal = model::legal(game(&s), t.mine);
    assert!(model::decisions(game(&s).phase(), &legal).is_empty(), "the race is played from the hand");
    assert_eq!(model::playable(&legal), set("2H 9C"));
    play(&mut s, &["play 2H", "play 3H"]);
    let run = model::race_run(game(&s));
    assert_eq!(
        run.iter().map(|(c, by)| (*c, by.map(|(seat, _)| seat))).collect::<Vec<_>>(),
        [(cards("2H")[0], Some(0)), (cards("3H")[0], Some(0))]
    );
    let since = game(&s).events().len();
    play(&mut s, &["play 4H", "play 5H", "play 6H"]);
    let told = model::announcement(game(&s), None, since).expect("the stop is announced");
    assert!(matches!(told.event, Event::Stop { card, missing: Some(m), .. } if card == cards("6H")[0] && m == cards("7H")[0]));
    assert!(!told.missing_played, "7♥ is dead, not played");
    // Once another move is made, the announcement leaves.
    assert_eq!(model::announcement(game(&s), None, game(&s).events().len()), None);
    // A held moment is the announcement whatever came since.
    let held = model::announcement(game(&s), Some(since), game(&s).events().len()).unwrap();
    assert_eq!(held.index, since);
}

#[test]
fn a_stop_on_a_card_played_earlier_says_so() {
    // docs/rules/bonanza.md §6.2: a card whose next card was played earlier in the deal is a stop.
    let mut s = session(&["easy", "human", "easy"], json!({ "deals": [layout(&["KS AS 5C 8H 9D", "4C 6C 2D 10S", "3S JH"])] }));
    widow_dead(&mut s);
    play(&mut s, &["play KS", "play AS", "play 8H", "play 5C", "play 6C", "play 2D", "play 4C"]);
    let g = game(&s);
    let stop = last_event(g, |e| matches!(e, Event::Stop { .. }));
    let lines = model::log_window(g, g.events().len(), 200);
    let line = lines.iter().find(|l| l.index == stop).unwrap();
    assert!(matches!(line.event, Event::Stop { missing: Some(m), .. } if m == cards("5C")[0]));
    assert!(line.missing_played, "5♣ was played");
    // The window is the last events the table has told, with their indices in the log.
    let window = model::log_window(g, stop, 3);
    assert_eq!(window.iter().map(|l| l.index).collect::<Vec<_>>(), [stop - 3, stop - 2, stop - 1]);
    assert!(model::is_announcement(&g.events()[stop]) && !model::is_announcement(&Event::AuctionPass { seat: 1 }));
}

#[test]
fn the_race_orders_the_hand_suit_by_suit_aces_high_the_joker_last() {
    // docs/rules/bonanza.md §6.1: the race's suits run from the two up to the ace.
    assert_eq!(model::race_order(set("9C 2H JK 3S AH 10D")), cards("3S 2H AH 9C 10D JK"));
    // §5.6: a poker hand from its best card down, the joker first.
    assert_eq!(model::poker_order(&cards("2S AH JK KD")), cards("JK AH KD 2S"));
}

#[test]
fn a_finished_deal_stays_shown_while_its_summary_waits() {
    // docs/rules/bonanza.md §6.3, §6.4: J♣ takes its space at once; the first player out of cards
    // calls Bonanza and the deal ends.
    let mut s = session(&["easy", "easy", "human"], json!({ "deals": [layout(&["2H 3H 9C", "4H 5H 10C", "6H 8H JC"])] }));
    widow_dead(&mut s);
    play(&mut s, &["play 2H", "play 3H", "play 4H", "play 5H", "play 6H", "play JC", "play 8H"]);
    assert_eq!(s.pending_summary(), Some(1));
    let g = game(&s);
    assert_eq!(g.deal_number(), 1, "the table shows the deal just ended");
    let t = turn(&s, Some(2));
    assert!(!t.mine);
    assert_eq!(model::prompt(&s, &t), Prompt::Silent);
    let story = told_story(g.events(), g.events().len());
    let jack = story.iter().find(|l| l.what == Story::Won(Space::JackClubs)).expect("J♣ took its space");
    assert_eq!((jack.seat, jack.cards.clone()), (Some(2), cards("JC")));
    assert_eq!(model::ending(g), None, "the game goes on");
    s.close_summary();
    assert_eq!(game(&s).deal_number(), 2);
    assert!(model::deal_events(game(&s).events()).iter().all(|e| !matches!(e, Event::Bonanza { .. })), "a new deal's events");
}

#[test]
fn the_ending_says_why_who_won_and_where_the_leftovers_went() {
    // docs/rules/bonanza.md §7.1: the game lasts the chosen number of deals; §7.3: the chips left
    // on the cloth are shared among the players still in.
    let mut s = session(&["human", "easy", "easy"], json!({ "options": { "deals": 1 }, "deals": [layout(&["2H", "3D 5D", "9C JD KH"])] }));
    widow_dead(&mut s);
    play(&mut s, &["play 2H"]);
    assert!(s.table.is_finished());
    assert_eq!(model::prompt(&s, &turn(&s, Some(0))), Prompt::Silent);
    let ending = model::ending(game(&s)).expect("the game is over");
    assert_eq!((ending.end.clone(), ending.winner), (GameEnd::DealsPlayed { deals: 1 }, Some(0)));
    assert_eq!(ending.chips, [90 + 3 + 2 + 3 + 9, 90 - 2 + 9, 90 - 3 + 9]);
    assert_eq!(ending.leftovers.len(), 3);
    assert!(ending.leftovers.iter().all(|e| matches!(e, Event::Leftovers { chips: 9, .. })));
    assert!(ending.out.is_empty());
}
