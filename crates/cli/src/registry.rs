//! The problem registry: every problem the tool serves, one line each, and the `solve`,
//! `gen` and `list` commands built from it.
//!
//! A problem joins by implementing [`Description`] in its crate and adding one line to
//! [`registry`]; its `solve` and `gen` subcommands, its `--help`, its row in `searchlab list`
//! and the registry-walking tests follow.

use std::io::Write;
use std::process::ExitCode;

use clap::{Arg, ArgAction, ArgMatches, Args, Command, FromArgMatches};
use searchlab_toolkit::{Algorithm, Description, Kind, Limits, OptionSpec, Options, SplitMix64};

use crate::batch::{self, Choice, SolveArgs};
use crate::error::BadInput;

/// One registered problem: what its description says, and its commands, monomorphised.
pub struct ProblemEntry {
    /// `eight`.
    pub name: &'static str,
    /// One line.
    pub summary: &'static str,
    /// The instance format, for `--help`.
    pub input: &'static str,
    /// Puzzle or game.
    pub kind: Kind,
    /// The online judge it reproduces ([`Description::JUDGE`]).
    pub judge: Option<searchlab_toolkit::Judge>,
    /// Extensions of its own instance files ([`Description::FILE_EXTENSIONS`]).
    pub file_extensions: &'static [&'static str],
    /// Its own solve options.
    pub options: &'static [OptionSpec],
    /// Its generator's options.
    pub gen_options: &'static [OptionSpec],
    /// Heuristics or move orders: `(name, summary)`.
    pub heuristics: &'static [(&'static str, &'static str)],
    /// The algorithms that apply.
    pub algorithms: Vec<Algorithm>,
    /// The default algorithm.
    pub default_algorithm: Algorithm,
    /// What `bench` runs when `--algo` names none ([`Description::bench_algorithms`]).
    pub bench_algorithms: Vec<Algorithm>,
    /// Why an algorithm of its kind does not apply ([`Description::refusal`]).
    pub refusal: fn(Algorithm) -> Option<String>,
    /// The algorithm a text names, checked ([`Description::choose_algorithm`]).
    pub choose_algorithm: fn(&str) -> Result<Algorithm, String>,
    /// Old bench names of algorithms with options ([`Description::algorithm_aliases`]).
    pub algorithm_aliases: &'static [(&'static str, &'static str)],
    /// The default heuristic.
    pub default_heuristic: &'static str,
    /// Runs `solve`.
    pub solve: fn(&SolveArgs, &Choice) -> anyhow::Result<ExitCode>,
    /// Answers instances as `solve` does ([`batch::solve_lines`]): text, limits, `--show`.
    pub solve_lines: SolveLines,
    /// Runs `bench`.
    pub bench: fn(&crate::bench::BenchArgs) -> anyhow::Result<ExitCode>,
    /// Runs a bench and gives its report ([`crate::bench::bench_report`]).
    pub bench_report: fn(&crate::bench::BenchArgs) -> anyhow::Result<searchlab_harness::Report>,
    /// Runs the generator: options, seed, count.
    pub generate: fn(&Options, u64, usize) -> Result<Vec<String>, String>,
    /// Its `match` and `play` commands, for a game that is [`searchlab_toolkit::Playable`].
    pub play: Option<crate::matchcmd::PlayFns>,
}

impl ProblemEntry {
    /// The entry of the problem `D`.
    pub fn of<D: Description>() -> ProblemEntry
    where
        D::Instance: Sync + 'static,
    {
        ProblemEntry {
            name: D::NAME,
            summary: D::SUMMARY,
            input: D::INPUT,
            kind: D::KIND,
            file_extensions: D::FILE_EXTENSIONS,
            judge: D::JUDGE,
            options: D::options(),
            gen_options: D::gen_options(),
            heuristics: D::heuristics(),
            algorithms: searchlab_toolkit::describe::offered_algorithms::<D>(),
            default_algorithm: D::default_algorithm(),
            bench_algorithms: D::bench_algorithms(),
            refusal: D::refusal,
            choose_algorithm: D::choose_algorithm,
            algorithm_aliases: D::algorithm_aliases(),
            default_heuristic: D::default_heuristic(),
            solve: batch::solve::<D>,
            solve_lines: batch::solve_lines::<D>,
            bench: crate::bench::bench::<D>,
            bench_report: crate::bench::bench_report::<D>,
            generate: |options, seed, count| {
                let problem = D::new(&Options::new())?;
                problem.generate(options, &mut SplitMix64::new(seed), count)
            },
            play: None,
        }
    }
}

/// [`batch::solve_lines`] of a problem: texts, choice, limits, `--show`.
pub type SolveLines = fn(
    &[&str],
    &Choice,
    &Limits,
    bool,
) -> Result<Vec<Result<crate::api::Solved, BadInput>>, BadInput>;

/// The entries of `searchlab` itself ([`crate::Cli::default`]: its problems, after its plugins
/// are registered), for the bindings without a command line ([`crate::api`]).
pub fn registry() -> Vec<ProblemEntry> {
    // The default binary's plugin list is empty, so no name can clash (`Cli::run` reports a
    // clash of a tool's own plugins as an error).
    crate::Cli::default().entries().unwrap_or_default()
}

/// The `--help` text after the options: the instance format, algorithms and heuristics.
fn after_help(e: &ProblemEntry) -> String {
    let mut s = format!("{}\n\n", e.input.trim_end());
    if !e.file_extensions.is_empty() {
        let exts: Vec<String> = e.file_extensions.iter().map(|x| format!(".{x}")).collect();
        let exts = exts.join(" or ");
        s += &format!(
            "Instance files: an argument naming an existing {exts} file is read as with --file.\n\n"
        );
    }
    s += "Algorithms (--algo):\n";
    for a in &e.algorithms {
        s += &format!("  {:<10} {}\n", a.name(), a.summary());
    }
    let refused: Vec<String> = Algorithm::of_kind(e.kind)
        .into_iter()
        .filter_map(|a| (e.refusal)(a))
        .collect();
    if !refused.is_empty() {
        s += "Not for this problem:\n";
        for why in refused {
            s += &format!("  {why}\n");
        }
    }
    match e.kind {
        Kind::Puzzle => {
            s += "Parameters: wastar:W or --weight W (W >= 1, like 1.5 or 3/2), beam:K or --width K,\n\
                              dfbnb:max-depth or --initial-bound max-depth|greedy.\n"
        }
        Kind::Game => {
            s += "Parameters: alphabeta:aspiration=W; mcts:playouts=N,c=C,seed=S,rollout=random|greedy,random=P\n  (mcts reports its chosen move and visits per move: it proves no value).\n"
        }
    }
    let what = match e.kind {
        Kind::Puzzle => "Heuristics (--heuristic; only algorithms that take one use it)",
        Kind::Game => "Move orders / evaluations (--heuristic)",
    };
    s += &format!("{what}:\n");
    for (name, summary) in e.heuristics {
        s += &format!("  {name:<16} {summary}\n");
    }
    s
}

/// A problem's own options as clap arguments. A random walk's length is `--moves` on every
/// problem, and `--depth` is its alias where `--depth` means nothing else (issue 31: eight
/// said `--moves`, fifteen, twentyfour and rotation `--depth`).
pub(crate) fn option_args(specs: &[OptionSpec]) -> Vec<Arg> {
    let has_depth = specs.iter().any(|o| o.name == "depth");
    specs
        .iter()
        .flat_map(|o| {
            let arg = Arg::new(o.name).long(o.name).help(o.help);
            let arg = if o.name == "moves" && !has_depth {
                arg.alias("depth")
            } else {
                arg
            };
            let value_name = o.value_name.unwrap_or_default();
            // A positional (id: its placeholder) and its `--name` alias, hidden.
            let positional = Arg::new(value_name).value_name(value_name).help(o.help);
            let alias = arg.clone().value_name(value_name).hide(true);
            std::iter::once(match o.value_name {
                _ if o.positional => positional.conflicts_with(o.name),
                None => arg.action(ArgAction::SetTrue),
                Some(v) => {
                    let arg = arg.value_name(v).action(ArgAction::Set);
                    match o.default {
                        Some(d) => arg.default_value(d),
                        None => arg,
                    }
                }
            })
            .chain(o.positional.then_some(alias))
        })
        .collect()
}

/// An option `--ID VALUE` with a default: the shape of most options of the commands.
pub(crate) fn valued(id: &'static str, value: &'static str, default: &'static str) -> Arg {
    Arg::new(id)
        .long(id)
        .value_name(value)
        .default_value(default)
}

/// The values of a problem's own options in `m`.
pub(crate) fn option_values(specs: &[OptionSpec], m: &ArgMatches) -> Options {
    let mut options = Options::new();
    for o in specs {
        match o.value_name {
            None => {
                if m.get_flag(o.name) {
                    options.set(o.name, "true");
                }
            }
            Some(_) => {
                let positional = o.value_name.filter(|_| o.positional);
                let given = positional.and_then(|p| m.get_one::<String>(p));
                if let Some(v) = given.or_else(|| m.get_one::<String>(o.name)) {
                    options.set(o.name, v);
                }
            }
        }
    }
    options
}

/// `searchlab solve`, one subcommand per problem.
pub fn solve_command(entries: &[ProblemEntry]) -> Command {
    let mut cmd = Command::new("solve")
        .about("Solve instances of a problem with any algorithm and heuristic, with statistics")
        .subcommand_required(true)
        .arg_required_else_help(true);
    for e in entries {
        let algos: Vec<&'static str> = e.algorithms.iter().map(|a| a.name()).collect();
        let heuristics: Vec<&'static str> = e.heuristics.iter().map(|h| h.0).collect();
        let mut heuristic = Arg::new("heuristic")
            .long("heuristic")
            .value_name("NAME")
            .default_value(e.default_heuristic)
            .value_parser(clap::builder::PossibleValuesParser::new(heuristics));
        heuristic = match e.kind {
            Kind::Puzzle => heuristic.help("The heuristic of the algorithms that take one"),
            Kind::Game => heuristic
                .visible_alias("order")
                .help("The move order or evaluation"),
        };
        // The shared arguments first, then what this problem says of itself (the derive
        // would otherwise give every problem the shared struct's doc as its about).
        let sub = SolveArgs::augment_args(Command::new(e.name))
            .about(e.summary)
            .long_about(None)
            .after_long_help(after_help(e))
            .arg(
                Arg::new("algo")
                    .long("algo")
                    .value_name("ALGO")
                    .default_value(e.default_algorithm.name())
                    .value_parser(AnyOf(algos.clone()))
                    .hide_possible_values(true)
                    .help(format!(
                        "The search algorithm: {} (see --help)",
                        algos.join(", ")
                    )),
            )
            .arg(heuristic)
            .args(option_args(e.options));
        let sub = if e.kind == Kind::Puzzle {
            sub.args(parameter_args())
        } else {
            sub
        };
        cmd = cmd.subcommand(sub);
    }
    cmd
}

/// A value parser that takes any text (checked later, with "did you mean") but tells clap the
/// names it expects, so that completion scripts offer them instead of file names.
#[derive(Clone)]
pub(crate) struct AnyOf(pub(crate) Vec<&'static str>);

impl clap::builder::TypedValueParser for AnyOf {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &Command,
        arg: Option<&Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        clap::builder::StringValueParser::new().parse_ref(cmd, arg, value)
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(
            self.0.iter().map(|n| clap::builder::PossibleValue::new(*n)),
        ))
    }
}

/// Runs `searchlab solve <problem>` from its matches.
pub fn run_solve(entries: &[ProblemEntry], m: &ArgMatches) -> anyhow::Result<ExitCode> {
    let Some((name, sub)) = m.subcommand() else {
        return Err(BadInput("name a problem (searchlab list shows them)".into()).into());
    };
    let e = entries
        .iter()
        .find(|e| e.name == name)
        .expect("clap only accepts registered names");
    let mut args = SolveArgs::from_arg_matches(sub)?;
    let mut algo = sub
        .get_one::<String>("algo")
        .expect("has a default")
        .clone();
    let mcts = algo.trim().to_ascii_lowercase().starts_with("mcts");
    if e.kind == Kind::Game && !mcts && algo.to_ascii_lowercase().contains("depth") {
        // `alphabeta:depth=2`, as `match --a` and `play --engine` name a depth limit, is
        // `--max-depth 2` here (one reading: the toolkit's `split_depth`).
        let (text, depth) = searchlab_toolkit::strategy_spec::split_depth(&algo)
            .map_err(|err| BadInput(format!("--algo {err}")))?;
        if let Some(d) = depth {
            match args.limits.max_depth {
                Some(m) if m != u64::from(d) => {
                    let msg = format!("--algo {algo} and --max-depth {m}: two depth limits");
                    return Err(BadInput(msg).into());
                }
                _ => args.limits.max_depth = Some(u64::from(d)),
            }
        }
        algo = text;
    }
    let algo = &algo;
    let heuristic = sub.get_one::<String>("heuristic").expect("has a default");
    let flag = |name: &str| sub.get_one::<String>(name).map(String::as_str);
    // Only a puzzle's subcommand has the parameter flags (`parameter_args`).
    let flags = match e.kind {
        Kind::Puzzle => [flag("weight"), flag("width"), flag("initial-bound")],
        Kind::Game => [None; 3],
    };
    let mut options = option_values(e.options, sub);
    for text in &args.opt {
        searchlab_toolkit::describe::set_option(e.name, e.options, &mut options, text)
            .map_err(BadInput)?;
    }
    let choice = choose(e, algo, heuristic, options, flags)?;
    (e.solve)(&args, &choice)
}

/// The user's choice for problem `e`: the algorithm named (an old bench name expands to an
/// algorithm with options), checked with the parameter flags `[--weight, --width,
/// --initial-bound]`, the heuristic, and the problem's options. Shared by `solve` and
/// [`crate::api::solve`].
pub(crate) fn choose(
    e: &ProblemEntry,
    algo: &str,
    heuristic: &str,
    mut options: Options,
    flags: [Option<&str>; 3],
) -> Result<Choice, BadInput> {
    // An old bench name (`alphabeta-notable`) is an algorithm with options (`alphabeta+no-table`).
    let expanded = searchlab_toolkit::describe::expand_alias(e.algorithm_aliases, algo);
    let (aliased, mut parts) = (expanded != *algo, expanded.split('+'));
    let algo = if aliased {
        parts.next().unwrap_or_default()
    } else {
        algo
    };
    for (name, value) in parts
        .filter(|_| aliased)
        .map(|o| o.split_once('=').unwrap_or((o, "true")))
    {
        options.set(name, value);
    }
    Ok(Choice {
        algorithm: chosen_algorithm(e, algo, flags)?,
        heuristic: heuristic.to_owned(),
        options,
    })
}

/// The shared parameter flags of the single-agent algorithms that take one (the same
/// parameters as `wastar:W`, `beam:K`, `dfbnb:greedy`).
fn parameter_args() -> [Arg; 3] {
    [
        Arg::new("weight")
            .long("weight")
            .value_name("W")
            .help("wastar's weight W >= 1 (default 2): the path costs at most W x the optimum"),
        Arg::new("width")
            .long("width")
            .value_name("K")
            .help("beam's width: nodes kept per layer (default 100)"),
        Arg::new("initial-bound")
            .long("initial-bound")
            .value_name("FROM")
            .value_parser(["max-depth", "greedy"])
            .help("dfbnb's first bound: greedy (a greedy run's path, the default) or max-depth (from --max-depth alone)"),
    ]
}

/// The algorithm named by `--algo` (with `:parameter`) and the parameter flags, checked
/// against the problem ([`Description::choose_algorithm`],
/// [`searchlab_toolkit::SearchAlgorithm::with_flags`]): any error is bad input (exit status 2).
fn chosen_algorithm(
    e: &ProblemEntry,
    text: &str,
    flags: [Option<&str>; 3],
) -> Result<Algorithm, BadInput> {
    let algorithm = (e.choose_algorithm)(text).map_err(BadInput)?;
    let Algorithm::Search(search) = algorithm else {
        return Ok(algorithm);
    };
    let [weight, width, bound] = flags;
    let search = search.with_flags(text, weight, width, bound);
    Ok(Algorithm::Search(
        search.map_err(|e| BadInput(e.to_string()))?,
    ))
}

/// `searchlab gen`, one subcommand per problem.
pub fn gen_command(entries: &[ProblemEntry]) -> Command {
    let mut cmd = Command::new("gen")
        .about("Generate random instances with a fixed seed (the same seed, the same instances)")
        .subcommand_required(true)
        .arg_required_else_help(true);
    for e in entries {
        let sub = Command::new(e.name)
            .about(format!("Random instances: {}", e.summary))
            .arg(
                valued("count", "N", "10")
                    .value_parser(clap::value_parser!(usize))
                    .help("How many instances"),
            )
            .arg(
                valued("seed", "S", "1")
                    .value_parser(clap::value_parser!(u64))
                    .help("The seed of the generator (SplitMix64: the same seed gives the same instances in every version)"),
            )
            .args(option_args(e.gen_options));
        cmd = cmd.subcommand(sub);
    }
    cmd
}

/// The most instances one `gen` makes.
const MAX_GEN_COUNT: usize = 10_000_000;

/// Runs `searchlab gen <problem>`.
pub fn run_gen(entries: &[ProblemEntry], m: &ArgMatches) -> anyhow::Result<ExitCode> {
    let Some((name, sub)) = m.subcommand() else {
        return Err(BadInput("name a problem (searchlab list shows them)".into()).into());
    };
    let e = entries
        .iter()
        .find(|e| e.name == name)
        .expect("clap only accepts registered names");
    let count = *sub.get_one::<usize>("count").expect("has a default");
    if count > MAX_GEN_COUNT {
        // The instances are held in memory before they are written: a billion reserved 24 GB
        // and usize::MAX overflowed (issue 31, 32).
        return Err(BadInput(format!(
            "--count {count}: at most {MAX_GEN_COUNT} instances per run (they are held in memory); \
             run gen again with another --seed for more"
        ))
        .into());
    }
    let seed = *sub.get_one::<u64>("seed").expect("has a default");
    let lines = (e.generate)(&option_values(e.gen_options, sub), seed, count).map_err(BadInput)?;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for line in lines {
        writeln!(out, "{line}")?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// `searchlab list`: every problem with its algorithms and heuristics (`--format json`: one
/// object per problem per line, for scripts and the registry-walking tests).
pub fn list(entries: &[ProblemEntry], json: bool) -> anyhow::Result<ExitCode> {
    let mut out = std::io::stdout().lock();
    for e in entries {
        let (kind, what) = match e.kind {
            Kind::Puzzle => ("puzzle", "heuristics"),
            Kind::Game => ("game", "move orders"),
        };
        let algos: Vec<&str> = e.algorithms.iter().map(|a| a.name()).collect();
        let default_algorithm = e.default_algorithm.name();
        let heuristics: Vec<&str> = e.heuristics.iter().map(|h| h.0).collect();
        if json {
            let row = serde_json::json!({
                "name": e.name,
                "kind": kind,
                "summary": e.summary,
                "algorithms": algos,
                "default_algorithm": default_algorithm,
                "heuristics": heuristics,
                "default_heuristic": e.default_heuristic,
            });
            writeln!(out, "{row}")?;
            continue;
        }
        // Each name, the default marked.
        let marked = |names: &[&str], default: &str| {
            let marked: Vec<String> = names
                .iter()
                .map(|n| n.to_string() + if *n == default { " (default)" } else { "" })
                .collect();
            marked.join(", ")
        };
        writeln!(out, "{} ({kind}): {}", e.name, e.summary)?;
        writeln!(out, "  algorithms: {}", marked(&algos, default_algorithm))?;
        writeln!(
            out,
            "  {what}: {}",
            marked(&heuristics, e.default_heuristic)
        )?;
    }
    Ok(ExitCode::SUCCESS)
}
