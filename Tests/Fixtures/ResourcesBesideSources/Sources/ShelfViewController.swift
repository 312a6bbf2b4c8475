import UIKit

final class ShelfViewController: UITableViewController {
    private let store: BookStore

    init(store: BookStore) {
        self.store = store
        super.init(style: .plain)
        title = R.string.shelfTitle
    }

    required init?(coder: NSCoder) { nil }
}
