import Foundation
@testable import Ripple
import Testing

/// A scripted session with a store (create, updates, undo, redo, save, reopen, more updates),
/// run once for every N with the Nth file-system call failing (`ENOSPC`, `EIO`, a short write, a
/// failed fsync, rename or lock: see `FaultyFileCalls`), until the session runs without reaching
/// the fault. After each run:
/// - each step succeeded or threw; a change (update, undo, redo) that threw is rolled back:
///   the model, the history, the observers and the patch stream as if it never ran;
/// - the files as the failed call left them (copied, as a crash would leave them) open to the
///   document before the step or after it, never another;
/// - the session goes on (the store stays usable), and the document it leaves reopens to what
///   its mediator held; a replica fed its patches holds the same; no stray file, no descriptor.
@MainActor
@Suite struct DocumentFaultTests {
    @Test(arguments: [FaultyFileCalls.Fault.natural, .shortWrite])
    func everyFailingCallOfADurableSessionLosesNothingAcknowledged(fault: FaultyFileCalls.Fault) async throws {
        try await runEveryFault(fault, durability: .immediate)
    }

    @Test func everyFailingCallOfALooserSessionIsReportedAndLeavesTheDocumentUnsaved() async throws {
        try await runEveryFault(.natural, durability: .onSave)
    }

    private func runEveryFault(_ fault: FaultyFileCalls.Fault, durability: DocumentStore<Library>.Durability) async throws {
        let reference = try FaultSession(durability: durability, files: FaultyFileCalls())
        let expected = try reference.run()
        #expect(reference.thrown.isEmpty, "without a fault every step succeeds: \(reference.thrown)")
        try await FaultScript.failEveryCall(fault, upTo: 2_000) { files in
            let session = try FaultSession(durability: durability, files: files)
            session.expected = expected
            _ = try session.run()
            return session.issues
        }
    }
}

/// One run of the script.
@MainActor
private final class FaultSession {
    let folder: URL
    let url: URL
    let files: FaultyFileCalls
    let durability: DocumentStore<Library>.Durability
    var store: DocumentStore<Library>?
    /// The document after each step of a run without faults.
    var expected: [String] = []
    private(set) var thrown: [String] = []
    private(set) var issues = 0
    private var observed = 0
    private var patches: [Patch] = []
    private var replica: Mediator<Library>?
    private var failures: [UpdateFailure] = []
    private var registrations: [Registration] = []

    init(durability: DocumentStore<Library>.Durability, files: FaultyFileCalls) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("ripple-fault-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        url = folder.appendingPathComponent("library.ripple")
        self.durability = durability
        self.files = files
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    enum Kind { case change, save, open }

    /// The script: each step is one call that succeeds or throws.
    private lazy var steps: [(name: String, kind: Kind, run: () throws -> Void)] = [
        ("create", .open, { try self.open() }),
        ("append A", .change, { try self.update { $0.shelves.append(Shelf(id: 1, title: "A")) } }),
        ("append B", .change, { try self.update { $0.shelves.append(Shelf(id: 2, title: "B")) } }),
        (
            "edit A", .change,
            {
                try self.update { library in
                    library.shelves[0].title = "A2"
                    library.shelves[0].entries = ["x"]
                }
            }
        ),
        ("undo", .change, { try self.mediator.history.undo() }),
        ("redo", .change, { try self.mediator.history.redo() }),
        ("save", .save, { try self.store?.save() }),
        ("remove A", .change, { try self.update { $0.shelves.removeFirst() } }),
        ("reopen", .open, { try self.open() }),
        ("append C", .change, { try self.update { $0.shelves.append(Shelf(id: 3, title: "C")) } }),
        ("undo", .change, { try self.mediator.history.undo() }),
        ("append D", .change, { try self.update { $0.shelves.append(Shelf(id: 4, title: "D")) } }),
        ("save", .save, { try self.store?.save() }),
        ("entry", .change, { try self.update { $0.shelves[0].entries.append("y") } }),
        ("sync", .save, { try self.store?.sync() }),
        ("append E", .change, { try self.update { $0.shelves.append(Shelf(id: 5, title: "E")) } }),
    ]

    var mediator: Mediator<Library> { store!.mediator }

    private func update(_ body: @escaping @MainActor (Library) throws -> Void) throws {
        try mediator.update(body)
    }

    /// Opens (or reopens) the store, with a coordinator that writes a saved member in each
    /// refresh (its write is journaled after the observers ran), an observer, a patch stream and
    /// a replica fed by it.
    private func open() throws {
        if let store, store.mediator.hasUnsavedChanges { try store.sync() }
        checkReplica()
        store = nil
        registrations = []
        let store = try DocumentStore<Library>(url: url, durability: durability, files: files)
        self.store = store
        let mediator = store.mediator
        mediator.failureHandler = { [unowned self] in failures.append($0) }
        registrations.append(mediator.coordinate("count", reads: [Library.scheme.shelves]) { $0.userID = $0.shelves.count * 10 })
        registrations.append(mediator.observe("observer", reads: [Library.scheme.shelves.all]) { [unowned self] _ in observed += 1 })
        mediator.refresh()
        let replica = try Mediator<Library>(opening: try mediator.snapshot())
        self.replica = replica
        mediator.patchRecorder.sinks.append { [unowned self] in patches.append($0) }
    }

    private func checkReplica() {
        guard let store, let replica else { return }
        for patch in patches {
            do { try replica.apply(patch) } catch { issue("the replica refuses patch \(patch.sequence): \(error)") }
        }
        patches = []
        if (try? replica.snapshot()) != (try? store.mediator.snapshot()) { issue("the replica differs") }
    }

    static func state(_ library: Library) -> String {
        library.shelves.map { "\($0.title)\($0.entries)" }.joined(separator: ",") + " / \(library.userID)"
    }

    /// What updates' bodies made of the document (not what registrations wrote after them).
    static func bodies(_ state: String) -> Substring {
        state.prefix { $0 != "/" }
    }

    private var context: String { "\(files.failure ?? "no fault"), \(durability)" }

    private func issue(_ text: String) {
        issues += 1
        Issue.record("\(text) (\(context))")
    }

    /// Runs the script; the document after each step.
    func run() throws -> [String] {
        var states: [String] = []
        for (index, step) in steps.enumerated() {
            let hadFailed = files.failure != nil
            let before = store.map { Self.state($0.mediator.root) }
            let counts = store.map { (observed, patches.count, $0.mediator.history.undoSteps.count, $0.mediator.history.redoSteps.count) }
            let reported = failures.count
            do {
                try step.run()
            } catch {
                thrown.append("\(step.name): \(error)")
                if !hadFailed && files.failure == nil { issue("\(step.name) threw without a fault: \(error)") }
                switch step.kind {
                case .change:
                    if let store, Self.state(store.mediator.root) != before { issue("\(step.name) threw and changed the model") }
                    if let store, let counts, counts != (observed, patches.count, store.mediator.history.undoSteps.count, store.mediator.history.redoSteps.count) {
                        issue("\(step.name) threw and notified, patched or recorded history")
                    }
                case .save: break
                case .open:
                    // The fault is spent: opening again works.
                    do { try open() } catch { issue("opening again after a failed open threw \(error)") }
                }
            }
            if failures.count > reported, store?.mediator.hasUnsavedChanges == false {
                issue("\(step.name): a write failed (\(failures.last!)) and the document says it is saved")
            }
            if failures.count > reported, failures.last?.wasRolledBack == true { issue("a store's failure says it rolled back") }
            states.append(store.map { Self.state($0.mediator.root) } ?? "")
            if !hadFailed, files.failure != nil, !expected.isEmpty { try checkCopy(after: index) }
        }
        // What an app does before closing a document that is not saved.
        if let store, store.mediator.hasUnsavedChanges {
            do { try store.sync() } catch { try store.sync() }
        }
        checkReplica()
        let final = states.last!
        store = nil
        registrations = []
        if !files.open.isEmpty { issue("descriptors left open: \(files.open.values)") }
        let reopened = try DocumentStore<Library>(url: url, durability: .immediate, files: FaultyFileCalls())
        if Self.state(reopened.mediator.root) != final {
            issue("reopened to \(Self.state(reopened.mediator.root)), where the session left \(final)")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        if names != ["library.ripple", "library.ripple.journal"] { issue("files left: \(names)") }
        return states
    }

    /// The files as the failed call left them, opened elsewhere: the document before the step
    /// that failed, or after it.
    private func checkCopy(after step: Int) throws {
        let allowed = [step > 0 ? Self.bodies(expected[step - 1]) : "", Self.bodies(expected[step])]
        do {
            let opened = Self.bodies(Self.state(try FaultScript.openCopy(of: folder)))
            if !allowed.contains(opened) { issue("the files after the fault open to \(opened), not to one of \(allowed)") }
        } catch {
            issue("the files after the fault do not open: \(error)")
        }
    }
}
