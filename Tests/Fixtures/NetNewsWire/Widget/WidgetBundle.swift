import WidgetKit
import SwiftUI

@main struct NetNewsWireWidgetBundle: WidgetBundle {
	var body: some Widget { EmptyWidget() }
}
