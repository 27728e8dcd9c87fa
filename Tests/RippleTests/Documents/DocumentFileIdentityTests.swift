import Foundation
@testable import Ripple
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A store is of the file, however it is named: symbolic links lead to the file (a dangling one
/// is an error), one store holds a file through any of its names, in this process or another,
/// `save()` writes the real file; a file with several hard links is refused; a document renamed
/// or deleted while open is not written over.
@MainActor
@Suite struct DocumentFileIdentityTests {
    private let manager = FileManager.default

    /// A folder holding a document with one update (a shelf titled A), closed.
    private func document() throws -> (folder: URL, url: URL) {
        let folder = manager.temporaryDirectory.appendingPathComponent("ripple-identity-\(UUID().uuidString)")
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("library.ripple")
        let store = try DocumentStore<Library>(url: url)
        try store.mediator.update { $0.shelves.append(Shelf(id: 0, title: "A")) }
        return (folder, url)
    }

    private func titles(_ url: URL) throws -> [String] {
        try DocumentStore<Library>(url: url).mediator.root.shelves.map(\.title)
    }

    /// `url`'s path with every symbolic link resolved (the path a store names in its errors).
    private func real(_ url: URL) throws -> String {
        try SystemFileCalls.shared.realPath(url.path)
    }

    private func names(_ folder: URL) throws -> [String] {
        try manager.contentsOfDirectory(atPath: folder.path).sorted()
    }

    // MARK: Symbolic links

    @Test func aSymbolicLinkOpensTheFileItPointsToAndSavesItThere() throws {
        let (folder, url) = try document()
        let link = folder.appendingPathComponent("link.ripple")
        try manager.createSymbolicLink(at: link, withDestinationURL: url)
        do {
            let store = try DocumentStore<Library>(url: link)
            #expect(store.mediator.root.shelves.map(\.title) == ["A"])
            try store.mediator.update { $0.shelves.append(Shelf(id: 0, title: "B")) }
            try store.save()
            try store.mediator.update { $0.shelves.append(Shelf(id: 0, title: "C")) }
        }
        #expect(try manager.destinationOfSymbolicLink(atPath: link.path) == url.path, "the link is still a link")
        #expect(try Mediator<Library>(opening: Data(contentsOf: url)).root.shelves.count == 2, "saved into the real file")
        #expect(try names(folder) == ["library.ripple", "library.ripple.journal", "link.ripple"], "one journal")
        #expect(try titles(url) == ["A", "B", "C"], "what the link's store did, by the real name")
    }

    @Test func aSecondStoreOfTheFileThroughAnyNameIsLocked() throws {
        let (folder, url) = try document()
        let link = folder.appendingPathComponent("link.ripple")
        try manager.createSymbolicLink(at: link, withDestinationURL: url)
        let folderLink = manager.temporaryDirectory.appendingPathComponent("ripple-identity-link-\(UUID().uuidString)")
        try manager.createSymbolicLink(at: folderLink, withDestinationURL: folder)
        defer { try? manager.removeItem(at: folderLink) }
        let store = try DocumentStore<Library>(url: link)
        let others = [
            url, folderLink.appendingPathComponent("library.ripple"),
            URL(fileURLWithPath: folder.path + "/../" + folder.lastPathComponent + "/./library.ripple"),
        ]
        for other in others {
            #expect(throws: DocumentError.locked(path: try real(url) + ".journal"), "\(other.path)") { try DocumentStore<Library>(url: other) }
        }
        try store.mediator.update { $0.shelves.append(Shelf(id: 0, title: "B")) }
        #expect(store.mediator.root.shelves.count == 2)
    }

    @Test func aDanglingLinkIsAnErrorNotANewDocument() throws {
        let (folder, _) = try document()
        let link = folder.appendingPathComponent("dangling.ripple")
        try manager.createSymbolicLink(at: link, withDestinationURL: folder.appendingPathComponent("gone.ripple"))
        #expect(throws: DocumentError.brokenLink(path: link.path)) { try DocumentStore<Library>(url: link) }
        #expect(try names(folder) == ["dangling.ripple", "library.ripple", "library.ripple.journal"], "nothing made")
    }

    @Test func aJournalThatIsASymbolicLinkIsFollowed() throws {
        let (folder, url) = try document()
        let journal = URL(fileURLWithPath: url.path + ".journal")
        let elsewhere = folder.appendingPathComponent("elsewhere.journal")
        try manager.moveItem(at: journal, to: elsewhere)
        try manager.createSymbolicLink(at: journal, withDestinationURL: elsewhere)
        #expect(try titles(url) == ["A"])
    }

    // MARK: Hard links

    @Test func aFileWithSeveralHardLinksIsRefusedThroughEachName() throws {
        let (folder, url) = try document()
        let other = folder.appendingPathComponent("other.ripple")
        try manager.linkItem(at: url, to: other)
        let before = try Data(contentsOf: url)
        for name in [url, other] {
            #expect(throws: DocumentError.hardLinked(path: try real(name), links: 2)) { try DocumentStore<Library>(url: name) }
        }
        #expect(try names(folder) == ["library.ripple", "library.ripple.journal", "other.ripple"], "no journal made")
        #expect(try Data(contentsOf: url) == before)
        try manager.removeItem(at: other)
        #expect(try titles(url) == ["A"])
    }

    @Test func aHardLinkMadeWhileOpenStopsSavesNotUpdates() throws {
        let (folder, url) = try document()
        let store = try DocumentStore<Library>(url: url)
        let other = folder.appendingPathComponent("other.ripple")
        try manager.linkItem(at: url, to: other)
        #expect(throws: DocumentError.hardLinked(path: try real(url), links: 2)) { try store.save() }
        try store.mediator.update { $0.shelves.append(Shelf(id: 0, title: "B")) }
        try manager.removeItem(at: other)
        try store.save()
        #expect(try Mediator<Library>(opening: Data(contentsOf: url)).root.shelves.count == 2)
    }

    // MARK: Renames and deletes while open

    @Test func aDocumentRenamedWhileOpenIsNotWrittenOverAndItsJournalKeepsTheUpdates() throws {
        let (folder, url) = try document()
        let renamed = folder.appendingPathComponent("renamed.ripple")
        do {
            let store = try DocumentStore<Library>(url: url)
            let path = try real(url)
            try manager.moveItem(at: url, to: renamed)
            try store.mediator.update { $0.shelves.append(Shelf(id: 0, title: "B")) }
            #expect(throws: DocumentError.moved(path: path)) { try store.save() }
            #expect(!manager.fileExists(atPath: url.path), "no document made where it was")
            try store.mediator.update { $0.shelves.append(Shelf(id: 0, title: "C")) }
        }
        // Without its document, the journal is damage, not a new document...
        #expect(throws: DocumentError.self) { try DocumentStore<Library>(url: url) }
        // ...and beside it, it gives back every update.
        try manager.moveItem(at: URL(fileURLWithPath: url.path + ".journal"), to: URL(fileURLWithPath: renamed.path + ".journal"))
        #expect(try titles(renamed) == ["A", "B", "C"])
    }

    @Test func aDocumentDeletedOrReplacedWhileOpenIsNotWrittenOver() throws {
        let (folder, url) = try document()
        let store = try DocumentStore<Library>(url: url)
        let path = try real(url)
        try manager.removeItem(at: url)
        #expect(throws: DocumentError.moved(path: path)) { try store.save() }
        #expect(try names(folder) == ["library.ripple.journal"])
        // Another file in its place (another app's, a sync's): left as it is.
        try Data("theirs".utf8).write(to: url)
        #expect(throws: DocumentError.moved(path: path)) { try store.save() }
        #expect(try Data(contentsOf: url) == Data("theirs".utf8))
    }

    /// A file system gives a deleted file's inode to the next file made (ext4 at once): a file
    /// made in the place of the document deleted while the store is open is another file still.
    /// Without the store holding its file open, this failed at the first pass.
    @Test func aReplacementGivenTheDeletedDocumentsInodeIsNotWrittenOver() throws {
        for _ in 0..<10 {
            let (_, url) = try document()
            let store = try DocumentStore<Library>(url: url)
            let path = try real(url)
            try manager.removeItem(at: url)
            try Data("theirs".utf8).write(to: url)
            #expect(throws: DocumentError.moved(path: path)) { try store.save() }
            #expect(try Data(contentsOf: url) == Data("theirs".utf8))
        }
    }

    @Test func aFileMadeInTheNewDocumentsPlaceWhileItIsCreatedIsLeftAsItIs() throws {
        let folder = manager.temporaryDirectory.appendingPathComponent("ripple-identity-\(UUID().uuidString)")
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("library.ripple")
        let files = FaultyFileCalls()
        var looks = 0
        files.beforeCall = { call, path in
            // The third look at the name is the store's last before it writes the document.
            guard call == "stat", path.hasSuffix("/library.ripple") else { return }
            looks += 1
            if looks == 3 { try? Data("theirs".utf8).write(to: url) }
        }
        #expect(throws: DocumentError.moved(path: try real(folder) + "/library.ripple")) {
            try DocumentStore<Library>(url: url, durability: .immediate, files: files)
        }
        #expect(try Data(contentsOf: url) == Data("theirs".utf8))
        #expect(try names(folder) == ["library.ripple"], "no journal left")
    }

    // MARK: Read-only folders

    @Test func aReadOnlyFolderIsAClearErrorAndChangesNothing() throws {
        if geteuid() != 0 {
            let (folder, url) = try document()
            try manager.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
            defer { try? manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path) }
            #expect(throws: DocumentError.self) { try DocumentStore<Library>(url: folder.appendingPathComponent("new.ripple")) }
            // Its journal is writable: updates go on; a save, which needs a new file, is refused.
            let store = try DocumentStore<Library>(url: url)
            try store.mediator.update { $0.shelves.append(Shelf(id: 0, title: "B")) }
            #expect(throws: DocumentError.self) { try store.save() }
            #expect(try names(folder) == ["library.ripple", "library.ripple.journal"])
            return
        }
        // Permissions do not stop root: a read-only file system does.
        guard let mount = TemporaryMount(kilobytes: 256) else { return }
        let url = mount.folder.appendingPathComponent("library.ripple")
        do {
            let store = try DocumentStore<Library>(url: url)
            try store.mediator.update { $0.shelves.append(Shelf(id: 0, title: "A")) }
        }
        guard mount.makeReadOnly() else { return }
        let before = try Data(contentsOf: url)
        #expect(throws: DocumentError.self) { try DocumentStore<Library>(url: url) }
        #expect(throws: DocumentError.self) { try DocumentStore<Library>(url: mount.folder.appendingPathComponent("new.ripple")) }
        #expect(try names(mount.folder) == ["library.ripple", "library.ripple.journal"])
        #expect(try Data(contentsOf: url) == before)
    }

    // MARK: Two processes

    @Test func anotherProcessHoldingTheFileThroughALinkLocksItHere() throws {
        let crashChild = try #require(ChildProcess.crashChildExecutable(), "ripple-crash-child is not built beside the tests")
        let folder = manager.temporaryDirectory.appendingPathComponent("ripple-identity-\(UUID().uuidString)")
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? manager.removeItem(at: folder) }
        let url = folder.appendingPathComponent("music.ripple")
        let link = folder.appendingPathComponent("link.ripple")
        try manager.createSymbolicLink(at: link, withDestinationURL: url)
        // A first child makes the document (of its own model); the next opens it through the link,
        // and updates it until killed.
        let maker = try ChildProcess(crashChild, [url.path, "--check"])
        #expect(maker.waitUntilExit() == 0)
        let child = try ChildProcess(crashChild, [link.path])
        defer { child.kill() }
        let said = child.nextLine() ?? ""
        #expect(said.hasPrefix("opened "), "the child said \(said)")
        #expect(throws: DocumentError.locked(path: try real(url) + ".journal")) { try DocumentStore<Library>(url: url) }
        #expect(throws: DocumentError.locked(path: try real(url) + ".journal")) { try DocumentStore<Library>(url: link) }
    }
}
