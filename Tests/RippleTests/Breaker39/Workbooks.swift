import Foundation
@testable import Ripple

/// Workbooks, their replicas and files, for issue 39's breaker tests.
@MainActor
enum Workbooks: ReplicaFixture {
    /// A workbook of `sheets` sheets of `rows` rows of `cells` cells each (back references set).
    /// Every cell after a row's first reads the one before it; each sheet's first cell reads
    /// itself and the last cell of the sheet before (across sheets, a cycle through the first);
    /// the named range "total" holds every sheet's first cell; the workbook has two tags.
    static func makeWorkbook(sheets: Int = 2, rows: Int = 3, cells: Int = 3) -> Workbook {
        let workbook = Workbook()
        workbook.title = "Budget"
        workbook.created = Date(timeIntervalSinceReferenceDate: 700_000_000)
        var firsts: [Cell] = []
        var lasts: [Cell] = []
        for index in 0..<sheets {
            let sheet = Sheet("s\(index)")
            sheet.workbook = workbook
            sheet.rows = (0..<rows).map { rowIndex in
                let row = Row()
                row.sheet = sheet
                row.label = rowIndex % 2 == 0 ? "r\(rowIndex)" : nil
                row.cells = (0..<cells).map { column in
                    makeCell("s\(index)!\(rowIndex):\(column)", sheet: sheet, row: row, workbook: workbook)
                }
                for (column, cell) in row.cells.enumerated() where column > 0 { cell.inputs = [row.cells[column - 1]] }
                return row
            }
            if let first = sheet.rows.first?.cells.first, let last = sheet.rows.last?.cells.last {
                firsts.append(first)
                lasts.append(last)
            }
            workbook.sheets.append(sheet)
        }
        for (index, first) in firsts.enumerated() {
            first.inputs = [first, lasts[(index + lasts.count - 1) % lasts.count]]
            first.formula = "=A1+PREV!LAST"
        }
        let total = NamedRange()
        total.comment = "first cells"
        total.cells = firsts
        workbook.names = ["total": total]
        workbook.tags = [Tag("draft"), Tag("q4")]
        return workbook
    }

    static func makeCell(_ text: String, sheet: Sheet?, row: Row?, workbook: Workbook?, number: Int = 0) -> Cell {
        let cell = Cell(text)
        cell.sheet = sheet
        cell.row = row
        cell.workbook = workbook
        cell.value = .number(Double(text.count) + 0.25)
        cell.precision = text.count % 5
        cell.locked = text.count % 2 == 0
        cell.attachment = Data([UInt8(text.count % 256), 7])
        cell.history = [1.5, -0.0, 1e300]
        cell.style = ["font": "Helvetica", "color": "#ff0000"]
        return cell
    }

    static func makeLibrary(sheets: Int = 2, rows: Int = 3, cells: Int = 3) -> Library {
        let library = Library()
        library.workbook = makeWorkbook(sheets: sheets, rows: rows, cells: cells)
        return library
    }

    static func replicas(_ count: Int, sheets: Int = 2, rows: Int = 3, cells: Int = 3, seed: UInt64? = nil) throws
        -> [Mediator<Library>]
    {
        try ReplicaGroup.replicas(count, of: makeLibrary(sheets: sheets, rows: rows, cells: cells), seed: seed)
    }

    static func workbook(_ mediator: Mediator<Library>) -> Workbook { mediator.root.workbook! }

    /// Every row of `sheet`, grouped ones included, depth first (a row seen before is not walked again).
    static func allRows(_ sheet: Sheet) -> [Row] {
        var seen = Set<ObjectIdentifier>()
        var found: [Row] = []
        var stack = Array(sheet.rows.reversed())
        while let next = stack.popLast() {
            guard seen.insert(ObjectIdentifier(next)).inserted else { continue }
            found.append(next)
            stack.append(contentsOf: next.children.reversed())
        }
        return found
    }

    /// The cell whose text is `text`, wherever a row holds it.
    static func cell(_ mediator: Mediator<Library>, _ text: String) -> Cell? {
        for sheet in workbook(mediator).sheets {
            for row in allRows(sheet) { if let cell = row.cells.first(where: { $0.text == text }) { return cell } }
        }
        return nil
    }

    static func sheet(_ mediator: Mediator<Library>, _ name: String) -> Sheet? {
        workbook(mediator).sheets.first { $0.name == name }
    }

    /// What is wrong with the workbook a user sees: a row in two places or inside itself, a cell
    /// in two rows, a cell's `row` not its holder, a named range's cell no row holds.
    static func problems(_ mediator: Mediator<Library>) -> [String] {
        guard let workbook = mediator.root.workbook else { return ["no workbook"] }
        var problems: [String] = []
        var rows = Set<ObjectIdentifier>()
        var cells = Set<ObjectIdentifier>()
        for sheet in workbook.sheets {
            var stack = sheet.rows
            while let row = stack.popLast() {
                guard rows.insert(ObjectIdentifier(row)).inserted else {
                    problems.append("a row in two places or in a cycle (\(row.cells.first?.text ?? "-"))")
                    continue
                }
                for cell in row.cells {
                    if !cells.insert(ObjectIdentifier(cell)).inserted { problems.append("cell \(cell.text) in two rows") }
                    if cell.row !== row { problems.append("cell \(cell.text)'s row is not its holder") }
                }
                stack.append(contentsOf: row.children)
            }
        }
        let sheets = Set(workbook.sheets.map(ObjectIdentifier.init))
        for (name, range) in workbook.names {
            // A range may name the cells of a removed sheet; those of a sheet still there must be in a row.
            for cell in range.cells where !cells.contains(ObjectIdentifier(cell)) {
                guard let sheet = cell.sheet, sheets.contains(ObjectIdentifier(sheet)) else { continue }
                problems.append("range \(name) holds \(cell.text), which no row holds")
            }
        }
        return problems
    }

    /// What a user sees of the workbook, without merge state.
    static func visible(_ mediator: Mediator<Library>) -> String {
        guard let workbook = mediator.root.workbook else { return "no workbook" }
        var lines = ["workbook \(workbook.title) \(workbook.tags.map(\.name).sorted())"]
        lines += workbook.names.keys.sorted().map { "name \($0): \(workbook.names[$0]!.cells.map(\.text))" }
        var seen = Set<ObjectIdentifier>()
        func walk(_ row: Row, _ indent: String) {
            guard seen.insert(ObjectIdentifier(row)).inserted else { return lines.append("\(indent)row again") }
            lines.append(
                indent + "row \(row.label ?? "-") \(row.height): "
                    + row.cells.map { "\($0.text)=\($0.value) \($0.inputs.map(\.text))" }.joined(separator: ", "))
            for child in row.children { walk(child, indent + "  ") }
        }
        for sheet in workbook.sheets {
            lines.append("sheet \(sheet.name) \(sheet.zoom)")
            for row in sheet.rows { walk(row, "  ") }
        }
        return lines.joined(separator: "\n")
    }

    /// Everyone sends everyone what they lack, then checks convergence: the replicas' snapshots
    /// alike, and each replica's workbook whole.
    static func converge(_ replicas: [Mediator<Library>]) throws -> [String] {
        try syncAll(replicas)
        let texts = try replicas.map(text)
        var problems: [String] = []
        for index in 1..<replicas.count where texts[index] != texts[0] {
            problems.append(
                "replica \(index)'s snapshot differs from replica 0's (visible alike: \(visible(replicas[index]) == visible(replicas[0])))"
            )
        }
        for (index, replica) in replicas.enumerated() { problems += Self.problems(replica).map { "replica \(index): \($0)" } }
        return problems
    }

    /// A chain of `depth` grouped rows, each the only child of the one above, a cell in the deepest.
    static func chain(_ depth: Int, sheet: Sheet? = nil) -> Row {
        let first = Row()
        first.sheet = sheet
        first.label = "level 0"
        var above = first
        for level in 1..<max(depth, 1) {
            let row = Row()
            row.label = "level \(level)"
            row.parent = above
            above.children = [row]
            above = row
        }
        let leaf = makeCell("deep leaf", sheet: sheet, row: above, workbook: sheet?.workbook)
        above.cells = [leaf]
        return first
    }
}

extension Library {
    /// The breaker's workbook, held by the gauge (made when one is set and there is none).
    var workbook: Workbook? {
        get { gauge?.workbook }
        set {
            if gauge == nil { gauge = Gauge() }
            gauge!.workbook = newValue
        }
    }
}
