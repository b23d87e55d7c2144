//! What a page draws besides the events: the map of a grid, the drawing of a graph with
//! coordinates, the layout of a board.
//!
//! A replay is a front end: it learns nothing about a problem that the problem's own crate
//! does not already say. The map of a grid query and the graph of a graph query are the
//! instance's own (found by downcasting the instance, so no problem needs a method for
//! replays); boards are drawn from the states' text, which is what `--trace` prints.

use std::any::Any;
use std::sync::Arc;

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
    /// A graph with coordinates (`.co` file, `xy` lines): nodes as points where their
    /// coordinates put them, arcs as lines; states are node indices.
    Graph(Drawn),
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
        if let Some(query) = any.downcast_ref::<searchlab_graph::Query>()
            && query.graph().coords().is_some()
        {
            return Scene::Graph(Drawn(Arc::clone(query.shared_graph())));
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
    /// `text`, `graph`.
    pub fn name(&self) -> &'static str {
        match self {
            Scene::Grid { .. } => "grid",
            Scene::Graph(_) => "graph",
            Scene::Tiles => "tiles",
            Scene::Rotation => "rotation",
            Scene::Jugs { .. } => "jugs",
            Scene::Game => "game",
            Scene::Text => "text",
        }
    }

    /// A grid state's cell index (`y * width + x`) from its text (`Cell { x: 3, y: 4 }`, or
    /// any text whose first two numbers are x and y); a graph state's node index (its text).
    pub fn cell_of(&self, state: &str) -> Option<u32> {
        if let Scene::Graph(Drawn(graph)) = self {
            let node: u32 = state.trim().parse().ok()?;
            return ((node as usize) < graph.node_count()).then_some(node);
        }
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

/// The graph a [`Scene::Graph`] draws, shared with the query (never copied); two are equal
/// when they are the same graph.
#[derive(Clone, Debug)]
pub struct Drawn(pub Arc<searchlab_graph::Graph>);

impl PartialEq for Drawn {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for Drawn {}

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
    fn a_graph_with_coordinates_is_drawn_on_them_and_one_without_as_text() {
        let text = "a b 1\nb c 2\nxy a 0 0\nxy b 3 4\nxy c 6 0\n";
        let g = Arc::new(searchlab_graph::parse_edge_list(text, "t.txt").unwrap());
        let q = g.query("a", "c").unwrap();
        let scene = Scene::of("graph", Kind::Puzzle, &q, "a c");
        assert_eq!(scene.name(), "graph");
        assert_eq!(scene.cell_of("2"), Some(2));
        assert_eq!(scene.cell_of("3"), None);
        let bare = Arc::new(searchlab_graph::parse_edge_list("a b 1\n", "t.txt").unwrap());
        let q = bare.query("a", "b").unwrap();
        assert_eq!(Scene::of("graph", Kind::Puzzle, &q, "a b"), Scene::Text);
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
