//! `analyse` (a game record analysed at a fixed budget, as the server's
//! analysis does) and `solve` (the territory view and exact count of one
//! position).

use std::path::PathBuf;
use std::time::Instant;

use amazons_core::{Move, Position, Side, Square};
use amazons_engine::analysis::{self, AnalysisBudget, GameAnalysis, PositionEval};
use amazons_engine::territory::{self, Territory};
use anyhow::Context;
use cpu_time::ProcessTime;

/// Options of `amazons-engine analyse`.
#[derive(clap::Args)]
pub struct AnalyseArgs {
    /// The game record (JSON, as the server, the client and the arena write
    /// them).
    record: PathBuf,
    /// Playouts per position (the analysis budget).
    #[arg(long, default_value_t = analysis::DEFAULT_PLAYOUTS)]
    playouts: u64,
    /// Positions evaluated at once, each on a thread of its own (the
    /// analysis is the same for any number).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: u16,
}

/// Options of `amazons-engine solve`.
#[derive(clap::Args)]
pub struct SolveArgs {
    /// The position (FEN).
    fen: String,
    /// Work budget of the exact count, in generated moves.
    #[arg(long, default_value_t = territory::SOLVE_BUDGET)]
    budget: u64,
}

/// Analyses a record: one line per position as it is done (with the
/// evaluation after the engine's move where the played move differs), then
/// the classes, the summary and the wall and CPU time (of the whole
/// process: with `--threads 1` what one core spent).
pub fn analyse(args: AnalyseArgs) -> anyhow::Result<()> {
    let record = amazons_records::load_file(&args.record)
        .with_context(|| format!("reading {}", args.record.display()))?;
    let start = record
        .initial_position()
        .with_context(|| format!("the start of {}", args.record.display()))?;
    let moves: Vec<Move> = record.moves.iter().map(|m| m.mv).collect();
    let budget = AnalysisBudget {
        playouts: args.playouts,
    };
    println!(
        "{}: {} plies, {}, {} thread(s)",
        record.id,
        moves.len(),
        budget.describe(),
        args.threads
    );
    let positions = analysis::positions(&start, &moves)?;
    let wall = Instant::now();
    let cpu = ProcessTime::now();
    let mut evals = Vec::with_capacity(positions.len());
    let mut children = Vec::with_capacity(positions.len());
    analysis::evaluate_positions(
        &positions,
        &moves,
        &budget,
        usize::from(args.threads),
        &mut |ply, eval, child| {
            println!(
                "{ply:>3} {:>7}  best {}{}",
                eval_text(&eval),
                eval.best.map_or("-".to_string(), |m| m.to_string()),
                child
                    .as_ref()
                    .map_or(String::new(), |c| format!("  after it {}", eval_text(c)))
            );
            evals.push(eval);
            children.push(child);
            true
        },
    );
    let (wall, cpu) = (wall.elapsed(), cpu.elapsed());
    let extra = children.iter().filter(|c| c.is_some()).count();
    let game = GameAnalysis::from_evals(&start, &moves, evals, children)?;
    println!();
    for ply in &game.plies {
        if let (Some(played), Some(class)) = (ply.played, ply.class) {
            println!(
                "{:>3} {:<12} {:<10} loss {:.2}  (best {})",
                ply.ply + 1,
                played.to_string(),
                class.to_string(),
                ply.loss.unwrap_or(0.0),
                ply.eval.best.map_or("-".to_string(), |m| m.to_string())
            );
        }
    }
    for side in Side::BOTH {
        let s = game.summary[side];
        println!(
            "{side}: {} inaccuracies, {} mistakes, {} blunders, accuracy {:.1}",
            s.inaccuracies, s.mistakes, s.blunders, s.accuracy
        );
    }
    println!(
        "Positions: {}, after the engine's move: {}\nWall time: {:.2} s\nCPU time: {:.2} s",
        positions.len(),
        extra,
        wall.as_secs_f64(),
        cpu.as_secs_f64(),
    );
    Ok(())
}

/// White's win chance as a percentage, or the proven result.
fn eval_text(eval: &PositionEval) -> String {
    match eval.proven {
        Some(p) => format!(
            "{}+{}",
            if p.winner == Side::First { "W" } else { "B" },
            p.plies
        ),
        None => format!("{:.1}%", eval.win_chance_white * 100.0),
    }
}

/// Prints the territory view of a position and, when it is separated, its
/// exact count: moves left, the winner and margin, and the proven finish.
pub fn solve(args: SolveArgs) -> anyhow::Result<()> {
    let position = Position::from_fen(&args.fen).context("reading the FEN")?;
    let view = Territory::of(position.board());
    let owners = view.owners_text();
    for rank in (0..10).rev() {
        let row: String = owners[rank * 10..rank * 10 + 10].chars().collect();
        println!("{:>2} {row}", rank + 1);
    }
    println!("   abcdefghij");
    let c = view.counts();
    println!(
        "White {} · Black {} · contested {}",
        c.nearer.first, c.nearer.second, c.contested
    );
    for r in view.regions() {
        let first = r
            .squares
            .first()
            .map_or("-".to_string(), |s: Square| s.to_string());
        let owner = r.owner.map_or("nobody".to_string(), |s| s.to_string());
        println!(
            "region at {first}: {} squares, {owner}, moves {}..{}",
            r.squares.count(),
            r.moves.lower,
            r.moves.upper
        );
    }
    if !view.is_separated() {
        println!("Not separated.");
        return Ok(());
    }
    let start = Instant::now();
    match territory::solve(&position, args.budget) {
        Some(s) => {
            let left = s.moves_left();
            let finish: Vec<String> = s.finish().iter().map(Move::to_string).collect();
            println!(
                "Moves left: white {}, black {}\n{} wins by {}\nFinish: {}\nTime: {:.3} ms",
                left.first,
                left.second,
                s.winner(),
                s.margin(),
                finish.join(" "),
                start.elapsed().as_secs_f64() * 1000.0
            );
        }
        None => println!("Separated, but the count did not finish within the budget."),
    }
    Ok(())
}
