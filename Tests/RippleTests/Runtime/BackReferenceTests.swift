@_spi(RippleGenerated) @testable import Ripple
import Testing

/// Back references (to the root, to a node's own ancestors) set, cleared and set again, where
/// the runtime counts places or follows parents: a `.all` region keeps its top node and follows
/// the root in and out exactly as a full walk would, and validation still finds the ancestors of
/// a written node.
@MainActor
@Suite struct BackReferenceTests {
    @Test(arguments: DocumentRootTests.shapes)
    func aRegionOverTheRootKeepsItWhenABackReferenceToItIsCleared(shape: DocumentRootTests.Shape) throws {
        let mediator = Mediator(root: makeLibrary())
        let log = EventLog()
        let everything = mediator.observe("all", reads: [Library.scheme.all]) { _ in log.append("all") }
        let shelves = mediator.observe("shelves", reads: [Library.scheme.shelves.all]) { _ in log.append("shelves") }
        mediator.refresh()
        _ = log.take()
        let library = mediator.root
        let nodes: [any RippleNode] = [library] + library._shelves
        func expectWatchesAsAFullWalk(_ step: String) {
            for registration in [everything, shelves] {
                #expect(registration.state.watchDifferences(nodes: nodes) == [], "\(step): \(registration.name)")
            }
        }
        try mediator.update { library in shape.set(library.shelves[0], library) }
        #expect(log.take() == ["all", "shelves"])
        try mediator.update { $0.userID = 1 }
        #expect(log.take() == ["all", "shelves"], "the root is under the shelves now")
        expectWatchesAsAFullWalk("set")
        try mediator.update { library in shape.clear(library.shelves[0], library) }
        #expect(log.take() == ["all", "shelves"])
        try mediator.update { $0.userID = 2 }
        #expect(log.take() == ["all"], "the root is the top of the first region, and no longer under the shelves")
        expectWatchesAsAFullWalk("cleared")
        try mediator.update { library in shape.set(library.shelves[1], library) }
        try mediator.update { $0.shelves.remove(at: 1) }
        _ = log.take()
        try mediator.update { $0.userID = 3 }
        #expect(log.take() == ["all"], "the shelf holding the reference left: so did the root, from under the shelves")
        expectWatchesAsAFullWalk("the shelf holding it removed")
        try mediator.history.undo()
        try mediator.history.undo()
        #expect(mediator.root.shelves.count == 3 && mediator.root.userID == 2)
        _ = log.take()
        try mediator.update { $0.userID = 4 }
        #expect(log.take() == ["all", "shelves"])
        expectWatchesAsAFullWalk("undone")
    }

    @Test func aRegionKeepsItsTopWhenADescendantsReferenceToItIsCleared() throws {
        let library = makeLibrary()
        let top = library._shelves[0]
        let child = Shelf(id: 10, title: "child")
        let grandchild = Shelf(id: 11, title: "grandchild")
        top.children = [child]
        child.children = [grandchild]
        library.pinned = top
        let mediator = Mediator(root: library)
        let log = EventLog()
        let pinned = mediator.observe("pinned", reads: [Library.scheme.pinned.all]) { _ in log.append("pinned") }
        mediator.refresh()
        _ = log.take()
        let edits: [(String, @MainActor () -> Void)] = [
            ("parent", { grandchild.parent = top }), ("no parent", { grandchild.parent = nil }),
            ("ancestors", { grandchild.ancestors = [child, top] }), ("no ancestors", { grandchild.ancestors = [] }),
            ("keyed", { grandchild.ancestorsByKey = ["top": top] }), ("not keyed", { grandchild.ancestorsByKey = [:] }),
            ("set", { grandchild.ancestorSet = [top, child] }), ("no set", { grandchild.ancestorSet.remove(top) }),
            ("itself", { top.parent = top }), ("not itself", { top.parent = nil }),
        ]
        for (name, edit) in edits {
            try mediator.update { _ in edit() }
            _ = log.take()
            try mediator.update { _ in top.title = "after \(name)" }
            #expect(log.take() == ["pinned"], "after '\(name)' the top is still watched")
            try mediator.update { _ in grandchild.title = "after \(name)" }
            #expect(log.take() == ["pinned"], "after '\(name)' the grandchild is still watched")
            #expect(pinned.state.watchDifferences(nodes: [library, top, child, grandchild]) == [], "after '\(name)'")
        }
    }

    @Test func validationFindsTheAncestorsOfAWrittenNodeWhoseBackReferenceCameAndWent() throws {
        let (mediator, slices) = try makeChart()
        let chart = mediator.root.chart
        // The links are made by the first update that needs ancestors.
        try mediator.update { _ in slices[0].label = "first" }
        for round in 0..<3 {
            try mediator.update { _ in
                slices[0].chart = chart
                slices[1].chart = chart
            }
            #expect(throws: Chart.Problem.totalIsNot100(110), "round \(round), set") {
                try mediator.update { _ in slices[1].percent = 50 }
            }
            try mediator.update { _ in slices[0].chart = nil }
            #expect(throws: Chart.Problem.totalIsNot100(110), "round \(round), one cleared") {
                try mediator.update { _ in slices[0].percent = 70 }
            }
            try mediator.update { _ in slices[1].chart = nil }
            #expect(throws: Chart.Problem.totalIsNot100(110), "round \(round), both cleared") {
                try mediator.update { _ in slices[1].percent = 50 }
            }
        }
        try mediator.history.undo()
        #expect(slices[1].chart === chart && slices[0].chart == nil)
        #expect(throws: Chart.Problem.totalIsNot100(110), "after undo") {
            try mediator.update { _ in slices[1].percent = 50 }
        }
        #expect(slices.map(\.percent) == [60, 40])
    }
}
