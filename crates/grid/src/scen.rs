//! MovingAI `.scen` files: queries with their optimal lengths, checked against their map.
//!
//! A line is `bucket map width height start-x start-y goal-x goal-y length`, tab-separated
//! (spaces are accepted too), after an optional `version` line. Each line becomes an
//! [`Instance`] or an error naming its line; one bad line never hides the others.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use searchlab_core::Octile;

use crate::error::GridError;
use crate::map::{Cell, GridMap};

/// An optimal length as a `.scen` file writes it, compared exactly at the file's precision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expected {
    text: String,
    /// The value times `10^decimals`.
    scaled: u128,
    decimals: u32,
}

impl Expected {
    /// Parses a non-negative decimal (`12`, `3.41421`, `3.41421356`; at most 9 decimals).
    pub fn parse(text: &str) -> Option<Expected> {
        let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if !digits(whole) || !(frac.is_empty() || digits(frac)) || frac.len() > 9 {
            return None;
        }
        let decimals = frac.len() as u32;
        let scaled = format!("{whole}{frac}").parse::<u128>().ok()?;
        Some(Expected {
            text: text.to_string(),
            scaled,
            decimals,
        })
    }

    /// The length as written.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Decimals written.
    pub fn decimals(&self) -> u32 {
        self.decimals
    }

    /// Whether `length` is the written value at the file's precision: either `length`
    /// correctly rounded to the file's decimals, or `straight + diagonal * 1.414213562`
    /// rounded so. The second is how the MovingAI files were written: their lengths were summed
    /// with sqrt(2) cut to 9 decimals, which moves the 8th decimal for some queries (51.35533905
    /// for 16 + 25 sqrt(2) = 51.355339059...) and, for long paths, the 7th. Both readings are
    /// exact integer arithmetic; a length that is not optimal differs from the optimum by far
    /// more than either reading's error on these maps.
    ///
    /// # Examples
    /// ```
    /// use searchlab_core::Octile;
    /// use searchlab_grid::Expected;
    ///
    /// assert!(Expected::parse("3.41421").unwrap().matches(Octile::new(2, 1)));
    /// assert!(Expected::parse("3.41421356").unwrap().matches(Octile::new(2, 1)));
    /// assert!(!Expected::parse("3.41421357").unwrap().matches(Octile::new(2, 1)));
    /// // The maze file's 16 + 25 sqrt(2) = 51.355339059..., written with sqrt(2) = 1.414213562:
    /// let written = Expected::parse("51.35533905").unwrap();
    /// assert!(written.matches(Octile::new(16, 25)) && !written.matches_exactly(Octile::new(16, 25)));
    /// ```
    pub fn matches(&self, length: Octile) -> bool {
        self.matches_exactly(length) || self.matches_file_convention(length)
    }

    /// Whether `length` correctly rounded to the file's decimals is the written value.
    pub fn matches_exactly(&self, length: Octile) -> bool {
        length.rounded(self.decimals) == self.scaled
    }

    /// Whether `straight + diagonal * 1.414213562` (sqrt(2) cut to 9 decimals, the files'
    /// convention), rounded half up to the file's decimals, is the written value.
    pub fn matches_file_convention(&self, length: Octile) -> bool {
        // The value in units of 10^-9, exactly.
        let nano = u128::from(length.straight) * 1_000_000_000
            + u128::from(length.diagonal) * 1_414_213_562;
        let unit = 10u128.pow(9 - self.decimals);
        (nano + unit / 2) / unit == self.scaled
    }

    /// The value as a float (for display).
    pub fn to_f64(&self) -> f64 {
        self.scaled as f64 / 10f64.powi(self.decimals as i32)
    }
}

impl std::fmt::Display for Expected {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

/// One line of a `.scen` file, as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scenario {
    /// The 1-based line in its file.
    pub line: usize,
    /// The bucket (the benchmark's difficulty group, usually `floor(length / 4)`).
    pub bucket: u32,
    /// The map as the file names it (`maps/dao/arena.map`).
    pub map: String,
    /// The map's width as the file says.
    pub width: u32,
    /// The map's height as the file says.
    pub height: u32,
    /// Start column and row.
    pub start: (u32, u32),
    /// Goal column and row.
    pub goal: (u32, u32),
    /// The optimal length.
    pub expected: Expected,
}

/// Parses the text of a `.scen` file (`file` names it in errors): one result per query line,
/// [`GridError::Parse`] naming the line for a wrong field count or a field that is not a
/// number. A `version` first line and blank lines are skipped.
pub fn parse_scen(text: &str, file: &str) -> Vec<Result<Scenario, GridError>> {
    let mut out = Vec::new();
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || (line == 1 && trimmed.starts_with("version")) {
            continue;
        }
        out.push(parse_line(trimmed, file, line));
    }
    out
}

fn parse_line(text: &str, file: &str, line: usize) -> Result<Scenario, GridError> {
    let fields: Vec<&str> = if text.contains('\t') {
        text.split('\t').map(str::trim).collect()
    } else {
        text.split_whitespace().collect()
    };
    if fields.len() != 9 {
        return Err(GridError::parse(
            file,
            line,
            format!(
                "expected 9 fields (bucket map width height start-x start-y goal-x goal-y length), found {}",
                fields.len()
            ),
        ));
    }
    const NAMES: [&str; 9] = [
        "bucket", "map", "width", "height", "start-x", "start-y", "goal-x", "goal-y", "length",
    ];
    let number = |k: usize| -> Result<u32, GridError> {
        fields[k].parse::<u32>().map_err(|_| {
            GridError::parse(
                file,
                line,
                format!("{} `{}` is not a whole number", NAMES[k], fields[k]),
            )
        })
    };
    let expected = Expected::parse(fields[8]).ok_or_else(|| {
        GridError::parse(
            file,
            line,
            format!(
                "length `{}` is not a decimal number with at most 9 decimals",
                fields[8]
            ),
        )
    })?;
    Ok(Scenario {
        line,
        bucket: number(0)?,
        map: fields[1].to_string(),
        width: number(2)?,
        height: number(3)?,
        start: (number(4)?, number(5)?),
        goal: (number(6)?, number(7)?),
        expected,
    })
}

/// One query checked against its map: the unit `solve grid` and `bench grid` answer.
#[derive(Clone, Debug)]
pub struct Instance {
    /// `file:line` of the query.
    pub name: String,
    /// The map.
    pub map: Arc<GridMap>,
    /// The start.
    pub start: Cell,
    /// The goal.
    pub goal: Cell,
    /// The query as written (bucket, optimal length, ...).
    pub scenario: Scenario,
}

impl Instance {
    /// Checks `scenario` (from `file`) against `map`: the sizes agree, start and goal lie on
    /// the map on passable cells.
    ///
    /// # Errors
    /// [`GridError::Parse`] naming the scenario's file and line.
    pub fn new(map: Arc<GridMap>, scenario: Scenario, file: &str) -> Result<Instance, GridError> {
        let line = scenario.line;
        if (scenario.width, scenario.height) != (u32::from(map.width()), u32::from(map.height())) {
            return Err(GridError::parse(
                file,
                line,
                format!(
                    "the scenario's map size is {}x{}, but {} is {}x{}",
                    scenario.width,
                    scenario.height,
                    map.name(),
                    map.width(),
                    map.height()
                ),
            ));
        }
        let cell = |what: &str, (x, y): (u32, u32)| -> Result<Cell, GridError> {
            if !map.contains(i64::from(x), i64::from(y)) {
                return Err(GridError::parse(
                    file,
                    line,
                    format!(
                        "{what} ({x},{y}) is outside the {}x{} map",
                        map.width(),
                        map.height()
                    ),
                ));
            }
            let c = Cell::new(x as u16, y as u16);
            if !map.is_passable(c) {
                return Err(GridError::parse(
                    file,
                    line,
                    format!(
                        "{what} ({x},{y}) is on a blocked cell `{}`",
                        map.char_at(c) as char
                    ),
                ));
            }
            Ok(c)
        };
        let start = cell("start", scenario.start)?;
        let goal = cell("goal", scenario.goal)?;
        Ok(Instance {
            name: format!("{file}:{line}"),
            map,
            start,
            goal,
            scenario,
        })
    }

    /// Whether `length` is the file's optimal length at the file's precision.
    pub fn is_expected(&self, length: Octile) -> bool {
        self.scenario.expected.matches(length)
    }
}

/// The map file a scenario names, looked for beside the scenario file by its file name
/// (`maps/dao/arena.map` -> `DIR/arena.map`).
pub fn map_beside(scen: &Path, map: &str) -> PathBuf {
    let name = Path::new(map)
        .file_name()
        .map_or_else(|| map.into(), |n| n.to_os_string());
    scen.parent().unwrap_or(Path::new("")).join(name)
}

/// Reads a `.scen` file and the maps its queries name (found with [`map_beside`], or `map`
/// when given): one result per query, in file order.
///
/// # Errors
/// The outer error when the scenario file cannot be read. Per query, [`GridError`]s naming the
/// scenario's file and line: bad fields, a map that cannot be read or parsed (the message names
/// the map file and its line too), a size that differs, a start or goal off the map or blocked.
pub fn read_instances(
    scen: &Path,
    map: Option<&Path>,
) -> Result<Vec<Result<Instance, GridError>>, GridError> {
    let file = scen.display().to_string();
    let text = crate::map::read_text(scen, "cannot read scenario")?;
    let mut maps: HashMap<PathBuf, Result<Arc<GridMap>, String>> = HashMap::new();
    let mut out = Vec::new();
    for entry in parse_scen(&text, &file) {
        let scenario = match entry {
            Ok(s) => s,
            Err(e) => {
                out.push(Err(e));
                continue;
            }
        };
        let path = map.map_or_else(|| map_beside(scen, &scenario.map), Path::to_path_buf);
        let loaded = maps.entry(path.clone()).or_insert_with(|| {
            GridMap::read(&path)
                .map(Arc::new)
                .map_err(|e| e.to_string())
        });
        out.push(match loaded {
            Ok(m) => Instance::new(Arc::clone(m), scenario, &file),
            Err(why) => Err(GridError::parse(
                &file,
                scenario.line,
                format!("map `{}`: {why}", scenario.map),
            )),
        });
    }
    Ok(out)
}

/// Writes queries in `.scen` format (`version 1`, tab-separated, lengths with 8 decimals).
pub fn write_scen(rows: &[Scenario]) -> String {
    let mut s = String::from("version 1\n");
    for r in rows {
        s.push_str(&format!(
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\n",
            r.bucket,
            r.map,
            r.width,
            r.height,
            r.start.0,
            r.start.1,
            r.goal.0,
            r.goal.1,
            r.expected
        ));
    }
    s
}
