import Foundation
@testable import Ripple
import Testing

/// The storyboard fuzzer's findings of a node held twice, shrunk.
@MainActor
@Suite struct StoryboardMoveTests {
    /// Seed 6, shrunk to five steps of two replicas, without undo. A adds two scenes and moves
    /// scene s1 to the end of the storyboard; B, at once, re-slugs s1 and moves it to the end of
    /// the storyboard and from act II to a new act. B's update made one move, to the new act,
    /// which took s1 out of the storyboard's scenes too, and put it back there as a plain
    /// placement; where A's move won, both showed: s1 twice in the storyboard. A node reordered
    /// within an array while it moves between two others now moves within that array too.
    @Test func aSceneReorderedWhileItChangesActsIsInTheStoryboardOnce() throws {
        let replicas = try StoryboardConvergenceFuzzing(seed: 6).replicas
        let (a, b) = (replicas[0], replicas[3])
        for (at, number) in [(1, 64), (2, 60)] {
            try a.update { library in
                let board = library.storyboard!
                let scene = Scene("fresh \(number)", number: number)
                scene.board = board
                let shot = Shot("first")
                shot.scene = scene
                scene.shots = [shot]
                board.scenes.insert(scene, at: at)
                board.act!.children[0].scenes.append(scene)
            }
        }
        try a.update { library in
            let board = library.storyboard!
            let scene = board.scenes.remove(at: 3)
            board.scenes.append(scene)
        }
        try b.update { library in
            let act = Act("a27")
            let parent = library.storyboard!.act!.children[0]
            act.parent = parent
            parent.children.append(act)
        }
        try b.update { library in
            let board = library.storyboard!
            let scene = board.scenes.first { $0.slug == "s1" }!
            board.scenesBySlug["s1"] = nil
            scene.slug = "k4"
            board.scenesBySlug["k4"] = scene
            board.scenes.removeAll { $0 === scene }
            board.scenes.append(scene)
            let acts = StoryboardConvergenceFuzzing.acts(board)
            for act in acts { act.scenes.removeAll { $0 === scene } }
            acts.first { $0.name == "a27" }!.scenes.append(scene)
        }

        try StoryboardReplicas.syncAll(replicas)
        #expect(Set(try replicas.map(StoryboardReplicas.text)).count == 1)
        for replica in replicas {
            #expect(StoryboardConvergenceFuzzing.problems(replica).isEmpty, "\(StoryboardConvergenceFuzzing.problems(replica))")
        }
    }
}

extension StoryboardMoveTests {
    /// Seed 19, shrunk to one replica: it re-slugs a scene, reorders it in the storyboard and
    /// moves it to a new act in one update, undoes that and redoes it; the others must show what
    /// it shows. A first version of the fix above failed this: the undo's move went to the
    /// storyboard (taking the scene from the act), joining the two tracks, and the redo's move
    /// within the storyboard, newer, hid its move to the act. A move now goes first to a member
    /// the node did not leave.
    @Test func aRedoOfAReorderAndAMoveBetweenActsReachesTheOthers() throws {
        let replicas = try StoryboardConvergenceFuzzing(seed: 19).replicas
        let b = replicas[2]
        try b.update { library in
            let act = Act("a66")
            let parent = library.storyboard!.act!.children[0]
            act.parent = parent
            parent.children.append(act)
        }
        try b.update(undoName: "Re-slug") { library in
            let board = library.storyboard!
            let scene = board.scenes.first { $0.slug == "s0" }!
            board.scenesBySlug["s0"] = nil
            scene.slug = "k4"
            board.scenesBySlug["k4"] = scene
            board.scenes.removeAll { $0 === scene }
            board.scenes.append(scene)
            let acts = StoryboardConvergenceFuzzing.acts(board)
            for act in acts { act.scenes.removeAll { $0 === scene } }
            acts.first { $0.name == "a66" }!.scenes.append(scene)
        }
        #expect(try b.replica.mismatches(in: b).isEmpty)
        try b.history.undo()
        let afterUndo = try b.replica.mismatches(in: b)
        #expect(afterUndo.isEmpty, "\(afterUndo)")
        try b.history.redo()
        let afterRedo = try b.replica.mismatches(in: b)
        #expect(afterRedo.isEmpty, "\(afterRedo)")

        try StoryboardReplicas.syncAll(replicas)
        #expect(Set(try replicas.map(StoryboardReplicas.text)).count == 1)
    }
}

extension StoryboardMoveTests {
    /// A reorders scene s0 in the storyboard and takes it out of Act I in one update (what the
    /// undo of filing it does); B, at once, moves s0 from Act I to Act II. A's update moved s0
    /// within the storyboard only: its removal from the act, made part of that move, joined the
    /// storyboard's track to the acts', and where B's move came later it hid A's place in the
    /// storyboard, leaving s0 in no storyboard at all. Both orders of the two replicas' ties.
    @Test(arguments: [false, true]) func aSceneReorderedWhileItLeavesItsActStaysInTheStoryboard(swapped: Bool) throws {
        let replicas = try StoryboardReplicas.replicas(2, seed: 5)
        let (a, b) = swapped ? (replicas[1], replicas[0]) : (replicas[0], replicas[1])
        try a.update { library in
            let board = library.storyboard!
            let scene = board.scenes.removeFirst()
            board.scenes.append(scene)
            board.act!.children[0].scenes.removeAll { $0 === scene }
        }
        try b.update { library in
            let acts = library.storyboard!.act!.children
            let scene = acts[0].scenes.removeFirst()
            acts[1].scenes.append(scene)
        }
        try StoryboardReplicas.syncAll(replicas)
        #expect(try StoryboardReplicas.text(a) == StoryboardReplicas.text(b))
        for replica in replicas {
            let board = replica.root.storyboard!
            #expect(board.scenes.map(\.slug) == ["s1", "s2", "s0"])
            #expect(board.act!.children.map { $0.scenes.map(\.slug) } == [["s2"], ["s1", "s0"]])
            #expect(StoryboardConvergenceFuzzing.problems(replica).isEmpty, "\(StoryboardConvergenceFuzzing.problems(replica))")
        }
    }
}
