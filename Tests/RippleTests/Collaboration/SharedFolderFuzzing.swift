import Foundation
@testable import Ripple
import Testing

/// Three replicas of the test library, each a `SharedFolderStore` on a folder of its own, that
/// edit at random (`ReplicaFuzzing`), sync, are killed and reopened, while `FolderSyncSimulator`
/// copies their change files between the folders badly.
///
/// What a replica acknowledged is what it knows is on disk: an update or a sync that returned
/// with nothing reported to the failure handler by the shared folder leaves every change of
/// the replica in its file (a store appends all it has not written yet), so the replica's own
/// count in its version then is acknowledged. An update that returned with a failure reported
/// was made but not written: a kill may lose it.
@MainActor
final class SharedFolderFuzzing: ReplicaStoreFuzzingSession {
    /// A replica's folder and identity file, fixed for the whole run.
    struct Place {
        let folder: URL
        let identity: URL
        let replica: ReplicaID
        var ownFile: String { "\(replica).\(ChangeFolderFormat.fileExtension)" }
    }

    let places: [Place]
    /// The stores, whose failures the shared folder reports count against what they acknowledge.
    private let slots: ReplicaStoreSlots<SharedFolderStore<Library>>
    let fuzzing: ReplicaFuzzing
    var simulator: FolderSyncSimulator
    /// Each replica's own count in its version as last acknowledged.
    private(set) var acknowledged: [UInt64]
    /// What a replica's failure handler heard other than the shared folder's write failures.
    var otherFailures: [String] { slots.otherFailures }
    private let space: ScratchFolders
    let seed: UInt64

    /// Makes the three folders: the first replica begins the document, whose genesis the sync
    /// engine brings to the others before they open.
    init(seed: UInt64, firstFiles: any FileSystemCalls = SystemFileCalls.shared) throws {
        self.seed = seed
        space = try ScratchFolders()
        // Identities of their own: tests run at once, and a process holds each identity once.
        places = (0..<3).map { [space] index in
            Place(folder: space.url("Shared-\(index)"), identity: space.url("Local/\(index).replica"), replica: ReplicaID.random())
        }
        for place in places {
            try FileManager.default.createDirectory(at: place.identity.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(place.replica.description.utf8).write(to: place.identity)
        }
        fuzzing = ReplicaFuzzing(seed: seed, sharesNodes: false)
        simulator = FolderSyncSimulator(folders: places.map { .init(url: $0.folder, ownFile: $0.ownFile) }, seed: seed)
        let files: [any FileSystemCalls] = [firstFiles, SystemFileCalls.shared, SystemFileCalls.shared]
        acknowledged = [0, 0, 0]
        slots = ReplicaStoreSlots(
            count: 3,
            make: { [places] index in
                try SharedFolderStore<Library>(folder: places[index].folder, identity: places[index].identity, files: files[index])
            },
            mediator: \.mediator,
            counts: { $0.origin == "shared folder" })
        try open(0)
        for place in places.dropFirst() {
            try FileManager.default.createDirectory(at: place.folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: places[0].folder.appendingPathComponent("genesis.ripple"), to: place.folder.appendingPathComponent("genesis.ripple"))
        }
        try open(1)
        try open(2)
    }

    /// Opens replica `index`'s store (again), its failures watched.
    func open(_ index: Int) throws {
        try slots.open(index)
    }

    func store(_ index: Int) throws -> SharedFolderStore<Library> {
        try slots.store(index)
    }

    /// Runs `operation` on replica `index`; when it returns with no write failure reported, the
    /// replica's changes so far are acknowledged.
    func run(_ index: Int, _ operation: (SharedFolderStore<Library>) throws -> Void) throws {
        if try slots.run(index, operation) { acknowledged[index] = try store(index).mediator.version[places[index].replica] }
    }

    /// One random step: an edit, a sync, a copy by the sync engine, or a kill and reopening.
    /// Returns what it was, for messages.
    func step() throws -> String {
        let index = fuzzing.index(3)
        switch fuzzing.index(20) {
        case 0..<9:
            try run(index) { try fuzzing.edit($0.mediator) }
            return "edit \(index) \(fuzzing.lastEdits)"
        case 9..<13:
            try run(index) { try $0.sync() }
            return "sync \(index)"
        case 13..<18:
            for _ in 0..<(1 + fuzzing.index(3)) { try simulator.step() }
            return "copies"
        default:
            try killAndReopen(index)
            return "kill \(index)"
        }
    }

    /// Drops replica `index`'s store as a kill would (without closing anything or writing what
    /// it had not written), and opens it again from its folder and identity: it has every change
    /// it acknowledged, and its model is what its engine shows.
    func killAndReopen(_ index: Int) throws {
        let reopened = try slots.killAndReopen(index, "seed \(seed)")
        let own = reopened.mediator.version[places[index].replica]
        #expect(own >= acknowledged[index], "seed \(seed): replica \(index) reopened with \(own) of its \(acknowledged[index]) acknowledged changes")
    }

    /// Brings every change everywhere: each replica writes what it has not written yet, the sync
    /// engine delivers every file whole, each replica syncs. Then the three are equal, hold
    /// every acknowledged change, equal what a replica that merged their changes directly holds
    /// (the plain reference), hold each node in one place, and reopen equal.
    func settleAndCheck(_ context: String) throws {
        try slots.openAll()
        for index in 0..<3 { try store(index).sync() }
        try simulator.settle()
        for index in 0..<3 { try store(index).sync() }
        let snapshot = try store(0).mediator.snapshot()
        let version = try store(0).mediator.version
        // The reference: the same changes handed over directly, without files.
        let direct = try Mediator<Library>(opening: Data(contentsOf: places[0].folder.appendingPathComponent("genesis.ripple")))
        for index in 0..<3 {
            let mediator = try store(index).mediator
            #expect(mediator.version == version, "\(context): versions differ")
            #expect(try mediator.snapshot() == snapshot, "\(context): replica \(index)'s snapshot differs from replica 0's")
            #expect(try mediator.replica.mismatches(in: mediator).isEmpty, "\(context): replica \(index) inconsistent")
            let own = mediator.version[places[index].replica]
            #expect(own >= acknowledged[index], "\(context): replica \(index) has \(own) of its \(acknowledged[index]) acknowledged changes")
            try direct.merge(mediator.changes(since: DocumentVersion()))
        }
        #expect(try direct.snapshot() == snapshot, "\(context): the folders gave other than direct exchange")
        // No node in two arrays or inside itself.
        try ReplicaConvergenceTests.checkPlaces(store(0).mediator.root)
        for index in 0..<3 {
            try killAndReopen(index)
            #expect(try store(index).mediator.snapshot() == snapshot, "\(context): replica \(index) reopened otherwise")
        }
        #expect(otherFailures.isEmpty, "\(context): \(otherFailures.prefix(3))")
    }
}
