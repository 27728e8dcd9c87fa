import Foundation
import Quantwm

class Shelf: QWNode_S, Codable {

    private var _pendingTitles: [String] = []

    // sourcery: property
    private var _titles: [String] = []

    func add(_ title: String) {
        _pendingTitles.append(title)
        titles = _pendingTitles
    }

    // sourcery:inline:Shelf.QuantwmDeclarationInline

    // QWNode protocol
    let qwCounter = QWCounter(name:"Shelf")

    // Quantwm Property: titles
    var titles : [String] {
      get { return _titles }
      set { _titles = newValue }
    }
    // sourcery:end
}
