//! Arena: matches between engines (not written yet; `run` says so).

/// Arguments of `amazons-engine arena`.
#[derive(clap::Args, Debug)]
pub struct ArenaArgs {}

/// Not implemented yet: reports that honestly.
pub fn run(_args: ArenaArgs) -> anyhow::Result<()> {
    anyhow::bail!("the arena is not implemented yet")
}
