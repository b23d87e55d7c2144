"""searchlab from Python against the CLI and against pure-Python libraries.

    python benches/python/bench.py simpleai      # (b) the 8-puzzle in plain Python: searchlab A* vs simpleai
    python benches/python/bench.py pathfinding   # (c) grid_path vs python-pathfinding on maze512-32-9
    python benches/python/bench.py grid-split    # (c) where grid_path's time goes (conversion, search, call)
    python benches/python/bench.py cli           # (a) built-in 8-puzzle from Python vs the CLI binary

Needs the package (`pip install ./crates/python`) and, for (b) and (c), `pip install simpleai
pathfinding` (PyPI). Times are user+system CPU seconds of this process (`time.process_time`),
so a loaded machine changes them little; every figure is also printed as wall-clock time.
Answers are compared before any time is reported: a faster wrong answer is a failure.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

import searchlab  # noqa: E402


def timed(f):
    """(result, CPU seconds, wall seconds) of f()."""
    c0, w0 = time.process_time(), time.perf_counter()
    out = f()
    return out, time.process_time() - c0, time.perf_counter() - w0


# --- (b) the 8-puzzle written once in plain Python, for simpleai and for searchlab ----------

GOAL = (1, 2, 3, 4, 5, 6, 7, 8, 0)
GOAL_AT = {v: divmod(i, 3) for i, v in enumerate(GOAL)}
STEP = {"u": -3, "d": 3, "l": -1, "r": 1}


def eight_puzzle_class():
    from simpleai.search import SearchProblem

    class EightPuzzle(SearchProblem):
        """The 8-puzzle: a tuple of 9 cells, 0 the blank; actions move the blank."""

        def actions(self, s):
            b = s.index(0)
            row, col = divmod(b, 3)
            out = []
            if row > 0:
                out.append("u")
            if row < 2:
                out.append("d")
            if col > 0:
                out.append("l")
            if col < 2:
                out.append("r")
            return out

        def result(self, s, a):
            b = s.index(0)
            t = b + STEP[a]
            cells = list(s)
            cells[b], cells[t] = cells[t], cells[b]
            return tuple(cells)

        def is_goal(self, s):
            return s == GOAL

        def cost(self, s, a, s2):
            return 1

        def heuristic(self, s):
            total = 0
            for i, v in enumerate(s):
                if v:
                    r, c = divmod(i, 3)
                    gr, gc = GOAL_AT[v]
                    total += abs(r - gr) + abs(c - gc)
            return total

        # searchlab's interface, from the same rules.
        def start(self):
            return self.initial_state

        def successors(self, s):
            return [(a, self.result(s, a), 1) for a in self.actions(s)]

    return EightPuzzle


def random_boards(count, seed):
    """Random solvable boards (an even number of inversions)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        cells = list(range(9))
        rng.shuffle(cells)
        tiles = [c for c in cells if c]
        inversions = sum(1 for i in range(8) for j in range(i + 1, 8) if tiles[i] > tiles[j])
        if inversions % 2 == 0:
            out.append(tuple(cells))
    return out


def bench_simpleai(args):
    from simpleai.search import astar

    EightPuzzle = eight_puzzle_class()
    boards = random_boards(args.boards, args.seed)

    def run_simpleai():
        return [len(astar(EightPuzzle(b), graph_search=True).path()) - 1 for b in boards]

    def run_searchlab():
        return [searchlab.search(EightPuzzle(b), "astar").cost for b in boards]

    theirs, t_cpu, t_wall = timed(run_simpleai)
    ours, s_cpu, s_wall = timed(run_searchlab)
    assert ours == theirs, f"lengths differ: {ours} vs {theirs}"
    print(f"{len(boards)} random 8-puzzle boards (seed {args.seed}), optimal lengths "
          f"{min(ours)}..{max(ours)} (mean {sum(ours) / len(ours):.1f}), equal in both")
    print(f"simpleai astar(graph_search=True): {t_cpu:.2f} s CPU ({t_wall:.2f} s wall)")
    print(f"searchlab.search(..., 'astar'):    {s_cpu:.2f} s CPU ({s_wall:.2f} s wall)")
    print(f"ratio: {t_cpu / s_cpu:.1f}x CPU ({t_wall / s_wall:.1f}x wall)")
    return t_cpu / s_cpu


# --- (c) grids: grid_path vs python-pathfinding ---------------------------------------------


def read_map(path):
    import numpy as np

    lines = path.read_text().splitlines()
    rows = lines[lines.index("map") + 1 :]
    return np.array([[c not in ".GS" for c in row] for row in rows if row], dtype=bool)


def read_scen(path):
    out = []
    for line in path.read_text().splitlines()[1:]:
        f = line.split("\t")
        if len(f) == 9:
            out.append(((int(f[4]), int(f[5])), (int(f[6]), int(f[7])), float(f[8])))
    return out


def path_cost(path):
    total = 0.0
    for (x, y), (u, v) in zip(path, path[1:]):
        total += math.sqrt(2) if x != u and y != v else 1.0
    return total


def bench_pathfinding(args):
    from pathfinding.core.diagonal_movement import DiagonalMovement
    from pathfinding.core.grid import Grid
    from pathfinding.finder.a_star import AStarFinder

    grid_dir = ROOT / "puzzles" / "grid"
    blocked = read_map(grid_dir / "maze512-32-9.map")
    queries = read_scen(grid_dir / "maze512-32-9.map.scen")[:: args.every]
    if args.queries:
        queries = queries[: args.queries]
    # python-pathfinding: 1 = walkable; diagonals only past two free cells (MovingAI's rule).
    matrix = (~blocked).astype(int).tolist()
    grid = Grid(matrix=matrix)
    finder = AStarFinder(diagonal_movement=DiagonalMovement.only_when_no_obstacle)

    def run_pathfinding():
        costs = []
        for (sx, sy), (gx, gy), _ in queries:
            grid.cleanup()
            path, _ = finder.find_path(grid.node(sx, sy), grid.node(gx, gy), grid)
            costs.append(path_cost([(n.x, n.y) for n in path]))
        return costs

    def run_searchlab():
        return [searchlab.grid_path(blocked, s, g, "astar")[0] for s, g, _ in queries]

    theirs, t_cpu, t_wall = timed(run_pathfinding)
    ours, s_cpu, s_wall = timed(run_searchlab)
    for (s, g, length), a, b in zip(queries, ours, theirs):
        assert abs(a - length) < 1e-6 and abs(b - length) < 1e-6, (s, g, length, a, b)
    print(f"maze512-32-9: {len(queries)} queries (every {args.every}th), costs equal to the "
          f"benchmark's in both")
    print(f"pathfinding AStarFinder:      {t_cpu:.2f} s CPU ({t_wall:.2f} s wall)")
    print(f"searchlab.grid_path(astar):   {s_cpu:.3f} s CPU ({s_wall:.3f} s wall)")
    print(f"ratio: {t_cpu / s_cpu:.0f}x CPU ({t_wall / s_wall:.0f}x wall)")
    return t_cpu / s_cpu


def bench_grid_split(args):
    """Where grid_path's time goes: the array's conversion (Python), the native call (map reuse,
    the search, the path back), and JPS through the same call (a search of ~0.1 ms, so its
    time is mostly the per-call cost)."""
    from searchlab import _native

    grid_dir = ROOT / "puzzles" / "grid"
    blocked = read_map(grid_dir / "maze512-32-9.map")
    queries = read_scen(grid_dir / "maze512-32-9.map.scen")[:: args.every]
    data, width, height = searchlab._cells(blocked)

    def convert():
        return [searchlab._cells(blocked) for _ in queries]

    def native(algo):
        return lambda: [_native.grid_path(data, width, height, s, g, algo, 8)[0] for s, g, _ in queries]

    def whole():
        return [searchlab.grid_path(blocked, s, g, "astar")[0] for s, g, _ in queries]

    _, c_cpu, _ = timed(convert)
    a_costs, a_cpu, _ = timed(native("astar"))
    w_costs, w_cpu, _ = timed(whole)
    j_costs, j_cpu, _ = timed(native("jps"))
    for (_, _, length), a, w, j in zip(queries, a_costs, w_costs, j_costs):
        assert abs(a - length) < 1e-6 and a == w == j, (length, a, w, j)
    print(f"maze512-32-9: {len(queries)} queries (every {args.every}th), CPU seconds")
    print(f"array to bytes (searchlab._cells), every query: {c_cpu:.4f}")
    print(f"native grid_path astar (bytes given):          {a_cpu:.3f}")
    print(f"searchlab.grid_path(..., 'astar'), whole call: {w_cpu:.3f}")
    print(f"native grid_path jps (per-call cost + JPS):    {j_cpu:.4f}")
    return w_cpu


# --- (a) a built-in problem from Python against the CLI --------------------------------------


def bench_cli(args):
    import json
    import resource
    import subprocess

    import tempfile

    hard = ROOT / "puzzles" / "eight" / "hard.txt"
    lines = [l for l in hard.read_text().splitlines() if l.strip() and not l.startswith("#")]
    lines = lines * args.repeat  # a workload of seconds, not milliseconds
    tmp = tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False)
    tmp.write("".join(l + "\n" for l in lines))
    tmp.close()
    cli = args.searchlab or str(ROOT / "target" / "release" / "searchlab")
    command = [cli, "solve", "eight", "-f", tmp.name, "--algo", args.algo, "--format", "json"]

    def children_cpu():
        r = resource.getrusage(resource.RUSAGE_CHILDREN)
        return r.ru_utime + r.ru_stime

    def run_cli():
        before, w0 = children_cpu(), time.perf_counter()
        out = subprocess.run(command, capture_output=True, text=True)
        wall = time.perf_counter() - w0
        rows = [json.loads(l) for l in out.stdout.splitlines() if l.strip()]
        return rows, children_cpu() - before, wall

    def run_python():
        results, cpu, wall = timed(lambda: searchlab.solve("eight", lines, algo=args.algo))
        return [r.as_dict() for r in results], cpu, wall

    def comparable(row):
        row = dict(row)
        for key in ("source", "line"):  # file:line for the command, argument 1 for the package
            row.pop(key, None)
        row["stats"] = {k: v for k, v in row["stats"].items() if k != "seconds"}
        row.pop("peak_bytes", None)
        return row

    best = {"cli": (math.inf, math.inf), "python": (math.inf, math.inf)}
    for _ in range(args.rounds):  # interleaved, best of each
        for name, run in (("cli", run_cli), ("python", run_python)):
            rows, cpu, wall = run()
            if name == "cli":
                cli_rows = rows
            else:
                assert [comparable(r) for r in rows] == [comparable(r) for r in cli_rows], "answers differ"
            best[name] = (min(best[name][0], cpu), min(best[name][1], wall))
    (c_cpu, c_wall), (p_cpu, p_wall) = best["cli"], best["python"]
    Path(tmp.name).unlink()
    print(f"8-puzzle hard boards: {len(lines)} instances (hard.txt {args.repeat} times), --algo {args.algo}, rows equal "
          f"(times and memory aside); best of {args.rounds} interleaved rounds")
    print(f"CLI ({' '.join(command[1:])}): {c_cpu:.3f} s CPU ({c_wall:.3f} s wall), the whole process")
    print(f"searchlab.solve('eight', lines):  {p_cpu:.3f} s CPU ({p_wall:.3f} s wall)")
    print(f"Python / CLI: {p_cpu / c_cpu:.3f} CPU ({p_wall / c_wall:.3f} wall)")
    return p_cpu / c_cpu


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    b = sub.add_parser("simpleai", help="(b) 8-puzzle in plain Python vs simpleai")
    b.add_argument("--boards", type=int, default=30)
    b.add_argument("--seed", type=int, default=1)
    c = sub.add_parser("pathfinding", help="(c) grid_path vs python-pathfinding")
    c.add_argument("--every", type=int, default=40)
    c.add_argument("--queries", type=int, default=0, help="only the first N (0: all)")
    d = sub.add_parser("grid-split", help="(c) where grid_path's time goes")
    d.add_argument("--every", type=int, default=40)
    a = sub.add_parser("cli", help="(a) built-in 8-puzzle from Python vs the CLI")
    a.add_argument("--algo", default="astar")
    a.add_argument("--rounds", type=int, default=5)
    a.add_argument("--repeat", type=int, default=20, help="instances: hard.txt this many times")
    a.add_argument("--searchlab", help="the CLI binary (default: target/release/searchlab)")
    args = parser.parse_args()
    {
        "simpleai": bench_simpleai,
        "pathfinding": bench_pathfinding,
        "grid-split": bench_grid_split,
        "cli": bench_cli,
    }[args.what](args)


if __name__ == "__main__":
    sys.exit(main())
