//! Who sits at the table and in which language the page speaks to them: [`Lang`], and a seat as
//! sentences name it ([`Person`]: "You" for the one person at the screen, else a name).

use serde::{Deserialize, Serialize};

use crate::engine::game::Seat;

/// The two languages of the site.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Lang {
    Fr,
    #[default]
    En,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::Fr, Lang::En];

    /// The code for `<html lang>` and the `lang=` URL parameter.
    pub fn code(self) -> &'static str {
        match self {
            Lang::Fr => "fr",
            Lang::En => "en",
        }
    }

    pub fn from_code(code: &str) -> Option<Lang> {
        match code.trim().to_ascii_lowercase().as_str() {
            "fr" => Some(Lang::Fr),
            "en" => Some(Lang::En),
            _ => None,
        }
    }

    /// The language a browser asks for (`navigator.language`, e.g. `fr-CA`): French for any
    /// French variant, English otherwise.
    pub fn from_browser(tag: &str) -> Lang {
        if tag.to_ascii_lowercase().starts_with("fr") {
            Lang::Fr
        } else {
            Lang::En
        }
    }

    /// The language's own name, for its switch button.
    pub fn own_name(self) -> &'static str {
        match self {
            Lang::Fr => "Français",
            Lang::En => "English",
        }
    }

    pub fn pick(self, en: &'static str, fr: &'static str) -> &'static str {
        match self {
            Lang::Fr => fr,
            Lang::En => en,
        }
    }
}

/// A seat as the sentences name it: "You"/"Vous" for the one human at the table, else a name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Person {
    pub name: String,
    pub you: bool,
}

impl Person {
    pub fn named(name: impl Into<String>) -> Person {
        Person { name: name.into(), you: false }
    }

    pub fn you() -> Person {
        Person { name: String::new(), you: true }
    }

    /// The name as a sentence subject or a label ("You", "Ada").
    pub fn display(&self, lang: Lang) -> String {
        if self.you {
            lang.pick("You", "Vous").to_string()
        } else {
            self.name.clone()
        }
    }

    /// The name inside a sentence ("you", "Ada").
    pub fn inner(&self, lang: Lang) -> String {
        if self.you {
            lang.pick("you", "vous").to_string()
        } else {
            self.name.clone()
        }
    }
}

/// Everyone at the table, by seat.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Names(pub Vec<Person>);

impl Names {
    pub fn of(&self, seat: Seat) -> Person {
        self.0.get(seat).cloned().unwrap_or_else(|| Person::named(format!("#{}", seat + 1)))
    }
}
