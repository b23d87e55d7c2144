"""searchlab for Python: state-space search with statistics and limits.

* :func:`search` runs any single-agent algorithm of searchlab's catalogue (``astar``,
  ``idastar``, ``bfs``, ``wastar:1.5``, ...) on a problem you write in Python.
* :func:`solve_game` solves a two-player game you write in Python (``minimax``,
  ``alphabeta``, ``pvs``, ``mtdf``, ``mcts``); :func:`match` plays two sides against
  each other.
* :func:`grid_path` finds shortest paths on a numpy grid with MovingAI's rules.

Every search, limit, algorithm name and message comes from searchlab's Rust crates; this
package only presents them. Limits (``max_nodes``, ``max_depth``, ``timeout``,
``max_memory``) end a search with ``status == "stopped"``; an exception raised by your
callbacks, or Ctrl-C, stops the search and is raised again from the call.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Hashable, List, Optional, Sequence, Tuple, Union

from . import _native

__all__ = [
    "problems",
    "solve",
    "bench",
    "bench_frame",
    "gen",
    "Result",
    "GameResult",
    "search",
    "solve_game",
    "match",
    "grid_path",
    "search_algorithms",
    "game_algorithms",
]

Limit = Optional[Union[int, str]]


class Result:
    """The outcome of a search: its fields as attributes (``r.status``, ``r.stats``, ...).

    From :func:`search` (your own problem): ``status`` (``"solved"``, ``"unsolvable"`` when
    the whole space was searched, ``"stopped"`` when a limit ended the search), ``cost``,
    ``actions`` and ``states`` (from the start to the goal, both included; empty unless
    solved), ``limit`` (what stopped it: ``"node limit"``, ``"time limit"``, ``"cost bound"``,
    ``"memory limit"``, ``"cancel request"``; else ``None``), ``algo`` and ``stats``.

    From :func:`solve` (a problem of the registry): the fields of the JSON row that
    ``searchlab solve --format json`` prints for the instance, in its order: ``status``
    (``solved``, ``unsolvable``, ``stopped``, ``chosen``), ``moves``, ``length``, the
    problem's own fields, ``stats``; besides them ``text`` (what the command prints in text)
    and ``agrees`` (whether the answer equals an expected one given after ``|``, else
    ``None``).

    ``stats`` is always the CLI's JSON ``stats`` object: ``expanded``, ``generated``,
    ``max_frontier``, ``reopened``, ``iterations``, ``leaves``, ``cutoffs``, ``table_probes``,
    ``table_hits``, ``depth_reached``, ``seconds``.
    """

    __slots__ = ("_fields", "text", "agrees")

    def __init__(
        self, fields: Dict[str, Any], text: str = "", agrees: Optional[bool] = None
    ) -> None:
        self._fields = fields
        self.text = text
        self.agrees = agrees

    @property
    def status(self) -> str:
        """How the search ended."""
        return self._fields["status"]

    @property
    def stats(self) -> Dict[str, Any]:
        """The search's statistics (the CLI's ``stats`` object)."""
        return self._fields["stats"]

    def __getattr__(self, name: str) -> Any:
        try:
            return self._fields[name]
        except KeyError:
            raise AttributeError(
                f"this result has no field {name!r}; its fields: {', '.join(self._fields)}"
            ) from None

    def __dir__(self) -> List[str]:
        return sorted(set(super().__dir__()) | set(self._fields))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Result) and self._fields == other._fields

    def __repr__(self) -> str:
        shown = {k: v for k, v in self._fields.items() if k != "stats"}
        return f"Result({shown})"

    def as_dict(self) -> Dict[str, Any]:
        """The fields as a dict: for :func:`solve`, exactly the JSON object the CLI prints."""
        return dict(self._fields)


@dataclass
class GameResult:
    """The outcome of a game search.

    Attributes:
        status: ``"solved"`` (a proved value), ``"chosen"`` (MCTS chose a move and proves
            nothing) or ``"stopped"`` (a limit ended the search; ``limit`` says which).
        value: the value for the player to move at the start (negamax convention); ``None``
            unless solved. Under ``max_depth`` it is the value with your ``evaluate`` at the
            depth limit; ``complete`` says whether the limit cut anything.
        best_move: the first move of the principal variation (MCTS: the most visited).
        principal_variation: the best moves of both sides from the start.
        complete: ``True`` when no position was cut by the depth limit (the value is exact).
        visits: MCTS only: ``(move, visits, mean reward for the first player)`` per root move.
        stats: the search's statistics (the CLI's ``stats`` object).
        limit: what stopped the search, else ``None``.
        algo: the algorithm that ran, as named.
    """

    status: str
    value: Optional[int] = None
    best_move: Any = None
    principal_variation: List[Any] = field(default_factory=list)
    complete: bool = False
    visits: List[Tuple[Any, int, float]] = field(default_factory=list)
    stats: Dict[str, Any] = field(default_factory=dict)
    limit: Optional[str] = None
    algo: str = ""

    def as_dict(self) -> Dict[str, Any]:
        """The result as a plain dict."""
        return {
            "algo": self.algo,
            "status": self.status,
            "value": self.value,
            "best_move": self.best_move,
            "principal_variation": list(self.principal_variation),
            "complete": self.complete,
            "visits": list(self.visits),
            "limit": self.limit,
            "stats": dict(self.stats),
        }


def problems() -> List[Dict[str, Any]]:
    """The problems of searchlab's registry, as ``searchlab list`` shows them.

    Returns:
        One dict per problem: ``name``, ``kind`` (``puzzle`` or ``game``), ``summary``,
        ``algorithms`` and ``heuristics`` (names; games: move orders or evaluations), with
        ``default_algorithm``, ``default_heuristic``, ``heuristic_summaries``, ``input`` (the
        instance format), ``options`` and ``gen_options`` (``{name: help}``).

    Example:
        >>> eight = next(p for p in problems() if p["name"] == "eight")
        >>> eight["kind"], eight["default_algorithm"], "manhattan" in eight["heuristics"]
        ('puzzle', 'astar', True)
    """
    out = []
    for p in _native.problems():
        p = dict(p)
        p["heuristic_summaries"] = dict(p["heuristics"])
        p["heuristics"] = [name for name, _ in p["heuristics"]]
        p["options"] = dict(p["options"])
        p["gen_options"] = dict(p["gen_options"])
        out.append(p)
    return out


def solve(
    problem: str,
    instance: Union[str, Sequence[str]],
    algo: Optional[str] = None,
    heuristic: Optional[str] = None,
    max_nodes: Optional[int] = None,
    max_depth: Optional[int] = None,
    timeout: Optional[float] = None,
    max_memory: Limit = None,
    *,
    show: bool = False,
    **options: Any,
) -> Union[Result, List[Result]]:
    """Solves instances of a problem of the registry, as ``searchlab solve PROBLEM`` does.

    Args:
        problem: a name of :func:`problems` (``eight``, ``fifteen``, ``tictactoe``, ...).
        instance: one instance line as the command takes it (an expected answer may follow
            ``|``), or a list of them.
        algo, heuristic: as ``--algo`` and ``--heuristic``; ``None`` is the problem's default.
        max_nodes, max_depth, timeout, max_memory: as the command's limit flags.
        show: draw the answer in ``text``, as ``--show``.
        options: the problem's own options, by name (``weight="1.5"``, a flag as ``True``);
            for puzzles also ``weight``, ``width`` and ``initial_bound``.

    Returns:
        A :class:`Result` per instance (a list for a list): its fields are the JSON row the
        command prints, ``as_dict()`` that row exactly; ``text`` the command's text answer.
        In a list, a line that does not parse gets a result with ``status == "error"`` and
        the message in ``error``; the other lines are answered.

    Raises:
        ValueError: bad input, with the command's message (an unknown problem, algorithm,
            heuristic or option, a bad limit, a single instance that does not parse).
        KeyboardInterrupt: Ctrl-C, which stops the search.

    The search runs with the GIL released: other Python threads go on, and may search too.

    Example:
        >>> r = solve("eight", "2 3 4 1 5 x 7 6 8 | 19", algo="idastar")
        >>> r.status, r.length, r.moves, r.agrees
        ('solved', 19, 'ullddrurdllurdruldr', True)
    """
    lines = [instance] if isinstance(instance, str) else list(instance)
    flags = {k: options.pop(k) for k in ("weight", "width", "initial_bound") if k in options}
    answers = _native.solve(
        problem, lines, algo, heuristic, max_nodes, max_depth, timeout, max_memory,
        _option_dict(options), {k: str(v) for k, v in flags.items()}, show,
    )
    if isinstance(instance, str):
        row, text, agrees = answers[0]
        if row is None:
            raise ValueError(text)
        return Result(json.loads(row), text, agrees)
    results = []
    for line, (row, text, agrees) in zip(lines, answers):
        if row is None:  # a line that does not parse: the command's error row
            fields = {"source": "argument 1", "line": None, "input": line, "status": "error"}
            fields["error"] = text.splitlines()[0] if text else ""
            results.append(Result(fields, text, None))
        else:
            results.append(Result(json.loads(row), text, agrees))
    return results


def bench(
    problem: str,
    instances: Union[str, Sequence[str]],
    algos: Sequence[str] = (),
    heuristics: Sequence[str] = (),
    max_nodes: Optional[int] = None,
    max_depth: Optional[int] = None,
    timeout: Optional[float] = None,
    max_memory: Limit = None,
    *,
    jobs: int = 1,
    **options: Any,
) -> List[Dict[str, Any]]:
    """Runs ``searchlab bench PROBLEM`` and gives its rows.

    Args:
        problem: a name of :func:`problems`.
        instances: instance lines (a list), or the path of an instance file.
        algos, heuristics: as ``--algo`` and ``--heuristic`` (empty: the problem's defaults);
            every algorithm runs with every heuristic.
        max_nodes, max_depth, timeout, max_memory: as the command's limit flags.
        jobs: searches at once (``--jobs``).
        options: problem options for every run, as ``--opt NAME=VALUE``.

    Returns:
        One dict per run, with the columns of ``bench --format csv`` as keys.
    """
    with tempfile.TemporaryDirectory(prefix="searchlab-bench-") as tmp:
        if isinstance(instances, (str, os.PathLike)):
            path = os.fspath(instances)
        else:
            path = os.path.join(tmp, "instances.txt")
            with open(path, "w", encoding="utf-8") as f:
                f.write("".join(line + "\n" for line in instances))
        opts = [k if v is True else f"{k}={v}" for k, v in _option_dict(options).items() if v is not False]
        rows, _csv, _messages, _status = _native.bench(
            problem, [path], list(algos), list(heuristics), opts,
            max_nodes, max_depth, timeout, max_memory, jobs,
        )
    return json.loads(rows)


def bench_frame(problem: str, instances: Union[str, Sequence[str]], *args: Any, **kwargs: Any) -> Any:
    """:func:`bench` as a ``pandas.DataFrame`` (needs pandas), one row per run."""
    import pandas as pd

    return pd.DataFrame(bench(problem, instances, *args, **kwargs))


def gen(problem: str, count: int, seed: int = 0, **options: Any) -> List[str]:
    """``count`` random instances of a problem, as ``searchlab gen PROBLEM --count COUNT
    --seed SEED`` prints them (one line each); ``options`` are the generator's (by name).

    Example:
        >>> len(gen("eight", 3, seed=1))
        3
    """
    return _native.generate(problem, count, seed, _option_dict(options))


def _option_dict(options: Dict[str, Any]) -> Dict[str, Any]:
    """Options by their CLI names (``initial_bound`` -> ``initial-bound``)."""
    return {k.replace("_", "-"): v for k, v in options.items()}


def search(
    problem: Any,
    algo: str = "astar",
    *,
    heuristic: Optional[Callable[[Hashable], int]] = None,
    max_nodes: Optional[int] = None,
    max_depth: Optional[int] = None,
    timeout: Optional[float] = None,
    max_memory: Limit = None,
    costs: Optional[str] = None,
) -> Result:
    """Searches a problem written in Python with an algorithm of searchlab's catalogue.

    Args:
        problem: any object with ``start()``, ``is_goal(state)`` and ``successors(state)``
            (an iterable of ``(action, next_state, cost)`` in a fixed order, costs >= 0); optionally ``heuristic(state)`` (an admissible estimate, an int)
            and, for the bidirectional ``bibfs`` and ``mm``, ``goal()`` (the one goal state)
            with ``predecessors(state)`` (``(action, previous_state, cost)`` for each action
            leading from ``previous_state`` to ``state``). States are any hashable values,
            told apart by their own ``hash`` and ``==``.
        algo: a single-agent algorithm as the CLI names it (``astar``, ``idastar``,
            ``iddfs``, ``bfs``, ``ucs``, ``greedy``, ``wastar[:W]``, ``beam[:K]``, ``rbfs``,
            ``dfbnb``, ``bibfs``, ``mm``, ``fringe``); see :func:`search_algorithms`.
        heuristic: a function ``state -> int`` used instead of ``problem.heuristic``.
        max_nodes: stop after this many expansions.
        max_depth: never follow a path costing more (for unit costs, a depth limit).
        timeout: stop after this many seconds.
        max_memory: stop before the search's tables outgrow this many bytes (an int, or a
            size like ``"512M"``); by default 3/4 of the machine's memory, as in the CLI.
        costs: ``"int"``: costs are whole numbers, added and compared exactly; ``"float"``:
            costs are floats (sums round, as floats do); ``None``: float when a cost of the
            start's successors is a float, else int.

    Returns:
        A :class:`Result`.

    Raises:
        ValueError: an unknown algorithm (the CLI's message), a bidirectional search on a
            problem without ``goal()`` and ``predecessors()``, a bad limit or a negative cost.
        TypeError: a problem lacking a method, an unhashable state, a cost or heuristic
            value that is not a number (or a float in a search of whole numbers).
        Exception: whatever your callbacks raised (the search stops at once), and
            ``KeyboardInterrupt`` on Ctrl-C.

    Example:
        >>> class Count:
        ...     def start(self): return 0
        ...     def is_goal(self, s): return s == 3
        ...     def successors(self, s): return [("+1", s + 1, 1), ("+2", s + 2, 1)]
        >>> r = search(Count(), "bfs")
        >>> r.status, r.cost, r.actions, r.states
        ('solved', 2, ['+1', '+2'], [0, 1, 3])
    """
    out = _native.search(
        problem, algo, heuristic, max_nodes, max_depth, timeout, max_memory, costs
    )
    return Result(
        {
            "algo": algo,
            "status": out["status"],
            "cost": out.get("cost"),
            "actions": out.get("actions", []),
            "states": out.get("states", []),
            "limit": out["limit"],
            "stats": out["stats"],
        }
    )


def solve_game(
    game: Any,
    algo: str = "alphabeta",
    *,
    max_depth: Optional[int] = None,
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
    max_memory: Limit = None,
) -> GameResult:
    """Solves a two-player zero-sum game written in Python.

    Args:
        game: any object with ``start()``, ``to_move(state)`` (any value naming the side to
            move; turns need not alternate), ``moves(state)`` (in a fixed order),
            ``play(state, move)`` and ``outcome(state)``: ``None`` while the game goes on,
            else the final score **for the player to move in that state** (negamax
            convention: -1 when that player lost). Optionally ``evaluate(state)`` (same
            convention) for depth-limited searches and ``key(state)`` for the transposition
            table (equal keys: equal values and the same side to move).
        algo: ``minimax``, ``alphabeta``, ``pvs``, ``mtdf`` or ``mcts[:playouts=N,...]``,
            as the CLI names them; see :func:`game_algorithms`.
        max_depth: search this many plies and score the positions there with ``evaluate``
            (0 without one).
        max_nodes, timeout, max_memory: limits, as in :func:`search`.

    Returns:
        A :class:`GameResult`; ``value`` is for the player to move at the start.

    Example:
        >>> class Nim:  # take 1 or 2; whoever takes the last stone wins
        ...     def start(self): return (4, 0)
        ...     def to_move(self, s): return s[1]
        ...     def moves(self, s): return [t for t in (1, 2) if t <= s[0]]
        ...     def play(self, s, t): return (s[0] - t, 1 - s[1])
        ...     def outcome(self, s): return -1 if s[0] == 0 else None
        >>> r = solve_game(Nim(), "alphabeta")
        >>> r.value, r.best_move
        (1, 1)
    """
    out = _native.solve_game(game, algo, max_depth, max_nodes, timeout, max_memory)
    return GameResult(
        status=out["status"],
        value=out["value"],
        best_move=out["best_move"],
        principal_variation=out["principal_variation"],
        complete=out["complete"],
        visits=out.get("visits", []),
        stats=out["stats"],
        limit=out["limit"],
        algo=algo,
    )


Side = Union[str, Callable[[Any], Any]]


def match(
    game: Any,
    a: Side,
    b: Side,
    *,
    games: int = 2,
    seed: int = 0,
    random_openings: int = 0,
    accuracy: bool = False,
) -> Dict[str, Any]:
    """Plays ``games`` games of a Python game between sides ``a`` and ``b``.

    Game ``2k`` has ``a`` move first, game ``2k + 1`` the same opening with ``b`` first.

    Args:
        game: a game as for :func:`solve_game`.
        a, b: a strategy as ``searchlab match`` names it (``alphabeta[:depth=D]``,
            ``pvs[:depth=D]``, ``mcts[:playouts=N,c=C,seed=S]``, ``random[:seed=S]``) or a
            function ``state -> move``.
        games: the number of games.
        seed: the seed of random openings and of the strategies' per-game seeds.
        random_openings: start each pair of games after this many random moves.
        accuracy: judge every move with a perfect solver (small games only).

    Returns:
        A dict: ``a``, ``b`` (names), ``wins``, ``draws``, ``losses`` (``a``'s), ``score``,
        ``elo`` (difference with a 95% interval), ``a_accuracy``/``b_accuracy``, ``games``
        (each: ``a_plays`` first/second, ``moves``, ``a_value``) and ``text`` (the CLI's
        table).
    """
    return _native.play_match(game, a, b, games, seed, random_openings, accuracy)


def grid_path(
    blocked: Any,
    start: Tuple[int, int],
    goal: Tuple[int, int],
    algo: str = "astar",
    connectivity: int = 8,
) -> Tuple[float, List[Tuple[int, int]]]:
    """The shortest path on a grid with MovingAI's rules.

    Args:
        blocked: a 2-D array of booleans indexed ``blocked[y, x]`` (rows first, as images;
            ``True`` = wall): a numpy array, or a list of rows.
        start, goal: cells as ``(x, y)``.
        algo: ``astar`` (octile distance), ``jps`` (jump point search, 8-connected only) or
            ``ucs``.
        connectivity: 8 (diagonals cost sqrt(2), only past two free cells) or 4.

    Returns:
        ``(cost, path)``: the exact octile cost as a float and the cells ``(x, y)`` from
        start to goal; ``(inf, [])`` when the goal cannot be reached.

    Raises:
        ValueError: a start or goal off the map or on a wall, an unknown algorithm, JPS with
            4 connections, an array that is not 2-D.

    Example:
        >>> walls = [[False, False, False],
        ...          [True,  True,  False],
        ...          [False, False, False]]
        >>> grid_path(walls, (0, 0), (0, 2))  # no diagonal past a wall's corner
        (6.0, [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (0, 2)])
    """
    data, width, height = _cells(blocked)
    sx, sy = start
    gx, gy = goal
    return _native.grid_path(
        data, width, height, (int(sx), int(sy)), (int(gx), int(gy)), algo, int(connectivity)
    )


def _cells(blocked: Any) -> Tuple[bytes, int, int]:
    """The rows-first cells of ``blocked`` as one byte each, with the width and height."""
    shape = getattr(blocked, "shape", None)
    if shape is not None:  # numpy (or anything with its interface)
        if len(shape) != 2:
            raise ValueError(f"blocked has shape {tuple(shape)}: expected a 2-D array [y, x]")
        import numpy as np

        data = np.ascontiguousarray(blocked, dtype=np.bool_).tobytes()
        return data, int(shape[1]), int(shape[0])
    rows: Sequence[Sequence[Any]] = blocked
    height = len(rows)
    width = len(rows[0]) if height else 0
    for y, row in enumerate(rows):
        if len(row) != width:
            raise ValueError(f"row {y} has {len(row)} cells, row 0 has {width}")
    return bytes(1 if cell else 0 for row in rows for cell in row), width, height


def search_algorithms() -> List[Dict[str, Any]]:
    """The single-agent algorithms of the catalogue: ``name``, ``summary``, ``uses_heuristic``."""
    return [
        {"name": n, "summary": s, "uses_heuristic": h} for n, s, h in _native.search_algorithms()
    ]


def game_algorithms() -> List[Dict[str, Any]]:
    """The game algorithms of the catalogue: ``name``, ``summary``, ``proves_value``."""
    return [{"name": n, "summary": s, "proves_value": p} for n, s, p in _native.game_algorithms()]

