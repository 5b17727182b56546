//! Placeholder: being written (see the issue for this crate).
