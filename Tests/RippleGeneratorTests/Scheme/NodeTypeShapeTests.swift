import RippleGenerator
import Testing

@Suite struct NodeTypeShapeTests {
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
        let read = try #require(NodeTypeShape(reading: type))
        #expect(read == NodeTypeShape(shape: shape, element: element, key: key))
    }

    @Test(arguments: ["Set<Shelf>?", "Shelf??", "[Shelf?]", "[[Shelf]]", "Shelf!", "(Shelf, Shelf)", "[Shelf"])
    func refusesOtherTypes(_ type: String) {
        #expect(NodeTypeShape(reading: type) == nil)
    }

    @Test func writesTheTypeWithAQualifiedElement() {
        let shape = NodeTypeShape(shape: .optionalDictionary, element: "Shelf", key: "String")
        #expect(shape.typeText(element: "Outer.Shelf") == "[String: Outer.Shelf]?")
        #expect(NodeTypeShape(shape: .set, element: "Shelf").typeText(element: "Shelf") == "Set<Shelf>")
    }
}
