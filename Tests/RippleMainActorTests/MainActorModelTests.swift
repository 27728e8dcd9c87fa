import Ripple
import Testing

/// The runtime over `@MainActor` model classes, whose conformances are isolated to the main
/// actor: transactions, hooks, history and registrations as with any class, and background
/// members that work off the main actor.
@MainActor
@Suite struct MainActorModelTests {
    private func makeStudio() throws -> (Studio, Mediator<Studio>) {
        let studio = Studio()
        let mediator = Mediator(root: studio)
        try mediator.update { $0.tracks = [Track(title: "Intro"), Track(title: "Outro")] }
        studio.events.removeAll()
        return (studio, mediator)
    }

    @Test func updatesNotifyAndHooksRunOnMainActorClasses() throws {
        let (studio, mediator) = try makeStudio()
        var titles: [String] = []
        let observer = mediator.observe("titles", reads: [Studio.scheme.tracks.title]) { titles = $0.tracks.map(\.title) }
        try mediator.update { $0.tracks[0].title = "Overture" }
        #expect(titles == ["Overture", "Outro"])
        #expect(studio.tracks[0].events == ["will change Intro"])
        try mediator.update { $0.name = "Home" }
        #expect(studio.events == ["studio committed Home"])
        _ = observer
    }

    @Test func aFailedValidationRollsBackAndCallsTheNonisolatedHook() throws {
        let (studio, mediator) = try makeStudio()
        let track = studio.tracks[1]
        #expect(throws: StudioError.unnamed) {
            try mediator.update { studio in
                studio.tracks[1].title = "Coda"
                studio.name = ""
            }
        }
        #expect([studio.name, track.title] == ["Studio", "Outro"])
        #expect(track.events == ["will change Outro", "rolled back to Outro"])
    }

    @Test func historyUndoesAndRedoesMainActorNodes() throws {
        let (studio, mediator) = try makeStudio()
        try mediator.update(undoName: "Rename") { $0.tracks[0].title = "Overture" }
        try mediator.history.undo()
        #expect(studio.tracks[0].title == "Intro")
        try mediator.history.redo()
        #expect(studio.tracks[0].title == "Overture")
    }

    @Test func anActionsWorkUsesBackgroundMembersOfAMainActorNode() async throws {
        let (studio, mediator) = try makeStudio()
        var progress: [Double] = []
        let observer = mediator.observe("progress", reads: [Studio.scheme.render.progress]) { progress.append($0.render.progress) }
        mediator.refresh()
        // A main-actor class is Sendable: the work captures the node itself.
        let render = studio.render
        let action = mediator.run("Render") { context in
            let format = render.format
            for step in 1...4 {
                try context.checkCancellation()
                render.progress = Double(step) / 4
            }
            return { studio in studio.render.output = "mix.\(format)" }
        }
        _ = await action.finished
        #expect(studio.render.output == "mix.wav")
        for _ in 0..<1_000 where progress.last != 1 { try await Task.sleep(nanoseconds: 1_000_000) }
        #expect(progress.first == 0)
        #expect(progress.last == 1, "the background writes reach the observer on the main actor")
        _ = observer
    }

    @Test func aBackgroundReadMemberIsJournaledWhenWrittenInAnUpdate() throws {
        let (studio, mediator) = try makeStudio()
        try mediator.update(undoName: "Format") { $0.render.format = "flac" }
        #expect(mediator.history.undoName == "Format")
        try mediator.history.undo()
        #expect(studio.render.format == "wav")
    }

    @Test func aBindingsWriteToAMainActorClassIsAnImplicitUpdate() async throws {
        let (studio, mediator) = try makeStudio()
        studio.tracks[0].title = "Overture"   // `TextField(text: $track.title)`
        #expect(mediator.hasPendingImplicitUpdate)
        for _ in 0..<1_000 where mediator.hasPendingImplicitUpdate { await Task.yield() }
        #expect(studio.tracks[0].events == ["will change Overture"], "its hooks ran when it committed")
        #expect(mediator.history.canUndo)
        try mediator.history.undo()
        #expect(studio.tracks[0].title == "Intro")
    }
}
