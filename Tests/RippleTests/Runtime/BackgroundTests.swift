import Ripple
import Testing

/// Hands a model to other threads; only its background members are touched there.
private struct Shared<Value: AnyObject>: @unchecked Sendable {
    let value: Value
}

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

        let shared = Shared(value: job)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    for step in 1...500 {
                        shared.value.progress = Double(step)
                        _ = shared.value.title
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
        let shared = Shared(value: job)
        await Task.detached { shared.value.progress = 0 }.value
        for _ in 0..<20 { await Task.yield() }
        #expect(log.take() == [])
        _ = observer
    }
}
