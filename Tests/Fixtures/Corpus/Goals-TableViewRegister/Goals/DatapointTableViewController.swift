import UIKit

final class DatapointTableViewController: UIViewController, UITableViewDataSource {
    let cellIdentifier = "datapointCell"
    let datapointsTableView = UITableView()

    override func viewDidLoad() {
        super.viewDidLoad()
        self.datapointsTableView.dataSource = self
        self.datapointsTableView.register(UITableViewCell.self, forCellReuseIdentifier: self.cellIdentifier)
        view.addSubview(datapointsTableView)
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        tableView.dequeueReusableCell(withIdentifier: cellIdentifier, for: indexPath)
    }
}
