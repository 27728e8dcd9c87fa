import Foundation
@testable import Ripple
import Testing

/// Seeded random updates of a recursive model (shelves holding shelves, a shelf pinned as well,
/// shelves detached, moved, attached again) under a per-node processor (a shelf's title from its
/// entries) and a per-node observer (a shelf's title and everything below it, `.all`): after each
/// update, the nodes each fired for are exactly those a plain reference finds, the nodes in the
/// model whose read values differ from what they held when the node last fired, and those that
/// were not in the model at the previous refresh. Each fires once per node, and a root reader of
/// the titles sees them all derived.
@MainActor
@Suite struct ForEachPropertyTests {
    @Test(arguments: [1, 2, 3, 5, 8])
    func perNodeRegistrationsFireForExactlyTheNodesAReferenceFinds(seed: UInt64) throws {
        var run = try PerNodeRun(seed: seed)
        for _ in 0..<400 { try run.step() }
        #expect(run.mediator.violations == [])
        #expect(run.firingsChecked > 500)
        #expect(run.entered > 50 && run.left > 50, "the mix moves nodes in and out")
    }
}

/// What one node's registrations read, as plain values read from storage (no tracking).
private struct Seen: Equatable {
    /// The processor reads `entries`.
    var entries: [String]
    /// The observer reads `title` and `children.all`: every member of every shelf below.
    var titleAndBelow: [String]

    @MainActor
    init(_ shelf: Shelf) {
        entries = shelf._entries
        titleAndBelow = [shelf._title]
        var stack = shelf._children
        // Depth first, in order: identities and values of every shelf below.
        stack.reverse()
        while let next = stack.popLast() {
            titleAndBelow.append("\(ObjectIdentifier(next).hashValue) \(next._title) \(next._entries) \(next._children.count)")
            stack.append(contentsOf: next._children.reversed())
        }
    }
}

@MainActor
private struct PerNodeRun {
    var generator: SeededGenerator
    let library = Library()
    let mediator: Mediator<Library>
    /// Every shelf the run made.
    var pool: [Shelf] = []
    /// The firings of the refresh that runs, by node.
    let fired = FiredNodes()
    var registrations: [Registration] = []
    /// The values each node saw when it last fired, per registration; nodes in the model at the
    /// last refresh.
    var processorSeen: [ObjectIdentifier: [String]] = [:]
    var observerSeen: [ObjectIdentifier: Seen] = [:]
    var inModel: Set<ObjectIdentifier> = []
    var firingsChecked = 0
    var entered = 0
    var left = 0

    init(seed: UInt64) throws {
        generator = SeededGenerator(state: seed)
        for id in 0..<6 {
            let shelf = Shelf(id: id, title: "")
            pool.append(shelf)
            if id < 4 { library.shelves.append(shelf) } else { library._shelves[id - 4].children.append(shelf) }
        }
        mediator = Mediator(root: library)
        mediator.contracts = Contracts(.record)
        let fired = fired
        registrations.append(
            try mediator.process("title", forEach: Shelf.self, reads: [Shelf.scheme.entries], writes: [Shelf.scheme.title]) {
                shelf in
                shelf.title = "n=\(shelf.entries.count)"
                fired.processor.append(ObjectIdentifier(shelf))
            })
        registrations.append(
            mediator.observe("below", forEach: Shelf.self, reads: [Shelf.scheme.title, Shelf.scheme.children.all]) { shelf in
                fired.observer.append(ObjectIdentifier(shelf))
            })
        registrations.append(
            mediator.observe("titles", reads: [Library.scheme.shelves.all, Library.scheme.pinned.all]) { library in
                // Every processor firing of the refresh came before this reader.
                fired.processorsBeforeRoot = fired.processor.count
                _ = library.shelves.map(\.title)
            })
        mediator.refresh()
        try check()
    }

    /// The shelves in the model, by a plain walk.
    func modelShelves() -> [Shelf] {
        var seen: Set<ObjectIdentifier> = []
        var found: [Shelf] = []
        var stack = library._shelves + [library._pinned].compactMap { $0 }
        while let shelf = stack.popLast() {
            guard seen.insert(ObjectIdentifier(shelf)).inserted else { continue }
            found.append(shelf)
            stack.append(contentsOf: shelf._children)
        }
        return found
    }

    func isBelow(_ shelf: Shelf, _ ancestor: Shelf) -> Bool {
        var stack = ancestor._children
        while let next = stack.popLast() {
            if next === shelf { return true }
            stack.append(contentsOf: next._children)
        }
        return false
    }

    mutating func pick<T>(_ items: [T]) -> T? {
        items.isEmpty ? nil : items[Int(generator.next() % UInt64(items.count))]
    }

    /// One random change of the model, in an update.
    mutating func change(_ library: Library) {
        let shelves = modelShelves()
        switch generator.next() % 9 {
        case 0, 1:
            // An edit, sometimes of an equal value; sometimes of a shelf out of the model.
            if let shelf = pick(generator.next() % 4 == 0 ? pool : shelves) {
                shelf.entries = generator.next() % 3 == 0 ? shelf.entries : shelf.entries + ["e\(generator.next() % 5)"]
            }
        case 2:
            // A new shelf, sometimes holding one, at the top or below a shelf.
            let shelf = Shelf(id: pool.count, title: "")
            pool.append(shelf)
            if generator.next() % 2 == 0 {
                let inner = Shelf(id: pool.count, title: "")
                pool.append(inner)
                shelf.children = [inner]
            }
            if let parent = pick(shelves), generator.next() % 2 == 0 { parent.children.append(shelf) } else { library.shelves.append(shelf) }
        case 3:
            // Detached, from the top or from below a shelf.
            if generator.next() % 2 == 0, !library.shelves.isEmpty {
                library.shelves.remove(at: Int(generator.next() % UInt64(library.shelves.count)))
            } else if let parent = pick(shelves.filter { !$0.children.isEmpty }) {
                parent.children.removeLast()
            }
        case 4:
            // Moved: out of its place and into another in the same update (never below itself).
            guard let shelf = pick(shelves) else { return }
            if let index = library.shelves.firstIndex(where: { $0 === shelf }) { library.shelves.remove(at: index) }
            for parent in shelves where parent.children.contains(where: { $0 === shelf }) {
                parent.children.removeAll { $0 === shelf }
            }
            if let parent = pick(shelves.filter { $0 !== shelf && !isBelow($0, shelf) }) {
                parent.children.insert(shelf, at: 0)
            } else {
                library.shelves.insert(shelf, at: 0)
            }
        case 5:
            // Pinned (in two places when it is also in the model elsewhere), or unpinned.
            library.pinned = generator.next() % 3 == 0 ? nil : pick(pool)
        case 6:
            // A shelf made earlier attached again.
            if let shelf = pick(pool), !isBelow(shelf, shelf), shelves.allSatisfy({ !isBelow($0, shelf) || $0 === shelf }) {
                library.shelves.append(shelf)
            }
        case 7:
            // Out and back in the same update: nothing entered or left.
            if let shelf = library.shelves.last {
                library.shelves.removeLast()
                library.shelves.append(shelf)
                shelf.title = shelf.title
            }
        default:
            // A title written by hand (the observer reads it; the processor does not).
            if let shelf = pick(shelves) { shelf.title = "hand \(generator.next() % 2)" }
        }
    }

    mutating func step() throws {
        let count = 1 + Int(generator.next() % 3)
        // The closure changes a copy (it cannot capture `self` inout), kept afterwards.
        var this = self
        try mediator.update { library in
            for _ in 0..<count { this.change(library) }
        }
        self = this
        try check()
    }

    /// Compares who fired in the refresh that ran with what the reference expects, and keeps
    /// what each node saw.
    mutating func check() throws {
        let shelves = modelShelves()
        let now = Set(shelves.map(ObjectIdentifier.init))
        entered += now.subtracting(inModel).count
        left += inModel.subtracting(now).count
        var expectedProcessor: Set<ObjectIdentifier> = []
        var expectedObserver: Set<ObjectIdentifier> = []
        for shelf in shelves {
            let id = ObjectIdentifier(shelf)
            let isNew = !inModel.contains(id)
            let seen = Seen(shelf)
            if isNew || processorSeen[id] != seen.entries { expectedProcessor.insert(id) }
            if isNew || observerSeen[id] != seen { expectedObserver.insert(id) }
        }
        #expect(fired.processor.count == Set(fired.processor).count, "each node fires once per refresh")
        #expect(fired.observer.count == Set(fired.observer).count, "each node fires once per refresh")
        #expect(Set(fired.processor) == expectedProcessor)
        #expect(Set(fired.observer) == expectedObserver)
        #expect(fired.processorsBeforeRoot.map { $0 == fired.processor.count } != false, "the root reader runs after every node's processor")
        firingsChecked += fired.processor.count + fired.observer.count
        for shelf in shelves {
            let seen = Seen(shelf)
            processorSeen[ObjectIdentifier(shelf)] = seen.entries
            observerSeen[ObjectIdentifier(shelf)] = seen
        }
        inModel = now
        fired.processor.removeAll()
        fired.observer.removeAll()
        fired.processorsBeforeRoot = nil
    }
}

/// The nodes registrations fired for, in order.
@MainActor
private final class FiredNodes {
    var processor: [ObjectIdentifier] = []
    var observer: [ObjectIdentifier] = []
    var processorsBeforeRoot: Int?
}
