import Foundation
@testable import Ripple
import Testing

/// The replica fuzzer over shared folders (`SharedFolderFuzzing`): three stores edit, sync, and
/// are killed and reopened while a sync engine copies their files late, out of order, cut short
/// and as conflict copies; and the same session with each file call in turn failing, as a full
/// or failing disk would. Every acknowledged change is there after each reopening, and once
/// every file is delivered the replicas are byte for byte equal.
@MainActor
@Suite struct SharedFolderStoreFuzzTests {
    /// 16 seeds of 120 steps; `RIPPLE_FOLDER_FUZZ_ROUNDS=n` runs n seeds in each (n × 16).
    @Test(arguments: 0..<16 as Range<UInt64>)
    func everyAcknowledgedChangeSurvivesKillsAndReplicasConverge(seed: UInt64) throws {
        let kinds = try ReplicaStoreFuzzRuns.seeds(from: seed, stride: 16, name: "FOLDER_FUZZ", steps: 120) {
            try SharedFolderFuzzing(seed: $0)
        }
        #expect(kinds["kill", default: 0] > 0 || seed % 2 == 1, "seed \(seed): no kill")
    }

    /// Replica 0's file calls fail one at a time, the Nth for every N from its opening on, until
    /// a session reaches no fault: an update or sync may throw or report the failure, and
    /// nothing it acknowledged is lost when the store is dropped and reopened.
    @Test(arguments: [FaultyFileCalls.Fault.natural, .shortWrite])
    func everyFailingFileCallDuringUpdatesAndSyncsLosesNothingAcknowledged(fault: FaultyFileCalls.Fault) throws {
        let faultsReached = try ReplicaStoreFuzzRuns.eachFailingCall(fault, upTo: 400, steps: 40) {
            try SharedFolderFuzzing(seed: 7, firstFiles: $0)
        }
        #expect(faultsReached > (fault == .shortWrite ? 5 : 20), "the session makes calls to fail (\(faultsReached))")
    }

    /// Beginning to share an empty folder with the Nth file call failing, for every N: the
    /// opening throws or works, and the folder then opens (its genesis whole), for the replica
    /// and for another, with nothing left aside (but when removing it is the call that failed).
    @Test func everyFailingFileCallWhileBeginningToShareLeavesAFolderThatOpens() throws {
        var faultsReached = 0
        for call in 1...200 {
            let space = try ScratchFolders()
            let files = FaultyFileCalls()
            files.failingCall = call
            let folder = space.url("Shared")
            _ = try? SharedFolderStore<Library>(folder: folder, identity: space.url("Local/mac.replica"), files: files)
            let mac = try SharedFolderStore<Library>(folder: folder, identity: space.url("Local/mac.replica"))
            try mac.mediator.update { $0.userID = 1 }
            let iPad = try SharedFolderStore<Library>(folder: folder, identity: space.url("Local/iPad.replica"))
            #expect(iPad.mediator.root.userID == 1, "call \(call), \(files.failure ?? "no failure")")
            let aside = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
            #expect(aside.isEmpty || files.failure?.contains("unlink") == true, "call \(call): \(aside) left aside")
            #expect(files.open.isEmpty, "call \(call): descriptors left open")
            guard files.failure != nil else { break }
            faultsReached += 1
        }
        #expect(faultsReached > 5, "beginning makes calls to fail (\(faultsReached))")
    }
}
