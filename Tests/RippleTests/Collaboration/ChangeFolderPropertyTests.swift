import Foundation
@testable import Ripple
import Testing

/// Seeded runs against a plain reference model: three replicas append records and read each
/// other's through folders that a misbehaving sync engine (``FolderSyncSimulator``) copies
/// between. The model is each replica's list of records. At every read, every record a replica
/// gets is one another replica wrote, and the first time it gets each of a writer's records is
/// in the order they were written, none skipped; once the engine has delivered everything, each
/// replica has had every record of the others'.
@Suite struct ChangeFolderPropertyTests {
    @Test(arguments: 1...40)
    func everyReplicaGetsEveryRecordOfTheOthersInOrderWhateverTheSyncEngineDoes(seed: UInt64) throws {
        let space = try ScratchFolders()
        let replicas = (1...3).map { ReplicaID(rawValue: 0x100 + UInt64($0))! }
        let changeFolders = try replicas.enumerated().map { index, replica in
            try ChangeFolder(url: space.url("replica-\(index)"), replica: replica)
        }
        var simulator = FolderSyncSimulator(
            folders: changeFolders.map { FolderSyncSimulator.Folder(url: URL(fileURLWithPath: $0.path), ownFile: $0.ownFileName) },
            seed: seed)
        var random = SeededGenerator(state: seed ^ 0x5EED)
        var written: [[[UInt8]]] = [[], [], []]
        // What each reader has had of each writer's records: how many, in order, so far.
        var received = [[Int]](repeating: [0, 0, 0], count: 3)

        func read(_ reader: Int) throws {
            for record in try changeFolders[reader].readNew() {
                let (writer, sequence) = try #require(Self.origin(of: record, written: written))
                #expect(writer != reader, "seed \(seed): a replica reads its own record")
                #expect(sequence <= received[reader][writer], "seed \(seed): replica \(reader) skipped a record of \(writer)")
                received[reader][writer] = max(received[reader][writer], sequence + 1)
            }
            #expect(changeFolders[reader].problems.isEmpty, "seed \(seed): \(changeFolders[reader].problems)")
        }

        for _ in 0..<300 {
            let replica = Int.random(in: 0..<3, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                let record = Self.record(writer: replica, sequence: written[replica].count, using: &random)
                try changeFolders[replica].append(record)
                written[replica].append(record)
            case 1:
                try read(replica)
            default:
                try simulator.step()
            }
        }
        try simulator.settle()
        for reader in 0..<3 {
            try read(reader)
            for writer in 0..<3 where writer != reader {
                #expect(received[reader][writer] == written[writer].count, "seed \(seed): replica \(reader) lacks records of \(writer)")
            }
        }
    }

    /// A record of `writer`, its `sequence`th: both in its first bytes, then filler of a random
    /// length (records of many sizes cut at many places).
    static func record(writer: Int, sequence: Int, using random: inout SeededGenerator) -> [UInt8] {
        var bytes: [UInt8] = [UInt8(writer)] + withUnsafeBytes(of: UInt32(sequence).littleEndian, Array.init)
        bytes += (0..<Int.random(in: 0..<200, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
        return bytes
    }

    /// Which writer wrote `record`, its how-manyth, if it is one that was written.
    static func origin(of record: [UInt8], written: [[[UInt8]]]) -> (writer: Int, sequence: Int)? {
        guard record.count >= 5, Int(record[0]) < written.count else { return nil }
        let sequence = record[1..<5].reversed().reduce(0) { $0 << 8 | Int($1) }
        guard sequence < written[Int(record[0])].count, written[Int(record[0])][sequence] == record else { return nil }
        return (Int(record[0]), sequence)
    }
}
