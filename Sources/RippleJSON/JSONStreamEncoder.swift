import Foundation

/// Streams `Encodable` values into JSON text that is the same for the same value in any
/// process: object keys sorted by their bytes, and sets and dictionaries (which encode in hash
/// order) sorted by the bytes of their elements or keys.
///
/// Otherwise it writes what `JSONEncoder` writes with its default settings: dates as seconds
/// since 2001, `Data` as Base64, `URL`s as strings, `Decimal`s as numbers, an error for an
/// infinity or NaN. One encoder serves a whole value: each array or object gets a
/// ``JSONFrame`` from a pool, and when the value that opened it is encoded, it is closed,
/// appended where it belongs and goes back to the pool.
package final class JSONStreamEncoder: Encoder {
    package let userInfo: [CodingUserInfoKey: Any]

    /// The value being encoded: where it goes, its type, what it wrote.
    struct Value {
        let frame: JSONFrame
        let key: (any CodingKey)?
        let type: Any.Type
        /// The container the value opened; asking again gives the same one.
        var opened: JSONFrame?
        var wroteSingleValue = false
        /// Whether the value is a super encoder's, which is encoded with no call to
        /// ``encode(_:into:key:)`` to close its container: the frame splices it in instead.
        var isSuperEncoderValue = false
    }

    // Unchecked for speed, as in `JSONFrame`.
    @exclusivity(unchecked) var current: Value
    @exclusivity(unchecked) private var pool: [JSONFrame] = []
    @exclusivity(unchecked) private var scratch: [UInt8] = []
    /// A misuse noticed where nothing can throw, thrown when the value's encoding returns.
    @exclusivity(unchecked) private var failure: EncodingError?
    @exclusivity(unchecked) private var orderCache: (type: ObjectIdentifier, order: JSONFrame.Order)?

    init(writingTo frame: JSONFrame, userInfo: [CodingUserInfoKey: Any]) {
        self.userInfo = userInfo
        current = Value(frame: frame, key: nil, type: Never.self, isSuperEncoderValue: true)
    }

    /// An encoder for top-level values, one after another (``encode(_:appendingTo:)``): its
    /// frames serve them all.
    package convenience init(userInfo: [CodingUserInfoKey: Any] = [:]) {
        self.init(writingTo: JSONFrame(), userInfo: userInfo)
    }

    /// Encodes `value` after what `writer` holds; on failure, the writer is left as it was.
    static func encode<T: Encodable>(
        _ value: T, into writer: inout JSONWriter, userInfo: [CodingUserInfoKey: Any] = [:]
    ) throws {
        try JSONStreamEncoder(userInfo: userInfo).encode(value, appendingTo: &writer)
    }

    /// Encodes `value` after what `writer` holds, as a top-level value; on failure, the writer is
    /// left as it was. An encoder made with ``init(userInfo:)`` encodes any number of values this
    /// way, one at a time, reusing its frames (a document's members, each encoded on its own).
    package func encode<T: Encodable>(_ value: T, appendingTo writer: inout JSONWriter) throws {
        let root = current.frame
        swap(&root.writer, &writer)
        defer { swap(&root.writer, &writer) }
        let checkpoint = root.checkpoint
        do {
            try encode(value, into: root, key: nil)
        } catch {
            root.restore(checkpoint)
            failure = nil
            throw error
        }
    }

    package var codingPath: [any CodingKey] {
        current.frame.codingPath + (current.key.map { [$0] } ?? [])
    }

    /// Encodes `value` as the next value of `frame` (whose key, if any, is written).
    func encode<T: Encodable>(_ value: T, into frame: JSONFrame, key: (any CodingKey)?) throws {
        if try writeDirectly(value, into: frame, key: key) { return }
        let outer = current
        current = Value(frame: frame, key: key, type: T.self)
        defer { current = outer }
        try value.encode(to: self)
        if let failure {
            self.failure = nil
            throw failure
        }
        if let opened = current.opened {
            opened.close(scratch: &scratch, releasing: &pool)
            frame.writer.writeValue(taking: &opened.writer.bytes)
            opened.recycle()
            pool.append(opened)
        } else if !current.wroteSingleValue {
            // A value that encodes nothing is an empty object, as in `JSONEncoder`.
            frame.writer.beginObject()
            frame.writer.endObject()
        }
    }

    /// Writes the values JSON has a form for (strings, numbers, booleans), and the Foundation
    /// types `JSONEncoder` writes its own way; false for the rest. A value is taken as its type
    /// with a bit cast, once the types are known to be the same: an `as!` cast is a dynamic cast
    /// (encoding runs as unspecialized generic code, called through a user's `encode(to:)`).
    private func writeDirectly<T: Encodable>(_ value: T, into frame: JSONFrame, key: (any CodingKey)?) throws -> Bool {
        let type = T.self
        if type == String.self {
            frame.writer.write(unsafeBitCast(value, to: String.self))
        } else if type == Int.self {
            frame.writer.write(unsafeBitCast(value, to: Int.self))
        } else if type == Double.self {
            try writeFloat(unsafeBitCast(value, to: Double.self), into: frame, key: key)
        } else if type == Bool.self {
            frame.writer.write(unsafeBitCast(value, to: Bool.self))
        } else if type == Date.self {
            // As `Date.encode(to:)` writes it: seconds since 2001.
            try writeFloat(unsafeBitCast(value, to: Date.self).timeIntervalSinceReferenceDate, into: frame, key: key)
        } else if type == UUID.self {
            frame.writer.write(unsafeBitCast(value, to: UUID.self).uuidString)
        } else if type == Float.self {
            try writeFloat(unsafeBitCast(value, to: Float.self), into: frame, key: key)
        } else if type == Int64.self {
            frame.writer.write(unsafeBitCast(value, to: Int64.self))
        } else if type == UInt8.self {
            frame.writer.write(unsafeBitCast(value, to: UInt8.self))
        } else if type == [String].self, frame.depth < JSONParser.maximumDepth {
            writeArray(unsafeBitCast(value, to: [String].self), into: frame) { $0.write($1) }
        } else if type == [Int].self, frame.depth < JSONParser.maximumDepth {
            writeArray(unsafeBitCast(value, to: [Int].self), into: frame) { $0.write($1) }
        } else if type == [Double].self, frame.depth < JSONParser.maximumDepth {
            try writeArray(unsafeBitCast(value, to: [Double].self), into: frame) { try $0.write($1) }
        } else if type == Data.self {
            frame.writer.write(unsafeBitCast(value, to: Data.self).base64EncodedString())
        } else if type == URL.self {
            frame.writer.write(unsafeBitCast(value, to: URL.self).absoluteString)
        } else if type == Decimal.self {
            let decimal = unsafeBitCast(value, to: Decimal.self)
            guard !decimal.isNaN else {
                throw EncodingError.invalidValue(
                    decimal,
                    EncodingError.Context(
                        codingPath: frame.codingPath + (key.map { [$0] } ?? []),
                        debugDescription: "Unable to encode Decimal.nan directly in JSON."))
            }
            frame.writer.writeValue(decimal.description.utf8)
        } else {
            return false
        }
        return true
    }

    /// Writes an array of values JSON has a form for, without a frame for it.
    private func writeArray<Element>(
        _ elements: [Element], into frame: JSONFrame, _ write: (inout JSONWriter, Element) throws -> Void
    ) rethrows {
        frame.writer.beginArray()
        for element in elements { try write(&frame.writer, element) }
        frame.writer.endArray()
    }

    private func writeFloat<Float: BinaryFloatingPoint & TextOutputStreamable>(
        _ value: Float, into frame: JSONFrame, key: (any CodingKey)?
    ) throws {
        guard value.isFinite else {
            throw JSONWriter.nonFinite(value, codingPath: frame.codingPath + (key.map { [$0] } ?? []))
        }
        try frame.writer.write(value)
    }

    // MARK: Containers

    package func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let frame = openContainer(.object)
        return KeyedEncodingContainer(KeyedContainer<Key>(encoder: self, frame: frame, generation: frame.generation))
    }

    package func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let frame = openContainer(.array)
        return UnkeyedContainer(encoder: self, frame: frame, generation: frame.generation)
    }

    package func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(encoder: self, frame: current.frame, generation: current.frame.generation)
    }

    /// The container of the current value: a new one, or the one it opened before.
    private func openContainer(_ kind: JSONFrame.Kind) -> JSONFrame {
        if let opened = current.opened, opened.kind == kind { return opened }
        let frame = makeFrame(kind, parent: current.frame, key: current.key)
        if current.opened != nil || current.wroteSingleValue {
            fail("\(current.type) asked for a second container of another kind; a value encodes as one container")
        } else {
            current.opened = frame
            if current.isSuperEncoderValue { current.frame.nest(frame) }
        }
        if kind == .array { frame.order = order(of: current.type) }
        return frame
    }

    func makeFrame(_ kind: JSONFrame.Kind, parent: JSONFrame, key: (any CodingKey)?) -> JSONFrame {
        let frame = pool.popLast() ?? JSONFrame()
        frame.open(kind, parent: parent, key: key)
        if frame.depth > JSONParser.maximumDepth {
            fail("the value nests arrays and objects deeper than \(JSONParser.maximumDepth) levels, more than can be read back")
        }
        return frame
    }

    /// Sets, and dictionaries whose keys are not strings or integers, are sorted.
    private func order(of type: Any.Type) -> JSONFrame.Order {
        if let cached = orderCache, cached.type == ObjectIdentifier(type) { return cached.order }
        var order = JSONFrame.Order.asWritten
        if let unordered = type as? any UnorderedCodableCollection.Type {
            order = unordered.encodesKeyValuePairs ? .byPair : .byElement
        }
        orderCache = (ObjectIdentifier(type), order)
        return order
    }

    func fail(_ description: String) {
        if failure == nil {
            failure = EncodingError.invalidValue((), EncodingError.Context(codingPath: codingPath, debugDescription: description))
        }
    }

    static let closedContainerMessage =
        "A container was written to after the value that made it was encoded; write a container's contents while its value encodes"

    /// The error for writing to a container after its value was encoded.
    func closedContainerError(_ codingPath: [any CodingKey]) -> EncodingError {
        EncodingError.invalidValue((), EncodingError.Context(codingPath: codingPath, debugDescription: Self.closedContainerMessage))
    }
}

/// Collections that encode their contents in hash order, which differs from process to
/// process; ``JSONStreamEncoder`` sorts what they write.
protocol UnorderedCodableCollection {
    /// Whether the contents are key and value pairs (a dictionary with keys that are not
    /// strings or integers encodes as an array of them).
    static var encodesKeyValuePairs: Bool { get }
}

extension Set: UnorderedCodableCollection {
    static var encodesKeyValuePairs: Bool { false }
}

extension Dictionary: UnorderedCodableCollection {
    static var encodesKeyValuePairs: Bool { true }
}
