import Foundation
@testable import Ripple
import Testing

/// Per-node processors whose nodes read each other's output (recursive derived state): a
/// folder's note count of its subtree summed from its subfolders' counts (children first), a
/// folder's depth from its parent's (parents first).
@MainActor
@Suite(.serialized) struct RecursiveProcessorTests {
    typealias V = VaultReplicas

    /// Counts the runs of a processor.
    final class Runs {
        var count = 0
    }

    private func registerCounts(_ mediator: Mediator<Library>, runs: Runs = Runs()) throws -> Registration {
        mediator.contracts = Contracts(.record)
        return try mediator.process(
            "noteCount", forEach: VaultFolder.self,
            reads: [VaultFolder.scheme.notes, VaultFolder.scheme.folders.noteCount], writes: [VaultFolder.scheme.noteCount]
        ) { folder in
            runs.count += 1
            folder.noteCount = folder.notes.count + folder.folders.reduce(0) { $0 + $1.noteCount }
        }
    }

    /// The folders whose count is not the notes of their subtree, recomputed plainly.
    private func wrongCounts(_ mediator: Mediator<Library>) -> [String] {
        V.allFolders(V.vault(mediator).top!).compactMap { folder in
            let expected = V.allFolders(folder).reduce(0) { $0 + $1.notes.count }
            return folder.noteCount == expected ? nil : "\(folder.name): \(folder.noteCount), holds \(expected)"
        }
    }

    @Test func aDepthReadFromTheParentsDepthRunsParentsFirstAndFollowsMoves() throws {
        let mediator = Mediator(root: V.makeLibrary())
        mediator.contracts = Contracts(.record)
        // The count member holds the depth here: the vault has no other derived folder member.
        let depths = try mediator.process(
            "depth", forEach: VaultFolder.self, reads: [VaultFolder.scheme.parent.noteCount], writes: [VaultFolder.scheme.noteCount]
        ) { folder in
            folder.noteCount = folder.parent.map { $0.noteCount + 1 } ?? 0
        }
        defer { depths.cancel() }
        func wrongDepths() -> [String] {
            V.allFolders(V.vault(mediator).top!).compactMap { folder in
                var depth = 0
                var above = folder.parent
                while let next = above {
                    depth += 1
                    above = next.parent
                }
                return folder.noteCount == depth ? nil : "\(folder.name): \(folder.noteCount), at \(depth)"
            }
        }
        mediator.refresh()
        #expect(wrongDepths().isEmpty, "\(wrongDepths())")
        try mediator.update { _ in
            let d1 = V.folder(mediator, "d1")!
            V.vault(mediator).top!.folders.removeAll { $0 === d1 }
            V.folder(mediator, "d0.0")!.folders.append(d1)
            d1.parent = V.folder(mediator, "d0.0")
        }
        #expect(V.folder(mediator, "d1.1")!.noteCount == 4)
        #expect(wrongDepths().isEmpty, "\(wrongDepths())")
        try mediator.history.undo()
        #expect(wrongDepths().isEmpty, "after an undo: \(wrongDepths())")
        #expect(mediator.violations.isEmpty, "\(mediator.violations)")
    }

    @Test func processorsThatFeedEachOtherAreStillRefused() throws {
        let mediator = Mediator(root: V.makeLibrary())
        let counts = try registerCounts(mediator)
        defer { counts.cancel() }
        #expect(throws: RippleError.dependencyCycle(
            registrations: ["tidy", "noteCount", "tidy"], properties: ["VaultFolder.notes", "VaultFolder.noteCount"]
        )) {
            try mediator.process("tidy", forEach: VaultFolder.self, reads: [VaultFolder.scheme.noteCount], writes: [VaultFolder.scheme.notes]) { _ in }
        }
        // Reading elsewhere what it writes in nodes of another class: no order of its nodes helps.
        #expect(throws: RippleError.dependencyCycle(registrations: ["titles", "titles"], properties: ["VaultNote.title"])) {
            try mediator.process(
                "titles", forEach: VaultFolder.self, reads: [VaultFolder.scheme.parent.notes.title],
                writes: [VaultFolder.scheme.notes.title]) { _ in }
        }
        mediator.refresh()
        #expect(wrongCounts(mediator).isEmpty)
    }

    @Test func aFolderThatHoldsItselfIsReportedAndLeftAsItIsUntilTheLoopIsBroken() throws {
        let mediator = Mediator(root: V.makeLibrary())
        var failures: [UpdateFailure] = []
        mediator.failureHandler = { failures.append($0) }
        let counts = try registerCounts(mediator)
        defer { counts.cancel() }
        mediator.refresh()
        let d0 = V.folder(mediator, "d0")!
        try mediator.update { _ in d0.folders.append(d0) }
        #expect(failures.count == 1)
        #expect(failures.first?.origin == "noteCount")
        #expect(failures.first?.wasRolledBack == false)
        #expect(failures.first.map { "\($0.error)" }?.contains("'noteCount'") == true)
        #expect(d0.noteCount == 6 && V.vault(mediator).top!.noteCount == 18, "values left as they were")
        // An edit below the loop: what does not read the loop still follows.
        try mediator.update { _ in
            let note = VaultNote("below")
            note.folder = V.folder(mediator, "d0.1")
            V.folder(mediator, "d0.1")!.notes.append(note)
        }
        #expect(V.folder(mediator, "d0.1")!.noteCount == 4)
        #expect(d0.noteCount == 6)
        try mediator.update { _ in d0.folders.removeLast() }
        #expect(wrongCounts(mediator).isEmpty, "\(wrongCounts(mediator))")
        #expect(V.vault(mediator).top!.noteCount == 19)
        #expect(failures.count == 2)
        #expect(mediator.violations.isEmpty, "\(mediator.violations)")
    }

    /// A tree of three levels, `folders` folders of `subfolders` each: an edit of one leaf
    /// runs the leaf and its two ancestors, whatever the size of the tree.
    private func runsForOneLeafEdit(folders: Int, subfolders: Int) throws -> (runs: Int, folders: Int) {
        let mediator = Mediator(root: V.makeLibrary(folders: folders, subfolders: subfolders, notes: 0))
        let runs = Runs()
        let counts = try registerCounts(mediator, runs: runs)
        defer { counts.cancel() }
        mediator.refresh()
        let all = V.allFolders(V.vault(mediator).top!)
        #expect(runs.count == all.count)
        runs.count = 0
        let leaf = V.folder(mediator, "d\(folders / 2).\(subfolders / 2)")!
        try mediator.update { _ in
            let note = VaultNote("new")
            note.folder = leaf
            leaf.notes.append(note)
        }
        #expect(V.vault(mediator).top!.noteCount == 1)
        #expect(mediator.violations.isEmpty)
        return (runs.count, all.count)
    }

    @Test func aLeafEditRerunsItsAncestorsOnlyAtAThousandAndTwentyThousandFolders() throws {
        let small = try runsForOneLeafEdit(folders: 10, subfolders: 99)
        let large = try runsForOneLeafEdit(folders: 20, subfolders: 999)
        #expect(small.folders == 1_001 && large.folders == 20_001)
        #expect(small.runs == 3)
        #expect(large.runs == small.runs)
    }

    @Test func anEditThatLeavesTheCountsAsTheyWereRunsNoAncestor() throws {
        let mediator = Mediator(root: V.makeLibrary())
        let runs = Runs()
        let counts = try registerCounts(mediator, runs: runs)
        defer { counts.cancel() }
        mediator.refresh()
        runs.count = 0
        // A note moved between two subfolders of one folder: both rerun, their parent's count
        // reads two changed counts and reruns, and the top's count does not change.
        try mediator.update { _ in
            let (from, to) = (V.folder(mediator, "d1.0")!, V.folder(mediator, "d1.1")!)
            let note = from.notes.removeLast()
            to.notes.append(note)
            note.folder = to
        }
        #expect(runs.count == 3)
        #expect(wrongCounts(mediator).isEmpty)
    }
}
