//! The computer's seat tokens. A seat token is never stored (the journal
//! keeps its SHA-256), yet after a restart the computer must prove its seat
//! with `resume` like anyone. So its tokens are derived: the SHA-256 of a
//! secret kept in the history directory, the match id and the side, cut to
//! 128 bits. Whoever can read the secret can read the journal too; nobody
//! else can compute a computer's token.

use std::io::Write;
use std::path::Path;

use amazons_core::Side;
use amazons_protocol::{MatchId, SeatToken};
use sha2::{Digest, Sha256};

/// The file in the history directory that holds the secret.
pub const KEY_FILE: &str = "computer-seat.key";

/// The secret the computer's seat tokens are derived from.
#[derive(Clone)]
pub struct SeatKey([u8; 32]);

impl std::fmt::Debug for SeatKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SeatKey(..)")
    }
}

impl SeatKey {
    /// A key from its bytes (tests).
    pub fn from_bytes(bytes: [u8; 32]) -> SeatKey {
        SeatKey(bytes)
    }

    /// The key in `dir` (the history directory), made on first use: 32
    /// random bytes as 64 hex digits, written to a temporary file, synced and
    /// renamed into place, readable by the owner only.
    pub fn open(dir: &Path) -> std::io::Result<SeatKey> {
        let path = dir.join(KEY_FILE);
        match std::fs::read_to_string(&path) {
            Ok(text) => parse(text.trim()).ok_or_else(|| {
                std::io::Error::new(
                    std::io::ErrorKind::InvalidData,
                    format!("{} is not 64 hex digits", path.display()),
                )
            }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let key = SeatKey(rand::random());
                let mut file = tempfile::NamedTempFile::new_in(dir)?;
                #[cfg(unix)]
                {
                    use std::os::unix::fs::PermissionsExt;
                    file.as_file()
                        .set_permissions(std::fs::Permissions::from_mode(0o600))?;
                }
                let hex: String = key.0.iter().map(|b| format!("{b:02x}")).collect();
                writeln!(file, "{hex}")?;
                file.as_file().sync_all()?;
                file.persist(&path).map_err(|e| e.error)?;
                Ok(key)
            }
            Err(e) => Err(e),
        }
    }

    /// The token of the computer's seat on `side` of match `id`.
    pub fn token(&self, id: MatchId, side: Side) -> SeatToken {
        let digest = Sha256::new()
            .chain_update(self.0)
            .chain_update(b"amazons computer seat")
            .chain_update(id.0.as_bytes())
            .chain_update([side.index() as u8])
            .finalize();
        let mut bytes = [0u8; 16];
        bytes.copy_from_slice(&digest[..16]);
        SeatToken::from_bytes(bytes)
    }
}

fn parse(hex: &str) -> Option<SeatKey> {
    if hex.len() != 64 || !hex.is_ascii() {
        return None;
    }
    let mut out = [0u8; 32];
    for (i, slot) in out.iter_mut().enumerate() {
        *slot = u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(SeatKey(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_is_made_once_and_tokens_differ_by_match_and_side() {
        let dir = tempfile::tempdir().unwrap();
        let key = SeatKey::open(dir.path()).unwrap();
        let again = SeatKey::open(dir.path()).unwrap();
        let id = MatchId::random();
        assert_eq!(key.token(id, Side::First), again.token(id, Side::First));
        assert_ne!(key.token(id, Side::First), key.token(id, Side::Second));
        assert_ne!(
            key.token(id, Side::First),
            key.token(MatchId::random(), Side::First)
        );
        assert_ne!(
            SeatKey::from_bytes([1; 32]).token(id, Side::First),
            key.token(id, Side::First)
        );
        std::fs::write(dir.path().join(KEY_FILE), "nonsense").unwrap();
        assert!(SeatKey::open(dir.path()).is_err());
        assert_eq!(format!("{key:?}"), "SeatKey(..)");
    }
}
