/// The cost of one operation over several timed repetitions.
package struct Timing {
    /// Nanoseconds per operation, median of the repetitions.
    package let median: Double
    /// Nanoseconds per operation, fastest repetition.
    package let minimum: Double

    /// Makes a timing from one sample per repetition, in nanoseconds per operation.
    package init(samples: [Double]) {
        let sorted = samples.sorted()
        precondition(!sorted.isEmpty, "a timing needs at least one sample")
        median = sorted.count % 2 == 1
            ? sorted[sorted.count / 2]
            : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        minimum = sorted[0]
    }

    /// How many times slower this is than `other` (medians).
    package func ratio(to other: Timing) -> Double { median / other.median }
}

extension Duration {
    /// The duration in nanoseconds.
    package var nanoseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }
}
