/// The smallest time of `runs` runs of `body`, in microseconds: how the breakers' scale probes
/// time one operation (the smallest run is the one least disturbed by the machine).
func bestMicroseconds(runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var best = Duration.seconds(1_000)
    for _ in 0..<runs {
        let start = ContinuousClock.now
        try body()
        best = min(best, ContinuousClock.now - start)
    }
    return Double(best.components.seconds) * 1e6 + Double(best.components.attoseconds) / 1e12
}
