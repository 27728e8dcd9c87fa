import Foundation
@testable import Ripple
import Testing

/// A node moved between two keys of a dictionary in one update (removed, then put: the second
/// edit makes the first one's journaled key whole) is sent as those two keys, not as the whole
/// dictionary: a whole one would take every other node out and put it back, and a concurrent
/// move of one of them would leave it in two places (the storyboard fuzzer's seed 8, shrunk).
@MainActor
@Suite struct StoryboardKeyedMoveTests {
    /// Re-slugs `scene`: a move between two keys of `scenesBySlug`, in one update.
    private static func reslug(_ scene: Scene, to slug: String, in board: Storyboard) {
        if let old = board.scenesBySlug.filter({ $0.value === scene }).keys.min() { board.scenesBySlug[old] = nil }
        scene.slug = slug
        board.scenesBySlug[slug] = scene
    }

    @Test func aSceneMovedBetweenKeysLeavesTheOtherKeysToAConcurrentMove() throws {
        let replicas = try StoryboardReplicas.replicas(2, seed: 8)
        let (first, second) = (StoryboardReplicas.board(replicas[0]), StoryboardReplicas.board(replicas[1]))
        try replicas[0].update { _ in Self.reslug(first.scenes[1], to: "k1", in: first) }
        try replicas[1].update { _ in
            let scene = second.scenes[2]
            Self.reslug(scene, to: "k4", in: second)
            let acts = second.act!.children
            acts[0].scenes.removeAll { $0 === scene }
            acts[1].scenes.insert(scene, at: 0)
        }
        try StoryboardReplicas.syncAll(replicas)

        for replica in replicas {
            let board = StoryboardReplicas.board(replica)
            #expect(board.scenesBySlug.mapValues(\.slug) == ["s0": "s0", "k1": "k1", "k4": "k4"])
            #expect(board.scenes.map(\.slug) == ["s0", "k1", "k4"])
            #expect(board.act!.children.map { $0.scenes.map(\.slug) } == [["s0"], ["k4", "k1"]])
            #expect(StoryboardConvergenceFuzzing.problems(replica).isEmpty)
        }
        #expect(try replicas[0].snapshot() == replicas[1].snapshot())
    }

    /// A scene held by two keys, one of them where a move put it, moved from the other key to a
    /// third: the key the update kept still holds it on every replica (the storyboard fuzzer's
    /// seeds 25 and 61, shrunk). Recorded as a move, the new move hid the earlier move's key
    /// everywhere but here, since moves compete within a member and the update left that member.
    @Test func aSceneMovedFromOneOfItsKeysStaysUnderTheOther() throws {
        let replicas = try StoryboardReplicas.replicas(3, seed: 25)
        let (first, second) = (StoryboardReplicas.board(replicas[0]), StoryboardReplicas.board(replicas[1]))
        try replicas[1].update { _ in second.scenesBySlug["k0"] = second.scenes[2] }
        let shared = try replicas[1].changes(since: replicas[0].version)
        try replicas[0].update { _ in Self.reslug(first.scenes[2], to: "k2", in: first) }
        try replicas[0].merge(shared)
        // Held by "k0" and "k2" now: the update takes it from "k0" alone.
        try replicas[0].update { _ in Self.reslug(first.scenes[2], to: "k1", in: first) }
        try StoryboardReplicas.syncAll(replicas)

        for replica in replicas {
            let board = StoryboardReplicas.board(replica)
            #expect(board.scenesBySlug.mapValues(\.slug) == ["s0": "s0", "s1": "s1", "k1": "k1", "k2": "k1"])
            #expect(StoryboardConvergenceFuzzing.problems(replica).isEmpty)
        }
        #expect(try replicas[0].snapshot() == replicas[1].snapshot())
        #expect(try replicas[0].snapshot() == replicas[2].snapshot())
    }

    /// Two inserts into a set in one update send those two: the whole set sent would put back
    /// a favourite another replica took out meanwhile.
    @Test func twoInsertsIntoASetLeaveAConcurrentRemovalDone() throws {
        let replicas = try StoryboardReplicas.replicas(2, seed: 8)
        let (first, second) = (StoryboardReplicas.board(replicas[0]), StoryboardReplicas.board(replicas[1]))
        try replicas[0].update { _ in
            first.favourites.insert(first.scenes[1].shots[0])
            first.favourites.insert(first.scenes[2].shots[0])
        }
        try replicas[1].update { _ in second.favourites.remove(second.scenes[0].shots[0]) }
        try StoryboardReplicas.syncAll(replicas)

        for replica in replicas {
            #expect(StoryboardReplicas.board(replica).favourites.map(\.caption).sorted() == ["s1 shot 0", "s2 shot 0"])
        }
        #expect(try replicas[0].snapshot() == replicas[1].snapshot())
    }
}
