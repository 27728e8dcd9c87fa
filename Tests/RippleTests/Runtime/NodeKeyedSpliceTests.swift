import Foundation
@testable import Ripple
import Testing

/// Putting or removing one key of a model's dictionary of nodes, or one node of a set of nodes,
/// in an update journals that key or node rather than the old collection: the collection is
/// edited in its own storage (no copy of it), and undo, redo, rollback, validation's parent
/// links, documents and replicas still see the collection it replaced.
@MainActor
@Suite struct NodeKeyedSpliceTests {
    struct Failure: Error {}

    private let mediator: Mediator<Library>
    private let library: Library
    private let shelves: [Shelf]

    init() {
        library = makeLibrary(shelves: 5)
        shelves = library._shelves
        library.shelvesByKey.reserveCapacity(64)
        for shelf in shelves { library.shelvesByKey["k\(shelf.id)"] = shelf }
        shelves[1].ancestorSet = [shelves[0]]
        shelves[1].ancestorSet.reserveCapacity(64)
        mediator = Mediator(root: library)
    }

    /// The storage a dictionary or a set refers to.
    private func storage<Nodes>(_ nodes: Nodes) -> UInt {
        withUnsafeBytes(of: nodes) { $0.load(as: UInt.self) }
    }

    private func keys() -> [String: Int] { library.shelvesByKey.mapValues(\.id) }

    private func ancestorIDs() -> Set<Int> { Set(library.shelves[1].ancestorSet.map(\.id)) }

    // MARK: No copy of the collection

    @Test func aPutARemovalAndAnInsertEditTheCollectionInItsOwnStorage() throws {
        let byKey = storage(library._shelvesByKey)
        let set = storage(library._shelves[1]._ancestorSet)
        try mediator.update { $0.shelvesByKey["new"] = Shelf(id: 10, title: "new") }
        try mediator.update { $0.shelvesByKey["k1"] = nil }
        try mediator.update { $0.shelvesByKey.removeValue(forKey: "k2") }
        try mediator.update { $0.shelvesByKey.updateValue(self.shelves[0], forKey: "k3") }
        try mediator.update { $0.shelves[1].ancestorSet.insert(self.shelves[2]) }
        try mediator.update { $0.shelves[1].ancestorSet.remove(self.shelves[0]) }
        #expect(storage(library._shelvesByKey) == byKey, "an edit copied the dictionary")
        #expect(storage(library._shelves[1]._ancestorSet) == set, "an edit copied the set")
        #expect(keys() == ["k0": 0, "k3": 0, "k4": 4, "new": 10])
        #expect(ancestorIDs() == [2])
    }

    @Test func theJournalHoldsTheKeyNotTheDictionary() throws {
        var recorded: [Any] = []
        let recorder = JournalSpy { recorded += $0.entries.filter { $0.member == Library.RippleKey.shelvesByKey }.map(\.recorded) }
        mediator.core.recorders.append(recorder)
        try mediator.update { $0.shelvesByKey["new"] = Shelf(id: 10, title: "new") }
        #expect(recorded.count == 1)
        #expect(recorded.first is NodeDictionarySplice<String, Shelf>)
    }

    // MARK: History

    @Test func putsAndRemovalsAreUndoneAndRedone() throws {
        let original = keys()
        try mediator.update { $0.shelvesByKey["new"] = Shelf(id: 10, title: "new") }
        let afterPut = keys()
        try mediator.update { $0.shelvesByKey["k1"] = self.shelves[4] }
        let afterReplace = keys()
        try mediator.update { $0.shelvesByKey.removeValue(forKey: "k2") }
        try mediator.history.undo()
        #expect(keys() == afterReplace)
        try mediator.history.undo()
        #expect(keys() == afterPut)
        try mediator.history.undo()
        #expect(keys() == original)
        try mediator.history.redo()
        try mediator.history.redo()
        try mediator.history.redo()
        #expect(keys() == ["k0": 0, "k1": 4, "k3": 3, "k4": 4, "new": 10])
    }

    @Test func setInsertsAndRemovalsAreUndoneAndRedone() throws {
        try mediator.update { $0.shelves[1].ancestorSet.insert(self.shelves[2]) }
        try mediator.update { $0.shelves[1].ancestorSet.remove(self.shelves[0]) }
        #expect(ancestorIDs() == [2])
        try mediator.history.undo()
        #expect(ancestorIDs() == [0, 2])
        try mediator.history.undo()
        #expect(ancestorIDs() == [0])
        try mediator.history.redo()
        try mediator.history.redo()
        #expect(ancestorIDs() == [2])
    }

    @Test func twoPutsInOneUpdateOrOneAccessAreUndoneTogether() throws {
        let original = keys()
        try mediator.update { library in
            library.shelvesByKey["a"] = self.shelves[0]
            library.shelvesByKey["k4"] = nil
            library.shelvesByKey["b"] = Shelf(id: 11, title: "b")
        }
        #expect(keys() == ["k0": 0, "k1": 1, "k2": 2, "k3": 3, "a": 0, "b": 11])
        try mediator.history.undo()
        #expect(keys() == original)
        try mediator.update { $0.shelvesByKey.putTwice("a", "b", self.shelves[3]) }
        #expect(keys()["a"] == 3 && keys()["b"] == 3)
        try mediator.history.undo()
        #expect(keys() == original)
    }

    @Test func aPutAndAnEditThatTakesNoSpliceInOneAccessAreUndoneTogether() throws {
        let original = keys()
        try mediator.update { $0.shelvesByKey.putThenRemoveAll("a", self.shelves[3]) }
        #expect(keys().isEmpty)
        try mediator.history.undo()
        #expect(keys() == original)
    }

    @Test func aPutThatChangesNothingIsNoStep() throws {
        try mediator.update { $0.shelvesByKey["k1"] = self.shelves[1] }
        try mediator.update { $0.shelves[1].ancestorSet.insert(self.shelves[0]) }
        #expect(!mediator.history.canUndo)
    }

    // MARK: Rollback

    @Test func anUpdateThatThrowsAfterAPutPutsTheCollectionsBack() throws {
        let original = keys()
        #expect(throws: Failure.self) {
            try mediator.update { library in
                library.shelvesByKey["new"] = Shelf(id: 10, title: "new")
                library.shelves[1].ancestorSet.remove(self.shelves[0])
                throw Failure()
            }
        }
        #expect(keys() == original)
        #expect(ancestorIDs() == [0])
        #expect(!mediator.history.canUndo)
    }

    // MARK: Watches

    @Test func aPutFiresTheReadersOfTheDictionary() throws {
        let log = EventLog()
        let registration = mediator.observe("byKey", reads: [Library.scheme.shelvesByKey]) { _ in log.append("byKey") }
        mediator.refresh()
        _ = log.take()
        try mediator.update { $0.shelvesByKey["new"] = Shelf(id: 10, title: "new") }
        #expect(log.take() == ["byKey"])
        withExtendedLifetime(registration) {}
    }

    /// A rolled-back put or removal makes the dictionary anew from what the edit left: equal to
    /// the one the update began with, its keys maybe in another order. The watches stay those a
    /// full walk finds, and the next edits fire the readers as before.
    @Test func aRolledBackPutOrRemovalLeavesTheWatchesAsAFullWalkFindsThem() throws {
        let log = EventLog()
        let registration = mediator.observe("keyed", reads: [Library.scheme.shelvesByKey.title]) { _ in log.append("keyed") }
        mediator.refresh()
        // Dictionaries of several sizes, full or nearly: a put may grow one, a removal shifts
        // the keys after it, so that the one made back may list its keys in another order.
        for count in 2...12 {
            try mediator.update { library in
                library.shelvesByKey = Dictionary(uniqueKeysWithValues: (0..<count).map { ("k\($0)", self.shelves[$0 % 5]) })
            }
            _ = log.take()
            for key in ["new"] + (0..<count).map({ "k\($0)" }) {
                #expect(throws: Failure.self) {
                    try mediator.update { library in
                        library.shelvesByKey[key] = library.shelvesByKey[key] == nil ? self.shelves[0] : nil
                        throw Failure()
                    }
                }
                #expect(log.take() == [])
                #expect(registration.state.watchDifferences(nodes: []) == [], "\(count) keys, \(key)")
            }
            try mediator.update { $0.shelvesByKey["k0"] = nil }
            try mediator.update { $0.shelvesByKey["k0"] = self.shelves[4] }
            try mediator.update { _ in self.shelves[4].title = "renamed \(count)" }
            #expect(log.take() == ["keyed", "keyed", "keyed"])
            #expect(registration.state.watchDifferences(nodes: []) == [], "\(count) keys, edited")
        }
    }

    // MARK: Documents and replicas

    @Test func aPutAndASetInsertReachAnotherReplicaAndTheirUndoToo() throws {
        let replicas = try GardenReplicas.replicas(2)
        let (a, b) = (replicas[0], replicas[1])
        try a.update { library in
            let garden = library.garden!
            let bed = Bed("New")
            bed.plan = garden
            garden.bedsByName["New"] = bed
        }
        try a.update { $0.garden!.bedsByName["B1"] = nil }
        try a.update { $0.garden!.companions.insert($0.garden!.beds[2].plants[1]) }
        try a.update { $0.garden!.bedsByName["B0 again"] = $0.garden!.beds[0] }
        try GardenReplicas.syncAll(replicas)
        #expect(try GardenReplicas.text(a) == GardenReplicas.text(b))
        #expect(b.root.garden!.bedsByName.keys.sorted() == ["B0", "B0 again", "B2", "New"])
        #expect(b.root.garden!.companions.count == 2)
        for _ in 0..<4 { try a.history.undo() }
        try GardenReplicas.syncAll(replicas)
        #expect(try GardenReplicas.text(a) == GardenReplicas.text(b))
        #expect(b.root.garden!.bedsByName.keys.sorted() == ["B0", "B1", "B2"])
        #expect(b.root.garden!.companions.count == 1)
        let reopened = try Mediator<Library>(opening: try a.snapshot())
        #expect(reopened.root.garden!.bedsByName.keys.sorted() == ["B0", "B1", "B2"])
    }
}

/// A recorder that hands each commit to `body`.
@MainActor
private final class JournalSpy: CommitRecorder {
    let body: (Commit) -> Void
    init(_ body: @escaping (Commit) -> Void) { self.body = body }
    var keptDocument: Int? { nil }
    func record(_ commit: Commit) { body(commit) }
}

extension Dictionary where Key == String, Value == Shelf {
    /// Two puts in one access.
    fileprivate mutating func putTwice(_ first: String, _ second: String, _ shelf: Shelf) {
        self[first] = shelf
        self[second] = shelf
    }

    /// A put, then an edit that takes no splice, in one access.
    fileprivate mutating func putThenRemoveAll(_ key: String, _ shelf: Shelf) {
        self[key] = shelf
        removeAll()
    }
}
