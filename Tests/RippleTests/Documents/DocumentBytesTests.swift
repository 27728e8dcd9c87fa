import Foundation
@testable import Ripple
import RippleJSON
import Testing

/// The bytes of documents: what this runtime writes is what it wrote before (the same value
/// saves to the same bytes, a document saved earlier opens and saves to its own bytes), for
/// values of many types and for dictionaries of nodes.
@MainActor
@Suite struct DocumentBytesTests {
    /// A document saved by an earlier runtime opens, and saves to the very same bytes.
    @Test func aDocumentSavedEarlierOpensAndSavesToItsOwnBytes() throws {
        let opened = try Mediator<Library>(opening: Data(specimenDocument.utf8))
        #expect(String(decoding: try opened.snapshot(), as: UTF8.self) == specimenDocument)
        let specimen = try #require(opened.root.specimens.first)
        #expect(specimen.value == .pair(-3, label: "drei"))
        #expect(specimen.whenMaybe == Date(timeIntervalSinceReferenceDate: -0.25))
        #expect(specimen.byName["a b"] === specimen.byName["a!b"] && specimen.byName["a b"] != nil)
    }

    /// Dictionaries of nodes are read straight from the document: a key written twice keeps its
    /// first node, and a key of a dictionary keyed by integers that is not one is damage.
    @Test func dictionariesOfNodesReadTheirKeysAndRefuseAKeyOfTheWrongKind() throws {
        let repeated = specimenDocument.replacingOccurrences(of: #"{"":10," ":8"#, with: #"{"":10,"":8"#)
        let opened = try Mediator<Library>(opening: Data(repeated.utf8))
        #expect(try #require(opened.root.specimens.first).byName[""]?.name == "s7")
        #expect(try #require(opened.root.specimens.first).byName[" "] == nil)
        for wrong in [#""byNumber":{"x":21"#, #""byNumber":{"1.5":21"#, #""byNumber":{"":21"#] {
            let text = specimenDocument.replacingOccurrences(of: #""byNumber":{"-1":21"#, with: wrong)
            do {
                _ = try Mediator<Library>(opening: Data(text.utf8))
                Issue.record("\(wrong): opened")
            } catch DocumentError.damaged {
            } catch {
                Issue.record("\(wrong): \(error)")
            }
        }
    }

    /// A node's members are looked for in the order they are written first: written in another
    /// order, or twice, each member still reads its first value.
    @Test(arguments: [
        #"{"children":[],"entries":["x"],"title":"T","title":"U","entries":["y"]}"#,
        #"{"entries":["x"],"title":"T","entries":["y"],"children":[]}"#,
        #"{"title":"T","entries":["x"],"children":[],"title":"U"}"#,
        #"{"title":"T","title":"U","entries":["x"],"entries":["y"]}"#,
    ])
    func membersWrittenInAnotherOrderOrTwiceReadTheirFirstValue(values: String) throws {
        let original = #"{"title":"Shelf 0","entries":[],"children":[],"#
        #expect(specimenDocument.contains(original))
        let text = specimenDocument.replacingOccurrences(of: original, with: String(values.dropLast()) + ",")
        let shelf = try #require(try Mediator<Library>(opening: Data(text.utf8)).root.shelves.first)
        #expect(shelf.title == "T" && shelf.entries == ["x"] && shelf.children.isEmpty)
    }

    /// A new document of the same values saves to the bytes an earlier runtime wrote for it.
    @Test func theSameValuesSaveToTheBytesTheyAlwaysHad() throws {
        let mediator = Mediator(root: makeSpecimenLibrary())
        var text = String(decoding: try mediator.snapshot(), as: UTF8.self)
        let name = try #require(text.firstRange(of: #""document":""#))
        text.replaceSubrange(name.upperBound..<text.index(name.upperBound, offsetBy: 36), with: "D0C0DE00-0000-4000-8000-000000000001")
        #expect(text == specimenDocument)
    }

    /// Dictionaries of nodes keyed by strings and by integers: the member is written as the
    /// encoder writes the dictionary of the nodes' numbers, and new nodes are numbered in the
    /// order of their keys' encoded bytes (the reference: the general path for any key type).
    @Test(arguments: [1, 2, 3, 4])
    func dictionariesOfNodesAreWrittenAsTheirNumbersByTheEncodersOrder(seed: UInt64) throws {
        var random = SeededGenerator(state: seed)
        let alphabet = ["a", "b", " ", "!", "\"", "\\", "\u{1}", "\u{7F}", "é", "日", "~", "#"]
        for _ in 0..<25 {
            var names: [String: Swatch] = [:]
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                let key = (0..<Int.random(in: 0...4, using: &random)).map { _ in alphabet.randomElement(using: &random)! }.joined()
                names[key] = Swatch()
            }
            var numbers: [Int: Swatch] = [:]
            for _ in 0..<Int.random(in: 0...12, using: &random) { numbers[Int.random(in: -200...200, using: &random)] = Swatch() }
            let specimen = Specimen()
            specimen.byName = names
            specimen.byNumber = numbers
            let library = makeLibrary(shelves: 0)
            library.specimens = [specimen]
            let text = String(decoding: try Mediator(root: library).snapshot(), as: UTF8.self)
            try expectWritten(names, named: "byName", in: text)
            try expectWritten(numbers, named: "byNumber", in: text)
        }
    }

    private func expectWritten<Key: Codable & Hashable>(_ nodes: [Key: Swatch], named name: String, in text: String) throws {
        let ids = nodes.mapValues(\._rippleTracker.documentID)
        #expect(text.contains("\"\(name)\":\(String(decoding: try encoded(ids), as: UTF8.self))"), "\(name): \(nodes.keys)")
        let byBytes = try nodes.keys.map { (key: $0, bytes: try encoded($0)) }.sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) }
        let numbered = byBytes.map { ids[$0.key]! }
        #expect(numbered == numbered.sorted(), "\(name): nodes numbered out of their keys' order: \(byBytes.map(\.key))")
    }

    private func encoded(_ value: some Encodable) throws -> [UInt8] {
        var bytes: [UInt8] = []
        try DocumentJSON.encode(value, into: &bytes)
        return bytes
    }
}

/// A library holding two specimens: every value type of `Specimen` set, and dictionaries of
/// nodes keyed by strings that sort differently with and without their quotes (a key that
/// continues another with a space or "!"), by escaped text, and by negative numbers.
@MainActor
func makeSpecimenLibrary() -> Library {
    let library = makeLibrary(shelves: 1)
    let first = Specimen()
    first.text = "Grüße aus Zürich – \"zitiert\" \\ \t 東京 🎉"
    first.note = "Notiz"
    first.count = -7
    first.ratio = 0.1
    first.flag = false
    first.when = Date(timeIntervalSinceReferenceDate: 757_382_400.125)
    first.whenMaybe = Date(timeIntervalSinceReferenceDate: -0.25)
    first.id = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
    first.link = URL(string: "https://example.com/a?b=1&c=ü")
    first.amount = Decimal(string: "-1234.5678")!
    first.bytes = Data([0, 1, 2, 250])
    first.value = .pair(-3, label: "drei")
    first.values = [
        .none, .number(1e-7), .text("ß"), .pair(1, label: nil), .when(Date(timeIntervalSinceReferenceDate: 1)),
        .nested([.number(-0.0), .nested([])]),
    ]
    first.matrix = [[1, 2.5], [], [-1e300]]
    first.table = ["b": [2, 1], "a": [], "ä": [3]]
    first.maybeTexts = ["x", nil, ""]
    first.dates = [Date(timeIntervalSinceReferenceDate: 0), Date(timeIntervalSinceReferenceDate: 1e9)]
    first.tags = ["rot", "grün", "blau"]
    first.detail = SpecimenDetail(
        title: "Détail", subtitle: nil, created: Date(timeIntervalSinceReferenceDate: 3.5), sizes: ["b": 2, "a": 1.5],
        parts: [["x"], ["y", "z"]], id: nil)
    let shared = swatch("geteilt")
    let keys = ["a", "a b", "a!", "a!b", "a\"", "a\\", "a\u{1}", "", " ", "!", "Z", "ä", "日本", "ab"]
    for (index, key) in keys.enumerated() { first.byName[key] = key.hasPrefix("a ") || key == "a!b" ? shared : swatch("s\(index)") }
    for number in [-10, -1, 0, 1, 2, 10, 100, -2] { first.byNumber[number] = number == 10 ? shared : swatch("n\(number)") }
    let second = Specimen()
    second.byName = ["z": shared]
    library.specimens = [first, second]
    return library
}

@MainActor
private func swatch(_ name: String) -> Swatch {
    let swatch = Swatch()
    swatch.name = name
    return swatch
}
