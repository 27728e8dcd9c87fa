@testable import Ripple

/// Random local updates of every shape on a replica of the test library: values, strings,
/// sets, dictionaries, nodes made, removed, reordered and moved across parents (into the
/// children of any shelf but its own descendants: concurrent moves make those), back
/// references, undo and redo.
@MainActor
final class ReplicaFuzzing {
    var random: SeededGenerator
    /// How many operations of each kind ran.
    private(set) var counts: [String: Int] = [:]
    /// The last update's edits, by kind (what a failure names).
    private(set) var lastEdits: [String] = []

    /// Whether shelves are also referenced from registers and dictionaries (back references,
    /// `pinned`, `shelvesByKey`) and steps undone: what makes a node shared while it moves.
    let sharesNodes: Bool

    init(seed: UInt64, sharesNodes: Bool) {
        random = SeededGenerator(state: seed)
        self.sharesNodes = sharesNodes
    }

    func chance(_ percent: Int) -> Bool {
        Int.random(in: 0..<100, using: &random) < percent
    }

    func index(_ count: Int) -> Int {
        Int.random(in: 0..<count, using: &random)
    }

    private func word() -> String {
        ["a", "b", "c", "d", "e", "f", "g", "h"][index(8)] + String(index(100))
    }

    /// The shelves the library holds in its arrays (its shelves, their children), each once.
    static func shelves(of library: Library) -> [Shelf] {
        var result: [Shelf] = []
        var seen: Set<ObjectIdentifier> = []
        var pending = library.shelves.reversed() as [Shelf]
        while let shelf = pending.popLast() {
            guard seen.insert(ObjectIdentifier(shelf)).inserted else { continue }
            result.append(shelf)
            pending.append(contentsOf: shelf.children.reversed())
        }
        return result
    }

    /// Whether `shelf` is `ancestor` or below it, through children.
    static func isWithin(_ shelf: Shelf, _ ancestor: Shelf) -> Bool {
        var pending = [ancestor]
        var seen: Set<ObjectIdentifier> = []
        while let next = pending.popLast() {
            if next === shelf { return true }
            guard seen.insert(ObjectIdentifier(next)).inserted else { continue }
            pending.append(contentsOf: next.children)
        }
        return false
    }

    /// One local update of one to three random edits, or an undo or a redo.
    func edit(_ replica: Mediator<Library>) throws {
        lastEdits = []
        if sharesNodes, chance(8), replica.history.canUndo {
            counts["undo", default: 0] += 1
            lastEdits = ["undo"]
            return try replica.history.undo()
        }
        if sharesNodes, chance(5), replica.history.canRedo {
            counts["redo", default: 0] += 1
            lastEdits = ["redo"]
            return try replica.history.redo()
        }
        let edits = 1 + index(3)
        try replica.update(undoName: "Edit") { library in
            for _ in 0..<edits { self.edit(library) }
        }
    }

    private func edit(_ library: Library) {
        let shelves = Self.shelves(of: library)
        var kind = index(12)
        if !sharesNodes, [9, 10, 11].contains(kind) { kind = [0, 3, 4][kind - 9] }
        lastEdits.append(["value", "title", "entries", "tags", "scores", "make", "remove", "move", "reorder", "byKey", "pinned", "back"][kind])
        counts[["value", "title", "entries", "tags", "scores", "make", "remove", "move", "reorder", "byKey", "pinned", "back"][kind], default: 0] += 1
        switch kind {
        case 0:
            library.userID = index(1_000)
        case 1 where !shelves.isEmpty:
            shelves[index(shelves.count)].title = word()
        case 2 where !shelves.isEmpty:
            let shelf = shelves[index(shelves.count)]
            if chance(60) || shelf.entries.isEmpty {
                shelf.entries.insert(word(), at: index(shelf.entries.count + 1))
            } else {
                shelf.entries.remove(at: index(shelf.entries.count))
            }
        case 3:
            if chance(60) { library.catalog.tags.insert(word()) } else if let tag = library.catalog.tags.sorted().first { library.catalog.tags.remove(tag) }
        case 4:
            let key = ["x", "y", "z", "w"][index(4)]
            if chance(60) { library.scores[key] = index(100) } else { library.scores[key] = nil }
        case 5:
            let shelf = Shelf(id: index(1_000), title: word())
            if shelves.isEmpty || chance(50) {
                library.shelves.insert(shelf, at: index(library.shelves.count + 1))
            } else {
                let parent = shelves[index(shelves.count)]
                parent.children.insert(shelf, at: index(parent.children.count + 1))
            }
        case 6 where !shelves.isEmpty:
            let shelf = shelves[index(shelves.count)]
            remove(shelf, from: library, shelves)
        case 7 where !shelves.isEmpty:
            let shelf = shelves[index(shelves.count)]
            let destinations = shelves.filter { !Self.isWithin($0, shelf) }
            remove(shelf, from: library, shelves)
            if destinations.isEmpty || chance(30) {
                library.shelves.insert(shelf, at: index(library.shelves.count + 1))
            } else {
                let parent = destinations[index(destinations.count)]
                parent.children.insert(shelf, at: index(parent.children.count + 1))
            }
        case 8 where library.shelves.count > 1:
            let shelf = library.shelves.remove(at: index(library.shelves.count))
            library.shelves.insert(shelf, at: index(library.shelves.count + 1))
        case 9:
            let key = ["p", "q"][index(2)]
            library.shelvesByKey[key] = shelves.isEmpty || chance(30) ? nil : shelves[index(shelves.count)]
        case 10:
            library.pinned = shelves.isEmpty || chance(30) ? nil : shelves[index(shelves.count)]
        case 11 where !shelves.isEmpty:
            let shelf = shelves[index(shelves.count)]
            if chance(50) { shelf.parent = chance(30) ? nil : shelves[index(shelves.count)] } else { shelf.library = chance(50) ? library : nil }
        default:
            library.userID += 1
        }
    }

    /// Takes `shelf` out of every array that holds it.
    private func remove(_ shelf: Shelf, from library: Library, _ shelves: [Shelf]) {
        library.shelves.removeAll { $0 === shelf }
        for holder in shelves where holder.children.contains(where: { $0 === shelf }) { holder.children.removeAll { $0 === shelf } }
    }
}
