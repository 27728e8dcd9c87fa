import RippleGenerator
import Testing

/// A method meant as `validate()` or a transaction hook that is not one (misspelled, or declared
/// otherwise than the runtime calls it) would be silently ignored: each is a warning on its line
/// with the declaration to write, in the class or in an extension in any file of the target.
/// Methods whose names are merely near, and overloads beside the real hook, are not warned.
@Suite struct MisdeclaredHookTests {
    /// The generator's pipeline over `files` (path to source), as ripple-gen runs it: the fast
    /// scan, then the extension scan, then the scheme.
    private func generation(_ files: [String: String]) -> Generator.Generation {
        Generator.generate(files.keys.sorted().map { (path: $0, bytes: Array(files[$0]!.utf8)) })
    }

    private func diagnostics(_ files: [String: String]) -> [String] {
        generation(files).diagnostics.map(\.description)
    }

    /// A root class `Ledger` with `body` in it.
    private func ledger(_ body: String) -> String {
        "// ripple: root\nfinal class Ledger {\n    let tracker = Tracker()\n    // ripple: property\n    var _balance = 0\n"
            + body + "\n}\n"
    }

    @Test func aMisspelledMethodIsAWarningOnItsLine() {
        #expect(diagnostics(["Model.swift": ledger("""
                func validte() throws {}
                func transactionDidComit() {}
                func transactionDidRollback() {}
                func transactonWillChange() {}
            """)]) == [
            "Model.swift:6:10: warning: 'func validte() throws' of class 'Ledger' is never called by Ripple; "
                + "did you mean 'func validate() throws'?",
            "Model.swift:7:10: warning: 'func transactionDidComit()' of class 'Ledger' is never called by Ripple; "
                + "did you mean 'func transactionDidCommit()'?",
            "Model.swift:8:10: warning: 'func transactionDidRollback()' of class 'Ledger' is never called by Ripple; "
                + "did you mean 'func transactionDidRollBack()'?",
            "Model.swift:9:10: warning: 'func transactonWillChange()' of class 'Ledger' is never called by Ripple; "
                + "did you mean 'func transactionWillChange()'?",
        ])
    }

    @Test func aMisdeclaredValidateIsAWarningThatSaysWhy() {
        let expected: [(String, String)] = [
            ("func validate() -> Bool", ": Ripple's validate() returns nothing, and rejects an update by throwing"),
            ("func validate() throws -> Bool", ": Ripple's validate() returns nothing, and rejects an update by throwing"),
            ("func validate()", ": validate() rejects an update by throwing"),
            ("static func validate() throws", ": Ripple calls an instance method"),
            ("class func validate() throws", ": Ripple calls an instance method"),
            ("func validate(strict: Bool) throws", ": Ripple calls validate() without arguments"),
            ("func validate<Rule>() throws", ": Ripple calls validate() without generic parameters"),
        ]
        for (declaration, reason) in expected {
            let column = declaration.hasPrefix("func") ? 10 : declaration.hasPrefix("static") ? 17 : 16
            #expect(diagnostics(["Model.swift": ledger("    \(declaration) { fatalError() }")]) == [
                "Model.swift:6:\(column): warning: '\(declaration)' of class 'Ledger' is never called by Ripple\(reason); "
                    + "did you mean 'func validate() throws'?",
            ])
        }
    }

    @Test func aMisdeclaredTransactionHookIsAWarningThatSaysWhy() {
        #expect(diagnostics(["Model.swift": ledger("""
                func transactionDidCommit() throws {}
                func transactionWillChange(_ member: Int) {}
                static func transactionDidRollBack() {}
            """)]) == [
            "Model.swift:6:10: warning: 'func transactionDidCommit() throws' of class 'Ledger' is never called by Ripple: "
                + "Ripple calls the transaction hooks without 'try'; did you mean 'func transactionDidCommit()'?",
            "Model.swift:7:10: warning: 'func transactionWillChange(_ member: Int)' of class 'Ledger' is never called by "
                + "Ripple: Ripple calls transactionWillChange() without arguments; did you mean 'func transactionWillChange()'?",
            "Model.swift:8:17: warning: 'static func transactionDidRollBack()' of class 'Ledger' is never called by Ripple: "
                + "Ripple calls an instance method; did you mean 'func transactionDidRollBack()'?",
        ])
    }

    @Test func aMisdeclaredMethodIsNotCalled() throws {
        let code = try #require(generation(["Model.swift": ledger("    func validate() throws -> Bool { true }")]).code)
        #expect(!code.contains("_rippleValidate() throws { try validate() }"))
        #expect(code.contains(#"NodeDescriptor(name: "Ledger", members: ["#))
    }

    @Test func anExtensionInAnotherFileWithoutAnnotationsIsRead() {
        // Neither annotations nor `func validate` nor `func transaction` in it: the fast scan
        // skips it, and the extension scan finds that it extends a class the model declares.
        let files = [
            "Ledger.swift": ledger(""),
            "Ledger+Checks.swift": """
                import Foundation

                extension Ledger {
                    func vaildate() throws {}
                }

                extension Array where Element == Ledger {
                    func validte() throws {}   // not an extension of a tracked class
                }
                """,
        ]
        #expect(diagnostics(files) == [
            "Ledger+Checks.swift:4:10: warning: 'func vaildate() throws' of class 'Ledger' is never called by Ripple; "
                + "did you mean 'func validate() throws'?",
        ])
    }

    @Test func methodsWhoseNamesAreMerelyNearAreNotWarned() {
        #expect(diagnostics(["Model.swift": ledger("""
                func validator() {}
                func invalidate() {}
                func revalidate() {}
                func validation() {}
                func validateEmail(_ email: String) -> Bool { true }
                func validated() -> Bool { true }
                func transactionSummary() -> String { "" }
                func transactions() {}
                static func validte() {}
                func validte(_ value: Int) {}
            """)]) == [])
    }

    @Test func overloadsBesideTheRealHookAreNotWarned() {
        #expect(diagnostics([
            "Model.swift": ledger("""
                    func validate() throws {}
                    func validate(strict: Bool) throws {}
                    func validateEmail(_ email: String) -> Bool { true }
                    static func validate() {}
                    func validates() {}
                """),
            "Ledger+Hooks.swift": """
                extension Ledger {
                    func transactionDidCommit() {}
                }
                extension Ledger {
                    func transactionDidCommit(_ succeeded: Bool) {}
                }
                """,
        ]) == [])
    }

    @Test func anAsyncHookIsReportedOnceAsAsync() {
        #expect(diagnostics(["Model.swift": ledger("    func validate() async throws {}")]) == [
            "Model.swift:6:10: warning: 'validate()' of class 'Ledger' is 'async', so Ripple never calls it: the mediator "
                + "calls it synchronously, within the update; make it synchronous (and start a Task in it for async work)",
        ])
    }

    @Test func theExtensionScanFindsExtensionsOfTheNamedTypesOnly() {
        let scan = ExtensionScan(typeNames: ["Ledger", "Outer.Shelf"])
        #expect(scan.mayExtend(Array("extension Ledger {}".utf8)))
        #expect(scan.mayExtend(Array("@MainActor extension\n  Ledger: Sendable {}".utf8)))
        #expect(scan.mayExtend(Array("extension MyModule.Ledger {}".utf8)))
        #expect(scan.mayExtend(Array("extension Outer.Shelf {}".utf8)))
        #expect(!scan.mayExtend(Array("extension LedgerView {}".utf8)))
        #expect(!scan.mayExtend(Array("extension Array where Element == Ledger {}".utf8)))
        #expect(!scan.mayExtend(Array("myextension Ledger".utf8)))
        #expect(!scan.mayExtend(Array("extensionLedger {}".utf8)))
        #expect(!scan.mayExtend(Array("extension".utf8)))
        #expect(!ExtensionScan(typeNames: []).mayExtend(Array("extension Ledger {}".utf8)))
    }
}
