import Foundation
@testable import RippleJSON
import Testing

/// The parser takes any bytes: valid JSON parses, anything else is an error saying what and
/// where, and nothing crashes or recurses as deep as the input nests.
///
/// The mutation test's seed and count can be changed to explore further:
/// `RIPPLE_JSON_FUZZ_SEED=<n> RIPPLE_JSON_FUZZ_MUTATIONS=<n> swift test --filter DocumentsJSONParsingTests`.
@Suite struct DocumentsJSONParsingTests {
    static let document = """
        {"nodes": [{"id": 1, "name": "caf\\u00e9 \\ud83c\\udf89", "tags": ["a", "b"], "size": -12.5e-3},
                   {"id": 2, "name": "日本", "tags": [], "parent": null, "open": true, "done": false}],
         "version": 3, "empty": {}}
        """

    @Test func aDocumentParsesIntoValuesReadInPlace() throws {
        let root = try DocumentJSON.parse(Array(Self.document.utf8))
        let nodes = try root.member("nodes").elements()
        #expect(nodes.count == 2)
        #expect(try nodes[0].member("name").string() == "café 🎉")
        #expect(try nodes[0].member("size").double() == -12.5e-3)
        #expect(try nodes[0].member("tags").elements().map { try $0.string() } == ["a", "b"])
        #expect(try nodes[1].member("name").string() == "日本")
        #expect(try nodes[1].member("parent").isNull)
        #expect(try nodes[1].member("open").bool() && !nodes[1].member("done").bool())
        #expect(try root.member("version").integer(as: Int.self) == 3)
        #expect(try root.member("empty").members().isEmpty)
        #expect(try root.members().map(\.key) == ["nodes", "version", "empty"])
    }

    /// Strings are scanned eight bytes at a time: what needs a look (a quote, a backslash, a
    /// control character, a byte above 0x7F) is found at every position of a word, in strings
    /// of every length around a word's.
    @Test func whatAStringHoldsIsFoundAtEveryPositionOfItsText() throws {
        let specials: [(bytes: [UInt8], text: String?)] = [
            (Array(#"\""#.utf8), "\""), (Array(#"\n"#.utf8), "\n"), (Array(#"\u00e9"#.utf8), "é"), (Array("é".utf8), "é"),
            (Array("🎉".utf8), "🎉"), ([0x7F], "\u{7F}"), ([0x1F], nil), ([0x00], nil), ([0xFF], nil), ([0xC3], nil),
            (Array(#"""#.utf8), nil),
        ]
        for length in 0..<20 {
            for position in 0...length {
                for special in specials {
                    let bytes = Array(repeating: UInt8(ascii: "a"), count: position) + special.bytes
                        + Array(repeating: UInt8(ascii: "b"), count: length - position)
                    let parsed = try? DocumentJSON.parse(Array("[\"".utf8) + bytes + Array("\"]".utf8)).elements()[0].string()
                    let expected = special.text.map {
                        String(repeating: "a", count: position) + $0 + String(repeating: "b", count: length - position)
                    }
                    #expect(parsed == expected, "\(special.bytes) at \(position) of \(length)")
                }
            }
        }
    }

    @Test func whitespaceAndAByteOrderMarkAroundTheValueAreAccepted() throws {
        #expect(try DocumentJSON.parse(Array(" \t\r\n[ 1 , { } ] \n".utf8)).elements().count == 2)
        #expect(try DocumentJSON.parse([0xEF, 0xBB, 0xBF] + Array("7".utf8)).integer(as: Int.self) == 7)
    }

    @Test func anErrorSaysWhatAndWhereByLineAndColumn() throws {
        let error = try #require(syntaxError("{\n  \"é\" 1}"))
        #expect(error.message == "expected ':' after an object key, found '1'")
        #expect((error.line, error.column, error.offset) == (2, 7, 9))
        #expect(error.description == "invalid JSON at line 2, column 7 (byte 9): expected ':' after an object key, found '1'")
    }

    @Test(arguments: [
        ("", "expected a value, found the end of the document"),
        ("[1,]", "expected a value, found ']'"),
        ("[1 2]", "expected ',' or ']', found '2'"),
        ("{\"a\":1,}", "expected a string key, found '}'"),
        ("{a:1}", "expected a string key, found 'a'"),
        ("[1] x", "unexpected 'x' after the document's value"),
        ("01", "a number with a leading zero"),
        ("-", "expected a digit, found the end of the document"),
        ("1.", "expected a digit after '.', found the end of the document"),
        ("1e+", "expected a digit in the exponent, found the end of the document"),
        ("tru", "expected 'true', found 't'"),
        ("NaN", "expected a value, found 'N'"),
        ("\"abc", "unterminated string"),
        ("\"\\x\"", "an invalid escape: a backslash before 'x'"),
        ("\"\\u12\"", "a \\u escape needs 4 hex digits, found '\"'"),
        ("\"\\ud800\"", "a high surrogate \\u escape without a low one after it"),
        ("\"\\udc00\"", "a low surrogate \\u escape without a high one before it"),
        ("\"a\u{1}\"", "a control character (byte 0x1) in a string: write it as an escape"),
    ])
    func malformedTextIsAnErrorThatSaysWhy(text: String, message: String) {
        #expect(syntaxError(text)?.message == message)
    }

    @Test(arguments: [
        [0x22, 0xFF, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xE2, 0x82, 0x22],
        [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x22, 0x80, 0x22], [0x22, 0xF0, 0x9F, 0x8E],
    ] as [[UInt8]])
    func invalidUTF8InAStringIsAnError(bytes: [UInt8]) {
        let error = syntaxError(bytes)
        #expect(error?.message == "invalid UTF-8" && error?.offset == 1)
    }

    @Test func nestingBeyondTheLimitIsAnErrorNotAStackOverflow() throws {
        let limit = DocumentJSON.maximumDepth
        #expect(throws: Never.self) {
            try DocumentJSON.parse(Array(repeating: UInt8(ascii: "["), count: limit) + Array(repeating: UInt8(ascii: "]"), count: limit))
        }
        let error = syntaxError(Array(repeating: UInt8(ascii: "["), count: 100_000))
        #expect(error?.message == "arrays and objects nest deeper than 512 levels" && error?.offset == limit)
        #expect(syntaxError(Array(repeating: UInt8(ascii: "{"), count: 100_000))?.message == "expected a string key, found '{'")
    }

    @Test func everyTruncationOfADocumentIsAnError() {
        let bytes = Array(Self.document.utf8)
        for count in 0..<bytes.count {
            guard let error = syntaxError(Array(bytes[..<count])) else {
                Issue.record("the first \(count) bytes parsed")
                continue
            }
            #expect(error.offset <= count)
        }
    }

    @Test func randomlyDamagedDocumentsParseOrFailCleanly() throws {
        let seed = environmentNumber("RIPPLE_JSON_FUZZ_SEED") ?? 0x4A53_4F4E  // "JSON"
        let count = environmentNumber("RIPPLE_JSON_FUZZ_MUTATIONS") ?? 5_000
        var random = SeededGenerator(state: seed)
        let original = Array(Self.document.utf8)
        let alphabet = Array("{}[]\",:\\ -+.0123456789eEtrufalsn".utf8) + [0x00, 0x1F, 0x7F, 0x80, 0xBF, 0xC3, 0xED, 0xF0, 0xFF]
        var failures = 0
        for _ in 0..<count {
            var bytes = original
            for _ in 0...Int.random(in: 0...2, using: &random) {
                let index = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[index] = alphabet.randomElement(using: &random)!
                case 1: bytes.remove(at: index)
                default: bytes.insert(alphabet.randomElement(using: &random)!, at: index)
                }
            }
            do {
                // What parses reads back whole: every string and number of it.
                try visit(DocumentJSON.parse(bytes))
            } catch let error as JSONSyntaxError {
                failures += 1
                #expect(error.offset <= bytes.count, "seed \(seed): \(error) in \(String(decoding: bytes, as: UTF8.self))")
            }
        }
        #expect(failures > count / 2, "seed \(seed): most damage makes invalid JSON")
    }

    @Test func hugeNumbersParseAndAreReportedWhenTheyDoNotFit() throws {
        let digits = String(repeating: "9", count: 10_000)
        let big = try DocumentJSON.parse(Array("[\(digits), 1e400, -1e-400]".utf8)).elements()
        #expect(throws: DecodingError.self) { try big[0].integer(as: Int.self) }
        #expect(throws: DecodingError.self) { try big[1].double() }
        #expect(try big[2].double() == 0)
        let exponents = try DocumentJSON.parse(Array("[1e-9223372036854775808, 0.5e-9223372036854775808, 1e99999999999999999999]".utf8))
        #expect(try exponents.elements()[0].double() == 0 && exponents.elements()[1].double() == 0)
        #expect(throws: DecodingError.self) { try exponents.elements()[2].double() }
        #expect(throws: DecodingError.self) { try exponents.elements()[2].integer(as: UInt8.self) }
        #expect(throws: DecodingError.self) { try DocumentJSON.decode([Decimal].self, from: exponents) }
        #expect(try DocumentJSON.decode(Decimal.self, from: DocumentJSON.parse(Array("3.25".utf8))) == Decimal(string: "3.25"))
    }

    /// Reads every value of a parsed document, as decoding would.
    private func visit(_ value: JSONValue) throws {
        switch value.kind {
        case .null: break
        case .bool: _ = try value.bool()
        case .number: _ = try? value.double()
        case .string: _ = try value.string()
        case .array: for element in try value.elements() { try visit(element) }
        case .object: for member in try value.members() { try visit(member.value) }
        }
    }

    private func syntaxError(_ text: String) -> JSONSyntaxError? {
        syntaxError(Array(text.utf8))
    }

    private func syntaxError(_ bytes: [UInt8]) -> JSONSyntaxError? {
        do {
            _ = try DocumentJSON.parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    private func environmentNumber(_ name: String) -> UInt64? {
        ProcessInfo.processInfo.environment[name].flatMap { UInt64($0) }
    }
}
