import Foundation
import Ripple
import RippleBenchBoard

/// Ripple's side of the collaboration rows.
enum CollaborationRows {
    /// Ripple's figures for `workload`, measured as `crdt_bench.py`'s header says for Loro and
    /// Yrs: a replica's decoding (`ChangeSet(encoded:)`, the compact binary form a shared
    /// folder's file holds) and `merge` of the change set holding the writes another replica
    /// made one update each, as Loro's import starts from bytes (best of 5, each into a fresh
    /// replica), the merge alone beside it, `changes(since:)` of one write in that form, and the
    /// snapshot and heap growth (``HeapUsage``) of a document made in one update (by the replica
    /// that made it, and by one opened from its snapshot), each beside the same document in a
    /// mediator that does not collaborate.
    @MainActor
    static func ripple(_ workload: CollaborationWorkload) throws -> CollaborationFigures? {
        let document = try snapshot(of: workload.nodes)
        let writer = try Mediator<PointBoard>(opening: document)
        _ = writer.replicaID
        let base = writer.version
        for write in workload.drawWrites(count: workload.writes, seed: workload.seed) {
            try writer.update { board in set(write, in: board) }
        }
        let update = try writer.changes(since: base).encoded
        var (best, bestAlone) = (Double.infinity, Double.infinity)
        for _ in 0..<5 {
            let reader = try Mediator<PointBoard>(opening: document)
            _ = reader.replicaID
            let start = ContinuousClock.now
            try reader.merge(try ChangeSet(encoded: update))
            best = min(best, (ContinuousClock.now - start).seconds)
            let decoded = try ChangeSet(encoded: update)
            let alone = try Mediator<PointBoard>(opening: document)
            _ = alone.replicaID
            let startAlone = ContinuousClock.now
            try alone.merge(decoded)
            bestAlone = min(bestAlone, (ContinuousClock.now - startAlone).seconds)
        }
        var changeBytes = 0
        for write in workload.drawWrites(count: workload.changeSamples, seed: workload.seed + 1) {
            let before = writer.version
            try writer.update { board in set(write, in: board) }
            changeBytes += try writer.changes(since: before).encoded.count
        }
        var snapshots: [String: Int] = [:]
        var plainSnapshots: [String: Int] = [:]
        var (memory, memoryOpened, plainMemory): ([String: Int?], [String: Int?], [String: Int?]) = ([:], [:], [:])
        for count in workload.snapshotNodes {
            let key = String(count)
            let shared = try snapshot(of: count)
            snapshots[key] = shared.count
            plainSnapshots[key] = try board(of: count, collaborating: false).snapshot().count
            memory[key] = try heapGrowth { try board(of: count, collaborating: true) }
            memoryOpened[key] = try heapGrowth { try Mediator<PointBoard>(opening: shared) }
            plainMemory[key] = try heapGrowth { try board(of: count, collaborating: false) }
        }
        return CollaborationFigures(
            version: nil, mergeWrites: workload.writes, mergeSeconds: best, mergeAloneSeconds: bestAlone, mergeUpdateBytes: update.count,
            bytesPerChange: Double(changeBytes) / Double(workload.changeSamples), snapshotBytes: snapshots,
            memoryBytes: memory, memoryAfterImportBytes: memoryOpened, plainSnapshotBytes: plainSnapshots, plainMemoryBytes: plainMemory)
    }

    /// Decodes and merges the standard workload's update into a fresh replica `runs` times and
    /// measures nothing: for a profiler (`--profile merge`). Only ``profiledEdit(_:)`` runs the
    /// decoding and the merge, so that a profiler can count them alone (see ``profileInsert``).
    @MainActor
    static func profileMerge(runs: Int) throws {
        let workload = CollaborationWorkload.standard(quick: false)
        let document = try snapshot(of: workload.nodes)
        let writer = try Mediator<PointBoard>(opening: document)
        let base = writer.version
        for write in workload.drawWrites(count: workload.writes, seed: workload.seed) {
            try writer.update { board in set(write, in: board) }
        }
        let update = try writer.changes(since: base).encoded
        for _ in 0..<runs {
            let reader = try Mediator<PointBoard>(opening: document)
            _ = reader.replicaID
            try profiledEdit { try reader.merge(try ChangeSet(encoded: update)) }
        }
    }

    /// Inserts one point in the middle of a replica of `nodes` points `runs` times, each into a
    /// fresh replica, locally or merged from another replica (`local`), as the insert rows do,
    /// and measures nothing: for a profiler (`--profile insert` or `insert-local`, `--nodes`).
    /// Only ``profiledEdit(_:)`` runs the edit, so that a profiler can count it alone
    /// (`valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*profiledEdit*'`).
    @MainActor
    static func profileInsert(into nodes: Int, local: Bool, runs: Int) throws {
        try editRuns(.insert, into: nodes, local: local, runs: runs) { try profiledEdit($0) }
    }

    /// Moves the last point to the middle of a replica of `nodes` points `runs` times, as
    /// ``profileInsert(into:local:runs:)`` inserts one (`--profile move` or `move-local`).
    @MainActor
    static func profileMove(into nodes: Int, local: Bool, runs: Int) throws {
        try editRuns(.move, into: nodes, local: local, runs: runs) { try profiledEdit($0) }
    }

    /// Runs `edit`: the one call a profile of the insert or merge rows counts.
    @MainActor
    @inline(never)
    private static func profiledEdit(_ edit: () throws -> Void) throws {
        try edit()
    }

    /// Makes table 17's replica of 100,000 points in one update, and a replica opened from its
    /// snapshot, for a heap profiler (`--profile memory`); then prints table 17's memory row
    /// alone (the heap's growth, made, opened and not collaborating), which takes seconds where
    /// the table takes minutes.
    @MainActor
    static func profileMemory() throws {
        let made = try board(of: 100_000, collaborating: true)
        let shared = try made.snapshot()
        let opened = try Mediator<PointBoard>(opening: shared)
        withExtendedLifetime((made, opened)) {}
        let growths = try [
            heapGrowth { try board(of: 100_000, collaborating: true) },
            heapGrowth { try Mediator<PointBoard>(opening: shared) },
            heapGrowth { try board(of: 100_000, collaborating: false) },
        ]
        guard let madeBytes = growths[0], let openedBytes = growths[1], let plainBytes = growths[2] else { return }
        let ratio = { (bytes: Int) in String(format: "%.2fx", Double(bytes) / Double(plainBytes)) }
        print("memory, 100,000 points: made \(madeBytes) (\(ratio(madeBytes))), opened \(openedBytes) (\(ratio(openedBytes))), not collaborating \(plainBytes) bytes")
    }

    /// The best of `runs` openings of the replica snapshot of `nodes` points (table 17's
    /// document made in one update), each `Mediator(opening:)` and its first collaboration
    /// call, which decodes the replica state: the cost a replica pays to join or to reopen.
    @MainActor
    static func openSeconds(nodes: Int, runs: Int) throws -> Double {
        let document = try snapshot(of: nodes)
        var best = Double.infinity
        for _ in 0..<runs {
            let start = ContinuousClock.now
            let opened = try Mediator<PointBoard>(opening: document)
            _ = opened.replicaID
            best = min(best, (ContinuousClock.now - start).seconds)
        }
        return best
    }

    /// Opens the replica snapshot of `nodes` points `runs` times, as the opening rows do, and
    /// measures nothing: for a profiler (`--profile open-replica`, `--nodes`).
    @MainActor
    static func profileOpen(nodes: Int, runs: Int) throws {
        let document = try snapshot(of: nodes)
        for _ in 0..<runs {
            let opened = try Mediator<PointBoard>(opening: document)
            _ = opened.replicaID
        }
    }

    /// How much the heap grew while `make` made what it returns, measured while it is still
    /// alive (the smallest of three, after one run to warm up), or nil where it cannot be read.
    @MainActor
    private static func heapGrowth(_ make: () throws -> Mediator<PointBoard>) throws -> Int? {
        withExtendedLifetime(try make()) {}
        var smallest: Int?
        for _ in 0..<3 {
            guard let before = HeapUsage.bytesInUse() else { return nil }
            let mediator = try make()
            guard let after = HeapUsage.bytesInUse() else { return nil }
            withExtendedLifetime(mediator) {}
            smallest = min(smallest ?? .max, after - before)
        }
        return smallest
    }

    /// The best of `runs` decodes and merges of the same `writes` writes (made one update each
    /// on nodes below `workload.nodes`) into a document of `nodes` points, each into a fresh
    /// replica: for the rule that a merge costs the incoming changes, not the document.
    @MainActor
    static func mergeSeconds(writes: Int, into nodes: Int, workload: CollaborationWorkload, runs: Int) throws -> Double {
        let document = try snapshot(of: nodes)
        let writer = try Mediator<PointBoard>(opening: document)
        _ = writer.replicaID
        let base = writer.version
        for write in workload.drawWrites(count: writes, seed: workload.seed + 2) {
            try writer.update { board in set(write, in: board) }
        }
        let update = try writer.changes(since: base).encoded
        var best = Double.infinity
        for _ in 0..<runs {
            let reader = try Mediator<PointBoard>(opening: document)
            _ = reader.replicaID
            let start = ContinuousClock.now
            try reader.merge(try ChangeSet(encoded: update))
            best = min(best, (ContinuousClock.now - start).seconds)
        }
        return best
    }

    /// The best of `runs` times of a structural edit on a replica of `nodes` points: a point
    /// inserted in the middle, made locally (`local`) or merged from another replica (decoded
    /// before), for the rule that a merge, and a local update, cost the change, not the document.
    @MainActor
    static func insertSeconds(into nodes: Int, local: Bool, runs: Int) throws -> Double {
        try editSeconds(.insert, into: nodes, local: local, runs: runs)
    }

    /// The best of `runs` times of a move on a replica of `nodes` points: the last point moved
    /// to the middle, locally or merged, for the rule that a move costs the moved node's tracks,
    /// not every move and place of the document.
    @MainActor
    static func moveSeconds(into nodes: Int, local: Bool, runs: Int) throws -> Double {
        try editSeconds(.move, into: nodes, local: local, runs: runs)
    }

    /// The best of `runs` times of one move on a replica of 1,000 points that has made (or
    /// merged, when not `local`) `history` moves before: the last point moved to the middle, for
    /// the rule that a move costs its node's moves, not every move the replica has seen.
    @MainActor
    static func moveSeconds(afterMoves history: Int, local: Bool, runs: Int) throws -> Double {
        let writer = try Mediator<PointBoard>(opening: try snapshot(of: 1_000))
        _ = writer.replicaID
        let reader = try Mediator<PointBoard>(opening: try writer.snapshot())
        _ = reader.replicaID
        let move: @MainActor @Sendable (PointBoard) -> Void = { board in
            board.points.insert(board.points.removeLast(), at: board.points.count / 2)
        }
        for _ in 0..<history { try writer.update(move) }
        try reader.merge(try writer.changes(since: reader.version))
        var best = Double.infinity
        for _ in 0..<runs {
            let base = writer.version
            var start = ContinuousClock.now
            try writer.update(move)
            if !local {
                let changes = try writer.changes(since: base)
                start = ContinuousClock.now
                try reader.merge(changes)
            }
            best = min(best, (ContinuousClock.now - start).seconds)
        }
        return best
    }

    /// A structural edit the rows time.
    enum Edit {
        /// A new point inserted in the middle.
        case insert
        /// The last point moved to the middle.
        case move
    }

    @MainActor
    private static func editSeconds(_ kind: Edit, into nodes: Int, local: Bool, runs: Int) throws -> Double {
        var best = Double.infinity
        try editRuns(kind, into: nodes, local: local, runs: runs) { edit in
            let start = ContinuousClock.now
            try edit()
            best = min(best, (ContinuousClock.now - start).seconds)
        }
        return best
    }

    /// Inserts a point in the middle of a fresh replica of `nodes` points `runs` times, or moves
    /// its last point there (`kind`), locally or merged from another replica (`local`); `run`
    /// runs the edit alone (the update, or the merge of the decoded change).
    @MainActor
    private static func editRuns(
        _ kind: Edit, into nodes: Int, local: Bool, runs: Int, _ run: (() throws -> Void) throws -> Void
    ) throws {
        let document = try snapshot(of: nodes)
        for index in 0..<runs {
            let writer = try Mediator<PointBoard>(opening: document)
            _ = writer.replicaID
            let insert: @MainActor @Sendable (PointBoard) -> Void = { board in
                switch kind {
                case .insert: board.points.insert(Point(x: -index, y: index), at: nodes / 2)
                case .move: board.points.insert(board.points.removeLast(), at: nodes / 2)
                }
            }
            if local {
                try run { try writer.update(insert) }
                continue
            }
            let base = writer.version
            try writer.update(insert)
            let changes = try writer.changes(since: base)
            let reader = try Mediator<PointBoard>(opening: document)
            _ = reader.replicaID
            try run { try reader.merge(changes) }
        }
    }

    /// A shared document of `count` points (x = index, y = 2 * index, label = 0), made in one
    /// update, as the replica that made it snapshots it.
    @MainActor
    private static func snapshot(of count: Int) throws -> Data {
        try board(of: count, collaborating: true).snapshot()
    }

    /// A mediator of `count` points made in one update, a replica (its identity read before
    /// the update) when `collaborating`.
    @MainActor
    private static func board(of count: Int, collaborating: Bool) throws -> Mediator<PointBoard> {
        let mediator = Mediator(root: PointBoard())
        if collaborating { _ = mediator.replicaID }
        try mediator.update { board in board.points = (0..<count).map { Point(x: $0, y: 2 * $0) } }
        return mediator
    }

    @MainActor
    private static func set(_ write: CollaborationWorkload.Write, in board: PointBoard) {
        let point = board.points[write.node]
        switch write.property {
        case 0: point.x = write.value
        case 1: point.y = write.value
        default: point.label = write.value
        }
    }
}

extension Duration {
    fileprivate var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
