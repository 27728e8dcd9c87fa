import Ripple
import Testing

/// Seeded random updates (some throwing, some failing validation or inserting invalid notes,
/// some writing only discardable or derived members, some nesting named updates that roll back,
/// some making an observer queue an update that fails or save the document), then everything
/// undone and redone: every step lands exactly on the state seen after its update, node
/// identities included, and there is one step per update that changed the document. After
/// every step an update threw if and only if the document is as before, no step carries the
/// name of a rolled-back update, and a document that says it is saved equals the saved one.
@MainActor
@Suite struct HistoryPropertyTests {
    @Test(arguments: [1, 2, 3, 4])
    func undoingAndRedoingEverythingRetracesEveryState(seed: UInt64) throws {
        var run = HistoryRun(seed: seed)
        var states = [run.snapshot()]
        var outcomes: [String: Int] = [:]
        for _ in 0..<300 {
            let outcome = run.step()
            outcomes[outcome, default: 0] += 1
            // Nodes made since are left out: only a real change of the document counts.
            if run.snapshot(like: states.last!) != states.last! { states.append(run.snapshot()) }
        }
        #expect(outcomes["threw", default: 0] > 20 && outcomes["invalid", default: 0] > 10)
        #expect(run.saves > 5 && run.queuedFailures > 2)
        #expect(outcomes["discardable", default: 0] > 10 && outcomes["changed", default: 0] > 150)
        let history = run.mediator.history
        var undone = 0
        while history.canUndo {
            try history.undo()
            undone += 1
            let expected = states[states.count - 1 - undone]
            let landed = run.snapshot(like: expected) == expected
            #expect(landed, "after undo \(undone)")
            run.expectSavedStateHolds()
        }
        #expect(undone == states.count - 1, "one step per update that changed the document")
        for redone in 1..<states.count {
            try history.redo()
            let landed = run.snapshot(like: states[redone]) == states[redone]
            #expect(landed, "after redo \(redone)")
            run.expectSavedStateHolds()
        }
        #expect(!history.canRedo && run.mediator.hasUnsavedChanges == (states.count > 1))
        #expect(run.mediator.violations == [])
    }
}

/// The recorded state of the model, read from storage: values, and nodes by identity.
private struct ModelState: Equatable {
    struct ShelfState: Equatable {
        var title: String
        var entries: [String]
        var children: [ObjectIdentifier]
    }

    var userID: Int
    var total: Int
    var tags: Set<String>
    var settings: Settings
    var scores: [String: Int]
    var catalog: ObjectIdentifier
    var shelves: [ObjectIdentifier]
    var pinned: ObjectIdentifier?
    var byKey: [String: ObjectIdentifier]
    var archive: [ObjectIdentifier]?
    var slices: [ObjectIdentifier]
    var notes: [ObjectIdentifier]
    var shelfStates: [ShelfState]
    var sliceStates: [[Int]]
    var noteTexts: [String]
}

@MainActor
private struct HistoryRun {
    struct Failure: Error {}

    let mediator = Mediator(root: makeLibrary())
    var random: SeededGenerator
    /// Every node the run made, reachable or not, in creation order.
    var shelves: [Shelf]
    var slices: [Slice] = []
    var notes: [Note] = []
    /// The document as it was last saved, by the autosaving observer.
    var saved: ModelState?
    let log = RunLog()
    var saves: Int { log.saves }
    var queuedFailures: Int { log.failures }
    let registrations: [Registration]

    init(seed: UInt64) {
        random = SeededGenerator(state: seed)
        shelves = mediator.root._shelves
        mediator.history.limit = 1_000
        mediator.contracts = Contracts(.record)
        let mediator = mediator
        let log = log
        mediator.failureHandler = { _ in log.failures += 1 }
        registrations = [
            // Saves whenever the catalog's total is 2.
            mediator.observe("autosave", reads: [Library.scheme.catalog.total]) { library in
                if library.catalog.total == 2 {
                    mediator.markSaved()
                    log.saves += 1
                    log.savedNow = true
                }
            },
            // Queues an update that fails whenever the user is 3.
            mediator.observe("echo", reads: [Library.scheme.userID]) { library in
                if library.userID == 3 { try? mediator.update { _ in throw Failure() } }
            },
        ]
        mediator.refresh()
        log.savedNow = false
    }

    /// The state of the model, with the nodes that existed when `reference` was taken.
    func snapshot(like reference: ModelState? = nil) -> ModelState {
        let library = mediator.root
        let known = reference?.shelfStates.count ?? self.shelves.count
        // Shelves made since count once something changed them (they are made "new" and empty,
        // and may be written while off the model, which is a change history records).
        let shelves = self.shelves.prefix(known)
            + self.shelves.dropFirst(known).filter { $0._title != "new" || !$0._entries.isEmpty || !$0._children.isEmpty }
        let slices = self.slices.prefix(reference?.sliceStates.count ?? self.slices.count)
        return ModelState(
            userID: library._userID, total: library._catalog._total, tags: library._catalog._tags,
            settings: library._settings, scores: library._scores, catalog: ObjectIdentifier(library._catalog),
            shelves: library._shelves.map(ObjectIdentifier.init), pinned: library._pinned.map(ObjectIdentifier.init),
            byKey: library._shelvesByKey.mapValues(ObjectIdentifier.init),
            archive: library._archive?.map(ObjectIdentifier.init),
            slices: library._chart._slices.map(ObjectIdentifier.init),
            notes: library._notes.map(ObjectIdentifier.init),
            shelfStates: shelves.map {
                ModelState.ShelfState(title: $0._title, entries: $0._entries, children: $0._children.map(ObjectIdentifier.init))
            },
            sliceStates: slices.map { [$0._percent, $0._label.count] },
            noteTexts: notes.prefix(reference?.noteTexts.count ?? notes.count).map(\._text))
    }

    /// A document that says it is saved is the one saved last (by the autosaving observer,
    /// which also fires on undo and redo).
    mutating func expectSavedStateHolds() {
        if log.savedNow {
            log.savedNow = false
            #expect(!mediator.hasUnsavedChanges, "markSaved() from an observer saved its update")
            saved = snapshot()
        }
        guard !mediator.hasUnsavedChanges, let saved else { return }
        let same = snapshot(like: saved) == saved
        #expect(same, "a document marked saved differs from what was saved")
    }

    /// Runs one random update and checks its outcome; returns what kind it was.
    mutating func step() -> String {
        let before = snapshot()
        let undoName = mediator.history.undoName
        let kind = runStep()
        let after = snapshot(like: before)
        // An update threw if and only if it changed nothing.
        if kind == "threw" || kind == "invalid" {
            let unchanged = after == before
            #expect(unchanged, "a rolled-back update left changes")
            #expect(mediator.history.undoName == undoName)
        }
        #expect(mediator.history.undoName != "nested", "a rolled-back nested update named the step")
        expectSavedStateHolds()
        return kind
    }

    private mutating func runStep() -> String {
        let kind = Int.random(in: 0..<24, using: &random)
        var edits: [@MainActor (Library) -> Void] = []
        for _ in 0..<Int.random(in: 1...4, using: &random) { edits.append(randomEdit()) }
        do {
            switch kind {
            case 0..<3:
                try mediator.update { library in
                    for edit in edits { edit(library) }
                    throw Failure()
                }
            case 3..<5:
                let index = Int.random(in: 0..<2, using: &random)
                let percent = Int.random(in: -5...5, using: &random)
                try mediator.update { library in
                    for edit in edits { edit(library) }
                    if library.chart.slices.indices.contains(index) {
                        library.chart.slices[index].percent = percent
                    } else {
                        library.chart.slices.append(Slice("wrong", 101))
                    }
                }
                return "chart"
            case 20, 21:
                // A note, valid or not, appended in an otherwise ordinary update.
                let text = Int.random(in: 0..<3, using: &random) == 0 ? "" : "n"
                let note = Note(id: notes.count, "ok", replies: [Note(id: -notes.count, text)])
                notes.append(note)
                notes.append(note._replies[0])
                try mediator.update(undoName: "step") { library in
                    for edit in edits { edit(library) }
                    library.notes.append(note)
                }
                return "changed"
            case 22, 23:
                // A named nested update that rolls back, inside one that commits.
                let mediator = mediator
                try mediator.update(undoName: kind == 22 ? nil : "step") { library in
                    for edit in edits { edit(library) }
                    try? mediator.update(undoName: "nested") { library in
                        library.userID = 9
                        library.notes.append(Note(id: 1_000, "rolled back"))
                        throw Failure()
                    }
                }
                return "changed"
            case 5..<7:
                let selection = Int.random(in: 0..<5, using: &random)
                try mediator.update { library in
                    library.selectedID = selection
                    library.selectedCount += 1
                }
                return "discardable"
            default:
                try mediator.update(undoName: "step") { library in for edit in edits { edit(library) } }
                return "changed"
            }
        } catch is Chart.Problem {
            return "invalid"
        } catch is Note.Problem {
            return "invalid"
        } catch {
            return "threw"
        }
        return "invalid"
    }

    /// One random edit: a value, a node replacement, an in-place collection edit.
    mutating func randomEdit() -> @MainActor (Library) -> Void {
        let value = Int.random(in: 0..<4, using: &random)
        let shelf = shelves.randomElement(using: &random)!
        let other = shelves.randomElement(using: &random)!
        switch Int.random(in: 0..<14, using: &random) {
        case 0: return { $0.userID = value }
        case 1: return { $0.catalog.total = value }
        case 2: return { $0.catalog.tags.insert("t\(value)") }
        case 3: return { $0.settings.open("f\(value)") }
        case 4: return { $0.scores["s\(value)", default: 0] += 1 }
        case 5: return { _ in shelf.title = "title \(value)" }
        case 6: return { _ in shelf.entries.append("e\(value)") }
        case 7:
            let new = Shelf(id: shelves.count, title: "new")
            shelves.append(new)
            return { $0.shelves.append(new) }
        case 8: return { library in if !library.shelves.isEmpty { library.shelves.removeFirst() } }
        case 9: return { $0.pinned = value == 0 ? nil : shelf }
        case 10: return { $0.shelvesByKey["k\(value)"] = other }
        case 11: return { library in library.archive = value == 0 ? nil : (library.archive ?? []) + [shelf] }
        case 12: return { _ in if shelf !== other { shelf.children.append(other) } }
        default:
            // A valid chart: one to three slices making 100.
            let first = Int.random(in: 1...100, using: &random)
            let made = first == 100 ? [Slice("a", 100)] : [Slice("a", first), Slice("b", 100 - first)]
            slices.append(contentsOf: made)
            return { $0.chart.slices = made }
        }
    }
}

/// What the run's registrations saw.
@MainActor
private final class RunLog {
    var saves = 0
    var savedNow = false
    var failures = 0
}
