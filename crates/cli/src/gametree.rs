//! Placeholder until this problem's module lands (its helper replaces this file).

use std::io::Write;
use std::process::ExitCode;

/// Arguments of `searchlab solve` for this problem.
#[derive(clap::Args)]
pub struct SolveArgs {}

/// Arguments of `searchlab gen` for this problem.
#[derive(clap::Args)]
pub struct GenArgs {}

/// `searchlab solve`.
pub fn solve(_: SolveArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("not built yet")
}

/// `searchlab gen`.
#[allow(dead_code)]
pub fn generate(_: GenArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("not built yet")
}

/// `searchlab judge`.
pub fn judge(_: &str, _: &mut dyn Write) -> anyhow::Result<ExitCode> {
    anyhow::bail!("not built yet")
}
