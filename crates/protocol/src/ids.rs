//! Identifiers that travel on the wire: which match, and the secret that proves
//! a connection holds a seat.

use core::fmt;
use core::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use uuid::Uuid;

/// Names one match on a server. A UUID so that ids from different server runs
/// (and the game records they leave) never collide.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct MatchId(pub Uuid);

impl MatchId {
    /// A fresh random id (UUID v4), made by the server when a match is created.
    pub fn random() -> MatchId {
        MatchId(Uuid::new_v4())
    }
}

impl fmt::Display for MatchId {
    /// The hyphenated lower-case UUID, as on the wire and in file names.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0.hyphenated(), f)
    }
}

impl fmt::Debug for MatchId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "MatchId({self})")
    }
}

impl FromStr for MatchId {
    type Err = uuid::Error;
    /// Reads a UUID in any form the `uuid` crate accepts.
    fn from_str(s: &str) -> Result<MatchId, uuid::Error> {
        Uuid::parse_str(s).map(MatchId)
    }
}

/// The secret a player gets when taking a seat (128 random bits, 32 lower-case
/// hex digits on the wire). Whoever presents it may move for that seat, and can
/// resume the seat after a dropped connection.
///
/// It is deliberately not `Display`, and its `Debug` prints a placeholder, so a
/// token cannot end up in a log line by accident. Use [`SeatToken::expose_hex`]
/// where the text is really needed (the wire, a client's resume file).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct SeatToken([u8; 16]);

impl SeatToken {
    /// Wraps 16 bytes; the server fills them from a cryptographic RNG.
    pub const fn from_bytes(bytes: [u8; 16]) -> SeatToken {
        SeatToken(bytes)
    }

    /// The raw bytes, for hashing before the token is stored.
    pub const fn as_bytes(&self) -> &[u8; 16] {
        &self.0
    }

    /// The 32 hex digits. Named so that every place that reveals a token is
    /// easy to find.
    pub fn expose_hex(&self) -> String {
        let mut text = String::with_capacity(32);
        for byte in self.0 {
            text.push(char::from_digit(u32::from(byte >> 4), 16).unwrap_or('0'));
            text.push(char::from_digit(u32::from(byte & 15), 16).unwrap_or('0'));
        }
        text
    }

    /// Reads 32 hex digits (either case).
    pub fn from_hex(text: &str) -> Result<SeatToken, BadSeatToken> {
        let text = text.as_bytes();
        if text.len() != 32 {
            return Err(BadSeatToken);
        }
        let mut bytes = [0u8; 16];
        for (i, pair) in text.chunks(2).enumerate() {
            let hi = (pair[0] as char).to_digit(16).ok_or(BadSeatToken)?;
            let lo = (pair[1] as char).to_digit(16).ok_or(BadSeatToken)?;
            bytes[i] = (hi * 16 + lo) as u8;
        }
        Ok(SeatToken(bytes))
    }
}

impl fmt::Debug for SeatToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SeatToken(<redacted>)")
    }
}

/// Text that is not 32 hex digits where a seat token was expected.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BadSeatToken;

impl fmt::Display for BadSeatToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a seat token is 32 hex digits")
    }
}

impl std::error::Error for BadSeatToken {}

impl Serialize for SeatToken {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.expose_hex())
    }
}

impl<'de> Deserialize<'de> for SeatToken {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<SeatToken, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        SeatToken::from_hex(&text).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn token_hex_round_trips_and_debug_redacts() {
        let token = SeatToken::from_bytes([0xab; 16]);
        assert_eq!(token.expose_hex(), "ab".repeat(16));
        assert_eq!(SeatToken::from_hex(&"AB".repeat(16)), Ok(token));
        assert_eq!(format!("{token:?}"), "SeatToken(<redacted>)");
        assert!(SeatToken::from_hex("abc").is_err());
        assert!(SeatToken::from_hex(&"zz".repeat(16)).is_err());
        let json = serde_json::to_string(&token).unwrap();
        assert_eq!(serde_json::from_str::<SeatToken>(&json).unwrap(), token);
    }

    #[test]
    fn match_id_is_a_plain_uuid_string() {
        let id = MatchId::random();
        let json = serde_json::to_string(&id).unwrap();
        assert_eq!(json, format!("\"{id}\""));
        assert_eq!(id.to_string().parse::<MatchId>().unwrap(), id);
    }
}
