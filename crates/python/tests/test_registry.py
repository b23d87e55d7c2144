"""The registry's problems from Python: the same answers as the `searchlab` command."""

import json
import os
import subprocess
import threading
from pathlib import Path

import pytest

import searchlab

ROOT = Path(__file__).resolve().parents[3]


def cli():
    """The command under test: $SEARCHLAB (`.ci/run` gives the one `cargo test` built), else
    the workspace's newest build."""
    if os.environ.get("SEARCHLAB"):
        return os.environ["SEARCHLAB"]
    candidates = [str(ROOT / "target" / d / "searchlab") for d in ("release", "debug")]
    found = [c for c in candidates if Path(c).is_file()]
    assert found, "no searchlab binary: run `cargo build -p searchlab-cli` (or set SEARCHLAB)"
    return max(found, key=lambda c: Path(c).stat().st_mtime)


def instance_lines(path):
    return [l for l in path.read_text().splitlines() if l.strip() and not l.lstrip().startswith("#")]


def comparable(row):
    """A JSON row without what changes from run to run (times, memory) and its `source`
    (`argument N` of the command line; the package answers each line as argument 1)."""
    row = dict(row)
    row.pop("source", None)
    row["stats"] = {k: v for k, v in row["stats"].items() if k != "seconds"}
    for key in ("peak_bytes", "seconds"):
        row.pop(key, None)
    return row


def cli_rows(problem, lines, *flags):
    out = subprocess.run(
        [cli(), "solve", problem, "--format", "json", *flags, *lines],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    return [json.loads(l) for l in out.stdout.splitlines() if l.strip()]


def test_problems_list_the_registry():
    problems = {p["name"]: p for p in searchlab.problems()}
    assert {"eight", "fifteen", "tictactoe", "connect4", "grid"} <= set(problems)
    eight = problems["eight"]
    assert eight["kind"] == "puzzle" and "astar" in eight["algorithms"]
    assert eight["default_heuristic"] in eight["heuristics"]
    assert problems["tictactoe"]["kind"] == "game"
    assert "alphabeta" in problems["tictactoe"]["algorithms"]


CASES = [
    ("eight", "puzzles/eight/easy.txt", []),
    ("eight", "puzzles/eight/hard.txt", ["--algo", "idastar"]),
    ("fifteen", "puzzles/fifteen/easy.txt", ["--heuristic", "manhattan"]),
    ("tictactoe", "puzzles/tictactoe/easy.txt", []),
    ("grid", "puzzles/grid/easy.txt", ["--successors", "jps"]),
    ("waterjug", "puzzles/waterjug/easy.txt", ["--algo", "bfs"]),
]


@pytest.mark.parametrize("problem,path,flags", CASES)
def test_answers_equal_the_clis(problem, path, flags, monkeypatch):
    monkeypatch.chdir(ROOT)  # grid instances name their maps from the root
    lines = instance_lines(ROOT / path)[:40]
    assert lines
    expected = cli_rows(problem, lines, *flags)
    kwargs = {flags[0][2:].replace("-", "_"): flags[1]} if flags else {}
    got = searchlab.solve(problem, lines, **kwargs)
    assert [comparable(r.as_dict()) for r in got] == [comparable(r) for r in expected]
    for r in got:
        assert r.agrees is not False, r.text


def test_a_line_gives_exactly_the_clis_row():
    for problem, line in [
        ("eight", "8 6 7 2 5 4 3 x 1 | 31"),
        ("tictactoe", instance_lines(ROOT / "puzzles/tictactoe/easy.txt")[0]),
        ("waterjug", "4 3 : 2"),
        ("eight", "1 2 3 4 5 6 8 7 x"),
    ]:
        (row,) = cli_rows(problem, [line])
        r = searchlab.solve(problem, line)
        row["stats"]["seconds"] = r.stats["seconds"]
        assert r.as_dict() == row
        assert list(r.as_dict()) == list(row)  # the same fields in the same order


def test_one_line_gives_one_result_with_the_rows_fields():
    r = searchlab.solve("eight", "2 3 4 1 5 x 7 6 8 | 19", algo="idastar")
    assert (r.status, r.length, len(r.moves), r.agrees) == ("solved", 19, 19, True)
    assert r.as_dict() == cli_rows("eight", ["2 3 4 1 5 x 7 6 8 | 19"], "--algo", "idastar")[0] | {
        "stats": r.stats
    }
    assert r.stats["expanded"] > 0
    assert "19 moves" in r.text


def test_bad_input_is_a_value_error_with_the_clis_message():
    with pytest.raises(ValueError, match="unknown problem 'nine'"):
        searchlab.solve("nine", "1 2 3")
    with pytest.raises(ValueError, match="unknown algorithm 'dijkstra'"):
        searchlab.solve("eight", "1 2 3 4 5 6 7 8 x", algo="dijkstra")
    with pytest.raises(ValueError, match="invalid heuristic 'euclid'"):
        searchlab.solve("eight", "1 2 3 4 5 6 7 8 x", heuristic="euclid")
    with pytest.raises(ValueError):
        searchlab.solve("eight", "1 2 3")
    with pytest.raises(ValueError, match="max_nodes=-5"):
        searchlab.solve("eight", "1 2 3 4 5 6 7 8 x", max_nodes=-5)


def test_limits_stop_a_builtin_search():
    hardest = instance_lines(ROOT / "puzzles" / "fifteen" / "korf100.txt")[0]
    r = searchlab.solve("fifteen", hardest, algo="idastar", heuristic="manhattan", max_nodes=1000)
    assert r.status == "stopped"


def test_gen_is_the_clis_gen():
    lines = searchlab.gen("eight", 5, seed=3)
    out = subprocess.run(
        [cli(), "gen", "eight", "--count", "5", "--seed", "3"], capture_output=True, text=True
    )
    assert lines == [l for l in out.stdout.splitlines() if l.strip()]


def test_bench_rows_and_frame():
    lines = instance_lines(ROOT / "puzzles" / "eight" / "easy.txt")[:5]
    rows = searchlab.bench("eight", lines, algos=["astar", "idastar"])
    assert len(rows) == 10
    assert sorted({r["algorithm"] for r in rows}) == ["astar", "idastar"]
    assert all(int(r["expanded"]) > 0 for r in rows)
    pd = pytest.importorskip("pandas")
    frame = searchlab.bench_frame("eight", lines, algos=["astar"])
    assert isinstance(frame, pd.DataFrame) and len(frame) == 5


def test_threads_solve_at_once_with_the_gil_released():
    lines = instance_lines(ROOT / "puzzles" / "eight" / "hard.txt")[:8]
    results = {}

    def worker(i):
        r = searchlab.solve("eight", lines[i], algo="idastar")
        results[i] = (r.length, r.agrees)

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(len(lines))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for i, line in enumerate(lines):
        assert results[i] == (int(line.split("|")[1]), True), line


def test_ctrl_c_stops_a_builtin_search_quickly():
    import signal
    import time

    hardest = instance_lines(ROOT / "puzzles" / "fifteen" / "korf100.txt")[87]  # minutes of IDA*
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT))
    begun = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            searchlab.solve("fifteen", hardest, algo="idastar", heuristic="manhattan", timeout=20)
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
    assert time.monotonic() - begun < 0.5 + 0.5


def test_a_bad_line_in_a_list_is_an_error_row_and_the_others_are_answered():
    good, bad = "1 2 3 4 5 6 7 x 8 | 1", "1 2 3"
    first, second, third = searchlab.solve("eight", [good, bad, good])
    assert first.status == third.status == "solved" and first.length == 1
    assert second.status == "error" and second.input == bad
    assert "argument 1" in second.error or second.error
