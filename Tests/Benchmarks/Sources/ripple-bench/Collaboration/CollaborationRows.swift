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
    /// snapshot of a document
    /// made in one update. Memory is not measured here (nil).
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
        var memory: [String: Int?] = [:]
        for count in workload.snapshotNodes {
            snapshots[String(count)] = try snapshot(of: count).count
            memory[String(count)] = .some(nil)
        }
        return CollaborationFigures(
            version: nil, mergeWrites: workload.writes, mergeSeconds: best, mergeAloneSeconds: bestAlone, mergeUpdateBytes: update.count,
            bytesPerChange: Double(changeBytes) / Double(workload.changeSamples), snapshotBytes: snapshots,
            memoryBytes: memory, memoryAfterImportBytes: nil)
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

    /// A shared document of `count` points (x = index, y = 2 * index, label = 0), made in one
    /// update, as the replica that made it snapshots it.
    @MainActor
    private static func snapshot(of count: Int) throws -> Data {
        let mediator = Mediator(root: PointBoard())
        _ = mediator.replicaID
        try mediator.update { board in board.points = (0..<count).map { Point(x: $0, y: 2 * $0) } }
        return try mediator.snapshot()
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
