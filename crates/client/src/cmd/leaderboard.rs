//! `leaderboard`: a server's rated players, best first (`GET /api/players`),
//! as a table that fits the terminal (80 columns when not a terminal), or
//! with a name one player's page (`GET /api/players/{name}`): rating,
//! record, the latest ratings and recent games with the ids `history
//! --server URL show ID` replays. The full-screen lobby shows the same
//! table in a box (`L`).

use std::io::Write;
use std::time::{Duration, SystemTime};

use amazons_core::PlayerKind;
use amazons_protocol::{GameSummary, PlayerPage, PlayerRow, PlayersPage};
use unicode_width::UnicodeWidthStr;

use crate::cli::LeaderboardArgs;
use crate::cmd::history::{terminal_width, utc_minute};
use crate::face::columns::{GAP, one_line, shorten, table_line, widest};
use crate::face::labels::{ago, rated_game_count, rating_and_deviation};
use crate::face::words::{rated_word, side_short};
use crate::net::http::ServerHttp;

/// Players on one page of the command's list.
pub const PER_PAGE: u32 = 20;

/// Names are never cut shorter than this.
const MIN_NAME: usize = 6;

/// How many of the latest ratings a player's page lists.
const HISTORY_SHOWN: usize = 8;

/// How many recent games a player's page lists.
const GAMES_SHOWN: usize = 10;

/// Runs `leaderboard`.
pub fn run(args: &LeaderboardArgs) -> anyhow::Result<()> {
    let server = ServerHttp::new(&args.server)?;
    let now = now_ms();
    let width = if args.wide {
        usize::MAX
    } else {
        terminal_width()
    };
    let lines = match &args.name {
        Some(name) => player_lines(&server.player(name)?, &args.server, now, width),
        None => {
            let page = server.players(args.kind, args.page, PER_PAGE)?;
            let mut lines = if args.wide {
                page.players.iter().map(|row| wide_line(row, now)).collect()
            } else {
                board_lines(&page, width, now)
            };
            lines.push(footer(&page, args.kind));
            lines
        }
    };
    let mut out = std::io::stdout();
    for line in lines {
        writeln!(out, "{line}")?;
    }
    Ok(())
}

/// Now, in Unix milliseconds.
pub(crate) fn now_ms() -> u64 {
    amazons_core::unix_ms(SystemTime::now())
}

/// When `at_ms` was, seen from `now_ms`: `3 h ago`.
fn when(at_ms: u64, now_ms: u64) -> String {
    ago(Duration::from_millis(now_ms.saturating_sub(at_ms)))
}

/// A player's name as the table shows it: on one line, `[bot]` after a
/// program's.
fn marked(row: &PlayerRow) -> (String, String) {
    let mark = match row.kind {
        PlayerKind::Bot => format!(" {}", t!("seat-bot-mark")),
        PlayerKind::Human => String::new(),
    };
    (one_line(&row.name), mark)
}

/// The leaderboard as a table at most `width` columns wide: rank, player
/// (a bot marked `[bot]`; long names cut in the middle with `…`), rating ±
/// deviation (`?` while provisional), rated games, won, lost, and when the
/// last one was played; a header line names the columns.
pub(crate) fn board_lines(page: &PlayersPage, width: usize, now_ms: u64) -> Vec<String> {
    if page.players.is_empty() {
        return vec![t!("leaderboard-empty")];
    }
    let header = [
        "#".to_string(),
        t!("leaderboard-column-player"),
        t!("leaderboard-column-rating"),
        t!("leaderboard-column-games"),
        t!("leaderboard-column-won"),
        t!("leaderboard-column-lost"),
        t!("leaderboard-column-last-played"),
    ];
    let right = [true, false, false, true, true, true, false];
    let rows: Vec<[String; 7]> = page
        .players
        .iter()
        .map(|row| {
            let (name, mark) = marked(row);
            [
                row.rank.to_string(),
                format!("{name}{mark}"),
                rating_and_deviation(&row.rating),
                row.games.to_string(),
                row.wins.to_string(),
                row.losses.to_string(),
                when(row.last_played_ms, now_ms),
            ]
        })
        .collect();
    let mut widths: [usize; 7] = widest(&header, &rows);
    let fixed: usize = widths.iter().sum::<usize>() - widths[1] + GAP.len() * 6;
    widths[1] = widths[1].min(width.saturating_sub(fixed)).max(MIN_NAME);
    let player_cell = |row: &PlayerRow| {
        let (name, mark) = marked(row);
        let room = widths[1].saturating_sub(mark.width()).max(1);
        format!("{}{mark}", shorten(&name, room))
    };
    let mut lines = vec![table_line(&header, &widths, &right)];
    for (cells, row) in rows.into_iter().zip(&page.players) {
        let mut cells = cells;
        cells[1] = player_cell(row);
        lines.push(table_line(&cells, &widths, &right));
    }
    lines
}

/// A player on one line of `leaderboard --wide`: everything, however long.
fn wide_line(row: &PlayerRow, now_ms: u64) -> String {
    let (name, mark) = marked(row);
    t!(
        "leaderboard-wide-line",
        rank = format!("{:>3}", row.rank),
        name = format!("{name}{mark}"),
        rating = rating_and_deviation(&row.rating),
        games = rated_game_count(row.games as usize),
        won = row.wins,
        lost = row.losses,
        last = utc_minute(row.last_played_ms),
        ago = when(row.last_played_ms, now_ms),
        id = row.id.to_string()
    )
}

/// How many players there are and which page this is: `45 rated bots,
/// page 1 of 3`; `None` when there is a next page, else its number.
pub(crate) fn page_line(page: &PlayersPage, kind: Option<PlayerKind>) -> (String, Option<u32>) {
    let pages = page.total.div_ceil(u64::from(page.per_page.max(1))).max(1);
    let next = (u64::from(page.page) < pages).then_some(page.page + 1);
    let (total, number) = (page.total, page.page);
    let line = match kind {
        Some(PlayerKind::Human) => {
            t!(
                "leaderboard-page-people",
                total = total,
                page = number,
                pages = pages
            )
        }
        Some(PlayerKind::Bot) => {
            t!(
                "leaderboard-page-bots",
                total = total,
                page = number,
                pages = pages
            )
        }
        None => t!(
            "leaderboard-page-players",
            total = total,
            page = number,
            pages = pages
        ),
    };
    (line, next)
}

/// The line under the command's list: how many players, the page, what a
/// `?` means; within 80 columns however many players there are.
fn footer(page: &PlayersPage, kind: Option<PlayerKind>) -> String {
    let (line, next) = page_line(page, kind);
    let more = next.map_or_else(String::new, |next| t!("leaderboard-more", next = next));
    t!("leaderboard-footer", line = line, more = more)
}

/// A player's page: who, rating and record, the latest ratings, recent
/// games with their ids and how to replay one from `server`.
pub(crate) fn player_lines(
    page: &PlayerPage,
    server: &str,
    now_ms: u64,
    width: usize,
) -> Vec<String> {
    let row = &page.row;
    let kind = match row.kind {
        PlayerKind::Human => t!("player-kind-person"),
        PlayerKind::Bot => t!("player-kind-bot"),
    };
    let rating = rating_and_deviation(&row.rating);
    let mut lines = vec![
        t!(
            "player-page-who",
            name = one_line(&row.name),
            kind = kind,
            rank = row.rank
        ),
        if row.rating.provisional {
            t!("player-page-rating-provisional", rating = rating)
        } else {
            t!("player-page-rating", rating = rating)
        },
        t!(
            "player-page-record",
            games = rated_game_count(row.games as usize),
            won = row.wins,
            lost = row.losses,
            ago = when(row.last_played_ms, now_ms)
        ),
    ];
    if !page.history.is_empty() {
        let shown = page.history.len().min(HISTORY_SHOWN);
        lines.push(String::new());
        lines.push(t!(
            "player-page-history",
            shown = shown,
            total = page.history.len()
        ));
        for point in &page.history[page.history.len() - shown..] {
            lines.push(format!(
                "  {}  {}±{}",
                utc_minute(point.at_ms),
                point.rating,
                point.deviation
            ));
        }
    }
    if !page.recent_games.is_empty() {
        lines.push(String::new());
        lines.push(t!("player-page-recent"));
        let games = &page.recent_games[..page.recent_games.len().min(GAMES_SHOWN)];
        lines.extend(game_lines(games, width.saturating_sub(2)).map(|l| format!("  {l}")));
        lines.push(format!("amazons-client history --server {server} show ID"));
    }
    lines
}

/// Recent games as a table at most `width` wide: when, white, black, the
/// winner, rated or casual, and the id (its first 8 characters unless the
/// table may be as wide as it likes: `--wide`, an unbounded `width`).
fn game_lines(games: &[GameSummary], width: usize) -> impl Iterator<Item = String> {
    let header = [
        t!("games-heading-ended"),
        t!("lobby-column-white"),
        t!("lobby-column-black"),
        t!("games-column-winner"),
        String::new(),
        "id".to_string(),
    ];
    let unbounded = width >= usize::MAX / 2;
    let id_len = if unbounded { 36 } else { 8 };
    let rows: Vec<[String; 6]> = games
        .iter()
        .map(|game| {
            [
                utc_minute(game.ended_at_ms),
                one_line(&game.white.name),
                one_line(&game.black.name),
                game.result
                    .winner
                    .map_or_else(|| t!("games-no-winner"), side_short),
                rated_word(game.rated),
                game.id.chars().take(id_len).collect(),
            ]
        })
        .collect();
    let natural: [usize; 6] = widest(&header, &rows);
    let mut widths = natural;
    let fixed = widths.iter().sum::<usize>() - widths[1] - widths[2] + GAP.len() * 5;
    let room = width.saturating_sub(fixed) / 2;
    for column in [1, 2] {
        widths[column] = widths[column].min(room).max(MIN_NAME.min(natural[column]));
    }
    let right = [false; 6];
    [header]
        .into_iter()
        .chain(rows)
        .map(move |mut cells| {
            for column in [1, 2] {
                cells[column] = shorten(&cells[column], widths[column]);
            }
            table_line(&cells, &widths, &right)
        })
        .collect::<Vec<_>>()
        .into_iter()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use amazons_core::PlayerId;
    use amazons_protocol::{Rating, RatingPoint};

    /// Now, for the tests: one day after the epoch plus a bit.
    pub(crate) const NOW: u64 = 100_000_000;

    fn row(rank: u32, name: &str, kind: PlayerKind, rating: i32, provisional: bool) -> PlayerRow {
        PlayerRow {
            rank,
            name: name.into(),
            id: PlayerId::new(format!("{rank:032x}")),
            kind,
            rating: Rating {
                rating,
                deviation: if provisional { 230 } else { 48 },
                provisional,
            },
            games: 40 - rank,
            wins: 30 - rank,
            losses: 10,
            last_played_ms: NOW - u64::from(rank) * 3_600_000,
        }
    }

    /// A page of the leaderboard: people and bots, a very long name.
    pub(crate) fn sample_page() -> PlayersPage {
        PlayersPage {
            players: vec![
                row(1, "amazons-engine level 7", PlayerKind::Bot, 2104, false),
                row(2, "ann", PlayerKind::Human, 1688, true),
                row(
                    3,
                    "Alexandra Konstantinopoulou-Papadimitriou",
                    PlayerKind::Human,
                    1523,
                    false,
                ),
                row(4, "my-uci-bot", PlayerKind::Bot, 1402, true),
            ],
            page: 1,
            per_page: 20,
            total: 4,
        }
    }

    #[test]
    fn the_leaderboard_fits_80_columns_with_ranks_ratings_records_and_bots_marked() {
        let lines = board_lines(&sample_page(), 80, NOW);
        for line in &lines {
            assert!(line.width() <= 80, "{line:?} is {} wide", line.width());
        }
        assert_eq!(
            lines[0],
            "#  player                               rating     games  won  lost  last played"
        );
        assert!(
            lines[1].starts_with("1  amazons-engine level 7 [bot]")
                && lines[1].contains(" 2104±48 "),
            "{lines:#?}"
        );
        assert!(lines[2].contains("ann"), "{lines:#?}");
        assert!(lines[2].contains("1688?±230"), "{lines:#?}");
        assert!(lines[3].contains("Alexandra"), "{lines:#?}");
        assert!(lines[3].contains('…'), "a long name is cut: {lines:#?}");
        assert!(lines[4].contains("my-uci-bot [bot]"), "{lines:#?}");
        assert!(lines[4].ends_with("4 h ago"), "{lines:#?}");
        let narrow = board_lines(&sample_page(), 60, NOW);
        assert!(narrow.iter().all(|l| l.width() <= 60), "{narrow:#?}");
        assert!(narrow[1].contains("[bot]"), "the mark stays: {narrow:#?}");
        let wide = wide_line(&sample_page().players[2], NOW);
        assert!(wide.contains("Alexandra Konstantinopoulou-Papadimitriou"));
        assert!(wide.contains("37 rated games (27 won, 10 lost)"), "{wide}");
        assert!(wide.contains(&format!("id {:032x}", 3)), "{wide}");
    }

    #[test]
    fn the_readme_shows_the_leaderboard_as_it_prints() {
        let readme = include_str!("../../README.md");
        let example: Vec<&str> = readme
            .lines()
            .skip_while(|l| !l.starts_with("$ amazons-client leaderboard"))
            .skip(1)
            .take_while(|l| !l.starts_with("```"))
            .collect();
        let page = PlayersPage {
            players: vec![
                row(1, "amazons-engine level 7", PlayerKind::Bot, 2104, false),
                row(2, "ann", PlayerKind::Human, 1688, true),
                row(3, "my-uci-bot", PlayerKind::Bot, 1402, true),
            ],
            page: 1,
            per_page: PER_PAGE,
            total: 3,
        };
        let mut printed = board_lines(&page, 80, NOW);
        printed.push(footer(&page, None));
        assert_eq!(example, printed);
    }

    #[test]
    fn the_footer_says_how_many_and_where_the_next_page_is() {
        let mut page = sample_page();
        assert_eq!(
            footer(&page, None),
            "4 rated players, page 1 of 1; ? = provisional"
        );
        page.total = 45;
        assert_eq!(
            footer(&page, Some(PlayerKind::Bot)),
            "45 rated bots, page 1 of 3; --page 2 for more; ? = provisional"
        );
        page.total = 1_000_000;
        let long = footer(&page, None);
        assert!(long.chars().count() <= 80, "fits 80 columns: {long}");
        page.players.clear();
        assert!(board_lines(&page, 80, NOW)[0].starts_with("no rated players yet"));
    }

    #[test]
    fn a_players_page_has_the_rating_the_record_the_history_and_replayable_games() {
        let record = |id: &str| {
            let mut summary = GameSummary::of(&amazons_core::testing::record_of(
                amazons_core::testing::sample_meta(id),
                &[],
            ));
            summary.rated = true;
            summary
        };
        let page = PlayerPage {
            row: sample_page().players[1].clone(),
            history: (0..12)
                .map(|i| RatingPoint {
                    at_ms: NOW - 3_600_000 * (12 - i),
                    rating: 1500 + 10 * i as i32,
                    deviation: 350 - 10 * i as i32,
                })
                .collect(),
            recent_games: vec![
                record("eb2640c5-1111-4c5e-9f7a-1b2c3d4e5f60"),
                record("c16a01d1-2222-4c5e-9f7a-1b2c3d4e5f60"),
            ],
        };
        let lines = player_lines(&page, "ws://h:7878/ws", NOW, 80);
        let text = lines.join("\n");
        for line in &lines {
            assert!(line.width() <= 80, "{line:?}");
        }
        assert!(
            text.starts_with("ann (person), rank 2\nrating 1688?±230 (provisional"),
            "{text}"
        );
        assert!(
            text.contains("38 rated games: 28 won, 10 lost; last played 2 h ago"),
            "{text}"
        );
        assert!(text.contains("(8 latest of 12)"), "{text}");
        assert!(text.contains("1610±240"), "the latest: {text}");
        assert!(!text.contains("1530±320"), "older ones left out: {text}");
        assert!(
            text.ends_with("\namazons-client history --server ws://h:7878/ws show ID"),
            "{text}"
        );
        assert!(text.contains("eb2640c5"), "{text}");
        assert!(text.contains("rated"), "{text}");
    }
}
