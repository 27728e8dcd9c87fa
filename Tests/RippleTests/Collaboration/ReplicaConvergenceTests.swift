import Foundation
@testable import Ripple
import Testing

/// Replicas of one document edit at once and exchange their changes late, duplicated, batched
/// and out of order; once each has every change, their snapshots are byte for byte the same,
/// and no node is in two arrays or inside itself through the moves.
@MainActor
@Suite struct ReplicaConvergenceTests {
    /// Values, strings, sets, dictionaries, nodes made, removed, reordered and moved across
    /// parents: every replica's model stays what its engine shows after every step.
    @Test(arguments: 0..<32)
    func replicasWithTheSameChangesHaveTheSameDocument(seed: UInt64) throws {
        try run(seed: seed, sharesNodes: false)
    }

    /// The same with shelves also held by back references, `pinned` and `shelvesByKey`, and
    /// steps undone and redone. A move concerns only the places it names (see `MoveStatus`), a
    /// node put back moves, and an undo leaves a node moved on since where it is: 10 of these 32
    /// seeds failed before. Seed 101 threw from a merge: an undo had written to a node another
    /// replica removed (outside the document: no patch told the engine), and the merge's splice
    /// of it did not fit; such edits are now made whole. Seeds 134, 159 and 279 lost a back
    /// reference to the root set on a new shelf (breaker 30's first finding). Seed 118 hid a key
    /// of a shelf that one update had reordered and re-keyed (one move joined the array's track
    /// and the dictionary's): such an update now makes a move on each track. Seed 188 brought back
    /// a shelf whose entries an undo had changed outside the document: a merge now sets every
    /// member of a node that comes back as the engine has it. Seed 153 put back a shelf that a
    /// back reference still held, as a placement beside a concurrent move: a reference does not
    /// count now, the put-back moves. Seeds 240, 242, 268, 283, 307 and 328 put a shelf back into
    /// the shelves by an undo while a key held it and another replica reordered or moved it: the
    /// shelf was there twice; a node put back into a member that held it moves now. Seed 1474
    /// redid a move whose source a merge had changed: the shelf went into the destination and
    /// stayed in the source (see `ReplicaRedoMoveTests`). Seed 2408 undid a move out of a shelf
    /// another replica's removal hid: the shelf went back and stayed in the hidden one (see
    /// `ReplicaHiddenHolderTests`). Seed 978 failed with keyed edits (a shelf's `parent` set in
    /// the model and nil in the engine) and passes since they met main's cycle check that puts
    /// the nodes an update made under the holders they entered (likely the fix; not bisected).
    @Test(arguments: Array(0..<32) + [101, 118, 134, 153, 159, 188, 279, 240, 242, 268, 283, 307, 328, 978, 1_474, 2_408])
    func replicasThatShareNodesConverge(seed: UInt64) throws {
        try run(seed: seed, sharesNodes: true)
    }

    /// Seeds 0 up to `RIPPLE_SHARED_SEEDS` (or those listed, with commas) of the shared-node
    /// fuzzer, run by hand to look for histories the seeds above miss (none unless set).
    @Test(arguments: Self.wideSeeds)
    func replicasThatShareNodesConvergeOverManySeeds(seed: UInt64) throws {
        try run(seed: seed, sharesNodes: true)
    }

    nonisolated static var wideSeeds: [UInt64] {
        let text = ProcessInfo.processInfo.environment["RIPPLE_SHARED_SEEDS"] ?? ""
        if text.contains(",") { return text.split(separator: ",").compactMap { UInt64($0) } }
        return Array(0..<(UInt64(text) ?? 0))
    }

    func run(seed: UInt64, sharesNodes: Bool) throws {
        let fuzzing = ReplicaFuzzing(seed: seed, sharesNodes: sharesNodes)
        let replicas = try Self.replicas(seed: seed, fuzzing: fuzzing)
        // Change sets on their way to each replica, delivered in any order.
        var inboxes = Array(repeating: [ChangeSet](), count: replicas.count)
        var merges = 0
        for step in 0..<80 {
            let replica = fuzzing.index(replicas.count)
            let action = fuzzing.index(10)
            switch action {
            case 0..<5:
                try fuzzing.edit(replicas[replica])
            case 5..<8:
                // What the sender has that the receiver lacked some time ago, or everything.
                let receiver = fuzzing.index(replicas.count)
                guard receiver != replica else { continue }
                let since = fuzzing.chance(20) ? DocumentVersion() : replicas[receiver].version
                inboxes[receiver].append(try replicas[replica].changes(since: since))
            default:
                guard !inboxes[replica].isEmpty else { continue }
                try replicas[replica].merge(inboxes[replica].remove(at: fuzzing.index(inboxes[replica].count)))
                merges += 1
            }
            let mismatches = try replicas[replica].replica.mismatches(in: replicas[replica])
            #expect(mismatches.isEmpty, "seed \(seed) step \(step): \(action < 5 ? "edit \(fuzzing.lastEdits)" : "merge") \(mismatches)")
            if !mismatches.isEmpty { return }
        }
        // Everyone gets everything: the late change sets first, then what each still lacks.
        for (replica, inbox) in inboxes.enumerated() { for changes in inbox.shuffled(using: &fuzzing.random) { try replicas[replica].merge(changes) } }
        for _ in 0..<2 {
            for sender in replicas { for receiver in replicas where receiver !== sender { try receiver.merge(try sender.changes(since: receiver.version)) } }
        }
        for replica in replicas {
            let mismatches = try replica.replica.mismatches(in: replica)
            #expect(mismatches.isEmpty, "seed \(seed) at the end: \(mismatches)")
        }
        let first = try replicas[0].snapshot()
        for replica in replicas.dropFirst() {
            #expect(replica.version == replicas[0].version)
            let mine = String(decoding: try replica.snapshot(), as: UTF8.self)
            let theirs = String(decoding: first, as: UTF8.self)
            #expect(mine == theirs, "seed \(seed)")
            if mine != theirs, ProcessInfo.processInfo.environment["RIPPLE_DEBUG_FUZZ"] != nil { print("MINE  \(mine)\nFIRST \(theirs)")
            }
        }
        try Self.checkPlaces(replicas[0].root)
        print("seed \(seed): \(replicas.count) replicas, \(merges) merges on the way, edits \(fuzzing.counts.sorted { $0.key < $1.key })")
    }

    /// The fuzzer's three to five replicas, their identities drawn from `seed` so that ties
    /// fall alike on every run.
    static func replicas(seed: UInt64, fuzzing: ReplicaFuzzing) throws -> [Mediator<Library>] {
        let count = 3 + fuzzing.index(3)
        let identities = ReplicaGroup.identities(count, seed: seed)
        let origin = Mediator(root: makeLibrary())
        origin.startReplica(as: identities[0])
        let snapshot = try origin.snapshot()
        var replicas = [origin]
        for identity in identities.dropFirst() {
            let replica = try Mediator<Library>(opening: snapshot)
            replica.startReplica(as: identity)
            replicas.append(replica)
        }
        return replicas
    }

    /// No shelf in two arrays, and none below itself through children.
    static func checkPlaces(_ library: Library) throws {
        var holders: [ObjectIdentifier: Int] = [:]
        for shelf in library.shelves { holders[ObjectIdentifier(shelf), default: 0] += 1 }
        for shelf in ReplicaFuzzing.shelves(of: library) {
            for child in shelf.children { holders[ObjectIdentifier(child), default: 0] += 1 }
            for child in shelf.children { #expect(!ReplicaFuzzing.isWithin(shelf, child), "a shelf inside itself") }
        }
        #expect(holders.values.allSatisfy { $0 == 1 }, "a shelf in two arrays")
    }
}
