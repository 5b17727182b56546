//! The player key: the secret that makes a name on a server this player's
//! (the server binds a name to the first key that uses it, and ratings
//! follow the key). One file, `<state dir>/player-key` by default (beside the
//! seat tokens), 64 hex digits, made on first use from the thread's
//! cryptographic RNG and written owner-only (0600) in one step: a temporary
//! file renamed into place only if no key is there yet, so two clients
//! started at once end up with the same key. `--key-file PATH` chooses
//! another file.
//!
//! The key is never printed or logged: errors name the file, never its
//! contents, and [`PlayerKey`]'s `Debug` is redacted.

use std::io::Write;
use std::path::{Path, PathBuf};

use amazons_protocol::{PLAYER_KEY_BYTES, PlayerKey};
use rand::RngCore;

use crate::store::state_dir::{create_private_dir, state_dir};

/// The key file's name in the state directory.
pub const KEY_FILE_NAME: &str = "player-key";

/// Why the key file could not be used, in words that say what to do.
#[derive(Debug, thiserror::Error)]
pub enum KeyFileError {
    /// The file is there but holds no key.
    #[error("{}", t!("key-file-corrupt", path = .path.display().to_string()))]
    Corrupt {
        /// The file.
        path: PathBuf,
    },
    /// The file could not be read or written.
    #[error(
        "{}",
        t!(
            "key-file-io",
            path = .path.display().to_string(),
            error = .source.to_string()
        )
    )]
    Io {
        /// The file.
        path: PathBuf,
        /// What failed.
        source: std::io::Error,
    },
}

/// A key file: where it is, and the key read from it or made for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyFile {
    /// The file.
    path: PathBuf,
    /// The key it holds.
    key: PlayerKey,
}

/// The key file used when `--key-file` is not given.
pub fn default_key_file() -> PathBuf {
    state_dir().join(KEY_FILE_NAME)
}

impl KeyFile {
    /// The key in `path` (`None`: the default file), made and written there
    /// first if the file does not exist yet.
    pub fn open(path: Option<&Path>) -> Result<KeyFile, KeyFileError> {
        let path = path.map_or_else(default_key_file, Path::to_path_buf);
        let key = match read(&path)? {
            Some(key) => key,
            None => create(&path)?,
        };
        Ok(KeyFile { path, key })
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The key, for `hello`.
    pub fn key(&self) -> &PlayerKey {
        &self.key
    }
}

/// The key in `path`, or `None` when there is no such file.
fn read(path: &Path) -> Result<Option<PlayerKey>, KeyFileError> {
    match std::fs::read_to_string(path) {
        Ok(text) => PlayerKey::from_hex(&text)
            .map(Some)
            .map_err(|_| KeyFileError::Corrupt {
                path: path.to_path_buf(),
            }),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) if e.kind() == std::io::ErrorKind::InvalidData => Err(KeyFileError::Corrupt {
            path: path.to_path_buf(),
        }),
        Err(source) => Err(KeyFileError::Io {
            path: path.to_path_buf(),
            source,
        }),
    }
}

/// Makes a new key and writes it to `path` unless a key got there first
/// (another client starting at the same moment): the key in the file.
fn create(path: &Path) -> Result<PlayerKey, KeyFileError> {
    let io = |source| KeyFileError::Io {
        path: path.to_path_buf(),
        source,
    };
    let dir = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    create_private_dir(dir).map_err(io)?;
    let mut bytes = [0u8; PLAYER_KEY_BYTES];
    rand::rng().fill_bytes(&mut bytes);
    let key = PlayerKey::from_bytes(bytes);
    // tempfile creates the file owner-only (0600 on Unix).
    let mut temp = tempfile::Builder::new()
        .prefix(".player-key-")
        .suffix(".tmp")
        .tempfile_in(dir)
        .map_err(io)?;
    temp.write_all(format!("{}\n", key.expose_hex()).as_bytes())
        .map_err(io)?;
    temp.as_file().sync_all().map_err(io)?;
    match temp.persist_noclobber(path) {
        Ok(_) => {
            if let Ok(dir) = std::fs::File::open(dir) {
                let _ = dir.sync_all();
            }
            Ok(key)
        }
        Err(e) if e.error.kind() == std::io::ErrorKind::AlreadyExists => {
            read(path)?.ok_or_else(|| io(e.error))
        }
        Err(e) => Err(io(e.error)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_made_once_and_read_back_after() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("state").join(KEY_FILE_NAME);
        let first = KeyFile::open(Some(&path)).unwrap();
        assert_eq!(first.path(), path);
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(text.trim().len(), 64, "64 hex digits");
        assert!(text.trim().chars().all(|c| c.is_ascii_hexdigit()));
        assert_eq!(PlayerKey::from_hex(&text).unwrap(), *first.key());
        let again = KeyFile::open(Some(&path)).unwrap();
        assert_eq!(again.key(), first.key(), "reused, not replaced");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
        let names: Vec<_> = std::fs::read_dir(path.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, [KEY_FILE_NAME], "no temporary file stays");
        let other = KeyFile::open(Some(&dir.path().join("other-key"))).unwrap();
        assert_ne!(other.key(), first.key(), "each file its own random key");
    }

    #[cfg(unix)]
    #[test]
    fn the_key_file_is_owner_only() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("fresh").join(KEY_FILE_NAME);
        KeyFile::open(Some(&path)).unwrap();
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&path), 0o600);
        assert_eq!(mode(path.parent().unwrap()), 0o700);
    }

    #[test]
    fn a_corrupt_key_file_is_an_error_that_says_how_to_fix_it_and_is_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(KEY_FILE_NAME);
        for junk in [&b"not a key\n"[..], b"", &[0xff, 0xfe, 0x00]] {
            std::fs::write(&path, junk).unwrap();
            let error = KeyFile::open(Some(&path)).unwrap_err();
            assert!(matches!(error, KeyFileError::Corrupt { .. }), "{error:?}");
            let text = error.to_string();
            assert!(text.starts_with(&path.display().to_string()), "{text}");
            assert!(text.contains("64 hex digits"), "{text}");
            assert!(text.contains("remove it to make a new key"), "{text}");
            assert!(text.contains("release-name"), "{text}");
            assert_eq!(std::fs::read(&path).unwrap(), junk, "never overwritten");
        }
    }

    #[test]
    fn an_existing_key_is_used_whatever_its_case_and_errors_never_show_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("mine");
        let hex = "AB".repeat(32);
        std::fs::write(&path, format!("{hex}\n")).unwrap();
        let file = KeyFile::open(Some(&path)).unwrap();
        assert_eq!(file.key().expose_hex(), "ab".repeat(32));
        assert!(!format!("{file:?}").contains(&"ab".repeat(4)), "{file:?}");
    }
}
