import Foundation
@testable import Ripple
import Testing

/// A redo that the replica's own undo kept out of an array: the storyboard fuzzer's seed 19
/// (`StoryboardConvergenceTests`), small.
@MainActor
@Suite struct ReplicaRedoKeptOutTests {
    typealias S = StoryboardReplicas

    /// B takes scene s2 out of its act; A merges that, then in one step re-slugs s2, moves it
    /// to the front of the storyboard and files it in the top act. A undoes and redoes the
    /// step. The undo moved the scene back in the storyboard's scenes, a move on the track
    /// the top act's scenes share; the redo took that move, A's own, for another replica's
    /// move that kept the scene away, and left the top act empty.
    @Test func aRedoIsNotKeptOutByTheReplicasOwnUndo() throws {
        let replicas = try S.replicas(2, seed: 19)
        let (a, b) = (replicas[0], replicas[1])
        try b.update { library in
            let board = library.storyboard!
            let scene = board.scenes[2]
            for act in StoryboardConvergenceFuzzing.acts(board) { act.scenes.removeAll { $0 === scene } }
        }
        try a.merge(try b.changes(since: a.version))
        try a.update(undoName: "Re-slug") { library in
            let board = library.storyboard!
            let scene = board.scenes[2]
            board.scenesBySlug[scene.slug] = nil
            scene.slug = "k1"
            board.scenesBySlug["k1"] = scene
            board.scenes.remove(at: 2)
            board.scenes.insert(scene, at: 0)
            board.act!.scenes.insert(scene, at: 0)
        }
        let before = StoryboardConvergenceFuzzing.dump(a)
        try a.history.undo()
        try a.history.redo()
        #expect(StoryboardConvergenceFuzzing.dump(a) == before)
        #expect(a.root.storyboard!.act!.scenes.map(\.slug) == ["k1"])
        try S.syncAll(replicas)
        #expect(try a.snapshot() == (try b.snapshot()))
    }
}
