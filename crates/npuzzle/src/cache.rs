//! A disk cache for pattern databases: built once, loaded afterwards.
//!
//! A file holds one projected database in the core's checked format
//! ([`PatternDb::to_bytes`]): magic, format version, a key naming the board width, the goal and
//! the tiles, the length and a checksum. A file that does not match (another goal, an older
//! layout, truncation, bit rot) is rebuilt and overwritten, never trusted. Files are written to
//! a temporary name and renamed, so an interrupted build leaves no half file behind.
//!
//! The directory is `$SEARCHLAB_CACHE`, else `$XDG_CACHE_HOME/searchlab`, else
//! `~/.cache/searchlab`.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use searchlab_core::pdb::{PatternDb, PdbError, Progress};

use crate::board::Board;
use crate::pattern::{PatternError, PatternSpace};

/// The cache directory from the environment (see the module documentation), `None` when no
/// variable names one.
pub fn cache_dir() -> Option<PathBuf> {
    let var = |name: &str| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    var("SEARCHLAB_CACHE")
        .or_else(|| var("XDG_CACHE_HOME").map(|d| d.join("searchlab")))
        .or_else(|| var("HOME").map(|d| d.join(".cache").join("searchlab")))
}

/// Where a database came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Read from this file.
    Loaded(PathBuf),
    /// Built now, and saved to this file (or not saved, with the reason).
    Built(Result<PathBuf, String>),
}

/// A database with how it was obtained.
#[derive(Clone, Debug)]
pub struct Cached {
    /// The projected database.
    pub db: PatternDb,
    /// Loaded or built (and saved or not).
    pub origin: Origin,
    /// Time to load or to build (saving excluded).
    pub elapsed: Duration,
}

/// The key stored in (and checked against) the file: it changes whenever the table would.
fn key<const N: usize>(width: usize, goal: &Board<N>, tiles: &[u8]) -> String {
    format!("searchlab-npuzzle additive pdb v1; width {width}; goal {goal}; tiles {tiles:?}")
}

/// FNV-1a of the key, to keep file names short and distinct.
fn short_hash(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The file name of a database in the cache directory.
pub fn file_name<const N: usize>(width: usize, goal: &Board<N>, tiles: &[u8]) -> String {
    let names: Vec<String> = tiles.iter().map(u8::to_string).collect();
    format!(
        "pdb{N}-{}-{:016x}.bin",
        names.join("_"),
        short_hash(&key(width, goal, tiles))
    )
}

/// The database of `tiles` for `goal`: read from `dir` if a valid file is there, else built
/// (calling `progress`) and, when `dir` is given, saved there.
pub fn load_or_build<const W: usize, const N: usize>(
    goal: &Board<N>,
    tiles: &[u8],
    dir: Option<&Path>,
    progress: impl FnMut(Progress),
) -> Result<Cached, PatternError> {
    load_or_build_limited::<W, N>(goal, tiles, dir, None, progress)
}

/// [`load_or_build`] within `max_memory` bytes (`None`: no limit): loading needs the file's
/// bytes, building what [`PatternSpace::build_limited`] says; either is refused with
/// [`PdbError::Memory`] (inside [`PatternError::Build`]) before the memory is allocated.
///
/// Only a regular file of exactly the expected length is read: anything else at the cache
/// path (a FIFO, which would block the read forever, a device, a directory, a file of another
/// length) is not opened, the table is built, and the path is left alone (the reason is in
/// [`Origin::Built`]).
pub fn load_or_build_limited<const W: usize, const N: usize>(
    goal: &Board<N>,
    tiles: &[u8],
    dir: Option<&Path>,
    max_memory: Option<u64>,
    progress: impl FnMut(Progress),
) -> Result<Cached, PatternError> {
    let space = PatternSpace::<W, N>::new(*goal, tiles)?;
    let key = key(W, goal, tiles);
    let path = dir.map(|d| d.join(file_name(W, goal, tiles)));
    let start = Instant::now();
    // The length of a valid file: what PatternDb::to_bytes writes.
    let expected = (8 + 4 + 4 + key.len() + 8 + 8 + space.placements()) as u64;
    let mut refused = None;
    if let Some(path) = &path {
        match std::fs::metadata(path) {
            Ok(meta) if !meta.is_file() => {
                refused = Some(format!(
                    "{}: not a regular file, left alone",
                    path.display()
                ));
            }
            Ok(meta) if meta.len() == expected => {
                if let Some(limit) = max_memory.filter(|&limit| expected > limit) {
                    return Err(PdbError::Memory {
                        needed: expected,
                        limit,
                    }
                    .into());
                }
                if let Some(bytes) = read_regular(path, expected)
                    && let Ok(db) = PatternDb::from_vec(bytes, &key, space.placements())
                {
                    return Ok(Cached {
                        db,
                        origin: Origin::Loaded(path.clone()),
                        elapsed: start.elapsed(),
                    });
                }
            }
            // Missing, unreadable or of the wrong length: build (and overwrite).
            _ => {}
        }
    }
    let db = space.build_limited(max_memory, progress)?;
    let elapsed = start.elapsed();
    let saved = match (&path, refused) {
        (None, _) => Err("no cache directory".to_string()),
        (Some(_), Some(reason)) => Err(reason),
        (Some(path), None) => save(path, &db.to_bytes(&key))
            .map(|()| path.clone())
            .map_err(|e| format!("{}: {e}", path.display())),
    };
    Ok(Cached {
        db,
        origin: Origin::Built(saved),
        elapsed,
    })
}

/// The `len` bytes of the regular file at `path`, `None` if it cannot be read or is not (any
/// more) a regular file of that length: checked on the open handle too, since the path may
/// have changed since it was looked at.
fn read_regular(path: &Path, len: u64) -> Option<Vec<u8>> {
    use std::io::Read;
    let file = std::fs::File::open(path).ok()?;
    let meta = file.metadata().ok()?;
    if !meta.is_file() || meta.len() != len {
        return None;
    }
    let mut bytes = Vec::with_capacity(len as usize);
    file.take(len + 1).read_to_end(&mut bytes).ok()?;
    (bytes.len() as u64 == len).then_some(bytes)
}

fn save(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)?;
    }
    // A unique temporary name, then an atomic rename: readers never see half a file.
    let tmp = path.with_extension(format!("tmp{}", std::process::id()));
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(&tmp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })
}
