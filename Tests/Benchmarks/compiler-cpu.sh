#!/usr/bin/env bash
# The CPU time of every swiftc the suite starts, which on CI's two cores is what the suite's time is made of (wall
# time is noisy when other work shares the cores; user+sys seconds are not). Runs `swift test --skip-build` with
# the extra arguments, with a `swiftc` first on PATH that runs the real one under /usr/bin/time, then prints, per
# kind of compile (named by its output file: App.o, Harness.o, an executable's link, …), how many ran and their
# user+sys seconds in total and on average. Run it after `swift build --build-tests`.
#   Tests/Benchmarks/compiler-cpu.sh --filter 'GeneratedCodeCompileTests|SimulatorMutantTests'
# CPU_LOG=file keeps the log (default: a temporary file); SUMMARY_ONLY=1 summarises an existing CPU_LOG.
set -euo pipefail
cd "$(dirname "$0")/../.."
log="${CPU_LOG:-$(mktemp)}"
if [[ -z "${SUMMARY_ONLY:-}" ]]; then
    real=$(command -v swiftc)
    bin=$(mktemp -d)
    trap 'rm -rf "$bin"' EXIT
    # The output (-o) names the compile; a module's own compile is named by its module when it has no -o.
    cat > "$bin/swiftc" <<WRAPPER
#!/usr/bin/env bash
what=""; previous=""
for argument in "\$@"; do
    if [[ "\$previous" == "-o" ]]; then what="\${argument##*/}"; fi
    previous="\$argument"
done
case "\$what" in *.o | *.swiftmodule | "") ;; *) what="link" ;; esac
exec /usr/bin/time -a -o "$log" -f "%U %S %e \${what:-other}" "$real" "\$@"
WRAPPER
    chmod +x "$bin/swiftc"
    : > "$log"
    PATH="$bin:$PATH" swift test --skip-build "$@" > "$log.output" 2>&1 || echo "swift test failed: see $log.output"
    tail -3 "$log.output"
fi
awk '$4 != "" && $1 ~ /^[0-9.]+$/ { cpu = $1 + $2; n[$4]++; total[$4] += cpu; all += cpu; count++ }
    END {
      for (k in n) printf "%-28s %4d compiles  %7.1f s CPU  %5.2f s each\n", k, n[k], total[k], total[k] / n[k] | "sort -k4 -rn"
      close("sort -k4 -rn")
      printf "%-28s %4d compiles  %7.1f s CPU\n", "all swiftc", count, all
    }' "$log"
