#!/usr/bin/env bash
# Two `bggen init --yes` with different answers started together in one folder, ROUNDS times per scenario.
# A round is inconsistent when the tree no longer matches what its .bggen.json records (a dry run then plans a
# change). Prints, per scenario, the inconsistent rounds and how many second runs were refused by the lock.
# Usage: Tests/Benchmarks/concurrent-runs.sh [ROUNDS] [BGGEN]
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds="${1:-100}"
# shellcheck source=release-bggen.sh
source Tests/Benchmarks/release-bggen.sh

scenarios=(
    "refresh,downloads|silent-push,uploads"
    "refresh|processing"
    "downloads|downloads --interval daily"
)
for scenario in "${scenarios[@]}"; do
    first="${scenario%%|*}"; second="${scenario##*|}"
    inconsistent=0; refused=0
    for round in $(seq "$rounds"); do
        dir="$work/r$round"; rm -rf "$dir"; mkdir -p "$dir"
        # shellcheck disable=SC2086
        "$bggen" init --yes --tasks $first "$dir" >/dev/null 2>"$work/a.err" & a=$!
        # shellcheck disable=SC2086
        "$bggen" init --yes --tasks $second "$dir" >/dev/null 2>"$work/b.err" & b=$!
        wait $a || true; wait $b || true
        grep -q "another bggen" "$work/a.err" "$work/b.err" && refused=$((refused + 1))
        if "$bggen" init --yes --dry-run "$dir" | grep -Eq '^  (create|update|delete|conflict) '; then
            inconsistent=$((inconsistent + 1))
        fi
    done
    echo "$first vs $second: $inconsistent of $rounds rounds inconsistent; the lock refused the other run in $refused"
done
