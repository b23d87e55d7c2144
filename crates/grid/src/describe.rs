//! The grid as a [`Description`]: `searchlab solve grid FILE.scen` answers every query of a
//! MovingAI scenario file (each checked against the file's optimal length), `searchlab gen grid
//! MAP` writes new scenario lines, and `--draw` pictures each search.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use searchlab_toolkit::describe::{stopped, unsolvable};
use searchlab_toolkit::{
    Algorithm as CoreAlgorithm, Answer, Description, Field, Heuristic, Kind, Limits, Octile,
    OptionSpec, Options, Outcome, Parsed, SearchAlgorithm, SplitMix64, Status, Zero,
};

use crate::error::GridError;
use crate::grid::{Connectivity, Grid, Manhattan, OctileDistance};
use crate::map::{Cell, GridMap};
use crate::record::Recorder;
use crate::scen::{Expected, Instance, Scenario, map_beside, parse_scen, write_scen};
use crate::solve::{Algorithm, GridHeuristic, GridRun, solve};

/// Decimals of the printed length (the MovingAI files' precision at most).
const DECIMALS: u32 = 8;

/// The MovingAI grid: shortest paths on `.map` files, queries from `.scen` files.
#[derive(Debug)]
pub struct GridPaths {
    connectivity: Connectivity,
    jps: bool,
    map: Option<PathBuf>,
    draw: Option<PathBuf>,
    /// Maps read so far, by path (a scenario file names one map on every line).
    maps: Mutex<HashMap<PathBuf, Result<Arc<GridMap>, String>>>,
    /// Instances read so far: a picture gets the instance's line in its name only when there
    /// are several.
    instances: AtomicUsize,
}

impl GridPaths {
    /// The map at `path`, read once.
    fn load(&self, path: &Path) -> Result<Arc<GridMap>, String> {
        let mut maps = self.maps.lock().unwrap_or_else(|e| e.into_inner());
        maps.entry(path.to_path_buf())
            .or_insert_with(|| GridMap::read(path).map(Arc::new).map_err(|e| e.to_string()))
            .clone()
    }

    /// Runs a catalogue algorithm over single moves, recording expanded cells when drawing.
    fn run_plain(
        &self,
        inst: &Instance,
        algo: SearchAlgorithm,
        heuristic: &str,
        limits: &Limits,
    ) -> Result<GridRun, searchlab_toolkit::BidirectionalError> {
        let grid = Grid::new(&inst.map, inst.goal, self.connectivity);
        let octile = OctileDistance::new(inst.goal);
        let manhattan = Manhattan::new(inst.goal);
        // "octile" is the open-ground distance of the connectivity: Manhattan with 4 moves
        // (octile is admissible there too, but weaker).
        let h: &dyn Heuristic<Grid<'_>> = match (heuristic, self.connectivity) {
            ("zero", _) => &Zero,
            (_, Connectivity::Eight) => &octile,
            (_, Connectivity::Four) => &manhattan,
        };
        if self.draw.is_some() {
            let recorder = Recorder::new(&grid);
            let result = algo.run(&recorder, &inst.start, &recorder.heuristic(h), limits)?;
            Ok(GridRun {
                outcome: result.outcome,
                stats: result.stats,
                expanded: recorder.take(),
            })
        } else {
            // The octile distance of 8 connections, the default, by its type: the searches
            // then inline its estimates instead of calling through `dyn Heuristic`
            // (benches/README.md, issue 34).
            let result = if std::ptr::addr_eq(h, &octile) {
                algo.run(&grid, &inst.start, &octile, limits)?
            } else {
                algo.run(&grid, &inst.start, h, limits)?
            };
            Ok(GridRun {
                outcome: result.outcome,
                stats: result.stats,
                expanded: Vec::new(),
            })
        }
    }

    /// Where the picture of `inst` goes: `DIR/STEM-LINE-RUN.png` for a directory (RUN names
    /// the search, `astar-octile`, `ucs`, `astar-octile-jps`, so that `bench grid --opt
    /// draw=DIR` keeps one picture per query and algorithm), `FILE.png` for a single instance,
    /// `FILE-LINE.png` for several.
    fn picture(&self, out: &Path, inst: &Instance, run: &str) -> PathBuf {
        let line = inst.scenario.line;
        if out.is_dir() {
            let stem = inst
                .name
                .rsplit_once(':')
                .map_or(inst.name.as_str(), |(file, _)| file);
            let stem = Path::new(stem)
                .file_name()
                .map_or("grid".into(), |s| s.to_string_lossy().into_owned());
            return out.join(format!("{stem}-{line}-{run}.png"));
        }
        if self.instances.load(Ordering::Relaxed) <= 1 {
            return out.to_path_buf();
        }
        let stem = out
            .file_stem()
            .map_or("grid".into(), |s| s.to_string_lossy());
        let ext = out
            .extension()
            .map_or("png".into(), |s| s.to_string_lossy());
        out.with_file_name(format!("{stem}-{line}.{ext}"))
    }

    /// One query from a scenario row, `file` naming it in errors.
    fn instance(&self, scenario: Scenario, map: &Path, file: &str) -> Result<Instance, String> {
        self.instances.fetch_add(1, Ordering::Relaxed);
        let line = scenario.line;
        let map = self
            .load(map)
            .map_err(|why| format!("{file}:{line}: map `{}`: {why}", scenario.map))?;
        Instance::new(map, scenario, file).map_err(|e| e.to_string())
    }
}

/// The exact form of a length: `16+25*sqrt(2)`, `7` (no diagonal), `3*sqrt(2)` (no straight).
fn exact_text(cost: Octile) -> String {
    match (cost.straight, cost.diagonal) {
        (a, 0) => a.to_string(),
        (0, 1) => "sqrt(2)".to_owned(),
        (0, b) => format!("{b}*sqrt(2)"),
        (a, 1) => format!("{a}+sqrt(2)"),
        (a, b) => format!("{a}+{b}*sqrt(2)"),
    }
}

/// The exact length an answer carries in its fields (`straight`, `diagonal`).
fn octile_of(answer: &Answer) -> Option<Octile> {
    let get = |name: &str| {
        answer.fields.iter().find_map(|(k, v)| match v {
            Field::Int(n) if *k == name => u32::try_from(*n).ok(),
            _ => None,
        })
    };
    Some(Octile::new(get("straight")?, get("diagonal")?))
}

impl Description for GridPaths {
    type Instance = Instance;
    const NAME: &'static str = "grid";
    const SUMMARY: &'static str = "shortest paths on MovingAI grid maps (.scen queries checked against their optimal lengths)";
    const INPUT: &'static str = "\
FILE: a MovingAI .scen file (`version 1`, then `bucket map width height sx sy gx gy length`
per line); each line is a query on the map it names, looked for beside the .scen by its file
name (or --map), answered and checked against its optimal length at the file's precision.
INSTANCE (a line or an argument): `MAP.map SX SY GX GY`, the map's path relative to the
working directory; an expected length may follow after '|'. Coordinates are (column, row)
from the top-left corner. Moves cost 1 (N E S W) and sqrt(2) (NE SE SW NW, only past two free
cells); lengths are exact (a + b*sqrt(2)) and printed with 8 decimals; no path is `unsolvable`.
Jump point search: --successors jps (with --algo astar). bfs and iddfs are left out: they
count moves, not lengths, so they are not optimal with diagonal moves.";
    const KIND: Kind = Kind::Puzzle;
    // A grid query has no reverse moves listed for the searches to walk backward.
    const HAS_PREDECESSORS: bool = false;
    const FILE_EXTENSIONS: &'static [&'static str] = &["scen"];

    fn options() -> &'static [OptionSpec] {
        const OPTIONS: &[OptionSpec] = &[
            OptionSpec::value(
                "connectivity",
                "4|8",
                Some("8"),
                "8: diagonal moves too (the MovingAI convention); 4: N E S W only",
            ),
            OptionSpec::value(
                "map",
                "FILE",
                None,
                "the map of every query (instead of the map beside the .scen)",
            ),
            OptionSpec::value(
                "successors",
                "plain|jps",
                Some("plain"),
                "plain: every move; jps: jump point search (Harabor & Grastien 2011), with --algo astar and 8 connections",
            ),
            OptionSpec::value(
                "draw",
                "PNG|DIR",
                None,
                "draw each search (map, path, expanded cells): FILE.png for one query, FILE-LINE.png for several, DIR/SCEN-LINE-ALGO.png (one per algorithm in bench)",
            ),
        ];
        OPTIONS
    }

    fn heuristics() -> &'static [(&'static str, &'static str)] {
        &[
            (
                "octile",
                "octile distance (Manhattan with --connectivity 4): exact on open ground",
            ),
            ("zero", "no estimate: A* is uniform-cost search"),
        ]
    }

    fn algorithms() -> Vec<CoreAlgorithm> {
        // Searches that count moves (bfs, iddfs, bibfs) are not optimal with diagonal moves of
        // cost sqrt(2); the bidirectional ones need predecessors a grid query does not offer.
        SearchAlgorithm::ALL
            .into_iter()
            .filter(|a| a.promise() != searchlab_toolkit::Promise::FewestActions)
            .filter(|a| Self::refusal(CoreAlgorithm::Search(*a)).is_none())
            .map(CoreAlgorithm::Search)
            .collect()
    }

    fn default_algorithm() -> CoreAlgorithm {
        CoreAlgorithm::Search(SearchAlgorithm::Astar)
    }

    fn new(options: &Options) -> Result<Self, String> {
        let connectivity = match options.choice("connectivity", &["8", "4"])? {
            Some(1) => Connectivity::Four,
            _ => Connectivity::Eight,
        };
        let jps = options.choice("successors", &["plain", "jps"])? == Some(1);
        Ok(Self {
            connectivity,
            jps,
            map: options.get("map").map(PathBuf::from),
            draw: draw_path(options.get("draw"))?,
            maps: Mutex::new(HashMap::new()),
            instances: AtomicUsize::new(0),
        })
    }

    fn parse(&self, text: &str) -> Result<Instance, String> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let [map, numbers @ ..] = fields.as_slice() else {
            return Err("expected `MAP.map SX SY GX GY`".into());
        };
        let numbers: Vec<u32> = numbers
            .iter()
            .map(|n| {
                n.parse()
                    .map_err(|_| format!("`{n}` is not a coordinate (a number from 0)"))
            })
            .collect::<Result<_, _>>()?;
        let [sx, sy, gx, gy] = numbers[..] else {
            return Err(format!(
                "expected `MAP.map SX SY GX GY`, got {} numbers after the map",
                numbers.len()
            ));
        };
        let path = self.map.clone().unwrap_or_else(|| PathBuf::from(map));
        let loaded = self.load(&path)?;
        let line = self.instances.load(Ordering::Relaxed) + 1;
        let scenario = Scenario {
            line,
            bucket: 0,
            map: (*map).to_owned(),
            width: u32::from(loaded.width()),
            height: u32::from(loaded.height()),
            start: (sx, sy),
            goal: (gx, gy),
            // No length is written on such a line; the one after '|' is compared instead.
            expected: Expected::parse("0").expect("a number"),
        };
        self.instance(scenario, &path, "instance")
            // The driver names the line; the message need not repeat `instance:N`.
            .map_err(|e| e.split_once(": ").map_or(e.clone(), |(_, w)| w.to_owned()))
    }

    fn parse_file(&self, path: Option<&Path>, text: &str) -> Option<Vec<Parsed<Instance>>> {
        let is_scen = path.is_some_and(|p| p.extension().is_some_and(|e| e == "scen"))
            || text.trim_start().starts_with("version");
        if !is_scen {
            return None;
        }
        let file = path.map_or("-".to_owned(), |p| p.display().to_string());
        let lines: Vec<&str> = text.lines().collect();
        let input = |line: usize| lines.get(line - 1).map(|l| l.trim().to_owned());
        let mut out = Vec::new();
        for row in parse_scen(text, &file) {
            out.push(match row {
                Ok(scenario) => {
                    let line = scenario.line;
                    let expected = Some(scenario.expected.text().to_owned());
                    let map = self.map.clone().unwrap_or_else(|| {
                        map_beside(path.unwrap_or(Path::new("-")), &scenario.map)
                    });
                    Parsed {
                        line,
                        input: input(line),
                        name: None,
                        expected,
                        // The driver names the file and line; the message need not repeat them.
                        instance: self.instance(scenario, &map, &file).map_err(|e| {
                            e.strip_prefix(&format!("{file}:{line}: "))
                                .map_or(e.clone(), str::to_owned)
                        }),
                    }
                }
                Err(e) => {
                    let line = match &e {
                        GridError::Parse { line, .. } => *line,
                        _ => 1,
                    };
                    Parsed {
                        line,
                        input: input(line),
                        name: None,
                        expected: None,
                        instance: Err(match e {
                            GridError::Parse { what, .. } => what,
                            other => other.to_string(),
                        }),
                    }
                }
            });
        }
        Some(out)
    }

    fn prepare(
        &mut self,
        algorithm: CoreAlgorithm,
        _: &str,
        _: &mut dyn FnMut(searchlab_toolkit::Note),
    ) -> Result<(), String> {
        if self.jps && algorithm != CoreAlgorithm::Search(SearchAlgorithm::Astar) {
            return Err(format!(
                "--successors jps runs with --algo astar only (not {algorithm})"
            ));
        }
        if self.jps && self.connectivity == Connectivity::Four {
            return Err(
                "--successors jps needs --connectivity 8 (it prunes diagonal symmetries)".into(),
            );
        }
        Ok(())
    }

    fn show(&self, inst: &Instance) -> String {
        format!(
            "{} ({},{}) -> ({},{})",
            inst.map.name(),
            inst.start.x,
            inst.start.y,
            inst.goal.x,
            inst.goal.y
        )
    }

    fn solve(
        &self,
        inst: &Instance,
        algorithm: CoreAlgorithm,
        heuristic: &str,
        limits: &Limits,
    ) -> Answer {
        let CoreAlgorithm::Search(algo) = algorithm else {
            unreachable!("a puzzle lists only single-agent algorithms")
        };
        let run = if self.jps {
            let h = match heuristic {
                "zero" => GridHeuristic::Zero,
                _ => GridHeuristic::Octile,
            };
            match solve(
                inst,
                Algorithm::Jps,
                h,
                Connectivity::Eight,
                limits,
                self.draw.is_some(),
            ) {
                Ok(run) => run,
                // prepare() refused every other combination.
                Err(e) => unreachable!("{e}"),
            }
        } else {
            match self.run_plain(inst, algo, heuristic, limits) {
                Ok(run) => run,
                // Refused before solving by `refusal`; a library caller gets the reason.
                Err(e) => {
                    return searchlab_toolkit::describe::run_answer::<crate::grid::Move, Octile>(
                        Err(e),
                        |_| String::new(),
                    );
                }
            }
        };
        let mut answer = match &run.outcome {
            Outcome::Solved { actions, cost } => {
                let mut a = Answer::new(Status::Solved, run.stats.clone());
                let moves = crate::grid::moves_to_string(actions);
                let length = cost.to_decimal(DECIMALS);
                a.lines.push(if actions.is_empty() {
                    format!("length {length}: (start is the goal)")
                } else {
                    format!("length {length}: {moves}")
                });
                a.moves = Some(moves);
                a.key = Some(length.clone());
                // The length as the `.scen` files write it (8 decimals, correctly rounded),
                // and beside it the exact value it was rounded from.
                a.fields.push(("cost", Field::Decimal(length.clone())));
                a.fields.push(("exact", exact_text(*cost).into()));
                a.fields.push(("straight", cost.straight.into()));
                a.fields.push(("diagonal", cost.diagonal.into()));
                let cells = run.path_cells(inst.start).unwrap_or_default();
                a.fields.push((
                    "cells",
                    Field::List(
                        cells
                            .iter()
                            .map(|c| {
                                Field::List(vec![u32::from(c.x).into(), u32::from(c.y).into()])
                            })
                            .collect(),
                    ),
                ));
                a.length = Some(length);
                a
            }
            Outcome::NoSolution => unsolvable(run.stats.clone(), "no path"),
            Outcome::Stopped(kind) => stopped(*kind, run.stats.clone()),
        };
        if self.jps {
            answer
                .lines
                .push("jump point search: the statistics count jump points".into());
        }
        if let Some(out) = &self.draw {
            let mut run_name = algo.name().to_owned();
            if algo.uses_heuristic() {
                run_name = format!("{run_name}-{heuristic}");
            }
            if self.jps {
                run_name.push_str("-jps");
            }
            let file = self.picture(out, inst, &run_name);
            let path = run
                .path_cells(inst.start)
                .unwrap_or_else(|| vec![inst.start]);
            match crate::draw::draw(&file, &inst.map, &path, &run.expanded) {
                Ok(_) => {
                    eprintln!(
                        "searchlab: grid: {}: drew {} (path and {} expanded {})",
                        inst.name,
                        file.display(),
                        run.expanded.len(),
                        if run.expanded.len() == 1 {
                            "cell"
                        } else {
                            "cells"
                        }
                    );
                    answer
                        .fields
                        .push(("picture", file.display().to_string().into()));
                }
                Err(e) => eprintln!("searchlab: grid: {}: {e}", inst.name),
            }
        }
        answer
    }

    /// The length must be the expected one at the expected text's precision, compared with
    /// the exact length as [`Instance::is_expected`] compares it (also reading the MovingAI
    /// files' sqrt(2) = 1.414213562 convention).
    fn matches(&self, answer: &Answer, expected: &str) -> bool {
        match answer.key.as_deref() {
            None => true,
            Some("unsolvable") => expected == "unsolvable",
            Some(_) => match (octile_of(answer), Expected::parse(expected)) {
                (Some(length), Some(e)) => e.matches(length),
                _ => false,
            },
        }
    }

    /// `--show`: the path drawn on the window of the map around it ([`map_window`]).
    fn show_solution(&self, inst: &Instance, answer: &Answer) -> Option<String> {
        if answer.status != Status::Solved {
            return None;
        }
        // The path's cells, as the answer lists them for JSON.
        let cells = answer.fields.iter().find_map(|(k, v)| match v {
            Field::List(cells) if *k == "cells" => Some(cells),
            _ => None,
        })?;
        let path: Vec<Cell> = cells
            .iter()
            .map(|c| match c {
                Field::List(xy) => match xy.as_slice() {
                    [Field::Int(x), Field::Int(y)] => {
                        Some(Cell::new(u16::try_from(*x).ok()?, u16::try_from(*y).ok()?))
                    }
                    _ => None,
                },
                _ => None,
            })
            .collect::<Option<_>>()?;
        Some(map_window(&inst.map, &path, 76, 40))
    }

    fn gen_options() -> &'static [OptionSpec] {
        const OPTIONS: &[OptionSpec] = &[OptionSpec::positional(
            "map",
            "MAP",
            "the .map file to put queries on (required; --map MAP works too); rows name it by its file name",
        )];
        OPTIONS
    }

    fn generate(
        &self,
        options: &Options,
        rng: &mut SplitMix64,
        count: usize,
    ) -> Result<Vec<String>, String> {
        let path = options
            .get("map")
            .ok_or("gen grid needs a map: searchlab gen grid MAP.map")?;
        let map = GridMap::read(Path::new(path)).map_err(|e| e.to_string())?;
        let name = Path::new(path)
            .file_name()
            .map_or(path.into(), |n| n.to_string_lossy());
        let rows = crate::generate::generate(&map, &name, count, rng.next_u64())
            .map_err(|e| e.to_string())?;
        Ok(write_scen(&rows).lines().map(str::to_owned).collect())
    }
}

/// `path` drawn on the part of `map` around it (a margin of two cells): `S` the start, `G`
/// the goal, `*` the path, the map's own characters elsewhere (`.` ground, `@` and `T`
/// blocked, ...), under a line naming the window. A window larger than `width` x `height`
/// characters is scaled down: each character then stands for a k x k block of cells, shown as
/// the path's character if the path crosses it, else as its most blocked cell.
pub fn map_window(map: &GridMap, path: &[Cell], width: usize, height: usize) -> String {
    let (Some(first), Some(last)) = (path.first(), path.last()) else {
        return String::new();
    };
    let margin = 2;
    let span = |f: fn(&Cell) -> u16, size: u16| {
        let lo = path.iter().map(f).min().unwrap_or(0);
        let hi = path.iter().map(f).max().unwrap_or(0);
        (
            lo.saturating_sub(margin),
            hi.saturating_add(margin).min(size - 1),
        )
    };
    let (x0, x1) = span(|c| c.x, map.width());
    let (y0, y1) = span(|c| c.y, map.height());
    let (w, h) = (usize::from(x1 - x0) + 1, usize::from(y1 - y0) + 1);
    let k = w
        .div_ceil(width.max(1))
        .max(h.div_ceil(height.max(1)))
        .max(1);
    let on_path: std::collections::HashSet<Cell> = path.iter().copied().collect();
    let mut s = format!(
        "map window x {x0}-{x1}, y {y0}-{y1}{}: S start, G goal, * path\n",
        if k > 1 {
            format!(" (1 character = {k}x{k} cells)")
        } else {
            String::new()
        }
    );
    for by in (0..h).step_by(k) {
        let mut line = String::new();
        for bx in (0..w).step_by(k) {
            let block = (by..(by + k).min(h)).flat_map(|dy| {
                (bx..(bx + k).min(w)).map(move |dx| Cell::new(x0 + dx as u16, y0 + dy as u16))
            });
            let (mut ch, mut open) = (b' ', true);
            let mut mark = None;
            for c in block {
                if c == *first {
                    mark = Some(b'S');
                } else if c == *last && mark != Some(b'S') {
                    mark = Some(b'G');
                } else if on_path.contains(&c) && mark.is_none() {
                    mark = Some(b'*');
                }
                // The most blocked terrain of the block stands for it.
                let passable = map.is_passable(c);
                if ch == b' ' || (open && !passable) {
                    (ch, open) = (map.char_at(c), passable);
                }
            }
            line.push(char::from(mark.unwrap_or(ch)));
        }
        s += line.trim_end();
        s.push('\n');
    }
    s
}

/// The value of `--draw`: a directory, or a file whose name says PNG or SVG (or has no
/// extension: PNG). Any other extension is refused before the search rather than given PNG
/// bytes under a name that says otherwise (issue 31).
fn draw_path(value: Option<&str>) -> Result<Option<PathBuf>, String> {
    let Some(value) = value else { return Ok(None) };
    let path = PathBuf::from(value);
    match path.extension() {
        Some(e)
            if !path.is_dir()
                && !e.eq_ignore_ascii_case("png")
                && !e.eq_ignore_ascii_case("svg") =>
        {
            Err(format!(
                "--draw {value}: a grid's picture is PNG or SVG: name the file FILE.png or FILE.svg (or a directory)"
            ))
        }
        _ => Ok(Some(path)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_is_drawn_on_its_window_and_scaled_down_when_large() {
        let map = GridMap::parse(
            "type octile\nheight 3\nwidth 4\nmap\n....\n.@..\n....\n",
            "t.map",
        )
        .unwrap();
        let path = [
            Cell::new(0, 0),
            Cell::new(0, 1),
            Cell::new(1, 2),
            Cell::new(2, 2),
        ];
        assert_eq!(
            map_window(&map, &path, 76, 40),
            "map window x 0-3, y 0-2: S start, G goal, * path\nS...\n*@..\n.*G.\n"
        );
        // Two columns to a character: each shows the path if it crosses its block.
        let small = map_window(&map, &path, 2, 2);
        assert!(small.starts_with("map window x 0-3, y 0-2 (1 character = 2x2 cells)"));
        assert_eq!(small.lines().skip(1).collect::<Vec<_>>(), ["S.", "*G"]);
    }

    #[test]
    fn a_line_instance_is_solved_and_checked_exactly() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/grid/arena.map");
        let g = GridPaths::new(&Options::new()).unwrap();
        let inst = g.parse(&format!("{dir} 1 13 4 12")).unwrap();
        let a = g.solve(
            &inst,
            GridPaths::default_algorithm(),
            "octile",
            &Limits::none(),
        );
        assert_eq!(a.length.as_deref(), Some("3.41421356"));
        assert!(g.matches(&a, "3.41421"));
        assert!(!g.matches(&a, "3.41422"));
        assert!(g.parse(&format!("{dir} 1 13 4")).is_err());
        assert!(g.parse(&format!("{dir} 100 13 4 12")).is_err());
    }

    /// The JSON fields: `cost` with the `.scen` files' 8 decimals (trailing zeros kept, so
    /// a decimal and not a float), the exact form beside it, and its two integers.
    #[test]
    fn the_cost_field_has_8_decimals_and_the_exact_form_beside_it() {
        let map = concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/grid/arena.map");
        let g = GridPaths::new(&Options::new()).unwrap();
        let field = |a: &Answer, name: &str| {
            a.fields
                .iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| v.clone())
        };
        // (start, goal, cost, exact): a diagonal step, straight steps only (the zeros stay).
        for (query, cost, exact) in [
            ("1 13 4 12", "3.41421356", "2+sqrt(2)"),
            ("1 11 1 12", "1.00000000", "1"),
            ("1 12 1 10", "2.00000000", "2"),
        ] {
            let inst = g.parse(&format!("{map} {query}")).unwrap();
            let a = g.solve(
                &inst,
                GridPaths::default_algorithm(),
                "octile",
                &Limits::none(),
            );
            assert_eq!(
                field(&a, "cost"),
                Some(Field::Decimal(cost.into())),
                "{query}"
            );
            assert_eq!(
                field(&a, "exact"),
                Some(Field::Text(exact.into())),
                "{query}"
            );
            assert_eq!(a.length.as_deref(), Some(cost));
        }
        assert_eq!(exact_text(Octile::new(16, 25)), "16+25*sqrt(2)");
        assert_eq!(exact_text(Octile::new(0, 3)), "3*sqrt(2)");
        assert_eq!(exact_text(Octile::new(0, 0)), "0");
    }

    /// `--draw DIR` names each picture by its query and its search, so that a bench's
    /// algorithms do not overwrite one another's pictures.
    #[test]
    fn pictures_in_a_directory_are_one_per_query_and_algorithm() {
        let map = concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/grid/arena.map");
        let dir = std::env::temp_dir().join(format!("searchlab-grid-pics-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut runs = Vec::new();
        for (algo, jps) in [
            (SearchAlgorithm::Astar, false),
            (SearchAlgorithm::Ucs, false),
            (SearchAlgorithm::Astar, true),
        ] {
            let mut options = Options::new();
            options.set("draw", dir.to_str().unwrap());
            if jps {
                options.set("successors", "jps");
            }
            let g = GridPaths::new(&options).unwrap();
            let inst = g.parse(&format!("{map} 1 13 4 12")).unwrap();
            let a = g.solve(
                &inst,
                CoreAlgorithm::Search(algo),
                "octile",
                &Limits::none(),
            );
            assert_eq!(a.length.as_deref(), Some("3.41421356"));
            runs.push(a);
        }
        for (a, name) in runs.iter().zip(["astar-octile", "ucs", "astar-octile-jps"]) {
            let shown = a.fields.iter().find(|(k, _)| *k == "picture");
            let Some((_, Field::Text(file))) = shown else {
                panic!("no picture for {name}: {:?}", a.fields)
            };
            let file = Path::new(file);
            assert_eq!(file.parent(), Some(dir.as_path()));
            assert!(
                file.to_str().unwrap().ends_with(&format!("-{name}.png")),
                "{file:?}"
            );
            assert_eq!(&std::fs::read(file).unwrap()[..4], b"\x89PNG");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
