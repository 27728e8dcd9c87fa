import Foundation
import Testing

/// Issue 34's breaker: a replica's document store killed with SIGKILL while it compacts. The
/// replica child (`ripple-crash-child replica`) makes two replica stores, A and B, and kills
/// land while they update and merge; then the plain child (`ripple-crash-child <A> --compact`)
/// keeps updating A alone, compacting every tenth update (its files written on another thread)
/// and undoing and redoing every seventh, killed at random instants; after each kill A opens
/// with every acknowledged update. In the end the replica child opens A and B again: they are
/// the same two replicas as before, and once synced, equal.
@Suite struct StoryboardCrashProbeTests {
    @Test func aReplicaStoreKilledWhileItCompactsKeepsItsIdentityAndConverges() throws {
        let executable = try #require(
            ChildProcess.crashChildExecutable(), "ripple-crash-child is not built beside the tests (swift build builds it)")
        let seed = ProcessInfo.processInfo.environment["BREAKER34_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64.max)
        let context = "seed \(seed) (replay: BREAKER34_SEED=\(seed))"
        var random = SeededGenerator(state: seed)
        let space = try ScratchFolders()
        let folder = space.url("Stores")
        let fileA = folder.appendingPathComponent("A/Log.ripple").path
        var problems: [String] = []

        /// Starts the replica child, reads until it opened and made `updates` more, kills it
        /// (with none, the child ends once it opened: killed after saying so, it could have made
        /// an update of its own first).
        func replicaRound(updates: Int) throws -> (count: Int, identities: [String]) {
            let child = try ChildProcess(executable, ["replica", folder.path] + (updates == 0 ? ["--check"] : []))
            var opened: (Int, [String])?
            var durable = 0
            while let line = child.nextLine() {
                let words = line.split(separator: " ").map(String.init)
                if words.first == "opened", words.count == 4, let count = Int(words[1]) {
                    opened = (count, Array(words[2...]))
                    durable = count
                    if updates == 0 { break }
                } else if words.first == "durable", let count = Int(words[1]) {
                    durable = count
                    if durable >= (opened?.0 ?? 0) + updates { break }
                } else {
                    problems.append("replica child: \(line)")
                    break
                }
            }
            child.kill()
            while let line = child.nextLine() {
                if line.hasPrefix("durable "), let count = Int(line.dropFirst("durable ".count)) {
                    durable = max(durable, count)
                } else {
                    problems.append("replica child: \(line)")
                }
            }
            return (max(opened?.0 ?? 0, durable), opened?.1 ?? [])
        }

        let first = try replicaRound(updates: 15)
        // The kill may land after one store made an update and before the other merged it. A
        // round that only opens both hands it over, before A goes on alone: otherwise the
        // update comes back at the end, concurrent with A's of the same number, as a second
        // entry (both kept) under A's later name ("149 entries, named 'Log: 148 entries'", seen
        // once: the probe's mistake, not a lost or torn update). The round ends by itself once
        // it opened: killed, it made an update of B's now and then before the kill landed, the
        // same orphan again ("175 entries, named 'Log: 174 entries'", 1 run in 10; the files
        // after each round showed B's update 16 made in this round).
        _ = try replicaRound(updates: 0)
        var acknowledged = first.count
        var kills = 0
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            let child = try ChildProcess(executable, [fileA, "--compact"])
            let stop = Int.random(in: 1...40, using: &random)
            var made = 0
            while let line = child.nextLine() {
                let words = line.split(separator: " ")
                if words.first == "opened", let count = Int(words[1]) {
                    if count < acknowledged { problems.append("A opened with \(count) updates of \(acknowledged) acknowledged: \(context)") }
                } else if words.first == "durable", let count = Int(words[1]) {
                    acknowledged = count
                    made += 1
                    if made >= stop { break }
                } else {
                    problems.append("child: \(line)")
                    break
                }
            }
            usleep(UInt32.random(in: 0..<3_000, using: &random))
            child.kill()
            kills += 1
            while let line = child.nextLine() {
                if line.hasPrefix("durable "), let count = Int(line.dropFirst("durable ".count)) { acknowledged = count }
            }
        }
        let last = try replicaRound(updates: 0)
        print("breaker34 replica compaction kills, \(context): \(kills) kills, \(acknowledged) acknowledged")
        // Breaker34 finding 3: the crash child's compaction (_compactTimingMainActor) wrote a
        // replica's store as no replica's, and it no longer opened.
        #expect(problems.isEmpty, "\(problems.prefix(5)): \(context)")
        #expect(last.count >= acknowledged, "A and B synced hold \(last.count) of \(acknowledged) acknowledged updates: \(context)")
        #expect(last.identities == first.identities, "A and B are the same replicas: \(first.identities) then \(last.identities): \(context)")
        #expect(kills >= 5, "\(context)")
    }
}
