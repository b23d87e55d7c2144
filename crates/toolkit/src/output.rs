//! Writing output files safely, the same way for every command and problem (issue 32):
//! an output is never one of the inputs (the same file by identity, device and inode, not by
//! name: `./e1.txt` and `e1.txt` are one file), and it is written through a temporary file
//! beside it, renamed over it only once complete, so a failure leaves the old file whole.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Whether `a` and `b` are the same existing file (on Unix: the same device and inode; else
/// the same canonical path).
pub fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (std::fs::metadata(a), std::fs::metadata(b)) {
            (Ok(x), Ok(y)) => x.dev() == y.dev() && x.ino() == y.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        match (a.canonicalize(), b.canonicalize()) {
            (Ok(x), Ok(y)) => x == y,
            _ => false,
        }
    }
}

/// The files a command line may read: `files` themselves, and every word of `texts` (instance
/// arguments, option values, the lines of the instance files: a grid instance names its map)
/// that names an existing regular file. Over-inclusive on purpose: refusing to overwrite a
/// file that is only mentioned costs a rename; overwriting an input loses it.
pub fn named_inputs<'a>(
    files: &[PathBuf],
    texts: impl IntoIterator<Item = &'a str>,
) -> Vec<PathBuf> {
    let mut inputs: Vec<PathBuf> = files.iter().filter(|f| f.is_file()).cloned().collect();
    for file in files.iter().filter(|f| f.is_file()) {
        // The instance files' lines (a grid instance file names its maps), up to a few MB.
        if std::fs::metadata(file).is_ok_and(|m| m.len() <= 4 << 20)
            && let Ok(text) = std::fs::read_to_string(file)
        {
            inputs.extend(words(&text).filter(|p| p.is_file()));
            // Map files of a scenario file are named relative to its folder.
            if let Some(dir) = file.parent() {
                inputs.extend(words(&text).map(|w| dir.join(w)).filter(|p| p.is_file()));
            }
        }
    }
    for text in texts {
        inputs.extend(words(text).filter(|p| p.is_file()));
    }
    inputs
}

fn words(text: &str) -> impl Iterator<Item = PathBuf> + '_ {
    text.split(|c: char| c.is_whitespace() || c == '|' || c == ',')
        .filter(|w| !w.is_empty())
        .map(PathBuf::from)
}

/// Refuses `output` (given as `option`, e.g. `--trace`) when it is one of `inputs`.
///
/// # Errors
/// The message naming the option, the file and the input it is.
pub fn check_output(option: &str, output: &Path, inputs: &[PathBuf]) -> Result<(), String> {
    match inputs.iter().find(|input| same_file(output, input)) {
        Some(input) => Err(format!(
            "{option} {}: that file is an input of this run ({}); write the output elsewhere",
            output.display(),
            input.display()
        )),
        None => Ok(()),
    }
}

/// Checks, before any work, that `output` can be created: its folder exists and is a folder.
///
/// # Errors
/// The message naming the option and the file.
pub fn check_writable(option: &str, output: &Path) -> Result<(), String> {
    let dir = match output.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    if !dir.is_dir() {
        return Err(format!(
            "{option} {}: cannot write there: the folder {} does not exist",
            output.display(),
            dir.display()
        ));
    }
    if output.is_dir() {
        return Err(format!("{option} {}: is a folder", output.display()));
    }
    Ok(())
}

/// A file written through a temporary sibling (`.NAME.tmp-PID`), renamed over `path` by
/// [`AtomicFile::commit`]; dropped without a commit, the temporary file is removed and `path`
/// is left as it was. A process killed outright (SIGKILL, power loss) cannot remove its
/// temporary file: the next write of the same `path` removes the siblings of processes that
/// no longer run.
pub struct AtomicFile {
    path: PathBuf,
    tmp: PathBuf,
    file: Option<std::io::BufWriter<std::fs::File>>,
}

impl AtomicFile {
    /// Creates the temporary file for `path`.
    ///
    /// # Errors
    /// When the temporary file cannot be created.
    pub fn create(path: &Path) -> std::io::Result<AtomicFile> {
        let name = path
            .file_name()
            .map_or_else(|| "output".into(), |n| n.to_string_lossy().into_owned());
        let tmp = path.with_file_name(format!(".{name}.tmp-{}", std::process::id()));
        remove_stale_temporaries(path, &name);
        let file = std::fs::File::create(&tmp)?;
        Ok(AtomicFile {
            path: path.to_owned(),
            tmp,
            file: Some(std::io::BufWriter::new(file)),
        })
    }

    /// Flushes the temporary file and renames it over the real one.
    ///
    /// # Errors
    /// When the flush or the rename fails (the temporary file is then removed).
    pub fn commit(mut self) -> std::io::Result<()> {
        let file = self.file.take().expect("committed once");
        let done = file
            .into_inner()
            .map_err(std::io::IntoInnerError::into_error)
            .and_then(|f| f.sync_all())
            .and_then(|()| std::fs::rename(&self.tmp, &self.path));
        if done.is_err() {
            let _ = std::fs::remove_file(&self.tmp);
        }
        done
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.file.as_mut().expect("not committed").write(buf)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.file.as_mut().expect("not committed").flush()
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if self.file.take().is_some() {
            let _ = std::fs::remove_file(&self.tmp);
        }
    }
}

/// Removes the temporary siblings of `path` (`.NAME.tmp-PID`, `name` being NAME) left by
/// processes that no longer run, as a killed process leaves them. Where processes cannot be
/// looked up (no `/proc`), nothing is removed; a sibling whose PID runs (this process's or a
/// concurrent writer's) is kept.
fn remove_stale_temporaries(path: &Path, name: &str) {
    let proc = Path::new("/proc");
    if !proc.join("self").exists() {
        return;
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let prefix = format!(".{name}.tmp-");
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let Some(pid) = file_name
            .to_str()
            .and_then(|n| n.strip_prefix(&prefix))
            .and_then(|p| p.parse::<u32>().ok())
        else {
            continue;
        };
        if pid != std::process::id() && !proc.join(pid.to_string()).exists() {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Writes `bytes` to `path` through an [`AtomicFile`].
///
/// # Errors
/// As [`AtomicFile::create`] and [`AtomicFile::commit`], or a failed write.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut file = AtomicFile::create(path)?;
    file.write_all(bytes)?;
    file.commit()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_file_by_another_name_is_refused_and_atomic_writes_keep_the_old_file() {
        let dir = std::env::temp_dir().join(format!("searchlab-output-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let input = dir.join("e1.txt");
        std::fs::write(&input, "1 2 3\n").unwrap();
        let other_name = dir.join(".").join("e1.txt");
        let inputs = named_inputs(std::slice::from_ref(&input), []);
        assert!(check_output("--trace", &other_name, &inputs).is_err());
        assert!(check_output("--trace", &dir.join("out.txt"), &inputs).is_ok());
        // An uncommitted write leaves the old file whole.
        let mut f = AtomicFile::create(&input).unwrap();
        f.write_all(b"partial").unwrap();
        drop(f);
        assert_eq!(std::fs::read_to_string(&input).unwrap(), "1 2 3\n");
        write_atomically(&input, b"new\n").unwrap();
        assert_eq!(std::fs::read_to_string(&input).unwrap(), "new\n");
        assert!(check_writable("-o", &dir.join("no/such/o.csv")).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn a_killed_writer_s_temporary_file_is_removed_by_the_next_write_and_a_live_one_kept() {
        let dir = std::env::temp_dir().join(format!("searchlab-stale-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let out = dir.join("rows.csv");
        // PIDs above the kernel's limit (at most 2^22) never run; PID 1 always does.
        let dead = dir.join(".rows.csv.tmp-4999999");
        let live = dir.join(".rows.csv.tmp-1");
        let other = dir.join(".other.csv.tmp-4999999");
        for f in [&dead, &live, &other] {
            std::fs::write(f, "partial").unwrap();
        }
        write_atomically(&out, b"a,b\n").unwrap();
        assert_eq!(std::fs::read_to_string(&out).unwrap(), "a,b\n");
        assert!(!dead.exists(), "the dead writer's file is removed");
        assert!(live.exists(), "a running process's file is kept");
        assert!(other.exists(), "another output's file is not touched");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
