//! Writing a file so that a crash leaves either the old file or the new one,
//! whole: the records of this crate, and the terminal client's own files
//! (seat tokens, the unfinished local game), go through it.

use std::fs::File;
use std::io::{self, Write};
use std::path::Path;

/// Writes `bytes` as the file `path`: into a temporary file in the same
/// directory (`.record-*.tmp`, a name no reader takes for a `*.json` file),
/// created readable by its owner only, synced to disk, renamed over `path`,
/// and the directory synced so that the rename itself survives a crash. A crash at any point leaves the old file or the
/// new one, never part of either; a failed write leaves no temporary file.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let mut temp = tempfile::Builder::new()
        .prefix(".record-")
        .suffix(".tmp")
        .tempfile_in(dir)?;
    temp.write_all(bytes)?;
    temp.as_file().sync_all()?;
    temp.persist(path).map_err(|e| e.error)?;
    File::open(dir)?.sync_all()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_is_replaced_whole_and_no_temporary_file_stays() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.json");
        write_atomically(&path, b"first").unwrap();
        write_atomically(&path, b"second").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"second");
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["a.json"]);
        let missing = dir.path().join("no such dir").join("b.json");
        assert!(write_atomically(&missing, b"x").is_err());
    }
}
