import ProjectDescription
import ProjectDescriptionHelpers

let project = Project.app(name: "Kite", destinations: .iOS, additionalTargets: ["KiteKit", "KiteUI"])
