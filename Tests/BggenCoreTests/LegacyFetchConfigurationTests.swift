import BggenCore
import BggenTestSupport
import Testing

/// FETCH002 reads every configuration's Info.plist: Apple switches legacy background fetch off when the Info.plist
/// a build uses has BGTaskSchedulerPermittedIdentifiers, so a Debug-only `INFOPLIST_FILE` with the key makes the
/// fetch dead in Debug builds even though the Release Info.plist (the one doctor takes as the target's) lacks it.
/// On `PerConfigurationPlists` (Debug `Info_Debug.plist`, Release `Info.plist`, Testflight `Info_Testflight.plist`).
@Suite("FETCH002 in every configuration's Info.plist")
struct LegacyFetchConfigurationTests {
    private static let fetch = """
        import UIKit

        func startFetching(_ application: UIApplication) {
            application.setMinimumBackgroundFetchInterval(UIApplication.backgroundFetchIntervalMinimum)
        }

        """

    private static func permitting(_ name: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>CFBundleDisplayName</key>
        \t<string>\(name)</string>
        \t<key>BGTaskSchedulerPermittedIdentifiers</key>
        \t<array>
        \t\t<string>com.example.wallet.refresh</string>
        \t</array>
        </dict>
        </plist>

        """
    }

    private static func findings(permittedIn plist: String?) throws -> [DoctorFinding] {
        let repo = try Fixtures.copy("PerConfigurationPlists")
        try repo.write(fetch, to: "Wallet/Sources/Fetch.swift")
        if let plist { try repo.write(permitting(plist), to: "Wallet/\(plist)") }
        return try Doctor(fileSystem: LocalFileSystem()).audit(root: repo.path).findings.filter { $0.rule.id.hasPrefix("FETCH") }
    }

    @Test func keyInTheDebugInfoPlistOnlyIsAnError() throws {
        let findings = try Self.findings(permittedIn: "Info_Debug.plist")
        #expect(findings.map(\.rule.id) == ["FETCH002"])
        #expect(findings.first?.location.file == "Wallet/Sources/Fetch.swift" && findings.first?.location.line == 4)
        #expect(findings.first?.message.contains("Wallet/Info_Debug.plist, the Info.plist of Debug,") == true,
                "\(findings.map(\.message))")
    }

    @Test func keyInTheTestflightInfoPlistOnlyIsAnError() throws {
        #expect(try Self.findings(permittedIn: "Info_Testflight.plist").map(\.rule.id) == ["FETCH002"])
    }

    @Test func keyInTheMainInfoPlistNamesIt() throws {
        let findings = try Self.findings(permittedIn: "Info.plist")
        #expect(findings.map(\.rule.id) == ["FETCH002"])
        #expect(findings.first?.message.contains("which Wallet/Info.plist switches off") == true, "\(findings.map(\.message))")
    }

    @Test func noConfigurationWithTheKeyIsOnlyDeprecated() throws {
        #expect(try Self.findings(permittedIn: nil).map(\.rule.id) == ["FETCH001"])
    }
}
