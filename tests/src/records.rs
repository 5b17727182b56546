//! Game records read back from the server's HTTP API and from its history
//! directory (through the records crate, as the server reads them), and
//! checked against the rules.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use amazons_core::{EndReason, GameRecord, Position, TerritoryEnd};
use amazons_engine::territory;
use amazons_records::RecordDir;

/// `GET /api/games/{id}` parsed as a core [`GameRecord`]; panics on any other
/// status.
pub fn fetch(addr: SocketAddr, id: &str) -> GameRecord {
    let (status, body) = crate::raw::http_get(addr, &format!("/api/games/{id}"));
    assert_eq!(status, 200, "GET /api/games/{id}: {body}");
    serde_json::from_str(&body)
        .unwrap_or_else(|e| panic!("the served record of {id} does not parse: {e}\n{body}"))
}

/// The record file `<dir>/<id>.json`, parsed.
pub fn read(dir: &Path, id: &str) -> GameRecord {
    RecordDir::new(dir)
        .load(id)
        .unwrap_or_else(|e| panic!("{e}"))
}

/// Every `*.json` file of `dir`, each parsed (panics on one that does not
/// parse: a half-written record), and the names of any other files.
pub fn all_in(dir: &Path) -> (Vec<(PathBuf, GameRecord)>, Vec<String>) {
    let scan = RecordDir::new(dir).scan().expect("the history directory");
    if let Some(problem) = scan.unreadable.first() {
        let text = problem
            .path()
            .and_then(|path| std::fs::read(path).ok())
            .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
            .unwrap_or_default();
        panic!("not a complete record: {problem}\n{text}");
    }
    let records = scan
        .records
        .into_iter()
        .map(|stored| (stored.path, stored.record))
        .collect();
    let mut others = Vec::new();
    for entry in std::fs::read_dir(dir).expect("the history directory") {
        let path = entry.expect("a directory entry").path();
        if path.is_file() && path.extension().and_then(|e| e.to_str()) != Some("json") {
            others.push(path.file_name().unwrap().to_string_lossy().into_owned());
        }
    }
    (records, others)
}

/// Replays `record` through the rules and checks it is consistent: every
/// move legal, the final FEN reached, a `no_legal_move` result only when the
/// side to move really cannot move (and the winner is the other side), and a
/// `territory` result only as [`check_territory`] proves it. Any other
/// ending leaves the side to move able to move. Returns the final position.
pub fn check(record: &GameRecord) -> Position {
    let positions = record
        .replay()
        .unwrap_or_else(|e| panic!("record {} does not replay: {e}", record.id));
    let last = *positions.last().expect("at least the start");
    let final_fen = Position::from_fen(&record.final_fen)
        .unwrap_or_else(|e| panic!("record {}: final_fen does not parse: {e}", record.id));
    assert_eq!(
        final_fen, last,
        "record {}: final_fen is not where the moves lead",
        record.id
    );
    match record.result.reason {
        EndReason::NoLegalMove => assert_eq!(
            last.outcome(),
            Some(record.result),
            "record {}: the result does not follow from the moves",
            record.id
        ),
        EndReason::Territory => check_territory(record, &last),
        reason => assert!(
            !last.is_game_over(),
            "record {}: ended by {reason:?} although the side to move could not move",
            record.id
        ),
    }
    if record.result.reason != EndReason::Territory {
        assert_eq!(
            record.territory, None,
            "record {}: a territory count on a game ended by {:?}",
            record.id, record.result.reason
        );
    }
    last
}

/// Checks a game ended by `territory` at `last`, its final position: the
/// board is separated, the recorded moves left are the exact count, the
/// margin is [`TerritoryEnd::margin_of`] them, and the recorded finish is
/// legal from `last`, alternates until the loser is stuck (the loser making
/// all its moves left, the winner one more when it is to move, as many
/// otherwise) and the stuck side is the record's loser.
pub fn check_territory(record: &GameRecord, last: &Position) {
    let id = &record.id;
    let end = record
        .territory
        .as_ref()
        .unwrap_or_else(|| panic!("record {id}: ended by territory without the count"));
    assert!(
        !last.is_game_over(),
        "record {id}: ended by territory although the side to move could not move"
    );
    assert!(
        territory::is_separated(last.board()),
        "record {id}: ended by territory in a position that is not separated: {}",
        record.final_fen
    );
    let solved = territory::solve(last, territory::SOLVE_BUDGET)
        .unwrap_or_else(|| panic!("record {id}: the final position does not count exactly"));
    assert_eq!(
        end.moves_left,
        solved.moves_left(),
        "record {id}: moves left"
    );
    let turn = last.turn();
    let (own, other) = (
        *end.moves_left.get(turn),
        *end.moves_left.get(turn.opponent()),
    );
    assert_eq!(
        end.margin,
        TerritoryEnd::margin_of(own, other),
        "record {id}: margin"
    );
    let winner = if own > other { turn } else { turn.opponent() };
    assert_eq!(record.result.winner, Some(winner), "record {id}: winner");

    let mut position = *last;
    for (k, &mv) in end.finish.iter().enumerate() {
        assert!(
            !position.is_game_over(),
            "record {id}: the finish goes on after the loser is stuck (move {k})"
        );
        position = position
            .play(mv)
            .unwrap_or_else(|e| panic!("record {id}: finish move {k} ({mv}) is illegal: {e}"));
    }
    assert!(
        position.is_game_over(),
        "record {id}: the loser can still move after the finish"
    );
    assert_eq!(
        position.turn(),
        winner.opponent(),
        "record {id}: the finish leaves the winner stuck"
    );
    let expected_len = if winner == turn {
        2 * other + 1
    } else {
        2 * own
    };
    assert_eq!(
        end.finish.len(),
        expected_len as usize,
        "record {id}: the finish's length from moves left {own} (to move) and {other}"
    );
}

#[cfg(test)]
mod tests {
    use std::panic::{AssertUnwindSafe, catch_unwind};

    use amazons_core::testing::{random_game, record_of, sample_meta};
    use amazons_core::{Move, Outcome};

    use super::*;

    /// A record of a random game ended by territory at its first separated
    /// position that counts exactly (and where the side to move can move),
    /// with the count the server would record.
    fn territory_record(seed: u64) -> GameRecord {
        let mut position = Position::start();
        let mut played: Vec<Move> = Vec::new();
        for mv in random_game(seed) {
            position = position.play(mv).expect("a legal move");
            played.push(mv);
            if position.is_game_over() {
                break;
            }
            if let Some(solved) = territory::solve(&position, territory::SOLVE_BUDGET) {
                let mut record = record_from(&played);
                record.result = Outcome::win(solved.winner(), EndReason::Territory);
                record.territory = Some(TerritoryEnd {
                    margin: solved.margin(),
                    moves_left: solved.moves_left(),
                    finish: solved.finish().to_vec(),
                });
                return record;
            }
        }
        panic!("random game {seed} never reached a counted separated position");
    }

    /// The record of `moves` from the start (then a resignation).
    fn record_from(moves: &[Move]) -> GameRecord {
        let texts: Vec<String> = moves.iter().map(Move::to_string).collect();
        let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
        record_of(sample_meta("territory"), &texts)
    }

    /// Whether [`check`] rejects `record`.
    fn fails(record: &GameRecord) -> bool {
        catch_unwind(AssertUnwindSafe(|| check(record))).is_err()
    }

    #[test]
    fn a_proven_territory_ending_passes_and_every_wrong_count_fails() {
        for seed in 1..=3 {
            let record = territory_record(seed);
            check(&record);
            let end = record.territory.clone().expect("a count");

            let mut wrong = record.clone();
            wrong.territory.as_mut().unwrap().margin += 1;
            assert!(fails(&wrong), "a wrong margin");

            let mut wrong = record.clone();
            let other = wrong.result.winner.map(|w| w.opponent());
            wrong.result.winner = other;
            assert!(fails(&wrong), "the other winner");

            let mut wrong = record.clone();
            wrong.territory.as_mut().unwrap().finish.pop();
            assert!(fails(&wrong), "a finish one move short");

            let mut wrong = record.clone();
            wrong.territory = None;
            assert!(fails(&wrong), "no count");

            let mut wrong = record.clone();
            let left = &mut wrong.territory.as_mut().unwrap().moves_left;
            *left = amazons_core::BySide::new(left.second, left.first);
            if left.first != left.second {
                assert!(fails(&wrong), "the moves left swapped");
            }

            // One move earlier the same ending is not proven from the board.
            let moves: Vec<Move> = record.moves.iter().map(|m| m.mv).collect();
            let mut early = record_from(&moves[..moves.len() - 1]);
            early.result = record.result;
            early.territory = Some(end);
            assert!(fails(&early), "a count of another position");
        }
    }

    #[test]
    fn a_territory_count_on_another_ending_fails() {
        let mut record = territory_record(4);
        record.result.reason = EndReason::Resignation;
        assert!(fails(&record));
    }
}
