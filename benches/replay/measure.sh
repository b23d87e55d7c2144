#!/bin/sh
# Load time and frame times of 100,000-event replay pages in headless Chromium (issue 30).
#
#   benches/replay/measure.sh [SEARCHLAB] [OUT_DIR]
#
# SEARCHLAB defaults to target/release/searchlab; OUT_DIR to a fresh temporary directory.
# Writes four pages (a grid, a 15-puzzle, a game tree, a road-like graph with coordinates),
# injects probe.js into a copy of each, runs Debian's chromium headless on it and prints one
# line of JSON per page: loadMs (page script start to first drawing, JSON parse included),
# frameMeanMs / frameP95Ms / frameWorstMs (one seek of 170 events, as playing at 10,000
# events a second draws each frame), seekEndMs, backOneMs, bytes. Run it on a quiet machine:
# every figure is wall-clock time inside the browser.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
bin=${1:-$root/target/release/searchlab}
out=${2:-$(mktemp -d)}
cd "$root"
mkdir -p "$out"
# A road-like graph: a 300 x 300 lattice with jittered coordinates and a few diagonals
# (90,000 nodes: more than a page draws whole, so only the searched part is kept).
python3 - "$out" <<'PY'
import random, sys
out = sys.argv[1]
rnd = random.Random(30)
n = 300
co, arcs = [], []
for y in range(n):
    for x in range(n):
        co.append((x * 100 + rnd.randint(-30, 30), y * 100 + rnd.randint(-30, 30)))
def node(x, y): return y * n + x
def dist(a, b):
    (x1, y1), (x2, y2) = co[a], co[b]
    return int(((x1 - x2) ** 2 + (y1 - y2) ** 2) ** 0.5) + 1
for y in range(n):
    for x in range(n):
        a = node(x, y)
        for dx, dy in ((1, 0), (0, 1)) + (((1, 1),) if rnd.random() < 0.2 else ()):
            if x + dx < n and y + dy < n:
                b = node(x + dx, y + dy)
                w = dist(a, b) * rnd.choice((1, 1, 2))
                arcs += [(a, b, w), (b, a, w)]
with open(f"{out}/lattice.gr", "w") as f:
    f.write(f"p sp {n*n} {len(arcs)}\n")
    f.writelines(f"a {a+1} {b+1} {w}\n" for a, b, w in arcs)
with open(f"{out}/lattice.co", "w") as f:
    f.write(f"p aux sp co {n*n}\n")
    f.writelines(f"v {i+1} {x} {y}\n" for i, (x, y) in enumerate(co))
PY
"$bin" solve grid "puzzles/grid/maze512-32-9.map 222 286 392 9" --replay "$out/grid.html" >/dev/null
"$bin" solve fifteen "$(sed -n 3p puzzles/fifteen/medium.txt | cut -d'|' -f1)" --algo idastar --heuristic manhattan --replay "$out/fifteen.html" >/dev/null
"$bin" solve tictactoe empty --algo minimax --replay "$out/tree.html" >/dev/null
"$bin" solve graph "$out/lattice.gr" --coords "$out/lattice.co" --from 1 --to 90000 --algo astar --heuristic euclidean --replay "$out/graph.html" >/dev/null
for page in grid fifteen tree graph; do
    python3 - "$out/$page.html" "$here/probe.js" "$out/$page-probed.html" <<'PY'
import sys
page, probe, target = sys.argv[1:]
html = open(page, encoding="utf-8").read()
at = html.index("<head>") + len("<head>")
script = "\n<script>\n" + open(probe, encoding="utf-8").read() + "\n</script>\n"
open(target, "w", encoding="utf-8").write(html[:at] + script + html[at:])
PY
    result=$(chromium --headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking \
        --user-data-dir="$out/profile" --virtual-time-budget=600000 --dump-dom \
        "file://$out/$page-probed.html" 2>/dev/null |
        sed -n 's:.*<pre id="probe-results">\(.*\)</pre>.*:\1:p')
    echo "$page $result"
done
