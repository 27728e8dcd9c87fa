import Testing
import RippleGenerator

@Suite struct ParserFunctionTests {
    private func functions(_ body: String) throws -> [FunctionDeclaration] {
        try #require(parseSource("class A {\n\(body)\n}").types.first).functions
    }

    @Test func throwingValidateFunction() throws {
        let function = try #require(try functions("    func validate() throws {\n        try check()\n    }").first)
        #expect(function.kind == .function)
        #expect(function.name == "validate")
        #expect(function.isThrowing)
        #expect(!function.isAsync)
        #expect(function.parameterCount == 0)
        #expect(function.signature == "() throws")
        #expect(function.location == SourceLocation(line: 2, column: 10))
        #expect(function.keywordLocation == SourceLocation(line: 2, column: 5))
    }

    @Test func signatureTextAndEffects() throws {
        let functions = try functions("""
            func a<T: Sequence>(from items: T, limit: Int = 10) async throws(LoadError) -> [T.Element] where T.Element: Sendable { [] }
            func b(_ x: Int, _ y: (Int, Int) -> Void, z: [String: Int] = [:]) rethrows {}
            func c(
                first: Int,
                second: Dictionary<String, Int>
            ) async -> Int {
                0
            }
            func d() -> some View { EmptyView() }
            mutating func e() {}
            static func f() {}
            """)
        #expect(functions.map(\.name) == ["a", "b", "c", "d", "e", "f"])
        #expect(functions[0].genericParameters == "<T: Sequence>")
        #expect(functions[0].signature
            == "<T: Sequence>(from items: T, limit: Int = 10) async throws(LoadError) -> [T.Element] where T.Element: Sendable")
        #expect(functions[0].returnType == "[T.Element]")
        #expect(functions.map(\.parameterCount) == [2, 3, 2, 0, 0, 0])
        #expect(functions.map(\.defaultedParameterCount) == [1, 1, 0, 0, 0, 0])
        #expect(functions.map(\.isAsync) == [true, false, true, false, false, false])
        #expect(functions.map(\.isThrowing) == [true, true, false, false, false, false])
        #expect(functions.map(\.isStatic) == [false, false, false, false, false, true])
        #expect(functions[4].modifiers == ["mutating"])
        #expect(functions[3].returnType == "some View")
    }

    @Test func initializersDeinitializersAndSubscripts() throws {
        let functions = try functions("""
            init() {}
            convenience init?(name: String) { self.init() }
            required init!(coder: Coder) {}
            deinit {}
            subscript(index: Int) -> Int { get { 0 } set { } }
            static subscript<T>(key: T) -> T { key }
            """)
        #expect(functions.map(\.kind) == [.initializer, .initializer, .initializer, .deinitializer, .subscript, .subscript])
        #expect(functions.map(\.name) == ["init", "init", "init", "deinit", "subscript", "subscript"])
        #expect(functions[1].modifiers == ["convenience"])
        #expect(functions[1].parameterCount == 1)
        #expect(functions.map(\.isFailable) == [false, true, true, false, false, false])
        #expect(functions[4].returnType == "Int")
        #expect(functions[5].isStatic)
    }

    @Test func parametersWithDefaultValuesAreCounted() throws {
        let functions = try functions("""
            init(a: Int = 0, b: [String: Int] = [:], c: (Int, Int) = (1, 2)) {}
            init(_ text: String = "a, b = c", flag: Bool) {}
            init(closure: () -> Void = { let x = 1; _ = x }, generic: Dictionary<String, Int> = .init()) {}
            init(compare: Bool = 1 == 2) {}
            """)
        #expect(functions.map(\.parameterCount) == [3, 2, 2, 1])
        #expect(functions.map(\.defaultedParameterCount) == [3, 1, 2, 1])
        #expect(functions.map(\.isCallableWithoutArguments) == [true, false, true, true])
    }

    @Test func operatorAndBacktickedFunctionNames() throws {
        let functions = try functions("""
            static func == (lhs: A, rhs: A) -> Bool { true }
            static func +=(lhs: inout A, rhs: A) {}
            prefix static func - (value: A) -> A { value }
            func `default`() {}
            """)
        #expect(functions.map(\.name) == ["==", "+=", "-", "default"])
        #expect(functions[1].signature == "(lhs: inout A, rhs: A)")
    }

    @Test func attributesAndCommentsOfFunctions() throws {
        let function = try #require(try functions("""
            /// Makes one.
            @discardableResult @MainActor
            public func make() -> Int { 0 }
            """).first)
        #expect(function.attributes == ["@discardableResult", "@MainActor"])
        #expect(function.modifiers == ["public"])
        #expect(function.comments.map(\.text) == ["/// Makes one."])
    }

    @Test func topLevelFunctions() {
        let parsed = parseSource("func main() async throws {}\n@main struct App { static func main() {} }")
        #expect(parsed.functions.map(\.name) == ["main"])
        #expect(parsed.types.first?.functions.map(\.isStatic) == [true])
    }
}
