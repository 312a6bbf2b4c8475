import Foundation

/// App-wide constants, as many apps keep them: nested enums in a file of their own.
enum Constants {
    enum Values {
        static let refreshTaskId = "com.kiteapp.Kite.refresh"
        static let pageSize = 50
    }
}
