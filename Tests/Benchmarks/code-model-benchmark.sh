#!/usr/bin/env bash
# The code model (issue 25) and doctor's bounded work (issue 20, item 7), side by side with `grep -rl`:
#  1. "app8000": 20,009 files where the app target itself (a synchronized folder) compiles 8,000 Swift files,
#     50 of them with background work, next to 6,000 files in Pods/ and 6,000 in .git/;
#  2. the attack inputs: the task handed through three layers of functions calling each other 320 times, `x({`
#     nested 20,000 times, 16,000 registrations in one file, 8,000 files with one registration each.
# Prints the median of RUNS (milliseconds) for `bggen doctor`, `bggen init --dry-run` and `grep -rl BGTaskScheduler`,
# taken in turn within each round (see side-by-side.sh), and, with OTHER (another bggen binary, e.g. main's), the
# same for it in the same rounds.
# Usage: [LIMIT=120] [ATTACK_RUNS=1] [REPOS="app8000 …"] Tests/Benchmarks/code-model-benchmark.sh [RUNS] [BGGEN] [OTHER]
set -euo pipefail
cd "$(dirname "$0")/../.."
runs="${1:-5}"
source Tests/Benchmarks/release-bggen.sh
other="${3:-}"

python3 - "$work" <<'PY'
import os, sys
root = sys.argv[1]
def write(path, text):
    full = os.path.join(root, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w") as f:
        f.write(text)
def project(repo, folder="App"):
    write(f"{repo}/App.xcodeproj/project.pbxproj", """{
    objects = {
        ROOT = {isa = PBXProject; mainGroup = MAIN; targets = (T1, ); buildConfigurationList = PL; };
        MAIN = {isa = PBXGroup; children = (SYNC, ); sourceTree = "<group>"; };
        SYNC = {isa = PBXFileSystemSynchronizedRootGroup; path = %s; sourceTree = "<group>"; exceptions = (EX, ); };
        EX = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Info.plist, ); target = T1; };
        PL = {isa = XCConfigurationList; buildConfigurations = (PR, ); };
        PR = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = iphoneos; IPHONEOS_DEPLOYMENT_TARGET = 17.0; }; name = Release; };
        T1 = {isa = PBXNativeTarget; name = App; productType = "com.apple.product-type.application"; fileSystemSynchronizedGroups = (SYNC, ); buildConfigurationList = TL; };
        TL = {isa = XCConfigurationList; buildConfigurations = (TR, ); };
        TR = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_BUNDLE_IDENTIFIER = com.example.app; INFOPLIST_FILE = %s/Info.plist; SWIFT_VERSION = 6.0; }; name = Release; };
    };
    rootObject = ROOT;
}
""" % (folder, folder))
    write(f"{repo}/{folder}/Info.plist", """<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>BGTaskSchedulerPermittedIdentifiers</key>
	<array><string>com.example.app.refresh</string></array>
	<key>UIBackgroundModes</key>
	<array><string>fetch</string><string>processing</string></array>
</dict>
</plist>
""")
    write(f"{repo}/{folder}/AppDelegate.swift", """import UIKit
@main final class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        Tasks.register()
        return true
    }
}
""")
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
tasks = """import BackgroundTasks
enum Tasks {
    static func register() {
%s    }
}
"""
# 1. The app compiles 8,000 files.
project("app8000")
for n in range(7_996):
    write(f"app8000/App/Feature{n % 80}/File{n}.swift", (background if n % 160 == 0 else plain).format(n=n))
write("app8000/App/Tasks.swift", tasks % "".join(f"        Task{n}.register()\n" for n in range(0, 7_996, 160)))
for n in range(6_000):
    write(f"app8000/Pods/Vendor{n % 100}/Sources/File{n}.swift", plain.format(n=n) + "// BGTaskScheduler appears in vendored code\n")
for n in range(6_000):
    write(f"app8000/.git/objects/{n % 256:02x}/{n:038x}", "blob BGTaskScheduler " * 20)
# 2. The attack inputs, each in its own app.
def handler(body):
    return """import BackgroundTasks
enum Tasks {
    static func register() {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.app.refresh", using: nil) { task in
            %s
        }
    }
}
""" % body
project("layers")
calls = lambda name: "\n        ".join([f"{name}(task)"] * 320)
write("layers/App/Tasks.swift", handler(calls("first")) + "\nfunc first(_ task: BGTask) {\n    %s\n}\nfunc second(_ task: BGTask) {\n    %s\n}\nfunc third(_ task: BGTask) {\n    task.setTaskCompleted(success: true)\n}\n" % (calls("second"), calls("third")))
project("nested")
write("nested/App/Tasks.swift", "import BackgroundTasks\n" + "x({\n" * 20_000 + handler("task.setTaskCompleted(success: true)").replace("import BackgroundTasks\n", "") + "})\n" * 20_000)
project("registrations")
write("registrations/App/Tasks.swift", tasks % "".join(
    f"        BGTaskScheduler.shared.register(forTaskWithIdentifier: \"com.example.app.task{n}\", using: nil) {{ task in task.setTaskCompleted(success: true) }}\n"
    for n in range(16_000)))
project("files")
for n in range(8_000):
    write(f"files/App/Tasks{n}.swift", background.format(n=n))
write("files/App/Tasks.swift", tasks % "".join(f"        Task{n}.register()\n" for n in range(8_000)))
PY

# shellcheck source=side-by-side.sh
source Tests/Benchmarks/side-by-side.sh
for repo in ${REPOS:-app8000 layers nested registrations files}; do
    # The attack inputs take minutes with a quadratic binary: ATTACK_RUNS of them (default 1).
    count=$([ "$repo" = app8000 ] && echo "$runs" || echo "${ATTACK_RUNS:-1}")
    dir="$work/$repo"
    side_by_side "$count" "grep grep -rl BGTaskScheduler $dir" "doctor $bggen doctor $dir" "init $bggen init $dir --yes --dry-run" \
        ${other:+"other-doctor $other doctor $dir" "other-init $other init $dir --yes --dry-run"} > "$work/times"
    grep_ms=$(awk '$1 == "grep" { print $2 }' "$work/times")
    line="$repo: grep -rl ${grep_ms} ms"
    while read -r name value; do
        [ "$name" = grep ] || line="$line | $name ${value} ms ($(ratio "$value" "$grep_ms"))"
    done < "$work/times"
    echo "$line"
done
echo "peak RSS of doctor on app8000: $(peak_kb "$bggen" doctor "$work/app8000") KB"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
