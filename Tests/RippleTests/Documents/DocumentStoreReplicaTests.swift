import Foundation
@testable import Ripple
import Testing

/// A `DocumentStore`'s mediator is a replica like any other, and as crash-safe as the store: it
/// keeps its identity across reopenings (a copy of its file is a new replica), and reopens with
/// every change it made or merged, and with those that wait.
@MainActor
@Suite struct DocumentStoreReplicaTests {
    private func scratch() throws -> ScratchFolders { try ScratchFolders() }

    /// Makes `store`'s mediator a replica, and another from its snapshot, before either edits:
    /// what a mediator holds when it becomes a replica is where it starts.
    private func otherReplica(of store: DocumentStore<Library>) throws -> Mediator<Library> {
        _ = store.mediator.replicaID
        let other = try Mediator<Library>(opening: try store.mediator.snapshot())
        _ = other.replicaID
        return other
    }

    @Test func aStoreKeepsItsReplicaIdentityAcrossReopenings() throws {
        let space = try scratch()
        let url = space.url("Library.ripple")
        var store: DocumentStore<Library>? = try DocumentStore<Library>(url: url)
        let identity = store!.mediator.replicaID
        store = nil
        store = try DocumentStore<Library>(url: url)
        #expect(store!.mediator.replicaID == identity)
        // Saved, compacted and edited in between, still the same.
        try store!.mediator.update { $0.userID = 3 }
        try store!.save()
        store = nil
        store = try DocumentStore<Library>(url: url)
        #expect(store!.mediator.replicaID == identity)
        #expect(store!.mediator.root.userID == 3)
    }

    @Test func aCopyOfAStoresFileOpensAsANewReplicaThatKeepsItsOwnIdentity() throws {
        let space = try scratch()
        let original = space.url("Library.ripple")
        var store: DocumentStore<Library>? = try DocumentStore<Library>(url: original)
        let identity = store!.mediator.replicaID
        try store!.mediator.update { $0.userID = 5 }
        store = nil
        // The document and its journal copied, as the Finder or a backup would.
        let copy = space.url("Copy.ripple")
        try FileManager.default.copyItem(at: original, to: copy)
        try FileManager.default.copyItem(atPath: original.path + ".journal", toPath: copy.path + ".journal")
        var copied: DocumentStore<Library>? = try DocumentStore<Library>(url: copy)
        let copyIdentity = copied!.mediator.replicaID
        #expect(copyIdentity != identity)
        #expect(copied!.mediator.root.userID == 5)
        copied = nil
        copied = try DocumentStore<Library>(url: copy)
        #expect(copied!.mediator.replicaID == copyIdentity)
        // The original is still itself, and a file renamed stays the same replica.
        let renamed = space.url("Renamed.ripple")
        try FileManager.default.moveItem(at: original, to: renamed)
        try FileManager.default.moveItem(atPath: original.path + ".journal", toPath: renamed.path + ".journal")
        #expect(try DocumentStore<Library>(url: renamed).mediator.replicaID == identity)
    }

    @Test func theSnapshotAMediatorHandsOthersHoldsNoIdentity() throws {
        let space = try scratch()
        let store = try DocumentStore<Library>(url: space.url("Library.ripple"))
        let snapshot = try store.mediator.snapshot()
        #expect(try Mediator<Library>(opening: snapshot).replicaID != store.mediator.replicaID)
        // Written to a file and opened by a store, it is a replica of its own too.
        let url = space.url("Other.ripple")
        try snapshot.write(to: url)
        let other = try DocumentStore<Library>(url: url)
        let identity = other.mediator.replicaID
        #expect(identity != store.mediator.replicaID)
        #expect(!String(decoding: snapshot, as: UTF8.self).contains("\"replica\""))
    }

    @Test func mergesAndLocalUpdatesSurviveADropAndChangesStillServeThem() throws {
        let space = try scratch()
        let url = space.url("Library.ripple")
        var store: DocumentStore<Library>? = try DocumentStore<Library>(url: url)
        let other = try otherReplica(of: store!)
        let identity = store!.mediator.replicaID
        try store!.mediator.update { $0.shelves = [Shelf(id: 1, title: "Mine")] }
        try other.update { $0.scores["theirs"] = 1 }
        try store!.mediator.merge(try other.changes(since: store!.mediator.version))
        try store!.mediator.update { $0.shelves[0].entries = ["a", "b"] }
        try other.update { $0.userID = 9 }
        try store!.mediator.merge(try other.changes(since: store!.mediator.version))
        let version = store!.mediator.version
        let mine = try store!.mediator.changes(since: DocumentVersion())
        let text = try store!.mediator.snapshot()
        // Dropped without saving: only the journal holds all of it.
        store = nil
        let reopened = try DocumentStore<Library>(url: url)
        #expect(reopened.mediator.replicaID == identity)
        #expect(reopened.mediator.version == version)
        #expect(try reopened.mediator.snapshot() == text)
        #expect(try reopened.mediator.changes(since: DocumentVersion()) == mine)
        #expect(try reopened.mediator.replica.mismatches(in: reopened.mediator).isEmpty)
        try other.merge(try reopened.mediator.changes(since: other.version))
        #expect(try other.snapshot() == reopened.mediator.snapshot())
    }

    @Test func aChangeThatWaitsForItsPredecessorSurvivesADrop() throws {
        let space = try scratch()
        let url = space.url("Library.ripple")
        var store: DocumentStore<Library>? = try DocumentStore<Library>(url: url)
        let other = try otherReplica(of: store!)
        try other.update { $0.userID = 1 }
        let first = try other.changes(since: DocumentVersion())
        let afterFirst = other.version
        try other.update { $0.userID = 2 }
        let second = try other.changes(since: afterFirst)
        try store!.mediator.merge(second)
        #expect(store!.mediator.root.userID == 0)
        store = nil
        store = try DocumentStore<Library>(url: url)
        try store!.mediator.merge(first)
        #expect(store!.mediator.root.userID == 2)
        #expect(store!.mediator.version == other.version)
    }

    @Test func aStoreThatBecomesAReplicaAfterEditingKeepsWhatItHadAndReopensAsOne() throws {
        let space = try scratch()
        let url = space.url("Library.ripple")
        var store: DocumentStore<Library>? = try DocumentStore<Library>(url: url)
        try store!.mediator.update { $0.userID = 4 }
        store = nil
        store = try DocumentStore<Library>(url: url)
        // Its journal held patches; from its first collaboration call on, changes.
        _ = store!.mediator.replicaID
        let other = try Mediator<Library>(opening: try store!.mediator.snapshot())
        try store!.mediator.update { $0.scores["mine"] = 1 }
        try other.merge(try store!.mediator.changes(since: other.version))
        let identity = store!.mediator.replicaID
        store = nil
        store = try DocumentStore<Library>(url: url)
        #expect(store!.mediator.replicaID == identity)
        #expect(try store!.mediator.snapshot() == other.snapshot())
    }

    @Test func aLooserDurabilityMakesChangesDurableBeforeServingThem() throws {
        let space = try scratch()
        let store = try DocumentStore<Library>(url: space.url("Library.ripple"), durability: .onSave)
        _ = store.mediator.replicaID
        try store.mediator.update { $0.userID = 1 }
        #expect(store.mediator.hasUnsavedChanges)
        _ = try store.mediator.changes(since: DocumentVersion())
        #expect(!store.mediator.hasUnsavedChanges)
    }

    @Test func aMergeTheJournalCannotHoldIsRefusedWithNothingChanged() throws {
        let space = try scratch()
        let files = FaultyFileCalls()
        let store = try DocumentStore<Library>(url: space.url("Library.ripple"), durability: .immediate, files: files)
        let other = try otherReplica(of: store)
        try other.update { $0.userID = 8 }
        let before = try store.mediator.snapshot()
        let version = store.mediator.version
        files.counted = ["write"]
        files.failingCall = files.calls + 1
        #expect(throws: DocumentError.self) { try store.mediator.merge(try other.changes(since: version)) }
        #expect(store.mediator.version == version)
        #expect(try store.mediator.snapshot() == before)
        files.failingCall = 0
        try store.mediator.merge(try other.changes(since: version))
        #expect(store.mediator.root.userID == 8)
    }

    @Test func aMergeTheModelRefusesLeavesNothingInTheJournal() throws {
        let space = try scratch()
        let url = space.url("Library.ripple")
        var store: DocumentStore<Library>? = try DocumentStore<Library>(url: url)
        let mediator = store!.mediator
        let version = mediator.version
        // A change the engine takes and the model cannot: a string for an Int.
        let root = try #require(mediator.replica.engine.root)
        let forged = ReplicaChange(
            replica: ReplicaID.random(), sequence: 1, dependencies: DocumentVersion(), firstCounter: 1_000,
            operations: [.write(node: root, member: "userID", value: .json("\"text\""))])
        let changes = ChangeSet(document: mediator.replica.engine.document, model: "Library", changes: [forged])
        #expect(throws: (any Error).self) { try mediator.merge(changes) }
        #expect(mediator.version == version)
        try mediator.update { $0.userID = 6 }
        store = nil
        // Its record was taken back: the journal merges whole on reopening.
        let reopened = try DocumentStore<Library>(url: url)
        #expect(reopened.mediator.root.userID == 6)
        #expect(reopened.mediator.version.includes(version))
    }

    @Test func whatACoordinatorWritesInTheRefreshIsAChangeTooAndSurvivesADrop() throws {
        let space = try scratch()
        let url = space.url("Library.ripple")
        var store: DocumentStore<Library>? = try DocumentStore<Library>(url: url)
        let other = try otherReplica(of: store!)
        var counter: Registration? = store!.mediator.coordinate("count", reads: [Library.scheme.shelves]) { $0.userID = $0.shelves.count }
        store!.mediator.refresh()
        try store!.mediator.update { $0.shelves.append(Shelf(id: 1, title: "A")) }
        #expect(store!.mediator.root.userID == 1)
        try other.merge(try store!.mediator.changes(since: other.version))
        #expect(other.root.userID == 1, "the coordinator's write reached the other replica as a change")
        let version = store!.mediator.version
        counter = nil
        store = nil
        let reopened = try DocumentStore<Library>(url: url)
        #expect(reopened.mediator.version == version)
        #expect(reopened.mediator.root.userID == 1)
        #expect(try reopened.mediator.snapshot() == other.snapshot())
        _ = counter
    }

    @Test func aLocalUpdateTheJournalCannotHoldIsRefusedAndItsChangeTakenBack() throws {
        let space = try scratch()
        let files = FaultyFileCalls()
        let store = try DocumentStore<Library>(url: space.url("Library.ripple"), durability: .immediate, files: files)
        let version = store.mediator.version
        files.counted = ["write"]
        files.failingCall = files.calls + 1
        #expect(throws: DocumentError.self) { try store.mediator.update { $0.shelves = [Shelf(id: 1, title: "Lost")] } }
        #expect(store.mediator.version == version)
        #expect(store.mediator.root.shelves.isEmpty)
        files.failingCall = 0
        try store.mediator.update { $0.shelves = [Shelf(id: 2, title: "Kept")] }
        #expect(try store.mediator.replica.mismatches(in: store.mediator).isEmpty)
        #expect(try store.mediator.changes(since: version).changes.count == 1)
    }
}

/// The seeded property test: three stores edit, exchange change sets late, duplicated and out
/// of order, and are killed and reopened; and the same session with each file call of the first
/// store failing in turn.
@MainActor
@Suite struct DocumentStoreReplicaPropertyTests {
    /// 12 seeds of 100 steps; `RIPPLE_STORE_FUZZ_ROUNDS=n` runs n seeds in each (n × 12).
    @Test(arguments: 0..<12 as Range<UInt64>)
    func everyAcknowledgedChangeSurvivesKillsAndReplicasConverge(seed: UInt64) throws {
        let kinds = try ReplicaStoreFuzzRuns.seeds(from: seed, stride: 12, name: "STORE_FUZZ", steps: 100) {
            try DocumentStoreReplicaFuzzing(seed: $0)
        }
        #expect(kinds["kill", default: 0] > 0 && kinds["deliver", default: 0] > 0, "seed \(seed): \(kinds)")
    }

    /// The first store's file calls fail one at a time, the Nth for every N from the session's
    /// start, until a session reaches no fault: an update or merge may throw or report the
    /// failure, and nothing it acknowledged is lost when the store is dropped and reopened.
    @Test(arguments: [FaultyFileCalls.Fault.natural, .shortWrite])
    func everyFailingFileCallLosesNothingAcknowledged(fault: FaultyFileCalls.Fault) throws {
        let faultsReached = try ReplicaStoreFuzzRuns.eachFailingCall(fault, upTo: 300, steps: 30) {
            try DocumentStoreReplicaFuzzing(seed: 5, firstFiles: $0)
        }
        #expect(faultsReached > (fault == .shortWrite ? 3 : 10), "the session makes calls to fail (\(faultsReached))")
    }
}
