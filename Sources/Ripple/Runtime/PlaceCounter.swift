/// Counts, for each node, the places that hold it in the counted nodes (an element of an array,
/// a value of a dictionary, an optional; for a region, a path ending in `.all` too): the counting
/// under a document (`DocumentMembership`), the region of a `.all` watch (`Watches`) and a
/// mediator's model (`ModelPlaceCounter`). Each of them says which places a node holds and what
/// entering and leaving mean to it, and deals with cycles its own way: a document keeps a group
/// of nodes holding each other that nothing else holds (a replica keeps it alive too), a region
/// and a model find such groups and let them leave.
///
/// Plain counting, ``count(_:by:)`` then ``settle(entered:left:)``: a node whose count becomes
/// positive enters (and its client counts what it holds), one whose count falls to zero leaves
/// (and its client takes away what it holds). So a change costs what it changed plus the nodes
/// that entered or left.
///
/// Each node's entry is kept in its tracker, in the slot of the counter's kind, by the first
/// counter of that kind that counts it (a node is seldom in two documents, regions or models);
/// the others keep theirs in a table.
final class PlaceCounter<Kind: PlaceSlotKind> {
    typealias Entry = Kind.Entry

    /// This counter among those of the process, which the trackers it keeps entries in name: a
    /// new one after ``removeAll()``, so that nothing it left in a tracker is read again.
    @exclusivity(unchecked) private(set) var serial: UInt64
    /// Whether it keeps entries in trackers: one that must leave them to others (the full walk
    /// that a registration's watches are checked against) keeps every entry in its table.
    @exclusivity(unchecked) var usesTrackers = true
    /// The entries of the nodes whose tracker keeps another counter's entry.
    @exclusivity(unchecked) private var table: [ObjectIdentifier: TableEntry] = [:]
    private struct TableEntry {
        /// Tells the entry of a tracker that is gone from that of a new one at the same address.
        weak var tracker: Tracker?
        var entry: Entry
    }
    /// The nodes whose count crossed zero since they last settled.
    @exclusivity(unchecked) private(set) var candidates: [any RippleNode] = []

    init() {
        serial = PlaceCounterSerials.next()
    }

    /// A counter with the given serial, which no other counter of the kind may have had (for
    /// tests of what stale slots do).
    init(serial: UInt64) {
        self.serial = serial
    }

    // MARK: Entries

    /// Whether the tracker's node is in.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func contains(_ tracker: Tracker) -> Bool {
        let slot = Kind.slot(of: tracker)
        if slot.owner == serial { return slot.entry.isIn }
        return !table.isEmpty && tableEntry(of: tracker).isIn
    }

    /// The entry of the tracker's node.
    @inline(__always)
    func entry(of tracker: Tracker) -> Entry {
        let slot = Kind.slot(of: tracker)
        if slot.owner == serial { return slot.entry }
        return table.isEmpty ? Entry() : tableEntry(of: tracker)
    }

    /// Whether the tracker's node has no entry, known without a look-up: no counter of the kind
    /// keeps one in the tracker, and this one keeps none in a table.
    @inline(__always)
    func isSurelyUncounted(_ tracker: Tracker) -> Bool {
        Kind.slot(of: tracker).owner == 0 && table.isEmpty
    }

    private func tableEntry(of tracker: Tracker) -> Entry {
        guard let kept = table[ObjectIdentifier(tracker)], kept.tracker === tracker else { return Entry() }
        return kept.entry
    }

    /// Changes the entry of the tracker's node with `body`: in the tracker, when this counter
    /// keeps it there or can (no other counter does, and the table has no entry for it), else in
    /// the table. An entry back to nothing frees the tracker for another counter.
    @inline(__always)
    @discardableResult
    func change<Result>(_ tracker: Tracker, _ body: (inout Entry) -> Result) -> Result {
        var slot = Kind.slot(of: tracker)
        let isMine = slot.owner == serial
        guard
            isMine
                || slot.owner == 0 && usesTrackers && (table.isEmpty || table[ObjectIdentifier(tracker)]?.tracker !== tracker)
        else { return Self.change(&table[ObjectIdentifier(tracker)], of: tracker, body) }
        if !isMine { slot.entry = Entry() }
        let result = body(&slot.entry)
        slot.owner = slot.entry == Entry() ? 0 : serial
        Kind.setSlot(slot, of: tracker)
        return result
    }

    /// Changes an entry of the table with `body` (one look-up), dropping it when it is back to
    /// nothing.
    private static func change<Result>(_ kept: inout TableEntry?, of tracker: Tracker, _ body: (inout Entry) -> Result) -> Result {
        if kept?.tracker !== tracker { kept = nil }
        var entry = kept?.entry ?? Entry()
        let result = body(&entry)
        if entry == Entry() {
            kept = nil
        } else if kept == nil {
            kept = TableEntry(tracker: tracker, entry: entry)
        } else {
            kept!.entry = entry
        }
        return result
    }

    /// Frees the tracker of the entry this counter keeps there, if any.
    @inline(__always)
    func release(_ tracker: Tracker) {
        guard Kind.slot(of: tracker).owner == serial else { return }
        Kind.setSlot(PlaceSlot(), of: tracker)
    }

    /// Forgets every entry, once its client released those kept in trackers (``release(_:)``),
    /// and takes a new ``serial``.
    func removeAll() {
        serial = PlaceCounterSerials.next()
        table.removeAll()
        candidates.removeAll()
    }

    /// The entries by tracker, those kept in `trackers` included (for checks).
    func entries(keptIn trackers: some Sequence<Tracker>) -> [ObjectIdentifier: Entry] {
        var entries = table.mapValues(\.entry)
        for tracker in trackers where Kind.slot(of: tracker).owner == serial {
            entries[ObjectIdentifier(tracker)] = Kind.slot(of: tracker).entry
        }
        return entries
    }

    // MARK: Counting

    /// Adds `delta` places to `node`: when its count crosses zero, it waits to enter or leave
    /// at the next ``settle(entered:left:)``.
    ///
    /// - Returns: Its entry now.
    @discardableResult
    func count(_ node: any RippleNode, by delta: Int32) -> Entry {
        let entry = change(node._rippleTracker) { entry in
            entry.places += delta
            return entry
        }
        if (entry.places > 0) != entry.isIn { candidates.append(node) }
        return entry
    }

    /// Lets the nodes whose count became positive enter, then those whose count fell to zero
    /// leave, until none waits: entering first, so that a node moved through a node that enters
    /// never leaves on the way. `entered` hears each node that entered, `left` each that left
    /// with the entry it had (its places at most 0); they count what the node holds, which may
    /// make more nodes wait.
    func settle(entered: (any RippleNode) -> Void, left: (any RippleNode, Entry) -> Void) {
        while !candidates.isEmpty {
            var leaving: [any RippleNode] = []
            while let node = candidates.popLast() {
                // Marks it in when it has places, and says what it was.
                let old = change(node._rippleTracker) { entry in
                    let old = entry
                    if entry.places > 0 { entry.isIn = true }
                    return old
                }
                if old.places > 0, !old.isIn {
                    entered(node)
                } else if old.places <= 0, old.isIn {
                    leaving.append(node)
                }
            }
            // What leaves takes places away: those that fall to zero leave in the next round.
            for node in leaving {
                let tracker = node._rippleTracker
                let entry = entry(of: tracker)
                guard entry.places <= 0, entry.isIn else { continue }
                change(tracker) { $0 = Entry() }
                left(node, entry)
            }
        }
    }
}

/// The serials of place counters (a generic class has no static storage of its own).
///
/// A slot keeps 56 bits of its owner's serial, so serials do not come round again in the life of
/// a process: one every 20 nanoseconds, faster than a counter is made or a region rebuilt, would
/// take 45 years to use them all. With 32 bits, a region rebuilt at every update could, after 2^31
/// rebuilds, meet a slot that a counter long gone left in a live node, and read it as its own.
enum PlaceCounterSerials {
    /// The largest serial, the largest a `PlaceSlot` holds.
    static let largest: UInt64 = 1 << 56 - 1

    nonisolated(unsafe) private static var last: UInt64 = 0

    /// A serial no counter has had (0 stays for none).
    static func next() -> UInt64 {
        last = serial(after: last)
        return last
    }

    /// The serial given after `serial`: past ``largest``, numbers would be given again.
    static func serial(after serial: UInt64) -> UInt64 {
        serial == largest ? 1 : serial + 1
    }
}
