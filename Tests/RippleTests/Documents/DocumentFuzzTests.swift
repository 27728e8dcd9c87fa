import Foundation
@testable import Ripple
import Testing

/// A seeded mutation loop over ``DocumentFuzzing``: real snapshots, patches and store files of
/// the test model, mutated (bits and bytes, numbers out of range, long strings, pieces of other
/// inputs), opened and applied. Nothing may crash; what is refused must be refused cleanly.
///
/// It runs for a few seconds in `swift test`; `RIPPLE_FUZZ_SECONDS` asks for longer, and
/// `RIPPLE_FUZZ_SEED` replays a run (the seed and input are printed on failure). The coverage-
/// guided fuzzer with AddressSanitizer is `Tests/Fuzz/run.sh`.
@MainActor
@Suite struct DocumentFuzzTests {
    @Test func mutatedDocumentsPatchesAndStoreFilesAreTakenOrRefusedCleanly() throws {
        let environment = ProcessInfo.processInfo.environment
        let seconds = environment["RIPPLE_FUZZ_SECONDS"].flatMap(Double.init) ?? 3
        let seed = environment["RIPPLE_FUZZ_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64.max)
        let seeds = try DocumentFuzzing.seeds()
        for input in seeds {
            let broken = DocumentFuzzing.run(input)
            #expect(broken.isEmpty, "a seed input broke a rule: \(broken)")
        }
        var mutator = DocumentMutator(seed: seed, seeds: seeds)
        let start = Date()
        var runs = 0
        var targets: [UInt8: Int] = [:]
        while Date().timeIntervalSince(start) < seconds {
            let input = mutator.next()
            runs += 1
            targets[input.first.map { $0 & 3 } ?? 9, default: 0] += 1
            let broken = DocumentFuzzing.run(input)
            if !broken.isEmpty {
                let encoded = Data(input.prefix(20_000)).base64EncodedString()
                Issue.record("run \(runs) of seed \(seed) (replay: RIPPLE_FUZZ_SEED=\(seed)): \(broken); input (base64): \(encoded)")
                return
            }
        }
        #expect(runs > 20 && targets.count >= 3, "\(runs) runs over \(targets)")
        if seconds > 10 { print("DocumentFuzzTests: \(runs) runs in \(Int(seconds)) s, seed \(seed), by target \(targets)") }
    }

    /// Replays the input saved in the file `RIPPLE_FUZZ_REPLAY` names (a libFuzzer crash, say).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["RIPPLE_FUZZ_REPLAY"] != nil))
    func aSavedInputWhenAsked() throws {
        let path = try #require(ProcessInfo.processInfo.environment["RIPPLE_FUZZ_REPLAY"])
        let broken = DocumentFuzzing.run(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(broken.isEmpty, "\(broken)")
    }
}

/// Mutations of fuzzer inputs, as libFuzzer's mutators make them, plus some that know JSON: a
/// number replaced by one at an edge of its range, a string by a long one.
struct DocumentMutator {
    private var random: SeededGenerator
    private let seeds: [[UInt8]]

    private static let numbers = [
        "0", "-1", "1", "18446744073709551615", "18446744073709551616", "4611686018427387904", "4611686018427387905",
        "9223372036854775807", "-9223372036854775808", "1e308", "-0", "0.5", "1e-400", String(repeating: "9", count: 5_000),
    ]
    private static let fragments = ["null", "[]", "{}", "\"\"", "true", "[[[[[[[[", "}}}}", ",", ":", "\"\\u0000\""]

    init(seed: UInt64, seeds: [[UInt8]]) {
        random = SeededGenerator(state: seed)
        self.seeds = seeds
    }

    /// A seed with one to eight mutations.
    mutating func next() -> [UInt8] {
        var input = seeds[Int.random(in: 0..<seeds.count, using: &random)]
        for _ in 0..<Int.random(in: 1...8, using: &random) { mutate(&input) }
        return input
    }

    private mutating func position(in input: [UInt8]) -> Int {
        // The first byte picks the target: mutated rarely.
        input.count > 1 ? Int.random(in: 1..<input.count, using: &random) : 0
    }

    private mutating func mutate(_ input: inout [UInt8]) {
        guard !input.isEmpty else {
            input = [0]
            return
        }
        let at = position(in: input)
        switch Int.random(in: 0..<10, using: &random) {
        case 0:
            input[at] ^= 1 << UInt8.random(in: 0..<8, using: &random)
        case 1:
            input[at] = Array("0123456789-\"[]{},:.e ".utf8).randomElement(using: &random)!
        case 2:
            let end = min(input.count, at + Int.random(in: 1...64, using: &random))
            input.removeSubrange(at..<end)
        case 3:
            let end = min(input.count, at + Int.random(in: 1...256, using: &random))
            input.insert(contentsOf: input[at..<end], at: Int.random(in: at..<input.count, using: &random))
        case 4:
            // A piece of another input.
            let other = seeds[Int.random(in: 0..<seeds.count, using: &random)]
            let start = Int.random(in: 0..<other.count, using: &random)
            input.insert(contentsOf: other[start..<min(other.count, start + Int.random(in: 1...512, using: &random))], at: at)
        case 5, 6:
            replaceToken(in: &input, at: at, with: Array(Self.numbers.randomElement(using: &random)!.utf8), where: { $0 &- 48 < 10 })
        case 7:
            let long = "\"" + String(repeating: "k", count: Int.random(in: 1...3_000, using: &random)) + "\""
            replaceToken(in: &input, at: at, with: Array(long.utf8), where: { $0 == UInt8(ascii: "\"") })
        case 8:
            input.insert(contentsOf: Array(Self.fragments.randomElement(using: &random)!.utf8), at: at)
        default:
            if input.count > 1 { input[0] = UInt8.random(in: 0..<8, using: &random) }
        }
    }

    /// Replaces the run of bytes around the first byte at or after `at` that `isToken` accepts
    /// (a number's digits; a string, from quote to quote) by `replacement`.
    private func replaceToken(in input: inout [UInt8], at: Int, with replacement: [UInt8], where isToken: (UInt8) -> Bool) {
        guard let start = input[at...].firstIndex(where: isToken) else { return }
        if input[start] == UInt8(ascii: "\"") {
            guard let end = input[(start + 1)...].firstIndex(of: UInt8(ascii: "\"")) else { return }
            input.replaceSubrange(start...end, with: replacement)
        } else {
            let end = input[start...].firstIndex { !isToken($0) && $0 != UInt8(ascii: "-") } ?? input.count
            input.replaceSubrange(start..<end, with: replacement)
        }
    }
}
