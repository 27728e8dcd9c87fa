// The libFuzzer entry point over what a replica reads from others besides change sets alone
// (RIPPLE_FUZZ_TARGET=replica): the first byte of an input picks what the rest is read as.
//   0: a replica state (the merge state a collaborating snapshot carries behind its check),
//      decoded with the test model's shapes; one that decodes encodes to a state that decodes
//      to the same bytes again.
//   1: a document version (`DocumentVersion(encoded:)`), then handed to a replica of the
//      breaker's garden (`changes(since:)`): it answers or throws, and the replica is unchanged.
//   2: a change set merged by a real mediator of the garden document (through the generated
//      model, not the engine alone): a refused merge changes nothing, an accepted one leaves a
//      snapshot that opens as itself.
//   3: a shared folder's change file, as another replica's file read by a folder's reader; the
//      records it yields are merged as in 2.
// The garden document every input starts from is written with the seeds (to
// .build/fuzz/replica-genesis), so that seeds and inputs name the same document. Built and run by
// run.sh in this folder, with AddressSanitizer; not part of the package.

import Foundation
@testable import Ripple

@MainActor
enum ReplicaFuzzing {
    static let genesisPath = ".build/fuzz/replica-genesis"
    static let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("ripple-replica-fuzz-\(getpid())")
    static let genesis: Data = {
        guard let data = FileManager.default.contents(atPath: genesisPath) else { fatalError("no \(genesisPath): write the seeds first") }
        return data
    }()
    static let shapes = MemberShapeProbe.shapes(of: Library.self).classes

    static func replica() -> Mediator<Library> {
        guard let mediator = try? Mediator<Library>(opening: genesis) else { fatalError("the genesis does not open") }
        _ = mediator.replicaID
        return mediator
    }

    static func run(_ input: [UInt8]) {
        guard let first = input.first else { return }
        let body = Data(input.dropFirst())
        switch first % 4 {
        case 0: decodeState(body)
        case 1: askSince(body)
        case 2:
            guard let changes = try? ChangeSet(encoded: body) else { return }
            merge([changes])
        default: readChangeFile(body)
        }
    }

    static func decodeState(_ body: Data) {
        guard let replica = ReplicaID(rawValue: 7),
            let engine = try? ReplicaEngine(decoding: body, replica: replica, shapes: shapes)
        else { return }
        guard let again = try? engine.encodedState() else { return }
        guard let decoded = try? ReplicaEngine(decoding: again, replica: replica, shapes: shapes) else {
            fatalError("a state that decoded encodes to one that does not")
        }
        if (try? decoded.encodedState()) != again { fatalError("a state decodes to another") }
    }

    static func askSince(_ body: Data) {
        guard let version = try? DocumentVersion(encoded: body) else { return }
        let mediator = replica()
        guard let before = try? mediator.snapshot() else { fatalError("no snapshot") }
        _ = try? mediator.changes(since: version)
        _ = version.includes(mediator.version)
        _ = mediator.version.includes(version)
        if (try? mediator.snapshot()) != before { fatalError("asking for changes changed the replica") }
    }

    static func merge(_ changeSets: [ChangeSet]) {
        let mediator = replica()
        for changes in changeSets {
            guard let before = try? mediator.snapshot() else { fatalError("no snapshot") }
            do {
                try mediator.merge(changes)
            } catch {
                if (try? mediator.snapshot()) != before { fatalError("a refused merge changed the replica: \(error)") }
                continue
            }
            guard let after = try? mediator.snapshot() else { fatalError("a merged replica makes no snapshot") }
            guard let reopened = try? Mediator<Library>(opening: after) else { fatalError("a merged replica's snapshot does not open") }
            if (try? reopened.snapshot()) != after { fatalError("a merged replica's snapshot opens as another") }
        }
    }

    static func readChangeFile(_ body: Data) {
        let folder = scratch.appendingPathComponent("folder")
        try? FileManager.default.removeItem(at: folder)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        guard (try? body.write(to: folder.appendingPathComponent("00000000000000a1.ripplechanges"))) != nil,
            let reader = ReplicaID(rawValue: 0xB2),
            let changeFolder = try? ChangeFolder(url: folder, replica: reader),
            let records = try? changeFolder.readNew()
        else { return }
        merge(records.compactMap { try? ChangeSet(encoded: Data($0)) })
    }

    /// Seeds: a garden replica's state, versions, change sets of edits of every shape, and a
    /// shared folder's change file holding them.
    static func seeds() throws -> [[UInt8]] {
        let library = GardenReplicas.makeLibrary()
        let origin = Mediator(root: library)
        _ = origin.replicaID
        let genesis = try origin.snapshot()
        try genesis.write(to: URL(fileURLWithPath: genesisPath))
        let (a, b) = (try Mediator<Library>(opening: genesis), try Mediator<Library>(opening: genesis))
        let start = a.version
        var seeds: [[UInt8]] = []
        var random = SeededGenerator(state: 33)
        for kind in 0..<14 {
            var steps = random
            try? a.update { try GardenConvergenceFuzzing.edit($0, kind: kind, random: &steps) }
            random = steps
            seeds.append([2] + Array(try a.changes(since: start).encoded))
        }
        try b.update { $0.garden!.beds[0].plants.append(Plant("b")) }
        try b.merge(try a.changes(since: b.version))
        try a.history.undo()
        seeds.append([2] + Array(try a.changes(since: b.version).encoded))
        seeds.append([2] + Array(try b.changes(since: start).encoded))
        seeds.append([0] + Array(try a.replica.engine.encodedState()))
        seeds.append([0] + Array(try b.replica.engine.encodedState()))
        seeds.append([1] + Array(a.version.encoded))
        seeds.append([1] + Array(start.encoded))
        seeds.append([1] + Array(DocumentVersion().encoded))
        // A change file: a shared folder's replica that made those edits.
        let folder = scratch.appendingPathComponent("seed")
        try? FileManager.default.removeItem(at: folder)
        let store = try SharedFolderStore<Library>(
            folder: folder.appendingPathComponent("shared"), identity: folder.appendingPathComponent("mac.replica"))
        try store.mediator.update { $0.garden = GardenReplicas.makeGarden(library: $0) }
        try store.mediator.update { $0.garden!.beds[1].plants.removeFirst() }
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("shared").path)
        where name.hasSuffix(".ripplechanges") {
            seeds.append([3] + Array(try Data(contentsOf: folder.appendingPathComponent("shared/" + name))))
        }
        return seeds
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    MainActor.assumeIsolated { ReplicaFuzzing.run(input) }
    return 0
}

/// With `RIPPLE_FUZZ_WRITE_SEEDS=<folder>`, writes the seed inputs there and the genesis they
/// share, and exits.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
    _ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> CInt {
    guard let folder = ProcessInfo.processInfo.environment["RIPPLE_FUZZ_WRITE_SEEDS"] else { return 0 }
    MainActor.assumeIsolated {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for (index, seed) in try ReplicaFuzzing.seeds().enumerated() {
                try Data(seed).write(to: URL(fileURLWithPath: folder).appendingPathComponent("seed-\(index)"))
            }
        } catch {
            fatalError("the seeds could not be written: \(error)")
        }
    }
    exit(0)
}
