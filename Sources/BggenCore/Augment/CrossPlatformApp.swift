import BggenFormats

/// A Flutter, React Native or Expo app whose native iOS project is generated (`flutter create`, `npx expo
/// prebuild`) and not there yet: bggen's files would land where no Xcode target compiles them, and the defaults
/// would go into an app, so the run stops and says how to get the `ios/` folder.
struct CrossPlatformApp: Equatable, Sendable {
    /// The framework, as the user knows it.
    let framework: String
    /// The file at the root that says so.
    let file: String
    /// What creates the native project.
    let advice: String

    /// The cross-platform app at `root` that has no `ios/` folder yet; nil for any other folder.
    static func withoutNativeProject(root: String, fileSystem: any FileSystem) -> CrossPlatformApp? {
        guard fileSystem.kind(of: PathText.join(root, "ios")) != .directory else { return nil }
        func text(_ name: String) -> String? {
            fileSystem.kind(of: PathText.join(root, name)) == .file ? try? fileSystem.read(PathText.join(root, name)) : nil
        }
        if let pubspec = text("pubspec.yaml"), pubspec.contains("flutter") {
            return CrossPlatformApp(framework: "Flutter", file: "pubspec.yaml",
                                    advice: "run flutter create --platforms=ios . first, then bggen init in the app")
        }
        let package = text("package.json")
        let expoConfig = ["app.json", "app.config.js", "app.config.ts", "app.config.json"].first { name in
            text(name).map { $0.contains("expo") } == true
        }
        if let expoConfig, package == nil || package!.contains("expo") {
            return CrossPlatformApp(framework: "Expo", file: expoConfig,
                                    advice: "the native project is generated: run npx expo prebuild first, or add the keys and code with a config plugin")
        }
        if let package, package.contains("\"react-native\"") {
            return CrossPlatformApp(framework: package.contains("\"expo\"") ? "Expo" : "React Native", file: "package.json",
                                    advice: package.contains("\"expo\"")
                                        ? "the native project is generated: run npx expo prebuild first, or add the keys and code with a config plugin"
                                        : "the ios/ folder is missing: restore it (npx react-native init creates one) before running bggen init")
        }
        return nil
    }
}
