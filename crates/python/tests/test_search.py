"""searchlab.search on problems written in Python, against brute force."""

import os
import signal
import threading
import time

import pytest

import searchlab
from problems import Missionaries, Pancake, bfs_distance, random_pancakes

ALGOS = [a["name"] for a in searchlab.search_algorithms()]
OPTIMAL = ["astar", "idastar", "iddfs", "bfs", "ucs", "rbfs", "dfbnb", "bibfs", "mm", "fringe"]


def check_path(problem, result):
    """The result's states and actions replay from the start to a goal at its cost."""
    assert result.status == "solved"
    assert result.states[0] == problem.start()
    assert problem.is_goal(result.states[-1])
    assert len(result.states) == len(result.actions) + 1
    total = 0
    for s, a, t in zip(result.states, result.actions, result.states[1:]):
        step = [(c) for (b, u, c) in problem.successors(s) if b == a and u == t]
        assert step, f"{a} does not lead from {s} to {t}"
        total += step[0]
    assert total == result.cost


def test_catalogue_lists_every_single_agent_algorithm():
    assert ALGOS[:5] == ["astar", "idastar", "iddfs", "bfs", "ucs"]
    assert set(OPTIMAL) <= set(ALGOS)
    assert {"greedy", "wastar", "beam"} <= set(ALGOS)


@pytest.mark.parametrize("stack", random_pancakes(7, 6, seed=1))
def test_pancake_every_algorithm_against_brute_force(stack):
    problem = Pancake(stack)
    optimum = bfs_distance(problem)
    for algo in ALGOS:
        r = searchlab.search(problem, algo)
        check_path(problem, r)
        if algo in OPTIMAL:
            assert r.cost == optimum, algo
        elif algo == "wastar":
            assert optimum <= r.cost <= 2 * optimum
        else:
            assert r.cost >= optimum
        assert r.stats["expanded"] >= 0 and "generated" in r.stats


def test_missionaries_and_cannibals_against_brute_force():
    problem = Missionaries(3, 2)
    assert bfs_distance(problem) == 11
    for algo in ["astar", "idastar", "iddfs", "bfs", "ucs", "rbfs", "fringe"]:
        r = searchlab.search(problem, algo)
        check_path(problem, r)
        assert r.cost == 11, algo
        assert r.actions[0] in ("0M2C", "1M1C")


def test_unsolvable_when_the_whole_space_is_searched():
    problem = Missionaries(4, 2)  # four of each with a boat of two: no crossing
    assert bfs_distance(problem) is None
    for algo in ["astar", "bfs", "ucs"]:
        r = searchlab.search(problem, algo)
        assert (r.status, r.cost, r.actions) == ("unsolvable", None, []), algo


def test_a_heuristic_argument_replaces_the_problems():
    problem = Pancake((3, 1, 4, 0, 2, 5))
    calls = []

    def h(s):
        calls.append(s)
        return 0

    with_gap = searchlab.search(problem, "astar")
    with_zero = searchlab.search(problem, "astar", heuristic=h)
    assert calls and with_gap.cost == with_zero.cost
    assert with_gap.stats["expanded"] < with_zero.stats["expanded"]


def test_bidirectional_needs_goal_and_predecessors():
    class NoGoal(Pancake):
        goal = None  # hides the method: no explicit goal state

    problem = Pancake((2, 0, 3, 1))
    assert searchlab.search(problem, "mm").cost == bfs_distance(problem)
    with pytest.raises(ValueError, match="bidirectional search needs the goal as one explicit state"):
        searchlab.search(Missionaries(), "bibfs")


def test_unknown_algorithm_is_the_clis_message():
    with pytest.raises(ValueError, match=r"unknown algorithm 'dijkstra': expected one of astar, idastar"):
        searchlab.search(Pancake((1, 0)), "dijkstra")
    with pytest.raises(ValueError, match=r"algorithm 'wastar:0\.5'"):
        searchlab.search(Pancake((1, 0)), "wastar:0.5")


def test_bad_problems_raise_type_and_value_errors():
    class NoSuccessors:
        def start(self):
            return 0

        def is_goal(self, s):
            return False

    with pytest.raises(TypeError, match="no method `successors`"):
        searchlab.search(NoSuccessors())

    class Lists(Pancake):
        def successors(self, s):
            return [(k, list(t), c) for k, t, c in super().successors(s)]

    with pytest.raises(TypeError, match="not hashable"):
        searchlab.search(Lists((1, 0, 2)))

    class FloatCost(Pancake):
        def successors(self, s):
            return [(k, t, 0.5) for k, t, c in super().successors(s)]

    with pytest.raises(TypeError, match=r"the cost 0\.5 of action 2 is a float, but the first costs were whole numbers"):
        searchlab.search(FloatCost((1, 0, 2)), costs="int")

    class LateFloat(Pancake):
        def successors(self, s):
            return [(k, t, 1 if s == self.stack else 1.5) for k, t, c in super().successors(s)]

    with pytest.raises(TypeError, match=r"give costs=float"):
        searchlab.search(LateFloat((2, 0, 1)), "ucs")

    class Words(Pancake):
        def successors(self, s):
            return [(k, t, "one") for k, t, c in super().successors(s)]

    with pytest.raises(TypeError, match=r"the cost 'one' of action 2 is not a number"):
        searchlab.search(Words((1, 0)))

    class Negative(Pancake):
        def successors(self, s):
            return [(k, t, -1) for k, t, c in super().successors(s)]

    with pytest.raises(ValueError, match="is negative"):
        searchlab.search(Negative((1, 0, 2)))

    class Pairs(Pancake):
        def successors(self, s):
            return [(k, t) for k, t, c in super().successors(s)]

    with pytest.raises(TypeError, match=r"expected a tuple \(action, state, cost\)"):
        searchlab.search(Pairs((1, 0, 2)))

    with pytest.raises(ValueError, match="expected a number of seconds"):
        searchlab.search(Pancake((1, 0)), timeout=-1)
    with pytest.raises(ValueError, match=r"max_nodes=-1: expected a whole number"):
        searchlab.search(Pancake((1, 0)), max_nodes=-1)
    with pytest.raises(TypeError, match=r"max_depth='3': expected a whole number >= 0"):
        searchlab.search(Pancake((1, 0)), max_depth="3")
    with pytest.raises(TypeError, match=r"timeout='soon': expected a number of seconds"):
        searchlab.search(Pancake((1, 0)), timeout="soon")
    with pytest.raises(ValueError, match="expected a size like 4G"):
        searchlab.search(Pancake((1, 0)), max_memory="lots")


def test_an_exception_in_a_callback_stops_the_search_and_is_raised_with_its_traceback():
    class Boom(Pancake):
        def __init__(self, stack):
            super().__init__(stack)
            self.calls = 0

        def successors(self, s):
            self.calls += 1
            if self.calls == 50:
                raise RuntimeError("boom at call 50")
            return super().successors(s)

    for algo in ["astar", "idastar", "bfs", "rbfs", "mm"]:
        problem = Boom((6, 3, 7, 1, 0, 5, 2, 4))
        with pytest.raises(RuntimeError, match="boom at call 50") as info:
            searchlab.search(problem, algo, heuristic=lambda s: 0)  # many expansions
        assert problem.calls == 50, algo  # no callback after the exception
        assert any(entry.name == "successors" for entry in info.traceback), algo

    class BadGoal(Pancake):
        def is_goal(self, s):
            raise KeyError("no goal test today")

    with pytest.raises(KeyError, match="no goal test today"):
        searchlab.search(BadGoal((1, 0)))

    class BadHeuristic(Pancake):
        def heuristic(self, s):
            return "far"

    with pytest.raises(TypeError, match=r"heuristic\(.*\) = 'far' is not a number"):
        searchlab.search(BadHeuristic((1, 0, 2)))


class Endless:
    """Counting up forever: no goal, an infinite space."""

    def start(self):
        return 0

    def is_goal(self, s):
        return False

    def successors(self, s):
        return [("+1", s + 1, 1), ("+2", s + 2, 1)]


def test_limits_stop_the_search():
    r = searchlab.search(Endless(), "astar", max_nodes=100)
    assert (r.status, r.limit, r.cost, r.actions) == ("stopped", "node limit", None, [])
    assert r.stats["expanded"] == 100
    r = searchlab.search(Endless(), "bfs", timeout=0.2)
    assert (r.status, r.limit) == ("stopped", "time limit")
    r = searchlab.search(Endless(), "idastar", max_depth=5)
    assert (r.status, r.limit) == ("stopped", "cost bound")
    # A start that is a goal is answered under any limit (the core's one rule).
    r = searchlab.search(Pancake((0, 1, 2)), "astar", max_nodes=0)
    assert (r.status, r.cost, r.states) == ("solved", 0, [(0, 1, 2)])


def test_ctrl_c_stops_a_long_search_quickly():
    # Python's own Ctrl-C handler, even where SIGINT came in ignored (a background job).
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    begun = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            searchlab.search(Endless(), "iddfs", timeout=10)
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
    assert time.monotonic() - begun < 0.3 + 0.5


class Roads:
    """A small road map with real distances (a piece of AIMA's Romania, in hundreds of km)."""

    ROADS = {
        "Arad": [("Zerind", 0.75), ("Sibiu", 1.40), ("Timisoara", 1.18)],
        "Zerind": [("Arad", 0.75), ("Oradea", 0.71)],
        "Oradea": [("Zerind", 0.71), ("Sibiu", 1.51)],
        "Sibiu": [("Arad", 1.40), ("Oradea", 1.51), ("Fagaras", 0.99), ("Rimnicu", 0.80)],
        "Timisoara": [("Arad", 1.18), ("Lugoj", 1.11)],
        "Lugoj": [("Timisoara", 1.11), ("Mehadia", 0.70)],
        "Mehadia": [("Lugoj", 0.70)],
        "Fagaras": [("Sibiu", 0.99), ("Bucharest", 2.11)],
        "Rimnicu": [("Sibiu", 0.80), ("Pitesti", 0.97)],
        "Pitesti": [("Rimnicu", 0.97), ("Bucharest", 1.01)],
        "Bucharest": [("Fagaras", 2.11), ("Pitesti", 1.01)],
    }

    def start(self):
        return "Arad"

    def is_goal(self, s):
        return s == "Bucharest"

    def successors(self, s):
        return [(f"to {t}", t, d) for t, d in self.ROADS[s]]


def test_float_costs_against_dijkstra():
    import heapq

    dist, heap = {"Arad": 0.0}, [(0.0, "Arad")]
    while heap:
        d, s = heapq.heappop(heap)
        for t, c in Roads.ROADS[s]:
            if d + c < dist.get(t, float("inf")):
                dist[t] = d + c
                heapq.heappush(heap, (d + c, t))
    for algo in ["astar", "ucs", "idastar", "rbfs", "fringe", "dfbnb"]:
        r = searchlab.search(Roads(), algo)
        assert r.cost == pytest.approx(dist["Bucharest"]), algo
        assert r.states == ["Arad", "Sibiu", "Rimnicu", "Pitesti", "Bucharest"], algo
        assert isinstance(r.cost, float)
    assert searchlab.search(Roads(), "bfs").states == ["Arad", "Sibiu", "Fagaras", "Bucharest"]
