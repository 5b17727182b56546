//! How many rows text takes once wrapped at a width, so that a box or a
//! line is sized to show all of its text (at 80x24 too) instead of cutting
//! it off.

use ratatui::widgets::{Paragraph, Wrap};

/// The rows `paragraph` (no block; wrapped as it is drawn, e.g. with
/// [`WRAP`]) takes at `width`.
pub(crate) fn rows(paragraph: &Paragraph<'_>, width: u16) -> u16 {
    u16::try_from(paragraph.line_count(width)).unwrap_or(u16::MAX)
}

/// How text that may not fit is wrapped: at word boundaries, leading
/// spaces of a wrapped line dropped.
pub(crate) const WRAP: Wrap = Wrap { trim: true };

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_count_the_wrapped_lines() {
        let text = Paragraph::new("one two three four\nfive").wrap(WRAP);
        assert_eq!(rows(&text, 80), 2);
        assert_eq!(rows(&text, 9), 4, "one two / three / four / five");
        assert_eq!(rows(&text, 0), 0);
    }
}
