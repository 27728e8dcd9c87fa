import Foundation
@testable import Ripple
import Testing

/// Issue 40's breaker: a planner's values at their extremes through every way a document
/// travels (a snapshot, a change set, a replica's snapshot, a store's journal and snapshot), and
/// snapshots edited by hand into shapes the app never makes (loops, a reference of the wrong
/// class, huge numbers).
@MainActor
@Suite(.serialized) struct PlannerDocumentProbeTests {
    typealias P = Planners

    /// Writes extreme values into the plan's first task and first resource.
    private func extremes(_ plan: Planner) {
        let task = plan.tasks[0]
        let resource = plan.resources["ann"]!
        resource.capacity = UInt64.max
        resource.balance = Int.min
        plan.resources["bob"]!.balance = Int.max
        plan.resources["cyd"]!.capacity = UInt64(Int64.max) + 1
        task.priority = Int8.min
        task.hours = Double.greatestFiniteMagnitude
        task.subtasks[0].hours = -0.0
        task.subtasks[1].hours = Double.leastNonzeroMagnitude
        task.cost = Decimal(string: "-123456789012345678901234567890.123456789")!
        task.subtasks[0].cost = Decimal(string: "0.000000000000000000000000000001")!
        task.link = URL(string: "https://example.com/a%20b?c=d#é")
        task.span = Int.min...Int.max
        task.estimates = ["": 1, "\u{0}": 2, "e\u{301}": 3, "👩‍👩‍👧": 5, "\"quoted\"": 6]
        task.notes = "line\nbreak\ttab\u{0}nul \u{FEFF}bom \\ backslash \u{10FFFF}"
        task.checklist = Array(repeating: "x", count: 3) + [""]
        task.due = Date(timeIntervalSinceReferenceDate: 1e15 + 0.125)
        plan.labels = ["e\u{301}", ""]
    }

    /// The extreme values as text, to compare after a trip.
    private func described(_ plan: Planner) -> String {
        let task = plan.tasks.first { $0.title == "t1" }
        let resources = plan.resources.keys.sorted().map { key in
            let resource = plan.resources[key]!
            return "\(key): \(resource.capacity) \(resource.balance)"
        }
        guard let task else { return "no t1" }
        let subtasks = task.subtasks.map { "\($0.hours.bitPattern) \($0.cost)" }
        return [
            "\(resources)", "\(task.priority) \(task.hours.bitPattern) \(task.cost) \(subtasks)",
            "\(task.link?.absoluteString ?? "nil") \(String(describing: task.span))",
            "\(task.estimates.sorted { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) })",
            "\(task.notes.map { Array($0.unicodeScalars) } ?? []) \(task.checklist) \(task.due?.timeIntervalSinceReferenceDate ?? 0)",
            "\(plan.labels.map { Array($0.unicodeScalars) }.sorted { $0.lexicographicallyPrecedes($1) })",
        ].joined(separator: "\n")
    }

    @Test func extremeValuesSurviveASnapshotAStoreAChangeSetAndAReplicasSnapshot() throws {
        let folder = try P.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var problems: [String] = []
        let replicas = try P.replicas(2, seed: 7)
        let (a, b) = (replicas[0], replicas[1])
        let c = try Mediator<Library>(opening: try a.snapshot())
        try a.update { _ in extremes(P.planner(a)) }
        let expected = described(P.planner(a))
        func check(_ what: String, _ body: () throws -> Mediator<Library>) {
            do {
                let got = described(P.planner(try body()))
                if got != expected { problems.append("\(what): \(got)") }
            } catch {
                problems.append("\(what) throws \(error)")
            }
        }
        check("a plain snapshot") {
            let plain = Mediator(root: P.makeLibrary())
            try plain.update { _ in extremes(P.planner(plain)) }
            return try Mediator<Library>(opening: try plain.snapshot())
        }
        check("a change set merged") {
            try P.sync(a, into: b)
            return b
        }
        check("a change set through its bytes") {
            let changes = try ChangeSet(encoded: try a.changes(since: c.version).encoded)
            try c.merge(changes)
            return c
        }
        check("a replica's snapshot") { try Mediator<Library>(opening: try a.snapshot()) }
        check("a store's journal") {
            let url = folder.appendingPathComponent("journal.plan")
            do {
                let store = try DocumentStore<Library>(url: url, compaction: .manual)
                try store.mediator.update { $0.planner = P.makePlanner() }
                try store.mediator.update { _ in extremes(P.planner(store.mediator)) }
            }
            return try DocumentStore<Library>(url: url).mediator
        }
        check("a replica store's journal") {
            let url = folder.appendingPathComponent("replica.plan")
            do {
                let store = try DocumentStore<Library>(url: url, compaction: .manual)
                _ = store.mediator.replicaID
                try store.mediator.update { $0.planner = P.makePlanner() }
                try store.mediator.update { _ in extremes(P.planner(store.mediator)) }
            }
            return try DocumentStore<Library>(url: url).mediator
        }
        // Everything but the Decimal of more than 17 digits holds (the change sets' finding, in
        // PlannerReplicaProbeTests.aPreciseDecimalReachesTheOtherReplicaExact).
        let rounded = expected.replacingOccurrences(
            of: "-123456789012345678901234567890.123456789", with: "-123456789012345680000000000000")
        problems = problems.filter { problem in
            !(["a change set merged", "a change set through its bytes", "a replica store's journal"].contains {
                problem == "\($0): \(rounded)"
            })
        }
        #expect(problems.isEmpty, "expected:\n\(expected)\n\(problems.joined(separator: "\n"))")
    }

    /// The snapshot as JSON objects, its nodes by title or name, edited by `body`, and opened.
    private func opened(_ body: (inout [[String: Any]], (String) -> Int) -> Void) throws -> Mediator<Library> {
        let mediator = Mediator(root: P.makeLibrary())
        var document = try JSONSerialization.jsonObject(with: try mediator.snapshot()) as! [String: Any]
        var nodes = document["nodes"] as! [[String: Any]]
        var ids: [String: Int] = [:]
        for node in nodes {
            let values = node["values"] as? [String: Any]
            guard let name = values?["title"] as? String ?? values?["name"] as? String else { continue }
            if ids[name] == nil { ids[name] = node["id"] as? Int }
        }
        body(&nodes) { ids[$0]! }
        document["nodes"] = nodes
        return try Mediator<Library>(opening: try JSONSerialization.data(withJSONObject: document))
    }

    private func set(_ nodes: inout [[String: Any]], _ id: Int, _ member: String, _ value: Any) {
        let index = nodes.firstIndex { $0["id"] as? Int == id }!
        var values = nodes[index]["values"] as! [String: Any]
        values[member] = value
        nodes[index]["values"] = values
    }

    /// Snapshots edited into loops open (a document may hold cycles), and the processors that
    /// then meet the loops report them instead of hanging or crashing; a reference to a node of
    /// the wrong class is refused as damage, never opened.
    @Test(arguments: ["subtask loop", "own subtask", "parent loop", "wrong class", "wrong class in array", "huge capacity"])
    func aHandEditedSnapshotOpensOrIsRefusedAndNeverCrashes(edit: String) throws {
        var problems: [String] = []
        do {
            let mediator = try opened { nodes, id in
                switch edit {
                case "subtask loop": set(&nodes, id("t3"), "subtasks", [id("t1")])
                case "own subtask": set(&nodes, id("t3"), "subtasks", [id("t3")])
                case "parent loop":
                    set(&nodes, id("t3"), "parent", id("t4"))
                    set(&nodes, id("t4"), "parent", id("t3"))
                case "wrong class": set(&nodes, id("t3"), "parent", id("ann"))
                case "wrong class in array": set(&nodes, id("t2"), "subtasks", [id("t3"), id("bob")])
                default: set(&nodes, id("ann"), "capacity", 18_446_744_073_709_551_616.0)
                }
            }
            if edit.hasPrefix("wrong class") || edit == "huge capacity" {
                problems.append("opened a snapshot with \(edit)")
            }
            var failures: [String] = []
            mediator.failureHandler = { failures.append("\($0)") }
            let registrations = try P.register(mediator)
            mediator.refresh()
            if edit.hasSuffix("loop") || edit == "own subtask", !failures.contains(where: { $0.contains("loop") }) {
                problems.append("the loop was not reported: \(failures)")
            }
            try mediator.update { _ in P.planner(mediator).tasks[2].hours = 3 }
            _ = try mediator.snapshot()
            _ = registrations
        } catch let error as DocumentError {
            if !(edit.hasPrefix("wrong class") || edit == "huge capacity") { problems.append("refused: \(error)") }
        }
        #expect(problems.isEmpty, "\(problems)")
    }

    /// Seeded byte mutations of a planner's snapshot: each opens or throws; what opens runs the
    /// processors, an update and a snapshot.
    @Test func mutatedSnapshotsOpenOrThrowAndNeverCrash() throws {
        let original = try Mediator(root: P.makeLibrary()).snapshot()
        var opened = 0
        for seed in 0..<150 {
            var random = SeededGenerator(state: UInt64(seed) &* 31 &+ 400)
            var bytes = [UInt8](original)
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let at = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0: bytes[at] = UInt8.random(in: 0...255, using: &random)
                case 1: bytes[at] = Array("0123456789".utf8).randomElement(using: &random)!
                case 2: bytes.insert(contentsOf: Array("99999999999999999999".utf8), at: at)
                default: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...8, using: &random)))
                }
            }
            guard let mediator = try? Mediator<Library>(opening: Data(bytes)) else { continue }
            opened += 1
            mediator.failureHandler = { _ in }
            let registrations = try P.register(mediator)
            mediator.refresh()
            if let plan = mediator.root.planner, let task = plan.tasks.first {
                try? mediator.update { _ in task.hours = 1 }
            }
            _ = try? mediator.snapshot()
            _ = registrations
        }
        #expect(opened > 0)
    }

    /// A store's first refresh computes the derived state of what it opened; derived writes do
    /// not make the document unsaved, nor reach the journal.
    @Test func aStoreOpenedWithRecursiveProcessorsIsSavedAfterItsFirstRefresh() throws {
        let folder = try P.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("plan.ripple")
        do {
            let store = try DocumentStore<Library>(url: url, durability: .onSave, compaction: .manual)
            try store.mediator.update { $0.planner = P.makePlanner(top: 4, width: 3) }
            try store.save()
            try store.mediator.update { _ in P.task(store.mediator, "t5")!.hours = 30 }
            try store.save()
        }
        let store = try DocumentStore<Library>(url: url, durability: .onSave, compaction: .manual)
        let journal = try Data(contentsOf: URL(fileURLWithPath: url.path + ".journal"))
        let registrations = try P.register(store.mediator)
        store.mediator.refresh()
        var problems = P.derivedProblems(P.planner(store.mediator))
        if store.mediator.hasUnsavedChanges { problems.append("the first refresh's derived writes made it unsaved") }
        try store.sync()
        let after = try Data(contentsOf: URL(fileURLWithPath: url.path + ".journal"))
        if after != journal { problems.append("the derived writes reached the journal (\(journal.count) -> \(after.count) bytes)") }
        _ = registrations
        #expect(problems.isEmpty, "\(problems)")
    }
}
