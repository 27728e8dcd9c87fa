import Foundation
@testable import Ripple
import Testing

/// Undoing and redoing an insertion whose neighbours another replica moved or removed between
/// the steps: the shrunk histories of issue 35's undo probe (`OutlineUndoProbeTests`).
@MainActor
@Suite struct ReplicaRedoPlacementTests {
    typealias O = OutlineReplicas

    /// A adds a page after p2 and undoes it; B moves p2 under a page (or removes it), and A
    /// merges that. A's redo could not find p2 before the page's place, and left the page out.
    /// It comes back where its own item stands: after p1, where p2 was.
    @Test(arguments: [false, true]) func aRedoneInsertionComesBackWhereItsNeighbourWas(moved: Bool) throws {
        let replicas = try O.replicas(2)
        let (a, b) = (replicas[0], replicas[1])
        try a.update(undoName: "New page") { library in
            let page = Page("mine", words: 1)
            page.notebook = library.notebook
            library.notebook!.pages.append(page)
        }
        try a.history.undo()
        try b.update { library in
            let book = library.notebook!
            let page = book.pages.removeLast()
            if moved {
                page.parent = book.pages[0].children[1]
                book.pages[0].children[1].children.append(page)
            } else {
                page.notebook = nil
            }
        }
        try O.sync(b, into: a)
        try a.history.redo()
        #expect(O.book(a).pages.map(\.title) == ["p0", "p1", "mine"])
        try O.syncAll([a, b])
        #expect(O.book(b).pages.map(\.title) == ["p0", "p1", "mine"])
        #expect(try O.text(a) == O.text(b))
    }

    /// A adds a page after p2; B, having seen it, moves p2 under a page, and A merges that. A's
    /// undo could not find p2 before the page, and left the page in; it takes the page out.
    @Test func anUndoneInsertionGoesWhenItsNeighbourMoved() throws {
        let replicas = try O.replicas(2)
        let (a, b) = (replicas[0], replicas[1])
        try a.update(undoName: "New page") { library in
            let page = Page("mine", words: 1)
            page.notebook = library.notebook
            library.notebook!.pages.append(page)
        }
        try O.sync(a, into: b)
        try b.update { library in
            let book = library.notebook!
            let page = book.pages.remove(at: 2)
            page.parent = book.pages[0].children[1]
            book.pages[0].children[1].children.append(page)
        }
        try O.sync(b, into: a)
        try a.history.undo()
        #expect(O.book(a).pages.map(\.title) == ["p0", "p1"])
        try a.history.redo()
        #expect(O.book(a).pages.map(\.title) == ["p0", "p1", "mine"])
        try O.syncAll([a, b])
        #expect(try O.text(a) == O.text(b))
    }
}
