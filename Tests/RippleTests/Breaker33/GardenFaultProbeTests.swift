import Foundation
@testable import Ripple
import Testing

/// Issue 33's breaker: a garden shared through a folder, its sync run with the Nth file call
/// failing for every N; and a replica's document store compacting with the Nth call failing.
/// Each call either works or throws, nothing is half-applied, and afterwards the replicas
/// converge with every acknowledged update.
@MainActor
@Suite struct GardenFaultProbeTests {
    typealias G = GardenReplicas

    /// The others' edits of every shape, made by `mac` and appended to its file.
    private func macEdits(_ mac: SharedFolderStore<Library>) throws {
        try mac.mediator.update { $0.garden!.beds[0].plants.append(Plant("basil")) }
        try mac.mediator.update { $0.garden!.bedsByName["herbs"] = $0.garden!.beds[0] }
        try mac.mediator.update { library in
            let garden = library.garden!
            let plant = garden.beds[1].plants.removeFirst()
            garden.beds[2].plants.insert(plant, at: 0)
            plant.bed = garden.beds[2]
        }
        try mac.mediator.update { $0.garden!.beds[1].labels = ["shade", "wet"] }
        try mac.mediator.update { $0.garden!.companions.insert($0.garden!.beds[2].plants[0]) }
        try mac.mediator.update { library in
            let top = library.garden!.zone!
            let zone = top.children.removeLast()
            top.children[0].children.append(zone)
            zone.parent = top.children[0]
        }
    }

    /// A sync with the Nth file call failing: it throws or works, whole; the iPad goes on
    /// editing, syncs again, reopens, and ends equal to the Mac with every edit of its own.
    @Test func everyFailingCallOfASharedFolderSyncLosesNothing() throws {
        var reached = 0
        for call in 1...300 {
            let space = try G.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: space) }
            let folder = space.appendingPathComponent("Garden")
            let mac = try SharedFolderStore<Library>(folder: folder, identity: space.appendingPathComponent("mac.replica"))
            try mac.mediator.update { $0.garden = G.makeGarden(library: $0) }
            let files = FaultyFileCalls()
            var iPad: SharedFolderStore<Library>? = try SharedFolderStore<Library>(
                folder: folder, identity: space.appendingPathComponent("iPad.replica"), files: files)
            try iPad!.mediator.update { $0.garden!.beds[2].name = "iPad" }
            try macEdits(mac)
            files.failingCall = files.calls + call
            let before = try G.text(iPad!.mediator)
            var threw = false
            do { try iPad!.sync() } catch { threw = true }
            let failed = files.failure
            if failed == nil, threw { Issue.record("call \(call): a sync that met no fault threw") }
            if threw, try G.text(iPad!.mediator) != before {
                // A sync merges what it read as one update: a throw that still merged is allowed
                // only when everything it read was merged (the others' records).
                let probe = try Mediator<Library>(opening: try iPad!.mediator.snapshot())
                #expect(GardenConvergenceFuzzing.problems(probe).isEmpty, "call \(call): \(failed ?? "")")
            }
            var acknowledged = ["iPad"]
            if (try? iPad!.mediator.update({ $0.garden!.beds[0].name = "after" })) != nil { acknowledged.append("after") }
            try? iPad!.sync()
            iPad = nil
            let reopened = try SharedFolderStore<Library>(folder: folder, identity: space.appendingPathComponent("iPad.replica"))
            try reopened.sync()
            try mac.sync()
            #expect(try G.text(mac.mediator) == G.text(reopened.mediator), "call \(call): \(failed ?? "no fault")")
            let names = Set(reopened.mediator.root.garden!.beds.map(\.name))
            #expect(names.isSuperset(of: acknowledged), "call \(call): \(failed ?? "no fault"): \(names)")
            #expect(G.species(reopened.mediator).contains("basil"), "call \(call)")
            guard failed != nil else { break }
            reached += 1
        }
        #expect(reached > 5, "the sync makes calls to fail (\(reached))")
    }

    /// A replica's store compacting with the Nth file call failing, between merges and updates:
    /// compaction throws or works; the store then goes on, and reopened it is the same replica
    /// with every acknowledged change, converging with its peer.
    @Test func everyFailingCallOfAReplicaStoresCompactionLosesNothing() async throws {
        var reached = 0
        for call in 1...300 {
            let space = try G.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: space) }
            let url = space.appendingPathComponent("garden.ripple")
            let peer = Mediator(root: G.makeLibrary())
            _ = peer.replicaID
            try peer.snapshot().write(to: url)
            let files = FaultyFileCalls()
            var store: DocumentStore<Library>? = try DocumentStore<Library>(
                url: url, durability: .immediate, compaction: .manual, files: files)
            try store!.mediator.merge(try peer.changes(since: store!.mediator.version))
            try store!.mediator.update { $0.garden!.beds[0].plants.append(Plant("mine")) }
            try peer.update { $0.garden!.beds[1].sunny = false }
            try store!.mediator.merge(try peer.changes(since: store!.mediator.version))
            let replica = store!.mediator.replicaID
            files.failingCall = files.calls + call
            do { try await store!.compact() } catch {}
            let failed = files.failure
            var acknowledged = try G.text(store!.mediator)
            if (try? store!.mediator.update({ $0.garden!.beds[2].plants.removeFirst() })) != nil {
                acknowledged = try G.text(store!.mediator)
            }
            try peer.update { $0.garden!.beds[2].soil = .clay }
            if (try? store!.mediator.merge(try peer.changes(since: store!.mediator.version))) != nil {
                acknowledged = try G.text(store!.mediator)
            }
            store = nil
            let reopened = try DocumentStore<Library>(url: url)
            #expect(reopened.mediator.replicaID == replica, "call \(call): \(failed ?? "no fault")")
            #expect(try G.text(reopened.mediator) == acknowledged, "call \(call): \(failed ?? "no fault")")
            try reopened.mediator.merge(try peer.changes(since: reopened.mediator.version))
            try peer.merge(try reopened.mediator.changes(since: peer.version))
            #expect(try G.text(peer) == G.text(reopened.mediator), "call \(call): \(failed ?? "no fault")")
            guard failed != nil else { break }
            reached += 1
        }
        #expect(reached > 5, "compaction makes calls to fail (\(reached))")
    }
}
