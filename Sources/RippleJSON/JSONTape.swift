/// A parsed JSON document: its bytes, and one entry per value and key in document order.
///
/// An entry is 64 bits: the kind (3 bits), a flag (a boolean's value, a number written as an
/// integer, a string with escapes), a size (28 bits: a string's or number's bytes, a
/// container's elements or members), and 32 bits that are a scalar's byte offset or the index
/// past a container's last descendant, so that skipping a value is one step. An object's
/// members are its keys' string entries, each followed by its value. The last entry is a null
/// that stands for absent values. Strings and numbers stay text until read, and are read
/// from ``bytes`` in place.
///
/// Its small readers, and reading an integer, are `@inlinable`: Ripple reads every document it
/// opens through them from another module, node numbers as integers of its own width.
package final class JSONTape: Sendable {
    package let bytes: [UInt8]
    package let entries: [UInt64]

    /// The largest string, number or container: 28 bits of size.
    static let maximumSize = 1 << 28 - 1

    init(bytes: [UInt8], entries: [UInt64]) {
        self.bytes = bytes
        self.entries = entries
    }

    /// The index of the null entry that stands for an absent value.
    package var absent: Int { entries.count - 1 }

    static func entry(_ kind: JSONValue.Kind, flag: Bool = false, size: Int = 0, offset: Int) -> UInt64 {
        UInt64(kind.rawValue) << 61 | (flag ? 1 << 60 : 0) | UInt64(size) << 32 | UInt64(offset)
    }

    @inlinable
    package func kind(at index: Int) -> JSONValue.Kind {
        JSONValue.Kind(rawValue: UInt8(entries[index] >> 61)) ?? .null
    }

    @inlinable
    package func flag(at index: Int) -> Bool { entries[index] >> 60 & 1 == 1 }
    @inlinable
    package func size(at index: Int) -> Int { Int(entries[index] >> 32 & 0x0FFF_FFFF) }
    @inlinable
    package func offset(at index: Int) -> Int { Int(entries[index] & 0xFFFF_FFFF) }

    /// The index after the value at `index` and everything in it.
    @inlinable
    package func next(after index: Int) -> Int {
        kind(at: index).isContainer ? offset(at: index) : index + 1
    }

    /// The text of a number or string (a string's without quotes or unescaping).
    @inlinable
    package func text(at index: Int) -> ArraySlice<UInt8> {
        bytes[offset(at: index)..<offset(at: index) + size(at: index)]
    }

    // MARK: Reading scalars

    package func bool(at index: Int) throws -> Bool {
        guard kind(at: index) == .bool else { throw mismatch(Bool.self, at: index) }
        return flag(at: index)
    }

    package func string(at index: Int) throws -> String {
        guard kind(at: index) == .string else { throw mismatch(String.self, at: index) }
        let start = offset(at: index)
        let count = size(at: index)
        return bytes.withUnsafeBufferPointer { buffer in
            let text = UnsafeBufferPointer(rebasing: buffer[start..<start + count])
            return flag(at: index) ? Self.unescape(text) : String(decoding: text, as: UTF8.self)
        }
    }

    /// An integer, from integer text or from a number that is exactly one (`1.0`, `1e3`).
    @inlinable
    package func integer<Integer: FixedWidthInteger>(at index: Int, as type: Integer.Type) throws -> Integer {
        guard kind(at: index) == .number else { throw mismatch(Integer.self, at: index) }
        if flag(at: index), let value = parseInteger(text(at: index), as: Integer.self) { return value }
        if !flag(at: index), let value = (try? floatingPoint(at: index, as: Double.self)).flatMap(Integer.init(exactly:)) {
            return value
        }
        throw corrupted("Number \(excerpt(text(at: index))) does not fit in \(Integer.self).", at: index)
    }

    /// A floating-point number, correctly rounded.
    package func floatingPoint<Float: BinaryFloatingPoint & LosslessStringConvertible>(
        at index: Int, as type: Float.Type
    ) throws -> Float {
        guard kind(at: index) == .number else { throw mismatch(Float.self, at: index) }
        let text = self.text(at: index)
        if Float.self == Double.self, let exact = Self.exactDouble(text) { return Float(exact) }
        guard let value = Float(String(decoding: text, as: UTF8.self)), value.isFinite else {
            throw corrupted("Number \(excerpt(text)) is not representable in \(Float.self).", at: index)
        }
        return value
    }

    /// Integer text (`-12`) as `Integer`, or nil when it does not fit.
    @inlinable
    func parseInteger<Integer: FixedWidthInteger>(_ text: ArraySlice<UInt8>, as type: Integer.Type) -> Integer? {
        let negative = text.first == UInt8(ascii: "-")
        var value: Integer = 0
        for digit in text.dropFirst(negative ? 1 : 0) {
            let (tenfold, overflow) = value.multipliedReportingOverflow(by: 10)
            let digitValue = Integer(digit &- UInt8(ascii: "0"))
            let (sum, carry) = negative ? tenfold.subtractingReportingOverflow(digitValue) : tenfold.addingReportingOverflow(digitValue)
            guard !overflow, !carry else { return nil }
            value = sum
        }
        return value
    }

    /// The value of number text when it is exactly a double times or over an exact power of
    /// ten (at most 15 digits, an exponent within 22), so one rounding gives the right double;
    /// nil otherwise.
    private static func exactDouble(_ text: ArraySlice<UInt8>) -> Double? {
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent = 0
        var index = text.startIndex
        let negative = text.first == UInt8(ascii: "-")
        if negative { index += 1 }
        var afterPoint = false
        while index < text.endIndex {
            let byte = text[index]
            if byte == UInt8(ascii: ".") {
                afterPoint = true
            } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                // Beyond the fast range whatever the digits: left to the full conversion.
                guard let written = Int(String(decoding: text[(index + 1)...], as: UTF8.self)), written.magnitude < 1_000
                else { return nil }
                exponent += written
                break
            } else {
                if mantissa != 0 || byte != UInt8(ascii: "0") { digits += 1 }
                guard digits <= 15 else { return nil }
                mantissa = mantissa * 10 + UInt64(byte &- UInt8(ascii: "0"))
                if afterPoint { exponent -= 1 }
            }
            index += 1
        }
        guard exponent >= -22, exponent <= 22 else { return mantissa == 0 ? (negative ? -0.0 : 0) : nil }
        let magnitude =
            exponent < 0 ? Double(mantissa) / powersOfTen[-exponent] : Double(mantissa) * powersOfTen[exponent]
        return negative ? -magnitude : magnitude
    }

    /// The powers of ten a double holds exactly.
    private static let powersOfTen: [Double] = [
        1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
        1e20, 1e21, 1e22,
    ]

    /// A string's escaped text as the string it stands for; the parser checked the escapes.
    private static func unescape(_ text: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: text.count) { output in
            var read = 0
            var written = 0
            func hex(_ at: Int) -> UInt32 {
                text[at..<at + 4].reduce(0) { value, byte in
                    value << 4 | UInt32(byte <= UInt8(ascii: "9") ? byte &- 48 : (byte | 0x20) &- 87)
                }
            }
            while read < text.count {
                guard text[read] == UInt8(ascii: "\\"), read + 1 < text.count else {
                    output[written] = text[read]
                    (read, written) = (read + 1, written + 1)
                    continue
                }
                let escaped = text[read + 1]
                read += 2
                let simple: UInt8? =
                    switch escaped {
                    case UInt8(ascii: "b"): 0x08
                    case UInt8(ascii: "f"): 0x0C
                    case UInt8(ascii: "n"): 0x0A
                    case UInt8(ascii: "r"): 0x0D
                    case UInt8(ascii: "t"): 0x09
                    case UInt8(ascii: "u"): nil
                    default: escaped
                    }
                if let simple {
                    output[written] = simple
                    written += 1
                    continue
                }
                guard read + 4 <= text.count else { break }
                var scalar = hex(read)
                read += 4
                if scalar & 0xFC00 == 0xD800, read + 6 <= text.count {
                    scalar = 0x10000 + (scalar - 0xD800) << 10 + (hex(read + 2) & 0x3FF)
                    read += 6
                }
                for unit in Unicode.Scalar(scalar).flatMap(UTF8.encode) ?? UTF8.EncodedScalar() {
                    output[written] = unit
                    written += 1
                }
            }
            return written
        }
    }

    // MARK: Coding paths and errors

    /// The coding path from the root to the value at `index`, found by walking down the tape.
    package func codingPath(to index: Int) -> [any CodingKey] {
        var path: [any CodingKey] = []
        var container = 0
        while container != index, kind(at: container).isContainer {
            let isObject = kind(at: container) == .object
            var child = container + 1
            var position = 0
            while child < offset(at: container) {
                let value = isObject ? child + 1 : child
                let end = next(after: value)
                if index >= value, index < end {
                    path.append(isObject ? JSONKey(stringValue: (try? string(at: child)) ?? "") : IndexKey(position))
                    break
                }
                child = end
                position += 1
            }
            guard child < offset(at: container) else { break }
            container = isObject ? child + 1 : child
        }
        return path
    }

    package func mismatch(_ type: Any.Type, at index: Int) -> DecodingError {
        let context = { (description: String) in DecodingError.Context(codingPath: self.codingPath(to: index), debugDescription: description) }
        guard kind(at: index) != .null else {
            return .valueNotFound(type, context("Cannot get value of type \(type) -- found null value instead"))
        }
        return .typeMismatch(type, context("Expected to decode \(type) but found \(kind(at: index).described) instead."))
    }

    package func corrupted(_ description: String, at index: Int) -> DecodingError {
        .dataCorrupted(DecodingError.Context(codingPath: codingPath(to: index), debugDescription: description))
    }
}

/// A key read from parsed JSON, or made up ("super").
package struct JSONKey: CodingKey {
    package let stringValue: String
    package var intValue: Int? { nil }

    package init(stringValue: String) {
        self.stringValue = stringValue
    }

    package init?(intValue: Int) {
        nil
    }
}

/// An array element's position in a coding path, named as `JSONDecoder` names it ("Index 3").
package struct IndexKey: CodingKey {
    package let index: Int
    package var intValue: Int? { index }
    package var stringValue: String { "Index \(index)" }

    package init(_ index: Int) {
        self.index = index
    }

    package init?(intValue: Int) {
        index = intValue
    }

    package init?(stringValue: String) {
        nil
    }
}
