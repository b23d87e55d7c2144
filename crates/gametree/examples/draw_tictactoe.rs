//! Draws a tic-tac-toe position's game tree to a small depth, the way `searchlab solve
//! tictactoe ... --draw-depth D` is meant to: a worked example of [`game_svg`].
//!
//! `cargo run -p searchlab-gametree --example draw_tictactoe -- "xx./oo./..." 2 out.svg`

use searchlab_gametree::draw::{DrawOptions, game_svg};
use searchlab_tictactoe::{Geometry, SeedEval, TicTacToe};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [board, depth, out] = args.as_slice() else {
        return Err("usage: draw_tictactoe BOARD DEPTH OUT.svg (BOARD like xx./oo./...)".into());
    };
    let geometry = Geometry::new(3, 3)?;
    let game = TicTacToe::new(geometry.clone());
    let root = geometry.parse(board)?;
    let opts = DrawOptions {
        heading: Some(format!(
            "tic-tac-toe {board}, x = MAX, depth {depth}, seed evaluation"
        )),
        ..DrawOptions::default()
    };
    let svg = game_svg(
        &game,
        &SeedEval,
        &root,
        depth.parse()?,
        |m| m.to_string(),
        &opts,
    )?;
    std::fs::write(out, svg)?;
    Ok(())
}
