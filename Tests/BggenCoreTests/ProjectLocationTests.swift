@testable import BggenCore
import BggenTestSupport
import Foundation
import Testing

private func fixture(_ name: String) -> String {
    Fixtures.folder.appendingPathComponent(name).path
}

private func detect(_ name: String) throws -> ProjectReport {
    try ProjectDetector.detect(root: fixture(name), fileSystem: LocalFileSystem())
}

/// Where the app's project is in the repository, and which folder holds the app target's own sources.
@Suite("Project detection: where the project and the app's sources are")
struct ProjectLocationTests {
    @Test func aProjectThreeFoldersDownIsFoundBesideALibraryProjectWithoutEnteringDependencies() throws {
        let report = try detect("NestedProjects")
        #expect(report.kind == .xcodeProject)
        #expect(report.projectFiles == ["Libraries/Networking.xcodeproj", "src/xcode/App/App.xcodeproj"],
                "Carthage's checkout holds a demo app project that is not the app")
        #expect(report.appTargets.map(\.name) == ["App"])
        #expect(report.otherTargets.map(\.name) == ["Networking"])
        let app = try #require(report.appTargets.first)
        #expect(app.definedIn == "src/xcode/App/App.xcodeproj")
        #expect(app.infoPlist.path == "src/xcode/App/App/Info.plist")
        #expect(app.infoPlist.exists)
        #expect(app.deploymentTarget == "15.0")
        #expect(app.sourceFolder == "src/xcode/App/App")
        #expect(app.outputFolder == "src/xcode/App/App/BackgroundProcessing")
        let project = try #require(try ExistingProject.detect(root: fixture("NestedProjects"), targetName: nil, fileSystem: LocalFileSystem()))
        #expect(project.style == .appDelegate)
    }

    @Test func severalAppProjectsInSubfoldersAreListedWhenTheTargetIsAmbiguousOrUnknown() throws {
        let root = fixture("SeveralAppProjects")
        #expect(throws: AugmentError.severalAppTargets(["Admin", "Shop"])) {
            try ExistingProject.detect(root: root, targetName: nil, fileSystem: LocalFileSystem())
        }
        #expect(throws: AugmentError.unknownTarget("App", available: ["Admin", "Shop"])) {
            try ExistingProject.detect(root: root, targetName: "App", fileSystem: LocalFileSystem())
        }
        #expect(!AugmentError.unknownTarget("App", available: ["Admin", "Shop"]).description.contains("none found"))
        let shop = try #require(try ExistingProject.detect(root: root, targetName: "Shop", fileSystem: LocalFileSystem()))
        #expect(shop.target?.definedIn == "apps/Shop/Shop.xcodeproj")
        #expect(shop.target?.outputFolder == "apps/Shop/Shop/BackgroundProcessing")
        #expect(shop.style == .swiftUI)
        #expect(shop.report.otherTargets.map(\.name) == ["ShopKit"])
    }

    @Test func aTargetNamedClientCompilingAppIOSGetsThatFolderNotTheClientPackage() throws {
        let report = try detect("TargetOtherFolder")
        let app = try #require(report.appTarget(named: "Client"))
        #expect(app.sourceFolder == "App/iOS", "the folder beside its Info.plist that it compiles, not Client/ (a package)")
        #expect(app.outputFolder == "App/iOS/BackgroundProcessing")
        let project = try #require(try ExistingProject.detect(root: fixture("TargetOtherFolder"), targetName: nil, fileSystem: LocalFileSystem()))
        #expect(project.style == .swiftUI)
    }

    @Test func aSynchronizedTargetNamedOtherwiseGetsTheFolderHoldingMostOfItsCode() throws {
        let report = try detect("SynchronizedOtherName")
        let app = try #require(report.appTarget(named: "CellGuard AppStore"))
        #expect(app.synchronizedFolders == ["AppStore", "CellGuard"])
        #expect(app.sourceFolder == "CellGuard", "AppStore/ holds one configuration file, CellGuard/ the app")
        #expect(app.outputFolder == "CellGuard/BackgroundProcessing")
        let project = try #require(try ExistingProject.detect(root: fixture("SynchronizedOtherName"), targetName: nil, fileSystem: LocalFileSystem()))
        #expect(project.style == .swiftUI)
        #expect(project.integrationNote(outputFolder: app.outputFolder) == nil, "the output folder is one the target compiles")
    }

    /// home-assistant's app target owns a synchronized Sources/App/Resources holding its Info.plist and no code.
    @Test func aSynchronizedFolderOfResourcesHoldingTheInfoPlistIsNotTheSourceFolder() throws {
        let repo = try Fixtures.copy("SynchronizedOtherName")
        try FileManager.default.removeItem(at: repo.url.appendingPathComponent("AppStore/StoreConfiguration.swift"))
        try repo.write(DoctorRepository.plist([("CFBundleName", "<string>CellGuard</string>")]), to: "AppStore/Info.plist")
        let project = "CellGuard.xcodeproj/project.pbxproj"
        let text = try #require(try repo.files()[project])
        try repo.write(text.replacingOccurrences(of: "PRODUCT_BUNDLE_IDENTIFIER = org.example.cellguard;",
                                                 with: "PRODUCT_BUNDLE_IDENTIFIER = org.example.cellguard; INFOPLIST_FILE = AppStore/Info.plist;"), to: project)
        let report = try ProjectDetector.detect(root: repo.path, fileSystem: LocalFileSystem())
        let app = try #require(report.appTarget(named: "CellGuard AppStore"))
        #expect(app.infoPlist.path == "AppStore/Info.plist")
        #expect(app.sourceFolder == "CellGuard", "AppStore/ now holds only the Info.plist")
    }
}
