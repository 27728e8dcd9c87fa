import Foundation
@testable import Ripple
import Testing

/// The root is in its document whatever references to it come and go: a shelf's back reference
/// to the library (as a sheet's `workbook`), in each shape, set, cleared and set again, and the
/// shelf holding one removed, leave every later edit of the root patched, journaled and reopened.
@MainActor
@Suite struct DocumentRootTests {
    /// One way to give a shelf a back reference to the root, and to take it away.
    struct Shape: CustomTestStringConvertible, Sendable {
        let name: String
        let set: @MainActor @Sendable (Shelf, Library) -> Void
        let clear: @MainActor @Sendable (Shelf, Library) -> Void
        var testDescription: String { name }
    }

    nonisolated static let shapes = [
        Shape(name: "optional", set: { $0.library = $1 }, clear: { shelf, _ in shelf.library = nil }),
        Shape(name: "array", set: { $0.libraries = [$1, $1] }, clear: { shelf, _ in shelf.libraries = [] }),
        Shape(name: "dictionary", set: { $0.librariesByKey = ["home": $1] }, clear: { shelf, _ in shelf.librariesByKey["home"] = nil }),
        Shape(name: "set", set: { $0.librarySet.insert($1) }, clear: { $0.librarySet.remove($1) }),
    ]

    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ripple-root-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test(arguments: shapes)
    func editsOfTheRootAfterABackReferenceIsClearedArePatchedAndJournaled(shape: Shape) throws {
        let url = try folder().appendingPathComponent("library.ripple")
        try Mediator(root: makeLibrary(shelves: 3)).snapshot().write(to: url)
        let expected: Data
        do {
            let store = try DocumentStore<Library>(url: url, durability: .onSave)
            let mediator = store.mediator
            let replica = try Mediator<Library>(opening: try mediator.snapshot())
            var patches: [Patch] = []
            mediator.patchRecorder.sinks.append { patches.append($0) }
            func expectFollowed(_ step: String) throws {
                for patch in patches { try replica.apply(patch) }
                patches.removeAll()
                #expect(try replica.snapshot() == mediator.snapshot(), "\(step): the replica differs")
            }
            try mediator.update { library in library.shelves.append(Shelf(id: 3, title: "with a back reference")) }
            try mediator.update { library in shape.set(library.shelves[3], library) }
            try mediator.update { $0.userID = 1 }
            try expectFollowed("set")
            try mediator.update { library in shape.clear(library.shelves[3], library) }
            try mediator.update { $0.userID = 2 }
            #expect(!patches.isEmpty, "an edit of the root after the reference is cleared makes a patch")
            try expectFollowed("cleared")
            try mediator.update { library in shape.set(library.shelves[3], library) }
            try mediator.update { $0.userID = 3 }
            try expectFollowed("set again")
            // The shelf holding the reference leaves: the root loses that place, not its own.
            try mediator.update { $0.shelves.removeLast() }
            try mediator.update { $0.userID = 4 }
            try expectFollowed("the shelf holding it removed")
            try mediator.history.undo()
            try mediator.history.undo()
            try mediator.update { $0.userID = 5 }
            try expectFollowed("undone and edited")
            expected = try mediator.snapshot()
        }
        let reopened = try DocumentStore<Library>(url: url, durability: .onSave).mediator
        #expect(reopened.root.userID == 5)
        #expect(try reopened.snapshot() == expected, "the journal holds every edit of the root")
    }

    @Test func aBackReferenceToTheRootComesBackFromASnapshotAsTheRoot() throws {
        let mediator = Mediator(root: makeLibrary())
        try mediator.update { library in
            for shape in Self.shapes { shape.set(library.shelves[0], library) }
            library.shelves[1].parent = library.shelves[0]
        }
        let opened = try Mediator<Library>(opening: try mediator.snapshot()).root
        let shelf = opened.shelves[0]
        #expect(shelf.library === opened && shelf.libraries.allSatisfy { $0 === opened } && shelf.libraries.count == 2)
        #expect(shelf.librariesByKey["home"] === opened && shelf.librarySet == [opened])
        #expect(opened.shelves[1].parent === shelf)
    }
}
