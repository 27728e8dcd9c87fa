import Foundation
@testable import Ripple
import Testing

/// A merge is never refused by `validate()` (replicas must converge): two concurrent edits,
/// each valid alone, that make a node invalid together are kept, and the node is reported to
/// the failure handler for the app to repair with an ordinary update.
@MainActor
@Suite struct ReplicaValidationTests {
    @Test func concurrentValidEditsThatAreInvalidTogetherAreKeptAndReported() throws {
        let (first, slices) = try makeChart()
        _ = first.replicaID
        let second = try Mediator<Library>(opening: try first.snapshot())
        _ = second.replicaID
        var failures: [UpdateFailure] = []
        second.failureHandler = { failures.append($0) }
        // First: A 50, B 50. Second: B replaced by C of 40. Together: A 50, C 40 (B is gone).
        try first.update { _ in
            slices[0].percent = 50
            slices[1].percent = 50
        }
        try second.update { library in
            library.chart.slices.removeLast()
            library.chart.slices.append(Slice("C", 40))
        }
        try second.merge(try first.changes(since: second.version))
        #expect(second.root.chart.slices.map(\.label) == ["A", "C"])
        #expect(second.root.chart.slices.map(\.percent) == [50, 40])
        let failure = try #require(failures.first)
        #expect(!failure.wasRolledBack)
        let invalid = try #require(failure.error as? InvalidAfterMerge)
        #expect(invalid.failures.count == 1)
        #expect(invalid.failures.first?.node === second.root.chart)
        #expect(invalid.failures.first?.error as? Chart.Problem == .totalIsNot100(90))
        // The app repairs it with an ordinary update, which the other replica receives.
        try second.update { $0.chart.slices[1].percent = 50 }
        try first.merge(try second.changes(since: first.version))
        #expect(first.root.chart.slices.map(\.percent) == [50, 50])
        #expect(try first.snapshot() == second.snapshot())
    }
}
