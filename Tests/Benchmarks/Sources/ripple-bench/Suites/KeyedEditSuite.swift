import BenchReport
import Foundation
import Ripple
import RippleBenchWorkbook

/// Table 17b: one edit of a dictionary of nodes (a sheet's cells by address) of 1,000 and of
/// 100,000 entries, in a plain mediator, made by a replica and merged from another: for the
/// rule that an update and a merge cost the change, not the member or the document.
@MainActor
final class KeyedEditSuite {
    static let section = "keyed"
    static let putGoal = "putting one cell into a sheet of 100,000 cells (plain, replica, merged) at most 2x into 1,000"
    static let editGoal = "editing one cell of a sheet of 100,000 cells (plain, replica, merged) at most 2x of 1,000"
    static let startGoal = "starting a replica of a sheet of 100,000 cells at most 2x the time per cell of 1,000"

    private let harness: Harness
    private let goals: GoalBoard

    init(harness: Harness, goals: GoalBoard) {
        self.harness = harness
        self.goals = goals
    }

    /// How an edit is made: in a mediator that is no replica, by a replica, or merged from one.
    enum Mode: String, CaseIterable {
        case plain, replica, merged
    }

    func run() throws {
        guard harness.options.includes(section: Self.section) else { return }
        let runs = harness.options.isQuick ? 2 : 5
        var table = Table("17b. One cell of a sheet of 1,000 and of 100,000 cells ([String: Cell])", headers: ["edit", "1,000", "100,000", "ratio"])
        var putRatios: [Double] = []
        var editRatios: [Double] = []
        for mode in Mode.allCases {
            for put in [true, false] {
                let small = try Self.seconds(cells: 1_000, mode: mode, put: put, runs: runs)
                let big = try Self.seconds(cells: 100_000, mode: mode, put: put, runs: runs)
                let ratio = big / small
                if put { putRatios.append(ratio) } else { editRatios.append(ratio) }
                table.append([
                    "\(put ? "put a new cell" : "edit a cell's value"), \(mode.rawValue), ms", String(format: "%.3f", small * 1e3),
                    String(format: "%.3f", big * 1e3), Format.ratio(ratio),
                ])
            }
        }
        let starts = try [1_000, 100_000].map { try Self.startSeconds(cells: $0, runs: runs) }
        let startRatio = (starts[1] / 100_000) / (starts[0] / 1_000)
        table.append([
            "start a replica (its first replicaID), ms", String(format: "%.3f", starts[0] * 1e3), String(format: "%.3f", starts[1] * 1e3),
            Format.ratio(startRatio) + " per cell",
        ])
        table.notes = [
            "Best of \(runs), each in a fresh mediator of one sheet opened from a snapshot: plain (no replica), replica (its update),",
            "  merged (another replica's change, decoded before, merged into a fresh replica).",
        ]
        table.print()
        let worstPut = putRatios.max() ?? 0
        let worstEdit = editRatios.max() ?? 0
        goals.check(Self.putGoal, measured: putRatios.map(Format.ratio).joined(separator: " / "), passed: worstPut <= 2)
        goals.check(Self.startGoal, measured: Format.ratio(startRatio), passed: startRatio <= 2)
        goals.check(Self.editGoal, measured: editRatios.map(Format.ratio).joined(separator: " / "), passed: worstEdit <= 2)
    }

    /// The best of `runs` times of one edit of a sheet of `cells` cells: a new cell put (`put`)
    /// or an existing cell's value set, as `mode` says.
    static func seconds(cells: Int, mode: Mode, put: Bool, runs: Int) throws -> Double {
        let made = Mediator(root: Workbook(sheetCount: 1, cellsPerSheet: cells))
        if mode != .plain { _ = made.replicaID }
        let document = try made.snapshot()
        var best = Double.infinity
        for run in 0..<runs {
            let edit: @MainActor @Sendable (Workbook) -> Void = { workbook in
                let sheet = workbook.sheets[0]
                if put {
                    let cell = Cell()
                    cell.value = .number(Double(run))
                    sheet.cells["Z\(run)"] = cell
                } else {
                    sheet.cells["A1"]!.value = .number(Double(run) + 0.5)
                }
            }
            let writer = try Mediator<Workbook>(opening: document)
            if mode == .plain {
                best = min(best, try time { try writer.update(edit) })
                continue
            }
            _ = writer.replicaID
            if mode == .replica {
                best = min(best, try time { try writer.update(edit) })
                continue
            }
            let base = writer.version
            try writer.update(edit)
            let changes = try ChangeSet(encoded: try writer.changes(since: base).encoded)
            let reader = try Mediator<Workbook>(opening: document)
            _ = reader.replicaID
            best = min(best, try time { try reader.merge(changes) })
        }
        return best
    }

    /// The best of `runs` times of making a mediator of a sheet of `cells` cells (opened from a
    /// snapshot of no replica) a replica: the engine's state seeded from the whole document.
    static func startSeconds(cells: Int, runs: Int) throws -> Double {
        let document = try Mediator(root: Workbook(sheetCount: 1, cellsPerSheet: cells)).snapshot()
        var best = Double.infinity
        for _ in 0..<runs {
            let mediator = try Mediator<Workbook>(opening: document)
            best = min(best, time { _ = mediator.replicaID })
        }
        return best
    }

    private static func time(_ body: () throws -> Void) rethrows -> Double {
        let start = ContinuousClock.now
        try body()
        return (ContinuousClock.now - start).nanoseconds / 1e9
    }
}
