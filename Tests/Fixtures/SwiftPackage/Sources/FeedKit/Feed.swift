public struct Feed {}
