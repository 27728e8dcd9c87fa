import Foundation
@_spi(RippleGenerated) @testable import Ripple
import Testing

/// Seeded random structural changes of a desk (appends, removals, moves, replacements of
/// elements and of whole collections, optional and keyed nodes, sets, a node in several places,
/// folders holding folders, shared tickets and memos that link back to folders, moved into a
/// sibling, up and down a level, into their own descendants and into cabinets, up to cycles that
/// nothing else holds), in updates that commit, throw, or nest updates that
/// roll back, with undo and redo in between: after every step, every registration watches exactly
/// what a full walk of its paths watches now (counts, trackers and all), and the registrations
/// that fired are exactly those whose reads differ from what they saw when they last fired.
@MainActor
@Suite struct WatchPropertyTests {
    @Test(arguments: [1, 2, 3, 4, 5, 6])
    func watchesFollowStructuralChangesExactlyAsAFullWalkWould(seed: UInt64) throws {
        var run = DeskRun(seed: seed)
        for _ in 0..<300 { try run.step() }
        #expect(run.mediator.violations == [])
        #expect(run.outcomes["committed", default: 0] > 150 && run.outcomes["threw", default: 0] > 15)
        #expect(run.outcomes["undo", default: 0] > 15 && run.outcomes["redo", default: 0] > 5)
        #expect(run.firings > 800, "the observers fired often enough to check")
    }

    /// A longer run on a new seed, when `RIPPLE_WATCH_STEPS` asks for one (`RIPPLE_WATCH_SEED`
    /// replays one; failures name the seed and the step).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["RIPPLE_WATCH_STEPS"] != nil))
    func aLongRunWhenAsked() throws {
        let environment = ProcessInfo.processInfo.environment
        let steps = environment["RIPPLE_WATCH_STEPS"].flatMap(Int.init) ?? 10_000
        let seed = environment["RIPPLE_WATCH_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64.max)
        print("WatchPropertyTests: \(steps) steps, seed \(seed) (replay: RIPPLE_WATCH_SEED=\(seed))")
        var run = DeskRun(seed: seed)
        for _ in 0..<steps { try run.step() }
        #expect(run.mediator.violations == [])
    }

    @Test func aRegistrationMadeInAnUpdateThatRollsBackWatchesTheModelAsItStays() throws {
        let mediator = Mediator(root: makeLibrary())
        let desk = Desk()
        let lane = Lane("a")
        desk.lanes = [lane]
        let ticket = Ticket(number: 1, title: "t")
        let log = EventLog()
        var registration: Registration?
        #expect(throws: DeskRun.Failure.self) {
            try mediator.update { _ in
                desk.lanes = []
                registration = mediator.observe("titles", on: desk, reads: [Desk.scheme.lanes.tickets.title]) { _ in
                    log.append("titles")
                }
                throw DeskRun.Failure()
            }
        }
        mediator.refresh()
        #expect(log.take() == ["titles"])
        #expect(registration?.state.watchDifferences(nodes: [desk, lane]) == [])
        try mediator.update { _ in lane.tickets.append(ticket) }
        #expect(log.take() == ["titles"])
        try mediator.update { _ in ticket.title = "u" }
        #expect(log.take() == ["titles"], "the ticket that came is watched")
        #expect(registration?.state.watchDifferences(nodes: [desk, lane, ticket]) == [])
    }

    @Test func regionsOverTheSameNodesCountThemApartWhoeverCameFirst() throws {
        // The first `.all` counts its nodes in their trackers, the second in a table of its own;
        // when the first ends, a third takes the trackers back while the second keeps its table.
        let mediator = Mediator(root: makeLibrary())
        let desk = Desk()
        let lanes = [Lane("a"), Lane("b"), Lane("c")]
        let tickets = (0..<4).map { Ticket(number: $0, title: "t\($0)") }
        desk.lanes = [lanes[0], lanes[1]]
        lanes[0].tickets = [tickets[0], tickets[1]]
        lanes[2].tickets = [tickets[2]]
        let log = EventLog()
        func region(_ name: String) -> Registration {
            mediator.observe(name, on: desk, reads: [Desk.scheme.lanes.all]) { _ in log.append(name) }
        }
        let nodes: [any RippleNode] = [desk] + lanes + tickets
        var first: Registration? = region("first")
        let second = region("second")
        mediator.refresh()
        #expect(log.take() == ["first", "second"])
        try mediator.update { _ in tickets[1].title = "changed" }
        #expect(log.take() == ["first", "second"])

        first?.cancel()
        first = nil
        let third = region("third")
        mediator.refresh()
        #expect(log.take() == ["third"])
        for registration in [second, third] { #expect(registration.state.watchDifferences(nodes: nodes) == []) }

        try mediator.update { _ in desk.lanes = [lanes[1], lanes[2]] }
        #expect(log.take() == ["second", "third"])
        try mediator.update { _ in tickets[0].title = "gone with its lane" }
        #expect(log.take() == [])
        try mediator.update { _ in tickets[2].title = "came with its lane" }
        #expect(log.take() == ["second", "third"])
        try mediator.update { _ in lanes[1].tickets.append(tickets[3]) }
        #expect(log.take() == ["second", "third"])
        second.cancel()
        try mediator.update { _ in tickets[3].title = "still watched by the third" }
        #expect(log.take() == ["third"])
        #expect(third.state.watchDifferences(nodes: nodes) == [])
        third.cancel()
        #expect(nodes.allSatisfy { !$0._rippleTracker.hasWatchers && $0._rippleTracker.regionPlaces.owner == 0 }, "nothing is left in a tracker")
    }

    @Test func aNodeThatLeavesAndComesBackWithinARefreshStillCountsWhatChangedMeanwhile() throws {
        // The update unpins the shelf; a coordinator renames it and pins it again: the observer,
        // judged against what it saw, fires for the new title.
        let library = makeLibrary()
        let shelf = library._shelves[0]
        library.pinned = shelf
        let mediator = Mediator(root: library)
        let log = EventLog()
        let coordinator = mediator.coordinate("repin", reads: [Library.scheme.userID]) { library in
            if library.userID == 1 {
                shelf.title = "renamed"
                library.pinned = shelf
            }
        }
        let observer = mediator.observe("pinned", reads: [Library.scheme.pinned.title]) { library in
            log.append("pinned " + (library.pinned?.title ?? "none"))
        }
        mediator.refresh()
        #expect(log.take() == ["pinned Shelf 0"])
        try mediator.update { library in
            library.pinned = nil
            library.userID = 1
        }
        #expect(log.take() == ["pinned renamed"])
        #expect(observer.state.watchDifferences(nodes: [library] + library._shelves) == [])
        _ = coordinator
    }

    @Test func aProcessorsOwnStructuralWritesMoveItsWatches() throws {
        // The processor reads the titles of the pinned shelf's children and adds one: the next
        // change of that child's title reaches it.
        let library = makeLibrary()
        let pinned = library._shelves[0]
        library.pinned = pinned
        let mediator = Mediator(root: library)
        let made = Shelf(id: 7, title: "made")
        let log = EventLog()
        let processor = try mediator.process(
            "filler", reads: [Library.scheme.pinned.children.title, Library.scheme.userID],
            writes: [Library.scheme.pinned.children]
        ) { library in
            log.append("filler")
            if library.userID == 1, let pinned = library.pinned, pinned.children.isEmpty { pinned.children.append(made) }
        }
        mediator.refresh()
        #expect(log.take() == ["filler"])
        try mediator.update { $0.userID = 1 }
        #expect(log.take() == ["filler"])
        #expect(pinned._children.count == 1)
        #expect(processor.state.watchDifferences(nodes: [library, made] + library._shelves) == [])
        try mediator.update { _ in made.title = "renamed" }
        #expect(log.take() == ["filler"])
        #expect(mediator.violations == [])
    }
}

// MARK: - The run

/// One observer of the run: what it reads, and the same as text read from storage.
@MainActor
private struct Watcher {
    let name: String
    let reads: [any ModelPathConvertible<Desk>]
    let view: (Desk) -> String
}

@MainActor
struct DeskRun {
    struct Failure: Error {}

    let mediator = Mediator(root: makeLibrary())
    let desk = Desk()
    var random: SeededGenerator
    let log = EventLog()
    /// Every node made, kept alive so that identities stay unique.
    var tickets: [Ticket] = []
    var lanes: [Lane] = []
    var folders: [Folder] = []
    var memos: [Memo] = []
    var cabinets: [Cabinet] = []
    private let watchers: [Watcher]
    var registrations: [Registration] = []
    /// What each watcher read when it last fired.
    var seen: [String] = []
    var paused: Set<Int> = []
    var outcomes: [String: Int] = [:]
    var firings = 0
    var checks = 0
    let seed: UInt64
    /// The step running, for failure messages.
    var stepNumber = 0
    var context: Comment { "seed \(seed), step \(stepNumber)" }

    init(seed: UInt64) {
        self.seed = seed
        random = SeededGenerator(state: seed)
        mediator.history.limit = 1_000
        mediator.contracts = Contracts(.record)
        watchers = Self.watchers
        for number in 0..<8 { tickets.append(Ticket(number: number, title: "t\(number)")) }
        for name in ["a", "b", "c"] { lanes.append(Lane(name)) }
        for name in ["x", "y"] { folders.append(Folder(name)) }
        lanes[0].tickets = Array(tickets[0..<3])
        lanes[1].tickets = [tickets[3], tickets[0]]
        lanes[1].featured = tickets[4]
        lanes[2].starred = [tickets[5], tickets[1]]
        desk.lanes = lanes
        desk.pinned = tickets[6]
        desk.ticketsByName = ["a": tickets[7]]
        desk.folders = [folders[0]]
        folders[0].folders = [folders[1]]
        let log = log
        for watcher in watchers {
            let name = watcher.name
            registrations.append(mediator.observe(name, on: desk, reads: watcher.reads) { _ in log.append(name) })
        }
        mediator.refresh()
        #expect(log.take() == watchers.map(\.name))
        seen = watchers.map { $0.view(desk) }
        expectWatchesAsAFullWalk()
    }

    // MARK: What the observers read

    private static var watchers: [Watcher] {
        let scheme = Desk.scheme
        return [
            Watcher(name: "lanes", reads: [scheme.lanes]) { ids($0._lanes) },
            Watcher(name: "tickets", reads: [scheme.lanes.tickets]) { ticketIDs($0) },
            Watcher(name: "titles", reads: [scheme.lanes.tickets.title]) { desk in
                ids(desk._lanes) + desk._lanes.map { describe($0._tickets) }.joined(separator: ";")
            },
            Watcher(name: "lanes.all", reads: [scheme.lanes.all]) { lanesAll($0) },
            Watcher(name: "everything", reads: [scheme.all]) { desk in
                "\(String(describing: desk._selectedNumber)) \(lanesAll(desk)) \(describe(desk._pinned)) "
                    + "\(byName(desk)) \(foldersAll(desk._folders)) \(cabinetsAll(desk))"
            },
            Watcher(name: "pinned", reads: [scheme.pinned.title]) { describe($0._pinned) },
            Watcher(name: "byName", reads: [scheme.ticketsByName.title]) { byName($0) },
            Watcher(name: "selected", reads: [scheme.selected.title]) { desk in
                "\(String(describing: desk._selectedNumber)) \(ticketIDs(desk)) \(describe(desk._selected))"
            },
            Watcher(name: "selectedLane", reads: [scheme.selectedLane.name]) { desk in
                "\(String(describing: desk._selectedNumber)) \(ticketIDs(desk)) \(describe(desk._selected)) "
                    + (desk._selectedLane.map { id($0) + "/" + $0._name } ?? "nil")
            },
            Watcher(name: "busiest", reads: [scheme.busiest.tickets.title]) { desk in
                "\(lanesAll(desk)) \(desk._busiest.map { describe($0._tickets) } ?? "nil")"
            },
            Watcher(name: "featured", reads: [scheme.lanes.featured.title]) { desk in
                ids(desk._lanes) + desk._lanes.map { describe($0._featured) }.joined(separator: ";")
            },
            Watcher(name: "starred", reads: [scheme.lanes.starred.title]) { desk in
                ids(desk._lanes) + desk._lanes.map { describe(sorted($0._starred)) }.joined(separator: ";")
            },
            Watcher(name: "folders", reads: [scheme.folders.all]) { foldersAll($0._folders) },
            Watcher(name: "cabinets", reads: [scheme.cabinets.all]) { cabinetsAll($0) },
            Watcher(name: "subfolders", reads: [scheme.folders.folders.name]) { desk in
                ids(desk._folders)
                    + desk._folders.map { folder in ids(folder._folders) + folder._folders.map(\._name).joined() }.joined(separator: ";")
            },
            Watcher(name: "mixed", reads: [scheme.lanes.tickets.title, scheme.lanes.all, scheme.pinned]) { desk in
                "\(lanesAll(desk)) \(id(desk._pinned))"
            },
            Watcher(name: "memoLinks", reads: [scheme.folders.memo.link.name]) { desk in
                ids(desk._folders)
                    + desk._folders.map { folder in
                        id(folder._memo) + "/" + (folder._memo.map { id($0._link) + "/" + ($0._link?._name ?? "") } ?? "")
                    }.joined(separator: ";")
            },
        ]
    }

    private static func id(_ node: AnyObject?) -> String {
        node.map { "\(ObjectIdentifier($0).hashValue)" } ?? "nil"
    }

    private static func ids(_ nodes: [AnyObject]) -> String {
        "[" + nodes.map { id($0) }.joined(separator: ",") + "]"
    }

    private static func describe(_ ticket: Ticket?) -> String {
        ticket.map { id($0) + "/" + $0._title } ?? "nil"
    }

    private static func describe(_ tickets: [Ticket]) -> String {
        tickets.map { describe($0) }.joined(separator: ",")
    }

    private static func sorted(_ tickets: Set<Ticket>) -> [Ticket] {
        tickets.sorted { id($0) < id($1) }
    }

    private static func ticketIDs(_ desk: Desk) -> String {
        ids(desk._lanes) + desk._lanes.map { ids($0._tickets) }.joined(separator: ";")
    }

    private static func byName(_ desk: Desk) -> String {
        desk._ticketsByName.keys.sorted().map { "\($0)=" + describe(desk._ticketsByName[$0]) }.joined(separator: ",")
    }

    private static func lanesAll(_ desk: Desk) -> String {
        desk._lanes.map { lane in
            "\(id(lane)) \(lane._name) \(describe(lane._tickets)) f:\(describe(lane._featured)) s:\(describe(sorted(lane._starred)))"
        }.joined(separator: ";")
    }

    /// Every folder reachable (through folders and memos' links), once each (folders may hold
    /// each other in cycles), with its tickets and memo.
    private static func foldersAll(_ roots: [Folder]) -> String {
        var seen: Set<ObjectIdentifier> = []
        var lines: [String] = []
        var stack = Array(roots.reversed())
        while let folder = stack.popLast() {
            guard seen.insert(ObjectIdentifier(folder)).inserted else { continue }
            let memo = folder._memo.map { "\(id($0)) \($0._text) \(id($0._link))" } ?? "nil"
            lines.append("\(id(folder)) \(folder._name) \(ids(folder._folders)) \(describe(folder._tickets)) m:\(memo)")
            if let link = folder._memo?._link { stack.append(link) }
            stack += folder._folders.reversed()
        }
        return ids(roots) + " " + lines.joined(separator: ";")
    }

    private static func cabinetsAll(_ desk: Desk) -> String {
        desk._cabinets.map { "\(id($0)) \($0._name) \(foldersAll($0._folders))" }.joined(separator: "|")
    }

    // MARK: Steps

    /// One random step: mostly an update of one to four edits (some throwing at the end, some
    /// nesting an update that rolls back), or an undo, a redo, a pause or a resume.
    mutating func step() throws {
        stepNumber += 1
        let roll = Int.random(in: 0..<100, using: &random)
        if roll < 4 {
            togglePause()
        } else if roll < 14 || (roll < 50 && mediator.history.canRedo) {
            // Undo now and then; after an undo, as often redo as update.
            try replay(undoing: roll < 14)
        } else {
            try update()
        }
        expectWatchesAsAFullWalk()
    }

    /// Pauses a random watcher, or resumes it if it was paused.
    private mutating func togglePause() {
        let index = Int.random(in: 0..<watchers.count, using: &random)
        if paused.remove(index) != nil {
            registrations[index].resume()
            expectFirings(from: [index])
        } else {
            paused.insert(index)
            registrations[index].pause()
        }
    }

    private mutating func replay(undoing: Bool) throws {
        let history = mediator.history
        if undoing, history.canUndo {
            try history.undo()
            outcomes["undo", default: 0] += 1
        } else if !undoing, history.canRedo {
            try history.redo()
            outcomes["redo", default: 0] += 1
        }
        expectFirings()
    }

    private mutating func update() throws {
        var edits: [@MainActor (Desk) throws -> Void] = []
        for _ in 0..<Int.random(in: 1...4, using: &random) { edits.append(randomEdit()) }
        let throwsAtEnd = Int.random(in: 0..<8, using: &random) == 0
        let before = views()
        let desk = desk
        let body = { @MainActor (_: Library) throws in
            for edit in edits { try edit(desk) }
            if throwsAtEnd { throw Failure() }
        }
        var failure: (any Error)?
        do { try mediator.update(body) } catch { failure = error }
        if let failure {
            #expect(failure is Failure)
            outcomes["threw", default: 0] += 1
            let after = views()
            #expect(after == before, "a rolled-back update leaves the model as it was, \(context)")
        } else {
            outcomes["committed", default: 0] += 1
        }
        expectFirings()
    }

    private func views() -> [String] {
        watchers.map { $0.view(desk) }
    }

    /// Checks that exactly the unpaused watchers (of `candidates`, all by default) whose view
    /// differs from what they saw fired, in registration order.
    private mutating func expectFirings(from candidates: [Int]? = nil) {
        let candidates = candidates ?? Array(watchers.indices)
        var expected: [String] = []
        for index in candidates where !paused.contains(index) {
            let now = watchers[index].view(desk)
            guard now != seen[index] else { continue }
            expected.append(watchers[index].name)
            seen[index] = now
        }
        #expect(log.take() == expected, context)
        firings += expected.count
    }

    /// Checks that every unpaused registration watches what a full walk of its paths does; every
    /// tenth step also on the trackers of every node made (a slower check).
    private mutating func expectWatchesAsAFullWalk() {
        checks += 1
        let nodes: [any RippleNode] = checks % 10 == 1 ? [desk] + tickets + lanes + folders + memos + cabinets : []
        for (index, registration) in registrations.enumerated() where !paused.contains(index) {
            let differences = registration.state.watchDifferences(nodes: nodes)
            #expect(differences == [], "\(watchers[index].name), \(context)")
        }
    }

    // MARK: Edits

    /// A random edit of the desk; indices are taken modulo the counts it finds when it runs.
    private mutating func randomEdit() -> @MainActor (Desk) throws -> Void {
        let first = Int.random(in: 0..<1_000, using: &random)
        let second = Int.random(in: 0..<1_000, using: &random)
        let ticket = tickets.randomElement(using: &random)!
        let lane = lanes.randomElement(using: &random)!
        let folder = folders.randomElement(using: &random)!
        let other = folders.randomElement(using: &random)!
        let word = ["a", "b", "c"].randomElement(using: &random)!
        let maybe = Bool.random(using: &random)
        switch Int.random(in: 0..<35, using: &random) {
        case 0:
            return { desk in desk.lanes.isEmpty ? () : desk.lanes[first % desk.lanes.count].tickets.append(ticket) }
        case 1:
            let new = Ticket(number: tickets.count, title: word)
            tickets.append(new)
            return { desk in desk.lanes.isEmpty ? () : desk.lanes[first % desk.lanes.count].tickets.append(new) }
        case 2:
            return { _ in if !lane.tickets.isEmpty { lane.tickets.removeLast() } }
        case 3:
            return { _ in if !lane.tickets.isEmpty { lane.tickets.remove(at: first % lane.tickets.count) } }
        case 4:
            // A move from one lane to another (or within one).
            return { desk in
                guard !desk.lanes.isEmpty else { return }
                let from = desk.lanes[first % desk.lanes.count]
                let to = desk.lanes[second % desk.lanes.count]
                guard !from.tickets.isEmpty else { return }
                let moved = from.tickets.remove(at: second % from.tickets.count)
                to.tickets.insert(moved, at: first % (to.tickets.count + 1))
            }
        case 5:
            return { _ in if !lane.tickets.isEmpty { lane.tickets.swapAt(first % lane.tickets.count, second % lane.tickets.count) } }
        case 6:
            return { _ in lane.tickets.reverse() }
        case 7:
            return { _ in if !lane.tickets.isEmpty { lane.tickets[first % lane.tickets.count] = ticket } }
        case 8:
            let chosen = tickets.filter { _ in Int.random(in: 0..<4, using: &random) == 0 }
            return { _ in lane.tickets = chosen }
        case 9:
            return { desk in desk.lanes.append(lane) }
        case 10:
            let new = Lane(word)
            lanes.append(new)
            return { desk in desk.lanes.insert(new, at: first % (desk.lanes.count + 1)) }
        case 11:
            return { desk in if !desk.lanes.isEmpty { desk.lanes.remove(at: first % desk.lanes.count) } }
        case 12:
            return { desk in if !desk.lanes.isEmpty { desk.lanes.swapAt(first % desk.lanes.count, second % desk.lanes.count) } }
        case 13:
            return { desk in if !desk.lanes.isEmpty { desk.lanes[first % desk.lanes.count] = lane } }
        case 14:
            return { _ in lane.featured = maybe ? ticket : nil }
        case 15:
            return { _ in
                if maybe { lane.starred.insert(ticket) } else { lane.starred.remove(ticket) }
            }
        case 16:
            return { desk in desk.pinned = maybe ? ticket : nil }
        case 17:
            return { desk in desk.ticketsByName[word] = maybe ? ticket : nil }
        case 18:
            let number = maybe ? first % (tickets.count + 2) : nil
            return { desk in desk.selectedNumber = number }
        case 19, 20:
            return { _ in ticket.title = word }
        case 21:
            return { _ in lane.name = word }
        case 22:
            let new = Folder(word)
            folders.append(new)
            return { desk in desk.folders.append(maybe ? new : folder) }
        case 23:
            // Folders in folders: cycles come and go.
            return { _ in folder.folders.append(other) }
        case 24:
            return { desk in
                if maybe, !desk.folders.isEmpty { desk.folders.removeFirst() } else if !folder.folders.isEmpty { folder.folders.removeFirst() }
            }
        case 25:
            return { _ in folder.name = word }
        case 26:
            return { desk in desk.lanes = desk.lanes.reversed() }
        case 27...33:
            return randomFolderEdit(first: first, second: second, maybe: maybe, word: word)
        default:
            // A nested update that rolls back: nothing of it stays.
            let inner = [randomEdit(), randomEdit()]
            return { [mediator] desk in
                try? mediator.update { _ in
                    for edit in inner { try edit(desk) }
                    throw Failure()
                }
            }
        }
    }

    /// A random edit of the folders (a recursive class): moves into a sibling, up and down a
    /// level, into a node's own descendant (a cycle that nothing else may hold; the app
    /// rejects it now and then, throwing), tickets shared with the lanes, memos linking back.
    private mutating func randomFolderEdit(first: Int, second: Int, maybe: Bool, word: String) -> @MainActor (Desk) throws -> Void {
        let folder = folders.randomElement(using: &random)!
        let other = folders.randomElement(using: &random)!
        let ticket = tickets.randomElement(using: &random)!
        if cabinets.isEmpty || Int.random(in: 0..<8, using: &random) == 0 { cabinets.append(Cabinet(word)) }
        let cabinet = cabinets.randomElement(using: &random)!
        switch Int.random(in: 0..<10, using: &random) {
        case 0:
            return { _ in
                guard !folder.folders.isEmpty else { return }
                let moved = folder.folders.remove(at: first % folder.folders.count)
                other.folders.insert(moved, at: second % (other.folders.count + 1))
            }
        case 1:
            // Up a level: from a child of the folder (or of the desk's first folder) to the
            // folder (or the desk).
            return { desk in
                if maybe, let top = desk.folders.first, !top.folders.isEmpty {
                    desk.folders.insert(top.folders.remove(at: first % top.folders.count), at: second % (desk.folders.count + 1))
                } else if let child = folder.folders.first(where: { !$0.folders.isEmpty }) {
                    folder.folders.insert(child.folders.remove(at: first % child.folders.count), at: second % (folder.folders.count + 1))
                }
            }
        case 2:
            // Down a level: from the desk into another of its folders.
            return { desk in
                guard desk.folders.count >= 2 else { return }
                let moved = desk.folders.remove(at: first % desk.folders.count)
                desk.folders[second % desk.folders.count].folders.append(moved)
            }
        case 3:
            // Into its own descendant (or itself).
            return { desk in
                guard !desk.folders.isEmpty else { return }
                let index = first % desk.folders.count
                let moved = desk.folders[index]
                var target = moved
                for step in 0..<(second % 4) where !target.folders.isEmpty {
                    target = target.folders[(first + step) % target.folders.count]
                }
                desk.folders.remove(at: index)
                target.folders.append(moved)
                if maybe, second % 3 == 0 { throw Failure() }
            }
        case 4:
            return { _ in
                if maybe { folder.tickets.append(ticket) } else if !folder.tickets.isEmpty { folder.tickets.removeFirst() }
            }
        case 5:
            let memo = Memo(word, link: maybe ? other : nil)
            memos.append(memo)
            return { _ in folder.memo = second % 4 == 0 ? nil : memo }
        case 6:
            return { _ in folder.memo?.link = maybe ? other : nil }
        case 7:
            return { desk in
                if maybe { desk.cabinets.append(cabinet) } else if !desk.cabinets.isEmpty { desk.cabinets.removeFirst() }
            }
        case 8:
            // Between the desk and a cabinet (held from outside the folders' cycles either way).
            return { desk in
                if maybe, !desk.folders.isEmpty {
                    cabinet.folders.append(desk.folders.remove(at: first % desk.folders.count))
                } else if !cabinet.folders.isEmpty {
                    desk.folders.append(cabinet.folders.remove(at: first % cabinet.folders.count))
                }
            }
        default:
            // Into a cabinet that leaves in the same update: what it gained is no longer held.
            return { desk in
                guard !desk.folders.isEmpty else { return }
                cabinet.folders.append(desk.folders.remove(at: first % desk.folders.count))
                desk.cabinets.removeAll { $0 === cabinet }
            }
        }
    }
}
