import Foundation
@testable import Ripple
import Testing

/// Seeded damage to change files, against the reference model of the records written: whatever
/// the damage, reading never crashes and returns only records that were written; one changed
/// byte costs exactly the record that holds it (or, in the header, what the header decides).
@Suite struct ChangeFolderDamageTests {
    let writer = ReplicaID(rawValue: 0xA)!
    let reader = ReplicaID(rawValue: 0xB)!

    /// A file of `count` records of random sizes, and the records.
    private func writtenFile(_ count: Int, in space: ScratchFolders, using random: inout SeededGenerator) throws -> ([UInt8], [[UInt8]]) {
        let folder = try ChangeFolder(url: space.url("writer"), replica: writer)
        let records = (0..<count).map { ChangeFolderPropertyTests.record(writer: 0, sequence: $0, using: &random) }
        for record in records { try folder.append(record) }
        return (try [UInt8](Data(contentsOf: space.url("writer").appendingPathComponent(folder.ownFileName))), records)
    }

    /// What a reader of a folder holding `bytes` as the writer's file gets.
    private func read(_ bytes: [UInt8], in space: ScratchFolders, named name: String) throws -> ([[UInt8]], ChangeFolder) {
        let folder = space.url("reader-\(UUID().uuidString)")
        let changeFolder = try ChangeFolder(url: folder, replica: reader)
        try Data(bytes).write(to: folder.appendingPathComponent(name))
        return (try changeFolder.readNew(), changeFolder)
    }

    @Test(arguments: 1...30)
    func oneChangedByteCostsExactlyTheRecordHoldingIt(seed: UInt64) throws {
        let space = try ScratchFolders()
        var random = SeededGenerator(state: seed)
        let (bytes, records) = try writtenFile(Int.random(in: 1...6, using: &random), in: space, using: &random)
        let name = "\(writer).ripplechanges"
        var starts = [ChangeFolderFormat.headerSize]
        for record in records { starts.append(starts.last! + ChangeFolderFormat.recordHeaderSize + record.count) }
        for _ in 0..<20 {
            var damaged = bytes
            let position = Int.random(in: 0..<bytes.count, using: &random)
            damaged[position] ^= UInt8.random(in: 1...255, using: &random)
            let (read, folder) = try read(damaged, in: space, named: name)
            if position < 8 {
                #expect(read.isEmpty, "seed \(seed), byte \(position): a file with another magic or format is skipped")
            } else if position < ChangeFolderFormat.headerSize {
                #expect(read == records && folder.problems == [ChangeFolderProblem(file: name, kind: .damagedHeader)], "seed \(seed)")
            } else {
                let hit = starts.lastIndex { $0 <= position }!
                var expected = records
                expected.remove(at: hit)
                #expect(read == expected, "seed \(seed), byte \(position) in record \(hit)")
                // The last record damaged looks like one still arriving: nothing to report yet.
                #expect(folder.problems.count == (hit == records.count - 1 ? 0 : 1), "seed \(seed), byte \(position)")
            }
        }
    }

    @Test(arguments: 1...30)
    func anyDamageReadsOnlyRecordsThatWereWritten(seed: UInt64) throws {
        let space = try ScratchFolders()
        var random = SeededGenerator(state: seed)
        let (bytes, records) = try writtenFile(Int.random(in: 0...8, using: &random), in: space, using: &random)
        for _ in 0..<10 {
            var damaged = bytes
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                Self.damage(&damaged, using: &random)
            }
            let (read, _) = try read(damaged, in: space, named: "\(writer).ripplechanges")
            #expect(read.allSatisfy(records.contains), "seed \(seed): a record that was never written")
        }
    }

    /// One random harm: a changed byte, a range cut out, garbage put in, a range repeated, the
    /// end cut off, or a length made huge.
    static func damage(_ bytes: inout [UInt8], using random: inout SeededGenerator) {
        guard !bytes.isEmpty else {
            bytes = [UInt8.random(in: 0...255, using: &random)]
            return
        }
        let position = Int.random(in: 0..<bytes.count, using: &random)
        let length = Int.random(in: 0...min(64, bytes.count - position), using: &random)
        switch Int.random(in: 0..<6, using: &random) {
        case 0: bytes[position] ^= UInt8.random(in: 1...255, using: &random)
        case 1: bytes.removeSubrange(position..<(position + length))
        case 2: bytes.insert(contentsOf: (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }, at: position)
        case 3: bytes.insert(contentsOf: bytes[position..<(position + length)], at: position)
        case 4: bytes.removeSubrange(position...)
        default: bytes.insert(contentsOf: [0xFF, 0xFF, 0xFF, 0x7F], at: position)
        }
    }
}
