//! Where the client keeps what must outlive the process but is nobody
//! else's business: seat tokens ([`crate::net::seat_store`]), the player key
//! ([`crate::store::player_key`]) and the unfinished local game
//! ([`crate::store::local_save`]).
//!
//! `$AMAZONS_STATE_DIR` when set, else the platform's state directory
//! (`$XDG_STATE_HOME/amazons`, `~/.local/state/amazons` on Linux), else its
//! local data directory. Created owner-only (0700).

use std::path::{Path, PathBuf};

use anyhow::Context;

/// The client's state directory (not created).
pub fn state_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("AMAZONS_STATE_DIR").filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    let project = directories::ProjectDirs::from("", "", "amazons");
    match project {
        Some(dirs) => dirs
            .state_dir()
            .unwrap_or_else(|| dirs.data_local_dir())
            .to_path_buf(),
        None => PathBuf::from(".amazons-state"),
    }
}

/// Creates `dir` and its missing parents, the last one readable by its
/// owner only.
pub(crate) fn create_private_dir(dir: &Path) -> std::io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(dir)
}

/// Writes `contents` to `path` in an owner-only directory, atomically, by
/// the workspace's one atomic write (`amazons_records::write_atomically`: a
/// temporary file in the same directory, synced, renamed over it, the
/// directory synced). The temporary file is created readable by its owner
/// only (tempfile's mode on Unix), and so is the file it becomes.
pub fn write_private(path: &Path, contents: &[u8]) -> anyhow::Result<()> {
    let dir = path.parent().context("a file path has a directory")?;
    create_private_dir(dir)
        .with_context(|| t!("file-creating", path = dir.display().to_string()))?;
    amazons_records::write_atomically(path, contents)
        .with_context(|| t!("file-writing", path = path.display().to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn private_files_and_dirs_are_owner_only() {
        use std::os::unix::fs::PermissionsExt;
        let root = tempfile::tempdir().unwrap();
        let path = root.path().join("a").join("b").join("secret.json");
        write_private(&path, b"{}").unwrap();
        write_private(&path, b"{\"again\":1}").unwrap();
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&path), 0o600);
        assert_eq!(mode(path.parent().unwrap()), 0o700);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "{\"again\":1}");
    }
}
