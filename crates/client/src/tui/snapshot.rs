//! Test support: a screen drawn on ratatui's `TestBackend` as text, and
//! snapshot files of whole screens under `tests/snapshots/` (data, reviewed
//! like code). `AMAZONS_UPDATE_SNAPSHOTS=1 cargo test -p amazons-client`
//! rewrites them after an intended change.

use std::path::PathBuf;

use ratatui::Frame;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use unicode_width::UnicodeWidthStr;

/// What `draw` puts on a `width` x `height` screen, one line per row,
/// trailing spaces trimmed. A wide character (Chinese: two columns) covers
/// the cell after it, which is left out, so that a row reads as the
/// terminal shows it and its width is the row's width.
pub fn render(width: u16, height: u16, draw: impl FnOnce(&mut Frame<'_>)) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
    terminal.draw(draw).expect("drawing on a test terminal");
    let buffer = terminal.backend().buffer();
    (0..height)
        .map(|y| {
            let mut row = String::new();
            let mut x = 0;
            while x < width {
                let symbol = buffer[(x, y)].symbol();
                row.push_str(symbol);
                x += u16::try_from(symbol.width()).unwrap_or(1).max(1);
            }
            row.trim_end().to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Checks `screen` against `tests/snapshots/<name>.txt`.
pub fn assert_snapshot(name: &str, screen: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("snapshots")
        .join(format!("{name}.txt"));
    let screen = format!("{screen}\n");
    if std::env::var_os("AMAZONS_UPDATE_SNAPSHOTS").is_some() {
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("the snapshot folder");
        std::fs::write(&path, &screen).expect("writing a snapshot");
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|_| {
        panic!(
            "no snapshot {}: run with AMAZONS_UPDATE_SNAPSHOTS=1 and review it\n{screen}",
            path.display()
        )
    });
    assert!(
        screen == expected,
        "{name} differs from {}:\n--- now ---\n{screen}--- snapshot ---\n{expected}",
        path.display()
    );
}

/// Whether `screen` (as [`render`] gives it) shows all of `text` in order
/// within one band of columns read row after row (a box, the panel beside
/// the board, the full width): the text is whole, though maybe wrapped
/// (between words, or inside a word too long for a row). White space and
/// box borders are left out of the comparison.
pub fn shows_whole(screen: &str, text: &str) -> bool {
    let skip = |c: &char| c.is_whitespace() || "│─┌┐└┘├┤".contains(*c);
    let wanted: String = text.chars().filter(|c| !skip(c)).collect();
    if wanted.is_empty() {
        return true;
    }
    let rows: Vec<Vec<char>> = screen.lines().map(|row| row.chars().collect()).collect();
    let width = rows.iter().map(Vec::len).max().unwrap_or(0);
    (0..width).any(|from| {
        (from + 1..=width).any(|to| {
            let band: String = rows
                .iter()
                .flat_map(|row| row[from.min(row.len())..to.min(row.len())].iter())
                .filter(|c| !skip(c))
                .collect();
            band.contains(&wanted)
        })
    })
}
