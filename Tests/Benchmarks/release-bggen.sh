# Sourced by the benchmarks: a scratch folder in $work (removed on exit) and the binary to time in $bggen,
# either the one given as the benchmark's second argument or a fresh release build of this checkout.
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
if [ -n "${2:-}" ]; then
    bggen="$2"
else
    swift build -c release --product bggen >/dev/null
    bggen="$(swift build -c release --show-bin-path)/bggen"
fi
