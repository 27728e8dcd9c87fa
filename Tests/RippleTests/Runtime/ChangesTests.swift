import Ripple
import Testing

/// `mediator.changes(reads:)`: an AsyncSequence of the refreshes that changed its reads.
@MainActor
@Suite struct ChangesTests {
    @Test func yieldsForRefreshesThatChangedItsReadsOnly() async throws {
        var mediator: Mediator<Library>? = Mediator(root: makeLibrary())
        let changes = mediator!.changes(reads: [Library.scheme.userID])
        try mediator!.update { $0.catalog.total = 1 }   // another member
        try mediator!.update { $0.userID = 0 }          // an equal write
        var yields = 0
        var iterator = changes.makeAsyncIterator()
        try mediator!.update { $0.userID = 1 }
        if await iterator.next() != nil { yields += 1 }
        try mediator!.update { $0.userID = 2 }
        if await iterator.next() != nil { yields += 1 }
        try mediator!.update { $0.catalog.total = 2 }
        mediator = nil   // ends the sequence
        while await iterator.next() != nil { yields += 1 }
        #expect(yields == 2)
    }

    @Test func endsWhenTheMediatorIsGone() async {
        var mediator: Mediator<Library>? = Mediator(root: makeLibrary())
        let changes = mediator!.changes(reads: [Library.scheme.all])
        mediator = nil
        var count = 0
        for await _ in changes { count += 1 }
        #expect(count == 0)
    }

    @Test func cancellingTheIteratingTaskEndsItAndItsRegistration() async throws {
        let mediator = Mediator(root: makeLibrary())
        let changes = mediator.changes(reads: [Library.scheme.userID])
        #expect(mediator.registrationsDescription.contains("'changes'"))
        let task = Task { @MainActor in
            var count = 0
            for await _ in changes { count += 1 }
            return count
        }
        try mediator.update { $0.userID = 1 }
        task.cancel()
        _ = await task.value
        mediator.refresh()
        #expect(!mediator.registrationsDescription.contains("'changes'"))
    }
}
