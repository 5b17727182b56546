//! What a server accepts, told in `welcome.limits`, so that a client checks
//! what a person types against the server's own limits and explains them in
//! the same words, instead of keeping copies that drift.
//!
//! An optional addition to protocol v1: older servers leave it out, and a
//! client then knows nothing of the limits beyond the documented defaults.

use serde::{Deserialize, Serialize};

/// The limits of this server (`welcome.limits`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ServerLimits {
    /// The longest name `hello` accepts, in characters (the server's
    /// `max_name_chars`); a longer one gets `bad_name`.
    pub name_max_chars: u32,
    /// The longest starting time of a `create_match` time control, in
    /// milliseconds (24 hours); more gets `malformed`.
    pub max_initial_ms: u64,
    /// The largest increment of a `create_match` time control, in
    /// milliseconds (1 hour); more gets `malformed`.
    pub max_increment_ms: u64,
    /// `abort` is allowed while fewer than this many moves have been played
    /// (2: until both sides have moved); later it gets `too_late_to_abort`.
    pub abort_before_ply: u32,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_read_and_write_the_documented_form() {
        let text = r#"{"name_max_chars":32,"max_initial_ms":86400000,"max_increment_ms":3600000,"abort_before_ply":2}"#;
        let limits = ServerLimits {
            name_max_chars: 32,
            max_initial_ms: 86_400_000,
            max_increment_ms: 3_600_000,
            abort_before_ply: 2,
        };
        assert_eq!(serde_json::from_str::<ServerLimits>(text).unwrap(), limits);
        assert_eq!(serde_json::to_string(&limits).unwrap(), text);
    }
}
