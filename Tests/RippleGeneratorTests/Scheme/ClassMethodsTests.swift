import RippleGenerator
import Testing

/// `validate()` and the transaction hooks are found in a class's body or in any extension of
/// it, in any file of the target, and wired up through generated witnesses.
@Suite struct ClassMethodsTests {
    static let model = """
        import Ripple

        // ripple: root
        public final class Ledger {
            let tracker = Tracker()
            // ripple: property
            var _balance = 0
            func transactionWillChange() {}
        }
        """

    static let extensions = """
        extension Ledger {
            func validate() throws {}
            func transactionDidCommit() {}
        }

        extension Ledger {
            func transactionDidRollBack() {}
            static func transactionDidCommit() {}   // static: not a hook
        }
        """

    private func generated(_ files: [(String, String)]) -> String? {
        Generator.generate(files.map { (path: $0.0, bytes: Array($0.1.utf8)) }).code
    }

    @Test func methodsInTheBodyAndInExtensionsOfOtherFilesAreWiredUp() throws {
        let code = try #require(generated([("Ledger.swift", Self.model), ("Ledger+Hooks.swift", Self.extensions)]))
        #expect(code.contains(#"NodeDescriptor(name: "Ledger", validates: true, hasTransactionHooks: true, members: ["#))
        #expect(code.contains("public func _rippleValidate() throws { try validate() }"))
        #expect(code.contains("public func _rippleTransactionWillChange() { transactionWillChange() }"))
        #expect(code.contains("public func _rippleTransactionDidCommit() { transactionDidCommit() }"))
        #expect(code.contains("public func _rippleTransactionDidRollBack() { transactionDidRollBack() }"))
    }

    @Test func aClassWithoutHooksGetsNoWitnesses() throws {
        let plain = Self.model.replacingOccurrences(of: "    func transactionWillChange() {}\n", with: "")
        let code = try #require(generated([("Ledger.swift", plain)]))
        #expect(!code.contains("_rippleTransaction"))
        #expect(code.contains(#"NodeDescriptor(name: "Ledger", members: ["#))
    }

    @Test func aPrivateHookIsOutOfTheGeneratedFilesReach() {
        #expect(schemeDiagnostics([
            "Ledger.swift": Self.model,
            "Ledger+Hooks.swift": "extension Ledger {\n    private func transactionDidCommit() {}\n}\n",
        ]) == [
            "Ledger+Hooks.swift:2:18: error: 'transactionDidCommit()' of class 'Ledger' is private, but the generated "
                + "code in another file uses it; write 'func transactionDidCommit()' (internal is enough, also in a public class)",
        ])
    }

    // MARK: Conditional compilation

    /// A root class with `body` in it, and `extensions` after it.
    private func ledger(_ body: String, extensions: String = "") -> String {
        "// ripple: root\nfinal class Ledger {\n    let tracker = Tracker()\n" + (body.isEmpty ? "" : body + "\n") + "}\n" + extensions
    }

    @Test func aHookDeclaredOnlyInsideIfIsAnErrorOnItsLine() {
        #expect(schemeDiagnostics(ledger("""
                #if DEBUG
                func validate() throws {}
                #endif
            """)) == [
            "Model.swift:5:10: error: validate() is declared inside #if: Ripple cannot tell whether it exists; "
                + "declare it unconditionally (its body may use #if)",
        ])
        #expect(schemeDiagnostics(ledger("", extensions: """
            #if canImport(UIKit)
            extension Ledger {
                func transactionDidCommit() {}
            }
            #endif
            """)) == [
            "Model.swift:7:10: error: transactionDidCommit() is declared inside #if: Ripple cannot tell whether it "
                + "exists; declare it unconditionally (its body may use #if)",
        ])
    }

    @Test func aHookInEveryBranchOfAnIfIsWired() throws {
        let source = ledger("""
                #if DEBUG
                func transactionWillChange() { print("debug") }
                #elseif os(macOS)
                func transactionWillChange() {}
                #else
                func transactionWillChange() {}
                #endif
            """)
        #expect(schemeDiagnostics(source) == [])
        let code = try #require(Generator.generate([(path: "Model.swift", bytes: Array(source.utf8))]).code)
        #expect(code.contains("func _rippleTransactionWillChange() { transactionWillChange() }"))
    }

    @Test func aHookInSomeBranchesOnlyIsAnError() {
        #expect(schemeDiagnostics(ledger("""
                #if DEBUG
                func transactionDidRollBack() {}
                #elseif os(macOS)
                func transactionDidRollBack() {}
                #endif
            """)).map { $0.hasPrefix("Model.swift:5:10: error: transactionDidRollBack() is declared inside #if") } == [true])
    }

    @Test func aHookUnderItsClassesOwnConditionsIsWired() {
        let source = """
            #if os(macOS)
            // ripple: root
            final class Ledger {
                let tracker = Tracker()
                func validate() throws {}
            }
            #endif

            #if os(macOS)
            extension Ledger {
                func transactionWillChange() {}
                #if !(os(macOS))
                func transactionDidCommit() {}
                #endif
            }
            #endif
            """
        let built = buildScheme(source)
        #expect(built.scheme.root?.isValidating == true)
        #expect(built.scheme.root?.transactionHooks == [.willChange])
        // Where the class exists, `transactionDidCommit()` never does. (The class inside #if is
        // an error of its own: the generated code would not compile where it does not exist.)
        #expect(built.diagnostics.map(\.description) == [
            "Model.swift:3:13: error: tracked class 'Ledger' is declared inside #if, and Ripple cannot evaluate "
                + "compilation conditions; declare it unconditionally, outside the #if (the bodies of its methods may use #if)",
            "Model.swift:13:10: error: transactionDidCommit() is declared inside #if: Ripple cannot tell whether it "
                + "exists; declare it unconditionally (its body may use #if)",
        ])
    }
}
