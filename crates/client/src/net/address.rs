//! A server's WebSocket address as the person typed it, checked before any
//! connection is tried, and what a failed connection means in words with the
//! likely fix ("no WebSocket at http://h:7878/ — did you mean
//! ws://h:7878/ws?").

use std::fmt;
use std::str::FromStr;

use tokio_tungstenite::tungstenite;

/// A `ws://HOST[:PORT]/PATH` address.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ServerAddress {
    /// The whole address, as typed (trimmed).
    url: String,
    /// `HOST:PORT` (or `HOST`).
    authority: String,
}

/// Why a typed address cannot be a server's WebSocket address; the text
/// names the likely fix.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct AddressError(String);

impl ServerAddress {
    /// The address to connect to.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// `HOST:PORT`.
    pub fn authority(&self) -> &str {
        &self.authority
    }

    /// The address most likely meant: the same host and port at `/ws`.
    pub fn suggestion(&self) -> String {
        suggestion(&self.authority)
    }
}

fn suggestion(authority: &str) -> String {
    format!("ws://{authority}/ws")
}

impl fmt::Display for ServerAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.url)
    }
}

impl FromStr for ServerAddress {
    type Err = AddressError;

    fn from_str(text: &str) -> Result<ServerAddress, AddressError> {
        let text = text.trim();
        let (scheme, rest) = match text.split_once("://") {
            Some((scheme, rest)) => (Some(scheme.to_ascii_lowercase()), rest),
            None => (None, text),
        };
        let authority = rest.split('/').next().unwrap_or_default().to_string();
        if authority.is_empty() {
            return Err(AddressError(t!("address-no-host", text = text)));
        }
        match scheme.as_deref() {
            Some("ws") => Ok(ServerAddress {
                url: text.to_string(),
                authority,
            }),
            Some("wss" | "https") => Err(AddressError(t!(
                "address-encrypted",
                text = text,
                suggestion = suggestion(&authority)
            ))),
            Some("http") => Err(AddressError(t!(
                "address-web-board",
                text = text,
                suggestion = suggestion(&authority)
            ))),
            Some(other) => Err(AddressError(t!(
                "address-other-scheme",
                text = text,
                scheme = other,
                suggestion = suggestion(&authority)
            ))),
            None => Err(AddressError(t!(
                "address-no-scheme",
                text = text,
                suggestion = suggestion(&authority)
            ))),
        }
    }
}

/// A failed connection attempt in words, with the likely fix.
pub fn explain_failure(address: &ServerAddress, error: &tungstenite::Error) -> String {
    use std::io::ErrorKind;
    use tungstenite::Error;
    match error {
        Error::Io(e) if e.kind() == ErrorKind::ConnectionRefused => {
            nothing_listening(address.authority())
        }
        Error::Io(e) if e.to_string().contains("lookup") || e.to_string().contains("resolve") => {
            unknown_host(address.url(), e)
        }
        Error::Http(response) => t!(
            "connect-no-websocket",
            address = address.to_string(),
            status = response.status().as_u16(),
            suggestion = address.suggestion()
        ),
        Error::Protocol(e) => not_speaking(address.url(), "WebSocket", e, &address.suggestion()),
        other => t!(
            "connect-failed",
            address = address.to_string(),
            error = other.to_string()
        ),
    }
}

/// Nothing listens at `authority` (`HOST:PORT`): what every way of reaching
/// a server says (the WebSocket here, `history --server` over HTTP).
pub(crate) fn nothing_listening(authority: &str) -> String {
    t!("nothing-listening", authority = authority)
}

/// The host of `address` has no address (`detail` says why).
pub(crate) fn unknown_host(address: &str, detail: &dyn fmt::Display) -> String {
    t!(
        "unknown-host",
        address = address,
        detail = detail.to_string()
    )
}

/// Something answers at `address` but not in `protocol` (`detail` says
/// what came): most likely another program's port; an amazons-server's
/// address `looks_like` this.
pub(crate) fn not_speaking(
    address: &str,
    protocol: &str,
    detail: &dyn fmt::Display,
    looks_like: &str,
) -> String {
    t!(
        "not-speaking",
        address = address,
        protocol = protocol,
        detail = detail.to_string(),
        looks_like = looks_like
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_websocket_addresses_are_taken_and_the_others_say_what_was_meant() {
        let good: ServerAddress = " ws://10.0.0.2:7878/ws ".parse().unwrap();
        assert_eq!(good.url(), "ws://10.0.0.2:7878/ws");
        assert_eq!(good.authority(), "10.0.0.2:7878");
        for (typed, fix) in [
            ("127.0.0.1:7878", "did you mean ws://127.0.0.1:7878/ws?"),
            ("http://h:7878/", "did you mean ws://h:7878/ws?"),
            ("https://h:7878/ws", "did you mean ws://h:7878/ws?"),
            ("ftp://h/ws", "did you mean ws://h/ws?"),
            ("ws:///ws", "names no host"),
        ] {
            let error = typed.parse::<ServerAddress>().unwrap_err().to_string();
            assert!(error.contains(fix), "{typed}: {error}");
        }
    }

    #[test]
    fn failures_are_explained_with_the_fix() {
        let address: ServerAddress = "ws://h:7878/".parse().unwrap();
        let not_found = tungstenite::Error::Http(
            tungstenite::http::Response::builder()
                .status(404)
                .body(None)
                .unwrap(),
        );
        assert_eq!(
            explain_failure(&address, &not_found),
            "no WebSocket at ws://h:7878/ (HTTP 404) — did you mean ws://h:7878/ws?"
        );
        let refused = tungstenite::Error::Io(std::io::ErrorKind::ConnectionRefused.into());
        let text = explain_failure(&address, &refused);
        assert!(text.starts_with("nothing is listening at h:7878"), "{text}");
    }
}
