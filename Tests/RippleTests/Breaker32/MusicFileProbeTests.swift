import Foundation
@testable import Ripple
import Testing

/// Issue 32's breaker: a music collection kept in files, a document store's and a shared
/// folder's, used as apps and their users do.
@MainActor
@Suite struct MusicFileProbeTests {
    typealias R = MusicReplicas

    /// A folder tree `depth` levels deep under the collection's top folder.
    static func nest(_ library: Library, depth: Int) {
        var folder = library.music!.folder!
        for level in 0..<depth {
            let child = MusicFolder("d\(level)")
            child.parent = folder
            folder.children.append(child)
            folder = child
        }
    }

    static func depth(_ library: Library) -> Int {
        var depth = 0
        var folder = library.music?.folder
        while let next = folder?.children.last {
            depth += 1
            folder = next
        }
        return depth
    }

    /// Whether `error` is ``DocumentError/tooLarge(reason:)``.
    static func isTooLarge(_ error: any Error) -> Bool {
        if case .tooLarge = error as? DocumentError { return true }
        return false
    }

    /// Finding: a folder tree 1,000 deep (the document's nodes nest a few levels more), made in
    /// one update of a store's document, returned (on disk), but the store refused its own file
    /// when it opened again ("nest deeper than 1000 levels"). What a store writes it reads back
    /// with the same limits: the update is refused, and one under the limit is made and reopens.
    @Test func aStoreReopensTheFolderTreeItSaved() throws {
        let folder = try R.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("music.ripple")
        do {
            let store = try DocumentStore<Library>(url: url)
            var failures: [UpdateFailure] = []
            store.mediator.failureHandler = { failures.append($0) }
            try store.mediator.update { $0.music = R.makeLibrary().music }
            // The top folder holds two folders: one level.
            #expect { try store.mediator.update { Self.nest($0, depth: 1_000) } } throws: { Self.isTooLarge($0) }
            #expect(Self.depth(store.mediator.root) == 1)
            // Made outside an update (as SwiftUI writes), the failure handler hears of it.
            Self.nest(store.mediator.root, depth: 1_000)
            store.mediator.commitImplicitUpdate()
            #expect(failures.count == 1 && failures.allSatisfy { Self.isTooLarge($0.error) && $0.wasRolledBack })
            #expect(Self.depth(store.mediator.root) == 1)
            try store.mediator.update { Self.nest($0, depth: 990) }
        }
        let reopened = try DocumentStore<Library>(url: url).mediator.root
        #expect(Self.depth(reopened) == 990)
        #expect(reopened.music?.playlists.count == 3)
    }

    /// The same tree, saved as a snapshot by `save()`.
    @Test func aStoreReopensTheFolderTreeAfterSave() throws {
        let folder = try R.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("music.ripple")
        do {
            let store = try DocumentStore<Library>(url: url)
            try store.mediator.update { $0.music = R.makeLibrary().music }
            #expect { try store.mediator.update { Self.nest($0, depth: 1_000) } } throws: { Self.isTooLarge($0) }
            try store.mediator.update { Self.nest($0, depth: 990) }
            try store.save()
            // Deeper still, below the tree saved: refused too.
            #expect {
                try store.mediator.update { library in
                    var bottom = library.music!.folder!
                    while let next = bottom.children.last { bottom = next }
                    for level in 0..<10 {
                        let child = MusicFolder("below \(level)")
                        bottom.children.append(child)
                        bottom = child
                    }
                }
            } throws: { Self.isTooLarge($0) }
        }
        let reopened = try DocumentStore<Library>(url: url).mediator.root
        #expect(Self.depth(reopened) == 990)
    }

    /// A playlist of 1,500 tracks chained by `next` (see `MusicShapeProbeTests`), in a store:
    /// the update returned, the store did not reopen. The tracks nest one level under their
    /// playlist (a reference does not deepen them, depth9): the store takes them and reopens
    /// with them. A chain longer than 10,000 nodes, which a release could not take, is refused.
    @Test func aStoreReopensAPlaylistWhoseTracksAreChained() throws {
        let folder = try R.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("music.ripple")
        func chain(_ count: Int) -> [Track] {
            let tracks = (0..<count).map { Track("t\($0)") }
            for (track, next) in zip(tracks, tracks.dropFirst()) { track.next = next }
            return tracks
        }
        do {
            let store = try DocumentStore<Library>(url: url)
            try store.mediator.update { $0.music = R.makeLibrary().music }
            try store.mediator.update { $0.music!.playlists[0].tracks = chain(1_500) }
            #expect {
                try store.mediator.update { $0.music!.playlists[0].tracks = chain(10_001) }
            } throws: { Self.isTooLarge($0) }
            try store.mediator.update { $0.music!.playlists[0].title = "Chained" }
        }
        let reopened = try DocumentStore<Library>(url: url).mediator.root
        #expect(reopened.music?.playlists[0].tracks.count == 1_500)
        #expect(reopened.music?.playlists[0].title == "Chained")
    }

    /// Finding: a mediator's own snapshot of the tree did not open. A mediator without a store
    /// builds what the app builds, but refuses to write it into a snapshot that its limits would
    /// not open; with its limits raised it writes one that opens with them.
    @Test func aSnapshotOfTheFolderTreeOpens() throws {
        let mediator = Mediator(root: R.makeLibrary())
        try mediator.update { Self.nest($0, depth: 1_000) }
        #expect(Self.depth(mediator.root) == 1_000)
        #expect { try mediator.snapshot() } throws: { Self.isTooLarge($0) }
        let limits = DocumentLimits(maximumDepth: 1_010)
        mediator.documentLimits = limits
        let opened = try Mediator<Library>(opening: try mediator.snapshot(), limits: limits)
        #expect(Self.depth(opened.root) == 1_000)
    }

    /// Finding: a device restored from a backup of another (its identity file copied along)
    /// shares the folder with it: two stores with one identity edit at once, each in its own
    /// copy of the folder, and the sync engine brings each one's file to the other as a
    /// conflict copy. Each ends with its own edit only ("Mac P0" and "Home Restored"), without
    /// an error: both numbered their change 2 of one replica, so each skips the other's as
    /// merged. Fixed: the identity file keeps which file it is (device, inode, birth), and a
    /// copy opens as a new replica.
    @Test func aCopiedIdentityFileNeverLosesAnEditSilently() throws {
        let root = try R.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let (mac, restored) = (root.appendingPathComponent("Mac"), root.appendingPathComponent("Restored"))
        let identity = root.appendingPathComponent("mac.replica")
        let copiedIdentity = root.appendingPathComponent("restored.replica")
        do {
            let store = try SharedFolderStore<Library>(folder: mac, identity: identity)
            try store.mediator.update { $0.music = R.makeLibrary().music }
        }
        try FileManager.default.copyItem(at: mac, to: restored)
        try FileManager.default.copyItem(at: identity, to: copiedIdentity)
        do {
            let store = try SharedFolderStore<Library>(folder: mac, identity: identity)
            try store.mediator.update { $0.music!.name = "Mac" }
        }
        do {
            let store = try SharedFolderStore<Library>(folder: restored, identity: copiedIdentity)
            try store.mediator.update { $0.music!.playlists[0].title = "Restored" }
        }
        // The sync engine brings each side's files to the other: a file both have as a
        // conflict copy, a file one has as it is.
        func changeFiles(_ folder: URL) throws -> Set<String> {
            Set(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".ripplechanges") })
        }
        let (macFiles, restoredFiles) = (try changeFiles(mac), try changeFiles(restored))
        for name in macFiles.intersection(restoredFiles) {
            let copy = name.replacingOccurrences(of: ".ripplechanges", with: " (1).ripplechanges")
            try FileManager.default.copyItem(at: mac.appendingPathComponent(name), to: restored.appendingPathComponent(copy))
            try FileManager.default.copyItem(at: restored.appendingPathComponent(name), to: mac.appendingPathComponent(copy))
        }
        for name in macFiles.subtracting(restoredFiles) {
            try FileManager.default.copyItem(at: mac.appendingPathComponent(name), to: restored.appendingPathComponent(name))
        }
        for name in restoredFiles.subtracting(macFiles) {
            try FileManager.default.copyItem(at: restored.appendingPathComponent(name), to: mac.appendingPathComponent(name))
        }
        var results: [String] = []
        for (folder, file) in [(mac, identity), (restored, copiedIdentity)] {
            do {
                let store = try SharedFolderStore<Library>(folder: folder, identity: file)
                let music = store.mediator.root.music!
                results.append("\(music.name) \(music.playlists[0].title)")
            } catch {
                results.append("refused: \(error)")
            }
        }
        let refused = results.allSatisfy { $0.hasPrefix("refused") }
        #expect(refused || results == ["Mac Restored", "Mac Restored"], "\(results)")
    }
}
