import Foundation
@testable import Ripple
import Testing

/// Replicas over the test library's every member shape (``ReplicaShapeFuzzing``): concurrent
/// edits converge to byte-identical snapshots with every model equal to its engine; edits made
/// in turns give what the same edits give a plain mediator (the reference); recursion hundreds
/// of levels deep merges moves into each other without a cycle.
@MainActor
@Suite struct ReplicaShapeTests {
    /// 3 to 5 replicas edit at once (rolled-back updates, undo and redo included) and exchange
    /// change sets late, duplicated and out of order; two more join late, each opened from the
    /// snapshot of a replica that has made and merged changes; a chart made invalid by a merge is
    /// reported and repaired by an ordinary update, as an app would.
    @Test(arguments: 0..<12)
    func concurrentEditsOfEveryShapeConverge(seed: UInt64) throws {
        let fuzzing = ReplicaShapeFuzzing(seed: seed)
        var replicas = try Self.replicas(count: 3 + fuzzing.index(3))
        var invalidAfterMerge = 0
        let countInvalid: @MainActor (UpdateFailure) -> Void = { failure in
            if failure.error is InvalidAfterMerge { invalidAfterMerge += 1 }
        }
        for replica in replicas { replica.failureHandler = countInvalid }
        var inboxes = Array(repeating: [ChangeSet](), count: replicas.count)
        var merges = 0
        var undos = 0
        for step in 0..<120 {
            if step == 40 || step == 80 {
                // A device joins late, from the snapshot of one that has made and merged changes.
                let joiner = try Mediator<Library>(opening: try replicas[fuzzing.index(replicas.count)].snapshot())
                _ = joiner.replicaID
                joiner.failureHandler = countInvalid
                replicas.append(joiner)
                inboxes.append([])
            }
            let replica = fuzzing.index(replicas.count)
            let action = fuzzing.index(12)
            switch action {
            case 0..<6:
                fuzzing.edit(replicas[replica])
            case 6 where replicas[replica].history.canUndo:
                // An undo that would break the chart's validate() is refused, as without replicas.
                if (try? replicas[replica].history.undo()) != nil { undos += 1 }
            case 7 where replicas[replica].history.canRedo:
                if (try? replicas[replica].history.redo()) != nil { undos += 1 }
            case 8, 9:
                let receiver = fuzzing.index(replicas.count)
                guard receiver != replica else { continue }
                let since = fuzzing.chance(20) ? DocumentVersion() : replicas[receiver].version
                inboxes[receiver].append(try replicas[replica].changes(since: since))
            default:
                guard !inboxes[replica].isEmpty else { continue }
                try replicas[replica].merge(inboxes[replica].remove(at: fuzzing.index(inboxes[replica].count)))
                merges += 1
                try Self.repairChart(of: replicas[replica])
            }
            let mismatches = try replicas[replica].replica.mismatches(in: replicas[replica])
            #expect(mismatches.isEmpty, "seed \(seed) step \(step): \(fuzzing.lastEdits) \(mismatches)")
            if !mismatches.isEmpty { return }
        }
        for (replica, inbox) in inboxes.enumerated() {
            for changes in inbox.shuffled(using: &fuzzing.random) { try replicas[replica].merge(changes) }
        }
        try Self.exchangeEverything(replicas)
        let first = try replicas[0].snapshot()
        for replica in replicas.dropFirst() {
            #expect(try replica.snapshot() == first, "seed \(seed)")
            #expect(ReplicaShapeFuzzing.describe(replica.root) == ReplicaShapeFuzzing.describe(replicas[0].root))
        }
        let counts = fuzzing.counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        print("seed \(seed): \(replicas.count) replicas, \(merges) merges, \(undos) undo/redo, \(invalidAfterMerge) charts invalid after a merge; \(counts)")
        #expect(fuzzing.counts.count > 12, "the fuzzer reached few shapes: \(counts)")
    }

    /// Replicas take turns: each first receives everything, then edits. The same edits, made
    /// on one plain mediator (no replicas) in the same order, are the reference: every replica
    /// must hold what it holds, and roll back the same updates.
    @Test(arguments: 0..<8)
    func editsMadeInTurnsEqualThePlainModel(seed: UInt64) throws {
        let fuzzing = ReplicaShapeFuzzing(seed: seed &+ 1_000)
        let plain = Mediator(root: makeLibrary())
        let replicas = try Self.replicas(count: 3)
        var rolledBack = 0
        for step in 0..<100 {
            let replica = replicas[fuzzing.index(replicas.count)]
            for other in replicas where other !== replica { try replica.merge(try other.changes(since: replica.version)) }
            #expect(ReplicaShapeFuzzing.describe(replica.root) == ReplicaShapeFuzzing.describe(plain.root), "seed \(seed) step \(step): before the edit")
            let (mine, reference) = fuzzing.editAlike(replica, plain)
            #expect(mine == reference, "seed \(seed) step \(step): \(fuzzing.lastEdits) \(mine) in the replica, \(reference) in the plain model")
            if mine == "rolled back" { rolledBack += 1 }
            let expected = ReplicaShapeFuzzing.describe(plain.root)
            guard ReplicaShapeFuzzing.describe(replica.root) == expected else {
                Issue.record("seed \(seed) step \(step): \(fuzzing.lastEdits) left the replica unlike the plain model")
                return
            }
        }
        try Self.exchangeEverything(replicas)
        for replica in replicas { #expect(ReplicaShapeFuzzing.describe(replica.root) == ReplicaShapeFuzzing.describe(plain.root)) }
        #expect(rolledBack > 0, "seed \(seed): \(rolledBack) updates rolled back")
    }

    /// Two chains of shelves `depth` deep, and notes as deep: one replica moves the first
    /// chain's top into the second's deepest shelf while another moves the second's top into
    /// the first's deepest (a cycle together), and both edit at the bottom. They converge on one
    /// tree, without a cycle or a duplicate, and keep the edits.
    @Test(arguments: [2, 3, 400])
    func concurrentMovesIntoEachOthersDeepestShelfConverge(depth: Int) throws {
        let library = makeLibrary(shelves: 2)
        for top in library.shelves { Self.hang(depth - 1, below: top) }
        var reply = Note("top")
        library.notes = [reply]
        for level in 1..<depth {
            let next = Note("reply \(level)")
            reply.replies = [next]
            reply = next
        }
        let (first, second) = try Self.twoReplicas(of: library)
        try first.update { library in
            let (top, other) = (library.shelves[0], library.shelves[1])
            library.shelves.removeFirst()
            Self.deepest(below: other).children.append(top)
            top.title = "moved by the first"
        }
        try second.update { library in
            let (other, top) = (library.shelves[0], library.shelves[1])
            library.shelves.removeLast()
            Self.deepest(below: other).children.append(top)
            Self.deepestNote(of: library).text = "edited at the bottom"
        }
        try first.merge(try second.changes(since: first.version))
        try second.merge(try first.changes(since: second.version))
        #expect(try first.snapshot() == second.snapshot())
        try ReplicaConvergenceTests.checkPlaces(first.root)
        #expect(first.root.shelves.count == 1, "one chain hangs below the other")
        #expect(ReplicaFuzzing.shelves(of: first.root).count == 2 * depth, "every shelf once")
        #expect(Self.deepestNote(of: first.root).text == "edited at the bottom")
        #expect(try first.replica.mismatches(in: first).isEmpty && second.replica.mismatches(in: second).isEmpty)
    }

    /// Ripple lets an update put a node inside its own subtree (the nodes leave the document,
    /// as without replicas); the other replicas end as the one that did it, and a later move
    /// of the top of that subtree back under the root brings it back everywhere.
    @Test(arguments: [2, 3, 400])
    func aLocalMoveIntoTheNodesOwnSubtreeReachesTheOthersAsItIs(depth: Int) throws {
        let library = makeLibrary(shelves: 1)
        Self.hang(depth - 1, below: library.shelves[0])
        let (first, second) = try Self.twoReplicas(of: library)
        let top = first.root.shelves[0]
        try first.update { library in
            library.shelves.removeAll()
            Self.deepest(below: top).children.append(top)
        }
        try second.merge(try first.changes(since: second.version))
        #expect(try first.snapshot() == second.snapshot())
        #expect(second.root.shelves.isEmpty)
        try first.update { library in
            let holder = ReplicaFuzzing.shelves(of: library).isEmpty ? Self.holder(of: top) : nil
            holder?.children.removeAll { $0 === top }
            library.shelves.append(top)
        }
        try second.merge(try first.changes(since: second.version))
        #expect(try first.snapshot() == second.snapshot())
        #expect(try first.replica.mismatches(in: first).isEmpty && second.replica.mismatches(in: second).isEmpty)
    }

    // MARK: - Helpers

    /// A library made by one replica and opened by the others, each collaborating.
    static func replicas(count: Int) throws -> [Mediator<Library>] {
        let origin = Mediator(root: makeLibrary())
        _ = origin.replicaID
        let snapshot = try origin.snapshot()
        var replicas = [origin]
        for _ in 1..<count {
            let replica = try Mediator<Library>(opening: snapshot)
            _ = replica.replicaID
            replicas.append(replica)
        }
        return replicas
    }

    /// Every replica receives what each other holds, twice round.
    static func exchangeEverything(_ replicas: [Mediator<Library>]) throws {
        for _ in 0..<2 {
            for sender in replicas {
                for receiver in replicas where receiver !== sender { try receiver.merge(try sender.changes(since: receiver.version)) }
            }
        }
    }

    /// What an app does on hearing `InvalidAfterMerge` for its chart: an ordinary update that
    /// makes it whole again.
    static func repairChart(of replica: Mediator<Library>) throws {
        guard (try? replica.root.chart.validate()) == nil else { return }
        try replica.update { library in library.chart.slices = [Slice("repaired", 100)] }
    }

    /// Two collaborating replicas of `library`: its mediator, and one opened from its snapshot.
    static func twoReplicas(of library: Library) throws -> (Mediator<Library>, Mediator<Library>) {
        let first = Mediator(root: library)
        _ = first.replicaID
        let second = try Mediator<Library>(opening: try first.snapshot())
        _ = second.replicaID
        return (first, second)
    }

    /// A chain of `count` shelves, each the only child of the one before, below `top`.
    static func hang(_ count: Int, below top: Shelf) {
        var bottom = top
        for level in 0..<count {
            let child = Shelf(id: level, title: "\(top.title) level \(level)")
            bottom.children = [child]
            bottom = child
        }
    }

    static func deepest(below top: Shelf) -> Shelf {
        var shelf = top
        var seen: Set<ObjectIdentifier> = []
        while let child = shelf.children.first, seen.insert(ObjectIdentifier(child)).inserted { shelf = child }
        return shelf
    }

    /// The shelf whose children hold `shelf` (walking from it: it may be out of the document).
    static func holder(of shelf: Shelf) -> Shelf? {
        var current = shelf
        var seen: Set<ObjectIdentifier> = []
        while let child = current.children.first, seen.insert(ObjectIdentifier(child)).inserted {
            if child.children.contains(where: { $0 === shelf }) { return child }
            current = child
        }
        return shelf.children.contains { $0 === shelf } ? shelf : nil
    }

    static func deepestNote(of library: Library) -> Note {
        var note = library.notes[0]
        while let reply = note.replies.first { note = reply }
        return note
    }
}
