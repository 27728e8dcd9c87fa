extension JSONTapeDecoder {
    /// Reads an object's members by key.
    struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: JSONTapeDecoder
        let object: Int
        /// For an object of many members, where each key's value is (looking keys up one by
        /// one costs more than hashing them once). Keys then match as strings, as in
        /// `JSONDecoder`, rather than byte for byte: the same unless they differ only in
        /// Unicode normalization.
        private let lookup: [String: Int]?

        init(decoder: JSONTapeDecoder, object: Int) {
            self.decoder = decoder
            self.object = object
            var lookup: [String: Int]?
            if decoder.tape.size(at: object) > 16 {
                lookup = [:]
                for (key, value) in Self.members(of: object, in: decoder.tape) where lookup?[key] == nil {
                    lookup?[key] = value
                }
            }
            self.lookup = lookup
        }

        private var tape: JSONTape { decoder.tape }
        var codingPath: [any CodingKey] { tape.codingPath(to: object) }
        var allKeys: [Key] {
            // Straight from the tape: an enum with associated values asks for its one key.
            var keys: [Key] = []
            keys.reserveCapacity(tape.size(at: object))
            var child = object + 1
            while child < tape.offset(at: object) {
                if let key = Key(stringValue: (try? tape.string(at: child)) ?? "") { keys.append(key) }
                child = tape.next(after: child + 1)
            }
            return keys
        }

        private static func members(of object: Int, in tape: JSONTape) -> [(key: String, value: Int)] {
            var members: [(key: String, value: Int)] = []
            var child = object + 1
            while child < tape.offset(at: object) {
                members.append(((try? tape.string(at: child)) ?? "", child + 1))
                child = tape.next(after: child + 1)
            }
            return members
        }

        func contains(_ key: Key) -> Bool { find(key) != nil }

        private func find(_ key: Key) -> Int? {
            if let lookup { return lookup[key.stringValue] }
            return tape.member(key.stringValue, in: object)
        }

        /// The index of the value for `key`.
        private func value(_ key: Key) throws -> Int {
            guard let index = find(key) else {
                throw DecodingError.keyNotFound(
                    key,
                    DecodingError.Context(
                        codingPath: codingPath, debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
            }
            return index
        }

        /// The index of the value for `key`, or nil when there is none or it is null.
        private func presentValue(_ key: Key) -> Int? {
            guard let index = find(key), tape.kind(at: index) != .null else { return nil }
            return index
        }

        func decodeNil(forKey key: Key) throws -> Bool { tape.kind(at: try value(key)) == .null }
        func decode(_: Bool.Type, forKey key: Key) throws -> Bool { try tape.bool(at: value(key)) }
        func decode(_: String.Type, forKey key: Key) throws -> String { try tape.string(at: value(key)) }
        func decode(_: Double.Type, forKey key: Key) throws -> Double { try tape.floatingPoint(at: value(key), as: Double.self) }
        func decode(_: Float.Type, forKey key: Key) throws -> Float { try tape.floatingPoint(at: value(key), as: Float.self) }
        func decode(_: Int.Type, forKey key: Key) throws -> Int { try tape.integer(at: value(key), as: Int.self) }
        func decode(_: Int8.Type, forKey key: Key) throws -> Int8 { try tape.integer(at: value(key), as: Int8.self) }
        func decode(_: Int16.Type, forKey key: Key) throws -> Int16 { try tape.integer(at: value(key), as: Int16.self) }
        func decode(_: Int32.Type, forKey key: Key) throws -> Int32 { try tape.integer(at: value(key), as: Int32.self) }
        func decode(_: Int64.Type, forKey key: Key) throws -> Int64 { try tape.integer(at: value(key), as: Int64.self) }
        func decode(_: UInt.Type, forKey key: Key) throws -> UInt { try tape.integer(at: value(key), as: UInt.self) }
        func decode(_: UInt8.Type, forKey key: Key) throws -> UInt8 { try tape.integer(at: value(key), as: UInt8.self) }
        func decode(_: UInt16.Type, forKey key: Key) throws -> UInt16 { try tape.integer(at: value(key), as: UInt16.self) }
        func decode(_: UInt32.Type, forKey key: Key) throws -> UInt32 { try tape.integer(at: value(key), as: UInt32.self) }
        func decode(_: UInt64.Type, forKey key: Key) throws -> UInt64 { try tape.integer(at: value(key), as: UInt64.self) }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        func decode(_: Int128.Type, forKey key: Key) throws -> Int128 { try tape.integer(at: value(key), as: Int128.self) }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        func decode(_: UInt128.Type, forKey key: Key) throws -> UInt128 { try tape.integer(at: value(key), as: UInt128.self) }
        func decode<T: Decodable>(_: T.Type, forKey key: Key) throws -> T { try decoder.decode(T.self, at: value(key)) }

        // One look-up instead of the three of the default implementations.
        func decodeIfPresent(_: Bool.Type, forKey key: Key) throws -> Bool? { try presentValue(key).map(tape.bool) }
        func decodeIfPresent(_: String.Type, forKey key: Key) throws -> String? { try presentValue(key).map(tape.string) }
        func decodeIfPresent(_: Int.Type, forKey key: Key) throws -> Int? {
            try presentValue(key).map { try tape.integer(at: $0, as: Int.self) }
        }
        func decodeIfPresent(_: Double.Type, forKey key: Key) throws -> Double? {
            try presentValue(key).map { try tape.floatingPoint(at: $0, as: Double.self) }
        }
        func decodeIfPresent<T: Decodable>(_: T.Type, forKey key: Key) throws -> T? {
            try presentValue(key).map { try decoder.decode(T.self, at: $0) }
        }

        func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type, forKey key: Key
        ) throws -> KeyedDecodingContainer<NestedKey> {
            try decoder.keyedContainer(at: value(key))
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try decoder.unkeyedContainer(at: value(key))
        }

        func superDecoder() throws -> any Decoder { superDecoder(JSONKey(stringValue: "super")) }
        func superDecoder(forKey key: Key) throws -> any Decoder { superDecoder(key) }

        /// A decoder for the member's value; for a missing member, one that reads as null.
        private func superDecoder(_ key: any CodingKey) -> any Decoder {
            let index = lookup?[key.stringValue] ?? tape.member(key.stringValue, in: object)
            return JSONTapeDecoder(
                tape: tape, index: index ?? tape.absent, userInfo: decoder.userInfo,
                absentPath: index == nil ? codingPath + [key] : nil)
        }
    }

    /// Reads an array's elements in order.
    struct UnkeyedContainer: UnkeyedDecodingContainer {
        let decoder: JSONTapeDecoder
        let array: Int
        private(set) var currentIndex = 0
        /// The tape index of the element at `currentIndex`.
        private var position: Int

        init(decoder: JSONTapeDecoder, array: Int) {
            self.decoder = decoder
            self.array = array
            position = array + 1
        }

        private var tape: JSONTape { decoder.tape }
        var codingPath: [any CodingKey] { tape.codingPath(to: array) }
        var count: Int? { tape.size(at: array) }
        var isAtEnd: Bool { currentIndex >= tape.size(at: array) }

        /// Reads the current element with `read`, then moves past it; on failure it stays, as
        /// in `JSONDecoder`, so that another type can be tried.
        private mutating func next<T>(_ type: Any.Type, _ read: (JSONTape, Int) throws -> T) throws -> T {
            let value = try read(tape, current(type))
            position = tape.next(after: position)
            currentIndex += 1
            return value
        }

        /// The tape index of the current element.
        private func current(_ type: Any.Type) throws -> Int {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(
                    type,
                    DecodingError.Context(
                        codingPath: codingPath + [IndexKey(currentIndex)], debugDescription: "Unkeyed container is at end."))
            }
            return position
        }

        mutating func decodeNil() throws -> Bool {
            guard tape.kind(at: try current(Any?.self)) == .null else { return false }
            return try next(Any?.self) { _, _ in true }
        }

        mutating func decode(_: Bool.Type) throws -> Bool { try next(Bool.self) { try $0.bool(at: $1) } }
        mutating func decode(_: String.Type) throws -> String { try next(String.self) { try $0.string(at: $1) } }
        mutating func decode(_: Double.Type) throws -> Double { try next(Double.self) { try $0.floatingPoint(at: $1, as: Double.self) } }
        mutating func decode(_: Float.Type) throws -> Float { try next(Float.self) { try $0.floatingPoint(at: $1, as: Float.self) } }
        mutating func decode(_: Int.Type) throws -> Int { try next(Int.self) { try $0.integer(at: $1, as: Int.self) } }
        mutating func decode(_: Int8.Type) throws -> Int8 { try next(Int8.self) { try $0.integer(at: $1, as: Int8.self) } }
        mutating func decode(_: Int16.Type) throws -> Int16 { try next(Int16.self) { try $0.integer(at: $1, as: Int16.self) } }
        mutating func decode(_: Int32.Type) throws -> Int32 { try next(Int32.self) { try $0.integer(at: $1, as: Int32.self) } }
        mutating func decode(_: Int64.Type) throws -> Int64 { try next(Int64.self) { try $0.integer(at: $1, as: Int64.self) } }
        mutating func decode(_: UInt.Type) throws -> UInt { try next(UInt.self) { try $0.integer(at: $1, as: UInt.self) } }
        mutating func decode(_: UInt8.Type) throws -> UInt8 { try next(UInt8.self) { try $0.integer(at: $1, as: UInt8.self) } }
        mutating func decode(_: UInt16.Type) throws -> UInt16 { try next(UInt16.self) { try $0.integer(at: $1, as: UInt16.self) } }
        mutating func decode(_: UInt32.Type) throws -> UInt32 { try next(UInt32.self) { try $0.integer(at: $1, as: UInt32.self) } }
        mutating func decode(_: UInt64.Type) throws -> UInt64 { try next(UInt64.self) { try $0.integer(at: $1, as: UInt64.self) } }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        mutating func decode(_: Int128.Type) throws -> Int128 { try next(Int128.self) { try $0.integer(at: $1, as: Int128.self) } }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        mutating func decode(_: UInt128.Type) throws -> UInt128 {
            try next(UInt128.self) { try $0.integer(at: $1, as: UInt128.self) }
        }
        mutating func decode<T: Decodable>(_: T.Type) throws -> T { try next(T.self) { [decoder] _, index in try decoder.decode(T.self, at: index) } }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            try next([String: Any].self) { [decoder] _, index in try decoder.keyedContainer(at: index) }
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            try next([Any].self) { [decoder] _, index in try decoder.unkeyedContainer(at: index) }
        }

        mutating func superDecoder() throws -> any Decoder {
            try next(Any.self) { [decoder] tape, index in JSONTapeDecoder(tape: tape, index: index, userInfo: decoder.userInfo) }
        }
    }

    /// Reads the current value as one string, number, boolean, null or nested value.
    struct SingleValueContainer: SingleValueDecodingContainer {
        let decoder: JSONTapeDecoder
        let index: Int

        private var tape: JSONTape { decoder.tape }
        var codingPath: [any CodingKey] { decoder.path(to: index) }

        /// The index, unless the value is absent.
        private func value(_ type: Any.Type) throws -> Int {
            guard index != tape.absent else { throw decoder.absent(type) }
            return index
        }

        func decodeNil() -> Bool { tape.kind(at: index) == .null }
        func decode(_: Bool.Type) throws -> Bool { try tape.bool(at: value(Bool.self)) }
        func decode(_: String.Type) throws -> String { try tape.string(at: value(String.self)) }
        func decode(_: Double.Type) throws -> Double { try tape.floatingPoint(at: value(Double.self), as: Double.self) }
        func decode(_: Float.Type) throws -> Float { try tape.floatingPoint(at: value(Float.self), as: Float.self) }
        func decode(_: Int.Type) throws -> Int { try tape.integer(at: value(Int.self), as: Int.self) }
        func decode(_: Int8.Type) throws -> Int8 { try tape.integer(at: value(Int8.self), as: Int8.self) }
        func decode(_: Int16.Type) throws -> Int16 { try tape.integer(at: value(Int16.self), as: Int16.self) }
        func decode(_: Int32.Type) throws -> Int32 { try tape.integer(at: value(Int32.self), as: Int32.self) }
        func decode(_: Int64.Type) throws -> Int64 { try tape.integer(at: value(Int64.self), as: Int64.self) }
        func decode(_: UInt.Type) throws -> UInt { try tape.integer(at: value(UInt.self), as: UInt.self) }
        func decode(_: UInt8.Type) throws -> UInt8 { try tape.integer(at: value(UInt8.self), as: UInt8.self) }
        func decode(_: UInt16.Type) throws -> UInt16 { try tape.integer(at: value(UInt16.self), as: UInt16.self) }
        func decode(_: UInt32.Type) throws -> UInt32 { try tape.integer(at: value(UInt32.self), as: UInt32.self) }
        func decode(_: UInt64.Type) throws -> UInt64 { try tape.integer(at: value(UInt64.self), as: UInt64.self) }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        func decode(_: Int128.Type) throws -> Int128 { try tape.integer(at: value(Int128.self), as: Int128.self) }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        func decode(_: UInt128.Type) throws -> UInt128 { try tape.integer(at: value(UInt128.self), as: UInt128.self) }
        func decode<T: Decodable>(_: T.Type) throws -> T { try decoder.decode(T.self, at: index) }
    }
}
