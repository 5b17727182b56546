//! `players`: the latency of `GET /api/players` (the leaderboard) against a
//! running server: requests one after another on one kept-alive HTTP/1.1
//! connection, walking the pages of everyone, of the people and of the
//! bots in turn; reports the median, p99 and maximum round trip (request
//! sent to the whole body read) and how many players the server ranks.
//!
//! For the figure the issue asks for, give the server 1,000 players first:
//! `amazons-loadgen history --games 20000 --players 1000 --out DIR`, then
//! `amazons-server --history-dir DIR`.

use std::time::Instant;

use amazons_protocol::PlayersPage;
use anyhow::{Context, bail};
use hdrhistogram::Histogram;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

/// `host:port` of a `ws://host:port/ws` URL.
pub fn http_address(url: &str) -> anyhow::Result<String> {
    let rest = url
        .strip_prefix("ws://")
        .context("the server URL must start with ws://")?;
    Ok(rest.split('/').next().unwrap_or(rest).to_owned())
}

/// One kept-alive connection to the server's HTTP side.
struct Http {
    host: String,
    stream: BufReader<TcpStream>,
}

impl Http {
    async fn connect(host: &str) -> anyhow::Result<Http> {
        let stream = TcpStream::connect(host)
            .await
            .with_context(|| format!("cannot connect to {host}"))?;
        stream.set_nodelay(true)?;
        Ok(Http {
            host: host.to_owned(),
            stream: BufReader::new(stream),
        })
    }

    /// `GET path`: the status and the body.
    async fn get(&mut self, path: &str) -> anyhow::Result<(u16, Vec<u8>)> {
        let request = format!("GET {path} HTTP/1.1\r\nHost: {}\r\n\r\n", self.host);
        self.stream.get_mut().write_all(request.as_bytes()).await?;
        let mut line = String::new();
        self.stream.read_line(&mut line).await?;
        let status: u16 = line
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .with_context(|| format!("not an HTTP status line: {line:?}"))?;
        let mut length = None;
        loop {
            line.clear();
            if self.stream.read_line(&mut line).await? == 0 {
                bail!("the server closed the connection");
            }
            let header = line.trim_end();
            if header.is_empty() {
                break;
            }
            if let Some((name, value)) = header.split_once(':')
                && name.eq_ignore_ascii_case("content-length")
            {
                length = Some(value.trim().parse::<usize>()?);
            }
        }
        let mut body = vec![0; length.context("no content-length")?];
        self.stream.read_exact(&mut body).await?;
        Ok((status, body))
    }
}

/// Sends `requests` leaderboard requests of `per_page` players; prints
/// the latencies.
pub async fn run(url: &str, requests: usize, per_page: u32) -> anyhow::Result<()> {
    let host = http_address(url)?;
    let mut http = Http::connect(&host).await?;
    let mut totals = [0u64; 3];
    let kinds = ["", "&kind=human", "&kind=bot"];
    for (kind, total) in kinds.iter().zip(totals.iter_mut()) {
        let (status, body) = http.get(&format!("/api/players?per_page=1{kind}")).await?;
        if status != 200 {
            bail!("GET /api/players answered {status}");
        }
        *total = serde_json::from_slice::<PlayersPage>(&body)?.total;
    }
    let mut latency = Histogram::<u64>::new(3)?;
    let mut next_page = [1u64; 3];
    for n in 0..requests {
        let k = n % kinds.len();
        let pages = totals[k].div_ceil(u64::from(per_page)).max(1);
        let page = next_page[k];
        next_page[k] = page % pages + 1;
        let path = format!("/api/players?page={page}&per_page={per_page}{}", kinds[k]);
        let sent = Instant::now();
        let (status, body) = http.get(&path).await?;
        let took = sent.elapsed();
        if status != 200 {
            bail!("GET {path} answered {status}");
        }
        serde_json::from_slice::<PlayersPage>(&body).context("not a players page")?;
        latency.record(took.as_micros() as u64)?;
    }
    println!(
        "GET /api/players: {requests} requests of {per_page} players, {} ranked ({} people, {} bots)",
        totals[0], totals[1], totals[2]
    );
    println!(
        "  latency: median {} us  p99 {} us  max {} us",
        latency.value_at_quantile(0.5),
        latency.value_at_quantile(0.99),
        latency.max()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_http_address_is_the_websockets_host_and_port() {
        assert_eq!(
            http_address("ws://127.0.0.1:7878/ws").unwrap(),
            "127.0.0.1:7878"
        );
        assert_eq!(http_address("ws://[::1]:80/ws").unwrap(), "[::1]:80");
        assert!(http_address("http://x/ws").is_err());
    }
}
