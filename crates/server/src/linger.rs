//! Accepted TCP streams that close politely.
//!
//! When the server closes a connection (a close frame after `rate_limited`,
//! `too_large`, a missing `hello`, a header timeout...) the client has often
//! sent more than the server read. Closing a socket with unread input makes
//! the kernel answer with a reset, and a reset can destroy the last frames
//! (the error and the close frame) before the client reads them. So a
//! [`Lingering`] stream, when dropped, is not closed at once: a task shuts
//! down its sending side (the peer sees the end after everything already
//! sent), then reads and discards whatever arrives until the peer closes too
//! or [`LINGER`] has passed, and only then closes it.

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::TcpStream;

/// Longest time a closed connection is drained before the socket is closed
/// anyway.
pub const LINGER: Duration = Duration::from_secs(2);

/// A TCP stream that drains itself when dropped (see the module docs).
pub struct Lingering {
    /// `None` only once dropped.
    stream: Option<TcpStream>,
}

impl Lingering {
    /// Wraps an accepted stream.
    pub fn new(stream: TcpStream) -> Lingering {
        Lingering {
            stream: Some(stream),
        }
    }

    /// Sets `TCP_NODELAY`.
    pub fn set_nodelay(&self, nodelay: bool) -> io::Result<()> {
        match &self.stream {
            Some(stream) => stream.set_nodelay(nodelay),
            None => Ok(()),
        }
    }

    fn stream(self: Pin<&mut Self>) -> Pin<&mut TcpStream> {
        Pin::new(
            self.get_mut()
                .stream
                .as_mut()
                .expect("the stream is present until drop"),
        )
    }
}

impl Drop for Lingering {
    fn drop(&mut self) {
        let Some(stream) = self.stream.take() else {
            return;
        };
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            // Not tracked: shutdown does not wait for peers to finish closing
            // (the process exits and the kernel closes what is left).
            runtime.spawn(drain(stream));
        }
    }
}

/// Half-closes `stream`, then discards its input until the peer closes or
/// [`LINGER`] passes.
pub async fn drain(mut stream: TcpStream) {
    let _ = tokio::time::timeout(LINGER, async {
        let _ = stream.shutdown().await;
        let mut buffer = [0u8; 4096];
        while let Ok(n) = stream.read(&mut buffer).await {
            if n == 0 {
                break;
            }
        }
    })
    .await;
}

impl AsyncRead for Lingering {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        self.stream().poll_read(cx, buf)
    }
}

impl AsyncWrite for Lingering {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        self.stream().poll_write(cx, buf)
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.stream().poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.stream().poll_shutdown(cx)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        self.stream().poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        true
    }
}
