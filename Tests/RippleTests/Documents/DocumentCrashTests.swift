import Foundation
import Testing

/// A `DocumentStore` killed with SIGKILL at random instants: a child process (`ripple-crash-child`,
/// see `Tests/RippleCrashChild/CrashChild.swift`) updates a document and prints `durable n` once
/// update `n` returned; the parent kills it, and the next child reopens the document, checks
/// that it holds whole updates only, and prints how many (`opened n`), which must be at least
/// every update acknowledged before the kill.
///
/// 200 kills by default, seeded; `RIPPLE_CRASH_ROUNDS` asks for more and `RIPPLE_CRASH_SEED`
/// replays a run (the seed is printed on failure).
@Suite struct DocumentCrashTests {
    @Test(arguments: [false, true])
    func killedAtRandomInstantsTheDocumentReopensWithEveryAcknowledgedUpdate(compacting: Bool) throws {
        // Compacting: killed too while a compaction writes its files or renames them.
        try withKills(defaultRounds: 200) { run in
            let file = run.folder.appendingPathComponent("Library.ripple").path
            let (acknowledged, killsWhileUpdating) = try run.killChildren(
                [file] + (compacting ? ["--compact"] : []), waits: (40_000, 15_000), check: check)
            let checker = try ChildProcess(run.crashChild, [file, "--check"])
            try check(try #require(checker.nextLine()), acknowledged: acknowledged, "the final check, seed \(run.seed)")
            #expect(killsWhileUpdating > run.rounds / 2, "most kills land while the child updates")
            // Not vacuous: the children got to update (fewer per kill on a loaded machine).
            #expect(acknowledged > run.rounds / 2, "the children got to update (\(acknowledged) updates acknowledged)")
        }
    }

    /// Two stores of one document, each a replica, killed at random instants while they take
    /// turns updating and merging each other's changes (`ripple-crash-child replica`, see
    /// `Tests/RippleCrashChild/ReplicaStoreChild.swift`): each reopening finds both with whole
    /// updates only, at least every update acknowledged, the same replica identities as the first
    /// opening, and the two equal once each has merged what the other serves (its own earlier
    /// changes included). 80 kills by default; `RIPPLE_CRASH_ROUNDS` and `RIPPLE_CRASH_SEED`
    /// as above.
    @Test func killedReplicaStoresReopenAsThemselvesWithEveryAcknowledgedChange() throws {
        try withKills(defaultRounds: 80) { run in
            var identities: [Substring]?
            let (acknowledged, _) = try run.killChildren(["replica", run.folder.path], waits: (60_000, 20_000)) { line, acknowledged, context in
                try checkReplicas(line, acknowledged: acknowledged, identities: &identities, context)
            }
            // Not vacuous (a loaded machine lets fewer children get to update before their kill).
            #expect(acknowledged > run.rounds / 4, "the children got to update (\(acknowledged) updates acknowledged)")
        }
    }

    /// Killed at random instants, then moved alone into another folder (as the Finder moves a
    /// document, its journal left behind): opening it there gives every acknowledged update, or
    /// refuses it for its missing journal; moved back, it gives every one. It opened without
    /// the updates journaled since the last save, and no error, before the snapshot's mark.
    @Test func killedThenMovedToAnotherFolderTheDocumentOpensWholeOrIsRefused() throws {
        try withKills(defaultRounds: 24) { run in
            let file = run.folder.appendingPathComponent("Library.ripple")
            var acknowledged = 0
            var refusals = 0
            for round in 1...run.rounds {
                let context = "seed \(run.seed), round \(round) (replay: RIPPLE_CRASH_SEED=\(run.seed))"
                let child = try ChildProcess(run.crashChild, [file.path])
                try check(try #require(child.nextLine(), "the child ended without opening: \(context)"), acknowledged: acknowledged, context)
                usleep(UInt32.random(in: 5_000..<30_000, using: &run.random))
                child.kill()
                while let line = child.nextLine() {
                    if let number = line.split(separator: " ").last.flatMap({ Int($0) }), line.hasPrefix("durable ") { acknowledged = number }
                }
                let other = run.folder.appendingPathComponent("moved \(round)")
                try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
                let moved = other.appendingPathComponent("Library.ripple")
                try FileManager.default.moveItem(at: file, to: moved)
                let checker = try ChildProcess(run.crashChild, [moved.path, "--check"])
                let line = try #require(checker.nextLine(), "the checker said nothing: \(context)")
                if line.hasPrefix("error: "), line.contains("Library.ripple.journal, which is missing") {
                    refusals += 1
                } else {
                    try check(line, acknowledged: acknowledged, "moved, \(context)")
                }
                _ = checker.waitUntilExit()
                try FileManager.default.moveItem(at: moved, to: file)
            }
            let checker = try ChildProcess(run.crashChild, [file.path, "--check"])
            try check(try #require(checker.nextLine()), acknowledged: acknowledged, "the final check, seed \(run.seed)")
            // Not vacuous: most kills land after an update that a save did not follow.
            #expect(refusals > run.rounds / 4, "\(refusals) of \(run.rounds) moved documents were refused")
        }
    }

    /// Runs `body` with the crash child, the rounds (`RIPPLE_CRASH_ROUNDS`, else `defaultRounds`),
    /// the seed (`RIPPLE_CRASH_SEED`, else a random one) and a folder of its own.
    private func withKills(defaultRounds: Int, _ body: (inout KillRun) throws -> Void) throws {
        let crashChild = try #require(
            ChildProcess.crashChildExecutable(), "ripple-crash-child is not built beside the tests (swift build builds it)")
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["RIPPLE_CRASH_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64.max)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ripple-crash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var run = KillRun(
            crashChild: crashChild, rounds: environment["RIPPLE_CRASH_ROUNDS"].flatMap(Int.init) ?? defaultRounds, seed: seed,
            random: SeededGenerator(state: seed), folder: folder)
        try body(&run)
    }

    /// `opened n a b` with `n` at least `acknowledged`, and `a b` the identities first seen.
    private func checkReplicas(_ line: String, acknowledged: Int, identities: inout [Substring]?, _ context: String) throws {
        let words = line.split(separator: " ")
        guard words.count == 4, words[0] == "opened", let count = Int(words[1]) else {
            Issue.record("the child said '\(line)' on opening: \(context)")
            throw CancellationError()
        }
        #expect(count >= acknowledged, "reopened with \(count) updates after \(acknowledged) were acknowledged: \(context)")
        let opened = Array(words[2...])
        #expect(opened[0] != opened[1], "A and B are one replica: \(context)")
        #expect(identities == nil || identities == opened, "reopened as \(opened), first \(identities ?? []): \(context)")
        identities = identities ?? opened
    }

    /// `opened n` with `n` at least `acknowledged`.
    private func check(_ line: String, acknowledged: Int, _ context: String) throws {
        guard line.hasPrefix("opened "), let count = Int(line.dropFirst("opened ".count)) else {
            Issue.record("the child said '\(line)' on opening: \(context)")
            throw CancellationError()
        }
        #expect(count >= acknowledged, "reopened with \(count) updates after \(acknowledged) were acknowledged: \(context)")
    }
}

/// One crash test's children: started with the same arguments round after round, each killed at
/// a random instant.
struct KillRun {
    let crashChild: String
    let rounds: Int
    let seed: UInt64
    var random: SeededGenerator
    let folder: URL

    /// Starts a child with `arguments` each round and kills it: one kill in five anywhere from the
    /// start (while opening or replaying, within `waits.opening` µs), the others within
    /// `waits.updating` µs of its `opened` line. `check` judges each `opened` line against the
    /// updates acknowledged so far (`durable n`).
    ///
    /// - Returns: The last update acknowledged, and how many kills landed while the child updated.
    mutating func killChildren(
        _ arguments: [String], waits: (opening: UInt32, updating: UInt32), check: (String, Int, String) throws -> Void
    ) throws -> (acknowledged: Int, killsWhileUpdating: Int) {
        var acknowledged = 0
        var killsWhileUpdating = 0
        for round in 1...rounds {
            let context = "seed \(seed), round \(round) (replay: RIPPLE_CRASH_SEED=\(seed))"
            let child = try ChildProcess(crashChild, arguments)
            if Int.random(in: 0..<5, using: &random) == 0 {
                usleep(UInt32.random(in: 0..<waits.opening, using: &random))
            } else {
                let opened = try #require(child.nextLine(), "the child ended without opening: \(context)")
                try check(opened, acknowledged, context)
                usleep(UInt32.random(in: 0..<waits.updating, using: &random))
                killsWhileUpdating += 1
            }
            child.kill()
            while let line = child.nextLine() {
                if line.hasPrefix("opened ") {
                    try check(line, acknowledged, context)
                } else if let number = line.split(separator: " ").last.flatMap({ Int($0) }), line.hasPrefix("durable ") {
                    acknowledged = number
                } else {
                    Issue.record("the child said '\(line)': \(context)")
                    throw CancellationError()
                }
            }
        }
        return (acknowledged, killsWhileUpdating)
    }
}
