//! What a page draws besides the events: the map of a grid, the layout of a board.
//!
//! A replay is a front end: it learns nothing about a problem that the problem's own crate
//! does not already say. The map of a grid query is the instance's own map (found by
//! downcasting the instance, so no problem needs a method for replays); boards are drawn
//! from the states' text, which is what `--trace` prints.

use std::any::Any;

use searchlab_toolkit::Kind;

/// How a page draws a problem's states.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Scene {
    /// A grid map: cells turn open and closed; states are cells (`Cell { x, y }`).
    Grid {
        /// Columns.
        width: u32,
        /// Rows.
        height: u32,
        /// The map's characters, row by row (MovingAI's: `.` and `G` passable, `@`, `O`, `T`
        /// and `W` not, `S` swamp).
        cells: String,
    },
    /// Sliding tiles: a state is its tiles row by row, `x` the blank.
    Tiles,
    /// The rotation game: a state is its 24 numbers in the order of POJ 2286's input.
    Rotation,
    /// Water jugs: a state is each jug's content; the capacities are the instance's.
    Jugs {
        /// Each jug's capacity.
        capacities: Vec<u64>,
    },
    /// A game: the tree of positions as the search grows it; a state is printed as the
    /// problem prints a position (`/` between a board's rows).
    Game,
    /// Anything else: the state's text.
    Text,
}

impl Scene {
    /// The scene of `instance` of the problem `problem` (its registry name) of `kind`;
    /// `shown` is the instance as the problem prints it.
    pub fn of<I: Any>(problem: &str, kind: Kind, instance: &I, shown: &str) -> Scene {
        if kind == Kind::Game {
            return Scene::Game;
        }
        let any: &dyn Any = instance;
        if let Some(grid) = any.downcast_ref::<searchlab_grid::Instance>() {
            let map = &grid.map;
            let (width, height) = (u32::from(map.width()), u32::from(map.height()));
            let mut cells = String::with_capacity((width * height) as usize);
            for y in 0..map.height() {
                for x in 0..map.width() {
                    cells.push(char::from(map.char_at(searchlab_grid::Cell { x, y })));
                }
            }
            return Scene::Grid {
                width,
                height,
                cells,
            };
        }
        match problem {
            "eight" | "fifteen" | "twentyfour" => Scene::Tiles,
            "rotation" => Scene::Rotation,
            // `jugs 3 5 : target 4`: the numbers before the colon.
            "waterjug" => Scene::Jugs {
                capacities: shown
                    .split(':')
                    .next()
                    .unwrap_or_default()
                    .split_whitespace()
                    .filter_map(|w| w.parse().ok())
                    .collect(),
            },
            _ => Scene::Text,
        }
    }

    /// The scene's name in the page's data: `grid`, `tiles`, `rotation`, `jugs`, `game`,
    /// `text`.
    pub fn name(&self) -> &'static str {
        match self {
            Scene::Grid { .. } => "grid",
            Scene::Tiles => "tiles",
            Scene::Rotation => "rotation",
            Scene::Jugs { .. } => "jugs",
            Scene::Game => "game",
            Scene::Text => "text",
        }
    }

    /// A grid state's cell index (`y * width + x`) from its text (`Cell { x: 3, y: 4 }`, or
    /// any text whose first two numbers are x and y).
    pub fn cell_of(&self, state: &str) -> Option<u32> {
        let Scene::Grid { width, height, .. } = self else {
            return None;
        };
        let mut numbers = state
            .split(|c: char| !c.is_ascii_digit())
            .filter(|w| !w.is_empty())
            .map(|w| w.parse::<u32>().ok());
        let (x, y) = (numbers.next()??, numbers.next()??);
        (x < *width && y < *height).then_some(y * width + x)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_cells_are_read_from_the_states_text() {
        let scene = Scene::Grid {
            width: 10,
            height: 5,
            cells: ".".repeat(50),
        };
        assert_eq!(scene.cell_of("Cell { x: 3, y: 4 }"), Some(43));
        assert_eq!(scene.cell_of("Cell { x: 10, y: 4 }"), None);
        assert_eq!(scene.cell_of("start"), None);
        assert_eq!(Scene::Tiles.cell_of("Cell { x: 3, y: 4 }"), None);
    }

    #[test]
    fn jugs_take_their_capacities_from_the_instance() {
        let scene = Scene::of("waterjug", Kind::Puzzle, &(), "jugs 3 5 : target 4");
        assert_eq!(
            scene,
            Scene::Jugs {
                capacities: vec![3, 5]
            }
        );
        assert_eq!(Scene::of("tictactoe", Kind::Game, &(), "x.."), Scene::Game);
    }
}
