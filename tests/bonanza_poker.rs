//! Bonanza's poker ranking (docs/rules/bonanza.md §5.6: the usual kickers), checked against an
//! outside evaluator: the `treys` package from PyPI (version 0.1.8), run by
//! `tests/bonanza_poker_treys.py`.
//!
//! 200,000 random joker-free five-card hands are ranked by both; over 100,000 random pairs of them
//! (and over the whole sorted list) our comparison must agree with treys': better, worse or tied.
//!
//! The Python side runs in a virtual environment created on demand in `.tools/pyvenv`
//! (`python3 -m venv .tools/pyvenv && .tools/pyvenv/bin/pip install treys==0.1.8`). Any failure
//! there fails this test with the reason: it never skips.

use std::cmp::Ordering;
use std::path::{Path, PathBuf};
use std::process::Command;

use tapis::engine::bonanza::poker::five_card_value;
use tapis::engine::cards::{Card, CardSet};
use tapis::engine::rng::{index_below, seeded, shuffle};

const HANDS: usize = 200_000;
const PAIRS: usize = 150_000;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The venv's python with treys 0.1.8, created if missing.
fn python_with_treys() -> PathBuf {
    let venv = root().join(".tools/pyvenv");
    let python = venv.join("bin/python");
    let has_treys = |python: &Path| {
        python.exists()
            && Command::new(python)
                .args(["-c", "import importlib.metadata as m, treys; assert m.version('treys') == '0.1.8'"])
                .status()
                .is_ok_and(|s| s.success())
    };
    if has_treys(&python) {
        return python;
    }
    let run = |cmd: &mut Command, what: &str| {
        let output = cmd.output().unwrap_or_else(|e| panic!("{what}: cannot run ({e})"));
        assert!(
            output.status.success(),
            "{what} failed:\n{}\n{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
    };
    if !python.exists() {
        run(Command::new("python3").args(["-m", "venv"]).arg(&venv), "python3 -m venv .tools/pyvenv");
    }
    run(Command::new(venv.join("bin/pip")).args(["install", "--quiet", "treys==0.1.8"]), "pip install treys==0.1.8");
    assert!(has_treys(&python), "treys 0.1.8 is still not importable from {}", python.display());
    python
}

#[test]
fn five_card_ranking_agrees_with_treys() {
    // Random hands: a shuffled pack's first five cards, the joker left out.
    let mut rng = seeded(2026);
    let mut pack: Vec<Card> = CardSet::PACK_52.iter().collect();
    let hands: Vec<[Card; 5]> = (0..HANDS)
        .map(|_| {
            shuffle(&mut pack, &mut rng);
            [pack[0], pack[1], pack[2], pack[3], pack[4]]
        })
        .collect();
    let text: String = hands.iter().map(|h| h.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ") + "\n").collect();
    let file = std::env::temp_dir().join(format!("bonanza_poker_hands_{}.txt", std::process::id()));
    std::fs::write(&file, text).expect("write the hands");

    let python = python_with_treys();
    let output = Command::new(&python).arg(root().join("tests/bonanza_poker_treys.py")).arg(&file).output().expect("run the treys script");
    let _ = std::fs::remove_file(&file);
    assert!(output.status.success(), "the treys script failed: {}", String::from_utf8_lossy(&output.stderr));
    let treys: Vec<u32> = String::from_utf8(output.stdout).unwrap().lines().map(|l| l.parse().expect("a treys rank")).collect();
    assert_eq!(treys.len(), HANDS, "one treys rank per hand");

    let ours: Vec<_> = hands.iter().map(|h| five_card_value(*h)).collect();
    let describe = |i: usize| {
        format!("{:?} (ours {:?} {:?}, treys {})", hands[i].map(|c| c.to_string()), ours[i].category(), ours[i].ranks(), treys[i])
    };
    // Random pairs: better, worse or tied alike (treys: lower is better).
    let mut disagreements = Vec::new();
    for _ in 0..PAIRS {
        let (a, b) = (index_below(HANDS, &mut rng), index_below(HANDS, &mut rng));
        if ours[a].cmp(&ours[b]) != treys[b].cmp(&treys[a]) {
            disagreements.push(format!("{} vs {}", describe(a), describe(b)));
        }
    }
    assert!(
        disagreements.is_empty(),
        "{} of {PAIRS} pairs disagree, e.g.\n{}",
        disagreements.len(),
        disagreements[..disagreements.len().min(5)].join("\n")
    );
    // The whole order: sorted by our value, treys' ranks never go up, and ties are the same ties.
    let mut order: Vec<usize> = (0..HANDS).collect();
    order.sort_by_key(|&i| ours[i]);
    for w in order.windows(2) {
        let (x, y) = (w[0], w[1]);
        let expected = if ours[x] == ours[y] { Ordering::Equal } else { Ordering::Greater };
        assert_eq!(treys[x].cmp(&treys[y]), expected, "{} then {}", describe(x), describe(y));
    }
    // The sample reaches every category treys knows (a straight flush is rare: not required).
    let categories: std::collections::BTreeSet<_> = ours.iter().map(|v| v.category()).collect();
    assert!(categories.len() >= 8, "{categories:?}");
}
