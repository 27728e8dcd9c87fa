import Foundation
@testable import Ripple
import Testing

/// Issue 38's breaker: a seeded mutation fuzzer over what an org chart's replicas take from
/// outside: versions (`DocumentVersion(encoded:)` and its `Codable` form, then handed to
/// `changes(since:)`), change sets (`ChangeSet(encoded:)`, then merged), snapshots (opened) and
/// patches (decoded, then applied to a follower). Bit flips, cuts, splices, maximum varints, huge
/// counts. Nothing may crash; a refusal must leave the replica as it was; no input may take long.
/// `BREAKER38_FUZZ_SECONDS` runs it longer (default 20 s in all).
@MainActor
@Suite(.serialized) struct OrgFuzzProbeTests {
    typealias O = OrgReplicas

    nonisolated static let seconds = Double(ProcessInfo.processInfo.environment["BREAKER38_FUZZ_SECONDS"] ?? "") ?? 20

    /// Mutations of `original`: a bit flipped, bytes cut, inserted, spliced from `other`, or an
    /// all-ones varint (the largest count) put in.
    static func mutate(_ original: Data, other: Data, random: inout SeededGenerator) -> Data {
        var bytes = [UInt8](original)
        for _ in 0..<(1 + Int(random.next() % 4)) {
            let position = bytes.isEmpty ? 0 : Int(random.next() % UInt64(bytes.count))
            switch random.next() % 7 {
            case 0 where !bytes.isEmpty: bytes[position] ^= UInt8(1 << (random.next() % 8))
            case 1: bytes = Array(bytes.prefix(position))
            case 2: bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: position)
            case 3 where !other.isEmpty:
                let start = Int(random.next() % UInt64(other.count))
                let length = min(other.count - start, 1 + Int(random.next() % 64))
                bytes.insert(
                    contentsOf: other[other.startIndex + start..<other.startIndex + start + length], at: position)
            case 4: bytes.insert(contentsOf: [UInt8](repeating: 0xFF, count: 9) + [0x01], at: position)
            case 5 where !bytes.isEmpty: bytes[position] = [0x00, 0x7F, 0x80, 0xFF][Int(random.next() % 4)]
            default: if position < bytes.count { bytes.remove(at: position) }
            }
        }
        return Data(bytes)
    }

    @Test func mutatedVersionsChangeSetsSnapshotsAndPatchesAreRefusedCleanlyOrTaken() async throws {
        let replicas = try O.replicas(3, seed: 38)
        let (a, b) = (replicas[0], replicas[1])
        let cSnapshot = try replicas[2].snapshot()
        var c = replicas[2]
        let start = b.version
        try a.update { _ in
            let e0 = O.employee(a, "e0")!
            e0.status = .departed(reason: "é", rehire: true)
            e0.skills.insert(.law)
            e0.ratings["2026"] = 4.5
            O.company(a).projects["zeus"]!.members.append(e0)
        }
        try b.update { _ in
            let d0 = O.department(b, "d0")!
            d0.parent!.departments.removeAll { $0 === d0 }
            O.department(b, "d2.1")!.departments.append(d0)
            d0.parent = O.department(b, "d2.1")
            O.company(b).projects["mars"] = Project("Mars")
        }
        try O.sync(a, into: b)
        let seeds: [Data] = [try b.changes(since: start).encoded, try a.changes(since: DocumentVersion()).encoded]
        let versions: [Data] = [b.version.encoded, a.version.encoded, DocumentVersion().encoded]
        let snapshot = try b.snapshot()
        let plain = Mediator(root: O.makeLibrary())
        let plainSnapshot = try plain.snapshot()
        var patches: [Data] = []
        let stream = plain.patches()
        try plain.update { _ in O.employee(plain, "e3")!.name = "patched" }
        try plain.update { _ in O.department(plain, "d1")!.employees.append(O.makeEmployee(70, company: nil)) }
        var iterator = stream.makeAsyncIterator()
        for _ in 0..<2 { if let patch = await iterator.next() { patches.append(try JSONEncoder().encode(patch)) } }
        var follower = try Mediator<Library>(opening: plainSnapshot)

        var random = SeededGenerator(state: UInt64.random(in: 1...UInt64.max))
        let seed = random.state
        var cText = try O.text(c)
        var followerText = try O.text(follower)
        var taken = [0, 0]
        var problems: [String] = []
        var counts = [0, 0, 0, 0]
        var slowest = 0.0
        let deadline = Date().addingTimeInterval(Self.seconds)
        while Date() < deadline && problems.count < 5 {
            let kind = Int(random.next() % 4)
            counts[kind] += 1
            let began = Date()
            switch kind {
            case 0:
                let input = Self.mutate(versions[Int(random.next() % 3)], other: seeds[0], random: &random)
                if let version = try? DocumentVersion(encoded: input) {
                    _ = try? c.changes(since: version)
                    if let json = try? JSONEncoder().encode(version),
                        let back = try? JSONDecoder().decode(DocumentVersion.self, from: json), back != version
                    {
                        problems.append(
                            "a version does not decode back to itself: \(input.base64EncodedString().prefix(60))")
                    }
                }
            case 1:
                let input = Self.mutate(seeds[Int(random.next() % 2)], other: seeds[0], random: &random)
                if let changes = try? ChangeSet(encoded: input) {
                    do {
                        try c.merge(changes)
                        // Taken: c is another replica now; start again from a fresh one.
                        if !O.problems(c).isEmpty {
                            problems.append(
                                "a merged change set left \(O.problems(c)): \(input.base64EncodedString().prefix(80))")
                        }
                        taken[0] += 1
                        c = try Mediator<Library>(opening: cSnapshot)
                        cText = try O.text(c)
                    } catch {
                        if try O.text(c) != cText {
                            problems.append(
                                "a refused change set changed the replica: \(input.base64EncodedString().prefix(80))")
                        }
                    }
                }
            case 2:
                let input = Self.mutate(
                    snapshot.count > 4_000 && random.next() % 2 == 0 ? snapshot : plainSnapshot, other: seeds[0],
                    random: &random)
                if let opened = try? Mediator<Library>(opening: input) { _ = try? opened.snapshot() }
            default:
                let input = Self.mutate(
                    patches[Int(random.next() % UInt64(patches.count))], other: patches[0], random: &random)
                if let patch = try? JSONDecoder().decode(Patch.self, from: input) {
                    do {
                        try follower.apply(patch)
                        taken[1] += 1
                        follower = try Mediator<Library>(opening: plainSnapshot)
                        followerText = try O.text(follower)
                    } catch {
                        if try O.text(follower) != followerText {
                            problems.append(
                                "a refused patch changed the follower: \(String(decoding: input.prefix(120), as: UTF8.self))"
                            )
                        }
                    }
                }
            }
            let took = Date().timeIntervalSince(began)
            slowest = max(slowest, took)
            if took > 2 { problems.append("an input of kind \(kind) took \(took) s") }
        }
        print(
            "breaker38 fuzz, seed \(seed): versions \(counts[0]), change sets \(counts[1]) (\(taken[0]) merged), snapshots \(counts[2]), "
                + "patches \(counts[3]) (\(taken[1]) applied); slowest \(Int(slowest * 1000)) ms")
        #expect(problems.isEmpty, "seed \(seed): \(problems)")
    }
}
