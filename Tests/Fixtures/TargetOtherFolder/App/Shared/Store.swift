import Foundation

final class Store {}
