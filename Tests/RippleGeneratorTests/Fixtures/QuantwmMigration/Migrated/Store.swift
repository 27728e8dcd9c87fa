//
//  Store.swift
//  A Quantwm model as Sourcery left it, for the tests of `ripple-gen migrate`.
//

import Foundation
import Quantwm
import Ripple


class Store : QWRoot_S, QWNode_S {
    let tracker = Tracker()

    static let defaultOwner = 1

    unowned var qwMediator: Mediator

    init(mediator: Mediator) {
        qwMediator = mediator
        _ownerID = Store.defaultOwner
    }

    // MARK: - Quantwm Properties and Nodes

    // sourcery: property
    var _ownerID : Int

    // sourcery: property
    var _openShelfID : Int?

    // sourcery: node
    var _shelves : ShelfList = ShelfList()

    // sourcery: node
    // sourcery: readOnly
    // sourcery: dependency = "openShelfID, shelves.byID.all"
    var _openShelf: Shelf? {
        guard let id = openShelfID else { return nil }
        return shelves.byID[id]
    }
}
