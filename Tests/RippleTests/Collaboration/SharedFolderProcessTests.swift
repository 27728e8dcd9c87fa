import Foundation
import Testing

/// Three processes, three folders, and a sync engine that copies the change files between them
/// badly: each child (`ripple-crash-child shared`, see `Tests/RippleCrashChild/SharedFolderChild.swift`)
/// is a replica with a folder and an identity file of its own, making random updates and
/// syncing; meanwhile `FolderSyncSimulator` copies the others' files into each folder late, out
/// of order, cut short (a prefix now, the rest later), as conflict copies and as older versions
/// put back, and children are killed with SIGKILL at random instants and started again (often
/// while one of the files they merged is being rewritten, cut short). In the
/// end every file is delivered whole, each replica opens once more and syncs: the three
/// snapshots are byte-identical, and every update a child acknowledged is there, once.
///
/// The copying runs in this process rather than as a script: it must know which replica each
/// file belongs to (a real sync engine copies the version its owner wrote last; a replica that
/// reopens cuts a torn record off its file, so the longest copy is not always the latest), and
/// seeded in Swift it replays the same copies on macOS and Linux. The children run on their own
/// meanwhile, so the copies still catch files mid-append.
///
/// About 6 seconds of kills by default; `RIPPLE_FOLDER_SECONDS` asks for longer and
/// `RIPPLE_FOLDER_SEED` replays the choices of a run (the seed is printed on failure).
@Suite struct SharedFolderProcessTests {
    /// A child's identity and folder; its file is `<identity>.ripplechanges` in its folder.
    struct Replica {
        let folder: URL
        let identityFile: URL
        let identity: String
    }

    @Test func threeProcessesSyncedBadlyAndKilledEndWithEqualDocuments() throws {
        let executable = try #require(
            ChildProcess.crashChildExecutable(), "ripple-crash-child is not built beside the tests (swift build builds it)")
        let environment = ProcessInfo.processInfo.environment
        let seconds = environment["RIPPLE_FOLDER_SECONDS"].flatMap(Double.init) ?? 6
        let seed = environment["RIPPLE_FOLDER_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64.max)
        let context = "seed \(seed) (replay: RIPPLE_FOLDER_SEED=\(seed))"
        var random = SeededGenerator(state: seed)
        let space = try ScratchFolders()
        let replicas = try (0..<3).map { index in
            // As `ReplicaID.description` writes it: 16 hexadecimal digits.
            let digits = String(0x51_0000 + index, radix: 16)
            let identity = String(repeating: "0", count: 16 - digits.count) + digits
            let identityFile = space.url("Local/\(index).replica")
            try FileManager.default.createDirectory(at: identityFile.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(identity.utf8).write(to: identityFile)
            return Replica(folder: space.url("Shared-\(index)"), identityFile: identityFile, identity: identity)
        }
        func start(_ index: Int, _ name: String, final snapshot: URL? = nil) throws -> ChildProcess {
            let replica = replicas[index]
            let arguments = ["shared", replica.folder.path, replica.identityFile.path, "\(random.next() | 1)", name]
            return try ChildProcess(executable, arguments + (snapshot.map { ["--final", $0.path] } ?? []))
        }

        // The first replica begins the document; the sync engine brings its genesis to the others
        // before they open (a folder with changes but no genesis is refused, and tested elsewhere).
        let founder = try start(0, "genesis", final: space.url("genesis.json"))
        while let line = founder.nextLine() { #expect(!line.hasPrefix("error") && !line.hasPrefix("failure"), "\(line): \(context)") }
        #expect(founder.waitUntilExit() == 0)
        for replica in replicas.dropFirst() {
            try FileManager.default.createDirectory(at: replica.folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: replicas[0].folder.appendingPathComponent("genesis.ripple"), to: replica.folder.appendingPathComponent("genesis.ripple"))
        }

        var acknowledged: Set<String> = []
        var problems: [String] = []
        /// Reads what a killed (or finished) child said, to its end.
        func drain(_ child: ChildProcess) -> [String] {
            var markers: [String] = []
            while let line = child.nextLine() {
                if line.hasPrefix("ack ") {
                    acknowledged.insert(String(line.dropFirst("ack ".count)))
                } else if line.hasPrefix("marker ") {
                    markers.append(String(line.dropFirst("marker ".count)))
                } else if line != "opened" && line != "done" {
                    problems.append(line)
                }
            }
            return markers
        }

        var simulator = FolderSyncSimulator(
            folders: replicas.map { FolderSyncSimulator.Folder(url: $0.folder, ownFile: "\($0.identity).ripplechanges") }, seed: seed)
        var launches = 0
        var children = try (0..<3).map { index in
            launches += 1
            return try start(index, "c\(index)-\(launches)")
        }
        var kills = 0
        var killsWhileUpdating = 0
        var opened = [false, false, false]
        let deadline = Date().addingTimeInterval(seconds)
        var nextKill = Date()
        while Date() < deadline {
            for _ in 0..<Int.random(in: 1...4, using: &random) { try simulator.step() }
            usleep(UInt32.random(in: 0..<20_000, using: &random))
            guard Date() >= nextKill else { continue }
            // A kill every 0.1 to 0.5 seconds: children live long enough to open and update.
            nextKill = Date().addingTimeInterval(Double.random(in: 0.1...0.5, using: &random))
            let index = Int.random(in: 0..<3, using: &random)
            // Half the kills wait for the child to open first (opening costs the history, which
            // grows): they land while it updates.
            if !opened[index], Int.random(in: 0..<2, using: &random) == 0 {
                let line = children[index].nextLine()
                opened[index] = line == "opened"
                if let line, line != "opened" { problems.append(line) }
                usleep(UInt32.random(in: 0..<100_000, using: &random))
            }
            if opened[index] { killsWhileUpdating += 1 }
            children[index].kill()
            kills += 1
            _ = drain(children[index])
            // Often started again while the sync engine rewrites a file it had merged.
            if Int.random(in: 0..<2, using: &random) == 0 { try simulator.cutShort(in: index) }
            launches += 1
            children[index] = try start(index, "c\(index)-\(launches)")
            opened[index] = false
        }
        for child in children {
            child.kill()
            _ = drain(child)
        }

        try simulator.settle()
        let finalStart = Date()
        var snapshots: [Data] = []
        for index in 0..<3 {
            let snapshot = space.url("final-\(index).json")
            let child = try start(index, "final", final: snapshot)
            let markers = drain(child)
            #expect(child.waitUntilExit() == 0, "replica \(index) did not end its final sync: \(context)")
            snapshots.append((try? Data(contentsOf: snapshot)) ?? Data())
            let lost = acknowledged.subtracting(markers)
            #expect(lost.isEmpty, "replica \(index) lacks \(lost.count) acknowledged updates, \(lost.sorted().prefix(5)): \(context)")
            #expect(Set(markers).count == markers.count, "replica \(index) holds a marker twice: \(context)")
        }
        print("\(context): \(kills) kills (\(killsWhileUpdating) while updating), \(acknowledged.count) updates acknowledged, final opening \(Int(Date().timeIntervalSince(finalStart) * 1000)) ms")
        #expect(problems.isEmpty, "the children said \(problems.prefix(5)): \(context)")
        #expect(!snapshots[0].isEmpty && snapshots[0] == snapshots[1] && snapshots[1] == snapshots[2], "the snapshots differ: \(context)")
        #expect(kills >= 5, "the children were killed (\(kills) kills): \(context)")
        #expect(killsWhileUpdating > 0, "kills land while the children update (\(killsWhileUpdating) of \(kills)): \(context)")
        #expect(acknowledged.count > kills, "the children got to update (\(acknowledged.count) updates acknowledged): \(context)")
    }

    /// A replica killed at random instants while it begins sharing an empty folder (writing the
    /// genesis, making its file): the folder then opens, for it and for another replica.
    @Test func aReplicaKilledWhileItBeginsSharingLeavesAFolderThatOpens() throws {
        let executable = try #require(
            ChildProcess.crashChildExecutable(), "ripple-crash-child is not built beside the tests (swift build builds it)")
        let seed = ProcessInfo.processInfo.environment["RIPPLE_FOLDER_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64.max)
        var random = SeededGenerator(state: seed)
        let space = try ScratchFolders()
        var killedWhileOpening = 0
        for round in 0..<20 {
            let folder = space.url("Shared-\(round)").path
            let identities = ["mac", "iPad"].map { space.url("Local-\(round)/\($0).replica").path }
            let founder = try ChildProcess(executable, ["shared", folder, identities[0], "1", "founder"])
            usleep(UInt32.random(in: 0..<80_000, using: &random))
            founder.kill()
            var opened = false
            while let line = founder.nextLine() {
                opened = opened || line == "opened"
                #expect(!line.hasPrefix("error") && !line.hasPrefix("failure"), "round \(round): \(line), seed \(seed)")
            }
            if !opened { killedWhileOpening += 1 }
            for identity in identities {
                let opener = try ChildProcess(executable, ["shared", folder, identity, "1", "opener", "--final", space.url("snapshot").path])
                var said: [String] = []
                while let line = opener.nextLine() { said.append(line) }
                #expect(opener.waitUntilExit() == 0 && said.last == "done", "round \(round): \(said.prefix(3)), seed \(seed)")
            }
        }
        #expect(killedWhileOpening > 0, "some kills land before the founder opened (seed \(seed))")
    }
}
