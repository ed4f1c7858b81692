//! Component tests in a real browser: each test mounts a component into a fresh `<div>` and reads
//! the DOM. Run with `cargo test --target wasm32-unknown-unknown --test components`
//! (wasm-bindgen-test-runner and chromedriver, see .cargo/config.toml and webdriver.json).
#![cfg(target_arch = "wasm32")]

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

use tapis::app::card_svg::CardFace;
use tapis::app::i18n::{Lang, Names, Person};
use tapis::app::move_log::EventLine;
use tapis::app::nain_jaune::hand::Hand;
use tapis::app::nain_jaune::session::{default_names, SeatKind};
use tapis::engine::cards::{Card, CardSet, Rank};
use tapis::engine::game::{Game, Setup};
use tapis::engine::nain_jaune::{Action, Event, NainJaune};
use tapis::engine::rng::{deal_rng, shuffle, SEED_7_ORDER};

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

/// The hand marks as playable exactly the cards the engine allows, in lead and follow positions.
#[wasm_bindgen_test]
async fn hand_marks_exactly_the_legal_cards() {
    let mut game = NainJaune::new(&Setup { players: 4, seed: 42, ..Setup::default() }).unwrap();
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
    assert_eq!(text(".a"), "8 sans 9 : Bob continue.");
    assert_eq!(text(".b"), "Vous jouez D♠.");
    div.remove();
}

/// The lone human's default name follows the language.
#[wasm_bindgen_test]
fn default_names_follow_the_language() {
    let seats = [SeatKind::Human, SeatKind::Computer(tapis::ai::Level::Easy)];
    assert_eq!(default_names(&seats, Lang::En), vec!["You".to_string(), "Ada".to_string()]);
    assert_eq!(default_names(&seats, Lang::Fr), vec!["Vous".to_string(), "Ada".to_string()]);
}

/// The seeded shuffle deals the same cards in the browser as natively.
#[wasm_bindgen_test]
fn seed_7_shuffles_the_same_in_the_browser() {
    let mut v: Vec<u32> = (0..10).collect();
    shuffle(&mut v, &mut deal_rng(7, 0));
    assert_eq!(v, SEED_7_ORDER);
}
