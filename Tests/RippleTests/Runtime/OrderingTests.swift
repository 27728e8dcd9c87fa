import Ripple
import Testing

@MainActor
@Suite struct OrderingTests {
    /// Quantwm's example: a coordinator resets the selection when the user changes, a
    /// processor derives the count of the selected shelf, and the header must see the new
    /// count in the same refresh.
    @Test func quantwmFlowSeesTheDerivedCountInTheSameRefresh() throws {
        let library = makeLibrary()
        library._shelves[1].entries = ["a", "b"]
        let mediator = Mediator(root: library)
        let log = EventLog()
        let header = mediator.observe("header", reads: [Library.scheme.selectedCount, Library.scheme.catalog.total]) {
            log.append("header count=\($0.selectedCount) total=\($0.catalog.total)")
        }
        let count = try mediator.process(
            "count", reads: [Library.scheme.selectedShelf.all], writes: [Library.scheme.selectedCount]
        ) { library in
            library.selectedCount = library.selectedShelf?.entries.count ?? 0
            log.append("count")
        }
        let reset = mediator.coordinate("reset", priority: -1, reads: [Library.scheme.userID]) { library in
            library.selectedID = nil
            log.append("reset")
        }
        mediator.refresh()
        #expect(log.take() == ["reset", "count", "header count=0 total=0"])

        try mediator.update { $0.selectedID = 1 }
        #expect(log.take() == ["count", "header count=2 total=0"])

        try mediator.update { $0.userID += 1 }
        #expect(log.take() == ["reset", "count", "header count=0 total=0"])
        #expect(mediator.violations.isEmpty)
        _ = (header, count, reset)
    }

    @Test func diamondRunsEachOnceInDependencyOrderWhateverTheRegistrationOrder() throws {
        let mediator = Mediator(root: makeLibrary())
        let log = EventLog()
        let observer = mediator.observe("o", reads: [Library.scheme.catalog.tags, Library.scheme.selectedCount]) {
            log.append("o \($0.catalog.tags.sorted()) \($0.selectedCount)")
        }
        let c = try mediator.process("c", reads: [Library.scheme.catalog.total], writes: [Library.scheme.selectedCount]) {
            $0.selectedCount = $0.catalog.total + 1
            log.append("c")
        }
        let b = try mediator.process("b", reads: [Library.scheme.catalog.total], writes: [Library.scheme.catalog.tags]) {
            $0.catalog.tags = ["t\($0.catalog.total)"]
            log.append("b")
        }
        let a = try mediator.process("a", reads: [Library.scheme.userID], writes: [Library.scheme.catalog.total]) {
            $0.catalog.total = $0.userID * 10
            log.append("a")
        }
        mediator.refresh()
        #expect(log.take() == ["a", "c", "b", "o [\"t0\"] 1"])
        try mediator.update { $0.userID = 2 }
        #expect(log.take() == ["a", "c", "b", "o [\"t20\"] 21"])
        _ = (observer, a, b, c)
    }

    @Test func fanOutNotifiesEveryReaderOnceAfterTheWriter() throws {
        let mediator = Mediator(root: makeLibrary())
        let log = EventLog()
        let readers = (0..<5).map { index in
            mediator.observe("reader\(index)", reads: [Library.scheme.catalog.total]) { _ in log.append("reader\(index)") }
        }
        let writer = try mediator.process("writer", reads: [Library.scheme.userID], writes: [Library.scheme.catalog.total]) {
            $0.catalog.total = $0.userID
            log.append("writer")
        }
        mediator.refresh()
        _ = log.take()
        try mediator.update { $0.userID = 4 }
        #expect(log.take() == ["writer", "reader0", "reader1", "reader2", "reader3", "reader4"])
        _ = (readers, writer)
    }

    @Test func fanInFiresTheReaderOnceAfterAllWriters() throws {
        let mediator = Mediator(root: makeLibrary())
        let log = EventLog()
        let reader = mediator.observe("reader", reads: [Library.scheme.catalog.all, Library.scheme.selectedCount]) { _ in
            log.append("reader")
        }
        let total = try mediator.process("total", reads: [Library.scheme.userID], writes: [Library.scheme.catalog.total]) {
            $0.catalog.total = $0.userID
            log.append("total")
        }
        let tags = try mediator.process("tags", reads: [Library.scheme.userID], writes: [Library.scheme.catalog.tags]) {
            $0.catalog.tags = ["\($0.userID)"]
            log.append("tags")
        }
        let count = try mediator.process("count", reads: [Library.scheme.userID], writes: [Library.scheme.selectedCount]) {
            $0.selectedCount = $0.userID
            log.append("count")
        }
        mediator.refresh()
        _ = log.take()
        try mediator.update { $0.userID = 7 }
        #expect(log.take() == ["total", "tags", "count", "reader"])
        _ = (reader, total, tags, count)
    }

    @Test func coordinatorsRunFirstInAscendingPriorityAndTheirWritesAreSeen() throws {
        let mediator = Mediator(root: makeLibrary())
        let log = EventLog()
        let observer = mediator.observe("observer", reads: [Library.scheme.catalog.total]) { log.append("observer \($0.catalog.total)") }
        let late = mediator.coordinate("late", priority: 5, reads: [Library.scheme.userID]) { _ in log.append("late") }
        let early = mediator.coordinate("early", priority: -3, reads: [Library.scheme.userID]) { library in
            library.catalog.total = library.userID * 2
            log.append("early")
        }
        mediator.refresh()
        _ = log.take()
        try mediator.update { $0.userID = 3 }
        #expect(log.take() == ["early", "late", "observer 6"])
        _ = (observer, late, early)
    }

    @Test func everyRefreshObserverFiresOnEveryRefreshAfterTheOthers() throws {
        let mediator = Mediator(root: makeLibrary())
        let log = EventLog()
        let every = mediator.observeEveryRefresh("every") { _ in log.append("every") }
        let user = mediator.observe("user", reads: [Library.scheme.userID]) { _ in log.append("user") }
        mediator.refresh()
        #expect(log.take() == ["user", "every"])
        try mediator.update { $0.catalog.total = 1 }
        #expect(log.take() == ["every"])
        _ = (every, user)
    }

    @Test func secondWriterOfAPropertyIsRejectedNamingIt() throws {
        let mediator = Mediator(root: makeLibrary())
        let first = try mediator.process("first", reads: [Library.scheme.userID], writes: [Library.scheme.catalog.total]) { _ in }
        #expect(throws: RippleError.conflictingWriters(property: "Catalog.total", existing: "first", new: "second")) {
            try mediator.process("second", reads: [Library.scheme.selectedID], writes: [Library.scheme.catalog.total]) { _ in }
        }
        _ = first
    }

    @Test func cycleIsRejectedNamingRegistrationsAndProperties() throws {
        let mediator = Mediator(root: makeLibrary())
        let a = try mediator.process("a", reads: [Library.scheme.userID], writes: [Library.scheme.catalog.total]) { _ in }
        let b = try mediator.process("b", reads: [Library.scheme.catalog.total], writes: [Library.scheme.selectedCount]) { _ in }
        #expect(throws: RippleError.dependencyCycle(
            registrations: ["c", "a", "b", "c"], properties: ["Library.userID", "Catalog.total", "Library.selectedCount"])
        ) {
            try mediator.process("c", reads: [Library.scheme.selectedCount], writes: [Library.scheme.userID]) { _ in }
        }
        _ = (a, b)
    }

    @Test func cancellingAProcessorFreesItsProperty() throws {
        let mediator = Mediator(root: makeLibrary())
        let first = try mediator.process("first", reads: [Library.scheme.userID], writes: [Library.scheme.catalog.total]) { _ in }
        first.cancel()
        let second = try mediator.process("second", reads: [Library.scheme.userID], writes: [Library.scheme.catalog.total]) { _ in }
        _ = second
    }
}
