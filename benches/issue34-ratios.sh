#!/bin/bash
# Issue 34's whole-process ratios against the `pathfinding` crate: the 8-puzzle A* and IDA*
# (270 boards of `gen eight --count 270 --seed 5`) and grid A* (every 40th query of
# maze512-32-9). Each round runs the programs back to back in rotating order (BASE, if given,
# a searchlab binary to compare with; then target/release/searchlab; then the reference), and
# the figures are medians of the times and of the per-round ratios, which a VM's slow drifts
# of speed move less than the ratio of two medians. Run from the repository root after
#   cargo build --release -p searchlab-cli -p searchlab-benches --bin searchlab \
#       --example eight_pathfinding --example grid_compare
# Usage: [BASE=path/to/old/searchlab] [ROUNDS=31] [GRID_ROUNDS=5] bash benches/issue34-ratios.sh
set -euo pipefail
S=target/release/searchlab
E=target/release/examples
B=${BASE:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cpu() { perf stat -x, -e task-clock -- "$@" 2>&1 >/dev/null | awk -F, '/task-clock/{print $1}'; }
med() { sort -g | awk '{a[NR]=$1} END{m=(NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2; printf "%.2f", m}'; }
echo "date $(date -u +%FT%TZ), load $(cut -d' ' -f1-3 /proc/loadavg), commit $(git rev-parse --short HEAD)"
$S gen eight --count 270 --seed 5 > "$work/b.txt"
cp puzzles/grid/maze512-32-9.map "$work/"
(head -1 puzzles/grid/maze512-32-9.map.scen
 tail -n +2 puzzles/grid/maze512-32-9.map.scen | awk 'NR%40==1') > "$work/maze512-32-9.map.scen"
# rounds, searchlab's arguments, the reference's command
run() {
  local n=$1 args=$2 ref=$3 r b s p
  : > "$work/b"; : > "$work/s"; : > "$work/p"; : > "$work/rs"; : > "$work/rb"
  for r in $(seq "$n"); do
    b=0
    case $((r % 3)) in
      0) [ -n "$B" ] && b=$(cpu $B $args); s=$(cpu $S $args); p=$(cpu $ref);;
      1) s=$(cpu $S $args); p=$(cpu $ref); [ -n "$B" ] && b=$(cpu $B $args);;
      2) p=$(cpu $ref); [ -n "$B" ] && b=$(cpu $B $args); s=$(cpu $S $args);;
    esac
    echo "$s" >> "$work/s"; echo "$p" >> "$work/p"
    awk -v a="$p" -v b="$s" 'BEGIN{print a/b}' >> "$work/rs"
    if [ -n "$B" ]; then echo "$b" >> "$work/b"; awk -v a="$p" -v b="$b" 'BEGIN{print a/b}' >> "$work/rb"; fi
  done
  printf 'searchlab %s ms, pathfinding %s ms, ratio %sx' "$(med < "$work/s")" "$(med < "$work/p")" "$(med < "$work/rs")"
  [ -n "$B" ] && printf '; base %s ms, ratio %sx' "$(med < "$work/b")" "$(med < "$work/rb")"
  echo
}
for algo in astar idastar; do
  printf '8-puzzle %s: ' "$algo"
  run "${ROUNDS:-31}" "solve eight --algo $algo --file $work/b.txt" "$E/eight_pathfinding $algo $work/b.txt"
done
printf 'grid A*: '
run "${GRID_ROUNDS:-5}" "solve grid --file $work/maze512-32-9.map.scen" "$E/grid_compare 40 1 pathfinding"
echo "load $(cut -d' ' -f1-3 /proc/loadavg)"
