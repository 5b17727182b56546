//! The server's HTTP API (same port as the WebSocket): finished games for
//! `history --server`.

use amazons_core::GameRecord;
use amazons_protocol::api::MAX_PER_PAGE;
use amazons_protocol::{GameSummary, GamesPage};
use anyhow::Context;

/// How many games one page request asks for (the server's maximum).
const PER_PAGE: u32 = MAX_PER_PAGE;

/// At most this many pages are read for one list.
const MAX_PAGES: usize = 50;

/// A server's base HTTP address.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServerHttp {
    /// `http://host:port`, without a trailing slash.
    base: String,
}

/// `http://host:port` for a server address given as `ws://host:port/ws`,
/// `http://host:port/...` or `host:port`.
pub fn http_base(server: &str) -> String {
    let rest = server
        .strip_prefix("ws://")
        .or_else(|| server.strip_prefix("http://"))
        .unwrap_or(server);
    let authority = rest.split('/').next().unwrap_or(rest);
    format!("http://{authority}")
}

impl ServerHttp {
    /// The API of the server at `server` (any of the forms [`http_base`] reads).
    pub fn new(server: &str) -> anyhow::Result<ServerHttp> {
        if server.starts_with("wss://") || server.starts_with("https://") {
            anyhow::bail!(
                "TLS addresses are not supported: the server speaks plain ws:// and http://"
            );
        }
        Ok(ServerHttp {
            base: http_base(server),
        })
    }

    fn get<T: serde::de::DeserializeOwned>(&self, path: &str) -> anyhow::Result<T> {
        let url = format!("{}{path}", self.base);
        let response = ureq::get(&url)
            .timeout(std::time::Duration::from_secs(10))
            .call()
            .with_context(|| format!("GET {url}"))?;
        response
            .into_json()
            .with_context(|| format!("reading GET {url}"))
    }

    /// Every finished game on the server, oldest first.
    pub fn games(&self) -> anyhow::Result<Vec<GameSummary>> {
        let mut games = Vec::new();
        for page in 1..=MAX_PAGES {
            let batch: GamesPage =
                self.get(&format!("/api/games?page={page}&per_page={PER_PAGE}"))?;
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
    pub fn game(&self, id: &str) -> anyhow::Result<GameRecord> {
        self.get(&format!("/api/games/{id}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses() {
        assert_eq!(http_base("ws://127.0.0.1:7878/ws"), "http://127.0.0.1:7878");
        assert_eq!(http_base("http://localhost:80/"), "http://localhost:80");
        assert_eq!(http_base("10.0.0.2:7878"), "http://10.0.0.2:7878");
    }
}
