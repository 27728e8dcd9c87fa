import Foundation
@testable import Ripple
import Testing

/// Replicas of a document holding a kanban board, for issue 27's breaker tests.
@MainActor
enum KanbanReplicas {
    /// A library whose board has three columns of two cards each, back references set.
    static func makeLibrary() -> Library {
        let library = Library()
        let board = KanbanBoard()
        board.title = "Team"
        board.library = library
        for name in ["Todo", "Doing", "Done"] {
            let column = KanbanColumn(name)
            column.board = board
            column.cards = [KanbanCard("\(name) 1"), KanbanCard("\(name) 2")]
            board.columns.append(column)
        }
        library.board = board
        return library
    }

    /// `count` replicas of one document: the first makes it, the others open its snapshot.
    static func replicas(_ count: Int) throws -> [Mediator<Library>] {
        let first = Mediator(root: makeLibrary())
        _ = first.replicaID
        var all = [first]
        for _ in 1..<count {
            let other = try Mediator<Library>(opening: try first.snapshot())
            _ = other.replicaID
            all.append(other)
        }
        return all
    }

    /// The whole document, byte for byte alike on replicas with the same changes.
    static func text(_ mediator: Mediator<Library>) throws -> String {
        String(decoding: try mediator.snapshot(), as: UTF8.self)
    }

    static func sync(_ from: Mediator<Library>, into to: Mediator<Library>) throws {
        try to.merge(try from.changes(since: to.version))
    }

    static func board(_ mediator: Mediator<Library>) -> KanbanBoard { mediator.root.board! }
}
