import Ripple
import Testing

@MainActor
@Suite struct ContractTests {
    @Test func readOutsideReadsIsRecordedWithRegistrationAndPath() throws {
        let mediator = Mediator(root: makeLibrary())
        mediator.contracts = Contracts(.record)
        let observer = mediator.observe("header", reads: [Library.scheme.catalog.total]) { library in
            _ = library.catalog.total
            _ = library.userID
        }
        mediator.refresh()
        #expect(mediator.violations == [ContractViolation(kind: .readOutsideReads, registration: "header", path: "Library.userID")])
        _ = observer
    }

    @Test func readsUnderAllAndThroughComputedMembersAreWithinContract() throws {
        let library = makeLibrary()
        library.selectedID = 2
        let mediator = Mediator(root: library)
        mediator.contracts = Contracts(.record)
        let observer = mediator.observe("view", reads: [Library.scheme.shelves.all, Library.scheme.selectedShelf.title]) {
            library in
            _ = library.shelves.map { ($0.title, $0.entries, $0.children) }
            _ = library.selectedShelf?.title
        }
        mediator.refresh()
        #expect(mediator.violations == [])
        _ = observer
    }

    @Test func observerWriteIsAWriteOutsideItsWrites() throws {
        let mediator = Mediator(root: makeLibrary())
        mediator.contracts = Contracts(.record)
        let observer = mediator.observe("writer", reads: [Library.scheme.userID]) { $0.catalog.total = 3 }
        mediator.refresh()
        #expect(mediator.violations.contains(ContractViolation(
            kind: .writeOutsideWrites, registration: "writer", path: "Catalog.total")))
        _ = observer
    }

    @Test func watchedWriteOutsideAnUpdateIsAViolationAndStillDelivered() throws {
        let mediator = Mediator(root: makeLibrary())
        mediator.contracts = Contracts(.record)
        let log = EventLog()
        let observer = mediator.observe("total", reads: [Library.scheme.catalog.total]) { log.append("total \($0.catalog.total)") }
        mediator.refresh()
        _ = log.take()
        mediator.root.catalog.total = 4
        #expect(mediator.violations == [ContractViolation(kind: .writeOutsideUpdate, registration: nil, path: "Catalog.total")])
        #expect(log.take() == [])
        mediator.refresh()
        #expect(log.take() == ["total 4"], "nothing is silently dropped")
        _ = observer
    }

    @Test func ignoredChecksRecordNothing() throws {
        let mediator = Mediator(root: makeLibrary())
        mediator.contracts = .off
        let observer = mediator.observe("sloppy", reads: [Library.scheme.catalog.total]) { library in
            _ = library.userID
            library.selectedCount = 1
        }
        mediator.refresh()
        #expect(mediator.violations.isEmpty)
        _ = observer
    }
}
