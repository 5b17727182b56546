//! Plain TCP: HTTP requests by hand (the kit's), a WebSocket handshake by hand, and
//! WebSocket frames built byte by byte (so that a test can send what a
//! WebSocket library refuses to: invalid UTF-8 in a text frame, ...).

use std::net::SocketAddr;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

pub use amazons_testkit::http::{get_blocking as http_get, parse_response};

/// Opens a TCP connection and performs the WebSocket handshake on `/ws` by
/// hand; returns the stream positioned after the `101` response.
pub async fn handshake(addr: SocketAddr) -> TcpStream {
    let mut stream = TcpStream::connect(addr).await.expect("the server accepts");
    let request = format!(
        "GET /ws HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    );
    stream.write_all(request.as_bytes()).await.expect("write");
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        let read = tokio::time::timeout(Duration::from_secs(10), stream.read(&mut byte))
            .await
            .expect("the handshake is answered in time")
            .expect("read");
        assert_eq!(read, 1, "the server closed during the handshake");
        head.push(byte[0]);
    }
    let head = String::from_utf8_lossy(&head);
    assert!(head.starts_with("HTTP/1.1 101"), "no upgrade: {head}");
    stream
}

/// WebSocket opcodes used by the tests.
pub mod opcode {
    /// A text frame.
    pub const TEXT: u8 = 0x1;
    /// A binary frame.
    pub const BINARY: u8 = 0x2;
}

/// One complete, masked client frame (FIN set).
pub fn frame(opcode: u8, payload: &[u8]) -> Vec<u8> {
    let mut out = vec![0x80 | opcode];
    let len = payload.len();
    if len < 126 {
        out.push(0x80 | len as u8);
    } else if len <= u16::MAX as usize {
        out.push(0x80 | 126);
        out.extend_from_slice(&(len as u16).to_be_bytes());
    } else {
        out.push(0x80 | 127);
        out.extend_from_slice(&(len as u64).to_be_bytes());
    }
    let mask = [0x37, 0xfa, 0x21, 0x3d];
    out.extend_from_slice(&mask);
    out.extend(payload.iter().enumerate().map(|(i, b)| b ^ mask[i % 4]));
    out
}

/// A frame the server sent, as read from the raw stream.
#[derive(Debug, PartialEq, Eq)]
pub enum ServerFrame {
    /// A text frame.
    Text(String),
    /// A close frame with its code.
    Close(Option<u16>),
    /// Any other frame (ping, ...).
    Other(u8),
    /// The TCP connection ended.
    Eof,
}

/// Reads one unmasked server frame (payloads under 64 KiB); `Eof` when the
/// connection ends. Panics after `timeout`.
pub async fn read_frame(stream: &mut TcpStream, timeout: Duration) -> ServerFrame {
    tokio::time::timeout(timeout, read_frame_inner(stream))
        .await
        .expect("the server sends a frame or closes in time")
}

async fn read_frame_inner(stream: &mut TcpStream) -> ServerFrame {
    let mut head = [0u8; 2];
    if stream.read_exact(&mut head).await.is_err() {
        return ServerFrame::Eof;
    }
    let opcode = head[0] & 0x0f;
    let mut len = u64::from(head[1] & 0x7f);
    if len == 126 {
        let mut ext = [0u8; 2];
        if stream.read_exact(&mut ext).await.is_err() {
            return ServerFrame::Eof;
        }
        len = u64::from(u16::from_be_bytes(ext));
    } else if len == 127 {
        let mut ext = [0u8; 8];
        if stream.read_exact(&mut ext).await.is_err() {
            return ServerFrame::Eof;
        }
        len = u64::from_be_bytes(ext);
    }
    let mut payload = vec![0u8; len.min(1 << 20) as usize];
    if stream.read_exact(&mut payload).await.is_err() {
        return ServerFrame::Eof;
    }
    match opcode {
        0x1 => ServerFrame::Text(String::from_utf8_lossy(&payload).into_owned()),
        0x8 => ServerFrame::Close(
            (payload.len() >= 2).then(|| u16::from_be_bytes([payload[0], payload[1]])),
        ),
        other => ServerFrame::Other(other),
    }
}

/// Reads frames until a close frame or the end of the connection; returns
/// the close code (if any) and the text frames seen before it.
pub async fn read_until_closed(
    stream: &mut TcpStream,
    timeout: Duration,
) -> (Option<u16>, Vec<String>) {
    let mut texts = Vec::new();
    let deadline = tokio::time::Instant::now() + timeout;
    loop {
        let left = deadline.saturating_duration_since(tokio::time::Instant::now());
        match read_frame(stream, left).await {
            ServerFrame::Text(text) => texts.push(text),
            ServerFrame::Close(code) => return (code, texts),
            ServerFrame::Eof => return (None, texts),
            ServerFrame::Other(_) => {}
        }
    }
}

/// Whether the peer has closed `stream` (reads until EOF or error, ignoring
/// any bytes); `false` if it is still open after `timeout`.
pub async fn closed_within(stream: &mut TcpStream, timeout: Duration) -> bool {
    let mut buffer = [0u8; 4096];
    let deadline = tokio::time::Instant::now() + timeout;
    loop {
        let left = deadline.saturating_duration_since(tokio::time::Instant::now());
        match tokio::time::timeout(left, stream.read(&mut buffer)).await {
            Err(_) => return false,
            Ok(Ok(0)) | Ok(Err(_)) => return true,
            Ok(Ok(_)) => {}
        }
    }
}
