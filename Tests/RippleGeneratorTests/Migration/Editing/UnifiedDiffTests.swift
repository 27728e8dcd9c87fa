import Foundation
import RippleGenerator
import RippleMigration
import Testing

@Suite struct UnifiedDiffTests {
    func diff(_ old: String, _ new: String) -> String {
        UnifiedDiff(old: Array(old.utf8), new: Array(new.utf8)).text(oldName: "a/f.swift", newName: "b/f.swift")
    }

    @Test func equalTextsHaveNoDiff() {
        #expect(diff("a\nb\n", "a\nb\n") == "")
        #expect(diff("", "") == "")
    }

    @Test func aChangedLineWithItsContext() {
        let old = (1...10).map { "line \($0)\n" }.joined()
        let new = old.replacingOccurrences(of: "line 5\n", with: "five\n")
        #expect(diff(old, new) == """
            --- a/f.swift
            +++ b/f.swift
            @@ -2,7 +2,7 @@
             line 2
             line 3
             line 4
            -line 5
            +five
             line 6
             line 7
             line 8

            """)
    }

    @Test func distantChangesMakeSeparateHunksAndCloseOnesOne() {
        let old = (1...20).map { "\($0)\n" }.joined()
        var lines = (1...20).map { "\($0)\n" }
        lines.remove(at: 1)         // 2
        lines.insert("x\n", at: 4)  // after 5
        lines.remove(at: 17)        // 18
        #expect(diff(old, lines.joined()) == """
            --- a/f.swift
            +++ b/f.swift
            @@ -1,8 +1,8 @@
             1
            -2
             3
             4
             5
            +x
             6
             7
             8
            @@ -15,6 +15,5 @@
             15
             16
             17
            -18
             19
             20

            """)
    }

    @Test func insertionsIntoAnEmptyTextAndAMissingFinalLineBreak() {
        #expect(diff("", "a\n") == "--- a/f.swift\n+++ b/f.swift\n@@ -0,0 +1 @@\n+a\n")
        #expect(diff("a\nb", "a\nc") == """
            --- a/f.swift
            +++ b/f.swift
            @@ -1,2 +1,2 @@
             a
            -b
            \\ No newline at end of file
            +c
            \\ No newline at end of file

            """)
    }
}
