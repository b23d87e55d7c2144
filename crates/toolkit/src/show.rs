//! Solutions drawn for a terminal (`searchlab solve --show`): the layout every problem's
//! [`Description::show_solution`](crate::Description::show_solution) shares.
//!
//! A solution is a sequence of pictures (boards, maps, jug levels), each a block of lines
//! under a caption (`start`, `3: d`). [`side_by_side`] sets them in rows that fit the width of
//! a terminal, so that a 20-move 8-puzzle solution takes a screen instead of 80 lines.

/// What `--show` fits its rows to: a terminal that nobody resized (80 columns) less the two
/// columns a driver indents a picture by under its instance.
pub const TERMINAL_WIDTH: usize = 78;

/// One picture of a solution: a caption over a block of lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    /// One line over the picture (`start`, `3: d`); cut to the picture's width when longer
    /// than it and not the only thing to show.
    pub caption: String,
    /// The picture, one or several lines.
    pub picture: String,
}

impl Frame {
    /// A frame of `picture` under `caption`.
    pub fn new(caption: impl Into<String>, picture: impl Into<String>) -> Self {
        Self {
            caption: caption.into(),
            picture: picture.into(),
        }
    }
}

/// The columns a line takes (characters, not bytes: the pictures may use `·` or box lines).
fn columns(line: &str) -> usize {
    line.chars().count()
}

/// `frames` set side by side in rows no wider than `width` (a frame wider than `width` gets
/// a row of its own), three spaces between frames and a blank line between rows; every line
/// without trailing spaces.
///
/// # Arguments
/// * `frames` - the pictures in order, each with its caption.
/// * `width` - the widest a row may be, in characters ([`TERMINAL_WIDTH`] for a terminal).
///
/// # Returns
/// The rows, each line ending in `\n`; empty for no frames.
///
/// # Complexity
/// Linear in the total length of the frames.
///
/// # Example
/// ```
/// use searchlab_toolkit::show::{Frame, side_by_side};
/// let frames = [Frame::new("start", "1 2\n3 x"), Frame::new("1: u", "1 x\n3 2")];
/// assert_eq!(side_by_side(&frames, 80), "start   1: u\n1 2     1 x\n3 x     3 2\n");
/// ```
pub fn side_by_side(frames: &[Frame], width: usize) -> String {
    const GAP: usize = 3;
    // Each frame as its lines (caption first) and its width.
    let blocks: Vec<(Vec<&str>, usize)> = frames
        .iter()
        .map(|f| {
            let lines: Vec<&str> = std::iter::once(f.caption.as_str())
                .chain(f.picture.lines())
                .collect();
            let w = lines.iter().map(|l| columns(l)).max().unwrap_or(0);
            (lines, w)
        })
        .collect();
    let mut out = String::new();
    let mut start = 0;
    while start < blocks.len() {
        // As many frames as fit, at least one.
        let mut end = start + 1;
        let mut used = blocks[start].1;
        while end < blocks.len() && used + GAP + blocks[end].1 <= width {
            used += GAP + blocks[end].1;
            end += 1;
        }
        if start > 0 {
            out.push('\n');
        }
        let row = &blocks[start..end];
        let height = row.iter().map(|b| b.0.len()).max().unwrap_or(0);
        for i in 0..height {
            let mut line = String::new();
            for (k, (lines, w)) in row.iter().enumerate() {
                if k > 0 {
                    line.push_str(&" ".repeat(GAP));
                }
                let text = lines.get(i).copied().unwrap_or("");
                line.push_str(text);
                line.push_str(&" ".repeat(w - columns(text)));
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        start = end;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_wrap_at_the_width_and_a_wide_frame_stands_alone() {
        let f = |c: &str| Frame::new(c, "abcd\nef");
        let frames = [f("a"), f("b"), f("c")];
        // Two frames of 4 columns and a gap of 3 make 11: the third wraps at width 12.
        let text = side_by_side(&frames, 12);
        assert_eq!(text, "a      b\nabcd   abcd\nef     ef\n\nc\nabcd\nef\n");
        let wide = [Frame::new("w", "x".repeat(20)), f("n")];
        assert_eq!(
            side_by_side(&wide, 10),
            format!("w\n{}\n\nn\nabcd\nef\n", "x".repeat(20))
        );
        assert_eq!(side_by_side(&[], 80), "");
    }

    #[test]
    fn uneven_heights_and_wide_characters_line_up() {
        let frames = [Frame::new("1", "·\n·\n·"), Frame::new("2", "ab")];
        assert_eq!(side_by_side(&frames, 80), "1   2\n·   ab\n·\n·\n");
    }
}
