import Ripple
import Testing

@MainActor
@Suite struct LifetimeTests {
    @Test func resumeDeliversOneCatchUpWhenSomethingChanged() throws {
        let mediator = Mediator(root: makeLibrary())
        let log = EventLog()
        let observer = mediator.observe("total", reads: [Library.scheme.catalog.total]) { log.append("total \($0.catalog.total)") }
        mediator.refresh()
        _ = log.take()
        observer.pause()
        try mediator.update { $0.catalog.total = 1 }
        try mediator.update { $0.catalog.total = 2 }
        #expect(log.take() == [])
        observer.resume()
        #expect(log.take() == ["total 2"])
        try mediator.update { $0.catalog.total = 3 }
        #expect(log.take() == ["total 3"])
    }

    @Test func resumeIsSilentWhenTheChangesCancelledOut() throws {
        let mediator = Mediator(root: makeLibrary())
        let log = EventLog()
        let observer = mediator.observe("total", reads: [Library.scheme.catalog.total]) { log.append("total \($0.catalog.total)") }
        mediator.refresh()
        _ = log.take()
        observer.pause()
        try mediator.update { $0.catalog.total = 1 }
        try mediator.update { $0.catalog.total = 0 }
        observer.resume()
        #expect(log.take() == [])
    }

    @Test func pausedBeforeItsFirstRefreshFiresOnResume() throws {
        let mediator = Mediator(root: makeLibrary())
        let log = EventLog()
        let observer = mediator.observe("total", reads: [Library.scheme.catalog.total]) { _ in log.append("total") }
        observer.pause()
        mediator.refresh()
        #expect(log.take() == [])
        observer.resume()
        #expect(log.take() == ["total"])
    }

    @Test func releasedRegistrationStopsWatchingTheModel() throws {
        weak var weakShelf: Shelf?
        let mediator = Mediator(root: makeLibrary())
        mediator.history.isEnabled = false  // an undo step would keep the shelf, rightly
        do {
            let shelf = Shelf(id: 9, title: "Temporary")
            weakShelf = shelf
            try mediator.update { $0.pinned = shelf }
            var observer: Registration? = mediator.observe("pinned", reads: [Library.scheme.pinned.all]) { _ in }
            mediator.refresh()
            observer = nil
            _ = observer
            try mediator.update { $0.pinned = nil }
        }
        #expect(weakShelf == nil, "no watch keeps a removed node alive")
    }
}
