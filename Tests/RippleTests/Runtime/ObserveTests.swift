import Ripple
import Testing

@MainActor
@Suite struct ObserveTests {
    @Test func firesOnceOnFirstRefreshThenOnlyWhenItsReadsChange() throws {
        let mediator = Mediator(root: makeLibrary())
        let log = EventLog()
        let total = mediator.observe("total", reads: [Library.scheme.catalog.total]) { log.append("total \($0.catalog.total)") }
        #expect(log.take() == [])
        mediator.refresh()
        #expect(log.take() == ["total 0"])
        try mediator.update { $0.catalog.total = 5 }
        #expect(log.take() == ["total 5"])
        try mediator.update { $0.userID = 9 }
        #expect(log.take() == [])
        _ = total
    }

    @Test func equalWriteNotifiesNobody() throws {
        let mediator = Mediator(root: makeLibrary())
        let log = EventLog()
        let registration = mediator.observe("user", reads: [Library.scheme.userID]) { _ in log.append("user") }
        mediator.refresh()
        _ = log.take()
        try mediator.update { $0.userID = 0 }
        #expect(log.take() == [])
        try mediator.update { library in
            library.userID = 3
            library.userID = 0
        }
        #expect(log.take() == [], "a change undone within the transaction is no change")
        _ = registration
    }

    @Test func nestedUpdatesRefreshOnceAtTheEndOfTheOutermost() throws {
        let mediator = Mediator(root: makeLibrary())
        let log = EventLog()
        let registration = mediator.observe("user", reads: [Library.scheme.userID]) { log.append("user \($0.userID)") }
        mediator.refresh()
        _ = log.take()
        try mediator.update { library in
            library.userID = 1
            try mediator.update { $0.userID = 2 }
            log.append("outer body ends")
        }
        #expect(log.take() == ["outer body ends", "user 2"])
        _ = registration
    }

    @Test func deepWriteReachesSubtreeReaders() throws {
        let library = makeLibrary()
        library._shelves[1].children = [Shelf(id: 10, title: "Nested")]
        let mediator = Mediator(root: library)
        let log = EventLog()
        let registration = mediator.observe("shelves", reads: [Library.scheme.shelves.all]) { _ in log.append("shelves") }
        mediator.refresh()
        _ = log.take()
        try mediator.update { $0.shelves[1].children[0].title = "Renamed" }
        #expect(log.take() == ["shelves"])
        try mediator.update { $0.catalog.total = 1 }
        #expect(log.take() == [], "the catalog is not under shelves")
        _ = registration
    }

    @Test func insertingIntoACollectionReachesReadersThroughIt() throws {
        let mediator = Mediator(root: makeLibrary())
        let log = EventLog()
        let registration = mediator.observe("titles", reads: [Library.scheme.shelves.title]) { library in
            log.append(library.shelves.map(\.title).joined(separator: ","))
        }
        mediator.refresh()
        _ = log.take()
        let added = Shelf(id: 7, title: "New")
        try mediator.update { $0.shelves.append(added) }
        #expect(log.take() == ["Shelf 0,Shelf 1,Shelf 2,New"])
        try mediator.update { _ in added.title = "Newer" }
        #expect(log.take() == ["Shelf 0,Shelf 1,Shelf 2,Newer"], "the inserted node is watched from then on")
        _ = registration
    }

    @Test func writeToANodeNoLongerOnThePathNotifiesNobody() throws {
        let library = makeLibrary()
        let old = library._shelves[0]
        library.pinned = old
        let mediator = Mediator(root: library)
        let log = EventLog()
        let registration = mediator.observe("pinned", reads: [Library.scheme.pinned.title]) { library in
            log.append("pinned \(library.pinned?.title ?? "-")")
        }
        mediator.refresh()
        _ = log.take()
        try mediator.update { $0.pinned = $0.shelves[2] }
        #expect(log.take() == ["pinned Shelf 2"])
        try mediator.update { _ in old.title = "Unpinned" }
        #expect(log.take() == [])
        _ = registration
    }

    @Test func computedMemberNotifiesOnItsDependencies() throws {
        let mediator = Mediator(root: makeLibrary())
        let log = EventLog()
        let registration = mediator.observe("selected", reads: [Library.scheme.selectedShelf.entries]) { library in
            log.append("selected \(library.selectedShelf?.entries ?? [])")
        }
        mediator.refresh()
        #expect(log.take() == ["selected []"])
        try mediator.update { $0.selectedID = 1 }
        #expect(log.take() == ["selected []"])
        try mediator.update { $0.shelves[1].entries = ["a"] }
        #expect(log.take() == ["selected [\"a\"]"])
        try mediator.update { $0.shelves[0].entries = ["b"] }
        #expect(log.take() == [], "shelf 0 is not selected")
        _ = registration
    }

    @Test func cancelledOrReleasedRegistrationNeverFiresAgain() throws {
        let mediator = Mediator(root: makeLibrary())
        let log = EventLog()
        let kept = mediator.observe("kept", reads: [Library.scheme.userID]) { _ in log.append("kept") }
        var released: Registration? = mediator.observe("released", reads: [Library.scheme.userID]) { _ in log.append("released") }
        let cancelled = mediator.observe("cancelled", reads: [Library.scheme.userID]) { _ in log.append("cancelled") }
        mediator.refresh()
        #expect(log.take() == ["kept", "released", "cancelled"])
        released = nil
        cancelled.cancel()
        try mediator.update { $0.userID += 1 }
        #expect(log.take() == ["kept"])
        #expect(released == nil)
        _ = kept
    }

    @Test func aRegistrationReleasedInAnotherBodyFiresNoMoreInThatRefresh() throws {
        // Its owner may be gone with it (a body that captures it unowned would crash).
        final class Holder {
            var registration: Registration?
            var releases = false
        }
        let mediator = Mediator(root: makeLibrary())
        let log = EventLog()
        let holder = Holder()
        let releaser = mediator.observe("releaser", reads: [Library.scheme.userID]) { _ in
            log.append("releaser")
            if holder.releases { holder.registration = nil }
        }
        holder.registration = mediator.observe("released", reads: [Library.scheme.userID]) { _ in log.append("released") }
        let everyRefresh = Holder()
        let releasing = mediator.observeEveryRefresh("releasing") { _ in
            if everyRefresh.releases { everyRefresh.registration = nil }
        }
        everyRefresh.registration = mediator.observeEveryRefresh("every") { _ in log.append("every") }
        mediator.refresh()
        #expect(log.take() == ["releaser", "released", "every"])
        holder.releases = true
        try mediator.update { $0.userID += 1 }
        #expect(log.take() == ["releaser", "every"])
        everyRefresh.releases = true
        try mediator.update { $0.userID += 1 }
        #expect(log.take() == ["releaser"], "an observer of every refresh released before its turn")
        _ = releasing
        _ = releaser
    }

    @Test func manyWatchersOfOneNodeFireExactlyAndCancelCleanly() throws {
        let mediator = Mediator(root: makeLibrary())
        let log = EventLog()
        let users = (0..<20).map { index in
            mediator.observe("user\(index)", reads: [Library.scheme.userID]) { _ in log.append("user\(index)") }
        }
        let totals = (0..<20).map { index in
            mediator.observe("total\(index)", reads: [Library.scheme.catalog.total]) { _ in log.append("total\(index)") }
        }
        mediator.refresh()
        _ = log.take()
        for registration in users where registration.name.hasSuffix("0") || registration.name.hasSuffix("5") {
            registration.cancel()
        }
        try mediator.update { $0.userID = 1 }
        #expect(log.take() == (0..<20).filter { $0 % 5 != 0 }.map { "user\($0)" })
        try mediator.update { $0.selectedCount = 1 }
        #expect(log.take() == [], "none of them reads selectedCount")
        _ = totals
    }
}
