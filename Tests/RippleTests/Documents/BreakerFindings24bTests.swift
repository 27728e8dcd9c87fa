import Foundation
@testable import Ripple
import Testing

/// What a tester trying to break documents as a new user found (issue 24, third round:
/// compaction and the limits on untrusted input). Each test fails today; its comment says what a
/// user would expect.
@MainActor
@Suite(.serialized) struct BreakerFindings24bTests {
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ripple-break24b-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A chain of 1,100 shelves, deeper than `DocumentLimits.default.maximumDepth`, built by the
    /// app through updates. Every update was acknowledged (and synced), a compaction succeeded,
    /// and then the store's own files did not reopen: `tooLarge` ("nest deeper than 1000
    /// levels"), from the journal (one update or one level at a time) as from the compacted
    /// snapshot. What a store writes it reads back with the same limits: the update that would
    /// nest the document deeper is refused, and the files reopen to every acknowledged update.
    @Test(arguments: [(false, false), (true, false), (false, true), (true, true)])
    func aDeepChainBuiltByUpdatesReopens(compact: Bool, levelByLevel: Bool) async throws {
        let url = try folder().appendingPathComponent("library.ripple")
        let depth = 1_100
        let isTooLarge = { (error: any Error) -> Bool in
            if case .tooLarge = error as? DocumentError { return true }
            return false
        }
        var acknowledged = 0
        do {
            let store = try DocumentStore<Library>(url: url, durability: .onSave, compaction: .manual)
            if levelByLevel {
                try store.mediator.update { $0.shelves = [Shelf(id: 0, title: "0")] }
                var last = store.mediator.root.shelves[0]
                for index in 1..<depth {
                    let next = Shelf(id: index, title: "\(index)")
                    let parent = last
                    do {
                        try store.mediator.update { _ in parent.children = [next] }
                    } catch {
                        #expect(isTooLarge(error) && index == DocumentLimits().maximumDepth, "\(index): \(error)")
                        break
                    }
                    last = next
                }
            } else {
                #expect {
                    try store.mediator.update { library in
                        let top = Shelf(id: 0, title: "0")
                        var last = top
                        for index in 1..<depth {
                            let next = Shelf(id: index, title: "\(index)")
                            last.children = [next]
                            last = next
                        }
                        library.shelves = [top]
                    }
                } throws: { isTooLarge($0) }
            }
            acknowledged = Self.chainLength(store.mediator.root)
            try store.sync()
            if compact { try await store.compact() }
        }
        #expect(acknowledged == (levelByLevel ? DocumentLimits().maximumDepth : 0))
        let reopened = try DocumentStore<Library>(url: url)
        #expect(Self.chainLength(reopened.mediator.root) == acknowledged)
    }

    /// How many shelves the chain from the first shelf holds.
    private static func chainLength(_ library: Library) -> Int {
        var count = 0
        var shelf = library.shelves.first
        while let current = shelf {
            count += 1
            shelf = current.children.first
        }
        return count
    }

    /// Hand-made snapshots at the edge of the documented ranges ("node numbers are within 1 to
    /// 2^62", "the next node number leave[s] room to count on"): `nextID` 2^62 opens, the edit
    /// that adds a node takes number 2^62, and the snapshot the app then saves holds `nextID`
    /// 2^62 + 1, which opening refuses ("node number 4611686018427387905 is out of range"): the
    /// app wrote a file it cannot read again (round one's finding, now off by one at the new
    /// limit). A user expects `nextID` 2^62 refused when opened (it leaves no number to give), or
    /// every snapshot the app saves to open.
    @Test(arguments: [
        (4_611_686_018_427_387_903 as UInt64, 4_611_686_018_427_387_904 as UInt64),
        (1, 4_611_686_018_427_387_904),
    ])
    func aSnapshotAtTheNumberLimitsTakesAnEditAndReopens(root: UInt64, nextID: UInt64) throws {
        let text = #"{"format":1,"model":"Library","version":1,"document":"edge","sequence":0,"root":\#(root),"nextID":\#(nextID),"nodes":[{"id":\#(root),"type":"Library","values":{}}]}"#
        guard let opened = try? Mediator<Library>(opening: Data(text.utf8)) else { return }   // refused: fine
        do {
            try opened.update { $0.shelves.append(Shelf(id: 9, title: "new")) }
        } catch {
            return   // refused as an update error: fine, nothing was lost
        }
        // Open: the nodes the model's init() makes for members the snapshot lacks need numbers
        // too; opening does not count them against the numbers left, so the snapshot refuses
        // (tooLarge, cleanly, nothing lost) where opening should have.
        withKnownIssue("opening does not count the numbers the model's default nodes need", isIntermittent: true) {
            let saved = try opened.snapshot()
            #expect(throws: Never.self) { _ = try Mediator<Library>(opening: saved) }
        }
    }

    /// Documents.md: "Replaying a journal of small updates costs up to about six times reading a
    /// snapshot of the same size, so opening stays under twice the snapshot alone" (the
    /// `.automatic` policy: a journal of an eighth of the snapshot). Measured in a release build
    /// (`RIPPLE_BREAK_SCALE=1`): a document of `nodes` shelves, its journal of small updates just
    /// under the limit, against the same document's snapshot alone; and the main actor's hold of
    /// a compaction.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["RIPPLE_BREAK_SCALE"] != nil), arguments: [1_000, 100_000])
    func openingAJournalJustUnderTheLimitStaysUnderTwiceTheSnapshotAlone(nodes: Int) async throws {
        let url = try folder().appendingPathComponent("library.ripple")
        let plain = try folder().appendingPathComponent("plain.ripple")
        do {
            let store = try DocumentStore<Library>(url: url, durability: .onSave, compaction: .manual)
            try store.mediator.update { library in
                library.shelves = (0..<nodes).map { Shelf(id: $0, title: "Shelf \($0)") }
            }
            try store.save()
            let snapshot = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as! Int
            let limit = max(snapshot / 8, 64 << 10)
            var step = 0
            while (try FileManager.default.attributesOfItem(atPath: url.path + ".journal")[.size] as! Int) < limit - 300 {
                let index = (step &* 7_919) % nodes
                let entry = "e\(step)"
                try store.mediator.update { $0.shelves[index].entries = [entry] }
                step += 1
            }
            try store.sync()
            // A copy of the snapshot and its journal, as a kill would leave them.
            let copies = try folder()
            try FileManager.default.copyItem(at: url, to: copies.appendingPathComponent("library.ripple"))
            try FileManager.default.copyItem(atPath: url.path + ".journal", toPath: copies.appendingPathComponent("library.ripple.journal").path)
            print("break24b scale \(nodes): snapshot \(snapshot) bytes, journal limit \(limit), \(step) updates")
            let clock = ContinuousClock()
            let hold = clock.measure { _ = try? store.startCompaction(reportsFailure: false) }
            print("break24b scale \(nodes): main actor hold of a compaction \(hold)")
            try await store.compactionRun?.wait()
            try FileManager.default.moveItem(at: copies.appendingPathComponent("library.ripple"), to: plain)
            try FileManager.default.moveItem(atPath: copies.appendingPathComponent("library.ripple.journal").path, toPath: plain.path + ".journal")
        }
        // `url` is now the compacted snapshot alone; `plain` the snapshot and its journal.
        let clock = ContinuousClock()
        func best(_ body: () throws -> Void) rethrows -> Duration {
            var result = Duration.seconds(1_000)
            for _ in 0..<3 { result = min(result, try clock.measure(body)) }
            return result
        }
        let alone = try best { _ = try DocumentStore<Library>(url: url, compaction: .manual) }
        let withJournal = try best { _ = try DocumentStore<Library>(url: plain, compaction: .manual) }
        print("break24b scale \(nodes): snapshot alone \(alone), snapshot and journal \(withJournal)")
        #expect(withJournal < alone * 2, "opening took \(withJournal) against \(alone) for the snapshot alone")
    }
}
