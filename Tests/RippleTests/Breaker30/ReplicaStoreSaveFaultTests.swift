import Foundation
@testable import Ripple
import Testing

/// A `DocumentStore` whose mediator is a replica, saved (its journal compacted into a new
/// snapshot) between updates and merges, one of them waiting for its predecessor, with the Nth
/// file call failing for every N: whatever returned is there after a reopening, as the same
/// replica, and a third replica that was sent its changes converges with it. The store fuzzer
/// never saves; this is the part it leaves out.
@MainActor
@Suite struct ReplicaStoreSaveFaultTests {
    /// The other replica's two changes, the second to be merged before the first.
    private struct Incoming {
        let first: ChangeSet
        let second: ChangeSet
        let third: ChangeSet
    }

    /// Runs the session on the store at `url` through `files`; returns the version and the
    /// snapshot of the last step that returned with no failure reported.
    private func session(
        url: URL, files: any FileSystemCalls, incoming: Incoming
    ) -> (version: DocumentVersion, snapshot: Data)? {
        guard let store = try? DocumentStore<Library>(url: url, durability: .immediate, files: files) else { return nil }
        var failed = false
        store.mediator.failureHandler = { _ in failed = true }
        var acknowledged: (DocumentVersion, Data)?
        let steps: [(DocumentStore<Library>) throws -> Void] = [
            { try $0.mediator.update { $0.shelves.append(Shelf(id: 10, title: "mine")) } },
            { try $0.mediator.merge(incoming.second) },  // waits for the first
            { try $0.save() },
            { try $0.mediator.update { $0.shelves[0].entries = ["kept"] } },
            { try $0.mediator.merge(incoming.first) },
            { try $0.save() },
            { try $0.mediator.merge(incoming.third) },
            { try $0.mediator.update { $0.userID = 42 } },
            { try $0.save() },
        ]
        for step in steps {
            do {
                try step(store)
            } catch {
                return acknowledged
            }
            if failed { return acknowledged }
            acknowledged = (store.mediator.version, (try? store.mediator.snapshot()) ?? Data())
        }
        return acknowledged
    }

    @Test(arguments: [FaultyFileCalls.Fault.natural, .shortWrite, .kill])
    func everyFailingFileCallDuringSavesLosesNothingAcknowledged(fault: FaultyFileCalls.Fault) throws {
        let space = try ScratchFolders()
        let genesisURL = space.url("Genesis.ripple")
        let identity: ReplicaID
        let other: Mediator<Library>
        do {
            let store = try DocumentStore<Library>(url: genesisURL)
            identity = store.mediator.replicaID
            other = try Mediator<Library>(opening: try store.mediator.snapshot())
        }
        try other.update { $0.scores["first"] = 1 }
        let first = try other.changes(since: DocumentVersion())
        let afterFirst = other.version
        try other.update { $0.scores["second"] = 2 }
        let afterSecond = other.version
        let second = try other.changes(since: afterFirst)
        try other.update { $0.notes.append(Note(id: 1, "n")) }
        let third = try other.changes(since: afterSecond)
        let incoming = Incoming(first: first, second: second, third: third)
        var reached = 0
        for call in 1...400 {
            let url = space.url("Store\(call).ripple")
            try FileManager.default.copyItem(at: genesisURL, to: url)
            // A copy is a new replica: open it once first, so the session runs as it.
            let copyIdentity = try DocumentStore<Library>(url: url).mediator.replicaID
            #expect(copyIdentity != identity)
            let files = FaultyFileCalls()
            files.failingCall = call
            files.fault = fault
            let acknowledged = session(url: url, files: files, incoming: incoming)
            guard files.failure != nil else { break }
            reached += 1
            let reopened = try DocumentStore<Library>(url: url)
            #expect(reopened.mediator.replicaID == copyIdentity, "\(files.failure ?? ""): reopened as another replica")
            #expect(try reopened.mediator.replica.mismatches(in: reopened.mediator).isEmpty)
            if let (version, _) = acknowledged {
                #expect(reopened.mediator.version.includes(version), "\(files.failure ?? ""): an acknowledged change is lost")
            }
            // Everything the other replica sent arrives (again) and the two converge.
            for changes in [first, second, third] { try reopened.mediator.merge(changes) }
            let peer = try Mediator<Library>(opening: try other.snapshot())
            try peer.merge(try reopened.mediator.changes(since: peer.version))
            try reopened.mediator.merge(try peer.changes(since: reopened.mediator.version))
            #expect(try peer.snapshot() == reopened.mediator.snapshot(), "\(files.failure ?? ""): replicas disagree")
            // The reopened replica's clock is past every change it made before: its next write
            // of a member it wrote then wins everywhere.
            try reopened.mediator.update { $0.userID = 7 }
            try peer.merge(try reopened.mediator.changes(since: peer.version))
            #expect(peer.root.userID == 7, "\(files.failure ?? ""): a write after reopening lost to an older one")
            try? FileManager.default.removeItem(at: url)
            try? FileManager.default.removeItem(atPath: url.path + ".journal")
        }
        #expect(reached > 10)
    }
}
