"""searchlab.grid_path against the MovingAI benchmark's optimal lengths and a brute-force
Dijkstra with MovingAI's move rules."""

import heapq
import math
import random
import threading
from pathlib import Path

import numpy as np
import pytest

import searchlab

GRID = Path(__file__).resolve().parents[3] / "puzzles" / "grid"
SQRT2 = math.sqrt(2)


def read_map(path):
    """A MovingAI .map as a boolean numpy array [y, x], True = blocked."""
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


def dijkstra(blocked, start, goal, connectivity=8):
    """Brute force: every move of MovingAI's rules (a diagonal only past two free cells)."""
    h, w = blocked.shape
    free = lambda x, y: 0 <= x < w and 0 <= y < h and not blocked[y, x]
    dist = {start: 0.0}
    heap = [(0.0, start)]
    steps = [(1, 0), (-1, 0), (0, 1), (0, -1)]
    if connectivity == 8:
        steps += [(1, 1), (1, -1), (-1, 1), (-1, -1)]
    while heap:
        d, (x, y) = heapq.heappop(heap)
        if (x, y) == goal:
            return d
        if d > dist[(x, y)]:
            continue
        for dx, dy in steps:
            nx, ny = x + dx, y + dy
            if not free(nx, ny):
                continue
            if dx and dy and not (free(x + dx, y) and free(x, y + dy)):
                continue
            nd = d + (SQRT2 if dx and dy else 1.0)
            if nd < dist.get((nx, ny), math.inf) - 1e-9:
                dist[(nx, ny)] = nd
                heapq.heappush(heap, (nd, (nx, ny)))
    return math.inf


def check_path(blocked, path, cost, start, goal):
    assert path[0] == start and path[-1] == goal
    total = 0.0
    for (x, y), (u, v) in zip(path, path[1:]):
        dx, dy = u - x, v - y
        assert max(abs(dx), abs(dy)) == 1 and not blocked[v, u]
        if dx and dy:
            assert not blocked[y, u] and not blocked[v, x], "a diagonal past a wall's corner"
        total += SQRT2 if dx and dy else 1.0
    assert total == pytest.approx(cost, abs=1e-6)


def test_maze512_every_40th_query_has_the_benchmarks_optimal_length():
    blocked = read_map(GRID / "maze512-32-9.map")
    queries = read_scen(GRID / "maze512-32-9.map.scen")[::40]
    assert len(queries) == 201
    for start, goal, length in queries:
        for algo in ["astar", "jps"]:
            cost, path = searchlab.grid_path(blocked, start, goal, algo=algo)
            assert cost == pytest.approx(length, abs=1e-6), (start, goal, algo)
        check_path(blocked, path, cost, start, goal)


@pytest.mark.parametrize("seed", range(8))
def test_random_grids_against_brute_force(seed):
    rng = np.random.default_rng(seed)
    blocked = rng.random((17, 23)) < 0.3
    cells = [(x, y) for y in range(17) for x in range(23) if not blocked[y, x]]
    pick = random.Random(seed)
    for _ in range(10):
        start, goal = pick.choice(cells), pick.choice(cells)
        for connectivity in (8, 4):
            expected = dijkstra(blocked, start, goal, connectivity)
            algos = ["astar", "ucs", "jps"] if connectivity == 8 else ["astar", "ucs"]
            for algo in algos:
                cost, path = searchlab.grid_path(blocked, start, goal, algo, connectivity)
                if expected == math.inf:
                    assert (cost, path) == (math.inf, [])
                else:
                    assert cost == pytest.approx(expected, abs=1e-9), (start, goal, algo)
                    check_path(blocked, path, cost, start, goal)


def test_lists_of_rows_work_like_arrays_and_unreachable_is_inf():
    walls = [[False, True, False], [False, True, False]]
    assert searchlab.grid_path(walls, (0, 0), (2, 1)) == (math.inf, [])
    assert searchlab.grid_path(np.array(walls), (0, 0), (0, 1)) == (1.0, [(0, 0), (0, 1)])


def test_bad_input_raises_value_errors():
    blocked = np.zeros((4, 5), dtype=bool)
    blocked[1, 1] = True
    with pytest.raises(ValueError, match=r"start \(1,1\) is on a blocked cell"):
        searchlab.grid_path(blocked, (1, 1), (0, 0))
    with pytest.raises(ValueError, match=r"goal \(5,0\) is outside the 5x4 map"):
        searchlab.grid_path(blocked, (0, 0), (5, 0))
    with pytest.raises(ValueError, match=r"goal \(-1,0\) is outside the 5x4 map"):
        searchlab.grid_path(blocked, (0, 0), (-1, 0))
    with pytest.raises(ValueError, match="jps needs 8 connections"):
        searchlab.grid_path(blocked, (0, 0), (4, 3), "jps", 4)
    with pytest.raises(ValueError, match="unknown grid algorithm 'bfs'"):
        searchlab.grid_path(blocked, (0, 0), (4, 3), "bfs")
    with pytest.raises(ValueError, match="connectivity=6"):
        searchlab.grid_path(blocked, (0, 0), (4, 3), connectivity=6)
    with pytest.raises(ValueError, match="expected a 2-D array"):
        searchlab.grid_path(np.zeros(5, dtype=bool), (0, 0), (4, 0))


def test_threads_search_grids_at_once_with_the_gil_released():
    blocked = read_map(GRID / "maze512-32-9.map")
    queries = read_scen(GRID / "maze512-32-9.map.scen")[-20:]
    results = {}

    def worker(i):
        start, goal, _ = queries[i]
        results[i] = searchlab.grid_path(blocked, start, goal)[0]

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(len(queries))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for i, (_, _, length) in enumerate(queries):
        assert results[i] == pytest.approx(length, abs=1e-6)
