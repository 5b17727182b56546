//! The web board's weight on the wire, over a real socket: every file of
//! the page goes out gzip- or brotli-compressed to a browser that accepts it
//! (and decodes to the file), as is to one that does not, and a repeat visit
//! that names the file's ETag gets a bodiless 304.

mod common;

use std::path::{Path, PathBuf};

use common::TestServer;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// One HTTP response: status, headers (names in lower case) and body bytes.
struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// `GET path` with the extra request `headers`, read whole.
async fn get(server: &TestServer, path: &str, headers: &[(&str, &str)]) -> Answer {
    let mut stream = TcpStream::connect(server.addr()).await.unwrap();
    let mut request = format!(
        "GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n",
        server.addr()
    );
    for (name, value) in headers {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    request.push_str("\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    tokio::time::timeout(
        std::time::Duration::from_secs(10),
        stream.read_to_end(&mut raw),
    )
    .await
    .expect("an answer within 10 s")
    .unwrap();
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a complete head");
    let head = String::from_utf8(raw[..split].to_vec()).unwrap();
    let mut lines = head.split("\r\n");
    let status = lines.next().unwrap()[9..12].parse().unwrap();
    let headers: Vec<(String, String)> = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    let mut body = raw[split + 4..].to_vec();
    if headers
        .iter()
        .any(|(n, v)| n == "transfer-encoding" && v.contains("chunked"))
    {
        body = dechunk(&body);
    }
    Answer {
        status,
        headers,
        body,
    }
}

/// The bytes of a chunked body.
fn dechunk(mut body: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let line_end = body.windows(2).position(|w| w == b"\r\n").unwrap();
        let size_text = std::str::from_utf8(&body[..line_end]).unwrap();
        let size = usize::from_str_radix(size_text.split(';').next().unwrap().trim(), 16).unwrap();
        body = &body[line_end + 2..];
        if size == 0 {
            return out;
        }
        out.extend_from_slice(&body[..size]);
        body = &body[size + 2..];
    }
}

fn gunzip(bytes: &[u8]) -> Vec<u8> {
    use std::io::Read;
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(bytes)
        .read_to_end(&mut out)
        .unwrap();
    out
}

fn unbrotli(bytes: &[u8]) -> Vec<u8> {
    use std::io::Read;
    let mut out = Vec::new();
    brotli::Decompressor::new(bytes, 4096)
        .read_to_end(&mut out)
        .unwrap();
    out
}

/// Every file of `web/assets/`, as (URL path, bytes).
fn assets() -> Vec<(String, Vec<u8>)> {
    fn walk(root: &Path, dir: &Path, found: &mut Vec<(String, Vec<u8>)>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(root, &path, found);
            } else {
                let relative: Vec<String> = path
                    .strip_prefix(root)
                    .unwrap()
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect();
                found.push((
                    format!("/assets/{}", relative.join("/")),
                    std::fs::read(&path).unwrap(),
                ));
            }
        }
    }
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../web/assets");
    let mut found = Vec::new();
    walk(&root, &root, &mut found);
    found
}

#[tokio::test]
async fn every_file_of_the_page_goes_out_compressed_and_decodes_to_itself() {
    let server = TestServer::start().await;
    let files = assets();
    assert!(files.len() > 10, "{} files", files.len());
    let (mut plain, mut sent) = (0, 0);
    for (path, bytes) in &files {
        let answer = get(&server, path, &[("Accept-Encoding", "gzip")]).await;
        assert_eq!(answer.status, 200, "{path}");
        assert!(
            answer
                .header("vary")
                .is_some_and(|v| v.to_ascii_lowercase().contains("accept-encoding")),
            "{path}: caches must keep the encodings apart"
        );
        plain += bytes.len();
        sent += answer.body.len();
        match answer.header("content-encoding") {
            Some("gzip") => assert_eq!(&gunzip(&answer.body), bytes, "{path}"),
            None => assert_eq!(&answer.body, bytes, "{path}: sent as is"),
            Some(other) => panic!("{path}: {other}"),
        }
    }
    assert!(
        sent * 3 < plain,
        "the page's files compress to under a third: {sent} of {plain} bytes"
    );
    let app = get(
        &server,
        "/assets/js/app.js",
        &[("Accept-Encoding", "gzip, deflate, br")],
    )
    .await;
    assert_eq!(
        app.header("content-encoding"),
        Some("br"),
        "brotli when offered"
    );
    let on_disk = &files
        .iter()
        .find(|(p, _)| p == "/assets/js/app.js")
        .unwrap()
        .1;
    assert_eq!(&unbrotli(&app.body), on_disk);
    let gzipped = get(&server, "/assets/js/app.js", &[("Accept-Encoding", "gzip")]).await;
    assert!(
        app.body.len() < gzipped.body.len(),
        "brotli, compressed at build time at its best, beats gzip: {} against {}",
        app.body.len(),
        gzipped.body.len()
    );
    assert!(
        app.header("vary")
            .is_some_and(|v| v.to_ascii_lowercase().contains("accept-encoding"))
    );
    let page = get(&server, "/", &[("Accept-Encoding", "br")]).await;
    assert_eq!(page.header("content-encoding"), Some("br"));
    let catalogue = get(
        &server,
        "/locales/en/web.ftl",
        &[("Accept-Encoding", "gzip")],
    )
    .await;
    assert_eq!(catalogue.status, 200);
    assert_eq!(catalogue.header("content-encoding"), Some("gzip"));
    server.stop().await;
}

#[tokio::test]
async fn a_client_that_asks_for_no_encoding_gets_the_bytes_as_they_are() {
    let server = TestServer::start().await;
    for (path, bytes) in assets().iter().take(5) {
        let answer = get(&server, path, &[]).await;
        assert_eq!(answer.status, 200, "{path}");
        assert_eq!(answer.header("content-encoding"), None, "{path}");
        assert_eq!(&answer.body, bytes, "{path}");
    }
    server.stop().await;
}

#[tokio::test]
async fn a_repeat_visit_gets_304s_without_a_body() {
    let server = TestServer::start().await;
    for (path, _) in assets() {
        let first = get(&server, &path, &[("Accept-Encoding", "gzip, br")]).await;
        let etag = first
            .header("etag")
            .expect("every file has an ETag")
            .to_owned();
        assert_eq!(first.header("cache-control"), Some("no-cache"), "{path}");
        let again = get(
            &server,
            &path,
            &[("Accept-Encoding", "gzip, br"), ("If-None-Match", &etag)],
        )
        .await;
        assert_eq!(again.status, 304, "{path}");
        assert!(again.body.is_empty(), "{path}");
        assert_eq!(again.header("etag"), Some(etag.as_str()), "{path}");
        let stale = get(&server, &path, &[("If-None-Match", "\"stale\"")]).await;
        assert_eq!(stale.status, 200, "{path}");
    }
    server.stop().await;
}
