import Foundation
@testable import Ripple
import Testing

/// A node made in an update is judged by a local move's cycle check under the holder it
/// entered (breaker36 finding 3).
@MainActor
@Suite struct ReplicaMadeHolderTests {
    typealias D = DrawingReplicas

    /// One replica moves a figure out of a group (its back reference now names the other group)
    /// and adds a new figure to the group whose back reference names it: the group left one back
    /// reference and entered another, a move into a node inside itself. Recorded as a move, every
    /// replica judged it void and hid the new figure's back reference but the one that made it,
    /// whose model still showed it: the other replica showed it nil, and their snapshots differed.
    @Test(arguments: 0..<2) func aBackReferenceOfANewFigureToItsGroupShowsOnEveryReplica(seed: UInt64) throws {
        let (a, b) = try D.pair(seed: seed)
        try moveOutAndAdd(b)
        try D.syncAll([a, b])
        #expect(D.group(a, 0).figures.last?.group === D.group(a, 0), "seed \(seed)")
        #expect(D.visible(a) == D.visible(b), "seed \(seed): \(D.difference(a, b))")
        #expect(try D.text(a) == D.text(b), "seed \(seed)")
    }

    /// The same while the other replica removes the group: hidden, the new figure keeps its back
    /// reference, and the undo of the removal brings it back alike on both.
    @Test func aRemovedGroupsNewFigureKeepsItsBackReference() throws {
        let (a, b) = try D.pair(seed: 0)
        try a.update(undoName: "delete group") { library in
            _ = library.drawing!.artboards[0].layers[0].groups[0].groups.remove(at: 0)
        }
        try moveOutAndAdd(b)
        try D.syncAll([a, b])
        #expect(try D.text(a) == D.text(b))
        try a.history.undo()
        try D.syncAll([a, b])
        #expect(D.group(a, 0).figures.last?.group === D.group(a, 0))
        #expect(D.visible(a) == D.visible(b), "\(D.difference(a, b))")
        #expect(try D.text(a) == D.text(b))
    }

    /// On `b`: a figure moved out of group 0 into group 1, and a new figure added to group 0,
    /// each with its back reference.
    func moveOutAndAdd(_ b: Mediator<Library>) throws {
        try b.update { _ in
            let group = D.group(b, 0)
            let moved = group.figures.remove(at: 2)
            D.group(b, 1).figures.append(moved)
            moved.group = D.group(b, 1)
            let added = Figure("added by b")
            added.group = group
            group.figures.append(added)
        }
    }
}
