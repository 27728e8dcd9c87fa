/// One value of a parsed JSON document: a cheap handle on its place in the document's tape.
///
/// Read it with ``DocumentJSON/decode(_:from:)``, or directly, for hand-written fast paths:
///
///     let root = try DocumentJSON.parse(bytes)
///     let version = try root.member("version").integer(as: Int.self)
///     for node in try root.member("nodes").elements() { ... }
///
/// Every read throws the `DecodingError` `JSONDecoder` would, with the value's coding path.
package struct JSONValue: Sendable {
    /// What a JSON value is.
    package enum Kind: UInt8, Sendable {
        case null, bool, number, string, array, object

        package var isContainer: Bool { self == .array || self == .object }

        /// The kind as error messages name it.
        package var described: String {
            switch self {
            case .null: "null"
            case .bool: "a boolean"
            case .number: "a number"
            case .string: "a string"
            case .array: "an array"
            case .object: "an object"
            }
        }
    }

    package let tape: JSONTape
    package let index: Int

    @inlinable
    package init(tape: JSONTape, index: Int) {
        self.tape = tape
        self.index = index
    }

    @inlinable
    package var kind: Kind { tape.kind(at: index) }
    @inlinable
    package var isNull: Bool { kind == .null }
    package var codingPath: [any CodingKey] { tape.codingPath(to: index) }

    package func bool() throws -> Bool { try tape.bool(at: index) }
    package func string() throws -> String { try tape.string(at: index) }

    @inlinable
    package func integer<Integer: FixedWidthInteger>(as type: Integer.Type) throws -> Integer {
        try tape.integer(at: index, as: Integer.self)
    }

    /// The integer widths documents read (node numbers, sequences, counts), as non-generic calls:
    /// a generic call from Ripple is not specialized across the module boundary and would look up
    /// `Integer`'s metadata for every number (it made opening a document 1.6x slower).
    package func uint64() throws -> UInt64 { try tape.integer(at: index, as: UInt64.self) }
    package func int() throws -> Int { try tape.integer(at: index, as: Int.self) }

    package func double() throws -> Double { try tape.floatingPoint(at: index, as: Double.self) }

    /// The elements of an array.
    package func elements() throws -> [JSONValue] {
        guard kind == .array else { throw tape.mismatch([Any].self, at: index) }
        return children().map { JSONValue(tape: tape, index: $0) }
    }

    /// The members of an object, in document order.
    package func members() throws -> [(key: String, value: JSONValue)] {
        guard kind == .object else { throw tape.mismatch([String: Any].self, at: index) }
        return try children().map { (try tape.string(at: $0 - 1), JSONValue(tape: tape, index: $0)) }
    }

    /// The value of an object's member; the first one when the key appears twice.
    ///
    /// - Throws: `DecodingError.keyNotFound` when the object has no such member.
    package func member(_ key: String) throws -> JSONValue {
        guard kind == .object else { throw tape.mismatch([String: Any].self, at: index) }
        guard let value = tape.member(key, in: index) else {
            throw DecodingError.keyNotFound(
                JSONKey(stringValue: key),
                DecodingError.Context(codingPath: codingPath, debugDescription: "No value associated with key \"\(key)\"."))
        }
        return JSONValue(tape: tape, index: value)
    }

    /// The indices of a container's elements, or of its members' values.
    private func children() -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(tape.size(at: index))
        var child = index + 1
        let step = kind == .object ? 1 : 0
        while child < tape.offset(at: index) {
            result.append(child + step)
            child = tape.next(after: child + step)
        }
        return result
    }
}
