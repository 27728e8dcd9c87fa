/// Appends JSON text (UTF-8) to a byte buffer: the writer under ``JSONStreamEncoder``, and the
/// one hand-written fast paths use.
///
/// It places the commas itself: write a key before each value of an object, and values one
/// after another in an array.
///
///     var writer = JSONWriter()
///     writer.beginObject()
///     writer.key("id")
///     writer.write(7)
///     writer.key("tags")
///     writer.beginArray()
///     writer.write("new")
///     writer.endArray()
///     writer.endObject()  // {"id":7,"tags":["new"]}
///
/// Keys are written in the order given: give them sorted (by UTF-8 bytes) to keep a document's
/// bytes deterministic, as the encoder does.
///
/// Its writing methods are `@inlinable`: Ripple writes every snapshot and patch through them
/// from another module, where an opaque call (and an unspecialized generic `write`) per value
/// would cost more than the writing.
package struct JSONWriter {
    /// The text written so far.
    package var bytes: [UInt8]
    /// Whether a value or key written now follows another in its container, after a comma.
    package var needsComma = false

    @inlinable
    package init(bytes: [UInt8] = []) {
        self.bytes = bytes
    }

    @inlinable
    package mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
    }

    @inlinable
    package mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    @inlinable
    package mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
    }

    @inlinable
    package mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes an object's key and its colon; the member's value comes next.
    @inlinable
    package mutating func key(_ key: String) {
        separate()
        writeQuoted(key)
        bytes.append(UInt8(ascii: ":"))
    }

    @inlinable
    package mutating func writeNull() {
        separate()
        append("null")
        needsComma = true
    }

    @inlinable
    package mutating func write(_ value: Bool) {
        separate()
        append(value ? "true" : "false")
        needsComma = true
    }

    /// Writes an integer in decimal, without loss whatever its width.
    @inlinable
    package mutating func write<Integer: FixedWidthInteger>(_ value: Integer) {
        separate()
        needsComma = true
        guard Integer.bitWidth <= 64 else {
            bytes.append(contentsOf: value.description.utf8)
            return
        }
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var rest = UInt64(truncatingIfNeeded: value.magnitude)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = 20
            repeat {
                start -= 1
                digits[start] = UInt8(truncatingIfNeeded: rest % 10) &+ UInt8(ascii: "0")
                rest /= 10
            } while rest != 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// Writes the shortest decimal that reads back as exactly `value` (`0.1`, `1e+300`, `-0`),
    /// without a trailing `.0`, as `JSONEncoder` does.
    ///
    /// - Throws: `EncodingError.invalidValue` for infinities and NaN, which JSON cannot write.
    @inlinable
    package mutating func write<Float: BinaryFloatingPoint & TextOutputStreamable>(_ value: Float) throws {
        guard value.isFinite else { throw Self.nonFinite(value, codingPath: []) }
        separate()
        needsComma = true
        var sink = ASCIISink()
        swap(&sink.bytes, &bytes)
        value.write(to: &sink)
        swap(&sink.bytes, &bytes)
        if bytes.count >= 2, bytes[bytes.count - 1] == UInt8(ascii: "0"), bytes[bytes.count - 2] == UInt8(ascii: ".") {
            bytes.removeLast(2)
        }
    }

    /// Writes a string, escaping what RFC 8259 requires: quotes, backslashes, control characters.
    @inlinable
    package mutating func write(_ value: String) {
        separate()
        writeQuoted(value)
        needsComma = true
    }

    /// Writes text that is already one JSON value (a number's digits, a value encoded before).
    @inlinable
    package mutating func writeValue(_ text: some Sequence<UInt8>) {
        separate()
        bytes.append(contentsOf: text)
        needsComma = true
    }

    /// Writes `text`, one JSON value, taking its storage when nothing was written before it.
    @inlinable
    package mutating func writeValue(taking text: inout [UInt8]) {
        separate()
        if bytes.isEmpty { swap(&bytes, &text) } else { bytes.append(contentsOf: text) }
        needsComma = true
    }

    /// Writes the comma before a key or value when one is due.
    @inlinable
    package mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        needsComma = false
    }

    /// What was written, to go back to.
    struct Checkpoint {
        let count: Int
        let needsComma: Bool
    }

    var checkpoint: Checkpoint { Checkpoint(count: bytes.count, needsComma: needsComma) }

    mutating func restore(_ checkpoint: Checkpoint) {
        bytes.removeSubrange(checkpoint.count...)
        needsComma = checkpoint.needsComma
    }

    /// Empties the writer, keeping its storage.
    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        needsComma = false
    }

    @inlinable
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    @usableFromInline
    mutating func writeQuoted(_ value: String) {
        let quote = UInt8(ascii: "\"")
        let backslash = UInt8(ascii: "\\")
        bytes.append(quote)
        var value = value
        value.withUTF8 { utf8 in
            var run = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == quote || byte == backslash else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<index]))
                run = index + 1
                switch byte {
                case quote: append("\\\"")
                case backslash: append("\\\\")
                case 0x08: append("\\b")
                case 0x09: append("\\t")
                case 0x0A: append("\\n")
                case 0x0C: append("\\f")
                case 0x0D: append("\\r")
                default:
                    let low = byte & 15
                    append(byte < 0x10 ? "\\u000" : "\\u001")
                    bytes.append(low < 10 ? UInt8(ascii: "0") + low : UInt8(ascii: "a") + low - 10)
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run...]))
        }
        bytes.append(quote)
    }

    /// The error for a number JSON cannot write, with where it was.
    @usableFromInline
    static func nonFinite(_ value: some BinaryFloatingPoint, codingPath: [any CodingKey]) -> EncodingError {
        EncodingError.invalidValue(
            value,
            EncodingError.Context(
                codingPath: codingPath,
                debugDescription: "Unable to encode \(type(of: value)).\(value) directly in JSON: JSON has no "
                    + "infinities or NaN; store such a value another way (an optional, or a string)"))
    }
}

/// Receives a floating-point number's digits from the standard library without making a `String`.
@usableFromInline
struct ASCIISink: TextOutputStream {
    @usableFromInline var bytes: [UInt8] = []

    @inlinable init() {}

    @inlinable
    mutating func write(_ string: String) {
        bytes.append(contentsOf: string.utf8)
    }

    @inlinable
    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: buffer)
    }
}
