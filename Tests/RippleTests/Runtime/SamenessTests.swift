@_spi(RippleGenerated) import Ripple
import Testing

/// The comparisons generated code makes between a member and a journaled (type-erased) value.
@Suite struct SamenessTests {
    private class Shape: Equatable {
        let sides: Int
        init(sides: Int) { self.sides = sides }
        static func == (lhs: Shape, rhs: Shape) -> Bool { lhs.sides == rhs.sides }
    }

    private final class Square: Shape {}

    @Test func aValueOfExactlyTheTypeIsCastAndCompared() {
        #expect(_rippleCast(3 as Any, to: Int.self) == 3)
        #expect(_rippleIsSame(3, 3 as Any))
        #expect(!_rippleIsSame(3, 4 as Any))
        #expect(_rippleIsSame("text", "text" as Any))
        #expect(_rippleIsSame([1, 2], [1, 2] as Any))
    }

    @Test func anotherTypeIsNeverTheSame() {
        #expect(_rippleCast(3 as Any, to: String.self) == nil)
        #expect(!_rippleIsSame(3, "3" as Any))
        #expect(!_rippleIsSame(3, Int64(3) as Any))
    }

    @Test func whatTheRuntimeCastAcceptsIsAcceptedToo() {
        // A subclass instance, an optional and an existential are not exactly the type: the
        // general cast decides, as before.
        let square: Shape = Square(sides: 4)
        #expect(_rippleCast(Square(sides: 4) as Any, to: Shape.self)?.sides == 4)
        #expect(_rippleIsSame(square, Square(sides: 4) as Any))
        #expect(_rippleIsSame(5, Optional(5) as Any))
        #expect(_rippleIsSame(Optional(5), Optional(5) as Any))
        #expect(_rippleIsSame(Int?.none, Int?.none as Any))
        #expect(!_rippleIsSame(Optional(5), Int?.none as Any))
        let anyEquatable: any Equatable = 5
        #expect(_rippleIsSame(5, anyEquatable as Any))
    }
}
