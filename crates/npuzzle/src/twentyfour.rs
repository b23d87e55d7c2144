//! The 24-puzzle (5 x 5, [`TwentyFour`]): Korf and Felner's 6-6-6-6 partition of the tiles for
//! additive pattern databases, and reading instance files.
//!
//! Korf and Felner (2002) solved fifty random instances (copied to
//! `puzzles/twentyfour/korf_felner50.txt`) with IDA* and four disjoint 6-tile databases, the
//! maximum of the sum and of the sum on the board reflected about the main diagonal. Their
//! partition (Figure 5 of the paper), by goal cell with the blank on cell 0:
//!
//! ```text
//!  .  A  B  B  B        A: cells 1 5 6 10 11 12 (with the blank's corner)
//!  A  A  B  B  B        B: cells 2 3 4 7 8 9          (a 2 x 3 block)
//!  A  A  A  C  C        C: cells 13 14 18 19 23 24    (a 3 x 2 block)
//!  D  D  D  C  C        D: cells 15 16 17 20 21 22    (a 2 x 3 block)
//!  D  D  D  C  C
//! ```
//!
//! A 6-tile database of the 24-puzzle has 25 x 24 x ... x 20 = 127,512,000 entries (one byte
//! each). With reflection the choice between this partition and its mirror image does not
//! matter: the maximum of the two lookups is the same.
//!
//! Patterns C and D are pattern B turned by 90 and 180 degrees, and the cells outside each of
//! the three blocks are connected, so the blank's goal region is all of them whichever corner
//! the blank's goal is in: their databases are B's with the cells turned
//! ([`korf_felner_databases`] builds A and B and derives C and D, as Korf and Felner did).
//!
//! [`TwentyFour`]: crate::TwentyFour

use std::path::Path;

use searchlab_core::pdb::PatternDb;
use searchlab_core::pdb_build::{BuildOptions, LayerProgress};

use crate::board::{Board, ParseError};
use crate::pattern::{Pattern, PatternError, placement_rank, placements};
use crate::pattern_build::{PatternBuildError, build_pattern};

/// The goal cells of Korf and Felner's four patterns, for a goal with the blank on cell 0
/// (see the module documentation).
pub const KORF_FELNER_CELLS: [[u8; 6]; 4] = [
    [1, 5, 6, 10, 11, 12],
    [2, 3, 4, 7, 8, 9],
    [13, 14, 18, 19, 23, 24],
    [15, 16, 17, 20, 21, 22],
];

/// The tiles of each of Korf and Felner's patterns for `goal`, whose blank must be on the first
/// or the last cell (the last: the shapes are turned by 180 degrees), `None` otherwise.
///
/// ```
/// use searchlab_npuzzle::TwentyFour;
/// use searchlab_npuzzle::twentyfour::korf_felner_tiles;
/// let tiles = korf_felner_tiles(TwentyFour::blank_first().goal()).unwrap();
/// assert_eq!(tiles[0], vec![1, 5, 6, 10, 11, 12]);
/// let last = korf_felner_tiles(TwentyFour::standard().goal()).unwrap();
/// assert_eq!(last[0], vec![24, 20, 19, 15, 14, 13]);
/// ```
pub fn korf_felner_tiles(goal: &Board<25>) -> Option<Vec<Vec<u8>>> {
    let turn = match goal.blank() {
        0 => false,
        24 => true,
        _ => return None,
    };
    Some(
        KORF_FELNER_CELLS
            .iter()
            .map(|cells| {
                cells
                    .iter()
                    .map(|&c| goal.cells()[usize::from(if turn { 24 - c } else { c })])
                    .collect()
            })
            .collect(),
    )
}

/// Why a line of an instance file could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InstanceError {
    /// The board part is not a board.
    #[error("line {line}: {source}")]
    Board {
        /// 1-based line number.
        line: usize,
        /// What is wrong with the board.
        source: ParseError,
    },
    /// The text after `|` is not a length.
    #[error("line {line}: '{text}' is not an optimal length")]
    Length {
        /// 1-based line number.
        line: usize,
        /// The text after `|`.
        text: String,
    },
}

/// Reads an instance file: one board per line, optionally followed by `| LENGTH` (the optimal
/// solution length); `#` starts a comment line; blank lines are skipped. Works for any board
/// size (`puzzles/twentyfour/korf_felner50.txt`, `puzzles/fifteen/korf100.txt`).
///
/// ```
/// use searchlab_npuzzle::twentyfour::read_instances;
/// let text = "# two boards\n1 0 2 3 | 1\n0 1 2 3\n";
/// let boards = read_instances::<4>(text).unwrap();
/// assert_eq!(boards.len(), 2);
/// assert_eq!(boards[0].1, Some(1));
/// assert!(read_instances::<4>("1 0 2 | x").is_err());
/// ```
pub fn read_instances<const N: usize>(
    text: &str,
) -> Result<Vec<(Board<N>, Option<u32>)>, InstanceError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        if line.trim_start().starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let (board, length) = match line.split_once('|') {
            Some((b, l)) => (b, Some(l.trim())),
            None => (line, None),
        };
        let board = Board::parse(board).map_err(|source| InstanceError::Board {
            line: line_no,
            source,
        })?;
        let length = length
            .map(|l| {
                l.parse().map_err(|_| InstanceError::Length {
                    line: line_no,
                    text: l.to_string(),
                })
            })
            .transpose()?;
        out.push((board, length));
    }
    Ok(out)
}

/// The cell of `cell` turned a quarter turn clockwise about the centre of the 5 x 5 board.
fn quarter_turn(cell: u8) -> u8 {
    let (r, c) = (cell / 5, cell % 5);
    c * 5 + (4 - r)
}

/// The key stored in (and checked against) a cache file: it changes whenever the table would.
fn cache_key(goal: &Board<25>, tiles: &[u8]) -> String {
    format!("searchlab-npuzzle 24-puzzle pdb v1; goal {goal}; tiles {tiles:?}")
}

/// The file name of a 24-puzzle database in a cache directory.
fn cache_file(goal: &Board<25>, tiles: &[u8]) -> String {
    let hash = cache_key(goal, tiles)
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        });
    let names: Vec<String> = tiles.iter().map(u8::to_string).collect();
    format!("pdb25-{}-{hash:016x}.bin", names.join("_"))
}

/// The database of `source` (tiles on `source_cells` in the goal) carried over to the pattern
/// whose tile `i` has its goal on `turn(source_cells[i])`: entry for cells `c` = source entry
/// for the cells turned back. Threads fill disjoint slices of the table.
fn turned(
    source: &PatternDb,
    k: usize,
    turn: impl Fn(u8) -> u8 + Sync,
    threads: usize,
) -> PatternDb {
    let mut back = [0u8; 25];
    for c in 0..25u8 {
        back[usize::from(turn(c))] = c;
    }
    let mut table = vec![0u8; placements(25, k)];
    let chunk = table.len().div_ceil(threads.max(1));
    std::thread::scope(|scope| {
        for (n, slice) in table.chunks_mut(chunk).enumerate() {
            scope.spawn(move || {
                for (offset, entry) in slice.iter_mut().enumerate() {
                    let mut rank = n * chunk + offset;
                    let mut digits = [0usize; 8];
                    for i in (0..k).rev() {
                        digits[i] = rank % (25 - i);
                        rank /= 25 - i;
                    }
                    let (mut used, mut cells) = (0u32, [0u8; 8]);
                    for i in 0..k {
                        let mut free = !used;
                        for _ in 0..digits[i] {
                            free &= free - 1;
                        }
                        let c = free.trailing_zeros() as u8;
                        used |= 1 << c;
                        cells[i] = back[usize::from(c)];
                    }
                    *entry = source.raw(placement_rank(25, &cells[..k]));
                }
            });
        }
    });
    PatternDb::from_table(table)
}

/// The files of Korf and Felner's four databases for `goal` (blank on the first or last cell)
/// that are not in `dir` yet: what [`korf_felner_databases`] will build (A and B: minutes
/// each) or derive (C and D: a minute or two each), to warn before a long build. `None` for a
/// goal whose blank is not in a corner.
///
/// ```
/// use searchlab_npuzzle::TwentyFour;
/// use searchlab_npuzzle::twentyfour::korf_felner_missing;
/// let empty = std::env::temp_dir().join("searchlab-no-such-cache");
/// let missing = korf_felner_missing(TwentyFour::blank_first().goal(), &empty).unwrap();
/// assert_eq!(missing.len(), 4);
/// ```
pub fn korf_felner_missing(goal: &Board<25>, dir: &Path) -> Option<Vec<std::path::PathBuf>> {
    Some(
        file_tiles(goal)?
            .iter()
            .map(|tiles| dir.join(cache_file(goal, tiles)))
            .filter(|path| !path.is_file())
            .collect(),
    )
}

/// The goal cells of patterns A, B, C and D for `goal` (blank on the first or last cell) in
/// the order their files are keyed by: A's and B's as in [`KORF_FELNER_CELLS`] (turned by 180
/// degrees for a blank last), C's and D's B's turned by 90 and 180 degrees; `None` for a goal
/// whose blank is not in a corner.
fn file_cells(goal: &Board<25>) -> Option<[Vec<u8>; 4]> {
    let turn180 = match goal.blank() {
        0 => false,
        24 => true,
        _ => return None,
    };
    let place = |c: u8| if turn180 { 24 - c } else { c };
    let a: Vec<u8> = KORF_FELNER_CELLS[0].iter().map(|&c| place(c)).collect();
    let b: Vec<u8> = KORF_FELNER_CELLS[1].iter().map(|&c| place(c)).collect();
    let c = b.iter().map(|&c| quarter_turn(c)).collect();
    let d = b.iter().map(|&c| 24 - c).collect();
    Some([a, b, c, d])
}

/// The tiles of [`file_cells`]: what each file's key and name say.
fn file_tiles(goal: &Board<25>) -> Option<[Vec<u8>; 4]> {
    Some(file_cells(goal)?.map(|cells| {
        cells
            .iter()
            .map(|&c| goal.cells()[usize::from(c)])
            .collect()
    }))
}

/// Korf and Felner's four 6-tile databases for `goal` (blank on the first or last cell):
/// patterns A and B built with the layered builder ([`build_pattern`]), C and D derived from B
/// by turning the board (see the module documentation). With `dir`, each table is read from
/// there if a valid file is present, and saved there after building.
///
/// # Arguments
/// * `goal`: the goal (blank top-left as in the paper, or bottom-right).
/// * `dir`: a cache directory, or none.
/// * `options`: threads and memory budget of each build (about 730 MB each: two bits for each
///   of 2.4 G states and 127.5 MB of table; the four tables then hold 510 MB).
/// * `progress`: called with the pattern's tiles and each layer's progress.
///
/// # Returns
/// The patterns in the order of [`KORF_FELNER_CELLS`] (C and D with their tiles in the order
/// of B's turned cells), ready for [`crate::pattern::AdditivePdb::new`].
pub fn korf_felner_databases(
    goal: &Board<25>,
    dir: Option<&Path>,
    options: &BuildOptions,
    mut progress: impl FnMut(&[u8], LayerProgress),
) -> Result<Vec<Pattern>, PatternBuildError> {
    let [a_cells, b_cells, c_cells, d_cells] = file_cells(goal).ok_or(PatternError::NotATile(0))?;
    let tiles_of = |cells: &[u8]| -> Vec<u8> {
        cells
            .iter()
            .map(|&c| goal.cells()[usize::from(c)])
            .collect()
    };
    let load = |tiles: &[u8]| -> Option<PatternDb> {
        let path = dir?.join(cache_file(goal, tiles));
        let bytes = std::fs::read(path).ok()?;
        PatternDb::from_vec(bytes, &cache_key(goal, tiles), placements(25, tiles.len())).ok()
    };
    let save = |tiles: &[u8], db: &PatternDb| {
        if let Some(dir) = dir {
            let path = dir.join(cache_file(goal, tiles));
            let tmp = path.with_extension(format!("tmp{}", std::process::id()));
            // A cache that cannot be written only costs a rebuild next time.
            let written = std::fs::create_dir_all(dir)
                .and_then(|()| std::fs::write(&tmp, db.to_bytes(&cache_key(goal, tiles))))
                .and_then(|()| std::fs::rename(&tmp, &path));
            if written.is_err() {
                let _ = std::fs::remove_file(&tmp);
            }
        }
    };
    let mut built = |tiles: &[u8]| -> Result<PatternDb, PatternBuildError> {
        if let Some(db) = load(tiles) {
            return Ok(db);
        }
        let db = build_pattern::<5, 25>(goal, tiles, options, |p| progress(tiles, p))?;
        save(tiles, &db);
        Ok(db)
    };
    let threads = match options.threads {
        0 => std::thread::available_parallelism().map_or(1, usize::from),
        n => n,
    };
    let a_tiles = tiles_of(&a_cells);
    let a = built(&a_tiles)?;
    let b_tiles = tiles_of(&b_cells);
    let b = built(&b_tiles)?;
    let mut patterns = vec![Pattern {
        tiles: a_tiles,
        db: a,
    }];
    for (cells, turn) in [
        (&c_cells, quarter_turn as fn(u8) -> u8),
        (&d_cells, |c: u8| 24 - c),
    ] {
        let tiles = tiles_of(cells);
        let db = match load(&tiles) {
            Some(db) => db,
            None => {
                let db = turned(&b, 6, turn, threads);
                save(&tiles, &db);
                db
            }
        };
        patterns.push(Pattern { tiles, db });
    }
    patterns.insert(
        1,
        Pattern {
            tiles: b_tiles,
            db: b,
        },
    );
    Ok(patterns)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::TwentyFour;

    #[test]
    fn turned_databases_equal_built_ones() {
        let goal = *TwentyFour::blank_first().goal();
        let options = BuildOptions::default();
        // Blocks on the edge, as B is: the cells outside stay connected.
        for source_cells in [vec![2u8, 3, 4], vec![3, 4, 8, 9]] {
            let tiles: Vec<u8> = source_cells
                .iter()
                .map(|&c| goal.cells()[usize::from(c)])
                .collect();
            let source = build_pattern::<5, 25>(&goal, &tiles, &options, |_| {}).unwrap();
            for turn in [quarter_turn as fn(u8) -> u8, |c: u8| 24 - c] {
                let cells: Vec<u8> = source_cells.iter().map(|&c| turn(c)).collect();
                let tiles: Vec<u8> = cells
                    .iter()
                    .map(|&c| goal.cells()[usize::from(c)])
                    .collect();
                let direct = build_pattern::<5, 25>(&goal, &tiles, &options, |_| {}).unwrap();
                assert_eq!(
                    turned(&source, source_cells.len(), turn, 3),
                    direct,
                    "{cells:?}"
                );
            }
        }
        assert_eq!(quarter_turn(0), 4);
        assert_eq!(quarter_turn(4), 24);
        assert_eq!(quarter_turn(12), 12);
    }

    /// The files the warning counts as missing are the ones the loader reads: C's and D's
    /// names follow B's turned cells, not [`KORF_FELNER_CELLS`]' order (a mismatch once made
    /// the warning announce a build of two tables that were in the cache).
    #[test]
    fn missing_files_are_named_as_the_loader_names_them() {
        let goal = *TwentyFour::blank_first().goal();
        let tiles = file_tiles(&goal).unwrap();
        assert_eq!(tiles[2], vec![14, 19, 24, 13, 18, 23]);
        assert_eq!(tiles[3], vec![22, 21, 20, 17, 16, 15]);
        let dir = std::env::temp_dir().join(format!("searchlab-24-names-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        assert_eq!(korf_felner_missing(&goal, &dir).unwrap().len(), 4);
        for t in &tiles[..3] {
            std::fs::write(dir.join(cache_file(&goal, t)), b"").unwrap();
        }
        assert_eq!(
            korf_felner_missing(&goal, &dir).unwrap(),
            vec![dir.join(cache_file(&goal, &tiles[3]))]
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn cache_files_round_trip() {
        let goal = *TwentyFour::blank_first().goal();
        let dir = std::env::temp_dir().join(format!("searchlab-24-{}", std::process::id()));
        let tiles = [1u8, 2];
        let db = build_pattern::<5, 25>(&goal, &tiles, &BuildOptions::default(), |_| {}).unwrap();
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(cache_file(&goal, &tiles));
        std::fs::write(&path, db.to_bytes(&cache_key(&goal, &tiles))).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        assert_eq!(
            PatternDb::from_vec(bytes, &cache_key(&goal, &tiles), 600).unwrap(),
            db
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
