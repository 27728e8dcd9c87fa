import Foundation

// What the benchmark prints, in ripple-bench's style: aligned tables of medians and minimums,
// and each goal marked PASS or MISS. (A minimal copy of ripple-bench's Timing, Table and Format,
// now in the same package; one target shared by both benchmarks is left for later.)

/// The cost of one operation over several timed rounds.
struct Timing {
    /// Nanoseconds per operation, median of the rounds.
    let median: Double
    /// Nanoseconds per operation, fastest round.
    let minimum: Double

    init(samples: [Double]) {
        let sorted = samples.sorted()
        precondition(!sorted.isEmpty, "a timing needs at least one sample")
        median = sorted.count % 2 == 1
            ? sorted[sorted.count / 2]
            : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        minimum = sorted[0]
    }

    /// How many times slower this is than `other` (medians).
    func ratio(to other: Timing) -> Double { median / other.median }
}

/// A titled text table whose columns are aligned when printed: names left, numbers right.
struct Table {
    let title: String
    let headers: [String]
    private(set) var rows: [[String]] = []
    /// Lines printed under the table.
    var notes: [String] = []

    init(_ title: String, headers: [String]) {
        self.title = title
        self.headers = headers
    }

    mutating func append(_ cells: [String]) {
        rows.append(cells + Array(repeating: "", count: max(0, headers.count - cells.count)))
    }

    func print() {
        let widths = headers.indices.map { column in ([headers] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.indices.map { column in
                let padding = String(repeating: " ", count: widths[column] - cells[column].count)
                return column == 0 ? cells[column] + padding : padding + cells[column]
            }
            .joined(separator: "   ")
        }
        let rule = String(repeating: "-", count: widths.reduce(0, +) + 3 * (widths.count - 1))
        Swift.print((["", title, rule, line(headers), rule] + rows.map(line) + [rule] + notes.map { "  " + $0 }).joined(separator: "\n"))
    }
}

/// How numbers read in the tables.
enum Format {
    /// A time in nanoseconds, shown in microseconds: `341`, `1,204`.
    static func microseconds(_ nanoseconds: Double) -> String {
        let value = nanoseconds / 1_000
        return value < 100 ? String(format: "%.1f", value) : String(Int(value.rounded()))
    }

    /// A ratio: `0.84x`.
    static func ratio(_ value: Double) -> String { String(format: "%.2fx", value) }
}

extension Duration {
    /// The duration in nanoseconds.
    var nanoseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }
}
