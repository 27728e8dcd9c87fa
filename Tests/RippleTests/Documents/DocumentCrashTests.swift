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
        let crashChild = try #require(
            ChildProcess.crashChildExecutable(), "ripple-crash-child is not built beside the tests (swift build builds it)")
        let environment = ProcessInfo.processInfo.environment
        let rounds = environment["RIPPLE_CRASH_ROUNDS"].flatMap(Int.init) ?? 200
        let seed = environment["RIPPLE_CRASH_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64.max)
        var random = SeededGenerator(state: seed)
        // Compacting: killed too while a compaction writes its files or renames them.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ripple-crash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Library.ripple").path

        var acknowledged = 0
        var killsWhileUpdating = 0
        for round in 1...rounds {
            let context = "seed \(seed), round \(round) (replay: RIPPLE_CRASH_SEED=\(seed))"
            let child = try ChildProcess(crashChild, [file] + (compacting ? ["--compact"] : []))
            // One kill in five lands anywhere from the start: while opening or replaying.
            if Int.random(in: 0..<5, using: &random) == 0 {
                usleep(UInt32.random(in: 0..<40_000, using: &random))
            } else {
                let opened = try #require(child.nextLine(), "the child ended without opening: \(context)")
                try check(opened, acknowledged: acknowledged, context)
                usleep(UInt32.random(in: 0..<15_000, using: &random))
                killsWhileUpdating += 1
            }
            child.kill()
            while let line = child.nextLine() {
                if line.hasPrefix("opened ") {
                    try check(line, acknowledged: acknowledged, context)
                } else if let number = line.split(separator: " ").last.flatMap({ Int($0) }), line.hasPrefix("durable ") {
                    acknowledged = number
                } else {
                    Issue.record("the child said '\(line)': \(context)")
                    return
                }
            }
        }
        let checker = try ChildProcess(crashChild, [file, "--check"])
        try check(try #require(checker.nextLine()), acknowledged: acknowledged, "the final check, seed \(seed)")
        #expect(killsWhileUpdating > rounds / 2, "most kills land while the child updates")
        #expect(acknowledged > rounds, "the children got to update (\(acknowledged) updates acknowledged)")
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
