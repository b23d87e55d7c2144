//! The mutations of the readers' fuzz tests (`crates/{grid,graph,bench}/tests/fuzz.rs`), one
//! copy for all of them: each test includes this file with `#[path]` and passes the pieces
//! its format is likely to choke on.

use proptest::prelude::*;

/// A mutation: (where, what, which insert or byte).
pub type Mutation = (u16, u8, u8);

/// Up to `max` mutations.
pub fn mutations(max: usize) -> impl Strategy<Value = Vec<Mutation>> {
    proptest::collection::vec((any::<u16>(), 0u8..6, any::<u8>()), 0..=max)
}

/// `base` with each mutation applied in turn: delete a byte, insert one of `inserts`, replace
/// a byte, duplicate or delete a line, or cut the text. Positions are spread over the whole
/// text, however long.
pub fn mutate(base: &[u8], muts: &[Mutation], inserts: &[&[u8]]) -> Vec<u8> {
    let mut b = base.to_vec();
    for &(at, op, pick) in muts {
        let i = (usize::from(at) * (b.len() + 1)) >> 16;
        let line_of = |b: &[u8]| {
            let start = b[..i]
                .iter()
                .rposition(|&c| c == b'\n')
                .map_or(0, |p| p + 1);
            let end = b[i..]
                .iter()
                .position(|&c| c == b'\n')
                .map_or(b.len(), |p| i + p + 1);
            (start, end)
        };
        match op {
            0 if i < b.len() => {
                b.remove(i);
            }
            1 => {
                let piece = inserts[usize::from(pick) % inserts.len()];
                b.splice(i..i, piece.iter().copied());
            }
            2 if i < b.len() => b[i] = pick,
            3 => {
                let (s, e) = line_of(&b);
                let line = b[s..e].to_vec();
                b.splice(s..s, line);
            }
            4 => {
                let (s, e) = line_of(&b);
                b.drain(s..e);
            }
            5 => b.truncate(i),
            _ => {}
        }
    }
    b
}
