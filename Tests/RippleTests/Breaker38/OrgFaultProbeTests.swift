import Foundation
@testable import Ripple
import Testing

/// Issue 38's breaker: the Nth file call failing, for every N, during an org chart store's
/// compaction and during a shared folder's `sync()` (and the opening after it); each time, what
/// was acknowledged must reopen, whole, and a sync must bring the other replica's changes.
@MainActor
@Suite(.serialized) struct OrgFaultProbeTests {
    typealias O = OrgReplicas

    @Test(arguments: [FaultyFileCalls.Fault.natural, .shortWrite])
    func everyFailingCallOfACompactionLosesNothing(fault: FaultyFileCalls.Fault) async throws {
        var problems: [String] = []
        var reached = 0
        for call in 1...80 {
            let folder = try O.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let url = folder.appendingPathComponent("chart.ripple")
            let files = FaultyFileCalls()
            files.fault = fault
            var expected = ""
            do {
                let store = try DocumentStore<Library>(
                    url: url, durability: .immediate, compaction: .manual, files: files)
                let mediator = store.mediator
                _ = mediator.replicaID
                try mediator.update { $0.company = O.makeCompany() }
                try mediator.update { _ in O.employee(mediator, "e5")!.photo = Data(repeating: 1, count: 50_000) }
                expected = try O.text(mediator)
                files.failingCall = files.calls + call
                do { try await store.compact() } catch {}
                if try O.text(mediator) != expected {
                    problems.append("call \(call): a compaction changed the document (\(files.failure ?? "-"))")
                }
                if (try? mediator.update({ _ in O.department(mediator, "d2")!.name = "after" })) != nil {
                    expected = try O.text(mediator)
                }
            }
            do {
                let reopened = try DocumentStore<Library>(url: url)
                if try O.text(reopened.mediator) != expected {
                    problems.append("call \(call): reopened, not what it acknowledged (\(files.failure ?? "-"))")
                }
                problems += O.problems(reopened.mediator).map { "call \(call): \($0)" }
            } catch {
                problems.append("call \(call): does not reopen after \(files.failure ?? "-"): \(error)")
            }
            guard files.failure != nil else { break }
            reached += 1
        }
        #expect(problems.isEmpty, "\(problems.prefix(6))")
        #expect(reached > 3)
    }

    @Test(arguments: [FaultyFileCalls.Fault.natural, .shortWrite])
    func everyFailingCallOfASharedFolderSyncAndReopeningLosesNothing(fault: FaultyFileCalls.Fault) throws {
        var problems: [String] = []
        var reached = 0
        for call in 1...150 {
            let space = try ScratchFolders()
            let folder = space.url("Shared")
            let first = try SharedFolderStore<Library>(folder: folder, identity: space.url("1.replica"))
            try first.mediator.update { $0.company = O.makeCompany() }
            let files = FaultyFileCalls()
            files.fault = fault
            var expected: (String, String) = ("", "")
            do {
                let second = try SharedFolderStore<Library>(
                    folder: folder, identity: space.url("2.replica"), files: files)
                try second.mediator.update { _ in O.employee(second.mediator, "e2")!.name = "second's" }
                try first.mediator.update { _ in
                    let d0 = O.department(first.mediator, "d0")!
                    d0.parent!.departments.removeAll { $0 === d0 }
                    O.department(first.mediator, "d1.1")!.departments.append(d0)
                    d0.parent = O.department(first.mediator, "d1.1")
                }
                files.failingCall = files.calls + call
                do { try second.sync() } catch {}
                if (try? second.mediator.update({ _ in O.employee(second.mediator, "e4")!.age = 99 })) != nil {
                    expected.0 = "e4 99"
                }
                if O.employee(second.mediator, "second's") == nil {
                    problems.append("call \(call): second's own edit gone")
                }
                problems += O.problems(second.mediator).map { "call \(call): \($0)" }
            }
            let reopened = try SharedFolderStore<Library>(folder: folder, identity: space.url("2.replica"))
            try reopened.sync()
            try first.sync()
            if O.employee(reopened.mediator, "second's") == nil {
                problems.append("call \(call): reopened without second's acknowledged edit (\(files.failure ?? "-"))")
            }
            if !expected.0.isEmpty, O.employee(reopened.mediator, "e4")?.age != 99 {
                problems.append("call \(call): reopened without the update after the sync")
            }
            if O.department(reopened.mediator, "d0")?.parent?.name != "d1.1" {
                problems.append("call \(call): first's move not synced")
            }
            if try O.text(reopened.mediator) != O.text(first.mediator) {
                problems.append(
                    "call \(call): the two replicas differ after syncing (visible alike: \(O.visible(reopened.mediator) == O.visible(first.mediator)))"
                )
            }
            problems += O.problems(reopened.mediator).map { "call \(call), reopened: \($0)" }
            _ = expected.1
            guard files.failure != nil else { break }
            reached += 1
        }
        #expect(problems.isEmpty, "\(problems.prefix(6))")
        #expect(reached > 3)
    }
}
