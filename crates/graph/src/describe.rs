//! Explicit graphs described for every driver ([`GraphProblem`]), asked in two ways:
//!
//! - one query as options, `searchlab solve graph FILE.gr [--coords FILE.co] --from A --to B`:
//!   each instance is then a graph file (none: the `--graph` one, or AIMA's Romania);
//! - many queries on one graph (`--graph FILE`, with `--coords FILE.co`; AIMA's Romania when
//!   none is given): an instance is one query `FROM TO`, and a query list
//!   (`FROM TO | COST`, `| none`) is an instance file.
//!
//! An unreachable goal is an answer ("no path"), not an error: A* and BFS prove it by their
//! search; IDA* and IDDFS cannot on a graph with cycles, so for them the description checks
//! reachability first. BFS and IDDFS return the path with the fewest arcs: on a weighted graph
//! its cost is not claimed cheapest (`exact: false`), and an expected cheapest cost is then
//! checked as a lower bound.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use searchlab_toolkit::{
    Algorithm, Answer, Description, Field, Kind, Limits, Note, OptionSpec, Options, Outcome,
    Parsed, SearchAlgorithm, SplitMix64, Stats, Status,
    describe::{stopped, unsolvable},
};

use crate::{
    Graph, GraphHeuristic, HeuristicCheck, Query, UNREACHABLE, check_heuristic, load,
    parse_edge_list, parse_queries,
};

/// AIMA's Romania (puzzles/graph/romania.txt): the graph when `--graph` names none.
const ROMANIA: &str = include_str!("../../../puzzles/graph/romania.txt");

/// Shortest paths on an explicit weighted graph, as `searchlab solve graph`.
#[derive(Debug)]
pub struct GraphProblem {
    graph: Arc<Graph>,
    /// The graph's file, `None` for the built-in Romania.
    file: Option<PathBuf>,
    /// The Euclidean scale given by `--scale` (`None`: the computed admissible one).
    scale: Option<f64>,
    /// `--from A --to B`: the one query asked, on every graph file given as an instance.
    pair: Option<(String, String)>,
    /// `--coords FILE.co`, for the graph files given as instances.
    coords: Option<PathBuf>,
    /// The graph files given as instances, read once each (checked against the heuristic
    /// when it is known: [`Description::prepare`]).
    loaded: Mutex<Vec<(PathBuf, Arc<Graph>)>>,
    /// Per graph (by address), the largest admissible Euclidean scale, computed once (O(m)).
    admissible: Mutex<Vec<(usize, Option<f64>)>>,
}

impl GraphProblem {
    /// Why `--scale` may make the Euclidean heuristic overestimate on `graph`: the scale is
    /// above [`Graph::admissible_scale`] (issue 32: `--scale 100` on Romania answered 450
    /// where 418 is cheapest, unflagged). `None` when the computed scale is used or the given
    /// one is at most it.
    fn scale_too_large(&self, graph: &Graph) -> Option<String> {
        let scale = self.scale?;
        let key = std::ptr::from_ref(graph) as usize;
        let mut known = self.admissible.lock().unwrap_or_else(|e| e.into_inner());
        let admissible = match known.iter().find(|(k, _)| *k == key) {
            Some(&(_, a)) => a,
            None => {
                let a = graph.admissible_scale();
                known.push((key, a));
                a
            }
        };
        let max = admissible.filter(|a| a.is_finite())?;
        (scale > max).then(|| {
            format!(
                "--scale {scale} is above this graph's largest admissible scale {max:.6} (some arc weighs less than {scale} times its length): the euclidean heuristic may overestimate"
            )
        })
    }

    /// The query `from`, `to` on the graph (names, or DIMACS numbers).
    fn query(&self, from: &str, to: &str) -> Result<Query, String> {
        self.graph.query(from, to).map_err(|e| e.to_string())
    }

    /// The `--from/--to` query on the graph file `text` (with `--coords`), or on the
    /// `--graph` graph (AIMA's Romania by default) for an empty text.
    fn pair_query(&self, (from, to): &(String, String), text: &str) -> Result<Query, String> {
        let text = text.trim();
        if text.is_empty() {
            if self.file.is_none() && self.coords.is_some() {
                return Err("--coords FILE.co goes with a DIMACS graph: give FILE.gr as an instance, or with --graph".into());
            }
            return self.query(from, to);
        }
        if let Some(graph) = &self.file {
            return Err(format!(
                "{text}: with --from/--to an instance is a graph file, and --graph {} names one already: give the graph once",
                graph.display()
            ));
        }
        let path = PathBuf::from(text);
        let mut loaded = self.loaded.lock().unwrap_or_else(|e| e.into_inner());
        let graph = match loaded.iter().find(|(p, _)| *p == path) {
            Some((_, g)) => Arc::clone(g),
            None => {
                let g = Arc::new(load(&path, self.coords.as_deref()).map_err(|e| e.to_string())?);
                loaded.push((path.clone(), Arc::clone(&g)));
                g
            }
        };
        graph
            .query(from, to)
            .map_err(|e| format!("{}: {e}", path.display()))
    }

    /// One query line (`FROM TO`, names may be "quoted"), without its expected answer.
    fn parse_query(&self, text: &str) -> Result<Query, String> {
        let mut qs = parse_queries(text, "query").map_err(|e| e.kind.to_string())?;
        match qs.len() {
            1 => {
                let q = qs.remove(0);
                self.query(&q.from, &q.to)
            }
            _ => Err("expected one query `FROM TO`".into()),
        }
    }
}

/// Whether `algo` (with the check of its heuristic, if any) returns a cheapest path on
/// `graph`: an algorithm optimal for any costs with an admissible heuristic, or one that
/// counts arcs (bfs, iddfs) on a graph whose arcs all weigh 1.
fn claims_cheapest(algo: SearchAlgorithm, h: Option<&HeuristicCheck>, graph: &Graph) -> bool {
    if algo.optimal_for_any_costs() {
        h.is_none_or(HeuristicCheck::is_admissible)
    } else {
        !algo.uses_heuristic() && graph.is_unit_cost()
    }
}

impl Description for GraphProblem {
    type Instance = Query;
    const NAME: &'static str = "graph";
    const SUMMARY: &'static str =
        "shortest paths on your own weighted graph (DIMACS .gr/.co or an edge list)";
    const INPUT: &'static str = "\
INSTANCE: with --from A --to B, a graph file (none: --graph FILE, else Romania) to ask that
query on:

    searchlab solve graph puzzles/graph/romania.gr --coords puzzles/graph/romania.co \\
        --from 1 --to 2 --heuristic euclidean
    searchlab solve graph --from Arad --to Bucharest --heuristic file

Without them, an instance is a query `FROM TO` on the graph of --graph FILE (DIMACS `.gr` with node numbers
1..N, with --coords FILE.co for coordinates; any other name is an edge list with node names,
quoted when they have spaces: see puzzles/graph/README.md). Without --graph the graph is
AIMA's Romania (puzzles/graph/romania.txt, built in: straight-line distances to Bucharest as
`h` values, pixel positions as coordinates).

    searchlab solve graph \"Arad Bucharest\"
    searchlab solve graph --graph puzzles/graph/romania.gr --coords puzzles/graph/romania.co \\
        \"1 2\" --heuristic euclidean
    searchlab solve graph --file puzzles/graph/romania_queries.txt --heuristic file

A query list (`FROM TO | COST` per line, `| none` for an unreachable goal, # comments) is an
instance file; the cost is the expected answer. The answer is the path's cost and its nodes.
An unreachable goal is an answer, `no path` (astar and bfs prove it; for idastar and iddfs,
which cannot on a graph with cycles, reachability is checked first). bfs and iddfs return the
path with the FEWEST arcs: on a weighted graph its cost is not claimed cheapest (`exact` is
false) and an expected cost is checked as a lower bound. Heuristics: `zero` (A* is Dijkstra),
`euclidean` (needs coordinates; scaled to be consistent on any graph, or --scale), `file`
(the `h` lines, meant for one goal: checked against the true distances, and a warning and
`exact: false` when they overestimate).";
    const KIND: Kind = Kind::Puzzle;
    // A query's graph keeps no reverse arcs for the searches to walk backward.
    const HAS_PREDECESSORS: bool = false;

    fn options() -> &'static [OptionSpec] {
        const OPTIONS: &[OptionSpec] = &[
            OptionSpec::value(
                "graph",
                "FILE",
                None,
                "the graph: DIMACS `.gr`, or an edge list (default: AIMA's Romania, built in)",
            ),
            OptionSpec::value(
                "coords",
                "FILE.co",
                None,
                "DIMACS coordinates for the euclidean heuristic",
            ),
            OptionSpec::value(
                "scale",
                "S",
                None,
                "euclidean: cost units per coordinate unit (default: the largest admissible)",
            ),
            OptionSpec::value(
                "from",
                "A",
                None,
                "the query's start (with --to): each instance is then a graph file",
            ),
            OptionSpec::value("to", "B", None, "the query's goal (with --from)"),
        ];
        OPTIONS
    }
    fn heuristics() -> &'static [(&'static str, &'static str)] {
        &[
            ("zero", "no estimate: A* is Dijkstra's algorithm"),
            (
                "euclidean",
                "scaled straight-line distance to the goal (needs coordinates; consistent with the computed scale)",
            ),
            (
                "file",
                "the edge list's `h` lines (for one goal; checked, with a warning when they overestimate)",
            ),
        ]
    }
    fn default_algorithm() -> Algorithm {
        Algorithm::Search(SearchAlgorithm::Astar)
    }
    fn new(options: &Options) -> Result<Self, String> {
        let coords = options.get("coords").map(PathBuf::from);
        let file = options.get("graph").map(PathBuf::from);
        let pair = match (options.get("from"), options.get("to")) {
            (Some(a), Some(b)) => Some((a.to_owned(), b.to_owned())),
            (None, None) => None,
            (Some(_), None) => return Err("--from needs --to: the query has two ends".into()),
            (None, Some(_)) => return Err("--to needs --from: the query has two ends".into()),
        };
        let graph = match &file {
            Some(path) => load(path, coords.as_deref()).map_err(|e| e.to_string())?,
            // The coordinates are those of the graph files given as instances.
            None if pair.is_some() => {
                parse_edge_list(ROMANIA, "romania.txt").map_err(|e| e.to_string())?
            }
            None if coords.is_some() => {
                return Err(
                    "--coords needs --graph FILE.gr (the built-in Romania has its own)".into(),
                );
            }
            None => parse_edge_list(ROMANIA, "romania.txt").map_err(|e| e.to_string())?,
        };
        Ok(Self {
            graph: Arc::new(graph),
            file,
            scale: options.parse("scale")?,
            pair,
            coords,
            loaded: Mutex::new(Vec::new()),
            admissible: Mutex::new(Vec::new()),
        })
    }
    fn parse(&self, text: &str) -> Result<Query, String> {
        match &self.pair {
            Some(pair) => self.pair_query(pair, text),
            None => self.parse_query(text),
        }
    }
    fn implied_instance(&self) -> Option<String> {
        // `--from A --to B` alone asks on the --graph graph (or Romania).
        self.pair.as_ref().map(|_| String::new())
    }
    fn parse_file(&self, _: Option<&Path>, text: &str) -> Option<Vec<Parsed<Query>>> {
        if self.pair.is_some() {
            return Some(vec![Parsed {
                line: 1,
                input: None,
                name: None,
                expected: None,
                instance: Err("--from/--to ask one query, on graph files given as arguments; a query list goes with --file without them".into()),
            }]);
        }
        // Line by line, so that a bad line is one bad instance and the others are read.
        let mut out = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let t = raw.trim();
            if t.is_empty() || t.starts_with('#') {
                continue;
            }
            let (input, expected, instance) = match parse_queries(t, "file") {
                Err(e) => (t.to_owned(), None, Err(e.kind.to_string())),
                Ok(qs) if qs.is_empty() => continue, // a comment after blanks
                Ok(mut qs) => {
                    let q = qs.remove(0);
                    let input = t.split('|').next().unwrap_or(t).trim().to_owned();
                    let expected = match t.find('|') {
                        Some(_) => q.expected.map(|e| match e {
                            crate::Expected::Cost(c) => c.to_string(),
                            crate::Expected::NoPath => "none".to_owned(),
                        }),
                        None => None,
                    };
                    (input, expected, self.query(&q.from, &q.to))
                }
            };
            out.push(Parsed {
                line,
                input: Some(input),
                name: None,
                expected,
                instance,
            });
        }
        Some(out)
    }
    fn prepare(
        &mut self,
        algorithm: Algorithm,
        heuristic: &str,
        note: &mut dyn FnMut(Note),
    ) -> Result<(), String> {
        // The graphs the queries are on: the graph files given as instances, else the
        // --graph one (or Romania).
        let loaded = self
            .loaded
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        let graphs: Vec<(Option<PathBuf>, Arc<Graph>)> = if loaded.is_empty() {
            vec![(self.file.clone(), Arc::clone(&self.graph))]
        } else {
            loaded.into_iter().map(|(p, g)| (Some(p), g)).collect()
        };
        for (file, graph) in &graphs {
            if algorithm.uses_heuristic() {
                GraphHeuristic::by_name(heuristic, graph, self.scale).map_err(|e| match file {
                    Some(f) if self.pair.is_some() => {
                        format!("--heuristic {heuristic}: {}: {e}", f.display())
                    }
                    _ => format!("--heuristic {heuristic}: {e}"),
                })?;
            }
            if let Some(file) = file {
                note(Note::Message(format!(
                    "graph {}: {}",
                    file.display(),
                    graph.summary()
                )));
            }
        }
        let Algorithm::Search(algo) = algorithm else {
            return Ok(());
        };
        // Only the searches that promise the fewest arcs (bfs, iddfs); ucs is optimal (issue
        // 31: the note was printed for ucs too).
        let fewest_arcs = matches!(algo, SearchAlgorithm::Bfs | SearchAlgorithm::Iddfs);
        if fewest_arcs && graphs.iter().any(|(_, g)| !g.is_unit_cost()) {
            note(Note::Message(format!(
                "note: arc weights are not all 1: {algo} returns a path with the fewest arcs, \
                 which may not be the cheapest"
            )));
        }
        Ok(())
    }
    fn show(&self, q: &Query) -> String {
        format!(
            "from {} to {}",
            q.graph().name(q.start()),
            q.graph().name(q.goal())
        )
    }
    fn solve(&self, q: &Query, algorithm: Algorithm, heuristic: &str, limits: &Limits) -> Answer {
        let Algorithm::Search(algo) = algorithm else {
            unreachable!("a puzzle lists only single-agent algorithms")
        };
        // The query's own graph: a graph file given as an instance, or --graph's.
        let graph = q.graph();
        let no_path = || {
            format!(
                "no path from {} to {}",
                graph.name(q.start()),
                graph.name(q.goal())
            )
        };
        // The depth-first searches (IDA*, IDDFS, RBFS, DFBnB) cannot prove that no path exists
        // on a graph with cycles.
        let deepening = matches!(
            algo,
            SearchAlgorithm::Idastar
                | SearchAlgorithm::Iddfs
                | SearchAlgorithm::Rbfs
                | SearchAlgorithm::Dfbnb(_)
        );
        if deepening && !q.goal_reachable() {
            let why = format!("{} (reachability check: {algo} cannot prove it)", no_path());
            let mut a = unsolvable(Stats::default(), &why);
            a.fields.push(("exact", true.into()));
            return a;
        }
        let h = if algo.uses_heuristic() {
            GraphHeuristic::by_name(heuristic, graph, self.scale).unwrap_or(GraphHeuristic::Zero)
        } else {
            GraphHeuristic::Zero
        };
        // `file` values are for one goal: check them (a reverse Dijkstra, O(m log n)).
        let check =
            (algo.uses_heuristic() && h == GraphHeuristic::File).then(|| check_heuristic(q, &h));
        let result = match algo.run(q, &q.start(), &h, limits) {
            Ok(result) => result,
            // Refused before solving by `refusal`; a library caller gets the reason.
            Err(e) => {
                return searchlab_toolkit::describe::run_answer::<crate::Step, u64>(Err(e), |_| {
                    String::new()
                });
            }
        };
        let mut a = match &result.outcome {
            Outcome::Solved { actions, cost } => {
                let mut a = Answer::new(Status::Solved, result.stats.clone());
                let path = q.format_path(actions);
                a.lines.push(format!(
                    "cost {cost}: {path} ({} arc{})",
                    actions.len(),
                    if actions.len() == 1 { "" } else { "s" }
                ));
                a.moves = Some(path);
                a.length = Some(cost.to_string());
                a.key = a.length.clone();
                a.fields.push(("arcs", actions.len().into()));
                a
            }
            Outcome::NoSolution => unsolvable(result.stats.clone(), &no_path()),
            Outcome::Stopped(kind) => return stopped(*kind, result.stats.clone()),
        };
        let overscaled = match h {
            GraphHeuristic::Euclidean { .. } => self.scale_too_large(graph),
            _ => None,
        };
        let exact = a.status == Status::Unsolvable
            || (overscaled.is_none() && claims_cheapest(algo, check.as_ref(), graph));
        if let Some(c) = check.filter(|c| !c.is_consistent()) {
            a.lines
                .push(format!("warning: heuristic `file`: {}", c.describe(graph)));
        }
        if let Some(why) = overscaled {
            a.lines.push(format!("warning: {why}"));
        }
        if !exact {
            a.lines
                .push(if !algo.optimal_for_any_costs() && !algo.uses_heuristic() {
                    format!("the path with the fewest arcs ({algo}); a cheaper one may exist")
                } else if algo.optimal_for_any_costs() {
                    "not proved cheapest: the heuristic overestimates".to_owned()
                } else {
                    format!("not proved cheapest: {algo} does not guarantee it")
                });
        }
        a.fields.push(("exact", exact.into()));
        a
    }
    /// A cost, `unsolvable` or `none`.
    fn expected_error(&self, expected: &str) -> Option<String> {
        (expected.parse::<u64>().is_err() && !matches!(expected, "none" | "unsolvable"))
            .then(|| format!("expected answer '{expected}' is neither a cost nor `none`"))
    }
    fn matches(&self, answer: &Answer, expected: &str) -> bool {
        let Some(key) = answer.key.as_deref() else {
            return true;
        };
        let expected = if expected == "none" {
            "unsolvable"
        } else {
            expected
        };
        let exact = answer
            .fields
            .iter()
            .any(|(k, v)| *k == "exact" && *v == Field::Bool(true));
        if exact {
            return key == expected;
        }
        // A path not claimed cheapest must cost at least the cheapest.
        match (key.parse::<u64>(), expected.parse::<u64>()) {
            (Ok(got), Ok(cheapest)) => got >= cheapest,
            _ => key == expected,
        }
    }
    fn gen_options() -> &'static [OptionSpec] {
        const OPTIONS: &[OptionSpec] = &[OptionSpec::value(
            "graph",
            "FILE",
            None,
            "the graph to draw queries on (default: AIMA's Romania, built in)",
        )];
        OPTIONS
    }
    fn generate(
        &self,
        options: &Options,
        rng: &mut SplitMix64,
        count: usize,
    ) -> Result<Vec<String>, String> {
        let graph = match options.get("graph") {
            Some(path) => Arc::new(load(Path::new(path), None).map_err(|e| e.to_string())?),
            None => Arc::clone(&self.graph),
        };
        let n = graph.node_count() as u64;
        if n == 0 {
            return Err("the graph has no nodes".into());
        }
        // Each query with its cheapest cost, by the crate's Dijkstra from the start.
        Ok((0..count)
            .map(|_| {
                let (a, b) = (rng.below(n) as u32, rng.below(n) as u32);
                let d = graph.distances_from(a)[b as usize];
                let cost = if d == UNREACHABLE {
                    "none".to_owned()
                } else {
                    d.to_string()
                };
                format!(
                    "{} {} | {cost}",
                    quote(&graph.name(a)),
                    quote(&graph.name(b))
                )
            })
            .collect())
    }
    fn show_solution(&self, q: &Query, answer: &Answer) -> Option<String> {
        show_path(q, answer)
    }
}

/// `--show`: the path of `answer` as a table, one node a line with the weight of the arc that
/// reached it and the cost so far. The names are read back from the answer's path; between
/// parallel arcs the cheapest is shown (the one every cheapest path takes).
fn show_path(q: &Query, answer: &Answer) -> Option<String> {
    let moves = answer
        .moves
        .as_deref()
        .filter(|_| answer.status == Status::Solved)?;
    let graph = q.graph();
    let nodes: Vec<u32> = moves
        .split(" -> ")
        .map(|name| graph.node(name))
        .collect::<Option<_>>()?;
    let names: Vec<String> = nodes.iter().map(|&n| graph.name(n).into_owned()).collect();
    let width = names.iter().map(|n| n.chars().count()).max().unwrap_or(0);
    let mut s = format!("{:<width$}  {:>8}  {:>8}\n", "node", "arc", "cost");
    let mut total = 0u64;
    for (i, name) in names.iter().enumerate() {
        let arc = match i {
            0 => String::new(),
            _ => {
                let w = graph
                    .arcs(nodes[i - 1])
                    .filter(|&(_, to, _)| to == nodes[i])
                    .map(|(_, _, w)| w)
                    .min()?;
                total += u64::from(w);
                format!("+{w}")
            }
        };
        s += &format!("{name:<width$}  {arc:>8}  {total:>8}\n");
    }
    Some(s)
}

/// A node name as a query line writes it: quoted when it has a space.
fn quote(name: &str) -> String {
    if name.contains(char::is_whitespace) {
        format!("\"{name}\"")
    } else {
        name.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn romania() -> GraphProblem {
        GraphProblem::new(&Options::new()).unwrap()
    }

    #[test]
    fn from_and_to_ask_one_query_on_each_graph_file_and_show_draws_its_path() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/graph/");
        let mut options = Options::new();
        options.set("from", "1");
        options.set("to", "2");
        options.set("coords", &format!("{dir}romania.co"));
        let mut g = GraphProblem::new(&options).unwrap();
        let q = g.parse(&format!("{dir}romania.gr")).unwrap();
        let astar = Algorithm::Search(SearchAlgorithm::Astar);
        g.prepare(astar, "euclidean", &mut |_| {}).unwrap();
        let a = g.solve(&q, astar, "euclidean", &Limits::none());
        assert_eq!(a.key.as_deref(), Some("418"));
        let shown = g.show_solution(&q, &a).unwrap();
        let last = shown.lines().last().unwrap();
        assert_eq!(
            last.split_whitespace().collect::<Vec<_>>(),
            ["2", "+101", "418"]
        );
        // No instance: the built-in Romania, by name.
        let mut options = Options::new();
        options.set("from", "Arad");
        options.set("to", "Bucharest");
        let g = GraphProblem::new(&options).unwrap();
        let text = g.implied_instance().unwrap();
        assert_eq!(g.show(&g.parse(&text).unwrap()), "from Arad to Bucharest");
        assert!(g.parse("/no/such/file.gr").is_err());
        options.set("to", "Nowhere");
        let g = GraphProblem::new(&options).unwrap();
        assert!(g.parse("").unwrap_err().contains("Nowhere"));
        let mut half = Options::new();
        half.set("from", "Arad");
        assert!(GraphProblem::new(&half).unwrap_err().contains("--to"));
    }

    #[test]
    fn query_lists_keep_quoted_names_and_their_expected_answers() {
        let g = romania();
        let text = "# c\n\"Rimnicu Vilcea\" Bucharest | 198\nArad Nowhere\nArad Arad | none\n";
        let parsed = g.parse_file(None, text).unwrap();
        assert_eq!(parsed.len(), 3);
        assert_eq!(parsed[0].line, 2);
        assert_eq!(
            parsed[0].input.as_deref(),
            Some("\"Rimnicu Vilcea\" Bucharest")
        );
        assert_eq!(parsed[0].expected.as_deref(), Some("198"));
        assert!(parsed[1].instance.as_ref().unwrap_err().contains("Nowhere"));
        assert_eq!(parsed[2].expected.as_deref(), Some("none"));
    }

    #[test]
    fn every_search_agrees_with_an_independent_dijkstra_and_inexact_answers_are_bounds() {
        let g = romania();
        let astar = Algorithm::Search(SearchAlgorithm::Astar);
        let bfs = Algorithm::Search(SearchAlgorithm::Bfs);
        for (from, to) in [
            ("Arad", "Bucharest"),
            ("Iasi", "Timisoara"),
            ("Neamt", "Neamt"),
        ] {
            let q = g.parse(&format!("{from} {to}")).unwrap();
            let cheapest = g.graph.distances_from(q.start())[q.goal() as usize].to_string();
            for algo in SearchAlgorithm::ALL {
                let a = g.solve(&q, Algorithm::Search(algo), "euclidean", &Limits::none());
                assert!(g.matches(&a, &cheapest), "{algo} {from} {to}");
            }
            let exact = g.solve(&q, astar, "zero", &Limits::none());
            assert_eq!(exact.key.as_deref(), Some(cheapest.as_str()));
            let fewest = g.solve(&q, bfs, "zero", &Limits::none());
            assert!(g.matches(&fewest, &cheapest));
            assert!(
                !g.matches(&fewest, "99999"),
                "a path cheaper than claimed is wrong"
            );
        }
    }
}
