import ProjectDescription

let workspace = Workspace(name: "Beacon", projects: ["Modules/*"])
