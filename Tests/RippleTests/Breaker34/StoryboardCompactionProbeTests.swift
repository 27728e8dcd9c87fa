import Foundation
@_spi(Benchmarks) @testable import Ripple
import Testing

/// Issue 34's breaker: a replica's document store compacted through the benchmarks' entry
/// (`_compactTimingMainActor`, which `ripple-bench` and the crash child call): the snapshot it
/// writes must hold the replica's state, as `compact()`'s does, or the store no longer opens.
@MainActor
@Suite struct StoryboardCompactionProbeTests {
    typealias S = StoryboardReplicas

    @Test func aReplicaStoreCompactedThroughTheBenchmarksEntryReopens() throws {
        let space = try S.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: space) }
        let url = space.appendingPathComponent("film.ripple")
        let peer = Mediator(root: S.makeLibrary())
        _ = peer.replicaID
        try peer.snapshot().write(to: url)
        var store: DocumentStore<Library>? = try DocumentStore<Library>(url: url, compaction: .manual)
        try store!.mediator.merge(try peer.changes(since: store!.mediator.version))
        try store!.mediator.update { $0.storyboard!.scenes[0].shots[0].take = 4 }
        store = nil
        store = try DocumentStore<Library>(url: url, compaction: .manual)
        try store!.mediator.update { $0.storyboard!.scenes[1].light = .night }
        let replica = store!.mediator.replicaID
        _ = try store!._compactTimingMainActor()
        try store!.mediator.update { $0.storyboard!.title = "after" }
        let acknowledged = try S.text(store!.mediator)
        store = nil
        // Breaker34 finding 3: _compactTimingMainActor wrote a replica's store as no replica's,
        // and the journal beside it was refused as damage.
        let reopened = try DocumentStore<Library>(url: url)
        #expect(reopened.mediator.replicaID == replica)
        let text = try S.text(reopened.mediator)
        #expect(text == acknowledged)
    }
}
