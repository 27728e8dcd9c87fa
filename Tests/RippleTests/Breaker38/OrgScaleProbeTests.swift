import Foundation
@testable import Ripple
import Testing

/// Issue 38's breaker: many nodes naming one node below a validating class. Below a class with
/// `validate()` every node is linked to its parents, and each link is added after scans of the
/// named node's whole list of parents (`Validator.linkBelow`'s `contains`, then
/// `Tracker.addParent`'s `removeAll` and `contains`), so making a mediator costs the square of the
/// nodes that name one node. Found with the org chart in a release build (the scratch package, a
/// `Department.validate()` as BuildingAnApp writes one, 100,000 employees and 11,111 departments
/// naming the company, load about 28 on 2 cores): `Mediator(root:)` had not returned after
/// minutes, its stack in those scans each time it was sampled; with 11,111 departments alone
/// naming it, still minutes. The org chart here has no `validate()` (adding one would regenerate
/// the test model), so this shows it with the test model's chart, whose slices name it and which
/// validates: the cost per slice at 1,000 and at `BREAKER38_LARGE` (default 16,000) slices.
/// Fixed by indexing the parents of a node that has many (`ParentLinks`): 0.9 times with back
/// references in a debug build (ManyParentsValidationTests counts the links looked at instead).
@MainActor
@Suite(.serialized) struct OrgScaleProbeTests {
    nonisolated static let large = Int(ProcessInfo.processInfo.environment["BREAKER38_LARGE"] ?? "") ?? 16_000

    /// Microseconds per slice to make a mediator of a chart of `count` slices.
    static func costPerSlice(_ count: Int, backReferences: Bool) -> Double {
        let library = Library()
        let chart = library.chart
        chart.slices = (0..<count).map { index in
            let slice = Slice("s\(index)", 1)
            if backReferences { slice.chart = chart }
            return slice
        }
        var mediator: Mediator<Library>? = nil
        let made = bestMicroseconds(runs: 1) { mediator = Mediator(root: library) }
        _ = mediator
        return made / Double(count)
    }

    @Test func makingAMediatorOfNodesThatNameOneValidatingNodeCostsWhatTheNodesCost() {
        var lines: [String] = []
        var ratio = 0.0
        for backReferences in [false, true] {
            let small = Self.costPerSlice(1_000, backReferences: backReferences)
            let big = Self.costPerSlice(Self.large, backReferences: backReferences)
            lines.append(
                String(
                    format: "back references %@: %.1f us a slice at 1000, %.1f us at %d (%.1fx)", "\(backReferences)",
                    small, big,
                    Self.large, big / small))
            if backReferences { ratio = big / small }
        }
        print("breaker38 scale: " + lines.joined(separator: "; "))
        // Quadratic, 16 times; a loaded machine's noise is allowed for.
        #expect(ratio < 3, "\(lines)")
    }
}
