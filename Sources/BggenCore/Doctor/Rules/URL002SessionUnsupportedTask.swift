extension DoctorRule {
    public static let sessionUnsupportedTask = DoctorRule(
        id: "URL002", severity: .error,
        summary: "A data task, an upload from Data or a streamed upload on a background URLSession.",
        finds: "an upload from `Data` or a streamed upload (a data task: warning) on a background session",
        why: "Background sessions transfer only downloads and uploads from a file; data tasks stop when the app is suspended and uploads from `Data` or streams are refused.",
        fix: "Write the body to a file and use `uploadTask(with:fromFile:)`; fetch with `downloadTask(with:)`.",
        tags: ["url-session"],
        check: findSessionUnsupportedTask,
        examples: [
            .triggering("an upload from Data", ExampleSources.transfers("session.1️⃣uploadTask(with: request, from: body).resume()"), "1️⃣"),
            .triggering("a data task", ExampleSources.transfers("session.1️⃣dataTask(with: request).resume()"), "1️⃣ URL002 warning"),
            .nonTriggering("a data task on a session whose configuration is a default one, declared elsewhere",
                           ExampleSources.transfers("session.dataTask(with: request).resume()", configuration: "configuration")
                               .with("App/Configuration.swift", "import Foundation\n\nlet configuration = URLSessionConfiguration.default\n")),
            .nonTriggering("an upload from a file", ExampleSources.transfers("session.uploadTask(with: request, fromFile: file).resume()")),
        ])
}

extension DoctorRule {
    /// A data task is a warning: it works while the app is in the foreground.
    fileprivate static func findSessionUnsupportedTask(_ audit: inout RuleAudit) {
        for misuse in audit.relevant.flatMap(\.sessionMisuse) where misuse.kind == .unsupportedTask {
            audit.add(.sessionUnsupportedTask, severity: misuse.call.hasPrefix("dataTask") ? .warning : nil, at: misuse.location,
                      misuse.message,
                      why: "Background sessions transfer only downloads and uploads from a file; data tasks stop when the app is suspended and uploads from Data or streams are refused.",
                      fix: "Use downloadTask(with:) for requests whose response matters, and write the body to a file for uploadTask(with:fromFile:).")
        }
    }
}
