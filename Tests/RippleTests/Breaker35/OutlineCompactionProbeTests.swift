import Foundation
@testable import Ripple
import Testing

/// Issue 35's breaker: the public `compact()` of a store, killed with SIGKILL midway (the child
/// `ripple-crash-child compact`, a plain store and a replica's), and a replica's store that
/// compacts while others did not: it still serves its old changes, merges late ones, converges.
@MainActor
@Suite struct OutlineCompactionProbeTests {
    typealias O = OutlineReplicas

    /// Kills the child at random instants while it updates and compacts; after every kill the
    /// store opens with every acknowledged update, whole, as the same replica.
    func killWhileCompacting(replica: Bool, seconds: Double) throws -> (kills: Int, compactions: Int, problems: [String]) {
        let executable = try #require(ChildProcess.crashChildExecutable(), "ripple-crash-child is not built beside the tests")
        let seed = ProcessInfo.processInfo.environment["BREAKER35_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64.max)
        var random = SeededGenerator(state: seed)
        let folder = try O.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Notes.ripple").path
        let flags = replica ? ["--replica"] : []
        var problems: [String] = []
        var (acknowledged, kills, compactions) = (0, 0, 0)
        var identity: String?
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let child = try ChildProcess(executable, ["compact", file] + flags)
            let stop = Int.random(in: 1...60, using: &random)
            var made = 0
            while let line = child.nextLine() {
                let words = line.split(separator: " ").map(String.init)
                if words.first == "opened", words.count == 3, let count = Int(words[1]) {
                    if count < acknowledged { problems.append("opened with \(count) of \(acknowledged) acknowledged (seed \(seed))") }
                    if identity == nil { identity = words[2] }
                    if words[2] != identity { problems.append("opened as \(words[2]), was \(identity!) (seed \(seed))") }
                } else if words.first == "durable", let count = Int(words[1]) {
                    acknowledged = count
                    made += 1
                    if made >= stop { break }
                } else if line == "compacted" {
                    compactions += 1
                } else {
                    problems.append("child: \(line) (seed \(seed))")
                    break
                }
            }
            usleep(UInt32.random(in: 0..<4_000, using: &random))
            child.kill()
            kills += 1
            while let line = child.nextLine() {
                if line.hasPrefix("durable "), let count = Int(line.dropFirst("durable ".count)) { acknowledged = count }
                if line == "compacted" { compactions += 1 }
            }
            if problems.count > 3 { break }
        }
        let check = try ChildProcess(executable, ["compact", file, "--check"] + flags)
        let last = check.nextLine() ?? "nothing"
        let words = last.split(separator: " ")
        if words.first != "opened" || (Int(words[1]) ?? -1) < acknowledged {
            problems.append("at the end: \(last), \(acknowledged) acknowledged (seed \(seed))")
        }
        print("breaker35 public compact kills, replica \(replica), seed \(seed): \(kills) kills, \(compactions) compactions")
        return (kills, compactions, problems)
    }

    @Test func aPlainStoreKilledInItsPublicCompactionReopensWhole() throws {
        let result = try killWhileCompacting(replica: false, seconds: 6)
        #expect(result.problems.isEmpty, "\(result.problems.prefix(4))")
        #expect(result.kills >= 5)
    }

    @Test func aReplicaStoreKilledInItsPublicCompactionReopensWholeAsItself() throws {
        let result = try killWhileCompacting(replica: true, seconds: 6)
        #expect(result.problems.isEmpty, "\(result.problems.prefix(4))")
        #expect(result.kills >= 5)
    }

    /// A replica's store compacts (public `compact()`) after edits the others have not seen,
    /// and reopens: it still serves them to a replica that lags, merges changes the others made
    /// before the compaction and sends late, and all converge with a replica that never saved.
    @Test func aCompactedReplicaStoreStillServesAndMergesLateChanges() async throws {
        let folder = try O.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("Notes.ripple")
        var store: DocumentStore<Library>? = try DocumentStore<Library>(url: url, compaction: .manual)
        try store!.mediator.update { $0.notebook = O.makeNotebook(library: $0) }
        _ = store!.mediator.replicaID
        let lagging = try Mediator<Library>(opening: try store!.mediator.snapshot())
        let other = try Mediator<Library>(opening: try store!.mediator.snapshot())
        for index in 0..<12 {
            try store!.mediator.update { library in
                let book = library.notebook!
                book.pages[index % 3].words += 1
                book.pagesByKey["k\(index)"] = book.pages[(index + 1) % 3]
                if index % 4 == 0 { book.pages.append(book.pages.removeFirst()) }
            }
        }
        let lateFromOther = other.version
        try other.update { library in
            let book = library.notebook!
            book.pages[0].children.append(Page("late", words: 7))
            book.pagesByKey.removeValue(forKey: "p0")
        }
        let late = try other.changes(since: lateFromOther)
        try await store!.compact()
        let identity = store!.mediator.replicaID
        store = nil
        let reopened = try DocumentStore<Library>(url: url, compaction: .manual)
        #expect(reopened.mediator.replicaID == identity)
        try lagging.merge(try reopened.mediator.changes(since: lagging.version))
        try reopened.mediator.merge(late)
        try await reopened.compact()
        try O.syncAll([reopened.mediator, lagging, other])
        let texts = try [reopened.mediator, lagging, other].map(O.text)
        #expect(Set(texts).count == 1)
        #expect(OutlineEdits.allPages(lagging.root.notebook!).contains { $0.title == "late" })
        #expect(lagging.root.notebook!.pagesByKey["k11"] != nil)
    }
}
