//! POJ 1568 (Find the Winning Move): the input format and the answer, the FIRST square in
//! row-major order from which x forces a win.

use searchlab_core::{AlphaBeta, AlphaBetaConfig, Game, GameOutcome, LimitKind, Limits, Stats};
use thiserror::Error;

use crate::board::{Board, BoardError, Geometry, Side, Square};
use crate::game::{TicTacToe, WIN};

/// A case of the judge's input that cannot be answered.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("line {line}: {message}")]
pub struct CaseError {
    /// 1-based input line where the fault is.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// The 4 x 4 game of POJ 1568: x is Max, four in a row.
pub fn poj1568_game() -> TicTacToe {
    TicTacToe::new(Geometry::new(4, 4).expect("4 x 4 is supported"))
}

/// A searcher for win-draw-loss tic-tac-toe: table on, values in `-WIN..=WIN`, `limits`
/// (its depth limit, if any, is ignored: these questions need the whole game).
pub fn searcher(limits: Limits) -> AlphaBeta<TicTacToe> {
    let limits = Limits {
        max_cost: None,
        ..limits
    };
    AlphaBeta::new(
        AlphaBetaConfig::new()
            .with_limits(limits)
            .with_value_range(-WIN, WIN),
    )
}

/// Reads the judge's input: cases `?` then four rows of `.`, `x`, `o`, up to a `$` (or the end).
/// Each case is a board where x is to move and nobody has won, or the reason it is not.
///
/// # Errors
/// Per case, the line and the fault; text outside cases is an error of its own (the reading
/// goes on at the next `?`).
pub fn parse_input(input: &str) -> Vec<Result<Board, CaseError>> {
    parse_cases(input)
        .into_iter()
        .map(|(_, case)| case)
        .collect()
}

/// [`parse_input`] with the line of each case's `?` (of the stray text, for an error outside
/// a case): what `searchlab solve tictactoe --file` needs to name each board.
pub fn parse_cases(input: &str) -> Vec<(usize, Result<Board, CaseError>)> {
    let geometry = poj1568_game().geometry().clone();
    let mut tokens = input
        .lines()
        .enumerate()
        .flat_map(|(i, l)| l.split_whitespace().map(move |t| (i + 1, t)))
        .peekable();
    let mut cases = Vec::new();
    while let Some((line, token)) = tokens.next() {
        if token.starts_with('$') {
            break;
        }
        if !token.starts_with('?') {
            let message = format!("expected '?' (a case) or '$' (the end), found {token:?}");
            cases.push((line, Err(CaseError { line, message })));
            while tokens
                .peek()
                .is_some_and(|(_, t)| !t.starts_with(['?', '$']))
            {
                tokens.next();
            }
            continue;
        }
        let mut rows = Vec::new();
        let mut row_lines = Vec::new();
        while rows.len() < 4 {
            match tokens.peek() {
                Some((_, t)) if !t.starts_with(['?', '$']) => {
                    let (l, t) = tokens.next().expect("peeked");
                    rows.push(t);
                    row_lines.push(l);
                }
                _ => break,
            }
        }
        if rows.len() < 4 {
            let message = format!("the case has {} rows, expected 4", rows.len());
            let at = row_lines.last().copied().unwrap_or(line);
            cases.push((line, Err(CaseError { line: at, message })));
            continue;
        }
        // Faults of one row are reported at that row's line, faults of the whole board at the
        // line of its first row.
        let first = row_lines[0];
        let case = geometry
            .parse(&rows.join("/"))
            .map_err(|e| {
                let at = match e {
                    BoardError::Char { row, .. } | BoardError::RowLength { row, .. } => {
                        row_lines[row - 1]
                    }
                    _ => first,
                };
                CaseError {
                    line: at,
                    message: e.to_string(),
                }
            })
            .and_then(|b| {
                if b.to_move() != Side::X {
                    Err(CaseError {
                        line: first,
                        message: "the problem says it is x's turn, but x has one stone more than o"
                            .into(),
                    })
                } else if geometry.winner(&b).is_some() {
                    Err(CaseError {
                        line: first,
                        message: "the game is already won; the problem says nobody has won yet"
                            .into(),
                    })
                } else {
                    Ok(b)
                }
            });
        cases.push((line, case));
    }
    cases
}

/// The first square, in row-major order, from which x forces a win on `b` (x to move), or
/// `None`. Each square is settled by a null-window test "is the value at least WIN?", which
/// prunes far more than an exact search; the searcher's table is shared by all squares and
/// all calls.
///
/// # Errors
/// The limit that stopped a search.
pub fn first_winning_move(
    search: &mut AlphaBeta<TicTacToe>,
    game: &TicTacToe,
    b: &Board,
) -> Result<Option<Square>, LimitKind> {
    first_winning_move_with_stats(search, game, b).map(|(sq, _)| sq)
}

/// [`first_winning_move`] with the statistics of its searches, summed.
///
/// # Errors
/// The limit that stopped a search.
pub fn first_winning_move_with_stats(
    search: &mut AlphaBeta<TicTacToe>,
    game: &TicTacToe,
    b: &Board,
) -> Result<(Option<Square>, Stats), LimitKind> {
    let geometry = game.geometry();
    let mut total = Stats::default();
    let mut empty = !(b.x | b.o) & geometry.full();
    while empty != 0 {
        let bit = empty.trailing_zeros();
        empty &= empty - 1;
        let sq = geometry.square(bit);
        let child = game.play(b, &sq);
        let wins = match game.terminal_value(&child) {
            Some(v) => v >= WIN,
            None => {
                let no_eval = |_: &Board| 0;
                let run = search.search_window(game, &child, &no_eval, WIN - 1, WIN);
                total += &run.stats;
                match run.outcome {
                    GameOutcome::Solved(s) => s.value >= WIN,
                    GameOutcome::Stopped { limit, .. } => return Err(limit),
                }
            }
        };
        if wins {
            return Ok((Some(sq), total));
        }
    }
    Ok((None, total))
}
