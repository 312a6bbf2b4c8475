import ProjectDescription
import ProjectDescriptionHelpers

let project = Project.framework(name: "hCore")
