import Foundation
@testable import Ripple
import Testing

/// Issue 36's breaker: groups nested deep, alone and concurrently: two edits that each keep
/// the drawing within the replicas' depth limit but nest deeper than it together, and a chain
/// of groups at and past 1,000 levels with the limit raised (snapshot, open, merge, undo).
@MainActor
@Suite(.serialized) struct DrawingDepthProbeTests {
    typealias D = DrawingReplicas

    /// Runs `body` with `limits` as every mediator's default.
    func with<T>(_ limits: DocumentLimits, _ body: () throws -> T) rethrows -> T {
        let previous = DocumentLimits.default
        DocumentLimits.default = limits
        defer { DocumentLimits.default = previous }
        return try body()
    }

    /// One replica nests 30 groups under group 0; the other, at once, puts the group holding
    /// group 0 under 30 groups of its own. Each fits the limit of 60 levels; together they nest
    /// about 70 deep. The replicas must converge all the same (a merge is never refused for a
    /// valid change, EditingTogether.md), or say what the app should do. Both merges throw
    /// `tooLarge`, each replica keeps its own edit, and every later change of either waits
    /// behind the refused one: the two never meet again.
    @Test func twoEditsThatNestTooDeepOnlyTogetherStillConverge() throws {
        try with(DocumentLimits(maximumDepth: 60)) {
            let (a, b) = try D.pair()
            try a.update { _ in
                let chain = D.chain(30)
                chain.parent = D.group(a, 0)
                D.group(a, 0).groups.append(chain)
            }
            try b.update { library in
                let layers = library.drawing!.artboards[0].layers
                let chain = D.chain(30)
                let bottom = D.deepest(chain)
                layers[1].groups.append(chain)
                let top = layers[0].groups.removeFirst()
                bottom.groups.append(top)
                top.parent = bottom
            }
            var refusals: [String] = []
            for (from, to) in [(a, b), (b, a)] {
                do { try D.sync(from, into: to) } catch { refusals.append("\(error)") }
            }
            let texts = try [a, b].map(D.text)
            // Breaker36 finding, fixed by depth9's rule (a merge is judged by what it brings).
            #expect(refusals.isEmpty, "\(refusals)")
            #expect(texts[0] == texts[1], "the replicas differ, and no edit can bring them together")
        }
    }

    /// A chain of 1,000 groups (the limit raised to 1,200) edited at its bottom, merged,
    /// undone, snapshot and opened; then 5,000 with the limit raised to 6,000.
    @Test(arguments: [1_000, 5_000]) func aChainOfGroupsAsDeepAsTheLimitAllowsWorks(depth: Int) throws {
        try with(DocumentLimits(maximumDepth: depth + 200)) {
            let (a, b) = try D.pair()
            try a.update { library in library.drawing!.artboards[0].layers[1].groups.append(D.chain(depth)) }
            try D.sync(a, into: b)
            let bottom = D.deepest(D.drawing(a).artboards[0].layers[1].groups.last!)
            try a.update(undoName: "deep") { _ in
                bottom.figures[0].x = 5
                bottom.groups.append(ShapeGroup("below"))
            }
            try b.update { _ in
                D.deepest(D.drawing(b).artboards[0].layers[1].groups.last!).figures[0].name = "b's"
            }
            try D.syncAll([a, b])
            #expect(try D.text(a) == D.text(b))
            try a.history.undo()
            try D.syncAll([a, b])
            #expect(try D.text(a) == D.text(b))
            let reopened = try Mediator<Library>(opening: try a.snapshot())
            #expect(D.visible(reopened) == D.visible(a))
            try a.update { library in library.drawing!.artboards[0].layers[1].groups.removeLast() }
            try D.syncAll([a, b])
            #expect(try D.text(a) == D.text(b))
        }
    }
}
