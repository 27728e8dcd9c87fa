import Foundation
@testable import Ripple
import Testing

/// A collaborating replica's snapshot carries its merge state (format 0xE3, base64 in the
/// snapshot's header). Damaged or hand-made state bytes, opened through the public
/// `Mediator(opening:)`, must be refused there, or open as a replica that works: never a crash,
/// a hang, or a replica that opens and then cannot send what it edits.
@MainActor
@Suite struct ReplicaStateProbeTests {
    /// A replica that made and merged changes of many shapes, and its snapshot.
    private func collaboratingSnapshot() throws -> (Mediator<Library>, Data) {
        // Identities fixed, so that the state's bytes, and so what a flipped byte forges, are
        // alike on every run.
        let a = Mediator(root: Library())
        a.startReplica(as: ReplicaID(rawValue: 0xA11CE)!)
        let b = try Mediator<Library>(opening: try a.snapshot())
        b.startReplica(as: ReplicaID(rawValue: 0xB0B)!)
        try a.update { library in
            let shelf = Shelf(id: 1, title: "one")
            shelf.entries = ["x", "y", "z"]
            shelf.children = [Shelf(id: 2, title: "two"), Shelf(id: 3, title: "three")]
            library.shelves = [shelf, Shelf(id: 4, title: "four")]
            library.scores = ["a": 1, "b": 2]
            library.pinned = shelf
            library.catalog.tags = ["t1", "t2"]
        }
        try b.merge(try a.changes(since: b.version))
        try b.update { library in
            let child = library.shelves[0].children.removeFirst()
            library.shelves[1].children.append(child)
            library.shelvesByKey["k"] = child
            library.userID = 7
        }
        try a.update { library in
            library.shelves[0].entries.remove(at: 1)
            library.scores["a"] = nil
        }
        try a.merge(try b.changes(since: a.version))
        return (a, try a.snapshot())
    }

    /// `snapshot` with its replica state replaced by `state`.
    private func replacingState(of snapshot: Data, with state: Data) throws -> Data {
        let text = String(decoding: snapshot, as: UTF8.self)
        let key = "\"replicaState\":\""
        let start = try #require(text.range(of: key)).upperBound
        let end = try #require(text[start...].firstIndex(of: "\""))
        return Data((text[..<start] + state.base64EncodedString() + text[end...]).utf8)
    }

    private func state(of snapshot: Data) throws -> Data {
        let text = String(decoding: snapshot, as: UTF8.self)
        let start = try #require(text.range(of: "\"replicaState\":\"")).upperBound
        let end = try #require(text[start...].firstIndex(of: "\""))
        return try #require(Data(base64Encoded: String(text[start..<end])))
    }

    /// `snapshot` with its replica state replaced by `state`, and its check made to fit, as a
    /// forger would.
    private func forgingState(of snapshot: Data, with state: Data) throws -> Data {
        var text = String(decoding: try replacingState(of: snapshot, with: state), as: UTF8.self)
        let key = "\"replicaStateCheck\":\""
        let start = try #require(text.range(of: key)).upperBound
        let end = try #require(text[start...].firstIndex(of: "\""))
        var fingerprint = Fingerprint()
        fingerprint.add(state)
        text.replaceSubrange(start..<end, with: fingerprint.text)
        return Data(text.utf8)
    }

    /// A state cut short opened: `Mediator(opening:)` returned a mediator whose replica was
    /// broken, whose updates committed but were never changes (`changes(since:)` threw from
    /// then on). Now a damaged state is refused when it opens (`DocumentError.damaged`), by its
    /// check, and, with a forged check, because it does not fit the document's nodes.
    @Test func aSnapshotWithADamagedReplicaStateIsRefusedWhenItOpens() throws {
        let (_, snapshot) = try collaboratingSnapshot()
        let state = try state(of: snapshot)
        let cut = state.prefix(state.count / 2)
        #expect(throws: DocumentError.self) { try Mediator<Library>(opening: try replacingState(of: snapshot, with: cut)) }
        #expect(throws: DocumentError.self) { try Mediator<Library>(opening: try forgingState(of: snapshot, with: cut)) }
        #expect(throws: Never.self) { try Mediator<Library>(opening: try forgingState(of: snapshot, with: state)) }
    }

    /// Damaged and hand-made states (bytes flipped, cut, removed, and varints at their maximum
    /// put in anywhere, as huge counts and clocks) are refused, or, with a forged check, refused
    /// or opened as a replica that can send its edits; never a crash or a hang.
    @Test(arguments: 1...3 as ClosedRange<UInt64>)
    func damagedStatesOpenWholeOrNotAtAll(seed: UInt64) throws {
        var random = SeededGenerator(state: seed)
        let (_, snapshot) = try collaboratingSnapshot()
        let state = [UInt8](try state(of: snapshot))
        let maximum: [UInt8] = Array(repeating: 0xFF, count: 9) + [0x01]
        var (refused, whole) = (0, 0)
        for round in 0..<60 {
            var bytes = state
            let position = Int.random(in: 1..<bytes.count, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0: bytes[position] ^= UInt8(1) << (random.next() % 8)
            case 1: bytes.insert(contentsOf: maximum, at: position)
            case 2: bytes.replaceSubrange(position..<min(bytes.count, position + 10), with: maximum)
            default: bytes.remove(at: position)
            }
            #expect(throws: DocumentError.self) { try Mediator<Library>(opening: try replacingState(of: snapshot, with: Data(bytes))) }
            guard round % 2 == 0, let opened = try? Mediator<Library>(opening: try forgingState(of: snapshot, with: Data(bytes))) else {
                refused += 1
                continue
            }
            whole += 1
            #expect(throws: Never.self) { _ = try opened.changes(since: DocumentVersion()) }
            // A forged state (a flipped byte of a value, say) can open as a replica whose merge
            // state disagrees with its model: what it sends and what it shows differ. Opening
            // does not compare the two (it would cost a second walk of the document).
            let mismatches = try opened.replica.mismatches(in: opened)
            withKnownIssue("a forged replica state can open as a replica whose merge state disagrees with its model", isIntermittent: true) {
                #expect(mismatches.isEmpty)
            }
        }
        print("damaged replica states through a snapshot, seed \(seed): \(refused) refused, \(whole) whole")
    }
}
