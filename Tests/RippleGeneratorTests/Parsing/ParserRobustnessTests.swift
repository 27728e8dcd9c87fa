import Testing
import RippleGenerator

/// Broken, unterminated and hostile input yields diagnostics, never a crash or a hang.
@Suite struct ParserRobustnessTests {
    @Test func unterminatedClassBodyIsDiagnosedAtItsBrace() throws {
        let parsed = parseSource("class A {\n    var x = 0\n")
        #expect(parsed.diagnostics.map(\.description) == ["Test.swift:1:9: error: expected '}' to close the body of class 'A'"])
        #expect(try #require(parsed.types.first).members.map(\.name) == ["x"])
    }

    @Test func unterminatedFunctionBodyIsDiagnosedAtItsBrace() {
        let parsed = parseSource("class A {\n    func f() {\n        if x {\n")
        #expect(parsed.diagnostics.map(\.message) == [
            "expected '}' to close the body of class 'A'", "expected '}' to close the body of function 'f'",
        ])
        #expect(parsed.diagnostics.map(\.location) == [SourceLocation(line: 1, column: 9), SourceLocation(line: 2, column: 14)])
    }

    @Test func unterminatedAccessorBlock() {
        let parsed = parseSource("struct S {\n    var x: Int {\n        get { 0 }\n")
        #expect(parsed.diagnostics.map(\.message).contains("expected '}' to close the body of property 'x'"))
    }

    @Test func extraneousClosingBraceAtTopLevel() {
        let parsed = parseSource("class A {}\n}\nclass B {}")
        #expect(parsed.diagnostics.map(\.description) == ["Test.swift:2:1: error: extraneous '}' at top level: remove it or add the '{' it closes"])
        #expect(parsed.types.map(\.name) == ["A", "B"])
    }

    @Test func missingNamesAreDiagnosed() {
        let parsed = parseSource("class {}\nvar = 3\nfunc (x: Int) {}\nstruct S {}")
        #expect(parsed.diagnostics.map(\.message) == [
            "expected a name after 'class'", "expected a name after 'var'", "expected a name after 'func'",
        ])
        #expect(parsed.types.map(\.name) == ["S"])
    }

    @Test func missingTypeBodyIsDiagnosed() {
        let parsed = parseSource("struct S: P\nvar x = 1")
        #expect(parsed.diagnostics.map(\.message) == ["expected '{' to start the body of struct 'S'"])
        #expect(parsed.types.map(\.name) == ["S"])
        #expect(parsed.variables.map(\.name) == ["x"])
    }

    @Test func unterminatedStringDoesNotHideTheFollowingMembers() throws {
        let parsed = parseSource("class A {\n    var s = \"abc\n    var b = 1\n}")
        #expect(parsed.diagnostics.map(\.location) == [SourceLocation(line: 2, column: 13)])
        #expect(try #require(parsed.types.first).members.map(\.name) == ["s", "b"])
    }

    @Test func unclosedParenthesisInAnInitializerStopsAtTheClosingBrace() {
        let parsed = parseSource("class A {\n    var x = f(1,\n}\nclass B {}")
        #expect(parsed.diagnostics.map(\.description) == ["Test.swift:2:14: error: expected ')' to match this '('"])
        #expect(parsed.types.map(\.name) == ["A", "B"])
    }

    @Test func scriptsWithTopLevelCode() {
        let parsed = parseSource("""
            import Foundation
            let start = Date()
            if CommandLine.arguments.count > 1 {
                let inner = 1
                print(inner)
            } else {
                print("none")
            }
            switch start {
            case let x where x > .now: print(x)
            default: break
            }
            guard let first = CommandLine.arguments.first else { exit(1) }
            for argument in CommandLine.arguments { print(argument) }
            let values = [1, 2, 3]
                .map { $0 * 2 }
            struct Helper { var x = 0 }
            Task { await run() }
            """)
        #expect(parsed.variables.map(\.name) == ["start", "values"])
        #expect(parsed.types.map(\.name) == ["Helper"])
        #expect(parsed.diagnostics.isEmpty)
    }

    @Test func deepNestingIsCappedWithAWarning() throws {
        let depth = 100
        let source = String(repeating: "struct S {\n", count: depth) + String(repeating: "}\n", count: depth) + "struct After {}"
        let parsed = parseSource(source)
        #expect(parsed.types.map(\.name) == ["S", "After"])
        #expect(parsed.diagnostics.map(\.severity) == [.warning])
        #expect(parsed.diagnostics.first?.location == SourceLocation(line: 65, column: 10))
    }

    @Test func everyPrefixOfARealisticFileParses() {
        let bytes = Array(realisticModelSource.utf8)
        for cut in stride(from: 0, through: bytes.count, by: 13) {
            let parsed = SwiftParser.parse(SourceFile(path: "Cut.swift", bytes: Array(bytes[0..<cut])))
            #expect(parsed.diagnostics.allSatisfy { ($0.location?.line ?? 0) >= 1 })
        }
    }

    @Test func randomEditsNeverCrash() {
        var generator = SplitMixRandom(seed: 0x5EED)
        let alphabet = Array("\"#/\\*(){}[]<>`'\n @$_x0.,:;=?!-é".utf8) + [0xFF, 0xC3]
        let original = Array(realisticModelSource.utf8)
        for _ in 0..<200 {
            var bytes = original
            for _ in 0..<Int(generator.next() % 6 + 1) {
                let position = Int(generator.next() % UInt64(bytes.count + 1))
                switch generator.next() % 3 {
                case 0: bytes.insert(alphabet[Int(generator.next() % UInt64(alphabet.count))], at: position)
                case 1: if position < bytes.count { bytes.remove(at: position) }
                default: if position < bytes.count { bytes[position] = UInt8(truncatingIfNeeded: generator.next()) }
                }
            }
            let parsed = SwiftParser.parse(SourceFile(path: "Edit.swift", bytes: bytes))
            #expect(parsed.types.count < 100)
        }
    }

    @Test func unbalancedConditionalCompilationIsDiagnosed() {
        let parsed = parseSource("""
            #endif
            class A {
            #if DEBUG
                var a = 0
            #else
                var b = 0
            }
            #elseif os(macOS)
            #if X
            var c = 0
            """)
        #expect(parsed.diagnostics.map(\.description) == [
            "Test.swift:1:1: error: '#endif' has no '#if' to match in this scope; remove it or add the '#if' it belongs to",
            "Test.swift:3:1: error: '#if' without '#endif': add '#endif' before the end of the body of 'A'",
            "Test.swift:8:1: error: '#elseif' has no '#if' to match in this scope; remove it or add the '#if' it belongs to",
            "Test.swift:9:1: error: '#if' without '#endif': add '#endif' before the end of the file",
        ])
        // The conditions of a block left open end with its scope.
        #expect(parsed.types.first?.members.map(\.compilationConditions) == [["DEBUG"], ["!(DEBUG)"]])
        #expect(parsed.variables.map(\.compilationConditions) == [["X"]])
    }

    @Test func aBlockOpenedAroundATypeCannotBeClosedInsideIt() {
        let parsed = parseSource("#if DEBUG\nclass A {\n#endif\n}\n#endif\n")
        #expect(parsed.diagnostics.map(\.description) == [
            "Test.swift:3:1: error: '#endif' has no '#if' to match in this scope; remove it or add the '#if' it belongs to",
        ])
        #expect(parsed.types.first?.compilationConditions == ["DEBUG"])
    }

    @Test func balancedConditionalCompilationHasNoDiagnostic() {
        let parsed = parseSource("""
            #if A
            class A {
                #if B
                var b = 0
                #elseif C
                var c = 0
                #else
                var d = 0
                #endif
            }
            #endif
            """)
        #expect(parsed.diagnostics == [])
    }

    @Test func annotationsInsideABodyNestedTooDeepAreNotDangling() {
        let depth = 66
        let source = String(repeating: "class A {\n", count: depth) + "// ripple: property\nvar _x = 0\n" + String(repeating: "}\n", count: depth)
        let parsed = parseSource(source)
        #expect(parsed.diagnostics.map(\.description) == ["Test.swift:65:9: warning: declarations nested more than 64 levels deep are not analyzed"])
        #expect(parsed.danglingComments == [])
        var innermost = parsed.types.first
        while let nested = innermost?.nested.first { innermost = nested }
        #expect(innermost?.isBodySkipped == true)
        #expect(innermost?.qualifiedName.split(separator: ".").count == 65)
    }

    @Test(arguments: [
        String(repeating: "class A {", count: 20_000),
        String(repeating: "(", count: 50_000) + String(repeating: "]", count: 50_000),
        String(repeating: "\"\\(", count: 20_000),
        String(repeating: "/*", count: 20_000),
        String(repeating: "<#", count: 20_000),
        String(repeating: "(/(", count: 20_000),
        "let x = " + String(repeating: "{", count: 20_000),
        String(repeating: "var x = foo {} ", count: 5_000),
        String(repeating: "@a(", count: 10_000),
        String(repeating: "extension A: ", count: 10_000),
        String(repeating: "#if X\n", count: 10_000),
        String(repeating: "#if X\nvar a = 0\n", count: 10_000),
        "#if A\n" + String(repeating: "#elseif B\nvar a = 0\n", count: 10_000),
        String(repeating: "// c\n", count: 20_000) + "var x = 1",
    ])
    func pathologicalInputFinishesQuickly(source: String) {
        let clock = ContinuousClock()
        let elapsed = clock.measure { _ = parseSource(source) }
        #expect(elapsed < .seconds(2))
    }
}

/// A small deterministic random number generator, so failures reproduce.
struct SplitMixRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
