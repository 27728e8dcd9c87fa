import Foundation
@_spi(RippleGenerated) @testable import Ripple
import Testing

/// Floating-point values, alone or inside collections, count as changed when their bits differ:
/// -0.0 written over 0.0 is a change (a document can hold it, undo puts 0.0 back), a NaN over the
/// same NaN is not, a NaN over another NaN is. Other `Equatable` values keep `==`.
@MainActor
@Suite struct FloatingPointSamenessTests {
    static let nan1 = Double(nan: 1, signaling: false)
    static let nan2 = Double(nan: 2, signaling: false)

    private let mediator = Mediator(root: makeLibrary())
    private let readings = Readings()

    private func update(_ body: @escaping (Readings) -> Void) throws {
        try mediator.update { _ in body(readings) }
    }

    /// Whether `body` changes anything: whether it makes an undo step.
    private func changes(_ body: @escaping (Readings) -> Void) throws -> Bool {
        mediator.history.clear()
        try update(body)
        return mediator.history.canUndo
    }

    // MARK: The comparisons generated code calls

    @Test func valuesAloneCompareByTheirBits() {
        #expect(_rippleChanges(0.0, -0.0))
        #expect(_rippleChanges(-0.0, 0.0))
        #expect(!_rippleChanges(-0.0, -0.0))
        #expect(!_rippleChanges(Self.nan1, Self.nan1))
        #expect(_rippleChanges(Self.nan1, Self.nan2))
        #expect(_rippleChanges(Float(0), Float(-0.0)))
        #expect(!_rippleChanges(Float.nan, Float.nan))
        #expect(_rippleChanges(Float(nan: 1, signaling: false), Float(nan: 2, signaling: false)))
        #expect(!_rippleChanges(1.5, 1.5))
        #expect(_rippleChanges(1.5, 2.5))
        #if canImport(Foundation)
        #expect(_rippleChanges(CGFloat(0), CGFloat(-0.0)))
        #expect(!_rippleChanges(CGFloat.nan, CGFloat.nan))
        #endif
    }

    @Test func collectionsCompareTheirElementsByTheirBits() {
        #expect(_rippleChanges([0.0, 1], [-0.0, 1]))
        #expect(!_rippleChanges([Self.nan1, 1], [Self.nan1, 1]))
        #expect(_rippleChanges([Self.nan1], [Self.nan2]))
        #expect(_rippleChanges(Double?.some(0), Double?.some(-0.0)))
        #expect(!_rippleChanges(Double?.some(Self.nan1), Double?.some(Self.nan1)))
        #expect(!_rippleChanges(Double?.none, Double?.none))
        #expect(_rippleChanges(Set([0.0]), Set([-0.0])))
        #expect(!_rippleChanges(Set([Self.nan1, 2]), Set([Self.nan1, 2])))
        #expect(_rippleChanges(Set([Self.nan1, Self.nan1]), Set([Self.nan1, 2])), "two NaNs are not a NaN and a 2")
        #expect(_rippleChanges(["a": 0.0], ["a": -0.0]))
        #expect(!_rippleChanges(["a": Self.nan1], ["a": Self.nan1]))
        #expect(_rippleChanges([[Float(0)]], [[Float(-0.0)]]))
        #expect(_rippleChanges([[Double?.some(0)]], [[Double?.some(-0.0)]]))
        #expect(_rippleChanges(ContiguousArray([0.0]), ContiguousArray([-0.0])))
    }

    @Test func otherEquatableValuesKeepTheirEquality() {
        struct Point: Equatable { var x: Double }
        // A struct's own `==` decides, floating-point fields or not.
        #expect(!_rippleChanges(Point(x: 0), Point(x: -0.0)))
        #expect(!_rippleChanges(3, 3))
        #expect(_rippleChanges("a", "b"))
        #expect(!_rippleChanges([1, 2], [1, 2]))
        #expect(!_rippleSameness(of: Int.self)(1, 2))
        #expect(_rippleSameness(of: String.self)("a", "a"))
    }

    @Test func journaledValuesCompareByTheirBits() {
        #expect(!_rippleIsSame(-0.0, 0.0 as Any))
        #expect(_rippleIsSame(Self.nan1, Self.nan1 as Any))
        #expect(!_rippleIsSame(Self.nan1, Self.nan2 as Any))
        #expect(!_rippleIsSame([-0.0], [0.0] as Any))
        #expect(!_rippleIsSame(["a": -0.0], ["a": 0.0] as Any))
        #expect(_rippleIsSame(Set([Self.nan1]), Set([Self.nan1]) as Any))
        // Where the type is known at run time only (history's and patches' differences).
        #expect(!_rippleSameness(of: Double.self)(0.0, -0.0))
        #expect(_rippleSameness(of: Double.self)(Self.nan1, Self.nan1))
        #expect(!_rippleSameness(of: [Float].self)([0], [-0.0]))
    }

    // MARK: Writes, undo and redo

    @Test func minusZeroOverZeroIsAChangeThatUndoPutsBack() throws {
        #expect(try changes { $0.level = -0.0 })
        try mediator.history.undo()
        #expect(readings.level.bitPattern == (0.0).bitPattern)
        try mediator.history.redo()
        #expect(readings.level.bitPattern == (-0.0).bitPattern)
        #expect(try changes { $0.ratio = -0.0 })
        #expect(try changes { $0.width = -0.0 })
        #expect(try changes { $0.maybe = 0.0 })
        #expect(try changes { $0.maybe = -0.0 })
        #expect(try !changes { $0.maybe = -0.0 })
        #expect(try !changes { $0.name = "" }, "a string keeps ==")
    }

    @Test func theSameNaNIsNoChangeAndAnotherNaNIs() throws {
        try update { $0.level = Self.nan1 }
        #expect(try !changes { $0.level = Self.nan1 })
        #expect(try changes { $0.level = Self.nan2 })
        try mediator.history.undo()
        #expect(readings.level.bitPattern == Self.nan1.bitPattern)
        mediator.markSaved()
        try update { $0.levels = [Self.nan1] }
        mediator.markSaved()
        try update { $0.levels = [Self.nan1] }
        #expect(!mediator.hasUnsavedChanges)
    }

    @Test func collectionsEditedInPlaceAreUndoneToTheOldBits() throws {
        try update {
            $0.levels = [0.0, 1]
            $0.levelSet = [0.0, 1]
            $0.byName = ["a": 0.0, "b": 1]
            $0.grid = [[0, 1]]
        }
        #expect(try changes { $0.levels[0] = -0.0 })
        #expect(try changes { readings in
            readings.levelSet.remove(0.0)
            readings.levelSet.insert(-0.0)
        })
        #expect(try changes { $0.byName["a"] = -0.0 })
        #expect(try changes { $0.grid[0][0] = -0.0 })
        #expect(try !changes { $0.levels[1] = 1 })
        // Undo step by step, most recent first: each puts +0.0 back.
        try update {
            $0.levels = [0.0, 1]
            $0.levelSet = [0.0]
            $0.byName = ["a": 0.0]
            $0.grid = [[0]]
        }
        try update {
            $0.levels[0] = -0.0
            $0.levelSet.remove(0.0)
            $0.levelSet.insert(-0.0)
            $0.byName["a"] = -0.0
            $0.grid[0][0] = -0.0
        }
        try mediator.history.undo()
        #expect(readings.levels[0].bitPattern == (0.0).bitPattern)
        #expect(readings.levelSet.first?.bitPattern == (0.0).bitPattern)
        #expect(readings.byName["a"]?.bitPattern == (0.0).bitPattern)
        #expect(readings.grid[0][0].bitPattern == Float(0).bitPattern)
        try mediator.history.redo()
        #expect(readings.levels[0].bitPattern == (-0.0).bitPattern)
        #expect(readings.levelSet.first?.bitPattern == (-0.0).bitPattern)
        #expect(readings.byName["a"]?.bitPattern == (-0.0).bitPattern)
    }

    @Test func anObserverFiresForMinusZeroAndNotForTheSameNaN() throws {
        let log = EventLog()
        let registration = mediator.observe("level", on: readings, reads: [Readings.scheme.level]) { _ in log.append("level") }
        mediator.refresh()
        _ = log.take()
        try update { $0.level = -0.0 }
        #expect(log.take() == ["level"])
        try update { $0.level = Self.nan1 }
        #expect(log.take() == ["level"])
        try update { $0.level = Self.nan1 }
        #expect(log.take() == [])
        registration.cancel()
    }

    // MARK: Patches

    @Test func patchesCarryMinusZeroInsideCollections() throws {
        func patched<Value: Codable & Equatable>(
            _ old: Value, _ current: Value, write: (inout DocumentChangeWriter, Value, Any) throws -> Void,
            apply: (DocumentChangeReader, inout Value) throws -> Void
        ) throws -> Value {
            var writer = DocumentChangeWriter(node: 1, member: "m", identities: DocumentIdentities())
            try write(&writer, current, old)
            var value = old
            for operation in writer.operations {
                try apply(DocumentChangeReader(operation: operation, context: PatchApplyContext(identities: DocumentIdentities())), &value)
            }
            return value
        }
        let array = try patched([0.0, 1], [-0.0, 1], write: { try $0.value($1, old: $2) }, apply: { try $0.apply(to: &$1) })
        #expect(array.map(\.bitPattern) == [(-0.0).bitPattern, (1.0).bitPattern])
        let dictionary = try patched(["a": 0.0], ["a": -0.0], write: { try $0.value($1, old: $2) }, apply: { try $0.apply(to: &$1) })
        #expect(dictionary["a"]?.bitPattern == (-0.0).bitPattern)
        let set = try patched(Set([0.0, 1]), Set([-0.0, 1]), write: { try $0.value($1, old: $2) }, apply: { try $0.apply(to: &$1) })
        #expect(set.count == 2 && set.contains { $0.bitPattern == (-0.0).bitPattern })
        let value = try patched(0.0, -0.0, write: { try $0.value($1, old: $2) }, apply: { try $0.apply(to: &$1) })
        #expect(value.bitPattern == (-0.0).bitPattern)
    }

    // MARK: Against a reference

    /// Seeded random writes of signed zeros, NaNs of two payloads and ordinary values, alone and
    /// in place in an array: an update makes an undo step exactly when some bits changed, and
    /// undoing every step gives back each earlier state's bits in turn.
    @Test(arguments: 1...8 as ClosedRange<UInt64>)
    func stepsFollowTheBitsOfAReference(seed: UInt64) throws {
        var random = SeededGenerator(state: seed)
        let values = [0.0, -0.0, Self.nan1, Self.nan2, 1.0]
        try update { $0.levels = [0, 0, 0] }
        var states: [[UInt64]] = [[(0.0).bitPattern] + [UInt64](repeating: (0.0).bitPattern, count: 3)]
        func bits() -> [UInt64] { [readings.level.bitPattern] + readings.levels.map(\.bitPattern) }
        for _ in 0..<40 {
            let value = values[Int(random.next() % UInt64(values.count))]
            let slot = Int(random.next() % 4)
            var expected = states[states.count - 1]
            expected[slot] = value.bitPattern
            let before = mediator.history.undoSteps.count
            try update { readings in
                if slot == 0 {
                    readings.level = value
                } else {
                    readings.levels[slot - 1] = value
                }
            }
            #expect(bits() == expected)
            #expect((mediator.history.undoSteps.count > before) == (expected != states[states.count - 1]), "seed \(seed)")
            if expected != states[states.count - 1] { states.append(expected) }
        }
        while mediator.history.canUndo, states.count > 1 {
            try mediator.history.undo()
            states.removeLast()
            #expect(bits() == states[states.count - 1], "seed \(seed)")
        }
    }
}
