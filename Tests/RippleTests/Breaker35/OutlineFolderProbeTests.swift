import Foundation
@testable import Ripple
import Testing

/// Issue 35's breaker: a notebook's shared folder as file systems and users leave it: one
/// replica's change file a hard link to another's, the folder named through a symbolic link
/// with the identity file inside it, one identity file used for two shared notebooks.
@MainActor
@Suite struct OutlineFolderProbeTests {
    typealias O = OutlineReplicas

    struct Space {
        let root: URL
        var folder: URL { root.appendingPathComponent("Notes") }
        func identity(_ name: String) -> URL { root.appendingPathComponent("\(name).replica") }
        @MainActor func open(_ name: String, folder: URL? = nil) throws -> SharedFolderStore<Library> {
            try SharedFolderStore<Library>(folder: folder ?? self.folder, identity: identity(name))
        }
        @MainActor func file(of store: SharedFolderStore<Library>) -> URL {
            folder.appendingPathComponent("\(store.mediator.replicaID).ripplechanges")
        }
    }

    func space() throws -> Space { Space(root: try O.temporaryFolder()) }

    /// The iPad's change file replaced, while both are closed, by a hard link to the Mac's (a
    /// backup tool that deduplicates equal-looking files, a user's `ln`): the iPad refuses to
    /// open, saying to move the file away, without writing into the Mac's file through the link;
    /// once it is moved away, the iPad opens, and both converge with every update that returned.
    @Test func aChangeFileHardLinkedToAnothersIsRefusedClearlyAndLosesNothing() throws {
        let space = try space()
        defer { try? FileManager.default.removeItem(at: space.root) }
        var mac: SharedFolderStore<Library>? = try space.open("mac")
        try mac!.mediator.update { $0.notebook = O.makeNotebook(library: $0) }
        var iPad: SharedFolderStore<Library>? = try space.open("iPad")
        try iPad!.mediator.update { $0.notebook!.pages[0].title = "from iPad" }
        try mac!.sync()
        try mac!.mediator.update { $0.notebook!.pages[1].title = "from Mac" }
        let (macFile, iPadFile) = (space.file(of: mac!), space.file(of: iPad!))
        let macID = mac!.mediator.replicaID
        (mac, iPad) = (nil, nil)
        try FileManager.default.removeItem(at: iPadFile)
        try FileManager.default.linkItem(at: macFile, to: iPadFile)
        let macBytes = try Data(contentsOf: macFile)
        let refusal = #expect(throws: (any Error).self) { _ = try space.open("iPad") }
        #expect("\(refusal.map { "\($0)" } ?? "")".contains("move it away"))
        #expect(try Data(contentsOf: macFile) == macBytes, "the Mac's file was written through the link")
        try FileManager.default.moveItem(at: iPadFile, to: space.root.appendingPathComponent("moved away"))
        iPad = try space.open("iPad")
        try iPad!.mediator.update { $0.notebook!.pages[2].title = "iPad again" }
        try iPad!.sync()
        #expect(try Data(contentsOf: macFile) == macBytes, "the Mac's file was written through the link")
        mac = try space.open("mac")
        #expect(mac!.mediator.replicaID == macID)
        try mac!.mediator.update { $0.notebook!.title = "Mac after" }
        try iPad!.sync()
        try mac!.sync()
        try iPad!.sync()
        #expect(try O.text(mac!.mediator) == O.text(iPad!.mediator))
        let titles = O.outline(mac!.mediator)
        #expect(titles.contains("from iPad") && titles.contains("from Mac") && titles.contains("iPad again"), "\(titles)")
        #expect(mac!.mediator.root.notebook?.title == "Mac after")
    }

    /// The folder named through a symbolic link, the identity file by its real path inside the
    /// folder: refused, as an identity named inside the folder's own path is.
    @Test func anIdentityInsideAFolderNamedThroughALinkIsRefused() throws {
        let space = try space()
        defer { try? FileManager.default.removeItem(at: space.root) }
        try FileManager.default.createDirectory(at: space.folder, withIntermediateDirectories: true)
        let link = space.root.appendingPathComponent("Shared")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: space.folder)
        let store = try? SharedFolderStore<Library>(folder: link, identity: space.folder.appendingPathComponent("mac.replica"))
        #expect(store == nil, "an identity file inside the shared folder was taken")
    }

    /// The same folder opened through a link and through its path by two stores of one
    /// identity: one replica, so the second is refused.
    @Test func oneIdentityThroughALinkAndAPathIsOneReplica() throws {
        let space = try space()
        defer { try? FileManager.default.removeItem(at: space.root) }
        let first = try space.open("mac")
        try first.mediator.update { $0.notebook = O.makeNotebook(library: $0) }
        let link = space.root.appendingPathComponent("Shared")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: space.folder)
        #expect(throws: (any Error).self) { _ = try space.open("mac", folder: link) }
    }

    /// One identity file used for two shared notebooks in turn (an app that keeps one identity
    /// per device, not per document): each notebook keeps every update that returned, and a
    /// second device converges with each.
    @Test func oneIdentityFileForTwoFoldersLosesNothing() throws {
        let space = try space()
        defer { try? FileManager.default.removeItem(at: space.root) }
        let work = space.root.appendingPathComponent("Work")
        var notes: SharedFolderStore<Library>? = try space.open("mac")
        try notes!.mediator.update { $0.notebook = O.makeNotebook(library: $0) }
        try notes!.mediator.update { $0.notebook!.title = "home 1" }
        notes = nil
        var other: SharedFolderStore<Library>? = try space.open("mac", folder: work)
        try other!.mediator.update { $0.notebook = O.makeNotebook(pages: 1, library: $0) }
        try other!.mediator.update { $0.notebook!.title = "work 1" }
        other = nil
        notes = try space.open("mac")
        #expect(notes!.mediator.root.notebook?.title == "home 1")
        try notes!.mediator.update { $0.notebook!.title = "home 2" }
        notes = nil
        other = try space.open("mac", folder: work)
        #expect(other!.mediator.root.notebook?.title == "work 1")
        try other!.mediator.update { $0.notebook!.title = "work 2" }
        let iPad = try space.open("iPad")
        let iPadWork = try space.open("iPadWork", folder: work)
        #expect(iPad.mediator.root.notebook?.title == "home 2")
        #expect(iPadWork.mediator.root.notebook?.title == "work 2")
        try iPadWork.mediator.update { $0.notebook!.pages[0].words = 99 }
        try other!.sync()
        #expect(try O.text(other!.mediator) == O.text(iPadWork.mediator))
    }
}
