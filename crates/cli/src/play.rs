//! `searchlab play GAME [--engine ALGO[:opts]] [--human x|o|first|second]`: a person against
//! any game algorithm in the terminal. Moves are read from standard input line by line (so a
//! pipe can drive it); the board is redrawn after each move; an illegal move is refused with
//! the reason and asked again; `hint` shows the engine's evaluation of every move, `undo` takes
//! back the last human move and the engine's replies to it, `quit` ends the game.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use clap::{Arg, ArgMatches, Command};
use searchlab_core::playable::{MoveOf, StateOf};
use searchlab_core::{
    AlphaBeta, AlphaBetaConfig, Game, GameOutcome, Limits, MctsConfig, Options, Playable, Player,
    mcts,
};

use crate::error::BadInput;
use crate::matchcmd::{STRATEGIES, Spec, first_player, game_of, spec_of, strategy_arg};
use crate::registry::{Entry, option_args};

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
                "{STRATEGIES}\n\nAt the prompt: a move, `hint` (the engine's value of each move), \
                 `undo` (take back your last move and the replies), `quit`."
            ))
            .arg(strategy_arg("engine", "The engine you play against").default_value("alphabeta"))
            .arg(
                Arg::new("human")
                    .long("human")
                    .value_name("SIDE")
                    .default_value("first")
                    .help("Your side: the game's name for it (x, o; A, B), first or second"),
            )
            .arg(
                Arg::new("seed")
                    .long("seed")
                    .value_name("S")
                    .default_value("1")
                    .value_parser(clap::value_parser!(u64))
                    .help("Seed of a random or mcts engine"),
            )
            .args(option_args(&play.options));
        cmd = cmd.subcommand(sub);
    }
    cmd
}

/// The human's side from `--human`.
fn human_side<D: Playable>(d: &D, game: &D::Game, text: &str) -> Result<Player, BadInput> {
    let first = first_player(d, game);
    let t = text.trim();
    if t.eq_ignore_ascii_case("first") {
        return Ok(first);
    }
    if t.eq_ignore_ascii_case("second") {
        return Ok(first.other());
    }
    for p in [Player::Max, Player::Min] {
        if t.eq_ignore_ascii_case(d.side_name(p)) {
            return Ok(p);
        }
    }
    Err(BadInput(format!(
        "--human {t}: expected {}, {}, first or second",
        d.side_name(Player::Max),
        d.side_name(Player::Min)
    )))
}

/// `searchlab play D ...`.
pub fn run<D: Playable>(m: &ArgMatches, options: &Options) -> anyhow::Result<ExitCode> {
    let (d, game) = game_of::<D>(options)?;
    let spec = spec_of(m, "engine")?.expect("has a default");
    let human = human_side(&d, &game, m.get_one::<String>("human").expect("default"))?;
    let seed = *m.get_one::<u64>("seed").expect("has a default");
    let mut engine = spec.build(&d);
    engine.new_game(seed);

    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let start = d.start(&game);
    // Every move so far, and whether the human played it.
    let mut history: Vec<(MoveOf<D>, bool)> = Vec::new();
    let mut state = start.clone();
    let mut redraw = true;
    let mut legal = Vec::new();
    let mut hints = Hints::new(&spec, &d);
    writeln!(
        out,
        "{}: you play {}, the engine ({spec}) plays {}. Type a move, hint, undo or quit.",
        D::NAME,
        d.side_name(human),
        d.side_name(human.other())
    )?;
    loop {
        let moves: Vec<MoveOf<D>> = history.iter().map(|h| h.0.clone()).collect();
        if redraw {
            writeln!(out, "\n{}", d.draw(&game, &moves, &state))?;
            redraw = false;
        }
        if let Some(v) = game.terminal_value(&state) {
            writeln!(out, "Game over: {}.", d.result(&game, v))?;
            return Ok(ExitCode::SUCCESS);
        }
        if game.to_move(&state) != human {
            let choice = engine
                .choose(&game, &state)
                .map_err(|e| anyhow::anyhow!("the engine ({spec}) could not move: {e}"))?;
            writeln!(out, "engine ({spec}) plays {}", d.show_move(&choice.mv))?;
            state = game.play(&state, &choice.mv);
            history.push((choice.mv, false));
            redraw = true;
            continue;
        }
        write!(out, "your move ({}): ", d.side_name(human))?;
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
        match text.to_ascii_lowercase().as_str() {
            "" => continue,
            "quit" | "exit" | "q" => {
                writeln!(out, "Game abandoned.")?;
                return Ok(ExitCode::SUCCESS);
            }
            "help" | "?" => {
                writeln!(
                    out,
                    "a move as the board names it, `hint`, `undo` or `quit`"
                )?;
                continue;
            }
            "hint" => {
                write!(out, "{}", hints.show(&d, &game, &state))?;
                continue;
            }
            "undo" => {
                match history.iter().rposition(|h| h.1) {
                    None => writeln!(out, "refused: you have no move to take back")?,
                    Some(i) => {
                        let taken: Vec<String> =
                            history[i..].iter().map(|h| d.show_move(&h.0)).collect();
                        history.truncate(i);
                        state = start.clone();
                        for (mv, _) in &history {
                            state = game.play(&state, mv);
                        }
                        writeln!(out, "took back {}", taken.join(" "))?;
                        redraw = true;
                    }
                }
                continue;
            }
            _ => {}
        }
        let mv = match d.parse_move(&game, &state, text) {
            Ok(mv) => mv,
            Err(e) => {
                writeln!(out, "refused: {e}")?;
                continue;
            }
        };
        legal.clear();
        game.moves(&state, &mut legal);
        if !legal.contains(&mv) {
            writeln!(
                out,
                "refused: {} is not a legal move here",
                d.show_move(&mv)
            )?;
            continue;
        }
        state = game.play(&state, &mv);
        history.push((mv, true));
        redraw = true;
    }
}

/// The engine's evaluation of every move, for `hint`: the search's value of each move at its
/// depth (alpha-beta's root analysis: PVS finds the same values), MCTS's visits and win rates,
/// nothing for a random engine.
struct Hints<D: Playable> {
    spec: Spec,
    search: Option<AlphaBeta<D::Game>>,
}

impl<D: Playable> Hints<D> {
    fn new(spec: &Spec, d: &D) -> Self {
        let search = match *spec {
            Spec::AlphaBeta { depth } | Spec::Pvs { depth } => {
                let mut config = AlphaBetaConfig::new();
                if let Some(depth) = depth {
                    config = config.with_depth(depth);
                }
                if let Some((lo, hi)) = d.value_range() {
                    config = config.with_value_range(lo, hi);
                }
                Some(AlphaBeta::new(config))
            }
            _ => None,
        };
        Hints {
            spec: spec.clone(),
            search,
        }
    }

    /// The hint for the side to move in `state`, best move first.
    fn show(&mut self, d: &D, game: &D::Game, state: &StateOf<D>) -> String {
        let mover = game.to_move(state);
        let sign = if mover == Player::Max { 1 } else { -1 };
        let you = d.side_name(mover);
        let eval = d.evaluator();
        let mut s = String::new();
        if let Some(search) = &mut self.search {
            let run = search.analyse_root(game, state, &eval, None);
            let GameOutcome::Solved(sol) = run.outcome else {
                return "the engine was stopped before it valued the moves\n".into();
            };
            let mut moves = sol.root_moves.clone();
            moves.sort_by_key(|m| -sign * m.value);
            let exact = if sol.complete {
                "exact values with perfect play".to_owned()
            } else {
                format!(
                    "estimates at depth {}, the game's evaluation at the leaves",
                    sol.depth.unwrap_or(0)
                )
            };
            s += &format!(
                "{} values your moves ({exact}; values are for {}, so {you} wants them {}):\n",
                self.spec,
                d.side_name(Player::Max),
                if sign > 0 { "high" } else { "low" }
            );
            for m in &moves {
                let words = if sol.complete {
                    format!("  {}", d.result(game, m.value))
                } else {
                    String::new()
                };
                s += &format!("  {:<8} {:>5}{words}\n", d.show_move(&m.mv), m.value);
            }
            return s;
        }
        match self.spec {
            Spec::Mcts { playouts, c, seed } => {
                let config = MctsConfig::new().with_seed(seed).with_exploration(c);
                let limits = Limits::none().with_max_expanded(playouts);
                match mcts(game, state, &eval, &config, &limits) {
                    Ok(run) => {
                        let mut moves = run.root_moves.clone();
                        moves.sort_by_key(|m| std::cmp::Reverse(m.visits));
                        s += &format!(
                            "{} after {} playouts (share of playouts through each move, and {you}'s mean score in them):\n",
                            self.spec, run.playouts
                        );
                        for m in &moves {
                            let score = if sign > 0 { m.mean } else { 1.0 - m.mean };
                            s += &format!(
                                "  {:<8} {:>5.1}%  score {:.2}\n",
                                d.show_move(&m.mv),
                                100.0 * m.visits as f64 / run.playouts.max(1) as f64,
                                score
                            );
                        }
                    }
                    Err(e) => s += &format!("mcts could not run: {e}\n"),
                }
            }
            _ => {
                let mut legal = Vec::new();
                game.moves(state, &mut legal);
                let names: Vec<String> = legal.iter().map(|m| d.show_move(m)).collect();
                s += &format!(
                    "{} does not evaluate moves; the legal moves are {}\n",
                    self.spec,
                    names.join(" ")
                );
            }
        }
        s
    }
}
