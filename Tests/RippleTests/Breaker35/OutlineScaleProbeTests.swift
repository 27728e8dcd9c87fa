import Foundation
@testable import Ripple
import Testing

/// Issue 35's breaker: what one edit and what an app does between edits cost on a notebook
/// replica of 1,000 pages and of 100,000 (top pages of 100 children, all filed by key, and a
/// chain of 1,000 nested pages, the replicas' depth limit raised to 1,200): merging one change,
/// `changes(since:)` of one change, one write 1,000 deep and its merge, one edit and its undo, a
/// page moved and its undo, a shared folder's sync with nothing new, and, per page, snapshot and
/// open. Debug build, the best of a few runs; `BREAKER35_LARGE` turns it on and sets the larger
/// size. A ratio above 2 for a flat cost is a finding.
@MainActor
@Suite(.serialized) struct OutlineScaleProbeTests {
    typealias O = OutlineReplicas

    static let limits = DocumentLimits(maximumDepth: 1_200)

    static func notebook(pages: Int, library: Library) -> Notebook {
        let book = O.makeNotebook(pages: 0, library: library)
        for index in 0..<max(pages / 100, 1) {
            let top = Page("t\(index)")
            top.notebook = book
            top.children = (0..<99).map { number in
                let page = Page("t\(index).\(number)", words: number)
                page.parent = top
                page.notebook = book
                return page
            }
            book.pages.append(top)
            book.pagesByKey[top.title] = top
        }
        book.pages.append(O.chain(1_000, notebook: book))
        return book
    }

    static func time(runs: Int = 3, _ body: () throws -> Void) rethrows -> Double {
        try bestMicroseconds(runs: runs, body)
    }

    static func costs(pages: Int) throws -> [String: Double] {
        var costs: [String: Double] = [:]
        let space = try O.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: space) }
        let folder = space.appendingPathComponent("Notes")
        let previous = DocumentLimits.default
        DocumentLimits.default = limits
        defer { DocumentLimits.default = previous }
        let mac = try SharedFolderStore<Library>(folder: folder, identity: space.appendingPathComponent("mac.replica"))
        try mac.mediator.update { $0.notebook = notebook(pages: pages, library: $0) }
        let iPad = try SharedFolderStore<Library>(folder: folder, identity: space.appendingPathComponent("iPad.replica"))
        costs["shared folder: sync, nothing new"] = try time { try iPad.sync() }

        let a = mac.mediator
        let b = try Mediator<Library>(opening: try a.snapshot(), limits: limits)
        _ = b.replicaID
        let deepest = O.deepest(a.root.notebook!.pages.last!)
        var step = 0
        costs["update: one write"] = try time {
            step += 1
            try a.update(undoName: "words") { $0.notebook!.pages[0].children[5].words = step }
        }
        try b.merge(try a.changes(since: b.version))
        var version = a.version
        try a.update { $0.notebook!.pages[0].children[6].zoom = 2 }
        costs["changes(since:) of one change"] = try time { _ = try a.changes(since: version) }
        var one = try a.changes(since: version)
        costs["merge: one write"] = try time(runs: 1) { try b.merge(one) }
        version = a.version
        costs["update: one write 1,000 deep"] = try time(runs: 1) { try a.update(undoName: "deep") { _ in deepest.words = 1 } }
        one = try a.changes(since: version)
        costs["merge: one write 1,000 deep"] = try time(runs: 1) { try b.merge(one) }
        costs["undo: one write 1,000 deep"] = try time(runs: 1) { try a.history.undo() }
        costs["undo: one write"] = try time(runs: 1) { try a.history.undo() }
        costs["update: a page moved"] = try time(runs: 1) {
            try a.update(undoName: "move") { library in
                let book = library.notebook!
                let page = book.pages[0].children.removeLast()
                page.parent = book.pages[1]
                book.pages[1].children.insert(page, at: 3)
            }
        }
        costs["undo: a page moved"] = try time(runs: 1) { try a.history.undo() }
        let snapshot = try a.snapshot()
        costs["snapshot (per page)"] = try time(runs: 1) { _ = try a.snapshot() } / Double(pages)
        costs["open a snapshot (per page)"] = try time(runs: 1) { _ = try Mediator<Library>(opening: snapshot, limits: limits) } / Double(pages)
        return costs
    }

    nonisolated static let large = Int(ProcessInfo.processInfo.environment["BREAKER35_LARGE"] ?? "")

    @Test(.enabled(if: large != nil)) func oneEditCostsTheSameAt1000AndMorePages() throws {
        let large = Self.large ?? 100_000
        let small = try Self.costs(pages: 1_000)
        let big = try Self.costs(pages: large)
        for key in small.keys.sorted() {
            let ratio = big[key]! / max(small[key]!, 1)
            print(String(format: "breaker35 scale: %@: %.0f us at 1000, %.0f us at %d, ratio %.2f", key, small[key]!, big[key]!, large, ratio))
        }
    }
}
