// RippleJSON: the JSON engine under Ripple's documents, a target of its own (imported
// `internal` by Ripple, not a product) for two reasons. It beats Foundation's `JSONEncoder` and
// `JSONDecoder` on the documents goals (ripple-bench, table 12/12b: writing a snapshot, opening
// one), which is why it exists at all; it stays only while it does. And it parses untrusted
// input (patches come from the network, documents from disk), so it is fuzzed on its own
// (Tests/Fuzz) and must never trap on any bytes.

/// The JSON engine under documents: encodes `Encodable` values to deterministic bytes, parses
/// bytes, and decodes `Decodable` values, as `JSONEncoder` and `JSONDecoder` do with their
/// default settings, faster, and with the same bytes for the same value in any process.
///
///     var bytes: [UInt8] = []
///     try DocumentJSON.encode(library, into: &bytes)
///     let root = try DocumentJSON.parse(bytes)
///     let copy = try DocumentJSON.decode(Library.self, from: root)
///
/// Hand-written fast paths write with ``JSONWriter`` and read parsed values with
/// ``JSONValue``'s accessors; both mix with encoding and decoding `Codable` values.
package enum DocumentJSON {
    /// The deepest nesting of arrays and objects that encodes and parses.
    package static let maximumDepth = JSONParser.maximumDepth

    /// Appends `value`'s JSON text to `buffer`.
    ///
    /// - Throws: `EncodingError.invalidValue` for what JSON cannot hold (an infinity, NaN) or
    ///   nesting deeper than ``maximumDepth``; `buffer` is then left as it was.
    package static func encode<T: Encodable>(_ value: T, into buffer: inout [UInt8]) throws {
        var writer = JSONWriter()
        swap(&writer.bytes, &buffer)
        defer { swap(&writer.bytes, &buffer) }
        try JSONStreamEncoder.encode(value, into: &writer)
    }

    /// Parses a whole document: one value, with whitespace around it.
    ///
    /// - Throws: ``JSONSyntaxError``, saying what is wrong and where, for anything that is not
    ///   JSON (RFC 8259) in UTF-8, or nests deeper than ``maximumDepth``.
    package static func parse(_ bytes: some Collection<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        let tape = try JSONParser.parse(Array(bytes))
        return JSONValue(tape: tape, index: 0)
    }

    /// Decodes a `T` from a parsed value (a whole document, or a value inside one).
    ///
    /// - Throws: The `DecodingError` `JSONDecoder` would throw, with the coding path from the
    ///   document's root.
    package static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try JSONTapeDecoder(tape: value.tape, index: value.index, userInfo: [:]).decode(T.self, at: value.index)
    }
}

extension JSONWriter {
    /// Writes an `Encodable` value as ``DocumentJSON/encode(_:into:)`` does.
    package mutating func encode<T: Encodable>(_ value: T) throws {
        try JSONStreamEncoder.encode(value, into: &self)
    }
}
