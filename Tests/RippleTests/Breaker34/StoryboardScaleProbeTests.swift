import Foundation
@testable import Ripple
import Testing

/// Issue 34's breaker: what what an app does between edits costs on a storyboard replica of
/// 1,000 shots and of 100,000 (scenes of 100 shots, so no one array an edit touches grows):
/// a shared folder's sync with nothing new, `changes(since:)` of the version it holds, a
/// duplicate change set merged again, one value written, its undo and redo, and, per shot,
/// snapshot and open. Debug build, the best of a few runs; `BREAKER34_LARGE` turns it on and
/// sets the larger size. A ratio above 2 for a flat cost is a finding.
@MainActor
@Suite(.serialized) struct StoryboardScaleProbeTests {
    typealias S = StoryboardReplicas

    static func library(shots: Int) -> Library {
        let library = S.makeLibrary(scenes: 0)
        let board = library.storyboard!
        for index in 0..<(shots / 100) {
            let scene = Scene("s\(index)", number: index)
            scene.board = board
            scene.shots = (0..<100).map { number in
                let shot = Shot("s\(index).\(number)")
                shot.scene = scene
                shot.lensByCamera = ["A": 35]
                return shot
            }
            board.scenes.append(scene)
            board.scenesBySlug[scene.slug] = scene
            board.act!.children[index % 2].scenes.append(scene)
        }
        return library
    }

    static func time(runs: Int = 3, _ body: () throws -> Void) rethrows -> Double {
        try bestMicroseconds(runs: runs, body)
    }

    static func costs(shots: Int) throws -> [String: Double] {
        var costs: [String: Double] = [:]
        let space = try S.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: space) }
        let folder = space.appendingPathComponent("Film")
        let mac = try SharedFolderStore<Library>(folder: folder, identity: space.appendingPathComponent("mac.replica"))
        let made = library(shots: shots)
        try mac.mediator.update { $0.storyboard = made.storyboard }
        var opened: SharedFolderStore<Library>?
        costs["shared folder: open (per shot)"] = try time(runs: 1) {
            opened = try SharedFolderStore<Library>(folder: folder, identity: space.appendingPathComponent("iPad.replica"))
        } / Double(shots)
        let iPad = opened!
        costs["shared folder: sync, nothing new"] = try time { try iPad.sync() }
        try mac.mediator.update { $0.storyboard!.scenes[3].shots[7].take = 1 }
        costs["shared folder: sync, one write"] = try time(runs: 1) { try iPad.sync() }
        costs["shared folder: update, one write"] = try time {
            try iPad.mediator.update { $0.storyboard!.scenes[4].shots[8].seconds += 1 }
        }

        let a = mac.mediator
        let b = try Mediator<Library>(opening: try a.snapshot())
        _ = b.replicaID
        try b.merge(try a.changes(since: b.version))
        let current = a.version
        costs["changes(since:) the version held"] = try time { _ = try a.changes(since: current) }
        costs["version"] = time { _ = a.version }
        var step = 0
        costs["update: one write"] = try time {
            step += 1
            try a.update(undoName: "take") { $0.storyboard!.scenes[5].shots[9].take = step }
        }
        let one = try a.changes(since: b.version)
        costs["merge: three writes"] = try time(runs: 1) { try b.merge(one) }
        costs["merge: the same again"] = try time { try b.merge(one) }
        costs["undo: one write"] = try time(runs: 1) { try a.history.undo() }
        costs["redo: one write"] = try time(runs: 1) { try a.history.redo() }
        costs["update: an optional enum"] = try time {
            step += 1
            try a.update { $0.storyboard!.scenes[6].shots[1].light = step % 2 == 0 ? .night : nil }
        }
        let snapshot = try a.snapshot()
        costs["snapshot (per shot)"] = try time(runs: 1) { _ = try a.snapshot() } / Double(shots)
        costs["open a snapshot (per shot)"] = try time(runs: 1) { _ = try Mediator<Library>(opening: snapshot) } / Double(shots)
        return costs
    }

    nonisolated static let large = Int(ProcessInfo.processInfo.environment["BREAKER34_LARGE"] ?? "")

    @Test(.enabled(if: large != nil)) func whatAnAppDoesBetweenEditsCostsTheSameAt1000AndMoreShots() throws {
        let large = Self.large ?? 100_000
        let small = try Self.costs(shots: 1_000)
        let big = try Self.costs(shots: large)
        for key in small.keys.sorted() {
            let ratio = big[key]! / max(small[key]!, 1)
            print(String(format: "breaker34 scale: %@: %.0f us at 1000, %.0f us at %d, ratio %.2f", key, small[key]!, big[key]!, large, ratio))
        }
    }
}
