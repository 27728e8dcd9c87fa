import Foundation
@testable import Ripple
import Testing

/// Seeded random updates against a plain reference model: after every update the model equals
/// the reference (node identities included), and the registrations that fired are exactly,
/// in order, those whose reads differ at their turn from what they saw when they last fired.
/// Updates throw, insert invalid notes, nest updates that roll back, and make an observer queue
/// an update that fails: after every step, the update threw if and only if the model is back to
/// what it was, and a queued failure reached the failure handler, never the caller. After every
/// step, every registration not paused watches what a full walk of its paths watches. Shelves hold
/// shelves: they move into another shelf, up and down a level and into their own descendants
/// (a cycle that nothing else may hold), under an observer of everything (`.all`).
@MainActor
@Suite struct FiringPropertyTests {
    @Test(arguments: [1, 2, 3, 4, 11, 15, 18])
    func randomUpdatesFireExactlyWhatChangedAndRollBackToTheSameObjects(seed: UInt64) throws {
        var run = try RandomRun(seed: seed)
        for _ in 0..<750 { try run.step() }
        #expect(run.mediator.violations == [])
        #expect(run.updates.throwing > 50 && run.updates.succeeded > 400, "the mix exercises both outcomes")
        #expect(run.updates.invalid > 10 && run.queuedFailures > 10, "invalid notes and failing queued updates")
        #expect(run.firingsChecked > 1_000)
    }

    /// A longer run on a new seed, when `RIPPLE_FIRING_STEPS` asks for one (`RIPPLE_FIRING_SEED`
    /// replays one).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["RIPPLE_FIRING_STEPS"] != nil))
    func aLongRunWhenAsked() throws {
        let environment = ProcessInfo.processInfo.environment
        let steps = environment["RIPPLE_FIRING_STEPS"].flatMap(Int.init) ?? 10_000
        let seed = environment["RIPPLE_FIRING_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64.max)
        print("FiringPropertyTests: \(steps) steps, seed \(seed) (replay: RIPPLE_FIRING_SEED=\(seed))")
        var run = try RandomRun(seed: seed)
        for _ in 0..<steps { try run.step() }
        #expect(run.mediator.violations == [])
    }
}

// MARK: - The reference model

/// The model as plain values: shelves by identity, structure as lists of identities.
private struct Reference: Equatable {
    struct ShelfValues: Equatable {
        let id: Int
        var title: String
        var entries: [String]
        var children: [ObjectIdentifier]
    }

    var userID = 0
    var selectedID: Int?
    var selectedCount = 0
    var total = 0
    var tags: Set<String> = []
    var settings = Settings()
    var scores: [String: Int] = [:]
    var shelves: [ObjectIdentifier] = []
    var pinned: ObjectIdentifier?
    var byKey: [String: ObjectIdentifier] = [:]
    var archive: [ObjectIdentifier]?
    /// Every shelf the run made, reachable or not.
    var nodes: [ObjectIdentifier: ShelfValues] = [:]
    var notes: [ObjectIdentifier] = []
    /// The text of every note the run made.
    var noteTexts: [ObjectIdentifier: String] = [:]

    /// The reference of a real model, read from storage (no tracking).
    @MainActor
    init(reading library: Library, pool: [Shelf], notePool: [Note] = []) {
        userID = library._userID
        selectedID = library._selectedID
        selectedCount = library._selectedCount
        total = library._catalog._total
        tags = library._catalog._tags
        settings = library._settings
        scores = library._scores
        shelves = library._shelves.map(ObjectIdentifier.init)
        pinned = library._pinned.map(ObjectIdentifier.init)
        byKey = library._shelvesByKey.mapValues(ObjectIdentifier.init)
        archive = library._archive?.map(ObjectIdentifier.init)
        notes = library._notes.map(ObjectIdentifier.init)
        for note in notePool { noteTexts[ObjectIdentifier(note)] = note._text }
        for shelf in pool {
            nodes[ObjectIdentifier(shelf)] = ShelfValues(
                id: shelf.id, title: shelf._title, entries: shelf._entries, children: shelf._children.map(ObjectIdentifier.init))
        }
    }

    subscript(shelf: ObjectIdentifier) -> ShelfValues {
        get { nodes[shelf]! }
        set { nodes[shelf] = newValue }
    }

    var selectedShelf: ObjectIdentifier? { shelves.first { self[$0].id == selectedID } }

    /// The shelves reachable from the root, in a stable order.
    var reachable: [ObjectIdentifier] {
        var seen: Set<ObjectIdentifier> = []
        var order: [ObjectIdentifier] = []
        var stack = shelves + (pinned.map { [$0] } ?? []) + byKey.keys.sorted().map { byKey[$0]! } + (archive ?? [])
        stack.reverse()
        while let shelf = stack.popLast() {
            guard seen.insert(shelf).inserted else { continue }
            order.append(shelf)
            stack.append(contentsOf: self[shelf].children.reversed())
        }
        return order
    }

    // What each registration reads, as a comparable text.

    func describe(_ shelf: ObjectIdentifier, _ parts: KeyPath<ShelfValues, String>...) -> String {
        "\(shelf.hashValue)" + parts.map { "/" + self[shelf][keyPath: $0] }.joined()
    }

    func titles(_ list: [ObjectIdentifier]?) -> String {
        list.map { $0.map { describe($0, \.title) }.joined(separator: ",") } ?? "nil"
    }

    func entries(_ list: [ObjectIdentifier]?) -> String {
        list.map { $0.map { "\($0.hashValue)=\(self[$0].entries)" }.joined(separator: ",") } ?? "nil"
    }

    var sortedScores: String { scores.keys.sorted().map { "\($0):\(scores[$0]!)" }.joined(separator: ",") }

    var everything: String {
        let nodes = reachable.map { "\($0.hashValue){\(self[$0])}" }.joined(separator: ";")
        let keyed = byKey.keys.sorted().map { "\($0)=\(byKey[$0]!.hashValue)" }
        return "\(userID) \(String(describing: selectedID)) \(selectedCount) \(total) \(tags.sorted()) \(settings) "
            + "\(sortedScores) \(shelves.map(\.hashValue)) \(String(describing: pinned?.hashValue)) \(keyed) "
            + "\(String(describing: archive?.map(\.hashValue))) \(nodes) "
            + notes.map { "\($0.hashValue)=\(noteTexts[$0]!)" }.joined(separator: ",")
    }
}

// MARK: - Registrations and what they are expected to do

/// One registration of the run: how it is made, what it reads (as the reference sees it), and
/// what its body does to the reference when it fires.
@MainActor
private struct Participant {
    enum Kind { case coordinator(Int), processor, observer }

    let name: String
    let kind: Kind
    /// The processors' dependency level (0 or 1), or the coordinator's priority.
    let rank: Int
    let view: (Reference) -> String
    let effect: (inout Reference) -> Void

    static let all: [Participant] = [
        Participant(name: "reset", kind: .coordinator(-1), rank: -1, view: { "\($0.userID)" }, effect: { reference in
            if reference.userID % 2 == 0 { reference.selectedID = nil }
        }),
        Participant(name: "clamp", kind: .coordinator(0), rank: 0, view: { "\($0.total)" }, effect: { reference in
            if reference.total > 5 { reference.total = 5 }
        }),
        Participant(name: "count", kind: .processor, rank: 0, view: { $0.entries($0.shelves) }, effect: { reference in
            reference.selectedCount = reference.shelves.reduce(0) { $0 + reference[$1].entries.count } % 3
        }),
        Participant(name: "tagger", kind: .processor, rank: 0, view: { "\($0.total)" }, effect: { reference in
            reference.tags = reference.total >= 3 ? ["big"] : []
        }),
        Participant(name: "selection", kind: .observer, rank: 0, view: { "\(String(describing: $0.selectedID))" }),
        Participant(name: "badge", kind: .observer, rank: 1, view: { "\($0.selectedCount)" }),
        Participant(name: "tags", kind: .observer, rank: 1, view: { "\($0.tags.sorted())" }),
        Participant(name: "titles", kind: .observer, rank: 0, view: { $0.titles($0.shelves) }),
        Participant(name: "shelves", kind: .observer, rank: 0, view: { "\($0.shelves.map(\.hashValue))" }),
        Participant(name: "children", kind: .observer, rank: 0, view: { reference in
            reference.shelves.map { "\($0.hashValue):" + reference.titles(reference[$0].children) }.joined(separator: ";")
        }),
        Participant(name: "pinned", kind: .observer, rank: 0, view: { reference in
            reference.pinned.map { reference.describe($0, \.title) } ?? "nil"
        }),
        Participant(name: "selected", kind: .observer, rank: 0, view: { reference in
            "\(String(describing: reference.selectedID)) \(reference.shelves.map(\.hashValue)) "
                + (reference.selectedShelf.map { reference.entries([$0]) } ?? "nil")
        }),
        Participant(name: "keyed", kind: .observer, rank: 0, view: { reference in
            reference.byKey.keys.sorted().map { "\($0)=" + reference.describe(reference.byKey[$0]!, \.title) }.joined(separator: ",")
        }),
        Participant(name: "archive", kind: .observer, rank: 0, view: { $0.entries($0.archive) }),
        Participant(name: "settings", kind: .observer, rank: 0, view: { "\($0.settings) \($0.sortedScores)" }),
        Participant(name: "everything", kind: .observer, rank: 1, view: { $0.everything }),
        Participant(name: "notes", kind: .observer, rank: 0, view: { reference in
            reference.notes.map { "\($0.hashValue)=\(reference.noteTexts[$0]!)" }.joined(separator: ",")
        }),
        // Queues an update that fails when the user is 3: the update that made it 3 stands.
        Participant(name: "echo", kind: .observer, rank: 0, view: { "\($0.userID)" }),
    ]

    init(name: String, kind: Kind, rank: Int, view: @escaping (Reference) -> String, effect: @escaping (inout Reference) -> Void = { _ in }) {
        self.name = name
        self.kind = kind
        self.rank = rank
        self.view = view
        self.effect = effect
    }

    /// Registers it on `mediator`; its body logs its name and does to the model what
    /// ``effect`` does to the reference.
    func register(on mediator: Mediator<Library>, log: EventLog) throws -> Registration {
        let name = name
        let scheme = Library.scheme
        switch name {
        case "reset":
            return mediator.coordinate(name, priority: rank, reads: [scheme.userID]) { library in
                log.append(name)
                if library.userID % 2 == 0 { library.selectedID = nil }
            }
        case "clamp":
            return mediator.coordinate(name, priority: rank, reads: [scheme.catalog.total]) { library in
                log.append(name)
                if library.catalog.total > 5 { library.catalog.total = 5 }
            }
        case "count":
            return try mediator.process(name, reads: [scheme.shelves.entries], writes: [scheme.selectedCount]) { library in
                log.append(name)
                library.selectedCount = library.shelves.reduce(0) { $0 + $1.entries.count } % 3
            }
        case "tagger":
            return try mediator.process(name, reads: [scheme.catalog.total], writes: [scheme.catalog.tags]) { library in
                log.append(name)
                library.catalog.tags = library.catalog.total >= 3 ? ["big"] : []
            }
        default:
            let reads: [any ModelPathConvertible<Library>] = switch name {
            case "selection": [scheme.selectedID]
            case "badge": [scheme.selectedCount]
            case "tags": [scheme.catalog.tags]
            case "titles": [scheme.shelves.title]
            case "shelves": [scheme.shelves]
            case "children": [scheme.shelves.children.title]
            case "pinned": [scheme.pinned.title]
            case "selected": [scheme.selectedShelf.entries]
            case "keyed": [scheme.shelvesByKey.title]
            case "archive": [scheme.archive.entries]
            case "settings": [scheme.settings, scheme.scores]
            case "notes": [scheme.notes.text]
            case "echo": [scheme.userID]
            default: [scheme.all]
            }
            return mediator.observe(name, reads: reads) { library in
                log.append(name)
                if name == "echo", library.userID == 3 {
                    try? mediator.update { library in
                        library.catalog.total = 99
                        throw Failure()
                    }
                }
            }
        }
    }

    /// Firing order: coordinators by priority, then by level; registration order breaks ties.
    var order: (Int, Int) {
        switch kind {
        case .coordinator(let priority): (0, priority)
        case .processor, .observer: (1, rank)
        }
    }
}

// MARK: - The run

private struct Failure: Error {}

@MainActor
private struct RandomRun {
    var random: SeededGenerator
    let library = makeLibrary()
    let mediator: Mediator<Library>
    let log = EventLog()
    /// Every shelf made so far (kept alive, so identities stay unique).
    var pool: [Shelf]
    var reference: Reference
    let participants = Participant.all
    var registrations: [Registration] = []
    /// What each participant read when it last fired.
    var seen: [String: String] = [:]
    var paused: Set<String> = []
    /// The shelves made in the current step, with the values they were made with.
    var made: [ObjectIdentifier: Reference.ShelfValues] = [:]
    /// Whether the update being made inserts or leaves an invalid note: it must roll back.
    var invalid = false
    /// The notes the update being made inserts or writes: an empty text among them at its end
    /// (not on the way: a text emptied and then written again is fine) makes it invalid.
    var notesWritten: [ObjectIdentifier] = []
    /// The texts the notes made by the update being made were made with.
    var madeNotes: [ObjectIdentifier: String] = [:]
    var updates = (succeeded: 0, throwing: 0, invalid: 0)
    var firingsChecked = 0
    var steps = 0
    /// Every note made so far, and the failures the failure handler received.
    var notePool: [Note] = []
    let failures = FailureLog()
    var queuedFailures: Int { failures.count }

    init(seed: UInt64) throws {
        random = SeededGenerator(state: seed)
        mediator = Mediator(root: library)
        mediator.contracts = Contracts(.record)
        pool = library._shelves
        reference = Reference(reading: library, pool: pool, notePool: notePool)
        let failures = failures
        mediator.failureHandler = { _ in failures.count += 1 }
        for participant in participants { registrations.append(try participant.register(on: mediator, log: log)) }
        mediator.refresh()
        // The first refresh fires everyone, in order.
        try expectRefresh(initial: true)
    }

    /// One random step: mostly an update of one to four edits; now and then a pause or resume.
    mutating func step() throws {
        defer { expectWatchesAsAFullWalk() }
        if Int.random(in: 0..<40, using: &random) == 0 {
            try togglePause()
            return
        }
        let before = reference
        let poolBefore = pool.count
        let failuresBefore = failures.count
        invalid = false
        notesWritten = []
        madeNotes = [:]
        made = [:]
        let identities = library._shelves
        var edits: [@MainActor (Library) throws -> Void] = []
        var throwsAtEnd = false
        for _ in 0..<Int.random(in: 1...4, using: &random) { edits.append(randomEdit()) }
        if Int.random(in: 0..<8, using: &random) == 0 { throwsAtEnd = true }
        invalid = notesWritten.contains { reference.noteTexts[$0] == "" }
        let body = { @MainActor (library: Library) throws in
            for edit in edits { try edit(library) }
            if throwsAtEnd { throw Failure() }
        }
        do {
            try mediator.update(body)
            #expect(!throwsAtEnd && !invalid, "an update that should have rolled back committed")
            updates.succeeded += 1
            let echoes = seen["echo"] != "3" && reference.userID == 3 && !paused.contains("echo")
            try expectRefresh(initial: false)
            #expect(failures.count == failuresBefore + (echoes ? 1 : 0), "the queued update's failure went to the handler")
        } catch {
            #expect(error is Failure || error is Note.Problem, "\(error)")
            #expect(throwsAtEnd || invalid, "an update threw whose change should have committed")
            if error is Note.Problem { updates.invalid += 1 } else { updates.throwing += 1 }
            // Shelves made by the update outlive it, unreachable, with the values they were made with.
            reference = before
            for shelf in pool[poolBefore...] { reference.nodes[ObjectIdentifier(shelf)] = made[ObjectIdentifier(shelf)] }
            // Notes made by the update outlive it too, with the texts they were made with.
            for (note, text) in madeNotes { reference.noteTexts[note] = text }
            #expect(log.take() == [], "a rolled-back update notifies nobody")
            #expect(Reference(reading: library, pool: pool, notePool: notePool) == reference, "rollback restores every value")
            #expect(library._shelves.count == identities.count && zip(library._shelves, identities).allSatisfy { $0 === $1 })
            #expect(failures.count == failuresBefore)
        }
    }

    /// Checks that the refresh fired exactly the expected participants, in order, and that the
    /// model then equals the reference; applies the participants' effects to the reference.
    mutating func expectRefresh(initial: Bool) throws {
        var expected: [String] = []
        let ordered = participants.enumerated().sorted { lhs, rhs in
            lhs.element.order != rhs.element.order ? lhs.element.order < rhs.element.order : lhs.offset < rhs.offset
        }
        for (_, participant) in ordered where !paused.contains(participant.name) {
            let now = participant.view(reference)
            guard initial || seen[participant.name] != now else { continue }
            expected.append(participant.name)
            participant.effect(&reference)
            seen[participant.name] = participant.view(reference)
        }
        let fired = log.take()
        #expect(fired == expected)
        #expect(Set(fired).count == fired.count, "nothing fires twice in one refresh")
        #expect(Reference(reading: library, pool: pool, notePool: notePool) == reference)
        firingsChecked += expected.count
    }

    /// Checks that every registration not paused watches what a full walk of its paths does;
    /// now and then also on the trackers of every node made (a slower check).
    mutating func expectWatchesAsAFullWalk() {
        steps += 1
        let nodes: [any RippleNode] =
            steps % 25 == 0 ? [library, library._catalog, library._job, library._chart] + pool + notePool : []
        for (participant, registration) in zip(participants, registrations) where !paused.contains(participant.name) {
            let differences = registration.state.watchDifferences(nodes: nodes)
            #expect(differences == [], "\(participant.name)")
        }
    }

    /// Pauses or resumes the "titles" observer; a resume fires it only if its reads differ.
    mutating func togglePause() throws {
        let index = participants.firstIndex { $0.name == "titles" }!
        let titles = participants[index]
        if paused.contains(titles.name) {
            paused.remove(titles.name)
            registrations[index].resume()
            let due = seen[titles.name] != titles.view(reference)
            #expect(log.take() == (due ? [titles.name] : []))
            if due { seen[titles.name] = titles.view(reference) }
        } else {
            paused.insert(titles.name)
            registrations[index].pause()
        }
    }

    // MARK: Edits

    /// A random edit: applied to the reference now, returned for the model's update.
    mutating func randomEdit() -> @MainActor (Library) throws -> Void {
        let shelf = pool.randomElement(using: &random)!
        let key = ObjectIdentifier(shelf)
        let word = ["a", "b", "c"].randomElement(using: &random)!
        let count = reference.shelves.count
        let index = count > 0 ? Int.random(in: 0..<count, using: &random) : nil
        let other = count > 0 ? Int.random(in: 0..<count, using: &random) : nil
        switch Int.random(in: 0..<34, using: &random) {
        case 26, 27:
            // A note, with replies; an empty text anywhere makes the update invalid.
            let texts = (0..<Int.random(in: 1...2, using: &random)).map { _ in
                Int.random(in: 0..<6, using: &random) == 0 ? "" : word
            }
            let note = Note(id: notePool.count, texts[0], replies: texts.dropFirst().map { Note($0) })
            notePool.append(note)
            notePool.append(contentsOf: note._replies)
            notesWritten += ([note] + note._replies).map(ObjectIdentifier.init)
            for made in [note] + note._replies { madeNotes[ObjectIdentifier(made)] = made._text }
            reference.notes.append(ObjectIdentifier(note))
            reference.noteTexts[ObjectIdentifier(note)] = texts[0]
            for reply in note._replies { reference.noteTexts[ObjectIdentifier(reply)] = reply._text }
            return { $0.notes.append(note) }
        case 28:
            guard let target = reference.notes.randomElement(using: &random) else { return { _ in } }
            let text = Int.random(in: 0..<4, using: &random) == 0 ? "" : word + "!"
            notesWritten.append(target)
            reference.noteTexts[target] = text
            let note = notePool.first { ObjectIdentifier($0) == target }!
            return { _ in note.text = text }
        case 29:
            // A named nested update that rolls back: nothing of it stays.
            return { [mediator] _ in
                try? mediator.update(undoName: "nested") { library in
                    library.userID += 7
                    library.catalog.total = 1
                    throw Failure()
                }
            }
        case 30...33:
            return randomMove(shelf, in: Int.random(in: 0..<4, using: &random))
        case 0:
            let value = Int.random(in: 0...3, using: &random)
            reference.userID = value
            return { $0.userID = value }
        case 1:
            reference.userID += 1
            return { $0.userID += 1 }
        case 2:
            reference.userID += 1
            reference.userID -= 1
            return { library in
                library.userID += 1
                library.userID -= 1
            }
        case 3:
            let value = Bool.random(using: &random) ? nil : Int.random(in: 0...4, using: &random)
            reference.selectedID = value
            return { $0.selectedID = value }
        case 4:
            let value = Int.random(in: 0...8, using: &random)
            reference.total = value
            return { $0.catalog.total = value }
        case 5:
            reference[key].title = word
            return { _ in shelf.title = word }
        case 6:
            reference[key].entries.append(word)
            return { _ in shelf.entries.append(word) }
        case 7:
            guard !reference[key].entries.isEmpty else { return { _ in } }
            reference[key].entries.removeLast()
            return { _ in shelf.entries.removeLast() }
        case 8:
            guard let index, !reference[reference.shelves[index]].entries.isEmpty else { return { _ in } }
            reference[reference.shelves[index]].entries[0] = word
            return { $0.shelves[index].entries[0] = word }
        case 9:
            reference[key].entries.removeAll { $0 == word }
            return { _ in shelf.entries.removeAll { $0 == word } }
        case 10:
            let new = Shelf(id: Int.random(in: 0...5, using: &random), title: word)
            pool.append(new)
            made[ObjectIdentifier(new)] = .init(id: new.id, title: word, entries: [], children: [])
            reference.nodes[ObjectIdentifier(new)] = made[ObjectIdentifier(new)]
            reference.shelves.append(ObjectIdentifier(new))
            return { $0.shelves.append(new) }
        case 11:
            let id = Int.random(in: 0...5, using: &random)
            let nodes = reference.nodes
            reference.shelves.removeAll { nodes[$0]!.id == id }
            return { $0.shelves.removeAll { $0.id == id } }
        case 12:
            guard let index, let other else { return { _ in } }
            reference.shelves.swapAt(index, other)
            return { $0.shelves.swapAt(index, other) }
        case 13:
            guard let index else { return { _ in } }
            reference.shelves[index] = key
            return { $0.shelves[index] = shelf }
        case 14:
            reference.shelves.reverse()
            return { $0.shelves = $0.shelves.reversed() }
        case 15:
            let pinned = Bool.random(using: &random) ? nil : shelf
            reference.pinned = pinned.map(ObjectIdentifier.init)
            return { $0.pinned = pinned }
        case 16:
            reference.settings.louder()
            return { $0.settings.louder() }
        case 17:
            reference.settings.open(word)
            return { $0.settings.open(word) }
        case 18:
            reference.scores[word, default: 0] += 1
            return { $0.scores[word, default: 0] += 1 }
        case 19:
            reference.scores[word] = nil
            return { $0.scores[word] = nil }
        case 20:
            let value = Bool.random(using: &random) ? nil : shelf
            reference.byKey[word] = value.map(ObjectIdentifier.init)
            return { $0.shelvesByKey[word] = value }
        case 21:
            let title = word + word
            if let keyed = reference.byKey[word] { reference[keyed].title = title }
            return { $0.shelvesByKey[word]?.title = title }
        case 22:
            reference.archive = Bool.random(using: &random) ? nil : []
            let archive = reference.archive
            return { $0.archive = archive == nil ? nil : [] }
        case 23:
            reference.archive?.append(key)
            return { $0.archive?.append(shelf) }
        case 24:
            let child = pool.randomElement(using: &random)!
            reference[key].children.append(ObjectIdentifier(child))
            return { _ in shelf.children.append(child) }
        default:
            guard !reference[key].children.isEmpty else { return { _ in } }
            reference[key].children.removeFirst()
            return { _ in shelf.children.removeFirst() }
        }
    }
}

extension RandomRun {
    /// A move of a shelf, applied to the reference now, returned for the model's update:
    /// `kind` 0 into another shelf, 1 up a level (a child to the library's shelves), 2 down a
    /// level (the other way), 3 into its own descendant (or itself).
    mutating func randomMove(_ target: Shelf, in kind: Int) -> @MainActor (Library) throws -> Void {
        let key = ObjectIdentifier(target)
        let position = Int.random(in: 0..<100, using: &random)
        let holders = pool.filter { !reference[ObjectIdentifier($0)].children.isEmpty }
        switch kind {
        case 0, 1:
            guard let holder = holders.randomElement(using: &random) else { return { _ in } }
            let holderKey = ObjectIdentifier(holder)
            let index = position % reference[holderKey].children.count
            let moved = reference[holderKey].children.remove(at: index)
            if kind == 0 {
                reference[key].children.insert(moved, at: position % (reference[key].children.count + 1))
                return { _ in
                    let node = holder.children.remove(at: index)
                    target.children.insert(node, at: position % (target.children.count + 1))
                }
            }
            reference.shelves.insert(moved, at: position % (reference.shelves.count + 1))
            return { library in
                let node = holder.children.remove(at: index)
                library.shelves.insert(node, at: position % (library.shelves.count + 1))
            }
        case 2:
            guard !reference.shelves.isEmpty else { return { _ in } }
            let index = position % reference.shelves.count
            let moved = reference.shelves.remove(at: index)
            reference[key].children.append(moved)
            return { library in target.children.append(library.shelves.remove(at: index)) }
        default:
            guard !reference.shelves.isEmpty else { return { _ in } }
            let index = position % reference.shelves.count
            let moved = reference.shelves[index]
            var below = moved
            for step in 0..<(position % 4) where !reference[below].children.isEmpty {
                below = reference[below].children[(position + step) % reference[below].children.count]
            }
            reference.shelves.remove(at: index)
            reference[below].children.append(moved)
            let descendant = pool.first { ObjectIdentifier($0) == below }!
            return { library in descendant.children.append(library.shelves.remove(at: index)) }
        }
    }
}

/// Counts what the failure handler receives.
@MainActor
private final class FailureLog {
    var count = 0
}
