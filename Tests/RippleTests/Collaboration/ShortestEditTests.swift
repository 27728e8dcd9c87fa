@testable import Ripple
import Testing

/// `ShortestEdit` against a plain dynamic-programming longest common subsequence: random pairs
/// of short sequences over a small alphabet (many repeats), seeded.
@Suite struct ShortestEditTests {
    /// The length of the longest common subsequence, by the textbook table.
    private func commonLength(_ a: [Int], _ b: [Int]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        return table[0][0]
    }

    @Test(arguments: 0..<8 as Range<UInt64>)
    func keepsALongestCommonSubsequence(seed: UInt64) {
        var random = SeededGenerator(state: seed)
        for _ in 0..<200 {
            let a = (0..<Int.random(in: 0...12, using: &random)).map { _ in Int.random(in: 0..<4, using: &random) }
            let b = (0..<Int.random(in: 0...12, using: &random)).map { _ in Int.random(in: 0..<4, using: &random) }
            guard let edit = ShortestEdit(from: a, to: b, maximumEdits: 64, by: ==) else {
                Issue.record("no edit of \(a) to \(b) within 64")
                continue
            }
            let keptA = zip(a, edit.keptOld).filter(\.1).map(\.0)
            let keptB = zip(b, edit.keptNew).filter(\.1).map(\.0)
            #expect(keptA == keptB, "\(a) -> \(b)")
            #expect(keptA.count == commonLength(a, b), "\(a) -> \(b)")
        }
    }

    /// A value moved from the end of a run to its front is one removal and one insertion.
    @Test func aMoveToTheFrontKeepsEverythingBetween() throws {
        let old = Array(0..<10)
        let edit = try #require(ShortestEdit(from: old, to: [9] + Array(0..<9), maximumEdits: 64, by: ==))
        #expect(edit.keptOld == Array(repeating: true, count: 9) + [false])
        #expect(edit.keptNew == [false] + Array(repeating: true, count: 9))
    }

    /// Past its limit it gives up (the caller replaces the run whole).
    @Test func givesUpPastTheLimit() {
        #expect(ShortestEdit(from: Array(0..<20), to: Array(20..<40), maximumEdits: 10, by: ==) == nil)
        #expect(ShortestEdit(from: Array(0..<20), to: Array(20..<40), maximumEdits: 40, by: ==) != nil)
    }
}
