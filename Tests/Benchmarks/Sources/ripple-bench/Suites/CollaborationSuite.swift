import BenchReport

/// Table 17: merging another replica's writes, the size of one change, of a snapshot, and
/// memory, for Ripple beside Loro and Yrs replaying the same operations (`crdt_bench.py`).
@MainActor
final class CollaborationSuite {
    static let section = "collaboration"
    static let mergeGoal = "merging 100,000 writes of another replica at most 1x Loro's import"
    static let changeGoal = "bytes per single-property change at most 2x Loro's"
    static let scaleGoal = "merging 100 writes into 100,000 nodes at most 2x into 1,000"
    static let insertGoal = "inserting a node into 100,000 nodes, merged or local, at most 2x into 1,000"
    static let moveGoal = "one move into 100,000 nodes, merged or local, at most 2x into 1,000"
    static let historyGoal = "one move after 10,000 moves, merged or local, at most 2x after 100"
    static let snapshotGoal = "a replica's snapshot of 100,000 nodes at most 1.5x the same document's without collaborating"
    static let openGoal = "opening a replica's snapshot of 100,000 nodes at most 2x the time per node of 1,000"
    static let memoryGoal = "a replica of 100,000 nodes in memory at most 1.5x the same document without collaborating"

    private let harness: Harness
    private let goals: GoalBoard

    init(harness: Harness, goals: GoalBoard) {
        self.harness = harness
        self.goals = goals
    }

    func run() throws {
        guard harness.options.includes(section: Self.section) else { return }
        let workload = CollaborationWorkload.standard(quick: harness.options.isQuick)
        let report: CRDTReport
        switch CRDTComparison.run(quick: harness.options.isQuick) {
        case .skipped(let reason):
            // Ripple's own rows and goals go on: only the two goals against Loro need it.
            print("\n17. Collaboration: the comparison with Loro and Yrs is skipped: \(reason)")
            report = CRDTReport(workload: workload, runs: 0, jsonBytes: [:], loro: nil, yrs: nil, missing: [reason])
        case .report(let value):
            report = value
        }
        let ripple = try CollaborationRows.ripple(workload)
        var scale: [Double] = []
        for nodes in [1_000, 100_000] {
            scale.append(try CollaborationRows.mergeSeconds(writes: 100, into: nodes, workload: workload, runs: 5))
        }
        var inserts: [[Double]] = []  // [merged, local] by node count
        for nodes in [1_000, 100_000] {
            inserts.append(try [false, true].map { try CollaborationRows.insertSeconds(into: nodes, local: $0, runs: 5) })
        }
        var moves: [[Double]] = []  // [merged, local] by node count
        for nodes in [1_000, 100_000] {
            moves.append(try [false, true].map { try CollaborationRows.moveSeconds(into: nodes, local: $0, runs: 5) })
        }
        var history: [[Double]] = []  // [merged, local] by moves made before
        for moves in [100, 10_000] {
            history.append(try [false, true].map { try CollaborationRows.moveSeconds(afterMoves: moves, local: $0, runs: 5) })
        }
        var opening: [Double] = []
        for nodes in [1_000, 100_000] { opening.append(try CollaborationRows.openSeconds(nodes: nodes, runs: 5)) }
        var table = Table(
            "17. Collaboration: \(Format.count(workload.nodes)) nodes of \(workload.properties.count) properties, beside Loro and Yrs",
            headers: ["figure", "Ripple", "Loro", "Yrs", "Ripple vs Loro"])
        func row(_ name: String, _ figure: (CollaborationFigures) -> Double?, _ format: (Double) -> String) {
            // Plain loops: the closures stay where they were made (a release build's region
            // checking refuses sending them to `map`).
            var values: [Double?] = []
            for figures in [ripple, report.loro, report.yrs] {
                if let figures { values.append(figure(figures)) } else { values.append(nil) }
            }
            var cells = [name]
            for (index, value) in values.enumerated() {
                if let value { cells.append(format(value)) } else { cells.append(index == 0 && ripple == nil ? "to come" : "-") }
            }
            var ratio = ""
            if let rippleValue = values[0], let loroValue = values[1] { ratio = Format.ratio(rippleValue / loroValue) }
            table.append(cells + [ratio])
        }
        let bytes = { (value: Double) in Format.count(Int(value.rounded())) }
        row("merge \(Format.count(workload.writes)) writes of another replica, ms", { $0.mergeSeconds * 1e3 }, { String(format: "%.1f", $0) })
        row("... of which the merge alone (decoded before), ms", { $0.mergeAloneSeconds.map { $0 * 1e3 } }, { String(format: "%.1f", $0) })
        table.append(["merge 100 writes into 1,000 nodes, ms", String(format: "%.2f", scale[0] * 1e3), "-", "-", ""])
        table.append(["... into 100,000 nodes, ms", String(format: "%.2f", scale[1] * 1e3), "-", "-", ""])
        table.append(["merge one point inserted into 1,000 nodes, ms", String(format: "%.2f", inserts[0][0] * 1e3), "-", "-", ""])
        table.append(["... into 100,000 nodes, ms", String(format: "%.2f", inserts[1][0] * 1e3), "-", "-", ""])
        table.append(["insert one point locally into 1,000 nodes, ms", String(format: "%.2f", inserts[0][1] * 1e3), "-", "-", ""])
        table.append(["... into 100,000 nodes, ms", String(format: "%.2f", inserts[1][1] * 1e3), "-", "-", ""])
        table.append(["merge one move into 1,000 nodes, ms", String(format: "%.2f", moves[0][0] * 1e3), "-", "-", ""])
        table.append(["... into 100,000 nodes, ms", String(format: "%.2f", moves[1][0] * 1e3), "-", "-", ""])
        table.append(["move one point locally into 1,000 nodes, ms", String(format: "%.2f", moves[0][1] * 1e3), "-", "-", ""])
        table.append(["... into 100,000 nodes, ms", String(format: "%.2f", moves[1][1] * 1e3), "-", "-", ""])
        table.append(["merge one move after 100 moves, ms", String(format: "%.2f", history[0][0] * 1e3), "-", "-", ""])
        table.append(["... after 10,000 moves, ms", String(format: "%.2f", history[1][0] * 1e3), "-", "-", ""])
        table.append(["move one point locally after 100 moves, ms", String(format: "%.2f", history[0][1] * 1e3), "-", "-", ""])
        table.append(["... after 10,000 moves, ms", String(format: "%.2f", history[1][1] * 1e3), "-", "-", ""])
        row("... the update merged, bytes", { Double($0.mergeUpdateBytes) }, bytes)
        row("one property change, bytes", { $0.bytesPerChange }, bytes)
        table.append(["open a replica's snapshot of 1,000 nodes, ms", String(format: "%.2f", opening[0] * 1e3), "-", "-", ""])
        table.append(["... of 100,000 nodes, ms", String(format: "%.1f", opening[1] * 1e3), "-", "-", ""])
        for nodes in workload.snapshotNodes.map(String.init) {
            row("snapshot of \(Format.count(Int(nodes) ?? 0)) nodes, bytes", { $0.snapshotBytes[nodes].map(Double.init) }, bytes)
            row("... not collaborating (Ripple), bytes", { $0.plainSnapshotBytes?[nodes].map(Double.init) }, bytes)
            row("... in memory (made there), bytes", { $0.memoryBytes[nodes].flatMap { $0 }.map(Double.init) }, bytes)
            row("... in memory (opened), bytes", { $0.memoryAfterImportBytes?[nodes].flatMap { $0 }.map(Double.init) }, bytes)
            row("... in memory not collaborating (Ripple), bytes", { $0.plainMemoryBytes?[nodes].flatMap { $0 }.map(Double.init) }, bytes)
        }
        table.notes = [
            "Loro \(report.loro?.version ?? "missing") and Yrs (pycrdt) \(report.yrs?.version ?? "missing") through their Python bindings,"
                + " timing only their native calls; merge: best of \(report.runs).",
            "Ripple's merges start from the encoded bytes, as Loro's import does: ChangeSet(encoded:), the compact binary form"
                + " a shared folder's files hold, and Mediator.merge, best of 5, each into a fresh replica.",
            "crdt_bench.py's header says what each figure measures; the same content as compact JSON: "
                + report.jsonBytes.sorted { (Int($0.key) ?? 0) < (Int($1.key) ?? 0) }
                .map { "\(Format.count(Int($0.key) ?? 0)) nodes \(Format.count($0.value)) bytes" }.joined(separator: ", ") + ".",
        ]
        if report.workload != workload {
            table.notes.append("warning: crdt_bench.py replayed another workload than Ripple's side: \(report.workload)")
        }
        if !report.missing.isEmpty { table.notes.append("missing: \(report.missing.joined(separator: "; "))") }
        table.print()
        let scaleRatio = scale[1] / scale[0]
        goals.check(Self.scaleGoal, measured: Format.ratio(scaleRatio), passed: scaleRatio <= 2)
        let insertRatio = max(inserts[1][0] / inserts[0][0], inserts[1][1] / inserts[0][1])
        goals.check(
            Self.insertGoal,
            measured: "merged \(Format.ratio(inserts[1][0] / inserts[0][0])), local \(Format.ratio(inserts[1][1] / inserts[0][1]))",
            passed: insertRatio <= 2)
        let moveRatio = max(moves[1][0] / moves[0][0], moves[1][1] / moves[0][1])
        goals.check(
            Self.moveGoal,
            measured: "merged \(Format.ratio(moves[1][0] / moves[0][0])), local \(Format.ratio(moves[1][1] / moves[0][1]))",
            passed: moveRatio <= 2)
        let historyRatio = max(history[1][0] / history[0][0], history[1][1] / history[0][1])
        goals.check(
            Self.historyGoal,
            measured: "merged \(Format.ratio(history[1][0] / history[0][0])), local \(Format.ratio(history[1][1] / history[0][1]))",
            passed: historyRatio <= 2)
        // Per node: the larger snapshot holds 100 times the nodes.
        let openRatio = opening[1] / (100 * opening[0])
        goals.check(Self.openGoal, measured: Format.ratio(openRatio), passed: openRatio <= 2)
        checkOverhead(ripple, workload: workload)
        checkGoals(ripple: ripple, loro: report.loro, sameWorkload: report.workload == workload)
    }

    /// The 1.5x goals on what collaborating adds (clocks, positions, the log), at the largest
    /// document measured: its snapshot, and its memory as made there and as opened.
    private func checkOverhead(_ ripple: CollaborationFigures?, workload: CollaborationWorkload) {
        let key = String(workload.snapshotNodes.max() ?? 0)
        if let shared = ripple?.snapshotBytes[key], let plain = ripple?.plainSnapshotBytes?[key] {
            let ratio = Double(shared) / Double(plain)
            goals.check(Self.snapshotGoal, measured: Format.ratio(ratio), passed: ratio <= 1.5)
        } else {
            goals.skip(Self.snapshotGoal, reason: "no snapshot of \(key) nodes measured")
        }
        let made = ripple?.memoryBytes[key].flatMap { $0 }
        let opened = ripple?.memoryAfterImportBytes?[key].flatMap { $0 }
        if let made, let opened, let plain = ripple?.plainMemoryBytes?[key].flatMap({ $0 }), plain > 0 {
            let ratio = Double(max(made, opened)) / Double(plain)
            goals.check(Self.memoryGoal, measured: Format.ratio(ratio) + " (made \(Format.ratio(Double(made) / Double(plain))), opened \(Format.ratio(Double(opened) / Double(plain))))", passed: ratio <= 1.5)
        } else {
            goals.skip(Self.memoryGoal, reason: "the heap's size cannot be read here")
        }
    }

    private func checkGoals(ripple: CollaborationFigures?, loro: CollaborationFigures?, sameWorkload: Bool) {
        guard let ripple, let loro, sameWorkload else {
            let reason = ripple == nil ? "Ripple's side to come (CollaborationRows.ripple)" : loro == nil ? "Loro missing" : "workloads differ"
            for goal in [Self.mergeGoal, Self.changeGoal] { goals.skip(goal, reason: reason) }
            return
        }
        let merge = ripple.mergeSeconds / loro.mergeSeconds
        goals.check(Self.mergeGoal, measured: Format.ratio(merge), passed: merge <= 1)
        let change = ripple.bytesPerChange / loro.bytesPerChange
        goals.check(Self.changeGoal, measured: Format.ratio(change), passed: change <= 2)
    }
}
