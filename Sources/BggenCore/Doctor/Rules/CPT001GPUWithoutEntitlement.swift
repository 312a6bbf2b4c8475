import BggenModel

extension DoctorRule {
    public static let gpuWithoutEntitlement = DoctorRule(
        id: "CPT001", severity: .error,
        summary: "A continued-processing request asks for .gpu without the Background GPU Access entitlement.",
        finds: "a continued-processing request asking for `.gpu` (`requiredResources`) without `com.apple.developer.background-tasks.continued-processing.gpu` in the app's entitlements",
        why: "Without the Background GPU Access entitlement, `submit` throws `BGTaskScheduler.Error.notPermitted` (code 3) for a request whose `requiredResources` holds `.gpu`, and the job does not start.",
        fix: "Add the Background GPU Access capability to the app target in Xcode (`bggen doctor --fix` adds the entitlement).",
        tags: ["continued-processing", "entitlements"],
        check: findGPUWithoutEntitlement,
        examples: [
            .triggering("requiredResources = .gpu", ExampleSources.export(entitlementsMarker: "1️⃣"), "1️⃣"),
            .triggering("requiredResources = [.gpu]", ExampleSources.export("request.requiredResources = [.gpu]", entitlementsMarker: "1️⃣"), "1️⃣"),
            .triggering("requiredResources.insert(.gpu)", ExampleSources.export("request.requiredResources.insert(.gpu)", entitlementsMarker: "1️⃣"), "1️⃣"),
            .triggering("the entitlement set to false", ExampleSources.export(gpu: "<false/>", entitlementsMarker: "1️⃣"), "1️⃣"),
            .nonTriggering("the entitlement set to true", ExampleSources.export(gpu: "<true/>")),
            .nonTriggering("only comparing with .gpu", ExampleSources.export("print(request.requiredResources == .gpu)")),
            .nonTriggering("no resources", ExampleSources.export("request.requiredResources = []")),
        ])
}

extension ExampleSources {
    /// A continued-processing export that sets `resources` (line 13) where the device offers the GPU; `gpu` is the
    /// entitlement's value, nil for none.
    static func export(_ resources: String = "request.requiredResources = .gpu", gpu: String? = nil, entitlementsMarker: String = "") -> ExampleApp {
        ExampleApp(permitted: ["com.example.app.export.*"], entitlements: gpu.map { [BackgroundModes.gpuEntitlementKey: $0] } ?? [:],
                   entitlementsMarker: entitlementsMarker).with("App/Export.swift", """
            import BackgroundTasks

            enum Export {
                static func register() {
                    BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.app.export.one", using: nil) { task in
                        task.setTaskCompleted(success: true)
                    }
                }

                static func start() {
                    let request = BGContinuedProcessingTaskRequest(identifier: "com.example.app.export.one", title: "Export", subtitle: "")
                    if BGTaskScheduler.supportedResources.contains(.gpu) {
                        \(resources)
                    }
                    try? BGTaskScheduler.shared.submit(request)
                }
            }

            """)
    }
}

extension DoctorRule {
    fileprivate static func findGPUWithoutEntitlement(_ audit: inout RuleAudit) {
        audit.require(.gpu)
    }
}

extension EntitlementNeed {
    static let gpu = EntitlementNeed(
        rule: .gpuWithoutEntitlement, neededAt: { $0.owned.flatMap(\.gpuRequests).min() }, key: BackgroundModes.gpuEntitlementKey, value: "true", use: "asks for the GPU in a continued-processing request",
        capability: "Background GPU Access",
        why: "Without the Background GPU Access entitlement, submit throws BGTaskScheduler.Error.notPermitted (code 3) for a request whose requiredResources holds .gpu, and the job does not start.",
        edit: .addTrue(key: BackgroundModes.gpuEntitlementKey))
}
