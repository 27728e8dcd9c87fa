import Ripple
import Testing

/// Seeded random updates (some throwing, some failing validation, some writing only
/// discardable or derived members), then everything undone and redone: every step lands
/// exactly on the state seen after its update, node identities included, and there is one
/// step per update that changed the document.
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
        #expect(outcomes["discardable", default: 0] > 10 && outcomes["changed", default: 0] > 150)
        let history = run.mediator.history
        var undone = 0
        while history.canUndo {
            try history.undo()
            undone += 1
            let expected = states[states.count - 1 - undone]
            let landed = run.snapshot(like: expected) == expected
            #expect(landed, "after undo \(undone)")
        }
        #expect(undone == states.count - 1, "one step per update that changed the document")
        for redone in 1..<states.count {
            try history.redo()
            let landed = run.snapshot(like: states[redone]) == states[redone]
            #expect(landed, "after redo \(redone)")
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
    var shelfStates: [ShelfState]
    var sliceStates: [[Int]]
}

@MainActor
private struct HistoryRun {
    struct Failure: Error {}

    let mediator = Mediator(root: makeLibrary())
    var random: SeededGenerator
    /// Every node the run made, reachable or not, in creation order.
    var shelves: [Shelf]
    var slices: [Slice] = []

    init(seed: UInt64) {
        random = SeededGenerator(state: seed)
        shelves = mediator.root._shelves
        mediator.history.limit = 1_000
        mediator.contracts = Contracts(.record)
    }

    /// The state of the model, with the nodes that existed when `reference` was taken.
    func snapshot(like reference: ModelState? = nil) -> ModelState {
        let library = mediator.root
        let shelves = self.shelves.prefix(reference?.shelfStates.count ?? self.shelves.count)
        let slices = self.slices.prefix(reference?.sliceStates.count ?? self.slices.count)
        return ModelState(
            userID: library._userID, total: library._catalog._total, tags: library._catalog._tags,
            settings: library._settings, scores: library._scores, catalog: ObjectIdentifier(library._catalog),
            shelves: library._shelves.map(ObjectIdentifier.init), pinned: library._pinned.map(ObjectIdentifier.init),
            byKey: library._shelvesByKey.mapValues(ObjectIdentifier.init),
            archive: library._archive?.map(ObjectIdentifier.init),
            slices: library._chart._slices.map(ObjectIdentifier.init),
            shelfStates: shelves.map {
                ModelState.ShelfState(title: $0._title, entries: $0._entries, children: $0._children.map(ObjectIdentifier.init))
            },
            sliceStates: slices.map { [$0._percent, $0._label.count] })
    }

    /// Runs one random update; returns what kind it was.
    mutating func step() -> String {
        let kind = Int.random(in: 0..<20, using: &random)
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
        case 1: return { $0.catalog.total += value }
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
