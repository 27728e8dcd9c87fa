import Foundation
@testable import Ripple
import Testing

/// Replicas of a document holding a kanban board, for issue 27's breaker tests.
@MainActor
enum KanbanReplicas: ReplicaFixture {
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
        try ReplicaGroup.replicas(count, of: makeLibrary())
    }

    static func board(_ mediator: Mediator<Library>) -> KanbanBoard { mediator.root.board! }
}
