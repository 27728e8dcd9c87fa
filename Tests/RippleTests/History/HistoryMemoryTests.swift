@testable import Ripple
import Testing

/// A step keeps what its update changed: for a collection edited in place, the difference.
@MainActor
@Suite struct HistoryMemoryTests {
    /// The only change of the step to undo.
    private func onlyChange(_ mediator: Mediator<Library>) -> HistoryStep.Change? {
        let changes = mediator.history.undoSteps.last?.changes ?? []
        return changes.count == 1 ? changes[0] : nil
    }

    @Test func anAppendToALargeArrayOfNodesKeepsTheAppendedNodeOnly() throws {
        let library = makeLibrary()
        library.notes = (0..<20_000).map { Note(id: $0, "note") }
        let mediator = Mediator(root: library)
        let before = library._notes
        let added = Note(id: -1, "new")
        try mediator.update { $0.notes.append(added) }
        guard case .edit(let edit as ArrayEdit<Note>) = onlyChange(mediator)?.before else {
            Issue.record("the step keeps the whole old array")
            return
        }
        #expect(edit.start == 20_000 && edit.removed.isEmpty && edit.inserted.count == 1 && edit.inserted[0] === added)
        try mediator.history.undo()
        #expect(mediator.root.notes.count == 20_000 && zip(mediator.root.notes, before).allSatisfy { $0 === $1 })
        guard case .edit(let redo as ArrayEdit<Note>) = mediator.history.redoSteps.last?.changes.first?.before else {
            Issue.record("the redo step keeps the whole array")
            return
        }
        #expect(redo.removed.count == 1 && redo.inserted.isEmpty)
        try mediator.history.redo()
        #expect(mediator.root.notes.last === added && mediator.root.notes.count == 20_001)
    }

    @Test func collectionsOfValuesKeepTheirDifferenceToo() throws {
        let library = makeLibrary()
        library._shelves[0].entries = (0..<1_000).map { "e\($0)" }
        library.scores = Dictionary(uniqueKeysWithValues: (0..<1_000).map { ("s\($0)", $0) })
        library._catalog.tags = Set((0..<1_000).map { "t\($0)" })
        let mediator = Mediator(root: library)
        try mediator.update { library in
            library.shelves[0].entries.insert("middle", at: 500)
            library.scores["s7"] = nil
            library.scores["new"] = 1
            library.catalog.tags.insert("fresh")
        }
        let changes = mediator.history.undoSteps.last?.changes ?? []
        #expect(changes.count == 3)
        for change in changes {
            guard case .edit = change.before else {
                Issue.record("member \(change.member) is kept whole")
                continue
            }
        }
        try mediator.history.undo()
        #expect(mediator.root.shelves[0].entries == (0..<1_000).map { "e\($0)" })
        #expect(mediator.root.scores.count == 1_000 && mediator.root.scores["s7"] == 7 && mediator.root.scores["new"] == nil)
        #expect(mediator.root.catalog.tags.count == 1_000 && !mediator.root.catalog.tags.contains("fresh"))
        try mediator.history.redo()
        #expect(mediator.root.shelves[0].entries[500] == "middle" && mediator.root.scores["new"] == 1)
    }

    @Test func plainValuesWrittenFirstDoNotKeepACollectionWhole() throws {
        // Recording remembers, per update, the value types that cannot be edits: writes of
        // plain values before and between the collections must not hide their edits.
        let library = makeLibrary()
        library._shelves[0].entries = (0..<1_000).map { "e\($0)" }
        library.scores = Dictionary(uniqueKeysWithValues: (0..<1_000).map { ("s\($0)", $0) })
        let mediator = Mediator(root: library)
        try mediator.update { library in
            library.userID = 7
            library.shelves[0].entries.append("last")
            library.shelves[0].title = "Renamed"
            library.scores["s1"] = 100
        }
        let changes = mediator.history.undoSteps.last?.changes ?? []
        #expect(changes.count == 4)
        let edits = changes.filter { change in
            if case .edit = change.before { true } else { false }
        }
        #expect(edits.count == 2)
        try mediator.history.undo()
        #expect(mediator.root.userID == 0 && mediator.root.shelves[0].entries.count == 1_000)
        #expect(mediator.root.scores["s1"] == 1 && mediator.root.shelves[0].title == "Shelf 0")
    }

    @Test func anEditMovedByChangesMadeWithoutRecordingIsFoundWhereItWent() throws {
        let mediator = Mediator(root: makeLibrary(shelves: 5))
        let added = Shelf(id: 9, title: "Added")
        try mediator.update { $0.shelves.append(added) }
        try mediator.history.withoutRecording { try mediator.update { $0.shelves.removeFirst() } }
        try mediator.history.undo()
        #expect(mediator.root.shelves.map(\.id) == [1, 2, 3, 4])
    }

    @Test func anEditThatNoLongerFitsLeavesTheCollectionAsItIs() throws {
        let mediator = Mediator(root: makeLibrary(shelves: 2))
        try mediator.update(undoName: "First") { $0.userID = 1 }
        let added = Shelf(id: 9, title: "Added")
        try mediator.update(undoName: "Append") { $0.shelves.append(added) }
        try mediator.history.withoutRecording { try mediator.update { $0.shelves.removeAll { $0 === added } } }
        try mediator.history.undo()
        #expect(mediator.root.shelves.count == 2 && mediator.history.undoName == "First")
        try mediator.history.undo()
        #expect(mediator.root.userID == 0)
    }

    @Test func aRemovalIsUndoneBetweenTheElementsThatSurroundedItOrNotAtAll() throws {
        let mediator = Mediator(root: makeLibrary(shelves: 4))
        let shelves = mediator.root.shelves
        try mediator.update { $0.shelves.remove(at: 1) }
        let inserted = Shelf(id: 9, title: "Inserted")
        try mediator.history.withoutRecording { try mediator.update { $0.shelves.insert(inserted, at: 0) } }
        try mediator.history.undo()
        #expect(mediator.root.shelves.map(\.id) == [9, 0, 1, 2, 3], "back between 0 and 2, where it was")
        try mediator.history.redo()
        try mediator.update { $0.shelves.remove(at: 1) }   // 0, [1], 2, 3 -> 0, 2, 3 (with 9 first)
        try mediator.history.withoutRecording { try mediator.update { $0.shelves.removeAll { $0 !== shelves[3] } } }
        try mediator.history.undo()
        #expect(mediator.root.shelves.map(\.id) == [3], "its neighbours are gone: it stays out")
    }

    @Test func aValueChangedSinceWithoutRecordingKeepsItsNewerValue() throws {
        let mediator = Mediator(root: makeLibrary())
        try mediator.update(undoName: "Rename") { library in
            library.shelves[0].title = "Mine"
            library.userID = 5
        }
        try mediator.history.withoutRecording { try mediator.update { $0.shelves[0].title = "Server" } }
        try mediator.history.undo()
        #expect(mediator.root.shelves[0].title == "Server" && mediator.root.userID == 0)
        try mediator.history.redo()
        #expect(mediator.root.shelves[0].title == "Server" && mediator.root.userID == 5)
    }
}
