#!/usr/bin/env bash
# `bggen doctor` and `bggen init --dry-run` on a synthetic app repository of 20,009 files: 8,000 Swift files in
# the app's folder (50 of them with background work, so the lexer, the rules and the cross-file constant lookup
# all run), 6,000 in Pods/ and 6,000 in .git/, next to `grep -rl BGTaskScheduler` over the same tree, taken in
# turn within each round (see side-by-side.sh). SCALE=2 builds 40,009 files (every part doubled), for memory that
# must stay flat in the number of files. With OTHER (another bggen binary, e.g. main's), it is timed in the same
# rounds. Prints medians of RUNS in milliseconds, the ratios to grep, doctor's peak RSS and the load average.
# Usage: [SCALE=1] [OTHER=…] Tests/Benchmarks/doctor-benchmark.sh [RUNS] [BGGEN]
set -euo pipefail
cd "$(dirname "$0")/../.."
runs="${1:-10}"
# shellcheck source=release-bggen.sh
source Tests/Benchmarks/release-bggen.sh
# shellcheck source=side-by-side.sh
source Tests/Benchmarks/side-by-side.sh

repo="$work/BigApp"
mkdir -p "$repo"
cp -R Tests/Fixtures/RegisteredIdentifiers/. "$repo/"
python3 - "$repo" "${SCALE:-1}" <<'PY'
import os, sys
root, scale = sys.argv[1], int(sys.argv[2])
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
# The same 50 background files at every scale, so the findings stay the same and only the number of files grows.
for n in range(8_000 * scale):
    write(f"Legacy/Feature{n % 80}/File{n}.swift", (background if n % 160 == 0 and n < 8_000 else plain).format(n=n))
for n in range(6_000 * scale):
    write(f"Pods/Vendor{n % 100}/Sources/File{n}.swift", plain.format(n=n) + "// BGTaskScheduler appears in vendored code\n")
for n in range(6_000 * scale):
    write(f".git/objects/{n % 256:02x}/{n:038x}", "blob BGTaskScheduler " * 20)
print("files:", sum(len(f) for _, _, f in os.walk(root)))
PY

"$bggen" doctor "$repo" --format json > "$work/findings.json" || true
python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print('findings:', d['summary'])" "$work/findings.json"
other="${OTHER:-}"
side_by_side "$runs" "grep grep -rl BGTaskScheduler $repo" "doctor $bggen doctor $repo" "init $bggen init $repo --yes --dry-run" \
    ${other:+"other-doctor $other doctor $repo" "other-init $other init $repo --yes --dry-run"} > "$work/times"
grep_ms=$(awk '$1 == "grep" { print $2 }' "$work/times")
while read -r name value; do
    echo "$name (median of $runs): $value ms$([ "$name" = grep ] || echo " ($(ratio "$value" "$grep_ms") grep)")"
done < "$work/times"
echo "peak RSS of doctor: $(peak_kb "$bggen" doctor "$repo") KB"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
