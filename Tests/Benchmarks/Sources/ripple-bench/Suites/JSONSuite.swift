import Foundation
@_spi(Benchmarks) import Ripple
import BenchReport

/// Table 11: the JSON engine under documents against Foundation's `JSONEncoder` and
/// `JSONDecoder`, on the same array of small `Codable` structs.
@MainActor
final class JSONSuite {
    static let section = "json"

    private let harness: Harness
    private let goals: GoalBoard

    init(harness: Harness, goals: GoalBoard) {
        self.harness = harness
        self.goals = goals
    }

    /// A small struct as a user would write it: each kind of member once.
    struct Row: Codable, Equatable {
        var id: Int
        var name: String
        var tags: [String]
        var score: Double
        var isActive: Bool
        var parent: Int?
    }

    func run() throws {
        guard harness.options.includes(section: Self.section) else { return }
        let count = harness.scaled(100_000)
        let rows = (0..<count).map { index in
            Row(
                id: index, name: "row \(index)", tags: ["red", "green \(index % 7)", "blue"], score: Double(index) / 8,
                isActive: index % 3 == 0, parent: index % 2 == 0 ? index / 2 : nil)
        }
        let ours = try _DocumentJSONBenchmarks.encode(rows)
        let theirs = try JSONEncoder().encode(rows)
        guard try _DocumentJSONBenchmarks.decode([Row].self, from: ours) == rows,
            try JSONDecoder().decode([Row].self, from: theirs) == rows
        else { throw JSONBenchError.roundTripFailed }

        var table = Table(
            "11. JSON: \(Format.count(count)) small structs (Int, String, [String] of 3, Double, Bool, Int?)",
            headers: ["operation", "median ms", "min ms", "vs Foundation"])
        let encodeOurs = try harness.measure { iterations in try JSONLoops.encodeOurs(rows, iterations: iterations) }
        let encodeTheirs = try harness.measure { iterations in try JSONLoops.encodeFoundation(rows, iterations: iterations) }
        let decodeOurs = try harness.measure { iterations in try JSONLoops.decodeOurs(ours, iterations: iterations) }
        let decodeTheirs = try harness.measure { iterations in try JSONLoops.decodeFoundation(theirs, iterations: iterations) }
        let encodeRatio = encodeOurs.ratio(to: encodeTheirs)
        let decodeRatio = decodeOurs.ratio(to: decodeTheirs)
        func row(_ name: String, _ timing: Timing, _ ratio: String) {
            table.append([name, Format.milliseconds(timing.median), Format.milliseconds(timing.minimum), ratio])
        }
        row("encode, documents' encoder", encodeOurs, Format.ratio(encodeRatio))
        row("encode, JSONEncoder()", encodeTheirs, "1.00x")
        row("parse + decode, documents' decoder", decodeOurs, Format.ratio(decodeRatio))
        row("decode, JSONDecoder()", decodeTheirs, "1.00x")
        table.notes = [
            "Ours writes keys sorted and sets in order (the same bytes in any process); JSONEncoder's default writes",
            "  keys in hash order. Text: \(Format.count(ours.count)) bytes ours, \(Format.count(theirs.count)) JSONEncoder's.",
        ]
        table.print()
        goals.check("JSON encode of small structs at most 1.0x JSONEncoder", measured: Format.ratio(encodeRatio), passed: encodeRatio <= 1)
        goals.check("JSON parse + decode at most 1.0x JSONDecoder", measured: Format.ratio(decodeRatio), passed: decodeRatio <= 1)
    }
}

/// The loops of table 11, out of line.
enum JSONLoops {
    @inline(never)
    static func encodeOurs(_ rows: [JSONSuite.Row], iterations: Int) throws -> Int {
        var total = 0
        for _ in 0..<iterations { total += try _DocumentJSONBenchmarks.encode(rows).count }
        return total
    }

    @inline(never)
    static func encodeFoundation(_ rows: [JSONSuite.Row], iterations: Int) throws -> Int {
        var total = 0
        for _ in 0..<iterations { total += try JSONEncoder().encode(rows).count }
        return total
    }

    @inline(never)
    static func decodeOurs(_ bytes: [UInt8], iterations: Int) throws -> Int {
        var total = 0
        for _ in 0..<iterations { total += try _DocumentJSONBenchmarks.decode([JSONSuite.Row].self, from: bytes).count }
        return total
    }

    @inline(never)
    static func decodeFoundation(_ data: Data, iterations: Int) throws -> Int {
        var total = 0
        for _ in 0..<iterations { total += try JSONDecoder().decode([JSONSuite.Row].self, from: data).count }
        return total
    }
}

/// A failure of the JSON suite's own check before measuring.
enum JSONBenchError: Error, CustomStringConvertible {
    case roundTripFailed

    var description: String { "the rows did not come back equal from a JSON round trip" }
}
