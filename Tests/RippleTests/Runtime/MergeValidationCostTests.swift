@testable import Ripple
import Testing

/// After a merge, the validator looks at what the merge touched: a figure moved between two
/// groups, linked to its new group, is validated with its groups, and nothing below them is
/// walked (the figure's link to the root and the group's link to its parent lead to the whole
/// drawing), at 1,000 nodes as at 20,000.
@MainActor
@Suite(.serialized) struct MergeValidationCostTests {
    typealias D = DrawingReplicas

    /// The nodes the validator of a replica walks below attached nodes for a merged move, in a
    /// drawing of about `nodes` figures.
    static func nodesWalked(nodes: Int) throws -> Int {
        let previous = DocumentLimits.default
        DocumentLimits.default = DrawingScaleProbeTests.limits
        defer { DocumentLimits.default = previous }
        let library = Library()
        library.drawing = DrawingScaleProbeTests.drawing(nodes: nodes, library: library)
        let replicas = try ReplicaGroup.replicas(2, of: library)
        let (a, b) = (replicas[0], replicas[1])
        try DocumentDepthPlacementTests.moveFigure(on: a, from: 4, to: 5)
        let validator = b.core.validator
        let before = validator.nodesWalkedBelowAttached
        try b.merge(try a.changes(since: b.version))
        #expect(D.group(b, 5).figures[1].group === D.group(b, 5))
        return validator.nodesWalkedBelowAttached - before
    }

    @Test func aMergedMoveIsValidatedWithoutAWalkOfTheDocument() throws {
        let small = try Self.nodesWalked(nodes: 1_000)
        let large = try Self.nodesWalked(nodes: 20_000)
        #expect(small == 0)
        #expect(large == small)
    }
}
