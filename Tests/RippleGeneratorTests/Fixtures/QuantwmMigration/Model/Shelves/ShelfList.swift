import Foundation
import Quantwm

class ShelfList: QWNode_S, Codable {

    enum CodingKeys: String, CodingKey {
        case _byID = "byID"
    }

    fileprivate var _ownerID: Int?

    // sourcery: node
    // sourcery: type = "Shelf"
    fileprivate var _byID: [Int:Shelf] = [:]

    func forget(keeping ids: [Int]) {
        for id in byID.keys where !ids.contains(id) {
            byID[id] = nil
        }
    }
    
    // sourcery:inline:ShelfList.QuantwmDeclarationInline

    // QWNode protocol
    let qwCounter = QWCounter(name:"ShelfList")

    // Quantwm Node:  byID
    var byID : [Int:Shelf] {
      get { return _byID }
      set { _byID = newValue }
    }
    // sourcery:end

}
