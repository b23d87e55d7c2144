"""Problems and games written in plain Python for the tests, with brute-force oracles."""

from __future__ import annotations

import itertools
from collections import deque


class Pancake:
    """Sort a stack by flipping its top k pancakes (k = 2..n), each flip costs 1."""

    def __init__(self, stack):
        self.stack = tuple(stack)
        self.goal_state = tuple(sorted(self.stack))

    def start(self):
        return self.stack

    def is_goal(self, s):
        return s == self.goal_state

    def successors(self, s):
        return [(k, s[:k][::-1] + s[k:], 1) for k in range(2, len(s) + 1)]

    def heuristic(self, s):
        """The gap heuristic (admissible): adjacent pancakes not adjacent in size."""
        plate = s + (len(s),)
        ranks = {v: i for i, v in enumerate(self.goal_state)}
        ranks[len(s)] = len(s)
        return sum(1 for a, b in zip(plate, plate[1:]) if abs(ranks[a] - ranks[b]) > 1)

    # For the bidirectional searches: a flip undoes itself.
    def goal(self):
        return self.goal_state

    def predecessors(self, s):
        return [(k, s[:k][::-1] + s[k:], 1) for k in range(2, len(s) + 1)]


class Missionaries:
    """Missionaries and cannibals: never more cannibals than missionaries on a bank with
    missionaries; state (missionaries on the left, cannibals on the left, boat on the left)."""

    def __init__(self, n=3, boat=2):
        self.n, self.boat = n, boat

    def start(self):
        return (self.n, self.n, True)

    def is_goal(self, s):
        return s == (0, 0, False)

    def safe(self, m, c):
        return (m == 0 or m >= c) and (self.n - m == 0 or self.n - m >= self.n - c)

    def successors(self, s):
        m, c, left = s
        out = []
        for dm in range(self.boat + 1):
            for dc in range(self.boat + 1 - dm):
                if dm + dc == 0:
                    continue
                sign = -1 if left else 1
                nm, nc = m + sign * dm, c + sign * dc
                if 0 <= nm <= self.n and 0 <= nc <= self.n and self.safe(nm, nc):
                    out.append((f"{dm}M{dc}C", (nm, nc, not left), 1))
        return out


def bfs_distance(problem):
    """The fewest actions to a goal, by a plain breadth-first search (None: unreachable)."""
    start = problem.start()
    seen = {start: 0}
    queue = deque([start])
    while queue:
        s = queue.popleft()
        if problem.is_goal(s):
            return seen[s]
        for _, t, _ in problem.successors(s):
            if t not in seen:
                seen[t] = seen[s] + 1
                queue.append(t)
    return None


LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


class TicTacToe:
    """3x3 noughts and crosses; a state is (board, side to move), board cells 'x', 'o', '.'."""

    def __init__(self, board="........."):
        self.board = board

    def start(self):
        xs, os_ = self.board.count("x"), self.board.count("o")
        return (self.board, "x" if xs == os_ else "o")

    def to_move(self, s):
        return s[1]

    def moves(self, s):
        return [i for i, c in enumerate(s[0]) if c == "."]

    def play(self, s, i):
        board, side = s
        return (board[:i] + side + board[i + 1 :], "o" if side == "x" else "x")

    def outcome(self, s):
        board, side = s
        for a, b, c in LINES:
            if board[a] != "." and board[a] == board[b] == board[c]:
                return 1 if board[a] == side else -1
        return 0 if "." not in board else None


class Nim:
    """Heaps; take any number from one heap; whoever takes the last object wins."""

    def __init__(self, heaps=(3, 4, 5)):
        self.heaps = tuple(heaps)

    def start(self):
        return (self.heaps, 0)

    def to_move(self, s):
        return s[1]

    def moves(self, s):
        return [(h, k) for h, n in enumerate(s[0]) for k in range(1, n + 1)]

    def play(self, s, mv):
        h, k = mv
        heaps = list(s[0])
        heaps[h] -= k
        return (tuple(heaps), 1 - s[1])

    def outcome(self, s):
        return -1 if not any(s[0]) else None


def negamax(game, s, memo=None):
    """The exact value of `s` for the side to move, by exhaustive negamax over moves (which
    need not alternate sides: a child's value is negated only when the side changes)."""
    if memo is None:
        memo = {}
    if s in memo:
        return memo[s]
    value = game.outcome(s)
    if value is None:
        best = None
        for mv in game.moves(s):
            t = game.play(s, mv)
            v = negamax(game, t, memo)
            v = v if game.to_move(t) == game.to_move(s) else -v
            best = v if best is None else max(best, v)
        value = best
    memo[s] = value
    return value


def random_pancakes(n, count, seed):
    import random

    rng = random.Random(seed)
    out = []
    for _ in range(count):
        stack = list(range(n))
        rng.shuffle(stack)
        out.append(tuple(stack))
    return out


def all_permutations(n):
    return list(itertools.permutations(range(n)))
