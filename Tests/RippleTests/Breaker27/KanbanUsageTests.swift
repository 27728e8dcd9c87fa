import Foundation
@testable import Ripple
import Testing

/// Issue 27's breaker: model shapes and usage as apps write it (merges inside updates and
/// observers, undo after a merge, validation after a merge, a document store's mediator).
@MainActor
@Suite struct KanbanUsageTests {
    typealias R = KanbanReplicas

    @Test func backReferencesSelfReferencesAndSharedNodesConverge() throws {
        let replicas = try R.replicas(2)
        let (mac, iPad) = (replicas[0], replicas[1])
        try mac.update { library in
            let board = library.board!
            let card = board.columns[0].cards[0]
            card.blockedBy = card
            board.cardsByNumber[1] = card
            board.cardsByNumber[-7] = board.columns[1].cards[1]
            board.starred.insert(card)
            board.columns[2].cards.append(card)
        }
        try R.sync(mac, into: iPad)
        #expect(try R.text(iPad) == R.text(mac))
        let card = R.board(iPad).columns[0].cards[0]
        #expect(card.blockedBy === card)
        #expect(R.board(iPad).columns[2].cards.last === card)
        #expect(R.board(iPad).library === iPad.root)
    }

    /// Finding: a replica's own update could nest nodes deeper than the document limit (1,000
    /// levels: root, board, column, card, then a 1,000-deep checklist), and every other replica
    /// refused the merge ("too large to open or apply"), and every later change behind it. The
    /// update is refused where it is made; the replicas go on converging.
    @Test func aChecklistAThousandDeepReachesTheOtherReplica() throws {
        let replicas = try R.replicas(2)
        let (mac, iPad) = (replicas[0], replicas[1])
        func checklist(_ levels: Int) -> KanbanCheck {
            let top = KanbanCheck()
            var current = top
            for depth in 1..<levels {
                let item = KanbanCheck()
                item.text = "\(depth)"
                current.items = [item]
                current = item
            }
            return top
        }
        #expect {
            try mac.update { $0.board!.columns[0].cards[0].checklist = [checklist(1_000)] }
        } throws: { error in
            if case .tooLarge = error as? DocumentError { return true }
            return false
        }
        try mac.update { $0.board!.columns[0].cards[0].checklist = [checklist(990)] }
        try R.sync(mac, into: iPad)
        #expect(try R.text(iPad) == R.text(mac))
        try mac.update { $0.board!.title = "later" }
        try R.sync(mac, into: iPad)
        #expect(R.board(iPad).title == "later")
    }

    @Test func optionalCollectionsSetToNilAndBackConcurrently() throws {
        let replicas = try R.replicas(2)
        let (mac, iPad) = (replicas[0], replicas[1])
        try mac.update { $0.board!.archive = [KanbanCard("old")] }
        try R.sync(mac, into: iPad)
        try mac.update { $0.board!.archive = nil }
        try iPad.update { $0.board!.archive!.append(KanbanCard("older")) }
        try R.sync(mac, into: iPad)
        try R.sync(iPad, into: mac)
        #expect(try R.text(iPad) == R.text(mac))
        try mac.update { $0.board!.archive = [] }
        try R.sync(mac, into: iPad)
        #expect(try R.text(iPad) == R.text(mac))
        #expect(R.board(iPad).archive?.isEmpty == true)
    }

    @Test func concurrentSetAndDictionaryEditsMergePerKey() throws {
        let replicas = try R.replicas(2)
        let (mac, iPad) = (replicas[0], replicas[1])
        try mac.update { library in
            library.board!.assignees["a"] = "ann"
            library.board!.columns[0].cards[0].tags = ["x", "y"]
        }
        try R.sync(mac, into: iPad)
        try mac.update { library in
            library.board!.assignees["a"] = nil
            library.board!.columns[0].cards[0].tags.remove("x")
            library.board!.starred.insert(library.board!.columns[0].cards[1])
        }
        try iPad.update { library in
            library.board!.assignees["a"] = "bob"
            library.board!.columns[0].cards[0].tags.insert("x")
            library.board!.starred.insert(library.board!.columns[0].cards[1])
        }
        try R.sync(mac, into: iPad)
        try R.sync(iPad, into: mac)
        #expect(try R.text(iPad) == R.text(mac))
        #expect(R.board(mac).assignees["a"] == "bob")
        #expect(R.board(mac).starred.count == 1)
    }

    /// Held: a merge run inside an update applies with it, and undoing that update undoes only
    /// the local write, never what the merge brought.
    @Test func aMergeInsideAnUpdateStaysOutOfUndo() throws {
        let replicas = try R.replicas(2)
        let (mac, iPad) = (replicas[0], replicas[1])
        try mac.update { $0.board!.title = "From mac" }
        let changes = try mac.changes(since: iPad.version)
        try iPad.update(undoName: "Both") { library in
            library.userID = 5
            try iPad.merge(changes)
        }
        #expect(R.board(iPad).title == "From mac")
        try iPad.history.undo()
        #expect(iPad.root.userID == 0)
        #expect(R.board(iPad).title == "From mac")
        try R.sync(iPad, into: mac)
        #expect(try R.text(iPad) == R.text(mac))
    }

    @Test func aMergeFromAnObserverIsAClearErrorOrApplies() throws {
        let replicas = try R.replicas(2)
        let (mac, iPad) = (replicas[0], replicas[1])
        try mac.update { $0.board!.title = "From mac" }
        let changes = try mac.changes(since: iPad.version)
        var thrown: (any Error)?
        let observer = iPad.observe("merge", reads: [Library.scheme.userID]) { _ in
            do { try iPad.merge(changes) } catch { thrown = error }
        }
        try iPad.update { $0.userID = 1 }
        _ = observer
        // Either the merge applied, or it threw something an app can act on.
        #expect(R.board(iPad).title == "From mac" || thrown != nil)
        try iPad.merge(changes)
        try R.sync(iPad, into: mac)
        #expect(try R.text(iPad) == R.text(mac))
    }

    @Test func undoAfterAMergeKeepsTheOtherReplicasLaterValue() throws {
        let replicas = try R.replicas(2)
        let (mac, iPad) = (replicas[0], replicas[1])
        try mac.update(undoName: "Rename") { $0.board!.columns[0].cards[0].title = "mac" }
        try R.sync(mac, into: iPad)
        try iPad.update { $0.board!.columns[0].cards[0].title = "iPad" }
        try iPad.update { $0.board!.columns[0].cards[1].title = "iPad too" }
        try R.sync(iPad, into: mac)
        try mac.history.undo()
        try R.sync(mac, into: iPad)
        #expect(try R.text(iPad) == R.text(mac))
        #expect(R.board(mac).columns[0].cards[0].title == "iPad")
        try mac.history.redo()
        try R.sync(mac, into: iPad)
        #expect(try R.text(iPad) == R.text(mac))
    }

    @Test func validationThatThrowsAfterAMergeIsReportedNotRefused() throws {
        let replicas = try R.replicas(2)
        let (mac, iPad) = (replicas[0], replicas[1])
        var failures: [UpdateFailure] = []
        iPad.failureHandler = { failures.append($0) }
        // Each valid alone; together a card has points and no title.
        try mac.update { $0.board!.columns[0].cards[0].points = 3 }
        try iPad.update { $0.board!.columns[0].cards[0].title = "" }
        try R.sync(mac, into: iPad)
        #expect(R.board(iPad).columns[0].cards[0].points == 3)
        let invalid = failures.compactMap { $0.error as? InvalidAfterMerge }
        #expect(invalid.first?.failures.first?.node === R.board(iPad).columns[0].cards[0])
        // The app repairs it with an ordinary update, which the other replica receives.
        try iPad.update { $0.board!.columns[0].cards[0].title = "Fixed" }
        try R.sync(iPad, into: mac)
        #expect(try R.text(iPad) == R.text(mac))
    }

    /// A `DocumentStore`'s mediator is a replica like any other (it used to refuse with
    /// `storeIsNotShared`): it sends and merges, and reopens with what it merged.
    @Test func aDocumentStoresMediatorCollaborates() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breaker27-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let mac = try R.replicas(1)[0]
        let url = folder.appendingPathComponent("Board.ripple")
        try mac.snapshot().write(to: url)
        var store: DocumentStore<Library>? = try DocumentStore<Library>(url: url)
        try store!.mediator.update { $0.board!.title = "Store" }
        try R.sync(store!.mediator, into: mac)
        try mac.update { $0.board!.columns[0].name = "Mac" }
        try R.sync(mac, into: store!.mediator)
        #expect(try R.text(store!.mediator) == R.text(mac))
        store = nil
        let reopened = try DocumentStore<Library>(url: url)
        #expect(try R.text(reopened.mediator) == R.text(mac))
    }
}
