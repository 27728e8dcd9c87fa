import RippleGenerator
import Testing

/// Whether declarations under `#if` conditions cover every case, as the parser records the
/// conditions.
@Suite struct CompilationConditionsTests {
    @Test func conditionsAreComparedAsWritten() {
        func holds(_ clauses: [[String]], given known: [String] = []) -> Bool {
            CompilationConditions.alwaysHolds(oneOf: clauses, given: known)
        }
        #expect(holds([[]]))
        #expect(holds([["A"], ["!(A)"]]))
        #expect(holds([["!(A) && !(B)"], ["!(!(A) && !(B))"]]), "a negation is one around the whole condition")
        #expect(!holds([["!(A) && !(B)"], ["!(B)"]]))
        #expect(holds([["A", "B"], ["A", "!(B)"], ["!(A)"]]))
        #expect(!holds([["A", "B"], ["!(A)"]]))
        #expect(!holds([["os(macOS)"], ["os(iOS)"]]), "nothing is known of what conditions mean")
        #expect(holds([["X", "A"], ["X", "!(A)"]], given: ["X"]))
        #expect(!holds([["!(X)"]], given: ["X"]))
        #expect(holds([["!(A)"], ["!(!(A))"]]), "#if !(A) ... #else")
        #expect(!holds([]))
        let many = (0..<12).map { ["C\($0)"] } + [(0..<12).map { "!(C\($0))" }]
        #expect(!holds(many), "too many conditions to combine: no")
    }
}
