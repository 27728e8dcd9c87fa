import Foundation
@testable import Ripple
import Testing

/// Issue 38's breaker: two processes on one shared folder at once (not each a folder of its own
/// that a test copies between), both starting on an empty folder, killed with SIGKILL at random
/// instants, many times; and two processes on one document store. The children are
/// `ripple-crash-child` (its own model: this breaker's org chart is not linked there).
@Suite(.serialized) struct OrgProcessProbeTests {
    private static func identityFile(_ space: ScratchFolders, _ index: Int) throws -> URL {
        let digits = String(0x38_0000 + index, radix: 16)
        let file = space.url("Local/\(index).replica")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data((String(repeating: "0", count: 16 - digits.count) + digits).utf8).write(to: file)
        return file
    }

    /// Reads a child's lines to its end: the markers it acknowledged and what went wrong.
    private static func drain(
        _ child: ChildProcess, into acknowledged: inout Set<String>, problems: inout [String], _ context: String
    ) {
        while let line = child.nextLine() {
            if line.hasPrefix("ack ") { acknowledged.insert(String(line.dropFirst(4))) }
            if line.hasPrefix("error") || line.hasPrefix("failure") { problems.append("\(context): \(line)") }
        }
    }

    @Test(arguments: [false, true])
    func twoProcessesOnOneSharedFolderKilledAtRandomKeepEveryAcknowledgedUpdate(startTogether: Bool) throws {
        let executable = try #require(
            ChildProcess.crashChildExecutable(), "ripple-crash-child is not built beside the tests")
        let seed =
            ProcessInfo.processInfo.environment["BREAKER38_SEED"].flatMap(UInt64.init)
            ?? UInt64.random(in: 1...UInt64.max)
        var random = SeededGenerator(state: seed)
        let space = try ScratchFolders()
        let folder = space.url("Shared")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let identities = try (0..<2).map { try Self.identityFile(space, $0) }
        func start(_ index: Int, _ name: String, final snapshot: URL? = nil) throws -> ChildProcess {
            try ChildProcess(
                executable,
                ["shared", folder.path, identities[index].path, "\(random.next() | 1)", name]
                    + (snapshot.map { ["--final", $0.path] } ?? []))
        }
        var acknowledged: Set<String> = []
        var problems: [String] = []
        if !startTogether {
            let founder = try start(0, "genesis", final: space.url("genesis.json"))
            Self.drain(founder, into: &acknowledged, problems: &problems, "founder")
            #expect(founder.waitUntilExit() == 0)
        }
        var kills = 0
        for round in 0..<12 {
            let children = try (0..<2).map { try start($0, "r\(round)p\($0)") }
            // Read a random number of lines from each in turn, then kill both, one after the other.
            for _ in 0..<(2 + Int(random.next() % 30)) {
                for index in 0..<2 {
                    guard let line = children[index].nextLine() else { continue }
                    if line.hasPrefix("ack ") { acknowledged.insert(String(line.dropFirst(4))) }
                    // Two replicas beginning an empty folder at once: one is told to open it again (the docs
                    // ask for the shared document to be made on one device first).
                    let raced =
                        round == 0 && startTogether && line.contains("began sharing this folder at the same time")
                    if (line.hasPrefix("error") || line.hasPrefix("failure")) && !raced {
                        problems.append("round \(round) child \(index): \(line)")
                    }
                }
            }
            for index in (random.next() % 2 == 0 ? [0, 1] : [1, 0]) {
                children[index].kill()
                kills += 1
                Self.drain(
                    children[index], into: &acknowledged, problems: &problems, "round \(round) child \(index) killed")
            }
        }
        var finals: [Data] = []
        for index in 0..<2 {
            let snapshot = space.url("final-\(index).json")
            let child = try start(index, "final", final: snapshot)
            var markers: Set<String> = []
            while let line = child.nextLine() {
                if line.hasPrefix("marker ") { markers.insert(String(line.dropFirst(7))) }
                if line.hasPrefix("error") || line.hasPrefix("failure") { problems.append("final \(index): \(line)") }
            }
            if child.waitUntilExit() != 0 { problems.append("final \(index) did not end its sync") }
            let lost = acknowledged.subtracting(markers)
            if !lost.isEmpty {
                problems.append("final \(index) lacks \(lost.count) acknowledged updates: \(lost.sorted().prefix(5))")
            }
            finals.append((try? Data(contentsOf: snapshot)) ?? Data())
        }
        if finals[0].isEmpty || finals[0] != finals[1] { problems.append("the two replicas' final documents differ") }
        print(
            "breaker38 shared folder, seed \(seed), together \(startTogether): \(kills) kills, \(acknowledged.count) acknowledged"
        )
        #expect(problems.isEmpty, "seed \(seed) (BREAKER38_SEED): \(problems.prefix(6))")
    }

    @Test func aSecondProcessOnAStoreInUseIsRefusedAndTheFirstKilledLosesNothing() throws {
        let executable = try #require(
            ChildProcess.crashChildExecutable(), "ripple-crash-child is not built beside the tests")
        let space = try ScratchFolders()
        let file = space.url("chart.ripple").path
        var problems: [String] = []
        var durable = 0
        for round in 0..<8 {
            let first = try ChildProcess(executable, [file] + (round % 2 == 0 ? ["--compact"] : []))
            guard let opened = first.nextLine(), opened.hasPrefix("opened") else {
                problems.append("round \(round): the first did not open")
                first.kill()
                continue
            }
            if let count = Int(opened.dropFirst(7)), count < durable {
                problems.append("round \(round): opened \(count) after \(durable) were durable")
            }
            for _ in 0..<(5 + round * 7) {
                if let line = first.nextLine(), line.hasPrefix("durable ") {
                    durable = max(durable, Int(line.dropFirst(8)) ?? 0)
                }
            }
            // A second process on the same file while the first writes: refused, and it changes nothing.
            let second = try ChildProcess(executable, [file])
            var said: [String] = []
            while let line = second.nextLine() { said.append(line) }
            let status = second.waitUntilExit()
            if status == 0 || !(said.last ?? "").contains("locked") {
                problems.append("round \(round): the second process said \(said.suffix(2)), status \(status)")
            }
            for _ in 0..<10 {
                if let line = first.nextLine(), line.hasPrefix("durable ") {
                    durable = max(durable, Int(line.dropFirst(8)) ?? 0)
                }
            }
            first.kill()
            while let line = first.nextLine() {
                if line.hasPrefix("durable ") { durable = max(durable, Int(line.dropFirst(8)) ?? 0) }
            }
        }
        let checker = try ChildProcess(executable, [file, "--check"])
        let last = checker.nextLine() ?? "nothing"
        _ = checker.waitUntilExit()
        if let count = Int(last.dropFirst(7)), last.hasPrefix("opened") {
            if count < durable { problems.append("opened \(count) after \(durable) were durable") }
        } else {
            problems.append("the check said \(last)")
        }
        #expect(problems.isEmpty, "\(problems)")
    }
}
