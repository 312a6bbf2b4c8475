/// The smallest Xcode project bggen reads as an iOS app: one app target compiling one synchronized folder.
public enum SyntheticProject {
    /// A `project.pbxproj` whose app `name` compiles `folder` (which may climb out, as a hostile project's
    /// would). `projectSettings` and `targetSettings` are pbxproj assignments such as `INFOPLIST_FILE = App/Info.plist;`.
    public static func pbxproj(name: String = "App", folder: String = "App", bundleIdentifier: String = "com.example.app",
                               projectSettings: String = "GENERATE_INFOPLIST_FILE = YES;", targetSettings: String = "") -> String {
        """
        {
            objects = {
                ROOT = {isa = PBXProject; mainGroup = MAIN; targets = (T1, ); buildConfigurationList = PL; };
                MAIN = {isa = PBXGroup; children = (SYNC, ); sourceTree = "<group>"; };
                SYNC = {isa = PBXFileSystemSynchronizedRootGroup; path = \(folder); sourceTree = "<group>"; };
                PL = {isa = XCConfigurationList; buildConfigurations = (PR, ); };
                PR = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = iphoneos; \(projectSettings) }; name = Release; };
                T1 = {isa = PBXNativeTarget; name = \(name); productType = "com.apple.product-type.application"; fileSystemSynchronizedGroups = (SYNC, ); buildConfigurationList = TL; };
                TL = {isa = XCConfigurationList; buildConfigurations = (TR, ); };
                TR = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_BUNDLE_IDENTIFIER = \(bundleIdentifier); \(targetSettings) }; name = Release; };
            };
            rootObject = ROOT;
        }

        """
    }
}
