import Foundation
@_spi(Benchmarks) import Ripple
import BenchReport

/// Table 12: documents. Snapshots against what a user would otherwise write (plain `Codable`
/// structs through `JSONEncoder` and `JSONDecoder`), the patch of one append, the journal's cost
/// per update, and opening a snapshot plus a journal against making its updates live.
@MainActor
final class DocumentSuite {
    static let section = "documents"

    private let harness: Harness
    private let goals: GoalBoard
    private var table = Table("12. Documents", headers: ["operation", "median", "min", "vs"])

    init(harness: Harness, goals: GoalBoard) {
        self.harness = harness
        self.goals = goals
    }

    /// The benchmark's model as a user would save it without Ripple.
    struct PlainDocument: Codable, Equatable {
        struct Item: Codable, Equatable {
            var value: Int
            var name: String
        }

        var title: String
        var revision: Int
        var items: [Item]
        var numbers: [Int]
    }

    func run() throws {
        guard harness.options.includes(section: Self.section) else { return }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ripple-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try measureSnapshots()
        try measurePatches()
        try measureJournal(in: folder)
        try measureOpening(in: folder)
        try measureCompaction(in: folder)
        table.notes = [
            "Snapshots: the model's items are nodes (each written with its number and class, so that shared nodes",
            "  come back shared); the plain structs are values. Patch: append one node, then remove it, as two updates;",
            "  a patch names the new node with its saved members (an append to an array of 50,000 copies the array for",
            "  rollback, patches or not: see table 9b). Journal: `revision += 1` per update through a",
            "  DocumentStore, against the same update on a mediator without one; `.onSave` writes each record at once",
            "  (no fsync), `.immediate` waits for the disk (fsync) before `update` returns. Opening replays the",
            "  journal: each record is decoded and applied as an update. Compaction: a store of 100,000 items",
            "  compacts; 'main actor' is the time it holds it (reading the values, renaming the files), the rest",
            "  (encoding, writing, fsync) runs on another thread. 'At the limit': a journal whose updates take an",
            "  eighth of the snapshot's bytes (where `.automatic` compacts), opened, against the snapshot alone.",
        ]
        table.print()
    }

    private func row(_ name: String, _ timing: Timing, _ versus: String = "", unit: Unit = .milliseconds) {
        switch unit {
        case .milliseconds:
            table.append([name, Format.milliseconds(timing.median) + " ms", Format.milliseconds(timing.minimum) + " ms", versus])
        case .microseconds:
            table.append([name, Format.microseconds(timing.median) + " µs", Format.microseconds(timing.minimum) + " µs", versus])
        }
    }

    private enum Unit { case milliseconds, microseconds }

    /// Encoding and decoding a document of 100,000 nodes.
    private func measureSnapshots() throws {
        let count = harness.scaled(100_000)
        let mediator = Mediator(root: BenchRoot(itemCount: count))
        let plain = PlainDocument(
            title: mediator.root.title, revision: mediator.root.revision,
            items: mediator.root.items.map { PlainDocument.Item(value: $0.value, name: $0.name) }, numbers: [])
        let snapshot = try mediator.snapshot()
        let encoded = try JSONEncoder().encode(plain)
        guard try Mediator<BenchRoot>(opening: snapshot).snapshot() == snapshot,
            try JSONDecoder().decode(PlainDocument.self, from: encoded) == plain
        else { throw DocumentBenchError.roundTripFailed }

        let save = try harness.measure { iterations in try DocumentLoops.snapshot(mediator, iterations: iterations) }
        let encode = try harness.measure { iterations in try DocumentLoops.encode(plain, iterations: iterations) }
        let open = try harness.measure { iterations in try DocumentLoops.open(snapshot, iterations: iterations) }
        let decode = try harness.measure { iterations in try DocumentLoops.decode(encoded, iterations: iterations) }
        let saveRatio = save.ratio(to: encode)
        let openRatio = open.ratio(to: decode)
        row("snapshot() of \(Format.count(count)) nodes", save, Format.ratio(saveRatio) + " JSONEncoder")
        row("JSONEncoder, the same as plain structs", encode)
        row("Mediator(opening:) of it", open, Format.ratio(openRatio) + " JSONDecoder")
        row("JSONDecoder, the same as plain structs", decode)
        table.append(["bytes: snapshot / plain JSON", Format.count(snapshot.count), Format.count(encoded.count), ""])
        goals.check(
            "snapshot of \(Format.count(count)) nodes at most 1.0x JSONEncoder on plain structs",
            measured: Format.ratio(saveRatio), passed: saveRatio <= 1)
        goals.check(
            "opening it at most 1.0x JSONDecoder on plain structs", measured: Format.ratio(openRatio), passed: openRatio <= 1)
    }

    /// The patch of one append: its bytes and its cost at 50,000 nodes in one array, and its cost
    /// as the document grows (a card added to a column of 100, on boards of 5,000 and 50,000).
    private func measurePatches() throws {
        let count = harness.scaled(50_000)
        let items = Mediator(root: BenchRoot(itemCount: count))
        let bare = try harness.measure(operationsPerIteration: 2) { iterations in
            try DocumentLoops.appendAndRemoveItem(items, iterations: iterations)
        }
        var largest = 0
        _DocumentJSONBenchmarks.onPatch(of: items) { patch in
            largest = max(largest, (try? _DocumentJSONBenchmarks.encode(patch).count) ?? .max)
        }
        let patched = try harness.measure(operationsPerIteration: 2) { iterations in
            try DocumentLoops.appendAndRemoveItem(items, iterations: iterations)
        }
        row("append or remove 1 of \(Format.count(count)) items", bare, unit: .microseconds)
        row("the same, with patches", patched, Format.ratio(patched.ratio(to: bare)), unit: .microseconds)
        table.append(["its largest patch", "\(largest) bytes", "", ""])
        goals.check(
            "patch of a one-node append to \(Format.count(count)) nodes under 1 KB", measured: "\(largest) bytes",
            passed: largest < 1_024)

        var timings: [Timing] = []
        for cards in [5_000, 50_000].map(harness.scaled) {
            let board = Mediator(root: BenchRoot(cardCount: cards))
            _DocumentJSONBenchmarks.onPatch(of: board) { Blackhole.consume($0.operations.count) }
            let timing = try harness.measure(operationsPerIteration: 2) { iterations in
                try DocumentLoops.appendAndRemoveCard(board, iterations: iterations)
            }
            timings.append(timing)
            row("card added to or removed from a column, \(Format.count(cards)) cards, with patches", timing, unit: .microseconds)
        }
        let growth = timings[1].ratio(to: timings[0])
        goals.check(
            "an update with patches on 50,000 cards at most 2x on 5,000 (O(change))", measured: Format.ratio(growth),
            passed: growth <= 2)
    }

    /// A small update journaled by a store, without and with waiting for the disk.
    private func measureJournal(in folder: URL) throws {
        let plain = Mediator(root: BenchRoot(itemCount: 100))
        let bare = try harness.measure { iterations in try DocumentLoops.bumpRevision(plain, iterations: iterations) }
        row("revision += 1, no store", bare, unit: .microseconds)
        let lazy = try DocumentStore<BenchRoot>(url: folder.appendingPathComponent("lazy.ripple"), durability: .onSave)
        let journaled = try harness.measure { iterations in try DocumentLoops.bumpRevision(lazy.mediator, iterations: iterations) }
        let cost = max(0, journaled.median - bare.median)
        row("the same, journaled (.onSave)", journaled, "+" + Format.microseconds(cost) + " µs", unit: .microseconds)
        let durable = try DocumentStore<BenchRoot>(url: folder.appendingPathComponent("durable.ripple"))
        let synced = try harness.measure { iterations in try DocumentLoops.bumpRevision(durable.mediator, iterations: iterations) }
        row("the same, durable on return (.immediate)", synced, "fsync", unit: .microseconds)
        goals.check(
            "journal append per small update, durability off, under 10 µs",
            measured: Format.microseconds(cost) + " µs", passed: cost < 10_000)
    }

    /// Opening a snapshot of 1,000 items plus 10,000 journaled updates, against making them live.
    private func measureOpening(in folder: URL) throws {
        let updates = harness.scaled(10_000)
        let url = folder.appendingPathComponent("opening.ripple")
        do {
            let store = try DocumentStore<BenchRoot>(url: url, durability: .onSave)
            try store.mediator.update { $0.items = (0..<1_000).map { Item(value: $0, name: "item \($0)") } }
            try store.save()
            _ = try DocumentLoops.makeLive(store.mediator, updates: updates)
            try store.sync()
        }
        let opening = try harness.measure { iterations in try DocumentLoops.openStore(url, iterations: iterations) }
        let live = try harness.measure { iterations in
            var total = 0
            for _ in 0..<iterations {
                let mediator = Mediator(root: BenchRoot(itemCount: 1_000))
                total += try DocumentLoops.makeLive(mediator, updates: updates)
            }
            return total
        }
        let ratio = opening.ratio(to: live)
        row("open 1,000 items + \(Format.count(updates)) journaled updates", opening, Format.ratio(ratio) + " live")
        row("make those updates live", live)
        goals.check(
            "opening a snapshot + \(Format.count(updates))-record journal under 2x making the updates live",
            measured: Format.ratio(ratio), passed: ratio < 2)
    }
}

extension DocumentSuite {
    /// An automatic compaction of 100,000 nodes (the main actor's share of it), and opening a
    /// journal at the automatic policy's limit against opening the snapshot alone.
    fileprivate func measureCompaction(in folder: URL) throws {
        let count = harness.scaled(100_000)
        let url = folder.appendingPathComponent("compaction.ripple")
        let alone = folder.appendingPathComponent("alone.ripple")
        var index = 0
        do {
            let store = try DocumentStore<BenchRoot>(url: url, durability: .onSave, compaction: .manual)
            try store.mediator.update { $0.items = (0..<count).map { Item(value: $0, name: "item \($0)") } }
            try store.save()
            try FileManager.default.copyItem(at: url, to: alone)
            let snapshotSize = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as! Int
            let limit = DocumentStore<BenchRoot>.Compaction.automaticLimit(snapshotBytes: snapshotSize)
            while (try FileManager.default.attributesOfItem(atPath: url.path + ".journal")[.size] as! Int) < limit {
                for _ in 0..<1_000 {
                    let value = index
                    try store.mediator.update { root in root.items[value * 7_919 % root.items.count].value = value }
                    index += 1
                }
            }
            try store.sync()
        }
        let opening = try harness.measure { iterations in try DocumentLoops.openStore(url, iterations: iterations, durability: .onSave) }
        let snapshot = try harness.measure { iterations in try DocumentLoops.openStore(alone, iterations: iterations, durability: .onSave) }
        let ratio = opening.ratio(to: snapshot)
        row("open \(Format.count(count)) items + a journal at the limit (\(Format.count(index)) updates)", opening, Format.ratio(ratio) + " alone")
        row("open the snapshot alone", snapshot)
        goals.check(
            "opening a store whose journal is at its compaction limit at most 2x the snapshot alone",
            measured: Format.ratio(ratio), passed: ratio <= 2)
        let store = try DocumentStore<BenchRoot>(url: url, durability: .onSave, compaction: .manual)
        var holds: [Double] = []
        var reads: [Double] = []
        var totals: [Double] = []
        for round in 0..<5 {
            try store.mediator.update { $0.revision = round }
            let (read, install, total) = try store._compactTimingMainActor()
            holds.append((read + install).nanoseconds)
            reads.append(read.nanoseconds)
            totals.append(total.nanoseconds)
        }
        let hold = Timing(samples: holds)
        row("compaction of \(Format.count(count)) nodes: main actor", hold, Format.milliseconds(Timing(samples: totals).median) + " ms in all")
        row("  of which reading the values", Timing(samples: reads))
        goals.check(
            "an automatic compaction of 100,000 nodes holds the main actor at most 100 ms",
            measured: Format.milliseconds(hold.median) + " ms", passed: hold.median <= 100_000_000)
    }
}

/// The loops of table 12, out of line.
@MainActor
enum DocumentLoops {
    @inline(never)
    static func snapshot(_ mediator: Mediator<BenchRoot>, iterations: Int) throws -> Int {
        var total = 0
        for _ in 0..<iterations { total += try mediator.snapshot().count }
        return total
    }

    @inline(never)
    static func encode(_ document: DocumentSuite.PlainDocument, iterations: Int) throws -> Int {
        var total = 0
        for _ in 0..<iterations { total += try JSONEncoder().encode(document).count }
        return total
    }

    @inline(never)
    static func open(_ snapshot: Data, iterations: Int) throws -> Int {
        var total = 0
        for _ in 0..<iterations { total += try Mediator<BenchRoot>(opening: snapshot).root.items.count }
        return total
    }

    @inline(never)
    static func decode(_ data: Data, iterations: Int) throws -> Int {
        var total = 0
        for _ in 0..<iterations { total += try JSONDecoder().decode(DocumentSuite.PlainDocument.self, from: data).items.count }
        return total
    }

    @inline(never)
    static func appendAndRemoveItem(_ mediator: Mediator<BenchRoot>, iterations: Int) throws -> Int {
        for index in 0..<iterations {
            try mediator.update { $0.items.append(Item(value: index, name: "new")) }
            try mediator.update { $0.items.removeLast() }
        }
        return mediator.root.items.count
    }

    @inline(never)
    static func appendAndRemoveCard(_ mediator: Mediator<BenchRoot>, iterations: Int) throws -> Int {
        for index in 0..<iterations {
            try mediator.update { $0.columns[0].cards.append(Card(title: "new \(index)")) }
            try mediator.update { $0.columns[0].cards.removeLast() }
        }
        return mediator.root.columns[0].cards.count
    }

    @inline(never)
    static func bumpRevision(_ mediator: Mediator<BenchRoot>, iterations: Int) throws -> Int {
        for _ in 0..<iterations { try mediator.update { $0.revision += 1 } }
        return mediator.root.revision
    }

    /// `updates` small updates: a value, a name, or an appended item.
    @inline(never)
    static func makeLive(_ mediator: Mediator<BenchRoot>, updates: Int) throws -> Int {
        for index in 0..<updates {
            try mediator.update { root in
                switch index % 10 {
                case 0: root.items.append(Item(value: index, name: "new \(index)"))
                case 1: root.items[index % root.items.count].name = "renamed \(index)"
                default: root.items[index % root.items.count].value = index
                }
            }
        }
        return mediator.root.items.count
    }

    @inline(never)
    static func openStore(_ url: URL, iterations: Int, durability: DocumentStore<BenchRoot>.Durability = .immediate) throws -> Int {
        var total = 0
        for _ in 0..<iterations {
            total += try DocumentStore<BenchRoot>(url: url, durability: durability, compaction: .manual).mediator.root.items.count
        }
        return total
    }
}

/// A failure of the documents suite's own check before measuring.
enum DocumentBenchError: Error, CustomStringConvertible {
    case roundTripFailed

    var description: String { "the document did not come back equal from a round trip" }
}
