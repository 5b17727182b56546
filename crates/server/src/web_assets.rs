//! The web board: the files of `web/assets/`, compiled into the binary and
//! served at `GET /` (the page) and `GET /assets/{path}`.
//!
//! Every response carries the MIME type of its extension (a script served as
//! anything but JavaScript is refused by the browser), an ETag (a SHA-256
//! prefix of the bytes, computed once) so that `If-None-Match` gets a
//! bodiless 304, `Cache-Control: no-cache` (always revalidate, so a new server
//! build is picked up at once), `X-Content-Type-Options: nosniff` and a
//! Content-Security-Policy that lets the page run only its own scripts and
//! styles and talk only to this server's WebSocket.
//!
//! The page's files and its message catalogues are compressed on the way
//! out, so a first visit moves about a quarter of the bytes, and a repeat
//! visit only 304s: a text file of the page goes to a browser that accepts
//! brotli as compressed at build time at brotli's best quality (`build.rs`;
//! a fifth smaller than gzip, and no work per request), everything else
//! through [`routes`]' compression layer (gzip, or brotli at quality 4). The ETag of a file that may
//! go out compressed is weak (`W/"…"`): the compressed and the plain bytes
//! are the same file, not the same bytes.

use std::sync::OnceLock;

use axum::Router;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use sha2::{Digest, Sha256};
use tower_http::compression::CompressionLayer;

use crate::locales;

/// The routes of the page: `GET /`, `GET /assets/{*path}` and the message
/// catalogues `GET /locales/{lang}/{file}`, each compressed for a client
/// that accepts gzip or brotli (and sent as is to one that does not, and
/// for a 304 or a body too small to gain).
pub fn routes<S: Clone + Send + Sync + 'static>() -> Router<S> {
    Router::new()
        .route("/", get(index))
        .route("/assets/{*path}", get(asset))
        .route("/locales/{lang}/{file}", get(locales::catalogue))
        .layer(CompressionLayer::new().gzip(true).br(true))
}

/// One file of `web/assets/`: its path below that folder and its bytes.
struct Asset {
    /// Path relative to `web/assets/`, with `/` separators.
    path: &'static str,
    /// The file's contents at build time.
    bytes: &'static [u8],
    /// The same, brotli-compressed at build time (quality 11), when that
    /// saves at least a tenth.
    brotli: Option<&'static [u8]>,
}

/// Every file the page consists of: the whole of `web/assets/`, listed by
/// the build script (`build.rs`), so a new file is served without an edit
/// here; a test checks the list against the folder.
const ASSETS: &[Asset] = include!(concat!(env!("OUT_DIR"), "/web_assets.rs"));

/// The page's Content-Security-Policy, without `connect-src` (which names the
/// WebSocket address, see [`content_security_policy`]).
const CSP_BASE: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
     img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// The MIME type served for a file name, by its extension.
fn content_type(path: &str) -> Option<&'static str> {
    let extension = path.rsplit_once('.')?.1;
    Some(match extension {
        "html" => "text/html; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "js" => "text/javascript; charset=utf-8",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "json" => "application/json",
        _ => return None,
    })
}

/// The ETag of each asset (same order as [`ASSETS`]), computed on first
/// use.
fn etags() -> &'static [String] {
    static ETAGS: OnceLock<Vec<String>> = OnceLock::new();
    ETAGS.get_or_init(|| ASSETS.iter().map(|asset| etag_of(asset.bytes)).collect())
}

/// The ETag of some bytes served through [`routes`]: a quoted SHA-256
/// prefix, weak because the bytes may go out compressed.
pub(crate) fn etag_of(bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    let hex: String = digest[..12].iter().map(|b| format!("{b:02x}")).collect();
    format!("W/\"{hex}\"")
}

/// `connect-src 'self'` plus this server's own `ws:`/`wss:` origin, taken from
/// the request's `Host` (older Safari does not let `'self'` cover WebSockets).
/// A `Host` that is not a plain `host[:port]` gets `'self'` alone.
fn content_security_policy(request: &HeaderMap) -> String {
    let host = request
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .filter(|h| {
            !h.is_empty()
                && h.len() <= 255
                && h.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b".-:[]".contains(&b))
        });
    match host {
        Some(host) => format!("{CSP_BASE}; connect-src 'self' ws://{host} wss://{host}"),
        None => format!("{CSP_BASE}; connect-src 'self'"),
    }
}

/// Whether `If-None-Match` names `etag` (or is `*`), by the weak comparison
/// (RFC 9110, 13.1.2: `W/` prefixes ignored).
fn not_modified(request: &HeaderMap, etag: &str) -> bool {
    let etag = etag.trim_start_matches("W/");
    request
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .map(|tag| tag.trim().trim_start_matches("W/"))
        .any(|tag| tag == etag || tag == "*")
}

/// The response for the asset at `path` (relative to `web/assets/`): the
/// file, a 304 when the client's copy is current, or a 404.
pub fn serve(path: &str, request: &HeaderMap) -> Response {
    let Some(index) = ASSETS.iter().position(|asset| asset.path == path) else {
        return (StatusCode::NOT_FOUND, "no such file\n").into_response();
    };
    let asset = &ASSETS[index];
    let mime = content_type(asset.path).unwrap_or("application/octet-stream");
    let response = respond(asset.bytes, mime, &etags()[index], request);
    match asset.brotli {
        Some(packed) if response.status() == StatusCode::OK && accepts_brotli(request) => {
            let (mut parts, _) = response.into_parts();
            parts
                .headers
                .insert(header::CONTENT_ENCODING, HeaderValue::from_static("br"));
            parts
                .headers
                .insert(header::VARY, HeaderValue::from_static("accept-encoding"));
            Response::from_parts(parts, axum::body::Body::from(packed))
        }
        _ => response,
    }
}

/// Whether `Accept-Encoding` lists `br` (and not with `q=0`).
fn accepts_brotli(request: &HeaderMap) -> bool {
    request
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .any(|coding| {
            let mut parts = coding.split(';').map(str::trim);
            parts
                .next()
                .is_some_and(|name| name.eq_ignore_ascii_case("br"))
                && parts.all(|p| {
                    let p = p.replace(' ', "");
                    !matches!(p.as_str(), "q=0" | "q=0." | "q=0.0" | "q=0.00" | "q=0.000")
                })
        })
}

/// A file compiled into the server, with its type, its ETag and the page's
/// security headers, or a bodiless 304 when `If-None-Match` names the ETag.
pub(crate) fn respond(
    bytes: &'static [u8],
    mime: &'static str,
    etag: &str,
    request: &HeaderMap,
) -> Response {
    let mut headers = HeaderMap::new();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(mime));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    if let Ok(csp) = HeaderValue::from_str(&content_security_policy(request)) {
        headers.insert(header::CONTENT_SECURITY_POLICY, csp);
    }
    if let Ok(value) = HeaderValue::from_str(etag) {
        headers.insert(header::ETAG, value);
    }
    if not_modified(request, etag) {
        return (StatusCode::NOT_MODIFIED, headers).into_response();
    }
    (headers, bytes).into_response()
}

/// `GET /`: the page.
pub async fn index(request: HeaderMap) -> Response {
    serve("index.html", &request)
}

/// `GET /assets/{*path}`: a file of the page.
pub async fn asset(
    axum::extract::Path(path): axum::extract::Path<String>,
    request: HeaderMap,
) -> Response {
    serve(&path, &request)
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    fn folder() -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/assets")
    }

    /// Every file below `dir`, as paths relative to `root` with `/`.
    fn files(root: &Path, dir: &Path, found: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                files(root, &path, found);
            } else {
                let relative = path.strip_prefix(root).unwrap();
                let parts: Vec<_> = relative
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect();
                found.push(parts.join("/"));
            }
        }
    }

    #[test]
    fn every_file_in_the_folder_is_served_and_nothing_else() {
        let mut on_disk = Vec::new();
        files(&folder(), &folder(), &mut on_disk);
        on_disk.sort();
        let mut served: Vec<String> = ASSETS.iter().map(|a| a.path.to_owned()).collect();
        served.sort();
        assert_eq!(
            on_disk, served,
            "the build script lists every file of web/assets/"
        );
    }

    #[test]
    fn every_asset_has_a_mime_type() {
        for asset in ASSETS {
            assert!(content_type(asset.path).is_some(), "{}", asset.path);
        }
        assert_eq!(
            content_type("js/app.js"),
            Some("text/javascript; charset=utf-8")
        );
    }

    fn get(path: &str, headers: &[(header::HeaderName, &str)]) -> Response {
        let mut request = HeaderMap::new();
        for (name, value) in headers {
            request.insert(name, HeaderValue::from_str(value).unwrap());
        }
        serve(path, &request)
    }

    fn header_of(response: &Response, name: header::HeaderName) -> &str {
        response.headers()[name].to_str().unwrap()
    }

    #[test]
    fn the_page_comes_with_its_type_etag_and_security_headers() {
        let page = get("index.html", &[(header::HOST, "127.0.0.1:7878")]);
        assert_eq!(page.status(), StatusCode::OK);
        assert_eq!(
            header_of(&page, header::CONTENT_TYPE),
            "text/html; charset=utf-8"
        );
        assert_eq!(header_of(&page, header::X_CONTENT_TYPE_OPTIONS), "nosniff");
        assert_eq!(header_of(&page, header::CACHE_CONTROL), "no-cache");
        let csp = header_of(&page, header::CONTENT_SECURITY_POLICY);
        assert!(csp.contains("script-src 'self'"), "{csp}");
        assert!(
            csp.contains("connect-src 'self' ws://127.0.0.1:7878 wss://127.0.0.1:7878"),
            "{csp}"
        );
        assert!(!csp.contains("unsafe"), "{csp}");
        let etag = header_of(&page, header::ETAG);
        assert!(etag.starts_with("W/\"") && etag.len() == 28, "{etag}");
    }

    #[test]
    fn a_current_copy_gets_304_and_a_stale_one_the_file() {
        let first = get("js/app.js", &[]);
        let etag = header_of(&first, header::ETAG).to_owned();
        let again = get("js/app.js", &[(header::IF_NONE_MATCH, &etag)]);
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
        assert_eq!(header_of(&again, header::ETAG), etag);
        let strong = etag.trim_start_matches("W/");
        let listed = format!("\"stale\", {strong}");
        let weak = get("js/app.js", &[(header::IF_NONE_MATCH, &listed)]);
        assert_eq!(weak.status(), StatusCode::NOT_MODIFIED);
        let stale = get("js/app.js", &[(header::IF_NONE_MATCH, "\"0\"")]);
        assert_eq!(stale.status(), StatusCode::OK);
    }

    #[test]
    fn brotli_is_sent_to_a_browser_that_accepts_it_and_only_then() {
        let accepts = |value: &str| {
            let mut request = HeaderMap::new();
            request.insert(
                header::ACCEPT_ENCODING,
                HeaderValue::from_str(value).unwrap(),
            );
            accepts_brotli(&request)
        };
        assert!(accepts("gzip, deflate, br, zstd"));
        assert!(accepts("BR;q=0.5"));
        assert!(!accepts("gzip"));
        assert!(!accepts("br;q=0, gzip"));
        assert!(!accepts("brotli"));
        assert!(!accepts_brotli(&HeaderMap::new()));
        let packed = ASSETS.iter().filter(|a| a.brotli.is_some()).count();
        assert!(
            packed * 2 > ASSETS.len(),
            "{packed} of {} files",
            ASSETS.len()
        );
    }

    #[test]
    fn unknown_paths_are_404_and_odd_hosts_stay_out_of_the_policy() {
        for path in ["", "nope.js", "../Cargo.toml", "js", "js/", "/index.html"] {
            assert_eq!(get(path, &[]).status(), StatusCode::NOT_FOUND, "{path}");
        }
        let page = get("index.html", &[(header::HOST, "evil; script-src *")]);
        let csp = header_of(&page, header::CONTENT_SECURITY_POLICY);
        assert!(csp.ends_with("connect-src 'self'"), "{csp}");
    }
}
