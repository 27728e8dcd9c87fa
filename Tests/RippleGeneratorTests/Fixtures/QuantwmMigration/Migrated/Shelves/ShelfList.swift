import Foundation
import Quantwm
import Ripple

class ShelfList: QWNode_S, Codable {
    let tracker = Tracker()

    enum CodingKeys: String, CodingKey {
        case _byID = "byID"
    }

    fileprivate var _ownerID: Int?

    // sourcery: node
    // sourcery: type = "Shelf"
    var _byID: [Int:Shelf] = [:]

    func forget(keeping ids: [Int]) {
        for id in byID.keys where !ids.contains(id) {
            byID[id] = nil
        }
    }
}
