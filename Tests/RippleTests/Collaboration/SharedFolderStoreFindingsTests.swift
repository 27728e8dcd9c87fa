import Foundation
@testable import Ripple
import Testing

/// Findings of the shared folder tests (`SharedFolderStoreFuzzTests`, `SharedFolderProcessTests`),
/// kept as examples: what a replica acknowledged is there when it reopens, whatever the sync
/// engine did meanwhile to the others' files it had merged; a record that cannot be merged does
/// not keep the others from being merged; what a sync reads is merged at once.
@MainActor
@Suite struct SharedFolderStoreFindingsTests {
    /// Two replicas, each with a folder of its own, and the genesis of the first in both.
    @MainActor final class Pair {
        let space: ScratchFolders
        var mac: URL { space.url("Mac") }
        var iPad: URL { space.url("iPad") }
        init() throws {
            space = try ScratchFolders()
            _ = try SharedFolderStore<Library>(folder: mac, identity: identity("mac"))
            try FileManager.default.createDirectory(at: iPad, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: mac.appendingPathComponent("genesis.ripple"), to: iPad.appendingPathComponent("genesis.ripple"))
        }
        func identity(_ name: String) -> URL { space.url("Local/\(name).replica") }
        func open(_ name: String) throws -> SharedFolderStore<Library> {
            try SharedFolderStore<Library>(folder: name == "mac" ? mac : iPad, identity: identity(name))
        }
        /// The file of `store`, copied from its folder into `folder`.
        func deliver(_ store: SharedFolderStore<Library>, to folder: URL) throws -> URL {
            let name = "\(store.mediator.replicaID).ripplechanges"
            let copy = folder.appendingPathComponent(name)
            try? FileManager.default.removeItem(at: copy)
            try FileManager.default.copyItem(at: store.folder.appendingPathComponent(name), to: copy)
            return copy
        }
    }

    /// The iPad's file, merged by the Mac, is then cut short (a sync engine rewriting it, or an
    /// older version put back) when the Mac reopens: the Mac's own update, made after the merge,
    /// is there all the same, since its file holds what its changes build on.
    @Test func anOwnUpdateMadeAfterAMergeIsThereWhenTheMergedFileIsCutShort() throws {
        let pair = try Pair()
        let iPad = try pair.open("iPad")
        try iPad.mediator.update { $0.shelves.append(Shelf(id: 1, title: "iPad's")) }
        let copy = try pair.deliver(iPad, to: pair.mac)
        let acknowledged: Data
        do {
            let mac = try pair.open("mac")
            try mac.sync()
            try mac.mediator.update { $0.shelves[0].title = "Mac's" }
            try mac.mediator.update { $0.userID = 5 }
            acknowledged = try mac.mediator.snapshot()
        }
        let whole = try Data(contentsOf: copy)
        try whole.prefix(ChangeFolderFormat.headerSize + 3).write(to: copy)
        let mac = try pair.open("mac")
        #expect(mac.mediator.root.userID == 5)
        #expect(mac.mediator.root.shelves.map(\.title) == ["Mac's"])
        #expect(try mac.mediator.snapshot() == acknowledged)
        // Made after reopening: a new change, not one numbered as an earlier one still waiting.
        try mac.mediator.update { $0.userID = 6 }
        try whole.write(to: copy)
        try mac.sync()
        _ = try pair.deliver(mac, to: pair.iPad)
        try iPad.sync()
        #expect(iPad.mediator.root.userID == 6)
        #expect(try iPad.mediator.snapshot() == mac.mediator.snapshot())
    }

    /// A change file of another document in the folder (copied from another shared folder by
    /// mistake), read before a replica's: the sync throws, and still merges the replica's.
    @Test func aRecordThatCannotBeMergedDoesNotHoldBackTheOthers() throws {
        let pair = try Pair()
        let strangerFolder = pair.space.url("Elsewhere")
        try Data("0000000000000001".utf8).write(to: pair.space.url("Local/stranger.replica"))
        try Data("f000000000000000".utf8).write(to: pair.identity("iPad"))
        let stranger = try SharedFolderStore<Library>(folder: strangerFolder, identity: pair.space.url("Local/stranger.replica"))
        try stranger.mediator.update { $0.userID = 99 }
        let iPad = try SharedFolderStore<Library>(folder: pair.mac, identity: pair.identity("iPad"))
        try iPad.mediator.update { $0.userID = 2 }
        let mac = try pair.open("mac")
        #expect(mac.mediator.root.userID == 2)
        try iPad.mediator.update { $0.userID = 3 }
        _ = try pair.deliver(stranger, to: pair.mac)
        #expect(throws: ReplicaError.otherDocument) { try mac.sync() }
        #expect(mac.mediator.root.userID == 3)
        try iPad.mediator.update { $0.userID = 4 }
        try mac.sync()
        #expect(mac.mediator.root.userID == 4)
    }

    /// The records a sync reads are merged as one update: a merge recomputes the moves, so one
    /// per record made opening, which merges the whole history, cost the records times the moves
    /// (the three-process test's final openings took seconds).
    @Test func aSyncMergesWhatItReadAsOneUpdate() throws {
        let pair = try Pair()
        let iPad = try pair.open("iPad")
        let mac = try pair.open("mac")
        for id in 1...5 { try iPad.mediator.update { $0.shelves.append(Shelf(id: id, title: "\(id)")) } }
        _ = try pair.deliver(iPad, to: pair.mac)
        var remoteUpdates = 0
        mac.mediator.patchRecorder.sinks.append { patch in
            if patch.tag == "remote" { remoteUpdates += 1 }
        }
        try mac.sync()
        #expect(remoteUpdates == 1)
        #expect(mac.mediator.root.shelves.map(\.title) == ["1", "2", "3", "4", "5"])
    }
}
