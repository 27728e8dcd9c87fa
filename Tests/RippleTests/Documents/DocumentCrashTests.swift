import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A `DocumentStore` killed with SIGKILL at random instants: a child process (`ripple-demo
/// crash-child`, see its `CrashChild.swift`) updates a document and prints `durable n` once
/// update `n` returned; the parent kills it, and the next child reopens the document, checks
/// that it holds whole updates only, and prints how many (`opened n`), which must be at least
/// every update acknowledged before the kill.
///
/// 200 kills by default, seeded; `RIPPLE_CRASH_ROUNDS` asks for more and `RIPPLE_CRASH_SEED`
/// replays a run (the seed is printed on failure).
@Suite struct DocumentCrashTests {
    @Test(arguments: [false, true])
    func killedAtRandomInstantsTheDocumentReopensWithEveryAcknowledgedUpdate(compacting: Bool) throws {
        let demo = try #require(Self.demoExecutable(), "ripple-demo is not built beside the tests (swift build builds it)")
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
            let child = try Child([demo, "crash-child", file] + (compacting ? ["--compact"] : []))
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
        let checker = try Child([demo, "crash-child", file, "--check"])
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

    /// The `ripple-demo` built beside the test bundle (or `RIPPLE_DEMO`).
    static func demoExecutable() -> String? {
        if let path = ProcessInfo.processInfo.environment["RIPPLE_DEMO"] { return path }
        var places = Bundle.allBundles.map(\.bundleURL)
        if let executable = Bundle.main.executableURL { places.append(executable) }
        for place in places {
            var folder = place.deletingLastPathComponent()
            for _ in 0..<4 {
                let candidate = folder.appendingPathComponent("ripple-demo").path
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
                folder = folder.deletingLastPathComponent()
            }
        }
        return nil
    }
}

/// A child process whose standard output is read line by line.
private final class Child {
    private let process = Process()
    private let output = Pipe()
    private var buffer: [UInt8] = []

    init(_ command: [String]) throws {
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.standardOutput = output
        try process.run()
    }

    /// The next whole line, or `nil` once the output ended.
    func nextLine() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                defer { buffer.removeSubrange(...newline) }
                return String(decoding: buffer[..<newline], as: UTF8.self)
            }
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { return nil }
            buffer += data
        }
    }

    /// Kills it with SIGKILL, as a power cut would (no chance to clean up), and waits for it.
    func kill() {
        sendKill(to: process.processIdentifier)
        process.waitUntilExit()
    }
}

private func sendKill(to process: pid_t) {
    _ = kill(process, SIGKILL)
}
