//! Component tests in a real browser: each test mounts a component into a fresh `<div>` and reads
//! the DOM. Run with `cargo test --target wasm32-unknown-unknown --test components`
//! (wasm-bindgen-test-runner and chromedriver, see .cargo/config.toml and webdriver.json).
#![cfg(target_arch = "wasm32")]

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

use tapis::ai::bench::BenchReport;
use tapis::ai::nain_jaune_bot::Hint;
use tapis::app::nain_jaune::board::{RunningSequence, SequenceCard};
use tapis::app::nain_jaune::hint_from_json;
use tapis::app::nain_jaune::log::EventLine;
use tapis::app::nain_jaune::text::{hint_card, hint_sentence};
use tapis::app::services::i18n::{Lang, Names, Person};
use tapis::app::table::ai_client::read_message;
use tapis::app::table::card_svg::CardFace;
use tapis::app::table::hand::Hand;
use tapis::app::table::hint::mark;
use tapis::engine::cards::{Card, CardSet, Rank};
use tapis::engine::game::Game;
use tapis::engine::games::Reason;
use tapis::engine::nain_jaune::{Action, Event, NainJaune, NainJauneBox, Points};
use tapis::engine::rng::{deal_rng, shuffle, SEED_7_ORDER};
use tapis::engine::setup::{FromSetup, Setup};
use tapis::model::session::{default_names, SeatKind};
use tapis::protocol::FromWorker;

wasm_bindgen_test_configure!(run_in_browser);

/// A new empty `<div>` in the page.
fn fresh_div() -> web_sys::HtmlElement {
    let document = web_sys::window().unwrap().document().unwrap();
    let div: web_sys::HtmlElement = document.create_element("div").unwrap().unchecked_into();
    document.body().unwrap().append_child(&div).unwrap();
    div
}

/// Lets the reactive system and the DOM catch up.
async fn tick() {
    gloo_timers::future::TimeoutFuture::new(0).await;
}

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

fn svg_of(div: &web_sys::HtmlElement) -> web_sys::Element {
    div.query_selector("svg.card-face").unwrap().expect("a card face is drawn")
}

#[wasm_bindgen_test]
async fn card_face_has_its_label_and_colours() {
    let div = fresh_div();
    let lang = RwSignal::new(Lang::En);
    let four = RwSignal::new(false);
    let _mounted = leptos::mount::mount_to(div.clone(), move || {
        view! { <CardFace card=card("7D") lang=lang four_colour=four /> }
    });
    tick().await;
    let svg = svg_of(&div);
    assert_eq!(svg.get_attribute("role").as_deref(), Some("img"));
    assert_eq!(svg.get_attribute("aria-label").as_deref(), Some("7 of diamonds"));
    assert_eq!(svg.get_attribute("data-card").as_deref(), Some("7D"));
    assert_eq!(svg.get_attribute("data-colour").as_deref(), Some("red"));
    // Seven pips plus the two corner pips, all in the suit's ink.
    let pips = svg.query_selector_all("path").unwrap();
    assert_eq!(pips.length(), 9);
    let first: web_sys::Element = pips.item(0).unwrap().unchecked_into();
    assert_eq!(first.get_attribute("fill").as_deref(), Some("#c8102e"));

    lang.set(Lang::Fr);
    four.set(true);
    tick().await;
    let svg = svg_of(&div);
    assert_eq!(svg.get_attribute("aria-label").as_deref(), Some("7 de carreau"));
    assert_eq!(svg.get_attribute("data-colour").as_deref(), Some("blue"));
    let first: web_sys::Element = svg.query_selector("path").unwrap().unwrap();
    assert_eq!(first.get_attribute("fill").as_deref(), Some("#1f5fbf"));
    div.remove();
}

#[wasm_bindgen_test]
async fn four_colour_mode_paints_each_suit() {
    let expected = [("QS", "black", "black"), ("KH", "red", "red"), ("10D", "red", "blue"), ("JC", "black", "green")];
    for (text, two, four) in expected {
        for (four_colour, colour) in [(false, two), (true, four)] {
            let div = fresh_div();
            let _mounted = leptos::mount::mount_to(div.clone(), move || {
                view! { <CardFace card=card(text) four_colour=Signal::stored(four_colour) lang=Signal::stored(Lang::En) /> }
            });
            tick().await;
            assert_eq!(svg_of(&div).get_attribute("data-colour").as_deref(), Some(colour), "{text} four={four_colour}");
            div.remove();
        }
    }
    // Court cards and the joker have words, not letters, for screen readers.
    let div = fresh_div();
    let _mounted = leptos::mount::mount_to(div.clone(), move || {
        view! {
            <CardFace card=card("QS") lang=Signal::stored(Lang::En) />
            <CardFace card=Card::JOKER lang=Signal::stored(Lang::Fr) />
        }
    });
    tick().await;
    let faces = div.query_selector_all("svg.card-face").unwrap();
    let label = |i| faces.item(i).unwrap().unchecked_into::<web_sys::Element>().get_attribute("aria-label");
    assert_eq!(label(0).as_deref(), Some("queen of spades"));
    assert_eq!(label(1).as_deref(), Some("joker"));
    div.remove();
}

/// A compact face (cards a few pixels wide: shown cards, the deal's story, the wheel) is the index
/// and one pip in the suit's ink, with the same label; the joker is its star.
#[wasm_bindgen_test]
async fn compact_face_is_its_index_and_suit() {
    let div = fresh_div();
    let four = RwSignal::new(false);
    let _mounted = leptos::mount::mount_to(div.clone(), move || {
        view! {
            <CardFace card=card("10C") lang=Signal::stored(Lang::En) four_colour=four compact=true />
            <CardFace card=card("QH") lang=Signal::stored(Lang::Fr) compact=true />
            <CardFace card=Card::JOKER lang=Signal::stored(Lang::En) compact=true />
        }
    });
    tick().await;
    let faces = div.query_selector_all("svg.card-face").unwrap();
    let face = |i| faces.item(i).unwrap().unchecked_into::<web_sys::Element>();
    let texts = |i| {
        let list = face(i).query_selector_all("text").unwrap();
        (0..list.length()).map(|k| list.item(k).unwrap().text_content().unwrap_or_default()).collect::<Vec<_>>()
    };
    let paths = |i| face(i).query_selector_all("path").unwrap().length();
    assert_eq!(face(0).get_attribute("aria-label").as_deref(), Some("10 of clubs"));
    assert_eq!((texts(0), paths(0)), (vec!["10".to_string()], 1));
    assert_eq!((texts(1), paths(1)), (vec!["D".to_string()], 1), "a queen is D in French");
    assert_eq!((texts(2), paths(2)), (Vec::<String>::new(), 1), "the joker's star alone");
    four.set(true);
    tick().await;
    let pip: web_sys::Element = face(0).query_selector("path").unwrap().unwrap();
    assert_eq!(pip.get_attribute("fill").as_deref(), Some("#17803d"), "clubs are green in four colours");
    div.remove();
}

/// The running sequence names each player once under a run of his cards, as wide as the run, and
/// keeps every card's name for screen readers; a run that grows widens its name.
#[wasm_bindgen_test]
async fn sequence_names_each_run_of_cards_once() {
    let div = fresh_div();
    let played = |list: &[(&str, &str)]| {
        list.iter().map(|(c, who)| SequenceCard { card: card(c), who: who.to_string(), played_by: None }).collect::<Vec<_>>()
    };
    let cards = RwSignal::new(played(&[("2H", "You"), ("3H", "You"), ("4D", "Cyd"), ("5S", "Bob"), ("6S", "Bob")]));
    let _mounted = leptos::mount::mount_to(div.clone(), move || {
        view! { <RunningSequence cards=cards wanted=Signal::stored(None) /> }
    });
    tick().await;
    // Each card's name and the cards it spans, its `--run` (0: read out, not shown; 99: the last
    // run's).
    let names = || {
        let list = div.query_selector_all(".sequence-who").unwrap();
        (0..list.length())
            .map(|i| {
                let e: web_sys::Element = list.item(i).unwrap().unchecked_into();
                let span: String = e.get_attribute("style").unwrap_or_default().chars().filter(char::is_ascii_digit).collect();
                format!("{} {span}", e.text_content().unwrap_or_default())
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(names(), ["You 2", "You 0", "Cyd 1", "Bob 99", "Bob 0"]);

    cards.update(|c| c.extend(played(&[("7S", "Bob")])));
    tick().await;
    assert_eq!(names(), ["You 2", "You 0", "Cyd 1", "Bob 99", "Bob 0", "Bob 0"], "Bob's run grew");

    cards.update(|c| c.extend(played(&[("8C", "You")])));
    tick().await;
    assert_eq!(names()[3..], ["Bob 3", "Bob 0", "Bob 0", "You 99"], "a run closed by another player's card");

    // A new climb starts from nothing.
    cards.set(played(&[("9D", "Cyd")]));
    tick().await;
    assert_eq!(names(), ["Cyd 99"]);
    div.remove();
}

/// The hand marks as playable exactly the cards the engine allows, in lead and follow positions.
#[wasm_bindgen_test]
async fn hand_marks_exactly_the_legal_cards() {
    let mut game = NainJaune::from_setup(&Setup { players: 4, seed: 42, ..Setup::default() }).unwrap();
    let mut checked_follow = false;
    for _ in 0..12 {
        let seat = game.to_move().unwrap();
        let hand = game.hand(seat);
        let legal: CardSet = game.legal_actions().into_iter().map(|Action::Play(c)| c).collect();
        checked_follow |= legal != hand;

        let div = fresh_div();
        let cards = hand.by_rank();
        let _mounted = leptos::mount::mount_to(div.clone(), move || {
            view! {
                <Hand
                    cards=Signal::stored(cards)
                    playable=Signal::stored(legal)
                    active=Signal::stored(true)
                    on_play=Callback::new(|_: Card| {})
                    title=Signal::stored("Your hand".to_string())
                />
            }
        });
        tick().await;
        let buttons = div.query_selector_all("[data-testid^='card-']").unwrap();
        assert_eq!(buttons.length() as usize, hand.len());
        for i in 0..buttons.length() {
            let b: web_sys::Element = buttons.item(i).unwrap().unchecked_into();
            let c = card(&b.get_attribute("data-testid").unwrap()["card-".len()..]);
            assert!(hand.contains(c));
            let playable = b.get_attribute("data-playable").unwrap();
            assert_eq!(playable, legal.contains(c).to_string(), "{c}");
            assert_eq!(b.tag_name(), "BUTTON");
        }
        div.remove();

        let Action::Play(first) = game.legal_actions()[0];
        game.play(seat, &Action::Play(first)).unwrap();
    }
    assert!(checked_follow, "some position asked for one rank only");
}

#[wasm_bindgen_test]
async fn events_read_in_both_languages() {
    let div = fresh_div();
    let lang = RwSignal::new(Lang::En);
    let names = Names(vec![Person::you(), Person::named("Ada"), Person::named("Bob")]);
    let without = Event::Without { seat: 1, played: Rank::from_index(7), missing: Rank::from_index(8), next: 2 };
    let played = Event::Played { seat: 0, card: card("QS") };
    let _mounted = leptos::mount::mount_to(div.clone(), move || {
        provide_context(lang);
        view! {
            <p class="a"><EventLine event=without names=Signal::stored(names.clone()) /></p>
            <p class="b"><EventLine event=played names=Signal::stored(names) /></p>
        }
    });
    tick().await;
    let text = |sel: &str| div.query_selector(sel).unwrap().unwrap().text_content().unwrap();
    assert_eq!(text(".a"), "8 without 9: Bob goes on.");
    assert_eq!(text(".b"), "You play Q♠.");
    lang.set(Lang::Fr);
    tick().await;
    assert_eq!(text(".a"), "8 sans 9 : Bob continue.");
    assert_eq!(text(".b"), "Vous jouez D♠.");
    div.remove();
}

/// The end of a game by its round count: one round is said in the singular.
#[wasm_bindgen_test]
fn the_end_after_the_rounds_reads_well_for_one_round() {
    use tapis::app::nain_jaune::text::game_end_sentence;
    use tapis::engine::nain_jaune::GameEnd;
    let names = Names(vec![Person::you(), Person::named("Ada")]);
    let say = |lang, rounds| game_end_sentence(lang, &GameEnd::RoundsPlayed { rounds }, &names);
    assert_eq!(say(Lang::En, 1), "The only round has been played.");
    assert_eq!(say(Lang::Fr, 1), "L'unique donne prévue est jouée.");
    assert_eq!(say(Lang::En, 5), "All 5 rounds have been played.");
    assert_eq!(say(Lang::Fr, 5), "Les 5 donnes prévues sont jouées.");
}

/// The controls a hint suggests are marked (`data-hinted="true"`), and only those; the first
/// gets the focus.
#[wasm_bindgen_test]
async fn hint_marks_the_suggested_card() {
    let div = fresh_div();
    let cards = vec![card("3H"), card("3D"), card("7D"), card("KS")];
    let playable: CardSet = [card("3H"), card("3D")].into_iter().collect();
    let _mounted = leptos::mount::mount_to(div.clone(), move || {
        view! {
            <Hand
                cards=Signal::stored(cards)
                playable=Signal::stored(playable)
                active=Signal::stored(true)
                on_play=Callback::new(|_: Card| {})
                title=Signal::stored("Your hand".to_string())
            />
        }
    });
    tick().await;
    let marked = || {
        let list = div.query_selector_all("[data-hinted='true']").unwrap();
        (0..list.length())
            .map(|i| list.item(i).unwrap().unchecked_into::<web_sys::Element>().get_attribute("data-card").unwrap())
            .collect::<Vec<_>>()
    };
    mark(Some("[data-testid='hand'] button[data-card='7D']"), false);
    assert_eq!(marked(), vec!["7D".to_string()]);
    mark(Some("[data-testid='hand'] button[data-card='3D']"), true);
    assert_eq!(marked(), vec!["3D".to_string()], "a new hint's mark replaces the last");
    let focused = web_sys::window().unwrap().document().unwrap().active_element().unwrap();
    assert_eq!(focused.get_attribute("data-card").as_deref(), Some("3D"), "the suggested card has the focus");
    mark(None, false);
    assert!(marked().is_empty(), "the mark goes with the hint");
    div.remove();
}

/// Bonanza's and Programmes' hints read as one sentence in each language, naming the move.
#[wasm_bindgen_test]
fn other_games_hints_read_in_both_languages() {
    use tapis::ai::{bonanza_bot, programmes_bot};
    use tapis::engine::bonanza::{Action as BzAction, Call, Space};
    let bz = [
        (
            BzAction::TakeWidow,
            bonanza_bot::Hint::TakeWidow { hand: 3, widow: 6 },
            "Take the widow: the widow should be worth about 6 chips, your hand about 3 chips.",
        ),
        (
            BzAction::Bid(4),
            bonanza_bot::Hint::Bid { chips: 4, gain: 3 },
            "Bid 4: the widow should be worth about 3 chips more than your hand.",
        ),
        (BzAction::Pass, bonanza_bot::Hint::PassAuction { gain: -1 }, "Pass: the widow should not be worth more than your hand."),
        (
            BzAction::Pass,
            bonanza_bot::Hint::KeepJoker { later: Space::Sequence, chips: 5 },
            "Pass: your joker should win more at the Sequence space (5 chips).",
        ),
        (BzAction::Pass, bonanza_bot::Hint::Silent { call: Call::Sequence }, "Pass: your sequence cannot beat the one shown."),
        (BzAction::Fold, bonanza_bot::Hint::Poker { win_percent: 12 }, "Fold: you should hold the best hand about 12% of the time."),
        (
            BzAction::Play(card("5H")),
            bonanza_bot::Hint::Lead { card: card("5H"), run: 3, spaces: 0, keeps_lead: true },
            "Play the 5♥: nobody can follow, so you lead again.",
        ),
        // A reason for another move than the one chosen is left unsaid.
        (BzAction::Pass, bonanza_bot::Hint::Bid { chips: 4, gain: 3 }, "Pass: it is the hard level's choice."),
    ];
    for (action, hint, english) in &bz {
        // As the worker sends it, and read back field by field.
        let read = tapis::app::bonanza::hint_from_json(&serde_json::to_value(hint).unwrap());
        assert_eq!(read.as_ref(), Some(hint));
        assert_eq!(tapis::app::bonanza::text::hint_sentence(Lang::En, action, hint, 2), *english);
        let fr = tapis::app::bonanza::text::hint_sentence(Lang::Fr, action, hint, 2);
        assert!(fr.contains(" : ") && fr.ends_with('.'), "{fr}");
        for word in [" the ", " your ", " chips", " you "] {
            assert!(!fr.contains(word), "English '{word}' in the French hint: {fr}");
        }
    }
    // Every kind of Bonanza reason reads back from its JSON.
    for hint in [
        bonanza_bot::Hint::Forced,
        bonanza_bot::Hint::SellWidow { hand: 5, widow: 4 },
        bonanza_bot::Hint::Show { call: Call::QueenJack, chips: 3 },
        bonanza_bot::Hint::Lead { card: card("8C"), run: 2, spaces: 7, keeps_lead: false },
    ] {
        assert_eq!(tapis::app::bonanza::hint_from_json(&serde_json::to_value(&hint).unwrap()), Some(hint));
    }
    let pg = [
        ("draw discard", programmes_bot::Hint::TakeDiscard { card: card("2C") }, "Take the 2♣ from the discard pile: it is wild."),
        ("draw stock", programmes_bot::Hint::DrawStock, "Draw from the stock: the K♦ on the discard pile does not help you."),
        (
            "exchange program",
            programmes_bot::Hint::Exchange { distance: 4 },
            "Exchange your program card: your program is still 4 cards away.",
        ),
        ("reveal 9S 9H 9D | 4S 5S 6S 7S", programmes_bot::Hint::Reveal, "Reveal your program: your hand fulfils it."),
        ("extend 1 2C=9S", programmes_bot::Hint::LayOff, "Add 2♣=9♠ to meld 2: the fewer cards you hold, the sooner you go out."),
        ("discard QD", programmes_bot::Hint::Discard { card: card("QD"), distance: 2 }, "Discard the Q♦: your program needs it least."),
    ];
    for (action, hint, english) in &pg {
        // As the worker sends it, and read back field by field.
        let read = tapis::app::programmes::hint_from_json(&serde_json::to_value(hint).unwrap());
        assert_eq!(read.as_ref(), Some(hint));
        let action = action.parse().unwrap();
        let say = |lang| tapis::app::programmes::text::hint_sentence(lang, &action, hint, Some(card("KD")), false);
        assert_eq!(say(Lang::En).as_deref(), Some(*english));
        let fr = say(Lang::Fr).unwrap();
        assert!(fr.contains(" : ") && fr.ends_with('.'), "{fr}");
        for word in [" the ", " your ", " you "] {
            assert!(!fr.contains(word), "English '{word}' in the French hint: {fr}");
        }
    }
    assert_eq!(
        tapis::app::programmes::text::hint_sentence(Lang::Fr, &"discard QD".parse().unwrap(), &pg[5].1, None, false).as_deref(),
        Some("Défaussez la D♦ : c'est la carte dont votre programme a le moins besoin.")
    );
}

/// Every kind of hint reads as one sentence in each language, naming the card to play.
#[wasm_bindgen_test]
fn hints_read_in_both_languages() {
    let hints = [
        Hint::Forced { card: card("9S") },
        Hint::GoesOut { card: card("5C"), run: 1 },
        Hint::GoesOut { card: card("5C"), run: 3 },
        Hint::TakesBox { card: card("7D"), board_box: NainJauneBox::NainJaune, chips: 14 },
        Hint::TakesBox { card: card("8C"), board_box: NainJauneBox::JackClubs, chips: 8 },
        Hint::TakesBox { card: card("QS"), board_box: NainJauneBox::QueenSpades, chips: 0 },
        Hint::KeepsLead { card: card("KS"), run: 1 },
        Hint::KeepsLead { card: card("9H"), run: 4 },
        Hint::Sheds { card: card("10C"), run: 1, points: 10 },
        Hint::Sheds { card: card("AS"), run: 3, points: 6 },
        Hint::Follows { card: card("4H") },
    ];
    for hint in &hints {
        // The page reads the worker's JSON back into the very hint.
        let json = serde_json::to_value(hint).unwrap();
        assert_eq!(hint_from_json(&json).as_ref(), Some(hint), "{json}");
        let en = hint_sentence(Lang::En, hint, Points::Pips);
        let fr = hint_sentence(Lang::Fr, hint, Points::Pips);
        let c = hint_card(hint);
        let suit = c.to_string().chars().last().unwrap();
        let symbol = match suit {
            'S' => '♠',
            'H' => '♥',
            'D' => '♦',
            _ => '♣',
        };
        assert!(en.starts_with("Play the ") && en.ends_with('.'), "{en}");
        assert!(fr.starts_with("Jouez ") && fr.ends_with('.'), "{fr}");
        assert!(en.contains(symbol) && fr.contains(symbol), "{en} / {fr}");
        for word in [" the ", " it ", " your ", " chips"] {
            assert!(!fr.contains(word), "English '{word}' in the French hint: {fr}");
        }
    }
    assert_eq!(hint_sentence(Lang::En, &hints[3], Points::Pips), "Play the 7♦ now: it takes the Yellow Dwarf (14 chips).");
    assert_eq!(hint_sentence(Lang::Fr, &hints[3], Points::Pips), "Jouez le 7♦ maintenant : il rafle le Nain Jaune (14 jetons).");
    assert!(
        hint_sentence(Lang::Fr, &hints[5], Points::Pips).starts_with("Jouez la D♠"),
        "{}",
        hint_sentence(Lang::Fr, &hints[5], Points::Pips)
    );
    // A run sheds its card values, or its number of cards when each card costs one chip.
    assert_eq!(hint_sentence(Lang::En, &hints[9], Points::Pips), "Play the A♠: your run of 3 cards gets 6 points out of your hand.");
    assert_eq!(hint_sentence(Lang::En, &hints[9], Points::Cards), "Play the A♠: your run gets 3 cards out of your hand.");
    assert_eq!(hint_sentence(Lang::Fr, &hints[9], Points::Cards), "Jouez l'A♠ : votre suite retire 3 cartes de votre main.");
    assert_eq!(hint_sentence(Lang::Fr, &hints[8], Points::Cards), "Jouez le 10♣ : votre main compte une carte de moins.");
}

/// The lone human's default name follows the language.
#[wasm_bindgen_test]
fn default_names_follow_the_language() {
    let seats = [SeatKind::Human, SeatKind::Computer(tapis::ai::Level::Easy)];
    assert_eq!(default_names(&seats, Lang::En), vec!["You".to_string(), "Ada".to_string()]);
    assert_eq!(default_names(&seats, Lang::Fr), vec!["Vous".to_string(), "Ada".to_string()]);
}

/// Each game's new-game form tells its levels apart: a note per level in both languages, each
/// named after its level, no two alike; Bonanza's medium level says it reads the bets, as its
/// rules do (`GameBots::settled_by_rules`).
#[wasm_bindgen_test]
fn level_notes_tell_the_levels_apart_in_each_game() {
    use tapis::ai::Level;
    use tapis::app::games::level_note;
    use tapis::engine::game::GameId;
    for game in [GameId::NainJaune, GameId::Bonanza, GameId::Programmes] {
        for (lang, names) in [(Lang::En, ["Random", "Easy", "Medium", "Hard"]), (Lang::Fr, ["Au hasard", "Facile", "Moyen", "Fort"])] {
            let notes: Vec<&str> = Level::ALL.into_iter().map(|level| level_note(lang, game, level)).collect();
            for (note, name) in notes.iter().zip(names) {
                assert!(note.starts_with(name), "{game:?}: {note}");
            }
            let mut distinct = notes.clone();
            distinct.dedup();
            assert_eq!(distinct.len(), notes.len(), "{game:?}: {notes:?}");
        }
    }
    assert!(level_note(Lang::En, GameId::Bonanza, Level::Medium).contains("bets"));
}

/// The page reads every kind of worker message as the protocol writes it (its reader is written
/// by hand, to keep the page small).
#[wasm_bindgen_test]
fn worker_messages_read_back() {
    let report = BenchReport {
        players: 4,
        playouts: 1000,
        playouts_per_second: 346_667.0,
        moves_per_second: 13_513_330.0,
        search_iterations: 285_000,
        search_iterations_per_second: 94_874.0,
    };
    let messages = [
        FromWorker::Ready { version: tapis::protocol::PROTOCOL_VERSION },
        FromWorker::Move { id: 7, action: "play 7D".into(), explanation: None },
        FromWorker::Move { id: 8, action: "play 7D".into(), explanation: Some(serde_json::json!({"kind": "forced", "card": "7D"})) },
        FromWorker::Bench { id: 9, report },
        FromWorker::Verdict {
            id: 11,
            verdict: tapis::ai::review::Verdict { played: "play 8S".into(), best: "play 8S".into(), values: None },
        },
        FromWorker::Verdict {
            id: 12,
            verdict: tapis::ai::review::Verdict {
                played: "bid 3".into(),
                best: "pass".into(),
                values: Some(tapis::ai::review::Values { played: -1.25, best: 2.5, error: 0.125, samples: 400 }),
            },
        },
        FromWorker::Failed { id: Some(10), message: "seat 1 has no move to make".into() },
        FromWorker::Failed { id: None, message: "unreadable request".into() },
    ];
    for message in messages {
        let json = message.to_json();
        assert_eq!(read_message(&json), Ok(message), "{json}");
    }
    assert!(read_message("{\"kind\":\"bogus\"}").is_err());
    assert!(read_message("not json").is_err());
}

/// The seeded shuffle deals the same cards in the browser as natively.
#[wasm_bindgen_test]
fn seed_7_shuffles_the_same_in_the_browser() {
    let mut v: Vec<u32> = (0..10).collect();
    shuffle(&mut v, &mut deal_rng(7, 0));
    assert_eq!(v, SEED_7_ORDER);
}

// ------------------------------------------------------------------------------------- Bonanza

use tapis::app::bonanza::decisions::Decisions;
use tapis::app::bonanza::text::event_sentence as bonanza_sentence;
use tapis::app::bonanza::wheel::Wheel;
use tapis::engine::bonanza::{Action as BonanzaAction, Bonanza, Event as BonanzaEvent, Phase as BonanzaPhase, Space};

fn elements(div: &web_sys::HtmlElement, selector: &str) -> Vec<web_sys::Element> {
    let list = div.query_selector_all(selector).unwrap();
    (0..list.length()).map(|i| list.item(i).unwrap().unchecked_into()).collect()
}

/// Each space of the wheel shows its chips; the call in progress is marked; without the Poker
/// option there is no Poker space.
#[wasm_bindgen_test]
async fn wheel_shows_each_space_count() {
    for poker in [true, false] {
        let div = fresh_div();
        let board: [i64; 10] = std::array::from_fn(|i| 3 * i as i64 + 1);
        let board = RwSignal::new(board);
        let _mounted = leptos::mount::mount_to(div.clone(), move || {
            view! { <Wheel board=board poker=poker current=Signal::stored(Some(Space::Sequence)) /> }
        });
        tick().await;
        let spaces = elements(&div, "[data-testid^='space-']");
        assert_eq!(spaces.len(), if poker { 10 } else { 9 });
        for space in Space::ALL {
            let found = div.query_selector(&format!("[data-testid='space-{}']", space.key())).unwrap();
            if space == Space::Poker && !poker {
                assert!(found.is_none(), "no Poker space without the option");
                continue;
            }
            let el = found.unwrap_or_else(|| panic!("space {} is drawn", space.key()));
            let chips = (3 * space.index() + 1).to_string();
            assert_eq!(el.get_attribute("data-chips").as_deref(), Some(chips.as_str()), "{}", space.key());
            assert!(el.text_content().unwrap().contains(&chips));
            assert_eq!(el.class_list().contains("space-current"), space == Space::Sequence, "{}", space.key());
        }
        // Chips change: the count follows.
        board.update(|b| b[Space::Bonanza.index()] = 99);
        tick().await;
        let pot = div.query_selector("[data-testid='space-bonanza']").unwrap().unwrap();
        assert_eq!(pot.get_attribute("data-chips").as_deref(), Some("99"));
        div.remove();
    }
}

/// Through a whole deal, the decision buttons are exactly the engine's legal actions, in its
/// order (a long run of bids becomes one stepper limited to the legal amounts), and a click
/// plays the action it shows.
#[wasm_bindgen_test]
async fn decision_buttons_are_exactly_the_legal_actions() {
    let mut game = Bonanza::from_setup(&Setup { players: 5, seed: 20240624, ..Setup::default() }).unwrap();
    let mut phases = std::collections::BTreeSet::new();
    for step in 0..400 {
        let Some(seat) = game.to_move() else { break };
        let legal = game.legal_actions();
        if matches!(game.phase(), BonanzaPhase::Lead | BonanzaPhase::Follow(_)) {
            game.play(seat, &legal[0]).unwrap();
            continue;
        }
        phases.insert(game.phase().name());
        let div = fresh_div();
        let clicked = RwSignal::new(None::<BonanzaAction>);
        let shown = legal.clone();
        let _mounted = leptos::mount::mount_to(div.clone(), move || {
            view! {
                <Decisions
                    legal=Signal::stored(shown.clone())
                    to_call=Signal::stored(0)
                    on_act=Callback::new(move |a| clicked.set(Some(a)))
                />
            }
        });
        tick().await;
        let buttons = elements(&div, "button.decision");
        let actions: Vec<String> = buttons.iter().map(|b| b.get_attribute("data-action").unwrap()).collect();
        let expected: Vec<String> = legal.iter().map(|a| a.to_string()).collect();
        let bids = legal.iter().filter(|a| matches!(a, BonanzaAction::Bid(_))).count();
        if bids > 6 {
            // Pass, then one stepper starting at the lowest bid, limited to the legal bids.
            assert_eq!(actions, expected[..2].to_vec(), "auction at step {step}");
            let input = div.query_selector("[data-testid='amount']").unwrap().unwrap();
            let high = legal.iter().filter_map(|a| if let BonanzaAction::Bid(n) = a { Some(*n) } else { None }).max().unwrap();
            assert_eq!(input.get_attribute("max"), Some(high.to_string()));
        } else {
            assert_eq!(actions, expected, "step {step}, phase {}", game.phase().name());
        }
        for (button, action) in buttons.iter().zip(&actions) {
            assert_eq!(button.get_attribute("data-testid"), Some(format!("action-{}", action.replace(' ', "-").to_lowercase())));
        }
        // Play a varied choice by clicking its button.
        let pick = (step * 7) % buttons.len();
        buttons[pick].unchecked_ref::<web_sys::HtmlElement>().click();
        tick().await;
        let action = clicked.get_untracked().expect("the click plays an action");
        assert_eq!(action.to_string(), actions[pick]);
        game.play(seat, &action).unwrap();
        div.remove();
    }
    for phase in ["widow", "call", "poker"] {
        assert!(phases.contains(phase), "the deal went through {phase}: {phases:?}");
    }
}

/// Bonanza's events read in both languages, for "you" and for another player.
#[wasm_bindgen_test]
fn bonanza_events_read_in_both_languages() {
    let names = Names(vec![Person::you(), Person::named("Ada")]);
    let won = |seat| BonanzaEvent::SpaceWon { seat, space: Space::QueenJack, chips: 12 };
    let says = |lang, e: &BonanzaEvent, played| bonanza_sentence(lang, e, &names, played);
    assert_eq!(says(Lang::En, &won(0), false), "You take the Queen-Jack space: 12 chips!");
    assert_eq!(says(Lang::En, &won(1), false), "Ada takes the Queen-Jack space: 12 chips!");
    assert_eq!(says(Lang::Fr, &won(0), false), "Vous raflez la case Dame-Valet : 12 jetons !");
    assert_eq!(says(Lang::Fr, &won(1), false), "Ada rafle la case Dame-Valet : 12 jetons !");
    let stop = BonanzaEvent::Stop { seat: 1, card: card("8H"), missing: Some(card("9H")) };
    assert_eq!(says(Lang::En, &stop, false), "Stop: the 9♥ is dead.");
    assert_eq!(says(Lang::Fr, &stop, false), "Arrêt : le 9♥ est mort.");
    assert_eq!(says(Lang::En, &stop, true), "Stop: the 9♥ has been played.");
    let queen = BonanzaEvent::Stop { seat: 1, card: card("JD"), missing: Some(card("QD")) };
    assert_eq!(says(Lang::Fr, &queen, false), "Arrêt : la D♦ est morte.");
    let joker = BonanzaEvent::JokerLeaves { seat: 1 };
    assert_eq!(says(Lang::En, &joker, false), "Ada's joker leaves the game.");
    assert_eq!(says(Lang::Fr, &BonanzaEvent::JokerLeaves { seat: 0 }, false), "Votre joker quitte le jeu.");
    let paid = BonanzaEvent::Paid { from: 1, to: 0, chips: 2, owed: 3 };
    assert_eq!(says(Lang::En, &paid, false), "Ada pays you 2 chips for 3 cards left in hand (3 chips owed, all that was left).");
    assert_eq!(says(Lang::Fr, &paid, false), "Ada vous paie 2 jetons pour 3 cartes en main (3 jetons dus, tout ce qui restait).");
    let short = BonanzaEvent::Paid { from: 1, to: 0, chips: 0, owed: 1 };
    assert_eq!(says(Lang::Fr, &short, false), "Ada vous paie 0 jeton pour 1 carte en main (1 jeton dû, tout ce qui restait).");
    let left = BonanzaEvent::Leftovers { seat: 1, chips: 1 };
    assert_eq!(says(Lang::En, &left, false), "Ada gets 1 chip left on the wheel.");
    assert_eq!(says(Lang::Fr, &left, false), "Ada reçoit 1 jeton resté sur la roue.");
    assert_eq!(
        tapis::app::bonanza::text::my_turn(Lang::Fr, BonanzaPhase::Follow(card("QH")), &[], 0, 0),
        "Vous avez la D♥ : à vous de la poser."
    );
    assert_eq!(
        tapis::app::bonanza::text::my_turn(Lang::Fr, BonanzaPhase::Follow(card("9H")), &[], 0, 0),
        "Vous avez le 9♥ : à vous de le poser."
    );
}

/// Programmes' lists of players: the lone human is "you" inside the list, and the verb agrees.
#[wasm_bindgen_test]
fn programmes_lists_of_players_read_in_both_languages() {
    use tapis::app::programmes::text::{new_programs_line, taken_from_discard};
    let names = Names(vec![Person::you(), Person::named("Ada"), Person::named("Bob")]);
    assert_eq!(new_programs_line(Lang::En, &[1, 0], &names, 3), "Ada and you draw a new program card; the others keep theirs.");
    assert_eq!(
        new_programs_line(Lang::Fr, &[1, 0], &names, 3),
        "Ada et vous recevez une nouvelle carte programme ; les autres gardent la leur."
    );
    assert_eq!(new_programs_line(Lang::En, &[1, 2], &names, 3), "Ada and Bob draw a new program card; the others keep theirs.");
    assert_eq!(new_programs_line(Lang::Fr, &[0], &names, 3), "Vous recevez une nouvelle carte programme ; les autres gardent la leur.");
    assert_eq!(new_programs_line(Lang::Fr, &[1], &names, 3), "Ada reçoit une nouvelle carte programme ; les autres gardent la leur.");
    assert_eq!(
        taken_from_discard(Lang::Fr, card("QS")),
        "Vous avez pris la D♠ dans la défausse à ce tour : elle ne peut pas être défaussée avant votre prochain tour."
    );
    assert!(taken_from_discard(Lang::Fr, card("AS")).starts_with("Vous avez pris l'A♠ "));
}

/// The prompt while a seat is to move says its verb in the person of its subject: a summary can
/// stand over the player's own turn ("Vous jouez…", never "Vous joue…").
#[wasm_bindgen_test]
fn waiting_prompts_agree_with_their_subject() {
    use tapis::app::nain_jaune::text::waiting_for;
    use tapis::app::programmes::text::{prompt_text, Prompt};
    let (you, ada) = (Person::you(), Person::named("Ada"));
    let programmes = |lang, p: &Person| prompt_text(lang, &Prompt::Waiting(p.clone()));
    assert_eq!(programmes(Lang::Fr, &you), "Vous jouez…");
    assert_eq!(programmes(Lang::Fr, &ada), "Ada joue…");
    assert_eq!(programmes(Lang::En, &you), "You to play…");
    let seven = Some(Rank::from_index(6));
    assert_eq!(waiting_for(Lang::Fr, &you, None), "Vous ouvrez…");
    assert_eq!(waiting_for(Lang::Fr, &ada, None), "Ada ouvre…");
    assert_eq!(waiting_for(Lang::Fr, &you, seven), "Vous devez jouer un 7…");
    assert_eq!(waiting_for(Lang::Fr, &ada, seven), "Ada doit jouer un 7…");
    assert_eq!(waiting_for(Lang::En, &you, seven), "You to play a 7…");
}

/// The review speaks of another move only where the hard level sees a real difference (sure, and
/// at least half a chip, or a fifth of a program); and "Move 37" in its list opens "Move 37 of 42".
#[wasm_bindgen_test]
fn review_verdicts_speak_only_of_real_differences() {
    use tapis::ai::review::{Values, Verdict};
    use tapis::app::features::review::{step_words, verdict_text};
    use tapis::engine::game::GameId;
    let words: fn(Lang, &str) -> String = |_, action| action.to_string();
    let judge = |game, best: f64, played: f64, error: f64| {
        let verdict =
            Verdict { played: "play 8S".into(), best: "play AC".into(), values: Some(Values { played, best, error, samples: 400 }) };
        verdict_text(Lang::En, game, words, Some(&Ok(verdict)))
    };
    let nothing_better = ("even", "The computer finds nothing clearly better.".to_string());
    // The same result, a difference too small to matter, one the search is not sure of.
    assert_eq!(judge(GameId::NainJaune, -1.4, -1.4, 0.1), nothing_better);
    assert_eq!(judge(GameId::Bonanza, 0.02, 0.0, 0.0), nothing_better);
    assert_eq!(judge(GameId::Bonanza, 0.4, 0.0, 0.01), nothing_better);
    assert_eq!(judge(GameId::NainJaune, 3.0, 0.0, 2.0), nothing_better);
    assert_eq!(judge(GameId::Programmes, 0.15, 0.0, 0.01), nothing_better);
    // A real difference says what the computer expects from each move.
    let (class, text) = judge(GameId::NainJaune, 0.7, 0.0, 0.1);
    assert_eq!((class, text.as_str()), ("other", "The computer would play AC: it expects +0.7 chips from it, +0.0 from the move played."));
    assert_eq!(judge(GameId::Bonanza, 1.5, 0.0, 0.1).0, "costly");
    assert_eq!(judge(GameId::Programmes, 0.25, 0.0, 0.01).0, "costly");
    // The step names the move to be played next, as the list of decisions numbers it.
    assert_eq!(step_words(Lang::En, 36, 42, 2), "Move 37 of 42 · deal 2");
    assert_eq!(step_words(Lang::Fr, 0, 42, 1), "Coup 1 sur 42 · donne 1");
    assert_eq!(step_words(Lang::En, 42, 42, 2), "End: 42 moves · deal 2");
    assert_eq!(step_words(Lang::Fr, 42, 42, 2), "Fin\u{a0}: 42 coups · donne 2");
}

/// The engine's refusals of a card in the hand, in words, in both languages (the hand shows them
/// over a greyed card); a refusal the hand never meets has none.
#[wasm_bindgen_test]
fn refusals_of_a_card_read_in_both_languages() {
    use tapis::app::bonanza::text::refusal_words as bonanza_words;
    use tapis::app::nain_jaune::text::refusal_words as nain_jaune_words;
    use tapis::engine::bonanza::Refusal as BonanzaRefusal;
    use tapis::engine::game::TurnRefusal;
    use tapis::engine::nain_jaune::Refusal;
    let queen = Refusal::MustFollow { seat: 0, wanted: Rank::QUEEN };
    assert_eq!(nain_jaune_words(Lang::En, &queen).unwrap(), "The sequence wants a queen, and you hold one: play it.");
    assert_eq!(nain_jaune_words(Lang::Fr, &queen).unwrap(), "La séquence attend une dame, et vous en avez une\u{a0}: jouez-la.");
    assert_eq!(nain_jaune_words(Lang::En, &Refusal::Turn(TurnRefusal::GameOver)), None);
    let colour = BonanzaRefusal::ChangeColour { seat: 0, red: true };
    assert_eq!(bonanza_words(Lang::En, &colour).unwrap(), "After a stop the lead changes colour: lead a black card.");
    assert_eq!(bonanza_words(Lang::Fr, &colour).unwrap(), "Après un arrêt, on ouvre dans l'autre teinte\u{a0}: jouez une carte noire.");
    let follow = BonanzaRefusal::MustFollow { seat: 0, wanted: card("QH") };
    assert_eq!(bonanza_words(Lang::Fr, &follow).unwrap(), "Vous avez la D♥, la carte suivante\u{a0}: jouez-la.");
    assert_eq!(bonanza_words(Lang::En, &follow).unwrap(), "You hold the Q♥, the next card: play it.");
    let lowest = BonanzaRefusal::LowestLead { seat: 0, lowest: card("4S"), card: card("9S") };
    assert_eq!(bonanza_words(Lang::Fr, &lowest).unwrap(), "On ouvre avec la plus petite carte de sa couleur\u{a0}: ici le 4♠.");
    assert!(bonanza_words(Lang::En, &BonanzaRefusal::DeadJoker).unwrap().starts_with("The joker is dead"));
    assert_eq!(bonanza_words(Lang::En, &BonanzaRefusal::RaceOn), None);
}

/// Nain Jaune's header says how long the game lasts: out of how many rounds when the form set a
/// number, else as long as everyone can stake.
#[wasm_bindgen_test]
fn nain_jaune_header_says_how_long_the_game_lasts() {
    use tapis::app::nain_jaune::text::round_badge;
    assert_eq!(round_badge(Lang::En, 3, 10), "Round 3 of 10");
    assert_eq!(round_badge(Lang::Fr, 3, 10), "Donne 3 sur 10");
    assert_eq!(round_badge(Lang::En, 3, 0), "Round 3 · until someone cannot stake");
    assert_eq!(round_badge(Lang::Fr, 3, 0), "Donne 3 · tant que chacun peut miser");
}

/// Bonanza's guided deal gives uneven hands on purpose; the guide's first words say how many cards
/// the player and Bob hold, and where Bob's go once he buys the widow, as the deal has them.
#[wasm_bindgen_test]
fn bonanza_guide_explains_its_uneven_hands() {
    let deal: serde_json::Value = serde_json::from_str(include_str!("../src/app/bonanza/guided_deal.json")).unwrap();
    let count = |v: &serde_json::Value| v.as_array().unwrap().len();
    let (mine, bob, widow) =
        (count(&deal["deals"][0]["hands"][0]), count(&deal["deals"][0]["hands"][2]), count(&deal["deals"][0]["widow"]));
    let steps = tapis::app::bonanza::guide::BOOK.steps;
    assert!(steps[0].en.contains(&format!("you hold {mine} cards, Bob {bob} (a real deal gives everyone as many")), "{}", steps[0].en);
    assert!(steps[0].fr.contains(&format!("vous avez {mine} cartes, Bob {bob} (dans une vraie donne")), "{}", steps[0].fr);
    let bought = steps.iter().find(|s| s.en.starts_with("Bob bought the widow")).unwrap();
    assert!(bought.en.contains(&format!("the widow's {widow} cards, and his {bob} make the dead hand")), "{}", bought.en);
    assert!(bought.fr.contains(&format!("les {widow} cartes de la veuve, et ses {bob} cartes forment la main morte")), "{}", bought.fr);
}

// ---------------------------------------------------------------------------------- Programmes

mod programmes_view {
    use super::*;
    use tapis::app::programmes::actions::{selection_moves, Offer, Why};
    use tapis::app::programmes::program_card::ProgramCard;
    use tapis::app::programmes::reveal::RevealChoice;
    use tapis::app::programmes::text::L;
    use tapis::engine::card_multiset::CardMultiset;
    use tapis::engine::programmes::{is_wild, Action, ProgramId, Programmes};

    /// Three players; seat 0 plays first, holds `hand` and program P14 (a set of three and a run
    /// of four); `top` is on the discard pile; the other hands take the next natural cards.
    fn game_with(hand: &[&str], top: &str) -> Programmes {
        let mut left = CardMultiset::PACK_108;
        let mut take = |text: &str| {
            let c: Card = text.parse().unwrap();
            assert!(left.remove(c), "{c} is left in the pack");
            c.to_string()
        };
        let mine: Vec<String> = hand.iter().map(|c| take(c)).collect();
        let discard = vec![take(top)];
        let mut rest: Vec<Card> = left.iter().collect();
        let mut others = Vec::new();
        for _ in 0..2 {
            let mut h = Vec::new();
            while h.len() < 13 {
                let i = rest.iter().position(|&c| !is_wild(c)).unwrap();
                h.push(rest.remove(i).to_string());
            }
            others.push(h);
        }
        let stock: Vec<String> = rest.iter().map(|c| c.to_string()).collect();
        let deal = serde_json::json!({
            "hands": [mine, others[0], others[1]],
            "stock": stock,
            "discard": discard,
            "programs": ["P14", "P38", "P10"],
        });
        Programmes::from_setup(&Setup { players: 3, seed: 9, first_dealer: 2, deals: vec![deal], ..Setup::default() }).unwrap()
    }

    const HAND: [&str; 13] = ["9H", "9S", "9D", "4S", "5S", "6S", "7S", "8S", "3S", "KC", "KD", "KH", "QD"];

    fn reveal_text(combos: &[Vec<tapis::engine::programmes::Placed>]) -> String {
        Action::Reveal(combos.to_vec()).to_string()
    }

    fn id(text: &str) -> ProgramId {
        text.parse().unwrap()
    }

    /// The card drawn from its data: one group per directive with its kind, length and count; the
    /// permitted suits; the crossed-out wild; the sun; the back; its words in both languages.
    #[wasm_bindgen_test]
    async fn program_cards_draw_their_directives() {
        let lang = RwSignal::new(Lang::En);
        /// A directive's group as drawn: kind, length, count, wilds allowed.
        type Group<'a> = (&'a str, &'a str, &'a str, &'a str);
        let cases: [(&str, &[Group], usize, usize); 4] = [
            // (card, directives: kind length count wilds, suit marks, crossed-out wilds)
            ("P30", &[("run", "4", "2", "true")], 2, 0),
            ("P14", &[("set", "3", "1", "true"), ("run", "4", "1", "true")], 0, 0),
            ("P26", &[("set", "3", "1", "false")], 0, 1),
            ("P33", &[("run", "3", "1", "true")], 1, 0),
        ];
        for (card, directives, suits, no_wilds) in cases {
            let div = fresh_div();
            provide_context(lang);
            let program = Some(id(card));
            let _mounted = leptos::mount::mount_to(div.clone(), move || {
                provide_context(lang);
                view! { <ProgramCard program=program /> }
            });
            tick().await;
            let svg = div.query_selector("svg.program-svg").unwrap().unwrap();
            assert_eq!(svg.get_attribute("data-program").as_deref(), Some(card));
            assert_eq!(svg.get_attribute("data-face").as_deref(), Some("up"));
            let p = id(card).card();
            assert_eq!(svg.get_attribute("aria-label").unwrap(), format!("{}: {}", p.name.en, p.describe_en()), "{card}");
            let groups = svg.query_selector_all("g.directive").unwrap();
            let found: Vec<(String, String, String, String)> = (0..groups.length())
                .map(|i| {
                    let g: web_sys::Element = groups.item(i).unwrap().unchecked_into();
                    let a = |k: &str| g.get_attribute(k).unwrap();
                    (a("data-kind"), a("data-length"), a("data-count"), a("data-wilds"))
                })
                .collect();
            let wanted: Vec<(String, String, String, String)> =
                directives.iter().map(|(k, l, c, w)| (k.to_string(), l.to_string(), c.to_string(), w.to_string())).collect();
            assert_eq!(found, wanted, "{card}");
            assert_eq!(svg.query_selector_all("path.suit").unwrap().length() as usize, suits, "{card} suits");
            assert_eq!(svg.query_selector_all(".no-wild").unwrap().length() as usize, no_wilds, "{card} wilds");
            if card == "P30" {
                assert!(svg.inner_html().contains(">×2<"), "the multiplier is drawn");
            }
            if card == "P33" {
                assert!(svg.inner_html().contains(">3 4 5<"), "the imposed values are drawn");
            }
            // The card's heading, its tooltip and its label follow the language.
            assert!(svg.inner_html().contains(">PROGRAM<"), "{card}: the English heading");
            lang.set(Lang::Fr);
            tick().await;
            let svg = div.query_selector("svg.program-svg").unwrap().unwrap();
            assert!(svg.inner_html().contains(">PROGRAMME<"), "{card}: the French heading");
            assert_eq!(svg.get_attribute("aria-label").unwrap(), format!("{} : {}", p.name.fr, p.describe_fr()));
            assert!(svg.query_selector("title").unwrap().unwrap().text_content().unwrap().contains(&p.describe_fr()));
            lang.set(Lang::En);
            div.remove();
        }
        // A sun and a face-down card.
        for (program, face) in [(Some(id("SUN1")), "up"), (None, "down")] {
            let div = fresh_div();
            let _mounted = leptos::mount::mount_to(div.clone(), move || view! { <ProgramCard program=program /> });
            tick().await;
            let svg = div.query_selector("svg.program-svg").unwrap().unwrap();
            assert_eq!(svg.get_attribute("data-face").as_deref(), Some(face));
            assert_eq!(svg.query_selector("path.sun").unwrap().is_some(), program.is_some());
            assert_eq!(svg.query_selector_all("g.directive").unwrap().length(), 0);
            if program.is_none() {
                assert_eq!(svg.get_attribute("aria-label").as_deref(), Some(L::FaceDown.text(Lang::En)));
            }
            div.remove();
        }
    }

    /// The ways offered to reveal are exactly the engine's, in its order; choosing one and pressing
    /// Reveal hands that one over.
    #[wasm_bindgen_test]
    async fn reveal_choice_lists_exactly_the_engines_reveals() {
        let mut game = game_with(&HAND, "2C");
        game.play(0, &Action::DrawDiscard).unwrap();
        let offer = Offer::of(&game.legal_actions());
        let engine: Vec<String> = game.reveal_options(0).iter().map(|c| reveal_text(c)).collect();
        let offered: Vec<String> = offer.reveals.iter().map(|c| reveal_text(c)).collect();
        assert_eq!(offered, engine, "the legal reveals are the reveal finder's ways");
        assert!(engine.len() > 6, "more ways than shown at first: {engine:?}");

        let div = fresh_div();
        let chosen = RwSignal::new(0usize);
        let revealed = RwSignal::new(None::<usize>);
        let options = offer.reveals.clone();
        let _mounted = leptos::mount::mount_to(div.clone(), move || {
            view! {
                <RevealChoice
                    options=Signal::stored(options.clone())
                    chosen=chosen
                    on_reveal=Callback::new(move |_| revealed.set(Some(chosen.get_untracked())))
                />
            }
        });
        tick().await;
        let listed = |div: &web_sys::HtmlElement| -> Vec<String> {
            let els = div.query_selector_all("[data-testid^='reveal-option-']").unwrap();
            (0..els.length())
                .map(|i| els.item(i).unwrap().unchecked_into::<web_sys::Element>().get_attribute("data-action").unwrap())
                .collect()
        };
        assert_eq!(listed(&div), engine[..6].to_vec(), "the first six at first");
        let more: web_sys::HtmlElement = div.query_selector("[data-testid='reveal-more']").unwrap().unwrap().unchecked_into();
        more.click();
        tick().await;
        assert_eq!(listed(&div), engine, "then every way");
        // Each way shows its cards, a wild with the card it stands for.
        let first = div.query_selector("[data-testid='reveal-option-0']").unwrap().unwrap();
        assert_eq!(first.query_selector_all(".reveal-combo").unwrap().length(), 2);
        let k = engine.iter().position(|w| w.contains("2C=")).unwrap();
        let with_wild = div.query_selector(&format!("[data-testid='reveal-option-{k}']")).unwrap().unwrap();
        assert!(with_wild.query_selector(".wild-tag").unwrap().is_some(), "the wild's value is shown");

        let label: web_sys::HtmlElement = div.query_selector("[data-testid='reveal-option-3']").unwrap().unwrap().unchecked_into();
        label.click();
        tick().await;
        assert_eq!(chosen.get_untracked(), 3);
        let button: web_sys::HtmlElement = div.query_selector("[data-testid='action-reveal']").unwrap().unwrap().unchecked_into();
        button.click();
        tick().await;
        assert_eq!(revealed.get_untracked(), Some(3));
        div.remove();
    }

    /// What a selection allows comes from the engine, and the refusals read in plain words.
    #[wasm_bindgen_test]
    fn selections_are_judged_by_the_engine() {
        let mut game = game_with(&HAND, "2C");
        game.play(0, &Action::DrawDiscard).unwrap();
        let card = |t: &str| t.parse::<Card>().unwrap();
        let moves = |game: &Programmes, cards: &[&str]| {
            let offer = Offer::of(&game.legal_actions());
            let cards: Vec<Card> = cards.iter().map(|c| card(c)).collect();
            selection_moves(game, 0, &offer, &cards)
        };
        // Before revealing: no set, no extension.
        let m = moves(&game, &["KC", "KD", "KH"]);
        assert_eq!(m.meld, Err(Why::RevealFirst));
        assert_eq!(m.discard, Err(Why::SelectOneToDiscard));

        game.play(0, &"reveal 9S 9H 9D | 4S 5S 6S 7S".parse().unwrap()).unwrap();
        let m = moves(&game, &["2C"]);
        assert_eq!(m.discard, Err(Why::TakenFromDiscard(card("2C"))));
        assert!(Why::TakenFromDiscard(card("2C")).text(Lang::Fr).contains("pris le 2♣ dans la défausse"));
        let extends: Vec<String> = m.extends.iter().map(|(n, p)| format!("{n} {p}")).collect();
        assert_eq!(extends, ["0 2C=9S", "1 2C=3S", "1 2C=8S"], "the wild may go where the engine lets the hand's first wild go");

        assert_eq!(moves(&game, &["8S"]).extends.iter().map(|(n, p)| format!("{n} {p}")).collect::<Vec<_>>(), ["1 8S"]);
        assert_eq!(moves(&game, &["KC", "KD"]).meld, Err(Why::SetNeedsThree));
        assert_eq!(moves(&game, &["KC", "QD", "KH"]).meld, Err(Why::SetOneRank));
        let set = moves(&game, &["KH", "KC", "2C", "KD"]).meld.unwrap();
        assert_eq!(set.to_string(), "meld KH KD KC 2C=KS", "naturals in card order, the wild in the suit the set lacks");
        assert_eq!(moves(&game, &["QD"]).discard.unwrap().to_string(), "discard QD");

        // The engine's own refusals, in plain words, from the refusal's variant; the record's
        // reason is the same refusal, and its English sentence.
        let discard = "discard 2C".parse().unwrap();
        let refusal = game.refusal(0, &discard).expect("refused");
        assert_eq!(Why::from(refusal.clone()), Why::TakenFromDiscard(card("2C")));
        let reason = game.clone().play(0, &discard).unwrap_err().reason;
        assert_eq!(reason, tapis::engine::game::Why::Rules(refusal.clone()));
        assert_eq!(Reason::from(reason.clone()), Reason::Programmes(refusal.clone()), "the table's reason names the game");
        assert_eq!(reason.to_string(), refusal.to_string());
        assert_eq!(refusal.to_string(), "2C was taken from the discard pile this turn and may not be discarded until a later turn");
    }
}

/// Plays the seat to move's first legal move (in record notation) until `stop` says so.
fn play_until(session: &mut tapis::model::session::Session, stop: impl Fn(&tapis::model::session::Session) -> bool) {
    while !stop(session) {
        let seat = session.table.to_move().expect("the game goes on");
        let legal = session.table.legal();
        let action = legal.first().expect("a legal move").clone();
        session.play(seat, &action, legal.len() > 1).expect("a legal move plays");
    }
}

#[wasm_bindgen_test]
fn undo_takes_back_the_lone_humans_last_move_within_the_deal() {
    use tapis::engine::game::GameId;
    use tapis::model::session::{Session, UndoRefused};
    use tapis::record::Record;
    let mut record = Record::new(GameId::NainJaune, 4, 31);
    record.seats = Some(vec!["human".into(), "easy".into(), "easy".into(), "easy".into()]);
    let mut session = Session::from_record(1, record.clone()).unwrap();
    assert_eq!(session.undo_point(), None, "nothing to take back before my first move");
    assert_eq!(session.taken_back().unwrap_err(), UndoRefused::Nothing);

    // My first move, then the others' until it is my turn again.
    play_until(&mut session, |s| s.record.actions.iter().any(|a| a.seat == 0) && s.table.to_move() == Some(0));
    let mine = session.record.actions.iter().position(|a| a.seat == 0).unwrap();
    assert_eq!(session.undo_point(), Some(mine));
    let back = session.taken_back().expect("a move of this deal");
    assert_eq!(back.actions.len(), mine, "my move and everything after it are taken back");
    assert_eq!(back.actions[..], session.record.actions[..mine]);

    // Once the deal is over (and its summary read), its moves stay played.
    play_until(&mut session, |s| s.rounds_finished() == 1 || s.table.is_finished());
    assert_eq!(session.undo_point(), None, "not while the deal's summary waits");
    session.rounds_seen = session.rounds_finished();
    if !session.table.is_finished() {
        // My turn comes in the new deal before I have moved in it: my last move is the old deal's.
        play_until(&mut session, |s| s.table.to_move() == Some(0) || s.table.is_finished());
        assert!(session.undo_point().is_some());
        assert_eq!(session.taken_back().unwrap_err(), UndoRefused::EarlierDeal);
    }

    // Two humans at the table: neither takes back the other's moves.
    record.seats = Some(vec!["human".into(), "human".into(), "easy".into(), "easy".into()]);
    let mut shared = Session::from_record(2, record).unwrap();
    play_until(&mut shared, |s| s.record.actions.len() >= 6);
    assert_eq!(shared.undo_point(), None);
}

/// docs/rules/programmes.md §4.1: a new Programmes game deals first to the seat dealt the first
/// spade face up (the app's records carry it, as `referee play`'s do); the other games start with
/// seat 0 dealing.
#[wasm_bindgen_test]
fn a_new_programmes_game_draws_its_first_dealer() {
    use tapis::app::games::new_record;
    use tapis::engine::game::GameId;
    use tapis::engine::programmes::draw_first_dealer;
    let dealers: Vec<Option<usize>> = (0..40).map(|seed| new_record(GameId::Programmes, 4, seed).first_dealer).collect();
    for (seed, dealer) in dealers.iter().enumerate() {
        assert_eq!(*dealer, Some(draw_first_dealer(seed as u64, 4).0), "seed {seed}");
    }
    assert!(dealers.iter().any(|d| *d != Some(0)), "not always seat 0");
    assert_eq!(new_record(GameId::Bonanza, 4, 3).first_dealer, None);
    assert_eq!(new_record(GameId::NainJaune, 4, 3).first_dealer, None);
}

/// Undo takes back the lone human's last choice: a move that was their only legal one would be
/// played again at once, so it goes back with the choice before it; a game resumed from its
/// record works the same out (`learn_choices`, from the game's rules).
#[wasm_bindgen_test]
fn undo_takes_back_the_last_choice_not_a_forced_move() {
    use tapis::engine::game::GameId;
    use tapis::engine::nain_jaune::NainJaune;
    use tapis::model::session::Session;
    use tapis::record::{legal_of, Record};
    let mut record = Record::new(GameId::NainJaune, 3, 5);
    record.seats = Some(vec!["human".into(), "easy".into(), "easy".into()]);
    let mut session = Session::from_record(1, record).unwrap();
    let (mut choice, mut forced_after) = (None, false);
    while !forced_after {
        let seat = session.table.to_move().expect("the deal goes on");
        let legal = session.table.legal();
        if seat == 0 {
            if legal.len() > 1 {
                choice = Some(session.record.actions.len());
            } else {
                forced_after = choice.is_some();
            }
        }
        session.play(seat, &legal[0], legal.len() > 1).unwrap();
        assert_eq!(session.rounds_finished(), 0, "a choice and a forced move in the first deal");
    }
    assert_eq!(session.undo_point(), choice, "undo goes back to the last choice");
    let mut resumed = Session::from_record(2, session.record.clone()).unwrap();
    resumed.learn_choices(legal_of::<NainJaune>);
    assert_eq!(resumed.undo_point(), choice, "the same once the game is resumed");
}

use tapis::app::programmes::melds::{laid_by, last_pile_move, PileMove};
use tapis::engine::programmes::melds::{combination_shape, Meld, Placed};
use tapis::engine::programmes::Event as ProgrammesEvent;

/// Programmes' flights (src/app/table/flights.rs): each card of a meld travels from who laid it, the
/// meld's owner or the player who extended it; of two copies of a card (two packs) only the one an
/// extension added comes from him; every card has a key of its own; and the piles' last move is
/// the round's last move when it was at the piles.
#[wasm_bindgen_test]
fn meld_cards_travel_from_who_laid_them() {
    let natural = |c: &str| Placed::natural(card(c));
    let laid = [natural("7H"), natural("7S"), natural("7D")];
    let mut meld = Meld::new(1, combination_shape(&laid).unwrap(), &laid, None);
    let second = natural("7H");
    let end = meld.fits(second).expect("a set of sevens takes another seven");
    meld.extend(second, end);
    let mut events = vec![
        // An earlier round's meld 0 is not this one's.
        ProgrammesEvent::Melded { seat: 3, meld: 0, cards: laid.to_vec() },
        ProgrammesEvent::Dealt { deal_number: 2, dealer: 0, first: 1, discard: None, new_programs: Vec::new() },
        ProgrammesEvent::Melded { seat: 1, meld: 0, cards: laid.to_vec() },
        ProgrammesEvent::DrewStock { seat: 2 },
        ProgrammesEvent::Extended { seat: 2, meld: 0, card: second },
    ];
    let by = laid_by(&events, &[meld]);
    let seats: Vec<usize> = by[0].iter().map(|b| b.as_ref().expect("every card has its layer").0).collect();
    assert_eq!(seats.iter().filter(|&&s| s == 2).count(), 1, "one seven of hearts was added by seat 2: {seats:?}");
    assert_eq!(seats.iter().filter(|&&s| s == 1).count(), 3, "the rest were laid by the owner: {seats:?}");
    let keys: std::collections::BTreeSet<&String> = by[0].iter().map(|b| &b.as_ref().unwrap().1).collect();
    assert_eq!(keys.len(), 4, "a key per card: {keys:?}");

    assert_eq!(last_pile_move(&events), None, "the last move was at the melds");
    events.push(ProgrammesEvent::Discarded { seat: 2, card: card("9C") });
    assert_eq!(last_pile_move(&events), Some(PileMove::Discarded { seat: 2, event: 5 }));
    events.push(ProgrammesEvent::DrewDiscard { seat: 3, card: card("9C") });
    assert_eq!(last_pile_move(&events), Some(PileMove::DrewDiscard { seat: 3, card: card("9C"), event: 6 }));
    events.push(ProgrammesEvent::Dealt { deal_number: 3, dealer: 1, first: 2, discard: Some(card("4S")), new_programs: Vec::new() });
    assert_eq!(last_pile_move(&events), None, "a new round starts with nothing moving");
}

/// The form offers exactly the options each engine declares, in their order, each choice with a
/// label in both languages; its defaults are the engine's (one home per option: the engine).
#[wasm_bindgen_test]
fn the_form_offers_the_options_the_engines_declare() {
    use tapis::app::games::{info, GAMES};
    use tapis::engine::game::{GameId, OptionKind};
    assert_eq!(GAMES.map(|g| g.id), GameId::ALL, "the page offers every game, in the chooser's order");
    use tapis::engine::{bonanza, nain_jaune, programmes};
    for (game, declared) in [
        (GameId::NainJaune, &nain_jaune::options::OPTIONS[..]),
        (GameId::Bonanza, &bonanza::options::OPTIONS[..]),
        (GameId::Programmes, &programmes::options::OPTIONS[..]),
    ] {
        assert_eq!(info(game).id, game, "each game's own information");
        let specs = info(game).options;
        let keys: Vec<&str> = specs.iter().map(|s| s.key()).collect();
        let declared_keys: Vec<&str> = declared.iter().map(|d| d.key).collect();
        assert_eq!(keys, declared_keys, "{game:?}");
        for spec in specs {
            if let OptionKind::Choice(values) = spec.decl.kind {
                assert_eq!(spec.choices.len(), values.len(), "{}: a label for each value", spec.key());
            } else {
                assert!(spec.choices.is_empty(), "{}: labels for no choice", spec.key());
            }
            assert!(spec.options().iter().all(|(_, (en, fr))| !en.is_empty() && !fr.is_empty()));
            // The form's default is accepted by the form, and is what a record without the key gets.
            let default = spec.value(&spec.default_text()).expect("the default is a value");
            let empty = serde_json::Map::new();
            let engine_default: serde_json::Value = match spec.decl.kind {
                OptionKind::Choice(_) => spec.decl.choice(&empty).unwrap().into(),
                OptionKind::Whole { .. } => spec.decl.whole(&empty).unwrap().into(),
                OptionKind::Flag { .. } => spec.decl.flag(&empty).unwrap().into(),
            };
            assert_eq!(default, engine_default, "{}", spec.key());
        }
    }
}

/// Bonanza's hand in the race's order: suit by suit, colours alternating, two up to the ace (the
/// engine's race order), the joker last.
#[wasm_bindgen_test]
fn bonanza_hand_is_in_race_order() {
    let hand: CardSet = ["AS", "2S", "KH", "5D", "3C", "JK"].into_iter().map(card).collect();
    let order: Vec<String> = tapis::model::bonanza::race_order(hand).into_iter().map(|c| c.to_string()).collect();
    assert_eq!(order, ["2S", "AS", "KH", "3C", "5D", "JK"]);
}

// ------------------------------------------------------------------ statistics and the daily deal

/// The statistics as a browser stores them today (format 1): a later version must still read this
/// file (migrating it), never lose it. The same file seeds the e2e test of the view.
const STATS_V1: &str = include_str!("e2e/fixtures/stats-v1.json");

#[wasm_bindgen_test]
fn stats_store_reads_the_saved_fixture_of_format_1() {
    use tapis::app::features::stats::{Store, VERSION};
    let store = Store::from_json(STATS_V1).expect("today's format is read");
    assert_eq!(store.version, VERSION);
    assert_eq!(store.games.len(), 36);
    let bonanza: Vec<_> = store.games.iter().filter(|g| g.game == "bonanza").collect();
    assert_eq!(bonanza.len(), 12);
    assert_eq!(bonanza.iter().filter(|g| g.won).count(), 4);
    assert_eq!(bonanza.iter().map(|g| g.result).sum::<i64>(), 26);
    assert_eq!(store.games.iter().filter_map(|g| g.daily.as_deref()).collect::<Vec<_>>(), ["2026-11-20"]);
    assert_eq!(store.spent, ["00000000000000aa"]);
    assert_eq!(store.daily.len(), 1);
    assert!(store.knows("00000000000000aa") && store.knows(&store.games[0].key) && !store.knows("ffff"));
    // What this version writes reads back the same.
    assert_eq!(Store::from_json(&store.to_json()), Ok(store));
}

#[wasm_bindgen_test]
fn stats_store_says_why_it_cannot_read() {
    use tapis::app::features::stats::{Store, StoreError};
    assert!(matches!(Store::from_json("{\"version\": 1, \"games\": [{"), Err(StoreError::Unreadable(_))));
    assert!(matches!(Store::from_json("{\"games\": []}"), Err(StoreError::Unreadable(why)) if why == "no format version"));
    assert!(
        matches!(Store::from_json("{\"version\": 1, \"games\": [{\"key\": 5}]}"), Err(StoreError::Unreadable(why)) if why == "games[0] is not understood")
    );
    assert_eq!(Store::from_json("{\"version\": 3, \"games\": []}"), Err(StoreError::Newer(3)));
    // A byte-order mark, as some editors save, is no error.
    assert!(Store::from_json(&format!("\u{feff}{STATS_V1}")).is_ok());
}

#[wasm_bindgen_test]
fn stats_merge_adds_only_new_games_and_reset_never_counts_them_again() {
    use tapis::app::features::stats::Store;
    let full = Store::from_json(STATS_V1).unwrap();
    let mut store = Store::new();
    store.games.push(full.games[5].clone());
    assert_eq!(store.merge(full.clone()), 35);
    assert_eq!(store.games, full.games, "the games in the order they ended");
    assert_eq!(store.merge(full.clone()), 0, "nothing twice");
    store.reset();
    assert!(store.games.is_empty());
    assert!(full.games.iter().all(|g| store.knows(&g.key)), "an erased game does not count again");
    // An import brings them back.
    assert_eq!(store.merge(full.clone()), 36);
    assert!(!store.spent.iter().any(|k| full.games.iter().any(|g| &g.key == k)));
}

#[wasm_bindgen_test]
fn daily_seeds_follow_the_game_and_the_day() {
    use tapis::app::features::daily::{record, seed};
    use tapis::engine::game::GameId;
    let today = seed(GameId::Bonanza, "2026-11-26");
    assert_eq!(today, seed(GameId::Bonanza, "2026-11-26"));
    assert_ne!(today, seed(GameId::Bonanza, "2026-11-27"));
    assert_ne!(today, seed(GameId::NainJaune, "2026-11-26"));
    assert!(today < 1 << 53, "JSON tools read the seed back exactly");
    let r = record(GameId::Bonanza, "2026-11-26", Lang::Fr);
    assert_eq!((r.seed, r.players), (today, 5));
    assert_eq!(r.seats.as_deref(), Some(&["human", "medium", "medium", "medium", "medium"].map(String::from)[..]));
    // The record of the day, whatever the language of its names, is the same game.
    assert_eq!(
        tapis::app::features::stats::game_key(&r),
        tapis::app::features::stats::game_key(&record(GameId::Bonanza, "2026-11-26", Lang::En))
    );
}

#[wasm_bindgen_test]
fn daily_result_reads_as_plain_text() {
    use tapis::app::features::stats_view::share_text;
    use tapis::engine::game::GameId;
    assert_eq!(share_text(Lang::En, GameId::Bonanza, "2026-11-26", 23, 2, 5), "Tapis · Bonanza · 2026-11-26 · +23 chips · 2nd of 5");
    assert_eq!(share_text(Lang::Fr, GameId::Bonanza, "2026-11-26", -1, 5, 5), "Tapis · Bonanza · 2026-11-26 · -1 jeton · 5e sur 5");
    assert_eq!(share_text(Lang::En, GameId::Programmes, "2026-11-26", 1, 1, 4), "Tapis · Programmes · 2026-11-26 · 1 program · 1st of 4");
    assert_eq!(share_text(Lang::Fr, GameId::NainJaune, "2026-11-26", 0, 3, 4), "Tapis · Nain Jaune · 2026-11-26 · 0 jeton · 3e sur 4");
}

#[wasm_bindgen_test]
fn unreadable_statistics_are_kept_after_the_copy_kept_before() {
    use tapis::app::features::stats::{load, update, DAMAGED_KEY, STATS_KEY};
    use tapis::app::services::storage;
    storage::set(DAMAGED_KEY, "an older copy").unwrap();
    storage::set(STATS_KEY, "{\"version\": 1, \"games\": 7}").unwrap();
    assert_eq!(update(|store| store.games.len()), Ok(0), "counting starts afresh");
    assert_eq!(storage::get(DAMAGED_KEY).as_deref(), Some("an older copy\n\n{\"version\": 1, \"games\": 7}"));
    assert!(load().is_ok_and(|s| s.games.is_empty()));
    // A newer version's statistics are left as they are.
    storage::set(STATS_KEY, "{\"version\": 2}").unwrap();
    assert!(update(|_| ()).is_err());
    assert_eq!(storage::get(STATS_KEY).as_deref(), Some("{\"version\": 2}"));
    storage::remove(STATS_KEY);
    storage::remove(DAMAGED_KEY);
}

/// What a finished game counts as, from the seat of the one person at the screen. The records
/// are `referee play` games of random computers (fixtures/), the person's seat set here.
#[wasm_bindgen_test]
fn a_finished_game_counts_from_the_person_s_seat() {
    use tapis::app::features::stats::{game_key, outcome};
    use tapis::model::session::Session;
    use tapis::record::Record;
    let at = |text: &str, seats: [&str; 3]| {
        let mut record = Record::from_json(text).unwrap();
        record.seats = Some(seats.map(String::from).to_vec());
        Session::from_record(1, record).unwrap()
    };
    // Bonanza, one deal: seats 0 and 2 end level on 106 chips, so nobody wins; both are first.
    let bonanza = include_str!("e2e/fixtures/bonanza-3p-one-deal-tie.json");
    let e = outcome(&at(bonanza, ["human", "random", "random"])).expect("counted");
    assert_eq!((e.game.as_str(), e.players, e.level.as_str(), e.won, e.rank, e.result, e.deals), ("bonanza", 3, "random", false, 1, 6, 1));
    assert_eq!(e.daily, None);
    let e = outcome(&at(bonanza, ["random", "human", "easy"])).unwrap();
    assert_eq!((e.level.as_str(), e.rank, e.result), ("mixed", 3, -12));
    // Programmes to one program: seat 2 completes it and wins; the two others share second place.
    let programmes = include_str!("e2e/fixtures/programmes-3p-target-1.json");
    let e = outcome(&at(programmes, ["random", "random", "human"])).unwrap();
    assert_eq!((e.won, e.rank, e.result), (true, 1, 1));
    let e = outcome(&at(programmes, ["human", "hard", "hard"])).unwrap();
    assert_eq!((e.won, e.rank, e.result, e.level.as_str()), (false, 2, 0, "hard"));
    // Nobody, or two people, at the screen: not counted.
    assert!(outcome(&at(programmes, ["random", "random", "random"])).is_none());
    assert!(outcome(&at(programmes, ["human", "human", "random"])).is_none());
    // A game not over is not counted either.
    let mut unfinished = Record::from_json(programmes).unwrap();
    unfinished.actions.truncate(3);
    unfinished.seats = Some(["human", "random", "random"].map(String::from).to_vec());
    let session = Session::from_record(2, unfinished.clone()).unwrap();
    assert!(outcome(&session).is_none());
    // Its key is the start's: the moves and the names do not change it.
    let mut named = unfinished.clone();
    named.actions.clear();
    named.names = Some(["A", "B", "C"].map(String::from).to_vec());
    assert_eq!(game_key(&named), game_key(&unfinished));
    let mut other = unfinished.clone();
    other.seed += 1;
    assert_ne!(game_key(&other), game_key(&unfinished));
}

/// The review names each move in words, read from its record string by the game's own notation:
/// a wild by the card it is, a meld by its number from 1, and a string that is no move of the
/// game as it is.
#[wasm_bindgen_test]
fn the_review_reads_each_games_moves_in_words() {
    use tapis::app::services::i18n::card_short;
    use tapis::app::{bonanza, nain_jaune, programmes};
    let short = |lang, cards: &str| cards.split(' ').map(|c| card_short(lang, card(c))).collect::<Vec<_>>().join(" ");
    let (en, fr) = (Lang::En, Lang::Fr);

    assert_eq!(nain_jaune::text::move_words(en, "play 7C"), format!("play {}", short(en, "7C")));
    assert_eq!(nain_jaune::text::move_words(fr, "play 10D"), format!("jouer {}", short(fr, "10D")));

    let words = bonanza::text::move_words;
    assert_eq!(words(en, "take widow"), "take the widow");
    assert_eq!(words(fr, "sell widow"), "vendre la veuve");
    assert_eq!(words(fr, "bid 3"), "enchérir à 3");
    assert_eq!(words(en, "raise 2"), "raise by 2");
    assert_eq!(words(fr, "check"), "parole");
    assert_eq!(words(en, "show QS JD"), format!("show {}", short(en, "QS JD")));
    assert_eq!(words(fr, "show 5D JK 7D"), format!("montrer {}", short(fr, "5D JK 7D")));
    assert_eq!(words(en, "play 8H"), format!("play {}", short(en, "8H")));

    let words = programmes::text::move_words;
    assert_eq!(words(en, "draw stock"), "draw from the stock");
    assert_eq!(words(fr, "draw discard"), "prendre la défausse");
    assert_eq!(words(en, "exchange program"), "exchange the program");
    assert_eq!(words(fr, "discard QD"), format!("défausser {}", short(fr, "QD")));
    assert_eq!(words(en, "meld 7S 7H JK=7C"), format!("lay down {}", short(en, "7S 7H JK")));
    assert_eq!(words(fr, "reveal 7S 7H 2C=7C | 8S 9S 10S"), format!("dévoiler\u{a0}: {}", short(fr, "7S 7H 2C 8S 9S 10S")));
    assert_eq!(words(en, "extend 0 8H"), format!("add {} to meld 1", short(en, "8H")));
    assert_eq!(words(fr, "extend 2 JK=9S"), format!("ajouter {} à la combinaison 3", short(fr, "JK")));
    assert_eq!(words(en, "bid 3"), "bid 3");
}
