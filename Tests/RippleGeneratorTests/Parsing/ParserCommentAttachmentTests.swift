import Testing
import RippleGenerator

/// Comments attach to the declaration directly below them (through other comments, attributes
/// and modifiers, and across blank lines); every other comment is dangling.
@Suite struct ParserCommentAttachmentTests {
    @Test func stackedAnnotationsDocCommentAndAttributesAllAttachInOrder() throws {
        let parsed = parseSource("""
            /// A library.
            // ripple: root

            // ripple: allowBackgroundRead
            @MainActor /* between */ public
            // after a modifier
            final class Library {}
            """)
        let library = try #require(parsed.parsedType("Library"))
        #expect(library.comments.map(\.text) == [
            "/// A library.", "// ripple: root", "// ripple: allowBackgroundRead", "/* between */", "// after a modifier",
        ])
        #expect(library.comments.map(\.kind) == [.docLine, .line, .line, .block, .line])
        #expect(library.comments[1].location == SourceLocation(line: 2, column: 1))
        #expect(parsed.danglingComments.isEmpty)
    }

    @Test func commentsAttachToMembersNotToTheEnclosingType() throws {
        let parsed = parseSource("""
            // ripple: node
            class Shelf {
                // ripple: property
                var _name = ""
            }
            """)
        let shelf = try #require(parsed.parsedType("Shelf"))
        #expect(shelf.comments.map(\.text) == ["// ripple: node"])
        #expect(shelf.parsedMember("_name")?.comments.map(\.text) == ["// ripple: property"])
    }

    @Test func trailingCommentIsDanglingNotAttachedToTheNextLine() throws {
        let parsed = parseSource("""
            class A {
                var a = 1 // ripple: property
                var b = 2
            }
            """)
        let type = try #require(parsed.parsedType("A"))
        #expect(type.parsedMember("a")?.comments.isEmpty == true)
        #expect(type.parsedMember("b")?.comments.isEmpty == true)
        #expect(parsed.danglingCommentTexts == ["// ripple: property"])
    }

    @Test func commentAtTheEndOfAClassIsDangling() throws {
        let parsed = parseSource("""
            class A {
                var a = 1
                // ripple: property
            }
            var b = 2
            """)
        #expect(parsed.danglingCommentTexts == ["// ripple: property"])
        #expect(parsed.variables.map(\.name) == ["b"])
        #expect(parsed.variables[0].comments.isEmpty)
    }

    @Test func commentsInsideBodiesAreDangling() throws {
        let parsed = parseSource("""
            class A {
                init() {
                    // in init
                }
                func f() {
                    // ripple: property
                    var local = 0
                }
                var computed: Int {
                    // in getter
                    0
                }
                var observed = 0 {
                    didSet { /* in observer */ }
                }
                lazy var made: Int = {
                    // in closure
                    1
                }()
                deinit { /* in deinit */ }
                subscript(i: Int) -> Int { /* in subscript */ 0 }
            }
            """)
        let type = try #require(parsed.parsedType("A"))
        #expect(type.members.map(\.name) == ["computed", "observed", "made"])
        #expect(parsed.danglingCommentTexts == [
            "// in init", "// ripple: property", "// in getter", "/* in observer */", "// in closure",
            "/* in deinit */", "/* in subscript */",
        ])
    }

    @Test func commentFollowedByAStatementIsDangling() {
        let parsed = parseSource("""
            // ripple: property
            print("hello")
            // ripple: node
            let x = 1
            """)
        #expect(parsed.danglingCommentTexts == ["// ripple: property"])
        #expect(parsed.variables.first?.comments.map(\.text) == ["// ripple: node"])
    }

    @Test func commentFollowedByConditionalCompilationIsDangling() throws {
        let parsed = parseSource("""
            class A {
                // ripple: property
                #if DEBUG
                var debug = 0
                #endif
            }
            """)
        #expect(parsed.danglingCommentTexts == ["// ripple: property"])
        #expect(try #require(parsed.parsedType("A")).parsedMember("debug")?.comments.isEmpty == true)
    }

    @Test func commentAtEndOfFileIsDangling() {
        let parsed = parseSource("let a = 1\n\n// ripple: property\n")
        #expect(parsed.danglingCommentTexts == ["// ripple: property"])
    }

    @Test func commentsAttachToFunctionsEnumCasesAndTypeAliases() throws {
        let parsed = parseSource("""
            enum E {
                // on case
                case a, b
                // on alias
                typealias T = Int
                // on function
                func f() {}
                // on init
                init() {}
            }
            """)
        let type = try #require(parsed.parsedType("E"))
        #expect(type.otherDeclarations.map(\.name) == ["a", "b", "T"])
        #expect(type.otherDeclarations.map { $0.comments.map(\.text) } == [["// on case"], ["// on case"], ["// on alias"]])
        #expect(type.functions.map { $0.comments.map(\.text) } == [["// on function"], ["// on init"]])
    }

    @Test func commentInsideADeclarationIsDangling() throws {
        let parsed = parseSource("""
            class A {
                var x /* inside */ : Int = /* value */ 1
            }
            """)
        #expect(try #require(parsed.parsedType("A")).parsedMember("x")?.initializer == "1")
        #expect(parsed.danglingCommentTexts == ["/* inside */", "/* value */"])
    }

    @Test func everyCommentEndsUpInExactlyOnePlace() {
        let parsed = parseSource(realisticModelSource)
        var attached: [RippleGenerator.Comment] = []
        func collect(_ type: TypeDeclaration) {
            attached += type.comments
            attached += type.members.filter { $0.bindingIndex == 0 }.flatMap(\.comments)
            attached += type.functions.flatMap(\.comments)
            attached += type.otherDeclarations.flatMap(\.comments)
            type.nested.forEach(collect)
        }
        parsed.types.forEach(collect)
        attached += parsed.variables.flatMap(\.comments) + parsed.functions.flatMap(\.comments)
        attached += parsed.otherDeclarations.flatMap(\.comments)
        // Bindings and enum case elements of one declaration share its comments, hence the set.
        let uniqueAttached = Set(attached.map(\.range.lowerBound))
        let dangling = Set(parsed.danglingComments.map(\.range.lowerBound))
        let lexed = Lexer.tokenize(parsed.file).tokens.filter(\.kind.isComment).map(\.range.lowerBound)
        #expect(uniqueAttached.isDisjoint(with: dangling))
        #expect(uniqueAttached.union(dangling) == Set(lexed))
        #expect(dangling.count == parsed.danglingComments.count)
    }
}
