import RippleGenerator
import Testing

/// Model classes may be nonisolated, `@MainActor`, or main-actor by their target's default
/// isolation, and so may `validate()` and the hooks: the generated code serves each, and what it
/// cannot serve is a diagnostic on the user's line, never an error in the generated file.
@Suite struct IsolationTests {
    private func generated(_ source: String) throws -> String {
        let generation = Generator.generate([(path: "Model.swift", bytes: Array(source.utf8))])
        #expect(generation.diagnostics.map(\.description) == [])
        return try #require(generation.code)
    }

    // MARK: Reading isolation

    @Test func attributesAndModifiersSpellTheIsolation() {
        #expect(Isolation(attributes: ["@MainActor"], modifiers: ["final"]) == .mainActor)
        #expect(Isolation(attributes: ["@_Concurrency.MainActor"], modifiers: []) == .mainActor)
        #expect(Isolation(attributes: ["@preconcurrency", "@MainActor(unsafe)"], modifiers: []) == .mainActor)
        #expect(Isolation(attributes: ["@DatabaseActor"], modifiers: []) == .globalActor("DatabaseActor"))
        #expect(Isolation(attributes: [], modifiers: ["nonisolated(unsafe)"]) == .nonisolated)
        #expect(Isolation(attributes: [], modifiers: ["public", "nonisolated"]) == .nonisolated)
        #expect(Isolation(attributes: ["@Observable", "@objc", "@available(macOS 14, *)"], modifiers: ["final"]) == .inferred)
        #expect(Isolation.inferred.inheriting(.mainActor) == .mainActor)
        #expect(Isolation.nonisolated.inheriting(.mainActor) == .nonisolated)
    }

    // MARK: What is generated

    @Test func aMainActorClassConformsOnTheMainActorAndOthersConformAsTheyAre() throws {
        let code = try generated("""
            // ripple: root
            @MainActor final class Board {
                let tracker = Tracker()
                // ripple: node
                var _notes: [Note] = []
            }
            // ripple: node
            final class Note {
                let tracker = Tracker()
            }
            """)
        #expect(code.contains("extension Board: @MainActor RippleRoot {"))
        // Without an attribute the conformance is written plain: the compiler isolates it
        // itself when the target's default isolation makes the class main-actor.
        #expect(code.contains("extension Note: RippleNode {"))
        // The descriptors are read from other classes' descriptors, wherever those are.
        #expect(code.contains("    nonisolated static let _rippleDescriptor: NodeDescriptor = NodeDescriptor(name: \"Board\""))
    }

    @Test func mainActorMethodsOfAClassThatIsNotExplicitlyMainActorAreCalledAssumingTheMainActor() throws {
        let code = try generated("""
            // ripple: root
            final class Board {
                let tracker = Tracker()
                @MainActor func validate() throws {}
                nonisolated func transactionWillChange() {}
            }
            @MainActor extension Board {
                func transactionDidCommit() {}
            }
            extension Board {
                func transactionDidRollBack() {}
            }
            """)
        #expect(code.contains("func _rippleValidate() throws { try _rippleAssumingMainActor(self) { try $0.validate() } }"))
        #expect(code.contains("func _rippleTransactionWillChange() { transactionWillChange() }"))
        #expect(code.contains("func _rippleTransactionDidCommit() { _rippleAssumingMainActor(self) { $0.transactionDidCommit() } }"))
        #expect(code.contains("func _rippleTransactionDidRollBack() { transactionDidRollBack() }"))
    }

    @Test func theMethodsOfAMainActorClassAreCalledDirectly() throws {
        let code = try generated("""
            // ripple: root
            @MainActor final class Board {
                let tracker = Tracker()
                @MainActor func validate() throws {}
                func transactionDidCommit() {}
            }
            """)
        #expect(code.contains("func _rippleValidate() throws { try validate() }"))
        #expect(code.contains("func _rippleTransactionDidCommit() { transactionDidCommit() }"))
    }

    @Test func nodesOfAMainActorClassAreVisitedAssumingTheMainActorFromAClassThatIsNot() throws {
        let code = try generated("""
            // ripple: root
            final class Board {
                let tracker = Tracker()
                // ripple: node
                var _notes: [Note] = []
                // ripple: node, allowBackgroundRead
                var _pinned: Note? = nil
            }
            // ripple: node
            @MainActor final class Note {
                let tracker = Tracker()
                // ripple: node
                var _replies: [Note] = []
            }
            """)
        #expect(code.contains("case RippleKey.notes: _rippleAssumingMainActor(self, visiting: visit) { _rippleVisit($0._notes, $1) }"))
        #expect(code.contains("""
                    case RippleKey.pinned:
                        _rippleAssumingMainActor(self, visiting: visit) { node, visit in _rippleVisit(_rippleLocked(node) { node._pinned }, visit) }
            """))
        // A main-actor class visits its main-actor nodes directly.
        #expect(code.contains("case RippleKey.replies: _rippleVisit(_replies, visit)"))
        // A BackgroundNode offers values, never a node (which would lead to its other members).
        #expect(!code.contains("extension BackgroundNode"))
    }

    @Test func backgroundMembersWithNonisolatedStorageHaveNonisolatedAccessors() throws {
        let code = try generated("""
            // ripple: root
            @MainActor final class Board {
                let tracker = Tracker()
                // ripple: property, allowBackgroundWrite
                nonisolated(unsafe) var _progress = 0.0
                // ripple: property
                var _title = ""
            }
            // ripple: node
            final class Job {
                let tracker = Tracker()
                // ripple: property, allowBackgroundRead
                var _owner = ""
            }
            // ripple: node
            nonisolated final class Sync {
                let tracker = Tracker()
                // ripple: property, allowBackgroundRead
                var _server = ""
            }
            """)
        #expect(code.contains("    nonisolated var progress: Double {"))
        #expect(code.contains("        nonisolated static var progress: Int { 0 }"))
        #expect(code.contains("        static var title: Int { 1 }"))
        #expect(code.contains("_rippleDidSetInBackground(self, old, newValue, RippleKey.progress)"))
        // Storage isolated as its class (maybe main-actor by default): the accessor is too.
        #expect(code.contains("    var owner: String {"))
        #expect(code.contains("            _rippleDidSet(old, RippleKey.owner)"))
        #expect(code.contains("    nonisolated var server: String {"))
        // A nonisolated setter cannot name a conformance that may be the main actor's: it
        // journals through one found dynamically.
        #expect(code.contains("            _rippleWillSetShared(self, old, RippleKey.server)"))
        // Background work reaches them through a Sendable BackgroundNode.
        #expect(code.contains("""
            extension BackgroundNode<Board> {
                nonisolated var progress: Double {
                    get { _node.progress }
                    nonmutating set { _node.progress = newValue }
                }
            }
            """))
        #expect(code.contains("""
            extension BackgroundNode<Job> {
                var owner: String { _node.owner }
            }
            """))
    }

    // MARK: What is diagnosed

    @Test func aClassOfAnotherGlobalActorIsAnErrorOnItsLine() {
        #expect(schemeDiagnostics("""
            // ripple: root
            @DatabaseActor
            final class Board {
                let tracker = Tracker()
            }
            """) == [
                "Model.swift:3:13: error: class 'Board' is isolated to '@DatabaseActor', but Ripple's mediator calls "
                    + "into the model on the main actor; make the class '@MainActor', or leave it nonisolated",
            ])
    }

    @Test func aMethodOfAnotherGlobalActorIsAnErrorOnItsLine() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Board {
                let tracker = Tracker()
                @DatabaseActor func validate() throws {}
            }
            @DatabaseActor extension Board {
                func transactionDidCommit() {}
                @MainActor func transactionDidRollBack() {}
            }
            """) == [
                "Model.swift:4:25: error: 'validate()' of class 'Board' is isolated to '@DatabaseActor', but Ripple's "
                    + "mediator calls it on the main actor, within the update; make it '@MainActor' or 'nonisolated'",
                "Model.swift:7:10: error: 'transactionDidCommit()' of class 'Board' is isolated to '@DatabaseActor', "
                    + "but Ripple's mediator calls it on the main actor, within the update; make it '@MainActor' or 'nonisolated'",
            ])
    }

    @Test func anAsyncHookIsAWarningSinceItIsNeverCalled() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Board {
                let tracker = Tracker()
                func transactionDidCommit() async {}
                func validate() async throws {}
                func transactionWillChange() async throws {}
            }
            """) == [
                "Model.swift:4:10: warning: 'transactionDidCommit()' of class 'Board' is 'async', so Ripple never calls "
                    + "it: the mediator calls it synchronously, within the update; make it synchronous (and start a Task "
                    + "in it for async work)",
                "Model.swift:5:10: warning: 'validate()' of class 'Board' is 'async', so Ripple never calls it: the "
                    + "mediator calls it synchronously, within the update; make it synchronous (and start a Task in it "
                    + "for async work)",
                // A hook that throws is no hook, async or not: what to write says both.
                "Model.swift:6:10: warning: 'func transactionWillChange() async throws' of class 'Board' is never called "
                    + "by Ripple: Ripple calls the transaction hooks without 'try'; did you mean 'func transactionWillChange()'?",
            ])
    }

    @Test func aMemberIsolatedOtherwiseThanItsClassIsAnErrorOnItsLine() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Board {
                let tracker = Tracker()
                // ripple: property
                @MainActor var _title = ""
            }
            // ripple: node
            @MainActor final class Note {
                let tracker = Tracker()
                // ripple: property
                @MainActor var _text = ""
                // ripple: property
                @DatabaseActor var _cache = 0
            }
            """) == [
                "Model.swift:5:20: error: tracked member '_title' is '@MainActor', but its class 'Board' is not; the "
                    + "generated code reaches all of a class's members from one isolation: remove '@MainActor' from "
                    + "the member and put it on the class",
                "Model.swift:13:24: error: tracked member '_cache' is '@DatabaseActor', but its class 'Note' is not; the "
                    + "generated code reaches all of a class's members from one isolation: remove '@DatabaseActor' "
                    + "from the member",
            ])
    }

    @Test func aBackgroundMemberOfAMainActorClassNeedsNonisolatedStorage() {
        #expect(schemeDiagnostics("""
            // ripple: root
            @MainActor final class Board {
                let tracker = Tracker()
                // ripple: property, allowBackgroundWrite
                var _progress = 0.0
                // ripple: property, allowBackgroundRead
                nonisolated(unsafe) var _owner = ""
            }
            """) == [
                "Model.swift:5:9: error: '_progress' is 'allowBackgroundWrite', but main-actor class 'Board' isolates "
                    + "its storage to the main actor; declare it 'nonisolated(unsafe) var _progress': its accessor is "
                    + "then nonisolated, and Ripple guards the storage with a lock",
            ])
    }
}
