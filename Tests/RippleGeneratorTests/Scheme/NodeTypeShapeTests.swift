import RippleGenerator
import Testing

@Suite struct NodeTypeShapeTests {
    /// The type of `var value: type`, as the parser reads it.
    func declaredType(_ type: String) throws -> TypeSyntax {
        try #require(parseSource("var value: \(type)").variables.first?.type)
    }

    @Test(arguments: [
        ("Shelf", NodeShape.single, "Shelf", nil),
        ("Shelf?", .optional, "Shelf", nil),
        ("Optional<Shelf>", .optional, "Shelf", nil),
        ("[Shelf]", .array, "Shelf", nil),
        ("Array<Shelf>", .array, "Shelf", nil),
        ("[Shelf]?", .optionalArray, "Shelf", nil),
        ("Set<Shelf>", .set, "Shelf", nil),
        ("[String: Shelf]", .dictionary, "Shelf", "String"),
        ("Dictionary<Int, Outer.Shelf>", .dictionary, "Outer.Shelf", "Int"),
        ("[Int: Shelf]?", .optionalDictionary, "Shelf", "Int"),
        ("[ Shelf ]", .array, "Shelf", nil),
    ] as [(String, NodeShape, String, String?)])
    func readsEveryNodeShape(_ type: String, _ shape: NodeShape, _ element: String, _ key: String?) throws {
        let read = NodeTypeShape(reading: try declaredType(type))
        #expect(read?.shape == shape)
        #expect(read?.element == element)
        #expect(read?.key?.text == key)
    }

    @Test(arguments: [
        "Set<Shelf>?", "Shelf??", "[Shelf?]", "[[Shelf]]", "Shelf!", "(Shelf, Shelf)", "[Shelf", "Box<Shelf>",
        "Optional<Optional<Shelf>>", "@MainActor Shelf", "(Shelf)", "Swift.Optional<Shelf>",
    ])
    func refusesOtherTypes(_ type: String) throws {
        #expect(NodeTypeShape(reading: try declaredType(type)) == nil)
    }

    @Test func writesTheTypeWithAQualifiedElement() throws {
        let shape = NodeTypeShape(shape: .optionalDictionary, element: "Shelf", key: try declaredType("String"))
        let written = shape.type(element: "Outer.Shelf")
        #expect(written.text == "[String: Outer.Shelf]?")
        #expect(written.names == ["String", "Outer.Shelf"])
        #expect(NodeTypeShape(shape: .set, element: "Shelf").type(element: "Shelf").text == "Set<Shelf>")
        #expect(NodeTypeShape(reading: written)?.element == "Outer.Shelf")
    }
}
