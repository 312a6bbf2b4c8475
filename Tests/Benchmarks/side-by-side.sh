# Sourced by the benchmarks: timing helpers that take every command in turn within each round, so a load that
# comes and goes on a shared machine weighs on all of them alike and their ratio stays meaningful.
#   side_by_side RUNS "name command args…" …   prints "name median-ms" per command (arguments split on spaces)
#   peak_kb command args…                        peak resident memory in KB (GNU time)
# A run is cut at LIMIT seconds (default 120), so a quadratic binary prints about LIMIT * 1000: "at least".
median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
# doctor exits 1 on errors and grep when it finds nothing: results, not failures.
ms() { local start end; start=$(date +%s%N); timeout "${LIMIT:-120}" "$@" >/dev/null 2>&1 || true; end=$(date +%s%N); echo "scale=1; ($end - $start) / 1000000" | bc; }
side_by_side() {
    local runs="$1"; shift
    local times; times="$(mktemp -d -p "$work")"
    local spec command
    for _ in $(seq "$runs"); do
        local index=0
        for spec in "$@"; do
            read -ra command <<< "${spec#* }"
            ms "${command[@]}" >> "$times/$index"
            index=$((index + 1))
        done
    done
    local index=0
    for spec in "$@"; do
        echo "${spec%% *} $(median < "$times/$index")"
        index=$((index + 1))
    done
}
peak_kb() { /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1; }
# "1.23x": the first milliseconds over the second.
ratio() { echo "$(echo "scale=2; $1 / $2" | bc)x"; }
