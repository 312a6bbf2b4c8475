#!/usr/bin/env bash
# `bggen doctor` on a synthetic app repository of 20,000 files: 8,000 Swift files the app compiles (50 of them
# with background work, so the lexer, the rules and the cross-file constant lookup all run), 6,000 in Pods/
# and 6,000 in .git/, next to `grep -rl BGTaskScheduler` over the same tree. Median of RUNS, in milliseconds.
# Usage: Tests/Benchmarks/doctor-benchmark.sh [RUNS] [BGGEN]
set -euo pipefail
cd "$(dirname "$0")/../.."
runs="${1:-10}"
source Tests/Benchmarks/release-bggen.sh

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
plain = "import Foundation\n\nstruct Model{n} {{\n    let id: Int\n    func describe() -> String {{ \"model {n}\" }}\n}}\n"
background = """import BackgroundTasks

enum Task{n} {{
    static let identifier = "com.example.legacy.task{n}"

    static func register() {{
        BGTaskScheduler.shared.register(forTaskWithIdentifier: identifier, using: nil) {{ @Sendable task in
            task.expirationHandler = {{ @Sendable in }}
            Task {{ task.setTaskCompleted(success: true) }}
        }}
    }}

    static func schedule() {{
        try? BGTaskScheduler.shared.submit(BGProcessingTaskRequest(identifier: identifier))
    }}
}}
"""
for n in range(8_000):
    write(f"Legacy/Feature{n % 80}/File{n}.swift", (background if n % 160 == 0 else plain).format(n=n))
for n in range(6_000):
    write(f"Pods/Vendor{n % 100}/Sources/File{n}.swift", plain.format(n=n) + "// BGTaskScheduler appears in vendored code\n")
for n in range(6_000):
    write(f".git/objects/{n % 256:02x}/{n:038x}", "blob BGTaskScheduler " * 20)
print("files:", sum(len(f) for _, _, f in os.walk(root)))
PY

median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
# doctor exits 1 when it finds errors, and grep when it finds nothing; both are results, not failures.
ms() { local start end; start=$(date +%s%N); "$@" >/dev/null 2>&1 || true; end=$(date +%s%N); echo "scale=3; ($end - $start) / 1000000" | bc; }

"$bggen" doctor "$repo" --format json > "$work/findings.json" || true
python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print('findings:', d['summary'])" "$work/findings.json"
for _ in $(seq "$runs"); do ms "$bggen" doctor "$repo"; done | median > "$work/bggen.ms"
for _ in $(seq "$runs"); do ms grep -rl BGTaskScheduler "$repo"; done | median > "$work/grep.ms"
echo "bggen doctor (median of $runs): $(cat "$work/bggen.ms") ms"
echo "grep -rl BGTaskScheduler (median of $runs): $(cat "$work/grep.ms") ms"
echo "ratio: $(echo "scale=2; $(cat "$work/bggen.ms") / $(cat "$work/grep.ms")" | bc)x"
