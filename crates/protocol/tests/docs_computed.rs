//! The values of the documented examples are what the code computes for
//! them, not numbers someone typed: docs_examples.rs checks that each example
//! has the shape the code writes, this file that its content could come from
//! a run. An example says what produces it in its fence's info string
//! (```` ```json record ````), and each tag has its check here:
//!
//! - `record`: the game record is rebuilt by `GameRecord::from_game` from
//!   the game its moves, times and result describe (so the schema number,
//!   each clock and the final position are the code's);
//! - `history`: the game list is the history of rated games that the
//!   rating examples come from; a game also shown as a `record` is listed as
//!   `GameSummary::of` lists that record;
//! - `ratings`: the ratings are computed by `amazons-ratings` from the
//!   `history` (a `game_over` is the history's game of its `record_id`; a
//!   leaderboard or a player's page is the whole history folded);
//! - `analysis`: an analysis of the `record` example's game: each move
//!   played is the game's, each engine move and line legal where it stands,
//!   and each class, count and accuracy is what the engine's rules
//!   (`amazons_engine::analysis`) make of the losses shown;
//! - `standings`: a tournament's standings, tie-breaks, planned rounds and
//!   entrant count are computed by `amazons-tournament` from its rounds, and
//!   each entrant's rating is the history's rating of that name (the start,
//!   1500 ± 500, for a name with no rated game).
//!
//! Every rating shown anywhere (a seat's, a change's, a leaderboard's) is in
//! the system's bounds and provisional exactly when the rules say; the
//! record layout version the text names is the code's; the format examples
//! of docs/tournaments.md are formats as the code writes them. A tag with
//! no check, or a tagged example no run could produce, fails.

use std::time::{Duration, Instant, UNIX_EPOCH};

use amazons_core::{
    BySide, EndReason, Game, GameRecord, Position, RECORD_SCHEMA_VERSION, RecordMeta, Side,
};
use amazons_protocol::{
    GameSummary, GamesPage, PlayerPage, PlayerRow, PlayersPage, Rating, RatingPoint, ServerMessage,
    StandingRow, TiebreakValue, TournamentView,
};
use amazons_ratings::{Contestant, RatedGame, RatingRules, Ratings};
use amazons_tournament::Format;
use serde_json::Value;

/// One fenced JSON example of a document.
struct Example {
    /// The document and line, for messages.
    at: String,
    /// The `###` heading it is under, without backticks.
    heading: String,
    /// The words after `json` in the fence's info string.
    tags: Vec<String>,
    /// The JSON text.
    json: String,
}

/// The text of `docs/<name>`.
fn doc(name: &str) -> String {
    let path = format!("{}/../../docs/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Every ```` ```json ```` block of `docs/<name>`.
fn examples(name: &str) -> Vec<Example> {
    let text = doc(name);
    let mut found = Vec::new();
    let mut heading = String::new();
    let mut open: Option<(usize, Vec<String>, String)> = None;
    for (index, line) in text.lines().enumerate() {
        if let Some((start, tags, mut json)) = open.take() {
            if line.starts_with("```") {
                found.push(Example {
                    at: format!("docs/{name}:{}", start + 1),
                    heading: heading.clone(),
                    tags,
                    json,
                });
            } else {
                json.push_str(line);
                json.push('\n');
                open = Some((start, tags, json));
            }
        } else if let Some(rest) = line.strip_prefix("### ") {
            heading = rest.trim_matches('`').to_owned();
        } else if let Some(info) = line.strip_prefix("```json") {
            let tags = info.split_whitespace().map(str::to_owned).collect();
            open = Some((index, tags, String::new()));
        }
    }
    found
}

/// The examples of docs/protocol.md that carry `tag`.
fn tagged(tag: &str) -> Vec<Example> {
    examples("protocol.md")
        .into_iter()
        .filter(|e| e.tags.iter().any(|t| t == tag))
        .collect()
}

/// The one example carrying `tag` under `heading`.
fn the_example(tag: &str, heading: &str) -> Example {
    let mut found: Vec<Example> = tagged(tag)
        .into_iter()
        .filter(|e| e.heading == heading)
        .collect();
    assert_eq!(found.len(), 1, "one `{tag}` example under `{heading}`");
    found.remove(0)
}

/// The example read as `T`.
fn parse<T: serde::de::DeserializeOwned>(example: &Example) -> T {
    serde_json::from_str(&example.json).unwrap_or_else(|e| panic!("{}: {e}", example.at))
}

/// The example as JSON.
fn value(example: &Example) -> Value {
    parse(example)
}

/// Every tag an example may carry: each has its check below.
const TAGS: [&str; 5] = ["record", "history", "ratings", "analysis", "standings"];

#[test]
fn every_tag_names_a_check() {
    for name in ["protocol.md", "analysis.md", "tournaments.md"] {
        for example in examples(name) {
            for tag in &example.tags {
                assert!(
                    TAGS.contains(&tag.as_str()),
                    "{}: `{tag}` is no producer this test checks ({TAGS:?})",
                    example.at
                );
            }
        }
    }
    // The tags checked one example at a time are checked under these
    // headings only: anywhere else they would be checked by nothing.
    for (tag, headings) in [
        ("history", &["GET /api/games"][..]),
        (
            "ratings",
            &["game_over", "GET /api/players", "GET /api/players/{name}"][..],
        ),
    ] {
        for example in tagged(tag) {
            assert!(
                headings.contains(&example.heading.as_str()),
                "{}: no check computes `{tag}` under `{}`",
                example.at,
                example.heading
            );
        }
    }
    for tag in TAGS {
        assert!(!tagged(tag).is_empty(), "no example is tagged `{tag}`");
    }
}

/// `record`, rebuilt by the one constructor from the game it describes.
fn rebuilt(record: &GameRecord) -> GameRecord {
    let start = match &record.initial_fen {
        Some(fen) => fen.parse::<Position>().expect("the initial FEN reads"),
        None => Position::start(),
    };
    let mut game = Game::from_position(start, record.time_control);
    let began = Instant::now();
    game.start(began);
    let mut spent = 0;
    for recorded in &record.moves {
        spent += recorded.time_ms;
        game.play(recorded.mv, began + Duration::from_millis(spent))
            .unwrap_or_else(|e| panic!("{}: {e:?}", recorded.mv));
    }
    let ended = began + Duration::from_millis(record.ended_at_ms - record.started_at_ms);
    let result = record.result;
    match (result.reason, result.winner) {
        (EndReason::NoLegalMove, _) => {}
        (EndReason::Resignation, Some(winner)) => game.resign(winner.opponent(), ended),
        (EndReason::Time, Some(winner)) => {
            game.flag(winner.opponent());
        }
        _ => game.end(result, ended),
    }
    let at = |ms: u64| UNIX_EPOCH + Duration::from_millis(ms);
    let mut meta = RecordMeta::new(
        record.id.clone(),
        BySide::new(record.white.clone(), record.black.clone()),
        at(record.started_at_ms),
        at(record.ended_at_ms),
    )
    .rated(record.rated);
    if let Some(of) = &record.rematch_of {
        meta = meta.rematch_of(of.clone());
    }
    if let Some(tournament) = &record.tournament {
        meta = meta.tournament(tournament.id.clone(), tournament.round);
    }
    if let Some(territory) = &record.territory {
        meta = meta.territory(territory.clone());
    }
    GameRecord::from_game(&game, meta).expect("the game has ended")
}

#[test]
fn the_record_example_is_what_the_record_type_writes_for_its_game() {
    let examples = tagged("record");
    assert!(!examples.is_empty());
    for example in examples {
        let record: GameRecord = parse(&example);
        let written = serde_json::to_value(rebuilt(&record)).unwrap();
        assert_eq!(
            written,
            value(&example),
            "{}: the code writes the first for this game",
            example.at
        );
    }
}

#[test]
fn the_record_layout_version_named_is_the_codes() {
    let text = doc("protocol.md");
    let named = text
        .split("- `schema`: the record layout version (")
        .nth(1)
        .and_then(|rest| rest.split(';').next())
        .expect("docs/protocol.md names the record layout version");
    assert_eq!(named, RECORD_SCHEMA_VERSION.to_string());
    let design = doc("design/core.md");
    assert!(
        design.contains(&format!("Version\n  {RECORD_SCHEMA_VERSION} added"))
            || design.contains(&format!("Version {RECORD_SCHEMA_VERSION} added")),
        "docs/design/core.md says what version {RECORD_SCHEMA_VERSION} added"
    );
}

/// The games of the `history` example, oldest first.
fn history() -> Vec<GameSummary> {
    let page: GamesPage = parse(&the_example("history", "GET /api/games"));
    let mut games = page.games;
    games.reverse();
    games
}

/// The history's games as the rating system counts them.
fn rated(games: &[GameSummary]) -> Vec<RatedGame> {
    games
        .iter()
        .map(|game| {
            assert!(game.rated, "{}: a history game is rated", game.id);
            let side = |info: &amazons_core::PlayerInfo| {
                Contestant::new(
                    info.id.clone().expect("a rated game's players have ids"),
                    info.name.clone(),
                    info.kind,
                )
            };
            RatedGame::new(
                game.id.clone(),
                game.ended_at_ms,
                BySide::new(side(&game.white), side(&game.black)),
                game.result.winner.expect("a rated game has a winner"),
            )
        })
        .collect()
}

/// The ratings table the whole history makes.
fn table() -> Ratings {
    Ratings::rebuild(RatingRules::lichess(), rated(&history()))
}

#[test]
fn the_history_lists_its_records_as_the_code_summarises_them() {
    let games = history();
    for pair in games.windows(2) {
        assert!(pair[0].ended_at_ms < pair[1].ended_at_ms, "newest first");
    }
    let record: GameRecord = parse(&the_example("record", "GET /api/games/{id}"));
    let listed = games
        .iter()
        .find(|game| game.id == record.id)
        .expect("the history lists the record's game");
    assert_eq!(listed, &GameSummary::of(&record));
}

#[test]
fn a_rated_game_over_shows_what_the_ratings_crate_computes() {
    let example = the_example("ratings", "game_over");
    let ServerMessage::GameOver {
        record_id: Some(record_id),
        ratings: Some(shown),
        ..
    } = ServerMessage::decode(&example.json).unwrap()
    else {
        panic!(
            "{}: a rated game_over with its record and ratings",
            example.at
        );
    };
    let games = history();
    let upto = games
        .iter()
        .position(|game| game.id == record_id.to_string())
        .expect("the game is in the history");
    let mut table = Ratings::rebuild(RatingRules::lichess(), rated(&games[..upto]));
    let change = table.record(rated(&games[upto..=upto]).remove(0));
    for side in [Side::First, Side::Second] {
        assert_eq!(
            shown[side],
            table.shown_change(&change, side),
            "{}: {side:?}",
            example.at
        );
    }
}

/// A standing as a leaderboard line, placed `rank`.
fn row(table: &Ratings, standing: &amazons_ratings::Standing, rank: u32) -> PlayerRow {
    PlayerRow {
        rank,
        name: standing.name.clone(),
        id: standing.id.clone(),
        kind: standing.kind,
        rating: table.rules().shown(standing.glicko),
        games: standing.games(),
        wins: standing.wins,
        losses: standing.losses,
        last_played_ms: standing.last_played_ms,
    }
}

#[test]
fn the_leaderboard_is_the_history_folded() {
    let example = the_example("ratings", "GET /api/players");
    let page: PlayersPage = parse(&example);
    let table = table();
    let ranked = table.ranked(None);
    let expected = PlayersPage {
        players: ranked
            .iter()
            .enumerate()
            .map(|(i, standing)| row(&table, standing, i as u32 + 1))
            .collect(),
        page: 1,
        per_page: 20,
        total: ranked.len() as u64,
    };
    assert_eq!(page, expected, "{}", example.at);
}

#[test]
fn a_players_page_is_the_history_folded() {
    let example = the_example("ratings", "GET /api/players/{name}");
    let page: PlayerPage = parse(&example);
    let table = table();
    let ranked = table.ranked(None);
    let (index, standing) = ranked
        .iter()
        .enumerate()
        .find(|(_, s)| s.name == page.row.name)
        .expect("the page's player has a rated game in the history");
    let mut recent: Vec<GameSummary> = history()
        .into_iter()
        .filter(|g| {
            g.white.id == Some(standing.id.clone()) || g.black.id == Some(standing.id.clone())
        })
        .collect();
    recent.reverse();
    recent.truncate(20);
    let expected = PlayerPage {
        row: row(&table, standing, index as u32 + 1),
        history: standing
            .history
            .iter()
            .map(|point| RatingPoint {
                at_ms: point.at_ms,
                rating: point.rating.round() as i32,
                deviation: point.deviation.round() as i32,
            })
            .collect(),
        recent_games: recent,
    };
    assert_eq!(page, expected, "{}", example.at);
}

/// The rating the history gives the player named `name` (the start for a
/// name without a rated game).
fn rating_of(table: &Ratings, name: &str) -> Rating {
    table
        .ranked(None)
        .iter()
        .find(|s| s.name == name)
        .map_or(table.rules().shown(table.rules().start()), |s| {
            table.rules().shown(s.glicko)
        })
}

#[test]
fn tournament_standings_are_the_tournament_crates() {
    let table = table();
    let examples = tagged("standings");
    assert!(examples.len() >= 2);
    for example in examples {
        let mut document = value(&example);
        if let Some(inner) = document.get("tournament") {
            document = inner.clone();
        }
        let view: TournamentView =
            serde_json::from_value(document).unwrap_or_else(|e| panic!("{}: {e}", example.at));
        let at = &example.at;
        let names: Vec<&str> = view.entrants.iter().map(|e| e.name.as_str()).collect();
        let rounds = view.rounds_among(&names);
        let paired: Vec<usize> = rounds.iter().map(|r| r.pairings.len()).collect();
        let games: Vec<usize> = view.rounds.iter().map(|r| r.games.len()).collect();
        assert_eq!(paired, games, "{at}: every game is between entrants");
        let format: Format = view.summary.format;
        let expected: Vec<StandingRow> =
            amazons_tournament::standings(&format, view.entrants.len(), &rounds)
                .into_iter()
                .map(|s| StandingRow {
                    rank: s.rank,
                    name: view.entrants[s.entrant].name.clone(),
                    points: s.points,
                    games: s.games,
                    tiebreaks: s
                        .tiebreaks
                        .into_iter()
                        .map(|(kind, value)| TiebreakValue { kind, value })
                        .collect(),
                })
                .collect();
        assert_eq!(
            view.standings,
            expected,
            "{at}: the standings are {}",
            serde_json::to_string(&expected).unwrap()
        );
        assert_eq!(
            view.summary.rounds_planned,
            format.rounds_planned(view.entrants.len()),
            "{at}: rounds planned"
        );
        assert_eq!(
            view.crosstable,
            view.clone().with_crosstable().crosstable,
            "{at}: the crosstable is the one the code makes from the rounds"
        );
        assert_eq!(view.summary.entrant_count as usize, view.entrants.len());
        assert_eq!(view.summary.round as usize, view.rounds.len(), "{at}");
        for entrant in &view.entrants {
            assert_eq!(
                entrant.rating,
                Some(rating_of(&table, &entrant.name)),
                "{at}: {}'s rating",
                entrant.name
            );
        }
    }
}

/// Every `{rating, deviation, provisional}` object inside `value`.
fn ratings_in(value: &Value, found: &mut Vec<Value>) {
    match value {
        Value::Object(map) => {
            let keys: Vec<&str> = map.keys().map(String::as_str).collect();
            if keys.len() == 3
                && ["rating", "deviation", "provisional"]
                    .iter()
                    .all(|k| map.contains_key(*k))
            {
                found.push(value.clone());
            }
            map.values().for_each(|v| ratings_in(v, found));
        }
        Value::Array(list) => list.iter().for_each(|v| ratings_in(v, found)),
        _ => {}
    }
}

#[test]
fn every_rating_shown_is_one_the_rules_allow() {
    let rules = RatingRules::lichess();
    let mut count = 0;
    for example in examples("protocol.md") {
        let mut found = Vec::new();
        ratings_in(&value(&example), &mut found);
        for shown in found {
            let rating: Rating = serde_json::from_value(shown).unwrap();
            count += 1;
            let deviation = f64::from(rating.deviation);
            assert!(
                (rules.min_deviation..=rules.max_deviation).contains(&deviation),
                "{}: {rating:?}",
                example.at
            );
            assert_eq!(
                rating.provisional,
                deviation > rules.provisional_deviation,
                "{}: {rating:?}",
                example.at
            );
        }
    }
    assert!(count > 10, "{count} ratings");
}

#[test]
fn the_format_examples_of_tournaments_md_are_formats() {
    let text = doc("tournaments.md");
    let spans: Vec<&str> = text
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|span| span.starts_with("{\""))
        .collect();
    assert!(spans.len() >= 3, "{spans:?}");
    for span in spans {
        let format: Format = serde_json::from_str(span).unwrap_or_else(|e| panic!("{span}: {e}"));
        let shown: Value = serde_json::from_str(span).unwrap();
        assert_eq!(serde_json::to_value(format).unwrap(), shown, "{span}");
    }
    for name in ["analysis.md", "tournaments.md"] {
        for example in examples(name) {
            assert!(
                !example.tags.is_empty(),
                "{}: an example says what produces it",
                example.at
            );
        }
    }
}

#[test]
fn an_analysis_classes_its_moves_by_the_engines_rules() {
    use amazons_engine::analysis::{accuracy, classify, player_accuracy};
    use amazons_protocol::{GameAnalysis, MoveClass};
    let record: GameRecord = parse(&the_example("record", "GET /api/games/{id}"));
    let positions = record.replay().expect("the record replays");
    let examples = tagged("analysis");
    assert!(!examples.is_empty());
    for example in examples {
        let at = &example.at;
        let analysis: GameAnalysis = parse(&example);
        assert_eq!(
            analysis.game_id.to_string(),
            record.id,
            "{at}: the record's game"
        );
        assert_eq!(analysis.total as usize, positions.len(), "{at}");
        let mut accuracies = BySide::new(Vec::new(), Vec::new());
        let mut counts = BySide::new([0u32; 3], [0u32; 3]);
        for ply in &analysis.plies {
            let k = ply.ply as usize;
            let position = positions[k];
            let mut line = position;
            for mv in &ply.eval.line {
                line = line
                    .play(*mv)
                    .unwrap_or_else(|e| panic!("{at}: ply {k}: {e}"));
            }
            assert_eq!(
                ply.eval.best,
                ply.eval.line.first().copied(),
                "{at}: ply {k}"
            );
            assert_eq!(
                ply.played,
                record.moves.get(k).map(|m| m.mv),
                "{at}: ply {k}"
            );
            let Some(played) = ply.played else { continue };
            let loss = f64::from(ply.loss.expect("a played move's loss"));
            let class = classify(loss, ply.eval.best == Some(played));
            assert_eq!(ply.class, Some(class), "{at}: ply {k}");
            let mover = position.turn();
            accuracies[mover].push(accuracy(loss));
            match class {
                MoveClass::Inaccuracy => counts[mover][0] += 1,
                MoveClass::Mistake => counts[mover][1] += 1,
                MoveClass::Blunder => counts[mover][2] += 1,
                MoveClass::Best | MoveClass::Good => {}
            }
        }
        let Some(summary) = analysis.summary else {
            continue;
        };
        for side in [Side::First, Side::Second] {
            let shown = &summary[side];
            assert_eq!(
                [shown.inaccuracies, shown.mistakes, shown.blunders],
                counts[side],
                "{at}: {side:?}"
            );
            assert_eq!(
                shown.accuracy,
                player_accuracy(&accuracies[side]) as f32,
                "{at}: {side:?}'s accuracy"
            );
        }
    }
}
