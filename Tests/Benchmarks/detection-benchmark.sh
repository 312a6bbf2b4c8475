#!/usr/bin/env bash
# Detection speed on a synthetic app repository of 20,000 files, of which Pods/ and .git/ hold 10,000 each,
# next to `grep -rl BGTaskScheduler` over the same tree. bggen should win because it never reads the skipped
# folders. Times the whole `bggen init --yes --dry-run` (detection, rendering and planning), median of RUNS.
# Usage: Tests/Benchmarks/detection-benchmark.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/../.."
runs="${1:-10}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

swift build -c release --product bggen >/dev/null
bggen="$(swift build -c release --show-bin-path)/bggen"

repo="$work/BigApp"
mkdir -p "$repo"
cp -R Tests/Fixtures/RegisteredIdentifiers/. "$repo/"
python3 - "$repo" <<'PY'
import os, sys
root = sys.argv[1]
def write(path, text):
    full = os.path.join(root, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w") as f:
        f.write(text)
swift = "import Foundation\n\nstruct Model{n} {{\n    let id: Int\n    func describe() -> String {{ \"model {n}\" }}\n}}\n" * 1
for n in range(10_000):
    write(f"Pods/Vendor{n % 100}/Sources/File{n}.swift", swift.format(n=n) + "// BGTaskScheduler appears in vendored code\n")
for n in range(10_000):
    write(f".git/objects/{n % 256:02x}/{n:038x}", "blob BGTaskScheduler " * 20)
print("files:", sum(len(f) for _, _, f in os.walk(root)))
PY

median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
ms() { local start end; start=$(date +%s%N); "$@" >/dev/null 2>&1 || [ "$1" = grep ] || { echo "failed: $*" >&2; exit 1; }; end=$(date +%s%N); echo "scale=3; ($end - $start) / 1000000" | bc; }

for _ in $(seq "$runs"); do ms "$bggen" init --yes --dry-run "$repo"; done | median > "$work/bggen.ms"
for _ in $(seq "$runs"); do ms grep -rl BGTaskScheduler "$repo"; done | median > "$work/grep.ms"
echo "bggen init --dry-run (median of $runs): $(cat "$work/bggen.ms") ms"
echo "grep -rl BGTaskScheduler (median of $runs): $(cat "$work/grep.ms") ms"
echo "ratio: $(echo "scale=2; $(cat "$work/bggen.ms") / $(cat "$work/grep.ms")" | bc)x"
