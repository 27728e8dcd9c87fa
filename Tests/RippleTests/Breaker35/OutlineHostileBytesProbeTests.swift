import Foundation
@testable import Ripple
import Testing

/// Issue 35's breaker: change sets and versions decoded from mutated bytes (the binary form and
/// the JSON one) and merged into a replica, a replica's store and a folder: never a crash, a
/// clear error, nothing half-applied, and what merged still saves and opens.
@MainActor
@Suite struct OutlineHostileBytesProbeTests {
    typealias O = OutlineReplicas

    /// Change sets of every shape the notebook has: values of each type, a move between pages,
    /// a dictionary put and removal, a set of labels, a removal, a deep chain.
    func changeSets() throws -> (base: Data, sets: [ChangeSet], from: Mediator<Library>) {
        let replicas = try O.replicas(2)
        let (a, b) = (replicas[0], replicas[1])
        let base = try b.snapshot()
        var sets: [ChangeSet] = []
        func record(_ body: @escaping (Library) -> Void) throws {
            let version = a.version
            try a.update { body($0) }
            sets.append(try a.changes(since: version))
        }
        try record { library in
            let book = library.notebook!
            book.title = "Ünïcødé 📓"
            book.cover = Data(repeating: 0xAB, count: 40)
            book.pages[0].zoom = 1.75
            book.pages[0].locked = true
            book.pages[0].draft = nil
            book.pages[1].edited = Date(timeIntervalSinceReferenceDate: 1e9)
            book.pages[1].icon = Data([1, 2, 3])
            book.pages[2].counts["links"] = Int.max
            book.tasks[0].due = Date(timeIntervalSinceReferenceDate: -1e9)
            book.tasks[0].urgency = .high
        }
        try record { library in
            let book = library.notebook!
            let moved = book.pages[0].children.removeLast()
            moved.parent = book.pages[2]
            book.pages[2].children.insert(moved, at: 0)
        }
        try record { library in
            let book = library.notebook!
            book.pagesByKey["renamed"] = book.pagesByKey.removeValue(forKey: "p1.0")
            book.starred.insert(book.pages[1])
            book.tags.insert(Label("later", hue: -5))
        }
        try record { library in
            let book = library.notebook!
            book.pages.remove(at: 1)
            book.tasks[1].subtasks[1].dependsOn.append(book.tasks[0].subtasks[1])
        }
        try record { library in library.notebook!.pages[0].children.append(O.chain(40, notebook: library.notebook)) }
        sets.append(try a.changes(since: DocumentVersion()))
        return (base, sets, a)
    }

    /// One mutation of `bytes`: bits flipped, bytes inserted, deleted, cut, repeated, or a run
    /// set to 0xFF or 0x80 (varints that never end or overflow).
    static func mutate(_ bytes: [UInt8], _ random: inout SeededGenerator) -> [UInt8] {
        var bytes = bytes
        guard !bytes.isEmpty else { return [0xC1] }
        for _ in 0...Int.random(in: 0...3, using: &random) {
            let at = Int.random(in: 0..<max(bytes.count, 1), using: &random)
            switch Int.random(in: 0..<8, using: &random) {
            case 0: if at < bytes.count { bytes[at] ^= UInt8(1 << Int.random(in: 0..<8, using: &random)) }
            case 1: bytes.insert(UInt8.random(in: 0...255, using: &random), at: at)
            case 2: if at < bytes.count { bytes.remove(at: at) }
            case 3: bytes = Array(bytes.prefix(at))
            case 4:
                let end = min(bytes.count, at + Int.random(in: 1...16, using: &random))
                bytes.insert(contentsOf: bytes[at..<end], at: end)
            case 5:
                for index in at..<min(bytes.count, at + Int.random(in: 1...11, using: &random)) { bytes[index] = 0xFF }
            case 6: if at < bytes.count { bytes[at] = [0, 1, 0x7F, 0x80, 0xFF][Int.random(in: 0..<5, using: &random)] }
            default:
                for index in at..<min(bytes.count, at + 10) { bytes[index] = 0x80 }
            }
            if bytes.isEmpty { break }
        }
        return bytes
    }

    /// Mutated change sets merged into a replica opened from the base: a merge either throws and
    /// leaves the replica's bytes and version as they were, or merges and the replica still
    /// saves, opens as itself and converges with the sender.
    @Test func mutatedChangeSetsNeverHalfApply() throws {
        let (base, sets, sender) = try changeSets()
        let seed = ProcessInfo.processInfo.environment["BREAKER35_SEED"].flatMap(UInt64.init) ?? 35
        var random = SeededGenerator(state: seed)
        var problems: [String] = []
        var (decoded, merged, refused) = (0, 0, 0)
        for round in 0..<1_500 {
            let original = sets[round % sets.count]
            let bytes = Data(Self.mutate([UInt8](original.encoded), &random))
            let set: ChangeSet
            do {
                set = try ChangeSet(encoded: bytes)
            } catch let error as ReplicaError {
                if case .malformed = error {} else { problems.append("round \(round): decoding threw \(error)") }
                continue
            } catch {
                problems.append("round \(round): decoding threw \(type(of: error)) \(error)")
                continue
            }
            decoded += 1
            let target = try Mediator<Library>(opening: base)
            let before = (try target.snapshot(), target.version)
            do {
                try target.merge(set)
                merged += 1
            } catch {
                refused += 1
                if try target.snapshot() != before.0 || target.version != before.1 {
                    problems.append("round \(round): a refused merge (\(error)) changed the replica")
                }
                continue
            }
            do {
                let saved = try target.snapshot()
                let reopened = try Mediator<Library>(opening: saved)
                if try reopened.snapshot() != saved { problems.append("round \(round): reopened differs") }
                try target.merge(try sender.changes(since: target.version))
            } catch {
                problems.append("round \(round): after a merge that returned: \(error)")
            }
        }
        print("breaker35 mutated change sets, seed \(seed): \(decoded) decoded, \(merged) merged, \(refused) refused")
        #expect(problems.isEmpty, "\(problems.count) problems: \(problems.prefix(6))")
    }

    /// The same mutated bytes through `JSONDecoder` (the `Codable` form is base64 of them), and
    /// JSON that is not a change set at all.
    @Test func mutatedJSONChangeSetsThrowClearly() throws {
        let (_, sets, _) = try changeSets()
        var random = SeededGenerator(state: 3_535)
        var problems: [String] = []
        for round in 0..<800 {
            let json = [UInt8](try JSONEncoder().encode(sets[round % sets.count]))
            let text = Data(Self.mutate(json, &random))
            do {
                _ = try JSONDecoder().decode(ChangeSet.self, from: text)
            } catch is DecodingError {
            } catch let error as ReplicaError {
                if case .malformed = error {} else { problems.append("round \(round): \(error)") }
            } catch {
                problems.append("round \(round): \(type(of: error))")
            }
        }
        let hostile = [
            "\"\"", "null", "[]", "{}", "\"wQ==\"", "\"\(String(repeating: "/", count: 4_000))\"",
            String(repeating: "[", count: 5_000), "\"\(Data(repeating: 0xFF, count: 3_000).base64EncodedString())\"",
        ]
        for text in hostile {
            #expect(throws: (any Error).self) { try JSONDecoder().decode(ChangeSet.self, from: Data(text.utf8)) }
            #expect(throws: (any Error).self) { try JSONDecoder().decode(DocumentVersion.self, from: Data(text.utf8)) }
        }
        #expect(problems.isEmpty, "\(problems.prefix(6))")
    }

    /// Mutated versions handed to `changes(since:)`: decoding throws `malformed`, or the changes
    /// given merge into a replica of the base without error.
    @Test func mutatedVersionsNeverCrashChangesSince() throws {
        let (base, _, sender) = try changeSets()
        let version = try Mediator<Library>(opening: base).version
        let versions = [sender.version.encoded, version.encoded, DocumentVersion().encoded]
        var random = SeededGenerator(state: 353_535)
        var problems: [String] = []
        var served = 0
        for round in 0..<1_500 {
            let bytes = Data(Self.mutate([UInt8](versions[round % versions.count]), &random))
            guard let mutated = try? DocumentVersion(encoded: bytes) else { continue }
            do {
                let set = try sender.changes(since: mutated)
                served += 1
                _ = set.encoded
            } catch let error as ReplicaError {
                if case .otherDocument = error { continue }
                if case .historyCompacted = error { continue }
                problems.append("round \(round): \(error)")
            } catch {
                problems.append("round \(round): \(type(of: error)) \(error)")
            }
        }
        print("breaker35 mutated versions: \(served) served")
        #expect(problems.isEmpty, "\(problems.prefix(6))")
    }

    /// Mutated change sets merged into a replica's document store: whatever merged is on disk
    /// and the store opens again with the same document.
    @Test func mutatedChangeSetsMergedIntoAStoreReopen() throws {
        let (base, sets, _) = try changeSets()
        let folder = try O.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var random = SeededGenerator(state: 35_035)
        var problems: [String] = []
        var merged = 0
        for round in 0..<150 {
            let bytes = Data(Self.mutate([UInt8](sets[round % sets.count].encoded), &random))
            guard let set = try? ChangeSet(encoded: bytes) else { continue }
            let url = folder.appendingPathComponent("r\(round).ripple")
            try base.write(to: url)
            var store: DocumentStore<Library>? = try DocumentStore<Library>(url: url)
            let before = try store!.mediator.snapshot()
            do {
                try store!.mediator.merge(set)
                merged += 1
            } catch {
                if try store!.mediator.snapshot() != before { problems.append("round \(round): refused, changed") }
            }
            let text = try O.text(store!.mediator)
            store = nil
            do {
                let again = try DocumentStore<Library>(url: url)
                if try O.text(again.mediator) != text { problems.append("round \(round): reopened differs") }
            } catch {
                problems.append("round \(round): the store no longer opens: \(error)")
            }
        }
        print("breaker35 mutated change sets into stores: \(merged) merged")
        #expect(problems.isEmpty, "\(problems.count) problems: \(problems.prefix(6))")
    }
}
