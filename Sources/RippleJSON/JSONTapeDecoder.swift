import Foundation

/// Decodes `Decodable` values from a parsed ``JSONTape`` as `JSONDecoder` does with its default
/// settings, with its errors: dates from seconds since 2001, `Data` from Base64, `URL`s from
/// strings, `Decimal`s from numbers, integers from any number that is exactly one.
///
/// One decoder serves a whole value: it points at the value being decoded, and coding paths
/// are found from the tape when asked for, so decoding keeps no path of its own.
package final class JSONTapeDecoder: Decoder {
    package let tape: JSONTape
    package let userInfo: [CodingUserInfoKey: Any]
    /// The value being decoded.
    private(set) var index: Int
    /// The coding path of a value the document does not have (a super decoder's missing key).
    private let absentPath: [any CodingKey]?

    package init(tape: JSONTape, index: Int, userInfo: [CodingUserInfoKey: Any], absentPath: [any CodingKey]? = nil) {
        self.tape = tape
        self.index = index
        self.userInfo = userInfo
        self.absentPath = absentPath
    }

    package var codingPath: [any CodingKey] { path(to: index) }

    func path(to index: Int) -> [any CodingKey] {
        index == tape.absent ? absentPath ?? [] : tape.codingPath(to: index)
    }

    /// Decodes the value at `index` as `T`.
    package func decode<T: Decodable>(_ type: T.Type, at index: Int) throws -> T {
        guard index != tape.absent else { throw absent(T.self) }
        if let direct = DirectType(T.self) { return try read(direct, at: index, as: T.self) }
        let outer = self.index
        self.index = index
        defer { self.index = outer }
        return try T(from: self)
    }

    /// The values JSON has a form for (strings, numbers, booleans), and the Foundation types
    /// `JSONDecoder` reads its own way: read straight from the tape.
    ///
    /// Decoding runs as unspecialized generic code (a user's `init(from:)` calls it through
    /// protocols): the type is looked up once as this enum, and the value handed back with a
    /// bit cast to the very same type, since an optional of the generic type, or an `as?` cast,
    /// costs a metadata look-up or a dynamic cast on every value.
    private enum DirectType {
        case string, int, double, bool, date, uuid, float, int64, uint8, strings, integers, doubles, data, url, decimal

        init?(_ type: Any.Type) {
            switch ObjectIdentifier(type) {
            case ObjectIdentifier(String.self): self = .string
            case ObjectIdentifier(Int.self): self = .int
            case ObjectIdentifier(Double.self): self = .double
            case ObjectIdentifier(Bool.self): self = .bool
            case ObjectIdentifier(Date.self): self = .date
            case ObjectIdentifier(UUID.self): self = .uuid
            case ObjectIdentifier(Float.self): self = .float
            case ObjectIdentifier(Int64.self): self = .int64
            case ObjectIdentifier(UInt8.self): self = .uint8
            case ObjectIdentifier([String].self): self = .strings
            case ObjectIdentifier([Int].self): self = .integers
            case ObjectIdentifier([Double].self): self = .doubles
            case ObjectIdentifier(Data.self): self = .data
            case ObjectIdentifier(URL.self): self = .url
            case ObjectIdentifier(Decimal.self): self = .decimal
            default: return nil
            }
        }
    }

    /// Reads a value of a ``DirectType``, which `T` is.
    private func read<T>(_ direct: DirectType, at index: Int, as type: T.Type) throws -> T {
        switch direct {
        case .string: return unsafeBitCast(try tape.string(at: index), to: T.self)
        case .int: return unsafeBitCast(try tape.integer(at: index, as: Int.self), to: T.self)
        case .double: return unsafeBitCast(try tape.floatingPoint(at: index, as: Double.self), to: T.self)
        case .bool: return unsafeBitCast(try tape.bool(at: index), to: T.self)
        case .date:
            // As `Date.init(from:)` reads it: seconds since 2001.
            return unsafeBitCast(Date(timeIntervalSinceReferenceDate: try tape.floatingPoint(at: index, as: Double.self)), to: T.self)
        case .uuid:
            guard let uuid = UUID(uuidString: try tape.string(at: index)) else {
                throw tape.corrupted("Attempted to decode UUID from invalid UUID string.", at: index)
            }
            return unsafeBitCast(uuid, to: T.self)
        case .float: return unsafeBitCast(try tape.floatingPoint(at: index, as: Float.self), to: T.self)
        case .int64: return unsafeBitCast(try tape.integer(at: index, as: Int64.self), to: T.self)
        case .uint8: return unsafeBitCast(try tape.integer(at: index, as: UInt8.self), to: T.self)
        case .strings: return unsafeBitCast(try array(at: index, tape.string), to: T.self)
        case .integers: return unsafeBitCast(try array(at: index) { try tape.integer(at: $0, as: Int.self) }, to: T.self)
        case .doubles: return unsafeBitCast(try array(at: index) { try tape.floatingPoint(at: $0, as: Double.self) }, to: T.self)
        case .data:
            guard let data = Data(base64Encoded: try tape.string(at: index)) else {
                throw tape.corrupted("Encountered Data is not valid Base64.", at: index)
            }
            return unsafeBitCast(data, to: T.self)
        case .url:
            guard let url = URL(string: try tape.string(at: index)) else { throw tape.corrupted("Invalid URL string.", at: index) }
            return unsafeBitCast(url, to: T.self)
        case .decimal:
            guard tape.kind(at: index) == .number else { throw tape.mismatch(Decimal.self, at: index) }
            let text = String(decoding: tape.text(at: index), as: UTF8.self)
            guard let decimal = Decimal(string: text), !decimal.isNaN else {
                throw tape.corrupted("Number \(excerpt(tape.text(at: index))) is not representable as a Decimal.", at: index)
            }
            return unsafeBitCast(decimal, to: T.self)
        }
    }

    /// Reads an array of values JSON has a form for, without a container for it.
    private func array<Element>(at index: Int, _ read: (Int) throws -> Element) throws -> [Element] {
        guard tape.kind(at: index) == .array else { throw tape.mismatch([Element].self, at: index) }
        var elements: [Element] = []
        elements.reserveCapacity(tape.size(at: index))
        // Entries one after another are the elements until one is an array or object, which
        // fails to read as Element.
        for element in index + 1..<tape.offset(at: index) { elements.append(try read(element)) }
        return elements
    }

    /// The error for reading a value the document does not have.
    func absent(_ type: Any.Type) -> DecodingError {
        .valueNotFound(type, DecodingError.Context(codingPath: path(to: tape.absent), debugDescription: "No value found."))
    }

    // MARK: Containers

    package func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try keyedContainer(at: index)
    }

    package func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try unkeyedContainer(at: index)
    }

    package func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueContainer(decoder: self, index: index)
    }

    func keyedContainer<Key: CodingKey>(at index: Int) throws -> KeyedDecodingContainer<Key> {
        guard index != tape.absent else { throw absent([String: Any].self) }
        guard tape.kind(at: index) == .object else { throw tape.mismatch([String: Any].self, at: index) }
        return KeyedDecodingContainer(KeyedContainer<Key>(decoder: self, object: index))
    }

    func unkeyedContainer(at index: Int) throws -> UnkeyedContainer {
        guard index != tape.absent else { throw absent([Any].self) }
        guard tape.kind(at: index) == .array else { throw tape.mismatch([Any].self, at: index) }
        return UnkeyedContainer(decoder: self, array: index)
    }
}

extension JSONTape {
    /// The index of the value of the member named `key` of the object at `object`, the first
    /// if the key appears twice; keys match by their UTF-8 bytes.
    package func member(_ key: String, in object: Int) -> Int? {
        var key = key
        return key.withUTF8 { name in
            bytes.withUnsafeBufferPointer { bytes in
                var child = object + 1
                let end = offset(at: object)
                while child < end {
                    let count = size(at: child)
                    if flag(at: child) {
                        if (try? string(at: child))?.utf8.elementsEqual(name) == true { return child + 1 }
                    } else if count == name.count, count == 0 || memcmp(bytes.baseAddress! + offset(at: child), name.baseAddress!, count) == 0 {
                        return child + 1
                    }
                    child = next(after: child + 1)
                }
                return nil
            }
        }
    }
}
