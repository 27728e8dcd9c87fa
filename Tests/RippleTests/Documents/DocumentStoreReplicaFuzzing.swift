import Foundation
@testable import Ripple
import Testing

/// Three replicas of the test library, each a `DocumentStore` in a folder of its own (the second
/// and third open copies of the first's file, so they are replicas of their own), that edit at
/// random (`ReplicaFuzzing`), hand each other change sets that arrive late, out of order,
/// duplicated and batched, and are dropped without closing (a kill: every write they made is
/// in their files, nothing more) and reopened from their files.
///
/// What a replica acknowledged is its version after its last update or merge that returned with
/// no failure reported by its store: every change in it is on disk (the durability is
/// `.immediate`), and is there after any kill.
@MainActor
final class DocumentStoreReplicaFuzzing: ReplicaStoreFuzzingSession {
    let urls: [URL]
    /// The stores, whose failures of the store or of the replica count against what they
    /// acknowledge.
    private let slots: ReplicaStoreSlots<DocumentStore<Library>>
    let fuzzing: ReplicaFuzzing
    /// Each replica's identity, which every reopening keeps.
    private(set) var identities: [ReplicaID] = []
    private(set) var acknowledged: [DocumentVersion]
    /// Change sets on their way to a replica.
    private var inFlight: [(to: Int, changes: ChangeSet)] = []
    private let space: ScratchFolders
    /// The first file as the document began.
    private let genesis: Data
    let seed: UInt64

    init(seed: UInt64, firstFiles: any FileSystemCalls = SystemFileCalls.shared) throws {
        self.seed = seed
        space = try ScratchFolders()
        urls = (0..<3).map { [space] in space.url("Replica-\($0)/Library.ripple") }
        for url in urls { try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true) }
        fuzzing = ReplicaFuzzing(seed: seed, sharesNodes: false)
        acknowledged = [DocumentVersion(), DocumentVersion(), DocumentVersion()]
        let files: [any FileSystemCalls] = [firstFiles, SystemFileCalls.shared, SystemFileCalls.shared]
        slots = ReplicaStoreSlots(
            count: 3,
            make: { [urls] index in try DocumentStore<Library>(url: urls[index], durability: .immediate, files: files[index]) },
            mediator: \.mediator,
            counts: { $0.origin == "document store" || $0.origin == "collaboration" })
        // The first replica begins the document (as a replica: its snapshot holds its state),
        // and the others begin from copies of its file.
        do {
            let first = try DocumentStore<Library>(url: urls[0])
            _ = first.mediator.replicaID
        }
        genesis = try Data(contentsOf: urls[0])
        for url in urls.dropFirst() { try FileManager.default.copyItem(at: urls[0], to: url) }
        for index in 0..<3 {
            try open(index)
            identities.append(try store(index).mediator.replicaID)
        }
        #expect(Set(identities).count == 3, "seed \(seed): copies of a store's file opened as one replica")
    }

    /// Opens replica `index`'s store (again), its failures watched.
    func open(_ index: Int) throws {
        try slots.open(index)
    }

    func store(_ index: Int) throws -> DocumentStore<Library> {
        try slots.store(index)
    }

    /// Runs `operation` on replica `index`; when it returns with no failure reported, what the
    /// replica holds is acknowledged.
    func run(_ index: Int, _ operation: (DocumentStore<Library>) throws -> Void) throws {
        if try slots.run(index, operation) { acknowledged[index] = try store(index).mediator.version }
    }

    /// One random step: an edit, changes sent or delivered, or a kill and reopening.
    @discardableResult
    func step() throws -> String {
        let index = fuzzing.index(3)
        switch fuzzing.index(20) {
        case 0..<8:
            try run(index) { try fuzzing.edit($0.mediator) }
            return "edit \(index)"
        case 8..<12:
            // Sent from what the receiver had at some point: late, partial or duplicated.
            let to = (index + 1 + fuzzing.index(2)) % 3
            let since = fuzzing.chance(30) ? DocumentVersion() : try store(to).mediator.version
            inFlight.append((to, try store(index).mediator.changes(since: since)))
            return "send \(index) to \(to)"
        case 12..<18:
            guard !inFlight.isEmpty else { return "nothing to deliver" }
            let delivery = inFlight.remove(at: fuzzing.index(inFlight.count))
            try run(delivery.to) { try $0.mediator.merge(delivery.changes) }
            if fuzzing.chance(20) { inFlight.append(delivery) }
            return "deliver to \(delivery.to)"
        default:
            try killAndReopen(index)
            return "kill \(index)"
        }
    }

    /// Drops replica `index`'s store as a kill would, and opens it again from its file: it is
    /// the same replica, with every change it acknowledged, its model what its engine shows.
    func killAndReopen(_ index: Int) throws {
        let mediator = try slots.killAndReopen(index, "seed \(seed)").mediator
        #expect(mediator.replicaID == identities[index], "seed \(seed): replica \(index) reopened as another")
        #expect(
            mediator.version.includes(acknowledged[index]),
            "seed \(seed): replica \(index) reopened with \(mediator.version), lacking some of \(acknowledged[index])")
    }

    /// Hands every replica everything the others hold: then the three are byte for byte equal,
    /// hold every acknowledged change, equal a plain mediator that merged their changes, and
    /// reopen equal.
    func settleAndCheck(_ context: String) throws {
        try slots.openAll()
        for _ in 0..<2 {
            for from in 0..<3 {
                for to in 0..<3 where to != from {
                    try store(to).mediator.merge(try store(from).mediator.changes(since: try store(to).mediator.version))
                }
            }
        }
        let snapshot = try store(0).mediator.snapshot()
        let version = try store(0).mediator.version
        // The reference: a plain mediator opened from the document as it began, that merged
        // every replica's changes.
        let direct = try Mediator<Library>(opening: genesis)
        for index in 0..<3 {
            let mediator = try store(index).mediator
            #expect(mediator.version == version, "\(context): versions differ")
            #expect(try mediator.snapshot() == snapshot, "\(context): replica \(index)'s snapshot differs from replica 0's")
            #expect(try mediator.replica.mismatches(in: mediator).isEmpty, "\(context): replica \(index) inconsistent")
            #expect(mediator.version.includes(acknowledged[index]), "\(context): replica \(index) lost acknowledged changes")
            try direct.merge(mediator.changes(since: DocumentVersion()))
        }
        #expect(try direct.snapshot() == snapshot, "\(context): the stores hold other than their changes")
        try ReplicaConvergenceTests.checkPlaces(store(0).mediator.root)
        for index in 0..<3 {
            try killAndReopen(index)
            #expect(try store(index).mediator.snapshot() == snapshot, "\(context): replica \(index) reopened otherwise")
        }
    }
}
