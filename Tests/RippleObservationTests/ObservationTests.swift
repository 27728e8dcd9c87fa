import Observation
import Ripple
import Testing

/// With `"observable": true`, the generated classes are `Observation.Observable`: a read
/// inside `withObservationTracking` is invalidated by a committed, real change of what it
/// read, and by nothing else.
@MainActor
@Suite struct ObservationTests {
    /// Whether the tracking's onChange ran (it may run on any thread).
    final class Flag: @unchecked Sendable {
        var fired = false
    }

    /// Tracks the reads of `read`, as SwiftUI does for a view's body.
    private func tracking(_ read: () -> Void) -> Flag {
        let flag = Flag()
        withObservationTracking(read) { flag.fired = true }
        return flag
    }

    private func makeDocument() -> (Document, Mediator<Document>) {
        let document = Document()
        document.pages = [Page(words: ["a"]), Page()]
        return (document, Mediator(root: document))
    }

    @Test func theGeneratedClassesAreObservable() {
        let (document, _) = makeDocument()
        let observables: [any Observable] = [document, document.pages[0]]
        #expect(observables.count == 2)
    }

    @Test func aRealChangeInvalidatesItsReaders() throws {
        let (document, mediator) = makeDocument()
        let flag = tracking { _ = document.title }
        try mediator.update { $0.title = "Report" }
        #expect(flag.fired)
    }

    @Test func anEqualWriteDoesNot() throws {
        let (document, mediator) = makeDocument()
        let flag = tracking { _ = document.title }
        try mediator.update { $0.title = "Untitled" }
        #expect(!flag.fired)
    }

    @Test func aWriteOfAnotherMemberDoesNot() throws {
        let (document, mediator) = makeDocument()
        let flag = tracking { _ = document.title }
        try mediator.update { $0.count += 1 }
        #expect(!flag.fired)
    }

    @Test func aRolledBackUpdateDoesNot() throws {
        let (document, mediator) = makeDocument()
        let title = tracking { _ = document.title }
        let words = tracking { _ = document.pages[1].words }
        #expect(throws: PageError.emptyWord) {
            try mediator.update { document in
                document.title = "Draft"
                document.pages[1].words.append("")   // fails Page.validate()
            }
        }
        #expect(!title.fired && !words.fired)
        #expect(document.title == "Untitled" && document.pages[1].words.isEmpty)
    }

    @Test func anInPlaceEditThatChangesNothingDoesNot() throws {
        let (document, mediator) = makeDocument()
        let unchanged = tracking { _ = document.pages[0].words }
        try mediator.update { document in
            document.pages[0].words.append("b")
            document.pages[0].words.removeLast()
        }
        #expect(!unchanged.fired)
        let changed = tracking { _ = document.pages[0].words }
        try mediator.update { $0.pages[0].words.append("b") }
        #expect(changed.fired)
    }

    @Test func replacingNodesInvalidatesReadersOfTheCollection() throws {
        let (document, mediator) = makeDocument()
        let flag = tracking { _ = document.pages }
        try mediator.update { $0.pages[1] = Page() }
        #expect(flag.fired, "another object is a change, even with equal values")
    }

    @Test func aComputedMemberIsInvalidatedByItsDependencies() throws {
        let (document, mediator) = makeDocument()
        let flag = tracking { _ = document.wordCount }
        try mediator.update { $0.pages[1].words.append("c") }
        #expect(flag.fired)
        #expect(document.wordCount == 2)
    }

    @Test func readersSeeWhatProcessorsDerivedOnceTheUpdateReturns() throws {
        let (document, mediator) = makeDocument()
        let doubler = try mediator.process("doubler", reads: [Document.scheme.count], writes: [Document.scheme.total]) {
            $0.total = $0.count * 2
        }
        mediator.refresh()
        let flag = tracking { _ = document.total }
        try mediator.update { $0.count = 3 }
        #expect(flag.fired)
        #expect(document.total == 6)
        _ = doubler
    }

    @Test func theHistoryAndActivityStatesAreObservableToo() async throws {
        let (_, mediator) = makeDocument()
        let undoButton = tracking { _ = mediator.history.state.canUndo }
        let editedDot = tracking { _ = mediator.history.state.hasUnsavedChanges }
        try mediator.update { $0.title = "Edited" }
        #expect(undoButton.fired && editedDot.fired)
        let spinner = tracking { _ = mediator.activity.actions }
        _ = await mediator.run("sync") { _ in { _ in } }.finished
        #expect(spinner.fired)
    }

    @Test func onChangeSeesWhatProcessorsDerivedAlready() throws {
        let (document, mediator) = makeDocument()
        let doubler = try mediator.process("doubler", reads: [Document.scheme.count], writes: [Document.scheme.total]) {
            $0.total = $0.count * 2
        }
        mediator.refresh()
        let seen = Seen()
        withObservationTracking { _ = document.count } onChange: { MainActor.assumeIsolated { seen.total = mediator.root.total } }
        try mediator.update { $0.count = 4 }
        #expect(seen.total == 8, "onChange ran after the processor, not before")
        _ = doubler
    }

    @Test func anUpdateStartedFromOnChangeIsQueuedAndDeliveredLikeAnyOther() throws {
        let (document, mediator) = makeDocument()
        let log = Seen()
        let observer = mediator.observe("title", reads: [Document.scheme.title]) { log.titles.append($0.title) }
        mediator.refresh()
        log.titles.removeAll()
        withObservationTracking { _ = document.count } onChange: {
            MainActor.assumeIsolated { try? mediator.update { $0.title = "Counted" } }
        }
        try mediator.update { $0.count = 1 }
        #expect(document.title == "Counted")
        #expect(log.titles == ["Counted"], "the registration heard of the update started from onChange")
        _ = observer
    }

    @Test func aWriteOutsideUpdatesWithOnlyObservationReadersIsAViolation() throws {
        let (document, mediator) = makeDocument()
        mediator.contracts = Contracts(.record)
        let flag = tracking { _ = document.title }
        let other = Mediator(root: Document())
        other.contracts = Contracts(.fatal)   // another document: this write is none of its business
        document.title = "Sneaky"
        #expect(mediator.violations == [ContractViolation(kind: .writeOutsideUpdate, registration: nil, path: "Document.title")])
        #expect(flag.fired, "its readers heard of it")
        // Also for a class with will-change hooks, whose setters journal before they store.
        let words = tracking { _ = document.pages[0].words }
        document.pages[0].words = ["sneaky"]
        #expect(words.fired)
    }

    @Test func aWriteOutsideUpdatesIsToldOnceEachTimeAndNotAgainByTheRefreshThatTakesItIn() throws {
        let (document, mediator) = makeDocument()
        mediator.contracts = Contracts(.record)   // Observation reads it: a violation, until implicit updates
        let first = tracking { _ = document.title }
        document.title = "Typed"
        #expect(first.fired)
        // The view read it again, as SwiftUI does after a change; a second keystroke tells it too.
        let second = tracking { _ = document.title }
        document.title = "Typed more"
        #expect(second.fired)
        let third = tracking { _ = document.title }
        mediator.refresh()
        #expect(!third.fired, "the refresh that journals the writes has nothing new to tell")
        #expect(mediator.hasUnsavedChanges, "the writes were taken in")
        #expect(mediator.violations.count == 2)
    }
}

/// What an onChange handler saw.
@MainActor
private final class Seen {
    var total = 0
    var titles: [String] = []
}

