import Foundation
@testable import Ripple
import Testing

/// Issue 34's breaker: three to five storyboard replicas edit at random, undo and redo across
/// merges, roll updates back, and receive each other's changes late, out of order and twice;
/// in the end they are byte for byte equal, no scene or shot is in two places, no act in a
/// cycle, each snapshot reopens as itself, and undoing then redoing left each document as it was.
///
/// Findings (of 24 seeds): seeds 6, 7 and 20 end with a scene twice in the storyboard's scenes
/// and shots in two scenes, although no replica ever put a node in two places; in seeds 7 and
/// 20 one replica's snapshot also differs from the others' once all changes are delivered. In
/// seed 19, undoing three steps and redoing them at once left the document changed. Stop 38:
/// seeds 7 and 20 pass (a local move no longer hides a place the update kept); seed 8 fails
/// since the keyed and move journals of stop 38 changed the histories (a scene twice, not
/// bisected yet), and seed 9 now and then: the replicas' identities are random, so ties fall
/// differently from run to run (hence intermittent). Stop 39: the replicas' identities are drawn
/// from the seed, so each seed runs alike every time; with them seeds 8 and 9 pass. Stop 40:
/// seed 6 passes (a scene reordered in the storyboard while it changed acts moves within the
/// storyboard too, see `StoryboardMoveTests`). Stop 41: seeds 19, 34 and 71 shrink to one
/// replica's history (`ReplicaRedoKeptOutTests`): a redo is kept out of an act by the undo it
/// reverses. With keyed edits back, seeds 8 and 9 failed until a scene moved between two keys of
/// `scenesBySlug` was sent as those keys rather than the whole dictionary
/// (StoryboardKeyedMoveTests), and seeds 25 and 61 until a move from one of a scene's two keys
/// left the other key, which a move had put it under (ibid.).
/// Stop 42: seeds 19 and 34 pass (34 runs by default too); with the re-slug deterministic
/// (keyed edits' merge), seeds 0-99 fail only 39 and 71 (a scene in two acts), run after run.
@MainActor
@Suite struct StoryboardConvergenceTests {
    static let knownFailures: Set<UInt64> = []

    /// Seeds 0 up to `RIPPLE_STORYBOARD_SEEDS` (24 by default), and 34.
    @Test(arguments: Set(0..<max(24, UInt64(ProcessInfo.processInfo.environment["RIPPLE_STORYBOARD_SEEDS"] ?? "") ?? 24)).union([34]).sorted())
    func storyboardReplicasConverge(seed: UInt64) throws {
        var fuzzing = try StoryboardConvergenceFuzzing(seed: seed)
        try fuzzing.run(steps: 90)
        let problems = try fuzzing.settle()
        let message: Comment = "seed \(seed): \(problems)\n\(fuzzing.log.suffix(30).joined(separator: "\n"))"
        if Self.knownFailures.contains(seed) {
            withKnownIssue("breaker34: storyboard replicas end with nodes held twice, differ, or undo then redo changes the document", isIntermittent: true) {
                #expect(problems.isEmpty, message)
            }
        } else {
            #expect(problems.isEmpty, message)
        }
    }
}
