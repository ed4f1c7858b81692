//! The in-app rules guide (`public/rules/<lang>.json`, fetched by the rules dialog): every game in
//! both languages, the same sections and paragraphs in each, none empty.

use serde_json::Value;

fn guide(lang: &str) -> Value {
    let path = format!("{}/public/rules/{lang}.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn each_game_has_its_guide_in_both_languages_section_for_section() {
    let (en, fr) = (guide("en"), guide("fr"));
    for game in tapis::engine::game::GameId::ALL {
        let key = game.key();
        let sections = |g: &Value| -> Vec<Value> { g[key].as_array().unwrap_or_else(|| panic!("no guide for {key}")).clone() };
        let (en, fr) = (sections(&en), sections(&fr));
        assert!(en.len() >= 5, "{key}: {} sections", en.len());
        assert_eq!(en.len(), fr.len(), "{key}: English and French have as many sections");
        for (e, f) in en.iter().zip(&fr) {
            let paragraphs = |s: &Value| s["paragraphs"].as_array().expect("paragraphs").len();
            assert_eq!(paragraphs(e), paragraphs(f), "{key}: “{}” / “{}” have as many paragraphs", e["heading"], f["heading"]);
            for s in [e, f] {
                assert!(s["heading"].as_str().is_some_and(|h| !h.is_empty()), "{key}: a heading");
                assert!(s["paragraphs"].as_array().unwrap().iter().all(|p| p.as_str().is_some_and(|p| p.len() > 20)));
            }
        }
    }
}
