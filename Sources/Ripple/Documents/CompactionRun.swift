import Foundation

/// A compaction in flight: the files it writes off the main actor, and how it ended.
///
/// The store takes the model's values on the main actor (`Mediator.captureDocument(extra:)`),
/// then this run encodes them, writes the snapshot beside the document and a journal beside the
/// journal, each synced, on a thread of its own; the store renames both into place on the main
/// actor (``DocumentStore/finishCompaction(_:)``). Its steps off the main actor hold no
/// reference to the store, and touch no file the store writes: the store waits for them
/// (``cancelAndWait()``) before it writes a snapshot of its own or closes.
final class CompactionRun: @unchecked Sendable {
    /// The generation of the snapshot it writes.
    let generation: UInt64
    /// Where the journal ended when the values were taken: the records after it are copied into
    /// the new journal when it is renamed into place.
    let journalEnd: Int
    private let document: DocumentFile
    private let journalPath: String
    /// Whether a failure goes to the failure handler (a compaction the store started by itself).
    let reportsFailure: Bool

    private let condition = NSCondition()
    private var isCancelled = false
    private var isDone = false
    private var written: WrittenFile?
    private var size = 0
    private var replacement: JournalFile.Replacement?
    private var failure: (any Error)?
    /// What ``DocumentStore/compact()`` awaits.
    private var waiters: [CheckedContinuation<Void, any Error>] = []
    private var outcome: Result<Void, any Error>?

    init(generation: UInt64, journalEnd: Int, document: DocumentFile, journalPath: String, reportsFailure: Bool) {
        self.generation = generation
        self.reportsFailure = reportsFailure
        self.journalEnd = journalEnd
        // Its thread must not keep the document's file open once the store is gone.
        self.document = document.unheld
        self.journalPath = journalPath
    }

    /// Encodes `captured` and writes both files on another thread, then calls `finished` there.
    func start(_ captured: CapturedDocument, base: UInt64, finished: @escaping @Sendable () -> Void) {
        let document = document
        let journalPath = journalPath
        let generation = generation
        let journalEnd = journalEnd
        Thread.detachNewThread { [self] in
            var written: WrittenFile?
            do {
                let bytes = try captured.encode(isCancelled: { self.cancelled })
                if cancelled { throw CancellationError() }
                let snapshot = try document.write(bytes)
                written = snapshot
                if cancelled { throw CancellationError() }
                // The journal names the file the snapshot is written as, which renaming keeps.
                let replacement = try JournalFile.prepareReplacement(
                    of: journalPath, files: document.files, generation: generation, base: base, document: captured.header.document,
                    file: JournalFormat.FileIdentity(snapshot.status), from: -1, copying: journalEnd..<journalEnd)
                condition.withLock {
                    self.written = written
                    self.size = bytes.count
                    self.replacement = replacement
                }
                // The run holds the written file now (open until it is installed or discarded).
                written = nil
            } catch {
                if written != nil { document.discard() }
                written = nil
                condition.withLock { failure = error }
            }
            condition.withLock {
                isDone = true
                condition.broadcast()
            }
            finished()
        }
    }

    private var cancelled: Bool { condition.withLock { isCancelled } }

    /// The files written, once the steps off the main actor are done: the snapshot (and its
    /// size) and the journal, or why there are none.
    func result() -> Result<(written: WrittenFile, size: Int, replacement: JournalFile.Replacement), any Error> {
        condition.withLock {
            if let written, let replacement { return .success((written, size, replacement)) }
            return .failure(failure ?? CancellationError())
        }
    }

    /// Stops the steps off the main actor, and waits for them to end (a step under way ends at
    /// its next check: encoding checks every 1,024 nodes).
    func cancelAndWait() {
        condition.withLock {
            isCancelled = true
            while !isDone { condition.wait() }
        }
    }

    /// Waits for the steps off the main actor to end, without stopping them (tests use it to
    /// order a run's file calls before the next step's).
    func waitUntilWritten() {
        condition.withLock {
            while !isDone { condition.wait() }
        }
    }

    /// Removes the files the run wrote (once it is done): nothing of it is left.
    func discardFiles() {
        let (written, replacement) = condition.withLock {
            defer {
                self.written = nil
                self.replacement = nil
            }
            return (self.written, self.replacement)
        }
        if written != nil { document.discard() }
        if let replacement { JournalFile.discard(replacement, of: journalPath, files: document.files) }
    }

    /// The snapshot is the document now: the run no longer holds it open or removes it.
    func snapshotInstalled() {
        condition.withLock { written = nil }
    }

    /// Keeps `replacement`, the journal brought up to date on the main actor, as the one to
    /// install or discard.
    func keep(_ replacement: JournalFile.Replacement) {
        condition.withLock { self.replacement = replacement }
    }

    /// The journal to install, which the run no longer discards.
    func takeReplacement() -> JournalFile.Replacement {
        condition.withLock {
            defer { replacement = nil }
            return replacement!
        }
    }

    // MARK: Waiting

    /// Waits until the run ends: installed (or superseded by a snapshot holding as much), or
    /// failed.
    func wait() async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let ended = condition.withLock {
                if outcome == nil { waiters.append(continuation) }
                return outcome
            }
            if let ended { continuation.resume(with: ended) }
        }
    }

    /// Ends the run with `outcome`: what ``wait()`` returns.
    func end(_ outcome: Result<Void, any Error>) {
        let waiters = condition.withLock {
            self.outcome = outcome
            defer { self.waiters = [] }
            return self.waiters
        }
        for waiter in waiters { waiter.resume(with: outcome) }
    }
}
