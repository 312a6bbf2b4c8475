import ProjectDescription

let workspace = Workspace(name: "Ugglan", projects: ["Projects/*"])
