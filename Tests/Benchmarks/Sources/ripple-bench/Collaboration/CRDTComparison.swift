import Foundation

/// Runs `Tests/Benchmarks/collaboration/crdt_bench.py`, Loro's and Yrs's side of the
/// collaboration rows, through `python3` on the PATH, and reads the JSON it prints.
enum CRDTComparison {
    /// What running the script gave.
    enum Outcome {
        case report(CRDTReport)
        /// Why there are no figures to compare with.
        case skipped(String)
    }

    /// The script, found from this file's place in the package.
    static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("collaboration/crdt_bench.py")

    /// Runs the script (`--quick` in a quick run); the figures, or why there are none.
    static func run(quick: Bool) -> Outcome {
        guard FileManager.default.fileExists(atPath: script.path) else {
            return .skipped("\(script.path) is not there (run ripple-bench from a checkout of Ripple)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path] + (quick ? ["--quick"] : [])
        let output = Pipe()
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            return .skipped("python3 could not be run: \(error)")
        }
        // Read before waiting: a full pipe would otherwise stop the script.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // env exits with 127 when it finds no python3.
        if process.terminationStatus == 127 { return .skipped("python3 is not on the PATH") }
        guard process.terminationStatus == 0 else {
            return .skipped("crdt_bench.py failed (exit status \(process.terminationStatus); its error is above)")
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let report: CRDTReport
        do {
            report = try decoder.decode(CRDTReport.self, from: data)
        } catch {
            return .skipped("crdt_bench.py printed what is not its report: \(error)")
        }
        guard report.loro != nil || report.yrs != nil else {
            return .skipped("neither Loro nor Yrs could be imported (pip install loro pycrdt): \(report.missing.joined(separator: "; "))")
        }
        return .report(report)
    }
}
