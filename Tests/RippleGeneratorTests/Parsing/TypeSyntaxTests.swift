import RippleGenerator
import Testing

/// The parser's reading of types: their structure, and the names in them.
@Suite struct TypeSyntaxTests {
    /// The type of `var value: type`, as the parser reads it.
    func declaredType(_ type: String) throws -> TypeSyntax {
        try #require(parseSource("var value: \(type)").variables.first?.type)
    }

    /// The structure of a type, one word a level: `optional(array(named Shelf))`.
    func outline(_ type: TypeSyntax) -> String {
        switch type.form {
        case .named(let name, let arguments):
            arguments.isEmpty ? "named \(name)" : "named \(name)<\(arguments.map(outline).joined(separator: ", "))>"
        case .optional(let wrapped): "optional(\(outline(wrapped)))"
        case .implicitlyUnwrapped(let wrapped): "unwrapped(\(outline(wrapped)))"
        case .array(let element): "array(\(outline(element)))"
        case .dictionary(let key, let value): "dictionary(\(outline(key)), \(outline(value)))"
        case .tuple(let elements): "tuple(\(elements.map(outline).joined(separator: ", ")))"
        case .attributed(let attributed): "attributed(\(outline(attributed)))"
        case .other: "other \(type.text)"
        }
    }

    @Test(arguments: [
        ("Shelf", "named Shelf"),
        ("Outer.Shelf", "named Outer.Shelf"),
        ("[String : Track ]?", "optional(dictionary(named String, named Track))"),
        ("Set<Node>?", "optional(named Set<named Node>)"),
        ("Dictionary<String, [Int]>", "named Dictionary<named String, array(named Int)>"),
        ("Optional<Set<Set<Int>>>", "named Optional<named Set<named Set<named Int>>>"),
        ("Int!", "unwrapped(named Int)"),
        ("(Int, label: String)", "tuple(named Int, other label: String)"),
        ("()", "tuple()"),
        ("@MainActor Shelf?", "attributed(optional(named Shelf))"),
        ("(Int) -> Void", "other (Int) -> Void"),
        ("some View", "other some View"),
        ("Box<Int>.Kind", "other Box<Int>.Kind"),
        ("`Type`", "other `Type`"),
    ])
    func readsTheStructureOfTypes(_ type: String, _ expected: String) throws {
        #expect(outline(try declaredType(type)) == expected)
    }

    @Test(arguments: [
        ("[String: Outer.Kind]?", ["String", "Outer.Kind"]),
        ("(_ count: Int, label: Kind) -> Void", ["_", "Int", "Kind", "Void"]),
        ("@Sendable (Kind) async throws -> Void", ["Kind", "async", "throws", "Void"]),
        ("Box<Int>.Member", ["Box", "Int"]),
        ("Dictionary<String, (a: Int)>", ["Dictionary", "String", "Int"]),
        ("some Collection<Kind>", ["some", "Collection", "Kind"]),
        ("`Type`", ["Type"]),
    ])
    func findsTheTypeNames(_ type: String, _ names: [String]) throws {
        #expect(try declaredType(type).names == names)
    }

    @Test func typesInsideKeepTheirNamesAndText() throws {
        let type = try declaredType("[Kind : (label: Kind) -> Kind]")
        guard case .dictionary(let key, let value) = type.form else {
            Issue.record("not a dictionary: \(outline(type))")
            return
        }
        #expect(key.text == "Kind" && key.names == ["Kind"])
        #expect(value.text == "(label: Kind) -> Kind" && value.names == ["Kind", "Kind"] && value.hasArrowOutsideBrackets)
        #expect(!type.hasArrowOutsideBrackets)
        #expect(try declaredType("Box<(Int) -> Void>").hasArrowOutsideBrackets)
    }

    @Test func namesAreReplacedThroughout() throws {
        let type = try declaredType("[Kind: Set<Kind>]?").replacingNames { $0 == "Kind" ? "Library.Kind" : nil }
        #expect(type.text == "[Library.Kind: Set<Library.Kind>]?")
        #expect(type.names == ["Library.Kind", "Set", "Library.Kind"])
        #expect(outline(type) == "optional(dictionary(named Library.Kind, named Set<named Library.Kind>))")
    }

    @Test func aTypeEndingInsideAnOperatorStopsThere() throws {
        let variable = try #require(parseSource("var nodes: Set<Node>= []").variables.first)
        #expect(variable.type?.text == "Set<Node>")
        #expect(variable.type.map(outline) == "named Set<named Node>")
    }
}
