import Foundation
@_spi(Benchmarks) import Ripple
import RippleBenchWorkbook
import BenchReport

/// What `ripple-bench --profile` runs of table 12b.
enum WorkbookStage: String {
    /// Ripple's `snapshot()` and `Mediator(opening:)`.
    case snapshot, open
    /// Foundation's `JSONEncoder` and `JSONDecoder` on the same data as plain structs.
    case encode, decode
    /// Opening a store of a workbook of 5,000 cells whose journal is at the automatic compaction limit.
    case journal
    /// Not the workbook: table 17's merge of 100,000 writes of another replica into a fresh
    /// replica of 1,000 points (decoding, then `merge`).
    case merge
    /// Not the workbook: table 17's point inserted into the middle of a replica of `--nodes`
    /// points (default 100,000), merged from another replica or made locally.
    case insert
    case insertLocal = "insert-local"
    /// Not the workbook: table 17's last point moved to the middle of a replica of `--nodes`
    /// points, merged from another replica or made locally.
    case move
    case moveLocal = "move-local"
    /// Not the workbook: table 17's replica of 100,000 points, made in one update, and another
    /// opened from its snapshot, kept until the end (for `valgrind --tool=massif`).
    case memory
    /// Not the workbook: opening table 17's replica snapshot of `--nodes` points (default
    /// 100,000) and its first collaboration call, which decodes the replica state.
    case openReplica = "open-replica"
}

/// Table 12b: documents of a realistic model (``Workbook``: sheets, cells in dictionaries,
/// shared styles, an outline with parent links, a back reference to the root, values of many
/// types) against the same data as plain `Codable` structs through `JSONEncoder` and
/// `JSONDecoder`; and opening a store whose journal is at the automatic compaction limit (where the
/// store compacts by default) against opening the snapshot alone.
@MainActor
final class WorkbookSuite {
    private let harness: Harness
    private let goals: GoalBoard
    private var table = Table("12b. Documents: a workbook", headers: ["operation", "median", "min", "vs"])

    init(harness: Harness, goals: GoalBoard) {
        self.harness = harness
        self.goals = goals
    }

    func run() throws {
        guard harness.options.includes(section: DocumentSuite.section, row: "workbook") else { return }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ripple-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let sheets = 20
        let cellsPerSheet = harness.scaled(2_500)
        try measureSnapshots(sheets: sheets, cellsPerSheet: cellsPerSheet)
        try measureOpeningWithJournal(sheets: sheets, cellsPerSheet: cellsPerSheet / 10, in: folder)
        table.notes = [
            "The workbook: \(sheets) sheets of \(Format.count(cellsPerSheet)) cells in a dictionary by address, 12 styles shared",
            "  by the cells, an outline of 26 items per sheet with parent links, a back reference from each sheet to the",
            "  root; cells hold numbers, non-ASCII text, dates, decimals, formulas (an enum with associated values),",
            "  optionals, lists. The plain structs hold the same data, references as names and indices (PlainWorkbook).",
            "Journal: one-cell updates (.onSave) until the journal reaches the default compaction limit (an eighth of",
            "  the snapshot); both rows open a DocumentStore (the second after save(), its journal empty).",
        ]
        table.print()
    }

    /// Saves or opens the full-size workbook `runs` times, and measures nothing.
    static func profile(_ stage: WorkbookStage, runs: Int, nodes: Int) throws {
        if stage == .merge { return try CollaborationRows.profileMerge(runs: runs) }
        if stage == .insert || stage == .insertLocal {
            return try CollaborationRows.profileInsert(into: nodes, local: stage == .insertLocal, runs: runs)
        }
        if stage == .move || stage == .moveLocal {
            return try CollaborationRows.profileMove(into: nodes, local: stage == .moveLocal, runs: runs)
        }
        if stage == .memory { return try CollaborationRows.profileMemory() }
        if stage == .openReplica { return try CollaborationRows.profileOpen(nodes: nodes, runs: runs) }
        let mediator = Mediator(root: Workbook(sheetCount: 20, cellsPerSheet: 2_500))
        switch stage {
        case .merge, .insert, .insertLocal, .move, .moveLocal, .memory, .openReplica: break
        case .snapshot: Blackhole.consume(try WorkbookLoops.snapshot(mediator, iterations: runs))
        case .open: Blackhole.consume(try WorkbookLoops.open(try mediator.snapshot(), iterations: runs))
        case .encode: Blackhole.consume(try WorkbookLoops.encode(PlainWorkbook(mediator.root), iterations: runs))
        case .decode:
            Blackhole.consume(try WorkbookLoops.decode(try JSONEncoder().encode(PlainWorkbook(mediator.root)), iterations: runs))
        case .journal:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ripple-bench-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let url = folder.appendingPathComponent("workbook.ripple")
            _ = try makeStoreAtJournalLimit(at: url, sheets: 20, cellsPerSheet: 250)
            Blackhole.consume(try WorkbookLoops.openStore(url, iterations: runs))
        }
    }

    private func row(_ name: String, _ timing: Timing, _ versus: String = "") {
        table.append([name, Format.milliseconds(timing.median) + " ms", Format.milliseconds(timing.minimum) + " ms", versus])
    }

    /// `snapshot()` and `Mediator(opening:)` against `JSONEncoder` and `JSONDecoder`.
    private func measureSnapshots(sheets: Int, cellsPerSheet: Int) throws {
        let mediator = Mediator(root: Workbook(sheetCount: sheets, cellsPerSheet: cellsPerSheet))
        let plain = PlainWorkbook(mediator.root)
        let snapshot = try mediator.snapshot()
        let encoded = try JSONEncoder().encode(plain)
        guard try Mediator<Workbook>(opening: snapshot).snapshot() == snapshot,
            try PlainWorkbook(Mediator<Workbook>(opening: snapshot).root) == plain,
            try JSONDecoder().decode(PlainWorkbook.self, from: encoded) == plain
        else { throw DocumentBenchError.roundTripFailed }
        let nodes = WorkbookLoops.nodeCount(mediator.root)

        let save = try harness.measure { iterations in try WorkbookLoops.snapshot(mediator, iterations: iterations) }
        let encode = try harness.measure { iterations in try WorkbookLoops.encode(plain, iterations: iterations) }
        let open = try harness.measure { iterations in try WorkbookLoops.open(snapshot, iterations: iterations) }
        let decode = try harness.measure { iterations in try WorkbookLoops.decode(encoded, iterations: iterations) }
        let saveRatio = save.ratio(to: encode)
        let openRatio = open.ratio(to: decode)
        row("snapshot() of a workbook of \(Format.count(nodes)) nodes", save, Format.ratio(saveRatio) + " JSONEncoder")
        row("JSONEncoder, the same as plain structs", encode)
        row("Mediator(opening:) of it", open, Format.ratio(openRatio) + " JSONDecoder")
        row("JSONDecoder, the same as plain structs", decode)
        table.append(["bytes: snapshot / plain JSON", Format.count(snapshot.count), Format.count(encoded.count), ""])
        goals.check(
            "workbook snapshot (\(Format.count(nodes)) nodes) at most 0.8x JSONEncoder on plain structs",
            measured: Format.ratio(saveRatio), passed: saveRatio <= 0.8)
        goals.check(
            "opening the workbook at most 0.6x JSONDecoder on plain structs", measured: Format.ratio(openRatio),
            passed: openRatio <= 0.6)
    }

    /// Opening a store whose journal is at the automatic compaction limit, against its snapshot alone.
    private func measureOpeningWithJournal(sheets: Int, cellsPerSheet: Int, in folder: URL) throws {
        let url = folder.appendingPathComponent("workbook.ripple")
        let journalURL = URL(fileURLWithPath: url.path + ".journal")
        let records = try Self.makeStoreAtJournalLimit(at: url, sheets: sheets, cellsPerSheet: cellsPerSheet)
        let withJournal = try harness.measure { iterations in try WorkbookLoops.openStore(url, iterations: iterations) }
        let journalSize = try Self.fileSize(journalURL)
        let snapshotSize = try Self.fileSize(url)
        do {
            try DocumentStore<Workbook>(url: url, durability: .onSave).save()
        }
        let alone = try harness.measure { iterations in try WorkbookLoops.openStore(url, iterations: iterations) }
        let ratio = withJournal.ratio(to: alone)
        row(
            "open a store: snapshot (\(Format.count(snapshotSize / 1_024)) KB) + journal (\(Format.count(journalSize / 1_024)) KB, "
                + "\(Format.count(records)) records)", withJournal, Format.ratio(ratio) + " snapshot alone")
        row("open a store: the snapshot alone", alone)
        goals.check(
            "opening a store whose journal is at the automatic compaction limit at most 2x the snapshot alone",
            measured: Format.ratio(ratio), passed: ratio <= 2)
    }

    /// Writes a store of a workbook at `url`, then one-cell updates until its journal is as
    /// large as its snapshot; returns how many.
    private static func makeStoreAtJournalLimit(at url: URL, sheets: Int, cellsPerSheet: Int) throws -> Int {
        let journalURL = URL(fileURLWithPath: url.path + ".journal")
        try Mediator(root: Workbook(sheetCount: sheets, cellsPerSheet: cellsPerSheet)).snapshot().write(to: url)
        let store = try DocumentStore<Workbook>(url: url, durability: .onSave)
        let limit = DocumentStore<Workbook>.Compaction.automaticLimit(snapshotBytes: try fileSize(url))
        // Up to the limit, not past it: a store that compacts would empty the journal there.
        var records = 0
        var recordSize = 0
        while true {
            let before = try fileSize(journalURL)
            guard before + 2 * recordSize <= limit else { break }
            try WorkbookLoops.editCell(store.mediator, records)
            records += 1
            recordSize = max(recordSize, try fileSize(journalURL) - before)
        }
        try store.sync()
        return records
    }

    private static func fileSize(_ url: URL) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
    }
}

/// The loops of table 12b, out of line.
@MainActor
enum WorkbookLoops {
    @inline(never)
    static func snapshot(_ mediator: Mediator<Workbook>, iterations: Int) throws -> Int {
        var total = 0
        for _ in 0..<iterations { total += try mediator.snapshot().count }
        return total
    }

    @inline(never)
    static func encode(_ workbook: PlainWorkbook, iterations: Int) throws -> Int {
        var total = 0
        for _ in 0..<iterations { total += try JSONEncoder().encode(workbook).count }
        return total
    }

    @inline(never)
    static func open(_ snapshot: Data, iterations: Int) throws -> Int {
        var total = 0
        for _ in 0..<iterations { total += try Mediator<Workbook>(opening: snapshot).root.sheets.count }
        return total
    }

    @inline(never)
    static func decode(_ data: Data, iterations: Int) throws -> Int {
        var total = 0
        for _ in 0..<iterations { total += try JSONDecoder().decode(PlainWorkbook.self, from: data).sheets.count }
        return total
    }

    @inline(never)
    static func openStore(_ url: URL, iterations: Int) throws -> Int {
        var total = 0
        for _ in 0..<iterations { total += try DocumentStore<Workbook>(url: url, durability: .onSave).mediator.root.sheets.count }
        return total
    }

    /// One update of one cell, the `number`th: its value, its note or its style, by turns.
    static func editCell(_ mediator: Mediator<Workbook>, _ number: Int) throws {
        try mediator.update { root in
            let sheet = root.sheets[number % root.sheets.count]
            let address = String(UnicodeScalar(UInt8(ascii: "A") + UInt8(number % 10))) + "\(number / 10 % 50 + 1)"
            guard let cell = sheet.cells[address] else { return }
            switch number % 4 {
            case 0: cell.value = .number(Double(number) * 1.25)
            case 1: cell.note = "geändert (\(number))"
            case 2: cell.value = .text("Überarbeitet \(number)")
            default: cell.modified = Date(timeIntervalSinceReferenceDate: 757_500_000 + Double(number))
            }
        }
    }

    /// The nodes of the workbook: itself, its sheets, cells, styles and outline items.
    static func nodeCount(_ workbook: Workbook) -> Int {
        1 + workbook.sheets.reduce(0) { $0 + 1 + $1.cells.count } + workbook.styles.count + itemCount(workbook.outline)
    }

    private static func itemCount(_ items: [OutlineItem]) -> Int {
        items.reduce(items.count) { $0 + itemCount($1.children) }
    }
}
