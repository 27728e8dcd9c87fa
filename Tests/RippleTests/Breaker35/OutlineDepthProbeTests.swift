import Foundation
@testable import Ripple
import Testing

/// Issue 35's breaker: depth as an outliner and a planner reach it: pages nested 1,000 deep, a
/// flat list of tasks each waiting for another (a chain of references, every task one level
/// under the notebook), and a deep chain another replica sends with its limits raised.
@MainActor
@Suite struct OutlineDepthProbeTests {
    typealias O = OutlineReplicas

    /// `count` tasks held flat by the notebook, each depending on the one after it (a plan
    /// listed newest first) or before it.
    static func plan(_ count: Int, newestFirst: Bool) -> [Chore] {
        let tasks = (0..<count).map { Chore("step \($0)") }
        for index in tasks.indices {
            let other = newestFirst ? index + 1 : index - 1
            if tasks.indices.contains(other) { tasks[index].dependsOn = [tasks[other]] }
        }
        return tasks
    }

    /// A flat plan of 1,100 tasks, each waiting for the one before: every task is in the
    /// notebook's list, one level down, so the document does not nest 1,100 deep.
    ///
    /// Breaker35 finding (fixed): the update threw `tooLarge` ("nest deeper than 1000 levels"),
    /// in either order of the list, on a replica and on a plain mediator alike: the depth was
    /// that of the chain of references, not of where the tasks are.
    @Test(arguments: [false, true]) func aFlatPlanOfDependentTasksIsNotTooDeep(newestFirst: Bool) throws {
        let plain = Mediator(root: O.makeLibrary())
        try plain.update { $0.notebook!.tasks = Self.plan(1_100, newestFirst: newestFirst) }
        _ = try Mediator<Library>(opening: try plain.snapshot())
        let replicas = try O.replicas(2)
        try replicas[0].update { $0.notebook!.tasks = Self.plan(1_100, newestFirst: newestFirst) }
        try O.sync(replicas[0], into: replicas[1])
        #expect(replicas[1].root.notebook?.tasks.count == 1_100)
    }

    /// Three chains of 400 pages at the top of the outline; one replica files the second under
    /// the first's deepest page, another, concurrently, the third under the second's (each
    /// about 800 deep, within the default limits). Merged, the outline nests 1,200 deep: the
    /// replicas must still converge, and each must still save a snapshot that opens.
    @Test func concurrentMovesThatNestTooDeepTogetherStillConverge() throws {
        let library = O.makeLibrary(pages: 0)
        let chains = (0..<3).map { index in
            let chain = O.chain(400, notebook: library.notebook)
            chain.title = "chain \(index)"
            return chain
        }
        library.notebook!.pages = chains
        let replicas = try ReplicaGroup.replicas(2, of: library)
        let (a, b) = (replicas[0], replicas[1])
        func file(_ mediator: Mediator<Library>, _ moved: Int, under target: Int) throws {
            try mediator.update { library in
                let book = library.notebook!
                let page = book.pages.first { $0.title == "chain \(moved)" }!
                let bottom = O.deepest(book.pages.first { $0.title == "chain \(target)" }!)
                book.pages.removeAll { $0 === page }
                page.parent = bottom
                bottom.children.append(page)
            }
        }
        try file(a, 1, under: 0)
        try file(b, 2, under: 1)
        var problems: [String] = []
        for (from, to) in [(a, b), (b, a), (a, b)] {
            do { try O.sync(from, into: to) } catch { problems.append("merge: \(error)") }
        }
        if try O.text(a) != O.text(b) { problems.append("the two differ") }
        for replica in [a, b] {
            do { _ = try Mediator<Library>(opening: try replica.snapshot()) } catch { problems.append("reopen: \(error)") }
        }
        #expect(problems.isEmpty, "\(problems)")
    }

    /// Another replica with raised limits sends a chain of 1,500 pages: a replica with the
    /// default limits refuses the merge with a clear error and changes nothing, or merges it
    /// and can still save and open itself.
    @Test func aChainDeeperThanTheLimitsFromAnotherReplicaIsRefusedWhole() throws {
        let replicas = try O.replicas(2)
        let (sender, receiver) = (replicas[0], replicas[1])
        sender.documentLimits = DocumentLimits(maximumDepth: 3_000)
        let version = sender.version
        try sender.update { library in
            library.notebook!.pages[0].children.append(O.chain(1_500, notebook: library.notebook))
            library.notebook!.title = "deep"
        }
        let changes = try sender.changes(since: version)
        let before = try receiver.snapshot()
        do {
            try receiver.merge(changes)
            let saved = try receiver.snapshot()
            _ = try Mediator<Library>(opening: saved)
        } catch let error as DocumentError {
            #expect(try receiver.snapshot() == before, "refused (\(error)) but changed")
            #expect("\(error)".count < 600)
        }
    }

    /// Pages nested 1,000 deep under the notebook (a user's outline): with the limit raised as
    /// documented, two replicas edit the deepest page and move the chain, and converge.
    @Test func pagesNested1000DeepConvergeWithRaisedLimits() throws {
        let limits = DocumentLimits(maximumDepth: 1_100)
        let first = Mediator(root: O.makeLibrary())
        first.documentLimits = limits
        _ = first.replicaID
        try first.update { $0.notebook!.pages[0].children.append(O.chain(1_000, notebook: $0.notebook)) }
        let second = try Mediator<Library>(opening: try first.snapshot(), limits: limits)
        try first.update { library in O.deepest(library.notebook!.pages[0].children[2]).title = "bottom" }
        try second.update { library in
            let book = library.notebook!
            let chain = book.pages[0].children.removeLast()
            chain.parent = book.pages[1]
            book.pages[1].children.append(chain)
        }
        try O.syncAll([first, second])
        #expect(try O.text(first) == O.text(second))
        #expect(O.deepest(second.root.notebook!.pages[1].children.last!).title == "bottom")
    }
}
