#!/usr/bin/env bash
# Inputs from the hostile-clone attack (issue 20) that once took exponential time or overflowed the stack:
# a pbxproj whose build settings each reference the previous one ten times (7 and 8 levels; 2.4 KB), and an
# xcconfig #include chain of 40,000 files. Times `bggen init --yes --dry-run` and `bggen doctor` (release build,
# process start to exit, stopped after LIMIT seconds), median of RUNS, and prints each exit status.
# Usage: Tests/Benchmarks/hostile-inputs-benchmark.sh [RUNS] [BGGEN] [LIMIT]   (BGGEN: another build to compare)
#
# Measured 2026-12-01 on the shared 2-core machine, LIMIT 30 s:
#   input                      before (551db5d, release)      after (issue 20, debug build)
#   settings, 7 levels         init > 30 s, doctor > 30 s      init 81 ms, doctor 45 ms
#   settings, 8 levels         init > 30 s, doctor > 30 s      init 140 ms, doctor 37 ms
#   40,000 #include chain      init, doctor SIGSEGV (139)      init 931 ms, doctor 815 ms (exit 0; the chain is cut
#                                                              at the nesting limit and named)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs="${1:-3}"
limit="${3:-60}"
# shellcheck source=release-bggen.sh
source Tests/Benchmarks/release-bggen.sh

python3 - "$work" <<'PY'
import os, sys
work = sys.argv[1]
def project(name, target_settings, base="", extra_objects="", children=""):
    os.makedirs(os.path.join(work, name, "A.xcodeproj"), exist_ok=True)
    os.makedirs(os.path.join(work, name, "App"), exist_ok=True)
    with open(os.path.join(work, name, "App", "App.swift"), "w") as f:
        f.write("import SwiftUI\n@main struct MyApp: App { var body: some Scene { WindowGroup { Text(\"\") } } }\n")
    with open(os.path.join(work, name, "A.xcodeproj", "project.pbxproj"), "w") as f:
        f.write("""{
    objects = {
        ROOT = {isa = PBXProject; mainGroup = MAIN; targets = (T1, ); buildConfigurationList = PL; };
        MAIN = {isa = PBXGroup; children = (SYNC, %s); sourceTree = "<group>"; };
        SYNC = {isa = PBXFileSystemSynchronizedRootGroup; path = App; sourceTree = "<group>"; };
        PL = {isa = XCConfigurationList; buildConfigurations = (PR, ); };
        PR = {isa = XCBuildConfiguration; %s buildSettings = {SDKROOT = iphoneos; GENERATE_INFOPLIST_FILE = YES; IPHONEOS_DEPLOYMENT_TARGET = 16.0; }; name = Release; };
        T1 = {isa = PBXNativeTarget; name = App; productType = "com.apple.product-type.application"; fileSystemSynchronizedGroups = (SYNC, ); buildConfigurationList = TL; };
        TL = {isa = XCConfigurationList; buildConfigurations = (TR, ); };
        TR = {isa = XCBuildConfiguration; buildSettings = {%s }; name = Release; };
        %s
    };
    rootObject = ROOT;
}
""" % (children, base, target_settings, extra_objects))
# Each setting references the previous one ten times: 10^levels characters if expanded in full.
for levels in (7, 8):
    settings = "S0 = abcdefghij; " + "".join(f"S{i} = \"{'$(S%d)' % (i - 1) * 10}\"; " for i in range(1, levels + 1))
    project(f"settings{levels}", settings + f"PRODUCT_BUNDLE_IDENTIFIER = \"com.x.$(S{levels})\";")
# 40,000 xcconfigs, each including the next.
project("includes", "PRODUCT_BUNDLE_IDENTIFIER = com.example.app;", base="baseConfigurationReference = CFG;",
        extra_objects='CFG = {isa = PBXFileReference; path = C0.xcconfig; sourceTree = "<group>"; };', children="CFG, ")
for i in range(40_000):
    with open(os.path.join(work, "includes", f"C{i}.xcconfig"), "w") as f:
        f.write(f'#include "C{i + 1}.xcconfig"\nK{i} = v\n')
for name in ["settings7", "settings8", "includes"]:
    print(name, os.path.getsize(os.path.join(work, name, "A.xcodeproj", "project.pbxproj")), "bytes of pbxproj")
PY

median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
# Milliseconds, then the exit status (124: stopped at LIMIT).
run() { local start end status=0; start=$(date +%s%N); timeout "$limit" "$@" >/dev/null 2>&1 || status=$?; end=$(date +%s%N)
        echo "$(( (end - start) / 1000000 )) $status"; }
for name in settings7 settings8 includes; do
    for command in "init --yes --dry-run" "doctor"; do
        results=$(for _ in $(seq "$runs"); do run "$bggen" $command "$work/$name"; done)
        echo "$name, $command: $(echo "$results" | cut -d' ' -f1 | median) ms (median of $runs; exit $(echo "$results" | cut -d' ' -f2 | sort -u | tr '\n' ' '| sed 's/ $//'))"
    done
done
