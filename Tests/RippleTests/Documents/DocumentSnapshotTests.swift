import Foundation
import Ripple
import Testing

/// `mediator.snapshot()` and `Mediator(opening:)`: every saved member and the node graph come
/// back; what is not saved does not; bad input is refused with a clear error.
@MainActor
@Suite struct DocumentSnapshotTests {
    /// A library with a shelf shared by two members, a cycle of shelves, notes with replies,
    /// and values of every kind.
    private func makeRichLibrary() throws -> Mediator<Library> {
        let library = makeLibrary(shelves: 3)
        let mediator = Mediator(root: library)
        try mediator.update { library in
            library.userID = 7
            library.selectedID = 2                      // discardable: not saved
            library.catalog.total = 12
            library.catalog.tags = ["a", "b", "c"]
            library.shelves[0].entries = ["x", "y"]
            library.shelves[1].children = [library.shelves[2]]
            library.shelves[2].children = [library.shelves[1]]    // a cycle
            library.pinned = library.shelves[0]                   // shared with `shelves`
            library.shelvesByKey = ["first": library.shelves[0], "last": library.shelves[2]]
            library.archive = [library.shelves[1]]
            library.settings.open("f")
            library.scores = ["s": 3]
            library.notes = [Note(id: 1, "note", replies: [Note(id: 2, "reply")])]
            library.chart.slices = [Slice("A", 60), Slice("B", 40)]
        }
        return mediator
    }

    @Test func aSnapshotOpensToTheSameValuesIdentitiesAndSharing() throws {
        let mediator = try makeRichLibrary()
        let data = try mediator.snapshot()
        let opened = try Mediator<Library>(opening: data)
        let library = opened.root
        #expect(library.userID == 7 && library.catalog.total == 12 && library.catalog.tags == ["a", "b", "c"])
        #expect(library.shelves.map(\.title) == ["Shelf 0", "Shelf 1", "Shelf 2"] && library.shelves[0].entries == ["x", "y"])
        #expect(library.pinned === library.shelves[0], "a node shared by two members comes back as one object")
        #expect(library.shelvesByKey["first"] === library.shelves[0] && library.archive?[0] === library.shelves[1])
        #expect(library.shelves[1].children[0] === library.shelves[2] && library.shelves[2].children[0] === library.shelves[1])
        #expect(library.settings == mediator.root.settings && library.scores == ["s": 3])
        #expect(library.notes[0].replies[0].text == "reply" && library.chart.slices.map(\.percent) == [60, 40])
        #expect(library.selectedID == nil, "discardable members are not saved")
        #expect(!opened.hasUnsavedChanges && !opened.history.canUndo)
    }

    @Test func savingWhatWasOpenedGivesTheSameBytes() throws {
        let data = try makeRichLibrary().snapshot()
        let opened = try Mediator<Library>(opening: data)
        #expect(try opened.snapshot() == data)
        #expect(try Mediator<Library>(opening: try opened.snapshot()).snapshot() == data)
    }

    @Test func derivedMembersAreComputedAgainByTheirProcessors() throws {
        let mediator = try makeRichLibrary()
        let opened = try Mediator<Library>(opening: try mediator.snapshot())
        let counter = try opened.process("count", reads: [Library.scheme.shelves.entries], writes: [Library.scheme.selectedCount]) {
            $0.selectedCount = $0.shelves.reduce(0) { $0 + $1.entries.count }
        }
        opened.refresh()
        #expect(opened.root.selectedCount == 2)
        _ = counter
    }

    @Test func badInputIsRefusedWithAClearError() throws {
        let data = try makeRichLibrary().snapshot()
        let bytes = [UInt8](data)
        func opening(_ bytes: [UInt8]) -> DocumentError? {
            do {
                _ = try Mediator<Library>(opening: Data(bytes))
                return nil
            } catch {
                return error as? DocumentError
            }
        }
        for cut in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 97)) {
            guard let error = opening(Array(bytes[..<cut])) else {
                Issue.record("a document cut at \(cut) of \(bytes.count) bytes opened")
                continue
            }
            if case .notADocument = error {} else { Issue.record("cut at \(cut): \(error)") }
        }
        #expect(opening(Array("garbage".utf8)).map { "\($0)" }?.hasPrefix("not a Ripple document") == true)
        #expect(opening(Array(#"{"format":1,"model":"Board","version":1}"#.utf8)) == .otherModel(found: "Board", expected: "Library"))
        #expect(opening(Array(#"{"format":99,"model":"Library","version":1}"#.utf8)) == .newerFormat(found: 99, supported: 1))
        #expect(opening(Array(#"{"format":1,"model":"Library","version":5,"root":1,"nextID":2,"nodes":[]}"#.utf8))
            == .newerVersion(found: 5, supported: 1))
        let dangling = #"{"format":1,"model":"Library","version":1,"root":1,"nextID":3,"nodes":[{"id":1,"type":"Library","values":{"catalog":9}}]}"#
        if case .damaged = opening(Array(dangling.utf8)) {} else { Issue.record("a dangling reference was not refused") }
        let wrongType = #"{"format":1,"model":"Library","version":1,"root":1,"nextID":3,"nodes":[{"id":1,"type":"Shelf","values":{}}]}"#
        if case .damaged = opening(Array(wrongType.utf8)) {} else { Issue.record("a root of the wrong class was not refused") }
    }
}
