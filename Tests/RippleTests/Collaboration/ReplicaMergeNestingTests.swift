import Foundation
@testable import Ripple
import Testing

/// Merges are not refused for how deep they nest the document: concurrent edits, each within
/// `DocumentLimits.maximumDepth`, may nest it deeper together, and a merge refused for that
/// would never converge. The replica then takes that depth as its allowance: its snapshot opens,
/// it sends its changes, its own edits may nest as deep (not deeper). What a change set brings
/// is still judged by itself.
@MainActor
@Suite struct ReplicaMergeNestingTests {
    /// Shelves nested `levels` deep, the top one titled `title`.
    static func chain(_ levels: Int, title: String) -> Shelf {
        let top = Shelf(id: 0, title: title)
        var bottom = top
        for level in 1..<levels {
            let next = Shelf(id: level, title: "\(title) \(level)")
            bottom.children = [next]
            bottom = next
        }
        return top
    }

    static func bottom(of shelf: Shelf) -> Shelf {
        var bottom = shelf
        while let next = bottom.children.first { bottom = next }
        return bottom
    }

    /// `replicas` replicas of a library holding `chains` chains of shelves `levels` deep.
    static func replicas(_ replicas: Int, chains: Int, levels: Int, limits: DocumentLimits = DocumentLimits()) throws
        -> [Mediator<Library>]
    {
        let library = Library()
        library.shelves = (0..<chains).map { chain(levels, title: "chain \($0)") }
        let first = Mediator(root: library)
        first.documentLimits = limits
        _ = first.replicaID
        var all = [first]
        for _ in 1..<replicas {
            let other = try Mediator<Library>(opening: try first.snapshot(), limits: limits)
            _ = other.replicaID
            all.append(other)
        }
        return all
    }

    /// Files chain `moved` under the bottom of chain `target`, on `mediator`.
    static func file(_ mediator: Mediator<Library>, _ moved: Int, under target: Int) throws {
        try mediator.update { library in
            let shelf = library.shelves.first { $0.title == "chain \(moved)" }!
            let bottom = Self.bottom(of: library.shelves.first { $0.title == "chain \(target)" }!)
            library.shelves.removeAll { $0 === shelf }
            bottom.children.append(shelf)
        }
    }

    static func depth(_ mediator: Mediator<Library>) -> Int? {
        DocumentDepth.nesting(under: mediator.root, limit: 100_000)
    }

    @Test func concurrentMovesNestingPastTheLimitTogetherConverge() throws {
        let replicas = try Self.replicas(2, chains: 3, levels: 450)
        let (a, b) = (replicas[0], replicas[1])
        // Each within the limit: 900 levels.
        try Self.file(a, 1, under: 0)
        try Self.file(b, 2, under: 1)
        try ReplicaGroup.syncAll([a, b])
        #expect(Self.depth(a) == 1_350)
        let saved = try a.snapshot()
        #expect(saved == (try b.snapshot()))
        // It opens again, as deep as it is, and goes on merging.
        let opened = try Mediator<Library>(opening: saved)
        #expect(Self.depth(opened) == 1_350)
        try b.update { Self.bottom(of: $0.shelves[0]).title = "bottom" }
        try ReplicaGroup.syncAll([a, b, opened])
        #expect(Self.bottom(of: opened.root.shelves[0]).title == "bottom")
        #expect(try ReplicaGroup.text(opened) == ReplicaGroup.text(a))
    }

    @Test func aReplicaMayNestAsDeepAsItsMergesMadeItNotDeeper() throws {
        let replicas = try Self.replicas(2, chains: 3, levels: 450)
        let (a, b) = (replicas[0], replicas[1])
        try Self.file(a, 1, under: 0)
        try Self.file(b, 2, under: 1)
        try ReplicaGroup.syncAll([a, b])
        // Edits that place nodes are judged against the depth merges made: a shelf at the top,
        // the deepest shelf moved beside its holder, are taken.
        try a.update { $0.shelves.append(Shelf(id: 1, title: "top")) }
        try a.update { $0.shelves[1].children.append(Shelf(id: 2, title: "under top")) }
        try a.update { Self.bottom(of: $0.shelves[0]).title = "bottom" }
        // One level deeper than the merges made it is refused, and changes nothing.
        let before = try a.snapshot()
        #expect(throws: DocumentError.self) {
            try a.update { Self.bottom(of: $0.shelves[0]).children = [Shelf(id: 3, title: "deeper")] }
        }
        #expect(try a.snapshot() == before)
        try ReplicaGroup.syncAll([a, b])
        #expect(try ReplicaGroup.text(a) == ReplicaGroup.text(b))
    }

    @Test func aStoreThatMergedPastTheLimitReopens() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("merge-nesting-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("Library.ripple")
        let replicas = try Self.replicas(2, chains: 3, levels: 450)
        let (a, b) = (replicas[0], replicas[1])
        // The store opens the shared document: its journal holds what it merges.
        try a.snapshot().write(to: url)
        var store: DocumentStore<Library>? = try DocumentStore<Library>(url: url)
        try Self.file(a, 1, under: 0)
        try Self.file(b, 2, under: 1)
        try ReplicaGroup.syncAll([a, b])
        try store!.mediator.merge(try a.changes(since: store!.mediator.version))
        #expect(Self.depth(store!.mediator) == 1_350)
        #expect(try store!.mediator.snapshot() == a.snapshot())
        // Reopened from its journal, then from a snapshot it saved.
        store = nil
        store = try DocumentStore<Library>(url: url)
        #expect(try store!.mediator.snapshot() == a.snapshot())
        try store!.save()
        store = nil
        let reopened = try DocumentStore<Library>(url: url)
        #expect(try reopened.mediator.snapshot() == a.snapshot())
    }

    @Test func aChangeSetThatNestsTooDeepByItselfIsRefusedWhole() throws {
        let replicas = try Self.replicas(2, chains: 1, levels: 2)
        let (sender, receiver) = (replicas[0], replicas[1])
        sender.documentLimits = DocumentLimits(maximumDepth: 3_000)
        let version = sender.version
        try sender.update { $0.shelves.append(Self.chain(1_200, title: "deep")) }
        let before = try receiver.snapshot()
        #expect(throws: DocumentError.self) { try receiver.merge(try sender.changes(since: version)) }
        #expect(try receiver.snapshot() == before)
    }

    /// Five levels of chains, 5,000 deep merged, with the limit raised so that each replica's
    /// move is within it: merging, sending, saving and opening walk without recursing.
    @Test func fiveThousandLevelsMergeSaveAndOpen() throws {
        let limits = DocumentLimits(maximumDepth: 2_500)
        let replicas = try Self.replicas(4, chains: 4, levels: 1_250, limits: limits)
        try Self.file(replicas[1], 1, under: 0)
        try Self.file(replicas[2], 2, under: 1)
        try Self.file(replicas[3], 3, under: 2)
        try ReplicaGroup.syncAll(replicas)
        #expect(Self.depth(replicas[0]) == 5_000)
        let opened = try Mediator<Library>(opening: try replicas[0].snapshot(), limits: limits)
        #expect(try ReplicaGroup.text(opened) == ReplicaGroup.text(replicas[3]))
    }
}
