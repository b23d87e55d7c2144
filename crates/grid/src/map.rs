//! MovingAI `.map` files: terrain, passability, and the legal moves of every cell.
//!
//! Terrain (<https://movingai.com/benchmarks/formats.html>): `.` and `G` are passable ground;
//! `@` and `O` are out of bounds and `T` is trees, all blocked; `S` (swamp) is "passable from
//! regular terrain", so it is ground too; `W` (water) is "traversable, but not passable from
//! terrain": water cells connect to water cells only. So every cell has a class (blocked,
//! ground, water) and a move joins two cells of the same passable class; a path never changes
//! class. A diagonal move is legal only when both cells it cuts past are of that class too (the
//! benchmark's no-corner-cutting rule, which its optimal lengths assume).
//!
//! Cells are kept in a table with a one-cell blocked border, so a neighbour is always an index
//! and never a bounds check.

use std::path::Path;

use crate::error::GridError;
use crate::grid::Move;

/// A cell of a map: column `x` and row `y`, from the top-left corner (as in `.scen` files).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// Column, 0 at the left.
    pub x: u16,
    /// Row, 0 at the top.
    pub y: u16,
}

/// `(x, y)`: how traces print a state (issue 31: `Cell { x: 3, y: 3 }`).
impl std::fmt::Debug for Cell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

impl Cell {
    /// The cell at column `x`, row `y`.
    pub const fn new(x: u16, y: u16) -> Self {
        Cell { x, y }
    }
}

impl std::fmt::Display for Cell {
    /// `(x,y)`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({},{})", self.x, self.y)
    }
}

/// The class of a cell: moves join cells of the same passable class only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Terrain {
    /// `@`, `O`, `T`, and the border around the map.
    Blocked = 0,
    /// `.`, `G`, `S`.
    Ground = 1,
    /// `W`.
    Water = 2,
}

impl Terrain {
    /// The class of a map character, `None` for a character the format does not define.
    pub fn of_char(c: u8) -> Option<Terrain> {
        match c {
            b'.' | b'G' | b'S' => Some(Terrain::Ground),
            b'W' => Some(Terrain::Water),
            b'@' | b'O' | b'T' => Some(Terrain::Blocked),
            _ => None,
        }
    }
}

/// A parsed `.map`: its size, the class of every cell and the legal moves out of each.
#[derive(Clone, Debug)]
pub struct GridMap {
    name: String,
    width: u16,
    height: u16,
    /// Width of the padded table (`width + 2`).
    stride: u32,
    /// The index step of each move ([`Move::index`]) in the padded tables: one load per
    /// generated cell instead of a multiply.
    offsets: [i32; 8],
    /// The class of every padded cell, as `Terrain as u8`.
    class: Vec<u8>,
    /// The original characters, row-major without padding (for pictures and `gen`).
    chars: Vec<u8>,
    /// Per padded cell: bit `m` set when the 8-connected move `m` ([`Move::index`]) is legal.
    moves: Vec<u8>,
}

impl GridMap {
    /// Reads a `.map` file.
    ///
    /// # Errors
    /// [`GridError::Io`] if the file cannot be read (naming it), [`GridError::Parse`] for bad
    /// content (see [`GridMap::parse`]).
    pub fn read(path: &Path) -> Result<GridMap, GridError> {
        let text = read_text(path, "cannot read map")?;
        GridMap::parse(&text, &path.display().to_string())
    }

    /// Parses the text of a `.map` file; `file` names it in errors and is the map's name.
    ///
    /// # Errors
    /// [`GridError::Parse`] naming the line: a header line that is not `type octile`,
    /// `height N` or `width N`; a missing size; a row whose length is not the width; fewer or
    /// more rows than the height; a character that is no terrain of the format.
    ///
    /// # Examples
    /// ```
    /// use searchlab_grid::{Cell, GridMap, Terrain};
    ///
    /// let map = GridMap::parse("type octile\nheight 2\nwidth 3\nmap\n..@\nT.W\n", "tiny").unwrap();
    /// assert_eq!((map.width(), map.height()), (3, 2));
    /// assert_eq!(map.terrain(Cell::new(2, 0)), Terrain::Blocked);
    /// assert_eq!(map.terrain(Cell::new(2, 1)), Terrain::Water);
    /// assert!(GridMap::parse("type octile\nheight 2\nwidth 3\nmap\n..@\n", "short").is_err());
    /// ```
    pub fn parse(text: &str, file: &str) -> Result<GridMap, GridError> {
        // A UTF-8 byte-order mark, skipped as by every reader of this project.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
        let (mut width, mut height, mut kind) = (None, None, None);
        let mut map_line = 0;
        for (n, line) in lines.by_ref() {
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            if line == "map" {
                map_line = n;
                break;
            }
            let mut words = line.split_whitespace();
            let (key, value) = (words.next().unwrap_or(""), words.next());
            if words.next().is_some() {
                return Err(GridError::parse(
                    file,
                    n,
                    format!("expected `key value`, found `{line}`"),
                ));
            }
            let size = |v: Option<&str>| -> Result<u16, GridError> {
                v.and_then(|v| v.parse::<u16>().ok())
                    .filter(|&v| (1..u16::MAX).contains(&v))
                    .ok_or_else(|| {
                        GridError::parse(
                            file,
                            n,
                            format!("`{line}`: the size must be a number from 1 to 65534"),
                        )
                    })
            };
            match key {
                "type" => kind = value.map(str::to_string),
                "height" => height = Some(size(value)?),
                "width" => width = Some(size(value)?),
                _ => {
                    return Err(GridError::parse(
                        file,
                        n,
                        format!("unknown header line `{line}` (expected type, height, width, map)"),
                    ));
                }
            }
        }
        if map_line == 0 {
            return Err(GridError::parse(
                file,
                text.lines().count().max(1),
                "no `map` line: the header must end with `map`",
            ));
        }
        if let Some(kind) = kind.filter(|k| k != "octile") {
            return Err(GridError::parse(
                file,
                1,
                format!("map type `{kind}` is not supported (only `octile`)"),
            ));
        }
        let (Some(width), Some(height)) = (width, height) else {
            return Err(GridError::parse(
                file,
                map_line,
                "the header must give both `height` and `width` before `map`",
            ));
        };
        let (w, h) = (usize::from(width), usize::from(height));
        // The header's size is a promise the text must keep: reserve no more than the text
        // holds (a 65534 x 65534 header over three rows reserved 4 GB, issue 32).
        let mut chars = Vec::with_capacity((w * h).min(text.len()));
        let mut rows = 0usize;
        let mut last_line = map_line;
        for (n, line) in lines {
            let row = line.trim_end_matches('\r').as_bytes();
            last_line = n;
            if row.is_empty() {
                continue;
            }
            if rows == h {
                return Err(GridError::parse(
                    file,
                    n,
                    format!("more rows than the header's height {height}"),
                ));
            }
            if row.len() != w {
                return Err(GridError::parse(
                    file,
                    n,
                    format!(
                        "row {rows} has {} characters, the header's width is {width}",
                        row.len()
                    ),
                ));
            }
            if let Some(col) = row.iter().position(|&c| Terrain::of_char(c).is_none()) {
                let bad = line[..].chars().nth(col).unwrap_or('?');
                return Err(GridError::parse(
                    file,
                    n,
                    format!(
                        "unknown terrain `{}` at column {col} (expected one of . G S W @ O T)",
                        bad.escape_debug()
                    ),
                ));
            }
            chars.extend_from_slice(row);
            rows += 1;
        }
        if rows != h {
            return Err(GridError::parse(
                file,
                last_line,
                format!("{rows} rows, the header's height is {height}"),
            ));
        }
        Ok(GridMap::from_chars(file, width, height, chars))
    }

    /// A map of ground and walls from a row-major table (`blocked[y * width + x]`, `true` = a
    /// wall), as a picture or a numpy array gives it; `name` names it. Moves follow the
    /// MovingAI rules of every map (a diagonal only past two free cells).
    ///
    /// # Errors
    /// [`GridError::Parse`] when a side is not 1 to 65534 cells or the table's length is not
    /// `width * height`.
    ///
    /// ```
    /// use searchlab_grid::{Cell, GridMap, Terrain};
    ///
    /// let map = GridMap::from_blocked("walls", 3, 2, &[false, false, true, false, false, false]).unwrap();
    /// assert_eq!(map.terrain(Cell::new(2, 0)), Terrain::Blocked);
    /// assert_eq!(map.terrain(Cell::new(2, 1)), Terrain::Ground);
    /// assert!(GridMap::from_blocked("bad", 3, 2, &[false; 5]).is_err());
    /// ```
    pub fn from_blocked(
        name: &str,
        width: usize,
        height: usize,
        blocked: &[bool],
    ) -> Result<GridMap, GridError> {
        let side = |n: usize, what: &str| {
            u16::try_from(n)
                .ok()
                .filter(|&v| (1..u16::MAX).contains(&v))
                .ok_or_else(|| {
                    GridError::parse(
                        name,
                        1,
                        format!("{what} {n}: the size must be a number from 1 to 65534"),
                    )
                })
        };
        let (w, h) = (side(width, "width")?, side(height, "height")?);
        if blocked.len() != width * height {
            return Err(GridError::parse(
                name,
                1,
                format!("{} cells for a map of {width} x {height}", blocked.len()),
            ));
        }
        let chars = blocked
            .iter()
            .map(|&b| if b { b'@' } else { b'.' })
            .collect();
        Ok(GridMap::from_chars(name, w, h, chars))
    }

    /// Builds a map from its rows of terrain characters (already checked).
    fn from_chars(name: &str, width: u16, height: u16, chars: Vec<u8>) -> GridMap {
        let stride = u32::from(width) + 2;
        let padded = stride as usize * (usize::from(height) + 2);
        let mut class = vec![Terrain::Blocked as u8; padded];
        for y in 0..usize::from(height) {
            for x in 0..usize::from(width) {
                let c = chars[y * usize::from(width) + x];
                class[(y + 1) * stride as usize + x + 1] =
                    Terrain::of_char(c).unwrap_or(Terrain::Blocked) as u8;
            }
        }
        let mut map = GridMap {
            name: name.to_string(),
            width,
            height,
            stride,
            offsets: Move::ALL.map(|m| {
                let (dx, dy) = m.delta();
                dy * stride as i32 + dx
            }),
            class,
            chars,
            moves: vec![0; padded],
        };
        for i in 0..padded {
            let here = map.class[i];
            if here == Terrain::Blocked as u8 {
                continue;
            }
            let mut mask = 0u8;
            for m in Move::ALL {
                let (dx, dy) = m.delta();
                let same = |ddx: i32, ddy: i32| {
                    let j = i as i64 + i64::from(ddy) * i64::from(stride) + i64::from(ddx);
                    map.class[j as usize] == here
                };
                let legal = if m.is_diagonal() {
                    same(dx, dy) && same(dx, 0) && same(0, dy)
                } else {
                    same(dx, dy)
                };
                if legal {
                    mask |= 1 << m.index();
                }
            }
            map.moves[i] = mask;
        }
        map
    }

    /// The name it was read under (the file path as given).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Number of columns.
    pub fn width(&self) -> u16 {
        self.width
    }

    /// Number of rows.
    pub fn height(&self) -> u16 {
        self.height
    }

    /// Whether `(x, y)` lies on the map.
    pub fn contains(&self, x: i64, y: i64) -> bool {
        (0..i64::from(self.width)).contains(&x) && (0..i64::from(self.height)).contains(&y)
    }

    /// The class of `cell` (which must be on the map).
    pub fn terrain(&self, cell: Cell) -> Terrain {
        match self.class[self.index(cell) as usize] {
            1 => Terrain::Ground,
            2 => Terrain::Water,
            _ => Terrain::Blocked,
        }
    }

    /// The map character of `cell` (which must be on the map).
    pub fn char_at(&self, cell: Cell) -> u8 {
        self.chars[usize::from(cell.y) * usize::from(self.width) + usize::from(cell.x)]
    }

    /// Whether `cell` is on the map and passable.
    pub fn is_passable(&self, cell: Cell) -> bool {
        self.contains(i64::from(cell.x), i64::from(cell.y))
            && self.terrain(cell) != Terrain::Blocked
    }

    /// The index of `cell` in the padded tables: a perfect rank of the cells into
    /// `0..rank_count()`.
    #[inline]
    pub fn index(&self, cell: Cell) -> u32 {
        (u32::from(cell.y) + 1) * self.stride + u32::from(cell.x) + 1
    }

    /// The cell of a padded index (the inverse of [`GridMap::index`] on the map's cells).
    #[inline]
    pub fn cell(&self, index: u32) -> Cell {
        Cell::new(
            (index % self.stride - 1) as u16,
            (index / self.stride - 1) as u16,
        )
    }

    /// The size of the padded tables: the number of ranks of [`GridMap::index`].
    pub fn rank_count(&self) -> usize {
        self.class.len()
    }

    /// Width of the padded tables: the index step of one row.
    #[inline]
    pub(crate) fn stride(&self) -> u32 {
        self.stride
    }

    /// The class of a padded index, as `Terrain as u8`.
    #[inline]
    pub(crate) fn class_at(&self, index: u32) -> u8 {
        self.class[index as usize]
    }

    /// The legal 8-connected moves out of a padded index, bit [`Move::index`] each.
    #[inline]
    pub(crate) fn moves_at(&self, index: u32) -> u8 {
        self.moves[index as usize]
    }

    /// The index step of `m` in the padded tables.
    #[inline]
    pub(crate) fn offset(&self, m: Move) -> i32 {
        self.offsets[m.index()]
    }

    /// The passable cells, row by row.
    pub fn passable_cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..self.height).flat_map(move |y| {
            (0..self.width)
                .map(move |x| Cell::new(x, y))
                .filter(|&c| self.terrain(c) != Terrain::Blocked)
        })
    }
}

/// The longest line of a map or scenario file: a row of the widest map and its line end.
pub(crate) const MAX_LINE: usize = u16::MAX as usize + 2;

/// Reads a map or scenario file as text, line by line, refusing a line longer than
/// [`MAX_LINE`] (`/dev/zero`, a binary file) before it fills memory; `what` says what was
/// being read. Bytes that are not UTF-8 are replaced (U+FFFD) so that the parser names the line
/// that holds them instead of the whole file being refused.
pub(crate) fn read_text(path: &Path, what: &str) -> Result<String, GridError> {
    use std::io::{BufRead, Read};
    let io = |source| GridError::Io {
        file: path.to_path_buf(),
        what: what.into(),
        source,
    };
    let mut reader = std::io::BufReader::new(std::fs::File::open(path).map_err(io)?);
    let mut text = String::new();
    let mut buf = Vec::new();
    for line in 1.. {
        buf.clear();
        let read = Read::by_ref(&mut reader)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut buf)
            .map_err(io)?;
        if read == 0 {
            break;
        }
        if buf.len() > MAX_LINE {
            return Err(GridError::parse(
                &path.display().to_string(),
                line,
                format!("a line longer than {MAX_LINE} bytes: not a map or scenario file"),
            ));
        }
        text.push_str(&String::from_utf8_lossy(&buf));
    }
    Ok(text)
}
