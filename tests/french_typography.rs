//! French typography in the app's text: the high punctuation marks (: ; ! ? and » %) and the
//! opening « are held to their word by a no-break space, so a line never starts with a lone mark.
//! English text has no space there at all, so any ordinary space before those marks (or after «)
//! in a string of the views, or of the rules guide (public/rules), is a French sentence with the
//! wrong space.

use std::fs;
use std::path::{Path, PathBuf};

/// No-break space, before : and % and inside « ».
const NBSP: char = '\u{a0}';
/// Narrow no-break space, before ; ! ?.
const NARROW_NBSP: char = '\u{202f}';

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The string literals of a Rust source file, with the line each starts on. Comments, char
/// literals and lifetimes are skipped; raw strings are read whole.
fn string_literals(source: &str) -> Vec<(usize, String)> {
    let chars: Vec<char> = source.chars().collect();
    let (mut i, mut line, mut found) = (0, 1, Vec::new());
    let at = |i: usize, s: &str| s.chars().enumerate().all(|(k, c)| chars.get(i + k) == Some(&c));
    while i < chars.len() {
        let c = chars[i];
        if at(i, "//") {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '\'' {
            // A char literal ('x', '\n', '"') is stepped over; a lifetime's quote alone.
            if chars.get(i + 1) == Some(&'\\') && chars.get(i + 3) == Some(&'\'') {
                i += 4;
            } else if chars.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
            }
        } else if c == 'r' && (at(i, "r\"") || at(i, "r#")) && !chars[i.saturating_sub(1)].is_alphanumeric() {
            let hashes = chars[i + 1..].iter().take_while(|&&h| h == '#').count();
            let start = i + 2 + hashes;
            let close: String = std::iter::once('"').chain(std::iter::repeat_n('#', hashes)).collect();
            let mut end = start;
            while !at(end, &close) {
                end += 1;
            }
            let text: String = chars[start..end].iter().collect();
            found.push((line, text.clone()));
            line += text.matches('\n').count();
            i = end + close.chars().count();
        } else if c == '"' {
            let mut end = i + 1;
            while chars[end] != '"' {
                end += if chars[end] == '\\' { 2 } else { 1 };
            }
            let text: String = chars[i + 1..end].iter().collect();
            found.push((line, text.clone()));
            line += text.matches('\n').count();
            i = end + 1;
        } else {
            if c == '\n' {
                line += 1;
            }
            i += 1;
        }
    }
    found
}

/// What is wrong in one string: each ordinary space that should be a no-break one.
fn faults(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut faults = Vec::new();
    for (k, pair) in chars.windows(2).enumerate() {
        let fault = match pair {
            [' ', ':' | '%' | '»'] => Some(NBSP),
            [' ', ';' | '!' | '?'] => Some(NARROW_NBSP),
            ['«', ' '] => Some(NBSP),
            _ => None,
        };
        if let Some(space) = fault {
            let around: String = chars[k.saturating_sub(12)..(k + 14).min(chars.len())].iter().collect();
            faults.push(format!("“…{around}…” wants U+{:04X}", space as u32));
        }
    }
    faults
}

#[test]
fn french_punctuation_keeps_its_no_break_space() {
    let mut files = Vec::new();
    rust_files(Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src/app")), &mut files);
    files.sort();
    // The rules guide (JSON: its strings read as Rust's do).
    files.push(Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/public/rules/fr.json")).to_path_buf());
    files.push(Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/public/rules/en.json")).to_path_buf());
    let mut wrong = Vec::new();
    let mut french_marks = 0;
    for file in &files {
        let source = fs::read_to_string(file).unwrap();
        for (line, text) in string_literals(&source) {
            french_marks += text.chars().filter(|&c| c == NBSP || c == NARROW_NBSP).count();
            for fault in faults(&text) {
                wrong.push(format!("{}:{line}: {fault}", file.display()));
            }
        }
    }
    assert!(wrong.is_empty(), "ordinary spaces where French wants a no-break one:\n{}", wrong.join("\n"));
    // The scan reads the views' strings: the French ones are there, with their no-break spaces.
    assert!(french_marks > 100, "only {french_marks} no-break spaces found: is the scan reading the views?");
}

#[test]
fn the_scan_finds_strings_and_faults() {
    let source = "let a = 'x'; // \"not : a string\"\nlet b = \"Arrêt : la fin\";\nlet c = r#\"« ok »\"#; fn f<'a>() {}";
    let literals = string_literals(source);
    assert_eq!(literals, vec![(2, "Arrêt : la fin".to_string()), (3, "« ok »".to_string())]);
    assert_eq!(faults("Arrêt : la fin").len(), 1);
    assert_eq!(faults("« ok »").len(), 2);
    assert!(faults("Stop: the end!").is_empty());
    assert!(faults("Arrêt\u{a0}: la fin\u{202f}!").is_empty());
}
