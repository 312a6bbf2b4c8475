/// The layers below Core, re-exported so that a client's `import BggenCore` (the tests, the test support) sees the
/// model and the formats it speaks in. Core's own files import each layer they use, so the dependency stays visible
/// per file.
@_exported import BggenFormats
@_exported import BggenModel
