import Foundation
@testable import Ripple
import Testing

/// Issue 36's breaker: a drawing's shared-folder `sync()` and a replica store's `compact()`
/// with the Nth file call failing (or writing half its bytes), for every N: each throws or
/// works, whole; reopened, the store holds every update that returned, and it converges.
@MainActor
@Suite struct DrawingFaultProbeTests {
    typealias D = DrawingReplicas

    /// The Mac's large edit: a new group of 40 figures, a figure moved between groups and out
    /// of the selection, a symbol renamed, a paint changed.
    private func bigEdit(_ mac: Mediator<Library>) throws {
        try mac.update { library in
            let drawing = library.drawing!
            let top = drawing.artboards[0].layers[1].groups[0]
            let group = ShapeGroup("new")
            group.parent = top
            group.figures = (0..<40).map { index in
                let figure = Figure("n\(index)", z: index)
                figure.group = group
                figure.paint = drawing.paints[1]
                return figure
            }
            top.groups.append(group)
            let board = drawing.artboards[0]
            let moved = board.layers[0].groups[0].groups[0].figures.removeFirst()
            board.selection.remove(moved)
            group.figures.insert(moved, at: 0)
            moved.group = group
            drawing.symbols["renamed"] = drawing.symbols.removeValue(forKey: "f3")
            drawing.paints[0].hue = 33
        }
    }

    @Test(arguments: [FaultyFileCalls.Fault.natural, .shortWrite])
    func everyFailingCallOfASharedFolderSyncLosesNothing(fault: FaultyFileCalls.Fault) throws {
        var reached = 0
        var problems: [String] = []
        for call in 1...200 {
            let space = try D.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: space) }
            let folder = space.appendingPathComponent("Poster")
            let mac = try SharedFolderStore<Library>(folder: folder, identity: space.appendingPathComponent("mac.replica"))
            try mac.mediator.update { $0.drawing = D.makeDrawing(library: $0) }
            let files = FaultyFileCalls()
            files.fault = fault
            var iPad: SharedFolderStore<Library>? = try SharedFolderStore<Library>(
                folder: folder, identity: space.appendingPathComponent("iPad.replica"), files: files)
            try iPad!.mediator.update { $0.drawing!.artboards[1].title = "iPad's" }
            try bigEdit(mac.mediator)
            let before = try D.text(iPad!.mediator)
            files.failingCall = files.calls + call
            var threw = false
            do { try iPad!.sync() } catch { threw = true }
            let failed = files.failure ?? "no fault"
            if threw, try D.text(iPad!.mediator) != before {
                let drawing = D.drawing(iPad!.mediator)
                let whole = drawing.symbols["renamed"] != nil && drawing.paints[0].hue == 33
                    && drawing.artboards[0].layers[1].groups[0].groups.contains { $0.name == "new" && $0.figures.count == 41 }
                problems.append("call \(call): a sync that threw changed the document (\(whole ? "whole" : "part of it")): \(failed)")
            }
            let merged = D.drawing(iPad!.mediator).symbols["renamed"] != nil
            var acknowledged = try D.text(iPad!.mediator)
            var edited = false
            if (try? iPad!.mediator.update({ $0.drawing!.name = "after" })) != nil {
                acknowledged = try D.text(iPad!.mediator)
                edited = true
            }
            iPad = nil
            let reopened = try SharedFolderStore<Library>(folder: folder, identity: space.appendingPathComponent("iPad.replica"))
            let drawing = D.drawing(reopened.mediator)
            if drawing.artboards[1].title != "iPad's" { problems.append("call \(call): the iPad's first edit is lost: \(failed)") }
            if edited && drawing.name != "after" { problems.append("call \(call): the iPad's edit after the sync is lost: \(failed)") }
            // A sync that could not read the Mac's file (and said so in the log) merged nothing;
            // reopening reads it then, so only a sync that merged must reopen as it was.
            if !threw, merged, try D.text(reopened.mediator) != acknowledged {
                problems.append("call \(call): reopened, not what the iPad held: \(failed)")
            }
            try reopened.sync()
            try mac.sync()
            try reopened.sync()
            if try D.text(mac.mediator) != D.text(reopened.mediator) { problems.append("call \(call): differ after syncing: \(failed)") }
            problems += D.problems(reopened.mediator).map { "call \(call): \($0)" }
            guard files.failure != nil else { break }
            reached += 1
        }
        #expect(problems.isEmpty, "\(problems.prefix(6))")
        #expect(reached > 3, "the sync makes calls to fail (\(reached))")
    }

    @Test(arguments: [FaultyFileCalls.Fault.natural, .shortWrite])
    func everyFailingCallOfAReplicaStoresCompactionLosesNothing(fault: FaultyFileCalls.Fault) async throws {
        var reached = 0
        var problems: [String] = []
        for call in 1...200 {
            let space = try D.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: space) }
            let url = space.appendingPathComponent("poster.ripple")
            let peer = Mediator(root: D.makeLibrary())
            _ = peer.replicaID
            try peer.snapshot().write(to: url)
            let files = FaultyFileCalls()
            files.fault = fault
            var store: DocumentStore<Library>? = try DocumentStore<Library>(
                url: url, durability: .immediate, compaction: .manual, files: files)
            try store!.mediator.update { $0.drawing!.artboards[0].title = "mine" }
            try bigEdit(peer)
            try store!.mediator.merge(try peer.changes(since: store!.mediator.version))
            try store!.mediator.update { library in
                let group = library.drawing!.artboards[1].layers[0].groups[0]
                group.groups.swapAt(0, 1)
                group.mask = group
            }
            let replica = store!.mediator.replicaID
            let before = try D.text(store!.mediator)
            files.failingCall = files.calls + call
            do { try await store!.compact() } catch {}
            let failed = files.failure ?? "no fault"
            if try D.text(store!.mediator) != before { problems.append("call \(call): compacting changed the document: \(failed)") }
            var acknowledged = before
            if (try? store!.mediator.update({ $0.drawing!.name = "after" })) != nil { acknowledged = try D.text(store!.mediator) }
            store = nil
            let reopened = try DocumentStore<Library>(url: url)
            if reopened.mediator.replicaID != replica { problems.append("call \(call): reopened as another replica: \(failed)") }
            if try D.text(reopened.mediator) != acknowledged { problems.append("call \(call): reopened, not what it acknowledged: \(failed)") }
            try peer.merge(try reopened.mediator.changes(since: peer.version))
            try reopened.mediator.merge(try peer.changes(since: reopened.mediator.version))
            if try D.text(peer) != D.text(reopened.mediator) { problems.append("call \(call): differ after syncing: \(failed)") }
            guard files.failure != nil else { break }
            reached += 1
        }
        #expect(problems.isEmpty, "\(problems.prefix(6))")
        #expect(reached > 3, "compacting makes calls to fail (\(reached))")
    }
}
