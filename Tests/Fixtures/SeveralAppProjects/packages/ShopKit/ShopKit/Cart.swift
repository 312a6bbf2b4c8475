public struct Cart {}
