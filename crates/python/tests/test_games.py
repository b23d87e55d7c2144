"""searchlab.solve_game and searchlab.match on games written in Python, against exhaustive
negamax."""

import random

import pytest

import searchlab
from problems import Nim, TicTacToe, negamax

SOLVERS = ["minimax", "alphabeta", "pvs", "mtdf"]


def random_positions(game, count, seed):
    """Positions reached by random legal moves from the start, not yet over."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        s = game.start()
        for _ in range(rng.randrange(0, 6)):
            if game.outcome(s) is not None:
                break
            s = game.play(s, rng.choice(game.moves(s)))
        if game.outcome(s) is None:
            out.append(s)
    return out


class From:
    """`game` started at `state`."""

    def __init__(self, game, state):
        self.game, self.state = game, state

    def start(self):
        return self.state

    def __getattr__(self, name):
        return getattr(self.game, name)


def check_pv(game, start, result):
    """The principal variation is legal, starts with the best move and keeps the value."""
    assert result.principal_variation[0] == result.best_move
    s = start
    for mv in result.principal_variation:
        assert mv in game.moves(s)
        s = game.play(s, mv)


@pytest.mark.parametrize("algo", SOLVERS)
def test_tictactoe_against_exhaustive_negamax(algo):
    game = TicTacToe()
    memo = {}
    r = searchlab.solve_game(game, algo)
    assert (r.status, r.value, r.complete) == ("solved", 0, True)
    check_pv(game, game.start(), r)
    for s in random_positions(game, 12, seed=3):
        r = searchlab.solve_game(From(game, s), algo)
        assert r.value == negamax(game, s, memo), s
        t = game.play(s, r.best_move)
        child = negamax(game, t, memo)
        assert -child == r.value  # the best move keeps the value


@pytest.mark.parametrize("algo", SOLVERS)
def test_nim_against_exhaustive_negamax_and_the_xor_rule(algo):
    for heaps in [(1, 2, 3), (3, 4, 5), (2, 2), (1, 4, 6)]:
        game = Nim(heaps)
        expected = negamax(game, game.start())
        xor = 0
        for h in heaps:
            xor ^= h
        assert expected == (1 if xor else -1)
        r = searchlab.solve_game(game, algo)
        assert r.value == expected, (heaps, algo)
        if expected == 1:  # a winning move leaves heaps whose xor is 0
            after = game.play(game.start(), r.best_move)[0]
            x = 0
            for h in after:
                x ^= h
            assert x == 0


def test_turns_need_not_alternate():
    class TakeAgain(Nim):
        """Nim where taking a whole heap gives another turn (when any is left)."""

        def play(self, s, mv):
            heaps, side = super().play(s, mv)
            whole = s[0][mv[0]] == mv[1]
            return (heaps, s[1] if whole and any(heaps) else side)

    for heaps in [(1, 2), (2, 3), (1, 1, 2), (3, 1, 2)]:
        game = TakeAgain(heaps)
        expected = negamax(game, game.start())
        for algo in SOLVERS:
            assert searchlab.solve_game(game, algo).value == expected, (heaps, algo)


def test_key_merges_symmetric_positions_without_changing_the_value():
    class SortedNim(Nim):
        def key(self, s):
            return (tuple(sorted(s[0])), s[1])

    game = SortedNim((2, 3, 4, 1))
    plain = searchlab.solve_game(Nim((2, 3, 4, 1)), "alphabeta")
    keyed = searchlab.solve_game(game, "alphabeta")
    assert keyed.value == plain.value == negamax(game, game.start())
    assert keyed.stats["expanded"] < plain.stats["expanded"]


def test_depth_limit_uses_evaluate_in_the_negamax_convention():
    class Scored(TicTacToe):
        def evaluate(self, s):
            # The centre is worth 1 to its owner, from the side to move's point of view.
            c = s[0][4]
            return 0 if c == "." else (1 if c == s[1] else -1)

    game = Scored()
    r = searchlab.solve_game(game, "alphabeta", max_depth=1)
    assert (r.status, r.value, r.best_move, r.complete) == ("solved", 1, 4, False)
    for algo in SOLVERS:
        assert searchlab.solve_game(game, algo, max_depth=1).value == 1, algo


def test_mcts_chooses_a_winning_move_and_proves_nothing():
    game = Nim((1, 2))  # only taking one from the heap of 2 wins (leaves 1, 1)
    r = searchlab.solve_game(game, "mcts:playouts=2000,seed=3")
    assert (r.status, r.value) == ("chosen", None)
    assert r.best_move == (1, 1)
    assert sum(v for _, v, _ in r.visits) == r.stats["expanded"] == 2000


def test_limits_and_bad_input():
    r = searchlab.solve_game(TicTacToe(), "minimax", max_nodes=50)
    assert (r.status, r.limit, r.value) == ("stopped", "node limit", None)
    with pytest.raises(ValueError, match="unknown algorithm 'negamax'"):
        searchlab.solve_game(TicTacToe(), "negamax")

    class Broken(TicTacToe):
        def outcome(self, s):
            if s[0].count(".") == 4:
                raise ZeroDivisionError("outcome broke")
            return super().outcome(s)

    for algo in SOLVERS + ["mcts"]:
        with pytest.raises(ZeroDivisionError, match="outcome broke"):
            searchlab.solve_game(Broken(), algo)

    class FloatScore(TicTacToe):
        def outcome(self, s):
            v = super().outcome(s)
            return None if v is None else v / 2

    with pytest.raises(TypeError, match="expected an integer"):
        searchlab.solve_game(FloatScore())

    class Stuck(TicTacToe):
        def moves(self, s):
            return []

    with pytest.raises(ValueError, match="is empty but outcome"):
        searchlab.solve_game(Stuck())


def test_match_between_specs_and_python_functions():
    game = Nim((1, 2, 3, 4))
    perfect_wins = searchlab.match(game, "alphabeta", "random:seed=4", games=20, random_openings=1, seed=9)
    assert perfect_wins["wins"] + perfect_wins["draws"] + perfect_wins["losses"] == 20
    assert perfect_wins["wins"] >= 10
    assert "A = alphabeta" in perfect_wins["text"]

    def first_move(state):
        return game.moves(state)[0]

    r = searchlab.match(game, first_move, "alphabeta", games=2, accuracy=True)
    assert r["a"] == "first_move" and r["b_accuracy"] == 1.0
    for record in r["games"]:
        assert record["moves"][0] in game.moves(game.start())

    with pytest.raises(ValueError, match="not one of its moves"):
        searchlab.match(game, lambda s: "nonsense", "random", games=2)
    with pytest.raises(ValueError, match="unknown strategy"):
        searchlab.match(game, "negamax", "random")
    # The CLI's vocabulary: every game algorithm of solve_game plays a match (issue 31).
    r = searchlab.match(game, "minimax", "mtdf:depth=3", games=2)
    assert r["a"] == "minimax" and r["b"] == "mtdf:depth=3"


def test_ctrl_c_stops_a_long_game_search_quickly():
    import os
    import signal
    import threading
    import time

    # Python's own Ctrl-C handler, even where SIGINT came in ignored (a background job).
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    begun = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            searchlab.solve_game(Nim((9, 9, 9, 9, 9)), "minimax", timeout=10)  # hours without one
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
    assert time.monotonic() - begun < 0.3 + 0.5
