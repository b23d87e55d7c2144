//! Placeholder until the 15-puzzle module lands (its helper replaces this file).

use std::process::ExitCode;

/// Arguments of `searchlab solve fifteen`.
#[derive(clap::Args)]
pub struct SolveArgs {}

/// `searchlab solve fifteen`.
pub fn solve(_: SolveArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("not built yet")
}
