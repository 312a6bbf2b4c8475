#!/usr/bin/env bash
# `bggen doctor` and `bggen init --dry-run` next to `grep -rl BGTaskScheduler` on each of the given folders (real
# app checkouts), every command taken in turn within each round (see side-by-side.sh), so the ratios compare runs
# under the same load. The project's speed goal is doctor and init at most 0.5x grep on each. With OTHER (another
# bggen binary, e.g. main's), it is timed in the same rounds. Prints one row per folder: files, then medians of
# RUNS in milliseconds and the ratios to grep.
# Usage: [RUNS=10] [OTHER=…] [BGGEN=…] Tests/Benchmarks/real-apps-benchmark.sh FOLDER…
set -euo pipefail
cd "$(dirname "$0")/../.."
[ "$#" -gt 0 ] || { echo "usage: [RUNS=10] [OTHER=bggen] [BGGEN=bggen] $0 FOLDER…" >&2; exit 64; }
runs="${RUNS:-10}"
# shellcheck source=release-bggen.sh
source Tests/Benchmarks/release-bggen.sh "" "${BGGEN:-}"
# shellcheck source=side-by-side.sh
source Tests/Benchmarks/side-by-side.sh
other="${OTHER:-}"
printf '%-34s %6s %8s %8s %6s %8s %6s%s\n' folder files grep doctor ratio init ratio "${other:+   other-doctor ratio}"
for folder in "$@"; do
    side_by_side "$runs" "grep grep -rl BGTaskScheduler $folder" "doctor $bggen doctor $folder" \
        "init $bggen init $folder --yes --dry-run" ${other:+"other $other doctor $folder"} > "$work/times"
    value() { awk -v name="$1" '$1 == name { print $2 }' "$work/times"; }
    grep_ms=$(value grep)
    printf '%-34s %6s %8s %8s %6s %8s %6s' "$(basename "$folder")" "$(find "$folder" -type f | wc -l)" "$grep_ms" \
        "$(value doctor)" "$(ratio "$(value doctor)" "$grep_ms")" "$(value init)" "$(ratio "$(value init)" "$grep_ms")"
    if [ -n "$other" ]; then printf '   %8s %6s' "$(value other)" "$(ratio "$(value other)" "$grep_ms")"; fi
    echo
done
echo "load average: $(uptime | sed "s/.*load averages*: //")"
