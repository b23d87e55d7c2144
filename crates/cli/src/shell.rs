//! `searchlab completions SHELL` and `searchlab man`: shell completions and a man page,
//! generated from the same clap definitions the commands parse with (so they list every
//! registered problem and option).

use std::io::Write;
use std::process::ExitCode;

use clap::{Arg, ArgMatches, Command, value_parser};
use clap_complete::Shell;

/// The two commands, to add to the top-level command.
pub fn commands() -> [Command; 2] {
    [
        Command::new("completions")
            .about("Print a shell completion script (bash, zsh, fish, elvish, powershell)")
            .after_help("Install, e.g.: searchlab completions bash > ~/.local/share/bash-completion/completions/searchlab")
            .arg(Arg::new("shell").required(true).value_parser(value_parser!(Shell))),
        Command::new("man")
            .about("Print the man page (roff), e.g. searchlab man > searchlab.1; man ./searchlab.1"),
    ]
}

/// Runs `completions` or `man` for the whole command `cli`.
pub fn run(mut cli: Command, name: &str, m: &ArgMatches) -> anyhow::Result<ExitCode> {
    // Rendered into memory first: clap_complete panics when its writer fails (a closed pipe,
    // a full disk, issue 32); our own write reports the error.
    let mut text = Vec::new();
    if name == "man" {
        clap_mangen::Man::new(cli).render(&mut text)?;
    } else {
        let shell = *m.get_one::<Shell>("shell").expect("required");
        let bin = cli.get_name().to_owned();
        clap_complete::generate(shell, &mut cli, bin, &mut text);
    }
    let mut out = std::io::stdout().lock();
    out.write_all(&text)?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
