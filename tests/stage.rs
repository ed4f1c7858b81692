//! The stage (src/stage.rs): what the table shows of a game between the engine's events and the
//! views. Over random games of each game, 2 players to the most: a deal's end as the table shows
//! it is the game up to the deal's settlement, exactly, and nothing of the next deal; the beats a
//! move brings are its own events, in order, and each deal's end has one.

mod common;

use rand::Rng;
use serde_json::json;
use tapis::engine::game::GameId;
use tapis::record::Table;
use tapis::stage::{beats, deal_end};

/// The event that ends a deal, in each game's log.
fn ends_deal(table: &Table, event: usize) -> bool {
    use tapis::engine::{bonanza, nain_jaune, programmes};
    match table {
        Table::NainJaune(g) => matches!(g.events()[event], nain_jaune::Event::RoundWon { .. }),
        Table::Bonanza(g) => matches!(g.events()[event], bonanza::Event::Bonanza { .. }),
        Table::Programmes(g) => matches!(g.events()[event], programmes::Event::RoundOver { .. }),
    }
}

/// The events as the referee writes them (each game's own type, compared as JSON).
fn events(table: &Table) -> Vec<serde_json::Value> {
    table.referee_state()["events"].as_array().expect("events").clone()
}

/// Plays random games of `game` to their end and checks the stage at every move.
fn check_game(game: GameId, players: std::ops::RangeInclusive<usize>, games_each: u64) {
    let (mut deal_ends, mut held) = (0, 0);
    for players in players {
        for seed in 0..games_each {
            // Short games: a few deals each.
            let options = match game {
                GameId::NainJaune => json!({ "rounds": 3 }),
                GameId::Bonanza => json!({ "deals": 3 }),
                GameId::Programmes => json!({ "target": 2 }),
            };
            let mut table = common::tables::start(game, players, json!({ "seed": seed, "options": options }));
            let mut rng = tapis::engine::rng::seeded(seed * 31 + players as u64);
            while let Some(seat) = table.to_move() {
                let legal = table.legal();
                let action = legal[rng.random_range(0..legal.len())].clone();
                let before = table.clone();
                let from = before.event_count();
                table.play_str(seat, &action).expect("a legal move");
                // Each beat is one of this move's events, in order, held for a while.
                let moments = beats(&table, from);
                assert!(moments.windows(2).all(|w| w[0].event < w[1].event), "{game:?}: beats out of order");
                assert!(moments.iter().all(|b| b.event >= from && b.event < table.event_count() && b.ticks > 0));
                held += moments.len();
                let ended = (from..table.event_count()).find(|&e| ends_deal(&table, e));
                let Some(end) = ended else { continue };
                // docs/rules/bonanza.md §6.4, nain-jaune.md §5, programmes.md §6: a deal's end settles it; the table holds that moment.
                assert!(moments.iter().any(|b| b.event == end), "{game:?} seed {seed}: no beat at the deal's end");
                if table.is_finished() {
                    continue;
                }
                deal_ends += 1;
                let shown = deal_end(&before, seat, &action).expect("the move is legal");
                let (all, kept) = (events(&table), events(&shown));
                assert_eq!(all[..kept.len()], kept[..], "{game:?} seed {seed}: the deal's end differs from the game");
                assert!(kept.len() > end, "{game:?}: the deal's end stops before its settlement");
                assert_eq!(shown.to_move(), None, "{game:?}: nobody moves at a deal's end");
                assert_eq!(shown.deal_number() + 1, table.deal_number(), "{game:?}: the next deal shows");
                // Nothing after the settlement but the next deal's start.
                assert!(
                    !all[kept.len()..].is_empty() && (kept.len()..all.len()).all(|e| !ends_deal(&table, e)),
                    "{game:?}: the deal's end misses part of the settlement"
                );
            }
        }
    }
    assert!(deal_ends > 10, "{game:?}: only {deal_ends} deal ends seen");
    assert!(held > deal_ends, "{game:?}: only {held} beats");
}

#[test]
fn nain_jaune_deal_ends_and_beats() {
    check_game(GameId::NainJaune, 2..=8, 6);
}

#[test]
fn bonanza_deal_ends_and_beats() {
    check_game(GameId::Bonanza, 2..=9, 6);
}

#[test]
fn programmes_deal_ends_and_beats() {
    check_game(GameId::Programmes, 2..=7, 4);
}

/// docs/rules/bonanza.md §5.1–5.6 (the calls, Poker): every call of a Bonanza deal ends on a moment the table holds,
/// whether a space is taken or stays.
#[test]
fn bonanza_holds_every_call() {
    use tapis::engine::bonanza::Event;
    for seed in 0..20 {
        let mut table = common::tables::start(GameId::Bonanza, 4, json!({ "seed": seed }));
        let mut rng = tapis::engine::rng::seeded(seed);
        let mut held = Vec::new();
        while table.deal_number() == 1 && table.to_move().is_some() {
            let legal = table.legal();
            let action = legal[rng.random_range(0..legal.len())].clone();
            let from = table.event_count();
            table.play_str(table.to_move().unwrap(), &action).unwrap();
            held.extend(beats(&table, from).iter().map(|b| b.event));
        }
        let Table::Bonanza(g) = &table else { unreachable!() };
        for (i, e) in g.events().iter().enumerate() {
            if matches!(e, Event::SpaceWon { .. } | Event::SpaceStays { .. }) {
                assert!(held.contains(&i), "seed {seed}: event {i} ({e}) passes unseen");
            }
        }
    }
}
