//! A plain HTTP GET written by hand (the server's port speaks HTTP/1.1):
//! enough for `/health` and `/api/...` without an HTTP client library.

use std::net::SocketAddr;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// The longest any step of a request waits.
const WAIT: Duration = Duration::from_secs(10);

/// `GET path` on `addr`: (status, body). Panics when the server does not
/// answer within 10 s.
pub async fn get(addr: SocketAddr, path: &str) -> (u16, String) {
    let exchange = async {
        let mut stream = TcpStream::connect(addr).await.expect("the server accepts");
        stream
            .write_all(request(addr, path).as_bytes())
            .await
            .expect("write");
        let mut response = Vec::new();
        stream.read_to_end(&mut response).await.expect("read");
        response
    };
    let response = tokio::time::timeout(WAIT, exchange)
        .await
        .unwrap_or_else(|_| panic!("GET {path}: no answer within {WAIT:?}"));
    parse_response(&response)
}

/// [`get`] for code outside a runtime: blocking, every step with a deadline.
pub fn get_blocking(addr: SocketAddr, path: &str) -> (u16, String) {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect_timeout(&addr, WAIT).expect("the server accepts");
    stream.set_read_timeout(Some(WAIT)).expect("timeout");
    stream
        .write_all(request(addr, path).as_bytes())
        .expect("write");
    let mut response = Vec::new();
    stream.read_to_end(&mut response).expect("read");
    parse_response(&response)
}

fn request(addr: SocketAddr, path: &str) -> String {
    format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n")
}

/// Splits an HTTP/1.1 response into (status, body), undoing chunked encoding.
pub fn parse_response(response: &[u8]) -> (u16, String) {
    let text = String::from_utf8_lossy(response).into_owned();
    let status = text
        .get(9..12)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("not an HTTP response: {text:?}"));
    let body_start = text.find("\r\n\r\n").map_or(text.len(), |i| i + 4);
    let head = text[..body_start].to_ascii_lowercase();
    let body = &text[body_start..];
    if head.contains("transfer-encoding: chunked") {
        (status, dechunk(body))
    } else {
        (status, body.to_owned())
    }
}

fn dechunk(mut text: &str) -> String {
    let mut out = String::new();
    while let Some(line_end) = text.find("\r\n") {
        let size = usize::from_str_radix(text[..line_end].trim(), 16).unwrap_or(0);
        let start = line_end + 2;
        if size == 0 || start + size > text.len() {
            break;
        }
        out.push_str(&text[start..start + size]);
        text = text.get(start + size + 2..).unwrap_or("");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chunked_body_is_put_back_together() {
        let response =
            b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n";
        assert_eq!(parse_response(response), (200, "hello world".to_owned()));
    }

    #[test]
    fn a_plain_body_is_kept_as_sent() {
        let response = b"HTTP/1.1 404 Not Found\r\nContent-Length: 4\r\n\r\ngone";
        assert_eq!(parse_response(response), (404, "gone".to_owned()));
    }
}
