import Foundation
@testable import Ripple
import Testing

/// Issue 39's breaker: three to five workbook replicas editing at once: grouped rows moved into
/// each other's descendants, a cell of a named range moved while its row moves, a removed sheet
/// edited and brought back by undo, undo and redo with merges between, named ranges re-keyed,
/// the back reference to the root cleared and restored. After each exchange the replicas'
/// snapshots must be byte for byte alike, and each workbook whole.
@MainActor
@Suite(.serialized) struct WorkbookReplicaProbeTests {
    typealias W = Workbooks

    /// Moves `row` under `holder`'s children (out of wherever it is), setting its back references.
    private func move(_ row: Row, under holder: Row, in mediator: Mediator<Library>) {
        for sheet in W.workbook(mediator).sheets {
            sheet.rows.removeAll { $0 === row }
            for other in W.allRows(sheet) { other.children.removeAll { $0 === row } }
        }
        holder.children.append(row)
        row.parent = holder
        row.sheet = nil
    }

    private func row(_ mediator: Mediator<Library>, _ cellText: String) -> Row { W.cell(mediator, cellText)!.row! }

    @Test(arguments: 0..<8)
    func rowsMovedIntoEachOthersDescendantsOnTwoReplicasAtOnceLeaveOneTree(seed: Int) throws {
        let replicas = try W.replicas(3 + seed % 3, sheets: 2, rows: 4, cells: 2, seed: UInt64(seed))
        let (a, b) = (replicas[0], replicas[1])
        // Group rows 1 under 0 first, everywhere.
        try a.update { _ in move(row(a, "s0!1:0"), under: row(a, "s0!0:0"), in: a) }
        try W.syncAll(replicas)
        // a: row 0 (with 1 below) under row 2; b: row 2 under row 1 (below row 0); c: row 2 under row 3.
        try a.update { _ in move(row(a, "s0!0:0"), under: row(a, "s0!2:0"), in: a) }
        try b.update { _ in move(row(b, "s0!2:0"), under: row(b, "s0!1:0"), in: b) }
        if replicas.count > 2 {
            let c = replicas[2]
            try c.update { _ in move(row(c, "s0!2:0"), under: row(c, "s1!3:0"), in: c) }
        }
        var problems = try W.converge(replicas)
        for (index, replica) in replicas.enumerated() {
            let rows = W.workbook(replica).sheets.flatMap(W.allRows)
            if rows.count != 8 { problems.append("replica \(index): \(rows.count) rows of 8") }
            for row in rows {
                for child in row.children where child.parent !== row {
                    problems.append("replica \(index): a grouped row's parent is not the row holding it")
                }
            }
        }
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test(arguments: 0..<6)
    func aCellOfANamedRangeMovedWhileItsRowMovesStaysInOneRowAndTheRange(seed: Int) throws {
        let replicas = try W.replicas(3, seed: UInt64(seed) + 100)
        let (a, b, c) = (replicas[0], replicas[1], replicas[2])
        // a moves the named cell s0!0:0 to row 2 of sheet s1; b moves its row under another row;
        // c takes it out of the range and puts it back under another name.
        try a.update { _ in
            let cell = W.cell(a, "s0!0:0")!
            cell.row!.cells.removeAll { $0 === cell }
            let target = W.sheet(a, "s1")!.rows[2]
            target.cells.insert(cell, at: 0)
            cell.row = target
            cell.sheet = W.sheet(a, "s1")
        }
        try b.update { _ in move(row(b, "s0!0:0"), under: row(b, "s0!2:0"), in: b) }
        try c.update { library in
            let workbook = library.workbook!
            let cell = W.cell(c, "s0!0:0")!
            workbook.names["total"]!.cells.removeAll { $0 === cell }
            let range = NamedRange()
            range.cells = [cell]
            workbook.names["head"] = range
        }
        var problems = try W.converge(replicas)
        for (index, replica) in replicas.enumerated() {
            guard let cell = W.cell(replica, "s0!0:0") else {
                problems.append("replica \(index): the cell is gone")
                continue
            }
            if cell.row?.cells.contains(where: { $0 === cell }) != true {
                problems.append("replica \(index): the cell's row does not hold it")
            }
            if W.workbook(replica).names["head"]?.cells.first !== cell {
                problems.append("replica \(index): the range head does not hold the cell")
            }
        }
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test(arguments: 0..<6)
    func aRemovedSheetEditedConcurrentlyComesBackEditedByUndo(seed: Int) throws {
        let replicas = try W.replicas(4, seed: UInt64(seed) + 200)
        let (a, b, c) = (replicas[0], replicas[1], replicas[2])
        try a.update(undoName: "Delete Sheet") { library in library.workbook!.sheets.removeAll { $0.name == "s1" } }
        try b.update { _ in W.cell(b, "s1!1:1")!.value = .text("edited while removed") }
        try c.update { _ in
            let row = Row()
            row.sheet = W.sheet(c, "s1")
            row.cells = [W.makeCell("c's new", sheet: row.sheet, row: row, workbook: W.workbook(c))]
            W.sheet(c, "s1")!.rows.append(row)
        }
        var problems = try W.converge(replicas)
        try a.history.undo()
        problems += try W.converge(replicas)
        for (index, replica) in replicas.enumerated() {
            if W.cell(replica, "s1!1:1")?.value != .text("edited while removed") {
                problems.append("replica \(index): the sheet came back without b's edit")
            }
            if W.cell(replica, "c's new") == nil { problems.append("replica \(index): the sheet came back without c's row") }
        }
        try a.history.redo()
        problems += try W.converge(replicas)
        for (index, replica) in replicas.enumerated() where W.sheet(replica, "s1") != nil {
            problems.append("replica \(index): the redone removal left the sheet")
        }
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test(arguments: 0..<6)
    func undoNThenRedoNWithMergesBetweenConverges(seed: Int) throws {
        let replicas = try W.replicas(3, seed: UInt64(seed) + 300)
        let (a, b) = (replicas[0], replicas[1])
        var random = SeededGenerator(state: UInt64(seed) &+ 77)
        for step in 0..<6 {
            try a.update(undoName: "step \(step)") { _ in
                switch step % 3 {
                case 0: W.cell(a, "s0!1:\(step % 3)")!.value = .number(Double(step))
                case 1: move(row(a, "s1!\(step % 3):0"), under: row(a, "s1!0:0"), in: a)
                default:
                    let workbook = W.workbook(a)
                    workbook.names["n\(step)"] = workbook.names["total"]
                }
            }
            try b.update { _ in W.cell(b, "s0!1:\(Int(random.next() % 3))")!.value = .number(100 + Double(step)) }
        }
        var problems = try W.converge(replicas)
        for round in 0..<6 {
            try a.history.undo()
            try b.update { _ in W.sheet(b, "s0")!.zoom = Double(round) }
            problems += try W.converge(replicas).map { "undo \(round): \($0)" }
        }
        for round in 0..<6 {
            try a.history.redo()
            try replicas[2].update { _ in W.sheet(replicas[2], "s1")!.zoom = Double(round) }
            problems += try W.converge(replicas).map { "redo \(round): \($0)" }
        }
        #expect(problems.isEmpty, "\(problems.prefix(6))")
    }

    @Test(arguments: 0..<6)
    func aNamedRangeReKeyedConcurrentlyEndsUnderOneKeyOnEveryReplica(seed: Int) throws {
        let replicas = try W.replicas(5, seed: UInt64(seed) + 400)
        for (index, replica) in replicas.enumerated() where index < 3 {
            try replica.update { library in
                let workbook = library.workbook!
                workbook.names["key \(index)"] = workbook.names.removeValue(forKey: "total")
            }
        }
        try replicas[3].update { library in library.workbook!.names["total"]!.comment = "edited" }
        var problems = try W.converge(replicas)
        for (index, replica) in replicas.enumerated() {
            let names = W.workbook(replica).names
            if names.count != 1 { problems.append("replica \(index): the range is under \(names.keys.sorted())") }
            if names.values.first?.comment != "edited" { problems.append("replica \(index): the comment is lost") }
        }
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test(arguments: 0..<4)
    func theBackReferenceToTheRootClearedAndRestoredConcurrentlyConverges(seed: Int) throws {
        let replicas = try W.replicas(3, seed: UInt64(seed) + 500)
        let (a, b, c) = (replicas[0], replicas[1], replicas[2])
        try a.update { _ in for sheet in W.workbook(a).sheets { sheet.workbook = nil } }
        try b.update { _ in W.cell(b, "s0!0:0")!.workbook = nil }
        try c.update { _ in W.cell(c, "s0!0:0")!.inputs.append(W.cell(c, "s0!0:0")!) }
        var problems = try W.converge(replicas)
        try a.history.undo()
        try b.history.undo()
        problems += try W.converge(replicas)
        for (index, replica) in replicas.enumerated() {
            for sheet in W.workbook(replica).sheets where sheet.workbook !== W.workbook(replica) {
                problems.append("replica \(index): sheet \(sheet.name)'s workbook not restored")
            }
            if W.cell(replica, "s0!0:0")?.workbook !== W.workbook(replica) {
                problems.append("replica \(index): the cell's workbook not restored")
            }
        }
        #expect(problems.isEmpty, "\(problems)")
    }
}
