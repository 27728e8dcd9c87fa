@_spi(RippleGenerated) @testable import Ripple
import Testing

/// What a mediator knows of its model's nodes, in examples: the root stays whatever holds it
/// back, a subtree that points back at its parent leaves with it, listeners hear parents first
/// and nothing that came and went, and each change costs what it changed.
@MainActor
@Suite struct ModelMembershipTests {
    /// Follows one write of member `member` of `node`, made by `write`, as a journal hands it over.
    private func follow<Node: RippleNode, Value>(
        _ counter: ModelPlaceCounter, _ node: Node, _ member: Int, _ keyPath: ReferenceWritableKeyPath<Node, Value>,
        _ write: (Node) -> Void
    ) -> ModelPlaceCounter.Change {
        let old = node[keyPath: keyPath]
        write(node)
        return counter.follow([JournalEntry(node: node, member: member, old: old)][...])
    }

    @Test func theRootStaysInWhateverHoldsItBack() {
        let root = Folder("root")
        let child = Folder("child")
        root.folders = [child]
        child.folders = [root]
        let counter = ModelPlaceCounter(root: root, marksMembership: false)
        counter.collectsChanges = true
        #expect(counter.contains(root) && counter.contains(child) && counter.count == 2)
        var change = follow(counter, child, Folder.RippleKey.folders, \._folders) { $0.folders = [] }
        #expect(change.isEmpty && counter.contains(root), "a back reference to the root set to nil")
        change = follow(counter, root, Folder.RippleKey.folders, \._folders) { $0.folders = [] }
        #expect(change.left.map { ObjectIdentifier($0) } == [ObjectIdentifier(child)])
        #expect(counter.contains(root) && !counter.contains(child) && counter.count == 1)
    }

    @Test func aSubtreeThatPointsBackAtItsParentLeavesWithItAndComesBackWithIt() {
        let desk = Desk()
        let parent = Folder("parent")
        let children = (0..<3).map { Folder("child \($0)") }
        desk.folders = [parent]
        parent.folders = children
        for child in children { child.folders = [parent] }   // each knows its parent
        let counter = ModelPlaceCounter(root: desk, marksMembership: false)
        counter.collectsChanges = true
        #expect(counter.count == 5)
        var change = follow(counter, desk, Desk.RippleKey.folders, \._folders) { $0.folders = [] }
        #expect(Set(change.left.map { ObjectIdentifier($0) }) == Set(([parent] + children).map { ObjectIdentifier($0) }))
        #expect(counter.count == 1 && !counter.contains(parent) && children.allSatisfy { !counter.contains($0) })
        change = follow(counter, desk, Desk.RippleKey.folders, \._folders) { $0.folders = [parent] }
        #expect(change.entered.map { ObjectIdentifier($0) } == ([parent] + children).map { ObjectIdentifier($0) }, "parents first")
        #expect(counter.count == 5)
    }

    @Test func aListenerHearsWhatEnteredAndLeftAndNothingThatCameAndWentInOneDelivery() throws {
        let library = makeLibrary()
        let mediator = Mediator(root: library)
        let log = MembershipLog()
        var changes: [ModelPlaceCounter.Change] = []
        let listener = ChangeRecorder { changes.append($0) }
        mediator.core.membership.addListener(listener)
        mediator.core.membership.addListener(log)
        log.inside = Set(reachablePlaces(from: library, children: LibraryMembershipRun.children).keys)
        let child = Shelf(id: 10, title: "child")
        let added = Shelf(id: 11, title: "added")
        added.children = [child]
        try mediator.update { $0.shelves.append(added) }
        #expect(changes.count == 1 && changes[0].entered.map { ObjectIdentifier($0) } == [ObjectIdentifier(added), ObjectIdentifier(child)])
        changes.removeAll()
        // The new node enters through a shelf that leaves in the same update: neither entered.
        let passing = Shelf(id: 12, title: "passing")
        try mediator.update { library in
            library.shelves[3].children.append(passing)
            library.shelves.removeLast()
        }
        #expect(changes.count == 1 && changes[0].entered.isEmpty)
        #expect(Set(changes[0].left.map { ObjectIdentifier($0) }) == [ObjectIdentifier(added), ObjectIdentifier(child)])
        changes.removeAll()
        // Rolled back: nothing moved.
        #expect(throws: Failure.self) {
            try mediator.update { library in
                library.shelves = []
                throw Failure()
            }
        }
        #expect(changes.isEmpty && mediator.core.membership.contains(library._shelves[0]))
        mediator.core.membership.removeListener(listener)
        try mediator.update { $0.shelves = [] }
        #expect(changes.isEmpty && log.left == 5 && log.problems.isEmpty)
    }

    @Test func aProcessorsStructuralWritesAreHeardInTheRefreshThatMakesThem() throws {
        let library = makeLibrary()
        let mediator = Mediator(root: library)
        let made = Shelf(id: 7, title: "made")
        var heard: [String] = []
        let listener = ChangeRecorder { change in heard += change.entered.compactMap { ($0 as? Shelf)?.title } }
        mediator.core.membership.addListener(listener)
        let processor = try mediator.process("pin", reads: [Library.scheme.userID], writes: [Library.scheme.pinned]) { library in
            if library.userID == 1 { library.pinned = made }
        }
        let observer = mediator.observe("after", reads: [Library.scheme.pinned]) { _ in
            heard.append("observer")
        }
        mediator.refresh()
        heard.removeAll()
        try mediator.update { $0.userID = 1 }
        #expect(heard == ["made", "observer"], "the processor's write delivered (and heard) before the observer runs")
        _ = (processor, observer)
    }

    @Test func aMoveToAParentNoDeeperCostsTheMoveAndADeeperOneTheNodesBelow() throws {
        let library = makeLibrary(shelves: 2)
        // Shelf 0 holds a chain of 1,000 shelves.
        let chain = (0..<1_000).map { Shelf(id: 100 + $0, title: "link") }
        for index in 0..<(chain.count - 1) { chain[index].children = [chain[index + 1]] }
        library._shelves[0].children = [chain[0]]
        let mediator = Mediator(root: library)
        let counter = mediator.core.membership.counter
        let placesBefore = counter.placesCounted
        try mediator.update { library in library.shelves[1].children.append(library.shelves[0].children.removeFirst()) }
        #expect(counter.nodesInDoubt == 0 && counter.placesCounted - placesBefore == 2, "a sibling parent: the move alone")
        try mediator.update { library in library.shelves.append(library.shelves[1].children.removeFirst()) }
        #expect(counter.nodesInDoubt == 0, "up a level")
        try mediator.update { library in library.shelves[1].children.append(library.shelves.removeLast()) }
        #expect(counter.nodesInDoubt == 0, "and back")
        // Under its own grandchild's sibling, deeper than it was: the chain takes new labels.
        let deeper = Shelf(id: 5, title: "deeper")
        try mediator.update { library in library.shelves[0].children = [deeper] }
        try mediator.update { library in deeper.children.append(library.shelves[1].children.removeFirst()) }
        #expect(counter.nodesRelabeled == chain.count && counter.nodesInDoubt == chain.count)
        #expect(chain.allSatisfy { mediator.core.membership.contains($0) })
        // Detached: the chain leaves, at the cost of the chain.
        let doubted = counter.nodesInDoubt
        try mediator.update { _ in deeper.children = [] }
        #expect(counter.nodesInDoubt - doubted == chain.count && chain.allSatisfy { !mediator.core.membership.contains($0) })
    }

    @Test func anEditOfALargeModelThatMovesNoNodeCountsNothing() throws {
        let library = makeLibrary(shelves: 10_000)
        let mediator = Mediator(root: library)
        #expect(mediator.core.membership.count == 10_000 + 4, "the shelves, the library, its catalog, job and chart")
        let counter = mediator.core.membership.counter
        let counted = counter.placesCounted
        for index in 0..<100 { try mediator.update { $0.shelves[index].title = "edited" } }
        try mediator.update { $0.shelves.append(Shelf(id: -1, title: "one more")) }
        #expect(counter.placesCounted - counted == 1 && counter.nodesInDoubt == 0)
    }

    @Test func twoMediatorsOfOneRootEachCountTheirModelAndNeitherBreaks() throws {
        let library = makeLibrary()
        let first = Mediator(root: library)
        let second = Mediator(root: library)
        second.implicitUpdates = false
        let shelves = library._shelves
        let shelf = shelves[2]
        #expect(first.core.membership.contains(shelf) && second.core.membership.contains(shelf))
        #expect(shelf._rippleTracker.modelMemberships == 2)
        try first.update { $0.shelves.removeLast() }
        #expect(!first.core.membership.contains(shelf), "the mediator that moved it knows")
        // The other learns nothing of the first's updates: it keeps the write for its next
        // refresh, journaled as never undone, and nothing breaks.
        shelf.title = "written outside"
        second.refresh()
        #expect(!second.history.canUndo && second.hasUnsavedChanges)
        try second.update { $0.shelves.append(shelf) }
        try first.update { $0.shelves.removeAll() }
        #expect(second.core.membership.contains(library) && first.core.membership.contains(library))
        let pool: [any RippleNode] = [library] + shelves
        #expect(membershipDifferences(first.core.membership.counter, pool: pool, children: LibraryMembershipRun.children) == [])
    }

    private struct Failure: Error {}
}

/// Hands each change to a closure.
final class ChangeRecorder: ModelMembershipListener {
    let body: (ModelPlaceCounter.Change) -> Void

    init(_ body: @escaping (ModelPlaceCounter.Change) -> Void) {
        self.body = body
    }

    func modelDidChange(_ change: ModelPlaceCounter.Change) {
        body(change)
    }
}
