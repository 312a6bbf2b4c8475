import Dispatch

extension DispatchQueue {
    /// `concurrentPerform(iterations:execute:)` over `sizes`' indices, started largest first: each core takes the
    /// next index when it is free, so a large file taken last ran alone while the other cores idled (duckduckgo-iOS's
    /// 139 KB `TabViewController.swift`, read again for its wrappers, was 6 ms on one core at the end). `work` still
    /// gets each index as given, so results stored by it keep their order. Equal sizes keep their order.
    package static func concurrentPerform(largestFirst sizes: [Int], execute work: @Sendable (Int) -> Void) {
        let order = sizes.indices.sorted { (sizes[$0], $1) > (sizes[$1], $0) }
        concurrentPerform(iterations: order.count) { work(order[$0]) }
    }
}
