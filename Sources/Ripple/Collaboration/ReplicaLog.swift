import Foundation

/// One replica's changes in the order of their sequence numbers, as a replica keeps them to
/// serve ``ReplicaEngine/changes(since:)`` and its snapshot.
///
/// A log holds everything a replica ever made or received, so its form decides much of a
/// replica's memory: a change held as values costs about a hundred bytes per operation (an
/// enumeration as large as its largest case, its strings, its version's dictionary), the same
/// change in the compact form of change sets a few. So the log keeps its newest changes as
/// values and packs them, `packingThreshold` operations at a time, into the compact form
/// (one string table per pack); reading an older change decodes its pack. What a sync asks for
/// is mostly the newest changes, which stay values.
///
/// Changes merged from a change set's bytes (``ChangeSet/received``) are packed as those
/// bytes: the pack keeps the bytes and where its changes lie in them (a run for each stretch
/// of them one after the other), and encodes nothing (encoding them again cost a merge about a
/// fifth of its time).
struct ReplicaLog {
    /// Changes in the compact form, each pack with the number of changes before it and the
    /// greatest counter its changes and the earlier packs' used.
    private var packs: [(start: Int, greatestCounter: UInt64, content: Pack)] = []
    /// The changes after the packs, as values.
    private var recent: [ReplicaChange] = []
    /// Where all of `recent` lies in the bytes it was merged from, if it does.
    private var recentRuns: [ReceivedRun]?
    private var recentOperations = 0
    /// How many changes the log holds.
    private(set) var count = 0
    /// The greatest counter any of its changes used (0 for none): what the replica's clock
    /// must have passed.
    private(set) var greatestCounter: UInt64 = 0

    /// How many operations the newest changes hold before they are packed.
    static let packingThreshold = 512
    /// The first byte of a pack (it is read back only by the log that wrote it).
    private static let packFormat: UInt8 = 0xB3

    /// Changes in the compact form: encoded by the log, or as they were received.
    private enum Pack {
        case encoded(Data)
        case received([ReceivedRun])

        var changes: [ReplicaChange] {
            switch self {
            case .encoded(let bytes): ReplicaLog.unpack(bytes)
            case .received(let runs): runs.flatMap { $0.changes() }
            }
        }
    }

    /// How many packs hold their changes as they were received (for tests).
    var receivedPacks: Int {
        packs.count {
            if case .received = $0.content { true } else { false }
        }
    }

    /// Logs `change`; `received` says where it lies in the bytes it was merged from, if it was.
    mutating func append(_ change: ReplicaChange, received: ReceivedRun? = nil) {
        if recent.isEmpty { recentRuns = [] }
        if let received, var runs = recentRuns {
            recentRuns = nil  // so that `runs` grows in place
            if let joined = runs.last?.followed(by: received) {
                runs[runs.count - 1] = joined
            } else {
                runs.append(received)
            }
            recentRuns = runs
        } else {
            recentRuns = nil
        }
        recent.append(change)
        count += 1
        recentOperations += change.operations.count
        greatestCounter = max(greatestCounter, change.lastCounter ?? 0)
        if recentOperations >= Self.packingThreshold { pack() }
    }

    /// The changes from the `start`th on (0 for all), in order.
    func changes(from start: Int) -> [ReplicaChange] {
        guard start < count else { return [] }
        var result: [ReplicaChange] = []
        let recentStart = count - recent.count
        var pack = start < recentStart ? packs.lastIndex { $0.start <= start }! : packs.count
        while pack < packs.count {
            let changes = packs[pack].content.changes
            result += changes[max(0, start - packs[pack].start)...]
            pack += 1
        }
        result += recent[max(0, start - recentStart)...]
        return result
    }

    /// Keeps only the first `newCount` changes (an undone merge or update drops what it logged).
    mutating func truncate(to newCount: Int) {
        precondition(newCount <= count, "a log truncated past its end")
        while count - recent.count > newCount, let last = packs.popLast() {
            recent = last.content.changes + recent
        }
        recent.removeSubrange((newCount - (count - recent.count))...)
        recentRuns = nil
        count = newCount
        recentOperations = recent.reduce(0) { $0 + $1.operations.count }
        greatestCounter = recent.reduce(packs.last?.greatestCounter ?? 0) { max($0, $1.lastCounter ?? 0) }
    }

    private mutating func pack() {
        let packed = recent.reduce(packs.last?.greatestCounter ?? 0) { max($0, $1.lastCounter ?? 0) }
        let content: Pack
        if let runs = recentRuns {
            content = .received(runs)
        } else {
            var writer = CompactWriter(valuesInline: true)
            writer.relativeCounters = true
            writer.integerValues = true
            writer.changes(recent)
            content = .encoded(writer.bytes(format: Self.packFormat))
        }
        packs.append((start: count - recent.count, greatestCounter: packed, content: content))
        recent.removeAll(keepingCapacity: false)
        recentRuns = nil
        recentOperations = 0
    }

    private static func unpack(_ bytes: Data) -> [ReplicaChange] {
        do {
            var reader = try CompactReader(bytes, format: packFormat, what: "a replica's log", valuesInline: true)
            reader.relativeCounters = true
            reader.integerValues = true
            let changes = try reader.changes()
            try reader.finish()
            return changes
        } catch {
            preconditionFailure("a log's own pack does not read back: \(error)")
        }
    }
}
