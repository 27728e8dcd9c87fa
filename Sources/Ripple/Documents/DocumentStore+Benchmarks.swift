import Foundation

extension DocumentStore {
    /// A compaction run step by step, for ripple-bench, which has no free main actor to let the
    /// store's own steps run: the main actor's part timed (reading the values, then renaming the
    /// files into place), the part off it waited for.
    ///
    /// - Returns: How long the compaction held the main actor (reading the values, then
    /// installing the files), and how long it took in all.
    /// - Throws: What ``compact()`` throws.
    @_spi(Benchmarks) public func _compactTimingMainActor() throws -> (read: Duration, install: Duration, total: Duration) {
        let clock = ContinuousClock()
        let start = clock.now
        let run = try startCompaction(reportsFailure: false)
        let captured = clock.now
        run.waitUntilWritten()
        let written = clock.now
        finishCompaction(run)
        let end = clock.now
        if case .failure(let error) = run.result(), !(error is CancellationError) { throw error }
        return (captured - start, end - written, end - start)
    }
}
