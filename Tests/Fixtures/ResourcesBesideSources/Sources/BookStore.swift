import Foundation

final class BookStore {
    private(set) var titles: [String] = []

    func add(_ title: String) {
        titles.append(title)
    }
}
