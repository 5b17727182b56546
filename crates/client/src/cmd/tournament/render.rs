//! A tournament as plain text in a given width (80 columns for `tournament
//! show`, the screen's width in the lobby's tournament screen): its heading,
//! the entrants, the standings with their tie-breaks, a round's pairings and,
//! for a round robin, the crosstable. Lines only, no terminal: `show` prints
//! them and the full-screen face draws them.
//!
//! Every word shown comes from the catalogues (`terminal.ftl`, and
//! `common.ftl` for the formats and tie-breaks the page shows too), and
//! every width is measured in columns, so a Chinese heading still lines
//! its table up in 80 columns.

use amazons_core::{PlayerKind, Side};
use amazons_protocol::tournament::{
    CrossScore, Entrant, Format, GameResult, StandingRow, Tiebreak, TournamentGame,
    TournamentRound, TournamentStatus, TournamentSummary, TournamentView,
};
use unicode_width::UnicodeWidthStr;

use crate::face::columns::{GAP, one_line, shorten, table_line, widest};
use crate::face::words::{named, rated_word};

/// The words of the tournament texts, in one place, from the catalogue.
pub mod words {
    use super::*;

    /// A format in words: `Round robin`, `Double round robin`, `Swiss, 5
    /// rounds` (the words the page shows too).
    pub fn format(format: Format) -> String {
        let rounds = format.chosen_rounds().unwrap_or(0);
        named(format.name(), "", &[("rounds", rounds.into())])
    }

    /// Where a tournament is, in a word (paused shown as such).
    pub fn status(status: TournamentStatus, paused: bool) -> String {
        match (status, paused) {
            (TournamentStatus::Registering, _) => t!("tournament-status-registering"),
            (TournamentStatus::Running, true) => t!("tournament-status-paused-word"),
            (TournamentStatus::Running, false) => t!("tournament-status-running"),
            (TournamentStatus::Finished, _) => t!("tournament-status-finished"),
        }
    }

    /// `round 2 of 6`, or `6 rounds planned` before the first.
    pub fn round_of(round: u32, planned: u32) -> String {
        if round == 0 {
            t!("tournament-rounds-planned", planned = planned)
        } else {
            t!("tournament-round-of", round = round, planned = planned)
        }
    }

    /// The first heading line: title, format, clock, rated.
    pub fn heading_first(summary: &TournamentSummary) -> String {
        t!(
            "tournament-heading-first",
            title = one_line(&summary.title),
            format = format(summary.format),
            time = summary.time_control.to_string(),
            rated = rated_word(summary.rated),
        )
    }

    /// The second heading line: status, round, organiser, entrants.
    pub fn heading(summary: &TournamentSummary) -> String {
        t!(
            "tournament-heading",
            status = status(summary.status, summary.paused),
            round = round_of(summary.round, summary.rounds_planned),
            organiser = one_line(&summary.organiser),
            entrants = t!("tournament-entrant-count", count = summary.entrant_count),
        )
    }

    /// A tie-break's column heading.
    pub fn tiebreak_short(kind: Tiebreak) -> String {
        named(kind, "-short", &[])
    }

    /// A tie-break's column heading with its name, for the legend.
    pub fn tiebreak_legend(kind: Tiebreak) -> String {
        named(kind, "-legend", &[])
    }

    /// The standings' headings before the tie-breaks.
    pub fn standings_header() -> [String; 4] {
        [
            "#".to_string(),
            t!("tournament-col-name"),
            t!("tournament-col-points"),
            t!("tournament-col-games"),
        ]
    }

    /// The list's headings.
    pub fn list_header() -> [String; 6] {
        [
            t!("tournament-col-id"),
            t!("tournament-col-title"),
            t!("tournament-col-format"),
            t!("tournament-col-time"),
            t!("tournament-col-status"),
            t!("tournament-col-players"),
        ]
    }
}

/// Names are never cut shorter than this.
const MIN_NAME: usize = 6;

/// The heading: the title, then format, clock and rated, then status,
/// round, organiser and entrants, each line cut to `width`.
pub fn heading_lines(summary: &TournamentSummary, width: usize) -> Vec<String> {
    let first = words::heading_first(summary);
    vec![
        shorten(&first, width),
        shorten(&words::heading(summary), width),
    ]
}

/// An entrant's name with their marks: rating, `[bot]`, `(away)`,
/// `(withdrawn)`.
fn entrant_text(entrant: &Entrant, width: usize) -> String {
    let mut after = String::new();
    if let Some(rating) = entrant.rating {
        after.push_str(&format!(" {rating}"));
    }
    if entrant.kind == PlayerKind::Bot {
        after.push_str(&format!(" {}", t!("seat-bot-mark")));
    }
    if entrant.withdrawn {
        after.push_str(&format!(" {}", t!("tournament-mark-withdrawn")));
    } else if !entrant.connected {
        after.push_str(&format!(" {}", t!("tournament-mark-away")));
    }
    let room = width.saturating_sub(after.width()).max(MIN_NAME);
    format!("{}{after}", shorten(&one_line(&entrant.name), room))
}

/// The entrants, one a line in seeding order, with the entry list when
/// entry is closed to names.
pub fn entrant_lines(view: &TournamentView, width: usize) -> Vec<String> {
    let mut lines = vec![t!(
        "tournament-entrants-counted",
        count = view.entrants.len()
    )];
    if view.entrants.is_empty() {
        lines.push(format!("  {}", t!("tournament-no-entrants")));
    }
    let number_width = view.entrants.len().to_string().width();
    for (i, entrant) in view.entrants.iter().enumerate() {
        let number = format!("{:>number_width$}", i + 1);
        let room = width.saturating_sub(number.width() + 1 + GAP.width());
        lines.push(format!(" {number}{GAP}{}", entrant_text(entrant, room)));
    }
    if let Some(list) = &view.entry_list {
        let names: Vec<String> = list.iter().map(|n| one_line(n)).collect();
        lines.push(shorten(
            &t!("tournament-entry-list", names = names.join(", ")),
            width,
        ));
    }
    lines
}

/// A rank as shown: `3`, or `3=` when others share it.
fn rank_text(row: &StandingRow, standings: &[StandingRow]) -> String {
    let shared = standings.iter().filter(|r| r.rank == row.rank).count() > 1;
    if shared {
        format!("{}=", row.rank)
    } else {
        row.rank.to_string()
    }
}

/// The standings as a table (header first) that fits `width`, names cut in
/// the middle, and a legend of the tie-breaks' short names.
pub fn standings_lines(view: &TournamentView, width: usize) -> Vec<String> {
    let standings = &view.standings;
    let kinds: Vec<Tiebreak> = standings
        .first()
        .map(|row| row.tiebreaks.iter().map(|t| t.kind).collect())
        .unwrap_or_default();
    let mut header: Vec<String> = words::standings_header().into();
    header.extend(kinds.iter().map(|k| words::tiebreak_short(*k)));
    let mut rows: Vec<Vec<String>> = standings
        .iter()
        .map(|row| {
            let mut cells = vec![
                rank_text(row, standings),
                one_line(&row.name),
                row.points.to_string(),
                row.games.to_string(),
            ];
            cells.extend(row.tiebreaks.iter().map(|t| t.value.to_string()));
            cells.resize(header.len(), String::new());
            cells
        })
        .collect();
    fit_name_column(&header, &mut rows, 1, width);
    let mut right = vec![true; header.len()];
    right[1] = false;
    let mut lines = vec![t!("tournament-standings")];
    lines.extend(table(&header, &rows, &right));
    if !kinds.is_empty() {
        let legend: Vec<String> = kinds.iter().map(|k| words::tiebreak_legend(*k)).collect();
        let separator = t!("tournament-legend-separator");
        lines.push(shorten(&legend.join(&separator), width));
    }
    lines
}

/// Cuts the names of column `column` so that the table fits `width`.
fn fit_name_column(header: &[String], rows: &mut [Vec<String>], column: usize, width: usize) {
    let widths = column_widths(header, rows);
    let others: usize = widths
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != column)
        .map(|(_, w)| w)
        .sum::<usize>()
        + GAP.width() * (widths.len().saturating_sub(1));
    let room = width.saturating_sub(others).max(MIN_NAME);
    for row in rows {
        row[column] = shorten(&row[column], room);
    }
}

/// The widest cell of each column, the header's included.
fn column_widths(header: &[String], rows: &[Vec<String>]) -> Vec<usize> {
    (0..header.len())
        .map(|c| {
            rows.iter()
                .map(|row| row[c].width())
                .chain([header[c].width()])
                .max()
                .unwrap_or(0)
        })
        .collect()
}

/// The header and rows as padded lines.
fn table(header: &[String], rows: &[Vec<String>], right: &[bool]) -> Vec<String> {
    let widths = column_widths(header, rows);
    std::iter::once(header)
        .chain(rows.iter().map(Vec::as_slice))
        .map(|cells| table_line(cells, &widths, right))
        .collect()
}

/// A game's result from White's side: `1-0`, `0-1`, `+/-` and `-/+` for a
/// forfeit, `-/-` for a double forfeit; else `playing` or `pending`.
pub fn result_text(game: &TournamentGame) -> String {
    match game.result {
        Some(GameResult {
            winner: None,
            forfeit: _,
            margin: _,
        }) => t!("tournament-double-forfeit"),
        Some(GameResult {
            winner: Some(side),
            forfeit,
            margin,
        }) => {
            let score = match (side, forfeit) {
                (Side::First, false) => "1-0",
                (Side::Second, false) => "0-1",
                (Side::First, true) => "+/-",
                (Side::Second, true) => "-/+",
            };
            match margin {
                Some(m) if !forfeit => format!("{score} (+{m})"),
                _ => score.into(),
            }
        }
        None if game.match_id.is_some() => t!("tournament-playing"),
        None => t!("tournament-pending"),
    }
}

/// One round's pairings as table rows (board, White, Black, result), the
/// bye last, in `width`: for `show` and the full-screen list.
pub fn pairing_rows(round: &TournamentRound, width: usize) -> Vec<String> {
    let header: Vec<String> = vec![String::new(); 4];
    let mut rows: Vec<Vec<String>> = round
        .games
        .iter()
        .enumerate()
        .map(|(board, game)| {
            vec![
                (board + 1).to_string(),
                one_line(&game.white),
                one_line(&game.black),
                result_text(game),
            ]
        })
        .collect();
    // The two names share what the board and the result leave.
    let widths = column_widths(&header, &rows);
    let fixed = widths[0] + widths[3] + 3 * GAP.width();
    let room = (width.saturating_sub(fixed) / 2).max(MIN_NAME);
    for row in &mut rows {
        row[1] = shorten(&row[1], room);
        row[2] = shorten(&row[2], room);
    }
    let widths = column_widths(&header, &rows);
    let right = [true, false, false, false];
    let mut lines: Vec<String> = rows
        .iter()
        .map(|cells| table_line(cells, &widths, &right))
        .collect();
    if let Some(bye) = &round.bye {
        let pad = " ".repeat(widths[0]);
        let name = shorten(&one_line(bye), room);
        lines.push(format!(
            "{pad}{GAP}{name}{GAP}{}",
            t!("tournament-bye-cell")
        ));
    }
    lines
}

/// A round with its heading.
pub fn round_lines(round: &TournamentRound, width: usize) -> Vec<String> {
    let mut lines = vec![t!("tournament-round", number = round.number)];
    lines.extend(pairing_rows(round, width));
    lines
}

/// A crosstable score as the terminal draws it: `1`, `0`, `+` (won by
/// forfeit), `-` (lost by forfeit), `.` (no result yet).
fn score_sign(score: CrossScore) -> char {
    match score {
        CrossScore::Won => '1',
        CrossScore::Lost => '0',
        CrossScore::ForfeitWon => '+',
        CrossScore::ForfeitLost => '-',
        CrossScore::Pending => '.',
    }
}

/// The crosstable the server sent (a round robin's, once started), drawn
/// as it comes: rows and columns in its order, each cell the row entrant's
/// scores against the column entrant, `×` against themself. `None` when the
/// view has none (a Swiss). When it does not fit `width` the lines say so.
pub fn crosstable_lines(view: &TournamentView, width: usize) -> Option<Vec<String>> {
    let cross = &view.crosstable;
    if cross.is_empty() {
        return None;
    }
    let games_per_pair = cross
        .iter()
        .flat_map(|row| row.scores.iter().map(Vec::len))
        .max()
        .unwrap_or(1)
        .max(1);
    let mut header = vec!["#".to_string(), String::new()];
    header.extend((1..=cross.len()).map(|i| i.to_string()));
    header.push(t!("tournament-col-points"));
    let mut rows: Vec<Vec<String>> = cross
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let mut cells = vec![(i + 1).to_string(), one_line(&row.name)];
            cells.extend(row.scores.iter().enumerate().map(|(j, scores)| {
                if i == j {
                    "×".repeat(games_per_pair)
                } else {
                    scores.iter().copied().map(score_sign).collect()
                }
            }));
            cells.push(row.points.to_string());
            cells
        })
        .collect();
    fit_name_column(&header, &mut rows, 1, width);
    let mut right = vec![true; header.len()];
    right[1] = false;
    let lines = table(&header, &rows, &right);
    let mut out = vec![t!("tournament-crosstable")];
    if lines.iter().any(|l| l.width() > width) {
        out.push(t!("tournament-crosstable-too-wide"));
    } else {
        out.extend(lines);
        out.push(shorten(&t!("tournament-result-legend"), width));
    }
    Some(out)
}

/// The round being played or last played.
pub fn current_round(view: &TournamentView) -> Option<&TournamentRound> {
    view.rounds
        .iter()
        .find(|r| r.number == view.summary.round)
        .or(view.rounds.last())
}

/// Everything `tournament show` prints: heading, entrants (before the
/// start) or standings, the current round's pairings, and the crosstable of
/// a round robin, blank lines between.
pub fn view_lines(view: &TournamentView, width: usize) -> Vec<String> {
    let mut sections = vec![heading_lines(&view.summary, width)];
    if view.summary.status == TournamentStatus::Registering || view.standings.is_empty() {
        sections.push(entrant_lines(view, width));
    } else {
        sections.push(standings_lines(view, width));
    }
    if let Some(round) = current_round(view) {
        sections.push(round_lines(round, width));
    }
    if view.summary.status != TournamentStatus::Registering {
        if let Some(cross) = crosstable_lines(view, width) {
            sections.push(cross);
        }
    }
    let mut lines = Vec::new();
    for (i, section) in sections.into_iter().enumerate() {
        if i > 0 {
            lines.push(String::new());
        }
        lines.extend(section);
    }
    lines
}

/// The list of tournaments (`tournament list`, the lobby's list): id
/// prefix, title, format, clock, status and round, entrants.
pub fn list_rows(tournaments: &[TournamentSummary], width: usize) -> Vec<String> {
    if tournaments.is_empty() {
        return vec![t!("tournament-none")];
    }
    let header: [String; 6] = words::list_header();
    let mut rows: Vec<[String; 6]> = tournaments
        .iter()
        .map(|t| {
            let status = match t.status {
                TournamentStatus::Running => format!(
                    "{} {}/{}",
                    words::status(t.status, t.paused),
                    t.round,
                    t.rounds_planned
                ),
                _ => words::status(t.status, t.paused),
            };
            [
                t.id.to_string()[..8].to_string(),
                one_line(&t.title),
                words::format(t.format),
                t.time_control.to_string(),
                status,
                t.entrant_count.to_string(),
            ]
        })
        .collect();
    let widths = widest(&header, &rows);
    let others: usize = widths.iter().sum::<usize>() - widths[1] + GAP.width() * (widths.len() - 1);
    let room = width.saturating_sub(others).max(MIN_NAME);
    for row in &mut rows {
        row[1] = shorten(&row[1], room);
    }
    let widths = widest(&header, &rows);
    let right = [false, false, false, false, false, true];
    std::iter::once(&header)
        .chain(rows.iter())
        .map(|cells| table_line(cells, &widths, &right))
        .collect()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use amazons_core::TimeControl;
    use amazons_protocol::Rating;
    use amazons_protocol::tournament::{TiebreakValue, TournamentId};

    pub(crate) const ID: &str = "0b3f6d2c-1a4e-4f5b-8c7d-9e0f1a2b3c4d";
    const MATCH: &str = "6f1c2a4e-8d3b-4c5e-9f7a-1b2c3d4e5f60";

    fn entrant(name: &str) -> Entrant {
        Entrant {
            name: name.into(),
            kind: PlayerKind::Bot,
            rating: None,
            withdrawn: false,
            connected: true,
        }
    }

    fn game(white: &str, black: &str, result: Option<(Option<Side>, bool)>) -> TournamentGame {
        TournamentGame {
            white: white.into(),
            black: black.into(),
            match_id: Some(MATCH.parse().unwrap()),
            result: result.map(|(winner, forfeit)| GameResult {
                winner,
                forfeit,
                margin: None,
            }),
        }
    }

    fn row(rank: u32, name: &str, points: u32, sb: i64, de: i64) -> StandingRow {
        StandingRow {
            rank,
            name: name.into(),
            points,
            games: 2,
            tiebreaks: vec![
                TiebreakValue {
                    kind: Tiebreak::SonnebornBerger,
                    value: sb,
                },
                TiebreakValue {
                    kind: Tiebreak::DirectEncounter,
                    value: de,
                },
                TiebreakValue {
                    kind: Tiebreak::GameScore,
                    value: 0,
                },
            ],
        }
    }

    /// A double round robin of three bots after three of its six rounds:
    /// a forfeit, a bye each round, two entrants tied on everything.
    pub(crate) fn double_round_robin() -> TournamentView {
        let white_won = Some((Some(Side::First), false));
        let black_won = Some((Some(Side::Second), false));
        TournamentView {
            summary: TournamentSummary {
                id: ID.parse::<TournamentId>().unwrap(),
                title: "Friday bots".into(),
                format: Format::RoundRobin { cycles: 2 },
                time_control: TimeControl::Fischer {
                    initial_ms: 60_000,
                    increment_ms: 1_000,
                },
                rated: true,
                status: TournamentStatus::Running,
                paused: false,
                organiser: "teacher".into(),
                entrant_count: 3,
                round: 4,
                rounds_planned: 6,
            },
            entry_list: None,
            entrants: vec![
                Entrant {
                    rating: Some(Rating {
                        rating: 1620,
                        deviation: 80,
                        provisional: false,
                    }),
                    ..entrant("ann")
                },
                entrant("bob"),
                Entrant {
                    connected: false,
                    ..entrant("cy-the-very-long-named-bot")
                },
            ],
            rounds: vec![
                TournamentRound {
                    number: 1,
                    games: vec![game("ann", "bob", white_won)],
                    bye: Some("cy-the-very-long-named-bot".into()),
                },
                TournamentRound {
                    number: 2,
                    games: vec![game(
                        "cy-the-very-long-named-bot",
                        "ann",
                        Some((Some(Side::Second), true)),
                    )],
                    bye: Some("bob".into()),
                },
                TournamentRound {
                    number: 3,
                    games: vec![game("bob", "cy-the-very-long-named-bot", black_won)],
                    bye: Some("ann".into()),
                },
                TournamentRound {
                    number: 4,
                    games: vec![game("bob", "ann", None)],
                    bye: Some("cy-the-very-long-named-bot".into()),
                },
            ],
            standings: vec![
                row(1, "ann", 3, 2, 0),
                row(2, "bob", 1, 0, 0),
                row(2, "cy-the-very-long-named-bot", 1, 0, 0),
            ],
            crosstable: Vec::new(),
        }
        .with_crosstable()
    }

    #[test]
    fn a_double_round_robin_shows_its_standings_round_and_crosstable_in_80_columns() {
        let lines = view_lines(&double_round_robin(), 80);
        let text = lines.join("\n");
        for line in &lines {
            assert!(line.width() <= 80, "{line:?} is wider than 80");
        }
        let expected = "\
Friday bots — double round robin, 1+1, rated
running · round 4 of 6 · organiser teacher · 3 entrants

Standings
 #  name                        pts  games  SB  DE  GS
 1  ann                           3      2   2   0   0
2=  bob                           1      2   0   0   0
2=  cy-the-very-long-named-bot    1      2   0   0   0
SB Sonneborn-Berger, DE direct encounter, GS game score

Round 4
1  bob  ann  playing
   cy-the-very-long-named-bot  bye

Crosstable
#                               1   2   3  pts
1  ann                         ××  1.  +.    3
2  bob                         0.  ××  0.    1
3  cy-the-very-long-named-bot  -.  1.  ××    1
1 win, 0 loss, + forfeit win, - forfeit loss, . to play";
        assert_eq!(text, expected);
    }

    #[test]
    fn in_chinese_the_show_text_fits_80_columns_with_its_tables_aligned() {
        use crate::tr::{Lang, with_lang};
        with_lang(Lang::ZhCn, || {
            let mut view = double_round_robin();
            view.entrants[0].name = "李雷".into();
            for round in &mut view.rounds {
                for game in &mut round.games {
                    for name in [&mut game.white, &mut game.black] {
                        if name == "ann" {
                            *name = "李雷".into();
                        }
                    }
                }
                if round.bye.as_deref() == Some("ann") {
                    round.bye = Some("李雷".into());
                }
            }
            view.standings[0].name = "李雷".into();
            let mut view = view.with_crosstable();
            let lines = view_lines(&view, 80);
            for line in &lines {
                assert!(line.width() <= 80, "{line:?} is wider than 80");
            }
            let expected = "\
Friday bots — 双循环赛，1+1，积分
进行中 · 第 4 轮，共 6 轮 · 组织者 teacher · 3 名参赛者

名次
 #  名字                        得分  局数  索伯分  直胜  局分
 1  李雷                           3     2       2     0     0
2=  bob                            1     2       0     0     0
2=  cy-the-very-long-named-bot     1     2       0     0     0
索伯分：Sonneborn-Berger；直胜：直接对局；局分：胜方余下的步数

第 4 轮
1  bob  李雷  对局中
   cy-the-very-long-named-bot  轮空

交叉表
#                               1   2   3  得分
1  李雷                        ××  1.  +.     3
2  bob                         0.  ××  0.     1
3  cy-the-very-long-named-bot  -.  1.  ××     1
1 胜，0 负，+ 对方弃权判胜，- 弃权判负，. 未下";
            assert_eq!(lines.join("\n"), expected);
            // A Swiss's tie-breaks by their Chinese names, and the list.
            view.summary.format = Format::Swiss { rounds: 5 };
            for row in &mut view.standings {
                row.tiebreaks = [Tiebreak::Buchholz, Tiebreak::BuchholzCut1]
                    .map(|kind| TiebreakValue { kind, value: 1 })
                    .to_vec();
            }
            let lines = standings_lines(&view, 80);
            assert_eq!(
                lines[1],
                " #  名字                        得分  局数  对手分  对手分-1"
            );
            assert_eq!(
                lines.last().unwrap(),
                "对手分：Buchholz；对手分-1：去掉最低分的对手分"
            );
            let list = list_rows(std::slice::from_ref(&view.summary), 80);
            assert_eq!(
                list,
                [
                    "编号      名称         赛制         时限  状态        人数",
                    "0b3f6d2c  Friday bots  瑞士制 5 轮  1+1   进行中 4/6     3",
                ]
            );
            assert_eq!(list_rows(&[], 80), ["这个服务器还没有比赛"]);
        });
    }

    #[test]
    fn byes_forfeits_and_margins_read_from_whites_side() {
        let mut g = game("ann", "bob", Some((Some(Side::Second), true)));
        assert_eq!(result_text(&g), "-/+");
        g.result = Some(GameResult {
            winner: Some(Side::First),
            forfeit: false,
            margin: Some(7),
        });
        assert_eq!(result_text(&g), "1-0 (+7)");
        g.result = Some(GameResult {
            winner: None,
            forfeit: true,
            margin: None,
        });
        assert_eq!(result_text(&g), "-/- both forfeit");
        g.result = None;
        g.match_id = None;
        assert_eq!(result_text(&g), "pending");
        let round = TournamentRound {
            number: 2,
            games: vec![game("ann", "bob", Some((Some(Side::First), true)))],
            bye: Some("cy".into()),
        };
        assert_eq!(
            round_lines(&round, 80),
            ["Round 2", "1  ann  bob  +/-", "   cy  bye"]
        );
    }

    #[test]
    fn long_names_are_cut_to_fit_and_wide_characters_count_twice() {
        let mut view = double_round_robin();
        for row in &mut view.standings {
            row.name = format!("{}-李小龍的朋友們-{}", row.name, "x".repeat(40));
        }
        for line in standings_lines(&view, 60) {
            assert!(line.width() <= 60, "{line:?}");
        }
        let lines = standings_lines(&view, 60);
        assert!(lines[2].contains('…'), "{}", lines[2]);
    }

    #[test]
    fn a_crosstable_too_wide_says_so_and_a_swiss_has_none() {
        let mut view = double_round_robin();
        view.entrants = (0..40).map(|i| entrant(&format!("p{i}"))).collect();
        view.standings.clear();
        let mut view = view.with_crosstable();
        let lines = crosstable_lines(&view, 80).unwrap();
        assert_eq!(
            lines,
            [
                t!("tournament-crosstable"),
                t!("tournament-crosstable-too-wide")
            ]
        );
        view.summary.format = Format::Swiss { rounds: 5 };
        assert_eq!(crosstable_lines(&view.with_crosstable(), 80), None);
    }

    #[test]
    fn before_the_start_the_entrants_are_listed_with_their_marks() {
        let mut view = double_round_robin();
        view.summary.status = TournamentStatus::Registering;
        view.summary.round = 0;
        view.rounds.clear();
        view.standings.clear();
        view.entrants[1].withdrawn = true;
        view.entry_list = Some(vec!["ann".into(), "bob".into()]);
        let lines = view_lines(&view, 80);
        assert_eq!(
            lines,
            [
                "Friday bots — double round robin, 1+1, rated",
                "registering · 6 rounds planned · organiser teacher · 3 entrants",
                "",
                "Entrants (3)",
                " 1  ann 1620 [bot]",
                " 2  bob [bot] (withdrawn)",
                " 3  cy-the-very-long-named-bot [bot] (away)",
                "entry list: ann, bob",
            ]
            .map(String::from)
        );
    }

    #[test]
    fn the_list_has_a_line_per_tournament() {
        let view = double_round_robin();
        let lines = list_rows(std::slice::from_ref(&view.summary), 80);
        assert_eq!(
            lines,
            [
                "id        title        format              time  status       players",
                "0b3f6d2c  Friday bots  double round robin  1+1   running 4/6        3",
            ]
        );
        assert_eq!(list_rows(&[], 80), [t!("tournament-none")]);
    }
}
