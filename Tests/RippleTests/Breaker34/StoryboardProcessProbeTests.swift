import Foundation
import Testing

/// Issue 34's breaker: processes that share one folder at once, as two Macs on one network
/// share or an app and its extension would: each child (`ripple-crash-child shared`) is a
/// replica with an identity file of its own, all on the same folder, making random updates and
/// syncing, so that each reads the others' files while they append; children are killed with
/// SIGKILL at random instants and started again. In the end every replica opens once more and
/// syncs: the snapshots are byte-identical and hold every acknowledged update, once.
@Suite struct StoryboardProcessProbeTests {
    @Test(arguments: [2, 3])
    func processesSharingOneFolderAndKilledEndWithEqualDocuments(count: Int) throws {
        let executable = try #require(
            ChildProcess.crashChildExecutable(), "ripple-crash-child is not built beside the tests (swift build builds it)")
        let seed = ProcessInfo.processInfo.environment["BREAKER34_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64.max)
        let context = "seed \(seed) (replay: BREAKER34_SEED=\(seed))"
        var random = SeededGenerator(state: seed)
        let space = try ScratchFolders()
        let folder = space.url("Shared").path
        let identities = (0..<count).map { space.url("Local/\($0).replica").path }
        func start(_ index: Int, _ name: String, final snapshot: URL? = nil) throws -> ChildProcess {
            let arguments = ["shared", folder, identities[index], "\(random.next() | 1)", name]
            return try ChildProcess(executable, arguments + (snapshot.map { ["--final", $0.path] } ?? []))
        }
        var acknowledged: Set<String> = []
        var problems: [String] = []
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
        let founder = try start(0, "genesis", final: space.url("genesis.json"))
        _ = drain(founder)
        #expect(founder.waitUntilExit() == 0)

        var launches = 0
        var children = try (0..<count).map { index in
            launches += 1
            return try start(index, "c\(index)-\(launches)")
        }
        var kills = 0
        let deadline = Date().addingTimeInterval(6)
        while Date() < deadline {
            usleep(UInt32.random(in: 50_000..<400_000, using: &random))
            let index = Int.random(in: 0..<count, using: &random)
            children[index].kill()
            kills += 1
            _ = drain(children[index])
            launches += 1
            children[index] = try start(index, "c\(index)-\(launches)")
        }
        for child in children {
            child.kill()
            _ = drain(child)
        }
        var snapshots: [Data] = []
        for index in 0..<count {
            let snapshot = space.url("final-\(index).json")
            let child = try start(index, "final", final: snapshot)
            let markers = drain(child)
            #expect(child.waitUntilExit() == 0, "replica \(index) did not end its final sync: \(context)")
            snapshots.append((try? Data(contentsOf: snapshot)) ?? Data())
            let lost = acknowledged.subtracting(markers)
            #expect(lost.isEmpty, "replica \(index) lacks \(lost.count) acknowledged updates, \(lost.sorted().prefix(5)): \(context)")
            #expect(Set(markers).count == markers.count, "replica \(index) holds a marker twice: \(context)")
        }
        print("breaker34 \(count) processes, one folder, \(context): \(kills) kills, \(acknowledged.count) acknowledged")
        #expect(problems.isEmpty, "the children said \(problems.prefix(5)): \(context)")
        #expect(!snapshots[0].isEmpty && snapshots.allSatisfy { $0 == snapshots[0] }, "the snapshots differ: \(context)")
        #expect(acknowledged.count > kills, "the children got to update: \(context)")
    }
}
