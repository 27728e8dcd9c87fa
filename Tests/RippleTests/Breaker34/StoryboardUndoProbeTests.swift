import Foundation
@testable import Ripple
import Testing

/// Issue 34's breaker: seed 19 of `StoryboardConvergenceTests` tried small. One update re-slugs
/// a scene (its dictionary key changes), moves it in the storyboard's array and from its act to
/// the top act; undone and redone at once, with nothing merged between, the document must be
/// as it was. This passes: in seed 19 the replica had merged others' changes before the steps
/// it undid and redid (the redo left the scene out of the top act); not shrunk further.
@MainActor
@Suite struct StoryboardUndoProbeTests {
    typealias S = StoryboardReplicas

    func reslugAndRefile(_ library: Library) {
        let board = library.storyboard!
        let scene = board.scenes[2]
        board.scenesBySlug[scene.slug] = nil
        scene.slug = "k1"
        board.scenesBySlug["k1"] = scene
        board.scenes.remove(at: 2)
        board.scenes.insert(scene, at: 0)
        for act in StoryboardConvergenceFuzzing.acts(board) { act.scenes.removeAll { $0 === scene } }
        board.act!.scenes.insert(scene, at: 0)
    }

    @Test(arguments: [false, true])
    func undoThenRedoOfAMoveOnTwoTracksLeavesTheDocumentAsItWas(replica: Bool) throws {
        let mediator = Mediator(root: S.makeLibrary())
        if replica { _ = mediator.replicaID }
        try mediator.update { self.reslugAndRefile($0) }
        try mediator.update { $0.storyboard!.scenes[1].shots[0].cutTo = $0.storyboard!.scenes[0].shots[1] }
        let before = StoryboardConvergenceFuzzing.dump(mediator)
        for _ in 0..<2 { try mediator.history.undo() }
        for _ in 0..<2 { try mediator.history.redo() }
        #expect(StoryboardConvergenceFuzzing.dump(mediator) == before)
        #expect(mediator.root.storyboard!.act!.scenes.map(\.slug) == ["k1"])
    }
}
