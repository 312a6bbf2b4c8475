#!/usr/bin/env bash
# Reading time of XcodeGen specs that once took quadratic time: a 1 MB spec of framework targets, a 4,000-line
# flow list, and 16,000 nested `- ` items (refused at the nesting limit). Times `bggen init --yes --dry-run`
# (release build, process start to exit), median of RUNS.
# Usage: Tests/Benchmarks/yaml-benchmark.sh [RUNS] [BGGEN]   (BGGEN: another build to compare, optional)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs="${1:-5}"
# shellcheck source=release-bggen.sh
source Tests/Benchmarks/release-bggen.sh

python3 - "$work" <<'PY'
import os, sys
work = sys.argv[1]
def spec(name, body):
    os.makedirs(os.path.join(work, name, "App"), exist_ok=True)
    with open(os.path.join(work, name, "project.yml"), "w") as f:
        f.write(body)
# 1 MB: an app target and hundreds of framework targets with settings, flow lists and dependencies.
lines = ["name: Big", "options:", "  deploymentTarget:", "    iOS: \"16.0\"", "targets:",
         "  App:", "    type: application", "    platform: iOS", "    sources: [App]",
         "    settings:", "      PRODUCT_BUNDLE_IDENTIFIER: com.example.big"]
n = 0
while sum(len(l) + 1 for l in lines) < 1_000_000:
    lines += [f"  Module{n}:", "    type: framework", "    platform: iOS",
              f"    sources: [Modules/Module{n}/Sources, Modules/Module{n}/Resources]",
              "    settings:", "      base:", f"        PRODUCT_BUNDLE_IDENTIFIER: com.example.module{n}",
              "        SWIFT_VERSION: \"5.0\"", "        OTHER_SWIFT_FLAGS: \"-DMODULE -enable-upcoming-feature StrictConcurrency\"",
              "    dependencies:"] + [f"      - target: Module{m}" for m in range(max(0, n - 5), n)] + \
             [f"    info:", "      path: Modules/Module{n}/Info.plist".format(n=n), "      properties:",
              "        CFBundleShortVersionString: \"1.0\"", "        # a comment with: a colon"]
    n += 1
spec("large", "\n".join(lines) + "\n")
spec("flow", "name: Flow\ntargets:\n  App:\n    type: application\n    platform: iOS\n    sources: [\n"
     + "".join(f"      Folder{i},\n" for i in range(4000)) + "      App]\n")
spec("nested", "name: Nested\ntargets:\n  App:\n    type: application\n    platform: iOS\n    sources:\n      "
     + "- " * 16000 + "x\n")
for name in ["large", "flow", "nested"]:
    print(name, os.path.getsize(os.path.join(work, name, "project.yml")), "bytes")
PY

median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
ms() { local start end; start=$(date +%s%N); "$@" >/dev/null 2>&1 || true; end=$(date +%s%N); echo "scale=1; ($end - $start) / 1000000" | bc; }
for name in large flow nested; do
    echo "$name: $(for _ in $(seq "$runs"); do ms timeout 120 "$bggen" init --yes --dry-run "$work/$name"; done | median) ms (median of $runs)"
done
