import Ripple
import Testing

/// Change context: a registration reads, while it runs, the tags of the updates whose
/// changes made it fire.
@MainActor
@Suite struct TagTests {
    /// A library whose coordinator, processor and observer each log the tags they fire with.
    private func tagged() throws -> (Mediator<Library>, EventLog, [Registration]) {
        let mediator = Mediator(root: makeLibrary())
        let log = EventLog()
        let registrations = [
            mediator.coordinate("reset", reads: [Library.scheme.userID]) { library in
                library.selectedID = nil
                log.append("reset \(describe(mediator.firingTags))")
            },
            try mediator.process("count", reads: [Library.scheme.catalog.total], writes: [Library.scheme.selectedCount]) {
                $0.selectedCount = $0.catalog.total
                log.append("count \(describe(mediator.firingTags))")
            },
            mediator.observe("badge", reads: [Library.scheme.selectedCount]) { _ in
                log.append("badge \(describe(mediator.firingTags))")
            },
        ]
        mediator.refresh()
        _ = log.take()
        return (mediator, log, registrations)
    }

    @Test func everyRegistrationAChangeReachesSeesItsUpdatesTag() throws {
        let (mediator, log, registrations) = try tagged()
        try mediator.update(tag: "network") { library in
            library.userID = 1
            library.catalog.total = 3
        }
        #expect(log.take() == ["reset [network]", "count [network]", "badge [network]"])
        try mediator.update { $0.catalog.total = 4 }
        #expect(log.take() == ["count [untagged]", "badge [untagged]"], "an update without a tag shows as nil")
        #expect(mediator.firingTags == [], "outside registrations, no tags")
        _ = registrations
    }

    @Test func aQueuedUpdateRefreshesWithItsOwnTag() throws {
        let (mediator, log, registrations) = try tagged()
        let echo = mediator.observe("echo", reads: [Library.scheme.userID]) { _ in
            try? mediator.update(tag: "echo") { $0.catalog.total += 1 }
        }
        mediator.refresh()
        _ = log.take()
        try mediator.update(tag: "user") { $0.userID = 5 }
        #expect(log.take() == ["reset [user]", "count [echo]", "badge [echo]"])
        _ = (registrations, echo)
    }

    @Test func aResumedRegistrationSeesTheTagsOfEverythingItMissed() throws {
        let (mediator, log, registrations) = try tagged()
        registrations[2].pause()
        try mediator.update(tag: "first") { $0.catalog.total = 1 }
        try mediator.update(tag: "second") { $0.catalog.total = 2 }
        _ = log.take()
        registrations[2].resume()
        #expect(log.take() == ["badge [first, second]"])
    }

    @Test func anActionsTagReachesWhatItsChangeMakesFire() async throws {
        let (mediator, log, registrations) = try tagged()
        let sync = mediator.run("sync", tag: "server") { _ in { $0.catalog.total = 9 } }
        _ = await sync.finished
        #expect(log.take() == ["count [server]", "badge [server]"])
        _ = registrations
    }

    @Test func aRegistrationReachedByTaggedAndUntaggedUpdatesSeesBoth() throws {
        let (mediator, log, registrations) = try tagged()
        registrations[2].pause()
        try mediator.update { $0.catalog.total = 1 }
        try mediator.update(tag: "network") { $0.catalog.total = 2 }
        _ = log.take()
        registrations[2].resume()
        #expect(log.take() == ["badge [untagged, network]"])
    }

    @Test func changesYieldTheTagsOfEachRefresh() async throws {
        let mediator = Mediator(root: makeLibrary())
        let changes = mediator.changes(reads: [Library.scheme.userID])
        var iterator = changes.makeAsyncIterator()
        try mediator.update(tag: "network") { $0.userID = 1 }
        #expect(await iterator.next() == ["network"])
        try mediator.update { $0.userID = 2 }
        #expect(await iterator.next() == [nil])
        // Two refreshes while the loop was busy: one element, with both tags.
        try mediator.update(tag: "a") { $0.userID = 3 }
        try mediator.update(tag: "b") { $0.userID = 4 }
        #expect(await iterator.next() == ["a", "b"])
    }

    @Test func undoAndRedoCarryTagsOfTheirOwn() throws {
        let (mediator, log, registrations) = try tagged()
        try mediator.update(tag: "user") { $0.catalog.total = 5 }
        #expect(log.take() == ["count [user]", "badge [user]"])
        try mediator.history.undo()
        #expect(log.take() == ["count [undo]", "badge [undo]"])
        try mediator.history.redo()
        #expect(log.take() == ["count [redo]", "badge [redo]"])
        _ = registrations
    }

    @Test func anActionsChangeIsOneNamedUndoStep() async throws {
        let mediator = Mediator(root: makeLibrary())
        let sync = mediator.run("sync", undoName: "Sync") { _ in
            { library in
                library.userID = 3
                library.catalog.total = 4
            }
        }
        _ = await sync.finished
        #expect(mediator.history.undoName == "Sync")
        try mediator.history.undo()
        #expect(mediator.root.userID == 0 && mediator.root.catalog.total == 0)
        #expect(!mediator.history.canUndo)
    }
}

/// The tags as the log shows them: `untagged` for an update without a tag.
@MainActor
private func describe(_ tags: [String?]) -> String {
    "[" + tags.map { $0 ?? "untagged" }.joined(separator: ", ") + "]"
}
