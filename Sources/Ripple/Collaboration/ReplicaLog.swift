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
struct ReplicaLog {
    /// Changes packed in the compact form, each pack with the number of changes before it and
    /// the greatest counter its changes and the earlier packs' used.
    private var packs: [(start: Int, greatestCounter: UInt64, bytes: Data)] = []
    /// The changes after the packs, as values.
    private var recent: [ReplicaChange] = []
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

    mutating func append(_ change: ReplicaChange) {
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
            let changes = Self.unpack(packs[pack].bytes)
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
            recent = Self.unpack(last.bytes) + recent
        }
        recent.removeSubrange((newCount - (count - recent.count))...)
        count = newCount
        recentOperations = recent.reduce(0) { $0 + $1.operations.count }
        greatestCounter = recent.reduce(packs.last?.greatestCounter ?? 0) { max($0, $1.lastCounter ?? 0) }
    }

    private mutating func pack() {
        var writer = CompactWriter(valuesInline: true)
        writer.relativeCounters = true
        writer.integerValues = true
        writer.changes(recent)
        let packed = recent.reduce(packs.last?.greatestCounter ?? 0) { max($0, $1.lastCounter ?? 0) }
        packs.append((start: count - recent.count, greatestCounter: packed, bytes: writer.bytes(format: Self.packFormat)))
        recent.removeAll(keepingCapacity: false)
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
