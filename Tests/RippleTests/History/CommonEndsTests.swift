@testable import Ripple
import Testing

/// `CommonEnds` finds what two arrays share at both ends, by bytes for plain values and
/// objects, by `==` otherwise; edits built on it bring the old array back exactly.
@Suite struct CommonEndsTests {
    private struct Point: Equatable {
        var x: Int
        var y: Double
    }

    @Test(arguments: [0, 1, 63, 64, 65, 130, 1_000])
    func plainValuesCompareByBytesAtEveryLength(_ count: Int) {
        let old = Array(0..<count)
        for (new, expected) in [
            (old + [-1], (count, 0)),
            ([-1] + old, (0, count)),
            (count > 2 ? Array(old[..<(count / 2)]) + [-1] + Array(old[(count / 2 + 1)...]) : [-1], count > 2 ? (count / 2, count - count / 2 - 1) : (0, 0)),
        ] {
            let ends = CommonEnds(old, new, by: ==)
            #expect((ends.prefix, ends.suffix) == expected, "\(count)")
        }
    }

    @Test func objectsCompareByIdentity() {
        let nodes = (0..<100).map { Shelf(id: $0, title: "") }
        var new = nodes
        new.insert(Shelf(id: 7, title: ""), at: 40)
        let ends = CommonEnds(nodes, new, by: ===)
        #expect(ends.prefix == 40 && ends.suffix == 60)
    }

    @Test func editsRevertExactlyForEveryKindOfElement() {
        func roundTrip<Element: Equatable>(_ old: [Element], _ new: [Element]) -> Bool {
            guard let edit = ArrayEdit(from: new, revertingTo: old, by: ==) else { return true }
            return (edit.revert(new) as? [Element]) == old
        }
        #expect(roundTrip([1.0, -0.0, 3.0], [1.0, 0.0, 3.0, 4.0]))
        #expect(roundTrip([Point(x: 1, y: 2), Point(x: 3, y: 4)], [Point(x: 1, y: 2), Point(x: 9, y: 9), Point(x: 3, y: 4)]))
        #expect(roundTrip(["a", "b", "c"], ["a", "x", "c"]))
        // NaN is never == itself: the bits it had come back.
        let withNaN: [Double] = [.nan, 1]
        let edit = ArrayEdit(from: withNaN + [2], revertingTo: withNaN, by: ==)
        let reverted = edit?.revert(withNaN + [2]) as? [Double]
        #expect(reverted?.map(\.bitPattern) == withNaN.map(\.bitPattern))
    }
}
