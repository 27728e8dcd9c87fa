import Foundation
@testable import Ripple
import Testing

/// A ``ChangeFolder`` session run once for every N with the Nth file call failing (as SQLite
/// tests its I/O errors; see `FaultyFileCalls`), until a run reaches no fault. After each run:
/// opening either threw or gave a folder that works; an append either threw and left its file
/// byte for byte as it was, or its record is on file; a read that failed or skipped a file loses
/// nothing, the next one gets it; and a fresh reader then gets exactly the acknowledged records.
@Suite struct ChangeFolderFaultTests {
    let writer = ReplicaID(rawValue: 0xA)!
    let other = ReplicaID(rawValue: 0xB)!

    @Test(arguments: [FaultyFileCalls.Fault.natural, .shortWrite])
    func everyFailingCallOfAWritingSessionLeavesTheFileAsItWasOrWithTheRecord(fault: FaultyFileCalls.Fault) throws {
        var faultsReached = 0
        for call in 1...500 {
            let space = try ScratchFolders()
            let files = FaultyFileCalls()
            files.failingCall = call
            files.fault = fault
            if fault == .shortWrite { files.counted = ["write"] }
            let folder = space.url("shared")
            let own = folder.appendingPathComponent("\(writer).ripplechanges")
            var acknowledged: [[UInt8]] = []
            if let changeFolder = try? ChangeFolder(url: folder, replica: writer, files: files) {
                for index in 0..<6 {
                    let record = [UInt8](repeating: UInt8(index + 1), count: 10 + index * 300)
                    let before = try Data(contentsOf: own)
                    do {
                        try changeFolder.append(record)
                        acknowledged.append(record)
                        #expect(try Data(contentsOf: own) == before + ChangeFolderFormat.record(record), "call \(call)")
                    } catch {
                        #expect(try Data(contentsOf: own) == before, "call \(call): a failed append changed the file")
                    }
                }
            }
            // Whatever the failed call left (a file without its header, say), a reopening goes on.
            let reopened = try ChangeFolder(url: folder, replica: writer)
            try reopened.append([0xEE])
            let reader = try ChangeFolder(url: folder, replica: other)
            #expect(try reader.readNew() == acknowledged + [[0xEE]], "call \(call), \(files.failure ?? "no failure")")
            #expect(reader.problems.isEmpty)
            #expect(files.open.isEmpty, "call \(call): descriptors left open")
            #expect(files.strayCloses.isEmpty, "call \(call): a descriptor closed twice")
            guard files.failure != nil else { break }
            faultsReached += 1
        }
        // Seven writes (the header's and six records') when only writes count.
        #expect(faultsReached >= (fault == .shortWrite ? 7 : 20), "the session makes calls to fail")
    }

    @Test func everyFailingCallOfAReadingSessionLosesNothing() throws {
        var faultsReached = 0
        for call in 1...500 {
            let space = try ScratchFolders()
            let folder = space.url("shared")
            let writers = try [writer, ReplicaID(rawValue: 0xC)!].map { try ChangeFolder(url: folder, replica: $0) }
            for (index, changeFolder) in writers.enumerated() {
                for sequence in 0..<3 { try changeFolder.append([UInt8(index), UInt8(sequence)]) }
            }
            let files = FaultyFileCalls()
            let reader = try ChangeFolder(url: folder, replica: other, files: files)
            files.failingCall = files.calls + call
            var received = (try? reader.readNew()) ?? []
            try writers[0].append([0, 3])
            received += (try? reader.readNew()) ?? []
            files.failingCall = 0
            received += try reader.readNew()
            // Each writer's records, first seen in order and none missing; a file skipped by the
            // failure is read whole the next time.
            for (index, count) in [(0, 4), (1, 3)] {
                let firstSeen = received.filter { $0[0] == UInt8(index) }.reduce(into: [[UInt8]]()) { seen, record in
                    if !seen.contains(record) { seen.append(record) }
                }
                #expect(firstSeen == (0..<count).map { [UInt8(index), UInt8($0)] }, "call \(call), \(files.failure ?? "no failure")")
            }
            #expect(Array(files.open.values) == [folder.appendingPathComponent(reader.ownFileName).path], "call \(call): descriptors left open")
            guard files.failure != nil else { break }
            faultsReached += 1
        }
        #expect(faultsReached > 10, "the session makes calls to fail")
    }
}
