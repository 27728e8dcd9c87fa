import Foundation
@testable import RippleJSON
import Testing

/// The encoder's bytes: golden text, deterministic order, numbers and strings as JSON needs them.
@Suite struct DocumentsJSONEncodingTests {
    struct Book: Codable, Equatable {
        var title: String
        var pages: Int
        var rating: Double
        var tags: [String]
        var isOut: Bool
        var series: String?
    }

    @Test func aStructEncodesWithItsKeysSortedAndNilOptionalsLeftOut() throws {
        let book = Book(title: "Dune", pages: 412, rating: 4.5, tags: ["sf", "classic"], isOut: true, series: nil)
        #expect(try text(book) == #"{"isOut":true,"pages":412,"rating":4.5,"tags":["sf","classic"],"title":"Dune"}"#)
    }

    @Test func scalarsAtTheTopLevelEncodeAsFragments() throws {
        #expect(try text(42) == "42")
        #expect(try text("a") == #""a""#)
        #expect(try text(Int?.none) == "null")
        #expect(try text([Int]()) == "[]")
        #expect(try text([String: Int]()) == "{}")
    }

    @Test func integersOfEveryWidthEncodeExactly() throws {
        #expect(try text([Int.min, Int.max, 0, -1]) == "[-9223372036854775808,9223372036854775807,0,-1]")
        #expect(try text([UInt64.max]) == "[18446744073709551615]")
        #expect(try text([Int8.min]) == "[-128]")
        if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) {
            #expect(try text([Int128.min]) == "[-170141183460469231731687303715884105728]")
            #expect(try text([UInt128.max]) == "[340282366920938463463374607431768211455]")
        }
    }

    @Test func doublesEncodeAsTheShortestTextThatReadsBackExactly() throws {
        #expect(try text([0.1, 1.0, -0.0, 1e300, .leastNonzeroMagnitude, 1e-5, 0.30000000000000004]) == "[0.1,1,-0,1e+300,5e-324,1e-05,0.30000000000000004]")
        #expect(try text([Float(0.1), Float(1e30), Float(-2.5)]) == "[0.1,1e+30,-2.5]")
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func aNonFiniteNumberIsAnErrorWithItsPath(value: Double) throws {
        struct Point: Encodable { var x: Double }
        var bytes = Array("prefix".utf8)
        #expect {
            try DocumentJSON.encode(["a": [Point(x: 1), Point(x: value)]], into: &bytes)
        } throws: { error in
            guard case .invalidValue(_, let context) = error as? EncodingError else { return false }
            return context.codingPath.map(\.stringValue) == ["a", "Index 1", "x"]
                && context.debugDescription.contains("JSON has no infinities or NaN")
        }
        #expect(bytes == Array("prefix".utf8), "a failed encoding leaves the buffer as it was")
        #expect(throws: EncodingError.self) { try text(Float.nan) }
    }

    @Test func stringsEscapeWhatJSONRequiresAndKeepEverythingElse() throws {
        let value = "quote \" backslash \\ slash / tab \t newline \n bell \u{7} nul \u{0} del \u{7F} é 漢 🎉"
        #expect(try text(value) == #""quote \" backslash \\ slash / tab \t newline \n bell \u0007 nul \u0000 del \#u{7F} é 漢 🎉""#)
        #expect(try text("\u{8}\u{C}\r\u{1F}") == #""\b\f\r\u001f""#)
    }

    @Test func foundationValuesEncodeAsJSONEncoderWritesThem() throws {
        let date = Date(timeIntervalSinceReferenceDate: 12.5)
        let url = try #require(URL(string: "https://example.com/a?b=1"))
        let decimal = try #require(Decimal(string: "-12345678901234567890.5"))
        #expect(try text(date) == "12.5")
        #expect(try text(Data([1, 2, 3])) == #""AQID""#)
        #expect(try text(url) == #""https://example.com/a?b=1""#)
        #expect(try text(decimal) == "-12345678901234567890.5")
        #expect(try text(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")) == #""E621E1F8-C36C-495A-93FC-0C247A3E6E5F""#)
        #expect(try text(1..<3) == "[1,3]")
    }

    @Test func dictionariesAndSetsGiveTheSameBytesWhateverTheirInsertionOrder() throws {
        enum Color: String, Codable { case red, green, blue }
        var first: [String: Int] = [:]
        var second: [String: Int] = [:]
        let keys = (0..<200).map { "key \($0)" }
        for key in keys { first[key] = key.count }
        for key in keys.reversed() { second[key] = key.count }
        #expect(try text(first) == text(second))
        #expect(try text([10: "b", 2: "a", 1: "c"]) == #"{"1":"c","10":"b","2":"a"}"#)
        #expect(try text(Set(keys)) == text(Set(keys.reversed())))
        #expect(try text(Set([3, 1, 20, 2])) == "[1,2,20,3]")
        #expect(try text([Color.red: 1, .green: 2, .blue: 3]) == #"["blue",3,"green",2,"red",1]"#)
        #expect(try text([Set([2, 1]): "x", Set([0]): "y"]) == #"[[0],"y",[1,2],"x"]"#)
    }

    @Test func setsAndDictionariesAreSortedByBytesNotByHashOrder() throws {
        let words = (0..<300).map { "w\($0 * 7919 % 1_000)" }
        let sorted = words.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        #expect(try text(Set(words)) == "[" + sorted.map { "\"\($0)\"" }.joined(separator: ",") + "]")
        let dictionary = Dictionary(uniqueKeysWithValues: words.map { ($0, $0.count) })
        #expect(try text(dictionary) == "{" + sorted.map { "\"\($0)\":\($0.count)" }.joined(separator: ",") + "}")
    }

    @Test func userCodeSeesTheCodingPathOfTheValueItEncodes() throws {
        final class PathRecorder: Encodable {
            var paths: [[String]] = []
            func encode(to encoder: any Encoder) throws {
                paths.append(encoder.codingPath.map(\.stringValue))
                var container = encoder.singleValueContainer()
                try container.encode(paths.count)
            }
        }
        struct Holder: Encodable {
            let recorder: PathRecorder
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: JSONKey.self)
                try container.encode([recorder, recorder], forKey: JSONKey(stringValue: "list"))
                var nested = container.nestedUnkeyedContainer(forKey: JSONKey(stringValue: "nested"))
                try nested.encode(recorder)
            }
        }
        let recorder = PathRecorder()
        #expect(try text(Holder(recorder: recorder)) == #"{"list":[1,2],"nested":[3]}"#)
        #expect(recorder.paths == [["list", "Index 0"], ["list", "Index 1"], ["nested", "Index 0"]])
    }

    @Test func aKeyEncodedTwiceKeepsItsLastValue() throws {
        struct Twice: Encodable {
            enum Keys: String, CodingKey { case b, a }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode(1, forKey: .b)
                try container.encode(2, forKey: .a)
                try container.encode(3, forKey: .b)
            }
        }
        #expect(try text(Twice()) == #"{"a":2,"b":3}"#)
    }

    @Test func nestedContainersAndSuperEncodersMayBeWrittenInAnyOrder() throws {
        struct Interleaved: Encodable {
            enum Keys: String, CodingKey { case z, a, list, base }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                var nested = container.nestedContainer(keyedBy: Keys.self, forKey: .z)
                var list = container.nestedUnkeyedContainer(forKey: .list)
                let base = container.superEncoder(forKey: .base)
                try container.encode(1, forKey: .a)
                try list.encode(2)
                try nested.encode("n", forKey: .a)
                var inner = list.nestedContainer(keyedBy: Keys.self)
                try list.encode(3)
                try inner.encode(true, forKey: .z)
                try ["x": 1].encode(to: base)
            }
        }
        let got = try text(Interleaved())
        #expect(got == #"{"a":1,"base":{"x":1},"list":[2,{"z":true},3],"z":{"a":"n"}}"#)
    }

    @Test func aSubclassAndItsSuperclassShareOneObject() throws {
        class Base: Encodable {
            enum Keys: String, CodingKey { case id }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode(1, forKey: .id)
            }
        }
        final class Derived: Base {
            enum MoreKeys: String, CodingKey { case name }
            override func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: MoreKeys.self)
                try container.encode("d", forKey: .name)
                try super.encode(to: encoder)
            }
        }
        #expect(try text([Derived()]) == #"[{"id":1,"name":"d"}]"#)
    }

    @Test func aContainerWrittenAfterItsValueWasEncodedIsAnError() throws {
        final class Leak: Encodable {
            var kept: (any UnkeyedEncodingContainer)?
            func encode(to encoder: any Encoder) throws {
                kept = encoder.unkeyedContainer()
            }
        }
        let leak = Leak()
        #expect(try text([leak, leak]) == "[[],[]]")
        #expect(throws: EncodingError.self) { try leak.kept?.encode(1) }
    }

    /// One encoder encodes top-level value after value (a document's members), reusing its
    /// frames: each gives the bytes it gives alone, a failed one leaves nothing behind, and a
    /// nested container kept from an earlier value fails without touching later ones.
    @Test func oneEncoderEncodesValueAfterValueAsFreshEncodersDo() throws {
        final class Leak: Encodable {
            enum Keys: String, CodingKey { case list, inner }
            var kept: (any UnkeyedEncodingContainer)?
            var keptKeyed: KeyedEncodingContainer<Keys>?
            var keptSuper: (any Encoder)?
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                kept = container.nestedUnkeyedContainer(forKey: .list)
                keptKeyed = container.nestedContainer(keyedBy: Keys.self, forKey: .inner)
                keptSuper = container.superEncoder()
            }
        }
        struct Failing: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: JSONKey.self)
                var nested = container.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey(stringValue: "n"))
                try nested.encode(1, forKey: JSONKey(stringValue: "a"))
                try container.encode(Double.nan, forKey: JSONKey(stringValue: "x"))
            }
        }
        let leak = Leak()
        let values: [any Encodable] = [
            Book(title: "A", pages: 1, rating: 0.5, tags: ["t"], isOut: true, series: nil), leak,
            DocumentsJSONDecodingTests.Shape.polygon([1, 2], closed: false), ["b": [1], "a": []], Set(["y", "x"]),
            Date(timeIntervalSinceReferenceDate: 1.5), UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"), [nil, 1.5],
            [DocumentsJSONDecodingTests.Shape.circle(radius: 1), .empty],
        ]
        let encoder = JSONStreamEncoder()
        var writer = JSONWriter()
        writer.beginArray()
        for (index, value) in values.enumerated() {
            try encoder.encode(value, appendingTo: &writer)
            if index == 1 {
                // Its containers' frames are the next value's.
                #expect(throws: EncodingError.self) { try leak.kept?.encode(1) }
                #expect(throws: EncodingError.self) { try leak.keptKeyed?.encode(1, forKey: .list) }
                // A super encoder has no container of its value to fail: what it writes goes nowhere.
                var late = leak.keptSuper?.singleValueContainer()
                try? late?.encode("late")
            } else {
                #expect(throws: EncodingError.self) { try encoder.encode(Failing(), appendingTo: &writer) }
            }
        }
        writer.endArray()
        let alone = try values.map { try text($0) }
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "[" + alone.joined(separator: ",") + "]")
    }

    @Test func aFailedMemberLeavesNoTraceWhenTheErrorIsCaught() throws {
        struct Forgiving: Encodable {
            enum Keys: String, CodingKey { case a, b }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                try? container.encode([1, .nan], forKey: .a)
                try container.encode(2, forKey: .b)
            }
        }
        #expect(try text(Forgiving()) == #"{"b":2}"#)
    }

    @Test func nestingDeeperThanTheParserReadsIsAnError() throws {
        indirect enum Chain: Encodable {
            case end
            case link(Chain)
            func encode(to encoder: any Encoder) throws {
                var container = encoder.unkeyedContainer()
                if case .link(let next) = self { try container.encode(next) }
            }
        }
        var chain = Chain.end
        for _ in 1..<DocumentJSON.maximumDepth { chain = .link(chain) }
        #expect(try text(chain).count == 2 * DocumentJSON.maximumDepth)
        #expect(throws: EncodingError.self) { try text(Chain.link(chain)) }
    }

    @Test func theWriterPlacesCommasAndMixesWithEncodableValues() throws {
        var writer = JSONWriter()
        writer.beginArray()
        writer.beginObject()
        writer.key("id")
        writer.write(7)
        writer.key("book")
        try writer.encode(Book(title: "A", pages: 1, rating: 0, tags: [], isOut: false, series: "S"))
        writer.endObject()
        writer.writeNull()
        try writer.write(2.5)
        writer.endArray()
        #expect(
            String(decoding: writer.bytes, as: UTF8.self)
                == #"[{"id":7,"book":{"isOut":false,"pages":1,"rating":0,"series":"S","tags":[],"title":"A"}},null,2.5]"#)
    }

    private func text(_ value: some Encodable) throws -> String {
        var bytes: [UInt8] = []
        try DocumentJSON.encode(value, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
