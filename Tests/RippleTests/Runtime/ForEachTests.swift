import Ripple
import Testing

/// Registrations for every node of a class (`forEach:`): each node fires alone, when its reads
/// changed or it entered the model, in the registration's place in the refresh order.
@MainActor
@Suite struct ForEachTests {
    /// A per-node processor deriving each shelf's title from its entries.
    private func titleProcessor(_ mediator: Mediator<Library>, _ log: EventLog) throws -> Registration {
        try mediator.process("title", forEach: Shelf.self, reads: [Shelf.scheme.entries], writes: [Shelf.scheme.title]) {
            shelf in
            shelf.title = "n=\(shelf.entries.count)"
            log.append("title \(shelf.id)")
        }
    }

    @Test func aPerNodeProcessorRunsAfterCoordinatorsAndBeforeRootReadersOfWhatItWrites() throws {
        let mediator = Mediator(root: makeLibrary())
        let log = EventLog()
        // Registered first, so only the dependency order puts it after the processor.
        let reader = mediator.observe("titles", reads: [Library.scheme.shelves.title]) { library in
            log.append("titles " + library.shelves.map(\.title).joined(separator: ","))
        }
        let title = try titleProcessor(mediator, log)
        let reset = mediator.coordinate("reset", reads: [Library.scheme.userID]) { library in
            log.append("reset")
            if library.userID == 1 { library.shelves[2].entries = ["x"] }
        }
        mediator.refresh()
        #expect(log.take() == ["reset", "title 0", "title 1", "title 2", "titles n=0,n=0,n=0"])

        try mediator.update { $0.shelves[1].entries = ["a", "b"] }
        #expect(log.take() == ["title 1", "titles n=0,n=2,n=0"])

        // The coordinator's write reaches the processor of the shelf it wrote, in the same refresh.
        try mediator.update { $0.userID = 1 }
        #expect(log.take() == ["reset", "title 2", "titles n=0,n=2,n=1"])
        #expect(mediator.violations.isEmpty)
        _ = (reader, title, reset)
    }

    @Test func aPerNodeProcessorRunsBeforePerNodeReadersOfWhatItWrites() throws {
        let mediator = Mediator(root: makeLibrary(shelves: 2))
        let log = EventLog()
        let row = mediator.observe("row", forEach: Shelf.self, reads: [Shelf.scheme.title]) { shelf in
            log.append("row \(shelf.id) \(shelf.title)")
        }
        let title = try titleProcessor(mediator, log)
        mediator.refresh()
        #expect(log.take() == ["title 0", "title 1", "row 0 n=0", "row 1 n=0"])
        try mediator.update { $0.shelves[0].entries = ["a"] }
        #expect(log.take() == ["title 0", "row 0 n=1"])
        // A write of an equal value notifies nobody.
        try mediator.update { $0.shelves[0].entries = ["b"] }
        #expect(log.take() == ["title 0"])
        _ = (row, title)
    }

    @Test func onlyChangedAndEnteredNodesFireNeverThoseThatLeft() throws {
        let library = makeLibrary()
        let mediator = Mediator(root: library)
        let log = EventLog()
        let row = mediator.observe("row", forEach: Shelf.self, reads: [Shelf.scheme.entries, Shelf.scheme.children.all]) {
            log.append("row \($0.id)")
        }
        mediator.refresh()
        #expect(log.take() == ["row 0", "row 1", "row 2"])
        mediator.refresh()
        #expect(log.take() == [])

        // Entered: a new shelf, and a shelf under it (the class is recursive); its parent's
        // reads (`children.all`) changed too.
        let nested = Shelf(id: 4, title: "")
        let added = Shelf(id: 3, title: "")
        added.children = [nested]
        try mediator.update { $0.shelves.append(added) }
        #expect(Set(log.take()) == ["row 3", "row 4"])

        try mediator.update { $0.shelves[3].children[0].entries = ["deep"] }
        #expect(Set(log.take()) == ["row 3", "row 4"], "the nested shelf, and its parent reading children.all")

        // Left: the removed shelf is not watched any more, and never fires.
        let removed = library.shelves[0]
        try mediator.update { $0.shelves.removeFirst() }
        #expect(log.take() == [])
        try mediator.update { _ in removed.entries = ["gone"] }
        #expect(log.take() == [])

        // Back in the model, it fires as a node that entered.
        try mediator.update { $0.shelves.append(removed) }
        #expect(log.take() == ["row 0"])
        #expect(row.fireCount == 8)
        #expect(mediator.violations.isEmpty)
    }

    @Test func aMovedNodeFiresOnlyForWhatItReadsAndASharedNodeOnce() throws {
        let library = makeLibrary()
        let mediator = Mediator(root: library)
        let log = EventLog()
        let row = mediator.observe("row", forEach: Shelf.self, reads: [Shelf.scheme.entries]) { log.append("row \($0.id)") }
        mediator.refresh()
        _ = log.take()

        // Moved under another shelf in one update: it stays in the model and read nothing new.
        let moved = library.shelves[0]
        try mediator.update { library in
            library.shelves.removeFirst()
            library.shelves[0].children.append(moved)
        }
        #expect(log.take() == [])
        try mediator.update { _ in moved.entries = ["a"] }
        #expect(log.take() == ["row 0"])

        // In two places (pinned too): one node, firing once.
        try mediator.update { $0.pinned = moved }
        #expect(log.take() == [])
        try mediator.update { _ in moved.entries = ["b"] }
        #expect(log.take() == ["row 0"])
        // Out of one place, still in the other: still watched.
        try mediator.update { $0.shelves[0].children.removeAll() }
        try mediator.update { _ in moved.entries = ["c"] }
        #expect(log.take() == ["row 0"])
        _ = row
    }

    @Test func aRegistrationMadeLaterFiresOnceForEveryNodeAlreadyInTheModel() throws {
        let library = makeLibrary()
        let pinnedOnly = Shelf(id: 9, title: "")
        library.pinned = pinnedOnly
        library._shelves[1].children = [Shelf(id: 7, title: "")]
        let mediator = Mediator(root: library)
        try mediator.update { $0.userID = 3 }
        let log = EventLog()
        let row = mediator.observe("row", forEach: Shelf.self, reads: [Shelf.scheme.entries]) { log.append("row \($0.id)") }
        try mediator.update { $0.userID = 4 }
        #expect(Set(log.events) == ["row 0", "row 1", "row 2", "row 7", "row 9"])
        #expect(log.take().count == 5)
        try mediator.update { $0.userID = 5 }
        #expect(log.take() == [])
        _ = row
    }

    @Test func aRegistrationMadeInsideAnUpdateFiresOnceForEveryNodeAfterItAndNotForWhatRolledBack() throws {
        let library = makeLibrary(shelves: 2)
        let mediator = Mediator(root: library)
        let log = EventLog()
        var row: Registration?
        try mediator.update { library in
            library.shelves.append(Shelf(id: 2, title: ""))
            row = mediator.observe("row", forEach: Shelf.self, reads: [Shelf.scheme.entries]) { log.append("row \($0.id)") }
            library.shelves[0].entries = ["a"]
        }
        #expect(Set(log.events) == ["row 0", "row 1", "row 2"])
        #expect(log.take().count == 3)
        let lost = Shelf(id: 3, title: "")
        #expect(throws: (any Error).self) {
            try mediator.update { library in
                library.shelves.append(lost)
                throw CancellationError()
            }
        }
        try mediator.update { _ in lost.entries = ["never"] }
        #expect(log.take() == [])
        _ = row
    }

    @Test func aNodeAttachedByAProcessorFiresInTheSameRefreshBeforeRootReaders() throws {
        let mediator = Mediator(root: makeLibrary(shelves: 1))
        let log = EventLog()
        let reader = mediator.observe("titles", reads: [Library.scheme.shelves.title]) { library in
            log.append("titles " + library.shelves.map(\.title).joined(separator: ","))
        }
        let title = try titleProcessor(mediator, log)
        let adder = try mediator.process("adder", reads: [Library.scheme.userID], writes: [Library.scheme.shelves, Library.scheme.shelves.entries]) { library in
            if library.userID > 0, library.shelves.count < 2 {
                let shelf = Shelf(id: 5, title: "")
                shelf.entries = ["a", "b", "c"]
                library.shelves.append(shelf)
            }
        }
        mediator.refresh()
        _ = log.take()
        try mediator.update { $0.userID = 1 }
        #expect(log.take() == ["title 5", "titles n=0,n=3"])
        #expect(mediator.violations.isEmpty)
        _ = (reader, title, adder)
    }

    @Test func secondWritersAndCyclesAreRejectedAndRegisterNothing() throws {
        let mediator = Mediator(root: makeLibrary())
        let log = EventLog()
        let title = try titleProcessor(mediator, log)
        #expect(throws: RippleError.conflictingWriters(property: "Shelf.title", existing: "title", new: "root title")) {
            try mediator.process("root title", reads: [Library.scheme.userID], writes: [Library.scheme.shelves.title]) { _ in }
        }
        #expect(throws: RippleError.conflictingWriters(property: "Shelf.title", existing: "title", new: "again")) {
            try mediator.process("again", forEach: Shelf.self, reads: [Shelf.scheme.children], writes: [Shelf.scheme.title]) { _ in }
        }
        #expect(throws: RippleError.dependencyCycle(registrations: ["entries", "title", "entries"], properties: ["Shelf.entries", "Shelf.title"])) {
            try mediator.process("entries", forEach: Shelf.self, reads: [Shelf.scheme.title], writes: [Shelf.scheme.entries]) {
                log.append("entries \($0.id)")
            }
        }
        mediator.refresh()
        #expect(log.take() == ["title 0", "title 1", "title 2"])
        try mediator.update { $0.shelves[0].title = "x" }
        #expect(log.take() == [])
        _ = title
    }

    @Test func contractsCheckEachFiringAgainstThePathsFromItsNode() throws {
        let library = makeLibrary()
        let mediator = Mediator(root: library)
        mediator.contracts = Contracts(.record)
        let other = library.shelves[0]
        let peek = mediator.observe("peek", forEach: Shelf.self, reads: [Shelf.scheme.entries]) { shelf in
            _ = shelf.entries
            if shelf.id == 1 { _ = other.entries }
        }
        let title = try mediator.process("title", forEach: Shelf.self, reads: [Shelf.scheme.entries], writes: [Shelf.scheme.title]) {
            shelf in
            shelf.title = "\(shelf.entries.count)"
            if shelf.id == 2 { library.userID = 1 }
        }
        mediator.refresh()
        #expect(mediator.violations == [
            ContractViolation(kind: .readOutsideReads, registration: "peek", path: "Shelf.entries"),
            ContractViolation(kind: .writeOutsideWrites, registration: "title", path: "Library.userID"),
        ])
        _ = (peek, title)
    }

    @Test func handlesCancelPauseResumeAndReleaseEveryNode() throws {
        let library = makeLibrary()
        let mediator = Mediator(root: library)
        let log = EventLog()
        var row: Registration? = mediator.observe("row", forEach: Shelf.self, reads: [Shelf.scheme.entries]) {
            log.append("row \($0.id)")
        }
        mediator.refresh()
        _ = log.take()
        row?.pause()
        try mediator.update { $0.shelves[1].entries = ["a"] }
        try mediator.update { $0.shelves[2].entries = ["b"] }
        try mediator.update { $0.shelves[2].entries = [] }
        try mediator.update { $0.shelves.append(Shelf(id: 3, title: "")) }
        #expect(log.take() == [])
        #expect(row?.isPaused == true)
        row?.resume()
        #expect(log.take() == ["row 1", "row 3"], "what changed while paused and what entered, once; not what cancelled out")
        #expect(row?.fireCount == 5)

        row = nil
        try mediator.update { $0.shelves[1].entries = ["c"] }
        #expect(log.take() == [])

        let other = mediator.observe("other", forEach: Shelf.self, reads: [Shelf.scheme.entries]) { log.append("other \($0.id)") }
        mediator.refresh()
        _ = log.take()
        other.cancel()
        #expect(other.isCancelled)
        try mediator.update { $0.shelves[1].entries = ["d"] }
        try mediator.update { $0.shelves.append(Shelf(id: 4, title: "")) }
        #expect(log.take() == [])
    }

    @Test func theRefreshLogCountsTheNodesAndTheGraphShowsOneRegistration() throws {
        let mediator = Mediator(root: makeLibrary())
        mediator.isLogging = true
        let log = EventLog()
        let title = try titleProcessor(mediator, log)
        let reader = mediator.observe("titles", reads: [Library.scheme.shelves.title]) { _ in }
        mediator.refresh()
        try mediator.update { $0.shelves[1].entries = ["a"] }
        #expect(mediator.refreshLog.map(\.description) == [
            "refresh 1: processor title for 3 nodes (initial)\nrefresh 1: observer titles (initial)",
            "refresh 2: processor title for 1 node (Shelf.entries changed)\nrefresh 2: observer titles (Shelf.title changed)",
        ])
        #expect(mediator.registrationsDescription.contains("1. processor 'title' (level 0) for each Shelf reads Shelf.entries writes Shelf.title"))
        #expect(mediator.dependencyGraphDOT.contains("r0 -> r1 [label=\"Shelf.title\"]"))
        _ = (title, reader)
    }
}
