import Foundation
@testable import Ripple
import Testing

/// A scripted session of compactions (awaited, with updates made while one is in flight, one
/// superseded by `save()`, one in flight when the store closes), run once for every N with the
/// Nth file-system call failing (see `FaultyFileCalls`), until the session runs without reaching
/// the fault. After each run: each step succeeded or threw; the files as the failed call left
/// them open to the document before the step or after it; the session's document reopens to
/// what its mediator held; no stray file, no descriptor left open.
@MainActor
@Suite struct DocumentCompactionFaultTests {
    @Test(arguments: [FaultyFileCalls.Fault.natural, .shortWrite])
    func everyFailingCallOfACompactingSessionLosesNothingAcknowledged(fault: FaultyFileCalls.Fault) async throws {
        try await runEveryFault(fault, durability: .immediate)
    }

    @Test func everyFailingCallOfALooserCompactingSessionLosesNothingSynced() async throws {
        try await runEveryFault(.natural, durability: .onSave)
    }

    private func runEveryFault(_ fault: FaultyFileCalls.Fault, durability: DocumentStore<Library>.Durability) async throws {
        let reference = try CompactionSession(durability: durability, files: FaultyFileCalls())
        let expected = try await reference.run()
        #expect(reference.thrown.isEmpty, "without a fault every step succeeds: \(reference.thrown)")
        try await FaultScript.failEveryCall(fault, upTo: 3_000) { files in
            let session = try CompactionSession(durability: durability, files: files)
            session.expected = expected
            _ = try await session.run()
            return session.issues
        }
    }
}

/// One run of the compaction script.
@MainActor
private final class CompactionSession {
    let folder: URL
    let url: URL
    let files: FaultyFileCalls
    let durability: DocumentStore<Library>.Durability
    var store: DocumentStore<Library>?
    /// The document after each step of a run without faults.
    var expected: [String] = []
    private(set) var thrown: [String] = []
    private(set) var issues = 0

    init(durability: DocumentStore<Library>.Durability, files: FaultyFileCalls) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("ripple-compaction-fault-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        url = folder.appendingPathComponent("library.ripple")
        self.durability = durability
        self.files = files
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    var mediator: Mediator<Library> { store!.mediator }

    /// The script: each step is one call that succeeds or throws.
    private lazy var steps: [(name: String, isChange: Bool, run: @MainActor () async throws -> Void)] = [
        ("create", false, { try self.open() }),
        ("append A", true, { try self.mediator.update { $0.shelves.append(Shelf(id: 1, title: "A")) } }),
        ("append B", true, { try self.mediator.update { $0.shelves.append(Shelf(id: 2, title: "B")) } }),
        ("entries", true, { try self.mediator.update { $0.shelves[0].entries = ["x", "é"] } }),
        ("compact", false, { try await self.store!.compact() }),
        ("append C", true, { try self.mediator.update { $0.shelves.append(Shelf(id: 3, title: "C")) } }),
        ("compact while updating", false, { try await self.compactWhileUpdating() }),
        ("undo", true, { try self.mediator.history.undo() }),
        ("compact superseded by save", false, { try self.compactThenSave() }),
        ("append F", true, { try self.mediator.update { $0.shelves.append(Shelf(id: 6, title: "F")) } }),
        ("close while compacting", false, { try self.closeWhileCompacting() }),
        ("append G", true, { try self.mediator.update { $0.shelves.append(Shelf(id: 7, title: "G")) } }),
        ("compact", false, { try await self.store!.compact() }),
        ("reopen", false, { try self.open() }),
    ]

    /// Starts a compaction, lets it write its files, then makes an update before it is installed:
    /// the new journal carries them.
    private func compactWhileUpdating() async throws {
        let run = try store!.startCompaction(reportsFailure: false)
        run.waitUntilWritten()
        // One update: the step's files open to the document before it or after it.
        try mediator.update { library in
            library.shelves.append(Shelf(id: 4, title: "D"))
            library.shelves[1].title = "B2"
        }
        try await run.wait()
    }

    /// A compaction whose files are written when `save()` comes: the save's snapshot holds all.
    private func compactThenSave() throws {
        let run = try store!.startCompaction(reportsFailure: false)
        run.waitUntilWritten()
        try mediator.update { $0.shelves.append(Shelf(id: 5, title: "E")) }
        try store!.save()
    }

    /// The store closes while a compaction's files are written: they go, the journal holds all.
    private func closeWhileCompacting() throws {
        let run = try store!.startCompaction(reportsFailure: false)
        run.waitUntilWritten()
        try open()
    }

    private func open() throws {
        if let store, store.mediator.hasUnsavedChanges { try store.sync() }
        store = nil
        store = try DocumentStore<Library>(url: url, durability: durability, compaction: .manual, files: files)
    }

    private var context: String { "\(files.failure ?? "no fault"), \(durability)" }

    private func issue(_ text: String) {
        issues += 1
        Issue.record("\(text) (\(context))")
    }

    /// Runs the script; the document after each step.
    func run() async throws -> [String] {
        var states: [String] = []
        for (index, step) in steps.enumerated() {
            let hadFailed = files.failure != nil
            let before = store.map { FaultSessionState.state($0.mediator.root) }
            do {
                try await step.run()
            } catch {
                thrown.append("\(step.name): \(error)")
                if !hadFailed && files.failure == nil { issue("\(step.name) threw without a fault: \(error)") }
                if step.isChange, let store, FaultSessionState.state(store.mediator.root) != before { issue("\(step.name) threw and changed the model") }
                if store == nil {
                    do { try open() } catch { issue("opening again after a failed open threw \(error)") }
                }
            }
            states.append(store.map { FaultSessionState.state($0.mediator.root) } ?? "")
            if !hadFailed, files.failure != nil, !expected.isEmpty, durability == .immediate { try checkCopy(after: index) }
        }
        if let store, store.mediator.hasUnsavedChanges {
            do { try store.sync() } catch { try store.sync() }
        }
        let final = states.last!
        store = nil
        if !files.open.isEmpty { issue("descriptors left open: \(files.open.values), after \(thrown)") }
        let reopened = try DocumentStore<Library>(url: url, durability: .immediate, files: FaultyFileCalls())
        if FaultSessionState.state(reopened.mediator.root) != final {
            issue("reopened to \(FaultSessionState.state(reopened.mediator.root)), where the session left \(final)")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        if names != ["library.ripple", "library.ripple.journal"] { issue("files left: \(names)") }
        return states
    }

    /// The files as the failed call left them, opened elsewhere (as after a crash): the document
    /// before the step that failed, or after it.
    private func checkCopy(after step: Int) throws {
        let allowed = [step > 0 ? expected[step - 1] : "", expected[step]]
        do {
            let state = FaultSessionState.state(try FaultScript.openCopy(of: folder))
            if !allowed.contains(state) { issue("the files after the fault open to \(state), not to one of \(allowed)") }
        } catch {
            issue("the files after the fault do not open: \(error)")
        }
    }
}

/// What the compaction sessions compare: every shelf's title and entries.
enum FaultSessionState {
    static func state(_ library: Library) -> String {
        library.shelves.map { "\($0.title)\($0.entries)" }.joined(separator: ",")
    }
}
