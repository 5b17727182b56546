//! The web board's message catalogues (`crates/i18n/locales/<lang>/*.ftl`,
//! Project Fluent), compiled into the binary like the page and served as
//! they are at `GET /locales/{lang}/{file}.ftl`: the page parses them itself
//! (`web/assets/js/i18n.js`). Only the files the page reads are served: the
//! words both clients use (`common.ftl`) and the page's own (`web.ftl`).

use std::sync::OnceLock;

use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};

use crate::web_assets::{etag_of, respond};

/// One catalogue: its language, its file name and its text.
struct Catalogue {
    /// The language's directory name (`en`, `zh-CN`).
    lang: &'static str,
    /// The file name (`common.ftl`).
    file: &'static str,
    /// The file's contents at build time.
    text: &'static str,
}

/// Every catalogue the page may ask for.
const CATALOGUES: &[Catalogue] = &[
    Catalogue {
        lang: "en",
        file: "common.ftl",
        text: include_str!("../../i18n/locales/en/common.ftl"),
    },
    Catalogue {
        lang: "en",
        file: "web.ftl",
        text: include_str!("../../i18n/locales/en/web.ftl"),
    },
    Catalogue {
        lang: "zh-CN",
        file: "common.ftl",
        text: include_str!("../../i18n/locales/zh-CN/common.ftl"),
    },
    Catalogue {
        lang: "zh-CN",
        file: "web.ftl",
        text: include_str!("../../i18n/locales/zh-CN/web.ftl"),
    },
];

/// The type a catalogue is served with: Fluent has no registered MIME type,
/// and the page reads the file as text.
const FLUENT_TYPE: &str = "text/plain; charset=utf-8";

/// The strong ETag of each catalogue (same order as [`CATALOGUES`]).
fn etags() -> &'static [String] {
    static ETAGS: OnceLock<Vec<String>> = OnceLock::new();
    ETAGS.get_or_init(|| {
        CATALOGUES
            .iter()
            .map(|c| etag_of(c.text.as_bytes()))
            .collect()
    })
}

/// The response for one catalogue: the file, a 304, or a 404 for a language
/// or file the server does not have.
pub fn serve(lang: &str, file: &str, request: &HeaderMap) -> Response {
    let Some(index) = CATALOGUES
        .iter()
        .position(|c| c.lang == lang && c.file == file)
    else {
        return (StatusCode::NOT_FOUND, "no such catalogue\n").into_response();
    };
    respond(
        CATALOGUES[index].text.as_bytes(),
        FLUENT_TYPE,
        &etags()[index],
        request,
    )
}

/// `GET /locales/{lang}/{file}`: one catalogue of the page.
pub async fn catalogue(
    axum::extract::Path((lang, file)): axum::extract::Path<(String, String)>,
    request: HeaderMap,
) -> Response {
    serve(&lang, &file, &request)
}

#[cfg(test)]
mod tests {
    use axum::http::{HeaderValue, header};

    use super::*;

    fn get(lang: &str, file: &str, headers: &[(header::HeaderName, &str)]) -> Response {
        let mut request = HeaderMap::new();
        for (name, value) in headers {
            request.insert(name, HeaderValue::from_str(value).unwrap());
        }
        serve(lang, file, &request)
    }

    #[test]
    fn each_language_has_both_files_the_page_reads() {
        for lang in ["en", "zh-CN"] {
            for file in ["common.ftl", "web.ftl"] {
                let response = get(lang, file, &[]);
                assert_eq!(response.status(), StatusCode::OK, "{lang}/{file}");
                assert_eq!(response.headers()[header::CONTENT_TYPE], FLUENT_TYPE);
                assert_eq!(
                    response.headers()[header::X_CONTENT_TYPE_OPTIONS],
                    "nosniff"
                );
            }
        }
    }

    #[test]
    fn the_served_text_is_the_file() {
        let on_disk = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../i18n/locales/zh-CN/common.ftl"),
        )
        .unwrap();
        let index = CATALOGUES
            .iter()
            .position(|c| c.lang == "zh-CN" && c.file == "common.ftl")
            .unwrap();
        assert_eq!(CATALOGUES[index].text, on_disk);
    }

    #[test]
    fn a_current_copy_gets_304() {
        let first = get("en", "web.ftl", &[]);
        let etag = first.headers()[header::ETAG].to_str().unwrap().to_owned();
        let again = get("en", "web.ftl", &[(header::IF_NONE_MATCH, &etag)]);
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    }

    #[test]
    fn unknown_languages_and_files_are_404() {
        for (lang, file) in [
            ("fr", "common.ftl"),
            ("zh-cn", "common.ftl"),
            ("en", "terminal.ftl"),
            ("en", "common"),
            ("en", "../en/common.ftl"),
            ("..", "Cargo.toml"),
        ] {
            assert_eq!(
                get(lang, file, &[]).status(),
                StatusCode::NOT_FOUND,
                "{lang}/{file}"
            );
        }
    }
}
