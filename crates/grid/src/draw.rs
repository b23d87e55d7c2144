//! Pictures of a search: the map, the cells the search expanded (shaded from early to late),
//! the path, the start and the goal; PNG (through the `png` encoder) or SVG (through plotters).

use std::path::Path;

use plotters::prelude::{IntoDrawingArea, RGBColor, Rectangle, SVGBackend};
use plotters::style::Color;

use crate::error::GridError;
use crate::map::{Cell, GridMap, Terrain};

const BLOCKED: [u8; 3] = [48, 48, 56];
const GROUND: [u8; 3] = [246, 246, 242];
const WATER: [u8; 3] = [160, 196, 236];
const PATH: [u8; 3] = [210, 20, 30];
const START: [u8; 3] = [20, 160, 40];
const GOAL: [u8; 3] = [30, 60, 220];
/// Expanded cells go from the first to the last of these as the search goes on.
const EARLY: [u8; 3] = [255, 230, 120];
const LATE: [u8; 3] = [240, 130, 40];

/// The colour of every cell, row-major.
fn colours(map: &GridMap, path: &[Cell], expanded: &[Cell]) -> Vec<[u8; 3]> {
    let (w, h) = (usize::from(map.width()), usize::from(map.height()));
    let mut out = Vec::with_capacity(w * h);
    for y in 0..map.height() {
        for x in 0..map.width() {
            out.push(match map.terrain(Cell::new(x, y)) {
                Terrain::Blocked => BLOCKED,
                Terrain::Ground => GROUND,
                Terrain::Water => WATER,
            });
        }
    }
    let at = |c: Cell| usize::from(c.y) * w + usize::from(c.x);
    let last = expanded.len().saturating_sub(1).max(1) as f64;
    for (i, &c) in expanded.iter().enumerate() {
        if map.is_passable(c) {
            let t = i as f64 / last;
            let mix = |k: usize| (f64::from(EARLY[k]) * (1.0 - t) + f64::from(LATE[k]) * t) as u8;
            out[at(c)] = [mix(0), mix(1), mix(2)];
        }
    }
    for &c in path {
        if map.is_passable(c) {
            out[at(c)] = PATH;
        }
    }
    out
}

/// Squares drawn over the cells, in pixels: the path at least 3 pixels wide and the start and
/// goal at least 11, so that they stay visible when a cell is 1 or 2 pixels.
fn overlays(path: &[Cell], k: u32) -> Vec<(i64, i64, i64, [u8; 3])> {
    let square = |c: Cell, side: u32, colour| {
        let side = side.max(k);
        let centre = |v: u16| i64::from(u32::from(v) * k + k / 2);
        let half = i64::from(side / 2);
        (
            centre(c.x) - half,
            centre(c.y) - half,
            i64::from(side),
            colour,
        )
    };
    let mut out: Vec<_> = path.iter().map(|&c| square(c, 3, PATH)).collect();
    if let (Some(&s), Some(&g)) = (path.first(), path.last()) {
        out.push(square(s, 11, START));
        out.push(square(g, 11, GOAL));
    }
    out
}

/// Pixels per cell: the picture is about 1024 pixels on its longer side, 1 to 16 per cell.
fn scale(map: &GridMap) -> u32 {
    (1024 / u32::from(map.width().max(map.height()))).clamp(1, 16)
}

/// Draws `map` with the `expanded` cells (in expansion order), the `path` (start first) over
/// them, into `out`: a PNG, or an SVG when the name ends in `.svg`. Returns the picture's size
/// in pixels.
///
/// # Errors
/// [`GridError::Draw`] naming the file when it cannot be written.
///
/// # Examples
/// ```
/// use searchlab_grid::{draw, Cell, GridMap};
///
/// let map = GridMap::parse("type octile\nheight 2\nwidth 3\nmap\n...\n.@.\n", "m").unwrap();
/// let out = std::env::temp_dir().join("searchlab-grid-doc.png");
/// let size = draw(&out, &map, &[Cell::new(0, 0), Cell::new(1, 0)], &[Cell::new(0, 0)]).unwrap();
/// assert_eq!(size, (48, 32));
/// # std::fs::remove_file(out).ok();
/// ```
pub fn draw(
    out: &Path,
    map: &GridMap,
    path: &[Cell],
    expanded: &[Cell],
) -> Result<(u32, u32), GridError> {
    let colours = colours(map, path, expanded);
    let k = scale(map);
    let (w, h) = (u32::from(map.width()), u32::from(map.height()));
    let size = (w * k, h * k);
    let fail = |what: String| GridError::Draw {
        file: out.to_path_buf(),
        what,
    };
    let svg = out
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("svg"));
    if svg {
        let root = SVGBackend::new(out, size).into_drawing_area();
        // One rectangle per run of equal colours in a row keeps the file small.
        for y in 0..h {
            let row = &colours[(y * w) as usize..((y + 1) * w) as usize];
            let mut x = 0;
            while x < w {
                let c = row[x as usize];
                let mut end = x + 1;
                while end < w && row[end as usize] == c {
                    end += 1;
                }
                let rect = Rectangle::new(
                    [
                        ((x * k) as i32, (y * k) as i32),
                        ((end * k) as i32, ((y + 1) * k) as i32),
                    ],
                    RGBColor(c[0], c[1], c[2]).filled(),
                );
                root.draw(&rect).map_err(|e| fail(e.to_string()))?;
                x = end;
            }
        }
        for (x, y, side, c) in overlays(path, k) {
            let rect = Rectangle::new(
                [(x as i32, y as i32), ((x + side) as i32, (y + side) as i32)],
                RGBColor(c[0], c[1], c[2]).filled(),
            );
            root.draw(&rect).map_err(|e| fail(e.to_string()))?;
        }
        root.present().map_err(|e| fail(e.to_string()))?;
        return Ok(size);
    }
    let mut pixels = Vec::with_capacity((size.0 * size.1 * 3) as usize);
    for y in 0..size.1 {
        let row = &colours[((y / k) * w) as usize..((y / k + 1) * w) as usize];
        for x in 0..size.0 {
            pixels.extend_from_slice(&row[(x / k) as usize]);
        }
    }
    for (x0, y0, side, c) in overlays(path, k) {
        for y in y0.max(0)..(y0 + side).min(i64::from(size.1)) {
            for x in x0.max(0)..(x0 + side).min(i64::from(size.0)) {
                let i = ((y as usize) * size.0 as usize + x as usize) * 3;
                pixels[i..i + 3].copy_from_slice(&c);
            }
        }
    }
    // Encoded in memory, then written through a temporary file renamed at the end: a failure
    // leaves an old picture whole.
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, size.0, size.1);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().map_err(|e| fail(e.to_string()))?;
    writer
        .write_image_data(&pixels)
        .map_err(|e| fail(e.to_string()))?;
    writer.finish().map_err(|e| fail(e.to_string()))?;
    searchlab_toolkit::output::write_atomically(out, &bytes).map_err(|e| fail(e.to_string()))?;
    Ok(size)
}
