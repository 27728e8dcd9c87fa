import Ripple
import Testing

@MainActor
@Suite struct TransactionTests {
    struct Failure: Error, Equatable {}

    @Test func throwingUpdateUndoesEveryWriteAndNotifiesNobody() throws {
        let library = makeLibrary()
        let mediator = Mediator(root: library)
        let log = EventLog()
        let observer = mediator.observe("all", reads: [Library.scheme.all]) { _ in log.append("all") }
        mediator.refresh()
        _ = log.take()
        let originalShelves = library._shelves
        #expect(throws: Failure()) {
            try mediator.update { library in
                library.userID = 5
                library.catalog.total = 9
                library.shelves[0].title = "Changed"
                library.shelves.append(Shelf(id: 3, title: "New"))
                library.pinned = library.shelves[1]
                throw Failure()
            }
        }
        #expect(library.userID == 0)
        #expect(library.catalog.total == 0)
        #expect(library.shelves[0].title == "Shelf 0")
        #expect(library.shelves.count == 3 && zip(library.shelves, originalShelves).allSatisfy { $0 === $1 })
        #expect(library.pinned == nil)
        #expect(log.take() == [])
        _ = observer
    }

    @Test func nestedUpdateThatThrowsUndoesOnlyItsOwnWrites() throws {
        let mediator = Mediator(root: makeLibrary())
        try mediator.update { library in
            library.userID = 1
            library.catalog.total = 1
            do {
                try mediator.update { library in
                    library.userID = 2
                    library.selectedCount = 2
                    throw Failure()
                }
            } catch {}
        }
        #expect(mediator.root.userID == 1)
        #expect(mediator.root.catalog.total == 1)
        #expect(mediator.root.selectedCount == 0)
    }
}
