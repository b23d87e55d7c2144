//! `searchlab play GAME [--engine ALGO[:opts]] [--human x|o|first|second]`: a person against
//! any game algorithm in the terminal. Moves are read from standard input line by line (so a
//! pipe can drive it); the board is redrawn after each move; an illegal move is refused with
//! the reason and asked again; `hint` shows the engine's evaluation of every move, `undo` takes
//! back the last human move and the engine's replies to it, `quit` ends the game.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use clap::{ArgMatches, Command};
use searchlab_toolkit::play::{Hints, Input, Session};
use searchlab_toolkit::strategy_spec::STRATEGY_HELP;
use searchlab_toolkit::{Options, Playable};

use crate::error::BadInput;
use crate::matchcmd::{game_of, spec_of, strategy_arg};
use crate::registry::{Entry, option_args, valued};

/// `searchlab play`, one subcommand per playable game.
pub fn play_command(entries: &[Entry]) -> Command {
    let mut cmd = Command::new("play")
        .about("Play a game against any algorithm in the terminal (moves from stdin, one a line)")
        .subcommand_required(true)
        .arg_required_else_help(true);
    for e in entries {
        let Some(play) = &e.play else { continue };
        let sub = Command::new(e.name)
            .about(e.summary)
            .after_help(format!(
                "{STRATEGY_HELP}\n\nAt the prompt: a move, `hint` (the engine's value of each move), \
                 `undo` (take back your last move and the replies), `quit`."
            ))
            .arg(strategy_arg("engine", "The engine you play against").default_value(play.engine))
            .arg(
                valued("human", "SIDE", "first")
                    .help("Your side: the game's name for it (x, o; A, B), first or second"),
            )
            .arg(
                valued("seed", "S", "1")
                    .value_parser(clap::value_parser!(u64))
                    .help("Seed of a random or mcts engine"),
            )
            .args(option_args(&play.options));
        cmd = cmd.subcommand(sub);
    }
    cmd
}

/// `searchlab play D ...`.
pub fn run<D: Playable>(m: &ArgMatches, options: &Options) -> anyhow::Result<ExitCode> {
    let (d, game) = game_of::<D>(options)?;
    let spec = spec_of(m, "engine")?.expect("has a default");
    if let Some(warning) = spec.long_work_warning(&d, &game, "--engine") {
        eprintln!("{warning}");
    }
    let mut hints = Hints::new(&spec, &d);
    let mut engine = spec.build(&d);
    engine.new_game(*m.get_one::<u64>("seed").expect("has a default"));
    let mut s = Session::new(d, game);
    let text = m.get_one::<String>("human").expect("has a default");
    let human = s
        .side_named(text)
        .map_err(|e| BadInput(format!("--human {}: {e}", text.trim())))?;
    let (you, it) = (s.d.side_name(human), s.d.side_name(human.other()));
    let mut input = std::io::stdin().lock();
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{}: you play {you}, the engine ({spec}) plays {it}. Type a move, hint, undo or quit.",
        D::NAME,
    )?;
    let mut redraw = true;
    loop {
        if std::mem::take(&mut redraw) {
            writeln!(out, "\n{}", s.draw())?;
        }
        if let Some(result) = s.over() {
            // The drawing above already says the game is over (issue 31: said twice).
            writeln!(out, "Result: {result}.")?;
            return Ok(ExitCode::SUCCESS);
        }
        if s.to_move() != human {
            let choice = engine
                .choose(&s.game, s.state())
                .map_err(|e| anyhow::anyhow!("the engine ({spec}) could not move: {e}"))?;
            writeln!(out, "engine ({spec}) plays {}", s.d.show_move(&choice.mv))?;
            s.play_engine(choice.mv);
            redraw = true;
            continue;
        }
        write!(out, "your move ({you}): ")?;
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            writeln!(out, "\nend of input: game left unfinished.")?;
            return Ok(ExitCode::SUCCESS);
        }
        // Echo the line when it comes from a pipe, so a transcript reads like a session.
        let text = line.trim();
        if !std::io::IsTerminal::is_terminal(&std::io::stdin()) {
            writeln!(out, "{text}")?;
        }
        match Input::of(text) {
            Input::Empty => {}
            Input::Quit => {
                writeln!(out, "Game abandoned.")?;
                return Ok(ExitCode::SUCCESS);
            }
            Input::Help => writeln!(
                out,
                "a move as the board names it, `hint`, `undo` or `quit`"
            )?,
            Input::Hint => write!(out, "{}", hints.show(&s.d, &s.game, s.state()))?,
            Input::Undo => match s.undo() {
                None => writeln!(out, "refused: you have no move to take back")?,
                Some(taken) => {
                    writeln!(out, "took back {}", taken.join(" "))?;
                    redraw = true;
                }
            },
            Input::Move => match s.play_person(text) {
                Ok(()) => redraw = true,
                Err(e) => writeln!(out, "refused: {e}")?,
            },
        }
    }
}
