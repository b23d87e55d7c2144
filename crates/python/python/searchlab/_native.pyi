"""Type stubs of the extension module searchlab._native (the Rust side of searchlab).

Use the package's functions (searchlab.search, ...); these are what they call.
"""

from typing import Any, Callable, Dict, List, Optional, Tuple, Union

def search(
    problem: Any,
    algo: str = "astar",
    heuristic: Optional[Callable[[Any], int]] = None,
    max_nodes: Optional[int] = None,
    max_depth: Optional[int] = None,
    timeout: Optional[float] = None,
    max_memory: Optional[Union[int, str]] = None,
    costs: Optional[str] = None,
) -> Dict[str, Any]:
    """Searches a Python problem; a dict with status, cost, actions, states, limit, stats."""

def solve_game(
    game: Any,
    algo: str = "alphabeta",
    max_depth: Optional[int] = None,
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
    max_memory: Optional[Union[int, str]] = None,
) -> Dict[str, Any]:
    """Solves a Python game; a dict with status, value, best_move, principal_variation,
    complete, limit, visits (MCTS) and stats."""

def play_match(
    game: Any,
    a: Union[str, Callable[[Any], Any]],
    b: Union[str, Callable[[Any], Any]],
    games: int = 2,
    seed: int = 0,
    random_openings: int = 0,
    accuracy: bool = False,
) -> Dict[str, Any]:
    """Plays a match on a Python game; the report as a dict."""

def grid_path(
    blocked: bytes,
    width: int,
    height: int,
    start: Tuple[int, int],
    goal: Tuple[int, int],
    algo: str = "astar",
    connectivity: int = 8,
) -> Tuple[float, List[Tuple[int, int]]]:
    """The shortest path on a row-major grid of blocked cells (one byte each)."""

def search_algorithms() -> List[Tuple[str, str, bool]]:
    """(name, summary, uses_heuristic) of every single-agent algorithm."""

def game_algorithms() -> List[Tuple[str, str, bool]]:
    """(name, summary, proves_value) of every game algorithm."""

def problems() -> List[Dict[str, Any]]:
    """Every problem of the registry (name, kind, summary, input, algorithms, heuristics, ...)."""

def solve(
    problem: str,
    instances: List[str],
    algo: Optional[str] = None,
    heuristic: Optional[str] = None,
    max_nodes: Optional[int] = None,
    max_depth: Optional[int] = None,
    timeout: Optional[float] = None,
    max_memory: Optional[Union[int, str]] = None,
    options: Optional[Dict[str, Any]] = None,
    flags: Optional[Dict[str, str]] = None,
    show: bool = False,
) -> List[Tuple[Optional[str], str, Optional[bool]]]:
    """(JSON row, text, agrees) per instance line, as `searchlab solve PROBLEM` answers it;
    (None, message, None) for a line that does not parse."""

def generate(
    problem: str, count: int, seed: int = 0, options: Optional[Dict[str, Any]] = None
) -> List[str]:
    """Instance lines, as `searchlab gen` prints them."""

def bench(
    problem: str,
    files: List[str],
    algos: List[str],
    heuristics: List[str],
    options: List[str],
    max_nodes: Optional[int] = None,
    max_depth: Optional[int] = None,
    timeout: Optional[float] = None,
    max_memory: Optional[Union[int, str]] = None,
    jobs: int = 1,
) -> Tuple[str, str, str, int]:
    """(rows as JSON text, CSV, messages, exit status) of `searchlab bench PROBLEM FILES`."""
