import Foundation
@_spi(RippleGenerated) @testable import Ripple
import Testing

/// Seeded random structural changes, checked against a plain walk after every step: a node is
/// in a mediator's model exactly when its root reaches it through stored node members, whatever
/// came and went (nodes shared, moved, held in cycles that nothing else holds, the root held
/// back); its count of places and of supporting places are what the model holds now; and the
/// listeners heard of exactly the nodes that entered and left.
@MainActor
@Suite struct MembershipPropertyTests {
    @Test(arguments: [1, 2, 3, 4, 5, 6])
    func aMediatorsMembershipIsWhatItsRootReachesAfterEveryUpdate(seed: UInt64) throws {
        var run = LibraryMembershipRun(seed: seed)
        for _ in 0..<400 { try run.step() }
        #expect(run.outcomes["committed", default: 0] > 150 && run.outcomes["threw", default: 0] > 20)
        #expect(run.outcomes["outside", default: 0] > 20 && run.outcomes["undo", default: 0] > 20)
        #expect(run.entered > 100 && run.left > 100, "nodes came and went often enough to check")
        #expect(run.mediator.core.membership.counter.nodesRelabeled > 20)
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func aCounterFollowsAnyWritesOfAnyShapeExactly(seed: UInt64) throws {
        var run = DeskMembershipRun(seed: seed, rootIsFolder: seed % 2 == 0)
        for _ in 0..<400 { try run.step() }
        let often = seed % 2 == 0 ? 60 : 100   // a folder root: 8 folders come and go
        #expect(run.entered > often && run.left > often, "nodes came and went often enough to check: \(run.entered), \(run.left)")
        #expect(run.counter.nodesRelabeled > 5, "held from outside a group that lost its support, often enough to check")
    }

    /// A longer run on a new seed, when `RIPPLE_MEMBERSHIP_STEPS` asks for one
    /// (`RIPPLE_MEMBERSHIP_SEED` replays one; failures name the seed and the step).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["RIPPLE_MEMBERSHIP_STEPS"] != nil))
    func aLongRunWhenAsked() throws {
        let environment = ProcessInfo.processInfo.environment
        let steps = environment["RIPPLE_MEMBERSHIP_STEPS"].flatMap(Int.init) ?? 10_000
        let seed = environment["RIPPLE_MEMBERSHIP_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64.max)
        print("MembershipPropertyTests: \(steps) steps, seed \(seed) (replay: RIPPLE_MEMBERSHIP_SEED=\(seed))")
        var library = LibraryMembershipRun(seed: seed)
        var desk = DeskMembershipRun(seed: seed, rootIsFolder: seed % 2 == 0)
        for _ in 0..<steps {
            try library.step()
            try desk.step()
        }
    }
}

// MARK: - Through a mediator

@MainActor
struct LibraryMembershipRun {
    struct Failure: Error {}

    let library = makeLibrary(shelves: 0)
    let mediator: Mediator<Library>
    var random: SeededGenerator
    let log = MembershipLog()
    var shelves: [Shelf] = []
    var notes: [Note] = []
    var outcomes: [String: Int] = [:]
    var entered: Int { log.entered }
    var left: Int { log.left }
    let seed: UInt64
    var stepNumber = 0
    var processor: Registration?

    init(seed: UInt64) {
        self.seed = seed
        random = SeededGenerator(state: seed)
        shelves = (0..<12).map { Shelf(id: $0, title: "s\($0)") }
        notes = (0..<8).map { Note(id: $0, "n\($0)") }
        library.shelves = [shelves[0], shelves[1]]
        shelves[0].children = [shelves[2], shelves[3]]
        shelves[2].children = [shelves[0]]   // a cycle
        library.notes = [notes[0]]
        notes[0].replies = [notes[1]]
        mediator = Mediator(root: library)
        mediator.history.limit = 1_000
        mediator.contracts = .off
        mediator.core.membership.addListener(log)
        log.inside = Set(reachablePlaces(from: library, children: Self.children).keys)
        // A processor that moves nodes too: the pinned shelf follows the user.
        let pool = shelves
        processor = try? mediator.process("pin", reads: [Library.scheme.userID], writes: [Library.scheme.pinned]) { library in
            library.pinned = library.userID % 3 == 0 ? nil : pool[library.userID % pool.count]
        }
        mediator.refresh()
        check()
    }

    static func children(_ node: AnyObject) -> [AnyObject] {
        switch node {
        case let library as Library:
            var nodes: [AnyObject] = [library._catalog]
            nodes += library._shelves as [AnyObject]
            if let pinned = library._pinned { nodes.append(pinned) }
            nodes.append(library._job)
            nodes += library._shelvesByKey.values.map { $0 as AnyObject }
            nodes += (library._archive ?? []) as [AnyObject]
            nodes.append(library._chart)
            nodes += library._notes as [AnyObject]
            if let featured = library._featuredNote { nodes.append(featured) }
            nodes += library._notesByKey.values.map { $0 as AnyObject }
            return nodes
        case let chart as Chart: return chart._slices
        case let shelf as Shelf: return shelf._children
        case let note as Note: return note._replies
        default: return []
        }
    }

    var pool: [any RippleNode] {
        [library, library._catalog, library._job, library._chart] + shelves + notes
    }

    func check() {
        let context: Comment = "seed \(seed), step \(stepNumber)"
        #expect(membershipDifferences(mediator.core.membership.counter, pool: pool, children: Self.children) == [], context)
        #expect(log.inside == Set(reachablePlaces(from: library, children: Self.children).keys), context)
        #expect(log.problems == [], context)
        for node in pool {
            #expect(node._rippleTracker.modelMemberships == (mediator.core.membership.contains(node) ? 1 : 0), context)
        }
    }

    private mutating func shelf() -> Shelf { shelves.randomElement(using: &random)! }
    private mutating func note() -> Note { notes.randomElement(using: &random)! }
    private mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

    /// One random structural edit through the accessors.
    private mutating func edit() {
        let library = library
        switch Int.random(in: 0..<15, using: &random) {
        case 0: library.shelves.append(shelf())
        case 1: if !library.shelves.isEmpty { library.shelves.remove(at: Int.random(in: 0..<library.shelves.count, using: &random)) }
        case 2:
            let holder = shelf()
            holder.children.append(shelf())
        case 3:
            let holder = shelf()
            if !holder.children.isEmpty { holder.children.remove(at: Int.random(in: 0..<holder.children.count, using: &random)) }
        case 4: library.pinned = chance(30) ? nil : shelf()
        case 5: library.shelvesByKey[["a", "b", "c"].randomElement(using: &random)!] = chance(40) ? nil : shelf()
        case 6: library.archive = chance(30) ? nil : [shelf(), shelf()]
        case 7:
            if chance(50) || library.notes.isEmpty {
                library.notes.append(note())
            } else {
                library.notes.removeLast()
            }
        case 8:
            let holder = note()
            if chance(60) { holder.replies.append(note()) } else if !holder.replies.isEmpty { holder.replies.removeFirst() }
        case 9:
            library.featuredNote = chance(30) ? nil : note()
            library.notesByKey[["x", "y"].randomElement(using: &random)!] = chance(40) ? nil : note()
        case 10:
            // A move: out of one place, into another.
            let from = shelf()
            if let moved = from.children.popLast() { (chance(50) ? shelf() : from).children.insert(moved, at: 0) }
            if let moved = library.shelves.popLast() { shelf().children.append(moved) }
        case 11: library.shelves = Array(shelves.shuffled(using: &random).prefix(Int.random(in: 0..<5, using: &random)))
        case 12: shelf().children = []
        case 13: library.userID += 1
        default:
            // The same member written twice.
            let holder = shelf()
            holder.children.append(shelf())
            holder.children = Array(holder.children.dropFirst())
        }
    }

    mutating func step() throws {
        stepNumber += 1
        let roll = Int.random(in: 0..<100, using: &random)
        if roll < 12 {
            let undoing = roll < 8 || !mediator.history.canRedo
            if undoing, mediator.history.canUndo {
                try mediator.history.undo()
                outcomes["undo", default: 0] += 1
            } else if mediator.history.canRedo {
                try mediator.history.redo()
                outcomes["redo", default: 0] += 1
            }
        } else if roll < 22 {
            for _ in 0..<Int.random(in: 1...3, using: &random) { edit() }
            mediator.refresh()
            outcomes["outside", default: 0] += 1
        } else {
            let edits = Int.random(in: 1...4, using: &random)
            let throwing = roll < 32
            let nesting = roll >= 32 && roll < 42
            var this = self
            do {
                try mediator.update { _ in
                    for _ in 0..<edits { this.edit() }
                    if nesting {
                        try? this.mediator.update { _ in
                            this.edit()
                            throw Failure()
                        }
                        this.edit()
                    }
                    if throwing { throw Failure() }
                }
                outcomes["committed", default: 0] += 1
            } catch {
                outcomes["threw", default: 0] += 1
            }
            random = this.random
        }
        check()
    }
}

// MARK: - A counter alone

/// Writes of every shape (arrays, optionals, sets, dictionaries, computed members that hold no
/// place), several to one member, cycles of folders, the root held back by its children, fed
/// to a counter as a journal would hand them over.
@MainActor
struct DeskMembershipRun {
    let desk = Desk()
    let counter: ModelPlaceCounter
    /// Whether the root is a folder (whose children hold it back), rather than the desk.
    let rootIsFolder: Bool
    var random: SeededGenerator
    var tickets: [Ticket] = []
    var lanes: [Lane] = []
    var folders: [Folder] = []
    var entered = 0
    var left = 0
    let seed: UInt64
    var stepNumber = 0

    init(seed: UInt64, rootIsFolder: Bool) {
        self.seed = seed
        self.rootIsFolder = rootIsFolder
        random = SeededGenerator(state: seed)
        tickets = (0..<10).map { Ticket(number: $0, title: "t\($0)") }
        lanes = ["a", "b", "c", "d"].map { Lane($0) }
        folders = (0..<8).map { Folder("f\($0)") }
        desk.lanes = [lanes[0], lanes[1]]
        lanes[0].tickets = [tickets[0], tickets[1]]
        lanes[1].starred = [tickets[2]]
        desk.folders = [folders[0]]
        folders[0].folders = [folders[1], folders[2]]
        folders[1].folders = [folders[0]]   // back to the root, when the root is a folder
        counter = ModelPlaceCounter(root: rootIsFolder ? folders[0] : desk, marksMembership: false)
        counter.collectsChanges = true
        check(before: [:], change: ModelPlaceCounter.Change())
    }

    static func children(_ node: AnyObject) -> [AnyObject] {
        switch node {
        case let desk as Desk:
            var nodes: [AnyObject] = desk._lanes
            if let pinned = desk._pinned { nodes.append(pinned) }
            nodes += desk._ticketsByName.values.map { $0 as AnyObject }
            return nodes + (desk._folders as [AnyObject])
        case let lane as Lane:
            var nodes: [AnyObject] = lane._tickets
            if let featured = lane._featured { nodes.append(featured) }
            return nodes + lane._starred.map { $0 as AnyObject }
        case let folder as Folder: return folder._folders
        default: return []
        }
    }

    var pool: [any RippleNode] { [desk] + lanes + tickets + folders }

    func check(before: [ObjectIdentifier: (node: AnyObject, places: Int)], change: ModelPlaceCounter.Change) {
        let context: Comment = "seed \(seed), step \(stepNumber)"
        #expect(membershipDifferences(counter, pool: pool, children: Self.children) == [], context)
        guard !before.isEmpty else { return }
        let after = reachablePlaces(from: counter.root, children: Self.children)
        let entered = Set(after.keys).subtracting(before.keys)
        let left = Set(before.keys).subtracting(after.keys)
        #expect(Set(change.entered.map { ObjectIdentifier($0) }) == entered && change.entered.count == entered.count, context)
        #expect(Set(change.left.map { ObjectIdentifier($0) }) == left && change.left.count == left.count, context)
    }

    private mutating func pick<T>(_ nodes: [T]) -> T { nodes.randomElement(using: &random)! }
    private mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

    /// Writes one member's storage, journaling its old value as a setter would.
    private mutating func write(_ journal: inout [JournalEntry]) {
        // Under a folder, only folders matter: mostly those.
        switch rootIsFolder && chance(70) ? 8 : Int.random(in: 0..<9, using: &random) {
        case 0:
            journal.append(JournalEntry(node: desk, member: Desk.RippleKey.lanes, old: desk._lanes))
            desk.lanes = Array(lanes.shuffled(using: &random).prefix(Int.random(in: 0...3, using: &random)))
        case 1:
            journal.append(JournalEntry(node: desk, member: Desk.RippleKey.pinned, old: desk._pinned as Any))
            desk.pinned = chance(30) ? nil : pick(tickets)
        case 2:
            journal.append(JournalEntry(node: desk, member: Desk.RippleKey.ticketsByName, old: desk._ticketsByName))
            desk.ticketsByName[pick(["a", "b"])] = chance(30) ? nil : pick(tickets)
        case 3:
            let lane = pick(lanes)
            journal.append(JournalEntry(node: lane, member: Lane.RippleKey.tickets, old: lane._tickets))
            if chance(60) { lane.tickets.insert(pick(tickets), at: 0) } else if !lane._tickets.isEmpty { lane.tickets.removeLast() }
        case 4:
            let lane = pick(lanes)
            journal.append(JournalEntry(node: lane, member: Lane.RippleKey.starred, old: lane._starred))
            if chance(60) { lane.starred.insert(pick(tickets)) } else if let any = lane._starred.first { lane.starred.remove(any) }
        case 5:
            let lane = pick(lanes)
            journal.append(JournalEntry(node: lane, member: Lane.RippleKey.featured, old: lane._featured as Any))
            lane.featured = chance(40) ? nil : pick(tickets)
        case 6:
            journal.append(JournalEntry(node: desk, member: Desk.RippleKey.folders, old: desk._folders))
            desk.folders = chance(70) ? [pick(folders)] : []
        case 7:
            // The selection only moves a computed member: no place.
            journal.append(JournalEntry(node: desk, member: Desk.RippleKey.selectedNumber, old: desk._selectedNumber as Any))
            desk.selectedNumber = Int.random(in: 0..<10, using: &random)
        default:
            let folder = pick(folders)
            journal.append(JournalEntry(node: folder, member: Folder.RippleKey.folders, old: folder._folders))
            if chance(45) {
                folder.folders.append(pick(folders))
            } else if chance(20) {
                folder.folders = []
            } else if !folder._folders.isEmpty {
                folder.folders.remove(at: Int.random(in: 0..<folder._folders.count, using: &random))
            }
        }
    }

    mutating func step() throws {
        stepNumber += 1
        let before = reachablePlaces(from: counter.root, children: Self.children)
        var journal: [JournalEntry] = []
        for _ in 0..<Int.random(in: 1...5, using: &random) { write(&journal) }
        // A journal keeps the writes of members of nodes in and out of the model alike.
        let change = counter.follow(journal[...])
        entered += change.entered.count
        left += change.left.count
        check(before: before, change: change)
    }
}
