internal import RippleJSON

/// The JSON engine for `ripple-bench`, which cannot see internal symbols: not API.
@_spi(Benchmarks) public enum _DocumentJSONBenchmarks {
    /// Encodes `value` as documents do: ``DocumentJSON/encode(_:into:)``.
    public static func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        var bytes: [UInt8] = []
        try DocumentJSON.encode(value, into: &bytes)
        return bytes
    }

    /// Parses `bytes` and decodes a `T` from them, as documents do.
    public static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try DocumentJSON.decode(T.self, from: DocumentJSON.parse(bytes))
    }
}

extension _DocumentJSONBenchmarks {
    /// Hands `sink` each patch `mediator` records, as it is made: ``Mediator/patches()``
    /// without the stream, for a benchmark's synchronous loop.
    @MainActor
    public static func onPatch<Root: DocumentRoot>(of mediator: Mediator<Root>, _ sink: @escaping (Patch) -> Void) {
        mediator.patchRecorder.sinks.append(sink)
    }
}
