import Foundation
@testable import Ripple
import Testing

/// Undo n times, redo n times, after a merge of the other replica's edits of the same array:
/// the document must be as it was before the undos (issue 27, "Undo stays local").
@MainActor
@Suite struct UndoAfterMergeProbeTests {
    private func pair() throws -> (Mediator<Library>, Mediator<Library>) {
        try ShelfReplicaPair.make(entries: 10, children: 10)
    }

    private func exchange(_ a: Mediator<Library>, _ b: Mediator<Library>) throws {
        try ShelfReplicaPair.exchange(a, b)
    }

    private static let cases: [(String, (Library) -> Void, (Library) -> Void)] = [
        ("overlapping removals", { $0.shelves[0].entries.removeSubrange(2..<5) }, { $0.shelves[0].entries.removeSubrange(3..<7) }),
        ("removal and insert inside it", { $0.shelves[0].entries.removeSubrange(2..<6) }, { $0.shelves[0].entries.insert("b", at: 4) }),
        ("both ends", { $0.shelves[0].entries.insert("a", at: 0) }, { $0.shelves[0].entries.append("b") }),
        ("overlapping child removals", { $0.shelves[0].children.removeSubrange(2..<5) }, { $0.shelves[0].children.removeSubrange(3..<7) }),
        (
            "child move and removal",
            { library in
                let child = library.shelves[0].children.remove(at: 8)
                library.shelves[0].children.insert(child, at: 1)
            },
            { $0.shelves[0].children.removeSubrange(3..<9) }
        ),
    ]

    static func shown(_ mediator: Mediator<Library>) -> [String] {
        let shelf = mediator.root.shelves[0]
        return shelf.entries + ["|"] + shelf.children.map(\.title)
    }

    @Test(arguments: 0..<5)
    func undoThenRedoAfterAMergeLeavesTheDocumentAsItWas(index: Int) throws {
        let (name, edit, concurrent) = Self.cases[index]
        let (a, b) = try pair()
        try a.update(undoName: "a") { edit($0) }
        try b.update(undoName: "b") { concurrent($0) }
        try exchange(a, b)
        // What the document shows (its snapshot holds the merge state too, which an undo and a
        // redo change: they are new changes).
        let before = Self.shown(a)
        try a.history.undo()
        try a.history.redo()
        #expect(Self.shown(a) == before, "\(name)")
        try exchange(a, b)
        #expect(try a.snapshot() == b.snapshot(), "\(name)")
    }
}
