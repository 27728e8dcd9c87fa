import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A document that saves itself: its file holds a snapshot, and a journal beside it every
/// update committed since, so that a document killed at any instant (power cut, `kill -9`)
/// reopens to its last durable update, never to a corrupt or half-applied state.
///
/// ```swift
/// let store = try DocumentStore<Library>(url: documentURL)     // opens, or creates
/// try store.mediator.update { $0.title = "Poetry" }            // journaled, durable on return
/// try store.save()                                              // a new snapshot; journal emptied
/// ```
///
/// Every committed update (undo and redo included) is appended to the journal as a ``Patch``.
/// With the default durability, `.immediate`, it is on disk when `update` returns, and the
/// document counts as saved (``Mediator/hasUnsavedChanges`` is `false`). A looser durability
/// writes each update at once but waits for the disk on an interval (`.interval`), or only on
/// ``save()`` (`.onSave`); the document is saved when its journal is durable.
///
/// ``save()`` writes a new snapshot atomically (a temporary file, synced, renamed over the
/// document) and empties the journal. Opening replays the journal over the snapshot, dropping a
/// torn last record. One store holds a document at a time: a second one, in this process or
/// another, is refused with ``DocumentError/locked(path:)``.
///
/// The journal is the document's file name with `.journal` appended, in the same folder.
@MainActor
public final class DocumentStore<Root: DocumentRoot> {
    /// When an update is on disk.
    public enum Durability: Sendable, Equatable {
        /// When `update` returns (each update waits for the disk).
        case immediate
        /// Within this long after it committed (updates are written at once, synced together).
        case interval(Duration)
        /// When ``DocumentStore/save()`` runs (or the store closes).
        case onSave
    }

    /// The mediator of the document; update it as any.
    public let mediator: Mediator<Root>
    /// Where the document is.
    public let url: URL
    /// When an update is on disk.
    public let durability: Durability

    private let journal: JournalFile
    private var generation: UInt64
    /// An update could not be journaled: what follows it is not journaled either (it would
    /// replay over a document without it) until ``save()`` writes the whole document.
    private var journalIsBehind = false
    private var syncIsScheduled = false

    /// Opens the document at `url`, or creates it (with the root's `init()`).
    ///
    /// - Throws: ``DocumentError``: the file is not a document of this model (or a newer one), the
    ///   document is open in another store, the file system refused.
    public init(url: URL, durability: Durability = .immediate) throws {
        self.url = url
        self.durability = durability
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            throw DocumentError.fileError(path: url.path, operation: "open", code: EISDIR)
        }
        journal = try JournalFile(path: url.path + ".journal")
        let identities = DocumentIdentities()
        let root: Root
        if let data = FileManager.default.contents(atPath: url.path) {
            let bytes = [UInt8](data)
            root = try openDocument(bytes, identities: identities)
            generation = try Self.generation(of: bytes)
        } else {
            root = Root._rippleMakeRoot()
            generation = 0
        }
        mediator = Mediator(root: root)
        mediator.core.identities = identities
        let patches = try journal.readRecords(generation: generation).map { try Patch(journalRecord: $0) }
        for (index, patch) in patches.enumerated() where patch.sequence != identities.sequence + UInt64(index) + 1 {
            throw DocumentError.damaged(
                reason: "journal record \(index + 1) is patch \(patch.sequence), where patch \(identities.sequence + UInt64(index) + 1) belongs")
        }
        if let last = patches.last {
            // Every record is an update that committed: replayed together, as one update (one
            // validation and one refresh for the journal, not one per record).
            try mediator.replay(patches)
            identities.sequence = last.sequence
        }
        // A new document, or a snapshot no store wrote, is written at once: its journal follows it.
        if generation == 0 { try writeSnapshot() }
        mediator.history.clear()
        mediator.markSaved()
        // The mediator may outlive its store: then its updates are no longer saved, and say so.
        let recorder = mediator.patchRecorder
        recorder.sinks.append { [weak self, weak mediator] patch in
            guard let self else {
                mediator?.core.reportFailure(DocumentError.storeClosed, origin: "document store")
                return
            }
            journal(patch)
        }
        recorder.failureSinks.append { [weak self] _ in self?.journalIsBehind = true }
    }

    /// Writes a new snapshot atomically and empties the journal; the document is then saved.
    public func save() throws {
        try writeSnapshot()
        mediator.markSaved()
    }

    /// Makes every journaled update durable (what ``save()`` does not need to).
    public func sync() throws {
        try journal.sync()
        if durability != .immediate && !journalIsBehind { mediator.markSaved() }
    }

    // MARK: Journal

    /// Appends `patch` to the journal: durable now, or soon.
    private func journal(_ patch: Patch) {
        guard !journalIsBehind else { return }
        do {
            try journal.append(patch.jsonBytes(), durable: durability == .immediate)
            switch durability {
            case .immediate: mediator.markSaved()
            case .interval(let interval): scheduleSync(after: interval)
            case .onSave: break
            }
        } catch {
            // The update committed, but the disk refused it: the document stays unsaved until
            // `save()` writes it whole; say so.
            journalIsBehind = true
            mediator.core.reportFailure(error, origin: "document store")
        }
    }

    private func scheduleSync(after interval: Duration) {
        guard !syncIsScheduled else { return }
        syncIsScheduled = true
        Task { [weak self] in
            try? await Task.sleep(for: interval)
            guard let self else { return }
            syncIsScheduled = false
            do { try sync() } catch { mediator.core.reportFailure(error, origin: "document store") }
        }
    }

    // MARK: Snapshot

    /// Writes the snapshot to a temporary file, syncs it, renames it over the document, syncs the
    /// folder, then starts the journal's next generation.
    private func writeSnapshot() throws {
        let next = generation &+ 1
        let bytes = try mediator.core.snapshotBytes(root: mediator.root, extra: [("journal", next)])
        let path = url.path
        let temporary = path + ".saving"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw DocumentError.fileError(path: temporary, operation: "open", code: errno) }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                let code = errno
                close(descriptor)
                throw DocumentError.fileError(path: temporary, operation: "write", code: code)
            }
            written += count
        }
        guard fsync(descriptor) == 0 else {
            let code = errno
            close(descriptor)
            throw DocumentError.fileError(path: temporary, operation: "fsync", code: code)
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else { throw DocumentError.fileError(path: path, operation: "rename", code: errno) }
        JournalFile.syncFolder(of: path)
        generation = next
        try journal.reset(generation: next)
        journalIsBehind = false
    }

    /// The journal generation a snapshot names (0 for a snapshot made by `snapshot()`).
    private static func generation(of bytes: [UInt8]) throws -> UInt64 {
        let document = try DocumentJSON.parse(bytes)
        return (try? document.memberIfPresent("journal")?.integer(as: UInt64.self)) ?? 0
    }
}
