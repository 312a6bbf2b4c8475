#!/usr/bin/env bash
# Wall time of `bggen init --yes` for all four tasks into a fresh folder, next to a trivial Swift binary that
# writes the same files (the floor). Both are release builds; each is run RUNS times and the median is reported.
# Usage: Tests/Benchmarks/init-benchmark.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/../.."
runs="${1:-50}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

swift build -c release --product bggen >/dev/null
bggen="$(swift build -c release --show-bin-path)/bggen"
swiftc -O Tests/Benchmarks/FloorWriter.swift -o "$work/floor" 2>/dev/null
"$bggen" init --yes --tasks refresh,processing,downloads,silent-push "$work/manifest" >/dev/null

median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
time_ms() { # runs "$@" once into a fresh folder, prints milliseconds
    local out="$work/run-$RANDOM$RANDOM"
    local start end
    start=$(date +%s%N)
    "$@" "$out" >/dev/null
    end=$(date +%s%N)
    rm -rf "$out"
    echo "scale=3; ($end - $start) / 1000000" | bc
}

for _ in $(seq "$runs"); do time_ms "$bggen" init --yes --tasks refresh,processing,downloads,silent-push; done | median > "$work/bggen.ms"
for _ in $(seq "$runs"); do time_ms "$work/floor" "$work/manifest"; done | median > "$work/floor.ms"

b=$(cat "$work/bggen.ms"); f=$(cat "$work/floor.ms")
echo "files written:      $(find "$work/manifest" -type f | wc -l)"
echo "bggen init (median of $runs): ${b} ms"
echo "floor writer (median of $runs): ${f} ms"
echo "ratio: $(echo "scale=2; $b / $f" | bc)x"
