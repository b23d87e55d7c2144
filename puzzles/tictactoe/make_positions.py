#!/usr/bin/env python3
"""Writes positions.in / positions.out: POJ 1568 cases answered by an independent, plain
memoised minimax (no pruning, no symmetry), so the fixtures do not depend on searchlab.

    python3 make_positions.py   # deterministic: random.Random(1568)
"""
import random
from functools import lru_cache

LINES = [[(r, c) for c in range(4)] for r in range(4)] + \
        [[(r, c) for r in range(4)] for c in range(4)] + \
        [[(i, i) for i in range(4)], [(i, 3 - i) for i in range(4)]]
MASKS = [sum(1 << (r * 4 + c) for r, c in line) for line in LINES]
FULL = (1 << 16) - 1


def won(stones):
    return any(stones & m == m for m in MASKS)


@lru_cache(maxsize=None)
def value(x, o):
    """+1 x wins, 0 draw, -1 o wins; x to move when the counts are equal."""
    if won(x):
        return 1
    if won(o):
        return -1
    empty = FULL & ~(x | o)
    if not empty:
        return 0
    x_to_move = bin(x).count("1") == bin(o).count("1")
    results = []
    for b in range(16):
        if empty >> b & 1:
            results.append(value(x | 1 << b, o) if x_to_move else value(x, o | 1 << b))
    return max(results) if x_to_move else min(results)


def first_win(x, o):
    for b in range(16):
        if (x | o) >> b & 1 == 0 and value(x | 1 << b, o) == 1:
            return "(%d,%d)" % (b // 4, b % 4)
    return "#####"


def board_text(x, o):
    rows = []
    for r in range(4):
        rows.append("".join("x" if x >> (r * 4 + c) & 1 else "o" if o >> (r * 4 + c) & 1 else "."
                            for c in range(4)))
    return rows


def main():
    rng = random.Random(1568)
    # Half with a winning square, half without: random positions are mostly "#####".
    cases = []
    wins = 0
    seen = set()
    while len(cases) < 40:
        stones = rng.choice([4, 6, 6, 8, 8, 8, 10, 10, 12])
        x = o = 0
        ok = True
        for i in range(stones):
            empty = [b for b in range(16) if (x | o) >> b & 1 == 0]
            b = rng.choice(empty)
            if i % 2 == 0:
                x |= 1 << b
            else:
                o |= 1 << b
            if won(x) or won(o):
                ok = False
                break
        if ok and (x, o) not in seen:
            seen.add((x, o))
            winning = first_win(x, o) != "#####"
            if winning and wins < 20:
                wins += 1
                cases.append((x, o))
            elif not winning and len(cases) - wins < 20:
                cases.append((x, o))
    with open("positions.in", "w") as f:
        for x, o in cases:
            f.write("?\n" + "\n".join(board_text(x, o)) + "\n")
        f.write("$\n")
    with open("positions.out", "w") as f:
        for x, o in cases:
            f.write(first_win(x, o) + "\n")


if __name__ == "__main__":
    main()
