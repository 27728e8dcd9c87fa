import Foundation
@testable import Ripple
import Testing

/// Issue 34's breaker: a storyboard's shared folder as sync engines leave it: a replica's file
/// renamed to a conflict copy, put back to an older version of itself, cut short mid-change,
/// held twice, a file of another document dropped in, files that vanish or appear between the
/// listing and the reading.
@MainActor
@Suite struct StoryboardFolderProbeTests {
    typealias S = StoryboardReplicas

    @MainActor
    struct Space {
        let root: URL
        var folder: URL { root.appendingPathComponent("Film") }
        func identity(_ name: String) -> URL { root.appendingPathComponent("\(name).replica") }
        func open(_ name: String, files: (any FileSystemCalls)? = nil) throws -> SharedFolderStore<Library> {
            try SharedFolderStore<Library>(folder: folder, identity: identity(name), files: files ?? SystemFileCalls.shared)
        }
        func file(of store: SharedFolderStore<Library>) -> URL {
            folder.appendingPathComponent("\(store.mediator.replicaID).ripplechanges")
        }
    }

    func space() throws -> Space { Space(root: try S.temporaryFolder()) }

    /// A Mac that made the storyboard, and an iPad on the same folder.
    func pair(_ space: Space) throws -> (SharedFolderStore<Library>, SharedFolderStore<Library>) {
        let mac = try space.open("mac")
        try mac.mediator.update { $0.storyboard = S.makeStoryboard(library: $0) }
        let iPad = try space.open("iPad")
        return (mac, iPad)
    }

    /// The Mac's own file renamed to a Dropbox conflict copy while it is open: its next update
    /// writes its file again, and the iPad, reading both, ends equal with every update.
    @Test func aConflictCopyOfTheOwnFileLosesNothing() throws {
        let space = try space()
        defer { try? FileManager.default.removeItem(at: space.root) }
        let (mac, iPad) = try pair(space)
        try mac.mediator.update { $0.storyboard!.scenes[0].shots[0].caption = "wide" }
        let own = space.file(of: mac)
        let copy = space.folder.appendingPathComponent("\(mac.mediator.replicaID) (Mac's conflicted copy 2026-11-29).ripplechanges")
        try FileManager.default.moveItem(at: own, to: copy)
        try mac.mediator.update { $0.storyboard!.scenes[1].exterior = true }
        try iPad.sync()
        try mac.sync()
        #expect(try S.text(mac.mediator) == S.text(iPad.mediator))
        #expect(S.board(iPad.mediator).scenes[0].shots[0].caption == "wide")
        #expect(S.board(iPad.mediator).scenes[1].exterior)
    }

    /// The Mac's file put back to an older version of itself while the Mac is closed (a backup,
    /// a sync engine's older revision), after the iPad merged the newer changes and edited
    /// nothing since: the Mac reopens and edits; the two must still converge.
    @Test func anOlderVersionOfTheOwnFilePutBackWhileClosedStillConverges() throws {
        let space = try space()
        defer { try? FileManager.default.removeItem(at: space.root) }
        var (mac, iPad): (SharedFolderStore<Library>?, SharedFolderStore<Library>) = try pair(space)
        try iPad.sync()
        let own = space.file(of: mac!)
        let older = try Data(contentsOf: own)
        try mac!.mediator.update { $0.storyboard!.scenes[0].shots[0].caption = "lost?" }
        try mac!.mediator.update { $0.storyboard!.title = "Day Train" }
        try iPad.sync()
        #expect(S.board(iPad.mediator).title == "Day Train")
        mac = nil
        try older.write(to: own)
        let reopened = try space.open("mac")
        try reopened.mediator.update { $0.storyboard!.scenes[2].light = .dusk }
        try reopened.mediator.update { $0.storyboard!.rating = .adult }
        try iPad.sync()
        try reopened.sync()
        #expect(try S.text(reopened.mediator) == S.text(iPad.mediator))
        #expect(S.board(iPad.mediator).rating == .adult)
        #expect(S.board(reopened.mediator).title == "Day Train")
    }

    /// The iPad's file cut short in the middle of a change (the sync engine still copying): the
    /// Mac merges what is whole, and the rest once it arrives.
    @Test func aFileCutShortMidChangeIsReadOnceWhole() throws {
        let space = try space()
        defer { try? FileManager.default.removeItem(at: space.root) }
        let (mac, iPad) = try pair(space)
        try iPad.mediator.update { $0.storyboard!.scenes[0].props = ["lamp", "chair"] }
        let whole = try Data(contentsOf: space.file(of: iPad))
        try iPad.mediator.update { $0.storyboard!.scenes[1].shots.append(Shot("insert")) }
        let longer = try Data(contentsOf: space.file(of: iPad))
        try longer.prefix(whole.count + (longer.count - whole.count) / 2).write(to: space.file(of: iPad))
        try mac.sync()
        #expect(S.board(mac.mediator).scenes[0].props == ["lamp", "chair"])
        #expect(!S.captions(mac.mediator).contains("insert"))
        try longer.write(to: space.file(of: iPad))
        try mac.sync()
        #expect(S.captions(mac.mediator).contains("insert"))
        try iPad.sync()
        #expect(try S.text(mac.mediator) == S.text(iPad.mediator))
    }

    /// Two copies of the iPad's file (iCloud's "name 2"), one older: read both, once each.
    @Test func twoCopiesOfOneReplicasFileMergeOnce() throws {
        let space = try space()
        defer { try? FileManager.default.removeItem(at: space.root) }
        let (mac, iPad) = try pair(space)
        try iPad.mediator.update { $0.storyboard!.scenes[0].shots.append(Shot("one")) }
        let older = try Data(contentsOf: space.file(of: iPad))
        try iPad.mediator.update { $0.storyboard!.scenes[0].shots.append(Shot("two")) }
        try older.write(to: space.folder.appendingPathComponent("\(iPad.mediator.replicaID) 2.ripplechanges"))
        try mac.sync()
        #expect(S.captions(mac.mediator).filter { $0 == "one" || $0 == "two" } == ["one", "two"])
        try iPad.sync()
        #expect(try S.text(mac.mediator) == S.text(iPad.mediator))
    }

    /// A change file of another document (another film's folder) dropped into this one: a sync
    /// says so and merges everything else; the folder still opens, for both replicas, and later
    /// syncs go on.
    @Test func aFileOfAnotherDocumentDroppedInDoesNotStopTheFolder() throws {
        let space = try space()
        defer { try? FileManager.default.removeItem(at: space.root) }
        let (mac, iPad) = try pair(space)
        let other = Space(root: space.root.appendingPathComponent("other"))
        let stranger = try other.open("stranger")
        try stranger.mediator.update { $0.storyboard = S.makeStoryboard(scenes: 1, library: $0) }
        try FileManager.default.copyItem(
            at: other.file(of: stranger), to: space.folder.appendingPathComponent("\(stranger.mediator.replicaID).ripplechanges"))
        try iPad.mediator.update { $0.storyboard!.scenes[0].budget = 1_200.5 }
        _ = try? mac.sync()
        #expect(S.board(mac.mediator).scenes[0].budget == 1_200.5, "what else the folder holds is merged")
        try iPad.mediator.update { $0.storyboard!.scenes[1].budget = 99 }
        #expect(throws: Never.self, "a later sync goes on") { try mac.sync() }
        #expect(S.board(mac.mediator).scenes[1].budget == 99)
        // Breaker34 finding 2: one change file of another document in the folder kept every
        // store from opening it. It opens; its first sync says what it could not merge.
        let laptop = try space.open("laptop")
        #expect(S.board(laptop.mediator).scenes[1].budget == 99)
        #expect(throws: ReplicaError.self, "the first sync says what opening could not merge") { try laptop.sync() }
        #expect(throws: Never.self, "later syncs go on") { try laptop.sync() }
        #expect(throws: Never.self, "the folder still opens for another device") { _ = try space.open("iPad 2") }
    }

    /// The iPad's file removed between the Mac's listing and its reading (the sync engine
    /// replacing it), and a new replica's file appearing meanwhile: the sync works or throws,
    /// whole, and the next sync brings everything.
    @Test func filesThatVanishOrAppearBetweenListingAndReading() throws {
        let space = try space()
        defer { try? FileManager.default.removeItem(at: space.root) }
        let files = FaultyFileCalls()
        let mac = try space.open("mac", files: files)
        try mac.mediator.update { $0.storyboard = S.makeStoryboard(library: $0) }
        let iPad = try space.open("iPad")
        let laptop = try space.open("laptop")
        try iPad.mediator.update { $0.storyboard!.scenes[0].light = .night }
        try laptop.mediator.update { $0.storyboard!.favourites.insert($0.storyboard!.scenes[2].shots[1]) }
        let iPadFile = space.file(of: iPad)
        let held = try Data(contentsOf: iPadFile)
        let laptopFile = space.file(of: laptop)
        let laptopBytes = try Data(contentsOf: laptopFile)
        try FileManager.default.removeItem(at: laptopFile)
        var moved = false
        files.beforeCall = { call, path in
            guard !moved, call == "open", path.hasSuffix(".ripplechanges"), !path.contains("\(mac.mediator.replicaID)") else { return }
            moved = true
            try? FileManager.default.removeItem(at: iPadFile)
            try? laptopBytes.write(to: laptopFile)
        }
        _ = try? mac.sync()
        files.beforeCall = nil
        try held.write(to: iPadFile)
        try mac.sync()
        try iPad.sync()
        try laptop.sync()
        #expect(moved)
        #expect(S.board(mac.mediator).scenes[0].light == .night)
        #expect(S.board(mac.mediator).favourites.count == 2)
        #expect(try S.text(mac.mediator) == S.text(iPad.mediator))
        #expect(try S.text(mac.mediator) == S.text(laptop.mediator))
    }

    /// Two devices begin sharing one empty folder before the sync engine met them: each writes a
    /// genesis; the sync engine keeps one and renames the other "genesis (conflicted copy)".
    /// The loser's sync and reopening say so with a clear error; nothing crashes, and the
    /// winner's folder opens for a third device.
    @Test func twoGenesesMadeAtOnceEndInAClearError() throws {
        let space = try space()
        defer { try? FileManager.default.removeItem(at: space.root) }
        let elsewhere = Space(root: space.root.appendingPathComponent("iPad side"))
        let mac = try space.open("mac")
        try mac.mediator.update { $0.storyboard = S.makeStoryboard(library: $0) }
        var iPad: SharedFolderStore<Library>? = try elsewhere.open("iPad")
        try iPad!.mediator.update { $0.storyboard = S.makeStoryboard(scenes: 1, library: $0) }
        let iPadFile = elsewhere.file(of: iPad!)
        try FileManager.default.copyItem(
            at: elsewhere.folder.appendingPathComponent("genesis.ripple"),
            to: space.folder.appendingPathComponent("genesis (iPad's conflicted copy).ripple"))
        try FileManager.default.copyItem(at: iPadFile, to: space.folder.appendingPathComponent(iPadFile.lastPathComponent))
        for name in try FileManager.default.contentsOfDirectory(atPath: space.folder.path) where name.hasSuffix(".ripplechanges") {
            let target = elsewhere.folder.appendingPathComponent(name)
            if !FileManager.default.fileExists(atPath: target.path) {
                try FileManager.default.copyItem(at: space.folder.appendingPathComponent(name), to: target)
            }
        }
        try FileManager.default.removeItem(at: elsewhere.folder.appendingPathComponent("genesis.ripple"))
        try FileManager.default.copyItem(
            at: space.folder.appendingPathComponent("genesis.ripple"), to: elsewhere.folder.appendingPathComponent("genesis.ripple"))
        #expect(throws: ReplicaError.self, "the Mac reads a file of another document") { try mac.sync() }
        #expect(throws: ReplicaError.self, "the iPad reads a file of another document") { try iPad!.sync() }
        #expect(S.board(mac.mediator).scenes.count == 3)
        iPad = nil
        #expect(throws: (any Error).self, "the iPad's replica no longer fits the folder's genesis") { _ = try elsewhere.open("iPad") }
        // Breaker34 finding 2: the losing genesis's replica file kept the folder from opening.
        let laptop = try space.open("laptop")
        #expect(S.board(laptop.mediator).scenes.count == 3)
    }
}
