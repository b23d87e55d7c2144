//! Reading games: the POJ 1085 judge format and the `i-j` move-list syntax of the CLI.
//!
//! The judge format is read token by token (any whitespace), each token remembering its line so
//! that errors name the game and the line. A bad game does not stop the others as long as the
//! structure (a move count, then that many pairs of numbers) still tells where the next game
//! starts.

use std::fmt;

use thiserror::Error;

use crate::board::{MoveError, Position, ReplayError, Segment, SegmentError};

/// The fewest and most moves a judge game may list.
pub const MOVE_COUNT_RANGE: std::ops::RangeInclusive<i64> = 6..=18;

/// A game read from judge input, replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The game's number, from 1.
    pub number: usize,
    /// The line holding its move count.
    pub line: usize,
    /// Its moves in order.
    pub moves: Vec<Segment>,
    /// The position after them.
    pub position: Position,
}

/// What is wrong with judge input.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum InputErrorKind {
    /// The input is empty.
    #[error("the input is empty: expected the number of games")]
    Empty,
    /// The first token is not a game count.
    #[error("`{0}` is not a number of games")]
    BadGameCount(String),
    /// A move count that is not a number.
    #[error("`{0}` is not a move count")]
    BadMoveCount(String),
    /// A move count outside 6..=18.
    #[error("move count {0} is out of range 6..=18")]
    MoveCountRange(i64),
    /// A dot that is not a number.
    #[error("`{0}` is not a dot number")]
    BadDot(String),
    /// A move line with one dot only.
    #[error("a move is two dots `i j` on one line, found only `{0}`")]
    ShortMove(String),
    /// Two dots that are not a segment.
    #[error(transparent)]
    Segment(#[from] SegmentError),
    /// A segment drawn a second time.
    #[error("segment {segment} is drawn twice (first on line {first_line})")]
    DrawnTwice {
        /// The segment.
        segment: Segment,
        /// Where it was drawn first.
        first_line: usize,
    },
    /// The input ends inside a game.
    #[error("the input ends after {got} of its {expected} moves")]
    Truncated {
        /// Moves announced.
        expected: usize,
        /// Moves present.
        got: usize,
    },
    /// The input ends before a game starts.
    #[error("the input ends before this game (it announced {declared} games)")]
    MissingGame {
        /// Games announced.
        declared: usize,
    },
    /// More tokens after the announced games.
    #[error("unexpected `{token}` after the {declared} announced games")]
    Trailing {
        /// The first extra token.
        token: String,
        /// Games announced.
        declared: usize,
    },
}

/// A judge-input error with its place: the game (when inside one) and the line.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub struct InputError {
    /// The game's number from 1, if the error is inside a game.
    pub game: Option<usize>,
    /// The 1-based line.
    pub line: usize,
    /// What is wrong.
    pub kind: InputErrorKind,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.game {
            Some(game) => write!(f, "game {game}, line {}: {}", self.line, self.kind),
            None => write!(f, "line {}: {}", self.line, self.kind),
        }
    }
}

/// Judge input read as far as its structure allows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Batch {
    /// One entry per game read (or found broken), in input order.
    pub games: Vec<Result<GameRecord, InputError>>,
    /// An error outside any game (empty input, bad game count, trailing data); `None` if clean.
    pub outside: Option<InputError>,
}

impl Batch {
    /// How many errors the batch holds (bad games plus the error outside games).
    pub fn error_count(&self) -> usize {
        self.games.iter().filter(|g| g.is_err()).count() + usize::from(self.outside.is_some())
    }
}

struct Tokens<'a> {
    tokens: Vec<(usize, &'a str)>,
    next: usize,
    last_line: usize,
}

impl<'a> Tokens<'a> {
    fn new(text: &'a str) -> Self {
        let mut tokens = Vec::new();
        let mut last_line = 1;
        for (i, line) in text.lines().enumerate() {
            last_line = i + 1;
            tokens.extend(line.split_whitespace().map(|t| (i + 1, t)));
        }
        Tokens {
            tokens,
            next: 0,
            last_line,
        }
    }

    fn next(&mut self) -> Option<(usize, &'a str)> {
        let t = self.tokens.get(self.next).copied();
        self.next += usize::from(t.is_some());
        t
    }
}

/// Reads POJ 1085 input: the number of games, then per game a move count `m` (6..=18) and `m`
/// lines `i j`. Each game is replayed with the extra-turn rule.
///
/// Errors name the game and the line. After a bad move or an out-of-range count the reader
/// still knows where the next game starts and goes on; after a count that is not a number, or
/// at the end of the input, it stops.
///
/// ```
/// use searchlab_triangle::input::parse_judge;
/// let batch = parse_judge("2\n6\n1 2\n2 3\n1 3\n2 4\n2 5\n4 5\n6\n1 2\n1 2\n1 3\n2 3\n2 4\n2 5\n");
/// assert!(batch.games[0].is_ok());
/// assert_eq!(
///     batch.games[1].as_ref().unwrap_err().to_string(),
///     "game 2, line 11: segment 1-2 is drawn twice (first on line 10)"
/// );
/// ```
pub fn parse_judge(text: &str) -> Batch {
    let mut tokens = Tokens::new(text);
    let mut batch = Batch::default();
    let Some((line, count)) = tokens.next() else {
        batch.outside = Some(InputError {
            game: None,
            line: 1,
            kind: InputErrorKind::Empty,
        });
        return batch;
    };
    let Ok(declared) = count.parse::<usize>() else {
        batch.outside = Some(InputError {
            game: None,
            line,
            kind: InputErrorKind::BadGameCount(count.to_string()),
        });
        return batch;
    };
    for number in 1..=declared {
        let error = |line, kind| InputError {
            game: Some(number),
            line,
            kind,
        };
        let Some((count_line, m)) = tokens.next() else {
            let kind = InputErrorKind::MissingGame { declared };
            batch.games.push(Err(error(tokens.last_line, kind)));
            return batch;
        };
        let m = match m.parse::<i64>() {
            Ok(m) if m >= 0 => m,
            _ => {
                // Without a count nothing tells where the next game starts.
                let kind = InputErrorKind::BadMoveCount(m.to_string());
                batch.games.push(Err(error(count_line, kind)));
                return batch;
            }
        };
        let mut first_error = (!MOVE_COUNT_RANGE.contains(&m))
            .then(|| error(count_line, InputErrorKind::MoveCountRange(m)));
        let mut position = Position::start();
        let mut moves = Vec::new();
        let mut drawn_on = [0usize; 18];
        for got in 0..m {
            let (first, second) = (tokens.next(), tokens.next());
            let (Some((line, a)), Some((b_line, b))) = (first, second) else {
                let fault = match first {
                    // The last line holds one dot: that line is the fault.
                    Some((line, a)) => error(line, InputErrorKind::ShortMove(a.to_string())),
                    None => error(
                        tokens.last_line,
                        InputErrorKind::Truncated {
                            expected: m as usize,
                            got: got as usize,
                        },
                    ),
                };
                // An earlier fault (an out-of-range count) explains more; keep it if present.
                batch.games.push(Err(first_error.unwrap_or(fault)));
                return batch;
            };
            if b_line != line {
                // A short line: its one dot is the move's fault, the next line's first token
                // starts the next move.
                tokens.next -= 1;
                first_error
                    .get_or_insert_with(|| error(line, InputErrorKind::ShortMove(a.to_string())));
                continue;
            }
            if first_error.is_some() {
                continue;
            }
            let dots = a
                .parse::<i64>()
                .map_err(|_| a)
                .and_then(|a| b.parse::<i64>().map(|b| (a, b)).map_err(|_| b));
            let result = match dots {
                Err(bad) => Err(InputErrorKind::BadDot(bad.to_string())),
                Ok((a, b)) => Segment::from_dots(a, b)
                    .map_err(InputErrorKind::from)
                    .and_then(|s| match position.play(s) {
                        Ok(next) => Ok((s, next)),
                        Err(MoveError::AlreadyDrawn(segment)) => Err(InputErrorKind::DrawnTwice {
                            segment,
                            first_line: drawn_on[segment.index()],
                        }),
                    }),
            };
            match result {
                Ok((s, next)) => {
                    drawn_on[s.index()] = line;
                    moves.push(s);
                    position = next;
                }
                Err(kind) => first_error = Some(error(line, kind)),
            }
        }
        batch.games.push(match first_error {
            Some(e) => Err(e),
            None => Ok(GameRecord {
                number,
                line: count_line,
                moves,
                position,
            }),
        });
    }
    if let Some((line, token)) = tokens.next() {
        batch.outside = Some(InputError {
            game: None,
            line,
            kind: InputErrorKind::Trailing {
                token: token.to_string(),
                declared,
            },
        });
    }
    batch
}

/// An error in a move list written in the CLI syntax.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum MovesError {
    /// A token that is not a segment.
    #[error("move {number}: {error}")]
    Segment {
        /// The 1-based move number.
        number: usize,
        /// What is wrong.
        error: SegmentError,
    },
    /// A move that cannot be played.
    #[error(transparent)]
    Replay(#[from] ReplayError),
}

/// Parses a move list like `2-4 4-5 5-9` (segments as `i-j`, separated by spaces and/or commas).
///
/// ```
/// use searchlab_triangle::input::parse_moves;
/// let moves = parse_moves("2-4, 5-4 9-5").unwrap();
/// let text: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
/// assert_eq!(text, ["2-4", "4-5", "5-9"]);
/// assert!(parse_moves("1-5").is_err());
/// ```
pub fn parse_moves(text: &str) -> Result<Vec<Segment>, MovesError> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .enumerate()
        .map(|(i, t)| {
            t.parse().map_err(|error| MovesError::Segment {
                number: i + 1,
                error,
            })
        })
        .collect()
}

/// Parses a move list ([`parse_moves`]) and replays it from the empty board.
pub fn position_from_moves(text: &str) -> Result<(Vec<Segment>, Position), MovesError> {
    let moves = parse_moves(text)?;
    let position = Position::replay(&moves)?;
    Ok((moves, position))
}
