import Ripple
import Testing

/// Collections and values of the user's own types are edited in place through the generated
/// `_modify` accessors: every form notifies exactly the readers of what really changed, moves
/// the watches through node collections, and rolls back to the very same objects.
@MainActor
@Suite struct InPlaceEditTests {
    struct Failure: Error, Equatable {}

    /// A model with observers of every member the tests edit; each logs its name when it fires.
    @MainActor
    private final class Watched {
        let library = makeLibrary()
        let mediator: Mediator<Library>
        let log = EventLog()
        var registrations: [Registration] = []

        /// `prepare` sets the model up before the mediator takes it.
        init(_ prepare: (Library) -> Void = { _ in }) throws {
            prepare(library)
            mediator = Mediator(root: library)
            let log = log
            let paths: [(String, any ModelPathConvertible<Library>)] = [
                ("entries", Library.scheme.shelves.entries),
                ("shelves", Library.scheme.shelves),
                ("titles", Library.scheme.shelves.title),
                ("settings", Library.scheme.settings),
                ("scores", Library.scheme.scores),
                ("byKey", Library.scheme.shelvesByKey),
                ("byKey titles", Library.scheme.shelvesByKey.title),
                ("archive titles", Library.scheme.archive.title),
                ("userID", Library.scheme.userID),
            ]
            for (name, path) in paths {
                registrations.append(mediator.observe(name, reads: [path]) { _ in log.append(name) })
            }
            mediator.refresh()
            _ = log.take()
        }

        /// Runs `body` as one update and returns who fired.
        func update(_ body: @escaping @MainActor (Library) throws -> Void) throws -> [String] {
            try mediator.update(body)
            return log.take()
        }
    }

    private func bufferAddress<Element>(_ array: [Element]) -> UnsafeRawPointer? {
        array.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
    }

    // MARK: Storage is edited in place

    @Test func appendsAfterTheFirstEditOfAnUpdateReuseTheStorage() throws {
        let watched = try Watched()
        var valueBuffers: Set<UnsafeRawPointer?> = []
        var nodeBuffers: Set<UnsafeRawPointer?> = []
        let fired = try watched.update { library in
            library.shelves[0].entries.reserveCapacity(1_000)
            library.shelves.reserveCapacity(1_000)
            for index in 0..<1_000 {
                library.shelves[0].entries.append("entry \(index)")
                valueBuffers.insert(bufferAddress(library.shelves[0]._entries))
            }
            for index in 0..<500 {
                library.shelves.append(Shelf(id: 100 + index, title: "new"))
                nodeBuffers.insert(bufferAddress(library._shelves))
            }
        }
        #expect(valueBuffers.count == 1, "an append copied the array")
        #expect(nodeBuffers.count == 1, "an append copied the node array")
        #expect(watched.library.shelves[0].entries.count == 1_000)
        #expect(watched.library.shelves.count == 503)
        #expect(fired == ["entries", "shelves", "titles"])
    }

    // MARK: Each form notifies its readers

    @Test func subscriptAssignmentOfAnArrayElementNotifiesItsReaders() throws {
        let watched = try Watched { $0.shelves[1].entries = ["a", "b"] }
        #expect(try watched.update { $0.shelves[1].entries[1] = "c" } == ["entries"])
        #expect(watched.library.shelves[1].entries == ["a", "c"])
        #expect(try watched.update { $0.shelves[1].entries[1] = "c" } == [], "an equal element notifies nobody")
    }

    @Test func appendThenRemoveLastInOneUpdateNotifiesNobody() throws {
        let watched = try Watched()
        let fired = try watched.update { library in
            library.shelves[0].entries.append("x")
            library.shelves[0].entries.removeLast()
        }
        #expect(fired == [])
    }

    @Test func compoundAssignmentEditsInPlace() throws {
        let watched = try Watched()
        #expect(try watched.update { $0.userID += 2 } == ["userID"])
        #expect(try watched.update { $0.shelves[2].entries += ["p", "q"] } == ["entries"])
        #expect(try watched.update { $0.userID += 0 } == [])
        #expect(watched.library.userID == 2 && watched.library.shelves[2].entries == ["p", "q"])
    }

    @Test func mutatingMethodsOfTheUsersOwnValueTypes() throws {
        let watched = try Watched()
        #expect(try watched.update { $0.settings.louder() } == ["settings"])
        let openTwo = { @MainActor (library: Library) in
            library.settings.open("a")
            library.settings.open("b")
        }
        #expect(try watched.update(openTwo) == ["settings"])
        #expect(try watched.update { $0.settings.open("b") } == [], "reopening the most recent changes nothing")
        #expect(watched.library.settings == Settings(volume: 6, recent: ["a", "b"]))
    }

    @Test func dictionarySubscriptsOfValues() throws {
        let watched = try Watched()
        #expect(try watched.update { $0.scores["a", default: 0] += 3 } == ["scores"])
        let replace = { @MainActor (library: Library) in
            library.scores["b"] = 1
            library.scores["a"] = nil
        }
        #expect(try watched.update(replace) == ["scores"])
        #expect(try watched.update { $0.scores["b"] = 1 } == [])
        #expect(watched.library.scores == ["b": 1])
    }

    @Test func removeAllWhereOnNodesMovesTheWatches() throws {
        let watched = try Watched()
        let removed = watched.library.shelves[1]
        #expect(try watched.update { $0.shelves.removeAll { $0.id == 1 } } == ["entries", "shelves", "titles"])
        #expect(try watched.update { _ in removed.title = "gone" } == [], "a removed shelf is no longer read")
        #expect(try watched.update { $0.shelves[1].title = "two" } == ["titles"])
    }

    @Test func swapAtOnNodesNotifiesReadersOfTheOrderOnly() throws {
        let watched = try Watched()
        let first = watched.library.shelves[0]
        #expect(try watched.update { $0.shelves.swapAt(0, 2) } == ["entries", "shelves", "titles"])
        #expect(watched.library.shelves[2] === first)
        let swapTwice = { @MainActor (library: Library) in
            library.shelves.swapAt(0, 2)
            library.shelves.swapAt(0, 2)
        }
        #expect(try watched.update(swapTwice) == [])
        #expect(try watched.update { _ in first.title = "moved" } == ["titles"], "watches follow the swapped node")
    }

    @Test func replacingANodeInPlaceWithAnEqualLookingOneIsAChange() throws {
        let watched = try Watched()
        let original = watched.library.shelves[0]
        let lookalike = Shelf(id: original.id, title: original.title)
        #expect(try watched.update { $0.shelves[0] = lookalike } == ["entries", "shelves", "titles"])
        #expect(try watched.update { _ in original.title = "old one" } == [])
        #expect(try watched.update { _ in lookalike.title = "new one" } == ["titles"])
    }

    @Test func dictionarySubscriptsOfNodesMoveTheWatches() throws {
        let watched = try Watched()
        let shelf = Shelf(id: 7, title: "keyed")
        #expect(try watched.update { $0.shelvesByKey["k"] = shelf } == ["byKey", "byKey titles"])
        #expect(try watched.update { $0.shelvesByKey["k"]?.title = "renamed" } == ["byKey titles"])
        #expect(try watched.update { $0.shelvesByKey.removeValue(forKey: "k") } == ["byKey", "byKey titles"])
        #expect(try watched.update { _ in shelf.title = "unkeyed" } == [])
    }

    @Test func optionalNodeArraysAreEditedThroughOptionalChaining() throws {
        let watched = try Watched()
        let shelf = Shelf(id: 9, title: "archived")
        #expect(try watched.update { $0.archive?.append(shelf) } == [], "nil stays nil")
        #expect(try watched.update { $0.archive = [] } == ["archive titles"], "a path through a node member reads the member")
        #expect(try watched.update { $0.archive?.append(shelf) } == ["archive titles"])
        #expect(try watched.update { _ in shelf.title = "kept" } == ["archive titles"])
    }

    // MARK: Rollback

    @Test func rollbackRestoresEveryFormToTheVeryObjectsBeforeTheFirstEdit() throws {
        let watched = try Watched { $0.shelves[0].entries = ["a"] }
        let library = watched.library
        let shelves = library._shelves
        let keyed = Shelf(id: 5, title: "keyed")
        #expect(try watched.update { $0.shelvesByKey = ["k": keyed] } == ["byKey", "byKey titles"])
        #expect(throws: Failure()) {
            try watched.mediator.update { library in
                library.shelves[0].entries.append("b")
                library.shelves[0].entries[0] = "z"
                library.shelves.removeAll { $0.id == 1 }
                library.shelves.swapAt(0, 1)
                library.shelves.append(Shelf(id: 3, title: "new"))
                library.shelvesByKey["k"] = Shelf(id: 6, title: "other")
                library.shelvesByKey["j"] = keyed
                library.scores["a", default: 0] += 1
                library.settings.louder()
                library.userID += 1
                library.archive = [keyed]
                library.archive?.append(keyed)
                throw Failure()
            }
        }
        #expect(library.shelves.count == 3 && zip(library.shelves, shelves).allSatisfy { $0 === $1 })
        #expect(library.shelves[0].entries == ["a"])
        #expect(library.shelvesByKey.count == 1 && library.shelvesByKey["k"] === keyed)
        #expect(library.scores.isEmpty && library.settings == Settings() && library.userID == 0)
        #expect(library.archive == nil)
        #expect(watched.log.take() == [])
        // The watches were not moved by the rolled-back edits.
        #expect(try watched.update { _ in keyed.title = "still keyed" } == ["byKey titles"])
    }

    @Test func aNestedUpdateThatThrowsRestoresItsOwnInPlaceEditsOnly() throws {
        let watched = try Watched()
        let fired = try watched.update { library in
            library.shelves[0].entries.append("outer")
            do {
                try watched.mediator.update { library in
                    library.shelves[0].entries.append("inner")
                    library.shelves[1].entries.append("inner")
                    throw Failure()
                }
            } catch {}
            library.shelves[0].entries.append("after")
        }
        #expect(watched.library.shelves[0].entries == ["outer", "after"])
        #expect(watched.library.shelves[1].entries == [])
        #expect(fired == ["entries"])
    }

    // MARK: Outside updates

    @Test func anInPlaceEditOutsideAnUpdateIsReportedAndDeliveredByTheNextRefresh() throws {
        let watched = try Watched()
        watched.mediator.contracts = Contracts(.record)
        watched.library.shelves[0].entries.append("outside")
        #expect(watched.mediator.violations.map(\.kind) == [.writeOutsideUpdate])
        watched.mediator.refresh()
        #expect(watched.log.take() == ["entries"])
    }
}
