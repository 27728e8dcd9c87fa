import Foundation
@testable import Ripple
import Testing

/// Issue 37's breaker: the vault used as an app uses it: each folder's note count kept by a
/// per-folder processor that reads its subfolders' counts (a recursive derived state), backlinks
/// kept by a processor, typing through a binding while merges arrive, and a folder chain near the
/// depth limit.
@MainActor
@Suite(.serialized) struct VaultUsageProbeTests {
    typealias V = VaultReplicas

    /// The count the processor should have written: the notes in the folder's subtree.
    private func subtreeCount(_ folder: VaultFolder) -> Int { V.allFolders(folder).reduce(0) { $0 + $1.notes.count } }

    private func wrongCounts(_ mediator: Mediator<Library>) -> [String] {
        V.allFolders(V.vault(mediator).top!).compactMap { folder in
            folder.noteCount == subtreeCount(folder) ? nil : "\(folder.name): \(folder.noteCount), holds \(subtreeCount(folder))"
        }
    }

    /// Registers the count as a new user writes it. Contracts record rather than assert, so that
    /// a violation fails a test rather than stopping the run.
    private func registerCounts(_ mediator: Mediator<Library>) throws -> Registration {
        mediator.contracts = Contracts(.record)
        return try mediator.process(
            "noteCount", forEach: VaultFolder.self,
            reads: [VaultFolder.scheme.notes, VaultFolder.scheme.folders.noteCount], writes: [VaultFolder.scheme.noteCount]
        ) { folder in
            folder.noteCount = folder.notes.count + folder.folders.reduce(0) { $0 + $1.noteCount }
        }
    }

    /// A folder's count read its subfolders' counts: once refused as a cycle (and before that,
    /// run parents first, a `writeAfterRead` violation). A per-node processor that reads in other
    /// nodes of its class what it writes is a recursive registration: accepted, its nodes run
    /// children first, and no contract is broken.
    @Test func aPerFolderCountThatReadsItsSubfoldersCountsIsAcceptedAndRunsChildrenFirst() throws {
        let mediator = Mediator(root: V.makeLibrary())
        var order: [ObjectIdentifier] = []
        mediator.contracts = Contracts(.record)
        let counts = try mediator.process(
            "noteCount", forEach: VaultFolder.self,
            reads: [VaultFolder.scheme.notes, VaultFolder.scheme.folders.noteCount], writes: [VaultFolder.scheme.noteCount]
        ) { folder in
            order.append(ObjectIdentifier(folder))
            folder.noteCount = folder.notes.count + folder.folders.reduce(0) { $0 + $1.noteCount }
        }
        defer { counts.cancel() }
        mediator.refresh()
        #expect(mediator.violations.isEmpty, "\(mediator.violations)")
        #expect(wrongCounts(mediator).isEmpty, "\(wrongCounts(mediator))")
        #expect(V.vault(mediator).top!.noteCount == 18)
        for folder in V.allFolders(V.vault(mediator).top!) {
            let position = order.firstIndex(of: ObjectIdentifier(folder))!
            #expect(folder.folders.allSatisfy { order.firstIndex(of: ObjectIdentifier($0))! < position }, "\(folder.name) ran first")
        }
        #expect(order.count == 10, "each folder once: \(order)")
    }

    @Test func aPerFolderCountOfItsSubtreeFollowsMovesAddsAndMerges() throws {
        try countsFollowMovesAddsAndMerges()
    }

    @Test func aPerFolderCountThroughAChainOf900FoldersIsRightAfterAnEditAtTheBottom() throws {
        try countsThroughAChainOf900()
    }

    private func countsFollowMovesAddsAndMerges() throws {
        let replicas = try V.replicas(2)
        let (a, b) = (replicas[0], replicas[1])
        let counts = try registerCounts(a)
        defer { counts.cancel() }
        a.refresh()
        a.refresh()
        let first = a.violations.count
        try a.update { _ in
            let note = V.note(a, "n0")!
            note.folder!.notes.removeAll { $0 === note }
            V.folder(a, "d2.1")!.notes.append(note)
            note.folder = V.folder(a, "d2.1")
        }
        #expect(wrongCounts(a).isEmpty, "after a move: \(wrongCounts(a))")
        try a.update { _ in
            let d1 = V.folder(a, "d1")!
            V.vault(a).top!.folders.removeAll { $0 === d1 }
            V.folder(a, "d0.0")!.folders.append(d1)
            d1.parent = V.folder(a, "d0.0")
        }
        #expect(wrongCounts(a).isEmpty, "after a folder move: \(wrongCounts(a))")
        try b.update { _ in
            let folder = V.folder(b, "d2.0")!
            folder.notes.append(VaultReplicas.makeNote(50, vault: V.vault(b)))
            folder.notes.last!.folder = folder
        }
        try V.sync(b, into: a)
        #expect(wrongCounts(a).isEmpty, "after a merge: \(wrongCounts(a))")
        try a.history.undo()
        #expect(wrongCounts(a).isEmpty, "after an undo: \(wrongCounts(a))")
        #expect(a.violations.count == first, "\(a.violations.dropFirst(first).prefix(2))")
    }

    private func countsThroughAChainOf900() throws {
        let mediator = Mediator(root: V.makeLibrary())
        let chain = V.chain(900, vault: nil)
        try mediator.update { _ in
            let top = V.vault(mediator).top!
            chain.parent = top
            top.folders.append(chain)
        }
        let counts = try registerCounts(mediator)
        defer { counts.cancel() }
        mediator.refresh()
        #expect(V.vault(mediator).top!.noteCount == 19)
        var bottom = chain
        while let next = bottom.folders.first { bottom = next }
        try mediator.update { _ in
            let note = VaultNote("deeper")
            note.folder = bottom
            bottom.notes.append(note)
        }
        #expect(V.vault(mediator).top!.noteCount == 20)
        #expect(wrongCounts(mediator).isEmpty, "\(wrongCounts(mediator).prefix(3))")
    }

    /// Backlinks, a derived set of notes, kept by a per-note processor that reads the note's
    /// links and writes the backlinks of the notes it links to: a write outside the node it runs
    /// for. The docs name no way to write another node's derived member from a per-node processor,
    /// so this keeps them from the root, reading every note's links.
    @Test func backlinksKeptByAProcessorFollowAnEditAndSurviveAReopen() throws {
        let mediator = Mediator(root: V.makeLibrary())
        let backlinks = try mediator.process(
            "backlinks", reads: [Library.scheme.gauge.vault.top.all], writes: [Library.scheme.gauge.vault.top.all]
        ) { library in
            let notes = V.allFolders(library.vault!.top!).flatMap(\.notes)
            var found: [ObjectIdentifier: Set<VaultNote>] = [:]
            for note in notes { for target in note.links { found[ObjectIdentifier(target), default: []].insert(note) } }
            for note in notes { note.backlinks = found[ObjectIdentifier(note)] ?? [] }
        }
        defer { backlinks.cancel() }
        mediator.refresh()
        #expect(V.note(mediator, "n1")!.backlinks.map(\.title) == ["n0"])
        try mediator.update { _ in V.note(mediator, "n5")!.links.insert(V.note(mediator, "n1")!) }
        #expect(V.note(mediator, "n1")!.backlinks.map(\.title).sorted() == ["n0", "n5"])
        let reopened = try Mediator<Library>(opening: try mediator.snapshot())
        #expect(V.note(reopened, "n1")!.links.isEmpty && V.note(reopened, "n5")!.links.count == 1)
    }

    /// Typing into a note's body through a binding (the setter, outside any update) while a
    /// merge that moves the note arrives in the same turn: the typing reaches the other replica,
    /// and an undo takes back the typing alone.
    @Test func typingIntoANoteWhileAMergeMovesItReachesTheOthers() async throws {
        let replicas = try V.replicas(2)
        let (a, b) = (replicas[0], replicas[1])
        let version = b.version
        try b.update { _ in
            let note = V.note(b, "n4")!
            note.folder!.notes.removeAll { $0 === note }
            V.folder(b, "d2.0")!.notes.insert(note, at: 0)
            note.folder = V.folder(b, "d2.0")
            note.title = "b's"
        }
        let fromB = try b.changes(since: version)
        let note = V.note(a, "n4")!
        note.body = "t"
        try a.merge(fromB)
        note.body = "ty"
        await Task.yield()
        a.commitImplicitUpdate()
        try V.syncAll(replicas)
        #expect(try V.text(a) == V.text(b))
        #expect(V.note(b, "b's")?.body == "ty", "the typing did not reach b")
        #expect(V.note(b, "b's")?.folder?.name == "d2.0")
        try a.history.undo()
        try V.syncAll(replicas)
        #expect(V.note(b, "b's")?.body == "body of n4", "undo did not take back the typing alone: \(V.note(b, "b's")?.body ?? "gone")")
        #expect(V.note(b, "b's")?.folder?.name == "d2.0", "undo moved b's move")
    }

    /// A vault whose folders nest to the depth limit: a chain that reaches it opens on a replica,
    /// merges, and moves; an update that passes it is refused and rolled back whole.
    @Test func aFolderChainToTheDepthLimitOpensMergesAndRefusesOneLevelMore() throws {
        let replicas = try V.replicas(2)
        let (a, b) = (replicas[0], replicas[1])
        // The library, the gauge, the vault and the top folder take four levels: 990 more fit.
        let chain = V.chain(990)
        try a.update { _ in
            let top = V.vault(a).top!
            chain.parent = top
            top.folders.append(chain)
        }
        try V.sync(a, into: b)
        #expect(try V.text(a) == V.text(b))
        let opened = try Mediator<Library>(opening: try a.snapshot())
        #expect(V.note(opened, "deep leaf") != nil)
        var bottom = V.folder(b, "level 989")!
        let before = try V.text(b)
        #expect(throws: DocumentError.self) {
            try b.update { _ in
                let more = V.chain(20)
                more.parent = bottom
                bottom.folders.append(more)
            }
        }
        #expect(try V.text(b) == before, "a refused update changed the document")
        // Move the deep note to the top on one replica while the other adds beside it.
        try a.update { _ in
            let leaf = V.note(a, "deep leaf")!
            leaf.folder!.notes.removeAll { $0 === leaf }
            V.vault(a).top!.notes.append(leaf)
            leaf.folder = V.vault(a).top
        }
        bottom = V.folder(b, "level 989")!
        try b.update { _ in
            let note = VaultNote("deep b")
            note.folder = bottom
            bottom.notes.append(note)
        }
        try V.syncAll(replicas)
        #expect(try V.text(a) == V.text(b))
        #expect(V.problems(a).isEmpty, "\(V.problems(a))")
    }
}
