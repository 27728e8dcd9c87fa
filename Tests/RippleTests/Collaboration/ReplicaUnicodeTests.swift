import Foundation
@testable import Ripple
import Testing

/// Text that Swift compares equal but that is spelled with other bytes (a precomposed "é" and
/// "e" followed by a combining accent): replicas that wrote both spellings at once end with
/// the same bytes, the spelling of the write that wins.
@MainActor
@Suite struct ReplicaUnicodeTests {
    static let precomposed = "caf\u{E9}"
    static let decomposed = "cafe\u{301}"

    /// Both ways, then each replica's whole snapshot, byte for byte (a `String` comparison would
    /// call the two spellings equal).
    static func exchange(_ first: Mediator<Library>, _ second: Mediator<Library>) throws {
        try second.merge(try first.changes(since: second.version))
        try first.merge(try second.changes(since: first.version))
        #expect(first.version == second.version)
        #expect(try first.snapshot() == second.snapshot())
    }

    @Test func twoSpellingsOfOneDictionaryKeyEndAsOne() throws {
        let (first, second) = try ReplicaMediatorTests.pair()
        try first.update { $0.scores[Self.precomposed] = 1 }
        try second.update { $0.scores[Self.decomposed] = 2 }
        try Self.exchange(first, second)
        #expect(first.root.scores.count == 1)
        let key = try #require(first.root.scores.keys.first)
        #expect(Array(key.utf8) == Array(second.root.scores.keys.first!.utf8))
        // The merge state holds both spellings, and reads back as it was written.
        let reopened = try Mediator<Library>(opening: try first.snapshot())
        #expect(try reopened.snapshot() == first.snapshot())
        try reopened.update { $0.scores[Self.decomposed] = nil }
        try second.merge(try reopened.changes(since: second.version))
        #expect(second.root.scores.isEmpty)
    }

    @Test func aKeyRewrittenInTheOtherSpellingTakesIt() throws {
        let (first, second) = try ReplicaMediatorTests.pair()
        try first.update { $0.scores[Self.precomposed] = 1 }
        try Self.exchange(first, second)
        try second.update {
            $0.scores[Self.decomposed] = nil
            $0.scores[Self.decomposed] = 3
        }
        try Self.exchange(first, second)
        #expect(Array(first.root.scores.keys.first!.utf8) == Array(Self.decomposed.utf8))
    }

    @Test func aKeyRespelledWithTheSameValueReachesTheOtherReplica() throws {
        let (first, second) = try ReplicaMediatorTests.pair()
        try first.update { $0.scores[Self.precomposed] = 1 }
        try Self.exchange(first, second)
        try second.update {
            $0.scores[Self.decomposed] = nil
            $0.scores[Self.decomposed] = 1
        }
        try Self.exchange(first, second)
        #expect(Array(first.root.scores.keys.first!.utf8) == Array(Self.decomposed.utf8))
    }

    /// One change set that carries both spellings keeps both (its string table is by bytes).
    @Test func oneChangeSetCarriesBothSpellings() throws {
        let (first, second) = try ReplicaMediatorTests.pair()
        try first.update { $0.scores[Self.precomposed] = 1 }
        try first.update {
            $0.scores[Self.precomposed] = nil
            $0.scores[Self.decomposed] = 2
        }
        try second.merge(try first.changes(since: second.version))
        #expect(Array(second.root.scores.keys.first!.utf8) == Array(Self.decomposed.utf8))
        #expect(try first.snapshot() == second.snapshot())
    }

    @Test func twoSpellingsOfOneSetElementEndAsOne() throws {
        let (first, second) = try ReplicaMediatorTests.pair()
        try first.update { $0.catalog.tags.insert(Self.precomposed) }
        try second.update { $0.catalog.tags.insert(Self.decomposed) }
        try Self.exchange(first, second)
        #expect(first.root.catalog.tags.count == 1)
        // Removing the element on either replica removes both spellings' tags.
        try first.update { $0.catalog.tags.remove(Self.precomposed) }
        try Self.exchange(first, second)
        #expect(second.root.catalog.tags.isEmpty)
    }

    @Test func twoSpellingsOfOneTitleEndAsOne() throws {
        let (first, second) = try ReplicaMediatorTests.pair()
        try first.update { $0.shelves[0].title = Self.precomposed }
        try second.update { $0.shelves[0].title = Self.decomposed }
        try Self.exchange(first, second)
        #expect(Array(first.root.shelves[0].title.utf8) == Array(second.root.shelves[0].title.utf8))
    }

    @Test func twoSpellingsInAnArrayStayBoth() throws {
        let (first, second) = try ReplicaMediatorTests.pair()
        try first.update { $0.shelves[1].entries.append(Self.precomposed) }
        try second.update { $0.shelves[1].entries.append(Self.decomposed) }
        try Self.exchange(first, second)
        #expect(first.root.shelves[1].entries.count == second.root.shelves[1].entries.count)
    }
}
