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
            .about("Print the man page (roff), or with --dir write a page per command")
            .after_help(
                "Install, e.g.: searchlab man --dir ~/.local/share/man/man1 (then `man searchlab-solve-eight`);\n\
                 one page: searchlab man > searchlab.1; man ./searchlab.1",
            )
            .arg(
                Arg::new("dir")
                    .long("dir")
                    .value_name("DIR")
                    .value_parser(value_parser!(std::path::PathBuf))
                    .help("Write searchlab.1 and a page per command and subcommand (searchlab-solve.1, searchlab-solve-eight.1, ...) into this existing directory"),
            ),
    ]
}

/// Runs `completions` or `man` for the whole command `cli`.
pub fn run(mut cli: Command, name: &str, m: &ArgMatches) -> anyhow::Result<ExitCode> {
    // Rendered into memory first: clap_complete panics when its writer fails (a closed pipe,
    // a full disk, issue 32); our own write reports the error.
    let mut text = Vec::new();
    if name == "man"
        && let Some(dir) = m.get_one::<std::path::PathBuf>("dir")
    {
        return man_pages(cli, dir);
    }
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

/// Writes the man page of `cli` and of every command and subcommand under it into `dir`
/// (`searchlab.1`, `searchlab-solve.1`, `searchlab-solve-eight.1`, ...: the pages the top page
/// names), each rendered into memory first and written through a temporary file.
fn man_pages(mut cli: Command, dir: &std::path::Path) -> anyhow::Result<ExitCode> {
    if !dir.is_dir() {
        let shown = dir.display();
        let msg = format!("--dir {shown}: no such directory (create it first)");
        return Err(crate::error::BadInput(msg).into());
    }
    cli.build();
    let mut pages = vec![cli];
    let mut written = 0;
    while let Some(cmd) = pages.pop() {
        pages.extend(cmd.get_subcommands().filter(|s| !s.is_hide_set()).cloned());
        let man = clap_mangen::Man::new(cmd);
        let mut text = Vec::new();
        man.render(&mut text)?;
        let path = dir.join(man.get_filename());
        let named = |e: std::io::Error| anyhow::anyhow!("{}: {e}", path.display());
        let mut file = searchlab_toolkit::output::AtomicFile::create(&path).map_err(named)?;
        file.write_all(&text).map_err(named)?;
        file.commit().map_err(named)?;
        written += 1;
    }
    eprintln!(
        "searchlab: wrote {written} man pages into {}",
        dir.display()
    );
    Ok(ExitCode::SUCCESS)
}
