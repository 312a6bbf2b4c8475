import Foundation

/// Nothing about background work here.
struct TimelineModel {}
