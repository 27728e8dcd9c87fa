import Foundation
@testable import Ripple
import Testing

/// Issue 34's breaker: a replica's document store merging a large change set (a new scene of
/// 100 shots, moves and dictionary and set edits) with the Nth file call failing, or writing
/// half its bytes, for every N; and an `.onSave` store saving after merges the same way. Each
/// merge either works or throws, whole; the store goes on, and reopened it is the same
/// replica with every acknowledged change, converging with its peer.
@MainActor
@Suite struct StoryboardFaultProbeTests {
    typealias S = StoryboardReplicas

    /// The peer's large edit: a scene of 100 shots, a move, a slug, a favourite.
    private func bigEdit(_ peer: Mediator<Library>) throws {
        try peer.update { library in
            let board = library.storyboard!
            let scene = Scene("big", number: 9)
            scene.board = board
            scene.shots = (0..<100).map { Shot("big \($0)", seconds: Double($0)) }
            for shot in scene.shots { shot.scene = scene }
            board.scenes.append(scene)
            board.scenesBySlug["big"] = scene
            board.favourites.insert(scene.shots[7])
            let moved = board.scenes[0].shots.removeLast()
            scene.shots.insert(moved, at: 0)
            moved.scene = scene
            let act = board.act!.children.removeLast()
            board.act!.children[0].children.append(act)
            act.parent = board.act!.children[0]
        }
    }

    @Test(arguments: [FaultyFileCalls.Fault.natural, .shortWrite])
    func everyFailingCallOfALargeMergeIntoAStoreLosesNothing(fault: FaultyFileCalls.Fault) throws {
        var reached = 0
        for call in 1...200 {
            let space = try S.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: space) }
            let url = space.appendingPathComponent("film.ripple")
            let peer = Mediator(root: S.makeLibrary())
            _ = peer.replicaID
            try peer.snapshot().write(to: url)
            let files = FaultyFileCalls()
            files.fault = fault
            var store: DocumentStore<Library>? = try DocumentStore<Library>(url: url, durability: .immediate, files: files)
            try store!.mediator.update { $0.storyboard!.scenes[1].shots.append(Shot("mine")) }
            let replica = store!.mediator.replicaID
            try bigEdit(peer)
            let before = try S.text(store!.mediator)
            let version = store!.mediator.version
            files.failingCall = files.calls + call
            var threw = false
            do { try store!.mediator.merge(try peer.changes(since: store!.mediator.version)) } catch { threw = true }
            let failed = files.failure
            if threw {
                #expect(try S.text(store!.mediator) == before, "call \(call): a merge that threw changed nothing: \(failed ?? "")")
                #expect(store!.mediator.version == version, "call \(call): \(failed ?? "")")
            }
            var acknowledged = try S.text(store!.mediator)
            if (try? store!.mediator.update({ $0.storyboard!.title = "after" })) != nil { acknowledged = try S.text(store!.mediator) }
            if (try? store!.mediator.merge(try peer.changes(since: store!.mediator.version))) != nil {
                acknowledged = try S.text(store!.mediator)
            }
            store = nil
            let reopened = try DocumentStore<Library>(url: url)
            #expect(reopened.mediator.replicaID == replica, "call \(call): \(failed ?? "no fault")")
            #expect(try S.text(reopened.mediator) == acknowledged, "call \(call): \(failed ?? "no fault")")
            try reopened.mediator.merge(try peer.changes(since: reopened.mediator.version))
            try peer.merge(try reopened.mediator.changes(since: peer.version))
            #expect(try S.text(peer) == S.text(reopened.mediator), "call \(call): \(failed ?? "no fault")")
            #expect(StoryboardConvergenceFuzzing.problems(peer).isEmpty, "call \(call)")
            guard failed != nil else { break }
            reached += 1
        }
        #expect(reached > 3, "the merge makes calls to fail (\(reached))")
    }

    /// An `.onSave` replica store merges, then saves with the Nth call failing: the save throws
    /// or works, whole; `changes(since:)` first makes the journal durable (EditingTogether.md),
    /// so what it served is there after reopening, and the two converge.
    @Test func everyFailingCallOfASaveAfterMergesLosesNothingServed() throws {
        var reached = 0
        for call in 1...200 {
            let space = try S.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: space) }
            let url = space.appendingPathComponent("film.ripple")
            let peer = Mediator(root: S.makeLibrary())
            _ = peer.replicaID
            try peer.snapshot().write(to: url)
            let files = FaultyFileCalls()
            var store: DocumentStore<Library>? = try DocumentStore<Library>(url: url, durability: .onSave, files: files)
            try bigEdit(peer)
            try store!.mediator.merge(try peer.changes(since: store!.mediator.version))
            try store!.mediator.update { $0.storyboard!.scenes[2].shots[0].light = .night }
            files.failingCall = files.calls + call
            var served: ChangeSet?
            do { served = try store!.mediator.changes(since: peer.version) } catch {}
            do { try store!.save() } catch {}
            let failed = files.failure
            if let served { try peer.merge(served) }
            store = nil
            let reopened = try DocumentStore<Library>(url: url)
            try reopened.mediator.merge(try peer.changes(since: reopened.mediator.version))
            try peer.merge(try reopened.mediator.changes(since: peer.version))
            if served != nil {
                #expect(S.board(reopened.mediator).scenes[2].shots[0].light == .night, "call \(call): \(failed ?? "no fault")")
            }
            #expect(try S.text(peer) == S.text(reopened.mediator), "call \(call): \(failed ?? "no fault")")
            guard failed != nil else { break }
            reached += 1
        }
        #expect(reached > 3, "serving and saving make calls to fail (\(reached))")
    }
}
