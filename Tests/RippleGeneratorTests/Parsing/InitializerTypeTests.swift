import RippleGenerator
import Testing

@Suite struct InitializerTypeTests {
    /// The type the parser reads from the initializer of `var value = initializer`.
    func initializerType(_ initializer: String) -> String? {
        parseSource("var value = \(initializer)").variables.first?.initializerType?.text
    }

    @Test(arguments: [
        ("0", "Int"), ("-42", "Int"), ("1_000", "Int"), ("0x1F", "Int"), ("0b101", "Int"), ("0o17", "Int"),
        ("0.5", "Double"), ("-1.25", "Double"), ("1e3", "Double"), ("2.5E-3", "Double"),
        ("\"\"", "String"), ("\"a \\\"quoted\\\" word\"", "String"), ("\"\\(count) items\"", "String"),
        ("#\"raw \"text\"\"#", "String"), ("\"\"\"\nlines\n\"\"\"", "String"),
        ("true", "Bool"), ("false", "Bool"),
        ("Catalog()", "Catalog"), ("Shelf(id: 1, title: \"a)\")", "Shelf"), ("Shelf.init(id: 2)", "Shelf"),
        ("Outer.Inner()", "Outer.Inner"), ("Set<String>()", "Set<String>"), ("Box<[Int]>(value: [1])", "Box<[Int]>"),
        ("[Shelf]()", "[Shelf]"), ("[String: Shelf]()", "[String: Shelf]"), ("[Int?]()", "[Int?]"),
        ("Int(3)", "Int"), ("[String : Shelf]()", "[String : Shelf]"),
    ])
    func infersTheTypeOfCertainInitializers(_ initializer: String, _ type: String) {
        #expect(initializerType(initializer) == type)
    }

    @Test(arguments: [
        "nil", "[]", "[:]", "[1, 2]", ".open", "Shelf.make()", "makeShelf()", "Array(repeating: 0, count: 2)",
        "Set([1])", "Int(\"3\")", "1 + 2", "\"a\" + \"b\"", "\"a\" == \"b\"", "Shelf().child", "Shelf { }",
        "-x", "1.", "0x", "count", "", "\"unterminated", "0x1.8p3", "Shelf ()", "- 1", "`Shelf`()", "0b102",
    ])
    func refusesToGuessOtherInitializers(_ initializer: String) {
        #expect(initializerType(initializer) == nil)
    }

    @Test func anInferredCallReadsItsType() throws {
        let type = try #require(parseSource("var value = [String: Outer.Shelf]()").variables.first?.initializerType)
        #expect(type.names == ["String", "Outer.Shelf"])
        guard case .dictionary(let key, let value) = type.form else {
            Issue.record("not a dictionary: \(type.form)")
            return
        }
        #expect(key.text == "String" && value.text == "Outer.Shelf")
    }
}
