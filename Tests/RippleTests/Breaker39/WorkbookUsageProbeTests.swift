import Foundation
@testable import Ripple
import Testing

/// Issue 39's breaker: the workbook used as an app writes it: a per-cell computed value kept by a
/// per-node processor reading its inputs' computed values (recursive derived state), a per-sheet
/// sum and a workbook-wide count; a SwiftUI-style text binding typing into a cell, keystroke by
/// keystroke outside any update, while merges arrive and processors run.
@MainActor
@Suite(.serialized) struct WorkbookUsageProbeTests {
    typealias W = Workbooks

    /// What SwiftUI's `Binding(get:set:)` does with a model member: reads and writes it, outside any update.
    struct TextBinding {
        let get: () -> String
        let set: (String) -> Void
    }

    static func number(_ value: CellValue) -> Double {
        if case .number(let number) = value { return number }
        return 0
    }

    /// The sheets' sums and the workbook's count, kept by processors.
    private func summed(_ mediator: Mediator<Library>) throws -> [Registration] {
        let sums = try mediator.process(
            "sum", forEach: Sheet.self, reads: [Sheet.scheme.rows.cells.value], writes: [Sheet.scheme.sum]
        ) { sheet in sheet.sum = sheet.rows.flatMap(\.cells).reduce(0) { $0 + Self.number($1.value) } }
        let count = try mediator.process(
            "count", reads: [Library.scheme.gauge.workbook.sheets.rows.cells],
            writes: [Library.scheme.gauge.workbook.cellCount]
        ) { library in
            guard let workbook = library.workbook else { return }
            workbook.cellCount = workbook.sheets.reduce(0) { $0 + $1.rows.reduce(0) { $0 + $1.cells.count } }
        }
        return [sums, count]
    }

    private func sumProblems(_ replica: Mediator<Library>, _ index: Int) -> [String] {
        var problems: [String] = []
        let workbook = W.workbook(replica)
        for sheet in workbook.sheets {
            let expected = sheet.rows.flatMap(\.cells).reduce(0) { $0 + Self.number($1.value) }
            if sheet.sum != expected { problems.append("replica \(index): \(sheet.name) sums \(sheet.sum), holds \(expected)") }
        }
        let cells = workbook.sheets.reduce(0) { $0 + $1.rows.reduce(0) { $0 + $1.cells.count } }
        if workbook.cellCount != cells { problems.append("replica \(index): counts \(workbook.cellCount), holds \(cells)") }
        return problems
    }

    @Test func sumsAndTheCountFollowMergedMovesRemovalsAndAnUndo() throws {
        let replicas = try W.replicas(3, seed: 31)
        var registrations: [[Registration]] = []
        for replica in replicas {
            registrations.append(try summed(replica))
            replica.refresh()
        }
        try replicas[0].update(undoName: "Delete Sheet") { $0.workbook!.sheets.removeAll { $0.name == "s1" } }
        try replicas[1].update { _ in W.cell(replicas[1], "s1!0:0")!.value = .number(1_000) }
        try replicas[2].update { _ in
            let row = W.sheet(replicas[2], "s0")!.rows.removeLast()
            W.sheet(replicas[2], "s1")!.rows.append(row)
            row.sheet = W.sheet(replicas[2], "s1")
        }
        var problems = try W.converge(replicas)
        for (index, replica) in replicas.enumerated() { problems += sumProblems(replica, index) }
        try replicas[0].history.undo()
        problems += try W.converge(replicas)
        for (index, replica) in replicas.enumerated() {
            replica.refresh()
            problems += sumProblems(replica, index)
        }
        _ = registrations
        #expect(problems.isEmpty, "\(problems)")
    }

    /// Recursive derived state: a cell's computed value as its number plus its inputs' computed
    /// values, kept by one per-cell processor that reads what it writes on other cells. Refused
    /// as `dependencyCycle` when breaker39 wrote this; accepted since (recursive registrations run
    /// their nodes in the order of what they read, and report a loop of cells, as this workbook's
    /// self references and cycles across sheets make, to the failure handler). One reading its
    /// inputs' values (not their computed values) keeps up, self references and cycles included.
    @Test func aComputedValueReadingItsInputsComputedValuesIsAcceptedAndOneReadingTheirValuesWorks() throws {
        let mediator = Mediator(root: W.makeLibrary(sheets: 2, rows: 2, cells: 30))
        mediator.contracts = Contracts(.record)
        var failures: [String] = []
        mediator.failureHandler = { failures.append("\($0)") }
        var problems: [String] = []
        let recursive = try mediator.process(
            "recursive", forEach: Cell.self, reads: [Cell.scheme.value, Cell.scheme.inputs.computed],
            writes: [Cell.scheme.computed]
        ) { cell in cell.computed = Self.number(cell.value) + cell.inputs.reduce(0) { $0 + $1.computed } }
        mediator.refresh()
        recursive.cancel()
        failures.removeAll()
        let computed = try mediator.process(
            "computed", forEach: Cell.self, reads: [Cell.scheme.value, Cell.scheme.inputs.value],
            writes: [Cell.scheme.computed]
        ) { cell in cell.computed = Self.number(cell.value) + cell.inputs.reduce(0) { $0 + Self.number($1.value) } }
        defer { computed.cancel() }
        mediator.refresh()
        func wrong() -> [String] {
            W.workbook(mediator).sheets.flatMap { $0.rows.flatMap(\.cells) }.compactMap { cell in
                let expected = Self.number(cell.value) + cell.inputs.reduce(0) { $0 + Self.number($1.value) }
                return cell.computed == expected ? nil : "\(cell.text) \(cell.computed) != \(expected)"
            }
        }
        problems += wrong().prefix(3).map { "at first: \($0)" }
        try mediator.update { _ in W.cell(mediator, "s0!0:0")!.value = .number(100) }
        try mediator.update { _ in W.cell(mediator, "s1!1:29")!.value = .number(-7) }
        problems += wrong().prefix(3).map { "after an edit: \($0)" }
        problems += mediator.violations.prefix(3).map { "violation: \($0)" }
        problems += failures.prefix(3)
        #expect(problems.isEmpty, "\(problems)")
    }

    /// Typing "hello" into a cell through a binding, one keystroke per main-actor turn, while
    /// the other replica's edits of other cells are merged between keystrokes and the sums run.
    @Test(arguments: [false, true])
    func typingThroughABindingWhileMergesArriveReachesTheOthersAndUndoesAsOneStep(mergeBetween: Bool) async throws {
        let replicas = try W.replicas(2, seed: 41)
        let (a, b) = (replicas[0], replicas[1])
        let registrations = try replicas.map(summed)
        a.refresh()
        b.refresh()
        let cell = W.cell(a, "s0!1:1")!
        let original = cell.text
        let typed = { (replica: Mediator<Library>) in W.workbook(replica).sheets[0].rows[1].cells[1].text }
        let binding = TextBinding(get: { cell.text }, set: { cell.text = $0 })
        for (index, character) in "hello".enumerated() {
            binding.set(binding.get() + String(character))
            if mergeBetween {
                try b.update { _ in W.cell(b, "s1!0:\(index % 3)")!.value = .number(Double(index)) }
                try W.sync(b, into: a)
            }
            await Task.yield()
        }
        a.commitImplicitUpdate()
        var problems = try W.converge(replicas)
        if typed(b) != original + "hello" { problems.append("b holds \(typed(b))") }
        for (index, replica) in replicas.enumerated() { problems += sumProblems(replica, index) }
        try a.history.undo()
        problems += try W.converge(replicas)
        if typed(b) != original { problems.append("one undo left \(typed(b)), not \(original)") }
        _ = registrations
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test func aChainOfGroupedRows1000DeepIsRefusedClearlyUnderTheDefaultLimitAndWorksRaised() throws {
        let mediator = Mediator(root: W.makeLibrary())
        _ = mediator.replicaID
        let before = try W.text(mediator)
        var problems: [String] = []
        do {
            try mediator.update { library in
                let sheet = library.workbook!.sheets[0]
                sheet.rows.append(W.chain(1_000, sheet: sheet))
            }
            problems.append("a 1,000-deep chain of rows was taken with the default depth limit")
        } catch let error as DocumentError {
            if case .tooLarge = error {} else { problems.append("refused as \(error)") }
            if try W.text(mediator) != before { problems.append("the refused update changed the document") }
        }
        let previous = DocumentLimits.default
        DocumentLimits.default = DocumentLimits(maximumDepth: 2_100)
        defer { DocumentLimits.default = previous }
        let replicas = try W.replicas(2, seed: 5)
        let (a, b) = (replicas[0], replicas[1])
        try a.update { library in
            let sheet = library.workbook!.sheets[0]
            sheet.rows.append(W.chain(1_000, sheet: sheet))
        }
        try b.update { _ in W.cell(b, "s0!0:0")!.text = "b's" }
        problems += try W.converge(replicas)
        let opened = try Mediator<Library>(opening: try a.snapshot())
        if W.cell(opened, "deep leaf") == nil { problems.append("the deep leaf is not in the opened snapshot") }
        // Two replicas move the deep leaf's row's cell to the top at once, to two rows.
        try a.update { _ in
            let leaf = W.cell(a, "deep leaf")!
            leaf.row!.cells.removeAll { $0 === leaf }
            W.sheet(a, "s0")!.rows[0].cells.append(leaf)
            leaf.row = W.sheet(a, "s0")!.rows[0]
        }
        try b.update { _ in
            let leaf = W.cell(b, "deep leaf")!
            leaf.row!.cells.removeAll { $0 === leaf }
            W.sheet(b, "s1")!.rows[1].cells.append(leaf)
            leaf.row = W.sheet(b, "s1")!.rows[1]
        }
        problems += try W.converge(replicas)
        #expect(problems.isEmpty, "\(problems)")
    }
}
