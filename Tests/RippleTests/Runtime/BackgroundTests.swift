@testable import Ripple
import Testing

@MainActor
@Suite struct BackgroundTests {
    /// Run under `swift test --sanitize=thread` to prove the absence of data races.
    @Test func backgroundMembersAreSafeFromOtherThreadsAndNotifyOnTheMainActor() async throws {
        let library = makeLibrary()
        let job = library._job
        let mediator = Mediator(root: library)
        let log = EventLog()
        let observer = mediator.observe("progress", reads: [Library.scheme.job.progress]) { log.append("progress \($0.job.progress)") }
        mediator.refresh()
        #expect(log.take() == ["progress 0.0"])

        // The job's class is nonisolated, so not Sendable: other threads get a BackgroundNode,
        // which offers its background members only.
        let shared = BackgroundNode(job)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    for step in 1...500 {
                        shared.progress = Double(step)
                        _ = shared.title
                    }
                }
            }
            for step in 0..<50 {
                try? mediator.update { $0.job.title = "step \(step)" }
                await Task.yield()
            }
        }
        var waited = 0
        while log.events.last != "progress 500.0", waited < 1_000 {
            await Task.yield()
            try await Task.sleep(nanoseconds: 1_000_000)
            waited += 1
        }
        #expect(log.events.last == "progress 500.0", "the last background write reaches the observer")
        #expect(job.title == "step 49")
        _ = observer
    }

    @Test func backgroundWriteOfAnEqualValueNotifiesNobody() async throws {
        let library = makeLibrary()
        let job = library._job
        let mediator = Mediator(root: library)
        let log = EventLog()
        let observer = mediator.observe("progress", reads: [Library.scheme.job.progress]) { log.append("progress \($0.job.progress)") }
        mediator.refresh()
        _ = log.take()
        let shared = BackgroundNode(job)
        await Task.detached { shared.progress = 0 }.value
        for _ in 0..<20 { await Task.yield() }
        #expect(log.take() == [])
        _ = observer
    }

    @Test func aBackgroundWriteOfASavedMemberMakesTheDocumentUnsavedAndIsNeverUndone() async throws {
        let library = makeLibrary()
        let mediator = Mediator(root: library)
        let observer = mediator.observe("progress", reads: [Library.scheme.job.progress]) { _ in }
        mediator.refresh()
        #expect(!mediator.hasUnsavedChanges)
        let shared = BackgroundNode(library._job)
        await Task.detached { shared.progress = 0.5 }.value
        var waited = 0
        while library._job.progress != 0.5 || mediator.core.isBusy, waited < 1_000 {
            await Task.yield()
            waited += 1
        }
        for _ in 0..<20 { await Task.yield() }
        #expect(mediator.hasUnsavedChanges && !mediator.history.canUndo)
        _ = observer
    }
}
