import Foundation
@testable import Ripple
import Testing

/// `Tests/Collaboration/folder-sync.sh`, a sync engine to run by hand between replicas' folders,
/// run between three: whatever it does in its rounds, each replica reads only records the others
/// wrote, first in their order; after `--settle`, each has had all of them. (The three-process
/// test, `SharedFolderProcessTests`, copies with `FolderSyncSimulator` instead: it kills replicas,
/// and the script's rule, the longest copy is the latest, does not hold once a replica that
/// reopens cuts a torn record off its file.)
@Suite struct FolderSyncScriptTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Collaboration/folder-sync.sh")

    @Test(arguments: [1, 2, 3] as [UInt64])
    func replicasSyncedByTheScriptGetEveryRecordOfTheOthers(seed: UInt64) throws {
        let space = try ScratchFolders()
        let folders = try (0..<3).map { try ChangeFolder(url: space.url("replica-\($0)"), replica: ReplicaID(rawValue: 0x200 + UInt64($0))!) }
        var random = SeededGenerator(state: seed)
        var written: [[[UInt8]]] = [[], [], []]
        var received = [[Int]](repeating: [0, 0, 0], count: 3)

        func read(_ reader: Int) throws {
            for record in try folders[reader].readNew() {
                let (writer, sequence) = try #require(ChangeFolderPropertyTests.origin(of: record, written: written))
                #expect(writer != reader && sequence <= received[reader][writer], "seed \(seed)")
                received[reader][writer] = max(received[reader][writer], sequence + 1)
            }
            #expect(folders[reader].problems.isEmpty, "seed \(seed): \(folders[reader].problems)")
        }

        for round in 0..<8 {
            for writer in 0..<3 {
                for _ in 0..<Int.random(in: 0...3, using: &random) {
                    let record = ChangeFolderPropertyTests.record(writer: writer, sequence: written[writer].count, using: &random)
                    try folders[writer].append(record)
                    written[writer].append(record)
                }
            }
            try Self.runScript(["--seed", "\(seed * 100 + UInt64(round))", "--rounds", "6"] + folders.map(\.path))
            for reader in 0..<3 { try read(reader) }
        }
        try Self.runScript(["--rounds", "0", "--settle"] + folders.map(\.path))
        for reader in 0..<3 {
            try read(reader)
            for writer in 0..<3 where writer != reader {
                #expect(received[reader][writer] == written[writer].count, "seed \(seed): replica \(reader) lacks records of \(writer)")
            }
        }
    }

    static func runScript(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script.path] + arguments
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "folder-sync.sh \(arguments)")
    }
}
