@_spi(RippleGenerated) @testable import Ripple
import Testing

/// Moves in a recursive model (folders holding folders) under an observer of every depth
/// (`.all`): followed exactly, at the cost of what moved, never by walking the paths again.
@MainActor
@Suite struct RecursiveMoveTests {
    /// A desk of 40 top-level folders, each holding 3 that hold 2 (360 folders), and a cabinet,
    /// observed through `folders.all` and `cabinets.all`.
    @MainActor
    struct Outline {
        let mediator = Mediator(root: makeLibrary())
        let desk = Desk()
        let cabinet = Cabinet("cabinet")
        let log = EventLog()
        let registration: Registration

        init() {
            desk.folders = (0..<40).map { top in
                let folder = Folder("\(top)")
                folder.folders = (0..<3).map { middle in
                    let child = Folder("\(top).\(middle)")
                    child.folders = (0..<2).map { Folder("\(top).\(middle).\($0)") }
                    return child
                }
                return folder
            }
            desk.cabinets = [cabinet]
            let log = log
            registration = mediator.observe("outline", on: desk, reads: [Desk.scheme.folders.all, Desk.scheme.cabinets.all]) { _ in
                log.append("outline")
            }
            mediator.refresh()
            _ = log.take()
        }

        var watches: Watches { registration.state.watches }

        /// Every folder below the desk and the cabinet, and the cabinet.
        var nodes: [any RippleNode] {
            var nodes: [any RippleNode] = [desk, cabinet]
            var stack = desk._folders + cabinet._folders
            var seen: Set<ObjectIdentifier> = []
            while let folder = stack.popLast() {
                guard seen.insert(ObjectIdentifier(folder)).inserted else { continue }
                nodes.append(folder)
                stack += folder._folders
            }
            return nodes
        }

        /// Runs `body` in an update, then checks that the observer fired, watches what a full
        /// walk would, walked nothing again and searched `searched` nodes for cycles; then the
        /// same for its undo (`undone` nodes searched; `searched` when nil) and its redo.
        func expectFollowed(
            searching searched: Int, undo undone: Int? = nil, _ body: @escaping @MainActor () -> Void,
            sourceLocation: SourceLocation = #_sourceLocation
        ) throws {
            for step in ["update", "undo", "redo"] {
                let before = watches.nodesSearchedForCycles
                switch step {
                case "update": try mediator.update { _ in body() }
                case "undo": try mediator.history.undo()
                default: try mediator.history.redo()
                }
                #expect(log.take() == ["outline"], "\(step)", sourceLocation: sourceLocation)
                #expect(registration.state.watchDifferences(nodes: nodes) == [], "\(step)", sourceLocation: sourceLocation)
                #expect(watches.fullWalks == 1, "\(step): no walk from the start", sourceLocation: sourceLocation)
                let expected = step == "undo" ? undone ?? searched : searched
                #expect(watches.nodesSearchedForCycles - before == expected, "\(step)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func aFolderMovedUnderAnotherFolderSearchesOnlyWhatMoved() throws {
        let outline = Outline()
        let (from, to) = (outline.desk._folders[5], outline.desk._folders[9])
        // Removed first, then inserted; and the other way round: either change may be followed first.
        try outline.expectFollowed(searching: 3) { to.folders.append(from.folders.removeFirst()) }
        try outline.expectFollowed(searching: 3) {
            let moved = to.folders.last!
            from.folders.insert(moved, at: 0)
            to.folders.removeLast()
        }
    }

    @Test func aFolderMovedUpALevelAndBackSearchesOnlyWhatMoved() throws {
        let outline = Outline()
        let top = outline.desk._folders[3]
        try outline.mediator.update { _ in outline.cabinet.folders.append(top) }
        _ = outline.log.take()
        // Up to the cabinet, a node of another class in the region: nothing to search; back
        // under the folder: the 3 folders that moved.
        try outline.expectFollowed(searching: 0, undo: 3) { outline.cabinet.folders.append(top.folders.remove(at: 1)) }
        // A folder up from under a folder to under the folder above: the one folder.
        let middle = top._folders[0]
        try outline.expectFollowed(searching: 1) { top.folders.append(middle.folders.removeFirst()) }
        // Up to the desk's folders, which a path holds (not a node): the 2 folders that moved
        // (the middle one gave a folder away above).
        try outline.expectFollowed(searching: 2) { outline.desk.folders.append(top.folders.removeFirst()) }
    }

    @Test func aFolderMovedIntoACabinetIsHeldFromOutsideItsCycles() throws {
        let outline = Outline()
        let folder = outline.desk._folders[7]
        // Back to the desk's folders (a path holds them), the 10 folders that moved are searched.
        try outline.expectFollowed(searching: 0, undo: 10) {
            outline.cabinet.folders.append(folder)
            outline.desk.folders.removeAll { $0 === folder }
        }
    }

    @Test func aFolderMovedIntoItsOwnDescendantLeavesWithWhatOnlyItHeld() throws {
        let outline = Outline()
        let moved = outline.desk._folders[2]
        let grandchild = moved._folders[0]._folders[1]
        let ticket = Ticket(number: 1, title: "t")
        try outline.mediator.update { _ in
            moved.tickets = [ticket]
            moved.name = "watched"
        }
        _ = outline.log.take()
        // The cycle moved -> ... -> grandchild -> moved is held by nothing else: 10 folders leave
        // (and come back with the undo, with nothing to search).
        try outline.expectFollowed(searching: 10, undo: 0) {
            outline.desk.folders.remove(at: 2)
            grandchild.folders.append(moved)
        }
        try outline.mediator.history.undo()
        _ = outline.log.take()
        try outline.mediator.update { _ in grandchild.folders.append(moved) }
        _ = outline.log.take()
        try outline.mediator.update { _ in outline.desk.folders.remove(at: 2) }
        #expect(outline.log.take() == ["outline"])
        for node in [moved, grandchild] as [any RippleNode] + [ticket] {
            #expect(!outline.watches.isInRegion(node._rippleTracker))
        }
        try outline.mediator.update { _ in
            moved.name = "unwatched"
            ticket.title = "unwatched"
        }
        #expect(outline.log.take() == [], "what only the cycle holds is no longer watched")
        #expect(outline.registration.state.watchDifferences(nodes: outline.nodes + [moved, grandchild, ticket]) == [])
        #expect(outline.watches.fullWalks == 1)
    }

    @Test func aCycleHeldFromElsewhereStays() throws {
        let outline = Outline()
        let moved = outline.desk._folders[4]
        let child = moved._folders[2]
        try outline.mediator.update { _ in outline.cabinet.folders.append(moved) }
        _ = outline.log.take()
        try outline.expectFollowed(searching: 10) {
            outline.desk.folders.remove(at: 4)
            child.folders.append(moved)
        }
        try outline.mediator.update { _ in moved.name = "still held by the cabinet" }
        #expect(outline.log.take() == ["outline"])
    }

    @Test func aMoveTheAppRejectsChangesNothing() throws {
        struct Rejected: Error {}
        let outline = Outline()
        let moved = outline.desk._folders[1]
        #expect(throws: Rejected.self) {
            try outline.mediator.update { _ in
                outline.desk.folders.remove(at: 1)
                moved.folders[0].folders.append(moved)
                throw Rejected()
            }
        }
        #expect(outline.log.take() == [])
        try outline.mediator.update { _ in moved.name = "renamed" }
        #expect(outline.log.take() == ["outline"])
        #expect(outline.registration.state.watchDifferences(nodes: outline.nodes) == [])
        #expect(outline.watches.fullWalks == 1 && outline.watches.nodesSearchedForCycles == 0)
    }
}
