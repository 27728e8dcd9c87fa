import Foundation
@testable import Ripple
import Testing

/// A recursive per-node processor (each folder's note count of its subtree, summed from its
/// subfolders' counts) against a plain recomputation, over random folder trees and random
/// adds, moves, removals and undos, one or two in an update.
@MainActor
@Suite(.serialized) struct RecursiveProcessorPropertyTests {
    typealias V = VaultReplicas

    @MainActor
    private struct Run {
        var random: SeededGenerator
        let mediator: Mediator<Library>
        var made = 0

        var top: VaultFolder { V.vault(mediator).top! }
        var folders: [VaultFolder] { V.allFolders(top) }

        mutating func pick<Element>(_ elements: [Element]) -> Element? {
            elements.isEmpty ? nil : elements[Int(random.next() % UInt64(elements.count))]
        }

        mutating func newFolder(notes: Int) -> VaultFolder {
            made += 1
            let folder = VaultFolder("new \(made)")
            for index in 0..<notes {
                let note = VaultNote("new \(made).\(index)")
                note.folder = folder
                folder.notes.append(note)
            }
            return folder
        }

        /// One random edit; returns what it did.
        mutating func edit() -> String {
            let folders = self.folders
            let below = Array(folders.dropFirst())
            switch random.next() % 6 {
            case 0:
                let folder = pick(folders)!
                let added = newFolder(notes: Int(random.next() % 3))
                if random.next() % 2 == 0 { added.folders.append(newFolder(notes: 1)) }
                for sub in added.folders { sub.parent = added }
                added.parent = folder
                folder.folders.append(added)
                return "add a folder to \(folder.name)"
            case 1:
                guard let folder = pick(below), let parent = folder.parent else { return "nothing" }
                parent.folders.removeAll { $0 === folder }
                return "remove \(folder.name)"
            case 2:
                guard let folder = pick(below), let parent = folder.parent else { return "nothing" }
                let inside = Set(V.allFolders(folder).map(ObjectIdentifier.init))
                guard let target = pick(folders.filter { !inside.contains(ObjectIdentifier($0)) }) else { return "nothing" }
                parent.folders.removeAll { $0 === folder }
                target.folders.append(folder)
                folder.parent = target
                return "move \(folder.name) to \(target.name)"
            case 3:
                let folder = pick(folders)!
                made += 1
                let note = VaultNote("note \(made)")
                note.folder = folder
                folder.notes.append(note)
                return "add a note to \(folder.name)"
            case 4:
                guard let folder = pick(folders.filter { !$0.notes.isEmpty }) else { return "nothing" }
                folder.notes.removeFirst()
                return "remove a note of \(folder.name)"
            default:
                guard let from = pick(folders.filter { !$0.notes.isEmpty }), let to = pick(folders) else { return "nothing" }
                let note = from.notes.removeLast()
                to.notes.insert(note, at: 0)
                note.folder = to
                return "move a note from \(from.name) to \(to.name)"
            }
        }
    }

    /// The folders whose count is not the notes of their subtree, recomputed plainly.
    private func wrongCounts(_ top: VaultFolder) -> [String] {
        V.allFolders(top).compactMap { folder in
            let expected = V.allFolders(folder).reduce(0) { $0 + $1.notes.count }
            return folder.noteCount == expected ? nil : "\(folder.name): \(folder.noteCount), holds \(expected)"
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func countsEqualARecomputationAfterEveryUpdate(seed: UInt64) throws {
        var random = SeededGenerator(state: seed)
        let library = V.makeLibrary(
            folders: 1 + Int(random.next() % 4), subfolders: Int(random.next() % 4), notes: Int(random.next() % 3))
        var run = Run(random: random, mediator: Mediator(root: library))
        let mediator = run.mediator
        mediator.contracts = Contracts(.record)
        var runs = 0
        let counts = try mediator.process(
            "noteCount", forEach: VaultFolder.self,
            reads: [VaultFolder.scheme.notes, VaultFolder.scheme.folders.noteCount], writes: [VaultFolder.scheme.noteCount]
        ) { folder in
            runs += 1
            folder.noteCount = folder.notes.count + folder.folders.reduce(0) { $0 + $1.noteCount }
        }
        defer { counts.cancel() }
        mediator.refresh()
        #expect(wrongCounts(run.top).isEmpty)
        var done: [String] = []
        for step in 0..<60 {
            let before = runs
            if run.random.next() % 5 == 0, mediator.history.canUndo {
                try mediator.history.undo()
                done.append("undo")
            } else {
                try mediator.update { _ in
                    done.append(run.edit())
                    if run.random.next() % 3 == 0 { done.append(run.edit()) }
                }
            }
            let wrong = wrongCounts(run.top)
            #expect(wrong.isEmpty, "seed \(seed), step \(step) after \(done.suffix(3)): \(wrong.prefix(3))")
            #expect(runs - before <= run.folders.count, "a folder ran twice in one refresh")
            if !wrong.isEmpty { break }
        }
        #expect(mediator.violations.isEmpty, "seed \(seed): \(mediator.violations.prefix(3))")
    }
}
