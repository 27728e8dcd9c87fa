@testable import Ripple
import Testing

/// A move, or a group added below a deep chain, is judged by what it placed, not by a walk of the
/// document: in a drawing that also holds a chain of 1,000 groups, the depth checks of a replica
/// visit as many nodes at 1,000 nodes as at 20,000.
@MainActor
@Suite(.serialized) struct DocumentDepthPlacementTests {
    typealias D = DrawingReplicas

    /// The nodes the depth checks of a replica visit, in a drawing of about `nodes` figures, for:
    /// a group added at the bottom of the chain, a figure moved between two groups, the same two
    /// made on another replica and merged.
    static func nodesVisited(nodes: Int) throws -> [String: Int] {
        let previous = DocumentLimits.default
        DocumentLimits.default = DrawingScaleProbeTests.limits
        defer { DocumentLimits.default = previous }
        let library = Library()
        library.drawing = DrawingScaleProbeTests.drawing(nodes: nodes, library: library)
        let replicas = try ReplicaGroup.replicas(2, of: library)
        // The second replica is opened from a document: it knows its depth.
        let (a, b) = (replicas[0], replicas[1])
        var visited: [String: Int] = [:]
        func count(_ name: String, _ body: () throws -> Void) rethrows {
            let before = b.identities.depth.visited
            try body()
            visited[name] = b.identities.depth.visited - before
        }
        try count("local add") { try addGroup(below: b) }
        try count("local move") { try moveFigure(on: b, from: 2, to: 3) }
        try addGroup(below: a)
        try count("merged add") { try b.merge(try a.changes(since: b.version)) }
        try moveFigure(on: a, from: 4, to: 5)
        try count("merged move") { try b.merge(try a.changes(since: b.version)) }
        #expect(D.deepest(D.drawing(b).artboards[0].layers[1].groups.last!).name == "below")
        #expect(D.group(b, 3).figures[1].group === D.group(b, 3) && D.group(b, 5).figures[1].group === D.group(b, 5))
        return visited
    }

    /// A group added at the bottom of the chain, linked to its parent.
    static func addGroup(below mediator: Mediator<Library>) throws {
        let deepest = D.deepest(D.drawing(mediator).artboards[0].layers[1].groups.last!)
        try mediator.update { _ in
            let group = ShapeGroup("below")
            group.parent = deepest
            deepest.groups.append(group)
        }
    }

    /// The last figure of group `from` moved into group `to`, linked to it.
    static func moveFigure(on mediator: Mediator<Library>, from: Int, to: Int) throws {
        try mediator.update { _ in
            let figure = D.group(mediator, from).figures.removeLast()
            D.group(mediator, to).figures.insert(figure, at: 1)
            figure.group = D.group(mediator, to)
        }
    }

    @Test func aMoveOrAGroupAddedBelowADeepChainCostsWhatItPlacesNotTheDocument() throws {
        let small = try Self.nodesVisited(nodes: 1_000)
        // A count, not a time: 20,000 shows it as well as 100,000 would, in a fifth of CI's time.
        let large = try Self.nodesVisited(nodes: 20_000)
        // The group that entered; the figure moved and its paint.
        #expect(small == ["local add": 1, "local move": 2, "merged add": 1, "merged move": 2])
        #expect(large == small)
    }
}
