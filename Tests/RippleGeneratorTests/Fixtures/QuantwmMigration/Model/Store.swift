//
//  Store.swift
//  A Quantwm model as Sourcery left it, for the tests of `ripple-gen migrate`.
//

import Foundation
import Quantwm


class Store : QWRoot_S, QWNode_S {

    static let defaultOwner = 1

    unowned var qwMediator: Mediator

    init(mediator: Mediator) {
        qwMediator = mediator
        _ownerID = Store.defaultOwner
        qwMediator.registerRoot(
            model: self,
            rootProperty: Store.storeK)
    }

    // MARK: - Quantwm Properties and Nodes

    // sourcery: root
    static let storeK = QWRootProperty(rootType: Store.self, rootId: "store")

    // sourcery: property
    fileprivate var _ownerID : Int

    // sourcery: property
    fileprivate var _openShelfID : Int?

    // sourcery: node
    fileprivate var _shelves : ShelfList = ShelfList()

    static let openShelfDependencies =
        QWModel.root.openShelfID_Read
        + QWModel.root.shelves.byID.all_Read

    // sourcery: node
    // sourcery: readOnly
    // sourcery: dependency = "Store.openShelfDependencies"
    fileprivate var _openShelf: Shelf? {
        guard let id = openShelfID else { return nil }
        return shelves.byID[id]
    }


    // sourcery:inline:Store.QuantwmDeclarationInline

    // MARK: - Sourcery

    // QWNode protocol
    func getQWCounter() -> QWCounter {
      return qwCounter
    }
    let qwCounter = QWCounter(name:"Store")

    // Quantwm Property: ownerID
    static let ownerIDK = QWPropProperty(
        propertyKeypath: \Store.ownerID,
        description: "_ownerID")
    var ownerID : Int {
      get {
        self.qwCounter.read(Store.ownerIDK, backgroundRead: false, storageOptions:.stored)
        return _ownerID
      }
      set {
        self.qwCounter.write(Store.ownerIDK,backgroundWrite: false, storageOptions:.stored)
        _ownerID = newValue
      }
    }
    // Quantwm Property: openShelfID
    static let openShelfIDK = QWPropProperty(
        propertyKeypath: \Store.openShelfID,
        description: "_openShelfID")
    var openShelfID : Int? {
      get { return _openShelfID }
      set { _openShelfID = newValue }
    }
    // Quantwm Node: shelves
    static let shelvesK = QWNodeProperty(
        keypath: \Store.shelves,
        description: "_shelves")
    var shelves : ShelfList {
      get { return _shelves }
      set { _shelves = newValue }
    }
    // Quantwm Node: openShelf
    static let openShelfK = QWNodeProperty(
        keypath: \Store.openShelf,
        description: "_openShelf")
    var openShelf : Shelf? {
      get { return _openShelf }
    }

    // sourcery:end

}
