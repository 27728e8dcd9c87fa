import Foundation
import BenchReport

/// `ripple-bench`: measures Ripple's speed claims side by side in one run and prints them as
/// tables, with each claim's goal marked PASS or MISS at the end.
///
///     swift run -c release --package-path Tests/Benchmarks ripple-bench [--quick] [--filter NAME]
@main
enum RippleBench {
    @MainActor
    static func main() throws {
        let options: BenchOptions
        do {
            options = try BenchOptions(arguments: Array(CommandLine.arguments.dropFirst()))
        } catch {
            if error.isHelp {
                print(error)
                exit(0)
            }
            FileHandle.standardError.write(Data("ripple-bench: \(error)\n".utf8))
            exit(64)
        }
        if options.isAbout {
            return print(BenchAbout.text)
        }
        if let (stage, runs) = options.profile {
            return try WorkbookSuite.profile(stage, runs: runs, nodes: options.profileNodes)
        }
        #if DEBUG
        print("warning: a debug build; run `swift run -c release --package-path Tests/Benchmarks ripple-bench` for meaningful numbers")
        #endif
        let clock = ContinuousClock()
        let start = clock.now
        let harness = Harness(options: options)
        let goals = GoalBoard()
        print("ripple-bench: \(options.isQuick ? "quick run (about 10x fewer iterations)" : "full run"), "
            + "each measurement: calibration and warm-up, then \(harness.repetitions) timed runs of about "
            + "\(Format.milliseconds(harness.runTime.nanoseconds)) ms; median and min reported")

        // Each suite runs the rows that --filter selects (all without it).
        try AccessSuite(harness: harness, goals: goals).run()
        try RefreshSuite(harness: harness, goals: goals).run()
        try CollectionSuite(harness: harness, goals: goals).run()
        try ObservableSuite(harness: harness, goals: goals).run()
        try MergeSuite(harness: harness, goals: goals).run()
        try HistorySuite(harness: harness, goals: goals).run()
        try ValidationSuite(harness: harness, goals: goals).run()
        try WatchSuite(harness: harness, goals: goals).run()
        try MoveSuite(harness: harness, goals: goals).run()
        try PerNodeSuite(harness: harness, goals: goals).run()
        try PlainFilesSuite(harness: harness, goals: goals).run()
        try JSONSuite(harness: harness, goals: goals).run()
        try DocumentSuite(harness: harness, goals: goals).run()
        try WorkbookSuite(harness: harness, goals: goals).run()
        try CollaborationSuite(harness: harness, goals: goals).run()
        try KeyedEditSuite(harness: harness, goals: goals).run()

        goals.print()
        if let warning = loadWarning() {
            print("\n" + warning)
        }
        print("\nchecksum \(Blackhole.checksum), total time \(Format.rate(start.duration(to: clock.now).nanoseconds / 1e9)) s")
    }
}

/// A warning when other processes compete for the cores: medians then drift up, while the
/// min column stays close to what the code costs.
private func loadWarning() -> String? {
    var load = 0.0
    let cores = ProcessInfo.processInfo.activeProcessorCount
    guard getloadavg(&load, 1) == 1, load > Double(cores) * 0.75 else { return nil }
    return "note: load average \(Format.rate(load)) on \(cores) cores during this run: medians are noisy; "
        + "compare the min columns, or rerun on a quiet machine"
}
