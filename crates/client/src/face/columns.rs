//! Text in columns, for the tables of the plain face and the lobby: names
//! kept on one line and cut to a width in the middle (the end often tells
//! two names apart: a level, a number).

use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// `text` on one line: control characters (a newline in a name sent to a
/// server) become spaces.
pub fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// `text` in at most `width` columns: whole if it fits, else its start and
/// its end around `…` (the end often tells two names apart: a level, a
/// number).
pub fn shorten(text: &str, width: usize) -> String {
    if text.width() <= width {
        return text.to_string();
    }
    let room = width.saturating_sub(1);
    let take = |chars: &mut dyn Iterator<Item = char>, room: usize| {
        let mut used = 0;
        let mut taken = Vec::new();
        for c in chars {
            let w = c.width().unwrap_or(0);
            if used + w > room {
                break;
            }
            used += w;
            taken.push(c);
        }
        taken
    };
    let head = take(&mut text.chars(), room - room / 2);
    let head_width: usize = head.iter().map(|c| c.width().unwrap_or(0)).sum();
    let mut tail = take(&mut text.chars().rev(), room - head_width);
    tail.reverse();
    head.into_iter().chain(['…']).chain(tail).collect()
}

/// `text` padded with spaces to `width` columns (as wide as it is when it
/// is wider): what `format!("{text:<width$}")` does, by columns on the
/// screen rather than by characters (a Chinese character takes two).
pub fn pad_to(text: &str, width: usize) -> String {
    format!("{text}{}", " ".repeat(width.saturating_sub(text.width())))
}

/// Between two columns of a table.
pub const GAP: &str = "  ";

/// The width of each column of a table: its widest cell, the header's
/// included.
pub fn widest<const N: usize>(header: &[String; N], rows: &[[String; N]]) -> [usize; N] {
    std::array::from_fn(|column| {
        rows.iter()
            .chain([header])
            .map(|row| row[column].width())
            .max()
            .unwrap_or(0)
    })
}

/// One line of a table: each cell padded to its column's width (or
/// right-aligned where `right` says so), [`GAP`] between, no trailing space.
/// A cell wider than its column is left as it is (shorten it first).
pub fn table_line(cells: &[String], widths: &[usize], right: &[bool]) -> String {
    let padded: Vec<String> = cells
        .iter()
        .zip(widths)
        .zip(right)
        .map(|((text, &width), &right)| {
            let pad = " ".repeat(width.saturating_sub(text.width()));
            if right {
                format!("{pad}{text}")
            } else {
                format!("{text}{pad}")
            }
        })
        .collect();
    padded.join(GAP).trim_end().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_stay_on_one_line_and_are_cut_in_the_middle() {
        assert_eq!(shorten("李小龍的朋友們", 7), "李…友們");
        assert_eq!(shorten("ann", 3), "ann");
        assert_eq!(shorten("amazons-engine level 1", 10), "amazo…el 1");
        assert_eq!(one_line("a\nb"), "a b");
        assert_eq!(pad_to("3 级", 6), "3 级  ");
        assert_eq!(pad_to("李雷", 6).width(), 6);
        assert_eq!(pad_to("annabelle", 6), "annabelle");
    }

    #[test]
    fn a_table_pads_its_columns_to_the_widest_cell_and_aligns_numbers_right() {
        let header = ["#".to_string(), "name".to_string()];
        let rows = [
            ["10".to_string(), "李雷".to_string()],
            ["9".to_string(), "ann".to_string()],
        ];
        let widths = widest(&header, &rows);
        assert_eq!(widths, [2, 4]);
        let right = [true, false];
        assert_eq!(table_line(&header, &widths, &right), " #  name");
        assert_eq!(table_line(&rows[0], &widths, &right), "10  李雷");
        assert_eq!(table_line(&rows[1], &widths, &right), " 9  ann");
    }
}
