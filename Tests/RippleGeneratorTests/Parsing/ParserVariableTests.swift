import Testing
import RippleGenerator

@Suite struct ParserVariableTests {
    private func members(_ body: String) throws -> [VariableDeclaration] {
        try #require(parseSource("class A {\n\(body)\n}").parsedType("A")).members
    }

    @Test func storedComputedAndObservedProperties() throws {
        let members = try members("""
            var stored = 0
            let constant: Int
            var computed: Int { stored + 1 }
            var explicit: Int { get { stored } set { stored = newValue } }
            var requirement: Int { get set }
            var observed: Int = 0 { willSet { } didSet { } }
            var observedWithoutType = 0 {
                didSet { print(oldValue) }
            }
            var mutatingSet: Int { get { 0 } nonmutating set { } }
            var empty: Int {}
            """)
        let flags = members.map { "\($0.name):\($0.isComputed):\($0.hasObservers)" }
        #expect(flags == [
            "stored:false:false", "constant:false:false", "computed:true:false", "explicit:true:false",
            "requirement:true:false", "observed:false:true", "observedWithoutType:false:true",
            "mutatingSet:true:false", "empty:true:false",
        ])
        #expect(members[1].isLet)
        #expect(members[0].isStored && !members[2].isStored)
    }

    @Test func typeAnnotationTextIsNormalized() throws {
        let members = try members("""
            var a: [Shelf]
            var b: [String : Track ]?
            var c: Set< Node >
            var d: Dictionary<String,[Int]>
            var e: (Int)->Void
            var f: @escaping @Sendable (Int) async throws -> Void
            var g: some View
            var h: any P & Q
            var i: Optional<Array<Int>>?
            var j: (() -> Void)?
            var k: Foo.Bar<T>.Baz
            var l: [Int]??
            var m: (name: String, count: Int)
            var n: ~Copyable
            """)
        #expect(members.map(\.typeAnnotation) == [
            "[Shelf]", "[String: Track]?", "Set<Node>", "Dictionary<String, [Int]>", "(Int) -> Void",
            "@escaping @Sendable (Int) async throws -> Void", "some View", "any P & Q",
            "Optional<Array<Int>>?", "(() -> Void)?", "Foo.Bar<T>.Baz", "[Int]??",
            "(name: String, count: Int)", "~Copyable",
        ])
    }

    @Test func typeAnnotationsSpanningLines() throws {
        let members = try members("""
            var a: Dictionary<
                String,
                Int
            >
            var b: [String:
                Int]
            var c = 0
            """)
        #expect(members.map(\.name) == ["a", "b", "c"])
        #expect(members.map(\.typeAnnotation) == ["Dictionary<String, Int>", "[String: Int]", nil])
    }

    @Test func initializerTextIsNormalized() throws {
        let members = try members("""
            var a = []
            var b = 0
            var c = Shelf()
            var d = "abc"
            var e: [String: Track] = [:]
            var f = [
                1,
                2
            ]
            var g = foo(x: 1,  y: [2])
            var h = a
                .map { $0 * 2 }
                .filter { $0 > 1 }
            var i = cond ? .x : .y
            var j = 1 +
                2
            var k = Library.Kind.none
            var l = #"raw"#
            """)
        #expect(members.map(\.initializer) == [
            "[]", "0", "Shelf()", "\"abc\"", "[:]", "[1, 2]", "foo(x: 1, y: [2])",
            "a.map { $0 * 2 }.filter { $0 > 1 }", "cond ? .x : .y", "1 + 2", "Library.Kind.none", "#\"raw\"#",
        ])
    }

    @Test func closureInitializerIsNotAnAccessorBlock() throws {
        let members = try members("""
            var a: Int = { 1 }()
            lazy var b = {
                let x = 1
                return x
            }()
            var c = items.first { $0.isValid }
            var d = 0
            """)
        #expect(members.map(\.name) == ["a", "b", "c", "d"])
        #expect(members.allSatisfy { !$0.isComputed && !$0.hasObservers })
        #expect(members[1].initializer == "{ let x = 1 return x }()")
        #expect(members[2].initializer == "items.first { $0.isValid }")
    }

    @Test func expressionInitializersWithTrailingClosuresAndControlFlow() throws {
        let members = try members("""
            var a = Button { act() } label: { Text("x") }
            var b = if flag { 1 } else { 2 }
            var c = flag ? x : y
            var d = 0
            """)
        #expect(members.map(\.name) == ["a", "b", "c", "d"])
        #expect(members.map(\.initializer) == [
            "Button { act() } label: { Text(\"x\") }", "if flag { 1 } else { 2 }", "flag ? x : y", "0",
        ])
    }

    @Test func multipleBindingsEachBecomeADeclarationSharingCommentsAndModifiers() throws {
        let members = try members("""
            // ripple: property
            private var a = 1, b: Int = 2, c = "three"
            """)
        #expect(members.map(\.name) == ["a", "b", "c"])
        #expect(members.map(\.bindingIndex) == [0, 1, 2])
        #expect(members.map { $0.comments.map(\.text) } == Array(repeating: ["// ripple: property"], count: 3))
        #expect(members.map(\.modifiers) == Array(repeating: ["private"], count: 3))
        #expect(members.map(\.typeAnnotation) == [nil, "Int", nil])
        #expect(members.map(\.initializer) == ["1", "2", "\"three\""])
        #expect(members.map(\.keywordLocation) == Array(repeating: SourceLocation(line: 3, column: 9), count: 3))
    }

    @Test func genericTypeFollowedByEqualsWithoutSpace() throws {
        let members = try members("""
            var a: Set<Node>= []
            var b: Array<Array<Int>>= [[]]
            var c: Bool = x >= y
            """)
        #expect(members.map(\.typeAnnotation) == ["Set<Node>", "Array<Array<Int>>", "Bool"])
        #expect(members.map(\.initializer) == ["[]", "[[]]", "x >= y"])
    }

    @Test func typeWrittenAfterSeveralBindingsAppliesToAll() throws {
        let members = try members("var a, b: Int, c: String")
        #expect(members.map(\.typeAnnotation) == ["Int", "Int", "String"])
    }

    @Test func tuplePatternsAndWildcardsProduceNothing() throws {
        let members = try members("""
            let (x, y) = (1, 2)
            let _ = compute()
            var (p, q): (Int, Int) = (0, 0), after = 3
            """)
        #expect(members.map(\.name) == ["after"])
        #expect(members[0].bindingIndex == 1)
    }

    @Test func modifiersAndAttributesAsWritten() throws {
        let members = try members("""
            @available(iOS 17, *) @Published private(set) var a = 0
            nonisolated(unsafe) static var b: A?
            @ObservationIgnored lazy var c = 1
            weak var d: AnyObject?
            unowned let e: A
            public internal(set) var f = 0
            class var g: Int { 0 }
            final override var h: Int { 1 }
            @Wrapper(value: 3) var i = 0
            @Module.Wrapper var j = 0
            fileprivate(set) var k = 0
            """)
        #expect(members.map(\.modifiers) == [
            ["private(set)"], ["nonisolated(unsafe)", "static"], ["lazy"], ["weak"], ["unowned"],
            ["public", "internal(set)"], ["class"], ["final", "override"], [], [], ["fileprivate(set)"],
        ])
        #expect(members.map(\.attributes) == [
            ["@available(iOS 17, *)", "@Published"], [], ["@ObservationIgnored"], [], [], [], [], [],
            ["@Wrapper(value: 3)"], ["@Module.Wrapper"], [],
        ])
        #expect(members[1].isStatic && members[6].isStatic && !members[0].isStatic)
    }

    @Test func backtickedAndUnicodeNames() throws {
        let members = try members("""
            var `class` = 1
            var `default`: Int = 2
            var naïve = 3
            var 名前 = 4
            var final = 5
            var get = 6
            """)
        #expect(members.map(\.name) == ["class", "default", "naïve", "名前", "final", "get"])
    }

    @Test func locationsOfNameKeywordAndType() throws {
        let member = try #require(try members("    private var _shelves: [Shelf] = []").first)
        #expect(member.keywordLocation == SourceLocation(line: 2, column: 13))
        #expect(member.location == SourceLocation(line: 2, column: 17))
        #expect(member.typeLocation == SourceLocation(line: 2, column: 27))
    }

    @Test func declarationsOnOneLineSeparatedBySemicolons() throws {
        let members = try members("var a = 1; var b: Int; let c = [1, 2]; var d: Int { 0 }")
        #expect(members.map(\.name) == ["a", "b", "c", "d"])
        #expect(members.map(\.isComputed) == [false, false, false, true])
    }

    @Test func regexKeyPathAndStringInitializersDoNotConfuseTheParser() throws {
        let members = try members(#"""
            var a = /ab+c/
            var b = \A.a
            var c = "{ // not a body"
            var d = """
                }
                """
            var e = 1
            """#)
        #expect(members.map(\.name) == ["a", "b", "c", "d", "e"])
        #expect(members.map { $0.initializer.map { String($0.prefix(3)) } } == ["/ab", #"\A."#, #""{ "#, #"""""#, "1"])
    }
}
