//! Shard files: the rows of a bench as JSON Lines, resumable, and their merge.
//!
//! A shard file starts with a header line (`"type": "header"`: the [`Definition`], its
//! fingerprint, the shard, the job count, the tool, the command line and the host), then one
//! line per finished run (`"type": "row"`), written and flushed as each run ends, in the
//! order they end. Each row carries what a merge needs by itself too: the problem, the pair,
//! the instance's file, line and text, the status, the answer (exactly as the problem wrote
//! it), the statistics, the definition's fingerprint, the tool, command line and host.
//!
//! * [`open`] starts a shard file, or with `resume` reads what an earlier run of the same
//!   definition and shard left: its complete rows are done, a last line without its newline
//!   (the run was killed while writing it) is dropped, and new rows are appended.
//! * [`merge`] reads shard files from any machine, in any order, refuses files of different
//!   definitions, names missing and duplicated rows, and makes the [`Report`] of the whole.

use std::collections::{BTreeMap, BTreeSet};
use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use searchlab_toolkit::output::AtomicFile;
use searchlab_toolkit::{Answer, Iteration, Kind, Stats};
use serde_json::{Value as Json, json};

use crate::output::{Row, length_json, pair_label};
use crate::{BenchError, Definition, Report, Shard};

/// The value of `format` in a header: files of another format are refused.
pub const FORMAT: &str = "searchlab-bench-jsonl-1";

/// Where and by what a shard ran: recorded in its header and every row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Provenance {
    /// The tool and its version (`searchlab 0.1.0`).
    pub tool: String,
    /// The command line, words joined by spaces (quoted when they hold one).
    pub command: String,
    /// The machine's name.
    pub host: String,
    /// The git revision of the repository the command ran in (`None` outside one), with
    /// `-dirty` when git says the work tree differs from it.
    pub revision: Option<String>,
}

impl Provenance {
    /// This process: `tool`, its own command line, and the host name (from the kernel, or
    /// `HOSTNAME`/`COMPUTERNAME`, else `unknown`).
    pub fn here(tool: &str) -> Provenance {
        let words: Vec<String> = std::env::args()
            .map(|a| match a.contains([' ', '\'', '"']) || a.is_empty() {
                true => format!("'{}'", a.replace('\'', "'\\''")),
                false => a,
            })
            .collect();
        let host = ["/proc/sys/kernel/hostname", "/etc/hostname"]
            .iter()
            .find_map(|p| std::fs::read_to_string(p).ok())
            .or_else(|| std::env::var("HOSTNAME").ok())
            .or_else(|| std::env::var("COMPUTERNAME").ok())
            .map(|h| h.trim().to_owned())
            .filter(|h| !h.is_empty())
            .unwrap_or_else(|| "unknown".to_owned());
        let revision = std::env::current_dir().ok().and_then(|d| revision(&d));
        Provenance {
            tool: tool.to_owned(),
            command: words.join(" "),
            host,
            revision,
        }
    }
}

/// The git revision checked out in the repository holding `dir`: read from `.git` (`HEAD`,
/// then the branch's ref, loose or packed; a worktree's `.git` file is followed), with
/// `-dirty` appended when a `git` program is at hand and says tracked files differ. `None`
/// outside a repository, or when the files cannot be read.
pub fn revision(dir: &Path) -> Option<String> {
    let dot_git = dir
        .ancestors()
        .map(|d| d.join(".git"))
        .find(|g| g.exists())?;
    let git_dir = match dot_git.is_file() {
        // A worktree: `gitdir: PATH`.
        true => {
            let text = std::fs::read_to_string(&dot_git).ok()?;
            let path = PathBuf::from(text.strip_prefix("gitdir:")?.trim());
            match path.is_absolute() {
                true => path,
                false => dot_git.parent()?.join(path),
            }
        }
        false => dot_git.clone(),
    };
    // A worktree keeps its refs in the main repository (`commondir`).
    let common = match std::fs::read_to_string(git_dir.join("commondir")) {
        Ok(rel) => git_dir.join(rel.trim()),
        Err(_) => git_dir.clone(),
    };
    let head = std::fs::read_to_string(git_dir.join("HEAD")).ok()?;
    let head = head.trim();
    let commit = match head.strip_prefix("ref:") {
        None => head.to_owned(),
        Some(name) => {
            let name = name.trim();
            let loose = [&git_dir, &common]
                .iter()
                .find_map(|d| std::fs::read_to_string(d.join(name)).ok());
            match loose {
                Some(c) => c.trim().to_owned(),
                None => {
                    let packed = std::fs::read_to_string(common.join("packed-refs")).ok()?;
                    (packed.lines())
                        .find_map(|l| l.strip_suffix(name).map(|c| c.trim().to_owned()))?
                }
            }
        }
    };
    if commit.len() < 7 || !commit.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    // Whether tracked files changed: only git knows cheaply; without it, nothing is said.
    let dirty = std::process::Command::new("git")
        .args(["diff", "--quiet", "HEAD", "--"])
        .current_dir(dir)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.code() == Some(1));
    Some(match dirty {
        true => format!("{commit}-dirty"),
        false => commit,
    })
}

/// All statistics of a search as a JSON object (time in seconds).
pub fn stats_json(stats: &Stats) -> Json {
    let iterations: Vec<Json> = (stats.iterations.iter())
        .map(
            |&Iteration {
                 bound,
                 expanded,
                 generated,
             }| {
                json!({ "bound": bound, "expanded": expanded, "generated": generated })
            },
        )
        .collect();
    json!({
        "expanded": stats.expanded,
        "generated": stats.generated,
        "max_frontier": stats.max_frontier,
        "reopened": stats.reopened,
        "iterations": iterations,
        "leaves": stats.leaves,
        "cutoffs": stats.cutoffs,
        "table_probes": stats.table_probes,
        "table_hits": stats.table_hits,
        "depth_reached": stats.depth_reached,
        "seconds": stats.elapsed.as_secs_f64(),
        "evaluated": stats.evaluated,
        "last_layer": stats.last_layer.map(|l| json!({
            "expanded": l.expanded,
            "generated": l.generated,
            "evaluated": l.evaluated,
        })),
    })
}

/// The header line of a shard file (without its newline).
pub fn header_line(definition: &Definition, shard: Shard, jobs: usize, who: &Provenance) -> String {
    json!({
        "type": "header",
        "format": FORMAT,
        "fingerprint": definition.fingerprint(),
        "shard": shard.to_string(),
        "jobs": jobs,
        "tool": who.tool,
        "command": who.command,
        "host": who.host,
        "revision": who.revision,
        "definition": definition,
    })
    .to_string()
}

/// The line of one run (without its newline).
pub fn row_line(
    definition: &Definition,
    fingerprint: &str,
    shard: Shard,
    who: &Provenance,
    row: &Row,
    answer: &Answer,
) -> String {
    let entry = &definition.instances[row.index];
    json!({
        "type": "row",
        "fingerprint": fingerprint,
        "problem": definition.problem,
        "shard": shard.to_string(),
        "algorithm": row.algorithm,
        "heuristic": row.heuristic,
        "pair": row.pair,
        "index": row.index,
        "file": entry.file,
        "line": entry.line,
        "source": row.source,
        "instance": row.instance,
        "expected": entry.expected,
        "status": row.status,
        "limit": row.limit,
        "answer": answer.length,
        "cost": row.cost,
        "value": row.value,
        "length": row.length,
        "expanded": row.expanded,
        "generated": row.generated,
        "seconds": row.seconds,
        "peak_bytes": row.peak_bytes,
        "evaluated": row.evaluated,
        "expanded_until_last_layer": row.expanded_until_last_layer,
        "generated_until_last_layer": row.generated_until_last_layer,
        "evaluated_until_last_layer": row.evaluated_until_last_layer,
        "exact": row.exact,
        "agrees": row.agrees,
        "stats": stats_json(&answer.stats),
        "tool": who.tool,
        "command": who.command,
        "host": who.host,
    })
    .to_string()
}

/// Writes the rows of a shard, one flushed line each, so that a killed run leaves complete
/// rows behind (and at most one partial line, which [`open`] drops).
pub struct ShardWriter {
    out: Mutex<Sink>,
    definition: Definition,
    fingerprint: String,
    shard: Shard,
    who: Provenance,
}

impl ShardWriter {
    /// A writer of rows to `out` (which already has its header, or does not need one).
    pub fn new(
        out: Box<dyn Write + Send>,
        definition: &Definition,
        shard: Shard,
        who: &Provenance,
    ) -> ShardWriter {
        ShardWriter {
            out: Mutex::new(Sink::Stream(out)),
            fingerprint: definition.fingerprint(),
            definition: definition.clone(),
            shard,
            who: who.clone(),
        }
    }

    /// Writes the line of one run and flushes it.
    ///
    /// # Errors
    ///
    /// Writing to the output.
    pub fn write(&self, row: &Row, answer: &Answer) -> std::io::Result<()> {
        let line = row_line(
            &self.definition,
            &self.fingerprint,
            self.shard,
            &self.who,
            row,
            answer,
        );
        let mut out = self.out.lock().unwrap_or_else(|e| e.into_inner());
        writeln!(out, "{line}")?;
        out.flush()
    }

    /// Ends the rows: a shard file written through a temporary file is renamed over its
    /// path now (the old file stayed whole until then).
    ///
    /// # Errors
    ///
    /// When the temporary file cannot be completed or renamed.
    pub fn finish(self) -> std::io::Result<()> {
        match self.out.into_inner().unwrap_or_else(|e| e.into_inner()) {
            Sink::Stream(mut out) => out.flush(),
            Sink::File(file) => file.commit(),
        }
    }
}

/// Where a [`ShardWriter`]'s lines go: a stream (standard output, a shard file continued in
/// place), or a new shard file's temporary file, renamed at [`ShardWriter::finish`].
enum Sink {
    Stream(Box<dyn Write + Send>),
    File(AtomicFile),
}

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match self {
            Sink::Stream(out) => out.write(buf),
            Sink::File(file) => file.write(buf),
        }
    }
    fn flush(&mut self) -> std::io::Result<()> {
        match self {
            Sink::Stream(out) => out.flush(),
            Sink::File(file) => file.flush(),
        }
    }
}

/// A shard file read back.
#[derive(Clone, Debug)]
pub struct ShardFile {
    /// The file.
    pub path: PathBuf,
    /// Its definition.
    pub definition: Definition,
    /// Its definition's fingerprint, as recorded.
    pub fingerprint: String,
    /// Its shard.
    pub shard: Shard,
    /// The job count it ran with.
    pub jobs: usize,
    /// The tool that wrote it (`searchlab 0.1.0`).
    pub tool: String,
    /// The command line that wrote it.
    pub command: String,
    /// The host it ran on.
    pub host: String,
    /// The git revision it ran at, when recorded.
    pub revision: Option<String>,
    /// Its complete rows, in file order.
    pub rows: Vec<Row>,
    /// The bytes up to the end of its last complete line.
    pub complete: u64,
}

fn bad(path: &Path, message: String) -> BenchError {
    BenchError::ShardFile {
        path: path.to_owned(),
        message,
    }
}

/// A `&'static` name among `names`, for the fields of [`Row`] that are.
fn known(names: &[&'static str], text: &str) -> Option<&'static str> {
    names.iter().copied().find(|n| *n == text)
}

/// The row of a row line, checked against the definition.
fn parse_row(definition: &Definition, kind: Kind, v: &Json) -> Result<Row, String> {
    let text = |k: &str| v.get(k).and_then(Json::as_str).map(str::to_owned);
    let number = |k: &str| v.get(k).and_then(Json::as_u64);
    let (Some(index), Some(pair)) = (number("index"), number("pair")) else {
        return Err("a row without its index and pair".into());
    };
    let (index, pair) = (index as usize, pair as usize);
    let (Some(entry), Some(spec)) = (definition.instances.get(index), definition.pairs.get(pair))
    else {
        return Err(format!(
            "instance {index} or pair {pair} is not in the definition"
        ));
    };
    let algorithm = text("algorithm").unwrap_or_default();
    let heuristic = text("heuristic").unwrap_or_default();
    if algorithm != spec.algorithm || heuristic != spec.heuristic || entry.error.is_some() {
        return Err(format!(
            "row of {} on {} does not match the definition",
            pair_label(&algorithm, &heuristic),
            entry.source
        ));
    }
    let status = text("status").and_then(|s| known(&["solved", "unsolvable", "stopped"], &s));
    let Some(status) = status else {
        return Err("a row without a known status".into());
    };
    let limit_names = ["nodes", "time", "cost", "cancelled", "memory"];
    let answer = text("answer").map(|a| length_json(&a));
    Ok(Row {
        index,
        pair,
        algorithm,
        heuristic,
        source: entry.source.clone(),
        instance: entry.text.clone(),
        status,
        limit: text("limit").and_then(|l| known(&limit_names, &l)),
        cost: answer.clone().filter(|_| kind == Kind::Puzzle),
        value: answer.filter(|_| kind == Kind::Game),
        length: number("length"),
        expanded: number("expanded").unwrap_or(0),
        generated: number("generated").unwrap_or(0),
        seconds: v.get("seconds").and_then(Json::as_f64).unwrap_or(0.0),
        peak_bytes: number("peak_bytes").unwrap_or(0),
        evaluated: number("evaluated").unwrap_or(0),
        expanded_until_last_layer: number("expanded_until_last_layer"),
        generated_until_last_layer: number("generated_until_last_layer"),
        evaluated_until_last_layer: number("evaluated_until_last_layer"),
        // Shard files written before these were recorded: an exact pair's answer is taken
        // as claimed exact; its agreement with the expected answer is unknown.
        exact: v
            .get("exact")
            .and_then(Json::as_bool)
            .unwrap_or(spec.promise == crate::agree::Promise::Optimal),
        agrees: v.get("agrees").and_then(Json::as_bool),
    })
}

/// Reads a shard file. A last line without its newline (a run killed while writing it) is
/// ignored; `Ok(None)` when not even the header is complete.
///
/// # Errors
///
/// [`BenchError::ShardFile`] naming the line that is not a header or row of this format, or
/// a row that does not belong to the header's definition; [`BenchError::Io`] when the file
/// cannot be read.
pub fn read(path: &Path) -> Result<Option<ShardFile>, BenchError> {
    let bytes = std::fs::read(path).map_err(|e| bad(path, format!("cannot read: {e}")))?;
    // A UTF-8 byte-order mark, skipped as by every reader of this project.
    let all = bytes.len();
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&bytes);
    let bom = all - bytes.len();
    let complete = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let text = std::str::from_utf8(&bytes[..complete])
        .map_err(|e| bad(path, format!("not UTF-8 text: {e}")))?;
    let mut lines = text.lines().enumerate();
    let Some((_, first)) = lines.next() else {
        // Nothing, or a header cut before its newline (a run stopped while writing it): no
        // rows to keep. Anything else is not a shard file, and must not be overwritten by
        // `--resume` (issue 32).
        let start = br#"{"type":"header""#;
        let cut = bytes.len().min(start.len());
        if bytes[..cut] == start[..cut] {
            return Ok(None);
        }
        return Err(bad(
            path,
            not_a_shard("line 1 has no end and no bench header"),
        ));
    };
    let header: Json = serde_json::from_str(first).map_err(|e| {
        bad(
            path,
            not_a_shard(&format!("line 1 is not a bench header ({e})")),
        )
    })?;
    if header.get("format").and_then(Json::as_str) != Some(FORMAT) {
        return Err(bad(
            path,
            format!("line 1: not a shard file of searchlab bench (format {FORMAT})"),
        ));
    }
    let field = |k: &str| header.get(k).cloned().unwrap_or(Json::Null);
    let definition: Definition = serde_json::from_value(field("definition")).map_err(|e| {
        bad(
            path,
            format!("line 1: a header without its definition: {e}"),
        )
    })?;
    let fingerprint = field("fingerprint").as_str().unwrap_or_default().to_owned();
    // The fingerprint is recomputed, never trusted: a header edited by hand would otherwise
    // merge rows outside its definition (issue 32).
    if fingerprint != definition.fingerprint() {
        return Err(bad(
            path,
            format!(
                "line 1: the header's fingerprint {fingerprint} is not its definition's ({}): \
                 the header was edited or damaged",
                definition.fingerprint()
            ),
        ));
    }
    let shard: Shard = (field("shard").as_str().unwrap_or_default().parse())
        .map_err(|e| bad(path, format!("line 1: shard: {e}")))?;
    let kind = definition.kind();
    let mut rows = Vec::new();
    for (i, line) in lines {
        let at = |m: String| bad(path, format!("line {}: {m}", i + 1));
        let v: Json = serde_json::from_str(line).map_err(|e| at(format!("not JSON: {e}")))?;
        if v.get("fingerprint").and_then(Json::as_str) != Some(fingerprint.as_str()) {
            return Err(at("a row of another benchmark than the header's".into()));
        }
        rows.push(parse_row(&definition, kind, &v).map_err(at)?);
    }
    Ok(Some(ShardFile {
        path: path.to_owned(),
        definition,
        fingerprint,
        shard,
        jobs: field("jobs").as_u64().unwrap_or(1) as usize,
        tool: field("tool").as_str().unwrap_or_default().to_owned(),
        command: field("command").as_str().unwrap_or_default().to_owned(),
        host: field("host").as_str().unwrap_or_default().to_owned(),
        revision: field("revision").as_str().map(str::to_owned),
        rows,
        complete: (bom + complete) as u64,
    }))
}

/// The message for a file that is not a shard file: what it lacks, and what a shard file is.
fn not_a_shard(what: &str) -> String {
    format!(
        "not a shard file of searchlab bench: {what}. A shard file is the JSON Lines that \
         `searchlab bench ... -o FILE.jsonl` writes (a header line, then one line per run); \
         a CSV or text table cannot be read back"
    )
}

/// Opens the shard file `path` for the rows of `shard` of `definition`: with `resume` and a
/// file of the same definition and shard there, keeps its complete rows (returned: the work
/// they did is done) and drops a partial last line; otherwise starts the file afresh with its
/// header: in place with `resume` (a killed run is continued by the same command), else
/// through a temporary file that [`ShardWriter::finish`] renames over `path`.
///
/// # Errors
///
/// [`BenchError::ShardFile`] when `resume` finds a file of another definition or shard (it
/// is left alone), or one that cannot be read; [`BenchError::Io`] when it cannot be written.
pub fn open(
    path: &Path,
    definition: &Definition,
    shard: Shard,
    jobs: usize,
    who: &Provenance,
    resume: bool,
) -> Result<(ShardWriter, Vec<Row>), BenchError> {
    let old = match resume && path.exists() {
        true => read(path)?,
        false => None,
    };
    if let Some(old) = old {
        if old.fingerprint != definition.fingerprint() || old.shard != shard {
            let why = match old.shard == shard {
                true => definition.difference(&old.definition),
                false => format!("shard {} vs {shard}", old.shard),
            };
            return Err(bad(
                path,
                format!(
                    "cannot resume: the file holds another benchmark ({why}); remove it or write to another file"
                ),
            ));
        }
        let file = OpenOptions::new().write(true).open(path)?;
        file.set_len(old.complete)?;
        drop(file);
        let file = OpenOptions::new().append(true).open(path)?;
        let mut seen = BTreeSet::new();
        let rows = (old.rows.into_iter())
            .filter(|r| seen.insert((r.index, r.pair)))
            .collect();
        let out = Box::new(BufWriter::new(file));
        return Ok((ShardWriter::new(out, definition, shard, who), rows));
    }
    let header = header_line(definition, shard, jobs, who);
    if resume {
        // A shard started with --resume is written in place, row by row, so that a run
        // killed midway (a cluster's time limit) is continued by the same command.
        let mut file = BufWriter::new(File::create(path)?);
        writeln!(file, "{header}")?;
        file.flush()?;
        return Ok((
            ShardWriter::new(Box::new(file), definition, shard, who),
            Vec::new(),
        ));
    }
    // Otherwise through a temporary file renamed at the end: a file already at `path` stays
    // whole until the new one is complete (issue 32).
    let mut file = AtomicFile::create(path)?;
    writeln!(file, "{header}")?;
    let mut writer = ShardWriter::new(Box::new(std::io::sink()), definition, shard, who);
    writer.out = Mutex::new(Sink::File(file));
    Ok((writer, Vec::new()))
}

/// At most this many missing or duplicated rows are named one by one.
const NAMED: usize = 10;

/// The first [`NAMED`] of `items`, and how many more there are.
fn listed(items: &[String]) -> String {
    let mut s = items
        .iter()
        .take(NAMED)
        .cloned()
        .collect::<Vec<_>>()
        .join(", ");
    if items.len() > NAMED {
        s += &format!(" and {} more", items.len() - NAMED);
    }
    s
}

/// The definition every file shares, or the message refusing a mix: which file holds which
/// definition, and how the first two differ.
fn one_definition(files: &[ShardFile]) -> Result<&Definition, BenchError> {
    let Some(first) = files.first() else {
        return Err(BenchError::BadInput("no shard files given".into()));
    };
    let mut groups: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for f in files {
        let name = f.path.display().to_string();
        groups.entry(&f.fingerprint).or_default().push(name);
    }
    let Some(other) = files.iter().find(|f| f.fingerprint != first.fingerprint) else {
        return Ok(&first.definition);
    };
    let mut msg = format!(
        "cannot merge: the files hold {} different benchmark definitions",
        groups.len()
    );
    for (fingerprint, names) in &groups {
        msg += &format!("\n  definition {fingerprint}: {}", names.join(", "));
    }
    let (a, b) = (first.path.display(), other.path.display());
    let diff = first.definition.difference(&other.definition);
    msg += &format!("\n  {a} vs {b}: {diff}");
    Err(BenchError::Mixed(msg))
}

/// Every row of the files by (pair, instance), the first file's when two have it, and the
/// rows found twice, named.
fn rows_of(files: &[ShardFile]) -> (BTreeMap<(usize, usize), Row>, Vec<String>) {
    let mut rows: BTreeMap<(usize, usize), (Row, &Path)> = BTreeMap::new();
    let mut duplicated = Vec::new();
    for f in files {
        for r in &f.rows {
            if let Some((_, earlier)) = rows.get(&(r.pair, r.index)) {
                let (pair, first) = (pair_label(&r.algorithm, &r.heuristic), earlier.display());
                let (source, second) = (&r.source, f.path.display());
                duplicated.push(format!("{source} {pair} in {first} and {second}"));
            } else {
                rows.insert((r.pair, r.index), (r.clone(), &f.path));
            }
        }
    }
    let rows = rows.into_iter().map(|(k, (r, _))| (k, r)).collect();
    (rows, duplicated)
}

/// The message naming the runs of `definition` no file has, with the shards they belong to
/// when every file was cut in the same number of shards; `None` when none is missing.
fn missing(
    definition: &Definition,
    rows: &BTreeMap<(usize, usize), Row>,
    files: &[ShardFile],
) -> Option<String> {
    let n = files.first().map_or(1, |f| f.shard.n);
    let mut missing = Vec::new();
    let mut shards = BTreeSet::new();
    for (p, spec) in definition.pairs.iter().enumerate() {
        for (i, entry) in definition.instances.iter().enumerate() {
            if entry.error.is_none() && !rows.contains_key(&(p, i)) {
                let pair = pair_label(&spec.algorithm, &spec.heuristic);
                missing.push(format!("{} {pair}", entry.source));
                shards.insert(i % n + 1);
            }
        }
    }
    if missing.is_empty() {
        return None;
    }
    let mut msg = format!("{} row(s) missing: {}", missing.len(), listed(&missing));
    if files.iter().all(|f| f.shard.n == n) {
        let shards: Vec<String> = shards.iter().map(|k| format!("{k}/{n}")).collect();
        msg += &format!(" (from shard {}: absent or unfinished)", shards.join(", "));
    }
    Some(msg)
}

/// Merges the shard files `paths` (any order, any machines) into the report of the whole
/// benchmark: the same report an unsharded run makes, rows sorted as it sorts them. Rows no
/// file has, and rows two files have, are named by [`Report::finish`] (the first file's row
/// of a duplicate is kept), and so are different tool versions.
///
/// Files of two **builds** are compared instead of merged ([`builds`]): each build's files
/// are merged alone, and its pairs become pairs of their own, named `ALGORITHM@BUILD`, with
/// rows matched by problem, instance and pair; each pair of a later build is compared with
/// the same pair of the first by default.
///
/// # Errors
///
/// [`BenchError::Mixed`] when the files hold different benchmark definitions (naming which
/// file holds which, and how they differ) or builds of different problems;
/// [`BenchError::ShardFile`] for a file that is not a shard file; [`BenchError::BadInput`]
/// when no files are given.
pub fn merge(paths: &[PathBuf]) -> Result<Report, BenchError> {
    let mut files = Vec::new();
    for path in paths {
        let file = read(path)?;
        let why = if std::fs::metadata(path).is_ok_and(|m| m.len() > 0) {
            "cut inside its header line: its run was stopped as it started (no rows)"
        } else {
            "empty: no header line (did its run start?)"
        };
        files.push(file.ok_or_else(|| bad(path, why.into()))?);
    }
    match builds(&files) {
        Some(groups) => merge_builds(files, &groups),
        None => merge_files(&files),
    }
}

/// The builds among `files`, as (label, the files' positions), or `None` for shards of one
/// run: two or more unsharded files are each a build of its own (labelled by its file name:
/// `base.jsonl new.jsonl` are `base` and `new`); else files of different recorded git
/// revisions are builds of their own when the same run appears under two revisions (shards
/// that merely ran at different revisions are merged).
pub fn builds(files: &[ShardFile]) -> Option<Vec<(String, Vec<usize>)>> {
    if files.len() >= 2 && files.iter().all(|f| f.shard == Shard::ALL) {
        let mut labels: Vec<String> = Vec::new();
        for f in files {
            let stem = f.path.file_stem().map(|s| s.to_string_lossy().into_owned());
            let mut label = stem.unwrap_or_else(|| "build".into());
            if labels.contains(&label) {
                label = format!("{label}-{}", labels.len() + 1);
            }
            labels.push(label);
        }
        return Some(
            labels
                .into_iter()
                .enumerate()
                .map(|(i, l)| (l, vec![i]))
                .collect(),
        );
    }
    let mut groups: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (i, f) in files.iter().enumerate() {
        groups.entry(f.revision.as_deref()?).or_default().push(i);
    }
    if groups.len() < 2 {
        return None;
    }
    let mut seen: BTreeMap<(&str, usize, usize), &str> = BTreeMap::new();
    let mut repeated = false;
    for (revision, members) in &groups {
        for &i in members {
            for r in &files[i].rows {
                let key = (files[i].fingerprint.as_str(), r.pair, r.index);
                repeated |= seen
                    .insert(key, revision)
                    .is_some_and(|other| other != *revision);
            }
        }
    }
    // In the order the files were given.
    let mut out: Vec<(String, Vec<usize>)> = (groups.into_iter())
        .map(|(rev, members)| (rev.chars().take(12).collect(), members))
        .collect();
    out.sort_by_key(|(_, members)| members[0]);
    repeated.then_some(out)
}

/// Where and by what the files ran, for the HTML page.
fn provenance(files: &[&ShardFile]) -> Vec<(String, String)> {
    let distinct = |f: fn(&ShardFile) -> String| {
        let set: BTreeSet<String> = files.iter().map(|x| f(x)).collect();
        set.into_iter().collect::<Vec<_>>().join(", ")
    };
    vec![
        ("tool".into(), distinct(|f| f.tool.clone())),
        (
            "revision".into(),
            distinct(|f| f.revision.clone().unwrap_or_else(|| "not recorded".into())),
        ),
        ("host".into(), distinct(|f| f.host.clone())),
        (
            "command".into(),
            files.first().map_or(String::new(), |f| f.command.clone()),
        ),
        (
            "files".into(),
            (files.iter())
                .map(|f| format!("{} (shard {})", f.path.display(), f.shard))
                .collect::<Vec<_>>()
                .join(", "),
        ),
    ]
}

/// The merge of the shard files of one run.
fn merge_files(files: &[ShardFile]) -> Result<Report, BenchError> {
    let definition = one_definition(files)?;
    let (rows, duplicated) = rows_of(files);
    let mut problems: Vec<String> = missing(definition, &rows, files).into_iter().collect();
    if !duplicated.is_empty() {
        let (count, named) = (duplicated.len(), listed(&duplicated));
        problems.push(format!(
            "{count} row(s) duplicated (the first is used): {named}"
        ));
    }
    // Another version may count differently: said, not refused (the definition is the same).
    let tools: BTreeSet<&str> = files.iter().map(|f| f.tool.as_str()).collect();
    let mut notes = Vec::new();
    if tools.len() > 1 {
        let tools: Vec<&str> = tools.into_iter().collect();
        notes.push(format!(
            "the shards ran different tools: {}",
            tools.join(", ")
        ));
    }
    // The heading's job count: the largest any shard used.
    let jobs = files.iter().map(|f| f.jobs).max().unwrap_or(1);
    let rows: Vec<Row> = rows.into_values().collect();
    let report = Report::new(definition, Shard::ALL, jobs, rows, false);
    let provenance = provenance(&files.iter().collect::<Vec<_>>());
    Ok(report
        .incomplete(problems)
        .noting(notes)
        .with_provenance(provenance))
}

/// The comparison of builds: `groups` of `files` (label, positions), each merged alone, their
/// pairs renamed `ALGORITHM@LABEL` and their rows matched to the first build's instances by
/// file, line and text.
fn merge_builds(
    files: Vec<ShardFile>,
    groups: &[(String, Vec<usize>)],
) -> Result<Report, BenchError> {
    let mut merged = Vec::new();
    for (label, members) in groups {
        let group: Vec<&ShardFile> = members.iter().map(|&i| &files[i]).collect();
        let report = merge_refs(&group)?;
        merged.push((label.clone(), report, group));
    }
    let base = merged[0].1.definition().clone();
    let mut definition = Definition {
        pairs: Vec::new(),
        ..base.clone()
    };
    let position: BTreeMap<(&str, &str), usize> = (base.instances.iter().enumerate())
        .map(|(i, e)| ((e.source.as_str(), e.text.as_str()), i))
        .collect();
    let (mut rows, mut problems, mut notes) = (Vec::new(), Vec::new(), Vec::new());
    let mut offsets = Vec::new();
    for (label, report, _) in &merged {
        let d = report.definition();
        if d.problem != base.problem {
            return Err(BenchError::Mixed(format!(
                "cannot compare builds of different problems: {} ({}) vs {} ({label})",
                base.problem, merged[0].0, d.problem
            )));
        }
        if d.limits != base.limits {
            notes.push(format!(
                "build {label} ran under other limits: {:?}",
                d.limits
            ));
        }
        let offset = definition.pairs.len();
        offsets.push(offset);
        for p in &d.pairs {
            let mut p = p.clone();
            p.algorithm = format!("{}@{label}", p.algorithm);
            definition.pairs.push(p);
        }
        let mut unmatched = 0;
        for r in report.rows() {
            let Some(&index) = position.get(&(r.source.as_str(), r.instance.as_str())) else {
                unmatched += 1;
                continue;
            };
            let mut r = r.clone();
            r.index = index;
            r.pair += offset;
            r.algorithm = definition.pairs[r.pair].algorithm.clone();
            rows.push(r);
        }
        if unmatched > 0 {
            notes.push(format!(
                "{unmatched} row(s) of build {label} on instances the first build did not run: left out"
            ));
        }
        problems.extend(
            report
                .problems()
                .iter()
                .map(|p| format!("build {label}: {p}")),
        );
        notes.extend(report.notes().iter().map(|n| format!("build {label}: {n}")));
    }
    // Each pair of a later build against the same pair of the first.
    let mut defaults = Vec::new();
    let first = merged[0].1.definition();
    for (g, (_, report, _)) in merged.iter().enumerate().skip(1) {
        for (p, spec) in report.definition().pairs.iter().enumerate() {
            let same = (first.pairs.iter())
                .position(|q| q.algorithm == spec.algorithm && q.heuristic == spec.heuristic);
            if let Some(q) = same {
                defaults.push((offsets[0] + q, offsets[g] + p));
            }
        }
    }
    // A pair of the first build may lack a row where another build's instance list differs.
    let present: BTreeSet<(usize, usize)> = rows.iter().map(|r| (r.pair, r.index)).collect();
    let mut missing = BTreeSet::new();
    for (p, _) in definition.pairs.iter().enumerate() {
        for (i, e) in definition.instances.iter().enumerate() {
            if e.error.is_none() && !present.contains(&(p, i)) {
                missing.insert(p);
            }
        }
    }
    for p in missing {
        let spec = &definition.pairs[p];
        problems.push(format!(
            "{} has no row for some instances of the first build",
            pair_label(&spec.algorithm, &spec.heuristic)
        ));
    }
    rows.sort_by_key(|r| (r.pair, r.index));
    let jobs = files.iter().map(|f| f.jobs).max().unwrap_or(1);
    let mut provenance_lines = Vec::new();
    for (label, _, group) in &merged {
        for (k, v) in provenance(group) {
            provenance_lines.push((format!("{k} ({label})"), v));
        }
    }
    let builds: Vec<String> = merged
        .iter()
        .map(|(l, _, g)| {
            let names: Vec<String> = g.iter().map(|f| f.path.display().to_string()).collect();
            format!("{l} = {}", names.join(" "))
        })
        .collect();
    notes.insert(0, format!("compared as builds: {}", builds.join("; ")));
    let report = Report::new(&definition, Shard::ALL, jobs, rows, false);
    Ok(report
        .incomplete(problems)
        .noting(notes)
        .with_provenance(provenance_lines)
        .comparing_by_default(defaults))
}

/// [`merge_files`] of borrowed files.
fn merge_refs(files: &[&ShardFile]) -> Result<Report, BenchError> {
    let owned: Vec<ShardFile> = files.iter().map(|f| (*f).clone()).collect();
    merge_files(&owned)
}
