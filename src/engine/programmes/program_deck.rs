//! The program cards (docs/rules/programmes.md §3): the project's own deck, read from the data file
//! `programs.json` (compiled in), with stable ids that records use.
//!
//! A program is a list of [`Directive`]s; each asks for `count` separate combinations of exactly
//! `length` cards: runs (one suit, consecutive) or sets (one rank, any suits, copies allowed),
//! optionally with constraints — permitted suits, imposed values, wilds forbidden. Sun cards have
//! no directive: they count as completed programs at once.
//!
//! The types serialize in a form a view can draw from (kind, length, count, suits as letters,
//! imposed ranks as labels, whether wilds are allowed) and say themselves in English and French.

use std::fmt;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::engine::cards::{Rank, Suit};

/// The deck's data file.
pub const PROGRAMS_JSON: &str = include_str!("programs.json");

/// A run or a set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CombinationKind {
    /// Cards of one suit with consecutive values (ace low or high, no wrap-around).
    Run,
    /// Cards of one rank, any suits (copies of the same card allowed): the "pareilles" of
    /// docs/rules/programmes.md §2.2.
    Set,
}

/// A set of suits as a 4-bit mask (bit i: `Suit::from_index(i)`), written as letters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SuitMask(pub u8);

impl SuitMask {
    pub const ALL: SuitMask = SuitMask(0b1111);

    pub fn contains(self, suit: Suit) -> bool {
        self.0 & (1 << suit.index()) != 0
    }

    pub fn is_all(self) -> bool {
        self.0 == 0b1111
    }

    /// The suits in order ♠ ♥ ♦ ♣.
    pub fn suits(self) -> impl Iterator<Item = Suit> {
        Suit::ALL.into_iter().filter(move |&s| self.contains(s))
    }

    /// The first permitted suit (♠ ♥ ♦ ♣ order).
    pub fn first(self) -> Suit {
        self.suits().next().expect("a suit mask is never empty")
    }

    fn symbols(self) -> String {
        self.suits().map(|s| s.symbol().to_string()).collect::<Vec<_>>().join(" ")
    }
}

impl Serialize for SuitMask {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.suits().map(|s| s.letter().to_string()))
    }
}

impl<'de> Deserialize<'de> for SuitMask {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<SuitMask, D::Error> {
        let letters = Vec::<String>::deserialize(deserializer)?;
        let mut mask = 0;
        for l in letters {
            let suit = Suit::ALL
                .into_iter()
                .find(|s| s.letter().to_string() == l)
                .ok_or_else(|| serde::de::Error::custom(format!("'{l}' is not a suit (S H D C)")))?;
            mask |= 1 << suit.index();
        }
        if mask == 0 {
            return Err(serde::de::Error::custom("a directive permits at least one suit"));
        }
        Ok(SuitMask(mask))
    }
}

/// A run position: 1 is the ace low, 2…13 the two to the king, 14 the ace high.
pub type Position = u8;

/// The rank at a run position.
pub fn rank_at(position: Position) -> Rank {
    Rank::from_index(if position == 14 { 0 } else { position as usize - 1 })
}

/// One line of a program: `count` combinations of this kind and length, with its constraints.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Directive {
    pub kind: CombinationKind,
    /// Cards in each combination (exact).
    pub length: u8,
    /// How many separate combinations (the multiplier, 1 to 3).
    pub count: u8,
    /// Permitted suits: a run's suit, or every card of a set (a wild by the card it stands for).
    pub suits: SuitMask,
    /// A set's imposed rank.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rank: Option<Rank>,
    /// A run's imposed values, in order (the lowest position is `low`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ranks: Option<Vec<Rank>>,
    /// Whether jokers and twos may be used.
    pub wilds: bool,
    /// A run's imposed lowest position (from `ranks`).
    #[serde(skip)]
    pub low: Option<Position>,
}

impl Directive {
    /// English, e.g. "2 runs of 4 in ♠ ♣, no wilds".
    pub fn describe_en(&self) -> String {
        let plural = self.count > 1;
        let mut s = if self.count > 1 { format!("{} ", self.count) } else { "a ".to_string() };
        match self.kind {
            CombinationKind::Run => {
                s += if plural { "runs of " } else { "run of " };
                s += &self.length.to_string();
                if let Some(ranks) = &self.ranks {
                    s += &format!(" ({})", ranks.iter().map(|r| r.label()).collect::<Vec<_>>().join("-"));
                }
            }
            CombinationKind::Set => {
                s += if plural { "sets of " } else { "set of " };
                s += &self.length.to_string();
                if let Some(rank) = self.rank {
                    s += &format!(" {}", rank_name_en(rank));
                }
            }
        }
        if !self.suits.is_all() {
            s += &format!(" in {}", self.suits.symbols());
        }
        if !self.wilds {
            s += ", no wilds";
        }
        s
    }

    /// French, e.g. "2 suites de 4 en ♠ ♣, sans frime".
    pub fn describe_fr(&self) -> String {
        let plural = self.count > 1;
        let mut s = if plural { format!("{} ", self.count) } else { String::new() };
        match self.kind {
            CombinationKind::Run => {
                s += if plural { "suites de " } else { "une suite de " };
                s += &self.length.to_string();
                if let Some(ranks) = &self.ranks {
                    s += &format!(" ({})", ranks.iter().map(|r| rank_label_fr(*r)).collect::<Vec<_>>().join("-"));
                }
            }
            CombinationKind::Set => {
                s += if plural { "groupes de " } else { "un groupe de " };
                s += &format!("{} pareilles", self.length);
                if let Some(rank) = self.rank {
                    s += &format!(" ({})", rank_label_fr(rank));
                }
            }
        }
        if !self.suits.is_all() {
            s += &format!(" en {}", self.suits.symbols());
        }
        if !self.wilds {
            s += ", sans frime";
        }
        s
    }
}

fn rank_name_en(rank: Rank) -> &'static str {
    ["aces", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens", "jacks", "queens", "kings"][rank.index()]
}

fn rank_label_fr(rank: Rank) -> &'static str {
    ["as", "2", "3", "4", "5", "6", "7", "8", "9", "10", "valet", "dame", "roi"][rank.index()]
}

/// A program card's name in both languages.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Names {
    pub en: String,
    pub fr: String,
}

/// One program card of the deck.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ProgramCard {
    /// The stable id records use (`"P07"`, `"SUN1"`).
    pub id: String,
    pub name: Names,
    /// A free program: counts at once, and its receiver draws another card.
    pub sun: bool,
    pub directives: Vec<Directive>,
}

impl ProgramCard {
    /// What the program asks for, in English ("a set of 3 and a run of 4").
    pub fn describe_en(&self) -> String {
        if self.sun {
            return "a free program: it counts at once".into();
        }
        join(self.directives.iter().map(Directive::describe_en).collect(), "and")
    }

    /// What the program asks for, in French.
    pub fn describe_fr(&self) -> String {
        if self.sun {
            return "un programme gratuit : il compte tout de suite".into();
        }
        join(self.directives.iter().map(Directive::describe_fr).collect(), "et")
    }

    /// The number of combinations a reveal shows.
    pub fn combinations(&self) -> usize {
        self.directives.iter().map(|d| d.count as usize).sum()
    }

    /// The cards a reveal lays down.
    pub fn cards_required(&self) -> usize {
        self.directives.iter().map(|d| d.count as usize * d.length as usize).sum()
    }
}

fn join(parts: Vec<String>, and: &str) -> String {
    match parts.len() {
        0 => String::new(),
        1 => parts[0].clone(),
        n => format!("{} {and} {}", parts[..n - 1].join(", "), parts[n - 1]),
    }
}

/// A program card by its place in the deck's data file (records write its string id).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ProgramId(pub u8);

impl ProgramId {
    pub fn card(self) -> &'static ProgramCard {
        &deck().cards[self.0 as usize]
    }

    pub fn is_sun(self) -> bool {
        self.card().sun
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for ProgramId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.card().id)
    }
}

/// A text that names no program card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadProgramId(pub String);

impl fmt::Display for BadProgramId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not a program card (ids P01 to P40, SUN1, SUN2)", self.0)
    }
}

impl std::error::Error for BadProgramId {}

impl std::str::FromStr for ProgramId {
    type Err = BadProgramId;
    fn from_str(s: &str) -> Result<ProgramId, BadProgramId> {
        deck().by_id(s).ok_or_else(|| BadProgramId(s.to_string()))
    }
}

impl Serialize for ProgramId {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.card().id)
    }
}

impl<'de> Deserialize<'de> for ProgramId {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<ProgramId, D::Error> {
        let s = String::deserialize(deserializer)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// The whole deck, in data-file order.
#[derive(Debug)]
pub struct ProgramDeck {
    pub cards: Vec<ProgramCard>,
}

impl ProgramDeck {
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    pub fn ids(&self) -> impl Iterator<Item = ProgramId> {
        (0..self.cards.len() as u8).map(ProgramId)
    }

    pub fn by_id(&self, id: &str) -> Option<ProgramId> {
        self.cards.iter().position(|c| c.id == id).map(|i| ProgramId(i as u8))
    }
}

/// The deck read from `programs.json` (once; the file is checked by a unit test).
pub fn deck() -> &'static ProgramDeck {
    static DECK: OnceLock<ProgramDeck> = OnceLock::new();
    DECK.get_or_init(|| parse_deck(PROGRAMS_JSON).unwrap_or_else(|e| panic!("programs.json: {e}")))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDeck {
    #[allow(dead_code)]
    about: Option<String>,
    programs: Vec<RawProgram>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawProgram {
    id: String,
    name: Names,
    #[serde(default)]
    sun: bool,
    directives: Vec<RawDirective>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDirective {
    kind: CombinationKind,
    length: u8,
    #[serde(default = "one")]
    count: u8,
    #[serde(default = "all_suits")]
    suits: SuitMask,
    rank: Option<Rank>,
    ranks: Option<Vec<Rank>>,
    #[serde(default = "yes")]
    wilds: bool,
}

fn one() -> u8 {
    1
}

fn all_suits() -> SuitMask {
    SuitMask::ALL
}

fn yes() -> bool {
    true
}

/// Reads and checks a deck description (the format of `programs.json`).
pub fn parse_deck(text: &str) -> Result<ProgramDeck, String> {
    let raw: RawDeck = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let mut cards = Vec::new();
    for p in raw.programs {
        let err = |why: String| format!("{}: {why}", p.id);
        if cards.iter().any(|c: &ProgramCard| c.id == p.id) {
            return Err(err("duplicate id".into()));
        }
        if p.sun != p.directives.is_empty() {
            return Err(err("a sun has no directive; every other program has at least one".into()));
        }
        let mut directives = Vec::new();
        for d in p.directives {
            if !(3..=13).contains(&d.length) {
                return Err(err(format!("length {} (3 to 13)", d.length)));
            }
            if !(1..=3).contains(&d.count) {
                return Err(err(format!("count {} (1 to 3)", d.count)));
            }
            let mut low = None;
            match d.kind {
                CombinationKind::Set => {
                    if d.ranks.is_some() {
                        return Err(err("a set takes 'rank', not 'ranks'".into()));
                    }
                    if d.rank == Some(Rank::TWO) {
                        return Err(err("twos are always wild: no set of twos".into()));
                    }
                }
                CombinationKind::Run => {
                    if d.rank.is_some() {
                        return Err(err("a run takes 'ranks', not 'rank'".into()));
                    }
                    if let Some(ranks) = &d.ranks {
                        if ranks.len() != d.length as usize {
                            return Err(err("'ranks' must list exactly 'length' values".into()));
                        }
                        let first = if ranks[0] == Rank::ACE { 1 } else { ranks[0].index() as u8 + 1 };
                        for (i, &r) in ranks.iter().enumerate() {
                            let p = first + i as u8;
                            if p > 14 || rank_at(p) != r {
                                return Err(err("'ranks' must be consecutive values".into()));
                            }
                        }
                        low = Some(first);
                    }
                }
            }
            directives.push(Directive {
                kind: d.kind,
                length: d.length,
                count: d.count,
                suits: d.suits,
                rank: d.rank,
                ranks: d.ranks,
                wilds: d.wilds,
                low,
            });
        }
        cards.push(ProgramCard { id: p.id, name: p.name, sun: p.sun, directives });
    }
    if cards.len() > 200 {
        return Err("at most 200 program cards".into());
    }
    Ok(ProgramDeck { cards })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deck_file_is_valid() {
        let d = deck();
        assert_eq!(d.len(), 42);
        assert_eq!(d.cards.iter().filter(|c| c.sun).count(), 2);
        assert_eq!("P07".parse::<ProgramId>().unwrap().card().name.en, "Run of four");
        assert!("P99".parse::<ProgramId>().is_err());
        for id in d.ids() {
            let card = id.card();
            assert!(!card.describe_en().is_empty() && !card.describe_fr().is_empty());
            assert!(card.cards_required() <= 14, "{}: more cards than a hand can hold", card.id);
        }
    }

    #[test]
    fn descriptions_read_well() {
        let p = |id: &str| id.parse::<ProgramId>().unwrap().card();
        assert_eq!(p("P30").describe_en(), "2 runs of 4 in ♠ ♣");
        assert_eq!(p("P14").describe_en(), "a set of 3 and a run of 4");
        assert_eq!(p("P18").describe_en(), "a set of 3 aces");
        assert_eq!(p("P20").describe_en(), "a set of 5 fives");
        assert_eq!(p("P26").describe_fr(), "un groupe de 3 pareilles (7), sans frime");
        assert_eq!(p("P34").describe_en(), "a run of 5 (10-J-Q-K-A)");
        assert_eq!(p("P34").directives[0].low, Some(10));
        assert_eq!(p("P35").directives[0].low, Some(1));
    }

    #[test]
    fn bad_decks_are_refused() {
        let bad = |directive: &str| {
            parse_deck(&format!(r#"{{"programs": [{{"id": "X", "name": {{"en": "x", "fr": "x"}}, "directives": [{directive}]}}]}}"#))
                .unwrap_err()
        };
        assert!(bad(r#"{"kind": "run", "length": 2}"#).contains("length"));
        assert!(bad(r#"{"kind": "set", "length": 3, "rank": "2"}"#).contains("twos"));
        assert!(bad(r#"{"kind": "run", "length": 3, "ranks": ["K", "A", "3"]}"#).contains("consecutive"));
        assert!(bad(r#"{"kind": "run", "length": 3, "suits": []}"#).contains("suit"));
    }
}
