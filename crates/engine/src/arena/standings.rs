//! The arena's results in the server's language: Glicko-2 ratings folded
//! from the games by the ratings crate with lichess's parameters, as the
//! server folds its history, and the tables a round robin prints (the
//! standings and the results of every pair), each within 80 columns.
//!
//! Every decided game counts, in the order the games ended (the records'
//! end times, so a resumed run folds its earlier games where they were
//! played); each player is rated under its [`Entrant::id`].

use amazons_core::{BySide, GameRecord, PlayerKind};
use amazons_ratings::{Contestant, RatedGame, RatingRules, Ratings};

use crate::arena::schedule::Entrant;

/// The widest a table may be.
const COLUMNS: usize = 80;

/// A finished game of the run and who played it.
pub struct Finished {
    /// The player with white (an index into the entrants).
    pub white: usize,
    /// The player with black.
    pub black: usize,
    /// The record (winner, reason, moves, end time).
    pub record: GameRecord,
}

impl Finished {
    /// The player who won (every arena game has a winner).
    pub fn winner(&self) -> Option<usize> {
        self.record.result.winner.map(|side| {
            if side == amazons_core::Side::First {
                self.white
            } else {
                self.black
            }
        })
    }
}

/// The ratings the games give: each decided game a rated game between the
/// two players' ids, folded in the order the games ended.
pub fn ratings(entrants: &[Entrant], results: &[Finished]) -> Ratings {
    let contestant = |index: usize| {
        let entrant = &entrants[index];
        Contestant::new(entrant.id.clone(), entrant.name.clone(), PlayerKind::Bot)
    };
    let games = results.iter().filter_map(|game| {
        Some(RatedGame::new(
            game.record.id.clone(),
            game.record.ended_at_ms,
            BySide::new(contestant(game.white), contestant(game.black)),
            game.record.result.winner?,
        ))
    });
    Ratings::rebuild(RatingRules::lichess(), games)
}

/// A player's rating as the tables show it: `1523 ± 61`, or `1523? ± 230`
/// while provisional (as lichess marks it).
pub fn rating_text(ratings: &Ratings, entrant: &Entrant) -> String {
    let shown = ratings.shown(&entrant.id);
    format!("{shown} ± {}", shown.deviation)
}

/// The line a match of two prints under its Elo difference.
pub fn glicko_line(entrants: &[Entrant], ratings: &Ratings) -> String {
    let players: Vec<String> = entrants
        .iter()
        .map(|e| format!("{} {}", e.name, rating_text(ratings, e)))
        .collect();
    format!(
        "Glicko-2 {} (lichess's parameters, {} games in the order played)",
        players.join(", "),
        ratings.games()
    )
}

/// Games `row` won against `column`, for every pair.
fn wins_against(players: usize, results: &[Finished]) -> Vec<Vec<usize>> {
    let mut wins = vec![vec![0; players]; players];
    for game in results {
        if let Some(winner) = game.winner() {
            let loser = if winner == game.white {
                game.black
            } else {
                game.white
            };
            wins[winner][loser] += 1;
        }
    }
    wins
}

/// The players best first: by the ratings' ranking, then those without a
/// decided game in the order they were given.
fn ranking(entrants: &[Entrant], ratings: &Ratings) -> Vec<usize> {
    let mut order: Vec<usize> = ratings
        .ranked(None)
        .iter()
        .filter_map(|standing| entrants.iter().position(|e| e.id == standing.id))
        .collect();
    for index in 0..entrants.len() {
        if !order.contains(&index) {
            order.push(index);
        }
    }
    order
}

/// `text` in at most `width` characters: a longer one loses its middle to
/// `…`, so that the ends that tell players apart (the program's name, the
/// letter of a repeated label, the last knobs) stay.
fn fit(text: &str, width: usize) -> String {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() <= width {
        return text.to_string();
    }
    let kept = width.saturating_sub(1);
    let tail = kept / 3;
    let head = kept - tail;
    let mut cut: String = chars[..head].iter().collect();
    cut.push('…');
    cut.extend(&chars[chars.len() - tail..]);
    cut
}

/// `text` padded with spaces to `width` characters (left-aligned).
fn pad(text: &str, width: usize) -> String {
    let len = text.chars().count();
    format!("{text}{}", " ".repeat(width.saturating_sub(len)))
}

/// The standings and the pairwise results of a round robin, every line
/// within 80 columns: rank, player, Glicko-2 ± deviation, games, wins,
/// losses, score; then each row's wins and losses against each column
/// (columns by rank), in blocks of columns when there are many players.
pub fn tables(entrants: &[Entrant], results: &[Finished], ratings: &Ratings) -> String {
    let wins = wins_against(entrants.len(), results);
    let order = ranking(entrants, ratings);
    let rated: Vec<String> = order
        .iter()
        .map(|&i| rating_text(ratings, &entrants[i]))
        .collect();
    let rating_width = rated
        .iter()
        .map(|r| r.chars().count())
        .max()
        .unwrap_or(0)
        .max("Glicko-2".len());
    // rank, player, rating, games, wins, losses, score, two spaces apart.
    let fixed = 4 + 2 + 2 + rating_width + 2 + 5 + 2 + 4 + 2 + 6 + 2 + 6;
    let longest = entrants
        .iter()
        .map(|e| e.name.chars().count())
        .max()
        .unwrap_or(0);
    let name_width = longest.max("player".len()).min(COLUMNS - fixed);
    let mut out = format!(
        "rank  {}  {}  games  wins  losses   score\n",
        pad("player", name_width),
        pad("Glicko-2", rating_width)
    );
    for (rank, (&i, rating)) in order.iter().zip(&rated).enumerate() {
        let won: usize = wins[i].iter().sum();
        let lost: usize = wins.iter().map(|row| row[i]).sum();
        let games = won + lost;
        let score = if games == 0 {
            "-".to_string()
        } else {
            format!("{:.1}%", 100.0 * won as f64 / games as f64)
        };
        out.push_str(&format!(
            "{:>4}  {}  {}  {games:>5}  {won:>4}  {lost:>6}  {score:>6}\n",
            rank + 1,
            pad(&fit(&entrants[i].name, name_width), name_width),
            pad(rating, rating_width),
        ));
    }
    out.push_str(&matrix(entrants, &order, &wins));
    out
}

/// The pairwise results: row player's wins-losses against each column's.
fn matrix(entrants: &[Entrant], order: &[usize], wins: &[Vec<usize>]) -> String {
    let cells: Vec<Vec<String>> = order
        .iter()
        .map(|&row| {
            order
                .iter()
                .map(|&column| {
                    if row == column {
                        "-".to_string()
                    } else {
                        format!("{}-{}", wins[row][column], wins[column][row])
                    }
                })
                .collect()
        })
        .collect();
    let rank_width = order.len().to_string().len();
    let cell_width = cells
        .iter()
        .flatten()
        .map(String::len)
        .max()
        .unwrap_or(1)
        .max(rank_width)
        + 2;
    let longest = entrants
        .iter()
        .map(|e| e.name.chars().count())
        .max()
        .unwrap_or(0);
    let name_width = longest.min(20);
    let label_width = rank_width + 1 + name_width;
    let per_block = ((COLUMNS - label_width) / cell_width).max(1);
    let mut out = String::from("wins-losses of each row against each column (by rank):\n");
    for block in (0..order.len()).collect::<Vec<_>>().chunks(per_block) {
        out.push_str(&" ".repeat(label_width));
        for &column in block {
            out.push_str(&format!("{:>cell_width$}", column + 1));
        }
        out.push('\n');
        for (rank, &row) in order.iter().enumerate() {
            let name = pad(&fit(&entrants[row].name, name_width), name_width);
            out.push_str(&format!("{:>rank_width$} {name}", rank + 1));
            for &column in block {
                out.push_str(&format!("{:>cell_width$}", cells[rank][column]));
            }
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
pub(crate) mod tests {
    use std::time::{Duration, UNIX_EPOCH};

    use amazons_core::{
        EndReason, Game, Outcome, PlayerInfo, PlayerKind, RecordMeta, Side, TimeControl,
    };

    use super::*;
    use crate::arena::schedule::{Schedule, entrants};

    /// A game of `white` against `black` that `winner` won, ending at `at` s.
    pub(crate) fn finished(white: usize, black: usize, winner: Side, at: u64) -> Finished {
        let bot = |name: &str| PlayerInfo::new(name, PlayerKind::Bot);
        let when = UNIX_EPOCH + Duration::from_secs(at);
        let meta = RecordMeta::new(
            format!("g{at}"),
            BySide::new(bot("w"), bot("b")),
            when,
            when,
        );
        let mut game = Game::new(TimeControl::Untimed);
        let t0 = std::time::Instant::now();
        game.start(t0);
        game.end(Outcome::win(winner, EndReason::NoLegalMove), t0);
        Finished {
            white,
            black,
            record: GameRecord::from_game(&game, meta).unwrap(),
        }
    }

    /// A round robin of `players` where the lower index always wins.
    fn stronger_first_wins(players: usize, per_pair: usize) -> Vec<Finished> {
        let schedule = Schedule::new(players, per_pair);
        (0..schedule.games())
            .map(|i| {
                let game = schedule.game(i);
                let winner = if game.white < game.black {
                    Side::First
                } else {
                    Side::Second
                };
                finished(game.white, game.black, winner, i as u64)
            })
            .collect()
    }

    fn players(specs: &[&str]) -> Vec<Entrant> {
        entrants(specs.iter().map(|s| s.parse().unwrap()).collect()).unwrap()
    }

    #[test]
    fn the_tables_rank_by_rating_and_count_every_pair() {
        let entrants = players(&["level:3", "level:2", "level:1"]);
        let results = stronger_first_wins(3, 2);
        let ratings = ratings(&entrants, &results);
        let text = tables(&entrants, &results, &ratings);
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].starts_with("rank  player"), "{text}");
        assert!(lines[1].starts_with("   1  level3"), "{text}");
        assert!(lines[1].ends_with("4     4       0  100.0%"), "{text}");
        assert!(lines[3].starts_with("   3  level1"), "{text}");
        assert!(lines[3].ends_with("0       4    0.0%"), "{text}");
        let first = rating_text(&ratings, &entrants[0]);
        assert!(lines[1].contains(&first), "{text}");
        assert!(text.contains("1 level3    -  2-0  2-0"), "{text}");
        assert!(text.contains("3 level1  0-2  0-2    -"), "{text}");
    }

    #[test]
    fn the_tables_fit_80_columns_with_long_names_and_many_players() {
        let long = "mcts:c=30,width=36,qwidth=10,rwidth=8,rqwidth=4,playout=2,scale=3";
        let specs: Vec<String> = (1..=12)
            .map(|n| {
                if n % 2 == 0 {
                    format!("uci:/opt/engines/a-very-long-engine-name-number-{n} --fast")
                } else {
                    long.to_string()
                }
            })
            .collect();
        let specs: Vec<&str> = specs.iter().map(String::as_str).collect();
        let entrants = players(&specs);
        let results = stronger_first_wins(12, 100);
        let ratings = ratings(&entrants, &results);
        let text = tables(&entrants, &results, &ratings);
        for line in text.lines() {
            assert!(line.chars().count() <= 80, "{line:?} of\n{text}");
        }
        // Cut names keep their ends, so the players stay apart.
        let rows: Vec<&str> = text.lines().skip(1).take(12).collect();
        let mut names: Vec<&str> = rows
            .iter()
            .map(|r| r.split_whitespace().nth(1).unwrap())
            .collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), 12, "{text}");
        assert!(text.contains("mcts-c30-w36-q10-rw8-rq4-s3-A"), "{text}");
        // The twelve columns of 100-game pairs need two blocks.
        assert_eq!(text.matches(" 12\n").count(), 1, "{text}");
        assert!(text.contains("100-0"), "{text}");
    }

    #[test]
    fn a_player_without_games_is_listed_unrated() {
        let entrants = players(&["level:1", "level:2", "level:3"]);
        let results = vec![finished(0, 1, Side::First, 1)];
        let ratings = ratings(&entrants, &results);
        let text = tables(&entrants, &results, &ratings);
        let last = text.lines().nth(3).unwrap();
        assert!(last.starts_with("   3  level3"), "{text}");
        assert!(last.contains("1500? ± 500"), "{text}");
        assert!(last.ends_with("-"), "{text}");
    }
}
