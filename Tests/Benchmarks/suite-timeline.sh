#!/usr/bin/env bash
# Where the suite's wall time goes: runs `swift test` (extra arguments are passed on) with every child process
# logged (BGGEN_TEST_TIMELINE, see Tests/BggenTestSupport/SubprocessTimeline.swift), then prints, per 30 s of the
# run, how many compilers, simulator runs and SwiftPM builds (the installation tests) were busy on average, when the last of each ended, and the longest
# children, and each suite's share of the children's CPU. Run it after `swift build --build-tests`; it adds --skip-build.
#   Tests/Benchmarks/suite-timeline.sh [swift test arguments…]
# TIMELINE=file keeps the log (default: a temporary file); SUMMARY_ONLY=1 summarises an existing TIMELINE.
set -euo pipefail
cd "$(dirname "$0")/../.."
log="${TIMELINE:-$(mktemp)}"
if [[ -z "${SUMMARY_ONLY:-}" ]]; then
    : > "$log"
    start=$(date +%s.%N)
    BGGEN_TEST_TIMELINE="$log" swift test --skip-build "$@" > "$log.output" 2>&1 || echo "swift test failed: see $log.output"
    end=$(date +%s.%N)
    echo "$start start" >> "$log.marks"; echo "$end end" >> "$log.marks"
fi
start=$(awk '$2 == "start" { print $1 }' "$log.marks" | tail -1)
end=$(awk '$2 == "end" { print $1 }' "$log.marks" | tail -1)
awk -v start="$start" -v end="$end" '
    { s = $1 - start; e = $2 - start; kind = ($4 == "swiftc") ? "swiftc" : ($4 == "swift" || $4 == "make") ? "swiftpm" : "run"
      n[kind]++; busy[kind] += e - s; if (e > last[kind]) last[kind] = e; cpu[kind] += $6
      suite = ($7 == "") ? "-" : $7; suiteCPU[suite] += $6; suiteN[suite]++; if (e > suiteLast[suite]) suiteLast[suite] = e
      for (t = int(s); t < e; t++) { from = (t > s) ? t : s; to = (t + 1 < e) ? t + 1 : e; load[kind, int(t / 30)] += to - from }
      line[NR] = sprintf("%7.1f s  %6.1f-%6.1f  %s %s %s", e - s, s, e, $4, $5, $3) }
    END {
      total = end - start
      printf "wall %.0f s\n", total
      for (k in n) printf "%-6s %4d children, %6.0f s busy, %6.0f s CPU, last ended at %4.0f s\n", k, n[k], busy[k], cpu[k], last[k]
      print "\nchildren'"'"'s CPU (user+sys) by the suite that started them (a shared build counts for the first to ask):"
      for (k in suiteN) printf "%7.1f s CPU  %4d children  last ended at %4.0f s  %s\n", suiteCPU[k], suiteN[k], suiteLast[k], k | "sort -rn"
      close("sort -rn")
      print "\n  from    swiftc  runs  swiftpm   (children at once, averaged over 30 s)"
      for (b = 0; b * 30 < total; b++) printf "%5d s   %5.2f  %5.2f  %5.2f\n", b * 30, load["swiftc", b] / 30, load["run", b] / 30, load["swiftpm", b] / 30
      print "\nlongest:"
      for (i in line) print line[i] | "sort -rn | head -15"
    }' "$log"
