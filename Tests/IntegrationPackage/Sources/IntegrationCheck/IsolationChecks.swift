import MainActorModel
import MixedModel
import Observation
import Ripple

// The models of other isolations, run from this main-actor app target: what the generated code
// does is the same whatever the classes' isolation, and what background work may touch it
// reaches with Sendable values only (a model needs no `@unchecked Sendable`).

/// `MainActorModel`: a target isolated to the main actor by default.
func checkMainActorModel() async throws {
    let board = Board()
    let mediator = Mediator(root: board)
    mediator.contracts = Contracts(.record)
    var shown: [String] = []
    let columns = mediator.observe("columns", reads: [Board.scheme.columns.name, Board.scheme.columns.cards]) { board in
        shown = board.columns.map { "\($0.name): \($0.cards.joined(separator: ","))" }
    }
    Autosave.shared.reset()
    try mediator.update { board in
        board.columns = [Column(id: 1, name: "Todo"), Column(id: 2, name: "Done")]
    }
    expect("main-actor model: an observer of @MainActor nodes fires", shown, ["Todo: ", "Done: "])
    expect("main-actor model: the root's @MainActor hook ran", Autosave.shared.scheduled, ["Board"])
    Autosave.shared.reset()
    try mediator.update { $0.columns[0].cards.append("write docs") }
    expect("main-actor model: a @MainActor node's hooks run around its write",
           Autosave.shared.scheduled, ["will change 1"])
    expect("main-actor model: and its change reaches the observer", shown, ["Todo: write docs", "Done: "])
    var thrown: (any Error)?
    do {
        try mediator.update { board in
            board.columns[1].cards.append("lost")
            board.columns[1].name = ""
        }
    } catch {
        thrown = error
    }
    expect("main-actor model: validate() of a @MainActor class rolls back", thrown as? BoardError, .unnamedColumn(id: 2))
    expect("main-actor model: ... every write", board.columns[1].cards, [])
    expect("main-actor model: ... and its nonisolated roll-back hook ran", Autosave.shared.rollBacks, 1)
    thrown = nil
    do {
        try mediator.update { $0.sync.attempts = -1 }
    } catch {
        thrown = error
    }
    expect("main-actor model: a @MainActor validate() of a nonisolated class runs", thrown as? BoardError, .negativeCount)
    try mediator.history.undo()
    expect("main-actor model: undo", shown, ["Todo: ", "Done: "])

    // Background work: the root is Sendable (main-actor) and its background members nonisolated;
    // the nonisolated node goes to the work as a BackgroundNode.
    let sync = BackgroundNode(board.sync)
    var progress: [Double] = []
    let progressObserver = mediator.observe("progress", reads: [Board.scheme.progress]) { progress.append($0.progress) }
    mediator.refresh()
    let todo = board.columns[0]
    let action = mediator.run("Sync") { context in
        let owner = board.owner                         // allowBackgroundRead, nonisolated storage
        let color = todo.color                          // the same, in a @MainActor class
        let server = sync.server                        // allowBackgroundRead, through BackgroundNode
        for count in 1...3 {
            try context.checkCancellation()
            sync.received = count                       // allowBackgroundWrite, through BackgroundNode
        }
        board.progress = 1                              // allowBackgroundWrite, nonisolated storage
        let title = "\(owner)@\(server) in \(color)"
        return { board in board.title = title }
    }
    _ = await action.finished
    expect("main-actor model: the action read and wrote background members, and its change landed",
           [board.title, "\(board.sync.received)", "\(board.progress)"], ["me@example.org in gray", "3", "1.0"])
    try await waitUntil { progress.last == 1 }
    expect("main-actor model: a background write reaches its observer on the main actor", progress, [0, 1])
    board.status = "done"                               // main-actor storage: main-actor accessor here
    expect("main-actor model: a background member whose storage is main-actor works on the main actor", board.status, "done")

    // The classes are Observable (ripple.json), main-actor ones included.
    let invalidated = Invalidated()
    withObservationTracking({ _ = board.columns[0].name }, onChange: { invalidated.value = true })
    try mediator.update { $0.columns[0].name = "Later" }
    expect("main-actor model: Observation sees a @MainActor node's change", invalidated.value, true)
    // A binding's write outside updates (`TextField(text: $column.name)`): an implicit update,
    // committed at the end of the main actor's turn, undoable.
    board.columns[0].name = "Typed"
    try await waitUntil { !mediator.hasPendingImplicitUpdate }
    expect("main-actor model: a write outside updates is an implicit update its observer sees",
           shown.first?.hasPrefix("Typed:"), true)
    try mediator.history.undo()
    expect("main-actor model: ... and undo undoes it", board.columns[0].name, "Later")
    expect("main-actor model: no contract was broken", mediator.violations.map(\.description), [])
    _ = (columns, progressObserver)
}

/// `MixedModel`: a nonisolated target with `@MainActor` nodes and hooks.
func checkMixedModel() async throws {
    let journal = Journal()
    let mediator = Mediator(root: journal)
    var texts: [String] = []
    let entries = mediator.observe("entries", reads: [Journal.scheme.entries.text, Journal.scheme.pinned.text]) { journal in
        texts = journal.entries.map(\.text) + [journal.pinned?.text ?? "-"]
    }
    try mediator.update { journal in
        journal.title = "Days"
        journal.entries = [Entry(text: "Mon")]
    }
    expect("mixed model: @MainActor nodes under a nonisolated root are watched", texts, ["Mon", "-"])
    try mediator.update { $0.pinned = Entry(text: "pin") }
    try mediator.update { $0.pinned?.text = "pinned" }
    expect("mixed model: ... also through a background-readable node member", texts, ["Mon", "pinned"])
    expect("mixed model: a @MainActor hook of a nonisolated class ran", journal.commits, ["Days", "Days"])
    do { try mediator.update { $0.entries[0].text = "" } } catch {}
    expect("mixed model: a @MainActor node's validate() rolls back", texts, ["Mon", "pinned"])
    do { try mediator.update { $0.title = "invalid" } } catch {}
    expect("mixed model: a @MainActor validate() of a nonisolated class rolls back", journal.title, "Days")

    let importer = BackgroundNode(journal.importer)
    let action = mediator.run("Import") { context in
        let source = importer.source
        for step in 1...4 {
            try context.checkCancellation()
            importer.progress = Double(step) / 4
        }
        return { journal in journal.title = source }
    }
    _ = await action.finished
    expect("mixed model: background work used a nonisolated node through BackgroundNode",
           [journal.title, "\(journal.importer.progress)"], ["journal.txt", "1.0"])
    _ = entries
}

/// Polls the main actor until `condition` holds (a background write is delivered by a task).
func waitUntil(_ condition: () -> Bool) async throws {
    for _ in 0..<1_000 where !condition() {
        try await Task.sleep(nanoseconds: 1_000_000)
    }
}
