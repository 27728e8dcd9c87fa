import Foundation
@testable import Ripple
import Testing

@MainActor
@Suite struct ReplicaDebugTests {
    @Test func undoBackReference() throws {
        let (first, _) = try ReplicaMediatorTests.pair()
        try first.update(undoName: "A") { library in library.shelves[0].library = library }
        try first.update(undoName: "B") { library in library.shelves[0].entries.append("x") }
        try first.history.undo()
        try first.history.undo()
        print("CHANGES", try first.changes(since: DocumentVersion()))
        #expect(try first.replica.mismatches(in: first) == [])
    }
}
