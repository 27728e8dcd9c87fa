import Foundation

extension DocumentStore {
    /// A compaction run step by step, for ripple-bench, which has no free main actor to let the
    /// store's own steps run: the main actor's part timed (reading the values, then renaming the
    /// files into place), the part off it waited for.
    ///
    /// - Returns: How long the compaction held the main actor (reading the values, then
    /// installing the files), and how long it took in all.
    /// A store that ``compact()`` would compact by a snapshot written on the main actor (a
    /// replica's, or one whose journal lacks an update) is compacted so here too: all of it
    /// counts as reading.
    ///
    /// - Throws: What ``compact()`` throws.
    @_spi(Benchmarks) public func _compactTimingMainActor() throws -> (read: Duration, install: Duration, total: Duration) {
        let clock = ContinuousClock()
        let start = clock.now
        if compactsOnMainActor {
            try writeSnapshot()
            let total = clock.now - start
            return (total, .zero, total)
        }
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
