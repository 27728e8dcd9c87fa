import Foundation
@testable import Ripple
import Testing

/// A redo that the replica's own undo kept out of an array: the storyboard fuzzer's seeds 19,
/// 34 and 71 (`StoryboardConvergenceTests`), small. The undo of a step that moved a scene within
/// the storyboard and filed it in an act moved the scene back in the storyboard and took it out
/// of the act in one move, which joined the storyboard's track to the act's: the redo took that
/// move for one a merge brought and kept the scene out of the act. Two fixes: the undo moves the
/// scene within the storyboard only (leaving the act is a removal, see
/// `LocalChangeBuilder.arraysOnlyLeft`), and a replayed step does not count this replica's moves
/// up to its recording (`HistoryStep.movesMark`). Without the first, the redo's move within the
/// storyboard also hid its move into the act on the other replicas.
@MainActor
@Suite struct ReplicaRedoKeptOutTests {
    typealias S = StoryboardReplicas

    /// B takes scene s2 out of its act; A merges that, then in one step re-slugs s2, moves it
    /// to the front of the storyboard and files it in the top act. A undoes and redoes the step.
    @Test func aRedoIsNotKeptOutByTheReplicasOwnUndo() throws {
        let replicas = try S.replicas(2, seed: 19)
        let (a, b) = (replicas[0], replicas[1])
        try b.update { library in
            let board = library.storyboard!
            let scene = board.scenes[2]
            for act in StoryboardConvergenceFuzzing.acts(board) { act.scenes.removeAll { $0 === scene } }
        }
        try a.merge(try b.changes(since: a.version))
        try a.update(undoName: "Re-slug") { library in Self.refile(library.storyboard!, scene: 2, to: 0) }
        let before = StoryboardConvergenceFuzzing.dump(a)
        try a.history.undo()
        try a.history.redo()
        try expectAsBeforeAndEqual(replicas, before: before)
    }

    /// Seeds 19 and 71 shrunk: A removes Act I (which files s0 and s2), then re-slugs s0,
    /// moves it to the end of the storyboard and files it in the top act; A undoes both steps
    /// and redoes them. No other replica edits.
    @Test func aRedoAfterAnActRemovedIsNotKeptOutByTheReplicasOwnUndo() throws {
        let replicas = try S.replicas(2, seed: 71)
        let (a, b) = (replicas[0], replicas[1])
        try a.update(undoName: "Remove act") { library in
            library.storyboard!.act!.children.removeAll { $0.name == "Act I" }
        }
        try a.update(undoName: "Re-slug") { library in
            let board = library.storyboard!
            Self.refile(board, scene: 0, to: board.scenes.count - 1)
        }
        let before = StoryboardConvergenceFuzzing.dump(a)
        try a.history.undo()
        try a.history.undo()
        try a.history.redo()
        try a.history.redo()
        try expectAsBeforeAndEqual(replicas, before: before)
        #expect(StoryboardConvergenceFuzzing.problems(b).isEmpty)
    }

    /// Replica 0 shows what it showed `before` its undos and redos, and after
    /// syncing both replicas are equal.
    func expectAsBeforeAndEqual(_ replicas: [Mediator<Library>], before: String) throws {
        let (a, b) = (replicas[0], replicas[1])
        #expect(StoryboardConvergenceFuzzing.dump(a) == before)
        #expect(a.root.storyboard!.act!.scenes.map(\.slug) == ["k1"])
        try S.syncAll(replicas)
        #expect(StoryboardConvergenceFuzzing.dump(b) == StoryboardConvergenceFuzzing.dump(a))
        #expect(try a.snapshot() == (try b.snapshot()))
    }

    /// Re-slugs scene `index` as "k1", moves it to `position` in the storyboard and files it
    /// first in the top act, in one update (the fuzzer's edit 4).
    static func refile(_ board: Storyboard, scene index: Int, to position: Int) {
        let scene = board.scenes[index]
        board.scenesBySlug[scene.slug] = nil
        scene.slug = "k1"
        board.scenesBySlug["k1"] = scene
        board.scenes.remove(at: index)
        board.scenes.insert(scene, at: position)
        board.act!.scenes.insert(scene, at: 0)
    }
}
