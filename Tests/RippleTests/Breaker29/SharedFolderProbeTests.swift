import Foundation
@testable import Ripple
import Testing

/// Issue 29's breaker: a shared folder whose files are deleted or reached through links while
/// stores have it open.
@MainActor
@Suite struct SharedFolderProbeTests {
    typealias Place = KanbanFolderTests.Place

    /// Finding (fixed): a sync engine deletes this replica's change file while the store is open
    /// (a conflict resolved the other way, a user tidying up). The next update threw "the file
    /// was replaced or removed while open: open the folder again", and following that lost every
    /// earlier update of this replica (here the board itself): they were only in the deleted
    /// file. The store now writes the file again with every change it holds, and the update
    /// goes on.
    @Test func aChangeFileDeletedWhileOpenLosesNoEdit() throws {
        let place = Place()
        do {
            let (mac, _) = try KanbanFolderTests.pair(place)
            try mac.mediator.update { $0.board!.title = "First" }
            try FileManager.default.removeItem(at: place.changeFile(of: mac))
            try mac.mediator.update { $0.board!.assignees["ann"] = "Second" }
        }
        let reopened = try SharedFolderStore<Library>(folder: place.folder, identity: place.identity("mac"))
        #expect(reopened.mediator.root.board?.title == "First")
        #expect(reopened.mediator.root.board?.assignees == ["ann": "Second"])
    }

    /// One store opens the folder through a symbolic link, the other by its real path: they
    /// share one document and converge.
    @Test func aFolderReachedThroughASymbolicLinkIsTheSameFolder() throws {
        let place = Place()
        let (mac, _) = try KanbanFolderTests.pair(place)
        let link = place.root.appendingPathComponent("Link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: place.folder)
        let viaLink = try SharedFolderStore<Library>(folder: link, identity: place.identity("link"))
        try viaLink.mediator.update { $0.board!.title = "Linked" }
        try mac.sync()
        #expect(mac.mediator.root.board?.title == "Linked")
        #expect(try KanbanFolderTests.text(mac) == KanbanFolderTests.text(viaLink))
    }

    /// The shared folder is renamed while a store has it open: the store's next update either
    /// lands in the renamed folder or throws a clear error with nothing changed; reopening the
    /// renamed folder keeps every update that returned.
    @Test func aFolderRenamedWhileOpenKeepsEveryReturnedUpdate() throws {
        let place = Place()
        let renamed = place.root.appendingPathComponent("Renamed")
        var returned = false
        do {
            let (mac, _) = try KanbanFolderTests.pair(place)
            try mac.mediator.update { $0.board!.title = "Before" }
            try FileManager.default.moveItem(at: place.folder, to: renamed)
            returned = (try? mac.mediator.update { $0.board!.assignees["ann"] = "After" }) != nil
            if !returned { #expect(mac.mediator.root.board?.assignees == [:]) }
        }
        let reopened = try SharedFolderStore<Library>(folder: renamed, identity: place.identity("mac"))
        #expect(reopened.mediator.root.board?.title == "Before")
        if returned { #expect(reopened.mediator.root.board?.assignees == ["ann": "After"]) }
    }

    /// Finding (fixed): the sync engine puts back an older version of this replica's change file
    /// (a conflict resolved the other way) while the store is open. The update that had returned
    /// after that version was lost on reopening; the store now writes what it holds again.
    @Test func anOlderChangeFilePutBackWhileOpenLosesNoEdit() throws {
        let place = Place()
        let older = place.root.appendingPathComponent("older")
        do {
            let (mac, _) = try KanbanFolderTests.pair(place)
            try mac.mediator.update { $0.board!.title = "First" }
            try FileManager.default.copyItem(at: place.changeFile(of: mac), to: older)
            try mac.mediator.update { $0.board!.assignees["ann"] = "Second" }
            // As sync engines do: the newer file goes, the older takes its name.
            try FileManager.default.removeItem(at: place.changeFile(of: mac))
            try FileManager.default.moveItem(at: older, to: place.changeFile(of: mac))
            try mac.mediator.update { $0.board!.assignees["bob"] = "Third" }
        }
        let reopened = try SharedFolderStore<Library>(folder: place.folder, identity: place.identity("mac"))
        #expect(reopened.mediator.root.board?.title == "First")
        #expect(reopened.mediator.root.board?.assignees["ann"] == "Second")
        #expect(reopened.mediator.root.board?.assignees["bob"] == "Third")
    }

    /// Finding (fixed): the change file is deleted, then the store syncs (as an app on a timer
    /// does) and is closed. sync() did not write the file back, so reopening lost the board and
    /// the title, though both updates returned. sync() now writes it again.
    @Test func aSyncAfterTheDeletedFileErrorKeepsEveryReturnedUpdate() throws {
        let place = Place()
        do {
            let (mac, _) = try KanbanFolderTests.pair(place)
            try mac.mediator.update { $0.board!.title = "First" }
            try FileManager.default.removeItem(at: place.changeFile(of: mac))
            try mac.sync()
        }
        let reopened = try SharedFolderStore<Library>(folder: place.folder, identity: place.identity("mac"))
        #expect(reopened.mediator.root.board?.title == "First")
    }
}
