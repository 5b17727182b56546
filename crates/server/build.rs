//! Lists the files of `web/assets/` for `src/web_assets.rs`, so the page is
//! compiled into the server and a new file there needs no edit here: writes
//! `$OUT_DIR/web_assets.rs`, one `Asset { path, bytes: include_bytes!(..) }`
//! per file, sorted by path. Cargo re-runs this when anything in the folder
//! changes, and `include_bytes!` rebuilds the server when a file's bytes do.

use std::path::{Path, PathBuf};

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let root = manifest.join("../../web/assets");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut files = Vec::new();
    collect(&root, &root, &mut files);
    files.sort();
    let mut code = String::from("&[\n");
    for (relative, absolute) in &files {
        code.push_str(&format!(
            "    Asset {{ path: {relative:?}, bytes: include_bytes!({absolute:?}) }},\n"
        ));
    }
    code.push_str("]\n");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets it"));
    std::fs::write(out.join("web_assets.rs"), code).expect("OUT_DIR is writable");
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
