import ProjectDescription

let workspace = Workspace(
  name: "Apps",
  projects: [
    "Apps/*",
    "Experiments/*",
    "Shared",
  ]
)
