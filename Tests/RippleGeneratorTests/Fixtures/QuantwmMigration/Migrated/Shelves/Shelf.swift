import Foundation
import Quantwm
import Ripple

class Shelf: QWNode_S, Codable {
    let tracker = Tracker()

    private var _pendingTitles: [String] = []

    // sourcery: property
    var _titles: [String] = []

    func add(_ title: String) {
        _pendingTitles.append(title)
        titles = _pendingTitles
    }
}
