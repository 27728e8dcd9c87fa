import Foundation
@testable import Ripple
import Testing

/// Texts that the change set and replica state formats keep in their string tables: keys that
/// look like UUIDs, and keys that Swift takes as equal while their bytes differ.
@MainActor
@Suite struct ReplicaTextProbeTests {
    private func exchange(_ a: Mediator<Library>, _ b: Mediator<Library>) throws {
        try b.merge(try a.changes(since: b.version))
        try a.merge(try b.changes(since: a.version))
    }

    /// Keys and titles that look like UUIDs but are not in `UUID.uuidString`'s form (lower
    /// case, braces) come back as they were written, through a merge and through a snapshot.
    @Test func textsThatLookLikeUUIDsComeBackAsWritten() throws {
        let (a, b) = try ReplicaSharedMoveTests.twoReplicas()
        let lower = "123e4567-e89b-12d3-a456-426614174000"
        let upper = lower.uppercased()
        try a.update { library in
            library.scores[lower] = 1
            library.scores[upper] = 2
            library.shelves[0].title = lower
            library.shelves[1].entries = [lower, upper, "{\(upper)}"]
        }
        try exchange(a, b)
        #expect(b.root.scores == [lower: 1, upper: 2])
        #expect(b.root.shelves[0].title == lower)
        #expect(b.root.shelves[1].entries == [lower, upper, "{\(upper)}"])
        let reopened = try Mediator<Library>(opening: try b.snapshot())
        #expect(reopened.root.scores == [lower: 1, upper: 2])
        #expect(reopened.root.shelves[0].title == lower)
        #expect(try reopened.snapshot() == (try a.snapshot()))
    }

    /// "é" precomposed and decomposed are one key to a Swift dictionary, two texts in bytes.
    /// Two replicas each set one of them at once (A "café" precomposed to 1, B decomposed to
    /// 2): both end with one key, the value and the spelling of the set that wins, and the
    /// same snapshot bytes (each replica kept its own spelling before: a breaker30 finding), also
    /// after the key is removed.
    @Test func keysEqualOnlyUnderUnicodeEquivalenceConverge() throws {
        let (a, b) = try ReplicaSharedMoveTests.twoReplicas()
        try a.update { $0.scores["caf\u{E9}"] = 1 }
        try b.update { $0.scores["cafe\u{301}"] = 2 }
        try exchange(a, b)
        #expect(a.root.scores.count == 1)
        #expect(a.root.scores == b.root.scores)
        let spellings = (a.root.scores.keys.first.map { Array($0.unicodeScalars) }, b.root.scores.keys.first.map { Array($0.unicodeScalars) })
        var snapshots = (try a.snapshot(), try b.snapshot())
        #expect(spellings.0 == spellings.1)
        #expect(snapshots.0 == snapshots.1)
        #expect(try a.replica.mismatches(in: a).isEmpty)
        #expect(try b.replica.mismatches(in: b).isEmpty)
        // One replica removes the key the way it spelled it; the other's spelling goes too.
        try a.update { $0.scores["caf\u{E9}"] = nil }
        try exchange(a, b)
        #expect(b.root.scores.isEmpty)
        snapshots = (try a.snapshot(), try b.snapshot())
        #expect(snapshots.0 == snapshots.1)
    }
    /// Empty texts, NUL, lone combining marks, text direction marks and a long key go through
    /// a merge and a reopened snapshot as written.
    @Test func unusualTextsComeBackAsWritten() throws {
        let (a, b) = try ReplicaSharedMoveTests.twoReplicas()
        let texts = ["", "\u{0}", "a\u{0}b", "\u{301}", "\u{202E}abc", "\"}\\", String(repeating: "ß", count: 5_000)]
        try a.update { library in
            for (index, text) in texts.enumerated() { library.scores[text] = index }
            library.shelves[0].title = texts[2]
            library.shelves[1].entries = texts
        }
        try exchange(a, b)
        let reopened = try Mediator<Library>(opening: try b.snapshot())
        for mediator in [b, reopened] {
            #expect(mediator.root.scores.count == texts.count)
            #expect(mediator.root.shelves[0].title.unicodeScalars.elementsEqual(texts[2].unicodeScalars))
            #expect(mediator.root.shelves[1].entries.map { Array($0.unicodeScalars) } == texts.map { Array($0.unicodeScalars) })
        }
        #expect(try reopened.snapshot() == (try a.snapshot()))
    }

    /// A change set of another document of the same model is refused with a `ReplicaError`,
    /// and the replica is as it was.
    @Test func aChangeSetOfAnotherDocumentIsRefusedAndChangesNothing() throws {
        let (a, _) = try ReplicaSharedMoveTests.twoReplicas()
        let stranger = Mediator(root: makeLibrary())
        try stranger.update { $0.userID = 7 }
        let before = try a.snapshot()
        #expect(throws: ReplicaError.self) { try a.merge(try stranger.changes(since: DocumentVersion())) }
        #expect(try a.snapshot() == before)
        #expect(a.root.userID == 0)
    }

    /// A version names its document: another document's replica refuses it at once, instead of
    /// sending its whole history for the asker to refuse; an empty version (`init()`) and a
    /// version that went through `Codable` still serve.
    @Test func aVersionOfAnotherDocumentIsRefusedByTheReplicaAsked() throws {
        let (a, b) = try ReplicaSharedMoveTests.twoReplicas()
        let stranger = Mediator(root: makeLibrary())
        try stranger.update { $0.userID = 7 }
        #expect(throws: ReplicaError.otherDocument) { try stranger.changes(since: a.version) }
        #expect(throws: ReplicaError.otherDocument) { try a.changes(since: stranger.version) }
        try a.update { $0.userID = 3 }
        let carried = try JSONDecoder().decode(DocumentVersion.self, from: try JSONEncoder().encode(b.version))
        #expect(carried == b.version)
        #expect(throws: ReplicaError.otherDocument) { try stranger.changes(since: carried) }
        try b.merge(try a.changes(since: carried))
        #expect(b.root.userID == 3)
        #expect(throws: Never.self) { _ = try stranger.changes(since: DocumentVersion()) }
    }

    /// A replica whose log holds many small changes of two replicas, interleaved, reopens from
    /// its snapshot with the same log: it serves a late joiner everything, byte for byte.
    @Test func aLongInterleavedLogReopensWhole() throws {
        let (a, b) = try ReplicaSharedMoveTests.twoReplicas()
        let origin = try a.snapshot()
        for step in 0..<200 {
            try a.update { $0.scores["a\(step % 7)"] = step }
            try b.update { $0.shelves[step % 3].entries.append("é\(step)") }
            if step % 5 == 0 { try exchange(a, b) }
        }
        try exchange(a, b)
        let reopened = try Mediator<Library>(opening: try a.snapshot())
        #expect(try reopened.changes(since: DocumentVersion()) == (try a.changes(since: DocumentVersion())))
        let late = try Mediator<Library>(opening: origin)
        try late.merge(try reopened.changes(since: late.version))
        #expect(try late.snapshot() == (try b.snapshot()))
    }
}
