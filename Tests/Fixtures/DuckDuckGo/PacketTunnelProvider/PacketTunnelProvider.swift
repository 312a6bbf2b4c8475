import UIKit

final class PacketTunnelProvider: NSObject {}
