import BenchReport
/// The speed claims, each checked against what this run measured.
///
/// Sections record a goal when they have measured what it needs; goals whose rows were
/// filtered out are simply absent.
@MainActor
final class GoalBoard {
    private var table = Table("Goals", headers: ["goal", "measured", "result"])
    private(set) var misses = 0

    /// Records a goal, what was measured, and whether it was met.
    func check(_ goal: String, measured: String, passed: Bool) {
        table.append([goal, measured, passed ? "PASS" : "MISS"])
        if !passed { misses += 1 }
    }

    /// Records a goal that could not be measured in this run, and why.
    func skip(_ goal: String, reason: String) {
        table.append([goal, reason, "n/a"])
    }

    func print() {
        table.print()
    }
}
