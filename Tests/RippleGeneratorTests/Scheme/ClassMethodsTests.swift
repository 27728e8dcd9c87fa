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
}
