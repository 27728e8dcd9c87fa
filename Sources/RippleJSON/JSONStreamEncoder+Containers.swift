extension JSONStreamEncoder {
    /// Writes an object's members into its frame; ``JSONFrame`` sorts them when it closes.
    struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: JSONStreamEncoder
        let frame: JSONFrame
        let generation: Int

        var codingPath: [any CodingKey] { frame.codingPath }

        /// The frame, with `key` written.
        private func member(_ key: Key) throws -> JSONFrame {
            guard frame.generation == generation else { throw encoder.closedContainerError(codingPath + [key]) }
            frame.beginMember(key.stringValue)
            return frame
        }

        mutating func encodeNil(forKey key: Key) throws { try member(key).writer.writeNull() }
        mutating func encode(_ value: Bool, forKey key: Key) throws { try member(key).writer.write(value) }
        mutating func encode(_ value: String, forKey key: Key) throws { try member(key).writer.write(value) }
        mutating func encode(_ value: Int, forKey key: Key) throws { try member(key).writer.write(value) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { try member(key).writer.write(value) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { try member(key).writer.write(value) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { try member(key).writer.write(value) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { try member(key).writer.write(value) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { try member(key).writer.write(value) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { try member(key).writer.write(value) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { try member(key).writer.write(value) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { try member(key).writer.write(value) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { try member(key).writer.write(value) }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        mutating func encode(_ value: Int128, forKey key: Key) throws { try member(key).writer.write(value) }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        mutating func encode(_ value: UInt128, forKey key: Key) throws { try member(key).writer.write(value) }
        mutating func encode(_ value: Double, forKey key: Key) throws { try encode(value, key) }
        mutating func encode(_ value: Float, forKey key: Key) throws { try encode(value, key) }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            let checkpoint = frame.checkpoint
            do {
                try encoder.encode(value, into: member(key), key: key)
            } catch {
                frame.restore(checkpoint)
                throw error
            }
        }

        private func encode<Float: BinaryFloatingPoint & TextOutputStreamable>(_ value: Float, _ key: Key) throws {
            guard value.isFinite else { throw JSONWriter.nonFinite(value, codingPath: codingPath + [key]) }
            try member(key).writer.write(value)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            let nested = nest(.object, key)
            return KeyedEncodingContainer(
                KeyedContainer<NestedKey>(encoder: encoder, frame: nested, generation: nested.generation))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            let nested = nest(.array, key)
            return UnkeyedContainer(encoder: encoder, frame: nested, generation: nested.generation)
        }

        mutating func superEncoder() -> any Encoder {
            JSONStreamEncoder(writingTo: nest(.value, JSONKey(stringValue: "super")), userInfo: encoder.userInfo)
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            JSONStreamEncoder(writingTo: nest(.value, key), userInfo: encoder.userInfo)
        }

        /// A frame for a member whose value is written later, spliced in when this one closes.
        private func nest(_ kind: JSONFrame.Kind, _ key: any CodingKey) -> JSONFrame {
            guard frame.generation == generation else {
                encoder.fail(JSONStreamEncoder.closedContainerMessage)
                return encoder.makeFrame(kind, parent: frame, key: key)
            }
            frame.beginMember(key.stringValue)
            let nested = encoder.makeFrame(kind, parent: frame, key: key)
            frame.nest(nested)
            return nested
        }
    }

    /// Writes an array's elements into its frame.
    struct UnkeyedContainer: UnkeyedEncodingContainer, JSONScalarEncoding {
        let encoder: JSONStreamEncoder
        let frame: JSONFrame
        let generation: Int

        var codingPath: [any CodingKey] { frame.codingPath }
        var count: Int { frame.count }
        var nextValuePath: [any CodingKey] { codingPath + [IndexKey(count)] }

        func nextValueFrame() throws -> JSONFrame { try element() }

        // Here rather than in `JSONScalarEncoding`, which would make them ambiguous with the
        // standard library's defaults.
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        mutating func encode(_ value: Int128) throws { try nextValueFrame().writer.write(value) }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        mutating func encode(_ value: UInt128) throws { try nextValueFrame().writer.write(value) }

        /// The frame, with the next element begun.
        private func element() throws -> JSONFrame {
            guard frame.generation == generation else { throw encoder.closedContainerError(codingPath) }
            frame.beginElement()
            return frame
        }

        mutating func encode<T: Encodable>(_ value: T) throws {
            let checkpoint = frame.checkpoint
            do {
                try encoder.encode(value, into: element(), key: IndexKey(frame.count - 1))
            } catch {
                frame.restore(checkpoint)
                throw error
            }
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            let nested = nest(.object)
            return KeyedEncodingContainer(
                KeyedContainer<NestedKey>(encoder: encoder, frame: nested, generation: nested.generation))
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let nested = nest(.array)
            return UnkeyedContainer(encoder: encoder, frame: nested, generation: nested.generation)
        }

        mutating func superEncoder() -> any Encoder {
            JSONStreamEncoder(writingTo: nest(.value), userInfo: encoder.userInfo)
        }

        private func nest(_ kind: JSONFrame.Kind) -> JSONFrame {
            guard frame.generation == generation else {
                encoder.fail(JSONStreamEncoder.closedContainerMessage)
                return encoder.makeFrame(kind, parent: frame, key: IndexKey(count))
            }
            frame.beginElement()
            let nested = encoder.makeFrame(kind, parent: frame, key: IndexKey(count - 1))
            frame.nest(nested)
            return nested
        }
    }

    /// Writes the current value as one string, number, boolean, null or nested value.
    ///
    /// Three words, so that it fits in the existential `singleValueContainer()` returns without
    /// an allocation: the value's key is the encoder's current one (a container is used while
    /// its value encodes).
    struct SingleValueContainer: SingleValueEncodingContainer, JSONScalarEncoding {
        let encoder: JSONStreamEncoder
        let frame: JSONFrame
        let generation: Int

        private var key: (any CodingKey)? { encoder.current.key }
        var codingPath: [any CodingKey] { frame.codingPath + (key.map { [$0] } ?? []) }
        var nextValuePath: [any CodingKey] { codingPath }

        func nextValueFrame() throws -> JSONFrame { try claim() }

        // As in `UnkeyedContainer`.
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        mutating func encode(_ value: Int128) throws { try nextValueFrame().writer.write(value) }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        mutating func encode(_ value: UInt128) throws { try nextValueFrame().writer.write(value) }

        /// The frame, once it is sure the value is written once.
        private func claim() throws -> JSONFrame {
            guard frame.generation == generation else { throw encoder.closedContainerError(codingPath) }
            guard !encoder.current.wroteSingleValue, encoder.current.opened == nil else {
                throw EncodingError.invalidValue(
                    (),
                    EncodingError.Context(
                        codingPath: codingPath,
                        debugDescription: "A single value container was written to twice, or after a container "
                            + "was made for the same value; a value is written once"))
            }
            encoder.current.wroteSingleValue = true
            return frame
        }

        mutating func encode<T: Encodable>(_ value: T) throws { try encoder.encode(value, into: claim(), key: key) }
    }
}

/// The unkeyed and single value containers, which write strings, numbers, booleans and nulls
/// the same way, each to the frame the container gives for its next value.
protocol JSONScalarEncoding {
    /// The frame to write the next value to, with the value begun.
    func nextValueFrame() throws -> JSONFrame
    /// The coding path the next value will have.
    var nextValuePath: [any CodingKey] { get }
}

extension JSONScalarEncoding {
    mutating func encodeNil() throws { try nextValueFrame().writer.writeNull() }
    mutating func encode(_ value: Bool) throws { try nextValueFrame().writer.write(value) }
    mutating func encode(_ value: String) throws { try nextValueFrame().writer.write(value) }
    mutating func encode(_ value: Int) throws { try nextValueFrame().writer.write(value) }
    mutating func encode(_ value: Int8) throws { try nextValueFrame().writer.write(value) }
    mutating func encode(_ value: Int16) throws { try nextValueFrame().writer.write(value) }
    mutating func encode(_ value: Int32) throws { try nextValueFrame().writer.write(value) }
    mutating func encode(_ value: Int64) throws { try nextValueFrame().writer.write(value) }
    mutating func encode(_ value: UInt) throws { try nextValueFrame().writer.write(value) }
    mutating func encode(_ value: UInt8) throws { try nextValueFrame().writer.write(value) }
    mutating func encode(_ value: UInt16) throws { try nextValueFrame().writer.write(value) }
    mutating func encode(_ value: UInt32) throws { try nextValueFrame().writer.write(value) }
    mutating func encode(_ value: UInt64) throws { try nextValueFrame().writer.write(value) }
    mutating func encode(_ value: Double) throws { try encodeFloat(value) }
    mutating func encode(_ value: Float) throws { try encodeFloat(value) }

    /// Checks the number before beginning the value, so that a caught error leaves no trace.
    private func encodeFloat<Float: BinaryFloatingPoint & TextOutputStreamable>(_ value: Float) throws {
        guard value.isFinite else { throw JSONWriter.nonFinite(value, codingPath: nextValuePath) }
        try nextValueFrame().writer.write(value)
    }
}
