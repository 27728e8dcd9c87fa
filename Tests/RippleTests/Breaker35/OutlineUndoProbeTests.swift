import Foundation
@testable import Ripple
import Testing

/// Issue 35's breaker: "undoing n times then redoing n times leaves the document as it was,
/// whatever arrived" (EditingTogether.md, Undo is local), with moves, removals and dictionary
/// edits of other replicas merged between the steps.
@MainActor
@Suite struct OutlineUndoProbeTests {
    typealias O = OutlineReplicas
    typealias E = OutlineEdits

    /// One session: A makes `n` steps; B and C, some having seen them, move, remove and re-key
    /// pages meanwhile; D opens A's snapshot. A undoes its n steps and redoes them, merging the
    /// others' changes one by one between the steps, and D merges the same changes: A must show
    /// what D shows, and all four converge.
    func session(seed: UInt64, otherKinds: [Int]) throws -> String? {
        var random = SeededGenerator(state: seed)
        let traced = ProcessInfo.processInfo.environment["BREAKER35_TRACE"] == "\(seed)"
        func trace(_ what: String, _ mediator: Mediator<Library>) {
            if traced { print("breaker35 trace \(seed) \(what):\n\(E.contents(mediator))") }
        }
        let replicas = try O.replicas(3, pages: 3, children: 2)
        let (a, b, c) = (replicas[0], replicas[1], replicas[2])
        trace("start", a)
        let steps = Int.random(in: 1...4, using: &random)
        for step in 0..<steps {
            try a.update(undoName: "step \(step)") { library in
                E.edit(library.notebook!, kinds: [0, 1, 2, 3, 4, 5, 6], name: "a\(step)", &random)
            }
        }
        trace("A after its steps", a)
        let d = try Mediator<Library>(opening: try a.snapshot())
        var pieces: [ChangeSet] = []
        for (index, other) in [b, c].enumerated() {
            if Bool.random(using: &random) { try O.sync(a, into: other) }
            for edit in 0..<Int.random(in: 1...4, using: &random) {
                let version = other.version
                try other.update { library in
                    E.edit(library.notebook!, kinds: otherKinds, name: "\(index == 0 ? "b" : "c")\(edit)", &random)
                }
                pieces.append(try other.changes(since: version))
            }
        }
        pieces.shuffle(using: &random)
        func deliver() throws {
            guard !pieces.isEmpty else { return }
            let piece = pieces.removeFirst()
            try a.merge(piece)
            try d.merge(piece)
            trace("A after a merge", a)
            trace("D after a merge", d)
        }
        for _ in 0..<steps {
            try a.history.undo()
            trace("A after an undo", a)
            try deliver()
        }
        for _ in 0..<steps {
            try a.history.redo()
            trace("A after a redo", a)
            try deliver()
        }
        while !pieces.isEmpty { try deliver() }
        let shown = E.contents(a)
        let expected = E.contents(d)
        try O.syncAll([a, b, c, d])
        let converged = Set(try [a, b, c, d].map(O.text)).count == 1 ? "they converge" : "the four differ once synced"
        if shown != expected {
            let missing = Set(expected.split(separator: "\n")).subtracting(shown.split(separator: "\n")).sorted()
            let extra = Set(shown.split(separator: "\n")).subtracting(expected.split(separator: "\n")).sorted()
            return "seed \(seed), \(steps) steps (\(converged)): A lacks \(missing), A has \(extra)"
        }
        if converged != "they converge" { return "seed \(seed): \(converged)" }
        return nil
    }

    /// A short history after the sessions' most common failure (seed 12; also 31, 39, 108, 110
    /// and 140 lose a new page): A removes a child page, then adds a page at the end of the top
    /// pages (after p2), and undoes both; another replica meanwhile files p2 under a page (or
    /// removes it), and A merges that; A redoes both. A's new page must come back. In seed 12
    /// it did not, on any replica once they sync; the redo now puts the page back by its own
    /// item (`ReplicaRedoPlacementTests` holds the shortest history).
    @Test(arguments: [false, true]) func aRedoneNewPageComesBackAfterAMergedMoveOfItsNeighbour(moved: Bool) throws {
        let replicas = try O.replicas(2)
        let (a, b) = (replicas[0], replicas[1])
        try a.update(undoName: "Remove child") { library in
            let book = library.notebook!
            let child = book.pages[0].children.removeFirst()
            child.parent = nil
        }
        try a.update(undoName: "New page") { library in
            let page = Page("mine", words: 1)
            page.notebook = library.notebook
            library.notebook!.pages.append(page)
        }
        try a.history.undo()
        try a.history.undo()
        try b.update { library in
            let book = library.notebook!
            let page = book.pages.removeLast()
            if moved {
                page.parent = book.pages[0].children[1]
                book.pages[0].children[1].children.append(page)
            }
        }
        try O.sync(b, into: a)
        try a.history.redo()
        try a.history.redo()
        try O.syncAll([a, b])
        let found = a.root.notebook!.pages.map(\.title).contains("mine")
        print("breaker35 redo after a merged \(moved ? "move" : "removal") of the neighbour: page back \(found)")
        #expect(found, "\(O.outline(a))")
        #expect(try O.text(a) == O.text(b))
    }

    /// Moves, removals and dictionary edits of the others between the undo and redo steps.
    @Test func undoThenRedoLeavesTheDocumentAsItWas() throws {
        var failures: [String] = []
        for seed in UInt64(1)...40 {
            do {
                if let failure = try session(seed: seed, otherKinds: [1, 2, 3]) { failures.append(failure) }
            } catch {
                failures.append("seed \(seed): threw \(error)")
            }
        }
        print("breaker35 undo sessions: \(failures.count) of 40 failed\n\(failures.joined(separator: "\n"))")
        // Breaker35 finding: a few sessions in 40 (7 in the first run) leave A without what
        // its redone steps made or with what they undid, against D.
        withKnownIssue("breaker35: undo n times, redo n times, with moves, removals and re-keys merged between, changes the document", isIntermittent: true) {
            #expect(failures.isEmpty, "\(failures.count) of 40: \(failures.prefix(3).joined(separator: "\n"))")
        }
    }

    /// Every kind of edit of the others between the steps (values, sets, new pages, tasks too).
    @Test func undoThenRedoLeavesTheDocumentAsItWasWhateverArrives() throws {
        var failures: [String] = []
        for seed in UInt64(101)...140 {
            do {
                if let failure = try session(seed: seed, otherKinds: [0, 1, 2, 3, 4, 5, 6]) { failures.append(failure) }
            } catch {
                failures.append("seed \(seed): threw \(error)")
            }
        }
        print("breaker35 undo sessions, every kind: \(failures.count) of 40 failed\n\(failures.joined(separator: "\n"))")
        withKnownIssue("breaker35: undo n times, redo n times, with any edits merged between, changes the document", isIntermittent: true) {
            #expect(failures.isEmpty, "\(failures.count) of 40: \(failures.prefix(3).joined(separator: "\n"))")
        }
    }
}
