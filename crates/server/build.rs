//! Lists the files of `web/assets/` for `src/web_assets.rs`, so the page is
//! compiled into the server and a new file there needs no edit here: writes
//! `$OUT_DIR/web_assets.rs`, one `Asset { path, bytes: include_bytes!(..),
//! brotli }` per file, sorted by path, where `brotli` is the file
//! compressed at brotli's best quality (11) into `$OUT_DIR/brotli/N.br`
//! when that saves at least a tenth (text files; images are left alone).
//! Cargo re-runs this when anything in the folder changes, and
//! `include_bytes!` rebuilds the server when a file's bytes do.

use std::path::{Path, PathBuf};

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let root = manifest.join("../../web/assets");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut files = Vec::new();
    collect(&root, &root, &mut files);
    files.sort();
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets it"));
    let compressed = out.join("brotli");
    std::fs::create_dir_all(&compressed).expect("OUT_DIR is writable");
    let mut code = String::from("&[\n");
    for (index, (relative, absolute)) in files.iter().enumerate() {
        let brotli = match brotli_of(Path::new(absolute)) {
            Some(bytes) => {
                let file = compressed.join(format!("{index}.br"));
                std::fs::write(&file, bytes).expect("OUT_DIR is writable");
                format!("Some(include_bytes!({:?}))", file.display().to_string())
            }
            None => "None".to_owned(),
        };
        code.push_str(&format!(
            "    Asset {{ path: {relative:?}, bytes: include_bytes!({absolute:?}), brotli: {brotli} }},\n"
        ));
    }
    code.push_str("]\n");
    std::fs::write(out.join("web_assets.rs"), code).expect("OUT_DIR is writable");
}

/// The file at `path` compressed by brotli at quality 11 (window 2^22), when
/// it is text and that saves at least a tenth of its bytes.
fn brotli_of(path: &Path) -> Option<Vec<u8>> {
    let text = matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("html" | "css" | "js" | "svg" | "json")
    );
    if !text {
        return None;
    }
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    let params = brotli::enc::BrotliEncoderParams {
        quality: 11,
        lgwin: 22,
        ..Default::default()
    };
    let mut packed = Vec::new();
    brotli::BrotliCompress(&mut &bytes[..], &mut packed, &params).expect("compressing in memory");
    (packed.len() * 10 <= bytes.len() * 9).then_some(packed)
}

/// Every file below `dir` as (path relative to `root` with `/`, absolute path).
fn collect(root: &Path, dir: &Path, found: &mut Vec<(String, String)>) {
    let entries =
        std::fs::read_dir(dir).unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            collect(root, &path, found);
        } else {
            let relative: Vec<String> = path
                .strip_prefix(root)
                .expect("below the root")
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            let absolute = path.canonicalize().expect("the file exists");
            found.push((relative.join("/"), absolute.display().to_string()));
        }
    }
}
