# Sourced by the benchmarks: a scratch folder in $work (removed on exit) and the binary to time in $bggen,
# either the one given as the benchmark's second argument or a fresh release build of this checkout, as `make install` builds it.
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
if [ -n "${2:-}" ]; then
    bggen="$2"
else
    # Built as `make install` builds it (on Linux, with the runtime linked in).
    make -s build >/dev/null
    bggen="$(make -s bin-path)"
fi
