import Foundation

/// How numbers read in the tables.
package enum Format {
    /// A time in nanoseconds, with fewer decimals as it grows: `0.92`, `14.3`, `1,204`.
    package static func nanoseconds(_ value: Double) -> String {
        switch value {
        case ..<10: String(format: "%.2f", value)
        case ..<100: String(format: "%.1f", value)
        default: count(Int(value.rounded()))
        }
    }

    /// A time in nanoseconds, shown in microseconds: `3.41`.
    package static func microseconds(_ nanoseconds: Double) -> String {
        let value = nanoseconds / 1_000
        return value < 100 ? String(format: "%.2f", value) : count(Int(value.rounded()))
    }

    /// A time in nanoseconds, shown in milliseconds: `12.5`.
    package static func milliseconds(_ nanoseconds: Double) -> String {
        String(format: "%.1f", nanoseconds / 1_000_000)
    }

    /// A ratio: `1.04x`, `23.5x`.
    package static func ratio(_ value: Double) -> String {
        value < 10 ? String(format: "%.2fx", value) : String(format: "%.1fx", value)
    }

    /// A rate: `153.2`.
    package static func rate(_ value: Double) -> String {
        String(format: "%.1f", value)
    }

    /// An integer with thousands separators: `100,000`.
    package static func count(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return value < 0 ? "-" + grouped : grouped
    }
}
