//! A record in a URL: the compact JSON of the record, compressed with raw DEFLATE (RFC 1951, no
//! zlib or gzip header) and written in unpadded base64url (RFC 4648 §5: `A–Z a–z 0–9 - _`).
//!
//! The same codec serves the app (`position=` in the address, `show_position` from a host page,
//! the "open the full game" link) and the native `referee encode` / `referee decode`. Browsers can
//! produce the same text themselves: `CompressionStream('deflate-raw')`, then base64url.

use super::format::{BadRecord, Record};

/// The largest record accepted once inflated (a 9-player game of many deals is a few hundred KB;
/// this stops a small crafted text from inflating into gigabytes).
pub const MAX_INFLATED: usize = 4 * 1024 * 1024;

/// Compression level (miniz 0–10): 9 is the best ratio; records are small, so it costs nothing.
const LEVEL: u8 = 9;

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// The record as URL-safe text.
pub fn encode(record: &Record) -> String {
    base64url_encode(&miniz_oxide::deflate::compress_to_vec(&compact_json(record), LEVEL))
}

/// The JSON that [`encode`] compresses: the record on one line.
pub fn compact_json(record: &Record) -> Vec<u8> {
    serde_json::to_vec(record).expect("records always serialize")
}

/// `data` as DEFLATE "stored" blocks (RFC 1951 §3.2.4: no compression, a few bytes per 64 KB).
/// Any inflater reads it: the page uses it where the browser has no `CompressionStream`, so it
/// needs no compressor of its own.
pub fn deflate_stored(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len() + 5 * (data.len() / 0xFFFF + 1));
    let mut blocks = data.chunks(0xFFFF).peekable();
    if blocks.peek().is_none() {
        return vec![1, 0, 0, 0xFF, 0xFF];
    }
    while let Some(block) = blocks.next() {
        let len = block.len() as u16;
        out.push(u8::from(blocks.peek().is_none()));
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(&(!len).to_le_bytes());
        out.extend_from_slice(block);
    }
    out
}

/// Reads a record written by [`encode`] (surrounding spaces and `=` padding are tolerated), with
/// a message that says which step failed.
pub fn decode(text: &str) -> Result<Record, BadRecord> {
    let bytes = base64url_decode(text.trim().trim_end_matches('='))?;
    let json = miniz_oxide::inflate::decompress_to_vec_with_limit(&bytes, MAX_INFLATED).map_err(|e| {
        BadRecord(match e.status {
            miniz_oxide::inflate::TINFLStatus::HasMoreOutput => {
                format!("the position is larger than {} MB once uncompressed", MAX_INFLATED / (1024 * 1024))
            }
            _ => "the position is damaged: its compressed data is incomplete or not DEFLATE data".to_string(),
        })
    })?;
    let text = std::str::from_utf8(&json).map_err(|_| BadRecord("the position does not hold text".into()))?;
    Record::from_json(text)
}

/// Unpadded base64url.
pub fn base64url_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(char::from(ALPHABET[(n >> (18 - 6 * i) & 63) as usize]));
        }
    }
    out
}

/// Unpadded base64url (the standard alphabet's `+` and `/` are accepted too: a text pasted from
/// elsewhere still reads).
pub fn base64url_decode(text: &str) -> Result<Vec<u8>, BadRecord> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0u32);
    for (i, c) in text.char_indices() {
        let v = match c {
            'A'..='Z' => c as u32 - 'A' as u32,
            'a'..='z' => c as u32 - 'a' as u32 + 26,
            '0'..='9' => c as u32 - '0' as u32 + 52,
            '-' | '+' => 62,
            '_' | '/' => 63,
            _ => return Err(BadRecord(format!("the position is not URL-safe base64: '{c}' at character {} is not allowed", i + 1))),
        };
        acc = acc << 6 | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    // 1 leftover character (6 bits) cannot end a base64 text.
    if bits >= 6 {
        return Err(BadRecord("the position is cut short (its length is not possible in base64)".into()));
    }
    if text.is_empty() {
        return Err(BadRecord("the position is empty".into()));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::GameId;
    use crate::record::RecordedAction;

    fn sample() -> Record {
        let mut r = Record::new(GameId::NainJaune, 4, 42);
        r.options.insert("direction".into(), "anticlockwise".into());
        r.seats = Some(vec!["human".into(), "easy".into(), "hard".into(), "medium".into()]);
        r.actions.push(RecordedAction { seat: 1, action: "play 3S".into() });
        r
    }

    #[test]
    fn base64url_round_trips_every_length() {
        for len in 0..70usize {
            let bytes: Vec<u8> = (0..len).map(|i| (i * 37 + 11) as u8).collect();
            let text = base64url_encode(&bytes);
            assert!(text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'), "{text}");
            assert_eq!(text.len(), (len * 4).div_ceil(3));
            if len > 0 {
                assert_eq!(base64url_decode(&text).unwrap(), bytes);
            }
        }
    }

    #[test]
    fn base64url_matches_rfc_4648_vectors() {
        // RFC 4648 §10, without padding, in the URL alphabet.
        for (plain, coded) in
            [("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE"), ("foobar", "Zm9vYmFy")]
        {
            assert_eq!(base64url_encode(plain.as_bytes()), coded);
            assert_eq!(base64url_decode(coded).unwrap(), plain.as_bytes());
        }
        assert_eq!(base64url_encode(&[0xfb, 0xff]), "-_8");
        assert_eq!(base64url_decode("+/8").unwrap(), [0xfb, 0xff]);
    }

    #[test]
    fn a_record_round_trips_and_is_url_safe() {
        let record = sample();
        let text = encode(&record);
        assert!(text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'), "{text}");
        assert_eq!(decode(&text).unwrap(), record);
        assert_eq!(decode(&format!("  {text}==\n")).unwrap(), record, "padding and spaces are tolerated");
    }

    #[test]
    fn stored_blocks_read_back() {
        for len in [0usize, 1, 100, 0xFFFF, 0xFFFF + 1, 3 * 0xFFFF + 7] {
            let data: Vec<u8> = (0..len).map(|i| (i % 251) as u8).collect();
            let stored = deflate_stored(&data);
            assert_eq!(miniz_oxide::inflate::decompress_to_vec(&stored).unwrap(), data, "{len} bytes");
        }
        let record = sample();
        let text = base64url_encode(&deflate_stored(&compact_json(&record)));
        assert_eq!(decode(&text).unwrap(), record);
    }

    #[test]
    fn damage_is_explained() {
        let text = encode(&sample());
        let err = |t: &str| decode(t).unwrap_err().0;
        assert!(err("abc%def").contains("'%' at character 4"), "{}", err("abc%def"));
        assert!(err("").contains("empty"));
        assert!(err("A").contains("cut short"));
        assert!(err(&text[..text.len() / 2]).contains("damaged"), "{}", err(&text[..text.len() / 2]));
        // Valid DEFLATE, but not a record.
        let not_json = base64url_encode(&miniz_oxide::deflate::compress_to_vec(b"hello", 6));
        assert!(err(&not_json).contains("not valid JSON"), "{}", err(&not_json));
        let not_record = base64url_encode(&miniz_oxide::deflate::compress_to_vec(b"[1,2]", 6));
        assert!(err(&not_record).contains("JSON object"), "{}", err(&not_record));
    }

    #[test]
    fn a_small_text_cannot_inflate_without_limit() {
        let zeros = vec![b' '; MAX_INFLATED + 10];
        let bomb = base64url_encode(&miniz_oxide::deflate::compress_to_vec(&zeros, 9));
        assert!(bomb.len() < 20_000);
        assert!(decode(&bomb).unwrap_err().0.contains("larger than 4 MB"));
    }

    #[test]
    fn browsers_deflate_raw_output_reads() {
        // zlib's raw DEFLATE (what `CompressionStream('deflate-raw')` and Node's `deflateRawSync`
        // give) of '{"format":1,"game":"nain-jaune","players":2,"seed":3}', in base64url: a host
        // page may make positions itself.
        let text = "q1ZKyy_KTSxRsjLUUUpPzE1VslLKS8zM081KLM1LVdJRKshJrEwtKlayMtJRKk5NTVGyMq4FAA";
        let record = decode(text).unwrap();
        assert_eq!((record.game.as_str(), record.players, record.seed), ("nain-jaune", 2, 3));
    }
}
