//! Colours, chosen for contrast and checked by the tests below with the
//! WCAG formula (relative luminance, `(L1 + 0.05) / (L2 + 0.05)`).
//!
//! The board carries its own colours, so it reads the same in light and
//! dark terminals: each queen is a token (a light or dark chip with the
//! queen glyph in the opposite ink, over 15:1), and every square state
//! (light, dark, last move, legal target, selected) keeps its luminance
//! between the two chips, so a chip stands out from any square by at least
//! 3:1 (the WCAG figure for shapes). Marks drawn on a square (the cursor,
//! target dots) take whichever of black or white ink contrasts more, at
//! least 4.5:1. Text around the board (coordinates, notices, hints) is
//! drawn on the terminal's own background, so it comes in two sets, one
//! for dark and one for light terminals: `--theme dark|light`, or `auto`
//! (from `$COLORFGBG` when the terminal says, else dark).

use std::str::FromStr;

use ratatui::style::Color;

/// Which terminal background the text colours are for.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Theme {
    /// Light text for dark terminals.
    #[default]
    Dark,
    /// Dark text for light terminals.
    Light,
}

/// `--theme`: `dark`, `light` or `auto`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum ThemeChoice {
    /// Ask the terminal (`$COLORFGBG`), else dark.
    #[default]
    Auto,
    /// A dark terminal.
    Dark,
    /// A light terminal.
    Light,
}

impl FromStr for ThemeChoice {
    type Err = String;

    fn from_str(text: &str) -> Result<ThemeChoice, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "auto" => Ok(ThemeChoice::Auto),
            "dark" => Ok(ThemeChoice::Dark),
            "light" => Ok(ThemeChoice::Light),
            _ => Err(format!("`{text}`: the theme is `dark`, `light` or `auto`")),
        }
    }
}

impl ThemeChoice {
    /// The theme to use; `colorfgbg` is the terminal's `$COLORFGBG`
    /// (`"15;0"`: light text on a dark background).
    pub fn resolve(self, colorfgbg: Option<&str>) -> Theme {
        match self {
            ThemeChoice::Dark => Theme::Dark,
            ThemeChoice::Light => Theme::Light,
            ThemeChoice::Auto => {
                let background = colorfgbg
                    .and_then(|v| v.rsplit(';').next())
                    .and_then(|bg| bg.trim().parse::<u8>().ok());
                match background {
                    // The light ANSI colours: 7 (light grey) and 9 to 15.
                    Some(7 | 9..=15) => Theme::Light,
                    _ => Theme::Dark,
                }
            }
        }
    }
}

/// An sRGB colour.
pub type Rgb = (u8, u8, u8);

/// The board's colours (the same in both themes).
pub mod board {
    use super::Rgb;
    /// A light square.
    pub const LIGHT: Rgb = (170, 134, 92);
    /// A dark square.
    pub const DARK: Rgb = (128, 96, 66);
    /// The last move's squares, light and dark.
    pub const LAST_MOVE: [Rgb; 2] = [(156, 138, 58), (128, 114, 40)];
    /// Legal targets, light and dark.
    pub const TARGET: [Rgb; 2] = [(116, 152, 88), (86, 118, 62)];
    /// The queen picked up and where it goes.
    pub const SELECTED: Rgb = (76, 120, 176);
    /// A burnt square.
    pub const ARROW: Rgb = (58, 58, 64);
    /// The cross on a burnt square.
    pub const ARROW_MARK: Rgb = (200, 200, 205);
    /// The cross of the arrow just shot.
    pub const LAST_ARROW_MARK: Rgb = (255, 214, 10);
    /// White's queen token.
    pub const WHITE_CHIP: Rgb = (245, 245, 240);
    /// Black's queen token.
    pub const BLACK_CHIP: Rgb = (20, 20, 20);
    /// In the territory view, an empty square White reaches first.
    pub const TERRITORY_WHITE: Rgb = (214, 200, 160);
    /// An empty square Black reaches first.
    pub const TERRITORY_BLACK: Rgb = (52, 62, 120);
    /// An empty square both reach in as many queen moves.
    pub const TERRITORY_TIE: Rgb = (150, 150, 150);
    /// An empty square no queen can reach.
    pub const TERRITORY_NOBODY: Rgb = (96, 96, 96);
    #[cfg(test)]
    /// The territory view's colours, each told apart from the others.
    pub const TERRITORY: [Rgb; 4] = [
        TERRITORY_WHITE,
        TERRITORY_BLACK,
        TERRITORY_TIE,
        TERRITORY_NOBODY,
    ];
    #[cfg(test)]
    /// Every square colour a queen can stand on.
    pub const SQUARES: [Rgb; 7] = [
        LIGHT,
        DARK,
        LAST_MOVE[0],
        LAST_MOVE[1],
        TARGET[0],
        TARGET[1],
        SELECTED,
    ];
}

/// The text colours of a theme.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TextColors {
    /// Ordinary information (notices, the connection state).
    pub info: Rgb,
    /// Something refused or urgent.
    pub warning: Rgb,
    /// Key hints and other quiet text.
    pub quiet: Rgb,
    /// Board coordinates.
    pub label: Rgb,
    /// Good news and the game-start banner.
    pub highlight: Rgb,
}

impl Theme {
    /// The text colours for this terminal background.
    pub fn text(self) -> TextColors {
        match self {
            Theme::Dark => TextColors {
                info: (110, 200, 235),
                warning: (255, 125, 110),
                quiet: (160, 160, 160),
                label: (175, 175, 175),
                highlight: (250, 210, 80),
            },
            Theme::Light => TextColors {
                info: (0, 90, 130),
                warning: (175, 25, 15),
                quiet: (85, 85, 85),
                label: (70, 70, 70),
                highlight: (120, 80, 0),
            },
        }
    }

    /// The terminal backgrounds this theme's text is checked against.
    pub fn backgrounds(self) -> [Rgb; 2] {
        match self {
            Theme::Dark => [(0, 0, 0), (48, 48, 48)],
            Theme::Light => [(255, 255, 255), (238, 238, 236)],
        }
    }
}

/// A colour for ratatui.
pub fn color(rgb: Rgb) -> Color {
    Color::Rgb(rgb.0, rgb.1, rgb.2)
}

/// WCAG relative luminance of an sRGB colour.
pub fn luminance((r, g, b): Rgb) -> f64 {
    let channel = |c: u8| {
        let c = f64::from(c) / 255.0;
        if c <= 0.040_45 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
}

/// WCAG contrast ratio of two colours (1 to 21).
pub fn contrast(a: Rgb, b: Rgb) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// Black or white, whichever reads better on `background`.
pub fn ink_on(background: Rgb) -> Rgb {
    const BLACK: Rgb = (0, 0, 0);
    const WHITE: Rgb = (255, 255, 255);
    if contrast(BLACK, background) >= contrast(WHITE, background) {
        BLACK
    } else {
        WHITE
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queen_glyphs_read_on_their_tokens_and_tokens_stand_out_on_every_square() {
        let (white, black) = (board::WHITE_CHIP, board::BLACK_CHIP);
        // The glyph is drawn in the other chip's colour.
        assert!(contrast(black, white) >= 15.0);
        for square in board::SQUARES {
            let (on_white, on_black) = (contrast(white, square), contrast(black, square));
            assert!(on_white >= 3.0, "white token on {square:?}: {on_white:.2}");
            assert!(on_black >= 3.0, "black token on {square:?}: {on_black:.2}");
        }
        // Light and dark squares are told apart.
        assert!(contrast(board::LIGHT, board::DARK) >= 1.5);
        // The territory's colours are told apart from each other (the
        // letters on them say it too).
        for (i, a) in board::TERRITORY.iter().enumerate() {
            for b in &board::TERRITORY[i + 1..] {
                assert!(contrast(*a, *b) >= 1.4, "{a:?} against {b:?}");
            }
        }
    }

    #[test]
    fn marks_on_squares_and_arrows_read_at_4_5() {
        for square in board::SQUARES {
            let ratio = contrast(ink_on(square), square);
            assert!(ratio >= 4.5, "mark on {square:?}: {ratio:.2}");
        }
        for square in board::TERRITORY {
            let ratio = contrast(ink_on(square), square);
            assert!(ratio >= 4.5, "territory letter on {square:?}: {ratio:.2}");
        }
        assert!(contrast(board::ARROW_MARK, board::ARROW) >= 4.5);
        assert!(contrast(board::LAST_ARROW_MARK, board::ARROW) >= 4.5);
    }

    #[test]
    fn text_reads_at_4_5_in_light_and_dark_terminals() {
        for theme in [Theme::Dark, Theme::Light] {
            let text = theme.text();
            for background in theme.backgrounds() {
                for (what, ink) in [
                    ("info", text.info),
                    ("warning", text.warning),
                    ("quiet", text.quiet),
                    ("label", text.label),
                    ("highlight", text.highlight),
                ] {
                    let ratio = contrast(ink, background);
                    assert!(
                        ratio >= 4.5,
                        "{theme:?} {what} on {background:?}: {ratio:.2}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_theme_follows_the_terminal_when_asked() {
        assert_eq!(ThemeChoice::Auto.resolve(Some("15;0")), Theme::Dark);
        assert_eq!(ThemeChoice::Auto.resolve(Some("0;15")), Theme::Light);
        assert_eq!(
            ThemeChoice::Auto.resolve(Some("0;default;15")),
            Theme::Light
        );
        assert_eq!(ThemeChoice::Auto.resolve(None), Theme::Dark);
        assert_eq!(ThemeChoice::Light.resolve(Some("15;0")), Theme::Light);
        assert_eq!("LIGHT".parse(), Ok(ThemeChoice::Light));
        assert!("pink".parse::<ThemeChoice>().is_err());
        assert!((contrast((0, 0, 0), (255, 255, 255)) - 21.0).abs() < 1e-9);
    }
}
