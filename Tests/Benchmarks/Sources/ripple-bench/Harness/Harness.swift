import BenchReport
/// Times a piece of work: calibration (which also warms up), then several timed runs.
///
/// The work is a closure that performs the number of iterations it is given and returns a
/// value derived from what it computed; that value goes to the ``Blackhole``. Put the loop
/// itself in an `@inline(never)` function that takes its objects as parameters (an array, not
/// a global), so that what is measured is the loop the way it compiles in real code.
///
/// ```swift
/// let timing = harness.measure(operationsPerIteration: items.count) { rounds in
///     AccessLoops.readPlain(items, rounds: rounds)
/// }
/// ```
@MainActor
struct Harness {
    let options: BenchOptions
    /// Timed runs per measurement (fewer for very slow work); their median and minimum are reported.
    let repetitions: Int
    /// How long one timed run lasts: long enough to dwarf the clock and most noise.
    let runTime: Duration

    init(options: BenchOptions) {
        self.options = options
        repetitions = options.isQuick ? 5 : 11
        runTime = options.isQuick ? .milliseconds(5) : .milliseconds(50)
    }

    /// `count` for a full run, a tenth of it (at least 1) for `--quick`.
    func scaled(_ count: Int) -> Int {
        options.isQuick ? max(1, count / 10) : count
    }

    /// Finds how many iterations fill ``runTime``, then times ``repetitions`` runs of that many.
    ///
    /// - Parameters:
    ///   - operationsPerIteration: Operations one iteration performs (e.g. the objects a round
    ///     visits); a run's time is divided by its iterations times this.
    ///   - work: Performs the iterations it is given and returns a value to consume.
    /// - Returns: Nanoseconds per operation.
    func measure(operationsPerIteration: Int = 1, _ work: (_ iterations: Int) throws -> Int) rethrows -> Timing {
        let (iterations, isSlow) = try calibrate(work)
        let operations = Double(iterations * operationsPerIteration)
        // Work whose single iteration far exceeds the run time (a whole generator run) gets
        // fewer runs, so that the total stays within budget.
        let runs = isSlow ? min(repetitions, options.isQuick ? 3 : 5) : repetitions
        var samples: [Double] = []
        samples.reserveCapacity(runs)
        for _ in 0..<runs {
            samples.append(try time(iterations, work).nanoseconds / operations)
        }
        return Timing(samples: samples)
    }

    /// Times `work` once, without warm-up: for set-up steps that cannot be repeated cheaply.
    func measureOnce(operations: Int, _ work: () throws -> Int) rethrows -> Timing {
        let elapsed = try time(1) { _ in try work() }
        return Timing(samples: [elapsed.nanoseconds / Double(max(1, operations))])
    }

    /// The iterations that make one run last about ``runTime``: grows the count until a run
    /// takes a tenth of it, then scales up. The runs on the way warm caches and lazy state.
    /// `isSlow` when a single iteration lasts more than five run times.
    private func calibrate(_ work: (Int) throws -> Int) rethrows -> (iterations: Int, isSlow: Bool) {
        let enough = runTime / 10
        var iterations = 1
        while true {
            let elapsed = try time(iterations, work)
            if elapsed >= enough || iterations >= 1 << 40 {
                let scale = runTime.nanoseconds / max(1, elapsed.nanoseconds)
                return (max(1, Int(Double(iterations) * scale)), iterations == 1 && elapsed > runTime * 5)
            }
            iterations *= 4
        }
    }

    private func time(_ iterations: Int, _ work: (Int) throws -> Int) rethrows -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        let result = try work(iterations)
        let elapsed = start.duration(to: clock.now)
        Blackhole.consume(result)
        return elapsed
    }
}
