import Ripple
import Testing

/// "Changed" is judged when a registration's turn comes, against what it saw when it last
/// fired: values put back by a coordinator or recomputed equal by a processor notify nobody
/// downstream, and a node replaced by another object is a change whatever its values.
@MainActor
@Suite struct FiringExactnessTests {
    @Test func aValueACoordinatorPutsBackDoesNotFireItsObserver() throws {
        let mediator = Mediator(root: makeLibrary())
        let log = EventLog()
        let reset = mediator.coordinate("reset", priority: -1, reads: [Library.scheme.userID]) { library in
            library.selectedID = nil
            log.append("reset")
        }
        let selection = mediator.observe("selection", reads: [Library.scheme.selectedID]) { library in
            log.append("selection \(library.selectedID.map(String.init) ?? "nil")")
        }
        mediator.refresh()
        #expect(log.take() == ["reset", "selection nil"])

        try mediator.update { library in
            library.selectedID = 3
            library.userID += 1
        }
        #expect(log.take() == ["reset"], "selection saw nil last time, and sees nil again")

        try mediator.update { $0.selectedID = 2 }
        #expect(log.take() == ["selection 2"])
        try mediator.update { library in
            library.selectedID = 1
            library.userID += 1
        }
        #expect(log.take() == ["reset", "selection nil"], "nil differs from the 2 it saw")
        _ = (reset, selection)
    }

    @Test func aProcessorThatRecomputesTheSameValueSilencesItsReaders() throws {
        let library = makeLibrary()
        library._shelves[0].entries = ["a", "b"]
        let mediator = Mediator(root: library)
        let log = EventLog()
        let parity = try mediator.process(
            "parity", reads: [Library.scheme.shelves.entries], writes: [Library.scheme.selectedCount]
        ) { library in
            library.selectedCount = library.shelves.reduce(0) { $0 + $1.entries.count } % 2
            log.append("parity")
        }
        let badge = mediator.observe("badge", reads: [Library.scheme.selectedCount]) { library in
            log.append("badge \(library.selectedCount)")
        }
        mediator.refresh()
        #expect(log.take() == ["parity", "badge 0"])

        try mediator.update { $0.shelves[1].entries = ["c", "d"] }
        #expect(log.take() == ["parity"])
        try mediator.update { $0.shelves[1].entries.append("e") }
        #expect(log.take() == ["parity", "badge 1"])
        _ = (parity, badge)
    }

    @Test func aCoordinatorThatDropsThenRestoresANodeNotifiesNobodyDownstream() throws {
        let library = makeLibrary()
        let pinned = library._shelves[0]
        library.pinned = pinned
        let mediator = Mediator(root: library)
        let log = EventLog()
        let keep = mediator.coordinate("keep pinned", reads: [Library.scheme.pinned]) { library in
            if library.pinned == nil { library.pinned = pinned }
            log.append("keep")
        }
        let title = mediator.observe("pinned title", reads: [Library.scheme.pinned.title]) { library in
            log.append("title \(library.pinned?.title ?? "-")")
        }
        mediator.refresh()
        #expect(log.take() == ["keep", "title Shelf 0"])

        try mediator.update { $0.pinned = nil }
        #expect(log.take() == ["keep"])
        try mediator.update { $0.pinned = Shelf(id: 0, title: "Shelf 0") }
        #expect(log.take() == ["keep", "title Shelf 0"], "another object with equal values is a change")
        _ = (keep, title)
    }

    @Test func theRefreshLogNamesOnlyTheChangesThatStillHoldAtTheTurn() throws {
        let mediator = Mediator(root: makeLibrary())
        mediator.isLogging = true
        let reset = mediator.coordinate("reset", reads: [Library.scheme.userID]) { $0.selectedID = nil }
        let both = mediator.observe("both", reads: [Library.scheme.selectedID, Library.scheme.catalog.total]) { _ in }
        mediator.refresh()
        try mediator.update { library in
            library.selectedID = 4
            library.catalog.total = 4
            library.userID = 1
        }
        let firings = mediator.refreshLog.last?.firings.map(\.description)
        #expect(firings == ["coordinator reset (Library.userID changed)", "observer both (Catalog.total changed)"])
        _ = (reset, both)
    }

    @Test func aFollowUpWhoseChangeWasPutBackDoesNotFireAgain() throws {
        let mediator = Mediator(root: makeLibrary())
        mediator.contracts = Contracts(.record)
        let log = EventLog()
        let watcher = mediator.observe("total", reads: [Library.scheme.catalog.total]) { library in
            log.append("total \(library.catalog.total)")
        }
        // Two processors of the same level run after the observer; the first bumps a value the
        // observer already read (outside its writes), the second puts it back.
        let bump = try mediator.process("bump", reads: [Library.scheme.userID], writes: [Library.scheme.selectedCount]) {
            $0.catalog.total += 1
        }
        let restore = try mediator.process("restore", reads: [Library.scheme.userID], writes: [Library.scheme.selectedID]) {
            $0.catalog.total -= 1
        }
        mediator.refresh()
        #expect(log.take() == ["total 0"])
        mediator.violations = []
        try mediator.update { library in
            library.catalog.total = 5
            library.userID = 1
        }
        #expect(log.take() == ["total 5"], "the follow-up finds total back at the 5 it saw")
        #expect(mediator.violations.contains { $0.kind == .writeAfterRead })
        _ = (watcher, bump, restore)
    }
}
