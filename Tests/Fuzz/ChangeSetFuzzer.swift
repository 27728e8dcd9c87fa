// The libFuzzer entry point over change sets, which replicas read from the network and from
// shared folders: each input is decoded (`ChangeSet(encoded:)`) and, when it decodes, merged
// into a fresh replica of the collaboration test model (the engine's test board); decoding
// must refuse with ReplicaError.malformed or decode, and a refused merge must change nothing.
// Built and run by run.sh in this folder (RIPPLE_FUZZ_TARGET=change-sets), with
// AddressSanitizer; not part of the package.

import Foundation
@testable import Ripple

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = data.map { Data(UnsafeBufferPointer(start: $0, count: size)) } ?? Data()
    let changes: ChangeSet
    do {
        changes = try ChangeSet(encoded: input)
    } catch let error as ReplicaError {
        guard case .malformed = error else { fatalError("not a malformed error: \(error)") }
        return 0
    } catch {
        fatalError("not a ReplicaError: \(error)")
    }
    if changes.encoded != input, (try? ChangeSet(encoded: changes.encoded)) != changes {
        fatalError("a decoded change set does not encode back to itself")
    }
    var replica = TestReplica(7, document: changes.document, model: changes.model)
    let before = replica.engine.changes(since: DocumentVersion())
    if (try? replica.receive(changes)) == nil, replica.engine.changes(since: DocumentVersion()) != before {
        fatalError("a refused change set changed the replica")
    }
    if replica.document != replica.shown { fatalError("the replica shows another document than it merged") }
    return 0
}

/// With `RIPPLE_FUZZ_WRITE_SEEDS=<folder>`, writes the seed inputs there (change sets of two
/// replicas of the test board that edit every member shape and move a board) and exits.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
    _ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> CInt {
    guard let folder = ProcessInfo.processInfo.environment["RIPPLE_FUZZ_WRITE_SEEDS"] else { return 0 }
    var (a, b) = (TestReplica(1), TestReplica(2))
    let first = a.addBoard(title: "\"one\"")
    let second = a.addBoard()
    a.record([
        .splice(node: first, member: "numbers", at: 0, removing: 0, inserting: [.json("1"), .json("2")]),
        .setKeys(node: first, member: "tags", setting: [ReplicaEntry(key: "\"k\"", value: .json("3"))], removing: []),
        .setElements(node: second, member: "labels", inserting: [.json("\"l\"")], removing: []),
    ])
    var seeds = [a.engine.changes(since: DocumentVersion())]
    do {
        try b.receive(from: a)
        b.move(second, from: TestReplica.root, to: first)
        b.record([.set(node: first, member: "title", content: .value(.json("\"two\"")))])
        seeds.append(b.engine.changes(since: a.engine.version))
        seeds.append(b.engine.changes(since: DocumentVersion()))
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (index, changes) in seeds.enumerated() {
            try changes.encoded.write(to: URL(fileURLWithPath: folder).appendingPathComponent("seed-\(index)"))
        }
    } catch {
        fatalError("the seeds could not be written: \(error)")
    }
    exit(0)
}
