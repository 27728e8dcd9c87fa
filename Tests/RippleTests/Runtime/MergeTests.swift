import Foundation
import Ripple
import Testing

/// Identity-keyed merges: a payload decoded from JSON updates the nodes with the same ids in
/// place, makes new ones, removes missing ones, follows the payload's order, and notifies only
/// the readers of what really changed.
@MainActor
@Suite struct MergeTests {
    /// A shelf as a server sends it.
    struct ShelfPayload: Codable, Identifiable {
        let id: Int
        let title: String
        /// Left out of the JSON when empty.
        var entries: [String]?
    }

    private func payload(_ json: String) throws -> [ShelfPayload] {
        try JSONDecoder().decode([ShelfPayload].self, from: Data(json.utf8))
    }

    private func make(_ value: ShelfPayload) -> Shelf {
        let shelf = Shelf(id: value.id, title: value.title)
        shelf.entries = value.entries ?? []
        return shelf
    }

    private func apply(_ shelf: Shelf, _ value: ShelfPayload) {
        shelf.title = value.title
        shelf.entries = value.entries ?? []
    }

    /// A library with shelves 0, 1, 2 and observers of the list and of each shelf's title.
    private func watched() throws -> (Mediator<Library>, EventLog, [Registration]) {
        let mediator = Mediator(root: makeLibrary())
        let log = EventLog()
        var registrations = [mediator.observe("list", reads: [Library.scheme.shelves]) { _ in log.append("list") }]
        for shelf in mediator.root.shelves {
            registrations.append(mediator.observe("title \(shelf.id)", on: shelf, reads: [Shelf.scheme.title]) { _ in
                log.append("title \(shelf.id)")
            })
        }
        mediator.refresh()
        _ = log.take()
        return (mediator, log, registrations)
    }

    @Test func updatesKnownIdsInPlaceMakesNewOnesAndRemovesMissingOnes() throws {
        let (mediator, log, registrations) = try watched()
        let (zero, two) = (mediator.root.shelves[0], mediator.root.shelves[2])
        let values = try payload(#"[{"id": 2, "title": "Two"}, {"id": 0, "title": "Shelf 0"}, {"id": 7, "title": "New"}]"#)
        try mediator.update { library in
            try library.shelves.merge(values, make: make, update: apply)
        }
        let shelves = mediator.root.shelves
        #expect(shelves.map(\.id) == [2, 0, 7], "the order follows the payload; shelf 1 is gone")
        #expect(shelves[0] === two && shelves[1] === zero, "known ids keep their nodes")
        #expect(shelves.map(\.title) == ["Two", "Shelf 0", "New"])
        #expect(log.take() == ["list", "title 2"], "shelf 0's equal title notifies nobody")
        _ = registrations
    }

    @Test func mergingTheSamePayloadTwiceNotifiesNobodyTheSecondTime() throws {
        let (mediator, log, registrations) = try watched()
        let values = try payload(#"[{"id": 0, "title": "A", "entries": ["x"]}, {"id": 1, "title": "Shelf 1"}]"#)
        try mediator.update { try $0.shelves.merge(values, make: make, update: apply) }
        #expect(log.take() == ["list", "title 0"])
        try mediator.update { try $0.shelves.merge(values, make: make, update: apply) }
        #expect(log.take() == [])
        _ = registrations
    }

    @Test func aReorderedPayloadMovesTheSameNodes() throws {
        let (mediator, log, registrations) = try watched()
        let before = mediator.root.shelves
        let values = try payload(#"[{"id": 2, "title": "Shelf 2"}, {"id": 1, "title": "Shelf 1"}, {"id": 0, "title": "Shelf 0"}]"#)
        try mediator.update { try $0.shelves.merge(values, make: make, update: apply) }
        #expect(zip(mediator.root.shelves, before.reversed()).allSatisfy { $0 === $1 })
        #expect(log.take() == ["list"])
        _ = registrations
    }

    @Test func duplicateIdsInThePayloadAreRefusedAndNothingIsApplied() throws {
        let (mediator, log, registrations) = try watched()
        let before = mediator.root.shelves
        let values = try payload(#"[{"id": 0, "title": "A"}, {"id": 5, "title": "B"}, {"id": 0, "title": "C"}]"#)
        var refused: MergeError?
        try mediator.update { library in
            do {
                try library.shelves.merge(values, make: make, update: apply)
            } catch let error as MergeError {
                refused = error
            }
        }
        #expect(refused == .duplicateID("0"))
        #expect(refused?.description == "the payload holds id 0 more than once; nothing was merged (make the ids unique)")
        #expect(mediator.root.shelves.count == 3 && zip(mediator.root.shelves, before).allSatisfy { $0 === $1 })
        #expect(mediator.root.shelves[0].title == "Shelf 0")
        #expect(log.take() == [])
        _ = registrations
    }

    @Test func anUpdateThatThrowsRollsTheWholeMergeBack() throws {
        struct Refused: Error {}
        let (mediator, log, registrations) = try watched()
        let values = try payload(#"[{"id": 0, "title": "A"}, {"id": 9, "title": "B"}]"#)
        #expect(throws: Refused.self) {
            try mediator.update { library in
                try library.shelves.merge(values, make: { _ in throw Refused() }, update: apply)
            }
        }
        #expect(mediator.root.shelves.map(\.title) == ["Shelf 0", "Shelf 1", "Shelf 2"])
        #expect(log.take() == [])
        _ = registrations
    }

    @Test func dictionariesOfNodesMergeByTheirKeys() throws {
        let mediator = Mediator(root: makeLibrary())
        let index = ShelfIndex()
        let log = EventLog()
        let titles = mediator.observe("titles", on: index, reads: [ShelfIndex.scheme.byID.title]) { _ in log.append("titles") }
        mediator.refresh()
        _ = log.take()
        let first = try payload(#"[{"id": 1, "title": "One"}, {"id": 2, "title": "Two"}]"#)
        try mediator.update { _ in try index.byID.merge(first, make: make, update: apply) }
        let one = try #require(index.byID[1])
        #expect(index.byID.keys.sorted() == [1, 2] && log.take() == ["titles"])

        let second = try payload(#"[{"id": 1, "title": "Uno"}, {"id": 3, "title": "Three"}]"#)
        try mediator.update { _ in try index.byID.merge(second, make: make, update: apply) }
        #expect(index.byID.keys.sorted() == [1, 3] && index.byID[1] === one && one.title == "Uno")
        #expect(log.take() == ["titles"])
        try mediator.update { _ in try index.byID.merge(second, make: make, update: apply) }
        #expect(log.take() == [], "the same payload again changes nothing")
        _ = titles
    }
}
