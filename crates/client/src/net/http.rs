//! The server's HTTP API (same port as the WebSocket): finished games for
//! `history --server`, the leaderboard and player pages for `leaderboard`. The address is checked before any request, and a
//! request that fails is an [`ApiError`] saying which address, what failed
//! and the likely fix, once (the WebSocket's failures are explained the
//! same way, with the same sentences: `net/address.rs`).

use std::io;
use std::time::Duration;

use amazons_core::GameRecord;
use amazons_core::PlayerKind;
use amazons_protocol::api::MAX_PER_PAGE;
use amazons_protocol::{GameAnalysis, GameSummary, GamesPage, PlayerPage, PlayersPage};
use percent_encoding::{NON_ALPHANUMERIC, utf8_percent_encode};

use crate::net::address::{not_speaking, nothing_listening, unknown_host};

/// How many games one page request asks for (the server's maximum).
const PER_PAGE: u32 = MAX_PER_PAGE;

/// Where a game's analysis is, after the game's path.
const ANALYSIS_PATH: &str = "/analysis";

/// Where a player's page is, before the name.
const PLAYER_PATH: &str = "/api/players/";

/// At most this many pages are read for one list.
const MAX_PAGES: usize = 50;

/// How long one request may take before the server is given up on.
const TIMEOUT: Duration = Duration::from_secs(10);

/// Where the person finds the right address: the likely fix of most
/// failures.
fn fix() -> String {
    t!("http-fix")
}

/// What an amazons-server's HTTP address looks like, for the sentence
/// shared with the WebSocket's failures.
fn looks_like() -> String {
    t!("http-looks-like")
}

/// A server's base HTTP address.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServerHttp {
    /// `http://host:port`, without a trailing slash.
    base: String,
    /// `host:port`, as failures name it.
    authority: String,
    /// How long one request may take.
    timeout: Duration,
}

/// Why the games of a server could not be read, in words: which address,
/// what failed, and the likely fix.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum ApiError {
    /// The text given for `--server` names no server.
    #[error("{}", t!("http-bad-address", typed = .typed.as_str(), why = .why.as_str(), fix = fix()))]
    BadAddress {
        /// The text, as typed.
        typed: String,
        /// What is wrong with it.
        why: String,
    },
    /// An encrypted address: the server speaks plain HTTP.
    #[error("{}", t!("http-encrypted", typed = .typed.as_str(), authority = .authority.as_str()))]
    Encrypted {
        /// The text, as typed.
        typed: String,
        /// Its `host:port`.
        authority: String,
    },
    /// Nothing listens at that host and port.
    #[error("{}. {}", nothing_listening(.authority), fix())]
    Refused {
        /// `host:port`.
        authority: String,
    },
    /// The host's name has no address.
    #[error("{}", unknown_host(.base, .detail))]
    UnknownHost {
        /// `http://host:port`.
        base: String,
        /// What the name lookup said.
        detail: String,
    },
    /// The connection was made but no answer came in time.
    #[error("{}", t!("http-timed-out", base = .base.as_str(), seconds = *.seconds, fix = fix()))]
    TimedOut {
        /// `http://host:port`.
        base: String,
        /// How long the client waited.
        seconds: u64,
    },
    /// Something answers there, but not HTTP.
    #[error("{}", not_speaking(.authority, "HTTP", .detail, &looks_like()))]
    NotHttp {
        /// `host:port`.
        authority: String,
        /// What came instead.
        detail: String,
    },
    /// An HTTP server answers there, but not an amazons-server's API.
    #[error("{}", t!("http-not-amazons", base = .base.as_str(), what = .what.as_str(), fix = fix()))]
    NotAmazons {
        /// `http://host:port`.
        base: String,
        /// What it answered.
        what: String,
    },
    /// The server has no game of that id.
    #[error("{}", t!("http-no-such-game", base = .base.as_str(), id = .id.as_str()))]
    NoSuchGame {
        /// `http://host:port`.
        base: String,
        /// The id asked for.
        id: String,
    },
    /// Nobody by that name has a rated game or has claimed it there.
    #[error("{}", t!("http-no-such-player", base = .base.as_str(), name = .name.as_str()))]
    NoSuchPlayer {
        /// `http://host:port`.
        base: String,
        /// The name asked for.
        name: String,
    },
    /// The server answered with an error.
    #[error(
        "{}",
        t!(
            "http-failed",
            base = .base.as_str(),
            method = .method.as_str(),
            path = .path.as_str(),
            status = *.status,
            message = .message.as_str()
        )
    )]
    Failed {
        /// `http://host:port`.
        base: String,
        /// The request's method (`GET`, `POST`).
        method: String,
        /// The request.
        path: String,
        /// The HTTP status.
        status: u16,
        /// The start of what it said.
        message: String,
    },
    /// Anything else on the way (a reset connection, a TLS redirect).
    #[error("{}", t!("http-other", base = .base.as_str(), detail = .detail.as_str()))]
    Other {
        /// `http://host:port`.
        base: String,
        /// What went wrong.
        detail: String,
    },
}

/// `host:port` of a typed server address (`ws://host:port/ws`,
/// `http://host:port/...` or `host:port`), checked: a known scheme, a host,
/// a port that is a port.
fn authority_of(typed: &str) -> Result<String, ApiError> {
    let bad = |why: String| ApiError::BadAddress {
        typed: typed.to_string(),
        why,
    };
    let (scheme, rest) = match typed.split_once("://") {
        Some((scheme, rest)) => (Some(scheme.to_ascii_lowercase()), rest),
        None => (None, typed),
    };
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    match scheme.as_deref() {
        None | Some("http" | "ws") => {}
        Some("https" | "wss") => {
            return Err(ApiError::Encrypted {
                typed: typed.to_string(),
                authority: authority.to_string(),
            });
        }
        Some(other) => return Err(bad(t!("http-bad-scheme", scheme = other))),
    }
    let (host, port) = match authority.strip_prefix('[') {
        Some(v6) => match v6.split_once(']') {
            Some((host, "")) => (host, None),
            Some((host, port)) => (host, Some(port.strip_prefix(':').unwrap_or(port))),
            None => (v6, None),
        },
        None => match authority.rsplit_once(':') {
            Some((host, port)) => (host, Some(port)),
            None => (authority, None),
        },
    };
    if host.is_empty() {
        return Err(bad(t!("http-no-host")));
    }
    if let Some(port) = port {
        if !matches!(port.parse::<u16>(), Ok(1..)) {
            return Err(bad(t!("http-bad-port", port = port)));
        }
    }
    Ok(authority.to_string())
}

impl ServerHttp {
    /// The API of the server at `server` (`ws://host:port/ws`,
    /// `http://host:port/...` or `host:port`), or why that names no server.
    pub fn new(server: &str) -> Result<ServerHttp, ApiError> {
        let authority = authority_of(server.trim())?;
        Ok(ServerHttp {
            base: format!("http://{authority}"),
            authority,
            timeout: TIMEOUT,
        })
    }

    /// `GET path`, its body read as `T`; `what` names what the body should
    /// be, for the failure when it is not.
    fn get<T: serde::de::DeserializeOwned>(&self, path: &str, what: &str) -> Result<T, ApiError> {
        self.call(ureq::get(&format!("{}{path}", self.base)), path, what)
    }

    /// `request` (to `path`) sent, its body read as `T`, as [`Self::get`].
    fn call<T: serde::de::DeserializeOwned>(
        &self,
        request: ureq::Request,
        path: &str,
        what: &str,
    ) -> Result<T, ApiError> {
        let method = request.method().to_string();
        let response = request
            .timeout(self.timeout)
            .call()
            .map_err(|e| self.explain(&method, path, e))?;
        response.into_json().map_err(|e| match self.timed_out(&e) {
            Some(timed_out) => timed_out,
            None => ApiError::NotAmazons {
                base: self.base.clone(),
                what: t!(
                    "http-not-what",
                    resource = path.split('?').next().unwrap_or(path),
                    what = what,
                    error = e.to_string()
                ),
            },
        })
    }

    /// The failure of `method path` in words.
    fn explain(&self, method: &str, path: &str, error: ureq::Error) -> ApiError {
        let base = self.base.clone();
        let resource = path.split('?').next().unwrap_or(path);
        let transport = match error {
            ureq::Error::Status(404, _) if path.starts_with("/api/games/") => {
                let id = path.trim_start_matches("/api/games/");
                return ApiError::NoSuchGame {
                    base,
                    id: id.trim_end_matches(ANALYSIS_PATH).to_string(),
                };
            }
            ureq::Error::Status(404, _) if path.starts_with(PLAYER_PATH) => {
                let name = path.trim_start_matches(PLAYER_PATH);
                return ApiError::NoSuchPlayer {
                    base,
                    name: percent_encoding::percent_decode_str(name)
                        .decode_utf8_lossy()
                        .into_owned(),
                };
            }
            ureq::Error::Status(status @ (404 | 405), _) => {
                return ApiError::NotAmazons {
                    base,
                    what: t!("http-answered-status", resource = resource, status = status),
                };
            }
            ureq::Error::Status(status, response) => {
                let body = response.into_string().unwrap_or_default();
                return ApiError::Failed {
                    base,
                    method: method.to_string(),
                    path: resource.to_string(),
                    status,
                    message: body
                        .chars()
                        .take(200)
                        .collect::<String>()
                        .trim()
                        .to_string(),
                };
            }
            ureq::Error::Transport(transport) => transport,
        };
        let cause = std::error::Error::source(&transport)
            .and_then(|e| e.downcast_ref::<io::Error>())
            .map(|e| (e.kind(), e.to_string()));
        let detail = cause
            .as_ref()
            .map(|(_, text)| text.clone())
            .or_else(|| transport.message().map(str::to_string))
            .unwrap_or_else(|| transport.kind().to_string());
        match (transport.kind(), cause.map(|(kind, _)| kind)) {
            (_, Some(io::ErrorKind::ConnectionRefused)) => ApiError::Refused {
                authority: self.authority.clone(),
            },
            (_, Some(io::ErrorKind::TimedOut | io::ErrorKind::WouldBlock)) => ApiError::TimedOut {
                base,
                seconds: self.timeout.as_secs().max(1),
            },
            (ureq::ErrorKind::Dns, _) => ApiError::UnknownHost { base, detail },
            (ureq::ErrorKind::BadStatus | ureq::ErrorKind::BadHeader, _) => ApiError::NotHttp {
                authority: self.authority.clone(),
                detail: t!("http-answered-something-else"),
            },
            (
                ureq::ErrorKind::Io,
                Some(
                    io::ErrorKind::UnexpectedEof
                    | io::ErrorKind::ConnectionAborted
                    | io::ErrorKind::ConnectionReset,
                ),
            ) => ApiError::NotHttp {
                authority: self.authority.clone(),
                detail: t!("http-closed-without-answer"),
            },
            _ => ApiError::Other { base, detail },
        }
    }

    /// The timeout behind a body that could not be read, if that was it.
    fn timed_out(&self, error: &io::Error) -> Option<ApiError> {
        matches!(
            error.kind(),
            io::ErrorKind::TimedOut | io::ErrorKind::WouldBlock
        )
        .then(|| ApiError::TimedOut {
            base: self.base.clone(),
            seconds: self.timeout.as_secs().max(1),
        })
    }

    /// Every finished game on the server, oldest first.
    pub fn games(&self) -> Result<Vec<GameSummary>, ApiError> {
        let mut games = Vec::new();
        for page in 1..=MAX_PAGES {
            let batch: GamesPage = self.get(
                &format!("/api/games?page={page}&per_page={PER_PAGE}"),
                &t!("http-what-games"),
            )?;
            let done = batch.games.len() < PER_PAGE as usize
                || (games.len() + batch.games.len()) as u64 >= batch.total;
            games.extend(batch.games);
            if done {
                break;
            }
        }
        games.reverse();
        Ok(games)
    }

    /// One game record.
    pub fn game(&self, id: &str) -> Result<GameRecord, ApiError> {
        self.get(&format!("/api/games/{id}"), &t!("http-what-record"))
    }

    /// Asks the server to analyse game `id` (`POST`): the analysis as it
    /// stands, queued, under way or done (asking again changes nothing).
    pub fn start_analysis(&self, id: &str) -> Result<GameAnalysis, ApiError> {
        let path = format!("/api/games/{id}{ANALYSIS_PATH}");
        let request = ureq::post(&format!("{}{path}", self.base));
        self.call(request, &path, &t!("http-what-analysis"))
    }

    /// Game `id`'s analysis as it stands (`GET`), once asked for.
    pub fn analysis(&self, id: &str) -> Result<GameAnalysis, ApiError> {
        let path = format!("/api/games/{id}{ANALYSIS_PATH}");
        self.get(&path, &t!("http-what-analysis"))
    }

    /// One page of the leaderboard (of `kind`, or everyone), best first,
    /// `per_page` players a page.
    pub fn players(
        &self,
        kind: Option<PlayerKind>,
        page: u32,
        per_page: u32,
    ) -> Result<PlayersPage, ApiError> {
        let kind = match kind {
            Some(PlayerKind::Human) => "&kind=human",
            Some(PlayerKind::Bot) => "&kind=bot",
            None => "",
        };
        self.get(
            &format!("/api/players?page={page}&per_page={per_page}{kind}"),
            &t!("http-what-players"),
        )
    }

    /// One player's page, by name (compared as the server compares names).
    pub fn player(&self, name: &str) -> Result<PlayerPage, ApiError> {
        let name = utf8_percent_encode(name.trim(), NON_ALPHANUMERIC);
        self.get(&format!("{PLAYER_PATH}{name}"), &t!("http-what-player"))
    }
}

#[cfg(test)]
mod tests {
    use std::io::{Read, Write};
    use std::net::TcpListener;

    use super::*;

    #[test]
    fn addresses_are_checked_and_the_bad_ones_say_what_a_good_one_looks_like() {
        for (typed, base) in [
            ("ws://127.0.0.1:7878/ws", "http://127.0.0.1:7878"),
            ("http://localhost:80/", "http://localhost:80"),
            ("10.0.0.2:7878", "http://10.0.0.2:7878"),
            ("HTTP://[::1]:7878/x", "http://[::1]:7878"),
            ("myhost", "http://myhost"),
        ] {
            assert_eq!(ServerHttp::new(typed).unwrap().base, base, "{typed}");
        }
        for (typed, why) in [
            ("http://127.0.0.1:99999", "`99999` is not a port"),
            ("127.0.0.1:", "`` is not a port"),
            ("ws:///ws", "names no host"),
            ("ftp://h", "`ftp://` is neither"),
        ] {
            let error = ServerHttp::new(typed).unwrap_err().to_string();
            assert!(error.starts_with(&format!("`{typed}` is not a server address")));
            assert!(error.contains(why), "{typed}: {error}");
            assert!(error.ends_with(&fix()), "{typed}: {error}");
        }
        assert_eq!(
            ServerHttp::new("wss://h:7878/ws").unwrap_err(),
            ApiError::Encrypted {
                typed: "wss://h:7878/ws".into(),
                authority: "h:7878".into()
            }
        );
    }

    /// A server on 127.0.0.1 that reads a request and answers `reply` (or
    /// holds the connection without a word for `None`), once.
    fn one_answer(reply: Option<&'static [u8]>) -> ServerHttp {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        std::thread::spawn(move || {
            let (mut stream, _) = listener.accept().unwrap();
            let _ = stream.read(&mut [0; 4096]);
            match reply {
                Some(reply) => drop(stream.write_all(reply)),
                // Held open until the client gives up and closes it.
                None => drop(stream.read(&mut [0; 1])),
            }
        });
        let mut server = ServerHttp::new(&format!("127.0.0.1:{port}")).unwrap();
        server.timeout = Duration::from_millis(200);
        server
    }

    #[test]
    fn each_failure_says_what_failed_once() {
        let silent = one_answer(None);
        assert_eq!(
            silent.games(),
            Err(ApiError::TimedOut {
                base: silent.base.clone(),
                seconds: 1
            })
        );
        let web = one_answer(Some(
            b"HTTP/1.1 200 OK\r\ncontent-length: 9\r\n\r\n<html/>\r\n",
        ));
        let error = web.games().unwrap_err();
        assert!(
            matches!(&error, ApiError::NotAmazons { what, .. } if what.contains("is not a page of games")),
            "{error:?}"
        );
        let ours = one_answer(Some(b"HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n"));
        assert_eq!(
            ours.game("abc"),
            Err(ApiError::NoSuchGame {
                base: ours.base.clone(),
                id: "abc".into()
            })
        );
        let nobody = one_answer(Some(b"HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n"));
        let error = nobody.player("李 雷").unwrap_err();
        assert_eq!(
            error,
            ApiError::NoSuchPlayer {
                base: nobody.base.clone(),
                name: "李 雷".into()
            }
        );
        assert!(
            error
                .to_string()
                .contains("amazons-client leaderboard --server"),
            "{error}"
        );
        let closed = one_answer(Some(b""));
        let error = closed.games().unwrap_err();
        assert!(matches!(error, ApiError::NotHttp { .. }), "{error:?}");
        let failing = one_answer(Some(
            b"HTTP/1.1 500 Internal Server Error\r\ncontent-length: 12\r\n\r\ndisk is full",
        ));
        assert_eq!(
            failing.games().unwrap_err().to_string(),
            format!(
                "{} refused GET /api/games (HTTP 500): disk is full",
                failing.base
            )
        );
        let refused = ApiError::Refused {
            authority: "h:1".into(),
        }
        .to_string();
        assert_eq!(refused.matches("refused").count(), 1, "{refused}");
        assert!(refused.starts_with(&nothing_listening("h:1")), "{refused}");
    }
}
