import Foundation
@testable import Ripple
import Testing

/// Issue 39's breaker: another process holding the workbook's files: `flock(1)` holding the
/// journal's lock when the store opens, and a reader holding the journal open while the store
/// compacts and goes on. Each must end with a clear error or every acknowledged update.
@MainActor
@Suite(.serialized) struct WorkbookProcessProbeTests {
    typealias W = Workbooks

    /// Starts `/bin/sh -c script` in `folder`; returns it once it printed its first line.
    private func start(_ script: String, in folder: URL) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = folder
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        _ = output.fileHandleForReading.availableData
        return process
    }

    private func stop(_ process: Process) {
        process.terminate()
        process.waitUntilExit()
    }

    private func makeStore(_ url: URL) throws -> String {
        let store = try DocumentStore<Library>(url: url, compaction: .manual)
        _ = store.mediator.replicaID
        try store.mediator.update { $0.workbook = W.makeWorkbook() }
        try store.mediator.update { _ in W.cell(store.mediator, "s0!0:1")!.value = .text("journaled") }
        return try W.text(store.mediator)
    }

    @Test func aJournalLockedByAnotherProcessIsRefusedAsLockedAndChangesNothing() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/flock") else { return }
        let folder = try W.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("budget.ripple")
        _ = try makeStore(url)
        let files = (try Data(contentsOf: url), try Data(contentsOf: URL(fileURLWithPath: url.path + ".journal")))
        let holder = try start("exec /usr/bin/flock budget.ripple.journal sh -c 'echo held; sleep 60'", in: folder)
        defer { stop(holder) }
        var problems: [String] = []
        do {
            _ = try DocumentStore<Library>(url: url)
            problems.append("opened while another process holds the journal's lock")
        } catch let error as DocumentError {
            if case .locked = error {} else { problems.append("refused as \(error)") }
        }
        if (try Data(contentsOf: url), try Data(contentsOf: URL(fileURLWithPath: url.path + ".journal"))) != files {
            problems.append("the files changed")
        }
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test func aCompactionWhileAnotherProcessHoldsTheJournalOpenLosesNothing() async throws {
        let folder = try W.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("budget.ripple")
        _ = try makeStore(url)
        let reader = try start("exec 3<budget.ripple.journal 4<budget.ripple; echo held; sleep 60", in: folder)
        defer { stop(reader) }
        var acknowledged = ""
        do {
            let store = try DocumentStore<Library>(url: url, compaction: .manual)
            try store.mediator.update { _ in W.sheet(store.mediator, "s1")!.zoom = 2 }
            try await store.compact()
            try store.mediator.update { _ in W.cell(store.mediator, "s1!0:0")!.formula = "=after" }
            acknowledged = try W.text(store.mediator)
        }
        let reopened = try DocumentStore<Library>(url: url)
        #expect(try W.text(reopened.mediator) == acknowledged)
    }
}
