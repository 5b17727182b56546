//! What can go wrong with records on disk.

use std::io;
use std::path::{Path, PathBuf};

/// Why a record could not be saved or read. Each names the file (or the
/// record) it concerns, and its text is whole: it includes the underlying
/// error, so a warning or a problem list shows it with `{}` alone (and
/// `source()` adds nothing).
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    /// A file or the directory could not be read.
    #[error("cannot read {}: {error}", path.display())]
    Read {
        /// The file or directory.
        path: PathBuf,
        /// Why.
        error: io::Error,
    },
    /// A file was read but does not parse as a record.
    #[error("{} is not a game record: {error}", path.display())]
    NotARecord {
        /// The file.
        path: PathBuf,
        /// Where and why it does not parse.
        error: serde_json::Error,
    },
    /// A record could not be written (or the directory made).
    #[error("cannot write {}: {error}", path.display())]
    Write {
        /// The file or directory.
        path: PathBuf,
        /// Why.
        error: io::Error,
    },
    /// A record could not be turned into JSON.
    #[error("cannot write the record {id} as JSON: {error}")]
    Encode {
        /// The record's id.
        id: String,
        /// Why.
        error: serde_json::Error,
    },
    /// A name that is not a plain file name: records stay inside their
    /// directory.
    #[error("`{0}` cannot name a record: a name is a file name without `/`, `\\` or a leading dot")]
    BadName(String),
}

impl RecordError {
    /// The file (or directory) the error is about, if it is about one.
    pub fn path(&self) -> Option<&Path> {
        match self {
            RecordError::Read { path, .. }
            | RecordError::NotARecord { path, .. }
            | RecordError::Write { path, .. } => Some(path),
            RecordError::Encode { .. } | RecordError::BadName(_) => None,
        }
    }

    /// Whether the file or directory read does not exist (a directory not
    /// made yet holds no records, for a caller that says so).
    pub fn is_not_found(&self) -> bool {
        matches!(self, RecordError::Read { error, .. } if error.kind() == io::ErrorKind::NotFound)
    }
}
