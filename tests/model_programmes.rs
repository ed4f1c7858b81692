//! What the Programmes table shows (`tapis::model::programmes`), from sessions built on records:
//! whose turn it is and what the viewer may do, the plates and piles, the hand and the card just
//! drawn, the prompt, what the engine offers and what the selected cards make, the melds per
//! owner, the log's window and how the game ended. A test checking a rule cites its section of
//! docs/rules/programmes.md.
//!
//! The records deal known hands (as tests/programmes_rules.rs): with the default first dealer 0,
//! seat 1 plays first; seat 1 is the human unless a test says otherwise.

mod common;

use common::tables::record;
use serde_json::{json, Value};
use tapis::engine::card_multiset::CardMultiset;
use tapis::engine::cards::Card;
use tapis::engine::game::GameId;
use tapis::engine::programmes::{Action, Event, GameEnd, Phase, ProgramId};
use tapis::model::people::Person;
use tapis::model::programmes::{
    cards_at, hinted_cards, owner_groups, positions_of, positions_used, selection_moves, sorted_hand, Board, Bottom, Ending, Offer, Prompt,
    Seen, Turn, Why,
};
use tapis::model::session::{Humans, Session};

fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace().map(|t| t.parse().unwrap()).collect()
}

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

/// One deal: seat 0 holds `IDLE`, seat 1 `hand1`, the discard pile `discard`, the stock
/// `stock_top` first and then the rest of the pack in card order; the programs given by seat.
fn deal(hand1: &str, programs: [&str; 2], discard: &str, stock_top: &str) -> Value {
    let mut used = CardMultiset::EMPTY;
    let mut take = |text: &str| -> Vec<String> {
        cards(text)
            .into_iter()
            .map(|c| {
                assert!(used.insert(c), "test layout: too many {c}");
                c.to_string()
            })
            .collect()
    };
    let hands = [take(IDLE), take(hand1)];
    let discard = take(discard);
    let mut stock = take(stock_top);
    stock.extend(CardMultiset::PACK_108.checked_sub(used).expect("within the pack").iter().map(|c| c.to_string()));
    json!({ "hands": hands, "discard": discard, "stock": stock, "programs": programs })
}

/// Thirteen cards no program of these tests can use together.
const IDLE: &str = "3S 5S 7S 9S JS KS 4H 6H 8H 10H QH AD 6D";
/// A run of four hearts (P07, "Run of four") and a set of 7s, among others.
const READY: &str = "4H 5H 6H 7H 7S 7D 7C 9S 9D JK 8H 3H 10D";

/// A session of two seats (`seats`: their kinds) on `deals`, with these actions played.
fn session(seats: [&str; 2], deals: Value, options: Value, actions: &[(usize, &str)]) -> Session {
    let actions: Vec<Value> = actions.iter().map(|(seat, a)| json!({ "seat": seat, "do": a })).collect();
    let r = record(GameId::Programmes, 2, json!({ "seats": seats, "deals": deals, "options": options, "actions": actions }));
    Session::from_record(1, r).unwrap_or_else(|e| panic!("{}", e.message))
}

/// A game where seat 1 (the lone human) holds `READY`, with these actions played.
fn ready(actions: &[(usize, &str)]) -> Session {
    session(["easy", "human"], json!([deal(READY, ["P18", "P07"], "2C", "AS")]), json!({}), actions)
}

/// The turn as the table shows it once caught up, nothing held, no move forced.
fn turn(s: &Session) -> Turn {
    Turn::of(s, None, true, false).expect("a Programmes game")
}

/// What the lone human of `s` sees.
fn seen(s: &Session) -> Seen {
    let humans = Humans::new(&s.humans());
    Seen::of(s, turn(s), humans, humans.first_shown(), false)
}

fn offer(s: &Session) -> Offer {
    let seen = seen(s);
    Offer::for_seat(s.programmes().unwrap(), seen.viewer.unwrap(), seen.my_turn)
}

#[test]
fn the_human_to_move_may_act_until_something_holds_the_table() {
    // docs/rules/programmes.md §5: a turn starts with a draw; seat 1, left of dealer 0, plays first.
    let s = ready(&[]);
    let t = turn(&s);
    assert_eq!((t.to_move, t.phase, t.deal, t.actions, t.finished), (Some(1), Phase::Draw, 1, 0, false));
    let seen = seen(&s);
    assert_eq!(seen, Seen { viewer: Some(1), covered: false, my_turn: true, play: false, revealed: false });
    assert_eq!(Bottom::of(t, seen), Bottom::Hand);

    let humans = Humans::new(&s.humans());
    // A moment held by the stage: nobody is marked to play, the human waits.
    let held = Turn::of(&s, Some(0), true, false).unwrap();
    assert_eq!(held.to_move, None);
    assert!(!Seen::of(&s, held, humans, Some(1), false).my_turn);
    // The table still showing earlier moves, a move played for the player, an open dialog.
    assert!(!Seen::of(&s, Turn::of(&s, None, false, false).unwrap(), humans, Some(1), false).my_turn);
    assert!(!Seen::of(&s, Turn::of(&s, None, true, true).unwrap(), humans, Some(1), false).my_turn);
    assert!(!Seen::of(&s, t, humans, Some(1), true).my_turn);
    // A position shown read-only: nobody acts.
    let mut read_only = ready(&[]);
    read_only.read_only = true;
    assert!(!Seen::of(&read_only, t, humans, Some(1), false).my_turn);

    // After the draw, cards can be selected.
    let s = ready(&[(1, "draw stock")]);
    let seen = self::seen(&s);
    assert!(seen.my_turn && seen.play);
    assert_eq!(turn(&s).phase, Phase::Play);
}

#[test]
fn a_shared_device_covers_the_hand_until_its_owner_shows_it() {
    let s = session(["human", "human"], json!([deal(READY, ["P18", "P07"], "2C", "AS")]), json!({}), &[]);
    let (t, humans) = (turn(&s), Humans::new(&s.humans()));
    assert_eq!(humans.first_shown(), None);
    let covered = Seen::of(&s, t, humans, None, false);
    assert_eq!((covered.viewer, covered.covered, covered.my_turn), (Some(1), true, false));
    assert_eq!(Bottom::of(t, covered), Bottom::Cover);
    let shown = Seen::of(&s, t, humans, Some(1), false);
    assert!(shown.my_turn && !shown.covered);
    assert_eq!(Bottom::of(t, shown), Bottom::Hand);
}

#[test]
fn a_computers_table_shows_no_hand() {
    let s = session(["easy", "easy"], json!([deal(READY, ["P18", "P07"], "2C", "AS")]), json!({}), &[]);
    let humans = Humans::new(&s.humans());
    let seen = Seen::of(&s, turn(&s), humans, humans.first_shown(), false);
    assert_eq!(seen.viewer, None);
    assert_eq!(Bottom::of(turn(&s), seen), Bottom::NoHuman);
    assert!(tapis::model::programmes::hand(&s, seen.viewer, false).is_empty());
}

#[test]
fn the_board_shows_the_piles_the_plates_and_only_the_viewers_program() {
    // docs/rules/programmes.md §4.2: 13 cards each, one card turned up on the discard pile; §8: a
    // program card is secret until revealed.
    let s = ready(&[]);
    let b = Board::of(&s, Some(1), Some(0), |done, revealed| format!("{done}/{revealed}")).unwrap();
    assert_eq!(b.top, Some(card("2C")));
    assert_eq!(b.stock, 108 - 26 - 1);
    assert_eq!(b.own_program, Some("P07".parse::<ProgramId>().unwrap()));
    assert_eq!(b.seats.len(), 2);
    assert_eq!(b.seats.iter().map(|p| p.cards).collect::<Vec<_>>(), [13, 13]);
    assert!(b.seats[0].dealer && !b.seats[1].dealer);
    assert!(b.seats[1].to_move && b.seats[1].viewer && b.seats[0].thinking);
    assert_eq!(b.seats[1].person, Person::you());
    assert_eq!(b.seats[1].note.as_deref(), Some("0/false"));
    assert_eq!(b.seats[0].chips, None);

    let groups = owner_groups(s.programmes().unwrap(), &s.people(), Some(1), 1);
    assert_eq!(groups.iter().map(|g| g.seat).collect::<Vec<_>>(), [1, 0], "going round from the viewer");
    assert_eq!(groups[0].program, Some(Some("P07".parse().unwrap())));
    assert_eq!(groups[1].program, Some(None), "the other program is face down");
}

#[test]
fn a_reveal_shows_the_program_and_groups_its_melds_under_the_owner() {
    // docs/rules/programmes.md §5.2: the reveal lays the program's combinations down; the program
    // card is turned over.
    let s = ready(&[(1, "draw stock"), (1, "reveal 4H 5H 6H 7H"), (1, "discard AS")]);
    let g = s.programmes().unwrap();
    let groups = owner_groups(g, &s.people(), Some(0), 0);
    assert_eq!(groups[1].seat, 1);
    assert!(groups[1].revealed);
    assert_eq!(groups[1].program, Some(Some("P07".parse().unwrap())), "face up for everyone");
    let (number, meld, laid) = &groups[1].melds[0];
    assert_eq!((*number, meld.cards().len()), (0, 4));
    // Every card of the meld came from seat 1, with the move's key.
    assert!(laid.iter().all(|by| by.as_ref().is_some_and(|(seat, key)| *seat == 1 && key.starts_with('e'))));
    assert!(groups[0].melds.is_empty());
    let b = Board::of(&s, Some(1), None, |done, revealed| format!("{done}/{revealed}")).unwrap();
    assert_eq!(b.seats[1].note.as_deref(), Some("1/true"), "one program completed, revealed");
}

#[test]
fn before_the_draw_the_prompt_offers_both_piles_and_announces_a_ready_program() {
    // docs/rules/programmes.md §5.1: the stock or the discard pile; §5.2: the hand already holds
    // the program.
    let s = ready(&[]);
    let o = offer(&s);
    assert!(o.draw_stock && o.draw_discard && o.reveal_ahead);
    let names = s.people();
    assert_eq!(
        Prompt::of(turn(&s), seen(&s), &o, Some(card("2C")), &names),
        Some(Prompt::Draw { discard: Some(card("2C")), can_reveal: true })
    );
    // The other seat's view: it waits for the player to move.
    let humans = Humans::new(&[0]);
    let other = Seen::of(&s, turn(&s), humans, Some(0), false);
    assert!(!other.my_turn);
    assert_eq!(Offer::for_seat(s.programmes().unwrap(), 0, other.my_turn), Offer::default());
    assert_eq!(Prompt::of(turn(&s), other, &Offer::default(), None, &names), Some(Prompt::Waiting(names.of(1))));
}

#[test]
fn with_one_card_in_hand_only_the_stock_is_offered() {
    // docs/rules/programmes.md §5.1: with a single card in hand, the stock only.
    let s = session(["easy", "human"], json!([deal("AH", ["P18", "P07"], "8S", "9S")]), json!({}), &[]);
    let o = offer(&s);
    assert!(o.draw_stock && !o.draw_discard);
    assert_eq!(Prompt::of(turn(&s), seen(&s), &o, Some(card("8S")), &s.people()), Some(Prompt::Draw { discard: None, can_reveal: false }));
    let refused = tapis::model::programmes::engine_check(s.programmes().unwrap(), 1, &Action::DrawDiscard);
    assert_eq!(refused, Err(Why::OnlyStock));
}

#[test]
fn after_the_draw_the_card_drawn_is_marked_and_the_ways_to_reveal_offered() {
    // docs/rules/programmes.md §5.2: the player may reveal once he holds the program.
    let s = ready(&[(1, "draw stock")]);
    assert_eq!(tapis::model::programmes::drawn(&s, 1), Some(card("AS")), "the stock's top card");
    assert_eq!(tapis::model::programmes::drawn(&s, 0), None, "not the other seat's move");
    let o = offer(&s);
    assert!(!o.reveals.is_empty());
    assert_eq!(Prompt::of(turn(&s), seen(&s), &o, None, &s.people()), Some(Prompt::Reveal));
    // The chosen reveal marks the hand's four hearts.
    let hand = tapis::model::programmes::hand(&s, Some(1), false);
    assert_eq!(hand.len(), 14);
    let Ok(Action::Reveal(run)) = "reveal 4H 5H 6H 7H".parse::<Action>() else { panic!("a reveal") };
    assert!(o.reveals.contains(&run), "{:?}", o.reveals);
    assert_eq!(cards_at(&hand, positions_used(&hand, &run)), cards("4H 5H 6H 7H"));

    let s = ready(&[(1, "draw discard")]);
    assert_eq!(tapis::model::programmes::drawn(&s, 1), Some(card("2C")), "the discard pile's top card");
    let s = ready(&[(1, "draw stock"), (1, "discard AS")]);
    assert_eq!(tapis::model::programmes::drawn(&s, 1), None, "marked until the next move");
}

#[test]
fn the_selection_makes_sets_and_extensions_only_once_revealed() {
    let before = ready(&[(1, "draw stock")]);
    let g = before.programmes().unwrap();
    // docs/rules/programmes.md §5.2: until he has revealed, the melds are off limits.
    let m = selection_moves(g, 1, &offer(&before), &cards("7S 7D 7C"));
    assert_eq!(m.meld, Err(Why::RevealFirst));
    assert_eq!(m.extend_why, Some(Why::SelectOneToAdd));
    let m = selection_moves(g, 1, &offer(&before), &cards("8H"));
    assert_eq!(m.extend_why, Some(Why::RevealFirst));
    assert_eq!(m.discard, Ok(Action::Discard(card("8H"))));

    // docs/rules/programmes.md §5.3: after revealing, a new set of three or more of a rank, and
    // a run extended at either end in its suit; never a new run.
    let s = ready(&[(1, "draw stock"), (1, "reveal 4H 5H 6H 7H")]);
    let (g, o) = (s.programmes().unwrap(), offer(&s));
    assert_eq!(Prompt::of(turn(&s), seen(&s), &o, None, &s.people()), Some(Prompt::LayOrDiscard));
    let m = selection_moves(g, 1, &o, &cards("7S 7D 7C"));
    assert!(matches!(m.meld, Ok(Action::Meld(_))), "{:?}", m.meld);
    let m = selection_moves(g, 1, &o, &cards("9S 9D"));
    assert_eq!(m.meld, Err(Why::SetNeedsThree));
    assert_eq!(m.said_why(2, true), None, "two cards may still become a set");
    let m = selection_moves(g, 1, &o, &cards("8H 9S 10D"));
    assert_eq!(m.meld, Err(Why::SetOneRank));
    assert_eq!(m.said_why(3, true), Some(&Why::SetOneRank));
    let m = selection_moves(g, 1, &o, &cards("8H"));
    assert_eq!(m.extends.iter().map(|(meld, p)| (*meld, p.card)).collect::<Vec<_>>(), [(0, card("8H"))]);
    assert_eq!(m.extend_why, None);
    let m = selection_moves(g, 1, &o, &cards("9S"));
    assert_eq!(m.extend_why, Some(Why::NoExtension));
    // A wild extends the run at both ends, each with the value it takes there.
    let m = selection_moves(g, 1, &o, &cards("JK"));
    assert_eq!(m.extends.len(), 2, "{:?}", m.extends);
}

#[test]
fn a_card_taken_from_the_discard_pile_cannot_go_back() {
    // docs/rules/programmes.md §5.4: a card picked up from the discard pile cannot be thrown away
    // again in that turn.
    let s = ready(&[(1, "draw discard")]);
    let (g, o) = (s.programmes().unwrap(), offer(&s));
    let m = selection_moves(g, 1, &o, &cards("2C"));
    assert_eq!(m.discard, Err(Why::TakenFromDiscard(card("2C"))));
    assert_eq!(m.said_why(1, false), Some(&Why::TakenFromDiscard(card("2C"))), "said before the player tries");
    let m = selection_moves(g, 1, &o, &cards("9S"));
    assert_eq!(m.discard, Ok(Action::Discard(card("9S"))));
    assert_eq!(m.said_why(1, false), None);
}

#[test]
fn the_hand_is_sorted_by_suit_or_rank_with_the_wilds_last() {
    // docs/rules/programmes.md §1: twos and jokers are wild.
    let hand = cards("KS 2H JK 3S 3H AS 2C");
    assert_eq!(sorted_hand(hand.iter().copied(), false), cards("AS 3S KS 3H 2H 2C JK"));
    assert_eq!(sorted_hand(hand.iter().copied(), true), cards("AS 3S 3H KS 2H 2C JK"));
    // Two copies of a card (two packs): each its own position.
    let hand = cards("7S 7S 7D 7C");
    assert_eq!(positions_of(&hand, cards("7S 7S 7C")), 0b1011);
    assert_eq!(hinted_cards(&Action::Discard(card("7D")), &hand), Some(0b0100));
    assert_eq!(hinted_cards(&Action::Discard(card("9D")), &hand), None, "not in the hand");
    assert_eq!(hinted_cards(&Action::DrawStock, &hand), None, "no card from the hand");
    assert_eq!(cards_at(&hand, 0b1010), cards("7S 7C"));
}

#[test]
fn reaching_the_target_ends_the_game_with_its_summary() {
    // docs/rules/programmes.md §7.1: the first to complete the target wins at once.
    let mut s = session(["easy", "human"], json!([deal(READY, ["P18", "P07"], "2C", "AS")]), json!({ "target": 1 }), &[(1, "draw stock")]);
    s.play(1, "reveal 4H 5H 6H 7H", true).expect("a legal reveal");
    let t = turn(&s);
    assert!(t.finished);
    assert_eq!(t.pending, Some(1), "the round's summary waits");
    let seen = seen(&s);
    assert_eq!(Bottom::of(t, seen), Bottom::Hand, "the table stays until the summary is read");
    assert_eq!(Prompt::of(t, seen, &Offer::default(), None, &s.people()), None);
    let (report, last) = tapis::model::programmes::summary(&s, t, Some(1)).expect("a summary");
    assert!(last);
    assert_eq!(report.game_end, Some(GameEnd::Target { seat: 1 }));
    assert!(report.rows[1].completed);
    // Not before the table has shown the end.
    assert!(tapis::model::programmes::summary(&s, Turn { caught_up: false, ..t }, Some(1)).is_none());
    let ending = Ending::of(s.programmes().unwrap()).expect("the game is over");
    assert_eq!((ending.end, ending.winner, ending.programs_done), (GameEnd::Target { seat: 1 }, Some(1), vec![0, 1]));

    s.close_summary();
    assert_eq!(Bottom::of(turn(&s), self::seen(&s)), Bottom::Nothing, "the result instead of the hand");
}

#[test]
fn the_log_shows_the_last_events_told_and_the_moment_held() {
    let s = ready(&[(1, "draw stock"), (1, "reveal 4H 5H 6H 7H"), (1, "discard AS")]);
    let g = s.programmes().unwrap();
    let all = g.events().len();
    let (from, shown) = tapis::model::programmes::log_window(g, all, 2);
    assert_eq!((from, shown.len()), (all - 2, 2));
    assert!(matches!(shown[1], Event::Discarded { seat: 1, .. }));
    // The stage has told fewer events: the window ends there.
    let (from, shown) = tapis::model::programmes::log_window(g, all - 1, 10);
    assert_eq!(from + shown.len(), all - 1);
    assert!(matches!(shown.last(), Some(Event::Revealed { seat: 1, .. })));
    let revealed = g.events().iter().position(|e| matches!(e, Event::Revealed { .. })).unwrap();
    assert!(matches!(tapis::model::programmes::moment(g, revealed), Some(Event::Revealed { seat: 1, .. })));
}

#[test]
fn with_only_the_discard_piles_card_left_the_prompt_asks_to_lay_it() {
    // docs/rules/programmes.md §5.4: revealing 4♥ 5♥ 6♥ 7♥ with the 8♥ just taken from the discard
    // pile is legal; the 8♥ cannot be discarded and must then extend the run.
    let deals = json!([deal("4H 5H 6H 7H", ["P18", "P07"], "8H", "AS")]);
    let s = session(["easy", "human"], deals, json!({}), &[(1, "draw discard"), (1, "reveal 4H 5H 6H 7H")]);
    let o = offer(&s);
    assert!(o.discards.is_empty());
    assert_eq!(Prompt::of(turn(&s), seen(&s), &o, None, &s.people()), Some(Prompt::LayOut));
    let m = selection_moves(s.programmes().unwrap(), 1, &o, &cards("8H"));
    assert_eq!(m.discard, Err(Why::TakenFromDiscard(card("8H"))));
    assert_eq!(m.extends.iter().map(|(meld, p)| (*meld, p.card)).collect::<Vec<_>>(), [(0, card("8H"))]);
}
