// Floating-point values are the same when their bits are: `==` says `-0.0 == 0.0`, so a write of
// -0.0 over 0.0 would be skipped and a document could never hold it, and `NaN != NaN`, so a NaN
// written over the same NaN would count as a change. Text is the same when its bytes are (see
// `String` below). Inside collections (arrays, optionals,
// sets, dictionaries) the elements compare the same way. Generated code picks these overloads
// at compile time, over the `Equatable` ones, for the types that conform below; every other
// `Equatable` type keeps `==`.

#if canImport(Foundation)
import Foundation
#endif

/// A value compared by its bits rather than by `==`: `Double`, `Float`, `CGFloat`, `String`
/// (by its bytes), optionals, arrays and sets of such values, and dictionaries.
///
/// Plumbing for generated code (public because conformances cannot be SPI); not meant to be
/// conformed to or called by apps.
public protocol _RippleBitwiseEquatable: Equatable {
    /// Whether `other` has the same bits (for a collection: the same elements, each with the same bits).
    func _rippleHasSameBits(as other: Self) -> Bool
}

extension Double: _RippleBitwiseEquatable {
    @inlinable @inline(__always)
    public func _rippleHasSameBits(as other: Double) -> Bool { bitPattern == other.bitPattern }
}

extension Float: _RippleBitwiseEquatable {
    @inlinable @inline(__always)
    public func _rippleHasSameBits(as other: Float) -> Bool { bitPattern == other.bitPattern }
}

#if canImport(Foundation)
extension CGFloat: _RippleBitwiseEquatable {
    @inlinable @inline(__always)
    public func _rippleHasSameBits(as other: CGFloat) -> Bool { native.bitPattern == other.native.bitPattern }
}
#endif

extension String: _RippleBitwiseEquatable {
    /// The same bytes: `==` calls canonically equivalent text equal (a precomposed "é" and "e"
    /// with a combining accent), so a write of one over the other would be skipped and a
    /// document could never change a spelling that its other replicas chose.
    @inlinable
    public func _rippleHasSameBits(as other: String) -> Bool {
        var (lhs, rhs) = (self, other)
        return lhs.withUTF8 { lhs in rhs.withUTF8 { lhs.elementsEqual($0) } }
    }
}

extension Optional: _RippleBitwiseEquatable where Wrapped: _RippleBitwiseEquatable {
    @inlinable
    public func _rippleHasSameBits(as other: Wrapped?) -> Bool {
        switch (self, other) {
        case (nil, nil): true
        case let (value?, other?): value._rippleHasSameBits(as: other)
        default: false
        }
    }
}

extension Array: _RippleBitwiseEquatable where Element: _RippleBitwiseEquatable {
    @inlinable
    public func _rippleHasSameBits(as other: [Element]) -> Bool {
        guard count == other.count else { return false }
        // The very same storage, as `==` checks first: an array edited in place and compared
        // with itself costs nothing.
        let isSameStorage = withUnsafeBufferPointer { lhs in other.withUnsafeBufferPointer { lhs.baseAddress == $0.baseAddress } }
        return isSameStorage || _rippleSameBits(self, other)
    }
}

extension ContiguousArray: _RippleBitwiseEquatable where Element: _RippleBitwiseEquatable {
    @inlinable
    public func _rippleHasSameBits(as other: ContiguousArray<Element>) -> Bool {
        count == other.count && _rippleSameBits(self, other)
    }
}

extension ArraySlice: _RippleBitwiseEquatable where Element: _RippleBitwiseEquatable {
    @inlinable
    public func _rippleHasSameBits(as other: ArraySlice<Element>) -> Bool {
        count == other.count && _rippleSameBits(self, other)
    }
}

extension Set: _RippleBitwiseEquatable where Element: _RippleBitwiseEquatable {
    /// The same elements by `==` and hashing, each with the same bits (`[-0.0]` is not `[0.0]`);
    /// elements not equal to themselves (NaN) are matched by their bits.
    @inlinable
    public func _rippleHasSameBits(as other: Set<Element>) -> Bool {
        // Both ways: a set may hold several NaNs, which no count of one side tells apart.
        let isSame = { (lhs: Element, rhs: Element) in lhs._rippleHasSameBits(as: rhs) }
        return count == other.count && _rippleElements(of: self, notIn: other, by: isSame).isEmpty
            && _rippleElements(of: other, notIn: self, by: isSame).isEmpty
    }
}

extension Dictionary: _RippleBitwiseEquatable where Value: Equatable {
    /// The same keys (found by `==` and hashing, as the dictionary finds them), spelled with the
    /// same bits, each with a value of the same bits (by `==` for the types not listed above).
    public func _rippleHasSameBits(as other: [Key: Value]) -> Bool {
        guard count == other.count else { return false }
        let (isSameKey, isSameValue) = (_rippleSameness(of: Key.self), _rippleSameness(of: Value.self))
        for (key, value) in self {
            guard let index = other.index(forKey: key) else { return false }
            let (otherKey, otherValue) = other[index]
            guard isSameValue(value, otherValue), isSameKey(key, otherKey) else { return false }
        }
        return true
    }
}

/// Whether two collections of as many elements hold elements of the same bits, in order.
@inlinable
func _rippleSameBits<Elements: Collection>(_ lhs: Elements, _ rhs: Elements) -> Bool
where Elements.Element: _RippleBitwiseEquatable {
    var right = rhs.makeIterator()
    for element in lhs {
        guard let other = right.next(), element._rippleHasSameBits(as: other) else { return false }
    }
    return true
}

// MARK: - The overloads generated code calls

/// Whether storing `newValue` over `old` is a change: `false` when they have the same bits.
@inlinable @inline(__always)
@_spi(RippleGenerated) public func _rippleChanges<Value: _RippleBitwiseEquatable>(_ old: Value, _ newValue: Value) -> Bool {
    !old._rippleHasSameBits(as: newValue)
}

/// Whether `old` (type-erased) has the same bits as `current`.
@inlinable
@_spi(RippleGenerated) public func _rippleIsSame<Value: _RippleBitwiseEquatable>(_ current: Value, _ old: Any) -> Bool {
    guard let old = _rippleCast(old, to: Value.self) else { return false }
    return old._rippleHasSameBits(as: current)
}

/// Hands a background member's change to the main actor, unless `old` has the same bits as `newValue`.
@inlinable
@_spi(RippleGenerated) public func _rippleDidSetInBackground<Value: _RippleBitwiseEquatable>(
    _ node: AnyObject, _ old: Value, _ newValue: Value, _ member: Int
) {
    if !old._rippleHasSameBits(as: newValue) { _rippleDidWriteInBackground(node, member, old) }
}

// MARK: - Where the type is known at run time only

/// How values of `type` are compared where generic code cannot pick an overload (history's and
/// patches' element by element differences): by their bits for the types above, else by `==`.
/// A conformance lookup per call: take it once per collection, not per element.
@_spi(RippleGenerated) public func _rippleSameness<Value: Equatable>(of type: Value.Type) -> (Value, Value) -> Bool {
    if let bitwise = type as? any _RippleBitwiseEquatable.Type { return bitwise._rippleSamenessByBits(as: type) }
    return (==)
}

extension _RippleBitwiseEquatable {
    /// `_rippleHasSameBits(as:)` over values of `type`, which is `Self` (only checked by size).
    fileprivate static func _rippleSamenessByBits<Value>(as type: Value.Type) -> (Value, Value) -> Bool {
        { unsafeBitCast($0, to: Self.self)._rippleHasSameBits(as: unsafeBitCast($1, to: Self.self)) }
    }
}

/// The elements of `set` that `other` does not hold with the same value, as `isSame` compares
/// them (a set finds an element by `==`: a -0.0 finds 0.0, which `isSame` may tell apart).
/// An element not equal to itself (NaN) is looked for through all of `other`.
@inlinable
func _rippleElements<Element: Hashable>(
    of set: Set<Element>, notIn other: Set<Element>, by isSame: (Element, Element) -> Bool
) -> [Element] {
    var missing: [Element] = []
    for element in set {
        if let index = other.firstIndex(of: element) {
            if !isSame(other[index], element) { missing.append(element) }
        } else if element == element || !other.contains(where: { isSame($0, element) }) {
            missing.append(element)
        }
    }
    return missing
}
