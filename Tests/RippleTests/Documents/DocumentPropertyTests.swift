import Foundation
@testable import Ripple
import RippleJSON
import Testing

/// Seeded random documents and updates: shared nodes, cycles of shelves, recursive notes,
/// dictionaries, sets and optional arrays of nodes, back references to the root and to a
/// shelf's own ancestors in each of those shapes (set, cleared, set again, and left with the
/// shelf holding them); updates that commit, roll back or fail validation; undo and redo. After every step a replica opened from the first snapshot and fed
/// every patch holds the same document (the same snapshot, byte for byte), and the document
/// opened from its own snapshot saves to the same bytes.
@MainActor
@Suite struct DocumentPropertyTests {
    @Test(arguments: [1, 2, 3, 4, 5, 6])
    func aReplicaFedEveryPatchStaysEqualAndSnapshotsRoundTrip(seed: UInt64) throws {
        var run = try DocumentRun(seed: seed)
        var kinds: [String: Int] = [:]
        var backReferences = (set: 0, cleared: 0, last: 0)
        for step in 0..<250 {
            let kind = try run.step()
            kinds[kind, default: 0] += 1
            // Steps that gave the root a place in a shelf, and steps that took one away.
            let count = Self.referencesToTheRoot(in: run.original.root)
            if count > backReferences.last { backReferences.set += 1 }
            if count < backReferences.last { backReferences.cleared += 1 }
            backReferences.last = count
            try run.applyPatches()
            let original = try run.original.snapshot()
            let replica = try run.replica.snapshot()
            #expect(original == replica, "seed \(seed), step \(step) (\(kind)): the replica differs")
            if original != replica { return }
            if step % 10 == 0 {
                let reopened = try Mediator<Library>(opening: original).snapshot()
                #expect(reopened == original, "seed \(seed), step \(step): a snapshot opens to other bytes")
            }
        }
        #expect(kinds["update", default: 0] > 100 && kinds["undo", default: 0] > 15 && kinds["redo", default: 0] > 5)
        #expect(kinds["rolled back", default: 0] > 10 && run.patchCount > 100)
        #expect(backReferences.set > 12 && backReferences.cleared > 6, "back references to the root came and went: \(backReferences)")
        #expect(run.replica.violations == [] && run.original.violations == [])
    }

    /// How many places of the document's shelves hold the root, in every shape.
    static func referencesToTheRoot(in library: Library) -> Int {
        var seen: Set<ObjectIdentifier> = []
        var pending = library.shelves
        var count = 0
        while let shelf = pending.popLast() {
            guard seen.insert(ObjectIdentifier(shelf)).inserted else { continue }
            count += (shelf.library == nil ? 0 : 1) + shelf.libraries.count + shelf.librariesByKey.count + shelf.librarySet.count
            pending += shelf.children
        }
        return count
    }

    /// A store journals random updates, undo and redo (and saves now and then); reopened, it
    /// holds the same document, byte for byte, replaying its journal as one update.
    @Test(arguments: [21, 22, 23])
    func aStoreReopensToTheDocumentItJournaled(seed: UInt64) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ripple-property-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("library.ripple")
        try Mediator(root: makeLibrary(shelves: 3)).snapshot().write(to: url)
        for round in 0..<6 {
            let expected: Data
            do {
                let store = try DocumentStore<Library>(url: url, durability: .onSave)
                var run = try DocumentRun(seed: seed &* 100 &+ UInt64(round), original: store.mediator)
                for _ in 0..<40 { _ = try run.step() }
                if round % 2 == 1 { try store.save() }
                for _ in 0..<15 { _ = try run.step() }
                expected = try store.mediator.snapshot()
            }
            let reopened = try DocumentStore<Library>(url: url, durability: .onSave).mediator.snapshot()
            #expect(reopened == expected, "seed \(seed), round \(round): the reopened document differs")
            if reopened != expected { return }
        }
    }
}

/// A store whose disk refuses one write or sync in every few, at random, under random updates,
/// undo and redo: what it refuses rolls back (a replica fed the patches stays equal to it, the
/// refused updates' nodes and numbers gone with them), and reopened, it holds the document as
/// its mediator does, byte for byte.
@MainActor
@Suite struct DocumentRefusalPropertyTests {
    @Test(arguments: [31, 32, 33])
    func aStoreThatRefusesRandomUpdatesStaysEqualToItsReplicaAndReopensToIt(seed: UInt64) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ripple-refusal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("library.ripple")
        try Mediator(root: makeLibrary(shelves: 3)).snapshot().write(to: url)
        let files = FaultyFileCalls()
        files.counted = ["write", "fsync"]
        var expected = Data()
        var refused = 0
        do {
            let store = try DocumentStore<Library>(url: url, durability: .immediate, files: files)
            var run = try DocumentRun(seed: seed, original: store.mediator)
            for step in 0..<200 {
                if files.failingCall <= files.calls { files.failingCall = files.calls + Int.random(in: 1...6, using: &run.random) }
                let before = try store.mediator.snapshot()
                let failed = files.failure
                do {
                    _ = try run.step()
                } catch is DocumentError {
                    // An undo or a redo the disk refused: nothing changed.
                    #expect(try store.mediator.snapshot() == before, "seed \(seed), step \(step): a refused step changed the document")
                }
                if files.failure != failed { refused += 1 }
                try run.applyPatches()
                let original = try store.mediator.snapshot()
                #expect(original == (try run.replica.snapshot()), "seed \(seed), step \(step): the replica differs")
                if original != (try run.replica.snapshot()) { return }
            }
            expected = try store.mediator.snapshot()
        }
        #expect(refused > 20)
        let reopened = try DocumentStore<Library>(url: url, durability: .immediate, files: FaultyFileCalls()).mediator.snapshot()
        #expect(reopened == expected, "seed \(seed): the reopened document differs")
    }
}

@MainActor
private struct DocumentRun {
    struct Failure: Error {}

    let original: Mediator<Library>
    let replica: Mediator<Library>
    var random: SeededGenerator
    var pending: [Patch] = []
    var patchCount = 0
    private let inbox = Inbox()

    init(seed: UInt64, original: Mediator<Library>? = nil) throws {
        random = SeededGenerator(state: seed)
        let original = original ?? Mediator(root: makeLibrary(shelves: 3))
        self.original = original
        original.contracts = Contracts(.record)
        replica = try Mediator<Library>(opening: try original.snapshot())
        replica.contracts = Contracts(.record)
        let inbox = inbox
        original.patchRecorder.sinks.append { inbox.patches.append($0) }
    }

    /// Applies the patches made since the last call, each through `Codable`, as a network would
    /// carry them.
    mutating func applyPatches() throws {
        for patch in inbox.patches {
            // The journal writes patches directly: the same bytes as their Codable conformance.
            var encoded: [UInt8] = []
            try DocumentJSON.encode(patch, into: &encoded)
            #expect(patch.jsonBytes() == encoded, "the journal's JSON of \(patch)")
            let data = try JSONEncoder().encode(patch)
            try replica.apply(try JSONDecoder().decode(Patch.self, from: data))
            patchCount += 1
        }
        inbox.patches.removeAll()
    }

    /// One random update, undo or redo; returns which.
    mutating func step() throws -> String {
        let history = original.history
        switch Int.random(in: 0..<20, using: &random) {
        case 0..<3 where history.canUndo:
            try history.undo()
            return "undo"
        case 3..<9 where history.canRedo:
            try history.redo()
            return "redo"
        case 7, 8:
            var edits: [@MainActor (Library) -> Void] = []
            for _ in 0..<Int.random(in: 1...3, using: &random) { edits.append(randomEdit()) }
            do {
                try original.update { library in
                    for edit in edits { edit(library) }
                    throw Failure()
                }
            } catch {}
            return "rolled back"
        default:
            var edits: [@MainActor (Library) -> Void] = []
            for _ in 0..<Int.random(in: 1...4, using: &random) { edits.append(randomEdit()) }
            do {
                try original.update { library in for edit in edits { edit(library) } }
            } catch {
                return "rolled back"    // an invalid chart or note
            }
            return "update"
        }
    }

    /// One random edit of any saved member, with nodes shared, moved, cycled and replaced.
    mutating func randomEdit() -> @MainActor (Library) -> Void {
        let value = Int.random(in: 0..<5, using: &random)
        let pick = Int.random(in: 0..<100, using: &random)
        let other = Int.random(in: 0..<100, using: &random)
        func shelf(_ library: Library, _ pick: Int) -> Shelf? {
            let all = library.shelves + library.shelves.flatMap(\.children)
            return all.isEmpty ? nil : all[pick % all.count]
        }
        /// A shelf down a path of children from a shelf of the library, and one above it on
        /// that path (or itself, now and then).
        func lineage(_ library: Library) -> (node: Shelf, ancestor: Shelf)? {
            guard !library.shelves.isEmpty else { return nil }
            var path = [library.shelves[pick % library.shelves.count]]
            while path.count < 4, let last = path.last, !last.children.isEmpty {
                let next = last.children[(pick / path.count + other) % last.children.count]
                guard !path.contains(where: { $0 === next }) else { break }
                path.append(next)
            }
            let node = path[path.count - 1]
            return (node, value == 4 ? node : path[other % max(1, path.count - 1)])
        }
        switch Int.random(in: 0..<28, using: &random) {
        case 0: return { $0.userID = value }
        case 1: return { $0.catalog.total = value }
        case 2: return { $0.catalog.tags.insert("t\(value)") }
        case 3: return { $0.catalog.tags.remove("t\(value)") }
        case 4: return { $0.settings.open("f\(value)") }
        case 5: return { $0.scores["s\(value)"] = value == 0 ? nil : value }
        case 6: return { shelf($0, pick)?.title = "title \(value)" }
        case 7: return { shelf($0, pick)?.entries.insert("e\(value)", at: 0) }
        case 8: return { library in if let shelf = shelf(library, pick), !shelf.entries.isEmpty { shelf.entries.removeLast() } }
        case 9: return { $0.shelves.append(Shelf(id: value, title: "new \(value)")) }
        case 10: return { library in if library.shelves.count > 1 { library.shelves.swapAt(0, library.shelves.count - 1) } }
        case 11: return { library in if !library.shelves.isEmpty { library.shelves.remove(at: pick % library.shelves.count) } }
        case 12: return { $0.pinned = value == 0 ? nil : shelf($0, pick) }
        case 13: return { library in library.shelvesByKey["k\(value)"] = shelf(library, pick) }
        case 14: return { library in library.archive = value == 0 ? nil : (library.archive ?? []) + [shelf(library, pick)].compactMap { $0 } }
        case 15:
            // A child, perhaps an ancestor: cycles of shelves.
            return { library in
                guard let parent = shelf(library, pick), let child = shelf(library, other) else { return }
                parent.children.append(child)
            }
        case 16: return { library in if let shelf = shelf(library, pick), !shelf.children.isEmpty { shelf.children.removeFirst() } }
        case 17:
            // Notes with replies, recursive; the same note featured and keyed.
            return { library in
                let note = Note(id: value, "note \(value)", replies: [Note(id: -value, "reply", replies: [Note(id: 0, "deep")])])
                library.notes.append(note)
                if value % 2 == 0 { library.featuredNote = note }
                library.notesByKey["n\(value)"] = note
            }
        case 18: return { library in if let note = library.notes.last { note.replies.append(Note(id: value, "more")) } }
        // Back references to the root, in every shape: set, cleared, set again.
        case 20: return { library in shelf(library, pick)?.library = value == 0 ? nil : library }
        case 21:
            return { library in
                guard let shelf = shelf(library, pick) else { return }
                if value < 2 { shelf.libraries.removeAll() } else { shelf.libraries.append(library) }
            }
        case 22: return { library in shelf(library, pick)?.librariesByKey["r\(value % 3)"] = value < 2 ? nil : library }
        case 23:
            return { library in
                guard let shelf = shelf(library, pick) else { return }
                if value < 2 { shelf.librarySet.remove(library) } else { shelf.librarySet.insert(library) }
            }
        // Back references to the shelf's own ancestors (or to itself), in every shape.
        case 24:
            return { library in
                guard let (node, ancestor) = lineage(library) else { return }
                node.parent = value == 0 ? nil : ancestor
            }
        case 25:
            return { library in
                guard let (node, ancestor) = lineage(library) else { return }
                if value < 2 { node.ancestors.removeAll() } else { node.ancestors.append(ancestor) }
            }
        case 26:
            return { library in
                guard let (node, ancestor) = lineage(library) else { return }
                node.ancestorsByKey["a\(value % 3)"] = value < 2 ? nil : ancestor
            }
        case 27:
            return { library in
                guard let (node, ancestor) = lineage(library) else { return }
                if value < 2 { node.ancestorSet.remove(ancestor) } else { node.ancestorSet.insert(ancestor) }
            }
        default:
            let first = Int.random(in: 1...100, using: &random)
            return { $0.chart.slices = first == 100 ? [Slice("a", 100)] : [Slice("a", first), Slice("b", 100 - first)] }
        }
    }
}

/// The patches the original made, as its recorder hands them over.
@MainActor
private final class Inbox {
    var patches: [Patch] = []
}
