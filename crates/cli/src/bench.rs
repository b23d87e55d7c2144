//! Placeholder until `searchlab bench` lands (its helper replaces this file).

use std::process::ExitCode;

/// Arguments of `searchlab bench`.
#[derive(clap::Args)]
pub struct BenchArgs {}

/// `searchlab bench`.
pub fn run(_: BenchArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("not built yet")
}
