//! What Bonanza's table shows, as plain data built from the session and the few things the page
//! knows besides (the seat whose cards a shared device shows, the event the stage holds, how much
//! of the game the table has told): whose turn it is and who may act, the plates, the hand and its
//! playable cards, the decisions, the box beside the wheel, the announcement and the log's
//! events, how the game ended. The moment the stage holds is in [`moment`], the deal's story in
//! [`story`]. The words are the view's (`app::bonanza::text`).

pub mod moment;
pub mod story;

use crate::engine::bonanza::race::by_race_order;
use crate::engine::bonanza::{Action, Bonanza, Call, Event, GameEnd, Phase, Space};
use crate::engine::cards::{Card, CardSet, Suit};
use crate::engine::game::{Chips, Game, Seat};

use super::plate::SeatView;
use super::session::{Humans, Session};

/// Whose turn the table marks, whose cards the screen shows, and whether the person at it may act
/// now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Turn {
    /// The seat marked to move (nobody while the table holds a moment).
    pub to_move: Option<Seat>,
    /// Whose cards the screen shows (see [`Humans::viewer`]).
    pub viewer: Option<Seat>,
    /// A shared device hides the hand (see [`Humans::covered`]).
    pub covered: bool,
    /// The person at the screen may decide now.
    pub mine: bool,
}

/// The turn on `s`'s table as shown: the seat to move is marked unless the table holds a moment
/// (`holding`); a person to move at this screen sees their own cards. `revealed`: the seat whose
/// cards a shared device shows; `ready`: nothing else waits (asked last: the table has caught up,
/// no dialog is open, the move is not played for the person).
pub fn turn(s: &Session, humans: Humans, holding: bool, revealed: Option<Seat>, ready: impl FnOnce() -> bool) -> Turn {
    let to_move = s.shown().to_move().filter(|_| !holding);
    let person = to_move.filter(|&m| humans.plays(m));
    let summary = s.pending_summary().is_some();
    let viewer = humans.viewer(person, revealed);
    let covered = humans.covered(person, revealed, summary);
    // Never on a position shown read-only (e.g. a review: its choices would take the focus, and
    // scroll the page, at each step).
    let mine = !s.read_only && viewer.is_some() && to_move == viewer && !summary && !covered && ready();
    Turn { to_move, viewer, covered, mine }
}

/// What the turn prompt says (the words are the view's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prompt {
    /// Nothing (the game is over, a summary waits, nobody is marked).
    Silent,
    /// The person at the screen decides.
    Mine,
    /// Someone else decides.
    Waiting(Seat),
}

/// The prompt for `turn` on `s`'s table: none once the game is over or while a summary waits.
pub fn prompt(s: &Session, turn: &Turn) -> Prompt {
    match turn.to_move {
        _ if s.table.is_finished() || s.pending_summary().is_some() => Prompt::Silent,
        None => Prompt::Silent,
        Some(_) if turn.mine => Prompt::Mine,
        Some(seat) => Prompt::Waiting(seat),
    }
}

/// The events of the deal in progress (from its ante on).
pub fn deal_events(events: &[Event]) -> &[Event] {
    let start = events.iter().rposition(|e| matches!(e, Event::Anted { .. })).unwrap_or(0);
    &events[start..]
}

/// A poker hand from its best card down (the joker first, then the aces).
pub fn poker_order(cards: &[Card]) -> Vec<Card> {
    let set: CardSet = cards.iter().copied().collect();
    let mut ordered: Vec<Card> = set.contains(Card::JOKER).then_some(Card::JOKER).into_iter().collect();
    for rank in [0].into_iter().chain((1..13).rev()) {
        ordered.extend((0..4).map(|suit| Card::from_index(suit * 13 + rank)).filter(|&c| set.contains(c)));
    }
    ordered
}

/// The hand in the race's order: suit by suit (♠ ♥ ♣ ♦, the colours alternating), from the two
/// up to the ace, the joker last.
pub fn race_order(hand: CardSet) -> Vec<Card> {
    let mut cards = Vec::with_capacity(hand.len());
    for suit in [Suit::Spades, Suit::Hearts, Suit::Clubs, Suit::Diamonds] {
        cards.extend(by_race_order(hand & CardSet::of_suit(suit)));
    }
    if hand.contains(Card::JOKER) {
        cards.push(Card::JOKER);
    }
    cards
}

/// The hand the screen shows: the viewer's, in the race's order (none without a viewer).
pub fn hand(g: &Bonanza, viewer: Option<Seat>) -> Vec<Card> {
    viewer.map(|v| race_order(g.hand(v))).unwrap_or_default()
}

/// Whether the deal is at its race (the hand is played card by card, no decision bar).
pub fn racing(phase: Phase) -> bool {
    matches!(phase, Phase::Lead | Phase::Follow(_))
}

/// The engine's legal actions for the person at the screen: none unless they may act (`mine`).
pub fn legal(g: &Bonanza, mine: bool) -> Vec<Action> {
    if mine {
        g.legal_actions()
    } else {
        Vec::new()
    }
}

/// The decisions of the bar: the legal actions outside the race.
pub fn decisions(phase: Phase, legal: &[Action]) -> Vec<Action> {
    if racing(phase) {
        Vec::new()
    } else {
        legal.to_vec()
    }
}

/// The cards the hand may play: those of the legal actions.
pub fn playable(legal: &[Action]) -> CardSet {
    legal.iter().filter_map(|a| if let Action::Play(c) = a { Some(*c) } else { None }).collect()
}

/// What a call costs the viewer at the poker (0 without a viewer).
pub fn to_call(g: &Bonanza, viewer: Option<Seat>) -> Chips {
    viewer.map_or(0, |v| g.betting().bet - g.betting().put_in[v])
}

/// What a plate's line says of a seat, in the game's terms (the view words it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Note {
    /// Out of the game (the only note then).
    Out,
    Passed,
    Offers(Chips),
    NoPoker,
    Folded,
    InFor(Chips),
    HasWidow,
}

/// The plate's notes for a seat: out of the game, its offer or pass in the auction, its bets at
/// the poker, the widow in its hand.
pub fn seat_notes(g: &Bonanza, seat: Seat) -> Vec<Note> {
    if g.is_out(seat) {
        return vec![Note::Out];
    }
    let mut notes = Vec::new();
    let bit = 1 << seat;
    match g.phase() {
        Phase::Auction => {
            let a = g.auction();
            if a.passed & bit != 0 {
                notes.push(Note::Passed);
            } else if a.high_bidder == Some(seat) {
                notes.push(Note::Offers(a.high_bid));
            }
        }
        Phase::Poker => {
            let b = g.betting();
            if b.participants & bit == 0 {
                notes.push(Note::NoPoker);
            } else if b.folded & bit != 0 {
                notes.push(Note::Folded);
            } else if b.put_in[seat] > 0 {
                notes.push(Note::InFor(b.put_in[seat]));
            }
        }
        _ => {}
    }
    if g.widow_holder() == Some(seat) {
        notes.push(Note::HasWidow);
    }
    notes
}

/// The seat plates, as `viewer` sees the table (`thinking`: the computer seat being worked out;
/// `words`: a plate's notes as its line). At a call the table does not learn who is asked:
/// nobody but the viewer is marked to move.
pub fn plates(s: &Session, viewer: Option<Seat>, thinking: Option<Seat>, words: impl Fn(&[Note]) -> Option<String>) -> Vec<SeatView> {
    let Some(g) = s.bonanza() else { return Vec::new() };
    let people = s.people();
    let hidden_turn = matches!(g.phase(), Phase::Call(_));
    (0..s.seats.len())
        .map(|seat| {
            let marked = !hidden_turn || viewer == Some(seat);
            SeatView {
                seat,
                person: people.of(seat),
                kind: s.seats[seat],
                chips: Some(g.chips()[seat]),
                cards: g.hand(seat).len(),
                note: words(&seat_notes(g, seat)),
                shown: g.known(seat).by_rank(),
                dealer: g.dealer() == seat && !g.is_out(seat),
                to_move: marked && g.to_move() == Some(seat),
                thinking: marked && thinking == Some(seat),
                viewer: viewer == Some(seat),
            }
        })
        .collect()
}

/// Which box sits beside the wheel (kept while the phase only changes its card).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PhaseBox {
    Widow,
    Call(Call),
    Poker,
    Race,
    #[default]
    None,
}

impl PhaseBox {
    pub fn of(phase: Phase) -> PhaseBox {
        match phase {
            Phase::Widow | Phase::Auction => PhaseBox::Widow,
            Phase::Call(call) => PhaseBox::Call(call),
            Phase::Poker => PhaseBox::Poker,
            Phase::Lead | Phase::Follow(_) => PhaseBox::Race,
            Phase::GameOver => PhaseBox::None,
        }
    }
}

/// The space lit on the wheel: the held moment's (`moment`: `Some` while one is held), else the
/// call's in progress.
pub fn current_space(phase: Phase, moment: Option<Option<Space>>) -> Option<Space> {
    match (moment, phase) {
        (Some(space), _) => space,
        (None, Phase::Call(call)) => Some(call.space()),
        (None, Phase::Poker) => Some(Space::Poker),
        (None, _) => None,
    }
}

/// An event as the log and the announcement tell it: its index in the game's log, and for a
/// stop, whether the missing card was played earlier in the deal (rather than lying in the dead
/// hand).
#[derive(Clone, Debug, PartialEq)]
pub struct Told {
    pub index: usize,
    pub event: Event,
    pub missing_played: bool,
}

/// Whether the card missing at a stop is among `played` (the deal's plays up to the stop).
fn missing_played(event: &Event, played: CardSet) -> bool {
    matches!(event, Event::Stop { missing: Some(m), .. } if played.contains(*m))
}

/// The log's window: the last `length` of the first `told` events (what the table has told).
pub fn log_window(g: &Bonanza, told: usize, length: usize) -> Vec<Told> {
    let events = &g.events()[..told.min(g.events().len())];
    let from = events.len().saturating_sub(length);
    let mut played = CardSet::EMPTY;
    let mut lines = Vec::with_capacity(events.len() - from);
    for (index, e) in events.iter().enumerate() {
        match e {
            Event::Anted { .. } => played = CardSet::EMPTY,
            Event::Played { card, .. } => played.insert(*card),
            _ => {}
        }
        if index >= from {
            lines.push(Told { index, event: e.clone(), missing_played: missing_played(e, played) });
        }
    }
    lines
}

/// Whether an event is announced to the table (shown large and read aloud), not a mere move.
pub fn is_announcement(event: &Event) -> bool {
    !matches!(
        event,
        Event::Anted { .. }
            | Event::Dealt { .. }
            | Event::Bid { .. }
            | Event::AuctionPass { .. }
            | Event::Checked { .. }
            | Event::Bet { .. }
            | Event::Called { .. }
            | Event::Raised { .. }
            | Event::Folded { .. }
            | Event::Played { .. }
            | Event::Paid { .. }
            | Event::Leftovers { .. }
    )
}

/// The table's announcement: the moment the stage holds (`held`), else the latest announcement
/// of this deal that the last move brought (its events start at `since`: an announcement leaves
/// once another move is made).
pub fn announcement(g: &Bonanza, held: Option<usize>, since: usize) -> Option<Told> {
    let events = g.events();
    let deal = deal_events(events);
    let start = events.len() - deal.len();
    let i = match held.filter(|&h| h >= start && h < events.len()) {
        Some(h) => h - start,
        None => deal.iter().rposition(is_announcement).filter(|&i| start + i >= since)?,
    };
    let played = deal[..i].iter().filter_map(|e| if let Event::Played { card, .. } = e { Some(*card) } else { None }).collect();
    Some(Told { index: start + i, event: deal[i].clone(), missing_played: missing_played(&deal[i], played) })
}

/// How the game ended, for the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct Ending {
    pub end: GameEnd,
    pub winner: Option<Seat>,
    pub chips: Vec<Chips>,
    /// What was left on the wheel and who got it.
    pub leftovers: Vec<Event>,
    /// The seats out of the game.
    pub out: Vec<Seat>,
}

/// How the game ended, once it has.
pub fn ending(g: &Bonanza) -> Option<Ending> {
    let events = g.events();
    let (end, winner, chips) = events.iter().rev().find_map(|e| match e {
        Event::GameOver { end, winner, chips } => Some((end.clone(), *winner, chips.clone())),
        _ => None,
    })?;
    let leftovers = events.iter().filter(|e| matches!(e, Event::Leftovers { .. })).cloned().collect();
    let out = (0..g.players()).filter(|&p| g.is_out(p)).collect();
    Some(Ending { end, winner, chips, leftovers, out })
}

/// What has been shown at the call in progress, in order: who, and the cards.
pub fn call_shows(g: &Bonanza) -> Vec<(Seat, Vec<Card>)> {
    let events = deal_events(g.events());
    let start = events.iter().rposition(|e| matches!(e, Event::CallOpened { .. })).unwrap_or(0);
    events[start..]
        .iter()
        .filter_map(|e| match e {
            Event::Shown { seat, cards, .. } => Some((*seat, cards.clone())),
            _ => None,
        })
        .collect()
}

/// The race's run in play, low to high, with who played each card and the index of that play in
/// the log (read back from this deal's plays).
pub fn race_run(g: &Bonanza) -> Vec<(Card, Option<(Seat, usize)>)> {
    let run = g.run();
    let mut who = Vec::new();
    for (i, e) in g.events().iter().enumerate().rev() {
        match e {
            Event::Played { seat, card } if run.contains(*card) => who.push((*card, (*seat, i))),
            Event::Anted { .. } => break,
            _ => {}
        }
    }
    by_race_order(run).into_iter().map(|c| (c, who.iter().find(|(card, _)| *card == c).map(|(_, by)| *by))).collect()
}

/// Amount buttons shown one by one up to this many; more become a stepper.
pub const MAX_AMOUNT_BUTTONS: usize = 6;

/// The actions that carry an amount.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verb {
    Bid,
    Bet,
    Raise,
}

impl Verb {
    /// The action of this kind for `n` chips.
    pub fn make(self, n: Chips) -> Action {
        match self {
            Verb::Bid => Action::Bid(n),
            Verb::Bet => Action::Bet(n),
            Verb::Raise => Action::Raise(n),
        }
    }

    /// The kind and amount of an action that carries one.
    pub fn of(action: &Action) -> Option<(Verb, Chips)> {
        match *action {
            Action::Bid(n) => Some((Verb::Bid, n)),
            Action::Bet(n) => Some((Verb::Bet, n)),
            Action::Raise(n) => Some((Verb::Raise, n)),
            _ => None,
        }
    }
}

/// One control of the decision bar.
#[derive(Clone, Debug, PartialEq)]
pub enum Choice {
    One(Action),
    /// A run of legal amounts of one kind, from `low` to `high`.
    Amounts {
        verb: Verb,
        low: Chips,
        high: Chips,
    },
}

/// The legal actions as the bar's controls, in the engine's order: a run of more than
/// [`MAX_AMOUNT_BUTTONS`] amounts of one kind becomes one stepper.
pub fn choices(legal: &[Action]) -> Vec<Choice> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < legal.len() {
        let Some((verb, low)) = Verb::of(&legal[i]) else {
            out.push(Choice::One(legal[i]));
            i += 1;
            continue;
        };
        let run = legal[i..].iter().take_while(|a| Verb::of(a).is_some_and(|(v, _)| v == verb)).count();
        if run > MAX_AMOUNT_BUTTONS {
            let high = Verb::of(&legal[i + run - 1]).map_or(low, |(_, n)| n);
            out.push(Choice::Amounts { verb, low, high });
        } else {
            out.extend(legal[i..i + run].iter().map(|a| Choice::One(*a)));
        }
        i += run;
    }
    out
}
