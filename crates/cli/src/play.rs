//! `searchlab play GAME [--engine ALGO[:opts]] [--human x|o|first|second]`: a person against
//! any game algorithm in the terminal. Moves are read from standard input line by line (so a
//! pipe can drive it); the board is redrawn after each move; an illegal move is refused with
//! the reason and asked again; `hint` shows the engine's evaluation of every move, `undo` takes
//! back the last human move and the engine's replies to it, `quit` ends the game.

use std::io::{BufRead, Read, Write};
use std::process::ExitCode;

use clap::{ArgMatches, Command};
use searchlab_toolkit::play::{Hints, Input, Session};
use searchlab_toolkit::strategy_spec::STRATEGY_HELP;
use searchlab_toolkit::{Options, Playable};

use crate::error::BadInput;
use crate::matchcmd::{game_of, per_game_command, spec_of, strategy_arg};
use crate::registry::{ProblemEntry, valued};

/// `searchlab play`, one subcommand per playable game.
pub fn play_command(entries: &[ProblemEntry]) -> Command {
    per_game_command(
        "play",
        "Play a game against any algorithm in the terminal (moves from stdin, one a line)",
        entries,
        |sub, play| {
            sub.after_help(format!(
                "{STRATEGY_HELP}\n\nAt the prompt: a move, `hint` (the engine's value of each move), \
                 `undo` (take back your last move and the replies), `quit`."
            ))
            .arg(strategy_arg("engine", "The engine you play against").default_value(play.engine))
            .arg(
                valued("human", "SIDE", "first")
                    .help("Your side: the game's name for it (x, o; A, B), first or second"),
            )
            .arg(crate::tournament::move_time_arg())
            .arg(
                valued("seed", "S", "1")
                    .value_parser(clap::value_parser!(u64))
                    .help("Seed of a random or mcts engine"),
            )
            .arg(crate::limits::memory_arg())
        },
    )
}

/// `searchlab play D ...`.
pub fn run<D: Playable>(m: &ArgMatches, options: &Options) -> anyhow::Result<ExitCode> {
    let (d, game) = game_of::<D>(options)?;
    let spec = spec_of(m, "engine")?.expect("has a default");
    if let Some(warning) = spec.long_work_warning(&d, &game, "--engine") {
        eprintln!("{warning}");
    }
    let limits = crate::limits::memory_limits(m);
    let mut hints = Hints::new_limited(&spec, &d, &limits);
    let move_time = crate::tournament::move_time_of(m);
    let mut engine = searchlab_toolkit::clock::build_engine(&spec, &d, move_time, &limits);
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
            let how = match (move_time, choice.stats.expanded) {
                (Some(_), 0) if choice.stats.table_hits > 0 => " (from the book)".to_owned(),
                (Some(_), _) => format!(
                    " (depth {} in {:.2} s)",
                    choice.stats.depth_reached,
                    choice.stats.elapsed.as_secs_f64()
                ),
                (None, _) => String::new(),
            };
            writeln!(
                out,
                "engine ({spec}) plays {}{how}",
                s.d.show_move(&choice.mv)
            )?;
            s.play_engine(choice.mv);
            redraw = true;
            continue;
        }
        write!(out, "your move ({you}): ")?;
        out.flush()?;
        let line = match read_move(&mut input)? {
            Line::End => {
                writeln!(out, "\nend of input: game left unfinished.")?;
                return Ok(ExitCode::SUCCESS);
            }
            Line::TooLong => {
                // Nothing a person types is this long (`play < /dev/zero`): the input is not
                // moves, and reading on would only fill memory.
                writeln!(out)?;
                return Err(BadInput(format!(
                    "standard input: a line longer than {MAX_MOVE_LINE} bytes: not moves"
                ))
                .into());
            }
            Line::NotUtf8 => {
                // One bad line is refused like an illegal move; the game goes on (issue 32).
                writeln!(out, "\nrefused: the line is not UTF-8 text")?;
                continue;
            }
            Line::Text(line) => line,
        };
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

/// The longest line `play` reads: far beyond any move or command.
const MAX_MOVE_LINE: usize = 4096;

/// One line of `play`'s input.
enum Line {
    /// The input ended.
    End,
    /// A line longer than [`MAX_MOVE_LINE`].
    TooLong,
    /// A line that is not UTF-8.
    NotUtf8,
    /// A line of text (its line break kept).
    Text(String),
}

/// Reads one line of at most [`MAX_MOVE_LINE`] bytes (`/dev/zero` is refused, not read into
/// memory until it runs out).
fn read_move(input: &mut impl BufRead) -> std::io::Result<Line> {
    let mut buf = Vec::new();
    let n = input
        .by_ref()
        .take(MAX_MOVE_LINE as u64 + 1)
        .read_until(b'\n', &mut buf)?;
    if n == 0 {
        return Ok(Line::End);
    }
    if buf.len() > MAX_MOVE_LINE {
        return Ok(Line::TooLong);
    }
    Ok(match String::from_utf8(buf) {
        Ok(text) => Line::Text(text),
        Err(_) => Line::NotUtf8,
    })
}
