import Foundation
@testable import RippleJSON
import Testing

/// Values come back exactly, as `JSONDecoder` would give them, and errors carry the kind and
/// coding path `JSONDecoder` gives.
@Suite struct DocumentsJSONDecodingTests {
    enum Shape: Codable, Equatable {
        case circle(radius: Double)
        case polygon([Int], closed: Bool)
        case empty
    }

    enum Color: String, Codable, CaseIterable { case red, green, blue }

    struct Everything: Codable, Equatable {
        var bool = true
        var string = "é \"q\" \\ \u{0}\u{1F} 🎉 / \u{2028}"
        var double = 0.1
        var float: Float = 3.4e38
        var int = Int.min
        var int8 = Int8.min
        var int16 = Int16.max
        var int32 = Int32.min
        var int64 = Int64.max
        var uint = UInt.max
        var uint8 = UInt8.max
        var uint16 = UInt16.max
        var uint32 = UInt32.max
        var uint64 = UInt64.max
        var date = Date(timeIntervalSinceReferenceDate: 123_456.789)
        var data = Data((0..<40).map(UInt8.init))
        var url = URL(string: "https://example.com/path?q=1#f")
        var decimal = Decimal(string: "1234567890.0987654321")!
        var uuid = UUID()
        var optional: Int? = nil
        var optionalPresent: String? = "here"
        var nestedOptional: [Int?] = [1, nil, 3]
        var array = [[1, 2], [], [3]]
        var stringKeys = ["b": 2, "a": 1, "": 0]
        var intKeys = [10: "ten", -1: "minus one"]
        var enumKeys = [Color.red: 1, .blue: 2]
        var set: Set<String> = ["x", "y", "z"]
        var shapes: [Shape] = [.circle(radius: 2.5), .polygon([1, 2, 3], closed: true), .empty]
        var colors = Color.allCases
        var range = 1..<5
        var closedRange = -2.5...2.5
        var duration = Duration.seconds(3) + .nanoseconds(7)
    }

    @Test func everyStandardAndFoundationTypeRoundTripsExactly() throws {
        let value = Everything()
        #expect(try roundTrip(value) == value)
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    struct WideIntegers: Codable, Equatable {
        var int128 = Int128.min
        var uint128 = UInt128.max
        var optionals: [Int128?] = [.min, nil, .max]
    }

    @Test func integersOf128BitsRoundTripInEveryKindOfContainer() throws {
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return }
        #expect(try roundTrip(WideIntegers()) == WideIntegers())
        #expect(try roundTrip(UInt128.max - 1) == UInt128.max - 1)
    }

    @Test func bytesFromEitherEncoderDecodeWithEitherDecoderToTheSameValue() throws {
        let value = Everything()
        var ours: [UInt8] = []
        try DocumentJSON.encode(value, into: &ours)
        #expect(try JSONDecoder().decode(Everything.self, from: Data(ours)) == value)
        let theirs = try JSONEncoder().encode(value)
        #expect(try DocumentJSON.decode(Everything.self, from: DocumentJSON.parse(theirs)) == value)
    }

    @Test func doublesAndFloatsRoundTripBitForBit() throws {
        var random = SeededGenerator(state: 7)
        var doubles: [Double] = [
            0.1, 1e300, -0.0, 0, .leastNonzeroMagnitude, .leastNormalMagnitude, .leastNormalMagnitude.nextDown,
            .greatestFiniteMagnitude, 1.0 / 3, 1.2345678901234568e17, Double(1 << 53).nextUp, 1e22, 1e23, 0.30000000000000004,
        ]
        doubles += (0..<2_000).map { _ in Double(bitPattern: random.next()) }.filter(\.isFinite)
        let decodedDoubles = try roundTrip(doubles)
        #expect(decodedDoubles.map(\.bitPattern) == doubles.map(\.bitPattern))
        var floats: [Float] = [0.1, -0.0, .leastNonzeroMagnitude, .greatestFiniteMagnitude, Float(1 << 24).nextUp]
        floats += (0..<2_000).map { _ in Float(bitPattern: UInt32(truncatingIfNeeded: random.next())) }.filter(\.isFinite)
        #expect(try roundTrip(floats).map(\.bitPattern) == floats.map(\.bitPattern))
    }

    @Test func numberTextReadsAsTheCorrectlyRoundedDouble() throws {
        var random = SeededGenerator(state: 13)
        func digits(_ count: Int) -> String {
            String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &random))) })
        }
        for _ in 0..<3_000 {
            var text = Bool.random(using: &random) ? "-" : ""
            text += String(Int.random(in: 1...9, using: &random)) + digits(Int.random(in: 0...20, using: &random))
            if Bool.random(using: &random) { text += "." + digits(Int.random(in: 1...20, using: &random)) }
            if Bool.random(using: &random) { text += "e\(Int.random(in: -30...30, using: &random) * (Bool.random(using: &random) ? 1 : 12))" }
            let expected = try #require(Double(text))
            let value = try DocumentJSON.parse(Array(text.utf8))
            if expected.isFinite {
                #expect(try value.double().bitPattern == expected.bitPattern, "\(text)")
            } else {
                #expect(throws: DecodingError.self, "\(text)") { try value.double() }
            }
        }
    }

    @Test func stringsRoundTripWhateverTheirCharacters() throws {
        var random = SeededGenerator(state: 11)
        var strings = ["", "\"", "\\", "\u{7F}", String((0..<32).map { Character(Unicode.Scalar($0)) })]
        for _ in 0..<300 {
            let scalars = (0..<Int.random(in: 0..<12, using: &random)).compactMap { _ in
                Unicode.Scalar(UInt32.random(in: 0...(Bool.random(using: &random) ? 0x7F : 0x10FFFF), using: &random))
            }
            strings.append(String(String.UnicodeScalarView(scalars)))
        }
        #expect(try roundTrip(strings) == strings)
        #expect(try roundTrip(["key \u{1}\"": "value"]) == ["key \u{1}\"": "value"])
    }

    @Test func escapesInInputDecodeToTheirCharacters() throws {
        let text = #"["\u00e9\ud83c\udf89\/\b\f\n\r\t\"\\", "plain"]"#
        #expect(try DocumentJSON.decode([String].self, from: DocumentJSON.parse(Array(text.utf8))) == ["é🎉/\u{8}\u{C}\n\r\t\"\\", "plain"])
        #expect(try decode([String: Int].self, #"{"\u0061": 1}"#) == ["a": 1])
        struct Keyed: Decodable { var a: Int }
        #expect(try decode(Keyed.self, #"{"\u0061": 1}"#).a == 1)
    }

    @Test func integersDecodeFromAnyNumberThatIsExactlyOne() throws {
        #expect(try decode([Int].self, "[1.0, 1e2, -0, 2.5e1]") == [1, 100, 0, 25])
        #expect(try decode([Double].self, "[1, -0, 12345678901234567890]") == [1, -0.0, 1.2345678901234567e19])
        #expect(try decode(Float.self, "0.1") == Float(0.1))
    }

    @Test func aLargeObjectFindsEveryKeyAndARepeatedKeyReadsItsFirstValue() throws {
        let large = Dictionary(uniqueKeysWithValues: (0..<1_000).map { ("key \($0)", $0) })
        #expect(try roundTrip(large) == large)
        struct Wide: Codable, Equatable {
            var a = 1, b = 2, c = 3, d = 4, e = 5, f = 6, g = 7, h = 8, i = 9, j = 10
            var k = 11, l = 12, m = 13, n = 14, o = 15, p = 16, q = 17, r = 18
        }
        #expect(try roundTrip(Wide()) == Wide())
        #expect(try decode([String: Int].self, #"{"a": 1, "a": 2}"#) == ["a": 1])
        struct Small: Decodable { var a: Int }
        #expect(try decode(Small.self, #"{"a": 1, "a": 2}"#).a == 1)
    }

    @Test func randomlyDamagedDocumentsDecodeOrFailWithADecodingError() throws {
        var random = SeededGenerator(state: 17)
        var original: [UInt8] = []
        try DocumentJSON.encode(Everything(), into: &original)
        let alphabet = Array("{}[]\",:-.0123456789eEtrufalsnABC".utf8)
        var decoded = 0
        for _ in 0..<1_000 {
            var bytes = original
            for _ in 0...Int.random(in: 0...2, using: &random) {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = alphabet.randomElement(using: &random)!
            }
            guard let root = try? DocumentJSON.parse(bytes) else { continue }
            do {
                _ = try DocumentJSON.decode(Everything.self, from: root)
                decoded += 1
            } catch {
                #expect(error is DecodingError, "\(error) for \(String(decoding: bytes, as: UTF8.self))")
            }
        }
        #expect(decoded > 10, "some damage leaves a document that still decodes")
    }

    @Test func superEncodersAndSuperDecodersRoundTripAClassHierarchy() throws {
        #expect(try roundTrip(DerivedRecord(base: 1, extra: "x")) == DerivedRecord(base: 1, extra: "x"))
        var bytes: [UInt8] = []
        try DocumentJSON.encode(DerivedRecord(base: 1, extra: "x"), into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"extra":"x","super":{"base":1}}"#)
    }

    // MARK: Errors

    struct Node: Codable {
        var id: Int
        var tags: [String]
        var child: Child?
    }

    struct Child: Codable {
        var weight: Int8
    }

    @Test func aWrongTypeIsATypeMismatchAtItsPath() throws {
        let error = try #require(decodingError([Node].self, #"[{"id": 1, "tags": []}, {"id": 2, "tags": ["a", 3]}]"#))
        guard case .typeMismatch(let type, let context) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(ObjectIdentifier(type) == ObjectIdentifier(String.self))
        #expect(path(context) == ["Index 1", "tags", "Index 1"])
        #expect(context.debugDescription == "Expected to decode String but found a number instead.")
        try expectSameKindAndPathAsFoundation([Node].self, #"[{"id": 1, "tags": []}, {"id": 2, "tags": ["a", 3]}]"#)
    }

    @Test(arguments: [
        #"[{"id": 1}]"#, #"[{"id": null, "tags": []}]"#, #"{"id": 1}"#, #"[{"id": 1, "tags": [], "child": {"weight": 300}}]"#,
        #"[{"id": 1.5, "tags": []}]"#, #"[{"id": 1, "tags": [], "child": []}]"#, #"[{"id": "1", "tags": []}]"#,
        #"[{"id": 1, "tags": [], "child": {}}]"#, #"[{"id": 1, "tags": [], "child": {"weight": -129}}]"#,
    ])
    func errorsHaveTheKindAndPathJSONDecoderGives(text: String) throws {
        try expectSameKindAndPathAsFoundation([Node].self, text)
    }

    struct Stamp: Codable {
        var when: Date
        var id: UUID
    }

    /// Dates and UUIDs are read directly, not through their `init(from:)`: with its errors.
    @Test(arguments: [
        #"[{"when": "x", "id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}]"#, #"[{"when": null, "id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}]"#,
        #"[{"when": 1, "id": "not a UUID"}]"#, #"[{"when": 1, "id": 5}]"#, #"[{"when": 1, "id": null}]"#, #"[{"when": 1e999, "id": ""}]"#,
    ])
    func datesAndUUIDsFailAsJSONDecoderFails(text: String) throws {
        try expectSameKindAndPathAsFoundation([Stamp].self, text)
    }

    @Test func aMissingKeyNamesTheKeyAndTheContainersPath() throws {
        guard case .keyNotFound(let key, let context) = decodingError([Node].self, #"[{"id": 1, "tags": []}, {"id": 2}]"#) else {
            Issue.record("not a keyNotFound")
            return
        }
        #expect(key.stringValue == "tags" && path(context) == ["Index 1"])
    }

    @Test func aNumberThatDoesNotFitIsCorruptedData() throws {
        guard case .dataCorrupted(let context) = decodingError(Child.self, #"{"weight": 300}"#) else {
            Issue.record("not dataCorrupted")
            return
        }
        #expect(path(context) == ["weight"] && context.debugDescription == "Number 300 does not fit in Int8.")
    }

    @Test func readingPastTheEndOfAnArrayIsValueNotFound() throws {
        struct Pair: Decodable {
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                _ = try container.decode(Int.self)
                _ = try container.decode(Int.self)
            }
        }
        guard case .valueNotFound(_, let context) = decodingError([Pair].self, "[[1, 2], [3]]") else {
            Issue.record("not valueNotFound")
            return
        }
        #expect(path(context) == ["Index 1", "Index 1"] && context.debugDescription == "Unkeyed container is at end.")
    }

    @Test func aFailedElementCanBeReadAgainAsAnotherType() throws {
        struct Mixed: Decodable {
            var values: [String] = []
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                while !container.isAtEnd {
                    if try container.decodeNil() {
                        values.append("nil")
                    } else if let number = try? container.decode(Int.self) {
                        values.append("\(number)")
                    } else {
                        values.append(try container.decode(String.self))
                    }
                }
            }
        }
        #expect(try decode(Mixed.self, #"[1, "a", null, 2]"#).values == ["1", "a", "nil", "2"])
    }

    @Test func aValueInsideADocumentDecodesWithItsPathFromTheRoot() throws {
        let root = try DocumentJSON.parse(Array(#"{"nodes": [{"id": 1, "tags": ["a"]}, {"id": "x", "tags": []}]}"#.utf8))
        let nodes = try root.member("nodes").elements()
        #expect(try DocumentJSON.decode(Node.self, from: nodes[0]).tags == ["a"])
        guard case .typeMismatch(_, let context) = decodingError(Node.self, from: nodes[1]) else {
            Issue.record("not a typeMismatch")
            return
        }
        #expect(path(context) == ["nodes", "Index 1", "id"])
        #expect(throws: DecodingError.self) { try root.member("missing") }
        #expect(throws: DecodingError.self) { try nodes[1].member("id").integer(as: Int.self) }
    }

    // MARK: Helpers

    private func roundTrip<T: Codable>(_ value: T) throws -> T {
        var bytes: [UInt8] = []
        try DocumentJSON.encode(value, into: &bytes)
        return try DocumentJSON.decode(T.self, from: DocumentJSON.parse(bytes))
    }

    private func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try DocumentJSON.decode(T.self, from: DocumentJSON.parse(Array(text.utf8)))
    }

    private func decodingError<T: Decodable>(_ type: T.Type, _ text: String) -> DecodingError? {
        do {
            return decodingError(T.self, from: try DocumentJSON.parse(Array(text.utf8)))
        } catch {
            return nil
        }
    }

    private func decodingError<T: Decodable>(_ type: T.Type, from value: JSONValue) -> DecodingError? {
        do {
            _ = try DocumentJSON.decode(T.self, from: value)
            return nil
        } catch {
            return error as? DecodingError
        }
    }

    private func path(_ context: DecodingError.Context) -> [String] {
        context.codingPath.map(\.stringValue)
    }

    /// Decodes `text` with both decoders and expects errors of the same kind at the same path.
    private func expectSameKindAndPathAsFoundation<T: Decodable>(
        _ type: T.Type, _ text: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        func summary(_ error: (any Error)?) -> String {
            switch error as? DecodingError {
            case .typeMismatch(_, let context): "typeMismatch at \(path(context))"
            case .valueNotFound(_, let context): "valueNotFound at \(path(context))"
            case .keyNotFound(let key, let context): "keyNotFound \(key.stringValue) at \(path(context))"
            case .dataCorrupted(let context): "dataCorrupted at \(path(context))"
            default: "\(String(describing: error))"
            }
        }
        let theirs: (any Error)?
        do {
            _ = try JSONDecoder().decode(T.self, from: Data(text.utf8))
            theirs = nil
        } catch {
            theirs = error
        }
        // JSONDecoder reports a number that does not fit as the whole document being invalid.
        let expected = summary(theirs).replacingOccurrences(of: "dataCorrupted at []", with: "dataCorrupted")
        let ours = summary(decodingError(T.self, text))
        #expect(ours.hasPrefix(expected), "ours: \(ours), JSONDecoder's: \(summary(theirs))", sourceLocation: sourceLocation)
    }
}

class BaseRecord: Codable, Equatable {
    var base: Int

    init(base: Int) {
        self.base = base
    }

    static func == (left: BaseRecord, right: BaseRecord) -> Bool {
        type(of: left) == type(of: right) && left.isEqual(to: right)
    }

    func isEqual(to other: BaseRecord) -> Bool { base == other.base }
}

final class DerivedRecord: BaseRecord {
    var extra: String
    private enum CodingKeys: String, CodingKey { case extra }

    init(base: Int, extra: String) {
        self.extra = extra
        super.init(base: base)
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        extra = try container.decode(String.self, forKey: .extra)
        try super.init(from: container.superDecoder())
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(extra, forKey: .extra)
        try super.encode(to: container.superEncoder())
    }

    override func isEqual(to other: BaseRecord) -> Bool {
        super.isEqual(to: other) && extra == (other as? DerivedRecord)?.extra
    }
}
