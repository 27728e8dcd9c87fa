import RippleGenerator
import Testing

/// What the generated code does with a member's type, checked on the user's line rather than
/// left to fail in the generated file: a type less visible than the accessor, a name the
/// generated code declares itself, an implicitly unwrapped type; and the types nested in a
/// class, named from outside it for background work.
@Suite struct MemberTypeTests {
    private func generated(_ source: String, accessLevel: AccessLevel? = nil) throws -> String {
        let generation = Generator.generate([(path: "Model.swift", bytes: Array(source.utf8))], accessLevel: accessLevel)
        #expect(generation.diagnostics.map(\.description) == [])
        return try #require(generation.code)
    }

    // MARK: Access levels

    static let publicRoot = """
        // ripple: root
        public final class Library {
            let tracker = Tracker()
            // ripple: node
            var _jobs: [String: Job] = [:]
            // ripple: property
            var _kind: Kind = .plain
            // ripple: property
            var _inner: Inner? = nil
            enum Inner { case x }
        }
        enum Kind { case plain }
        // ripple: node
        final class Job {
            let tracker = Tracker()
        }
        """

    @Test func aPublicAccessorOfALessVisibleTypeIsAnErrorOnTheMembersLine() {
        #expect(schemeDiagnostics(Self.publicRoot) == [
            "Model.swift:5:16: error: 'Job' is internal, so the public accessor of 'jobs' cannot use it: "
                + "make 'Job' public, or the class 'Library' internal",
            "Model.swift:7:16: error: 'Kind' is internal, so the public accessor of 'kind' cannot use it: "
                + "make 'Kind' public, or the class 'Library' internal",
            "Model.swift:9:17: error: 'Inner' is internal, so the public accessor of 'inner' cannot use it: "
                + "make 'Inner' public, or the class 'Library' internal",
        ])
    }

    @Test func typesAsVisibleAsTheAccessorAreFine() throws {
        let visible = Self.publicRoot.replacingOccurrences(of: "enum", with: "public enum")
            .replacingOccurrences(of: "final class Job", with: "public final class Job")
        #expect(schemeDiagnostics(visible) == [])
        // The accessors of an internal class are internal, whatever they are declared.
        let internalRoot = Self.publicRoot.replacingOccurrences(of: "public final class Library", with: "final class Library")
        #expect(schemeDiagnostics(internalRoot) == [])
        _ = try generated(internalRoot, accessLevel: .public)
    }

    @Test func aForcedAccessLevelIsTheAccessorsInAClassThatAllowsIt() {
        let diagnostics = buildScheme(["Model.swift": Self.publicRoot], accessLevel: .package).diagnostics.map(\.description)
        #expect(diagnostics.first == "Model.swift:5:16: error: 'Job' is internal, so the package accessor of 'jobs' "
            + "cannot use it: make 'Job' package, or the class 'Library' internal")
        #expect(buildScheme(["Model.swift": Self.publicRoot], accessLevel: .internal).diagnostics.isEmpty)
    }

    @Test func aFileprivateTypeIsOutOfTheGeneratedFilesReach() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Library {
                let tracker = Tracker()
                // ripple: property
                var _mode: [Mode] = []
            }
            fileprivate enum Mode { case a }
            """) == [
                "Model.swift:5:16: error: 'Mode' is fileprivate, so the generated accessor of 'mode', in another file, "
                    + "cannot use it: make 'Mode' internal or wider",
            ])
    }

    @Test func typesTheSourcesDoNotDeclareAreLeftToTheCompiler() {
        #expect(schemeDiagnostics("""
            import Foundation
            // ripple: root
            public final class Library {
                let tracker = Tracker()
                // ripple: property
                var _date: Foundation.Date = .now
                // ripple: property
                var _handler: (_ kind: Int) -> Void = { _ in }
            }
            """) == [])
    }

    // MARK: Names the generated code declares

    @Test func aNodeClassNamedRootIsAnErrorWhereTheSchemeNamesIt() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Root {
                let tracker = Tracker()
                // ripple: node
                var _child: Child? = nil
            }
            // ripple: node
            final class Child {
                let tracker = Tracker()
                // ripple: node
                var _parent: Root? = nil
                // ripple: property
                var _origin: Root.Origin = .here
            }
            extension Root {
                enum Origin { case here }
            }
            """) == [
                "Model.swift:11:18: error: the type of '_parent' names 'Root', which the generated code declares as a "
                    + "generic parameter ('RippleScheme<Root: RippleNode>'), so there it would not mean your type; "
                    + "rename your type 'Root'",
                "Model.swift:13:18: error: the type of '_origin' names 'Root', which the generated code declares as a "
                    + "generic parameter ('RippleScheme<Root: RippleNode>'), so there it would not mean your type; "
                    + "rename your type 'Root', or write it with its module ('MyModule.Root')",
            ])
    }

    @Test func aValueTypeNamedNodeInABackgroundMemberIsAnError() throws {
        let source = """
            // ripple: root
            final class Library {
                let tracker = Tracker()
                // ripple: property, allowBackgroundRead
                var _node = Node()
                // ripple: property
                var _other = Node()
            }
            struct Node: Equatable {}
            """
        #expect(schemeDiagnostics(source) == [
            "Model.swift:5:9: error: the type of '_node' names 'Node', which the generated code declares as a generic "
                + "parameter ('BackgroundNode<Node>'), so there it would not mean your type; rename your type 'Node', "
                + "or write it with its module ('MyModule.Node')",
        ])
    }

    @Test func aClassNamedNodeOffersItsBackgroundMembersWithTheirNestedTypesQualified() throws {
        let code = try generated("""
            // ripple: root
            final class Node {
                let tracker = Tracker()
                enum Kind { case leaf }
                struct Pair<T> {}
                // ripple: property, allowBackgroundRead
                var _kind: Kind = .leaf
                // ripple: property, allowBackgroundWrite
                var _pairs: [String: Pair<Kind>]? = nil
                // ripple: property
                var _plain: Kind = .leaf
            }
            """)
        #expect(code.contains("""
            extension BackgroundNode<Node> {
                var kind: Node.Kind { _node.kind }

                var pairs: [String: Node.Pair<Node.Kind>]? {
            """))
        // The accessors say the same; members not offered to background work keep their spelling.
        #expect(code.contains("    var kind: Node.Kind {"))
        #expect(code.contains("    var plain: Kind {"))
    }

    @Test func typesNestedInAnEnclosingTypeAreQualifiedToo() throws {
        let code = try generated("""
            enum Outer {
                enum Mode { case a }
                // ripple: root
                final class Library {
                    let tracker = Tracker()
                    // ripple: property, allowBackgroundRead
                    var _mode: Mode = .a
                }
            }
            """)
        #expect(code.contains("extension BackgroundNode<Outer.Library> {\n    var mode: Outer.Mode { _node.mode }"))
    }

    // MARK: Implicitly unwrapped types

    @Test func anImplicitlyUnwrappedPropertyIsAnErrorThatSuggestsAnOptional() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Library {
                let tracker = Tracker()
                // ripple: property
                var _count: Int! = nil
            }
            """) == [
                "Model.swift:5:17: error: tracked member '_count' has the implicitly unwrapped type 'Int!', which the "
                    + "generated code cannot name (in a cast, or as a generic argument); declare it 'Int?'",
            ])
    }
}
