//! The one grammar that names a player, for the arena, the client's bots and
//! offline games (which add `human` on top):
//!
//! | text | player |
//! |---|---|
//! | `level:N`, `levelN`, `engine:N` (N = 1–7) | the built-in engine at level N |
//! | `random`, `baseline`, `ab`/`alphabeta`, `full`/`mcts`/`engine` | levels 1, 3, 6, 7, 7 |
//! | `level:6:root=24,inner=10,…` (also `ab:…`) | level 6 with other selectivity (`root`, `inner`, `queen`, `qeval`, `aeval`, `kappa`, `mob`) |
//! | `mcts:c=30,width=24,…` | level 7 with other Monte-Carlo knobs (`c`, `width`, `qwidth`, `rwidth`, `rqwidth`, `playout`, `scale`, `expand`, `prior`, `widen`, `reuse`, `tm`, `tree` (0: root parallelism, 1: one shared tree with virtual loss), `vloss`, `kappa` and `mob` (the evaluation's tempo and mobility weight, in hundredths), `t1`, `t2`, `c1`, `c2` (multipliers on the weights of those Lieberum terms, in hundredths) `fight` (the fight measure of all-opening weights, 60), `narrow` (queen moves whose arrows an inner node's first ranking keeps, 0: `qwidth`) and `regrow` (playouts at which a narrow node is ranked again at `qwidth`, 0: never)) |
//! | `uci:CMD` | an external engine over UCI (Fairy-Stockfish's Amazons dialect) |
//! | `botzone:CMD` | a bot written for Botzone (simple interaction) |
//! | `sau:CMD` | an engine written for the SAU platform |
//!
//! `CMD` is a command line, split the way a POSIX shell splits it (quotes and
//! backslashes; no shell runs). An out-of-range level is an error, never
//! clamped. [`PlayerSpec`]'s `Display` writes the canonical text, which
//! parses back to the same spec.

use std::fmt;
use std::str::FromStr;

use crate::mcts::{MctsParams, Parallelism};
use crate::player::external::{ExternalTimeouts, SessionOptions};
use crate::player::process::split_command;
use crate::player::{BuiltinPlayer, ExternalPlayer, Player, PlayerError};
use crate::time::TimePlan;
use amazons_core::Level;

use crate::{ALPHA_BETA_LEVEL, Engine, EngineConfig, MAX_LEVEL, TimeSource, Tuning};

/// The alpha-beta level as a [`Level`].
const ALPHA_BETA: Level = Level::new(ALPHA_BETA_LEVEL).expect("the alpha-beta level is a level");

/// The protocol an external engine speaks.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Protocol {
    /// UCI in Fairy-Stockfish's Amazons dialect ([`crate::player::uci`]).
    Uci,
    /// Botzone's simple interaction ([`crate::player::botzone`]).
    Botzone,
    /// The SAU platform's protocol ([`crate::player::sau`]).
    Sau,
}

impl Protocol {
    /// Every protocol, in the order the grammar lists them.
    pub const ALL: [Protocol; 3] = [Protocol::Uci, Protocol::Botzone, Protocol::Sau];

    /// The prefix that names it in a player spec (without the colon).
    pub fn prefix(self) -> &'static str {
        match self {
            Protocol::Uci => "uci",
            Protocol::Botzone => "botzone",
            Protocol::Sau => "sau",
        }
    }
}

/// A player, named: a built-in level (possibly with other knobs) or an
/// external engine with its protocol and command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    /// The built-in engine at a level.
    Level(Level),
    /// The alpha-beta level 6 with other selectivity, for experiments.
    Tuned(Tuning),
    /// The Monte-Carlo level 7 with other knobs, for experiments (`mcts`
    /// alone, or with the default knobs, is `Level(7)`).
    Mcts(MctsParams),
    /// An external engine.
    External {
        /// Its protocol.
        protocol: Protocol,
        /// Its command line as written (split when it is started).
        command: String,
    },
}

/// Why a player spec was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{text}`: {reason}")]
pub struct SpecError {
    /// The text refused.
    pub text: String,
    /// Why, with what would be accepted.
    pub reason: String,
}

/// What a spec needs besides itself to become a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayerSettings {
    /// Search threads of a built-in player.
    pub threads: usize,
    /// Hash (level 6) or tree memory (level 7) of a built-in player, in MB.
    pub hash_mb: usize,
    /// Seed of a built-in player's randomised levels: `None` (the default)
    /// draws one per game, `Some` replays.
    pub seed: Option<u64>,
    /// The clock a built-in player counts its thinking time on (wall-clock
    /// time for real play; CPU time for measurements).
    pub time_source: TimeSource,
    /// Deadlines for external engines.
    pub timeouts: ExternalTimeouts,
    /// Whether an external engine's stderr goes to ours.
    pub show_stderr: bool,
}

impl Default for PlayerSettings {
    fn default() -> Self {
        PlayerSettings {
            threads: 1,
            hash_mb: 32,
            seed: EngineConfig::default().seed,
            time_source: TimeSource::Wall,
            timeouts: ExternalTimeouts::default(),
            show_stderr: false,
        }
    }
}

impl PlayerSpec {
    /// Builds the player: a built-in engine at once, an external engine
    /// started (and handshaken) now, so a bad command fails before any game.
    pub fn player(&self, settings: &PlayerSettings) -> Result<Box<dyn Player>, PlayerError> {
        let engine = |level: u8| {
            Engine::new(EngineConfig {
                level,
                threads: settings.threads,
                hash_mb: settings.hash_mb,
                seed: settings.seed,
                time_source: settings.time_source,
            })
        };
        Ok(match self {
            PlayerSpec::Level(level) => Box::new(BuiltinPlayer::new(engine(level.get()))),
            PlayerSpec::Tuned(tuning) => {
                let mut e = engine(ALPHA_BETA_LEVEL);
                e.set_tuning(*tuning);
                Box::new(BuiltinPlayer::new(e))
            }
            PlayerSpec::Mcts(params) => {
                let mut e = engine(MAX_LEVEL);
                e.set_mcts_params(*params);
                Box::new(BuiltinPlayer::new(e))
            }
            PlayerSpec::External { protocol, command } => {
                let words = split_command(command).map_err(|reason| PlayerError::Spawn {
                    command: command.clone(),
                    source: std::io::Error::new(std::io::ErrorKind::InvalidInput, reason),
                })?;
                let options = SessionOptions {
                    timeouts: settings.timeouts,
                    show_stderr: settings.show_stderr,
                };
                Box::new(ExternalPlayer::start(*protocol, words, options)?)
            }
        })
    }

    /// A short label for tables and arena records: `level7`, the knobs of a
    /// tuned player, or an external engine's program name.
    pub fn label(&self) -> String {
        match self {
            PlayerSpec::Level(n) => format!("level{n}"),
            PlayerSpec::Tuned(t) => {
                label_of("ab", &tuning_knobs(t), &tuning_knobs(&Tuning::default()))
            }
            PlayerSpec::Mcts(p) => {
                label_of("mcts", &mcts_knobs(p), &mcts_knobs(&MctsParams::default()))
            }
            PlayerSpec::External { command, .. } => split_command(command)
                .ok()
                .and_then(|words| words.first().cloned())
                .map_or_else(
                    || command.clone(),
                    |program| program.rsplit('/').next().unwrap_or(&program).to_string(),
                ),
        }
    }

    /// The protocol of an external engine (`None` for the built-in engine).
    pub fn protocol(&self) -> Option<Protocol> {
        match self {
            PlayerSpec::External { protocol, .. } => Some(*protocol),
            _ => None,
        }
    }
}

/// One knob of a tuned player: its key in the grammar (`width`), its key
/// in labels (`w`), and its value (yes/no as 1/0).
type Knob = (&'static str, &'static str, i64);

/// The MCTS knobs, in the order the text and the label give them; what
/// [`parse_mcts`] reads.
fn mcts_knobs(p: &MctsParams) -> [Knob; 23] {
    [
        ("c", "c", p.exploration_pct.into()),
        ("width", "w", p.width as i64),
        ("qwidth", "q", p.queen_width as i64),
        ("rwidth", "rw", p.root_width as i64),
        ("rqwidth", "rq", p.root_queen_width as i64),
        ("playout", "p", p.playout_plies.into()),
        ("scale", "s", p.scale_cp.into()),
        ("expand", "e", p.expand_visits.into()),
        ("prior", "pr", p.prior_visits.into()),
        ("widen", "wi", p.widen.into()),
        ("reuse", "re", p.reuse.into()),
        ("tm", "tm", (p.time_plan == TimePlan::Phased).into()),
        ("tree", "tr", (p.parallel == Parallelism::Tree).into()),
        ("vloss", "vl", p.virtual_loss.into()),
        ("kappa", "k", p.kappa_pct.into()),
        ("mob", "m", p.mobility_pct.into()),
        ("t1", "tq", p.terms_pct[0].into()),
        ("t2", "tk", p.terms_pct[1].into()),
        ("c1", "pq", p.terms_pct[2].into()),
        ("c2", "pk", p.terms_pct[3].into()),
        ("fight", "f", p.fight_start.into()),
        ("narrow", "na", p.narrow as i64),
        ("regrow", "rg", p.regrow.into()),
    ]
}

/// The value of the `mcts:` knob `key` of `p` (yes/no as 1/0), or `None`
/// when the grammar has no such key: how the tuner reads a player, by the
/// same names the grammar gives.
pub(crate) fn mcts_knob(p: &MctsParams, key: &str) -> Option<i64> {
    mcts_knobs(p)
        .into_iter()
        .find(|(k, _, _)| *k == key)
        .map(|(_, _, v)| v)
}

/// Sets the `mcts:` knob `key` of `p` to `v`, as the grammar reads
/// `key=v`; the error names a bad value or an unknown key.
pub(crate) fn set_mcts_knob(p: &mut MctsParams, key: &str, v: usize) -> Result<(), String> {
    let v32 = u32::try_from(v).map_err(|_| format!("`{key}={v}` is too large"))?;
    match key {
        "c" => p.exploration_pct = v32,
        "width" => p.width = v,
        "qwidth" => p.queen_width = v,
        "rwidth" => p.root_width = v,
        "rqwidth" => p.root_queen_width = v,
        "playout" => p.playout_plies = v32,
        "scale" => p.scale_cp = v32.max(1),
        "expand" => p.expand_visits = v32,
        "prior" => p.prior_visits = v32,
        "widen" => p.widen = v32,
        "reuse" => p.reuse = flag(key, v)?,
        "tm" => {
            p.time_plan = if flag(key, v)? {
                TimePlan::Phased
            } else {
                TimePlan::Even
            }
        }
        "tree" => {
            p.parallel = if flag(key, v)? {
                Parallelism::Tree
            } else {
                Parallelism::Root
            }
        }
        "vloss" => p.virtual_loss = v32,
        "kappa" => p.kappa_pct = v32,
        "mob" => p.mobility_pct = v32,
        "t1" => p.terms_pct[0] = v32,
        "t2" => p.terms_pct[1] = v32,
        "c1" => p.terms_pct[2] = v32,
        "c2" => p.terms_pct[3] = v32,
        "fight" => p.fight_start = v32.max(1),
        "narrow" => p.narrow = v,
        "regrow" => p.regrow = v32,
        _ => {
            let keys = keys_of(&mcts_knobs(&MctsParams::default()));
            return Err(format!("unknown mcts option `{key}` ({keys})"));
        }
    }
    Ok(())
}

/// The alpha-beta tuning knobs, in order; what [`parse_tuning`] reads.
fn tuning_knobs(t: &Tuning) -> [Knob; 7] {
    [
        ("root", "r", t.root_width as i64),
        ("inner", "i", t.inner_width as i64),
        ("queen", "q", t.queen_width as i64),
        ("qeval", "qe", t.queen_eval_depth.into()),
        ("aeval", "ae", t.arrow_eval_depth.into()),
        ("kappa", "k", t.kappa_pct.into()),
        ("mob", "m", t.mobility_pct.into()),
    ]
}

/// `key=value,...`, as the grammar reads them.
fn text_of(knobs: &[Knob]) -> String {
    let pairs: Vec<String> = knobs
        .iter()
        .map(|(key, _, v)| format!("{key}={v}"))
        .collect();
    pairs.join(",")
}

/// `PREFIX-k1v1-k2v2...`, the short label.
/// `prefix` and the knobs that differ from the `defaults` (`mcts-na3-rg32`):
/// a label says what the player changes, and stays short.
fn label_of(prefix: &str, knobs: &[Knob], defaults: &[Knob]) -> String {
    knobs
        .iter()
        .zip(defaults)
        .filter(|((_, _, v), (_, _, default))| v != default)
        .fold(prefix.to_string(), |label, ((_, short, v), _)| {
            format!("{label}-{short}{v}")
        })
}

/// The keys, for an error message.
fn keys_of(knobs: &[Knob]) -> String {
    let keys: Vec<&str> = knobs.iter().map(|(key, _, _)| *key).collect();
    keys.join(", ")
}

/// Parses `key=value,key=value` into `(key, number)` pairs.
fn knobs(text: &str) -> Result<Vec<(&str, usize)>, String> {
    text.split(',')
        .map(|kv| {
            let (k, v) = kv
                .split_once('=')
                .ok_or_else(|| format!("options are key=value, not `{kv}`"))?;
            let v = v
                .parse()
                .map_err(|_| format!("`{kv}`: the value is not a whole number"))?;
            Ok((k, v))
        })
        .collect()
}

/// A yes/no knob: `0` or `1`.
fn flag(key: &str, value: usize) -> Result<bool, String> {
    match value {
        0 => Ok(false),
        1 => Ok(true),
        _ => Err(format!("`{key}` is 0 or 1, not {value}")),
    }
}

fn parse_mcts(opts: &str) -> Result<PlayerSpec, String> {
    let mut p = MctsParams::default();
    for (k, v) in knobs(opts)? {
        set_mcts_knob(&mut p, k, v)?;
    }
    if p.width == 0 || p.queen_width == 0 || p.root_width == 0 || p.root_queen_width == 0 {
        return Err("mcts widths must be at least 1".into());
    }
    Ok(if p == MctsParams::default() {
        PlayerSpec::Level(Level::MAX)
    } else {
        PlayerSpec::Mcts(p)
    })
}

fn parse_tuning(opts: &str) -> Result<PlayerSpec, String> {
    let mut tuning = Tuning::default();
    for (k, v) in knobs(opts)? {
        let signed = i32::try_from(v).map_err(|_| format!("`{k}={v}` is too large"))?;
        match k {
            "root" => tuning.root_width = v,
            "inner" => tuning.inner_width = v,
            "queen" => tuning.queen_width = v,
            "qeval" => tuning.queen_eval_depth = signed,
            "aeval" => tuning.arrow_eval_depth = signed,
            "kappa" => tuning.kappa_pct = signed,
            "mob" => tuning.mobility_pct = signed,
            _ => {
                let keys = keys_of(&tuning_knobs(&Tuning::default()));
                return Err(format!("unknown tuning option `{k}` ({keys})"));
            }
        }
    }
    Ok(PlayerSpec::Tuned(tuning))
}

/// A built-in level by name or number.
fn parse_level(text: &str) -> Result<Level, String> {
    Ok(match text {
        "random" => Level::MIN,
        "baseline" => Level::new(3).expect("3 is a level"),
        "ab" | "alphabeta" => ALPHA_BETA,
        "full" | "mcts" | "engine" => Level::MAX,
        _ => {
            let number = text
                .strip_prefix("level")
                .or_else(|| text.strip_prefix("engine"))
                .map(|n| n.trim_start_matches(':'))
                .ok_or_else(|| {
                    "a player is level:N, random, baseline, ab, full, mcts, level:6:knobs, \
                     mcts:knobs, uci:CMD, botzone:CMD or sau:CMD"
                        .to_string()
                })?;
            number.parse::<Level>().map_err(|e| e.to_string())?
        }
    })
}

impl FromStr for PlayerSpec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<PlayerSpec, SpecError> {
        let t = text.trim();
        let refuse = |reason: String| SpecError {
            text: t.to_string(),
            reason,
        };
        for protocol in Protocol::ALL {
            if let Some(command) = t
                .strip_prefix(protocol.prefix())
                .and_then(|r| r.strip_prefix(':'))
            {
                split_command(command).map_err(refuse)?;
                return Ok(PlayerSpec::External {
                    protocol,
                    command: command.trim().to_string(),
                });
            }
        }
        if let Some(opts) = t.strip_prefix("mcts:") {
            return parse_mcts(opts).map_err(refuse);
        }
        if let Some((head, opts)) = t.rsplit_once(':')
            && opts.contains('=')
        {
            if parse_level(head).map_err(refuse)? != ALPHA_BETA {
                return Err(refuse(format!(
                    "only the alpha-beta level {ALPHA_BETA_LEVEL} takes tuning options (`mcts:..` tunes level {MAX_LEVEL})"
                )));
            }
            return parse_tuning(opts).map_err(refuse);
        }
        parse_level(t).map(PlayerSpec::Level).map_err(refuse)
    }
}

impl fmt::Display for PlayerSpec {
    /// The canonical text: `level:N`, `level:6:` or `mcts:` with every knob,
    /// or `PREFIX:COMMAND`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Level(n) => write!(f, "level:{n}"),
            PlayerSpec::Tuned(t) => {
                write!(f, "level:{ALPHA_BETA_LEVEL}:{}", text_of(&tuning_knobs(t)))
            }
            PlayerSpec::Mcts(p) => write!(f, "mcts:{}", text_of(&mcts_knobs(p))),
            PlayerSpec::External { protocol, command } => {
                write!(f, "{}:{command}", protocol.prefix())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(text: &str) -> PlayerSpec {
        text.parse().unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn levels_by_number_and_name() {
        for (text, level) in [
            ("level:3", 3),
            ("level6", 6),
            ("level:7", 7),
            ("engine:4", 4),
            ("engine", 7),
            ("random", 1),
            ("baseline", 3),
            ("ab", 6),
            ("alphabeta", 6),
            ("full", 7),
            ("mcts", 7),
            ("mcts:c=20", 7),
        ] {
            assert_eq!(
                spec(text),
                PlayerSpec::Level(Level::new(level).unwrap()),
                "{text}"
            );
        }
        for bad in ["level:8", "level:0", "engine:9", "robot", "level:x"] {
            let error = bad.parse::<PlayerSpec>().unwrap_err();
            assert_eq!(error.text, bad);
        }
        assert!(
            "engine:9"
                .parse::<PlayerSpec>()
                .unwrap_err()
                .to_string()
                .contains("1 to 7")
        );
    }

    #[test]
    fn knobs_and_their_refusals() {
        let tuned = PlayerSpec::Tuned(Tuning {
            inner_width: 10,
            ..Tuning::default()
        });
        assert_eq!(spec("level:6:inner=10"), tuned);
        assert_eq!(spec("ab:inner=10"), tuned);
        assert!("level:7:inner=10".parse::<PlayerSpec>().is_err());
        assert!("full:inner=10".parse::<PlayerSpec>().is_err());
        assert_eq!(
            spec("mcts:c=50,playout=4"),
            PlayerSpec::Mcts(MctsParams {
                exploration_pct: 50,
                playout_plies: 4,
                ..MctsParams::default()
            })
        );
        assert!("mcts:foo=1".parse::<PlayerSpec>().is_err());
        assert!("mcts:width=0".parse::<PlayerSpec>().is_err());
        assert!("mcts:reuse=2".parse::<PlayerSpec>().is_err());
        assert!("mcts:tree=2".parse::<PlayerSpec>().is_err());
        assert_eq!(
            spec("mcts:narrow=2,regrow=64"),
            PlayerSpec::Mcts(MctsParams {
                narrow: 2,
                regrow: 64,
                ..MctsParams::default()
            })
        );
        assert_eq!(
            spec("mcts:tree=0,vloss=3"),
            PlayerSpec::Mcts(MctsParams {
                parallel: Parallelism::Root,
                virtual_loss: 3,
                ..MctsParams::default()
            })
        );
        assert_eq!(
            spec("mcts:t1=120,t2=90,c1=0,c2=200,fight=45"),
            PlayerSpec::Mcts(MctsParams {
                terms_pct: [120, 90, 0, 200],
                fight_start: 45,
                ..MctsParams::default()
            })
        );
        assert_eq!(
            spec("mcts:reuse=1,tm=0"),
            PlayerSpec::Mcts(MctsParams {
                reuse: true,
                time_plan: TimePlan::Even,
                ..MctsParams::default()
            })
        );
    }

    #[test]
    fn external_engines_keep_their_command_lines() {
        assert_eq!(
            spec("uci:fairy-stockfish --x 'a b'"),
            PlayerSpec::External {
                protocol: Protocol::Uci,
                command: "fairy-stockfish --x 'a b'".into()
            }
        );
        assert_eq!(spec("botzone:./bot").protocol(), Some(Protocol::Botzone));
        assert_eq!(spec("sau:/opt/sau/engine -q").label(), "engine");
        assert!("uci:".parse::<PlayerSpec>().is_err());
        assert!("sau:engine 'unclosed".parse::<PlayerSpec>().is_err());
    }

    #[test]
    fn display_is_canonical_and_parses_back() {
        for text in [
            "level:1",
            "level:7",
            "ab:inner=10,root=24",
            "mcts:c=30,width=24",
            "mcts:t1=120,fight=45",
            "uci:fairy-stockfish --x 'a b'",
            "botzone:python3 bot.py",
            "sau:./engine",
        ] {
            let parsed = spec(text);
            let canonical = parsed.to_string();
            assert_eq!(spec(&canonical), parsed, "{text} -> {canonical}");
        }
        assert_eq!(spec("full").to_string(), "level:7");
        assert_eq!(spec("baseline").label(), "level3");
        // A label names what differs from the defaults.
        assert_eq!(spec("mcts:narrow=0,regrow=64").label(), "mcts-na0-rg64");
        assert_eq!(spec("mcts:c=30,kappa=20").label(), "mcts-c30-k20");
        assert_eq!(spec("ab:inner=10").label(), "ab-i10");
    }
}
