//! Identity without accounts: a player's secret key, the public id the server
//! derives from it, and the one rule by which two names are the same name.
//!
//! A client makes a [`PlayerKey`] once (32 random bytes), keeps it private and
//! sends it in `hello`; the server binds the name to the key's public id and
//! never stores, logs or sends back the key itself. Only
//! [`PlayerKey::public_id`] reaches records, ratings and the HTTP API.

use std::fmt;

use amazons_core::PlayerId;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use sha2::{Digest, Sha256};
use unicode_normalization::UnicodeNormalization;

/// Bytes in a player key.
pub const PLAYER_KEY_BYTES: usize = 32;

/// A player's secret key: 32 random bytes, 64 hex digits on the wire. Its
/// `Debug` is redacted so a key cannot reach a log line by accident; the
/// text is revealed only by [`PlayerKey::expose_hex`].
#[derive(Clone, PartialEq, Eq)]
pub struct PlayerKey([u8; PLAYER_KEY_BYTES]);

impl PlayerKey {
    /// Wraps 32 bytes; clients fill them from a cryptographic RNG.
    pub const fn from_bytes(bytes: [u8; PLAYER_KEY_BYTES]) -> PlayerKey {
        PlayerKey(bytes)
    }

    /// The 64 hex digits, for the wire and the client's key file.
    pub fn expose_hex(&self) -> String {
        self.0.iter().map(|byte| format!("{byte:02x}")).collect()
    }

    /// Reads a key as the wire carries it (`hello.key`): exactly 64 hex
    /// digits, either case, nothing around them; anything else is refused
    /// (`malformed`), as docs/protocol.md says.
    pub fn from_wire(text: &str) -> Result<PlayerKey, BadPlayerKey> {
        if text.len() != 2 * PLAYER_KEY_BYTES {
            return Err(BadPlayerKey);
        }
        PlayerKey::from_hex(text)
    }

    /// Reads 64 hex digits (either case; surrounding white space ignored, so
    /// a key file with a final newline reads). The wire is stricter:
    /// [`PlayerKey::from_wire`].
    pub fn from_hex(text: &str) -> Result<PlayerKey, BadPlayerKey> {
        let text = text.trim().as_bytes();
        if text.len() != 2 * PLAYER_KEY_BYTES {
            return Err(BadPlayerKey);
        }
        let mut bytes = [0u8; PLAYER_KEY_BYTES];
        for (byte, pair) in bytes.iter_mut().zip(text.chunks(2)) {
            let hi = (pair[0] as char).to_digit(16).ok_or(BadPlayerKey)?;
            let lo = (pair[1] as char).to_digit(16).ok_or(BadPlayerKey)?;
            *byte = (hi * 16 + lo) as u8;
        }
        Ok(PlayerKey(bytes))
    }

    /// The public id of whoever holds this key: the first 16 bytes of a
    /// SHA-256 over a domain tag and the key, as 32 hex digits. It cannot be
    /// turned back into the key, and no key maps to a computer player's id.
    pub fn public_id(&self) -> PlayerId {
        let mut hash = Sha256::new();
        hash.update(b"amazons player id v1\0");
        hash.update(self.0);
        let digest = hash.finalize();
        PlayerId::new(
            digest[..16]
                .iter()
                .map(|byte| format!("{byte:02x}"))
                .collect::<String>(),
        )
    }
}

impl fmt::Debug for PlayerKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("PlayerKey(<redacted>)")
    }
}

/// Text that is not 64 hex digits where a player key was expected.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("a player key is 64 hex digits")]
pub struct BadPlayerKey;

impl Serialize for PlayerKey {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.expose_hex())
    }
}

impl<'de> Deserialize<'de> for PlayerKey {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<PlayerKey, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        PlayerKey::from_wire(&text).map_err(serde::de::Error::custom)
    }
}

/// The form in which two names are compared: trimmed, without invisible
/// characters ([`is_invisible`]: a soft hyphen, a zero-width space), Unicode
/// NFKC-normalised (so full-width `ａｎｎ` is `ann`) and lower-cased. `Ann`,
/// ` ann `, `a\u{ad}nn` and `ａｎｎ` are one name to the server: one
/// binding, one player page.
pub fn name_key(name: &str) -> String {
    name.trim()
        .chars()
        .filter(|&c| !is_invisible(c))
        .nfkc()
        .collect::<String>()
        .to_lowercase()
}

/// Whether `c` shows nothing by itself: a control character, or a Unicode
/// default-ignorable code point (the soft hyphen, zero-width spaces and
/// joiners, direction marks and overrides, invisible operators, variation
/// selectors, Hangul fillers, tags; Unicode's `Default_Ignorable_Code_Point`).
/// Two names that differ only by these look the same, so names are compared
/// without them ([`name_key`]) and a server refuses a name holding one.
pub fn is_invisible(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{ad}'
                | '\u{34f}'
                | '\u{61c}'
                | '\u{115f}'..='\u{1160}'
                | '\u{17b4}'..='\u{17b5}'
                | '\u{180b}'..='\u{180f}'
                | '\u{200b}'..='\u{200f}'
                | '\u{202a}'..='\u{202e}'
                | '\u{2060}'..='\u{206f}'
                | '\u{3164}'
                | '\u{fe00}'..='\u{fe0f}'
                | '\u{feff}'
                | '\u{ffa0}'
                | '\u{fff0}'..='\u{fff8}'
                | '\u{1bca0}'..='\u{1bca3}'
                | '\u{1d173}'..='\u{1d17a}'
                | '\u{e0000}'..='\u{e0fff}'
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_round_trips_as_hex_and_debug_hides_it() {
        let key = PlayerKey::from_bytes([0xab; 32]);
        let hex = key.expose_hex();
        assert_eq!(hex.len(), 64);
        assert_eq!(
            PlayerKey::from_hex(&format!("{}\n", hex.to_uppercase())),
            Ok(key.clone())
        );
        assert!(!format!("{key:?}").contains("ab"), "{key:?}");
        assert_eq!(PlayerKey::from_hex("abc"), Err(BadPlayerKey));
        assert_eq!(PlayerKey::from_hex(&"g".repeat(64)), Err(BadPlayerKey));
        let json = serde_json::to_string(&key).unwrap();
        assert_eq!(serde_json::from_str::<PlayerKey>(&json).unwrap(), key);
        assert!(serde_json::from_str::<PlayerKey>(r#""00""#).is_err());
    }

    #[test]
    fn on_the_wire_a_key_is_64_hex_digits_and_nothing_around_them() {
        let hex = PlayerKey::from_bytes([0xab; 32]).expose_hex();
        assert!(PlayerKey::from_wire(&hex).is_ok());
        assert!(PlayerKey::from_wire(&hex.to_uppercase()).is_ok());
        for padded in [format!(" {hex}"), format!("{hex}\n"), format!("\t{hex} ")] {
            assert_eq!(
                PlayerKey::from_wire(&padded),
                Err(BadPlayerKey),
                "{padded:?}"
            );
            let json = serde_json::to_string(&padded).unwrap();
            assert!(serde_json::from_str::<PlayerKey>(&json).is_err(), "{json}");
        }
        assert_eq!(PlayerKey::from_wire(&"é".repeat(32)), Err(BadPlayerKey));
    }

    #[test]
    fn the_public_id_is_stable_distinct_and_not_the_key() {
        let a = PlayerKey::from_bytes([1; 32]);
        let b = PlayerKey::from_bytes([2; 32]);
        assert_eq!(a.public_id(), a.clone().public_id());
        assert_ne!(a.public_id(), b.public_id());
        assert_eq!(a.public_id().as_str().len(), 32);
        assert!(!a.expose_hex().contains(a.public_id().as_str()));
        assert!(!a.public_id().is_computer());
    }

    #[test]
    fn names_compare_after_trimming_normalising_and_case() {
        assert_eq!(name_key("Ann"), "ann");
        assert_eq!(name_key(" ann "), "ann");
        assert_eq!(name_key("ａｎｎ"), "ann");
        assert_eq!(name_key("ＡＮＮ"), "ann");
        assert_ne!(name_key("anne"), name_key("ann"));
        assert_eq!(name_key("李雷"), "李雷");
        assert_eq!(name_key("a\u{ad}nn"), "ann", "a soft hyphen");
        assert_eq!(name_key("an\u{200b}n\u{2060}"), "ann");
        assert_eq!(name_key("ann\u{e0041}"), "ann", "a tag character");
    }

    #[test]
    fn invisible_characters_are_the_default_ignorables_and_controls() {
        for c in [
            '\u{ad}', '\u{200b}', '\u{200d}', '\u{202e}', '\u{2060}', '\u{2064}',
        ]
        .into_iter()
        .chain([
            '\u{fe0f}',
            '\u{feff}',
            '\u{3164}',
            '\u{e0001}',
            '\u{7}',
            '\n',
        ]) {
            assert!(is_invisible(c), "{:x}", c as u32);
        }
        for c in ['a', 'Å', '李', '-', ' ', '\u{2010}', '🎯'] {
            assert!(!is_invisible(c), "{:x}", c as u32);
        }
    }
}
