import Testing
import RippleGenerator

@Suite struct ParserTypeTests {
    @Test func classWithGenericsInheritanceAndWhereClause() throws {
        let parsed = parseSource("""
            @available(macOS 14, *) open class A<T: Equatable, U>: B<T>, @unchecked Sendable, P where T: Hashable, U == Int {
            }
            """)
        let type = try #require(parsed.types.first)
        #expect(type.kind == .class)
        #expect(type.name == "A")
        #expect(type.genericParameters == "<T: Equatable, U>")
        #expect(type.inheritance == ["B<T>", "@unchecked Sendable", "P"])
        #expect(type.whereClause == "T: Hashable, U == Int")
        #expect(type.modifiers == ["open"])
        #expect(type.attributes == ["@available(macOS 14, *)"])
        #expect(type.keywordLocation == SourceLocation(line: 1, column: 30))
        #expect(type.location == SourceLocation(line: 1, column: 36))
        #expect(parsed.diagnostics.isEmpty)
    }

    @Test func inheritanceListSpanningLines() throws {
        let type = try #require(parseSource("""
            final class Library: NSObject,
                              QWRoot_S,
                              Sendable
            {
                var x = 0
            }
            """).types.first)
        #expect(type.inheritance == ["NSObject", "QWRoot_S", "Sendable"])
        #expect(type.members.map(\.name) == ["x"])
    }

    @Test func allTypeKinds() {
        let parsed = parseSource("""
            class C {}
            struct S {}
            enum E {}
            actor A {}
            distributed actor D {}
            protocol P {}
            extension C {}
            """)
        #expect(parsed.types.map(\.kind) == [.class, .struct, .enum, .actor, .actor, .protocol, .extension])
        #expect(parsed.types.map(\.name) == ["C", "S", "E", "A", "D", "P", "C"])
        #expect(parsed.types[4].modifiers == ["distributed"])
    }

    @Test func nestedTypesHaveQualifiedNames() throws {
        let parsed = parseSource("""
            class Outer {
                struct Middle {
                    enum Inner { case a }
                }
                class Sibling {}
            }
            extension Outer.Middle {
                struct Added {}
            }
            """)
        let outer = try #require(parsed.types.first)
        #expect(outer.nested.map(\.qualifiedName) == ["Outer.Middle", "Outer.Sibling"])
        #expect(outer.nested[0].nested.map(\.qualifiedName) == ["Outer.Middle.Inner"])
        #expect(parsed.types[1].nested.map(\.qualifiedName) == ["Outer.Middle.Added"])
    }

    @Test func extensionNamesAreTheExtendedTypeAsWritten() {
        let parsed = parseSource("""
            extension Foo.Bar: Equatable, CustomStringConvertible where T: Sendable {}
            extension Array<Int> {}
            extension [String] {}
            extension Library {
                var count: Int { 0 }
                func reset() {}
            }
            """)
        #expect(parsed.types.map(\.name) == ["Foo.Bar", "Array<Int>", "[String]", "Library"])
        #expect(parsed.types[0].inheritance == ["Equatable", "CustomStringConvertible"])
        #expect(parsed.types[0].whereClause == "T: Sendable")
        #expect(parsed.types[0].location == SourceLocation(line: 1, column: 11))
        #expect(parsed.types[3].members.map(\.name) == ["count"])
        #expect(parsed.types[3].functions.map(\.name) == ["reset"])
    }

    @Test func membersInConditionalCompilationBlocksAreAllCollected() throws {
        let type = try #require(parseSource("""
            class A {
                #if DEBUG
                var debug = 0
                #if os(macOS) && !targetEnvironment(simulator) // a note
                var mac = 0
                #elseif os(iOS)
                var iOS = 0
                #else
                var other = 0
                #endif
                #else
                var release = 0
                #endif
                var always = 0
            }
            """).types.first)
        #expect(type.members.map(\.name) == ["debug", "mac", "iOS", "other", "release", "always"])
    }

    @Test func declarationsRecordTheirConditionalCompilationConditions() throws {
        let parsed = parseSource("""
            import Foundation
            #if canImport(UIKit)
            import UIKit
            #endif
            class A {
                var always = 0
                #if DEBUG
                var debug = 0
                #if os(macOS) || os(iOS) // a note
                func apple() {}
                #endif
                #elseif TESTING
                struct Testing {}
                #else
                case release
                #endif
            }
            """)
        #expect(parsed.otherDeclarations.map(\.compilationConditions) == [[], ["canImport(UIKit)"]])
        let type = try #require(parsed.types.first)
        #expect(type.compilationConditions.isEmpty)
        #expect(type.members.map(\.compilationConditions) == [[], ["DEBUG"]])
        #expect(type.functions.first?.compilationConditions == ["DEBUG", "os(macOS) || os(iOS)"])
        #expect(type.nested.first?.compilationConditions == ["!(DEBUG)", "TESTING"])
        #expect(type.otherDeclarations.first?.compilationConditions == ["!(DEBUG)", "!(TESTING)"])
    }

    @Test func declarationsInsideAConditionalTypeInheritItsConditions() throws {
        let parsed = parseSource("""
            #if DEBUG
            class A {
                var x = 0
            }
            #endif
            class B { var y = 0 }
            """)
        #expect(parsed.parsedType("A")?.parsedMember("x")?.compilationConditions == ["DEBUG"])
        #expect(parsed.parsedType("B")?.parsedMember("y")?.compilationConditions == [])
    }

    @Test func unbalancedConditionalBlockDoesNotLeakOutOfItsType() throws {
        let parsed = parseSource("""
            class A {
            #if DEBUG
            var x = 0
            }
            class B { var y = 0 }
            """)
        #expect(parsed.parsedType("B")?.parsedMember("y")?.compilationConditions == [])
    }

    @Test func declarationsInsideFunctionBodiesAreNotMembers() throws {
        let type = try #require(parseSource("""
            class A {
                func f() {
                    var local = 0
                    class Local { var inner = 1 }
                    struct AlsoLocal {}
                }
                var member = 0
            }
            """).types.first)
        #expect(type.members.map(\.name) == ["member"])
        #expect(type.nested.isEmpty)
    }

    @Test func enumCasesWithAssociatedAndRawValues() throws {
        let type = try #require(parseSource("""
            enum E: Int {
                case a = 1, b = 2
                case c(Int, label: String = "x"), d
                indirect case e(E)
                @available(*, deprecated) case f
                static let all: [E] = [.a, .b]
            }
            """).types.first)
        #expect(type.otherDeclarations.map(\.name) == ["a", "b", "c", "d", "e", "f"])
        #expect(type.otherDeclarations.allSatisfy { $0.kind == .enumCase })
        #expect(type.otherDeclarations[4].modifiers == ["indirect"])
        #expect(type.otherDeclarations[5].attributes == ["@available(*, deprecated)"])
        #expect(type.members.map(\.name) == ["all"])
    }

    @Test func protocolsWithAssociatedTypesAndRequirements() throws {
        let type = try #require(parseSource("""
            protocol Store<Element>: AnyObject, Sendable {
                associatedtype Element: Hashable = Int where Element: Sendable
                associatedtype Index
                var count: Int { get }
                var name: String { get set }
                func element(at index: Index) -> Element
                static func make() -> Self
                init(capacity: Int)
                subscript(index: Index) -> Element { get }
            }
            """).types.first)
        #expect(type.kind == .protocol)
        #expect(type.genericParameters == "<Element>")
        #expect(type.inheritance == ["AnyObject", "Sendable"])
        #expect(type.otherDeclarations.map(\.name) == ["Element", "Index"])
        #expect(type.members.map(\.name) == ["count", "name"])
        #expect(type.members.allSatisfy { $0.isComputed })
        #expect(type.functions.map(\.name) == ["element", "make", "init", "subscript"])
        #expect(type.functions.map(\.hasBody) == [false, false, false, true])
    }

    @Test func contextualKeywordsUsedAsNames() throws {
        let parsed = parseSource("""
            let actor = 1
            var open = true
            func macro() {}
            actor.run()
            open = false
            final class Real {
                var lazy = 0
                var optional: Int? = nil
                func get() -> Int { 0 }
            }
            """)
        #expect(parsed.variables.map(\.name) == ["actor", "open"])
        #expect(parsed.functions.map(\.name) == ["macro"])
        #expect(parsed.types.map(\.name) == ["Real"])
        #expect(parsed.types[0].members.map(\.name) == ["lazy", "optional"])
        #expect(parsed.types[0].functions.map(\.name) == ["get"])
        #expect(parsed.diagnostics.isEmpty)
    }

    @Test func classModifierIsNotAClassDeclaration() throws {
        let type = try #require(parseSource("""
            class A {
                class var shared: A { A() }
                class func make() -> A { A() }
                class override func f() {}
                final class Inner {}
            }
            """).types.first)
        #expect(type.members.map(\.name) == ["shared"])
        #expect(type.members[0].modifiers == ["class"])
        #expect(type.functions.map(\.name) == ["make", "f"])
        #expect(type.functions.allSatisfy { $0.isStatic })
        #expect(type.nested.map(\.name) == ["Inner"])
    }

    @Test func macrosAttributesAndFreestandingExpansions() throws {
        let parsed = parseSource("""
            @Observable
            final class Model {
                var value = 0
                #warning("check this")
                var after = 1
            }
            #Preview("Model") {
                ContentView(model: Model())
            }
            #sourceLocation(file: "x.swift", line: 1)
            @attached(member, names: named(tracker)) public macro Tracked() = #externalMacro(module: "M", type: "T")
            """)
        #expect(parsed.types.map(\.name) == ["Model"])
        #expect(parsed.types[0].attributes == ["@Observable"])
        #expect(parsed.types[0].members.map(\.name) == ["value", "after"])
        #expect(parsed.otherDeclarations.map(\.kind) == [.macro])
        #expect(parsed.otherDeclarations.first?.attributes == ["@attached(member, names: named(tracker))"])
        #expect(parsed.diagnostics.isEmpty)
    }

    @Test func operatorAndPrecedenceGroupDeclarations() {
        let parsed = parseSource("""
            infix operator <> : AdditionPrecedence
            prefix operator √
            precedencegroup Pipe { associativity: left }
            struct V { static func <> (lhs: V, rhs: V) -> V { lhs } }
            """)
        #expect(parsed.otherDeclarations.map(\.name) == ["<>", "√", "Pipe"])
        #expect(parsed.otherDeclarations.map(\.kind) == [.operator, .operator, .precedenceGroup])
        #expect(parsed.otherDeclarations[1].modifiers == ["prefix"])
        #expect(parsed.types.first?.functions.map(\.name) == ["<>"])
    }

    @Test func resultBuildersAndPropertyWrappers() throws {
        let parsed = parseSource("""
            @resultBuilder
            struct ListBuilder {
                static func buildBlock(_ parts: String...) -> [String] { parts }
            }
            @propertyWrapper
            struct Clamped<Value: Comparable> {
                var wrappedValue: Value { get { value } set { value = newValue } }
                private var value: Value
            }
            struct View {
                @ListBuilder var content: [String] {
                    "a"
                    "b"
                }
            }
            """)
        #expect(parsed.types.map(\.name) == ["ListBuilder", "Clamped", "View"])
        #expect(parsed.types[1].members.map(\.name) == ["wrappedValue", "value"])
        #expect(parsed.types[2].members.first?.attributes == ["@ListBuilder"])
        #expect(parsed.types[2].members.first?.isComputed == true)
    }

    @Test func bodyRangeCoversTheBraces() throws {
        let parsed = parseSource("class A { var x = 0 }")
        let range = try #require(parsed.types.first?.bodyRange)
        #expect(parsed.file.text(range) == "{ var x = 0 }")
    }
}
