//! The kinds of value the settings take, read the way people write them:
//! durations in whole units ([`Seconds`], [`Millis`]), the address to listen
//! on ([`parse_listen`]: an IP address or `localhost`), ports and counts on
//! the command line. Each refusal says what to write instead.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::Duration;

use serde::{Deserialize, Deserializer, Serialize};

/// What an IP address for `listen` looks like, for messages.
pub(super) const ADDRESS_WORDS: &str = "an IP address such as 0.0.0.0 (every network of this machine) \
     or 127.0.0.1 (this machine only; `localhost` means the same)";

/// A duration written with something other than a whole number of its unit.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not a whole number of {unit} (such as {example})")]
pub struct NotWhole {
    /// What was written.
    text: String,
    /// `seconds`, `milliseconds`.
    unit: &'static str,
    /// A value that would do.
    example: u64,
}

impl NotWhole {
    /// `text` as a whole number of `unit`, or why it is none (with
    /// `example`, a value that would do).
    fn check(text: &str, unit: &'static str, example: u64) -> Result<u64, NotWhole> {
        text.trim().parse().map_err(|_| NotWhole {
            text: text.to_owned(),
            unit,
            example,
        })
    }
}

/// A duration given in whole seconds (the `*_secs` keys).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seconds(u64);

impl Seconds {
    /// `seconds` seconds.
    pub const fn new(seconds: u64) -> Seconds {
        Seconds(seconds)
    }

    /// The number of seconds.
    pub const fn get(self) -> u64 {
        self.0
    }

    /// As a duration.
    pub const fn duration(self) -> Duration {
        Duration::from_secs(self.0)
    }
}

impl std::str::FromStr for Seconds {
    type Err = NotWhole;
    fn from_str(text: &str) -> Result<Seconds, NotWhole> {
        NotWhole::check(text, "seconds", 30).map(Seconds)
    }
}

/// A duration given in whole milliseconds (the `*_ms` keys).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Millis(u64);

impl Millis {
    /// `millis` milliseconds.
    pub const fn new(millis: u64) -> Millis {
        Millis(millis)
    }

    /// The number of milliseconds.
    pub const fn get(self) -> u64 {
        self.0
    }

    /// As a duration.
    pub const fn duration(self) -> Duration {
        Duration::from_millis(self.0)
    }
}

impl std::str::FromStr for Millis {
    type Err = NotWhole;
    fn from_str(text: &str) -> Result<Millis, NotWhole> {
        NotWhole::check(text, "milliseconds", 1000).map(Millis)
    }
}

/// Why a text is not an address to listen on.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ListenError {
    /// An address with a port, such as `0.0.0.0:7878`.
    #[error(
        "`{text}` has a port in it: write the address alone (`{ip}`) and the port as the \
         `port` setting (`--port {port}`)"
    )]
    WithPort {
        /// What was written.
        text: String,
        /// The address in it.
        ip: IpAddr,
        /// The port in it.
        port: u16,
    },
    /// Not an IP address (a host name other than `localhost`, a typo).
    #[error("`{text}` is not an IP address: write {}", ADDRESS_WORDS)]
    NotAnAddress {
        /// What was written.
        text: String,
    },
}

/// Reads an address to listen on: an IPv4 or IPv6 address, or `localhost`,
/// which means 127.0.0.1 (the server listens on one address; write `::1`
/// for IPv6's loopback).
pub fn parse_listen(text: &str) -> Result<IpAddr, ListenError> {
    let trimmed = text.trim();
    if trimmed.eq_ignore_ascii_case("localhost") {
        return Ok(IpAddr::V4(Ipv4Addr::LOCALHOST));
    }
    let bare = trimmed
        .strip_prefix('[')
        .and_then(|t| t.strip_suffix(']'))
        .unwrap_or(trimmed);
    if let Ok(ip) = bare.parse() {
        return Ok(ip);
    }
    if let Ok(with_port) = trimmed.parse::<SocketAddr>() {
        return Err(ListenError::WithPort {
            text: trimmed.to_owned(),
            ip: with_port.ip(),
            port: with_port.port(),
        });
    }
    if let Some((host, port)) = trimmed.rsplit_once(':')
        && host.eq_ignore_ascii_case("localhost")
        && let Ok(port) = port.parse()
    {
        return Err(ListenError::WithPort {
            text: trimmed.to_owned(),
            ip: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port,
        });
    }
    Err(ListenError::NotAnAddress {
        text: trimmed.to_owned(),
    })
}

/// `listen` as the config file writes it: text read by [`parse_listen`].
pub(super) fn listen_address<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<IpAddr, D::Error> {
    let text = String::deserialize(deserializer)?;
    parse_listen(&text).map_err(|e| match e {
        ListenError::NotAnAddress { .. } => {
            serde::de::Error::invalid_value(serde::de::Unexpected::Str(&text), &ADDRESS_WORDS)
        }
        with_port => serde::de::Error::custom(with_port),
    })
}

/// A port on the command line: a whole number from 0 to 65535.
pub(super) fn parse_port(text: &str) -> Result<u16, String> {
    text.trim().parse().map_err(|_| {
        format!(
            "`{text}` is not a port: write a whole number from 0 to 65535 (0 picks any free port)"
        )
    })
}

/// A count on the command line: a whole number the setting can hold.
pub(super) fn parse_count<T: std::str::FromStr>(text: &str) -> Result<T, String> {
    text.trim().parse().map_err(|_| {
        if text.trim().parse::<u128>().is_ok() {
            format!("`{text}` is too large for this setting")
        } else {
            format!("`{text}` is not a whole number (such as 100)")
        }
    })
}
