//! Programmes combinations, reveals and melds, case by case (docs/rules/programmes.md §2 on runs,
//! sets, wild cards and aces, §3 on programs and their constraints, §5.2–5.3 on revealing and
//! melding).
//!
//! Table tests: each row is a hand, a program card of the deck (`programs.json`), what is laid
//! down, and the verdict — accepted, or refused with words the reason must contain. Then the reveal
//! finder: the canonical list (docs/rules/programmes.md §5.2) against the rules, on chosen and
//! random hands.

use rand::Rng;
use tapis::engine::card_multiset::CardMultiset;
use tapis::engine::cards::{Card, Suit};
use tapis::engine::programmes::melds::{combination_shape, Meld, Shape};
use tapis::engine::programmes::program_deck::{rank_at, CombinationKind};
use tapis::engine::programmes::reveal::{canonical_reveals, check_reveal, find_reveal, Combinations, MAX_LISTED_REVEALS};
use tapis::engine::programmes::{deck, is_wild, End, Placed, ProgramId, Programmes};
use tapis::engine::rng::{index_below, seeded, shuffle};

fn hand(text: &str) -> CardMultiset {
    text.split_whitespace().map(|t| t.parse::<Card>().unwrap()).collect()
}

fn program(id: &str) -> ProgramId {
    id.parse().unwrap()
}

/// `"7H 7S 2S=7D | 4S 5S"` → combinations.
fn combos(text: &str) -> Combinations {
    text.split(" | ").map(|c| c.split(' ').map(|p| p.parse::<Placed>().unwrap()).collect()).collect()
}

fn text(c: &Combinations) -> String {
    c.iter().map(|m| m.iter().map(|p| p.to_string()).collect::<Vec<_>>().join(" ")).collect::<Vec<_>>().join(" | ")
}

// ---------------------------------------------------------------------------------------------
// Combinations
// ---------------------------------------------------------------------------------------------

#[test]
fn what_a_run_and_a_set_are() {
    // (cards, Ok(shape) | Err(words))
    let rows: &[(&str, Result<&str, &str>)] = &[
        // Sets: one rank, any suits, copies allowed, wilds written with their value.
        ("7H 7S 2S=7D JK=7C", Ok("set 7")),
        ("7H 7H 7S", Ok("set 7")),
        ("7H JK=7H 2C=7S", Ok("set 7")),
        ("KD KD KC KS KH", Ok("set K")),
        // Runs: one suit, consecutive, ascending; ace low or high; the two only as a wild.
        ("4S 5S JK=6S 7S", Ok("run S 4-7")),
        ("AS 2H=2S 3S", Ok("run S 1-3")),
        ("QH KH AH", Ok("run H 12-14")),
        ("10D JD QD KD AD", Ok("run D 10-14")),
        ("2C=AC 2D=2C 3C", Ok("run C 1-3")),
        ("AS 2S=2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", Ok("run S 1-13")),
        // Refusals.
        ("7H 7S", Err("at least 3 cards")),
        ("JK=7S 2H=7D 2C=7C", Err("at least one natural")),
        ("7S 2H 7C", Err("a two is always wild")),
        ("7S JK 7C", Err("a joker is wild")),
        ("7S 7H=7D 7C", Err("only jokers and twos are wild")),
        ("7S JK=JK 7C", Err("not a joker")),
        ("7S 8S 7C", Err("neither a set")),
        ("4S 6S 5S", Err("ascending order")),
        ("7S 6S 5S", Err("ascending order")),
        ("KS AS 2H=2S", Err("no wrap-around")),
        ("JS QS KS AS 2H=2S", Err("no wrap-around")),
        ("AS 2S=2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", Err("at most 13")),
        ("4S 5H 6S", Err("neither a set")),
    ];
    for (cards, expected) in rows {
        let placed: Vec<Placed> = cards.split(' ').map(|p| p.parse().unwrap()).collect();
        let got = combination_shape(&placed);
        match (expected, got) {
            (Ok(shape), Ok(s)) => {
                let s = match s {
                    Shape::Set { rank } => format!("set {}", rank.label()),
                    Shape::Run { suit, low, high } => format!("run {} {low}-{high}", suit.letter()),
                };
                assert_eq!(&s, shape, "{cards}");
            }
            (Err(words), Err(e)) => assert!(e.to_string().contains(words), "{cards}: '{e}' should say '{words}'"),
            (e, g) => panic!("{cards}: expected {e:?}, got {g:?}"),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Reveals against program constraints
// ---------------------------------------------------------------------------------------------

#[test]
fn reveals_follow_every_kind_of_directive() {
    // (program, hand, reveal, Ok | Err(words))
    let rows: &[(&str, &str, &str, Result<(), &str>)] = &[
        // P07 a run of 4 (exact length, any suit).
        ("P07", "4S 5S 6S 7S 8S", "4S 5S 6S 7S", Ok(())),
        ("P07", "4S 5S 6S 7S 8S", "4S 5S 6S 7S 8S", Err("5 cards")),
        ("P07", "4S 5S 6S 7S 8S", "5S 6S 7S", Err("3 cards")),
        ("P07", "4S 5S 7S JK", "4S 5S JK=6S 7S", Ok(())),
        ("P07", "4S 5S 7S JK", "4S 5S JK=6S 7S | 4S 5S 7S", Err("asks for 1 combination, not 2")),
        ("P07", "7H 7S 7D 7C", "7H 7S 7D 7C", Err("it is a set")),
        // P19 a set of 4 kings (exact size, copies allowed).
        ("P19", "KH KH KS JK", "KH KH KS JK=KC", Ok(())),
        ("P19", "KH KH KS JK", "KH KS JK=KC", Err("3 cards")),
        ("P19", "KH KS JK 2D", "KH JK=KS 2D=KD KS", Ok(())),
        // Multiplier: P32 two sets of 3 in black (two separate combinations).
        ("P32", "9C 9S JK 5S 5C 5S", "9C 9S JK=9C | 5S 5C 5S", Ok(())),
        ("P32", "9C 9S JK 5S 5C 5S", "9C 9S JK=9C 5S 5C 5S", Err("asks for 2 combinations, not 1")),
        ("P32", "9C 9S JK 5S 5C 5S", "9C 9S JK=9C", Err("asks for 2 combinations, not 1")),
        // Two directives differing by their suits: P01 a black set and a red set.
        ("P01", "9C 9S JK 5H 5D 5H", "5H 5D 5H | 9C 9S JK=9S", Ok(())),
        ("P01", "9C 9S JK 5H 5D 5H", "5H 5D 5H | 9C 9S JK=9H", Err("fits no directive")),
        // Several directives: P14 a set of 3 and a run of 4, in either order.
        ("P14", "9H 9S 9D 4C 5C 6C 7C", "9H 9S 9D | 4C 5C 6C 7C", Ok(())),
        ("P14", "9H 9S 9D 4C 5C 6C 7C", "4C 5C 6C 7C | 9H 9S 9D", Ok(())),
        ("P14", "9H 9S 9D 9C 4C 5C 6C", "9H 9S 9D 9C | 4C 5C 6C", Err("fits no directive")),
        ("P11", "4C 5C 6C 4H 5H 6H", "4C 5C 6C | 4H 5H 6H", Ok(())),
        ("P17", "4C 5C 6C 4H 5H 6H 7H 8H", "4H 5H 6H 7H 8H | 4C 5C 6C", Ok(())),
        ("P17", "4C 5C 6C 7C 4H 5H 6H 7H", "4C 5C 6C 7C | 4H 5H 6H 7H", Err("fits no directive")),
        // Imposed values: P18 three aces; P20 five fives; P33 3-4-5 of spades; P34 10-J-Q-K-A;
        // P35 A-2-3-4 (the two always wild).
        ("P18", "AS AH JK", "AS AH JK=AD", Ok(())),
        ("P18", "KS KH JK", "KS KH JK=KD", Err("set of K")),
        ("P20", "2S 5H 5C 5S 2H", "2S=5D 5H 5C 5S 2H=5H", Ok(())),
        ("P33", "3S 4S 5S", "3S 4S 5S", Ok(())),
        ("P33", "3S 4S 5S 6S", "4S 5S 6S", Err("imposed")),
        ("P33", "3H 4H 5H", "3H 4H 5H", Err("in ♥")),
        ("P34", "10D JD QD KD AD", "10D JD QD KD AD", Ok(())),
        ("P34", "9D 10D JD QD KD", "9D 10D JD QD KD", Err("imposed")),
        ("P35", "AC 2H 3C 4C", "AC 2H=2C 3C 4C", Ok(())),
        // Permitted suits: P27 hearts only; P28 red; P31 a set of 4 in red suits (a wild by the
        // suit it stands for); P32 two black sets.
        ("P27", "4H 5H 6H 7H", "4H 5H 6H 7H", Ok(())),
        ("P27", "4S 5S 6S 7S", "4S 5S 6S 7S", Err("in ♠")),
        ("P28", "4D 5D 6D 7D 8D", "4D 5D 6D 7D 8D", Ok(())),
        ("P31", "9H 9D 9H JK", "9H 9D 9H JK=9D", Ok(())),
        ("P31", "9H 9D 9H JK", "9H 9D 9H JK=9S", Err("permitted suit")),
        ("P31", "9H 9D 9S 9D", "9H 9D 9S 9D", Err("permitted suit")),
        ("P32", "9S 9C 9S QC QS JK", "9S 9C 9S | QC QS JK=QC", Ok(())),
        // Wilds forbidden: P26 three natural sevens; P24 natural run; P22 two natural sets.
        ("P26", "7H 7C 7S", "7H 7C 7S", Ok(())),
        ("P26", "7H 7C JK", "7H 7C JK=7S", Err("wild")),
        ("P24", "4S 5S 6S 2H", "4S 5S 6S 2H=7S", Err("wild")),
        ("P22", "AC AS AH 8H 8C 8S", "AC AS AH | 8H 8C 8S", Ok(())),
        ("P37", "8H 8C 8S 4C 5C 7C JK", "8H 8C 8S | 4C 5C JK=6C 7C", Ok(())),
        ("P37", "8H 8C JK 4C 5C 6C 7C", "8H 8C JK=8S | 4C 5C 6C 7C", Err("fits no directive")),
        // Cards must be in the hand, each copy counted.
        ("P03", "9H 9S 9D 9C", "9H 9S 9D 9C", Ok(())),
        ("P03", "9H 9S 9D JK", "9H 9S 9D JK=9C", Err("wild")),
        ("P03", "9H 9S 9D 9C", "9H 9H 9S 9D", Err("does not hold that many 9H")),
        ("P03", "9H 9S 9D 9C", "9H 9S 9D JK=9C", Err("does not hold JK")),
        // Suns are never revealed: they count at once.
        ("SUN1", "9H 9S 9D", "9H 9S 9D", Err("asks for 0 combinations")),
    ];
    for (id, h, reveal, expected) in rows {
        let got = check_reveal(hand(h), program(id).card(), &combos(reveal));
        match (expected, got) {
            (Ok(()), Ok(_)) => {}
            (Err(words), Err(e)) => assert!(e.to_string().contains(words), "{id} '{reveal}': '{e}' should say '{words}'"),
            (e, g) => panic!("{id} with {h}, '{reveal}': expected {e:?}, got {g:?}"),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Extending melds
// ---------------------------------------------------------------------------------------------

#[test]
fn melds_extend_at_their_ends_or_by_their_rank() {
    let meld = |cards: &str| {
        let placed: Vec<Placed> = cards.split(' ').map(|p| p.parse().unwrap()).collect();
        Meld::new(0, combination_shape(&placed).unwrap(), &placed, None)
    };
    // (meld, card, Ok(end) | Err(words))
    let rows: &[(&str, &str, Result<End, &str>)] = &[
        ("4S 5S 6S", "3S", Ok(End::Low)),
        ("4S 5S 6S", "7S", Ok(End::High)),
        ("4S 5S 6S", "JK=3S", Ok(End::Low)),
        ("4S 5S 6S", "2D=7S", Ok(End::High)),
        ("4S 5S 6S", "8S", Err("does not extend")),
        ("4S 5S 6S", "7H", Err("run of ♠")),
        ("4S 5S 6S", "JK=5S", Err("does not extend")),
        ("3S 4S 5S", "2H=2S", Ok(End::Low)),
        ("3S 4S 5S", "2S", Err("always wild")),
        ("2H=2S 3S 4S", "AS", Ok(End::Low)),
        ("JS QS KS", "AS", Ok(End::High)),
        ("QS KS AS", "JK=2S", Err("does not extend")),
        ("AS 2H=2S 3S", "KS", Err("does not extend")),
        ("2H=2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", "AS", Ok(End::Low)),
        ("AS 2H=2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", "AS", Err("already holds 13")),
        ("7H 7S 7D", "7C", Ok(End::Set)),
        ("7H 7S 7D", "7H", Ok(End::Set)),
        ("7H 7S 7D", "JK=7C", Ok(End::Set)),
        ("7H 7S 7D", "8C", Err("set of 7")),
        ("7H 7S 7D", "JK=8C", Err("set of 7")),
    ];
    for (m, card, expected) in rows {
        let got = meld(m).extension_end(3, card.parse().unwrap());
        match (expected, got) {
            (Ok(end), Ok(e)) => assert_eq!(*end, e, "{m} + {card}"),
            (Err(words), Err(e)) => assert!(e.to_string().contains(words), "{m} + {card}: '{e}' should say '{words}'"),
            (e, g) => panic!("{m} + {card}: expected {e:?}, got {g:?}"),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The reveal finder (docs/rules/programmes.md §5.2: the canonical reveals)
// ---------------------------------------------------------------------------------------------

fn listed(id: &str, h: &str) -> Vec<String> {
    canonical_reveals(hand(h), program(id).card(), MAX_LISTED_REVEALS).iter().map(text).collect()
}

#[test]
fn the_finder_lists_one_reveal_per_distinct_lay_down() {
    // Naturals before wilds: with 4H to 7H held, no wild stands for one of them; the joker may
    // stretch the run at either end. Runs are listed by suit, then by their lowest value.
    assert_eq!(listed("P07", "4H 5H 6H 7H JK"), ["JK=3H 4H 5H 6H", "4H 5H 6H 7H", "5H 6H 7H JK=8H"]);
    // Copies are the same card: which 8H is laid makes no difference (one listing per choice of
    // suits); a set's naturals come in card order.
    assert_eq!(listed("P26", "7H 7H 7C 7S"), ["7S 7H 7H", "7S 7H 7C", "7H 7H 7C"]);
    // Wilds are interchangeable: the hand's first wilds in card order (2♦ before the joker), each
    // standing for a suit the set holds fewest of.
    assert_eq!(listed("P19", "KH KS JK 2D"), ["KS KH 2D=KD JK=KC"]);
    // Two identical directives: each pair of shapes once, whatever order they are found in.
    assert_eq!(
        listed("P02", "9H 9S JK 5D 5C 5S 5H 3S 3H 3D"),
        [
            "3S 3H 3D | 5S 5H 5D | 9S 9H JK=9D",
            "3S 3H 3D | 5S 5H 5C | 9S 9H JK=9D",
            "3S 3H 3D | 5S 5D 5C | 9S 9H JK=9D",
            "3S 3H 3D | 5H 5D 5C | 9S 9H JK=9D",
        ]
    );
    // Two runs sharing naturals and wilds: every distinct pair of runs.
    let runs = listed("P11", "4H 5H 6H 7H 2C JK");
    assert_eq!(runs.len(), 6, "{runs:?}");
    assert!(runs.contains(&"4H 5H 6H | 7H 2C=8H JK=9H".to_string()), "{runs:?}");
    // No reveal at all: an empty list.
    assert!(listed("P25", "4S 5S 6S 7S 2H").is_empty());
    assert!(listed("SUN1", "4S 5S 6S 7S 2H").is_empty());
}

#[test]
fn the_finder_lists_only_valid_reveals_and_finds_one_whenever_one_exists() {
    // Random hands of 14 cards for every program: every listed reveal passes the check, the
    // list holds no duplicate, and it is empty exactly when `find_reveal` finds nothing.
    let pack: Vec<Card> = CardMultiset::PACK_108.iter().collect();
    let mut rng = seeded(11);
    let mut with_reveal = 0;
    for round in 0..3000 {
        let mut cards = pack.clone();
        shuffle(&mut cards, &mut rng);
        let h: CardMultiset = cards[..14].iter().copied().collect();
        let id = deck().ids().filter(|p| !p.is_sun()).nth(round % 40).unwrap();
        let list = canonical_reveals(h, id.card(), MAX_LISTED_REVEALS);
        let found = find_reveal(h, id.card());
        assert_eq!(list.is_empty(), found.is_none(), "{id} with {h:?}");
        if let Some(f) = &found {
            check_reveal(h, id.card(), f).unwrap_or_else(|e| panic!("{id} {h:?} '{}': {e}", text(f)));
            with_reveal += 1;
        }
        let mut seen = std::collections::HashSet::new();
        for r in &list {
            check_reveal(h, id.card(), r).unwrap_or_else(|e| panic!("{id} {h:?} listed '{}': {e}", text(r)));
            assert!(seen.insert(text(r)), "{id} {h:?}: '{}' listed twice", text(r));
        }
    }
    assert!(with_reveal > 300, "only {with_reveal} hands could reveal");
}

/// A random valid reveal of `id`, built card by card, and the hand that holds it plus `extra`
/// random cards; None when the pack runs out of a card.
fn random_reveal(id: ProgramId, extra: usize, rng: &mut tapis::engine::rng::GameRng) -> Option<(CardMultiset, Combinations)> {
    let mut pack = CardMultiset::PACK_108;
    let mut combos = Vec::new();
    let wilds = ["2S", "2H", "2D", "2C", "JK"].map(|w| w.parse::<Card>().unwrap());
    let take_wild = |pack: &mut CardMultiset, rng: &mut tapis::engine::rng::GameRng| -> Option<Card> {
        let w = wilds[index_below(5, rng)];
        pack.remove(w).then_some(w)
    };
    for d in &id.card().directives {
        for _ in 0..d.count {
            let suits: Vec<Suit> = d.suits.suits().collect();
            let mut combo = Vec::new();
            let values: Vec<Card> = match d.kind {
                CombinationKind::Run => {
                    let suit = suits[index_below(suits.len(), rng)];
                    let low = d.low.unwrap_or(1 + index_below(15 - d.length as usize, rng) as u8);
                    (low..low + d.length).map(|p| Card::new(rank_at(p), suit)).collect()
                }
                CombinationKind::Set => {
                    let rank = d.rank.unwrap_or_else(|| loop {
                        let r = tapis::engine::cards::Rank::from_index(index_below(13, rng));
                        if r != tapis::engine::cards::Rank::TWO {
                            break r;
                        }
                    });
                    (0..d.length).map(|_| Card::new(rank, suits[index_below(suits.len(), rng)])).collect()
                }
            };
            let anchor = loop {
                let i = index_below(values.len(), rng);
                if !is_wild(values[i]) {
                    break i;
                }
            };
            for (i, &v) in values.iter().enumerate() {
                let natural = !is_wild(v) && (i == anchor || !d.wilds || rng.random_bool(0.7));
                if natural {
                    if !pack.remove(v) {
                        return None;
                    }
                    combo.push(Placed::natural(v));
                } else {
                    if !d.wilds {
                        return None;
                    }
                    combo.push(Placed::wild(take_wild(&mut pack, rng)?, v));
                }
            }
            combos.push(combo);
        }
    }
    let mut h: CardMultiset = combos.iter().flatten().map(|p| p.card).collect();
    let mut rest: Vec<Card> = pack.iter().collect();
    shuffle(&mut rest, rng);
    for c in rest.into_iter().take(extra) {
        h.insert(c);
    }
    Some((h, combos))
}

#[test]
fn every_valid_reveal_is_matched_by_a_listed_one() {
    // For random valid reveals of every program, in a hand with random other cards: the engine
    // accepts it, and the canonical list is not empty (so the legal actions always offer a way
    // to reveal when the hand allows one).
    let mut rng = seeded(5);
    let mut checked = 0;
    for i in 0..4000 {
        let id = deck().ids().filter(|p| !p.is_sun()).nth(i % 40).unwrap();
        let extra = 14usize.saturating_sub(id.card().cards_required()).min(index_below(6, &mut rng));
        let Some((h, reveal)) = random_reveal(id, extra, &mut rng) else { continue };
        check_reveal(h, id.card(), &reveal).unwrap_or_else(|e| panic!("{id} '{}': {e}", text(&reveal)));
        let list = canonical_reveals(h, id.card(), MAX_LISTED_REVEALS);
        assert!(!list.is_empty(), "{id}: '{}' is valid but nothing is listed for {h:?}", text(&reveal));
        checked += 1;
    }
    assert!(checked > 3000, "{checked}");
}

// ---------------------------------------------------------------------------------------------
// After revealing: new sets and extensions offered
// ---------------------------------------------------------------------------------------------

#[test]
fn new_sets_use_naturals_before_wilds() {
    let sets = |h: &str| -> Vec<String> {
        Programmes::new_sets(hand(h)).iter().map(|m| m.iter().map(|p| p.to_string()).collect::<Vec<_>>().join(" ")).collect()
    };
    assert_eq!(sets("9S 9H 9D"), ["9S 9H 9D"]);
    assert_eq!(sets("9S 9H JK"), ["9S 9H JK=9D"]);
    assert_eq!(sets("9S 9H 9D JK"), ["9S 9H 9D", "9S 9H 9D JK=9C"]);
    assert_eq!(sets("9S JK JK"), ["9S JK=9H JK=9D"]);
    assert!(sets("9S 9H 4D").is_empty());
    assert!(sets("JK JK 2S").is_empty(), "no natural, no set");
}

#[test]
fn a_new_set_is_composed_from_the_selected_cards() {
    // docs/rules/programmes.md §5.3: after revealing, a new meld is a set of one rank, three cards
    // or more, with at least one natural card; each wild stands for that rank.
    use tapis::engine::cards::Rank;
    use tapis::engine::programmes::melds::{compose_set, ShapeError};
    let cards = |s: &str| s.split(' ').map(|c| c.parse::<Card>().unwrap()).collect::<Vec<_>>();
    let set = compose_set(&cards("JK 7H 2C 7S")).unwrap();
    assert_eq!(combination_shape(&set), Ok(Shape::Set { rank: Rank::SEVEN }), "{set:?}");
    let mut laid: Vec<Card> = set.iter().map(|p| p.card).collect();
    laid.sort();
    let mut given = cards("JK 7H 2C 7S");
    given.sort();
    assert_eq!(laid, given, "every selected card is laid once");
    // The wilds take the suits the set holds fewest of: here the two suits it lacks.
    let wild_suits: Vec<_> = set.iter().filter_map(|p| p.stands_for).map(|c| c.suit_unchecked()).collect();
    assert_eq!(wild_suits.len(), 2);
    assert!(wild_suits.iter().all(|s| !set.iter().any(|p| p.stands_for.is_none() && p.card.suit_unchecked() == *s)));
    assert_ne!(wild_suits[0], wild_suits[1]);
    assert!(matches!(compose_set(&cards("7H 7S")), Err(ShapeError::TooFew(_))));
    assert!(matches!(compose_set(&cards("JK 2S 2H")), Err(ShapeError::NoNatural(_))));
    assert!(matches!(compose_set(&cards("7H 8H 9H")), Err(ShapeError::Neither(_))));
}
