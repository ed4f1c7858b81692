//! A house rule on the new-game form: the engine declares each option (its record key, values,
//! default and bounds: `engine::<game>::options`), and an [`OptionSpec`] adds what a player
//! reads, its label in both languages and the labels of its choices. Each game lists its own in
//! its `info.rs` (`games::GameInfo::options`); the form draws them and writes them into the
//! record; the engine then checks them.

use crate::engine::game::{OptionDecl, OptionKind};

use crate::app::services::i18n::Lang;

/// Text in English and French.
pub type Bi = (&'static str, &'static str);

pub fn pick(lang: Lang, (en, fr): Bi) -> &'static str {
    lang.pick(en, fr)
}

/// Yes and No, the choices of a flag.
const YES_NO: [Bi; 2] = [("Yes", "Oui"), ("No", "Non")];

#[derive(Clone, Copy, Debug)]
pub struct OptionSpec {
    /// The engine's declaration: key, values, default, bounds.
    pub decl: &'static OptionDecl,
    pub label: Bi,
    pub hint: Option<Bi>,
    /// The labels of a choice's values, in the declaration's order (none for other kinds).
    pub choices: &'static [Bi],
}

impl OptionSpec {
    /// The record's option key.
    pub fn key(&self) -> &'static str {
        self.decl.key
    }

    /// The form field's test id: `opt-` and the key with dashes (`opt-stake-multiplier`).
    pub fn test_id(&self) -> String {
        format!("opt-{}", self.key().replace('_', "-"))
    }

    /// The values a select offers, each with its label: a choice's, or yes and no for a flag.
    pub fn options(&self) -> Vec<(&'static str, Bi)> {
        match self.decl.kind {
            OptionKind::Choice(values) => values.iter().copied().zip(self.choices.iter().copied()).collect(),
            _ => vec![("true", YES_NO[0]), ("false", YES_NO[1])],
        }
    }

    /// The default value as the form holds it (a string).
    pub fn default_text(&self) -> String {
        match self.decl.kind {
            OptionKind::Choice(values) => values[0].to_string(),
            OptionKind::Whole { default, .. } => default.to_string(),
            OptionKind::Flag { default } => default.to_string(),
        }
    }

    /// The record value for what the form holds, or `None` when the engine would refuse it.
    pub fn value(&self, text: &str) -> Option<serde_json::Value> {
        let text = text.trim();
        match self.decl.kind {
            OptionKind::Choice(values) => values.iter().find(|v| **v == text).map(|v| (*v).into()),
            OptionKind::Whole { min, max, .. } => text.parse::<i64>().ok().filter(|n| (min..=max).contains(n)).map(Into::into),
            OptionKind::Flag { .. } => text.parse::<bool>().ok().map(Into::into),
        }
    }

    /// Why the form's value was refused.
    pub fn error(&self, lang: Lang) -> String {
        match (self.decl.kind, lang) {
            // No upper bound worth saying (the largest 64-bit number).
            (OptionKind::Whole { min, max: i64::MAX, .. }, Lang::En) => format!("Enter a whole number of at least {min}."),
            (OptionKind::Whole { min, max: i64::MAX, .. }, Lang::Fr) => format!("Indiquez un nombre entier d'au moins {min}."),
            (OptionKind::Whole { min, max, .. }, Lang::En) => format!("Enter a whole number from {min} to {max}."),
            (OptionKind::Whole { min, max, .. }, Lang::Fr) => format!("Indiquez un nombre entier de {min} à {max}."),
            (_, Lang::En) => "Choose one of the values offered.".into(),
            (_, Lang::Fr) => "Choisissez l'une des valeurs proposées.".into(),
        }
    }
}
